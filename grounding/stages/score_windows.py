"""Stage `score_windows` (context engines): one scorer pass reads every (response sentence, context sentence)
pair of the assessed rows in windows of the response beside each document; the embedder's cosines give each
pair its similarity for the verdicts' evidence. What a window cut or left out is said in the coverage. The stage
yields after each window it reads (a step: the check can be stopped there, see grounding.engines.run)."""
from __future__ import annotations

from typing import Iterator

from grounding import referents
from grounding.stages import Run, mask_columns
from grounding.stages.segment import scored_context


def run(state: Run) -> Iterator[None]:
    result, config = state.result, state.config
    rows = [i for i, ok in enumerate(state.rows_ok) if ok]
    state.limit = limit = scored_context(result, config)
    state.window_rows = rows
    embedder = state.models["embedder"]
    state.context_embeddings = embedder.encode(state.context_texts[:limit])   # also for stage judge_parts
    texts = [result.response_sentences[i].text for i in rows]
    cos = referents.similarities(embedder, texts, [referents.resolved_row(result, i) for i in rows],
                                 state.context_embeddings, config.tau, used=state.referred,
                                 context_texts=state.context_texts[:limit], widened=state.widened)
    state.window_cosines = mask_columns(cos, result.coverage.not_evidence)
    scored = yield from score_steps(state, stop=state.over_budget)
    cov, names = scored.coverage, result.sentence_map.columns
    result.coverage.windows_gated = len(cov.gated)
    result.coverage.windows = cov.windows
    result.coverage.truncated += [f"context {names[j]} (scorer window)" for j in cov.truncated_context]
    result.coverage.truncated += [f"response r{rows[i] + 1} (scorer window: scored on its start)"
                                  for i in cov.truncated_response]
    result.coverage.unscored += [f"context {names[j]} (scorer window)" for j in cov.unscored_context]
    result.coverage.unscored += [f"response r{rows[i] + 1} (scorer window)" for i in cov.unscored_response]
    state.windows = scored
    _rows_left_by_budget(state, rows, scored)


def score(state: Run, **kwargs):
    """The scorer on the assessed rows and the documents' scored sentences, with the run's window settings: rows
    per window and the gate (a window none of whose pairs reaches config.scorer_gate in cosine is not read)."""
    return state.models["scorer"].score(*scorer_inputs(state), **_window_settings(state), **kwargs)


def score_steps(state: Run, **kwargs):
    """`score` as a generator that yields after each window read and returns the map (ContextScorer.score_steps)."""
    return state.models["scorer"].score_steps(*scorer_inputs(state), **_window_settings(state), **kwargs)


def _window_settings(state: Run) -> dict:
    return {"rows_per_window": state.config.rows_per_window, "cosines": state.window_cosines,
            "gate": state.config.scorer_gate}


def scorer_inputs(state: Run) -> tuple[list[str], list[list[str]]]:
    """What the scorer reads: the assessed response sentences (state.window_rows) and the documents' scored
    sentences (columns below state.limit), empty documents left out."""
    result = state.result
    docs = [[s.text for s in d.sentences if s.column < state.limit] for d in result.documents]
    return [result.response_sentences[i].text for i in state.window_rows], [d for d in docs if d]


def _rows_left_by_budget(state: Run, rows: list[int], scored) -> None:
    """Rows the time budget left (partly) unscored are not assessed: a verdict is never given on a row not fully
    read."""
    if not state.over_budget():
        return
    import numpy as np
    missing = np.isnan(scored.probabilities).any(-1)
    left = [i for local, i in enumerate(rows) if local < missing.shape[0] and missing[local].any()
            and local not in scored.coverage.unscored_response]
    if left:
        state.rows_ok = [ok and i not in left for i, ok in enumerate(state.rows_ok)]
        state.budget_spent(f"while scoring: {len(left)} response sentence(s) were not fully scored and are listed as "
                           "not assessed")
