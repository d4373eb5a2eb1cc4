"""Learned verdicts: quantity conflicts, the feature vector, the JSON model the runtime reads, the fit."""
from __future__ import annotations

import json

import numpy as np
import pytest

from grounding import learned
from grounding.types import CONTRADICTED, PARTIAL, SUPPORTED, UNSUPPORTED, PairScore


@pytest.mark.parametrize("claim, context, expected", [
    ("70% of patients reached remission.", "30% of patients reached remission.", [("70%", "30%")]),
    ("The starting dose is 50 mg once daily.", "The starting dose is now 25 mg once daily.", [("50 mg", "25 mg")]),
    # a value named only to deny it is not the claim's value; one stated is
    ("The starting dose is 50 mg once daily.", "It is now 25 mg once daily, not 50 mg.", [("50 mg", "25 mg")]),
    ("The starting dose is 50 mg once daily.", "It is 50 mg once daily, not 25 mg.", []),
    ("The label dates from 2021.", "The label dates from 2023 rather than 2021.", [("2021", "2023")]),
    ("The label dates from 2021.", "The label was updated in 2023.", [("2021", "2023")]),
    ("The starting dose is 50 mg.", "The starting dose is 50 mg once daily.", []),          # same value
    ("The trial enrolled 612 adults.", "Six patients stopped treatment.", []),              # other unit word
    ("The park has 620 megawatts.", "The park was connected in September.", []),            # nothing comparable
    # the sentence states another of the claim's percentages too: which of its values answers which is unknown
    ("Ascites (3% to 28%) and encephalopathy (4.5% to 27%).", "Ascites 109 (28%), encephalopathy 104 (27%).", []),
    # the same value moving the other way (a direction word within three words of it, the nearest one)
    ("Wind generation rose by 6% thanks to strong winds.", "Wind generation reached 14.2 TWh, 6% less than in 2022.",
     [("6% (rose)", "6% (less)")]),
    ("Costs were cut by 10 percent.", "Costs increased by 10 percent.", [("10 percent (cut)", "10 percent (increased)")]),
    ("Sales fell by 10%.", "Sales were down 10% on the year.", []),                        # both down
    ("About 20% more patients responded.", "The response rate was 20% in both arms.", []),  # no direction there
    # "more slowly" is less ("grow about 20% more slowly" was Contradicted by "added about 20% less skeleton")
    ("Corals with D7 grow about 20% more slowly.", "Corals hosting D7 added about 20% less skeleton each year.", []),
    ("Corals with D7 grow about 20% more slowly.", "Corals hosting D7 added about 20% more skeleton each year.",
     [("20% (more slowly)", "20% (more)")]),
    # a bound is no direction, nor a verb after the value: it is its subject's ("homes lost power")
    ("Over 200,000 homes lost power.", "More than 200,000 homes lost power, and about 40,000 were still without "
     "electricity on Friday.", []),
    ("The grant pays up to 50% of the cost.", "Costs fell by 50% after the grant.", []),
    # a noun next to the value, and a verb before the bound, still give the direction
    ("Sales saw a 6% increase.", "Sales saw a 6% drop.", [("6% (increase)", "6% (drop)")]),
    ("Prices rose to more than 5%.", "Prices fell to more than 5%.", [("5% (rose)", "5% (fell)")]),
    # a day of the week is a value of its own kind: "until Monday" against the days the same subject was closed
    ("Schools stayed closed until Monday.", "Schools were closed on Thursday and reopened on Friday.",
     [("Monday", "Thursday")]),
    ("Schools reopened on Friday.", "Schools were closed on Thursday and reopened on Friday.", []),
    # a decade is a span of years, not a value: "the 1900s" holds "the 1950s"
    ("The warming since the middle 1900s is man-made.", "The warming since the 1950s is man-made.", []),
    ("The reef may perish by the 2030s.", "The reef may perish by 2050.", []),
])
def test_quantity_conflicts(claim, context, expected):
    assert learned.quantity_conflicts(claim, context) == expected


def _pair(column, cosine, e, n, c, psi, overlap=None):
    return PairScore(claim=0, column=column, cosine=cosine, entail=e, neutral=n, contradict=c, psi=psi,
                     signed=cosine * psi, judged=True, entity_overlap=overlap)


