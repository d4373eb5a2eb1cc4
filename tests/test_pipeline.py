"""The whole pipeline on the shipped models: the papers' example, streaming, bad input, exports, CLI."""
import csv
import dataclasses
import io
import json
import subprocess
import sys
from pathlib import Path

import pytest

from grounding import GroundingConfig, GroundingResult, InputError, ground, ground_stream, rederive
from grounding.config import ENGINES
from grounding.io import pairs_csv
from grounding.types import CONTRADICTED, NOT_ASSESSED, SUPPORTED, UNSUPPORTED
from tests.test_scorer import tiny_backbone, tiny_trained  # noqa: F401  (fixtures for the context-engine wiring)

ROOT = Path(__file__).resolve().parent.parent

DRUG_RESPONSE = "Drug X lowers blood pressure but raises liver enzymes."
DRUG_CONTEXT = ("In the trial, Drug X lowered blood pressure in all patients. "
                "Drug X had no effect on liver enzymes.\n---\n"
                "The study was funded by a national research council.")


@pytest.fixture(scope="module")
def drug():
    """The papers' claim pipeline: the sentence is split into its two claims (engine `claims`)."""
    return ground(DRUG_RESPONSE, DRUG_CONTEXT, GroundingConfig(engine="claims"))


def _judged_claims(result):
    return [(result.claims[v.claim], v) for v in result.verdicts]


def test_papers_example_supported_and_contradicted(drug):
    pairs = _judged_claims(drug)
    texts = [c.text for c, _ in pairs]
    assert texts == ["Drug X lowers blood pressure.", "Drug X raises liver enzymes."]
    (c1, v1), (c2, v2) = pairs
    assert v1.label == SUPPORTED and v2.label == CONTRADICTED
    ctx = drug.context_sentences
    assert ctx[v1.anchor].text == "In the trial, Drug X lowered blood pressure in all patients."
    assert ctx[v2.anchor].text == "Drug X had no effect on liver enzymes."
    assert ctx[v1.anchor].text[:40] in v1.explanation and ctx[v2.anchor].text[:40] in v2.explanation
    signed = {(p.claim, p.column): p.signed for p in drug.pairs}
    assert signed[(v1.claim, v1.anchor)] > 0 and signed[(v2.claim, v2.anchor)] < 0
    # sentence-level: the response sentence has both support and contradiction
    assert drug.metrics.sentence_classes == ["Ambiguous"]
    assert drug.metrics.cer == 1.0


def test_provenance_offsets_slice_back(drug):
    for v in drug.verdicts:
        p = v.provenance
        doc = next(d for d in drug.documents if d.id == p.document)
        assert doc.text[p.start:p.end] == drug.context_sentences[v.anchor].text
        assert drug.response[p.response_start:p.response_end].strip()
    for s in drug.response_sentences:
        assert drug.response[s.start:s.end] == s.text


def test_lexically_close_number_contradiction():
    r = ground("Vaccination reduced hospital admissions by 70 percent.",
               "Vaccination reduced hospital admissions by 30 percent in the first year. The vaccine was free.")
    (v,) = r.verdicts
    assert v.label == CONTRADICTED
    assert "30 percent" in v.explanation and "70 percent" in v.explanation
    assert v.entity_overlap == 0.0


def test_sources_that_disagree_are_named_on_a_supported_claim():
    """The app's "Sources disagree" example: the 2021 label supports the 50 mg dose, the 2023 update leans
    against it (contradiction below the override). The verdict stays Supported and names the 2023 sentence."""
    from grounding.examples import BY_NAME
    e = BY_NAME["conflicting"]
    r = ground(e["response"], e["context"], GroundingConfig())
    v = r.verdicts[0]
    assert v.label == SUPPORTED and v.conflicting is not None
    assert "now 25 mg" in r.context_sentences[v.conflicting].text and "2021" in r.document_of(v.anchor).title
    assert "leans against it" in v.explanation and "Safety update (2023)" in v.explanation
    # the note is configuration: switched off, the same scores give the same label without it (the claim is
    # decided by the 2021 document read on its own, so a sentence that would fire the contradiction override is
    # named too: that rule goes off with it)
    off = rederive(r, GroundingConfig(overrides={"conflict_note": None, "nli_override": None}))
    assert off.verdicts[0].label == SUPPORTED and off.verdicts[0].conflicting is None
    assert "leans against" not in off.verdicts[0].explanation


