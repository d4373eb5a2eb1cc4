"""Per-instance latency by stage (p50/p95) on the evidence report sets, and the effect of tau on pairs
judged, time and Citation F1 (response-sentence x context-sentence map vs gold), for an engine.

    python benchmarks/pipeline_latency.py [--engine claims|context] [--limit 50] [--taus 0 0.25 0.5 0.75]
                                          [--models-dirs exported_models build/other_set ...]
                                          [--variant NAME:key=value,...]

--variant: run settings (GroundingConfig fields) measured beside the defaults in the same run, e.g.
``--variant alone:joint_max=0`` (no reading together).

--models-dirs: model sets measured side by side in one run (the instances in turn, each set on each), e.g. a
candidate model set against the shipped one. The model cache is off: every call runs.

Engine "context": the map is the scorer's labels, so tau changes only which pairs are kept as verdict
evidence (pairs judged), not the map's Citation F1.
"""
from __future__ import annotations

import argparse
import os
import sys
import time

import numpy as np

os.environ.setdefault("HF_HUB_OFFLINE", "1")
os.environ["GROUNDING_CACHE_MB"] = "0"   # the models' own speed: every call runs, none is found cached (grounding.cache)

from grounding import GroundingConfig, ground  # noqa: E402
from evaluation import datasets  # noqa: E402
from grounding import metrics  # noqa: E402
from grounding.pipeline import load_models, prepare_twins  # noqa: E402


def instance_rows(result, n_claims: int, rules: bool = True) -> list[list[int]]:
    """Predicted labels per gold row: when the segmenter split a gold claim into several sentences,
    their rows merge (the cell with the largest |signed score| wins). `rules` False: the model's own reading of
    the cells a verdict rule set (SignedMap.ruled), as the map was before the map showed the verdicts' rules."""
    labels, values = result.sentence_map.labels, result.sentence_map.values
    if not rules and result.sentence_map.ruled:
        labels, values = [list(r) for r in labels], [list(r) for r in values]
        for c in result.sentence_map.ruled:
            labels[c.row][c.column], values[c.row][c.column] = c.label, c.value
    if len(labels) == n_claims:
        return labels
    m = len(labels[0]) if labels else len(result.context_sentences)
    merged = [0] * m
    for j in range(m):
        best = max(range(len(labels)), key=lambda i: abs(values[i][j]), default=None)
        merged[j] = labels[best][j] if best is not None else 0
    return [merged]


def run(engine: str, tau: float, instances, pfcr: bool, models_dir: str | None = None, settings: dict | None = None):
    cfg = GroundingConfig(engine=engine, tau=tau, pfcr=pfcr, **({"models_dir": models_dir} if models_dir else {}),
                          **(settings or {})).validate()
    models = load_models(cfg.models_dir, cfg.threads)
    prepare_twins(cfg.models_dir, cfg.threads)   # as the app does before serving: no instance pays for building one
    pred, model_pred, gold, times, stages, judged = [], [], [], [], {}, 0
    for inst in instances:
        docs = inst.context_items()
        start = time.perf_counter()
        res = ground("\n".join(inst.claims), docs, cfg, models=models)
        times.append(time.perf_counter() - start)
        if len(res.context_sentences) != len(inst.gold[0]):
            continue  # the segmenter re-split a gold sentence: gold columns no longer align
        for k, v in res.timings.items():
            stages.setdefault(k, []).append(v)
        judged += sum(p.judged for p in res.pairs)
        pred += instance_rows(res, len(inst.claims))
        model_pred += instance_rows(res, len(inst.claims), rules=False)
        gold += inst.gold
    g = metrics.gold_scores(pred, gold, replicates=1000)
    model_only = metrics.gold_scores(model_pred, gold, replicates=0) if model_pred != pred else None
    return g, model_only, np.array(times), stages, judged, len(gold)


def main(argv=None) -> int:
    p = argparse.ArgumentParser(description=__doc__)
    p.add_argument("--engine", default="claims")
    p.add_argument("--limit", type=int, default=50, help="instances per report set")
    p.add_argument("--taus", type=float, nargs="*", default=[0.0, 0.25, 0.5, 0.75])
    p.add_argument("--models-dirs", nargs="+", default=[None], help="model sets to compare (default: the shipped one)")
    p.add_argument("--variant", action="append", default=[], help="NAME:key=value,... run settings to compare")
    a = p.parse_args(argv)
    from evaluation.verdicts import parse_variant
    variants = [("default", {})] + [parse_variant(v) for v in a.variant]
    sets = datasets.evidence_report_instances()
    instances = [i for name in sorted(sets) for i in sets[name][: a.limit]]
    print(f"engine {a.engine}: {len(instances)} instances from {', '.join(sorted(sets))} ({a.limit} each)")
    for d in a.models_dirs:
        ground("Warm-up.", "Warm-up sentence.", GroundingConfig(engine=a.engine, **({"models_dir": d} if d else {})))
    print(f"{'models':>24} {'tau':>5} {'pairs judged':>13} {'p50 s':>7} {'p95 s':>7} {'Support F1':>11} {'Contradict F1':>14} {'Citation F1 [95% CI]':>24}")
    for tau in a.taus:
      for d in a.models_dirs:
       for name, settings in variants:
        g, model_only, times, stages, judged, rows = run(a.engine, tau, instances, pfcr=False, models_dir=d, settings=settings)
        ci = g.ci95.get("citation_f1", [0, 0])
        label = (d or "shipped") if name == "default" else f"{name} {d or ''}".strip()
        print(f"{label[-24:]:>24} {tau:>5.2f} {judged:>13} {np.percentile(times, 50):>7.3f} {np.percentile(times, 95):>7.3f} "
              f"{g.support_f1:>11.3f} {g.contradict_f1:>14.3f} {g.citation_f1:>8.3f} [{ci[0]:.3f}, {ci[1]:.3f}]")
        if model_only is not None:
            print(f"{'the model alone':>24} {'':>5} {'':>13} {'':>7} {'':>7} {model_only.support_f1:>11.3f} "
                  f"{model_only.contradict_f1:>14.3f} {model_only.citation_f1:>8.3f}   (the verdict rules' cells as "
                  "the model read them)")
        if abs(tau - 0.5) < 1e-9:
            print("  stage latency at tau 0.5 (per instance):")
            for k, v in stages.items():
                print(f"    {k:<14} p50 {np.percentile(v, 50) * 1000:8.1f} ms   p95 {np.percentile(v, 95) * 1000:8.1f} ms")
    return 0


if __name__ == "__main__":
    sys.exit(main())
