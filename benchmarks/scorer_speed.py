"""How the scorer's speed-up over the pairwise baseline grows with the number of response sentences.

    python benchmarks/scorer_speed.py [--instances 30] [--sizes 1 2 4 8 16] [--threads 2] [--scorer FOLDER]

Takes the long (>= 20 context sentences) report instances of evaluation.scorer and, for each size
n, uses the instance's own claim plus n - 1 claims of other report instances as the response (speed only:
no F1, since the added claims have no gold labels against this context). Both engines run as shipped (int8)
in the same process, one after the other on the same inputs: the pairwise baseline on all n x m pairs, the
scorer with its windows. Prints seconds per instance and the ratio pairwise / scorer for each n.
"""
from __future__ import annotations

import argparse
import os
import random
import sys
import time
from pathlib import Path

os.environ.setdefault("HF_HUB_OFFLINE", "1")

import numpy as np  # noqa: E402

os.environ["GROUNDING_CACHE_MB"] = "0"   # the models' own speed: every call runs, none is found cached (grounding.cache)

from evaluation import datasets  # noqa: E402
from evaluation.scorer import long_instances  # noqa: E402
from grounding.runtime import MODELS_DIR, Entailment  # noqa: E402
from grounding.scorer import ContextScorer  # noqa: E402


def main(argv=None) -> int:
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--instances", type=int, default=30)
    p.add_argument("--sizes", type=int, nargs="*", default=[1, 2, 4, 8, 16])
    p.add_argument("--threads", type=int, default=2)
    p.add_argument("--seed", type=int, default=0)
    p.add_argument("--scorer", type=Path, default=MODELS_DIR / "scorer", help="scorer folder (e.g. exported_models/scorer_fast)")
    a = p.parse_args(argv)
    report = datasets.evidence_report_instances()
    insts = long_instances(report, 40, a.seed)[: a.instances]
    claims = [c for group in report.values() for i in group for c in i.claims]
    rng = random.Random(a.seed)
    scorer = ContextScorer(a.scorer, threads=a.threads)
    nli = Entailment(MODELS_DIR / "entailment", threads=a.threads)
    scorer.score(["Warm-up."], [["Warm-up sentence."]])
    nli.predict(["Warm-up sentence."], ["Warm-up."])
    print(f"{len(insts)} instances with >= 20 context sentences (mean "
          f"{np.mean([len(i.context_sentences) for i in insts]):.1f}); scorer window mode '{scorer.windows}', "
          f"{a.threads} threads")
    print("    n   scorer s   passes   pairwise s   pairs   pairwise / scorer")
    for n in a.sizes:
        t_s, t_p, passes, pairs = [], [], [], []
        for inst in insts:
            response = list(inst.claims[:1]) + rng.sample([c for c in claims if c not in inst.claims], n - 1)
            docs = [d.sentences for d in inst.documents]
            ctx = inst.context_sentences
            t = time.perf_counter()
            out = scorer.score(response, docs)
            t_s.append(time.perf_counter() - t)
            passes.append(out.coverage.forward_passes)
            t = time.perf_counter()
            nli.predict([s for _ in response for s in ctx], [c for c in response for _ in ctx])
            t_p.append(time.perf_counter() - t)
            pairs.append(len(response) * len(ctx))
        print(f"{n:5d} {np.mean(t_s):10.4f} {np.mean(passes):8.1f} {np.mean(t_p):12.4f} {np.mean(pairs):7.0f}"
              f" {np.mean(t_p) / np.mean(t_s):19.2f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
