"""Retrieval and polarity: cosine between claims and context sentences, the tau filter, and the entailment
model's tri-state polarity psi on the pairs that pass (premise = context sentence, hypothesis = claim)."""
from __future__ import annotations

import numpy as np

from grounding.types import PairScore

ENTAIL, NEUTRAL, CONTRADICT = 0, 1, 2   # columns of Entailment.predict


def cosine_matrix(claim_emb: np.ndarray, context_emb: np.ndarray) -> np.ndarray:
    """(k, m) cosine similarities of unit-length embeddings, clipped to [-1, 1]."""
    if claim_emb.size == 0 or context_emb.size == 0:
        return np.zeros((claim_emb.shape[0], context_emb.shape[0]), dtype=np.float32)
    return np.clip(claim_emb @ context_emb.T, -1.0, 1.0)


def candidates(cos: np.ndarray, tau: float) -> list[tuple[int, int]]:
    """(row, column) pairs with cosine strictly above tau, in row-major order."""
    rows, cols = np.nonzero(cos > tau)
    return list(zip(rows.tolist(), cols.tolist()))


def polarity(probs: np.ndarray) -> np.ndarray:
    """psi per pair: +1 when entailment is the argmax, -1 for contradiction, 0 for neutral."""
    return np.array([1, 0, -1])[probs.argmax(axis=1)] if len(probs) else np.zeros(0, dtype=int)


def judge(entailment, claim_texts: list[str], context_texts: list[str], cos: np.ndarray,
          pairs: list[tuple[int, int]], claim_offset: int = 0, stop=None) -> tuple[list[PairScore], list[int]]:
    """Run the entailment model on `pairs` of (claim row, context column); returns PairScores (claim
    indices shifted by claim_offset) and the indices into `pairs` whose input was truncated."""
    if not pairs:
        return [], []
    probs = entailment.predict([context_texts[j] for _, j in pairs], [claim_texts[i] for i, _ in pairs], stop=stop)
    psi = polarity(probs)
    out = []
    for (i, j), p, s in zip(pairs, probs, psi):
        c = float(cos[i, j])
        out.append(PairScore(claim=i + claim_offset, column=j, cosine=round(c, 4), entail=round(float(p[ENTAIL]), 4),
                             neutral=round(float(p[NEUTRAL]), 4), contradict=round(float(p[CONTRADICT]), 4),
                             psi=int(s), signed=round(c * int(s), 4), judged=True))
    return out, list(entailment.truncated)
