"""How far the int8 models' judgements lie from their fp32 twins' (grounding.precise), and what the recheck of
borderline claims (GroundingConfig.recheck_margin, grounding.stages.recheck) buys and costs.

    python benchmarks/recheck.py [--limit 20] [--margins 0 0.02 0.05 0.1] [--engines claims context context-fast]
                                 [--pairs 1000]

Part 1, per model: |int8 - fp32| of each item's probabilities (the largest over its classes): entailment on
--pairs SNLI test and --pairs CAD test pairs, the scorers on every cell of the evidence report instances;
percentiles, the share of labels that differ, and how many of those differ by less than each margin.
Part 2, per engine and margin, on --limit instances of each evidence report set: claims whose verdict (label and
the conflicting sentence it names) differs from the fp32 model set's, claims and pairs rechecked, and latency
p50 / p95 (each request with the model cache emptied first), beside the fp32 model set's own latency ("fp32 twins": every model in fp32,
no recheck needed). The fp32 model set is the shipped one with every int8 model replaced by
its fp32 twin (export.recover.twin_folder), run with the same margin (its twins are itself).
Part 3: the app's examples per engine and margin: median latency of 3 runs and the pairs rechecked.
"""
from __future__ import annotations

import argparse
import dataclasses
import os
import sys
import tempfile
import time
from pathlib import Path

import numpy as np

os.environ.setdefault("HF_HUB_OFFLINE", "1")

from evaluation import datasets  # noqa: E402
from export.recover import twin_folder  # noqa: E402
from grounding import GroundingConfig, ground, runtime  # noqa: E402
from grounding.cache import MODEL_OUTPUTS  # noqa: E402
from grounding.pipeline import load_models  # noqa: E402
from grounding.scorer import ContextScorer  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent
MODELS = ROOT / "exported_models"


def spread(name: str, int8: np.ndarray, fp32: np.ndarray, margins: list[float]) -> None:
    keep = ~np.isnan(int8).any(-1) & ~np.isnan(fp32).any(-1)
    int8, fp32 = int8[keep], fp32[keep]
    d = np.abs(int8 - fp32).max(-1)
    flips = int8.argmax(-1) != fp32.argmax(-1)
    within = ", ".join(f"< {m:g}: {int((flips & (d < m)).sum())}" for m in margins if m > 0)
    print(f"{name:<34} {len(d):>6} {np.percentile(d, 50):>7.4f} {np.percentile(d, 90):>7.4f} {np.percentile(d, 99):>7.4f} "
          f"{np.percentile(d, 99.9):>7.4f} {d.max():>7.4f} {flips.mean():>8.2%}   labels differing by {within}")


def model_spread(instances, n_pairs: int, margins: list[float]) -> None:
    print(f"{'model / items':<34} {'items':>6} {'p50':>7} {'p90':>7} {'p99':>7} {'p99.9':>7} {'max':>7} {'labels≠':>8}")
    ent = runtime.Entailment(MODELS / "entailment")
    for name, pairs in (("entailment / SNLI test", datasets.snli("test")[:n_pairs]),
                        ("entailment / CAD test", datasets.cad("test")[:n_pairs])):
        prem, hyp = [p.premise for p in pairs], [p.hypothesis for p in pairs]
        spread(name, ent.predict(prem, hyp), ent.predict(prem, hyp, fp32=True), margins)
    for role in ("scorer", "scorer_fast"):
        scorer = ContextScorer(MODELS / role)
        int8, fp32 = [], []
        for inst in instances:
            docs = [list(d.sentences) for d in inst.documents]
            int8.append(scorer.score(inst.claims, docs).probabilities.reshape(-1, 3))
            fp32.append(scorer.score(inst.claims, docs, fp32=True).probabilities.reshape(-1, 3))
        spread(f"{role} / report-set cells", np.concatenate(int8), np.concatenate(fp32), margins)


def fresh(response: str, context, cfg: GroundingConfig, question: str = "", models=None):
    """One request as the app serves a new one: the model cache emptied first (so nothing comes from an earlier
    request, while a call the request repeats, e.g. a scorer window two rechecked sentences share, is found)."""
    MODEL_OUTPUTS.clear()
    return ground(response, context, cfg, question, models=models)


def outcomes(res) -> list[tuple]:
    return [(res.claims[v.claim].sentence, res.claims[v.claim].text, v.label, v.conflicting) for v in res.verdicts
            if res.claims[v.claim].origin != "rejected"]


