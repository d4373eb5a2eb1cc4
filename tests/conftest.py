"""Shared fixtures: the model folder set the tests run on, and small document builders (PDF by hand)."""
from __future__ import annotations

import os
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
SHIPPED_MODELS = ROOT / "exported_models"
SMOKE_MODELS = Path("/tmp/models_smoke")   # a smoke-trained placeholder set, used until the shipped one is complete

if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))


def _complete(folder: Path) -> bool:
    return all((folder / role / "model.onnx").is_file() for role in ("embedder", "entailment"))


def find_models_dir() -> Path | None:
    """$GROUNDING_MODELS_DIR if set, else exported_models/ when it has both roles, else the smoke set."""
    if os.environ.get("GROUNDING_MODELS_DIR"):
        return Path(os.environ["GROUNDING_MODELS_DIR"])
    for folder in (SHIPPED_MODELS, SMOKE_MODELS):
        if _complete(folder):
            return folder
    return None


@pytest.fixture(scope="session")
def models_dir() -> Path:
    folder = find_models_dir()
    if folder is None or not _complete(folder):
        pytest.skip(f"no complete model set: {SHIPPED_MODELS} lacks entailment/model.onnx and {SMOKE_MODELS} is missing")
    return folder


@pytest.fixture(scope="session")
def shipped_models(models_dir: Path) -> bool:
    """Whether the tests run on the shipped models (quality assertions hold) rather than the placeholder set."""
    return models_dir.resolve() == SHIPPED_MODELS.resolve()


def pdf_bytes(lines: list[str]) -> bytes:
    """A minimal valid one-page PDF whose text layer holds `lines` (Helvetica, one Tj per line)."""
    def esc(text: str) -> str:
        return text.replace("\\", "\\\\").replace("(", "\\(").replace(")", "\\)")

    ops = ["BT", "/F1 11 Tf", "72 740 Td", "14 TL"] + [f"({esc(line)}) Tj T*" for line in lines] + ["ET"] if lines else []
    stream = "\n".join(ops).encode("latin-1")
    objects = [
        b"<< /Type /Catalog /Pages 2 0 R >>",
        b"<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
        b"<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R "
        b"/Resources << /Font << /F1 5 0 R >> >> >>",
        b"<< /Length %d >>\nstream\n" % len(stream) + stream + b"\nendstream",
        b"<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>",
    ]
    out = bytearray(b"%PDF-1.4\n%\xe2\xe3\xcf\xd3\n")
    offsets = []
    for k, body in enumerate(objects, 1):
        offsets.append(len(out))
        out += b"%d 0 obj\n" % k + body + b"\nendobj\n"
    xref = len(out)
    out += b"xref\n0 %d\n0000000000 65535 f \n" % (len(objects) + 1)
    out += b"".join(b"%010d 00000 n \n" % o for o in offsets)
    out += b"trailer\n<< /Size %d /Root 1 0 R >>\nstartxref\n%d\n%%%%EOF\n" % (len(objects) + 1, xref)
    return bytes(out)


def pdf_without_text() -> bytes:
    """A valid PDF page with an empty content stream (what a scan without OCR looks like to pypdf)."""
    return pdf_bytes([])


@pytest.fixture
def make_pdf():
    return pdf_bytes
