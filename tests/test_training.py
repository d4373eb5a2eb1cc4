"""The entailment training recipe on a few examples for a few steps (never a real training run)."""
import json
import math
import random

import pytest

torch = pytest.importorskip("torch")

from evaluation.datasets import NLIPair  # noqa: E402
from evaluation.contrasts import direction_contrasts, with_originals  # noqa: E402
from training.entailment import NOT_ENTAILMENT, numeric_contrasts, parse_args, partial_label_loss, train  # noqa: E402


def test_partial_label_loss_by_hand():
    logits = torch.tensor([[2.0, 0.0, -1.0], [0.5, 1.0, 1.5]])
    p = torch.softmax(logits, -1)
    loss = partial_label_loss(logits, torch.tensor([0, NOT_ENTAILMENT]))
    expected = (-math.log(p[0, 0]) - math.log(p[1, 1] + p[1, 2])) / 2
    assert float(loss) == pytest.approx(expected, rel=1e-5)
    # "not entailment" is indifferent between neutral and contradiction
    a = partial_label_loss(torch.tensor([[0.0, 3.0, 0.0]]), torch.tensor([NOT_ENTAILMENT]))
    b = partial_label_loss(torch.tensor([[0.0, 0.0, 3.0]]), torch.tensor([NOT_ENTAILMENT]))
    assert float(a) == pytest.approx(float(b))


def test_numeric_contrasts_change_a_shared_number():
    pairs = [NLIPair("Admissions fell by 30 percent in 2021.", "Admissions fell by 30 percent.", "entailment", "x"),
             NLIPair("A dog runs.", "An animal moves.", "entailment", "x"),
             NLIPair("Admissions fell by 30 percent.", "Admissions rose.", "contradiction", "x")]
    out = numeric_contrasts(pairs, random.Random(0), limit=10)
    assert len(out) == 1 and out[0].label == "contradiction"
    assert out[0].hypothesis != pairs[0].hypothesis and "30" not in out[0].hypothesis.split()


def test_direction_contrasts_reverse_a_direction_the_premise_states():
    pairs = [
        NLIPair("In the trial, drug X significantly lowered systolic blood pressure.", "Drug X lowered blood pressure.",
                "entailment", "x"),                                                     # kept: lowered -> raised
        NLIPair("Emissions rose sharply after 1950.", "Emissions increased after 1950.", "entailment", "x"),  # same family
        NLIPair("Visit the museum to see the paintings.", "Learn more about the museum.", "entailment", "x"),  # no "more"
        NLIPair("Sea level is rising.", "The claim that sea level isn't rising is false.", "entailment", "x"),  # negated
        NLIPair("Prices went down.", "Prices increased.", "contradiction", "x"),             # not an entailment pair
        NLIPair("The tower is tall.", "The tower is higher than the house.", "entailment", "x"),  # premise states no direction
    ]
    out = direction_contrasts(pairs, random.Random(0), limit=10)
    assert sorted(p.hypothesis for p in out) == ["Drug X raised blood pressure.", "Emissions decreased after 1950."]
    assert all(p.label == "contradiction" and p.source == "direction_contrast" for p in out)
    assert len(direction_contrasts(pairs, random.Random(0), limit=1)) == 1
    # the dev check pairs each reversal with its original
    dev = with_originals(pairs)
    assert [p.label for p in dev] == ["entailment", "contradiction"] * 2
    assert {(a.hypothesis, b.hypothesis) for a, b in zip(dev[0::2], dev[1::2])} == {
        ("Drug X lowered blood pressure.", "Drug X raised blood pressure."),
        ("Emissions increased after 1950.", "Emissions decreased after 1950.")}


def test_a_few_steps_write_a_loadable_model(tmp_path):
    pytest.importorskip("transformers")
    from evaluation import datasets
    try:
        datasets.data_dir()
    except datasets.DataMissingError as err:
        pytest.skip(str(err))
    from tests.test_export import _tiny_bert
    (tmp_path / "tiny").mkdir()
    backbone = _tiny_bert(tmp_path / "tiny", classifier=False)
    args = parse_args(["--out", str(tmp_path / "run"), "--backbone", str(backbone), "--limit", "4",
                       "--max-steps", "2", "--batch", "8", "--max-length", "48", "--no-bf16", "--threads", "1", "--eval-every", "1",
                       "--direction-contrasts", "20", "--direction-copies", "2"])
    summary = train(args)
    final = tmp_path / "run" / "final"
    cfg = json.loads((final / "config.json").read_text())
    assert cfg["id2label"] == {"0": "entailment", "1": "neutral", "2": "contradiction"}
    saved = json.loads((final / "training.json").read_text())
    assert saved["labels"] == ["entailment", "neutral", "contradiction"]
    assert "snli_dev" in saved["sources"] and "snli_test" not in saved["sources"]
    assert summary["train_pairs"] > 0 and "eval_acc3" in saved["dev"]
    assert saved["sources"]["direction_contrast"]["copies"] == 2
    assert saved["sources"]["direction_contrast"]["train"] == 2 * saved["sources"]["direction_contrast"]["available"]
    assert "pairs" in saved["dev_direction_contrasts"]


def test_continued_stage_keeps_the_earlier_record(tmp_path):
    import json
    from training.stages import with_previous_stage

    (tmp_path / "training.json").write_text(json.dumps({"training_seconds": 100.0, "dev": {"acc3": 0.7}}))
    out = with_previous_stage({"training_seconds": 20.0}, str(tmp_path))
    assert out["previous_stage"]["dev"] == {"acc3": 0.7} and out["training_seconds_all_stages"] == 120.0
    assert with_previous_stage({"training_seconds": 20.0}, str(tmp_path), accept=lambda p: "special_tokens" in p) \
        == {"training_seconds": 20.0}
    assert with_previous_stage({"training_seconds": 20.0}, str(tmp_path / "missing")) == {"training_seconds": 20.0}


def test_build_splits_adds_direction_contrasts_with_originals_and_neutrals(monkeypatch):
    from evaluation import datasets
    from training.entailment import build_splits
    ent = [NLIPair(f"In trial {k}, drug X lowered blood pressure.", f"Drug X lowered blood pressure in trial {k}.",
                   "entailment", "src") for k in range(40)]
    other = [NLIPair(f"The museum opened in {1900 + k}.", "The museum is old.", "neutral", "src") for k in range(40)]
    monkeypatch.setattr(datasets, "nli_train_sources", lambda: {"src": ent + other})
    train, dev, counts = build_splits(cap=1000, dev_share=0.1, seed=0, contrasts=0, directions=100,
                                      direction_copies=2, direction_neutrals=True)
    made = counts["direction_contrast"]["available"]
    assert made > 0
    reversals = [p for p in train if p.source == "direction_contrast"]
    assert len(reversals) == 2 * made and all(p.label == "contradiction" and "raised" in p.hypothesis for p in reversals)
    # every reversal's original is repeated once more (copies - 1), so the split keeps the pair balanced
    assert sum(1 for p in train if p.label == "entailment") == 2 * made
    neutrals = [p for p in train if p.source == "direction_neutral"]
    assert len(neutrals) == 2 * counts["direction_neutral"]["available"] > 0
    premise_of = {p.hypothesis: p.premise for p in reversals}
    for p in neutrals:   # the reversed hypothesis against another premise of its source
        assert p.label == "neutral" and p.hypothesis in premise_of and p.premise != premise_of[p.hypothesis]
    assert not any(p.source.startswith("direction") for p in dev)
