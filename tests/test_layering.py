"""The package layering (pyproject.toml, [tool.importlinter]) and the layout rules of the design card."""
from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def test_import_contracts_hold():
    """grounding imports none of evaluation / training / export / gradio / torch; export does not import training;
    the packages form layers (training > evaluation > export > grounding), so no cycles between them."""
    proc = subprocess.run([sys.executable, "-c", "import sys; from importlinter.cli import lint_imports; "
                           "sys.exit(lint_imports(no_cache=True))"], cwd=ROOT, capture_output=True, text=True,
                          timeout=300)
    assert proc.returncode == 0, proc.stdout[-4000:] + proc.stderr[-2000:]
    assert "3 kept, 0 broken" in proc.stdout


def test_no_sys_path_edits():
    """The packages are installed (pip install -e .), so nothing edits sys.path or PYTHONPATH to find them."""
    edits = re.compile(r"sys\.path\.(insert|append)|PYTHONPATH")
    offenders = [str(p.relative_to(ROOT)) for p in ROOT.rglob("*.py")
                 if not any(part.startswith(".") for part in p.relative_to(ROOT).parts)
                 and p.name != "test_layering.py" and edits.search(p.read_text(encoding="utf-8"))]
    assert not offenders, offenders


def test_thin_app_and_small_library_files():
    """app.py lays out the page and wires events (the logic sits in grounding.session, unit-tested); no module of
    the runtime library grows past ~400 lines."""
    assert len((ROOT / "app.py").read_text(encoding="utf-8").splitlines()) <= 250
    big = {str(p.relative_to(ROOT)): n for p in (ROOT / "grounding").rglob("*.py")
           if (n := len(p.read_text(encoding="utf-8").splitlines())) > 400}
    assert not big, big


def test_app_imports_no_model_class():
    """The app reaches models only through the library's functions (the engines load them)."""
    source = (ROOT / "app.py").read_text(encoding="utf-8")
    assert not re.search(r"grounding\.(runtime|scorer|models)|Embedder|Entailment|ContextScorer", source)
