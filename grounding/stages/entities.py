"""Stage `entities`: entity and number overlap (grounding.entities) of each judged pair, and the differences
the explanation names (also for the claim's most similar sentence when nothing was judged); the row's pairs
join the result."""
from __future__ import annotations

from grounding.entities import entity_overlap
from grounding.stages import Run


def run(state: Run) -> None:
    result, texts = state.result, state.context_texts
    for s in state.scores:
        overlap, diff = entity_overlap(result.claims[s.claim].text, texts[s.column])
        s.entity_overlap = None if overlap is None else round(overlap, 4)
        state.diffs.setdefault(s.claim, {})[s.column] = diff
    result.pairs += state.scores
    for k in state.claims:
        best, _ = state.best.get(k, (None, None))
        if best is not None:
            state.diffs.setdefault(k, {}).setdefault(best, entity_overlap(result.claims[k].text, texts[best])[1])
