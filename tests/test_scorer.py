"""The context-aware scorer: windowing and packing (pure), the training code on a tiny BERT (a few steps,
no real training), and the shipped int8 scorer on hand-made instances."""
import random
from pathlib import Path

import numpy as np
import pytest

from grounding.scorer import LABELS, ScorerCoverage, pack, plan_windows, scored_map

ROOT = Path(__file__).resolve().parent.parent
SCORER = ROOT / "exported_models" / "scorer"

# How much a sentence's probabilities may move when its window changes (document scored alone vs inside a
# long multi-window context). With packed windows the other documents of a window are part of the input, so
# the numbers move (a packed-window model of 2026-11-29 moved by 0.53 on the case below and flipped labels);
# the shipped scorer uses window mode "document" (one document per window), where they cannot move beyond
# float noise. The card records the export probe's figure ("window_consistency").
WINDOW_TOLERANCE = 0.35


# ---------------------------------------------------------------------------- windows (pure)

def _window_cost(plan, w):
    return 2 + sum(plan.response_lengths[i] + 1 for i in w.rows) + sum(plan.context_lengths[j] + 1 for j in w.columns)


def _covered(plan):
    return [(i, j) for w in plan.windows for i in w.rows for j in w.columns]


def test_short_input_is_one_window():
    plan = plan_windows([10, 12], [[20, 30], [15]], max_length=512)
    assert len(plan.windows) == 1
    assert plan.windows[0].rows == [0, 1] and plan.windows[0].columns == [0, 1, 2]
    assert not (plan.truncated_context or plan.unscored_context or plan.truncated_response)


def test_long_context_is_partitioned_at_document_boundaries():
    rng = random.Random(0)
    docs = [[rng.randint(5, 40) for _ in range(rng.randint(1, 8))] for _ in range(30)]
    plan = plan_windows([25, 18], docs, max_length=256)
    m = sum(map(len, docs))
    assert len(plan.windows) > 1
    assert all(_window_cost(plan, w) <= 256 for w in plan.windows)
    cells = _covered(plan)
    assert len(cells) == len(set(cells)) == 2 * m           # every pair exactly once
    # a document that fits a window is never split over two windows
    starts = np.cumsum([0] + [len(d) for d in docs])
    budget = 256 - 2 - (25 + 1) - (18 + 1)
    fitting = [k for k, doc in enumerate(docs) if sum(n + 1 for n in doc) <= budget]
    assert len(fitting) > 20
    for k in fitting:
        cols = set(range(starts[k], starts[k + 1]))
        assert len([w for w in plan.windows if cols & set(w.columns)]) == 1
    assert all(w.columns == sorted(w.columns) for w in plan.windows)


def test_document_mode_scores_every_document_in_its_own_window():
    plan = plan_windows([10, 12], [[20, 30], [15], [10, 10]], max_length=512, mode="document")
    assert [w.columns for w in plan.windows] == [[0, 1], [2], [3, 4]]
    assert all(w.rows == [0, 1] for w in plan.windows)
    long_doc = plan_windows([10], [[30] * 40, [5]], max_length=128, mode="document")
    assert len(long_doc.windows) > 2 and long_doc.windows[-1].columns == [40]     # the short doc stays alone
    assert sorted(j for w in long_doc.windows for j in w.columns) == list(range(41))
    with pytest.raises(ValueError, match="window mode"):
        plan_windows([10], [[5]], mode="sentences")


def test_rows_per_window_reads_each_response_sentence_beside_each_document():
    plan = plan_windows([10, 12, 8], [[20, 30], [15]], max_length=512, mode="document", rows_per_window=1)
    assert [(w.rows, w.columns) for w in plan.windows] == [([0], [0, 1]), ([0], [2]), ([1], [0, 1]), ([1], [2]),
                                                           ([2], [0, 1]), ([2], [2])]
    pairs = plan_windows([10, 12, 8], [[20, 30], [15]], max_length=512, mode="document", rows_per_window=2)
    assert [w.rows for w in pairs.windows] == [[0, 1], [0, 1], [2], [2]]
    # a sentence too long for a window beside context is still cut to half a window, as with the whole response
    long_row = plan_windows([400, 10], [[20]], max_length=256, mode="document", rows_per_window=1)
    assert long_row.truncated_response == [0] and long_row.response_lengths[0] == 126
    assert sorted((i, j) for w in long_row.windows for i in w.rows for j in w.columns) == [(0, 0), (1, 0)]


