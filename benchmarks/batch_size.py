"""Items per ONNX call for the embedder and the entailment model on this machine (the runtime's defaults,
grounding.runtime.CPU_BATCH_SIZE, come from this).

    python benchmarks/batch_size.py [--threads 2] [--repeat 2]

Entailment: every (context sentence, claim) pair of the evidence report instances, as the pairwise baseline
of evaluation.scorer runs them, for the instances with >= 20 context sentences and for all of them
(ms per instance). Embedder: 3,000 report context sentences (sentences/s). Claims engine end to end (τ 0.5,
no PFCR, 30 instances per report set): median ms per instance with both models at each size. All sizes in
one run, interleaved.
"""
from __future__ import annotations

import argparse
import os
import sys
import time


import numpy as np  # noqa: E402

os.environ["GROUNDING_CACHE_MB"] = "0"   # the models' own speed: every call runs, none is found cached (grounding.cache)

from evaluation import datasets  # noqa: E402
from grounding import GroundingConfig, ground  # noqa: E402
from evaluation.scorer import LONG_MIN, long_instances  # noqa: E402
from grounding.runtime import MODELS_DIR, Embedder, Entailment  # noqa: E402


def main(argv=None) -> int:
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--threads", type=int, default=2)
    p.add_argument("--repeat", type=int, default=2)
    p.add_argument("--sizes", default="1,2,4,8,16,32")
    a = p.parse_args(argv)
    sizes = [int(x) for x in a.sizes.split(",")]
    report = datasets.evidence_report_instances()
    every = [i for v in report.values() for i in v]
    sets = {"entailment, >= 20 context sentences": [i for i in long_instances(report, 40) if len(i.context_sentences) >= LONG_MIN],
            "entailment, all report instances": every}
    texts = [s for i in every for s in i.context_sentences][:3000]
    engine_instances = [i for name in sorted(report) for i in report[name][:30]]
    config = GroundingConfig(engine="claims", tau=0.5, pfcr=False)
    ents = {b: Entailment(MODELS_DIR / "entailment", threads=a.threads, batch_size=b) for b in sizes}
    embs = {b: Embedder(MODELS_DIR / "embedder", threads=a.threads, batch_size=b) for b in sizes}
    for rep in range(a.repeat):
        for name, insts in sets.items():
            row = {}
            for b, model in ents.items():
                start = time.perf_counter()
                for inst in insts:
                    model.predict(*inst.pairs())
                row[b] = round((time.perf_counter() - start) / len(insts) * 1000, 1)
            print(f"[{rep + 1}] {name} ({len(insts)}), ms per instance by batch size: {row}", flush=True)
        row = {}
        for b, model in embs.items():
            start = time.perf_counter()
            model.encode(texts)
            row[b] = round(len(texts) / (time.perf_counter() - start))
        print(f"[{rep + 1}] embedder ({len(texts)} sentences), sentences/s by batch size: {row}", flush=True)
        row = {}
        for b in sizes:
            times = []
            for inst in engine_instances:
                start = time.perf_counter()
                ground("\n".join(inst.claims), inst.context_items(), config, models=(embs[b], ents[b]))
                times.append(time.perf_counter() - start)
            row[b] = round(float(np.median(times)) * 1000, 1)
        print(f"[{rep + 1}] claims engine ({len(engine_instances)} instances), p50 ms by batch size: {row}", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
