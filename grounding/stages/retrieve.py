"""Stage `retrieve`: cosine between the row's claims and the scored context sentences; pairs above tau go on
to the judge (titles and headings never do). With `entity_prefilter`, pairs whose claim names entities the
sentence shares none of are not judged (not provably lossless, hence off by default; benchmarks/prefilter.py)."""
from __future__ import annotations

import numpy as np

from grounding import judge
from grounding.entities import entity_overlap
from grounding.stages import Run, mask_columns
from grounding.types import PairScore


def run(state: Run) -> None:
    result, idx = state.result, state.claims
    emb = state.models["embedder"].encode([result.claims[k].text for k in idx])
    cos = mask_columns(judge.cosine_matrix(emb, state.context_embeddings), result.coverage.not_evidence)
    state.cosines, state.candidates = cos, judge.candidates(cos, state.config.tau)
    for local, k in enumerate(idx):   # the most similar sentence, for explanations when nothing passes tau
        best = int(cos[local].argmax()) if cos.shape[1] else None
        state.best[k] = (best, round(float(cos[local, best]), 4) if best is not None else None)
    if state.config.entity_prefilter:
        state.candidates, state.skipped = _entity_prefilter(state, cos)


def _entity_prefilter(state: Run, cos: np.ndarray) -> tuple[list[tuple[int, int]], list[PairScore]]:
    result, idx, texts = state.result, state.claims, state.context_texts
    keep, skipped = [], []
    for i, j in state.candidates:
        overlap, _ = entity_overlap(result.claims[idx[i]].text, texts[j])
        if overlap == 0.0:
            skipped.append(PairScore(claim=i + idx[0], column=j, cosine=round(float(cos[i, j]), 4), judged=False,
                                     entity_overlap=0.0))
        else:
            keep.append((i, j))
    if skipped:
        result.coverage.messages.append(f"Entity pre-filter: {len(skipped)} pair(s) of response sentence "
                                        f"{result.claims[idx[0]].sentence + 1} were not judged (no shared entity).")
    return keep, skipped