def test_document_longer_than_window_is_cut_at_sentence_boundaries():
    plan = plan_windows([10], [[30] * 40], max_length=128)
    assert len(plan.windows) > 1
    assert all(_window_cost(plan, w) <= 128 for w in plan.windows)
    assert sorted(j for w in plan.windows for j in w.columns) == list(range(40))
    assert not plan.truncated_context


def test_over_long_sentence_is_truncated_and_reported_or_skipped():
    plan = plan_windows([10], [[20], [900], [20]], max_length=256)
    assert plan.truncated_context == [1]
    assert plan.context_lengths[1] < 256 and all(_window_cost(plan, w) <= 256 for w in plan.windows)
    assert sorted(j for w in plan.windows for j in w.columns) == [0, 1, 2]
    skip = plan_windows([10], [[20], [900], [20]], max_length=256, long_sentences="skip")
    assert skip.unscored_context == [1]
    assert sorted(j for w in skip.windows for j in w.columns) == [0, 2]


def test_response_that_fills_the_window_is_split_into_row_groups():
    plan = plan_windows([60] * 10, [[20] * 5], max_length=256)
    assert len(plan.windows) > 1
    assert all(_window_cost(plan, w) <= 256 for w in plan.windows)
    cells = _covered(plan)
    assert len(cells) == len(set(cells)) == 10 * 5
    huge = plan_windows([600], [[20]], max_length=256)
    assert huge.truncated_response == [0] and _covered(huge) == [(0, 0)]


def test_pack_layout_and_boundary_positions():
    p = pack([[5, 6], [7]], [[8], [9, 10, 11]], cls_id=1, sep_id=2, r_sep_id=98, s_sep_id=99)
    assert p.input_ids == [1, 5, 6, 98, 7, 98, 8, 99, 9, 10, 11, 99, 2]
    assert [p.input_ids[k] for k in p.response_positions] == [98, 98]
    assert [p.input_ids[k] for k in p.context_positions] == [99, 99]
    assert p.token_type_ids == [0] * 6 + [1] * 7


def test_scored_map_labels_values_and_unscored():
    probs = np.array([[[0.8, 0.1, 0.1], [0.1, 0.7, 0.2], [np.nan] * 3]], dtype=np.float32)
    sm = scored_map(probs, ScorerCoverage(windows=1, unscored_context=[2]))
    assert sm.labels.tolist() == [[1, -1, 0]]
    assert np.allclose(sm.values, [[0.7, -0.6, 0.0]])
    assert not sm.coverage.complete
    signed = sm.as_signed_map(["r1"], ["a", "b", "c"])
    assert signed.engine == "context" and signed.labels == [[1, -1, 0]] and len(signed.probabilities[0][0]) == 3


# ---------------------------------------------------------------------------- training code (tiny BERT)

WORDS = ("the a drug lowers raises blood pressure liver enzymes trial patients tower paris berlin is in not no "
         "effect rain fell match cancelled city train line airport").split()


@pytest.fixture(scope="module")
def tiny_backbone(tmp_path_factory):
    torch = pytest.importorskip("torch")
    from transformers import BertConfig, BertModel, BertTokenizerFast

    folder = tmp_path_factory.mktemp("tiny_bert")
    torch.manual_seed(0)
    vocab = list(dict.fromkeys(["[PAD]", "[UNK]", "[CLS]", "[SEP]", "[MASK]", ".", ",", *WORDS,
                                *[chr(c) for c in range(97, 123)]]))
    (folder / "vocab.txt").write_text("\n".join(vocab) + "\n")
    BertTokenizerFast(vocab_file=str(folder / "vocab.txt"), do_lower_case=True).save_pretrained(folder)
    BertModel(BertConfig(vocab_size=len(vocab), hidden_size=32, num_hidden_layers=2, num_attention_heads=2,
                         intermediate_size=64, max_position_embeddings=128)).save_pretrained(folder)
    return folder