def test_claim_features_read_the_pairs():
    ctx = ["30% of patients reached remission.", "The trial ran for 12 weeks.", "Remission was reached by 70%."]
    pairs = [_pair(0, 0.9, 0.1, 0.2, 0.7, -1, 0.0), _pair(2, 0.8, 0.8, 0.1, 0.1, 1, 1.0)]
    x = dict(zip(learned.FEATURES, learned.claim_features("70% of patients reached remission.", pairs, ctx, 0.9)))
    assert x["judged"] == 1 and x["best_cosine"] == pytest.approx(0.9)
    assert x["top_contradict"] == pytest.approx(0.7) and x["max_entail"] == pytest.approx(0.8)
    assert x["n_support"] == 1 and x["n_contradict"] == 1 and x["both"] == 1
    assert x["anchor_rank"] == 1                          # the support anchor is the second most similar
    assert x["top_quantity_conflicts"] == 1 and x["anchor_quantity_conflicts"] == 0
    assert x["claim_has_quantity"] == 1 and x["anchor_overlap"] == 1.0
    none = dict(zip(learned.FEATURES, learned.claim_features("It rained.", [], ctx, 0.2)))
    assert none["judged"] == 0 and none["best_cosine"] == pytest.approx(0.2) and none["anchor_overlap_missing"] == 1


def _model_file(tmp_path, coef):
    k = len(learned.FEATURES)
    data = {"features": list(learned.FEATURES), "classes": list(learned.CLASSES), "mean": [0.0] * k,
            "scale": [1.0] * k, "coef": coef, "intercept": [0.0, 0.0, 0.0]}
    path = tmp_path / "claims.json"
    path.write_text(json.dumps(data))
    return path


def test_model_json_gives_softmax_probabilities_and_labels(tmp_path):
    k = len(learned.FEATURES)
    coef = np.zeros((3, k))
    coef[0, learned.FEATURES.index("max_cos_entail")] = 8.0        # support
    coef[2, learned.FEATURES.index("max_cos_contradict")] = 8.0    # contradiction
    coef[1, learned.FEATURES.index("judged")] = -2.0
    model = learned.LearnedVerdictModel(_model_file(tmp_path, coef.tolist()))
    ctx = ["Drug X lowered blood pressure.", "Liver enzymes did not rise."]
    supported = model.probabilities(learned.claim_features("Drug X lowers blood pressure.",
                                                           [_pair(0, 0.9, 0.95, 0.03, 0.02, 1)], ctx, 0.9))[0]
    contradicted = model.probabilities(learned.claim_features("Liver enzymes rose.",
                                                              [_pair(1, 0.8, 0.02, 0.03, 0.95, -1)], ctx, 0.8))[0]
    assert supported.sum() == pytest.approx(1.0) and supported.argmax() == 0 and supported[0] > 0.9
    assert contradicted.argmax() == 2
    assert learned.label_from(supported, 0.5) == SUPPORTED
    assert learned.label_from(np.array([0.45, 0.3, 0.25]), 0.5) == PARTIAL
    assert learned.label_from(np.array([0.2, 0.3, 0.5]), 0.5) == CONTRADICTED
    assert learned.label_from(np.array([0.2, 0.5, 0.3]), 0.5) == UNSUPPORTED


def test_model_fitted_on_other_features_is_refused(tmp_path):
    path = _model_file(tmp_path, np.zeros((3, len(learned.FEATURES))).tolist())
    data = json.loads(path.read_text())
    data["features"] = data["features"][:-1]
    path.write_text(json.dumps(data))
    with pytest.raises(ValueError, match="refit"):
        learned.LearnedVerdictModel(path)


def test_learned_preset_without_a_model_says_what_to_do(tmp_path):
    learned.load.cache_clear()
    with pytest.raises(ValueError, match="use preset 'paper'"):
        learned.load(str(tmp_path), "claims")


def _synthetic_claims(contradict_shift: float, n: int = 300):
    """(rng, X, y): random features where the support and contradiction cosines lean to their labels."""
    rng = np.random.default_rng(0)
    y = rng.integers(0, 3, n)
    X = rng.normal(size=(n, len(learned.FEATURES)))
    X[:, learned.FEATURES.index("max_cos_entail")] += 2.5 * (y == 0)
    X[:, learned.FEATURES.index("max_cos_contradict")] += contradict_shift * (y == 2)
    return rng, X, y


def test_fit_chooses_a_setting_within_the_false_alarm_limit():
    pytest.importorskip("sklearn")
    from training.verdicts import fit
    rng, X, y = _synthetic_claims(2.5)
    n, k = X.shape
    params, choice = fit({"X": X, "y": y, "dev": rng.random(n) < 0.3}, max_false_alarms=0.2, kinds=("logistic",))
    assert choice["chosen"]["false_alarm_rate"] <= 0.2 and choice["chosen"]["accuracy"] > 0.6
    assert params["kind"] == "logistic" and np.asarray(params["coef"]).shape == (3, k) and len(params["mean"]) == k
    params, choice = fit({"X": X, "y": y, "dev": rng.random(n) < 0.3}, max_false_alarms=0.2, kinds=("trees",))
    assert choice["chosen"]["kind"] == "trees" and choice["chosen"]["accuracy"] > 0.6
    assert params["kind"] == "trees" and all(len(stage) == 3 for stage in params["trees"])


