"""Fit how sure each verdict is (grounding/sureness.py) for one engine, from the evidence train claims.

    python -m training.sureness --engine context [--folds 5] [--features runs/verdict_features_context.npz]

Reads what ``python -m training.verdicts --engine E`` keeps (every train claim's features and grounding result, never
a report set); run that first, or point --features at its cache. Then:

1. Each claim's learned-model probabilities come from a model of the shipped setting (the kind, C or trees, class
   weighting in exported_models/verdicts/<engine>.json) fitted on the other folds (instances kept whole), as a new
   claim would meet the shipped model.
2. Each claim's verdict under every preset is the runtime's own (``pipeline.rederive`` on a copy of its result; under
   preset "learned" the label its held-out probabilities give); a verdict a later rule changed, or a claim read only
   in part, gets no figure at run time and is left out here.
3. Per preset and shown class, a logistic curve on (1, logit P(shown class), the model's most likely class is the
   shown one) to whether the verdict was right (Partially supported scored as Supported, as evaluation.verdicts
   does). Its held-out figures come from fitting on four folds and predicting the fifth: expected calibration error
   (10 bins), Brier score, and the accuracy of the verdicts in each band (sure >= 0.75, unsure < 0.5), beside the
   same figures for P(shown class) taken as it is.
4. The curves, refitted on every claim, go to exported_models/verdicts/sureness_<engine>.json with those figures.
"""
from __future__ import annotations

import argparse
import copy
import json
import pickle
import sys
import time
from pathlib import Path

import numpy as np

from evaluation.verdicts import reliability
from grounding import learned, sureness
from grounding.config import PRESETS, GroundingConfig
from training.verdict_outcomes import folds_of, results_path
from training.verdicts import _proba, _train, read_with   # the learned model's own fitting

ROOT = Path(__file__).resolve().parent.parent
PRESET_ORDER = ("joint", "learned", "paper", "code")


def fold_probabilities(data: dict, setting: dict, folds: int) -> np.ndarray:
    """(claims, 3): each claim's P over learned.CLASSES from the setting fitted on the other folds."""
    fold = folds_of(data, folds)
    probs = np.zeros((len(data["y"]), len(learned.CLASSES)))
    for k in range(folds):
        probs[fold == k] = _proba(_train(setting, data["X"][fold != k], data["y"][fold != k]), data["X"][fold == k])
    return probs


def shown_verdicts(results: list, probs: np.ndarray, engine: str, presets=PRESET_ORDER,
                   contradicted_min: float = 0.0) -> dict[str, tuple[list[str], np.ndarray]]:
    """{preset: (each claim's shown label, whether the calibration leaves it out)}: the runtime's verdict of each kept
    result rederived under the preset; under "learned" the model's label is the one `probs` give (each claim's
    held-out reading), the rules after it as the runtime applies them."""
    from grounding.pipeline import rederive
    out = {}
    said, real = [None], learned.label_from
    try:
        learned.label_from = lambda p, supported_min, cmin=0.0: said[0]
        for preset in presets:
            config = GroundingConfig(engine=engine, preset=preset, decompose=False, pfcr=False).validate()
            labels, left_out = [], []
            for res, p in zip(results, probs):
                said[0] = real(p, PRESETS["learned"].supported, contradicted_min)
                v = rederive(copy.deepcopy(res), config).verdicts[0]
                labels.append(v.label)
                left_out.append(v.sureness_note.startswith(sureness.LEFT_OUT))
            out[preset] = (labels, np.array(left_out, dtype=bool))
    finally:
        learned.label_from = real
    return out


def fit_curves(F: np.ndarray, right: np.ndarray, cls: np.ndarray, C: float = 1.0) -> dict[str, np.ndarray]:
    """{shown class: (a, b, c)} fitted per class on rows F (1, logit, agrees) -> right (0/1); a class with too few
    rows, or all right or all wrong, gets a flat curve at its rate (smoothed)."""
    from sklearn.linear_model import LogisticRegression
    curves = {}
    for k, name in enumerate(learned.CLASSES):
        m = cls == k
        if m.sum() < 20 or right[m].min() == right[m].max():
            rate = (right[m].sum() + 1) / (m.sum() + 2)
            curves[name] = np.array([np.log(rate / (1 - rate)), 0.0, 0.0])
            continue
        model = LogisticRegression(C=C, fit_intercept=False, max_iter=2000).fit(F[m], right[m])
        curves[name] = model.coef_[0].astype(np.float64)
    return curves


def apply_curves(curves: dict[str, np.ndarray], F: np.ndarray, cls: np.ndarray) -> np.ndarray:
    z = np.array([curves[learned.CLASSES[k]] @ f for f, k in zip(F, cls)])
    return 1.0 / (1.0 + np.exp(-z))


