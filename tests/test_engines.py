"""The engine registry: declared stages, models and the metrics each engine can honestly compute."""
from __future__ import annotations

import numpy as np
import pytest

from grounding import GroundingConfig, ground
from grounding.config import ENGINES as ENGINE_NAMES
from grounding.engines import ENGINES, applies
from grounding.render import metrics_html

DRUG_RESPONSE = "Drug X lowers blood pressure but raises liver enzymes."
DRUG_CONTEXT = "Drug X significantly lowered systolic blood pressure.\n---\nLiver enzymes were unchanged."


def test_the_registry_is_the_configs_choice_of_engines():
    assert tuple(ENGINES) == ENGINE_NAMES
    assert [s.name for s in ENGINES["claims"].per_row] == ["decompose", "self_check", "retrieve", "judge", "entities",
                                                           "judge_joint", "recheck", "judge_clauses", "verdict",
                                                           "explain"]
    assert [s.name for s in ENGINES["context"].per_row] == ["read_windows", "entities", "judge_joint", "recheck",
                                                            "judge_clauses", "judge_parts", "verdict", "explain"]
    assert [s.name for s in ENGINES["claims"].after] == ["claim_map", "not_assessed", "metrics"]


def test_context_engines_use_entailment_only_to_read_evidence_together_and_report_cer_pfcr_not_applicable(models_dir):
    """The scorer finds the evidence; the entailment model only reads a sentence's evidence together (judge_joint),
    the clauses of a sentence that leans against it (judge_clauses) and the parts of a sentence it backs (judge_parts,
    no claims of their own), so there is no decomposition (CER) and no negated re-judging (PFCR) to report."""
    for name in ("context", "context-fast"):
        assert ENGINES[name].models["entailment"] == "entailment"
        assert [s.name for s in ENGINES[name].per_row if s.name.startswith("judge")] == ["judge_joint", "judge_clauses",
                                                                                         "judge_parts"]
        assert not applies(name, "cer") and not applies(name, "pfcr")
    assert applies("claims", "cer") and applies("claims", "pfcr")
    if not (models_dir / "scorer" / "model.onnx").is_file():
        pytest.skip("no scorer in this build")
    res = ground(DRUG_RESPONSE, DRUG_CONTEXT, GroundingConfig(engine="context", models_dir=str(models_dir)))
    assert res.metrics.cer is None and res.metrics.pfcr is None
    assert set(res.coverage.runtime["models"]) == {"embedder", "scorer", "entailment"}
    html = metrics_html(res)
    assert html.count("n/a") == 2


def test_claims_engine_computes_cer_and_pfcr(models_dir):
    res = ground(DRUG_RESPONSE, DRUG_CONTEXT, GroundingConfig(engine="claims", models_dir=str(models_dir)))
    assert res.metrics.cer is not None and res.metrics.pfcr is not None
    assert {"decompose", "self_check", "retrieve", "judge", "verdict", "explain", "metrics"} <= set(res.timings)


def test_pfcr_stops_with_the_time_budget_and_counts_only_what_it_re_judged(models_dir, monkeypatch):
    """PFCR's re-judging is the request's last model call: the time budget stops it between batches, the pairs it
    did not re-judge are left out of PFCR, and the coverage says so."""
    from grounding.pipeline import load_models
    from grounding.stages import metrics as metrics_stage
    cfg = GroundingConfig(engine="claims", models_dir=str(models_dir))
    res = ground(DRUG_RESPONSE, DRUG_CONTEXT, cfg)
    entailment = load_models(cfg.models_dir, cfg.threads)[1]
    evidence = sum(1 for s in res.pairs if s.psi != 0)
    assert evidence >= 1
    flips, judged, total = metrics_stage.pfcr(res, entailment, stop=lambda: True)
    assert (flips, judged, total) == (0, 0, evidence)
    full = metrics_stage.pfcr(res, entailment)
    assert full[1] == full[2] == evidence and full[0] == round(res.metrics.pfcr * evidence)

    real = metrics_stage.pfcr
    monkeypatch.setattr(metrics_stage, "pfcr", lambda result, ent, stop=None: real(result, ent, stop=lambda: True))
    cut = ground(DRUG_RESPONSE, DRUG_CONTEXT, cfg)
    assert cut.coverage.budget_exhausted
    assert any("during PFCR: 0 of" in m for m in cut.coverage.messages)
    assert cut.metrics.pfcr is None


ISSUE_DRUG_CONTEXT = "Drug X lowered blood pressure in the trial. Liver enzyme levels did not rise."


