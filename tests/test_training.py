"""The entailment training recipe on a few examples for a few steps (never a real training run)."""
import json
import math
import random

import pytest

torch = pytest.importorskip("torch")

from evaluation.datasets import NLIPair  # noqa: E402
from evaluation.contrasts import direction_contrasts, with_originals  # noqa: E402
from training.entailment import NOT_ENTAILMENT, parse_args, partial_label_loss, train  # noqa: E402
from training.entailment_data import numeric_contrasts  # noqa: E402


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
    from training.entailment_data import build_splits
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


def _instance(claim, documents, row):
    from evaluation.datasets import EvidenceDocument, EvidenceInstance
    return EvidenceInstance("i", "src", [claim], [EvidenceDocument(f"d{k}", "", s) for k, s in enumerate(documents)],
                            [row])


def test_joint_premise_columns_take_the_most_similar_documents_sentences_in_order():
    import numpy as np
    from training.joint_premises import premise_columns
    cos = np.array([0.50, 0.20, 0.80, 0.46, 0.90, 0.70])
    doc = [0, 0, 0, 0, 1, 1]
    # the most similar sentence (column 4) is in document 1: only its sentences, floor or not
    assert premise_columns(cos, doc, 4) == [4, 5]
    assert premise_columns(cos, [0] * 6, 4) == [0, 2, 4, 5]        # the 4 most similar, in document order
    assert premise_columns(cos, [0] * 6, 2) == [2, 4]
    assert premise_columns(np.array([0.1, 0.3]), [0, 0], 4) == [1]  # below the floor: the best sentence alone


def test_joint_pairs_label_each_premise_by_its_sentences_gold_labels():
    import numpy as np
    from training.joint_premises import SOURCE, joint_pairs, label_of
    assert [label_of(g) for g in ([0, 1], [-1, 0], [0, 0], [1, -1])] == ["entailment", "contradiction", "neutral", None]
    vectors = {"c": [1.0, 0.0], "a": [0.9, 0.436], "b": [0.6, 0.8], "x": [0.0, 1.0], "y": [0.95, 0.312]}

    def embed(texts):
        return np.array([vectors[t[0]] for t in texts])

    # one document: a (0.9), b (0.6), x (0.0), y (0.95); the claim "c"
    inst = _instance("c claim", [["a one.", "b two.", "x three.", "y four."]], [1, 0, 0, -1])
    pairs = joint_pairs([inst], embed)
    # 4 most similar above the floor: a, b, y (x is below) -> holds +1 and -1: left out; 2 most similar: a, y -> the same
    assert pairs == []
    inst = _instance("c claim", [["a one.", "b two.", "x three.", "y four."]], [0, -1, 0, 0])
    pairs = joint_pairs([inst], embed)
    assert [(p.premise, p.label) for p in pairs] == [("a one. b two. y four.", "contradiction"),
                                                    ("a one. y four.", "neutral")]
    assert all(p.hypothesis == "c claim" and p.source == SOURCE for p in pairs)
    # two documents: only the best sentence's document is read; equal premises are given once
    inst = _instance("c claim", [["a one.", "x two."], ["y three."]], [1, 0, 0])
    assert [(p.premise, p.label) for p in joint_pairs([inst], embed)] == [("y three.", "neutral")]


def test_build_splits_adds_every_joint_premise_whatever_the_cap(monkeypatch):
    from evaluation import datasets
    import training.joint_premises as jp
    from training.entailment_data import build_splits
    monkeypatch.setattr(datasets, "nli_train_sources",
                        lambda: {"src": [NLIPair(f"p{k}", f"h{k}", "neutral", "src") for k in range(50)]})
    joint = [NLIPair(f"s{k}", f"c{k}", "entailment", jp.SOURCE) for k in range(100)]
    monkeypatch.setattr(jp, "evidence_joint_source", lambda part="all": joint if part == "all" else joint[:40])
    train_pairs, dev, counts = build_splits(cap=10, dev_share=0.1, seed=0, contrasts=0, joint_premises=True)
    assert counts["src"]["train"] == 10
    assert counts[jp.SOURCE] == {"available": 100, "train": 90, "dev": 10, "labels": {"entailment": 90}}
    assert len(train_pairs) == 100 and sum(p.source == jp.SOURCE for p in dev) == 10
    plain, _, counts = build_splits(cap=10, dev_share=0.1, seed=0, contrasts=0)
    assert jp.SOURCE not in counts and len(plain) == 10
    # --joint-premises fit: the premises of the train sets without their dev carve
    _, _, counts = build_splits(cap=10, dev_share=0.1, seed=0, contrasts=0, joint_premises="fit")
    assert counts[jp.SOURCE]["available"] == 40


