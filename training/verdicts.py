"""Fit the learned verdict model (preset "learned", grounding/learned.py) for one engine.

    python -m training.verdicts --engine claims [--limit 300] [--out exported_models/verdicts]

1. Features: every claim of the evidence **train** sets (never the report sets) is grounded alone against
   its instance's documents, as evaluation.verdicts does (decomposition and PFCR off), with the
   shipped models; its FEATURES vector and gold label (Supported / Unsupported / Contradicted from the
   sentence labels; disputed claims left out) are cached in runs/verdict_features_<engine>.npz.
2. Split: a dev share (20 %) carved from the train sets by instance, so no instance is on both sides.
3. Fit: multinomial logistic regression on standardised features (scikit-learn, training only), C, the
   class weighting and the least P(Contradicted) for a Contradicted verdict chosen on dev by macro F1 among the settings whose false-alarm rate (Contradicted where
   gold is not) stays at or below --max-false-alarms; then refit on all train claims with that setting.
   Calibration is reported on dev (expected calibration error of the top class, 10 bins).
4. Write exported_models/verdicts/<engine>.json: coefficients, scaling, classes, features, the choice and
   its dev figures. The runtime reads it with numpy alone.
"""
from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path

import numpy as np

from evaluation import datasets
from grounding import learned
from grounding.config import GroundingConfig
from evaluation.verdicts import DISPUTED, gold_label

ROOT = Path(__file__).resolve().parent.parent


def extract(engine: str, limit: int | None, threads: int) -> dict:
    """{"X", "y", "dev", "set"}: one row per train claim that stayed one sentence."""
    from grounding.pipeline import ground, load_models
    config = GroundingConfig(engine=engine, decompose=False, pfcr=False, threads=threads).validate()
    models = load_models(config.models_dir, threads)
    X, y, dev, sets = [], [], [], []
    for set_name, insts in datasets.evidence_train_instances().items():
        start = time.perf_counter()
        for n, inst in enumerate(insts[:limit] if limit else insts):
            docs = inst.context_items()
            for claim, row in zip(inst.claims, inst.gold):
                gold = gold_label(row)
                if gold == DISPUTED:
                    continue
                res = ground(claim, docs, config, models=models)
                if len(res.claims) != 1 or not res.coverage.assessed:
                    continue
                pairs = [p for p in res.pairs if p.claim == 0]
                # the verdict's cosine is the best one when nothing was judged; features take the max with the
                # judged pairs', as the runtime does with the best column's cosine
                X.append(learned.claim_features(claim, pairs, [s.text for s in res.context_sentences],
                                                res.verdicts[0].cosine, res.claims[0].joint))
                y.append(learned.CLASSES.index(gold))
                dev.append(datasets.in_train_dev(set_name, n))
                sets.append(set_name)
        print(f"[verdicts] {set_name}: {time.perf_counter() - start:.0f} s, {len(y)} claims so far", file=sys.stderr, flush=True)
    return {"X": np.array(X), "y": np.array(y), "dev": np.array(dev), "set": np.array(sets)}


def scores(y: np.ndarray, pred: np.ndarray) -> dict:
    out = {"claims": int(len(y)), "accuracy": round(float((y == pred).mean()), 4)}
    f1s = []
    for c, name in enumerate(learned.CLASSES):
        tp, denom = float(((pred == c) & (y == c)).sum()), float((pred == c).sum() + (y == c).sum())
        f1s.append(2 * tp / denom if denom else 0.0)
        out[f"f1_{name.lower()}"] = round(f1s[-1], 4)
    out["macro_f1"] = round(float(np.mean(f1s)), 4)
    contra = learned.CLASSES.index("Contradicted")
    out["false_alarm_rate"] = round(float(((pred == contra) & (y != contra)).sum() / max(1, (y != contra).sum())), 4)
    return out


def ece(probs: np.ndarray, y: np.ndarray, bins: int = 10) -> float:
    conf, pred = probs.max(1), probs.argmax(1)
    total = 0.0
    for lo in np.linspace(0, 1, bins, endpoint=False):
        m = (conf > lo) & (conf <= lo + 1 / bins)
        if m.any():
            total += m.mean() * abs(float((pred[m] == y[m]).mean()) - float(conf[m].mean()))
    return round(total, 4)


CONTRADICTED_MIN = (0.0, 0.4, 0.5, 0.6, 0.7, 0.8)   # least P(Contradicted) for that verdict, chosen on dev