def test_fit_can_hold_the_upper_end_of_the_false_alarm_interval_to_the_limit():
    pytest.importorskip("sklearn")
    from training.verdicts import fit, wilson_upper
    assert wilson_upper(0.06, 650) == pytest.approx(0.0810, abs=5e-4)      # 39 of 650: the interval's upper end
    assert wilson_upper(0.0, 10) == pytest.approx(0.2775, abs=5e-4) and wilson_upper(0.5, 0) == 1.0
    rng, X, y = _synthetic_claims(1.0)
    data = {"X": X, "y": y, "dev": rng.random(len(y)) < 0.3}
    clean = int((y[data["dev"]] != 2).sum())
    _, point = fit(data, max_false_alarms=0.1, kinds=("logistic",))
    _, upper = fit(data, max_false_alarms=0.1, kinds=("logistic",), bound="upper95")
    assert point["chosen"]["false_alarm_rate"] <= 0.1 < wilson_upper(point["chosen"]["false_alarm_rate"], clean)
    assert wilson_upper(upper["chosen"]["false_alarm_rate"], clean) <= 0.1
    assert upper["chosen"]["false_alarm_rate"] < point["chosen"]["false_alarm_rate"]


def test_contradicted_needs_the_models_least_probability():
    assert learned.label_from(np.array([0.25, 0.3, 0.45]), 0.5, 0.6) == UNSUPPORTED
    assert learned.label_from(np.array([0.35, 0.2, 0.45]), 0.5, 0.6) == PARTIAL
    assert learned.label_from(np.array([0.15, 0.2, 0.65]), 0.5, 0.6) == CONTRADICTED


def test_learned_never_backs_a_claim_with_nothing_judged(tmp_path):
    """A model whose odds favour Supported even with no judged sentence (here through the intercept) still gives
    Unsupported: no sentence was read against the claim, so nothing backs it; the explanation renders."""
    from grounding.config import PRESETS
    from grounding.verdict import decide_learned
    path = _model_file(tmp_path, np.zeros((3, len(learned.FEATURES))).tolist())
    data = json.loads(path.read_text())
    data["intercept"] = [3.0, 0.0, 0.0]
    path.write_text(json.dumps(data))
    model = learned.LearnedVerdictModel(path)
    v = decide_learned(0, "It rained.", [], PRESETS["learned"], model, {}, ["The sun shone."], 0, 0.2)
    assert v.label == UNSUPPORTED and v.anchor == 0 and v.entail is None and "no context sentence judged" in v.rule


def test_learned_contradicts_nothing_with_nothing_judged(tmp_path):
    """Nor Contradicted: with no sentence read against the claim there is no evidence to show for it (the
    explanation had no probability to quote and failed)."""
    from grounding.config import PRESETS
    from grounding.verdict import decide_learned
    path = _model_file(tmp_path, np.zeros((3, len(learned.FEATURES))).tolist())
    data = json.loads(path.read_text())
    data["intercept"], data["contradicted_min"] = [0.0, 0.0, 3.0], 0.5
    path.write_text(json.dumps(data))
    model = learned.LearnedVerdictModel(path)
    v = decide_learned(0, "It rained.", [], PRESETS["learned"], model, {}, ["The sun shone."], 0, 0.2)
    assert v.label == UNSUPPORTED and v.score is None and "no context sentence judged" in v.rule


def _separable(n=300, seed=0):
    rng = np.random.default_rng(seed)
    k = len(learned.FEATURES)
    y = rng.integers(0, 3, n)
    X = rng.normal(size=(n, k))
    X[:, learned.FEATURES.index("max_cos_entail")] += 2.5 * (y == 0)
    X[:, learned.FEATURES.index("max_cos_contradict")] += 2.5 * (y == 2)
    return X, y


def test_exported_trees_give_the_fitted_models_probabilities(tmp_path):
    """The tree ensemble as JSON, evaluated by the runtime with numpy, gives scikit-learn's own probabilities."""
    pytest.importorskip("sklearn")
    from training.verdicts import _proba, _train, export_params
    X, y = _separable()
    fitted = _train({"kind": "trees", "n_estimators": 20, "max_depth": 2, "class_weight": "balanced"}, X, y)
    k = len(learned.FEATURES)
    path = tmp_path / "claims.json"
    path.write_text(json.dumps({"features": list(learned.FEATURES), "classes": list(learned.CLASSES),
                                **export_params(fitted), "contradicted_min": 0.5}))
    model = learned.LearnedVerdictModel(path)
    assert model.kind == "trees" and len(model.trees) == 20 and model.contradicted_min == 0.5
    probe = np.random.default_rng(1).normal(size=(25, k))
    probe[:5, learned.FEATURES.index("max_cos_contradict")] += 4.0
    np.testing.assert_allclose(model.probabilities(probe), _proba(fitted, probe), atol=1e-9)
    assert (model.probabilities(probe[:5]).argmax(1) == 2).all()     # the feature moves the answer
    # the logistic kind round-trips the same way
    fitted = _train({"kind": "logistic", "C": 1.0, "class_weight": None}, X, y)
    path.write_text(json.dumps({"features": list(learned.FEATURES), "classes": list(learned.CLASSES),
                                **export_params(fitted)}))
    np.testing.assert_allclose(learned.LearnedVerdictModel(path).probabilities(probe), _proba(fitted, probe), atol=1e-9)


