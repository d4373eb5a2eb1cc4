"""Stage `explain`: each new verdict gets its provenance (claim -> response offsets -> context sentence offsets
-> document) and a deterministic explanation quoting its anchor (grounding.explain), and joins the result.

A row the time budget (or Stop) cut while it was read again (`Run.cut`: a stage after the first judgements found
the budget spent and held back a reading: together, by the fp32 twin, clause by clause, part by part) keeps its
verdicts, and each says that it rests on the first readings (`Claim.cut_short`), as the coverage does."""
from __future__ import annotations

from grounding import explain
from grounding.stages import Run
from grounding.types import GroundingResult, Verdict


def finalise(result: GroundingResult, v: Verdict) -> None:
    """Explain `v` and put it in `result.verdicts` (in claim order, replacing an earlier verdict of its claim)."""
    v.provenance = explain.provenance(result, v)
    v.explanation = explain.explain(result, v, result.claims[v.claim])
    result.verdicts = [x for x in result.verdicts if x.claim != v.claim] + [v]
    result.verdicts.sort(key=lambda x: x.claim)


def run(state: Run) -> None:
    if state.cut and state.verdicts:
        for v in state.verdicts:
            state.result.claims[v.claim].cut_short = True
        state.budget_spent(f"while response sentence {state.row + 1} was read again: its verdicts rest on the first "
                           "readings only")
    for v in state.verdicts:
        finalise(state.result, v)
