"""Hostile input, issue #16: bounded work per request, partly read claims, input checks that cannot be fooled
(invisible and bidi characters, emoji, other languages), and validation of every setting in the library, the API
and the CLI (a message naming the field, never a traceback). On the shipped models."""
from __future__ import annotations

import dataclasses
import json
import subprocess
import sys
import unicodedata
import zipfile

import pytest

from conftest import ROOT
from grounding import api
from grounding.config import GroundingConfig
from grounding.ingest import MAX_EXTRACTED_CHARS, read_upload
from grounding.invisible import HIDDEN_RANGES, hidden_characters, judged_text
from grounding.pipeline import ground
from grounding.stages.self_check import self_check
from grounding.stages.verdict import partly_read
from grounding.types import (CONTRADICTED, NOT_ASSESSED, PARTIAL, SUPPORTED, UNSUPPORTED, Claim, GroundingResult,
                             Sentence, Verdict)

DRUG = "Drug X lowered blood pressure in the trial. Liver enzyme levels did not rise."
BIG_SENTENCE = "The committee met on Tuesday and discussed the budget for 2024. "


@pytest.fixture(scope="module")
def cfg(models_dir):
    return GroundingConfig(models_dir=str(models_dir), pfcr=False)


def supported_or_partial(res: GroundingResult) -> list[str]:
    return [v.label for v in res.verdicts if v.label in (SUPPORTED, PARTIAL)]


# ---------------------------------------------------------------------------- bounded work

@pytest.mark.parametrize("engine", ["context", "claims"])
def test_a_5_mb_paste_reads_only_the_limit_and_says_so(cfg, engine):
    cfg = dataclasses.replace(cfg, engine=engine)
    context = BIG_SENTENCE * 80_000                     # 5.1 MB, 80,000 sentences
    res = ground("The committee met on Tuesday.", context, cfg)
    assert res.complete and res.coverage.assessed
    assert len(res.context_sentences) == cfg.max_context_sentences == len(res.sentence_map.columns)
    assert sum(len(d.text) for d in res.documents) <= cfg.max_context_chars
    unread = sum(u["chars"] - u["read"] for u in res.coverage.unread)
    assert unread > 4_900_000                                           # what was not read is counted
    assert any("were not read" in m for m in res.coverage.messages)
    assert "Not read:" in res.verdicts[0].explanation                     # on the verdict card too
    assert len(res.to_json()) < 2_000_000                                 # proportional to what was read, not 5 MB
    if engine != "claims":   # the scorer reads every sentence read; the pair cap is the claims engine's
        return
    # at most max_pairs_per_claim context sentences judged for the claim, and that cut is said
    assert len(res.pairs) <= cfg.max_pairs_per_claim
    assert any("max_pairs_per_claim" in m for m in res.coverage.messages)


def test_document_count_and_sentence_limits(cfg):
    docs = [f"Fact number {i} is true." for i in range(12)]
    res = ground("Fact number 3 is true.", docs, dataclasses.replace(cfg, max_documents=5))
    assert [d.id for d in res.documents] == ["d1", "d2", "d3", "d4", "d5"]
    assert [u["read"] for u in res.coverage.unread] == [0] * 7
    assert all("max_documents (5)" in u["reason"] for u in res.coverage.unread)
    res = ground("Fact number 3 is true.", " ".join(docs), dataclasses.replace(cfg, max_context_sentences=4))
    assert len(res.context_sentences) == 4 and res.documents[0].text.endswith("Fact number 3 is true.")
    assert res.coverage.unread[0]["reason"] == "beyond max_context_sentences (4)"


