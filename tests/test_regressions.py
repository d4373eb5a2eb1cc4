"""The five bugs of issue #14, each reproduced: these tests failed before the fix."""
from __future__ import annotations

import dataclasses
import json

from grounding import GroundingConfig, ground, rederive
from grounding.config import PRESETS, VerdictPreset
from grounding.ingest import context_items, read_upload
from grounding.io import parse_records
from grounding.segment import parse_context
from grounding.types import CONTRADICTED
from grounding.verdict import band


def test_rederive_keeps_the_runs_tau(models_dir):
    """(1) τ moved without a new run, then a verdict weight changed: the re-derived verdicts must still speak of
    the τ the scores were made with (0.50), not the moved slider's (0.80)."""
    res = ground("The library opens at nine.", "Penguins live in Antarctica.",
                 GroundingConfig(engine="claims", models_dir=str(models_dir)))
    assert "tau = 0.50" in res.verdicts[0].rule
    moved = GroundingConfig(models_dir=str(models_dir), tau=0.8, engine="context", overrides={"supported": 0.8})
    again = rederive(res, moved)
    assert "0.80" not in again.verdicts[0].rule and "tau = 0.50" in again.verdicts[0].rule
    assert again.config.tau == 0.5 and again.config.engine == "claims"
    assert again.config.overrides == {"supported": 0.8}


def test_windows_line_endings_separate_documents_everywhere():
    """(2) A context with Windows line endings is two documents through the library, the API and the app alike."""
    text = "The trial enrolled 40 adults.\r\n---\r\nThe drug was well tolerated."
    assert len(parse_context(text)) == 2
    assert len(context_items(text, [])) == 2


def test_pretty_printed_single_object_json(tmp_path):
    """(3) A pretty-printed single-object .json upload is one record, not 'invalid JSON'."""
    record = {"id": "q1", "response": "The drug lowers blood pressure.", "context": ["It lowered blood pressure."]}
    text = json.dumps(record, indent=2)
    assert [r.id for r in parse_records(text, "in.json")] == ["q1"]
    path = tmp_path / "record.json"
    path.write_text(text, encoding="utf-8")
    upload = read_upload(str(path))
    assert upload.response == record["response"] and len(upload.documents) == 1


def test_max_context_chars_is_honoured(models_dir):
    """(4) Text beyond max_context_chars is never read: not split, judged or mapped, and said in the coverage."""
    context = "The trial enrolled 40 adults.\n---\nThe drug lowered blood pressure.\n---\nNo serious events occurred."
    cfg = GroundingConfig(models_dir=str(models_dir), max_context_chars=40, pfcr=False)
    res = ground("The drug lowered blood pressure.", context, cfg)
    # 29 characters of d1, then 11 of the second document ("The drug lo": a partial sentence, dropped), none of the third
    assert [d.id for d in res.documents] == ["d1"] and len(res.context_sentences) == 1
    assert [(u["part"], u["chars"], u["read"]) for u in res.coverage.unread] == [
        ("d2", 32, 11), ("document 3 of those given", 27, 0)]
    assert any("characters were not read" in m and "document 3 of those given" in m for m in res.coverage.messages)
    assert all(p.column == 0 for p in res.pairs) and len(res.sentence_map.columns) == 1
    assert "Not read:" in res.verdicts[0].explanation


def test_unsupported_floor_is_documented_as_what_it_does():
    """(5) F below `unsupported_floor` is Contradicted (the public VeriGround code's lowest band, as the README
    says); the field's own description, which the app's settings show, says so too."""
    floor = {f.name: f for f in dataclasses.fields(VerdictPreset)}["unsupported_floor"]
    assert "Contradicted" in floor.metadata["help"] and "Unsupported" not in floor.metadata["help"]
    label, rule = band(PRESETS["code"], 0.05, 0.9, 0.1, 0.5)
    assert label == CONTRADICTED and "lowest band" in rule
