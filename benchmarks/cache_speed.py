"""What the model cache (grounding.cache) saves per typical request, in this process, without a server: the same
sequence of typical requests (benchmarks/load_test.py's modes: "varied", the examples' contexts with responses edited
per request, and "examples", the examples as they are) run with the cache off and on, the settings taking turns
round by round; prints CPU ms and wall ms per request (medians over the rounds; on shared cores the CPU time is the
steadier figure), the speed-up in CPU time and the share of items found cached.

    .venv-dev/bin/python benchmarks/cache_speed.py [--requests 40] [--rounds 3] [--threads 1]

Each "on" round starts from an empty cache, so its figure includes filling it (the first request of each example).
Results are checked equal, on and off, for every request (timings and the cache counts aside).
"""
from __future__ import annotations

import argparse
import os
import random
import statistics
import time

from load_test import TYPICAL_MODES, typical  # benchmarks/load_test.py (run from this folder's parent)

from grounding.cache import MODEL_OUTPUTS
from grounding.config import GroundingConfig
from grounding.pipeline import ground
from grounding.types import without_run_notes


def run_json(result) -> dict:
    return without_run_notes(result.to_dict())   # less the timings and cache counts: what two runs may differ in


def run(requests: list[tuple[str, str]], config: GroundingConfig) -> tuple[tuple[float, float], dict, list[dict]]:
    """((CPU, wall) seconds per request, role -> [items found cached, items run], the results) for `requests`."""
    found, results = {}, []
    start, cpu = time.perf_counter(), time.process_time()
    for response, context in requests:
        res = ground(response, context, config)
        results.append(run_json(res))
        for role, n in res.coverage.runtime.get("cache", {}).items():
            if isinstance(n, dict):
                found.setdefault(role, [0, 0])
                found[role][0] += n["hits"]
                found[role][1] += n["misses"]
    n = len(requests)
    return ((time.process_time() - cpu) / n, (time.perf_counter() - start) / n), found, results


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--requests", type=int, default=40, help="typical requests per mode and round")
    ap.add_argument("--rounds", type=int, default=3)
    ap.add_argument("--threads", type=int, default=1, help="ONNX Runtime threads (the app's GROUNDING_THREADS)")
    ap.add_argument("--engine", default="claims")
    a = ap.parse_args(argv)
    config = GroundingConfig(engine=a.engine, threads=a.threads)
    budget = MODEL_OUTPUTS.budget or 64 * 2**20
    ground(*typical(0, "examples"), config)   # loads the models and spaCy
    seconds, found = {}, {}
    for r in range(a.rounds):
        for mode in TYPICAL_MODES:
            edits = random.Random(f"cache_speed {r}")
            requests = [typical(k, mode, edits) for k in range(a.requests)]
            outputs = {}
            for cache in ("off", "on"):
                MODEL_OUTPUTS.clear()
                MODEL_OUTPUTS.resize(budget if cache == "on" else 0)
                t, f, outputs[cache] = run(requests, config)
                seconds.setdefault((mode, cache), []).append(t)
                found[mode, cache] = f
            assert outputs["off"] == outputs["on"], f"results differ with the cache on and off ({mode})"
    print(f"engine {a.engine}, {a.threads} ONNX Runtime thread(s), {a.requests} requests per mode, {a.rounds} rounds, "
          f"cache budget {budget / 2**20:g} MB, {os.cpu_count()} cores (shared with other jobs: compare the rows)\n")
    print("| typical requests | cache | CPU ms per request | wall ms | speed-up (CPU) | items found cached |")
    print("|---|---|---|---|---|---|")
    for mode in TYPICAL_MODES:
        off = statistics.median(c for c, _ in seconds[mode, "off"])
        for cache in ("off", "on"):
            cpu, wall = (statistics.median(x[i] for x in seconds[mode, cache]) for i in (0, 1))
            share = ", ".join(f"{role} {h / max(1, h + m):.0%}" for role, (h, m) in found[mode, cache].items())
            print(f"| {mode} | {cache} | {cpu * 1000:.0f} | {wall * 1000:.0f} | {off / cpu:.2f}× | {share} |")
    print("\nresults with the cache on and off: identical for every request")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