def test_streaming_yields_after_each_sentence():
    response = "Drug X lowers blood pressure. The study was funded by a research council. Paris is in France."
    seen = [(r.complete, len({r.claims[v.claim].sentence for v in r.verdicts})) for r in ground_stream(response, DRUG_CONTEXT)]
    # the same result grows: nothing judged, then one more sentence per step, then complete
    assert seen == [(False, 0), (False, 1), (False, 2), (False, 3), (True, 3)]


@pytest.mark.parametrize("response,context,needle", [
    ("", "Some context.", "response is empty"),
    ("A claim.", "", "No context"),
    ("Das Medikament senkt den Blutdruck deutlich und ist gut verträglich.", "Drug X lowers blood pressure.", "English-only"),
    ("A claim.\x00\x01\x02\x03binary", "ctx", "binary"),
])
def test_bad_input_is_not_assessed_never_supported(response, context, needle):
    r = ground(response, context)
    assert not r.coverage.assessed
    assert any(needle in m for m in r.coverage.messages), r.coverage.messages
    assert all(v.label == NOT_ASSESSED for v in r.verdicts)
    assert r.metrics.integrity == 0.0 and r.complete


@pytest.mark.parametrize("engine", ENGINES)
def test_huge_response_reports_unchecked_sentences(engine):
    cfg = GroundingConfig(engine=engine, max_response_chars=60, pfcr=False)
    r = ground("Drug X lowers blood pressure. " * 5, DRUG_CONTEXT, cfg)
    labels = [v.label for v in r.verdicts]
    # checked: the first 60 characters (2 sentences); listed as not assessed: up to twice the limit (2 more);
    # the fifth sentence lies beyond that and is not even split, but said in the coverage
    assert labels.count(NOT_ASSESSED) == 2 and NOT_ASSESSED not in labels[:2] and len(labels) == 4
    assert r.coverage.unread == [{"part": "response", "chars": 150, "read": 120,
                                  "reason": "beyond twice max_response_chars (120 characters)"}]
    assert any("the first 60 characters" in m and "30 characters after those were not read" in m
               for m in r.coverage.messages), r.coverage.messages
    assert len(r.response) == 120


def test_json_round_trip_of_a_full_result(drug):
    back = GroundingResult.from_json(drug.to_json())
    assert back == drug
    assert back.verdicts[1].provenance.document == drug.verdicts[1].provenance.document


def test_rederive_changes_verdicts_without_models(drug, monkeypatch):
    import grounding.pipeline as pl
    monkeypatch.setattr(pl, "load", lambda *a, **k: (_ for _ in ()).throw(AssertionError("no models")))
    monkeypatch.setattr(pl, "load_roles", lambda *a, **k: (_ for _ in ()).throw(AssertionError("no models")))
    strict = GroundingResult.from_json(drug.to_json())
    # the paper preset's bands (the default preset's reading-together rule decides before them)
    rederive(strict, GroundingConfig(preset="paper", overrides={"supported": 0.999, "partial": 0.998}))
    assert strict.verdicts[0].label != SUPPORTED and strict.verdicts[1].label == CONTRADICTED
    lenient = rederive(GroundingResult.from_json(drug.to_json()),
                       GroundingConfig(preset="paper", overrides={"nli_override": -1.0}))
    assert lenient.verdicts[1].label != CONTRADICTED


def test_pairs_csv_has_offsets_on_both_sides(drug):
    rows = list(csv.DictReader(io.StringIO(pairs_csv([("q1", drug)]))))
    assert len(rows) == len(drug.pairs) > 0
    row = rows[0]
    doc = next(d for d in drug.documents if d.id == row["document"])
    assert doc.text[int(row["context_start"]):int(row["context_end"])] == row["context_text"]


