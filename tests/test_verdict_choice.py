"""Choosing the learned verdict model by the runtime's own verdicts (training/verdict_outcomes.py) and on folds of
every train claim (training.verdicts.fit with `folds`): the outcomes table, the folds, the choice."""
from __future__ import annotations

import numpy as np
import pytest

from grounding import learned
from grounding.types import CONTRADICTED, PARTIAL, SUPPORTED, UNSUPPORTED
from training.verdict_outcomes import LABELS, decided, folds_of

S, U, C = (learned.CLASSES.index(x) for x in (SUPPORTED, UNSUPPORTED, CONTRADICTED))


def _claims(n=600, seed=0):
    """Claims whose features tell their class apart, from 200 instances of three claims each."""
    rng = np.random.default_rng(seed)
    k = len(learned.FEATURES)
    y = rng.integers(0, 3, n)
    X = rng.normal(size=(n, k))
    X[:, learned.FEATURES.index("max_cos_entail")] += 2.5 * (y == S)
    X[:, learned.FEATURES.index("max_cos_contradict")] += 2.5 * (y == C)
    return {"X": X, "y": y, "dev": rng.random(n) < 0.3, "set": np.array(["a_train"] * n),
            "inst": np.arange(n) // 3}


def _as_said(n, default=U):
    """Outcomes where the runtime ends at whatever the model says (Partially supported counting as Supported),
    and the default preset says `default` of every claim."""
    row = [S, S, U, C, default]
    assert [learned.CLASSES[i] for i in row[:4]] == [SUPPORTED, SUPPORTED, UNSUPPORTED, CONTRADICTED]
    return np.tile(row, (n, 1))


def test_folds_keep_an_instance_whole_and_use_every_fold():
    data = _claims()
    fold = folds_of(data, 5)
    assert sorted(set(fold.tolist())) == [0, 1, 2, 3, 4]
    for n in range(200):
        assert len(set(fold[data["inst"] == n].tolist())) == 1
    assert all(60 <= (fold == k).sum() <= 180 for k in range(5))       # about a fifth each
    np.testing.assert_array_equal(fold, folds_of(data, 5))                 # fixed, not drawn


def test_decided_reads_the_runtimes_outcome_of_the_models_label():
    probs = np.array([[0.8, 0.1, 0.1], [0.4, 0.3, 0.3], [0.2, 0.2, 0.6], [0.2, 0.35, 0.45]])
    outcomes = np.array([[S, S, U, C, U], [U, S, U, C, U], [S, S, U, U, U], [S, S, U, C, U]])
    # Supported; Partially supported (P(S) < 0.5) which the rules after it end at Supported; Contradicted, which a
    # rule after the model ends at Unsupported; Contradicted below the least P(C) 0.5, so the next class
    np.testing.assert_array_equal(decided(probs, 0.5, outcomes), [S, S, U, U])
    np.testing.assert_array_equal(decided(probs, 0.0, outcomes), [S, S, U, C])
    assert LABELS.index(PARTIAL) == 1


def test_fit_on_folds_scores_every_claim_by_the_runtimes_outcomes():
    pytest.importorskip("sklearn")
    from training.verdicts import fit
    data = _claims()
    _, choice = fit(data, max_false_alarms=1.0, kinds=("logistic",), outcomes=_as_said(600), folds=5)
    assert choice["held_out"] == "5 folds of every claim" and choice["decided_by"].startswith("the runtime")
    assert choice["chosen"]["claims"] == 600 and choice["chosen"]["accuracy"] > 0.8
    assert choice["default_preset"]["accuracy"] == pytest.approx(round(float((data["y"] == U).mean()), 4))
    # a runtime that ends every claim at Unsupported whatever the model says: every candidate scores the same
    flat = np.tile([U, U, U, U, U], (600, 1))
    _, choice = fit(data, max_false_alarms=1.0, kinds=("logistic",), outcomes=flat, folds=5)
    assert {c["accuracy"] for c in choice["candidates"]} == {round(float((data["y"] == U).mean()), 4)}
    # the dev carve without folds: only its claims are scored
    _, choice = fit(data, max_false_alarms=1.0, kinds=("logistic",), outcomes=_as_said(600))
    assert choice["chosen"]["claims"] == int(data["dev"].sum()) and choice["held_out"] == "the dev carve"


def test_fit_can_hold_missed_contradictions_to_the_default_presets():
    """With the default preset calling 11 gold contradictions Supported, only settings that call no more of them
    Supported are allowed; without the hold the best macro F1 calls more."""
    pytest.importorskip("sklearn")
    from training.verdicts import fit
    data = _claims()
    data["X"][:, learned.FEATURES.index("max_cos_contradict")] *= 0.4     # contradictions harder to tell
    outcomes = _as_said(600)
    outcomes[:, -1] = data["y"]
    outcomes[np.flatnonzero(data["y"] == C)[:11], -1] = S
    _, free = fit(data, max_false_alarms=1.0, kinds=("logistic",), outcomes=outcomes, folds=5)
    _, held = fit(data, max_false_alarms=1.0, kinds=("logistic",), outcomes=outcomes, folds=5, hold_missed=True)
    assert free["default_preset"]["missed"] == 11
    assert held["chosen"]["missed"] <= 11 < free["chosen"]["missed"]
    assert held["chosen"]["macro_f1"] < free["chosen"]["macro_f1"]


def test_runtime_outcomes_leave_the_results_as_grounded():
    """pipeline.rederive rewrites the result it is given; the outcomes are read from copies, so the default
    preset's column is the result as grounded and a result reads the same after as before."""
    from grounding.config import GroundingConfig
    from grounding.pipeline import ground
    from training.verdict_outcomes import runtime_outcomes
    docs = [{"id": "d1", "title": "Trial", "text": "Drug X lowered blood pressure in the trial. "
                                                   "Liver enzyme levels did not rise."}]
    config = GroundingConfig(engine="claims", decompose=False, pfcr=False).validate()
    results = [ground(claim, docs, config) for claim in ("Drug X lowers blood pressure.",
                                                         "Drug X raises liver enzyme levels.")]
    before = [[(v.label, v.rule) for v in r.verdicts] for r in results]
    out = runtime_outcomes(results, "claims")
    assert [[(v.label, v.rule) for v in r.verdicts] for r in results] == before
    assert all(r.config.preset == config.preset for r in results)
    assert list(out[:, -1]) == [S, C] and out[0, LABELS.index(SUPPORTED)] == S
    assert out[1, LABELS.index(CONTRADICTED)] == C


def test_the_command_chooses_on_folds_and_says_how(tmp_path, capsys):
    """python -m training.verdicts on a feature cache without kept results: --folds chooses on every claim by the
    simulation and the JSON says so; --hold-missed, which needs the runtime's verdicts, is refused with what to do."""
    pytest.importorskip("sklearn")
    import json
    from training.verdicts import main
    from grounding import GroundingConfig, fitted
    cache = tmp_path / "features.npz"
    read_with = fitted.fingerprints(GroundingConfig().models_dir, "context")   # the models the features were read with
    np.savez(cache, **_claims(300), models=np.array(json.dumps(read_with)))
    out = tmp_path / "verdicts"
    assert main(["--engine", "context", "--features", str(cache), "--folds", "3", "--kinds", "logistic",
                 "--out", str(out)]) == 0
    written = json.loads((out / "context.json").read_text())
    assert written["models"] == read_with      # what the runtime checks the model set against
    assert written["selection"]["held_out"] == "3 folds of every claim"
    assert written["selection"]["decided_by"] == "a simulation" and written["selection"]["chosen"]["claims"] == 300
    assert "--folds 3" in written["command"] and written["kind"] == "logistic"
    assert main(["--engine", "context", "--features", str(cache), "--hold-missed", "--out", str(out)]) == 2
    assert "needs the grounding results" in capsys.readouterr().err