def test_unknown_model_kind_is_refused(tmp_path):
    path = _model_file(tmp_path, np.zeros((3, len(learned.FEATURES))).tolist())
    data = json.loads(path.read_text())
    data["kind"] = "forest"
    path.write_text(json.dumps(data))
    with pytest.raises(ValueError, match="unknown model kind"):
        learned.LearnedVerdictModel(path)


def test_fit_simulates_the_joint_rule_deciding_first():
    """Rows the preset's joint rule decides are Supported in the dev figures whatever the model says: with
    every row read together at P(e) 0.9, the chosen setting's dev accuracy is the share of gold Supported."""
    pytest.importorskip("sklearn")
    from training.verdicts import fit, joint_decides
    X, y = _separable()
    for name, value in (("joint_read", 1.0), ("judged", 1.0), ("joint_entail", 0.9), ("joint_contradict", 0.05)):
        X[:, learned.FEATURES.index(name)] = value
    assert joint_decides(X, 0.3).all() and not joint_decides(X, None).any() and not joint_decides(X, 0.95).any()
    dev = np.random.default_rng(2).random(len(y)) < 0.3
    _, choice = fit({"X": X, "y": y, "dev": dev}, max_false_alarms=1.0, kinds=("logistic",), joint_support=0.3)
    assert choice["chosen"]["accuracy"] == pytest.approx(round(float((y[dev] == 0).mean()), 4))
    _, free = fit({"X": X, "y": y, "dev": dev}, max_false_alarms=1.0, kinds=("logistic",), joint_support=None)
    assert free["chosen"]["accuracy"] > 0.6


def test_extract_saves_each_set_and_resumes_from_it(tmp_path, monkeypatch):
    """Feature extraction on two tiny train sets with the shipped models: a supported and a contradicted claim
    give rows with their gold labels; each set's rows are saved as soon as it is done, and a second run reads them
    back instead of grounding anything again (an interrupted run resumes)."""
    from evaluation import datasets
    from training import verdicts as tv
    doc = datasets.EvidenceDocument("d1", "Trial", ["Drug X lowered blood pressure in the trial.",
                                                    "Liver enzyme levels did not rise."])
    sets = {"a_train": [datasets.EvidenceInstance("1", "a", ["Drug X lowers blood pressure."], [doc], [[1, 0]])],
            "b_train": [datasets.EvidenceInstance("2", "b", ["Drug X raises liver enzyme levels."], [doc], [[0, -1]])]}
    monkeypatch.setattr(datasets, "evidence_train_instances", lambda part="all": sets)
    cache = tmp_path / "features_claims.npz"
    data = tv.extract("claims", None, 1, checkpoints=cache)
    assert data["X"].shape == (2, len(learned.FEATURES)) and list(data["set"]) == ["a_train", "b_train"]
    assert [learned.CLASSES[i] for i in data["y"]] == [SUPPORTED, CONTRADICTED]
    x = dict(zip(learned.FEATURES, data["X"][0]))
    assert x["judged"] == 1 and x["joint_read"] == 1 and x["joint_entail"] > 0.5
    assert list(data["inst"]) == [0, 0]
    assert sorted(p.name for p in tmp_path.iterdir()) == ["features_claims.a_train.npz", "features_claims.a_train.pkl",
                                                          "features_claims.b_train.npz", "features_claims.b_train.pkl"]

    import grounding.pipeline
    monkeypatch.setattr(grounding.pipeline, "ground", lambda *a, **k: pytest.fail("grounded again"))
    again = tv.extract("claims", None, 1, checkpoints=cache)
    np.testing.assert_array_equal(again["X"], data["X"])
    np.testing.assert_array_equal(again["y"], data["y"])
    from grounding import GroundingConfig, fitted   # the cache says which models read it (the learned model's `models` record)
    assert tv.read_with(data) == tv.read_with(again) == fitted.fingerprints(GroundingConfig().models_dir, "claims")
    part = tmp_path / "features_claims.a_train.npz"
    kept = dict(np.load(part))
    kept["models"] = np.array(json.dumps(dict(tv.read_with(data), entailment="0" * 64)))
    np.savez(part, **kept)
    with pytest.raises(pytest.fail.Exception, match="grounded again"):   # read by another model: extracted again
        tv.extract("claims", None, 1, checkpoints=cache)

    # the kept results give the runtime's verdict for each label the model could say, and the default preset's
    from training import verdict_outcomes as vo
    outcomes = vo.kept_outcomes(cache, data, "claims")
    S, C = learned.CLASSES.index(SUPPORTED), learned.CLASSES.index(CONTRADICTED)
    assert outcomes.shape == (2, 5) and list(outcomes[:, -1]) == [S, C]
    assert outcomes[0, vo.LABELS.index(SUPPORTED)] == S and outcomes[1, vo.LABELS.index(CONTRADICTED)] == C
    assert outcomes[1, vo.LABELS.index(SUPPORTED)] == S      # what the model says stands where no rule objects
    monkeypatch.setattr(vo, "runtime_outcomes", lambda *a: pytest.fail("decided again"))
    np.testing.assert_array_equal(vo.kept_outcomes(cache, data, "claims"), outcomes)   # read back