def test_the_train_sets_dev_carve_is_fixed_disjoint_and_about_a_fifth(monkeypatch):
    from evaluation import datasets
    carved = [datasets.in_train_dev("check_covid_train", n) for n in range(2000)]
    assert 0.17 < sum(carved) / 2000 < 0.23
    assert carved == [datasets.in_train_dev("check_covid_train", n) for n in range(2000)]     # a hash, not a draw
    assert carved != [datasets.in_train_dev("scifact_train", n) for n in range(2000)]         # per set
    insts = {"a": list(range(300)), "b": list(range(100))}
    monkeypatch.setattr(datasets, "check_covid", lambda split: insts["a"])
    for name in ("citation_integrity", "scifact_instances"):
        monkeypatch.setattr(datasets, name, lambda split: insts["b"])
    monkeypatch.setattr(datasets, "climate_fever", lambda held_out: [])
    whole, fit, dev = (datasets.evidence_train_instances(p) for p in ("all", "fit", "dev"))
    for name in whole:
        assert sorted(fit[name] + dev[name]) == whole[name] and not set(fit[name]) & set(dev[name])
        assert dev[name] == [x for n, x in enumerate(whole[name]) if datasets.in_train_dev(name, n)]
    assert len(dev["check_covid_train"]) == sum(carved[:300])
    with pytest.raises(ValueError, match="part must be"):
        datasets.evidence_train_instances("report")


def test_weight_average_interpolates_every_float_tensor(tmp_path):
    pytest.importorskip("transformers")
    from transformers import AutoModelForSequenceClassification
    from tests.test_export import _tiny_bert
    from training.average import average, average_states
    a = {"w": torch.tensor([1.0, 2.0]), "ids": torch.tensor([0, 1])}
    b = {"w": torch.tensor([3.0, 6.0]), "ids": torch.tensor([5, 5])}
    out = average_states(a, b, 0.75)
    assert out["w"].tolist() == [1.5, 3.0] and out["ids"].tolist() == [0, 1]
    with pytest.raises(ValueError, match="differ"):
        average_states(a, {"w": b["w"]}, 0.5)
    with pytest.raises(ValueError, match="shape"):
        average_states(a, {"w": torch.zeros(3), "ids": b["ids"]}, 0.5)
    # two real checkpoints: the average's weights lie between theirs, and the folder loads
    (tmp_path / "m0").mkdir()
    paths = [_tiny_bert(tmp_path / "m0", classifier=True), tmp_path / "m1"]
    other = AutoModelForSequenceClassification.from_pretrained(str(paths[0]))
    with torch.no_grad():
        for t in other.parameters():
            t.add_(torch.randn_like(t))
    other.save_pretrained(str(paths[1]))
    avg = average(paths[0], paths[1], 0.85, tmp_path / "avg")
    models = [AutoModelForSequenceClassification.from_pretrained(str(p)) for p in (*paths, avg)]
    name = "classifier.weight"
    sa, sb, sc = (m.state_dict()[name] for m in models)
    assert not torch.allclose(sa, sb)
    assert torch.allclose(sc, 0.85 * sa + 0.15 * sb, atol=1e-6)
    assert json.loads((avg / "training.json").read_text())["weight_average"]["weight_of_a"] == 0.85


def test_a_checkpoint_without_its_own_record_takes_its_runs_record(tmp_path):
    from training.average import training_record
    run = tmp_path / "runs" / "stage3"
    (run / "checkpoints" / "checkpoint-604").mkdir(parents=True)
    (run / "final").mkdir()
    (run / "final" / "training.json").write_text(json.dumps({"backbone": "x (continued from the previous stage)"}))
    assert training_record(run / "checkpoints" / "checkpoint-604") == {
        "backbone": "x (continued from the previous stage)", "checkpoint": "checkpoint-604"}
    assert training_record(run / "final") == {"backbone": "x (continued from the previous stage)"}
    assert training_record(tmp_path) == {}


def _pairs_file(folder, n_train=24, n_dev=6):
    """A split of made-up pairs written as a pairs file (training.entailment_data): no data folder needed."""
    from training.entailment_data import write_pairs
    labels = ["entailment", "neutral", "contradiction"]
    made = [NLIPair(f"the drug lowers blood pressure {i}", f"blood pressure {'falls' if i % 3 == 0 else 'rises'}",
                    labels[i % 3], "made_up") for i in range(n_train + n_dev)]
    counts = {"made_up": {"available": n_train + n_dev, "train": n_train, "dev": n_dev}}
    return write_pairs(folder / "pairs.jsonl.xz", made[:n_train], made[n_train:], counts), made


def test_a_pairs_file_gives_back_the_split_and_refuses_a_cut_one(tmp_path):
    import lzma
    from training.entailment_data import read_pairs
    path, made = _pairs_file(tmp_path)
    train_pairs, dev_pairs, counts = read_pairs(path)
    assert train_pairs == made[:24] and dev_pairs == made[24:]
    assert counts == {"made_up": {"available": 30, "train": 24, "dev": 6}}
    lines = lzma.open(path, "rt").read().splitlines()
    with lzma.open(tmp_path / "cut.jsonl.xz", "wt") as f:
        f.write("\n".join(lines[:-2]) + "\n")
    with pytest.raises(ValueError, match="22 train / 6 dev|24 train / 4 dev"):
        read_pairs(tmp_path / "cut.jsonl.xz")


