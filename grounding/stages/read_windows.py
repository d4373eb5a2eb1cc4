"""Stage `read_windows` (context engines): the response sentence is one claim; its row of the scorer's map is
written into the sentence map (labelled cells only, as in the claims engine), and the pairs with a label, a
cosine above tau or another name in the claim's slot (stages.retrieve.slot_columns) become its evidence, the scorer's P(support) / P(contradict) as their NLI channel;
where none does, its most similar sentence down to `nothing_floor` (stages.retrieve.nearest), which the entailment
model reads in stage judge_joint."""
from __future__ import annotations

import numpy as np

from grounding.stages import Run, skip_row
from grounding.stages.retrieve import nearest, slot_columns
from grounding.types import Claim, PairScore


def run(state: Run) -> None:
    result, config, i = state.result, state.config, state.row
    if not state.rows_ok[i]:   # outside the checked part: listed as not assessed, as in the claims engine
        skip_row(state)
        return
    local = state.window_rows.index(i)   # this row's index among the rows the scorer read
    sent = result.response_sentences[i]
    k = len(result.claims)
    result.claims.append(Claim(text=sent.text, sentence=i, start=sent.start, end=sent.end, entailed=1.0,
                               origin="sentence", note=f"engine '{config.engine}' judges whole sentences",
                               truncated=local in state.windows.coverage.truncated_response))
    state.claims = [k]
    scored = state.windows
    state.scores = row_pairs(state, k, scored.probabilities[local], scored.labels[local], scored.values[local])
    cos = state.window_cosines
    best = int(cos[local].argmax()) if cos.shape[1] else None
    state.best[k] = (best, round(float(cos[local, best]), 4) if best is not None else None)


def row_pairs(state: Run, k: int, probabilities: np.ndarray, labels: np.ndarray, values: np.ndarray) -> list[PairScore]:
    """Write the row's cells of the sentence map from the scorer's (m, 3) probabilities, labels and signed values
    of this row, and return claim k's evidence pairs (labelled, or above tau)."""
    result, config, i = state.result, state.config, state.row
    cos = state.window_cosines[state.window_rows.index(i)]
    excluded = set(result.coverage.not_evidence)
    unlabelled = {j for j in range(state.limit) if j in excluded or not labels[j]}
    read = [j for j in range(state.limit) if j not in excluded and (labels[j] or cos[j] > config.tau)]
    slots = set(slot_columns(result.claims[k].text, cos[:state.limit], state.context_texts, config,
                             skip=set(range(state.limit)) - unlabelled | excluded, read_nothing=not read))
    if not read and not slots:   # nothing labelled or above tau: the most similar sentence, down to nothing_floor
        slots = set(nearest(cos[:state.limit], config))   # titles and headings are masked in window_cosines
        result.claims[k].nearest = next(iter(slots), None)
    pairs = []
    for j in range(state.limit):
        p = probabilities[j]
        label = 0 if j in excluded else int(labels[j])
        c = float(cos[j])
        result.sentence_map.values[i][j] = round(float(values[j]), 4) if label else 0.0
        result.sentence_map.labels[i][j] = label
        if label == 0 and c <= config.tau and j not in slots or np.isnan(p).any():
            continue
        pairs.append(PairScore(claim=k, column=j, cosine=round(c, 4), entail=round(float(p[0]), 4),
                               neutral=round(float(p[2]), 4), contradict=round(float(p[1]), 4), psi=label,
                               signed=round(float(values[j]), 4), judged=True))
    return pairs