@pytest.mark.parametrize("engine", ("claims", "context", "context-fast"))
def test_every_example_keeps_its_verdicts_under_the_shipped_learned_models(engine):
    """Preset learned with the shipped verdict models (exported_models/verdicts/<engine>.json): every example the
    app ships and Drug X get their declared verdicts (long-context R5 through the denial rule, kept in this preset;
    the annual results' "up 8%" against "an increase of 12%" through the rule on another value of one figure)."""
    from grounding import GroundingConfig, ground
    from grounding.examples import BY_NAME, DRUG_X, EXAMPLES, expected_problems
    config = GroundingConfig(engine=engine, preset="learned").validate()
    assert config.verdict_preset().quantity_override == 0.6
    for ex in EXAMPLES + [DRUG_X]:
        res = ground(ex["response"], ex["context"], config, ex["question"])
        assert expected_problems(ex, res) == [], (ex["name"], expected_problems(ex, res))
    res = ground(BY_NAME["contradiction"]["response"], BY_NAME["contradiction"]["context"], config)
    first = next(v for v in res.verdicts if "70%" in res.claims[v.claim].text)
    assert first.label == CONTRADICTED and first.rule.startswith("learned:")


def test_quantity_conflicts_of_one_figure_only_for_the_notes():
    """same_figure=True (the verdict notes, the card's "it gives … where the claim says …") keeps another value only
    where both are one figure; the model's features keep the call without it, as they were fitted."""
    from grounding.learned import quantity_conflicts
    claim = "Northwind aims to reach 20 gigawatts of renewable capacity by 2030."
    added = "Northwind Energy added 1.8 gigawatts of solar capacity in 2023."
    assert quantity_conflicts(claim, added) == [("20 gigawatts", "1.8 gigawatts"), ("2030", "2023")]
    assert quantity_conflicts(claim, added, same_figure=True) == []
    dose = ("The starting dose is 50 mg once daily.", "The starting dose is now 25 mg once daily, not 50 mg.")
    assert quantity_conflicts(*dose, same_figure=True) == quantity_conflicts(*dose) == [("50 mg", "25 mg")]
    rose = ("Wind generation rose by 6%.", "Wind generation was 6% less than in 2022.")
    assert quantity_conflicts(*rose, same_figure=True) == quantity_conflicts(*rose) == [("6% (rose)", "6% (less)")]
    growth = ("Acme reported revenue of $4.2 billion for 2023, up 8% from the year before.",
              "Acme posted 2023 revenue of $4.2 billion, an increase of 12% over 2022.")
    assert quantity_conflicts(*growth, same_figure=True) == [("8%", "12%")]
    # a value the sentence allows is no conflict of one figure: "43 percent" against "about 40% and 150%"
    co2 = ("CO2 has increased 43 percent above the pre-industrial level.",
           "CO2 and methane had increased by about 40% and 150%, respectively, since pre-industrial times.")
    assert quantity_conflicts(*co2) == [("43 percent", "40%")] and quantity_conflicts(*co2, same_figure=True) == []


