"""Stage `judge`: the entailment model on the retrieved pairs (premise = context sentence, hypothesis = claim)
gives psi in {+1, 0, -1} and the signed score cosine * psi; the sentence map's cell is the row's pair with the
largest |signed score|."""
from __future__ import annotations

from grounding import judge
from grounding.stages import Run, abandon_row
from grounding.types import GroundingResult, PairScore


def run(state: Run) -> None:
    result, idx = state.result, state.claims
    # judge.judge runs no model when there is no pair: this thread's notes of an earlier call must not count
    state.models["entailment"].unfinished = state.models["entailment"].hypothesis_cut = []
    scores, truncated = judge.judge(state.models["entailment"], [result.claims[k].text for k in idx],
                                    state.context_texts, state.cosines, state.candidates, idx[0], stop=state.over_budget)
    if state.models["entailment"].unfinished:
        abandon_row(state, "judging its pairs")
        return
    for q in state.models["entailment"].hypothesis_cut:   # the claim itself was cut: partly read
        result.claims[scores[q].claim].truncated = True
    scores += state.skipped
    result.coverage.truncated += [f"pair ({result.claims[scores[q].claim].text[:40]}…, "
                                  f"{result.sentence_map.columns[scores[q].column]})" for q in truncated]
    state.scores = scores
    update_map(result, state.row, scores)


def update_map(result: GroundingResult, row: int, scores: list[PairScore]) -> None:
    values, labels = result.sentence_map.values[row], result.sentence_map.labels[row]
    for s in scores:
        if s.psi != 0 and abs(s.signed) > abs(values[s.column]):
            values[s.column], labels[s.column] = s.signed, s.psi
