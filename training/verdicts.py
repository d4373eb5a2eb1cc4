"""Fit the learned verdict model (preset "learned", grounding/learned.py) for one engine.

    python -m training.verdicts --engine claims [--limit 300] [--out exported_models/verdicts]

1. Features: every claim of the evidence **train** sets (never the report sets) is grounded alone against
   its instance's documents, as evaluation.verdicts does (decomposition and PFCR off), with the
   shipped models; its FEATURES vector and gold label (Supported / Unsupported / Contradicted from the
   sentence labels; disputed claims left out) are cached in runs/verdict_features_<engine>.npz.
2. Held out: a dev share (20 %) carved from the train sets by instance, so no instance is on both sides; or, with
   --folds K, every claim, each predicted by a model fitted on the other K-1 folds (instances kept whole: five
   times as many claims to choose on).
3. Fit: multinomial logistic regression on standardised features, or gradient-boosted trees (scikit-learn,
   training only); the kind, its size or C, the class weighting and the least P(Contradicted) for a Contradicted
   verdict chosen on the held-out claims by macro F1 among the settings whose false-alarm rate (Contradicted where
   gold is not) stays at or below --max-false-alarms (and, with --hold-missed, that call no more gold
   contradictions Supported than the default preset does). A held-out claim's verdict is the runtime's own: each
   set's grounding results are kept beside its features, and training/verdict_outcomes.py rederives every claim
   under preset "learned" once for each label the model could give (the joint rule first, every verdict rule
   after); caches from before that kept no results fall back to a simulation (the joint rule deciding Supported
   first, no rule after). Then the chosen setting is refitted on all train claims.
   Calibration is reported on the held-out claims (expected calibration error of the top class, 10 bins).
4. Write exported_models/verdicts/<engine>.json: coefficients and scaling or the trees, classes, features, the choice and
   its dev figures. The runtime reads it with numpy alone.
"""
from __future__ import annotations

import argparse
import dataclasses
import json
import pickle
import sys
import time
from pathlib import Path

import numpy as np

from evaluation import datasets
from grounding import fitted, learned
from grounding.config import PRESETS, GroundingConfig
from grounding.verdict import joint_label
from evaluation.verdicts import DISPUTED, gold_label
from training.verdict_outcomes import decided, folds_of, kept_outcomes, results_path

ROOT = Path(__file__).resolve().parent.parent


KEYS = ("X", "y", "dev", "set", "inst")


def extract(engine: str, limit: int | None, threads: int, checkpoints: Path | None = None) -> dict:
    """{"X", "y", "dev", "set", "inst"}: one row per train claim that stayed one sentence (inst: its instance's
    number in its set).

    With `checkpoints`, each train set's rows are saved to <checkpoints>.<set>.npz as soon as the set is done
    and read back instead of recomputed, so an interrupted extraction resumes at the set it stopped in."""
    from grounding.pipeline import ground, load_models
    config = GroundingConfig(engine=engine, decompose=False, pfcr=False, threads=threads).validate()
    models = load_models(config.models_dir, threads)
    read_with = json.dumps(fitted.fingerprints(config.models_dir, engine), sort_keys=True)
    parts = []
    for set_name, insts in datasets.evidence_train_instances().items():
        part = checkpoints.with_name(f"{checkpoints.stem}.{set_name}.npz") if checkpoints else None
        if part is not None and part.is_file():
            kept = dict(np.load(part))
            if str(kept.get("models", "")) == read_with:
                parts.append(kept)
                print(f"[verdicts] {set_name}: read back from {part}", file=sys.stderr, flush=True)
                continue
            print(f"[verdicts] {set_name}: {part} was read with other models; extracting again", file=sys.stderr, flush=True)
        X, y, dev, sets, index, results = [], [], [], [], [], []
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
                index.append(n)
                results.append(res)
        rows = {"X": np.array(X).reshape(len(X), len(learned.FEATURES)), "y": np.array(y, dtype=int),
                "dev": np.array(dev, dtype=bool), "set": np.array(sets, dtype=str), "inst": np.array(index, dtype=int),
                "models": np.array(read_with)}
        parts.append(rows)
        if part is not None:
            part.parent.mkdir(parents=True, exist_ok=True)
            np.savez(part, **rows)
            with open(results_path(part), "wb") as f:   # the results themselves, for choosing by the runtime's verdicts
                pickle.dump(results, f)
        print(f"[verdicts] {set_name}: {time.perf_counter() - start:.0f} s, {len(y)} claims", file=sys.stderr, flush=True)
    return {**{key: np.concatenate([part[key] for part in parts]) for key in KEYS}, "models": np.array(read_with)}