def _hand_made_instances():
    from training.scorer_data import ScorerInstance
    return [
        ScorerInstance("a", "hand", ["the drug lowers blood pressure."],
                       [["the drug lowers blood pressure in the trial."], ["rain fell."]], [[[1]], [[0]]]),
        ScorerInstance("b", "hand", ["the tower is in paris.", "the drug raises liver enzymes."],
                       [["the tower is in berlin.", "the match cancelled."], ["no effect on liver enzymes."]],
                       [[[-1, 0], [0, 0]], [[0], [-1]]]),
    ]


@pytest.fixture(scope="module")
def tiny_trained(tiny_backbone, tmp_path_factory):
    """A tiny scorer trained for 3 steps on hand-made instances: (fit summary, run folder, special ids)."""
    pytest.importorskip("torch")
    from training.scorer import fit, parse_args, prepare_model

    model, tok, special = prepare_model(str(tiny_backbone), head_hidden=16, head_dropout=0.0)
    out = tmp_path_factory.mktemp("tiny_scorer_run")
    args = parse_args(["--max-steps", "3", "--batch", "2", "--grad-accum", "1", "--no-bf16", "--max-rows", "4",
                       "--max-columns", "8", "--head-lr", "1e-3"])
    run = fit(model, tok, special, _hand_made_instances() * 2, _hand_made_instances(), args, out)
    return run, out, special


def test_boundary_tokens_packing_and_document_shuffling(tiny_backbone):
    torch = pytest.importorskip("torch")
    from training.scorer_fit import ScorerDataset, collate
    from training.scorer import prepare_model
    from training.scorer_data import token_counter

    model, tok, special = prepare_model(str(tiny_backbone), head_hidden=16, head_dropout=0.0)
    assert tok.convert_tokens_to_ids("[R_SEP]") == special["r_sep_id"] != tok.unk_token_id
    assert model.get_input_embeddings().weight.shape[0] == len(tok)
    # document-order shuffling keeps every label with its sentence
    inst = _hand_made_instances()[1]
    ds = ScorerDataset([inst], token_counter(tok), special, 32, augment=True, seed=0)
    seen = set()
    for epoch in range(6):
        ds.epoch = epoch
        item = ds[0]
        ctx = [tuple(item["input_ids"][a + 1 : b]) for a, b in zip([item["r_pos"][-1], *item["s_pos"][:-1]], item["s_pos"])]
        seen.add(tuple(ctx))
        berlin = ctx.index(tuple(tok("the tower is in berlin.", add_special_tokens=False)["input_ids"]))
        assert item["labels"][0][berlin] == LABELS.index("contradict")
    assert len(seen) == 2
    batch = collate(4, 8)([ds[0]])
    assert batch["labels"].shape == (1, 4, 8) and int((batch["labels"] != -100).sum()) == 2 * 3
    with torch.no_grad():
        logits = model(**{k: v for k, v in batch.items() if k != "labels"})["logits"]
    assert logits.shape == (1, 4, 8, 3)


def test_training_code_runs_a_few_steps(tiny_trained):
    from export.scorer_model import load_scorer

    run, out, special = tiny_trained
    assert run["optimizer_steps"] == 3
    assert {r["w_irr"] for r in run["class_weight_tuning"]["grid"]} >= {1, 10}
    assert all(0.0 <= v <= 1.0 for v in run["dev"]["after_tuning"].values())
    loaded, loaded_tok = load_scorer(out / "final")
    assert loaded_tok.convert_tokens_to_ids("[S_SEP]") == special["s_sep_id"]