def pipeline(engine: str, instances, margins: list[float], fp32_dir: Path) -> None:
    base = GroundingConfig(engine=engine, pfcr=False)
    reference_models = load_models(str(fp32_dir), base.threads)
    int8_models = load_models(base.models_dir, base.threads)
    reference, times = [], []
    for inst in instances:
        cfg = dataclasses.replace(base, models_dir=str(fp32_dir))
        start = time.perf_counter()
        reference.append(outcomes(fresh("\n".join(inst.claims), inst.context_items(), cfg, models=reference_models)))
        times.append(time.perf_counter() - start)
    print(f"{engine:<13} {'fp32 twins':>17} {'–':>8} {'–':>10} {'–':>8} {np.percentile(times, 50):>7.3f} "
          f"{np.percentile(times, 95):>7.3f}")
    for margin in margins:
        cfg = dataclasses.replace(base, recheck_margin=margin)
        differ = total = rechecked_claims = pairs = 0
        times = []
        for inst, ref in zip(instances, reference):
            start = time.perf_counter()
            res = fresh("\n".join(inst.claims), inst.context_items(), cfg, models=int8_models)
            times.append(time.perf_counter() - start)
            got = outcomes(res)
            total += max(len(got), len(ref))
            differ += sum(a != b for a, b in zip(got, ref)) + abs(len(got) - len(ref))
            rechecked_claims += len({p.claim for p in res.pairs if p.rechecked})
            pairs += res.coverage.rechecked
        print(f"{engine:<13} {margin:>6g} {total:>7} {differ:>8} {rechecked_claims:>10} {pairs:>8} "
              f"{np.percentile(times, 50):>7.3f} {np.percentile(times, 95):>7.3f}")


def examples(engines: list[str], margins: list[float], repeat: int = 3) -> None:
    """Latency of the app's examples (a few sentences against 6-40 context sentences) per engine and margin: the
    median of `repeat` runs, each with the model cache emptied first; the pairs rechecked."""
    from grounding.examples import EXAMPLES
    print(f"\n{'example':<14} {'engine':<13} " + " ".join(f"{f'margin {m:g}':>18}" for m in margins))
    for engine in engines:
        models = load_models(GroundingConfig().models_dir, None)
        for ex in EXAMPLES:
            cells = []
            for margin in margins:
                cfg = GroundingConfig(engine=engine, recheck_margin=margin)
                runs = []
                for _ in range(repeat):
                    start = time.perf_counter()
                    res = fresh(ex["response"], ex["context"], cfg, ex["question"], models=models)
                    runs.append(time.perf_counter() - start)
                cells.append(f"{np.median(runs):.3f} s ({res.coverage.rechecked:>2} p)")
            print(f"{ex['name']:<14} {engine:<13} " + " ".join(f"{c:>18}" for c in cells))


def main(argv=None) -> int:
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--limit", type=int, default=20, help="instances per evidence report set")
    p.add_argument("--pairs", type=int, default=1000, help="NLI pairs per set for the entailment model's spread")
    p.add_argument("--margins", type=float, nargs="+", default=[0.0, 0.02, 0.05, 0.1])
    p.add_argument("--engines", nargs="+", default=["claims", "context", "context-fast"])
    a = p.parse_args(argv)
    cpu = runtime.cpu_description()
    sets = datasets.evidence_report_instances()
    instances = [i for name in sorted(sets) for i in sets[name][: a.limit]]
    print(f"CPU: {cpu['cpu']} {cpu['flags']}, int8 kernel {cpu['int8_kernel']}; {len(instances)} instances "
          f"({a.limit} of each of {', '.join(sorted(sets))})\n")
    model_spread(instances, a.pairs, a.margins)
    with tempfile.TemporaryDirectory() as tmp:
        fp32_dir = Path(tmp)
        for name in ("embedder", "entailment", "scorer", "scorer_fast"):
            twin_folder(MODELS / name, fp32_dir / name)
        (fp32_dir / "verdicts").symlink_to(MODELS / "verdicts")
        print(f"\n{'engine':<13} {'margin':>6} {'claims':>7} {'≠ fp32':>8} {'rechecked':>10} {'pairs':>8} {'p50 s':>7} {'p95 s':>7}")
        for engine in a.engines:
            pipeline(engine, instances, a.margins, fp32_dir)
    examples(a.engines, a.margins)
    return 0


if __name__ == "__main__":
    sys.exit(main())