def test_the_time_budget_ends_a_request_with_what_it_did(cfg, models_dir):
    response = " ".join(f"The committee met on day {i} and approved item {i}." for i in range(30))
    for engine in ("claims", "context-fast"):
        res = ground(response, BIG_SENTENCE * 300, dataclasses.replace(cfg, engine=engine, time_budget=0.001))
        assert res.complete and res.coverage.budget_exhausted
        assert any("time budget (0.001 s) ran out" in m for m in res.coverage.messages), res.coverage.messages
        # nothing the budget cut is given a verdict other than Not assessed
        assert [v.label for v in res.verdicts].count(NOT_ASSESSED) >= 25
        assert not supported_or_partial(res)


def test_a_partly_read_claim_is_never_supported(cfg):
    """The issue's 735-word sentence: its false tail lies past the entailment model's 512 tokens."""
    facts = ", ".join(f"the library opened branch {i} in the city" for i in range(1, 70))
    response = f"The library opened at nine, {facts}, which cures every cancer in two days."
    context = "The library opened at nine. " + ". ".join(f"The library opened branch {i} in the city"
                                                         for i in range(1, 70)) + "."
    # a generous budget: this test is about the window, and a loaded machine must not leave the claim unassessed
    res = ground(response, context, dataclasses.replace(cfg, decompose=False, time_budget=300.0))
    [claim] = [c for c in res.claims if c.origin != "rejected"]
    assert claim.truncated
    [v] = res.verdicts
    assert v.label not in (SUPPORTED, PARTIAL), v
    assert "fit the model's window" in v.explanation


def test_partly_read_rule():
    for label in (SUPPORTED, PARTIAL):
        v = partly_read(Verdict(claim=0, label=label, rule="band"), truncated=True)
        assert v.label == UNSUPPORTED and v.rule.startswith(f"partly read: {label}")
    assert partly_read(Verdict(claim=0, label=CONTRADICTED), truncated=True).label == CONTRADICTED
    assert partly_read(Verdict(claim=0, label=SUPPORTED), truncated=False).label == SUPPORTED


def test_self_check_notes_stay_short_whatever_the_number_of_parts():
    """A 2,000-word sentence split in 14 claims used to carry every claim's text in every note (quadratic)."""
    class Rejects:   # an entailment model that entails nothing: every part fails the self-check
        def predict(self, premises, hypotheses, stop=None):
            import numpy as np
            return np.tile(np.array([[0.01, 0.98, 0.01]], dtype=np.float32), (len(premises), 1))
    text = " and ".join(f"word{i} " * 140 for i in range(14))
    sent = Sentence(text, 0, len(text), "response", 0)
    parts = [Claim(text=f"word{i} " * 140, sentence=0) for i in range(14)]
    rejected, kept = self_check(sent, 0, parts, GroundingConfig(), Rejects())
    assert len(rejected) == 14 and len(kept) == 1
    assert max(len(c.note) for c in rejected) < 200
    assert rejected[0].note.startswith("self-check failed for part(s) 1, 2, 3")


def test_a_docx_holding_millions_of_characters_is_read_up_to_the_cap(tmp_path):
    body = "".join(f"<w:p><w:r><w:t>{BIG_SENTENCE * 50}</w:t></w:r></w:p>" for _ in range(9000))  # 29 M characters
    xml = ('<?xml version="1.0"?><w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main">'
           f"<w:body>{body}</w:body></w:document>")
    path = tmp_path / "huge.docx"
    with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as z:
        z.writestr("[Content_Types].xml", "<Types/>")
        z.writestr("word/document.xml", xml)
    assert path.stat().st_size < 2_000_000
    upload = read_upload(str(path))
    text = upload.documents[0]["text"]
    assert MAX_EXTRACTED_CHARS <= len(text) < MAX_EXTRACTED_CHARS + 10_000
    assert upload.notes == [f"huge.docx: only its first {MAX_EXTRACTED_CHARS:,} characters were read (the file "
                            "holds more)."]


# ---------------------------------------------------------------------------- input checks

