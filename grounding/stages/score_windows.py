"""Stage `score_windows` (context engines): one scorer pass reads every (response sentence, context sentence)
pair of the assessed rows in windows of the response beside each document; the embedder's cosines give each
pair its similarity for the verdicts' evidence. What a window cut or left out is said in the coverage."""
from __future__ import annotations

from grounding import judge
from grounding.stages import Run, mask_columns
from grounding.stages.segment import scored_context


def run(state: Run) -> None:
    result, config = state.result, state.config
    rows = [i for i, ok in enumerate(state.rows_ok) if ok]
    state.limit = limit = scored_context(result, config)
    docs = [[s.text for s in d.sentences if s.column < limit] for d in result.documents]
    scored = state.models["scorer"].score([result.response_sentences[i].text for i in rows], [d for d in docs if d])
    cov, names = scored.coverage, result.sentence_map.columns
    result.coverage.windows = cov.windows
    result.coverage.truncated += [f"context {names[j]} (scorer window)" for j in cov.truncated_context]
    result.coverage.truncated += [f"response r{rows[i] + 1} (scorer window: scored on its start)"
                                  for i in cov.truncated_response]
    result.coverage.unscored += [f"context {names[j]} (scorer window)" for j in cov.unscored_context]
    result.coverage.unscored += [f"response r{rows[i] + 1} (scorer window)" for i in cov.unscored_response]
    embedder = state.models["embedder"]
    sent_emb = embedder.encode([result.response_sentences[i].text for i in rows])
    state.windows = scored
    state.window_cosines = mask_columns(judge.cosine_matrix(sent_emb, embedder.encode(state.context_texts[:limit])),
                                        result.coverage.not_evidence)