def calibrate(data: dict, probs: np.ndarray, shown: dict[str, tuple[list[str], np.ndarray]], folds: int) -> tuple[dict, dict]:
    """({preset: curves fitted on every kept claim}, {preset: held-out figures of the curves and of P(shown)})."""
    fold = folds_of(data, folds)
    curves, figures = {}, {}
    for preset, (labels, left_out) in shown.items():
        keep = ~left_out
        cls = np.array([learned.CLASSES.index(sureness.shown_class(lab)) if lab in learned.CLASSES + (learned.PARTIAL,)
                        else -1 for lab in labels])
        keep &= cls >= 0
        F = np.array([sureness.features(p, lab) if c >= 0 else np.zeros(3) for p, lab, c in zip(probs, labels, cls)])
        right = (cls == data["y"]).astype(float)
        held = np.zeros(len(right))
        for k in range(folds):
            tr, te = keep & (fold != k), keep & (fold == k)
            held[te] = apply_curves(fit_curves(F[tr], right[tr], cls[tr]), F[te], cls[te])
        raw = np.array([p[c] if c >= 0 else 0.0 for p, c in zip(probs, cls)])
        figures[preset] = {"kept": int(keep.sum()), "left_out": int((~keep).sum()),
                           "curves": reliability(held[keep], right[keep]),
                           "probability_as_is": reliability(raw[keep], right[keep])}
        curves[preset] = fit_curves(F[keep], right[keep], cls[keep])
    return curves, figures


def main(argv=None) -> int:
    p = argparse.ArgumentParser(prog="python -m training.sureness", description=__doc__,
                                formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--engine", default="context")
    p.add_argument("--folds", type=int, default=5)
    p.add_argument("--features", type=Path, default=None,
                   help="training.verdicts' feature cache (default runs/verdict_features_<engine>.npz)")
    p.add_argument("--presets", nargs="+", default=list(PRESET_ORDER), choices=PRESET_ORDER)
    p.add_argument("--models-dir", type=Path, default=Path(GroundingConfig().models_dir))
    a = p.parse_args(argv)
    cache = a.features or ROOT / "runs" / f"verdict_features_{a.engine}.npz"
    model_path = a.models_dir / "verdicts" / f"{a.engine}.json"
    if not cache.is_file():
        print(f"error: {cache} is missing: run python -m training.verdicts --engine {a.engine} first", file=sys.stderr)
        return 2
    if not model_path.is_file():
        print(f"error: {model_path} is missing (the learned verdict model the curves read)", file=sys.stderr)
        return 2
    if a.folds < 2:
        print("error: --folds must be at least 2", file=sys.stderr)
        return 2
    data = dict(np.load(cache))
    if data["X"].shape[1] != len(learned.FEATURES):
        print(f"error: {cache} holds other features; rerun python -m training.verdicts with --refresh", file=sys.stderr)
        return 2
    names = list(dict.fromkeys(data["set"].tolist()))
    paths = [results_path(cache.with_name(f"{cache.stem}.{name}.npz")) for name in names]
    if not all(path.is_file() for path in paths):
        print(f"error: the grounding results beside {cache} are missing; rerun training.verdicts with --refresh",
              file=sys.stderr)
        return 2
    results = [res for path in paths for res in pickle.loads(path.read_bytes())]
    model = json.loads(model_path.read_text())
    if read_with(data) != model.get("models"):
        print(f"error: {cache} was extracted with other models than {model_path} was fitted on (grounding.fitted); "
              f"rerun python -m training.verdicts --engine {a.engine} --refresh and refit", file=sys.stderr)
        return 2
    chosen = model["selection"]["chosen"]
    setting = {k: (None if chosen[k] == "none" else chosen[k]) for k in ("kind", "C", "class_weight", "n_estimators",
                                                                      "max_depth") if k in chosen}
    start = time.perf_counter()
    probs = fold_probabilities(data, setting, a.folds)
    shown = shown_verdicts(results, probs, a.engine, a.presets, float(model.get("contradicted_min", 0.0)))
    print(f"[sureness] held-out readings and the runtime's verdicts of {len(results)} claims: "
          f"{time.perf_counter() - start:.0f} s", file=sys.stderr, flush=True)
    curves, figures = calibrate(data, probs, shown, a.folds)
    base = GroundingConfig(engine=a.engine).to_dict()
    out = {"engine": a.engine,
           "settings": {k: v for k, v in base.items() if k not in sureness.NOT_DECIDING},
           "learned_model_sha256": sureness.model_digest(str(a.models_dir), a.engine),
           "learned_setting": setting,
           "bands": {"sure": sureness.SURE, "unsure": sureness.UNSURE},
           "fitted_on": {"sets": names, "claims": int(len(data["y"])), "split": "evidence train sets only",
                         "held_out": f"{a.folds} folds of every claim (instances kept whole)"},
           "held_out": figures,
           "curves": {preset: {name: [round(float(x), 6) for x in c] for name, c in by.items()}
                      for preset, by in curves.items()},
           "command": f"python -m training.sureness --engine {a.engine} --folds {a.folds}"}
    dest = sureness.path_of(str(a.models_dir), a.engine)
    dest.write_text(json.dumps(out, indent=1) + "\n")
    sureness.forget()
    print(json.dumps({"engine": a.engine, "held_out": figures}, indent=1))
    print(f"[sureness] wrote {dest}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
