"""The shipped entailment model, as shipped."""
import json
import logging
from pathlib import Path

import numpy as np
import pytest

from grounding.runtime import NLI_ORDER, Entailment

ROOT = Path(__file__).resolve().parent.parent
FOLDER = ROOT / "exported_models" / "entailment"


@pytest.fixture(scope="module")
def nli():
    return Entailment(FOLDER, threads=2)


@pytest.mark.parametrize("premise,hypothesis,label", [
    ("A man is playing a guitar on stage in front of a crowd.", "A man is performing music.", "entailment"),
    ("Two children are swimming in a pool.", "Kids are in the water.", "entailment"),
    ("A woman is cutting vegetables in a kitchen.", "The woman is asleep in bed.", "contradiction"),
    ("The Eiffel Tower is located in Paris, France.", "The Eiffel Tower is located in Berlin, Germany.", "contradiction"),
    ("A man is playing a guitar on stage.", "The man is playing his favourite song for his wife.", "neutral"),
])
def test_clear_pairs_get_the_right_label(nli, premise, hypothesis, label):
    probs = nli.predict([premise], [hypothesis])[0]
    assert NLI_ORDER[int(probs.argmax())] == label, dict(zip(NLI_ORDER, probs.round(3)))


def test_unrelated_pair_is_not_entailment(nli):
    probs = nli.predict(["Smoking is a major cause of lung cancer."], ["The stock market rose sharply on Monday."])[0]
    assert probs[0] < 0.5


def test_label_order_of_training_config_and_runtime_agree():
    from evaluation.datasets import NLI_LABELS
    cfg = json.loads((FOLDER / "config.json").read_text())
    assert [cfg["id2label"][str(i)] for i in range(3)] == list(NLI_LABELS) == list(NLI_ORDER)
    card = json.loads((FOLDER / "card.json").read_text())
    assert card["training"]["labels"] == list(NLI_LABELS)


def test_long_pair_is_truncated_with_a_warning(nli, caplog):
    long_premise = "The trial enrolled many patients across several sites. " * 120
    with caplog.at_level(logging.WARNING):
        probs = nli.predict([long_premise, "A dog runs."], ["Patients were enrolled.", "An animal moves."])
    assert probs.shape == (2, 3) and np.allclose(probs.sum(1), 1.0, atol=1e-5)
    assert nli.truncated == [0]
    assert "truncated" in caplog.text


def test_batched_equals_single(nli):
    pairs = [("A man is playing a guitar.", "A man plays an instrument."),
             ("The cat sleeps on the sofa.", "The cat is running outside in the rain.")]
    together = nli.predict([p for p, _ in pairs], [h for _, h in pairs]).argmax(1)
    alone = [nli.predict([p], [h])[0].argmax() for p, h in pairs]
    assert list(together) == alone


def test_direction_row_pairs_each_reversal_with_its_original_and_scores_it(nli, monkeypatch):
    """evaluation.entailment's direction_report row on hand-made sets (the real report sets are not needed):
    reversals are built from entailment pairs only, and the shipped model is scored on them."""
    from evaluation import entailment as evaluate
    from evaluation.datasets import NLIPair
    fake = {"set_a": lambda: [NLIPair("In the trial, drug X significantly lowered systolic blood pressure.",
                                      "Drug X lowered blood pressure.", "entailment", "a"),
                              NLIPair("Prices went down.", "Prices increased.", "contradiction", "a")],
            "set_b": lambda: [NLIPair("Emissions rose sharply after 1950.", "Emissions increased after 1950.",
                                      "entailment", "b")]}
    monkeypatch.setattr(evaluate, "REPORT_SETS", {**fake, "direction_report": evaluate.direction_report_pairs})
    pairs = evaluate.direction_report_pairs()
    assert [(p.hypothesis, p.label) for p in pairs] == [
        ("Drug X lowered blood pressure.", "entailment"), ("Drug X raised blood pressure.", "contradiction"),
        ("Emissions increased after 1950.", "entailment"), ("Emissions decreased after 1950.", "contradiction")]
    probs = nli.predict([p.premise for p in pairs], [p.hypothesis for p in pairs])
    row = evaluate.score_set("direction_report", pairs, probs)
    assert row["pairs"] == 4
    assert row["accuracy"] == float(np.mean(probs.argmax(1) == np.array([0, 2, 0, 2])))


