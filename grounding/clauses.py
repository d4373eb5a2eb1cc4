"""A context sentence's clauses, for retrieval: a sentence that joins two statements ("Parking is available for
guests, and dogs are welcome in selected rooms") is far, as a whole, from a claim about one of them ("Dogs are not
allowed": cosine 0.45, below tau, so the claim was Unsupported with no sentence judged; against "dogs are welcome in
selected rooms" 0.53).

A text that reaches no context sentence above tau, as written or as resolved (grounding.referents), takes, for each
sentence cut into clauses here, the higher of its cosine with the whole and with its nearest clause. Only then: on the
dev carve of the evidence train sets (1,027 instances, 5,744 claim x sentence pairs; `python -m evaluation.reach`)
that brings 7 of 165 unreached supporting pairs and 2 of 123 refuting ones into reach, and 3 of 2,171 unreached pairs
that are neither; reading every text so would bring 56 of the latter (and 28 evidence pairs). The models judge the
whole sentence.

Cut at a semicolon, or at a comma before a word that joins clauses: "and" and "but" (left out of the clause after
them), "while", "whereas", "although", "though", "yet" and "with" (kept: they say what the clause is); a piece of fewer
than MIN_WORDS words is no clause, and a sentence with one clause has none to add.
"""
from __future__ import annotations

import re
from typing import Iterable, Optional

import numpy as np

_CUT = re.compile(r";\s+|,\s+(?:and|but)\s+|,\s+(?=(?:while|whereas|although|though|yet|with)\s)")
MIN_WORDS = 3


def clauses(sentence: str) -> list[str]:
    """The sentence's clauses, or [] where it has fewer than two."""
    pieces = [p.strip() for p in _CUT.split(sentence)]
    pieces = [p for p in pieces if len(p.split()) >= MIN_WORDS]
    return pieces if len(pieces) > 1 else []


def widen(embedder, cos: np.ndarray, rows: Iterable[int], queries: list[np.ndarray], context_texts: list[str],
          fp32: bool = False, stop=None) -> bool:
    """In place: cos[i, j] for each of `rows` becomes the higher of itself and the cosine between a reading of row i
    (each of `queries`, (len(cos), d) unit embeddings: the text as written, and as resolved) and the nearest clause of
    context sentence j (`context_texts`, in the columns' order). The sentences are cut and their clauses embedded
    only when some row needs them; returns whether any sentence had clauses to read."""
    from grounding.judge import cosine_matrix
    rows = list(rows)
    if not rows:
        return False
    owners, pieces = [], []
    for j, text in enumerate(context_texts):
        cut = clauses(text)
        owners += [j] * len(cut)
        pieces += cut
    if not pieces:
        return False
    embedded = embedder.encode(pieces, stop=stop, fp32=fp32)     # a piece left unread by `stop` is a zero row
    for q in queries:
        sims = cosine_matrix(q[rows], embedded)
        for t, j in enumerate(owners):
            cos[rows, j] = np.maximum(cos[rows, j], sims[:, t])
    return True


def reaching_none(cos: np.ndarray, tau: Optional[float]) -> list[int]:
    """Rows of `cos` with no cosine above tau (every row where tau is None)."""
    if tau is None:
        return list(range(cos.shape[0]))
    return [i for i in range(cos.shape[0]) if not cos.shape[1] or cos[i].max() <= tau]


CLAUSE_RULE = "read by its clauses"
CLAUSE_ENTAILS = 0.7     # the least P(e) of the clause that backs the claim


def clause_override(v, preset, claim, context_texts: list[str]):
    """A claim the model alone made Contradicted (its reading of the sentences alone or together, or the contradiction
    override; no rule found a conflict: no `anchor_conflict`) whose anchor, read clause by clause (stage judge_clauses,
    `Claim.clause_readings`), has a clause that entails it (P(e) at least CLAUSE_ENTAILS, its most likely class) and no
    clause that leans against it (contradiction its most likely class) is Supported, that clause its evidence: the
    model had taken the other clause's scene for the claim's ("Cyclists will be able to use the bridge" against "The
    new bridge will carry cyclists and pedestrians only; cars will not be allowed": P(c) 0.88 whole, P(e) 0.89 for
    its first clause, P(n) 0.52 for the second). On with the preset's reversal_override."""
    from grounding.types import CONTRADICTED, SUPPORTED
    readings = (claim.clause_readings or {}).get(v.anchor) if v.anchor is not None else None
    if preset.reversal_override is None or v.label != CONTRADICTED or v.anchor_conflict or not readings \
            or not v.rule.startswith(("judged alone, ", "read together, ", "read alone, ", "contradiction override")):
        return v
    pieces = clauses(context_texts[v.anchor])
    if len(pieces) != len(readings) or any(r[2] >= max(r[0], r[1]) for r in readings):
        return v
    best = max(range(len(readings)), key=lambda i: readings[i][0])
    e = readings[best][0]
    if e < CLAUSE_ENTAILS or e < max(readings[best][1:]):
        return v
    v.label, v.conflicting = SUPPORTED, None
    v.anchor_conflict = (f"its clause “{pieces[best]}” entails the claim (P(e) = {e:.2f}), and no clause of it leans "
                         f"against it")
    v.rule = f"{CLAUSE_RULE}: context sentence {v.anchor + 1}: {v.anchor_conflict} ({v.rule})"
    return v