@pytest.mark.parametrize("claim, context, expected", [
    ("The maximum daily dose is 4 mg of paracetamol for adults.",
     "The maximum daily dose is 4 g of paracetamol for adults.", [("4 mg", "4 g")]),
    ("The loan period is three days.", "The loan period is three weeks, and loans can be renewed twice online.",
     [("three days", "three weeks")]),
    # a unit glued to the number ("Larger cabin bags may weigh up to 10 pounds" had been Supported by "… up to 10kg")
    ("Larger cabin bags may weigh up to 10 pounds.", "Larger cabin bags of up to 10kg will cost 18 pounds per flight.",
     [("10 pounds", "10 kg")]),
    # one unit spelt two ways, another number of another unit, another kind of unit: no conflict
    ("The maximum daily dose is 4 grams of paracetamol.", "The maximum daily dose is 4 g of paracetamol.", []),
    ("The maximum daily dose is 4000 mg of paracetamol.", "The maximum daily dose is 4 g of paracetamol.", []),
    ("The trial enrolled 40 patients.", "The trial enrolled 40 adults over 12 weeks.", []),
    ("The loan period is three weeks.", "The loan period is three weeks, and loans can be renewed twice online.", []),
])
def test_the_same_number_of_another_unit_is_a_conflict_of_one_figure(claim, context, expected):
    """"4 mg" against "4 g" was Supported (P(e) 0.93): the sentence states the claim's number, so it counted as stated.
    The notes and the quantity override read it as another value; the model's features do not."""
    assert learned.quantity_conflicts(claim, context, same_figure=True) == expected
    assert learned.quantity_conflicts(claim, context) == []


@pytest.mark.parametrize("claim, context, expected", [
    # a recipe's list: "2" stated of carrots is not the claim's "two onions" ("You need two onions" was Supported)
    ("You need two onions.", "Ingredients: 1 onion, 2 carrots, 2 celery sticks, 250g red lentils.",
     [("two onions", "1 onion")]),
    ("Take 2 tablets.", "Take 1 tablet and 2 capsules.", [("2 tablets", "1 tablet")]),
    ("You need two onions.", "Ingredients: 2 onions, 2 carrots.", []),                  # stated of onions
    ("The team won 3 games.", "They won 3 of 5 games.", []),                            # "3 of": a share
    ("Two engineers left the company.", "The company was founded by three engineers.", []),   # another count
    # a count noun of anything counts the claim's things ("2 bags" against "3 items of luggage"), not a unit of measure
    ("Each guest may bring 2 bags.", "Guests may bring 3 items of luggage.", [("2 bags", "3 items")]),
    ("Each guest may bring 2 bags.", "Guests may bring 3 items and 5 kg of food.", [("2 bags", "3 items")]),
    ("You can take 5 mg.", "You can take 15 items.", []),
])
def test_a_number_stated_only_of_another_thing(claim, context, expected):
    assert learned.quantity_conflicts(claim, context, same_figure=True) == expected


@pytest.mark.parametrize("claim, context, expected", [
    # the noun a measure is of ("a range of 400 miles" against "an official range of up to 310 miles" was Supported,
    # P(e) 0.87), not one verb's two subjects' ("The tank has …" / "The boot has …")
    ("The new model has a range of 400 miles.", "The new SUV offers an official range of up to 310 miles.",
     [("400 miles", "310 miles")]),
    ("The new model has a range of 300 miles.", "The new SUV offers an official range of up to 310 miles.", []),
    ("The tank has a capacity of 50 litres.", "The boot has a capacity of 500 litres.", []),
    # the noun a value is given for, "of" it or "be"'s subject, with its own qualifying words ("The car has a top speed
    # of 120 mph" was Supported on every engine against "Top speed is 112 mph", P(e) 0.91)
    ("The car has a top speed of 120 mph.", "Top speed is 112 mph.", [("120 mph", "112 mph")]),
    ("The new model has a range of 400 miles.", "The range is 310 miles.", [("400 miles", "310 miles")]),
    ("The tank has a capacity of 50 litres.", "Boot capacity is 500 litres.", []),
])
def test_the_noun_a_measure_is_of(claim, context, expected):
    assert learned.quantity_conflicts(claim, context, same_figure=True) == expected


@pytest.mark.parametrize("claim, context, expected", [
    # a verb the parse takes for a plural noun ("last bus leaves" as one noun phrase: "The last bus leaves at 11pm"
    # was Supported against "… leaves at 11:30pm"), and the first or last journey by any name (it was Supported,
    # P(e) 0.89, against "The last departure from the city centre is at 11:30pm")
    ("The last bus leaves at 11pm.", "The last bus leaves at 11:30pm.", [("11pm", "11:30pm")]),
    ("The last bus leaves at 11pm.", "The last departure from the city centre is at 11:30pm.", [("11pm", "11:30pm")]),
    ("The first train leaves at 5am.", "The first departure is at 5:30am.", [("5am", "5:30am")]),
    ("The first train leaves at 5am.", "The last departure is at 11:30pm.", []),
    ("The last bus leaves at 11pm.", "The museum closes at 11:30pm.", []),
])
def test_the_first_or_last_journeys_time(claim, context, expected):
    assert learned.quantity_conflicts(claim, context, same_figure=True) == expected