def test_lora_stage_from_a_pairs_file_saves_an_adapter_that_merges_to_its_final_model(tmp_path):
    pytest.importorskip("peft")
    from transformers import AutoModelForSequenceClassification, AutoTokenizer
    from tests.test_export import _tiny_bert
    from training.adapters import encoder_linears, merge
    (tmp_path / "tiny").mkdir()
    backbone = _tiny_bert(tmp_path / "tiny", classifier=True)
    path, _ = _pairs_file(tmp_path)
    base = AutoModelForSequenceClassification.from_pretrained(str(backbone))
    assert encoder_linears(base) == ["dense", "key", "query", "value"]
    args = parse_args(["--out", str(tmp_path / "run"), "--backbone", str(backbone), "--pairs", str(path),
                       "--lora", "4", "--lr", "5e-2", "--max-steps", "4", "--batch", "8", "--max-length", "32",
                       "--no-bf16", "--threads", "1", "--eval-every", "1", "--time-budget", "600", "--eval-before"])
    summary = train(args)
    assert summary["train_pairs"] == 24 and summary["hyperparameters"]["lora"] == 4
    assert summary["stopped_by_time_budget_at_step"] is None
    assert set(summary["dev_before"]) >= {"eval_acc3", "eval_score"}
    assert summary["dev_before"]["eval_loss"] != summary["dev"]["eval_loss"]
    adapter = tmp_path / "run" / "adapter"
    assert (adapter / "adapter_config.json").is_file()
    adapter_bytes = sum(f.stat().st_size for f in adapter.glob("adapter_model.*"))
    full_bytes = sum(f.stat().st_size for f in (tmp_path / "run" / "final").glob("model.safetensors"))
    assert 0 < adapter_bytes < full_bytes
    merged = merge(backbone, adapter, tmp_path / "merged")
    tok = AutoTokenizer.from_pretrained(str(backbone))
    batch = tok(["the drug lowers blood pressure 1"], ["blood pressure rises"], return_tensors="pt")
    final = AutoModelForSequenceClassification.from_pretrained(str(tmp_path / "run" / "final")).eval()
    again = AutoModelForSequenceClassification.from_pretrained(str(merged)).eval()
    with torch.no_grad():
        a, b, c = (m(**batch).logits for m in (final, again, base.eval()))
    assert torch.allclose(a, b, atol=1e-5)              # merged here == merged where it was trained
    assert (a - c).abs().max() > 1e-3                   # and the stage did change the model
    assert json.loads((merged / "training.json").read_text())["hyperparameters"]["lora"] == 4


def test_time_budget_ends_training_after_the_step_that_spends_it(tmp_path):
    from tests.test_export import _tiny_bert
    (tmp_path / "tiny").mkdir()
    backbone = _tiny_bert(tmp_path / "tiny", classifier=True)
    path, _ = _pairs_file(tmp_path)
    args = parse_args(["--out", str(tmp_path / "run"), "--backbone", str(backbone), "--pairs", str(path),
                       "--max-steps", "6", "--batch", "8", "--max-length", "32", "--no-bf16", "--threads", "1",
                       "--eval-every", "1", "--time-budget", "1e-9"])
    summary = train(args)
    assert summary["stopped_by_time_budget_at_step"] == 1
    state = json.loads(sorted((tmp_path / "run" / "checkpoints").glob("checkpoint-*/trainer_state.json"))[-1]
                       .read_text())
    assert state["global_step"] == 1


def test_train_speed_benchmark_times_real_training_steps(tmp_path):
    """benchmarks/train_speed.py: its steps train (forward, backward, AdamW: the loss on its fixed batch falls),
    in fp32 and under bf16 autocast alike, and the rate counts the timed steps' pairs."""
    pytest.importorskip("transformers")
    import importlib.util
    from pathlib import Path
    from tests.test_export import _tiny_bert
    spec = importlib.util.spec_from_file_location(
        "train_speed", Path(__file__).resolve().parent.parent / "benchmarks" / "train_speed.py")
    train_speed = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(train_speed)
    (tmp_path / "tiny").mkdir()
    backbone = str(_tiny_bert(tmp_path / "tiny", classifier=False))
    for precision in ("fp32", "bf16"):
        rate, losses = train_speed.step_rate(backbone, precision, batch=4, tokens=16, steps=6, warmup=2, lr=1e-2)
        assert len(losses) == 8 and rate > 0
        assert losses[-1] < 0.5 * losses[0], (precision, losses)
