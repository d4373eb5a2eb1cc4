"""The app's examples through the pipeline (no browser): median seconds per example and engine, for run
settings side by side in one run. The report sets hold one claim per instance; these are answers of 1-6
sentences, where settings such as `rows_per_window` (scorer windows per response sentence) cost time.

    python benchmarks/examples_latency.py [--engines context context-fast] [--repeat 5]
                                          [--variant NAME:key=value,...]   (default: together:rows_per_window=0)
                                          [--cold]   (the language tools' caches emptied before every call)

The model cache is off: every call runs.
"""
from __future__ import annotations

import argparse
import dataclasses
import os
import statistics
import sys
import time

os.environ.setdefault("HF_HUB_OFFLINE", "1")
os.environ["GROUNDING_CACHE_MB"] = "0"

from grounding import GroundingConfig, ground  # noqa: E402
from grounding.examples import DRUG_X, EXAMPLES  # noqa: E402
from grounding.pipeline import load_models, prepare_twins  # noqa: E402
from evaluation.verdicts import parse_variant  # noqa: E402
from grounding.config import VerdictPreset  # noqa: E402
from grounding.cache import clear_text_caches  # noqa: E402

VERDICT_FIELDS = {f.name for f in dataclasses.fields(VerdictPreset)}


def main(argv=None) -> int:
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--engines", nargs="+", default=["context", "context-fast"])
    p.add_argument("--repeat", type=int, default=5)
    p.add_argument("--variant", action="append", default=None,
                   help="NAME:key=value,... (GroundingConfig fields, or verdict settings: denial_override=none)")
    p.add_argument("--cold", action="store_true",
                   help="empty the language tools' caches (spaCy parses, entities, ...) before every call, as a new answer finds them")
    a = p.parse_args(argv)
    variants = [("default", {})] + [parse_variant(v) for v in (a.variant or ["together:rows_per_window=0"])]
    models = load_models(GroundingConfig().models_dir, GroundingConfig().threads)
    prepare_twins(GroundingConfig().models_dir, GroundingConfig().threads)   # as the app does before serving
    print(f"{'example':14s} {'engine':13s} " + " ".join(f"{name:>12s}" for name, _ in variants) + "   (median s)")
    for ex in EXAMPLES + [DRUG_X]:
        for engine in a.engines:
            cells = []
            for _, settings in variants:
                verdict = {k: v for k, v in settings.items() if k in VERDICT_FIELDS}
                cfg = GroundingConfig(engine=engine, overrides=verdict,
                                      **{k: v for k, v in settings.items() if k not in verdict}).validate()
                ground(ex["response"], ex["context"], cfg, ex["question"], models=models)      # warm-up
                times = []
                for _ in range(a.repeat):
                    if a.cold:
                        clear_text_caches()
                    start = time.perf_counter()
                    ground(ex["response"], ex["context"], cfg, ex["question"], models=models)
                    times.append(time.perf_counter() - start)
                cells.append(statistics.median(times))
            print(f"{ex['name']:14s} {engine:13s} " + " ".join(f"{t:12.3f}" for t in cells), flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