@pytest.mark.parametrize("claim, context, expected", [
    # a unit joined to its number by a hyphen, of the same noun or one named alike ("The tablet has a 10-inch screen"
    # was Supported on every engine against "The tablet's 11-inch display is bright and sharp", P(e) 0.93)
    ("The tablet has a 10-inch screen.", "The tablet's 11-inch display is bright and sharp.", [("10 inch", "11 inch")]),
    ("The boiler comes with a 10-year warranty.", "All our boilers come with a 7-year manufacturer's warranty.",
     [("10 year", "7 year")]),
    ("The tablet has a 10-inch screen.", "The tablet's 10-inch display is bright and sharp.", []),
    ("The trial lasted 12 weeks.", "The 12-week trial enrolled 300 patients.", []),
    ("The laptop has a 14-inch screen.", "The 16-inch model costs more.", []),
    # a length "be" gives its subject, against a hyphened one of the same noun
    ("The bridge is 1.2 miles long.", "The 1.8-mile bridge opened to traffic in 1998.", [("1.2 miles", "1.8 mile")]),
    ("The bridge is 1.8 miles long.", "The 1.8-mile bridge opened to traffic in 1998.", []),
    ("The tunnel is 1.2 miles long.", "The 1.8-mile bridge opened to traffic in 1998.", []),
    # a hyphened measure before a noun with a value of its own says which figure ("5-year survival")
    ("The 5-year survival rate was 60%.", "The 10-year survival rate was 45%.", [("60%", "45%")]),
])
def test_a_measure_joined_by_a_hyphen(claim, context, expected):
    assert learned.quantity_conflicts(claim, context, same_figure=True) == expected
    assert not any(" " in c for c, _ in learned.quantity_conflicts(claim, context))   # not the model's features


@pytest.mark.parametrize("engine", ("claims", "context", "context-fast"))
def test_a_screen_of_another_size_is_contradicted(engine):
    from grounding import GroundingConfig, ground
    res = ground("The tablet has a 10-inch screen. It weighs under 500 grams.",
                 "The tablet's 11-inch display is bright and sharp. At 480g it is light enough to hold in one hand.",
                 GroundingConfig(engine=engine).validate())
    screen = res.verdicts[0]
    assert screen.label == CONTRADICTED and screen.anchor == 0, screen.rule
    assert "the claim says 10 inch, the source 11 inch" in screen.rule, screen.rule


@pytest.mark.parametrize("engine", ("claims", "context", "context-fast"))
def test_the_last_buss_other_time_is_contradicted(engine):
    """A user's bus answer: "The last bus leaves at 11pm" was Supported on every engine against "The last departure
    from the city centre is at 11:30pm" (read together with the timetable sentence, P(e) 0.89)."""
    from grounding import GroundingConfig, ground
    res = ground("The bus runs every 20 minutes. The last bus leaves at 11pm.",
                 "Buses run every 20 minutes during the day and every hour after 7pm. The last departure from the city "
                 "centre is at 11:30pm. You can pay by contactless card or with the app.",
                 GroundingConfig(engine=engine).validate())
    last = res.verdicts[-1]
    assert last.label == CONTRADICTED and last.anchor == 1, last.rule
    assert "the claim says 11pm, the source 11:30pm" in last.rule, last.rule


@pytest.mark.parametrize("engine", ("claims", "context", "context-fast"))
def test_a_recipes_other_count_is_contradicted(engine):
    from grounding import GroundingConfig, ground
    res = ground("You need two onions.", "This lentil soup serves six. Ingredients: 1 onion, 2 carrots, 2 celery "
                 "sticks, 250g red lentils, 1.5 litres vegetable stock.", GroundingConfig(engine=engine).validate())
    (v,) = res.verdicts
    assert v.label == CONTRADICTED and "the claim says two onions, the source 1 onion" in v.rule, v.rule


@pytest.mark.parametrize("engine", ("claims", "context", "context-fast"))
def test_a_dose_in_another_unit_is_contradicted(engine):
    from grounding import GroundingConfig, ground
    res = ground("The maximum daily dose is 4 mg of paracetamol for adults.",
                 "The maximum daily dose is 4 g of paracetamol for adults. Do not take it with other paracetamol products.",
                 GroundingConfig(engine=engine).validate())
    (v,) = res.verdicts
    assert v.label == CONTRADICTED and v.rule.startswith("quantity override: the claim says 4 mg, the source 4 g"), v.rule