def read_with(data: dict) -> dict | None:
    """{role: sha256} of the ONNX models a feature cache was extracted with (grounding.fitted); None: not recorded."""
    return json.loads(str(data["models"])) if "models" in data else None


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
    out["missed"] = int(((pred == learned.CLASSES.index(learned.SUPPORTED)) & (y == contra)).sum())
    return out


def ece(probs: np.ndarray, y: np.ndarray, bins: int = 10) -> float:
    conf, pred = probs.max(1), probs.argmax(1)
    total = 0.0
    for lo in np.linspace(0, 1, bins, endpoint=False):
        m = (conf > lo) & (conf <= lo + 1 / bins)
        if m.any():
            total += m.mean() * abs(float((pred[m] == y[m]).mean()) - float(conf[m].mean()))
    return round(float(total), 4)


CONTRADICTED_MIN = (0.0, 0.4, 0.5, 0.6, 0.7, 0.8)   # least P(Contradicted) for that verdict, chosen on dev
KINDS = ("logistic", "trees")


def predict(probs: np.ndarray, contradicted_min: float, joint_first: np.ndarray | None = None) -> np.ndarray:
    """Class ids as the runtime decides them (grounding.learned.label_from, Partially supported = Supported);
    `joint_first`: the claims whose sentences read together decide Supported before the model is asked."""
    pred = np.array([learned.CLASSES.index(learned.label_from(p, 0.0, contradicted_min)) for p in probs], dtype=int)
    if joint_first is not None:
        pred[joint_first] = learned.CLASSES.index(learned.SUPPORTED)
    return pred


def joint_decides(X: np.ndarray, joint_support: float | None) -> np.ndarray:
    """The rows the preset's joint rule decides Supported first: read together with something judged, and
    grounding.verdict.joint_label (the runtime's own rule) says Supported at `joint_support`."""
    if joint_support is None:
        return np.zeros(len(X), dtype=bool)
    preset = dataclasses.replace(PRESETS["learned"], joint_support=joint_support, joint_contradict=None)
    col = {name: X[:, i] for i, name in enumerate(learned.FEATURES)}
    return np.array([bool(read and judged) and joint_label(preset, [e, 1.0 - e - c, c]) == learned.SUPPORTED
                     for read, judged, e, c in zip(col["joint_read"] > 0, col["judged"] > 0, col["joint_entail"],
                                                   col["joint_contradict"])], dtype=bool)


def _weights(y: np.ndarray, weight: str | None) -> np.ndarray:
    if weight != "balanced":
        return np.ones(len(y))
    counts = np.bincount(y, minlength=len(learned.CLASSES)).astype(float)
    return len(y) / (len(learned.CLASSES) * counts[y])


def _settings(kinds) -> list[dict]:
    out = []
    if "logistic" in kinds:
        out += [{"kind": "logistic", "C": C, "class_weight": w} for w in (None, "balanced") for C in (0.03, 0.1, 0.3, 1.0, 3.0)]
    if "trees" in kinds:
        out += [{"kind": "trees", "n_estimators": n, "max_depth": d, "class_weight": w}
                for w in (None, "balanced") for d in (2, 3) for n in (100, 300)]
    return out


