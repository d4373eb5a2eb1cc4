"""Near a threshold the int8 models' judgement is redone by their fp32 twins (grounding.precise,
grounding.stages.recheck), so a verdict does not turn on int8 error, the CPU's kernel or batch-mates."""
from __future__ import annotations

import dataclasses
import json
from pathlib import Path

import numpy as np
import pytest

from export import probe
from export.recover import twin_folder
from grounding import GroundingConfig, ground, precise, runtime
from grounding.examples import BY_NAME, DRUG_X, claim_label
from grounding.scorer import ContextScorer
from grounding.stages.recheck import moved
from grounding.stages.self_check import self_check
from grounding.types import Claim, PairScore, Sentence

ROOT = Path(__file__).resolve().parent.parent
MODELS = ROOT / "exported_models"


@pytest.mark.parametrize("name", ["entailment", "scorer", "scorer_fast"])
def test_fp32_twin_gives_the_cards_fp32_reference(name):
    """The twin built in memory from the shipped int8 file computes what the card recorded for the fp32 model
    (the int8 weights dequantized), to fp32 rounding, and holds no int8 product; the int8 model itself is
    0.02-0.21 away on the same probe."""
    folder = MODELS / name
    twin = precise.fp32_graph((folder / "model.onnx").read_bytes())
    assert not precise.is_quantized(twin) and precise.is_quantized((folder / "model.onnx").read_bytes())
    card = json.loads((folder / "card.json").read_text())
    reference = np.asarray(card["probe"]["reference"])
    items = probe.probe_items(card["role"])
    if card["role"] == "entailment":
        model = runtime.Entailment(folder, threads=1)
        got = model.predict([p for p, _ in items], [h for _, h in items], fp32=True)
        int8 = model.predict([p for p, _ in items], [h for _, h in items])
    else:
        scorer = ContextScorer(folder, threads=1)
        got = np.concatenate([scorer.score(r, d, fp32=True).probabilities.reshape(-1, 3) for r, d in items])
        int8 = np.concatenate([scorer.score(r, d).probabilities.reshape(-1, 3) for r, d in items])
    assert np.abs(got - reference).max() < 1e-4, f"fp32 twin of {name} is {np.abs(got - reference).max()} away"
    assert np.abs(int8 - reference).max() > 0.01   # the int8 model is not the reference: the check can tell


def test_twin_of_an_fp32_graph_is_itself():
    twin = precise.fp32_graph((MODELS / "entailment" / "model.onnx").read_bytes())
    assert precise.fp32_graph(twin) == twin


def test_moved_pair_shifts_toward_support_or_contradiction():
    p = PairScore(claim=0, column=3, cosine=0.8, entail=0.30, neutral=0.30, contradict=0.40, psi=-1, judged=True)
    up, down = moved(p, 0.06), moved(p, -0.06)
    assert (up.entail, up.contradict) == pytest.approx((0.36, 0.34)) and up.psi == 1
    assert (down.entail, down.contradict) == pytest.approx((0.24, 0.46)) and down.psi == -1
    assert moved(PairScore(claim=0, column=0, cosine=0.2), 0.1).entail is None   # unjudged pairs stay as they are
    edge = moved(dataclasses.replace(p, entail=0.98, contradict=0.01), 0.05)
    assert edge.entail == 1.0 and edge.contradict == 0.0


def _pairs(res):
    return [p for p in res.pairs if p.judged]


