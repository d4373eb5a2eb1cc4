"""The small pieces every HTML view shares: escaping, badges, the colour ramp of a signed score, the per-row
state of a (possibly streaming) result, and document labels (D1, D2, ...). Pure functions."""
from __future__ import annotations

import html

from grounding.types import (CONTRADICTED, NOT_ASSESSED, PARTIAL, SUPPORTED, UNSUPPORTED, GroundingResult,
                             Verdict)

BADGE_CLASS = {SUPPORTED: "supported", PARTIAL: "partial", UNSUPPORTED: "unsupported",
               CONTRADICTED: "contradicted", NOT_ASSESSED: "not-assessed"}

_GREEN, _RED, _WHITE = (22, 150, 70), (205, 40, 40), (255, 255, 255)



def _e(value) -> str:
    """Escape any user-derived value for text and attribute positions."""
    return html.escape("" if value is None else str(value), quote=True)


def short(text: str, limit: int) -> str:
    text = " ".join(text.split())
    return text if len(text) <= limit else text[: limit - 1] + "…"


def _badge(label: str) -> str:
    return f'<span class="badge badge-{BADGE_CLASS.get(label, "unsupported")}">{_e(label)}</span>'


def _wrap(body: str, extra: str = "") -> str:
    return f'<div class="gv{(" " + extra) if extra else ""}">{body}</div>'


def _mix(value: float, label: int) -> str:
    """Background for a signed score: white at 0, green towards +1, red towards -1."""
    sign = label if label else (1 if value > 0 else -1 if value < 0 else 0)
    if sign == 0 or value == 0:
        return "#f1f3f5"
    alpha = 0.18 + 0.82 * min(1.0, abs(value))
    base = _GREEN if sign > 0 else _RED
    r, g, b = (round(w * (1 - alpha) + c * alpha) for w, c in zip(_WHITE, base))
    return f"rgb({r},{g},{b})"


def _verdict_of(result: GroundingResult) -> dict[int, Verdict]:
    return {v.claim: v for v in result.verdicts}


def row_states(result: GroundingResult) -> list[str]:
    """Per response sentence: "done", "pending" (not reached yet while streaming) or "na" (not assessed)."""
    n = len(result.response_sentences)
    if not result.coverage.assessed:
        return ["na"] * n
    claims_of: dict[int, list] = {}
    for c in result.claims:
        claims_of.setdefault(c.sentence, []).append(c)
    states = []
    for i in range(n):
        cs = claims_of.get(i, [])
        if cs and all(c.note == "not assessed" for c in cs):
            states.append("na")
        elif cs:
            states.append("done")
        else:
            states.append("na" if result.complete else "pending")
    return states


def doc_labels(result: GroundingResult) -> dict[str, str]:
    """Document id -> its short label, "D1", "D2", ... in the documents' order (the heatmap's headers)."""
    return {d.id: f"D{k}" for k, d in enumerate(result.documents, 1)}


def column_labels(result: GroundingResult) -> list[str]:
    """Per map column, "D2 · Title · sentence 5": built once, in one pass over the documents."""
    short_label = doc_labels(result)
    return [f"{short_label[d.id]} · {d.title or d.id} · sentence {s.index + 1}"
            for d in result.documents for s in d.sentences]


def column_label(result: GroundingResult, column: int) -> str:
    """One column's label (column_labels for many)."""
    doc = result.document_of(column)
    index = doc.sentences[column - doc.sentences[0].column].index
    return f"{doc_labels(result)[doc.id]} · {doc.title or doc.id} · sentence {index + 1}"