def _train(setting: dict, X: np.ndarray, y: np.ndarray):
    """A fitted (scaler or None, model) for one setting."""
    from sklearn.ensemble import GradientBoostingClassifier
    from sklearn.linear_model import LogisticRegression
    from sklearn.preprocessing import StandardScaler
    if setting["kind"] == "logistic":
        scaler = StandardScaler().fit(X)
        return scaler, LogisticRegression(C=setting["C"], class_weight=setting["class_weight"],
                                          max_iter=2000).fit(scaler.transform(X), y)
    model = GradientBoostingClassifier(n_estimators=setting["n_estimators"], max_depth=setting["max_depth"],
                                       learning_rate=0.05, subsample=0.8, min_samples_leaf=20, random_state=0)
    return None, model.fit(X, y, sample_weight=_weights(y, setting["class_weight"]))


def _proba(fitted, X: np.ndarray) -> np.ndarray:
    scaler, model = fitted
    return model.predict_proba(scaler.transform(X) if scaler is not None else X)


def export_params(fitted) -> dict:
    """The JSON the runtime reads (grounding.learned.LearnedVerdictModel) for a fitted setting."""
    scaler, model = fitted
    if scaler is not None:
        scale = np.where(scaler.scale_ > 0, scaler.scale_, 1.0)
        return {"kind": "logistic", "mean": scaler.mean_.tolist(), "scale": scale.tolist(),
                "coef": model.coef_.tolist(), "intercept": model.intercept_.tolist()}
    trees = [[{"left": t.tree_.children_left.tolist(), "right": t.tree_.children_right.tolist(),
               "feature": t.tree_.feature.tolist(), "threshold": t.tree_.threshold.tolist(),
               "value": t.tree_.value[:, 0, 0].tolist()} for t in stage] for stage in model.estimators_]
    # the starting scores: the model's decision function at one point less what its trees add there
    x0 = np.zeros((1, model.n_features_in_))
    added = np.array([sum(float(tree.predict(x0)[0]) for tree in model.estimators_[:, c])
                      for c in range(len(learned.CLASSES))])
    init = model.decision_function(x0)[0] - model.learning_rate * added
    return {"kind": "trees", "learning_rate": float(model.learning_rate), "init": init.tolist(), "trees": trees}


def wilson_upper(rate: float, n: int, z: float = 1.96) -> float:
    """The upper end of the Wilson score interval (95 % at z 1.96) of a rate seen on n items."""
    if n <= 0:
        return 1.0
    centre = rate + z * z / (2 * n)
    spread = z * np.sqrt(rate * (1 - rate) / n + z * z / (4 * n * n))
    return float((centre + spread) / (1 + z * z / n))


