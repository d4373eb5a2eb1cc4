"""Stage `explain`: each new verdict gets its provenance (claim -> response offsets -> context sentence offsets
-> document) and a deterministic explanation quoting its anchor (grounding.explain), and joins the result."""
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
    for v in state.verdicts:
        finalise(state.result, v)