@pytest.mark.parametrize("response", ["\u200b\u200b\u200d\ufeff", "😀🎉🚀", "\u202e\u202c", "… — !!!"])
def test_nothing_visible_is_not_assessed(cfg, response):
    res = ground(response, DRUG, cfg)
    assert not res.coverage.assessed
    assert all(v.label == NOT_ASSESSED for v in res.verdicts)
    assert any("no words to check" in m or "empty" in m for m in res.coverage.messages), res.coverage.messages


def test_a_context_of_emoji_only_is_not_assessed(cfg):
    res = ground("Drug X lowers blood pressure.", "🎉🎉🎉 🚀", cfg)
    assert not res.coverage.assessed and not supported_or_partial(res)


def test_bidi_override_inside_a_number_is_not_read_and_is_named(cfg):
    clean = ground("The trial enrolled 40 adults.", "The trial enrolled 40 adults.", cfg)
    tricked = ground("The trial enrolled 40 adults.", "The trial enrolled 4\u202e0 adults.", cfg)
    assert [v.label for v in tricked.verdicts] == [v.label for v in clean.verdicts] == [SUPPORTED]
    assert any("U+202E RIGHT-TO-LEFT OVERRIDE at offset 20" in m and "document d1" in m
               for m in tricked.coverage.messages), tricked.coverage.messages
    s = tricked.context_sentences[0]                       # the offsets still slice back to what the user gave
    assert tricked.documents[0].text[s.start:s.end] == s.text and "\u202e" in s.text


def test_hidden_character_ranges_are_unicodes_format_and_control_characters():
    expected = {c for c in range(0x110000) if unicodedata.category(chr(c)) == "Cf"
                or (unicodedata.category(chr(c)) == "Cc" and chr(c) not in "\t\n\r\f")}
    found = {ord(ch) for ch in map(chr, range(0x110000)) if judged_text(ch) == ""}
    assert found == expected, HIDDEN_RANGES
    assert hidden_characters("a\u200bb") == [(1, "U+200B ZERO WIDTH SPACE")]


@pytest.mark.parametrize("context, lang", [("وقالت الشركة إن المبيعات ارتفعت بنسبة عشرين في المئة هذا العام.", "ar"),
                                           ("该公司表示，今年的销售额增长了百分之二十，利润也有所增加。", None)])
def test_a_context_in_another_language_is_not_assessed(cfg, context, lang):
    res = ground("The company said sales fell by twenty percent this year.", context, cfg)
    assert not res.coverage.assessed and not supported_or_partial(res)
    assert any("context appears not to be in English" in m for m in res.coverage.messages), res.coverage.messages


def test_a_foreign_document_among_english_ones_is_not_evidence(cfg):
    context = [DRUG, "وقالت الشركة إن المبيعات ارتفعت بنسبة عشرين في المئة هذا العام."]
    res = ground("Drug X lowers blood pressure.", context, cfg)
    assert res.coverage.assessed
    foreign = {s.column for s in res.documents[1].sentences}
    assert foreign <= set(res.coverage.not_evidence)
    assert all(p.column not in foreign for p in res.pairs)
    assert any("1 context document(s) appear not to be in English (d2 ('ar'" in m for m in res.coverage.messages)


def test_a_short_chinese_response_is_not_judged_by_english_models(cfg):
    res = ground("药物降低血压。", DRUG, cfg)
    assert not res.coverage.assessed and res.coverage.language_confidence == 1.0
    assert all(v.label == NOT_ASSESSED for v in res.verdicts)


# ---------------------------------------------------------------------------- validation

