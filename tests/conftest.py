"""Shared fixtures: the model folder set the tests run on, and small document builders (PDF by hand)."""
from __future__ import annotations

import os
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
SHIPPED_MODELS = ROOT / "exported_models"


def pytest_configure(config):
    config.addinivalue_line("markers", "ray: starts a local Ray (about a minute); deselect with -m 'not ray'")


@pytest.fixture(scope="session")
def models_dir() -> Path:
    """The shipped model set (or $GROUNDING_MODELS_DIR); a missing model is a failure, not a skip."""
    folder = Path(os.environ.get("GROUNDING_MODELS_DIR") or SHIPPED_MODELS)
    missing = [role for role in ("embedder", "entailment") if not (folder / role / "model.onnx").is_file()]
    assert not missing, f"{folder} lacks {', '.join(missing)}/model.onnx: re-create with `python -m export` (README)"
    return folder


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


def pytest_terminal_summary(terminalreporter):
    """The hostile corpus's summary line (tests/test_hostile.py), when it ran."""
    hostile = sys.modules.get("test_hostile")
    if hostile is not None and sum(hostile.COUNTS[k] for k in ("library", "api", "cli")):
        c = hostile.COUNTS
        total = c["library"] + c["api"] + c["cli"]
        terminalreporter.write_line(
            f"hostile corpus: {total:,} inputs (library {c['library']:,}, API {c['api']:,}, CLI {c['cli']:,}): "
            f"{c['crashes']} crashes, {c['silent passes']} silent passes")


@pytest.fixture
def ruled_contradiction(models_dir):
    """A check for a verdict rule that contradicts a claim the entailment model read as support (the reversal and the
    binding rules): `check(engine, claim, document, column, found, rule, says, setting)` grounds the claim alone against
    the document, asserts it Contradicted with its anchor at `column`, `found` as its conflict, the rule text starting
    with `rule`, the explanation saying `says: found`, the anchor's cell red with the note "<name>: found", and that,
    re-derived with `setting` off, the rule no longer decides and no cell stays ruled."""
    from grounding import GroundingConfig, ground
    from grounding.explain import explain
    from grounding.pipeline import rederive
    from grounding.stages.verdict import RULE_NAMES

    def check(engine, claim, document, column, found, rule, says, setting):
        res = ground(claim, [document], GroundingConfig(models_dir=str(models_dir), engine=engine).validate())
        (v,) = res.verdicts
        assert v.label == "Contradicted" and v.anchor == column, v.rule
        assert v.anchor_conflict == found and v.rule.startswith(f"{rule}: ")
        text = explain(res, v, res.claims[v.claim])
        assert text.startswith(f"Contradicted by “{res.context_sentences[column].text}” (Document 1, sentence "
                               f"{column + 1}): {says}: {found}.")
        name = dict(RULE_NAMES)[rule]
        assert res.sentence_map.labels[0][column] == -1
        assert res.sentence_map.ruled_notes().get((0, column), f"{name}: {found}") == f"{name}: {found}"
        off = rederive(res, GroundingConfig(models_dir=str(models_dir), engine=engine,
                                            overrides={setting: None}).validate())
        assert not off.verdicts[0].rule.startswith(rule) and off.sentence_map.ruled == []
    return check


def contradicted_and_backed(engine: str, text: str, context: str, anchor: int, backed_anchor: int | None = None):
    """An everyday answer checked as a user would: `text` holds two sentences, one the context says otherwise and one
    it backs, grounded together against `context` on `engine` with the shipped models. Asserts the first
    Contradicted and the second Supported, anchored on `anchor` (the second on `backed_anchor` where given); returns
    both verdicts for the test's own checks."""
    from grounding import GroundingConfig, ground
    config = GroundingConfig(engine=engine, models_dir=str(ROOT / "exported_models")).validate()
    wrong, right = ground(text, [context], config).verdicts
    assert wrong.label == "Contradicted" and wrong.anchor == anchor, wrong.rule
    assert right.label == "Supported" and right.anchor == (anchor if backed_anchor is None else backed_anchor), \
        right.rule
    return wrong, right


def all_supported(engine: str, text: str, context: str) -> list:
    """An everyday answer the context backs in full, checked as a user would: `text` grounded against `context` on
    `engine` with the shipped models; asserts every verdict Supported (the claims engine may split a sentence) and
    returns them."""
    from grounding import GroundingConfig, ground
    config = GroundingConfig(engine=engine, models_dir=str(ROOT / "exported_models")).validate()
    verdicts = ground(text, [context], config).verdicts
    assert [v.label for v in verdicts] == ["Supported"] * len(verdicts), [v.rule for v in verdicts]
    return verdicts