def test_claims_engine_rechecks_borderline_claims_with_fp32_numbers():
    """Margin 0.5 makes every judged claim borderline: every judged pair is judged again by the fp32 twin, and
    its numbers are the twin's for that pair; margin 0 rechecks nothing. The word-for-word rule is off here
    (it is on with reversal_override): both of the example's claims are stated as written in the 2021 document,
    so no probability could move their verdicts and nothing would be borderline."""
    ex = BY_NAME["conflicting"]
    config = GroundingConfig(engine="claims", models_dir=str(MODELS), overrides={"reversal_override": None})
    off = ground(ex["response"], ex["context"], dataclasses.replace(config, recheck_margin=0.0), ex["question"])
    assert off.coverage.rechecked == 0 and not any(p.rechecked for p in off.pairs)
    on = ground(ex["response"], ex["context"], dataclasses.replace(config, recheck_margin=0.5), ex["question"])
    judged = _pairs(on)
    # the coverage counts the pairs and the claims' joint readings (judge_joint) judged again
    joint = [c for c in on.claims if c.joint_rechecked and len(c.joint_columns) > 1]
    assert judged and all(p.rechecked for p in judged) and on.coverage.rechecked == len(judged) + len(joint)
    ent = runtime.Entailment(MODELS / "entailment", threads=1)
    ctx = [s.text for s in on.context_sentences]
    fp32 = ent.predict([ctx[p.column] for p in judged], [on.claims[p.claim].text for p in judged], fp32=True)
    got = np.array([[p.entail, p.neutral, p.contradict] for p in judged])
    assert np.abs(got - fp32).max() < 1e-3
    int8 = np.array([[p.entail, p.neutral, p.contradict] for p in _pairs(off)])
    assert np.abs(int8 - got).max() > 0.002   # int8 and fp32 differ here (twice the 1e-3 above), so the test can tell them apart


def test_context_engine_rereads_the_sentences_windows_in_fp32():
    """The windows holding a borderline sentence, read again in fp32, give that row what a whole fp32 pass gives."""
    ex = BY_NAME["long_context"]
    config = GroundingConfig(engine="context-fast", models_dir=str(MODELS), recheck_margin=0.5)
    res = ground(ex["response"], ex["context"], config, ex["question"])
    rechecked = [p for p in res.pairs if p.rechecked]
    joint = [c for c in res.claims if c.joint_rechecked]   # context engines: every joint reading is a model run
    parts = [p for c in res.claims for p in c.parts if p.rechecked]   # and so is every part's (judge_parts)
    assert rechecked and res.coverage.rechecked == len(rechecked) + len(joint) + len(parts)
    scorer = ContextScorer(MODELS / "scorer_fast", threads=1)
    docs = [[s.text for s in d.sentences] for d in res.documents]
    whole = scorer.score([s.text for s in res.response_sentences], docs, fp32=True,
                         rows_per_window=res.config.rows_per_window).probabilities
    for p in rechecked:
        row = res.claims[p.claim].sentence
        assert [p.entail, p.contradict, p.neutral] == pytest.approx(whole[row, p.column].tolist(), abs=1e-3)


def test_scorer_rows_run_only_their_windows():
    scorer = ContextScorer(MODELS / "scorer_fast", threads=1)
    response = ["Revenue rose 5%.", "The CEO resigned."]
    docs = [["Revenue rose 5% in 2023.", "The CEO stayed on."]]
    whole = scorer.score(response, docs, fp32=True).probabilities
    one = scorer.score(response, docs, fp32=True, rows={1}).probabilities
    assert np.allclose(one[1], whole[1], atol=1e-5)   # one window holds both rows here: both are read
    assert not np.isnan(one).any()


def test_self_check_rejudges_a_part_at_its_threshold_in_fp32():
    """A part whose int8 P(entail) sits within the margin of the self-check threshold gets the fp32 twin's."""
    ent = runtime.Entailment(MODELS / "entailment", threads=1)
    text = "Drug X lowered blood pressure and raised liver enzymes."
    parts_text = ["Drug X lowered blood pressure.", "Drug X raised liver enzymes."]
    int8 = ent.predict([text] * 2, parts_text)[:, 0]
    fp32 = ent.predict([text] * 2, parts_text, fp32=True)[:, 0]
    sent = Sentence(text=text, start=0, end=len(text), source="response", index=0)
    config = GroundingConfig(self_check_threshold=float(int8[0]), recheck_margin=0.01)
    parts = [Claim(text=t, sentence=0, start=0, end=len(text)) for t in parts_text]
    self_check(sent, 0, parts, config, ent)
    assert parts[0].entailed == pytest.approx(round(float(fp32[0]), 4), abs=1e-4)
    if abs(int8[1] - int8[0]) >= 0.01:   # the other part is not near the threshold: int8 stands
        assert parts[1].entailed == pytest.approx(round(float(int8[1]), 4), abs=1e-4)


