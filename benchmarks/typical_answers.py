"""The latency goal as issue #13 words it: a typical answer of 3 sentences against about 20 context sentences,
complete in at most 0.5 s on 2 cores, with the app's settings (PFCR on, the default preset).

The answers are real: three TracSum summaries of one PubMed abstract (different aspects of it), checked against
that abstract and the next abstract of the file as a second, retrieved document (18-26 context sentences in all).
Every call runs cold, as a new answer does: the model cache is off and the language tools' caches (spaCy
parses, entities, ...) are emptied before it. The models' fp32 twins (the recheck's) are built first, as the app
builds them before it serves: otherwise the first answer that needs one pays 2-3 s for building it.
Run settings are measured side by side in one run (the answers in turn, each setting on each):

    python benchmarks/typical_answers.py [--engines claims context context-fast] [--limit 30]
                                         [--variant NAME:key=value,...]   (GroundingConfig fields or verdict settings)

Prints, per engine and setting, p50 / p95 / max seconds per answer, the share of answers over 0.5 s, and the
stages' p50 (ms). Needs ../shared/data (evidence/tracsum_test_support_only.jsonl).
"""
from __future__ import annotations

import argparse
import collections
import dataclasses
import json
import os
import sys
import time

import numpy as np

os.environ.setdefault("HF_HUB_OFFLINE", "1")
os.environ["GROUNDING_CACHE_MB"] = "0"   # every call runs: a new answer finds nothing cached

from grounding import GroundingConfig, ground  # noqa: E402
from grounding.config import VerdictPreset  # noqa: E402
from grounding.cache import clear_text_caches  # noqa: E402
from grounding.pipeline import load_models, prepare_twins  # noqa: E402
from evaluation import datasets  # noqa: E402
from evaluation.verdicts import parse_variant  # noqa: E402

VERDICT_FIELDS = {f.name for f in dataclasses.fields(VerdictPreset)}
GOAL_S = 0.5


def answers(limit: int, sentences: int = 3, low: int = 18, high: int = 26) -> list[tuple[str, list[dict]]]:
    """(response, documents): `sentences` distinct summaries of one abstract, against it and the next abstract
    in the file, kept when the two hold `low`..`high` sentences."""
    path = datasets.data_dir() / "evidence" / "tracsum_test_support_only.jsonl"
    if not path.is_file():
        raise datasets.DataMissingError(f"{path} is missing: this benchmark reads TracSum's test file (see ../shared/data).")
    by_pmid: dict[str, list[dict]] = collections.OrderedDict()
    for line in path.read_text(encoding="utf-8").splitlines():
        row = json.loads(line)
        by_pmid.setdefault(str(row["PMID"]), []).append(row)
    pmids = list(by_pmid)
    out = []
    for k, pmid in enumerate(pmids):
        summaries = list(dict.fromkeys(r["Summary"].strip() for r in by_pmid[pmid]))
        other = by_pmid[pmids[(k + 1) % len(pmids)]][0]
        own = by_pmid[pmid][0]
        if len(summaries) < sentences or not low <= len(own["Document"]) + len(other["Document"]) <= high:
            continue
        docs = [{"id": f"PMID {r['PMID']}", "title": "", "text": " ".join(r["Document"])} for r in (own, other)]
        out.append((" ".join(summaries[:sentences]), docs))
        if len(out) == limit:
            break
    return out


def main(argv=None) -> int:
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--engines", nargs="+", default=["claims", "context", "context-fast"])
    p.add_argument("--limit", type=int, default=30)
    p.add_argument("--variant", action="append", default=[],
                   help="NAME:key=value,... (GroundingConfig fields, or verdict settings)")
    a = p.parse_args(argv)
    items = answers(a.limit)
    variants = [("default", {})] + [parse_variant(v) for v in a.variant]
    models = load_models(GroundingConfig().models_dir, GroundingConfig().threads)
    prepare_twins(GroundingConfig().models_dir, GroundingConfig().threads)   # as the app does before serving
    print(f"{len(items)} answers of 3 sentences against two abstracts; cold calls (model cache off, text caches "
          "emptied); threads: "
          f"{GroundingConfig().threads or 'ONNX Runtime default'}")
    for engine in a.engines:
        configs = []
        for _, settings in variants:
            verdict = {k: v for k, v in settings.items() if k in VERDICT_FIELDS}
            configs.append(GroundingConfig(engine=engine, overrides=verdict,
                                           **{k: v for k, v in settings.items() if k not in verdict}).validate())
        ground(items[0][0], items[0][1], configs[0], models=models)        # warm-up (first-call costs)
        times = [[] for _ in configs]
        stages = [collections.defaultdict(list) for _ in configs]
        shape = []
        for response, docs in items:
            for i, cfg in enumerate(configs):
                clear_text_caches()
                start = time.perf_counter()
                result = ground(response, docs, cfg, models=models)
                times[i].append(time.perf_counter() - start)
                for k, v in result.timings.items():
                    stages[i][k].append(v)
                if i == 0:
                    shape.append((len(result.response_sentences), len(result.context_sentences)))
        n_med = np.median([s[0] for s in shape]), np.median([s[1] for s in shape])
        print(f"\nengine {engine} (median {n_med[0]:.0f} response x {n_med[1]:.0f} context sentences)")
        print(f"  {'setting':<16} {'p50 s':>7} {'p95 s':>7} {'max s':>7} {'over 0.5 s':>11}")
        for (name, _), t in zip(variants, times):
            t = np.array(t)
            print(f"  {name:<16} {np.percentile(t, 50):7.3f} {np.percentile(t, 95):7.3f} {t.max():7.3f} "
                  f"{np.mean(t > GOAL_S):11.0%}")
        keys = [k for k in stages[0] if k != "total" and np.median(stages[0][k]) >= 0.001]
        print("  stages, p50 ms: " + "; ".join(
            f"{name}: " + ", ".join(f"{k} {np.median(st[k]) * 1000:.0f}" for k in keys if k in st)
            for (name, _), st in zip(variants, stages)))
        rare = [k for k in stages[0] if k != "total" and np.percentile(stages[0][k], 95) >= 0.001]
        print("  stages, p95 ms: " + "; ".join(
            f"{name}: " + ", ".join(f"{k} {np.percentile(st[k], 95) * 1000:.0f}" for k in rare if k in st)
            for (name, _), st in zip(variants, stages)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
