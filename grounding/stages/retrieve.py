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
    state.cosines, state.candidates = cos, _most_similar(cos, judge.candidates(cos, state.config.tau), state)
    for local, k in enumerate(idx):   # the most similar sentence, for explanations when nothing passes tau
        best = int(cos[local].argmax()) if cos.shape[1] else None
        state.best[k] = (best, round(float(cos[local, best]), 4) if best is not None else None)
    if state.config.entity_prefilter:
        state.candidates, state.skipped = _entity_prefilter(state, cos)


def _most_similar(cos: np.ndarray, pairs: list[tuple[int, int]], state: Run) -> list[tuple[int, int]]:
    """At most `max_pairs_per_claim` pairs per claim, the most similar; the coverage says when some were left."""
    cap = state.config.max_pairs_per_claim
    by_claim: dict[int, list[int]] = {}
    for i, j in pairs:
        by_claim.setdefault(i, []).append(j)
    if all(len(cols) <= cap for cols in by_claim.values()):
        return pairs
    kept, left = [], 0
    for i, cols in by_claim.items():
        top = sorted(cols, key=lambda j: -cos[i, j])[:cap]
        left += len(cols) - len(top)
        kept += [(i, j) for j in sorted(top)]
    state.result.coverage.messages.append(
        f"Response sentence {state.row + 1}: {left} pair(s) above τ were not judged (only the {cap} most similar "
        "context sentences per claim are, max_pairs_per_claim).")
    return kept


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