def test_cli_run_and_bad_json(tmp_path):
    inp = tmp_path / "in.jsonl"
    inp.write_text(json.dumps({"id": "q1", "response": DRUG_RESPONSE,
                               "context": [{"id": "trial", "title": "Trial", "text": DRUG_CONTEXT.split("---")[0]}]}) + "\n")
    out, pairs = tmp_path / "out.jsonl", tmp_path / "pairs.csv"
    env = {"HF_HUB_OFFLINE": "1", "PATH": "/usr/bin:/bin"}
    proc = subprocess.run([sys.executable, "-m", "grounding", "run", "--input", str(inp), "--output", str(out),
                           "--csv", str(pairs), "--no-pfcr", "--engine", "claims"], cwd=ROOT, capture_output=True, text=True, env=env)
    assert proc.returncode == 0, proc.stderr
    line = json.loads(out.read_text().splitlines()[0])
    res = GroundingResult.from_dict(line["result"])
    assert line["id"] == "q1" and [v.label for v in res.verdicts] == [SUPPORTED, CONTRADICTED]
    assert pairs.read_text().startswith("result_id,claim,")
    # malformed records are written with their error and the run goes on (exit 1: some records failed)
    bad, bad_out = tmp_path / "bad.jsonl", tmp_path / "bad_out.jsonl"
    bad.write_text('{"id": "x", "response": "ok"}\n{not json}\n')
    proc = subprocess.run([sys.executable, "-m", "grounding", "run", "--input", str(bad), "--output", str(bad_out)],
                          cwd=ROOT, capture_output=True, text=True, env=env)
    errors = [json.loads(x)["error"] for x in bad_out.read_text().splitlines()]
    assert proc.returncode == 1 and "2 failed" in proc.stderr
    assert "line 1: missing field(s) context" in errors[0] and "line 2: not valid JSON" in errors[1]
    # a file that is no input at all still stops the run before it starts
    (tmp_path / "empty.jsonl").write_text("")
    proc = subprocess.run([sys.executable, "-m", "grounding", "run", "--input", str(tmp_path / "empty.jsonl"),
                           "--output", str(bad_out)], cwd=ROOT, capture_output=True, text=True, env=env)
    assert proc.returncode == 2 and "is empty" in proc.stderr


@pytest.mark.parametrize("engine,folder", [("context", "scorer"), ("context-fast", "scorer_fast")])
def test_context_engines_are_a_config_choice(models_dir, engine, folder):
    cfg = GroundingConfig(engine=engine, models_dir=str(models_dir))
    from grounding.engines import ENGINES
    assert ENGINES[engine].models["scorer"] == folder
    if not (models_dir / folder / "model.onnx").is_file():
        with pytest.raises(InputError, match="use engine 'claims'"):
            ground(DRUG_RESPONSE, DRUG_CONTEXT, cfg)
        return
    # the papers' example: the trial supports the blood-pressure half and contradicts the liver-enzyme half
    # of the one response sentence; the funding sentence is irrelevant
    r = ground(DRUG_RESPONSE, DRUG_CONTEXT, cfg)
    assert r.sentence_map.engine == engine and r.sentence_map.labels == [[1, -1, 0]]
    assert [v.label for v in r.verdicts] == [CONTRADICTED]
    alone = r
    r = ground(DRUG_RESPONSE + " The study was funded by a council.", DRUG_CONTEXT, cfg)
    assert r.coverage.windows == 4          # one window per response sentence and document (rows_per_window 1)
    assert len(r.sentence_map.labels) == 2 and len(r.sentence_map.labels[0]) == len(r.context_sentences) == 3
    assert len(r.verdicts) == 2 and all(v.explanation for v in r.verdicts)
    # each sentence is read on its own: another sentence in the answer changes none of its numbers
    assert r.sentence_map.values[0] == alone.sentence_map.values[0]
    together = ground(DRUG_RESPONSE + " The study was funded by a council.", DRUG_CONTEXT,
                      dataclasses.replace(cfg, rows_per_window=0))
    assert together.coverage.windows == 2   # the paper's layout: the whole response beside each document
    assert together.sentence_map.values[0] != alone.sentence_map.values[0]


def test_unknown_engine_is_refused_with_the_choices():
    with pytest.raises(ValueError, match="'claims', 'context', 'context-fast'"):
        GroundingConfig(engine="fast").validate()


def test_context_engine_plumbing_with_a_tiny_scorer(models_dir, tiny_trained, tmp_path):
    """The engine wiring (windows, map shape, verdicts, coverage) on a tiny scorer exported here."""
    pytest.importorskip("optimum")
    from export.__main__ import export_role
    _, run, _ = tiny_trained
    models = tmp_path / "models"
    models.mkdir()
    for role in ("embedder", "entailment"):
        (models / role).symlink_to(models_dir / role)
    export_role("scorer", str(run / "final"), models / "scorer", min_agreement=0.0, speed_items=6)
    long_doc = " ".join(f"The drug lowers blood pressure in trial {k}." for k in range(40))
    cfg = GroundingConfig(engine="context", models_dir=str(models), pfcr=False)
    r = ground("The drug lowers blood pressure. The tower is in Paris.", [long_doc, "Rain fell.", "The tower is in Berlin."], cfg)
    m = len(r.context_sentences)
    assert r.coverage.windows > 1 and not r.coverage.unscored
    assert len(r.sentence_map.labels) == 2 and all(len(row) == m for row in r.sentence_map.labels)
    assert [r.claims[v.claim].text for v in r.verdicts] == ["The drug lowers blood pressure.", "The tower is in Paris."]
    assert GroundingResult.from_json(r.to_json()) == r
    # a response sentence longer than half a window is cut, and the result says so
    long_sentence = "The drug " + " and ".join(f"lowers pressure in group {k}" for k in range(80)) + "."
    r = ground(long_sentence, "The drug lowers pressure.", cfg)
    assert r.coverage.truncated == ["response r1 (scorer window: scored on its start)"]


