"""Stage `decompose`: the response sentence split into candidate atomic claims (coordination on a spaCy parse,
grounding.decompose). A sentence outside the checked part becomes one not-assessed claim and ends the row."""
from __future__ import annotations

from grounding.decompose import decompose
from grounding.stages import Run, skip_row
from grounding.types import Claim


def run(state: Run) -> None:
    result, i = state.result, state.row
    sent = result.response_sentences[i]
    if not state.rows_ok[i]:
        skip_row(state)
        return
    state.parts = decompose(sent, result.response) if state.config.decompose else []
    cap = state.config.max_claims_per_sentence
    if len(state.parts) > cap:   # each part costs a self-check and its own pairs: judge the sentence whole instead
        result.coverage.messages.append(f"Response sentence {i + 1} splits into {len(state.parts)} claims, more than "
                                        f"max_claims_per_sentence ({cap}): it is judged whole.")
        state.parts = []
