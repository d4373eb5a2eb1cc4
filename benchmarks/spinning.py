"""Does ONNX Runtime's thread spinning help or hurt here? (grounding.runtime.ALLOW_SPINNING)

    python benchmarks/spinning.py [--rounds 2] [--instances 83] [--pipeline 30] [--scorer exported_models/scorer_fast]

After each call, ONNX Runtime's worker threads busy-wait for the next operator by default. The app keeps
several sessions (embedder, entailment, scorer and its pair head) and the tokenizer's own threads on the
same cores, so the workers one session leaves spinning compete with the next stage. This script measures
both settings in separate processes (the setting is read at import: GROUNDING_ORT_SPINNING=1 or 0),
alternating them for --rounds rounds, on
  * the long report instances (>= 20 context sentences, one response sentence): the scorer and the pairwise
    baseline, each as shipped, one after the other in the same process (as evaluation.scorer);
  * the whole pipeline (engine "claims") on report instances: seconds per instance.
It prints milliseconds per instance for every round and setting, and the pairwise / scorer ratio.
"""
from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
os.environ.setdefault("HF_HUB_OFFLINE", "1")
os.environ["GROUNDING_CACHE_MB"] = "0"   # the models' own speed: every call runs, none is found cached (grounding.cache)


def worker(scorer: str, instances: int, pipeline: int) -> dict:
    """Runs in a subprocess: the timings under this process's spinning setting, as JSON."""
    import numpy as np

    from evaluation import datasets
    from grounding import GroundingConfig, ground
    from evaluation.scorer import long_instances
    from grounding.pipeline import load_models
    from grounding.runtime import ALLOW_SPINNING, MODELS_DIR, Entailment
    from grounding.scorer import ContextScorer

    insts = long_instances(datasets.evidence_report_instances(), 40, 0)[:instances]
    scorer_model = ContextScorer(scorer, threads=2)
    nli = Entailment(MODELS_DIR / "entailment", threads=2)
    scorer_model.score(["Warm-up."], [["Warm-up sentence."]])
    nli.predict(["Warm-up sentence."], ["Warm-up."])
    t_s, t_p = [], []
    for inst in insts:
        response, docs, ctx = list(inst.claims[:1]), [d.sentences for d in inst.documents], inst.context_sentences
        t = time.perf_counter()
        scorer_model.score(response, docs)
        t_s.append(time.perf_counter() - t)
        t = time.perf_counter()
        nli.predict(ctx, [c for c in response for _ in ctx])
        t_p.append(time.perf_counter() - t)
    out = {"spinning": ALLOW_SPINNING, "scorer_ms": 1000 * float(np.mean(t_s)), "pairwise_ms": 1000 * float(np.mean(t_p))}
    if pipeline:
        config = GroundingConfig(engine="claims", threads=2)
        models = load_models(config.models_dir, config.threads)
        sets = datasets.evidence_report_instances()
        plain = [i for name in sorted(sets) for i in sets[name][: max(1, pipeline // len(sets))]]
        ground("Warm-up.", "Warm-up sentence.", config, models=models)
        t_g = []
        for inst in plain:
            t = time.perf_counter()
            ground("\n".join(inst.claims), inst.context_items(), config, models=models)
            t_g.append(time.perf_counter() - t)
        out["pipeline_p50_ms"] = 1000 * float(np.median(t_g))
        out["pipeline_mean_ms"] = 1000 * float(np.mean(t_g))
    return out


def main(argv=None) -> int:
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--rounds", type=int, default=2)
    p.add_argument("--instances", type=int, default=83, help="long report instances (all 83 by default)")
    p.add_argument("--pipeline", type=int, default=30, help="report instances for the pipeline timing (0: skip)")
    p.add_argument("--scorer", default=str(ROOT / "exported_models" / "scorer_fast"))
    p.add_argument("--worker", action="store_true", help=argparse.SUPPRESS)
    a = p.parse_args(argv)
    if a.worker:
        print(json.dumps(worker(a.scorer, a.instances, a.pipeline)))
        return 0
    print(f"scorer {a.scorer}; {a.instances} long instances; pipeline on {a.pipeline} instances; 2 threads")
    print("round  spinning  scorer ms  pairwise ms  pairwise/scorer  pipeline p50 ms  pipeline mean ms")
    for r in range(a.rounds):
        for spin in ("1", "0"):
            env = {**os.environ, "GROUNDING_ORT_SPINNING": spin}
            cmd = [sys.executable, __file__, "--worker", "--scorer", a.scorer, "--instances", str(a.instances),
                   "--pipeline", str(a.pipeline)]
            res = json.loads(subprocess.run(cmd, env=env, capture_output=True, text=True, check=True).stdout.strip().splitlines()[-1])
            print(f"{r + 1:5d}  {'on' if res['spinning'] else 'off':8s}  {res['scorer_ms']:9.1f}  {res['pairwise_ms']:11.1f}"
                  f"  {res['pairwise_ms'] / res['scorer_ms']:15.2f}  {res.get('pipeline_p50_ms', float('nan')):15.1f}"
                  f"  {res.get('pipeline_mean_ms', float('nan')):16.1f}", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
