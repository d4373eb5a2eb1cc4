"""The hostile corpus (issue #16): generated inputs (hypothesis) plus hand-made cases, run through the library, the
API functions and the CLI on the shipped models. For every input: no exception escapes, the request ends within
its time budget (plus one response sentence's work), nothing that was not assessed (or only partly read) is
reported as Supported, every offset slices back to its text, and every view (heatmap, claims, verdicts, metrics,
context, the HTML report, the CSV) is escaped.

The default suite runs the hand-made cases and HOSTILE_EXAMPLES generated ones (default 120); the full corpus
(1,000+ inputs) is `make hostile` (HOSTILE_EXAMPLES=1000), which prints its summary line.
"""
from __future__ import annotations

import csv
import dataclasses
import io
import json
import os
import subprocess
import sys
import time
from html.parser import HTMLParser

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from grounding import api, render, report
from grounding.config import GroundingConfig
from grounding.io import FORMULA_START, pairs_csv
from grounding.pipeline import ground
from grounding.types import NOT_ASSESSED, PARTIAL, SUPPORTED, GroundingResult

EXAMPLES = int(os.environ.get("HOSTILE_EXAMPLES", "120"))
BUDGET = 3.0            # seconds: the time budget the corpus runs under
GRACE = 30.0            # one response sentence's work may run past the budget (a loaded CI machine is slow)
PROBE = "xss-probe"     # an element no view ever writes: finding it as a tag means user text went out unescaped

PAYLOADS = [f"<{PROBE}>", f'<img src=x onerror="{PROBE}()">', f"<script>{PROBE}()</script>",
            f'<svg onload="{PROBE}()">', f"<iframe src=javascript:{PROBE}()>", f"</td></tr><{PROBE}>",
            f"[link](javascript:{PROBE}())", "=HYPERLINK(\"http://x\")", "+1+1", "@SUM(A1)", "-2+3",
            "{{7*7}}", "${7*7}", "'; DROP TABLE x; --", "\u202e03\u202c", "\u200b", "\ufeff", "\x00", "\x1b[31m",
            "𝕏", "🧪", "ﷺ", "Z̤͔ͧ̑̓", "---", "\n---\n", "# Title", "1. item", "[3]", "e.g.", "U.S.", "…"]
WORDS = ["The", "drug", "lowered", "blood", "pressure", "by", "12%", "in", "2021", "patients", "did", "not",
         "rise", "Liver", "enzymes", "trial", "enrolled", "40", "adults", "aspirin", "mg", "Paris", "is", "the",
         "capital", "of", "France", "заявила", "компания", "该公司", "表示", "المبيعات", "ارتفعت", "x" * 300]
FIELD = st.lists(st.one_of(st.sampled_from(WORDS), st.sampled_from(PAYLOADS), st.text(max_size=12),
                           st.sampled_from([". ", ".\n", "\n\n", " ", ", "])), max_size=40).map("".join)


@pytest.fixture(scope="module")
def cfg(models_dir):
    return GroundingConfig(models_dir=str(models_dir), time_budget=BUDGET, pfcr=False)


class Tags(HTMLParser):
    """The element names and attribute names of an HTML text, as a browser's parser would see them."""

    def __init__(self):
        super().__init__()
        self.tags, self.attrs = set(), set()

    def handle_starttag(self, tag, attrs):
        self.tags.add(tag)
        self.attrs.update(name for name, _ in attrs)


def check_escaped(markup: str, where: str) -> None:
    parser = Tags()
    parser.feed(markup)
    assert PROBE not in parser.tags, f"{where}: user text became a <{PROBE}> element"
    assert not {a for a in parser.attrs if a.startswith("on") and a not in ALLOWED_HANDLERS}, \
        f"{where}: an event-handler attribute appeared: {parser.attrs}"
    assert f"<script>{PROBE}" not in markup and "href=\"javascript" not in markup.lower(), where


ALLOWED_HANDLERS: set[str] = set()   # the views write no inline handlers (the app's JS hooks attach listeners)


