"""The runtime's own verdicts for choosing the learned verdict model (training/verdicts.py): what the pipeline ends at
for each label the model could give a train claim, and the folds that hold instances whole."""
from __future__ import annotations

import copy
import hashlib
import pickle
import sys
import time
from pathlib import Path

import numpy as np

from evaluation.verdicts import claim_label
from grounding import learned
from grounding.config import PRESETS, GroundingConfig


def results_path(part: Path) -> Path:
    """Where a set's grounding results are kept beside its feature checkpoint (<cache>.<set>.npz -> .pkl)."""
    return part.with_suffix(".pkl")


LABELS = (learned.SUPPORTED, learned.PARTIAL, learned.UNSUPPORTED, learned.CONTRADICTED)   # what the model can say


def runtime_outcomes(results: list, engine: str) -> np.ndarray:
    """A (claims, 5) array: per claim, the class the runtime ends at (`pipeline.rederive` under preset "learned": the
    joint rule first, then the model, then every verdict rule after it) for each label of LABELS the model could give
    it, and in the fifth column the default preset's own class (the result as grounded). The rules read the model's
    label and the anchor the label picks, not its odds, so four rederives per claim stand for every candidate model
    and threshold; the model is stood in for by `learned.label_from` answering the label in turn."""
    from grounding.pipeline import rederive
    config = GroundingConfig(engine=engine, preset="learned", decompose=False, pfcr=False).validate()
    said, real = [None], learned.label_from
    learned.label_from = lambda probs, supported_min, contradicted_min=0.0: said[0]
    out = np.zeros((len(results), len(LABELS) + 1), dtype=int)
    try:
        for i, res in enumerate(results):
            out[i, -1] = _class_of(res)
            for j, label in enumerate(LABELS):   # rederive rewrites the result it is given: a copy each time
                said[0] = label
                out[i, j] = _class_of(rederive(copy.deepcopy(res), config))
    finally:
        learned.label_from = real
    return out


def _class_of(result) -> int:
    return learned.CLASSES.index(claim_label([v.label for v in result.verdicts]))   # Partially supported: Supported


def kept_outcomes(cache: Path, data: dict, engine: str) -> np.ndarray | None:
    """`runtime_outcomes` of the claims in `data`, from the results `extract` kept beside `cache` (computed once,
    then read from <cache>.outcomes.npy: delete it after a change to the verdict rules); None where a set's results
    were not kept (a cache from before)."""
    saved = cache.with_name(f"{cache.stem}.outcomes.npy")
    if saved.is_file() and len(out := np.load(saved)) == len(data["y"]):
        return out
    names = list(dict.fromkeys(data["set"].tolist()))
    paths = [results_path(cache.with_name(f"{cache.stem}.{name}.npz")) for name in names]
    if not all(path.is_file() for path in paths):
        return None
    results = [res for path in paths for res in pickle.loads(path.read_bytes())]
    if len(results) != len(data["y"]):
        return None
    start = time.perf_counter()
    out = runtime_outcomes(results, engine)
    print(f"[verdicts] the runtime's verdicts of {len(results)} claims: {time.perf_counter() - start:.0f} s",
          file=sys.stderr, flush=True)
    np.save(saved, out)
    return out


def folds_of(data: dict, k: int) -> np.ndarray:
    """Each claim's fold (0..k-1): a fixed hash of its instance, so an instance's claims share one."""
    return np.array([int(hashlib.sha1(f"{name}:{n}:fold".encode()).hexdigest()[:8], 16) % k
                     for name, n in zip(data["set"], data["inst"])], dtype=int)


def decided(probs: np.ndarray, contradicted_min: float, outcomes: np.ndarray) -> np.ndarray:
    """Class ids the runtime ends at when the model gives these probabilities (`runtime_outcomes` rows)."""
    supported_min = PRESETS["learned"].supported
    return np.array([row[LABELS.index(learned.label_from(p, supported_min, contradicted_min))]
                     for p, row in zip(probs, outcomes)], dtype=int)