def predict(probs: np.ndarray, contradicted_min: float) -> np.ndarray:
    """Class ids as the runtime decides them (grounding.learned.label_from, Partially supported = Supported)."""
    return np.array([learned.CLASSES.index(learned.label_from(p, 0.0, contradicted_min)) for p in probs])


def fit(data: dict, max_false_alarms: float) -> tuple[dict, dict]:
    from sklearn.linear_model import LogisticRegression
    from sklearn.preprocessing import StandardScaler

    X, y, dev = data["X"], data["y"], data["dev"]
    candidates = []
    for weight in (None, "balanced"):
        for C in (0.03, 0.1, 0.3, 1.0, 3.0):
            scaler = StandardScaler().fit(X[~dev])
            model = LogisticRegression(C=C, class_weight=weight, max_iter=2000).fit(scaler.transform(X[~dev]), y[~dev])
            probs = model.predict_proba(scaler.transform(X[dev]))
            for t in CONTRADICTED_MIN:
                s = scores(y[dev], predict(probs, t))
                s.update(C=C, class_weight=weight or "none", contradicted_min=t, ece=ece(probs, y[dev]))
                candidates.append(s)
                print(f"[verdicts] C={C} weight={weight} P(C)>={t}: {s}", file=sys.stderr, flush=True)
    allowed = [c for c in candidates if c["false_alarm_rate"] <= max_false_alarms] or candidates
    best = max(allowed, key=lambda c: (c["macro_f1"], c["accuracy"]))
    weight = None if best["class_weight"] == "none" else best["class_weight"]
    scaler = StandardScaler().fit(X)
    model = LogisticRegression(C=best["C"], class_weight=weight, max_iter=2000).fit(scaler.transform(X), y)
    scale = np.where(scaler.scale_ > 0, scaler.scale_, 1.0)
    params = {"mean": scaler.mean_.tolist(), "scale": scale.tolist(), "coef": model.coef_.tolist(),
              "intercept": model.intercept_.tolist(), "contradicted_min": best["contradicted_min"]}
    return params, {"chosen": best, "candidates": candidates}


def main(argv=None) -> int:
    p = argparse.ArgumentParser(prog="python -m training.verdicts", description=__doc__,
                                formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--engine", default="claims")
    p.add_argument("--limit", type=int, default=None, help="at most this many instances per train set")
    p.add_argument("--threads", type=int, default=2)
    p.add_argument("--max-false-alarms", type=float, default=0.08)
    p.add_argument("--features", type=Path, default=None, help="feature cache (default runs/verdict_features_<engine>.npz)")
    p.add_argument("--refresh", action="store_true", help="recompute the features even if cached")
    p.add_argument("--out", type=Path, default=ROOT / "exported_models" / "verdicts")
    a = p.parse_args(argv)
    cache = a.features or ROOT / "runs" / f"verdict_features_{a.engine}.npz"
    try:
        if cache.is_file() and not a.refresh:
            data = dict(np.load(cache))
        else:
            data = extract(a.engine, a.limit, a.threads)
            cache.parent.mkdir(parents=True, exist_ok=True)
            np.savez(cache, **data)
    except datasets.DataMissingError as err:
        print(f"error: {err}", file=sys.stderr)
        return 2
    if data["X"].shape[1] != len(learned.FEATURES):
        print(f"error: {cache} holds other features; rerun with --refresh", file=sys.stderr)
        return 2
    params, choice = fit(data, a.max_false_alarms)
    counts = {name: int((data["y"] == i).sum()) for i, name in enumerate(learned.CLASSES)}
    out = {"features": list(learned.FEATURES), "classes": list(learned.CLASSES), **params,
           "engine": a.engine, "fitted_on": {"sets": sorted(set(data["set"].tolist())), "claims": int(len(data["y"])),
                                             "dev_claims": int(data["dev"].sum()), "labels": counts,
                                             "limit_per_set": a.limit, "split": "evidence train sets only"},
           "selection": {"rule": f"macro F1 on dev among settings with false-alarm rate <= {a.max_false_alarms}",
                         **choice},
           "command": f"python -m training.verdicts --engine {a.engine}" + (f" --limit {a.limit}" if a.limit else "")}
    a.out.mkdir(parents=True, exist_ok=True)
    (a.out / f"{a.engine}.json").write_text(json.dumps(out, indent=1) + "\n")
    print(json.dumps({"engine": a.engine, "chosen": choice["chosen"], "labels": counts}))
    return 0


if __name__ == "__main__":
    sys.exit(main())