@pytest.mark.parametrize("settings, message", [
    (dict(tau=2), "tau must lie in [0, 1], got 2"),
    (dict(tau=float("nan")), "tau must be a number in [0, 1], got nan"),
    (dict(tau=None), "tau must be a number in [0, 1], got None"),
    (dict(tau=[0.5]), "tau must be a number in [0, 1], got [0.5]"),
    (dict(tau=True), "tau must be a number in [0, 1], got True"),
    (dict(engine="fast"), "engine must be one of 'claims', 'context', 'context-fast', got 'fast'"),
    (dict(pfcr="yes"), "pfcr must be true or false, got 'yes'"),
    (dict(max_context_chars=0), "max_context_chars must lie in [1, 100,000,000], got 0"),
    (dict(max_documents=2.5), "max_documents must be a whole number in [1, 100,000], got 2.5"),
    (dict(time_budget=-1), "time_budget must lie in [0, 86,400], got -1"),
    (dict(overrides={"w_cos": -100}), "w_cos must lie in [0, 1], got -100"),
    (dict(overrides={"supported": "abc"}), "supported must be a number in [0, 1], got 'abc'"),
    (dict(overrides={"nli_override": 5}), "nli_override must lie in [-1, 1], got 5"),
    (dict(overrides={"override_scope": "nearby"}), "override_scope must be one of 'any', 'anchor', got 'nearby'"),
    (dict(overrides="x"), "overrides must be a JSON object, got 'x'"),
])
def test_every_setting_is_type_and_range_checked(settings, message):
    with pytest.raises(ValueError) as err:
        GroundingConfig(**settings).validate()
    assert message in str(err.value)


def test_optional_verdict_thresholds_take_null():
    assert GroundingConfig(overrides={"nli_override": None}).verdict_preset().nli_override is None


@pytest.fixture(scope="module")
def drug_result(cfg):
    return api.ground_endpoint("Drug X lowers blood pressure.", DRUG)


@pytest.mark.parametrize("call, message", [
    (lambda r: api.rederive_endpoint(r, "paper", {"w_cos": -100, "supported": -5}), "w_cos must lie in [0, 1]"),
    (lambda r: api.rederive_endpoint(r, "paper", {"supported": "abc"}), "supported must be a number in [0, 1]"),
    (lambda r: api.rederive_endpoint({}, "paper"), "Not a grounding result: response: Field required"),
    (lambda r: api.report_endpoint({**r, "metrics": {**r["metrics"], "fcr": "abc"}}),
     "Not a grounding result: metrics.fcr: Input should be a valid number"),
    (lambda r: api.report_endpoint({**r, "verdicts": [{**r["verdicts"][0], "anchor": 99}]}),
     "outside the result's"),
    (lambda r: api.report_endpoint("text"), "expected the JSON object /ground returns, not str"),
    (lambda r: api.ground_endpoint("a b", "c d", tau=None), "tau must be a number in [0, 1], got None"),
    (lambda r: api.ground_endpoint("a b", "c d", tau=[0.5]), "tau must be a number in [0, 1], got [0.5]"),
    (lambda r: api.ground_endpoint("a b", "c d", tau=True), "tau must be a number in [0, 1], got True"),
    (lambda r: api.ground_endpoint(["a"], "c d"), "response must be a string"),
])
def test_api_refuses_bad_input_naming_the_field(drug_result, call, message):
    with pytest.raises(ValueError) as err:
        call(drug_result)
    assert message in str(err.value)


def test_api_results_carry_no_server_path(drug_result, models_dir):
    assert str(models_dir) not in json.dumps(drug_result) and "/work" not in json.dumps(drug_result)
    assert api.report_endpoint(drug_result).startswith("<!DOCTYPE html>")


