"""Batch throughput: the single-process `run` against `run --ray` with 1 and 2 workers, on the same records
(the evidence report sets, spread over the four of them), side by side in one run, and Ray's start-up cost.

    python benchmarks/ray_batch.py [--limit 200] [--workers 1 2] [--batch-size 8] [--engine claims]

Every configuration writes its own output; the script checks they hold the same JSON (timings aside). The
single process runs first and again last, so that a load drifting on a shared machine shows.
A local Ray is started (and shut down) for each Ray row, so its start-up is in that row; actors x threads
= this machine's cores (1 worker: 2 ONNX threads; 2 workers: 1 each, on 2 cores). Needs ../shared/data.
"""
from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import numpy as np

os.environ.setdefault("HF_HUB_OFFLINE", "1")

os.environ["GROUNDING_CACHE_MB"] = "0"   # the models' own speed: every call runs, none is found cached (grounding.cache)

from evaluation import datasets  # noqa: E402
from grounding.batch.local import run_local  # noqa: E402
from grounding.batch.on_ray import RayConfig, run_on_ray  # noqa: E402
from grounding.config import GroundingConfig  # noqa: E402
from grounding.types import without_run_notes  # noqa: E402


def records(limit: int) -> list[dict]:
    """`limit` records taken in turn from the four evidence report sets (claims joined as the response)."""
    sets = [[{"id": f"{name}:{inst.id}", "response": "\n".join(inst.claims), "context": inst.context_items()}
             for inst in instances] for name, instances in datasets.evidence_report_instances().items()]
    out, k = [], 0
    while len(out) < limit and any(k < len(s) for s in sets):
        out += [s[k] for s in sets if k < len(s)]
        k += 1
    return out[:limit]


def cpu_model() -> str:
    try:
        lines = subprocess.run(["lscpu"], capture_output=True, text=True, check=True).stdout.splitlines()
        name = next((x.split(":", 1)[1].strip() for x in lines if x.startswith("Model name")), "?")
    except (OSError, subprocess.CalledProcessError):
        name = "?"
    return f"{name}, {os.cpu_count()} cores"


def lines_without_timings(path: Path) -> list[dict]:
    out = []
    for line in path.read_text(encoding="utf-8").splitlines():
        obj = json.loads(line)
        if "result" in obj:
            without_run_notes(obj["result"])   # the wall-clock timings and the model cache's counts
        out.append(obj)
    return out


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--limit", type=int, default=200)
    ap.add_argument("--workers", type=int, nargs="+", default=[1, 2])
    ap.add_argument("--batch-size", type=int, default=8)
    ap.add_argument("--engine", default="claims")
    a = ap.parse_args()
    config = GroundingConfig(engine=a.engine).validate()
    work = Path(tempfile.mkdtemp(prefix="ray_batch_"))
    src = work / "in.jsonl"
    src.write_text("".join(json.dumps(r, ensure_ascii=False) + "\n" for r in records(a.limit)), encoding="utf-8")
    quiet = open(os.devnull, "w")

    rows = []
    start = time.perf_counter()
    _, summary, wall = run_local(src, work / "single.jsonl", config, log=quiet)
    rows.append(("single process", wall, None, summary, work / "single.jsonl"))
    for n in a.workers:
        out = work / f"ray{n}.jsonl"
        _, summary, wall, startup = run_on_ray(src, out, config, RayConfig(workers=n, batch_size=a.batch_size),
                                               log=quiet)
        rows.append((f"Ray, {n} worker{'s' * (n > 1)} x {max(1, (os.cpu_count() or 1) // n)} threads",
                     wall, startup, summary, out))
    # the single process once more: on a shared machine the load drifts, this row brackets it
    _, summary, wall = run_local(src, work / "single_again.jsonl", config, log=quiet)
    rows.append(("single process, again", wall, None, summary, work / "single_again.jsonl"))
    total = time.perf_counter() - start

    reference = lines_without_timings(rows[0][4])
    print(f"CPU: {cpu_model()}; load average before the run {os.getloadavg()[0]:.1f} (other work on the machine "
          f"counts); {a.limit} records of the evidence report sets, engine {a.engine}, Ray batch size {a.batch_size}")
    print(f"{'path':<30} {'wall s':>7} {'records/s':>9} {'Ray start-up s':>14} {'rec/s after start-up':>20} "
          f"{'p50 s':>6} {'p95 s':>6} {'failed':>6} {'same JSON':>9}")
    for name, wall, startup, summary, out in rows:
        p50, p95 = np.percentile(summary.seconds, [50, 95])
        done = summary.grounded + summary.failed
        after = f"{done / (wall - startup):.2f}" if startup is not None else "-"
        print(f"{name:<30} {wall:>7.1f} {done / wall:>9.2f} {(f'{startup:.1f}' if startup is not None else '-'):>14} "
              f"{after:>20} {p50:>6.2f} {p95:>6.2f} {summary.failed:>6} "
              f"{'yes' if lines_without_timings(out) == reference else 'NO':>9}")
    single = (rows[0][1] + rows[-1][1]) / 2
    for name, wall, startup, _, _ in rows[1:-1]:
        print(f"{name}: {single / wall:.2f}x the single process (mean of its two runs) end to end; wall {wall - single:+.1f} s "
              f"against it, of which ray.init {startup:.1f} s")
    print(f"total {total:.0f} s; outputs in {work}")


if __name__ == "__main__":
    main()