def test_export_of_a_tiny_scorer_matches_pytorch(tiny_trained, tmp_path):
    pytest.importorskip("optimum")
    from export.__main__ import export_role
    from grounding.scorer import ContextScorer

    _, out, _ = tiny_trained
    card = export_role("scorer", str(out / "final"), tmp_path / "scorer", min_agreement=0.0, speed_items=6)
    assert {"model.onnx", "head.onnx", "tokenizer.json", "card.json"} <= {p.name for p in (tmp_path / "scorer").iterdir()}
    assert card["parity"]["onnx_fp32_vs_pytorch_fp32"]["max_abs_diff"] < 1e-4     # same windows, packing, head
    assert card["parity"]["onnx_int8_vs_pytorch_fp32"]["cells"] > 50
    assert card["labels"] == list(LABELS) and "window_consistency" in card
    scored = ContextScorer(tmp_path / "scorer").score(["the drug lowers blood pressure."], [["rain fell."], ["the tower."]])
    assert scored.probabilities.shape == (1, 2, 3)
    assert card["windows"] == "packed" and scored.coverage.windows == 1
    # window mode "document": one window per document, and a document's numbers ignore the others
    per_doc = ContextScorer(tmp_path / "scorer", windows="document")
    both = per_doc.score(["the drug lowers blood pressure."], [["rain fell."], ["the tower."]])
    alone = per_doc.score(["the drug lowers blood pressure."], [["the tower."]])
    assert both.coverage.windows == 2 and np.allclose(both.probabilities[:, 1], alone.probabilities[:, 0], atol=1e-6)


def test_an_mpnet_classifier_backbone_trains_exports_and_scores(tmp_path):
    """The scorer on another encoder family: an MPNet NLI classifier (the shipped entailment model's
    architecture, here tiny and random) loses its classifier, keeps its encoder under `mpnet`, takes no token
    type ids, trains, exports and is read by the runtime with MPNet's own <s> / </s> around the packed input."""
    torch = pytest.importorskip("torch")
    pytest.importorskip("optimum")
    from transformers import MPNetConfig, MPNetForSequenceClassification, MPNetTokenizerFast

    from export.__main__ import export_role
    from export.scorer_model import load_scorer
    from grounding.scorer import ContextScorer
    from training.scorer import fit, parse_args, prepare_model

    backbone = tmp_path / "tiny_mpnet"
    backbone.mkdir()
    vocab = list(dict.fromkeys(["<s>", "<pad>", "</s>", "<unk>", "[UNK]", "<mask>", ".", ",", *WORDS,
                                *[chr(c) for c in range(97, 123)]]))
    (backbone / "vocab.txt").write_text("\n".join(vocab) + "\n")
    tok = MPNetTokenizerFast(vocab_file=str(backbone / "vocab.txt"), do_lower_case=True)
    tok.save_pretrained(backbone)
    torch.manual_seed(0)
    config = MPNetConfig(vocab_size=len(vocab), hidden_size=32, num_hidden_layers=2, num_attention_heads=2,
                         intermediate_size=64, max_position_embeddings=130, num_labels=3,
                         pad_token_id=tok.pad_token_id, bos_token_id=tok.cls_token_id, eos_token_id=tok.sep_token_id)
    classifier = MPNetForSequenceClassification(config)
    classifier.save_pretrained(backbone)

    model, tok, special = prepare_model(str(backbone), head_hidden=16, head_dropout=0.0)
    assert type(model.encoder_model).__name__ == "MPNetModel" and model.base_model_prefix == "mpnet"
    assert torch.equal(model.mpnet.encoder.layer[0].attention.attn.q.weight,
                       classifier.mpnet.encoder.layer[0].attention.attn.q.weight)     # the encoder came along
    assert special["cls_id"] == tok.convert_tokens_to_ids("<s>") and special["sep_id"] == tok.convert_tokens_to_ids("</s>")
    args = parse_args(["--max-steps", "2", "--batch", "2", "--grad-accum", "1", "--no-bf16", "--max-rows", "4",
                       "--max-columns", "8", "--max-length", "120"])
    run = fit(model, tok, special, _hand_made_instances() * 2, _hand_made_instances(), args, tmp_path / "run")
    assert run["optimizer_steps"] == 2
    loaded, _ = load_scorer(tmp_path / "run" / "final")
    assert type(loaded.encoder_model).__name__ == "MPNetModel"

    card = export_role("scorer", str(tmp_path / "run" / "final"), tmp_path / "scorer", min_agreement=0.0, speed_items=4)
    assert card["parity"]["onnx_fp32_vs_pytorch_fp32"]["max_abs_diff"] < 1e-4
    scorer = ContextScorer(tmp_path / "scorer")
    assert "token_type_ids" not in scorer.encoder.input_names
    scored = scorer.score(["the drug lowers blood pressure."], [["rain fell."], ["the tower."]])
    assert scored.probabilities.shape == (1, 2, 3) and np.allclose(scored.probabilities.sum(-1), 1, atol=1e-5)