@pytest.mark.parametrize("args, message", [
    (["check", "--response", "x", "--context", "y", "--tau", "2"], "error: tau must lie in [0, 1], got 2.0."),
    (["check", "--response", "x", "--context", "y", "--tau", "nan"], "error: tau must be a number in [0, 1], got nan."),
    (["check", "--response", "x", "--context", "y", "--tau", "-1"], "error: tau must lie in [0, 1], got -1.0."),
    (["check", "--response", "", "--context", "y"], "error: the response was not assessed"),
    (["run", "--input", "in.jsonl", "--output", "/no/such/folder/out.jsonl"],
     "error: the folder of --output (/no/such/folder) does not exist"),
    (["run", "--input", "in.jsonl", "--output", "out.jsonl", "--workers", "0", "--ray"],
     "error: --workers must be a whole number of at least 1, got 0."),
    (["trace", "--input", "dag.json", "--output", "out.json", "--q", "0"],
     "error: --q must be a whole number of at least 1, got 0."),
    (["check", "--response", "x", "--context", "y", "--time-budget", "-3"],
     "error: time_budget must lie in [0, 86,400], got -3.0."),
])
def test_cli_flags_give_a_message_and_exit_2_never_a_traceback(args, message, models_dir, tmp_path):
    proc = subprocess.run([sys.executable, "-m", "grounding", *args], cwd=tmp_path, capture_output=True, text=True,
                          env={"GROUNDING_MODELS_DIR": str(models_dir), "PATH": "/usr/bin:/bin"}, timeout=300)
    assert proc.returncode == 2, proc.stderr
    assert message in proc.stderr and "Traceback" not in proc.stderr + proc.stdout


def test_config_limits_are_what_the_readme_says():
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    defaults = GroundingConfig()
    for name in ("max_response_chars", "max_response_sentences", "max_context_chars", "max_context_sentences",
                 "max_documents", "max_claims_per_sentence", "max_pairs_per_claim", "time_budget"):
        value = getattr(defaults, name)
        shown = f"{value:,}" if isinstance(value, int) else f"{value:g}"
        assert f"| `{name}` | {shown} |" in readme, name


def test_json_upload_of_a_deep_document_is_refused_clearly(tmp_path):
    deep = "[" * 100_000 + "]" * 100_000
    path = tmp_path / "deep.json"
    path.write_text(deep)
    from grounding.ingest import UploadError
    with pytest.raises(UploadError, match="deep.json"):
        read_upload(str(path))


BRIDGE = "The new bridge will carry cyclists and pedestrians only; cars will not be allowed."


@pytest.mark.parametrize("engine", ["claims", "context", "context-fast"])
def test_a_row_the_budget_cut_while_reading_again_says_so_on_its_verdicts(engine, cfg, monkeypatch):
    """The time budget running out after a sentence's first judgements used to leave the stages that read it again
    (together, by the fp32 twin, clause by clause) skipped without a word: the coverage called the check complete.
    Now the row keeps its verdicts, each saying it rests on the first readings, the claims list and the coverage
    say so too, and the sentences after it are not assessed."""
    from grounding.render import claims_html
    from grounding.stages import Run
    response = "Cyclists will be able to use the bridge. Cars can cross the bridge."
    config = dataclasses.replace(cfg, engine=engine)
    full = ground(response, BRIDGE, config)
    assert not full.coverage.budget_exhausted and not any(c.cut_short for c in full.claims)
    assert [v.label for v in full.verdicts] == [SUPPORTED, CONTRADICTED]
    assert full.claims[0].clause_readings     # read clause by clause in full

    # the budget runs out once sentence 1 has its first judgements
    monkeypatch.setattr(Run, "out_of_time", lambda self: self.row == 0 and bool(self.scores))
    cut = ground(response, BRIDGE, config)
    first = [v for v in cut.verdicts if cut.claims[v.claim].sentence == 0]
    second = [v for v in cut.verdicts if cut.claims[v.claim].sentence == 1]
    assert first and all(cut.claims[v.claim].cut_short for v in first)
    assert all(v.label != NOT_ASSESSED and "rests on the first readings only" in v.explanation for v in first)
    assert cut.claims[first[0].claim].clause_readings is None
    assert [v.label for v in second] == [NOT_ASSESSED]
    assert cut.coverage.budget_exhausted
    assert any("ran out while response sentence 1 was read again" in m for m in cut.coverage.messages)
    assert "first readings only: the time budget ran out" in claims_html(cut)
