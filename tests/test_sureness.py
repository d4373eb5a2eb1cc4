"""How sure a verdict is (grounding/sureness.py): the curves' arithmetic, when no figure is given and why, what
the verdict card shows, the reliability figures, the fitting code on a few rows, and the shipped calibrations."""
from __future__ import annotations

import dataclasses
import json
import shutil
from pathlib import Path

import numpy as np
import pytest

from evaluation.verdicts import Scores, reliability, sureness_table
from grounding import GroundingConfig, ground, learned, sureness
from grounding.engines import ENGINES as ENGINES_BY_NAME
from grounding.examples import EXAMPLES
from grounding.pipeline import rederive
from grounding.render import claims_html, metrics_html, verdicts_html
from grounding.types import CONTRADICTED, PARTIAL, SUPPORTED, UNSUPPORTED, Verdict

ROOT = Path(__file__).resolve().parent.parent
SHIPPED = ROOT / "exported_models"
ENGINES = ("claims", "context", "context-fast")


def _fake_set(tmp_path: Path, engine: str = "context", curves=None, settings=None) -> str:
    """A model folder set holding the shipped models of `engine` (linked), its shipped learned verdict model and a
    calibration of ours."""
    (tmp_path / "verdicts").mkdir(parents=True, exist_ok=True)
    for folder in ENGINES_BY_NAME[engine].models.values():
        if not (tmp_path / folder).exists():
            (tmp_path / folder).symlink_to(SHIPPED / folder, target_is_directory=True)
    shutil.copy(SHIPPED / "verdicts" / f"{engine}.json", tmp_path / "verdicts" / f"{engine}.json")
    curve = curves or {c: [0.0, 1.0, 0.0] for c in learned.CLASSES}   # the probability itself
    data = {"engine": engine, "settings": settings or {"tau": 0.5, "scorer_gate": 0.3},
            "learned_model_sha256": sureness.model_digest(str(tmp_path), engine),
            "curves": {"joint": curve, "learned": curve}}
    sureness.path_of(str(tmp_path), engine).write_text(json.dumps(data))
    sureness.forget()
    return str(tmp_path)


def test_features_and_chance_follow_the_curve(tmp_path):
    probs = np.array([0.2, 0.1, 0.7])
    f = sureness.features(probs, CONTRADICTED)
    assert f[0] == 1.0 and f[1] == pytest.approx(np.log(0.7 / 0.3)) and f[2] == 1.0
    f = sureness.features(probs, PARTIAL)          # scored as Supported: the model does not lean that way
    assert f[1] == pytest.approx(np.log(0.2 / 0.8)) and f[2] == 0.0
    models = _fake_set(tmp_path, curves={SUPPORTED: [0.5, 2.0, -1.0], UNSUPPORTED: [0.0, 1.0, 0.0],
                                         CONTRADICTED: [-1.0, 1.0, 1.0]})
    cal = sureness.load(models, "context")
    z = 0.5 + 2.0 * np.log(0.2 / 0.8) - 0.0
    assert cal.chance("joint", probs, SUPPORTED) == pytest.approx(1 / (1 + np.exp(-z)))
    assert cal.chance("joint", probs, CONTRADICTED) == pytest.approx(1 / (1 + np.exp(-(-1 + np.log(0.7 / 0.3) + 1))))


def test_a_calibration_missing_a_class_is_refused(tmp_path):
    models = _fake_set(tmp_path)
    path = sureness.path_of(models, "context")
    data = json.loads(path.read_text())
    del data["curves"]["joint"][UNSUPPORTED]
    path.write_text(json.dumps(data))
    with pytest.raises(ValueError, match="three numbers"):
        sureness.Calibration(path)


@pytest.mark.parametrize("band_of, expected", [(0.9, "sure"), (0.75, "sure"), (0.6, "fairly sure"), (0.5, "fairly sure"),
                                               (0.49, "unsure"), (None, "")])
def test_bands(band_of, expected):
    assert sureness.band(band_of) == expected


def _verdict(label=SUPPORTED) -> Verdict:
    return Verdict(claim=0, label=label, score=0.8, anchor=0, cosine=0.8)


def test_attach_gives_a_figure_and_the_next_reading(tmp_path):
    models = _fake_set(tmp_path)
    config = GroundingConfig(models_dir=models)
    v = sureness.attach(_verdict(SUPPORTED), config, "context", np.array([0.3, 0.45, 0.25]), SUPPORTED, False)
    assert v.sureness == pytest.approx(0.3, abs=1e-4) and v.alternative == UNSUPPORTED and v.sureness_note == ""
    text = sureness.describe(v)
    assert "How sure: 30 % (unsure)" in text and "It may be Unsupported" in text
    v = sureness.attach(_verdict(CONTRADICTED), config, "context", np.array([0.05, 0.1, 0.85]), CONTRADICTED, False)
    assert v.sureness == pytest.approx(0.85, abs=1e-4) and "(sure)" in sureness.describe(v)
    assert "It may be" not in sureness.describe(v)


