"""Which model files a fitted verdict model read: the sha256 of each model.onnx an engine runs (its roles' folders
in a model set), recorded when the learned verdicts' features are extracted (training/verdicts.py) and checked
before the learned model, or the sureness curves built on it, speak for a run (grounding.learned.load,
grounding.sureness).

The learned model decides from the ONNX models' probabilities and cosines; fitted on one entailment model and run
beside another (a model set exported from a user's own checkpoint, `GROUNDING_MODELS_DIR`), its verdicts and its
"How sure" figures would rest on numbers it never saw. A file's digest is computed once per process and file state
(path, size, modification time): about 0.1 s for the 111 MB entailment model.
"""
from __future__ import annotations

import functools
import hashlib
from pathlib import Path

REFIT = "python -m training.verdicts --engine {engine} --refresh"


@functools.lru_cache(maxsize=32)
def _digest(path: str, size: int, mtime_ns: int) -> str:
    with open(path, "rb") as f:
        return hashlib.file_digest(f, "sha256").hexdigest()


def file_digest(path: str | Path) -> str:
    """sha256 of a file ('' where it is missing)."""
    p = Path(path)
    try:
        st = p.stat()
    except OSError:
        return ""
    return _digest(str(p.resolve()), st.st_size, st.st_mtime_ns)


def fingerprints(models_dir: str, engine: str) -> dict[str, str]:
    """{role: sha256 of its model.onnx} for every model `engine` runs, from the set in `models_dir` ('' missing)."""
    from grounding.engines import ENGINES
    return {role: file_digest(Path(models_dir) / folder / "model.onnx")
            for role, folder in sorted(ENGINES[engine].models.items())}


def differences(recorded: dict | None, models_dir: str, engine: str) -> str:
    """'' where the set in `models_dir` holds the very models `recorded` names, else what differs, in words."""
    if not recorded:
        return "it does not record which models it was fitted on"
    now = fingerprints(models_dir, engine)
    missing = [role for role in now if not now[role]]
    if missing:
        return f"this model set has no {' or '.join(missing)} model"
    changed = [role for role in now if recorded.get(role) != now[role]]
    if len(changed) == 1:
        return f"the {changed[0]} model in this set differs from the one it was fitted on"
    if changed:
        return f"the {' and '.join(changed)} models in this set differ from those it was fitted on"
    return ""