def check_result(res: GroundingResult, response: str, elapsed: float) -> None:
    """The properties every hostile input must keep."""
    assert res.complete
    assert elapsed <= BUDGET + GRACE, f"ran {elapsed:.1f} s under a {BUDGET} s budget"
    for s in res.response_sentences:
        assert res.response[s.start:s.end] == s.text and response.startswith(res.response)
    for d in res.documents:
        for s in d.sentences:
            assert d.text[s.start:s.end] == s.text
    for c in res.claims:
        if c.start is not None:
            assert res.response[c.start:c.end] == c.text
    by_claim = {v.claim: v for v in res.verdicts}
    for k, c in enumerate(res.claims):
        v = by_claim.get(k)
        if v is None:
            continue
        if not res.coverage.assessed or c.note == "not assessed":
            assert v.label == NOT_ASSESSED, (c, v)
        if c.truncated:
            assert v.label not in (SUPPORTED, PARTIAL), (c, v)
        if v.label == SUPPORTED:
            assert v.anchor is not None and v.anchor not in res.coverage.not_evidence
        if v.provenance and v.provenance.start is not None:
            doc = next(d for d in res.documents if d.id == v.provenance.document)
            assert doc.text[v.provenance.start:v.provenance.end] == res.context_sentences[v.anchor].text
    views = {"heatmap": render.heatmap_html(res), "claims": render.claims_html(res),
             "verdicts": render.verdicts_html(res), "metrics": render.metrics_html(res),
             "context": render.context_html(res), "report": report.report_html(res)}
    for name, markup in views.items():
        check_escaped(markup, name)
    for row in csv.DictReader(io.StringIO(pairs_csv([("hostile", res)]))):
        for key in ("claim_text", "context_text", "document", "result_id"):
            assert not row[key].startswith(FORMULA_START), (key, row[key])
    json.loads(res.to_json())


COUNTS = {"library": 0, "api": 0, "cli": 0, "crashes": 0, "silent passes": 0}   # printed by conftest's summary


def run_one(response, context, cfg) -> GroundingResult:
    COUNTS["library"] += 1
    start = time.monotonic()
    try:
        res = ground(response, context, cfg)
    except Exception:
        COUNTS["crashes"] += 1
        raise
    try:
        check_result(res, response if isinstance(response, str) else "", time.monotonic() - start)
    except AssertionError:
        COUNTS["silent passes"] += 1
        raise
    return res


HAND_MADE = [
    ("only zero-width", "\u200b\u200c\u200d\u2060", "Drug X lowered blood pressure."),
    ("only emoji", "😀🎉🚀🧪", "Drug X lowered blood pressure."),
    ("bidi inside a number", "The trial enrolled 4\u202e0 adults.", "The trial enrolled 40 adults."),
    ("Arabic context", "The company said sales fell by twenty percent.", "وقالت الشركة إن المبيعات ارتفعت بنسبة عشرين في المئة."),
    ("Chinese context", "The company said sales fell.", "该公司表示，今年的销售额增长了百分之二十。"),
    ("short Chinese response", "药物降低血压。", "Drug X lowered blood pressure."),
    ("735-word sentence", "The library opened at nine, " + ", ".join(f"it opened branch {i}" for i in range(150))
     + ", which cures every cancer in two days.", "The library opened at nine."),
    ("2,000-word sentence", " and ".join(f"the committee approved item {i}" for i in range(330)) + ".",
     "The committee approved item 4."),
    ("script everywhere", f"<script>{PROBE}()</script> The drug <{PROBE}> works.", f"# <{PROBE}> title\nThe drug works. <img src=x onerror=\"{PROBE}()\">"),
    ("formula injection", "=HYPERLINK(\"http://evil\") The drug works.", "=1+1 The drug works.\n---\n@SUM(A1) is here."),
    ("long word", "x" * 20_000, "y" * 20_000),
    ("control characters", "The drug\x07 works\x1b[31m.", "The\x0b drug works."),
    ("many separators", "The drug works.", "\n---\n" * 3000 + "The drug works."),
    ("many documents", "The drug works.", "\n---\n".join(f"Document {i} says the drug works." for i in range(600))),
    ("markdown", "**The drug** works [see](javascript:alert(1)).", "| a | b |\n|---|---|\n| The drug | works |"),
    ("mixed scripts", "The drug Лекарство works 药物 well.", "The drug works well. Лекарство работает."),
    ("big paste", "The committee met on Tuesday.", "The committee met on Tuesday. " * 40_000),
    # letters a case-insensitive pattern matches as another ("μg" as "µg", "weekſ" as "weeks"): the wording's unit
    # lookup had raised KeyError on them, so every engine failed on a dose written with a Greek mu
    ("unicode case folds", "The daily dose is 0.025 mg, every 2 weekſ, 5 ΜG.",
     "Adults should take 25 μg of vitamin D daily, or 10 ſ later. It is given every 2 weeks."),
]