def test_weighted_loss_ignores_padding_and_weights_classes():
    torch = pytest.importorskip("torch")
    from training.scorer_data import IGNORE
    from training.scorer_fit import weighted_loss

    logits = torch.zeros((1, 1, 3, 3))
    labels = torch.tensor([[[0, 2, IGNORE]]])
    # uniform logits: every nll is log 3, whatever the weights
    assert float(weighted_loss(logits, labels, torch.tensor([1.0, 1.0, 10.0]))) == pytest.approx(np.log(3), rel=1e-5)
    logits[0, 0, 0, 0] = 5.0          # the support cell becomes confident and right: loss falls
    w_heavy_irr = float(weighted_loss(logits, labels, torch.tensor([1.0, 1.0, 10.0])))
    w_flat = float(weighted_loss(logits, labels, torch.tensor([1.0, 1.0, 1.0])))
    assert w_heavy_irr > w_flat       # the irrelevant cell (still uncertain) dominates when weighted 10


def test_distillation_loss_is_zero_for_the_teacher_and_ignores_padding():
    torch = pytest.importorskip("torch")
    from training.scorer_data import IGNORE
    from training.scorer_fit import distillation_loss

    teacher = torch.tensor([[[[2.0, -1.0, 0.5], [0.0, 3.0, -2.0]]]])
    labels = torch.tensor([[[0, IGNORE]]])
    assert float(distillation_loss(teacher.clone(), teacher, labels, 2.0)) == pytest.approx(0.0, abs=1e-7)
    other = teacher.clone()
    other[0, 0, 1] = torch.tensor([9.0, -9.0, 0.0])        # only the padded cell differs: still no loss
    assert float(distillation_loss(other, teacher, labels, 2.0)) == pytest.approx(0.0, abs=1e-7)
    other[0, 0, 0] = torch.tensor([-1.0, 2.0, 0.5])        # the labelled cell disagrees: KL > 0, by hand
    t, s_ = torch.softmax(teacher[0, 0, 0] / 2, -1), torch.softmax(other[0, 0, 0] / 2, -1)
    by_hand = 4 * float((t * (t.log() - s_.log())).sum())
    assert float(distillation_loss(other, teacher, labels, 2.0)) == pytest.approx(by_hand, rel=1e-5)


def test_shallow_student_keeps_the_first_layers_and_distils(tiny_trained, tmp_path):
    torch = pytest.importorskip("torch")
    from training.scorer import fit, parse_args, prepare_model
    from export.scorer_model import load_scorer

    _, teacher_run, _ = tiny_trained
    teacher, _ = load_scorer(teacher_run / "final")
    student, tok, special = prepare_model(str(teacher_run / "final"), head_hidden=16, head_dropout=0.0,
                                          keep_layers=1)
    assert student.config.num_hidden_layers == 1 and len(student.bert.encoder.layer) == 1
    for a, b in zip(student.bert.encoder.layer[0].parameters(), teacher.bert.encoder.layer[0].parameters()):
        assert torch.equal(a, b)                                # the kept layer is the teacher's first
    assert torch.equal(student.head.out.weight, teacher.head.out.weight)
    args = parse_args(["--max-steps", "2", "--batch", "2", "--grad-accum", "1", "--no-bf16", "--max-rows", "4",
                       "--max-columns", "8", "--teacher", str(teacher_run / "final"), "--distill-alpha", "0.7"])
    run = fit(student, tok, special, _hand_made_instances() * 2, _hand_made_instances(), args, tmp_path)
    assert run["optimizer_steps"] == 2
    assert load_scorer(tmp_path / "final")[0].config.num_hidden_layers == 1
    with pytest.raises(SystemExit):
        prepare_model(str(teacher_run / "final"), 16, 0.0, keep_layers=5)