@pytest.mark.parametrize("claim, expected", [
    ("You can apply from 1 November 2025, and the deadline is 15 February 2026.",
     [("15 February 2026", "15 January 2026")]),
    ("You can apply from 1 December 2025, and the deadline is 15 January 2026.",
     [("1 December 2025", "1 November 2025")]),
    # both dates the sentence's; a month that holds its date; one date alone (which answers it is unknown)
    ("You can apply from 1 November 2025, and the deadline is 15 January 2026.", []),
    ("You can apply from 1 November 2025, and the deadline is in January 2026.", []),
    # a price beside the first date is no second date
    ("Applications open on 1 November 2025 and the fee is £140.", []),
])
def test_the_second_of_two_dates_where_the_first_agrees(claim, expected):
    """Each gives two dates in the same order and the first is the same: the second answers the second ("… the
    deadline is 15 February 2026" had been Partially supported on every engine: the sentence states the claim's 1
    November 2025, and which of its dates answered which was left unknown)."""
    sentence = "Applications open on 1 November 2025 and the closing date is 15 January 2026."
    assert learned.quantity_conflicts(claim, sentence, same_figure=True) == expected
    assert learned.quantity_conflicts(claim, sentence) == []        # the learned model's features: as fitted


@pytest.mark.parametrize("engine", ("context", "context-fast"))
def test_a_deadline_a_month_late_is_contradicted(engine):
    """The context engines read the sentence whole; the claims engine splits it into two claims of one date each
    ("The deadline is 15 February 2026": Unsupported there, the rule reading one date against two)."""
    from grounding import GroundingConfig, ground
    context = ("Applications open on 1 November 2025 and the closing date is 15 January 2026. You can apply online or "
               "on a paper form.")
    res = ground("You can apply from 1 November 2025, and the deadline is 15 February 2026.", [context],
                 GroundingConfig(engine=engine))
    assert CONTRADICTED in [v.label for v in res.verdicts], [v.rule for v in res.verdicts]
    assert any("the claim says 15 February 2026, the source 15 January 2026" in v.rule for v in res.verdicts)


@pytest.mark.parametrize("claim, expected", [
    ("A first permit has been cut to £70, and a second permit will also be cheaper, at £140.", [("£140", "£160")]),
    ("A first permit costs £70 and a second one £160.", []),
    ("A first permit costs £75 and a second one £160.", [("£75", "£70")]),
    ("A first permit costs between £70 and £140.", []),          # a span's ends: ranges.range_conflicts
    # a price worked out ("twelve at £42 a head … would come to £504"; everyday batch 172, Contradicted on every
    # engine) is not the second price of the sentence, nor a difference ("£50 more") a price
    ("At £70 each, a household with five cars would pay £350 in all.", []),
    ("A first permit is £70, so the second permit costs £90 more.", []),
])
def test_the_second_of_two_prices_where_the_first_agrees(claim, expected):
    """Everyday batch 159: "a second permit will also be cheaper, at £140" against "… stays at £160" was Supported on
    every engine (the sentence states the claim's £70, so which of its prices answered which was left unknown)."""
    sentence = "The charge for a first permit has been reduced to £70 a year, and the second permit charge stays at £160."
    assert learned.quantity_conflicts(claim, sentence, same_figure=True) == expected


@pytest.mark.parametrize("engine", ("claims", "context", "context-fast"))
def test_a_second_price_said_otherwise_is_contradicted(engine):
    """Everyday batch 159 (Supported on every engine); the claims engine splits the sentence, its second part is
    the one contradicted."""
    from grounding import GroundingConfig, ground
    from grounding.types import CONTRADICTED
    res = ground("A first permit has been cut to £70, and a second permit will also be cheaper, at £140.",
                 ["The cabinet member decided to introduce the zone in the Tollbridge streets only. The charge for a first "
                  "permit has been reduced to £70 a year, and the second permit charge stays at £160."],
                 GroundingConfig(engine=engine).validate())
    contradicted = [v for v in res.verdicts if v.label == CONTRADICTED]
    assert len(contradicted) == 1 and "£140" in contradicted[0].rule and "£160" in contradicted[0].rule, \
        [v.rule for v in res.verdicts]
    assert all(v.label == "Supported" for v in res.verdicts if v.label != CONTRADICTED)


@pytest.mark.parametrize("engine", ("claims", "context", "context-fast"))
def test_a_price_worked_out_is_not_contradicted_by_another_price(engine):
    """Everyday batch 172: "… would come to £504" (twelve at £42 a head) was Contradicted on every engine by "… a glass
    of prosecco on arrival for £6.50 per person"."""
    from grounding import GroundingConfig, ground
    res = ground("At £42 a head for three courses, the food for your group of twelve would come to £504 before any "
                 "drinks or extras. Groups of ten or more must pay a deposit.", ["Christmas party menu. Three courses "
                 "cost £42 per person, and you can add a glass of prosecco on arrival for £6.50 per person. Groups of ten "
                 "or more must pay a deposit."], GroundingConfig(engine=engine).validate())
    assert "Contradicted" not in [v.label for v in res.verdicts], [v.rule for v in res.verdicts]
    assert res.verdicts[-1].label == "Supported"