def test_long_pair_keeps_the_claim_and_the_separators(nli):
    """The shipped tokenizer (MPNet: <s> A </s></s> B </s>, type ids all 0) cuts the long premise, keeps the
    claim whole and the separators in place; a claim longer than the window is cut and said to be."""
    from grounding.runtime import _truncate
    tok = nli.model.tokenizer
    premise = "The trial enrolled many patients across several sites. " * 120
    batch = nli.model.tokenize([premise], ["Patients were enrolled."])
    ids = [int(i) for i in batch.input_ids[0]]
    assert batch.truncated == [0] and batch.second_cut == [] and len(ids) == nli.model.max_length
    assert tok.decode(ids[-8:], skip_special_tokens=False).endswith("</s> </s> patients were enrolled. </s>")
    claim = "Patients were enrolled at site one and site two. " * 90
    batch = nli.model.tokenize(["The trial enrolled patients."], [claim])
    ids = [int(i) for i in batch.input_ids[0]]
    assert batch.second_cut == [0] and tok.decode(ids[:10], skip_special_tokens=False).startswith(
        "<s> the trial enrolled patients. </s> </s> patients")
    # BERT layout: [CLS] A [SEP] B [SEP], type ids 0 / 1; the longer side loses first, the type ids follow
    ids, types, cut = _truncate([101, 5, 6, 7, 8, 102, 9, 102], [0, 0, 0, 0, 0, 0, 1, 1], 6,
                                [None, 0, 0, 0, 0, None, 1, None])
    assert (ids, types, cut) == ([101, 5, 6, 102, 9, 102], [0, 0, 0, 0, 1, 1], False)
    assert _truncate([101, 5, 102, 9, 8, 7, 102], [0, 0, 0, 1, 1, 1, 1], 5, [None, 0, None, 1, 1, 1, None])[2]


def test_evaluation_sets_option_scores_only_the_rows_asked_for(monkeypatch):
    """evaluation.entailment --sets: a quick gate scores the named rows only, the shipped model on each."""
    from evaluation import entailment as evaluate
    from evaluation.datasets import NLIPair
    pairs = [NLIPair("Two children are swimming in a pool.", "Kids are in the water.", "entailment", "a"),
             NLIPair("A woman is cutting vegetables in a kitchen.", "The woman is asleep in bed.", "contradiction", "a")]
    called = []
    monkeypatch.setattr(evaluate, "REPORT_SETS", {"set_a": lambda: called.append("a") or pairs,
                                                  "set_b": lambda: called.append("b") or pairs[:1]})
    monkeypatch.setattr(evaluate, "DEV_SETS", {"set_c": lambda: called.append("c") or pairs})
    rows = evaluate.evaluate_entailment({"int8": FOLDER}, sets=["set_c", "set_b"])
    assert called == ["b", "c"] and [(r["set"], r["pairs"]) for r in rows] == [("set_b", 1), ("set_c", 2)]
    assert rows[1]["accuracy"] == 1.0
    # int8 against fp32 (the same model twice here): the int8 row carries the paired difference, zero
    rows = evaluate.evaluate_entailment({"int8": FOLDER, "fp32": FOLDER}, sets=["set_a"])
    assert rows[0]["int8_minus_fp32"] == {"points": 0.0, "ci95": [0.0, 0.0], "only_a_right": 0, "only_b_right": 0}


def test_paired_difference_and_a_card_section_remeasured_for_some_sets():
    from evaluation.entailment import card_evaluation, paired_difference
    import numpy as np
    a = np.array([True] * 90 + [False] * 10)
    b = np.array([True] * 87 + [False] * 13)
    d = paired_difference(a, b)
    assert d["points"] == 3.0 and d["only_a_right"] == 3 and d["only_b_right"] == 0
    assert 0.0 <= d["ci95"][0] < 3.0 < d["ci95"][1] <= 7.0
    assert paired_difference(b, a)["points"] == -3.0
    before = {"rows": [{"set": "snli_test", "model": "int8", "accuracy": 0.84}, {"set": "snli_test", "model": "fp32", "accuracy": 0.85},
                       {"set": "check_covid_dev", "model": "int8", "accuracy": 0.5}],
              "notes": {"int8_minus_fp32_accuracy_points": {"snli_test": -1.0, "check_covid_dev": -2.0}, "why": "kept"}}
    rows = [{"set": "check_covid_dev", "model": "fp32", "accuracy": 0.61, "pairs": 207},
            {"set": "check_covid_dev", "model": "int8", "accuracy": 0.6, "pairs": 207, "int8_minus_fp32": d}]
    out = card_evaluation(rows, "cmd", before)
    assert [(r["set"], r["model"], r["accuracy"]) for r in out["rows"]] == [
        ("snli_test", "int8", 0.84), ("snli_test", "fp32", 0.85), ("check_covid_dev", "int8", 0.6), ("check_covid_dev", "fp32", 0.61)]
    assert out["notes"]["int8_minus_fp32_accuracy_points"] == {"snli_test": -1.0, "check_covid_dev": 3.0}
    assert out["notes"]["int8_minus_fp32_paired_ci95"] == {"check_covid_dev": d} and out["notes"]["why"] == "kept"
    # every row measured again (no --sets): nothing of the earlier section is kept
    assert card_evaluation(rows, "cmd")["notes"]["int8_minus_fp32_accuracy_points"] == {"check_covid_dev": 3.0}