@pytest.mark.parametrize("engine", ENGINE_NAMES)
def test_drug_x_on_every_engine(engine, models_dir):
    """The issue's Drug X check on every engine: "lowers blood pressure" Supported, "raises liver enzymes"
    Contradicted against "Liver enzyme levels did not rise". The context engines take whole sentences as claims, so
    the two claims are two sentences there; the compound sentence as one claim is Contradicted (one part is)."""
    cfg = GroundingConfig(engine=engine, models_dir=str(models_dir))
    two = ground("Drug X lowers blood pressure. Drug X raises liver enzymes.", ISSUE_DRUG_CONTEXT, cfg)
    assert [(two.claims[v.claim].text, v.label) for v in two.verdicts if two.claims[v.claim].origin != "rejected"] == [
        ("Drug X lowers blood pressure.", "Supported"), ("Drug X raises liver enzymes.", "Contradicted")]
    one = ground(DRUG_RESPONSE, ISSUE_DRUG_CONTEXT, cfg)
    labels = [(one.claims[v.claim].text, v.label) for v in one.verdicts if one.claims[v.claim].origin != "rejected"]
    if engine == "claims":
        assert labels == [("Drug X lowers blood pressure.", "Supported"), ("Drug X raises liver enzymes.", "Contradicted")]
    else:
        assert labels == [(DRUG_RESPONSE, "Contradicted")]


GATE_RESPONSE = "Drug X lowered blood pressure in the trial."
GATE_DOCS = ["In the trial, Drug X lowered blood pressure in all patients. Liver enzyme levels did not rise.",
             "Penguins live in Antarctica. They eat krill and fish."]


def test_scorer_gate_leaves_windows_without_a_similar_pair_unread(models_dir):
    """A window (a response sentence beside a document) none of whose pairs reaches the gate's cosine is not read:
    its cells are irrelevant, the other windows' numbers are the same, and the coverage lists it."""
    from grounding.scorer import ContextScorer
    if not (models_dir / "scorer" / "model.onnx").is_file():
        pytest.skip("no scorer in this build")
    scorer = ContextScorer(models_dir / "scorer", threads=1)
    docs = [["In the trial, Drug X lowered blood pressure in all patients.", "Liver enzyme levels did not rise."],
            ["Penguins live in Antarctica.", "They eat krill and fish."]]
    full = scorer.score([GATE_RESPONSE], docs, rows_per_window=1)
    cos = np.array([[0.8, 0.3, 0.02, 0.05]], dtype=np.float32)
    gated = scorer.score([GATE_RESPONSE], docs, rows_per_window=1, cosines=cos, gate=0.25)
    assert gated.coverage.gated == [([0], [2, 3])] and full.coverage.gated == []
    assert gated.coverage.forward_passes == full.coverage.forward_passes - 1 == 1
    np.testing.assert_array_equal(gated.probabilities[0, :2], full.probabilities[0, :2])
    assert gated.probabilities[0, 2:].tolist() == [[0.0, 0.0, 1.0]] * 2 and gated.labels[0, 2:].tolist() == [0, 0]
    # one pair at the gate is enough for the window to be read
    cos[0, 3] = 0.25
    assert scorer.score([GATE_RESPONSE], docs, rows_per_window=1, cosines=cos, gate=0.25).coverage.gated == []


@pytest.mark.parametrize("engine", ["context", "context-fast"])
def test_scorer_gate_through_the_pipeline_and_its_fp32_recheck(models_dir, engine):
    """Through the context engines: the unrelated document is not read beside the sentence (the coverage line says
    so), its cells stay irrelevant even when the fp32 recheck reads the row again, and the verdict is the one the
    engine gives with every window read."""
    from grounding.render import coverage_html
    if not (models_dir / ENGINES[engine].models["scorer"] / "model.onnx").is_file():
        pytest.skip("no scorer in this build")
    assert GroundingConfig().scorer_gate == 0.3
    read_all = ground(GATE_RESPONSE, GATE_DOCS, GroundingConfig(engine=engine, models_dir=str(models_dir),
                                                                scorer_gate=None))
    for margin in (0.02, 0.5):      # 0.5: every verdict is near a threshold, so the row is read again in fp32
        cfg = GroundingConfig(engine=engine, models_dir=str(models_dir), scorer_gate=0.3, recheck_margin=margin)
        res = ground(GATE_RESPONSE, GATE_DOCS, cfg)
        assert res.coverage.windows == read_all.coverage.windows == 2 and res.coverage.windows_gated == 1
        assert "(1 not read: no sentence pair in them reached the cosine gate 0.3)" in coverage_html(res)
        penguins = [s.column for s in res.documents[1].sentences]
        assert penguins and all(res.sentence_map.labels[0][j] == 0 for j in penguins)
        assert [v.label for v in res.verdicts] == [v.label for v in read_all.verdicts] == ["Supported"]
        if margin == 0.5:
            assert res.coverage.rechecked > 0
    assert read_all.coverage.windows_gated == 0