def test_span_mean_pooling_is_the_mean_of_each_sentence_span():
    from grounding.scorer import sentence_vectors

    hidden = np.arange(24, dtype=np.float32).reshape(6, 4)
    got = sentence_vectors(hidden, positions=[2, 5], starts=[1, 3], pooling="span_mean")
    assert np.allclose(got, [hidden[1:3].mean(0), hidden[3:6].mean(0)])
    # spans with a gap between them (not packed back to back) take the per-span path
    gap = sentence_vectors(hidden, positions=[2, 5], starts=[1, 4], pooling="span_mean")
    assert np.allclose(gap, [hidden[1:3].mean(0), hidden[4:6].mean(0)])
    assert np.array_equal(sentence_vectors(hidden, [2, 5], [1, 3], "boundary"), hidden[[2, 5]])
    assert sentence_vectors(hidden, [], [], "span_mean").shape == (0, 4)


def test_irrelevant_weight_tuning_shifts_the_irrelevant_logit():
    from training.scorer_fit import tune_irrelevant_weight

    gold = np.array([[[0, 2, 2, 1]]])
    logits = np.zeros((1, 1, 4, 3), dtype=np.float32)
    logits[0, 0, :, 2] = 1.0           # irrelevant everywhere by a margin of 1 (< log 10)
    logits[0, 0, 0, 0] = 0.5
    logits[0, 0, 3, 1] = 0.5
    out = tune_irrelevant_weight(logits, gold, trained_w_irr=10.0)
    assert out["chosen"][1] < 10 and out["dev_at_chosen"]["citation_f1"] == 1.0
    assert out["logit_shift"][0] == 0.0 and out["logit_shift"][2] < 0


def test_class_weight_tuning_can_raise_contradict():
    from training.scorer_fit import tune_class_weights

    gold = np.array([[[1, 2, 2]]])
    logits = np.zeros((1, 1, 3, 3), dtype=np.float32)
    logits[0, 0, :, 2] = 1.0
    logits[0, 0, 0, 1] = 0.8          # the contradicting cell leans contradict, not enough to win
    out = tune_class_weights(logits, gold, (1.0, 1.0, 1.0), irr_grid=(1,), con_grid=(1, 2))
    assert out["chosen"] == [1.0, 1, 2] and out["dev_at_chosen"]["contradict_f1"] == 1.0


def test_assemble_adds_distractors_with_irrelevant_labels():
    from training.scorer_data import Unit, assemble

    unit = Unit("hand", "g", ["claim one.", "claim two."], [["s1.", "s2."]], [[[1, 0], [0, -1]]])
    pool = [["other abstract sentence number %d about weather." % k, "second sentence."] for k in range(20)]
    inst = assemble(unit, random.Random(0), lambda s: len(s.split()), 60, pool, 3, 64, "t")
    assert inst.labels[0] == [[1, 0], [0, -1]]
    assert all(v == 0 for doc in inst.labels[1:] for row in doc for v in row)
    flat = inst.flat_labels()
    assert len(flat) == 2 and len(flat[0]) == sum(map(len, inst.documents))
    cost = 2 + sum(len(s.split()) + 1 for s in inst.response) + sum(len(s.split()) + 1 for d in inst.documents for s in d)
    assert cost <= 60


def test_claim_and_evidence_negation_contrasts_flip_labels():
    from training.scorer_data import Unit, negated_evidence, negation_contrast, split_by_document

    unit = Unit("hand", "g", ["Drug X lowers pressure.", "Drug X is cheap."],
                [["Drug X lowered pressure.", "It rained."], ["Drug X costs a lot."]],
                [[[1, 0], [0, 0]], [[0], [-1]]])
    neg = {"Drug X lowers pressure.": "Drug X does not lower pressure.",
           "Drug X lowered pressure.": "Drug X did not lower pressure."}.get
    claim = negation_contrast(unit, random.Random(0), neg, max_rows=8)
    assert claim.response[-1] == "Drug X does not lower pressure."       # only claim 1 is supported and never contradicted
    assert claim.labels == [[[1, 0], [0, 0], [-1, 0]], [[0], [-1], [0]]]
    ev = negated_evidence(unit, random.Random(0), neg)
    assert ev.documents[0][0] == "Drug X did not lower pressure." and ev.documents[1] == unit.documents[1]
    assert ev.labels[0] == [[-1, 0], [0, 0]] and unit.labels[0] == [[1, 0], [0, 0]]   # the original is kept
    from training.scorer_data import ScorerInstance
    parts = split_by_document(ScorerInstance("i", "hand", unit.response, unit.documents, unit.labels, 1))
    assert [p.documents for p in parts] == [[unit.documents[0]], [unit.documents[1]]]
    assert [p.flat_labels() for p in parts] == [[[1, 0], [0, 0]], [[0], [-1]]] and [p.distractors for p in parts] == [0, 1]