@pytest.mark.parametrize("engine", ["claims", "context", "context-fast"])
def test_a_title_line_is_never_evidence(engine):
    """The contradiction example's title names "liver enzymes"; it must not back "raised liver enzyme levels"."""
    from grounding.examples import CONTRADICTION
    res = ground(CONTRADICTION["response"], CONTRADICTION["context"], GroundingConfig(engine=engine))
    title = res.documents[0].sentences[0]
    assert title.heading and res.coverage.not_evidence == [title.column]
    assert all(p.column != title.column for p in res.pairs)
    assert all(v.anchor != title.column for v in res.verdicts)
    assert all(row[title.column] == 0 for row in res.sentence_map.labels)
    assert any("state no fact" in m for m in res.coverage.messages)


def test_a_contradiction_below_tau_is_judged_when_it_shares_the_claims_nouns():
    """The contradiction example's R2 ("raised liver enzyme levels") is contradicted by "Liver enzyme levels
    remained within the normal range …", whose cosine (~0.48) is below τ 0.5: judge_top_k judges it anyway (it
    shares liver, enzyme, level, patient outside the subject), and the verdict is Contradicted. With judge_top_k 0
    only pairs above τ are judged and the liver sentence does not decide."""
    from grounding.examples import CONTRADICTION
    from grounding.stages.retrieve import shared_nouns
    res = ground(CONTRADICTION["response"], CONTRADICTION["context"], GroundingConfig(engine="claims"))
    tau = GroundingConfig(engine="claims").tau
    (claim,) = [c for c in res.claims if c.sentence == 1]
    below = [p for p in res.pairs if res.claims[p.claim] is claim and p.judged and p.cosine <= tau]
    assert [res.context_sentences[p.column].text.split()[0] for p in below] == ["Liver"]
    assert below[0].cosine >= GroundingConfig(engine="claims").judge_floor and below[0].contradict > 0.7
    (v,) = [v for v in res.verdicts if res.claims[v.claim] is claim]
    assert v.label == CONTRADICTED and v.anchor == below[0].column

    off = ground(CONTRADICTION["response"], CONTRADICTION["context"], GroundingConfig(engine="claims", judge_top_k=0, joint_floor=tau))
    assert all(p.cosine > tau for p in off.pairs if p.judged)
    (v0,) = [v for v in off.verdicts if off.claims[v.claim].sentence == 1]
    # the liver sentence is not read, so it cannot decide (the stage 3 entailment model reads "30% of patients reached
    # remission" as P(c) 0.56 against the claim, so the override may still fire from that sentence above tau)
    assert v0.anchor != below[0].column and below[0].column not in off.claims[v0.claim].joint_columns
    # without judge_top_k, the joint reading still reads the sentence just below τ (joint_floor) with the judged
    # ones, and the sentences read together contradict the claim
    joint = ground(CONTRADICTION["response"], CONTRADICTION["context"], GroundingConfig(engine="claims", judge_top_k=0))
    (c1,) = [c for c in joint.claims if c.sentence == 1]
    (v1,) = [v for v in joint.verdicts if joint.claims[v.claim] is c1]
    assert below[0].column in c1.joint_columns and v1.label == CONTRADICTED and "contradict the claim" in v1.rule

    # the subject does not count: every sentence about Drug X names Drug X
    assert shared_nouns("Drug X raises liver enzymes.", "In the trial, Drug X lowered blood pressure.") == 0
    assert shared_nouns("Zentrovir raised liver enzyme levels in most patients.",
                        "Liver enzyme levels remained within the normal range in 97% of treated patients.") >= 3


STRIKE = ("Drivers at Northern Rail will walk out on Friday 12 May in a dispute over pay. A reduced service will run "
          "on most routes, with around half of normal trains. Rail replacement buses will run between Leeds and "
          "Harrogate.")