def fit(data: dict, max_false_alarms: float, kinds=KINDS, joint_support: float | None = None,
        bound: str = "point", outcomes: np.ndarray | None = None, folds: int = 0,
        hold_missed: bool = False) -> tuple[dict, dict]:
    """Choose a setting (macro F1 among the settings within the false-alarm limit), refit it on every claim, and
    return (the runtime's parameters, the choice with every candidate's figures).

    Where the figures come from: the dev carve, with a model fitted on the rest (`folds` 0), or every claim, each
    predicted by the model fitted on the other `folds` folds (instances kept whole). How a claim's verdict is
    decided: by the runtime itself where `outcomes` (`runtime_outcomes`) are given, else simulated (`joint_support`
    as the preset's joint rule deciding first, no rule after the model). `bound` "upper95": a setting is within the
    limit when the upper end of its false-alarm rate's 95 % interval is (Wilson), so that a limit met here is met on
    another sample of such claims too; "point": when the rate itself is. `hold_missed` (needs `outcomes`): a setting
    must also call no more gold contradictions Supported than the default preset does on the same claims."""
    X, y = data["X"], data["y"]
    held = np.ones(len(y), dtype=bool) if folds else data["dev"]
    fold = folds_of(data, folds) if folds else None
    clean = int((y[held] != learned.CLASSES.index(learned.CONTRADICTED)).sum())   # where a Contradicted is a false alarm
    first = joint_decides(X, joint_support) if outcomes is None else None   # the simulation's joint rule
    reference = scores(y[held], outcomes[held, -1]) if outcomes is not None else None
    candidates, tried = [], []   # every candidate's figures, and (figures, setting) to choose from
    for setting in _settings(kinds):
        if folds:
            probs = np.zeros((len(y), len(learned.CLASSES)))
            for k in range(folds):
                probs[fold == k] = _proba(_train(setting, X[fold != k], y[fold != k]), X[fold == k])
        else:
            probs = _proba(_train(setting, X[~held], y[~held]), X[held])
        for t in CONTRADICTED_MIN:
            pred = decided(probs, t, outcomes[held]) if outcomes is not None else predict(probs, t, first[held])
            s = scores(y[held], pred)
            s.update({k: (v if v is not None else "none") for k, v in setting.items()}, contradicted_min=t,
                     ece=ece(probs, y[held]))
            candidates.append(s)
            tried.append((s, setting))
            print(f"[verdicts] {setting} P(C)>={t}: {s}", file=sys.stderr, flush=True)
    def within(figures: dict) -> bool:
        rate = figures["false_alarm_rate"]
        return ((wilson_upper(rate, clean) if bound == "upper95" else rate) <= max_false_alarms
                and (not hold_missed or reference is None or figures["missed"] <= reference["missed"]))
    allowed = [c for c in tried if within(c[0])] or tried
    best, setting = max(allowed, key=lambda c: (c[0]["macro_f1"], c[0]["accuracy"]))
    params = export_params(_train(setting, X, y))
    params["contradicted_min"] = best["contradicted_min"]
    return params, {"chosen": best, "default_preset": reference, "joint_support": joint_support,
                    "held_out": f"{folds} folds of every claim" if folds else "the dev carve",
                    "decided_by": "the runtime (pipeline.rederive)" if outcomes is not None else "a simulation",
                    "candidates": candidates}


