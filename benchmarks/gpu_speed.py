"""CPU int8 vs GPU fp16 on the same inputs, per model, in one run; and the GPU outputs against the fp32
reference of each card's probe set.

    python benchmarks/gpu_speed.py [--items 512]

Needs onnxruntime-gpu, a CUDA GPU and the fp16 variants (python -m export --precision fp16 ..., see
benchmarks/gpu_check.sh, which runs this). Prints why it cannot run otherwise and exits 3.
"""
from __future__ import annotations

import argparse
import os
import json
import sys
import time
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parent.parent

os.environ["GROUNDING_CACHE_MB"] = "0"   # the models' own speed: every call runs, none is found cached (grounding.cache)

from export import check, probe  # noqa: E402
from grounding import runtime  # noqa: E402


def _rate(fn, items) -> float:
    fn(items[:32])
    start = time.perf_counter()
    fn(items)
    return len(items) / (time.perf_counter() - start)


def main(argv=None) -> int:
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--items", type=int, default=512)
    p.add_argument("--threads", type=int, default=2)
    a = p.parse_args(argv)
    import onnxruntime as ort
    if "CUDAExecutionProvider" not in ort.get_available_providers() or not runtime._cuda_usable():
        print(f"skipped: no usable CUDA execution provider (onnxruntime {ort.__version__}, providers "
              f"{ort.get_available_providers()})")
        return 3
    cpu = runtime.cpu_description()
    print(f"CPU: {cpu['cpu']} {cpu['flags']} ({a.threads} threads, int8 kernel {cpu['int8_kernel']}); "
          f"onnxruntime {ort.__version__}")
    print(f"{'model':12s} {'unit':12s} {'CPU int8':>10s} {'GPU fp16':>10s} {'ratio':>7s}  GPU fp16 vs fp32 reference (probe)")
    for name, role, unit in (("embedder", "embedder", "sentences/s"), ("entailment", "entailment", "pairs/s"),
                             ("scorer", "scorer", "instances/s"), ("scorer_fast", "scorer", "instances/s")):
        folder = ROOT / "exported_models" / name
        if not (folder / runtime.FP16_FILE).is_file():
            print(f"{name:12s} no {runtime.FP16_FILE}: run python -m export --precision fp16 first")
            continue
        base = probe.probe_items(role)
        items = (base * (a.items // len(base) + 1))[: a.items] if role != "scorer" else base * 4
        rates, outs = {}, {}
        for label, gpu in (("cpu", False), ("gpu", True)):
            if role == "embedder":
                model = runtime.Embedder(folder, threads=a.threads)
                if not gpu:
                    model.model = runtime.OnnxModel(folder, threads=a.threads, prefer_gpu=False)
                    model.batch_size = runtime.CPU_BATCH_SIZE["embedder"]
                fn = model.encode
            elif role == "scorer":
                from grounding.scorer import ContextScorer
                scorer = ContextScorer(folder, threads=a.threads)
                if not gpu:
                    scorer.encoder = runtime.OnnxModel(folder, threads=a.threads, prefer_gpu=False)
                fn = lambda xs, s=scorer: np.concatenate([s.score(r, d).probabilities.reshape(-1, 3) for r, d in xs])  # noqa: E731
            else:
                model = runtime.Entailment(folder, threads=a.threads)
                if not gpu:
                    model.model = runtime.OnnxModel(folder, threads=a.threads, prefer_gpu=False)
                    model.batch_size = runtime.CPU_BATCH_SIZE["entailment"]
                fn = lambda xs, m=model: m.predict([x for x, _ in xs], [y for _, y in xs])  # noqa: E731
            rates[label] = _rate(fn, items)
            outs[label] = fn(base)
        ref = np.asarray(json.loads((folder / "card.json").read_text())["probe"]["reference"])
        d = probe.drift(ref, outs["gpu"], role)
        print(f"{name:12s} {unit:12s} {rates['cpu']:>10.1f} {rates['gpu']:>10.1f} {rates['gpu'] / rates['cpu']:>6.1f}x  "
              f"{json.dumps({k: d[k] for k in d if k not in ('items', 'clear_flipped')})}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
