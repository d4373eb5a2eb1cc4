"""Stage `embed`: the scored context sentences embedded once, before the rows (claims engine)."""
from __future__ import annotations

from grounding.stages import Run, unscored
from grounding.stages.segment import scored_context


def run(state: Run) -> None:
    result, embedder = state.result, state.models["embedder"]
    state.limit = scored_context(result, state.config)
    state.context_embeddings = embedder.encode(state.context_texts[:state.limit], stop=state.over_budget)
    if embedder.unfinished:
        unscored(state, embedder.unfinished)
    result.coverage.truncated += [f"context {result.sentence_map.columns[j]} (embedding window)"
                                  for j in embedder.truncated]