def test_independent_nli_rows_never_put_one_premises_hypotheses_in_one_response():
    from training.scorer_data import Unit, independent_nli_rows, is_dev

    units = [Unit("snli_dev", f"p{k}", [f"h{k}e", f"h{k}n", f"h{k}c"], [[f"premise {k}"]], [[[1], [0], [-1]]])
             for k in range(40)]
    other = Unit("scifact_train", "s", ["claim a", "claim b"], [["s1"]], [[[1], [-1]]])
    out = independent_nli_rows(units + [other], random.Random(0), 0.2, 8)
    assert other in out                                          # evidence units stay as they were
    nli = [u for u in out if u.source == "snli_dev"]
    rows = [(h, u) for u in nli for h in u.response]
    assert sorted(h for h, _ in rows) == sorted(h for u in units for h in u.response)   # each hypothesis once
    sign = {"e": 1, "n": 0, "c": -1}
    for u in nli:
        premises = [d[0] for d in u.documents]
        assert 1 <= len(u.response) <= 4 and len(set(premises)) == len(premises) == len(u.response)
        assert len({is_dev("snli_dev", "p" + h[1:-1], 0.2) for h in u.response}) == 1     # one split side
        for d, p in enumerate(premises):
            for i, h in enumerate(u.response):
                own = p == "premise " + h[1:-1]
                assert u.labels[d][i] == [sign[h[-1]] if own else 0]
    assert any(len(u.response) > 1 for u in nli) and any(len(u.response) == 1 for u in nli)


# ---------------------------------------------------------------------------- the shipped scorer

# both shipped scorers (engine "context": 6 layers; engine "context-fast": its 2-layer student) must pass
SHIPPED = [pytest.param(SCORER.parent / name, id=name,
                        marks=pytest.mark.skipif(not (SCORER.parent / name / "model.onnx").is_file(),
                                                 reason=f"exported_models/{name} is not exported"))
           for name in ("scorer", "scorer_fast")]

CLAIMS = ["Drug X lowered systolic blood pressure in adults.", "The Eiffel Tower is located in Paris."]
DOCS = [
    ["In a randomised trial of 400 adults, drug X lowered systolic blood pressure by 12 mmHg compared with placebo.",
     "Patients were followed for twelve weeks."],
    ["The Eiffel Tower is a wrought-iron lattice tower on the Champ de Mars in Paris, France.",
     "It was designed by the company of Gustave Eiffel."],
    ["In a second trial, drug X did not lower systolic blood pressure in adults; it raised it slightly.",
     "The football match was cancelled because of heavy rain."],
]


@pytest.fixture(scope="module", params=SHIPPED)
def scorer(request):
    from grounding.scorer import ContextScorer
    return ContextScorer(request.param, threads=2)


def test_known_support_and_contradiction(scorer):
    out = scorer.score(CLAIMS, DOCS)
    # packed: all three short documents share one window; document mode: one window per document
    assert out.shape == (2, 6) and out.coverage.complete
    assert out.coverage.windows == (1 if scorer.windows == "packed" else len(DOCS))
    assert out.probabilities.shape == (2, 6, 3)
    assert np.allclose(out.probabilities.sum(-1), 1.0, atol=1e-4)
    assert out.labels[0, 0] == 1          # the trial that lowered pressure supports claim 1
    assert out.labels[0, 4] == -1         # the trial that did not lower it contradicts claim 1
    assert out.labels[1, 2] == 1          # Paris supports claim 2
    assert out.labels[1, 5] == 0 and out.labels[0, 5] == 0    # the football match is irrelevant
    assert out.values[0, 0] > 0 > out.values[0, 4]