@pytest.mark.parametrize("name, response, context", HAND_MADE, ids=[h[0] for h in HAND_MADE])
def test_hand_made_hostile_inputs(cfg, name, response, context):
    run_one(response, context, cfg)


def test_a_contradicting_foreign_context_is_never_called_supported(cfg):
    res = run_one("The company said sales fell by twenty percent.",
                  "وقالت الشركة إن المبيعات ارتفعت بنسبة عشرين في المئة.", cfg)
    assert not res.coverage.assessed


@settings(max_examples=EXAMPLES, deadline=None, derandomize=True,
          suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture])
@given(response=FIELD, context=st.one_of(FIELD, st.lists(FIELD, max_size=4)),
       engine=st.sampled_from(["claims", "context-fast"]))
def test_generated_hostile_inputs(cfg, response, context, engine):
    run_one(response, context, dataclasses.replace(cfg, engine=engine))


@settings(max_examples=max(20, EXAMPLES // 4), deadline=None, derandomize=True,
          suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture])
@given(response=FIELD, context=FIELD, tau=st.one_of(st.floats(allow_nan=True), st.none(), st.booleans(),
                                                    st.text(max_size=3)),
       preset=st.one_of(st.sampled_from(["paper", "code", "learned", "joint"]), st.text(max_size=5)),
       overrides=st.dictionaries(st.sampled_from(["supported", "w_cos", "nli_override", "bogus", "override_scope"]),
                                 st.one_of(st.floats(), st.none(), st.text(max_size=4), st.booleans()), max_size=3))
def test_generated_api_calls(response, context, tau, preset, overrides):
    """The API functions: a bad setting is a ValueError naming it; a good call gives a result /rederive and /report
    take back."""
    COUNTS["api"] += 1
    try:
        out = api.ground_endpoint(response, context, tau=tau)
    except ValueError as err:
        assert "tau" in str(err)
        return
    try:
        again = api.rederive_endpoint(out, preset, overrides)
    except ValueError as err:
        assert str(err).startswith("Could not re-derive:")
        again = out
    check_escaped(api.report_endpoint(again), "report")


def test_cli_runs_a_hostile_batch(tmp_path, models_dir):
    """The hand-made cases and malformed records as one JSONL batch through `python -m grounding run`."""
    lines = [json.dumps({"id": f"h{k}", "response": r, "context": c}) for k, (_, r, c) in enumerate(HAND_MADE[:12])]
    lines += ['{"id": "broken", "response": ', json.dumps({"id": "no-context", "response": "x"}),
              json.dumps({"id": "deep", "response": "x", "context": [[[["x"]]]]}), "[" * 5000 + "]" * 5000]
    COUNTS["cli"] += len(lines)
    src = tmp_path / "in.jsonl"
    src.write_text("\n".join(lines) + "\n", encoding="utf-8")
    out = tmp_path / "out.jsonl"
    proc = subprocess.run([sys.executable, "-m", "grounding", "run", "--input", str(src), "--output", str(out),
                           "--time-budget", str(BUDGET), "--no-pfcr"], capture_output=True, text=True, timeout=900,
                          env={**os.environ, "GROUNDING_MODELS_DIR": str(models_dir)})
    assert proc.returncode == 1, proc.stderr          # some records are malformed: reported, the batch goes on
    assert "Traceback" not in proc.stderr + proc.stdout
    rows = [json.loads(x) for x in out.read_text(encoding="utf-8").splitlines()]
    assert len(rows) == len(lines)
    errors = [r for r in rows if "error" in r]
    assert len(errors) == 4 and all(isinstance(r["error"], str) and r["error"] for r in errors)
    for r in rows:
        if "result" in r:
            res = GroundingResult.from_dict(r["result"])
            assert res.complete
            if not res.coverage.assessed:
                assert all(v.label == NOT_ASSESSED for v in res.verdicts)
