"""What the entity pre-filter saves and what it changes, measured side by side on the evidence report sets.

    python benchmarks/prefilter.py [--limit 50]

The pre-filter skips NLI on pairs above tau whose claim names entities the context sentence does not
share. It cannot be proven lossless (such a sentence may still contradict the claim), so it is off by
default; this script prints the NLI pairs saved, the wall time saved, and how many map labels and
verdicts differ from the unfiltered run.
"""
from __future__ import annotations

import argparse
import os
import sys
import time

os.environ.setdefault("HF_HUB_OFFLINE", "1")

os.environ["GROUNDING_CACHE_MB"] = "0"   # the models' own speed: every call runs, none is found cached (grounding.cache)

from evaluation import datasets  # noqa: E402
from grounding import GroundingConfig, ground  # noqa: E402
from grounding.pipeline import load_models  # noqa: E402


def main(argv=None) -> int:
    p = argparse.ArgumentParser(description=__doc__)
    p.add_argument("--limit", type=int, default=50)
    a = p.parse_args(argv)
    sets = datasets.evidence_report_instances()
    instances = [i for name in sorted(sets) for i in sets[name][: a.limit]]
    base_cfg, filt_cfg = GroundingConfig(pfcr=False), GroundingConfig(pfcr=False, entity_prefilter=True)
    models = load_models(base_cfg.models_dir, base_cfg.threads)
    ground("Warm-up.", "Warm-up sentence.", base_cfg, models=models)
    totals = {"judged_base": 0, "judged_filtered": 0, "cells": 0, "cells_changed": 0, "verdicts": 0,
              "verdicts_changed": 0, "t_base": 0.0, "t_filtered": 0.0}
    for inst in instances:
        docs = inst.context_items()
        response = "\n".join(inst.claims)
        t = time.perf_counter()
        base = ground(response, docs, base_cfg, models=models)
        totals["t_base"] += time.perf_counter() - t
        t = time.perf_counter()
        filt = ground(response, docs, filt_cfg, models=models)
        totals["t_filtered"] += time.perf_counter() - t
        totals["judged_base"] += sum(x.judged for x in base.pairs)
        totals["judged_filtered"] += sum(x.judged for x in filt.pairs)
        for rb, rf in zip(base.sentence_map.labels, filt.sentence_map.labels):
            totals["cells"] += len(rb)
            totals["cells_changed"] += sum(x != y for x, y in zip(rb, rf))
        totals["verdicts"] += len(base.verdicts)
        totals["verdicts_changed"] += sum(x.label != y.label for x, y in zip(base.verdicts, filt.verdicts))
    saved = totals["judged_base"] - totals["judged_filtered"]
    print(f"{len(instances)} instances; NLI pairs judged: {totals['judged_base']} without, {totals['judged_filtered']} "
          f"with the pre-filter ({saved} saved, {100 * saved / max(1, totals['judged_base']):.1f}%)")
    print(f"wall time: {totals['t_base']:.1f} s without, {totals['t_filtered']:.1f} s with")
    print(f"map labels changed: {totals['cells_changed']} of {totals['cells']}; verdicts changed: "
          f"{totals['verdicts_changed']} of {totals['verdicts']}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