def test_document_order_does_not_change_labels(scorer):
    base = scorer.score(CLAIMS, DOCS)
    starts = np.cumsum([0] + [len(d) for d in DOCS])
    for order in ([2, 0, 1], [1, 2, 0]):
        shuffled = scorer.score(CLAIMS, [DOCS[k] for k in order])
        columns = [c for k in order for c in range(starts[k], starts[k + 1])]
        assert (shuffled.labels == base.labels[:, columns]).all()


def test_long_context_every_sentence_scored_and_window_independent(scorer):
    filler = [[f"The city council discussed item {k}.{j} of the agenda about parks and libraries." for j in range(6)]
              for k in range(14)]
    evidence = DOCS[0] + DOCS[2]
    long_docs = filler[:7] + [DOCS[0]] + filler[7:] + [DOCS[2]]
    out = scorer.score(CLAIMS[:1], long_docs)
    m = sum(len(d) for d in long_docs)
    assert out.shape == (1, m)
    assert out.coverage.windows > 1 and out.coverage.forward_passes == out.coverage.windows
    assert not np.isnan(out.probabilities).any() and out.coverage.complete
    alone = scorer.score(CLAIMS[:1], [DOCS[0], DOCS[2]])
    starts = np.cumsum([0] + [len(d) for d in long_docs])
    cols = list(range(starts[7], starts[8])) + list(range(starts[-2], starts[-1]))
    assert len(cols) == len(evidence)
    assert (out.labels[:, cols] == alone.labels).all()
    assert float(np.abs(out.probabilities[:, cols] - alone.probabilities).max()) <= WINDOW_TOLERANCE


def test_boundary_tokens_in_user_text_do_not_add_columns(scorer):
    out = scorer.score(["A claim with [S_SEP] inside."], [["A sentence [R_SEP] with [SEP] tokens.", "Another."]])
    assert out.shape == (1, 2) and not np.isnan(out.probabilities).any()


@pytest.mark.parametrize("folder", SHIPPED)
def test_card_records_parity_training_and_evaluation(folder):
    import json
    card = json.loads((folder / "card.json").read_text())
    par = card["parity"]["onnx_int8_vs_pytorch_fp32"]
    assert par["label_agreement"] >= 0.95 and par["cells"] > 50
    assert card["labels"] == list(LABELS) and card["head"] == "head.onnx"
    assert len(card["training"]["class_weights"]["trained"]) == 3 and card["training"]["dev"]["after_tuning"]
    from export.card import sha256
    for name in ("model.onnx", "head.onnx"):
        assert card["files"][name]["sha256"] == sha256(folder / name)


def test_continued_run_keeps_the_previous_stage_record(tmp_path):
    import json
    from training.scorer import with_previous_stages

    (tmp_path / "training.json").write_text(json.dumps({
        "special_tokens": ["[R_SEP]", "[S_SEP]"], "training_seconds": 100.0, "training_seconds_all_stages": 250.0,
        "log_history": [{"eval_loss": 1.0}], "class_weight_tuning": {"grid": [1, 2], "chosen": [1, 1, 1]}}))
    out = with_previous_stages({"training_seconds": 40.0}, str(tmp_path))
    assert out["training_seconds_all_stages"] == 290.0
    assert "log_history" not in out["previous_stage"] and out["previous_stage"]["class_weight_tuning"] == {"chosen": [1, 1, 1]}
    assert with_previous_stages({"training_seconds": 40.0}, None) == {"training_seconds": 40.0}


def test_direction_swap_reverses_the_first_direction_word():
    from evaluation.contrasts import direction_swap
    from training.scorer_data import contrast_maker

    assert direction_swap("Drug X lowered blood pressure.") == "Drug X raised blood pressure."
    assert direction_swap("Increased intake is linked to higher risk.") == "Decreased intake is linked to higher risk."
    assert direction_swap("Global temperatures have risen since 1900.") == "Global temperatures have fallen since 1900."
    assert direction_swap("The tower is in Paris.") == "The tower is in Paris."
    make = contrast_maker(random.Random(0), lambda t: "NEG " + t, direction_share=1.0)
    assert make("Masks reduced spread.") == "Masks increased spread." and make("It is blue.") == "NEG It is blue."