@pytest.fixture(scope="module")
def fp32_models(tmp_path_factory) -> Path:
    """The shipped model set with every int8 model replaced by its fp32 twin (the learned verdicts as shipped)."""
    out = tmp_path_factory.mktemp("fp32")
    for name in ("embedder", "entailment", "scorer", "scorer_fast"):
        twin_folder(MODELS / name, out / name)
    (out / "verdicts").symlink_to(MODELS / "verdicts")
    return out


# the claims whose int8 verdict or named conflict differed from fp32 before the recheck (README, "Same answers on
# every CPU"): P(contradict) 0.637 vs 0.599 against conflict_note 0.60; F 0.379 vs 0.403 against the 0.40 band
@pytest.mark.parametrize("name,engine", [("conflicting", "claims"), ("long_context", "context-fast"),
                                         ("drug_x", "claims"), ("drug_x", "context")])
def test_examples_get_the_fp32_verdicts(name, engine, fp32_models):
    ex = DRUG_X if name == "drug_x" else BY_NAME[name]
    out = {}
    for label, models in (("int8", MODELS), ("fp32", fp32_models)):
        res = ground(ex["response"], ex["context"], GroundingConfig(engine=engine, models_dir=str(models)), ex["question"])
        out[label] = [(claim_label(res, v), v.conflicting) for v in res.verdicts
                      if res.claims[v.claim].origin != "rejected"]
    assert out["int8"] == out["fp32"]


@pytest.mark.parametrize("engine", ["claims", "context"])
def test_sources_that_give_another_value_are_named(engine):
    """"Sources disagree": the 2023 update gives 25 mg where the claim (and the 2021 label) says 50 mg. A backed
    claim names it as leaning against it by the values, whatever its P(contradict) (fp32: 0.599, under the 0.60
    conflict_note), and the explanation says which values."""
    from grounding.explain import explain
    ex = BY_NAME["conflicting"]
    res = ground(ex["response"], ex["context"], GroundingConfig(engine=engine, models_dir=str(MODELS)), ex["question"])
    v = res.verdicts[0]
    update = next(s.column for s in res.context_sentences if "25 mg" in s.text)
    assert v.label in ("Supported", "Contradicted") and (v.conflicting == update or v.anchor == update)
    if v.label == "Supported":
        assert "it gives 25 mg where the claim says 50 mg" in explain(res, v, res.claims[v.claim])
    off = ground(ex["response"], ex["context"], GroundingConfig(engine=engine, models_dir=str(MODELS),
                                                                overrides={"conflict_note": None, "nli_override": None}),
                 ex["question"])   # the note, and the override rule that names a source in a joint reading, off
    assert off.verdicts[0].conflicting is None or off.verdicts[0].label == "Contradicted"


def test_prepare_twins_builds_every_engines_fp32_twin_once():
    """The app builds the twins before serving (so memory settles with them and no request waits for one)."""
    from grounding.models import load_roles
    from grounding.pipeline import prepare_twins
    assert prepare_twins(str(MODELS)) == 4
    models = list(load_roles(str(MODELS), ("embedder", "entailment", "scorer", "scorer_fast"), None).values())
    sessions = [(m.encoder if hasattr(m, "encoder") else m.model)._fp32 for m in models]
    assert all(s is not None for s in sessions)
    assert all(not any(o.name.endswith("/q") for o in s.get_outputs()) for s in sessions)
    prepare_twins(str(MODELS))
    assert [(m.encoder if hasattr(m, "encoder") else m.model)._fp32 for m in models] == sessions   # built once
    from grounding import fitted   # nor does the first request hash the models the learned verdicts were fitted on
    before = fitted._digest.cache_info()
    for name in ("claims", "context", "context-fast"):
        assert fitted.fingerprints(str(MODELS), name)
    assert fitted._digest.cache_info().misses == before.misses