def main(argv=None) -> int:
    p = argparse.ArgumentParser(prog="python -m training.verdicts", description=__doc__,
                                formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--engine", default="claims")
    p.add_argument("--limit", type=int, default=None, help="at most this many instances per train set")
    p.add_argument("--threads", type=int, default=2)
    p.add_argument("--max-false-alarms", type=float, default=0.08)
    p.add_argument("--false-alarm-bound", choices=("point", "upper95"), default="point",
                   help="hold the dev false-alarm rate itself to the limit, or the upper end of its 95 %% interval")
    p.add_argument("--kinds", nargs="+", choices=KINDS, default=list(KINDS), help="model kinds to choose among")
    p.add_argument("--joint-support", type=lambda v: None if v.lower() == "none" else float(v),
                   default=PRESETS["learned"].joint_support,
                   help="the joint rule that decides Supported before the model, as preset 'learned' has it "
                        "(default); 'none' when the model decides every claim")
    p.add_argument("--features", type=Path, default=None, help="feature cache (default runs/verdict_features_<engine>.npz)")
    p.add_argument("--refresh", action="store_true", help="recompute the features even if cached")
    p.add_argument("--folds", type=int, default=0, metavar="K",
                   help="choose on every claim, each predicted by a model fitted on the other K-1 folds (instances "
                        "kept whole), instead of on the dev carve (0)")
    p.add_argument("--hold-missed", action="store_true",
                   help="a setting must call no more gold contradictions Supported than the default preset does")
    p.add_argument("--out", type=Path, default=ROOT / "exported_models" / "verdicts")
    p.add_argument("--extract-only", action="store_true",
                   help="keep the features and results (for training.sureness) and fit nothing: the shipped model stays")
    a = p.parse_args(argv)
    cache = a.features or ROOT / "runs" / f"verdict_features_{a.engine}.npz"
    try:
        if a.refresh:   # the whole cache and every set's checkpoint beside it
            for stale in [cache, *cache.parent.glob(f"{cache.stem}.*")]:
                stale.unlink(missing_ok=True)
        if cache.is_file():
            data = dict(np.load(cache))
        else:
            data = extract(a.engine, a.limit, a.threads, checkpoints=cache)
            cache.parent.mkdir(parents=True, exist_ok=True)
            np.savez(cache, **data)
    except datasets.DataMissingError as err:
        print(f"error: {err}", file=sys.stderr)
        return 2
    if data["X"].shape[1] != len(learned.FEATURES):
        print(f"error: {cache} holds other features; rerun with --refresh", file=sys.stderr)
        return 2
    stale = fitted.differences(read_with(data), GroundingConfig().models_dir, a.engine)
    if stale:   # features of other models would make a verdict model that no model set can use
        print(f"error: {cache} does not fit the model set: {stale}; rerun with --refresh", file=sys.stderr)
        return 2
    if a.extract_only:
        print(f"[verdicts] {len(data['y'])} claims' features and results kept beside {cache}", file=sys.stderr)
        return 0
    if a.folds and "inst" not in data:
        print(f"error: {cache} holds no instance numbers for --folds; rerun with --refresh", file=sys.stderr)
        return 2
    outcomes = kept_outcomes(cache, data, a.engine)
    if a.hold_missed and outcomes is None:
        print(f"error: --hold-missed needs the grounding results kept beside {cache}; rerun with --refresh", file=sys.stderr)
        return 2
    params, choice = fit(data, a.max_false_alarms, a.kinds, a.joint_support, a.false_alarm_bound, outcomes,
                         a.folds, a.hold_missed)
    counts = {name: int((data["y"] == i).sum()) for i, name in enumerate(learned.CLASSES)}
    out = {"features": list(learned.FEATURES), "classes": list(learned.CLASSES), **params,
           "engine": a.engine, "models": read_with(data), "fitted_on": {"sets": sorted(set(data["set"].tolist())), "claims": int(len(data["y"])),
                                             "dev_claims": int(data["dev"].sum()), "labels": counts,
                                             "limit_per_set": a.limit, "split": "evidence train sets only"},
           "selection": {"rule": f"macro F1 on {choice['held_out']} among settings with false-alarm rate "
                                 f"{'(upper end of its 95 % interval) ' if a.false_alarm_bound == 'upper95' else ''}"
                                 f"<= {a.max_false_alarms}"
                                 + (", missing no more contradictions than the default preset" if a.hold_missed else "")
                                 + f", the joint rule deciding Supported first at P(e) >= {a.joint_support}"
                                 + f", verdicts decided by {choice['decided_by']}",
                         **choice},
           "command": f"python -m training.verdicts --engine {a.engine}" + (f" --limit {a.limit}" if a.limit else "")
                      + f" --kinds {' '.join(a.kinds)}"
                      + f" --joint-support {a.joint_support if a.joint_support is not None else 'none'}"
                      + (f" --max-false-alarms {a.max_false_alarms}" if a.max_false_alarms != 0.08 else "")
                      + (" --false-alarm-bound upper95" if a.false_alarm_bound == "upper95" else "")
                      + (f" --folds {a.folds}" if a.folds else "") + (" --hold-missed" if a.hold_missed else "")}
    a.out.mkdir(parents=True, exist_ok=True)
    (a.out / f"{a.engine}.json").write_text(json.dumps(out, indent=1) + "\n")
    print(json.dumps({"engine": a.engine, "chosen": choice["chosen"], "labels": counts}))
    return 0


if __name__ == "__main__":
    sys.exit(main())