@pytest.mark.parametrize("engine", ("claims", "context", "context-fast"))
def test_a_claim_nothing_reaches_is_read_against_its_most_similar_sentence(engine):
    """A user's answer: "The strike is over pay" had nothing judged on any engine (cosine 0.25 to "… walk out on
    Friday 12 May in a dispute over pay", below τ, judge_floor and the scorer's labels) and was Unsupported;
    nothing_floor reads the most similar sentence for a claim nothing else reaches, and the models find support.
    Off (None), the claim is Unsupported as before; a claim on nothing the source speaks of stays Unsupported."""
    config = GroundingConfig(engine=engine)
    assert config.nothing_floor == 0.2
    res = ground("The strike is over pay. The canteen serves vegan meals.", STRIKE, config)
    pay, canteen = res.verdicts[0], res.verdicts[-1]
    assert pay.label == SUPPORTED and pay.anchor == 0, pay.rule
    pairs = [p for p in res.pairs if p.claim == pay.claim and p.judged]
    assert [p.column for p in pairs] == [0] and pairs[0].cosine < config.judge_floor
    # the card says so; the shipped curves were fitted on such readings (their settings hold nothing_floor), so it
    # has a How sure figure
    assert res.claims[pay.claim].nearest == 0 and res.claims[canteen.claim].nearest is None
    assert "(its most similar context sentence, read because no other reached it: cosine 0.2" in pay.rule
    assert 0.0 < pay.sureness < 1.0 and pay.sureness_note == "", pay.sureness_note
    assert res.sentence_map.labels[0][0] == 1   # the map shows the support the verdict rests on (green)
    if engine != "claims":                       # where the scorer read nothing, the tooltip says whose reading it is
        (ruled,) = res.sentence_map.ruled
        assert (ruled.row, ruled.column, ruled.label) == (0, 0, 0) and "the scorer read nothing here" in ruled.note
    assert canteen.label == UNSUPPORTED and not [p for p in res.pairs if p.claim == canteen.claim and p.judged]
    off = ground("The strike is over pay.", STRIKE, GroundingConfig(engine=engine, nothing_floor=None))
    assert off.verdicts[0].label == UNSUPPORTED and off.verdicts[0].rule.startswith("no context sentence above tau")
    # a claim other sentences reach is not given its most similar sentence too
    busy = [ground("Replacement buses will run between Leeds and Harrogate.", STRIKE,
                   GroundingConfig(engine=engine, nothing_floor=floor)) for floor in (0.2, None)]
    assert 2 in {p.column for p in busy[0].pairs if p.judged}
    assert [(p.column, p.judged) for p in busy[0].pairs] == [(p.column, p.judged) for p in busy[1].pairs]


def test_curves_fitted_before_nothing_floor_give_a_nearest_reading_no_figure(monkeypatch):
    """How sure curves whose settings lack nothing_floor (fitted before it existed) have not seen a claim read only
    against its most similar sentence: no figure, and the card says why."""
    import copy
    from grounding import sureness
    real = sureness.load

    def before(models_dir, engine):
        cal = copy.copy(real(models_dir, engine))
        cal.settings = {k: v for k, v in cal.settings.items() if k != "nothing_floor"}
        return cal

    monkeypatch.setattr(sureness, "load", before)
    pay = ground("The strike is over pay.", STRIKE, GroundingConfig(engine="context")).verdicts[0]
    assert pay.label == SUPPORTED and pay.sureness is None
    assert pay.sureness_note.startswith("it was read only against its most similar sentence")


def test_a_sentence_on_another_topic_below_tau_is_not_judged(drug):
    """Drug X's "lowers blood pressure" is never judged against a sentence below τ that shares only "Drug X"."""
    tau = GroundingConfig().tau
    for p in drug.pairs:
        if p.judged and p.cosine <= tau:
            from grounding.stages.retrieve import shared_nouns
            assert shared_nouns(drug.claims[p.claim].text, drug.context_sentences[p.column].text) >= 2
    labels = {drug.claims[v.claim].text: v.label for v in drug.verdicts}
    assert labels == {"Drug X lowers blood pressure.": SUPPORTED, "Drug X raises liver enzymes.": CONTRADICTED}