@pytest.mark.parametrize("change, base, partly, reason", [
    ({}, UNSUPPORTED, False, "a rule after the preset's decision changed the verdict from Unsupported; those rules are"),
    ({}, SUPPORTED, True, "the claim was read only in part"),
    ({"tau": 0.4}, SUPPORTED, False, "the run's settings differ from those it was calibrated under (tau)"),
    ({"overrides": {"supported": 0.8}}, SUPPORTED, False, "the verdict settings were changed from the preset's own (supported)"),
    ({"preset": "paper"}, SUPPORTED, False, "no calibration for preset 'paper'"),
    ({"pfcr": False, "decompose": False, "time_budget": 5.0}, SUPPORTED, False, ""),   # settings that decide nothing
])
def test_no_figure_where_the_calibration_does_not_speak(tmp_path, change, base, partly, reason):
    models = _fake_set(tmp_path)
    config = GroundingConfig(models_dir=models, **change)
    v = sureness.attach(_verdict(SUPPORTED), config, "context", np.array([0.8, 0.1, 0.1]), base, partly)
    if reason:
        assert v.sureness is None and v.sureness_note.startswith(reason)
        assert sureness.describe(v) == f"How sure: not measured ({v.sureness_note})."
    else:
        assert v.sureness == pytest.approx(0.8, abs=1e-4)


def test_no_figure_without_a_calibration_or_after_a_refit(tmp_path):
    v = sureness.attach(_verdict(), GroundingConfig(models_dir=str(tmp_path / "none")), "context",
                        np.array([0.8, 0.1, 0.1]), SUPPORTED, False)
    assert v.sureness is None and v.sureness_note == "no calibration for engine 'context' in this model set"
    models = _fake_set(tmp_path)
    path = Path(models) / "verdicts" / "context.json"
    path.write_text(path.read_text() + " ")          # a refitted learned model: the curves read another model
    sureness.forget()
    v = sureness.attach(_verdict(), GroundingConfig(models_dir=models), "context", np.array([0.8, 0.1, 0.1]),
                        SUPPORTED, False)
    assert v.sureness is None and "the learned verdict model changed" in v.sureness_note


def test_the_card_shows_the_figure_and_marks_unsure_escaped(tmp_path):
    ex = EXAMPLES[0]
    result = ground(ex["response"], ex["context"], GroundingConfig(models_dir=str(SHIPPED)))
    result.verdicts[0].sureness, result.verdicts[0].alternative = 0.31, UNSUPPORTED
    result.verdicts[1].sureness, result.verdicts[1].sureness_note = None, "a <b>rule</b> decided"
    result.verdicts[2].sureness = 0.9
    assert claims_html(result).count('class="unsure-tag"') == 1   # the claims list tags it too
    html = verdicts_html(result)
    assert html.count('class="unsure-tag"') == 1
    assert "How sure: 31 % (unsure)" in html and "It may be Unsupported" in html
    assert "How sure: not measured (a &lt;b&gt;rule&lt;/b&gt; decided)." in html and "<b>rule</b>" not in html
    assert "How sure: 90 % (sure)" in html
    assert "unsure</span><b>1</b>" in metrics_html(result)


def test_reliability_figures():
    chance = np.array([0.9] * 10 + [0.3] * 10)
    right = np.array([1] * 9 + [0] + [1] * 3 + [0] * 7)
    r = reliability(chance, right)
    assert r["ece"] == pytest.approx(0.0) and r["accuracy"] == pytest.approx(0.6)
    assert r["sure"] == {"claims": 10, "right": 0.9} and r["unsure"] == {"claims": 10, "right": 0.3}
    assert r["fairly sure"] == {"claims": 0, "right": None}
    assert r["brier"] == pytest.approx((9 * 0.01 + 0.81 + 3 * 0.49 + 7 * 0.09) / 20)
    r = reliability(np.full(10, 0.9), np.array([1] * 5 + [0] * 5))   # says 90 %, is right half the time
    assert r["ece"] == pytest.approx(0.4)


def test_sureness_table_counts_claims_with_and_without_a_figure():
    s = Scores(gold=[SUPPORTED, SUPPORTED, CONTRADICTED, UNSUPPORTED], pred=[SUPPORTED, UNSUPPORTED, CONTRADICTED, SUPPORTED],
               sure=[0.9, 0.4, None, 0.8])
    table = sureness_table({"default": {"all": s}})
    row = table.splitlines()[2].split(" | ")
    assert row[2:5] == ["4", "3", "0.3333"] and row[7] == "2 / 0.5" and row[9] == "1 / 0.0" and row[10] == "1 / 1.0 |"


