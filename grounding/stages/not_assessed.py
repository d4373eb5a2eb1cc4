"""Stage `not_assessed` (after the rows): every claim that was not checked gets a Not assessed verdict naming
the reason (coverage messages); an input that could not be assessed at all gets one such claim per sentence."""
from __future__ import annotations

from grounding.headings import NO_FACT, states_nothing
from grounding.stages import Run
from grounding.stages.explain import finalise
from grounding.types import NOT_ASSESSED, Claim, Verdict


NO_CLAIM = f"it states {NO_FACT}, so it is no claim"


def run(state: Run) -> None:
    result = state.result
    if not result.claims:
        for i, s in enumerate(result.response_sentences):
            result.claims.append(Claim(text=s.text, sentence=i, start=s.start, end=s.end, passed=False,
                                       origin="sentence", note="not assessed"))
    reason = "; ".join(m for m in result.coverage.messages if NO_FACT not in m) or \
        "outside the checked part of the response"
    for k, c in enumerate(result.claims):
        if c.note == "not assessed":
            nothing = states_nothing(result.response_sentences[c.sentence])
            finalise(result, Verdict(claim=k, label=NOT_ASSESSED, rule=NO_CLAIM if nothing else reason.rstrip(".")))
