# Two entry points (see README): `make demo` runs the app offline on the shipped models (installs requirements.txt
# into .venv; needs python3 with venv), `make test` installs the test set (requirements-dev.txt into .venv-dev,
# torch's CPU build first) plus Debian's chromium, and runs the whole suite.
PYTHON ?= python3
RUN_ENV = GRADIO_ANALYTICS_ENABLED=False HF_HUB_OFFLINE=1 TRANSFORMERS_OFFLINE=1

.PHONY: demo test venv venv-dev chromium hostile

.venv/.installed: requirements.txt pyproject.toml
	$(PYTHON) -m venv .venv
	.venv/bin/pip install -q --upgrade pip
	.venv/bin/pip install -q -r requirements.txt
	.venv/bin/pip install -q --no-deps -e .
	touch $@

# The pinned sets first (torch's CPU build before anything can pull another), then the packages themselves,
# editable and without dependencies, so `import grounding` works from anywhere without sys.path edits.
.venv-dev/.installed: requirements.txt requirements-ray.txt requirements-dev.txt pyproject.toml
	$(PYTHON) -m venv .venv-dev
	.venv-dev/bin/pip install -q --upgrade pip
	.venv-dev/bin/pip install -q torch==2.13.0
	.venv-dev/bin/pip install -q -r requirements-dev.txt
	.venv-dev/bin/pip install -q --no-deps -e .
	touch $@

venv: .venv/.installed
venv-dev: .venv-dev/.installed

# Debian's chromium for the browser tests (Playwright never downloads a browser here); installing it needs root
# (apt-get). Skipped when `chromium` or `chromium-browser` is already on the PATH (the tests look for either).
chromium:
	@command -v chromium >/dev/null 2>&1 || command -v chromium-browser >/dev/null 2>&1 || { \
	  apt-get update -q && DEBIAN_FRONTEND=noninteractive apt-get install -y -q --no-install-recommends chromium fonts-dejavu-core; }

demo: .venv/.installed
	$(RUN_ENV) .venv/bin/python app.py

test: .venv-dev/.installed chromium
	$(RUN_ENV) .venv-dev/bin/python -m pytest -q tests

# The full hostile corpus (1,000+ inputs through the library, the API and the CLI; ~20 min on 2 cores); the default
# suite runs the hand-made cases and 120 generated ones. Prints "hostile corpus: N inputs ...: 0 crashes, 0 silent passes".
hostile: .venv-dev/.installed
	$(RUN_ENV) HOSTILE_EXAMPLES=1000 .venv-dev/bin/python -m pytest -q tests/test_hostile.py
