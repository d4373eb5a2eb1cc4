"""Per-token vs per-tensor activation quantization (export/activations.py), side by side in one run: each model
set's distance from the fp32 twin (the same weights, grounding/precise.py) and its speed, on the same inputs.

    git show 1f4479d:exported_models/ROLE/model.onnx > build/per_tensor/ROLE/model.onnx   # the per-tensor files
    python benchmarks/activations.py --sets build/per_tensor exported_models [--pairs 600] [--repeats 3]

Entailment: --pairs SNLI test pairs; embedder: their premises; scorers: 10 instances of each evidence report set.
Rates are the best of --repeats passes, the sets taking turns (cache off).
"""
from __future__ import annotations

import argparse
import os
import sys
import time
from pathlib import Path

import numpy as np

os.environ["GROUNDING_CACHE_MB"] = "0"   # every call runs, none is found cached (grounding.cache)

from evaluation import datasets  # noqa: E402
from grounding import runtime  # noqa: E402
from grounding.scorer import ContextScorer  # noqa: E402


def best(fn, repeats: int):
    times, out = [], None
    for _ in range(repeats):
        start = time.perf_counter()
        out = fn()
        times.append(time.perf_counter() - start)
    return min(times), out


def main(argv=None) -> int:
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--sets", nargs="+", type=Path, required=True, help="model folder sets to compare")
    p.add_argument("--pairs", type=int, default=600)
    p.add_argument("--repeats", type=int, default=3)
    p.add_argument("--threads", type=int, default=2)
    a = p.parse_args(argv)
    cpu = runtime.cpu_description()
    print(f"CPU: {cpu['cpu']} {cpu['flags']}; int8 kernel {cpu['int8_kernel']}; {a.threads} threads")
    pairs = datasets.snli("test")[: a.pairs]
    prem, hyp = [x.premise for x in pairs], [x.hypothesis for x in pairs]
    instances = [i for s in datasets.evidence_report_instances().values() for i in s[:10]]
    print(f"{'model':<12} {'set':<28} {'p50 |Δ|':>8} {'p90':>7} {'p99':>7} {'max':>7} {'labels≠':>8} {'rate':>10} {'fp32 twin':>10}")
    for role in ("embedder", "entailment", "scorer", "scorer_fast"):
        for folder_set in a.sets:
            folder = folder_set / role
            if role == "embedder":
                model = runtime.Embedder(folder, threads=a.threads)
                run = lambda fp32=False: model.encode(prem, fp32=fp32)
                items = len(prem)
            elif role == "entailment":
                model = runtime.Entailment(folder, threads=a.threads)
                run = lambda fp32=False: model.predict(prem, hyp, fp32=fp32)
                items = len(prem)
            else:
                model = ContextScorer(folder, threads=a.threads)
                run = lambda fp32=False: np.concatenate([model.score(i.claims, [list(d.sentences) for d in i.documents],
                                                                     fp32=fp32).probabilities.reshape(-1, 3)
                                                         for i in instances])
                items = len(instances)
            run(), run(True)   # warm-up (and the twin built)
            t, got = best(run, a.repeats)
            t_fp32, ref = best(lambda: run(True), a.repeats)
            if role == "embedder":
                d = 1.0 - (got * ref).sum(1)   # 1 - cosine to the twin's embedding
                flips = float("nan")
            else:
                d = np.abs(got - ref).max(-1)
                flips = float((got.argmax(-1) != ref.argmax(-1)).mean())
            print(f"{role:<12} {str(folder_set)[-28:]:<28} {np.percentile(d, 50):>8.4f} {np.percentile(d, 90):>7.4f} "
                  f"{np.percentile(d, 99):>7.4f} {d.max():>7.4f} {flips:>8.2%} {items / t:>10.1f} {items / t_fp32:>10.1f}")
    print("embedder: 1 - cosine to the twin's embedding; rates: sentences / pairs / instances per second")
    return 0


if __name__ == "__main__":
    sys.exit(main())