def test_fitting_recovers_a_known_relation():
    from training.sureness import apply_curves, fit_curves
    rng = np.random.default_rng(0)
    n = 3000
    p = rng.uniform(0.05, 0.95, n)
    cls = rng.integers(0, 3, n)
    truth = 1 / (1 + np.exp(-(0.5 + 1.5 * np.log(p / (1 - p)))))    # right more often than the probability says
    right = (rng.uniform(size=n) < truth).astype(float)
    F = np.stack([np.ones(n), np.log(p / (1 - p)), np.zeros(n)], axis=1)
    curves = fit_curves(F, right, cls)
    for c in learned.CLASSES:
        assert curves[c][0] == pytest.approx(0.5, abs=0.3) and curves[c][1] == pytest.approx(1.5, abs=0.3)
    assert np.abs(apply_curves(curves, F, cls) - truth).mean() < 0.05
    # a class seen too rarely gets a flat curve at its smoothed rate
    few = fit_curves(F[:30], right[:30], np.array([0] * 25 + [1] * 5))
    assert few[UNSUPPORTED][1] == 0.0 and few[UNSUPPORTED][0] == pytest.approx(
        np.log(((right[25:30].sum() + 1) / 7) / (1 - (right[25:30].sum() + 1) / 7)))


def test_shown_verdicts_are_the_runtimes_own():
    """training.sureness reads each claim's verdict by rederiving its kept result: under preset learned, the label
    the given probabilities say (then the rules); under joint, the result's own."""
    from training.sureness import shown_verdicts
    docs = [{"id": "d1", "title": "", "text": "The museum is open every day from 10am to 6pm. Entry is free for children."}]
    results = [ground(c, docs, GroundingConfig(decompose=False, pfcr=False))
               for c in ("The museum opens at 10am.", "Children pay £5 to enter.")]
    probs = np.array([[0.1, 0.8, 0.1], [0.1, 0.1, 0.8]])
    shown = shown_verdicts(results, probs, "context", presets=("joint", "learned"), contradicted_min=0.5)
    assert shown["joint"][0] == [r.verdicts[0].label for r in results]
    assert shown["learned"][0][0] in (UNSUPPORTED, SUPPORTED)   # the joint rule may decide Supported first
    assert shown["learned"][0][1] == CONTRADICTED
    assert shown["learned"][1].dtype == bool and len(shown["learned"][1]) == 2


@pytest.mark.parametrize("engine", ENGINES)
def test_shipped_calibration_matches_its_learned_model(engine):
    cal = sureness.load(str(SHIPPED), engine)
    assert cal is not None, f"exported_models/verdicts/sureness_{engine}.json is missing"
    assert cal.model_sha256 == sureness.model_digest(str(SHIPPED), engine)
    assert set(cal.curves) >= {"joint", "learned"}
    held = cal.card["held_out"]["joint"]["curves"]
    assert held["ece"] < 0.05                               # on the held-out folds the figures hold
    assert held["sure"]["right"] > held["unsure"]["right"] + 0.2   # and they tell right verdicts from wrong ones
    assert cal.settings["tau"] == GroundingConfig().tau


@pytest.mark.parametrize("engine", ENGINES)
def test_shipped_examples_get_figures_that_follow_the_preset(engine):
    ex = EXAMPLES[0]   # the planted contradictions
    result = ground(ex["response"], ex["context"], GroundingConfig(engine=engine))
    figures = [v for v in result.verdicts if v.sureness is not None]
    assert figures, [v.sureness_note for v in result.verdicts]
    for v in result.verdicts:
        assert (v.sureness is None) == bool(v.sureness_note)
        if v.sureness is not None:
            assert 0.0 < v.sureness < 1.0 and v.alternative in learned.CLASSES
    moved = rederive(result, dataclasses.replace(result.config, overrides={"supported": 0.9}))
    assert all(v.sureness is None and "verdict settings were changed" in v.sureness_note
               for v in moved.verdicts if v.label != "Not assessed")


def test_extract_only_keeps_the_shipped_model(tmp_path, capsys):
    """training.verdicts --extract-only stops after the features (read back from the cache here): no model is
    written, so a calibration fitted on the shipped learned model stays valid."""
    from training import verdicts as tv
    cache = tmp_path / "verdict_features_context.npz"
    n = 12
    from grounding import fitted
    np.savez(cache, X=np.zeros((n, len(learned.FEATURES))), y=np.zeros(n, dtype=int), dev=np.zeros(n, dtype=bool),
             set=np.array(["scifact_train"] * n), inst=np.arange(n),
             models=np.array(json.dumps(fitted.fingerprints(str(SHIPPED), "context"), sort_keys=True)))
    out = tmp_path / "out"
    assert tv.main(["--engine", "context", "--features", str(cache), "--out", str(out), "--extract-only"]) == 0
    assert not out.exists() and "12 claims' features and results kept" in capsys.readouterr().err


def test_training_sureness_says_what_is_missing(tmp_path, capsys):
    from training.sureness import main
    assert main(["--engine", "context", "--features", str(tmp_path / "none.npz")]) == 2
    assert "run python -m training.verdicts --engine context first" in capsys.readouterr().err
    cache = tmp_path / "verdict_features_context.npz"
    np.savez(cache, X=np.zeros((3, len(learned.FEATURES))), y=np.zeros(3, dtype=int), dev=np.zeros(3, dtype=bool),
             set=np.array(["scifact_train"] * 3), inst=np.arange(3))
    models = _fake_set(tmp_path / "models")
    assert main(["--engine", "context", "--features", str(cache), "--models-dir", models]) == 2
    assert "the grounding results beside" in capsys.readouterr().err