def test_ticks_give_way_between_scorer_windows_and_a_closed_stream_reads_no_more(models_dir, monkeypatch):
    """With `ticks`, a context engine's scoring pass (every window before the first sentence's verdict) yields after
    each window it reads, the result unchanged; a consumer that stops there (the app, on Stop) reads no more windows.
    Without `ticks` the stream is as before: after segmentation and after each sentence."""
    from grounding.scorer import ContextScorer
    response = " ".join(f"The board approved budget line {i} on day {i}." for i in range(5))
    context = " ".join(f"The board approved budget line {i} on day {i + 2}." for i in range(6))
    config = GroundingConfig(engine="context", models_dir=str(models_dir))
    read = []
    real = ContextScorer.encode_window
    monkeypatch.setattr(ContextScorer, "encode_window", lambda self, *a, **k: read.append(1) or real(self, *a, **k))
    seen = [(r.complete, len(r.verdicts), len(read)) for r in ground_stream(response, context, config, ticks=True)]
    windows = 5                                   # one per response sentence beside the one document
    assert seen[: windows + 1] == [(False, 0, 0)] + [(False, 0, w) for w in range(1, windows + 1)]
    assert [v for _, v, _ in seen[windows + 1:]] == [1, 2, 3, 4, 5, 5] and seen[-1][0]
    assert [(c, v) for c, v, _ in seen if v or c] == [(False, 1), (False, 2), (False, 3), (False, 4), (False, 5),
                                                      (True, 5)]
    without = [(r.complete, len(r.verdicts)) for r in ground_stream(response, context, config)]
    assert without == [(False, 0), (False, 1), (False, 2), (False, 3), (False, 4), (False, 5), (True, 5)]
    read.clear()
    stream = ground_stream(response + " One more line was approved.", context, config, ticks=True)
    next(stream), next(stream), next(stream)      # segmentation, then two windows read
    stream.close()                                # Stop: the generator is not resumed
    assert len(read) == 2


def test_a_cancelled_check_starts_no_more_model_work(models_dir):
    """`cancelled` (ground / ground_stream) reaches a context engine inside its scoring pass (every window of the
    answer is read before the first sentence's verdict): the windows after it are not read and their sentences are
    listed as not assessed, said as a stop, not as a spent time budget."""
    response = " ".join(f"The committee approved item {i} on day {i}." for i in range(8))
    context = " ".join(f"The committee approved item {i} on day {i + 1}." for i in range(10))
    calls = []

    def cancelled():                # Stop pressed while the third window is read
        calls.append(1)
        return len(calls) > 2
    result = ground(response, context, GroundingConfig(engine="context", models_dir=str(models_dir)),
                    cancelled=cancelled)
    said = " ".join(result.coverage.messages)
    read = result.coverage.runtime["cache"]["scorer"]
    assert result.complete and result.coverage.windows == 8 and read["hits"] + read["misses"] == 2   # of 8 windows
    assert {v.label for v in result.verdicts} == {"Not assessed"} and len(result.verdicts) == 8
    assert "The check was stopped while scoring: 6 response sentence(s) were not fully scored" in said, said
    assert "time budget" not in said


@pytest.mark.parametrize("engine", ENGINES)
def test_an_answers_heading_and_framing_line_are_not_assessed_and_not_counted(engine):
    """"## Summary" and "Here is what you need to know:" had been Unsupported: UCR 50 % for an answer whose one
    claim is Supported. They are Not assessed, said why, and left out of the rates."""
    res = ground("## Summary\nThe library opens at 9 am.\nHere is what you need to know:",
                 ["The library is open from 9 am to 8 pm on weekdays."], GroundingConfig(engine=engine))
    labels = [v.label for v in res.verdicts]
    assert labels == ["Not assessed", "Supported", "Not assessed"], [v.rule for v in res.verdicts]
    assert res.verdicts[0].rule.startswith("it states no fact (a heading")
    assert res.metrics.fcr == 1.0 and res.metrics.ucr == 0.0
    assert any("Response sentence(s) 1 (“Summary”), 3 (“Here is what you need to know:”) state no fact" in m
               for m in res.coverage.messages)


def test_a_sentence_past_the_limit_is_not_assessed_for_the_limit_not_for_a_heading():
    res = ground("## Summary\nThe library opens at 9 am. It closes at 8 pm. It has a café.",
                 ["The library is open from 9 am to 8 pm."], GroundingConfig(engine="claims", max_response_sentences=2))
    assert [v.label for v in res.verdicts] == ["Not assessed", "Supported", "Not assessed", "Not assessed"]
    assert res.verdicts[0].rule.startswith("it states no fact")
    assert "no fact" not in res.verdicts[2].rule and "longer than the checked part" in res.verdicts[2].rule
