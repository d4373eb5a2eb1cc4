"""Stage `claim_map` (after the rows): the signed map of the judged claims (rows) x context sentences, with the
cells a verdict rule decided shown as the verdict reads them (stages.verdict.show_rules)."""
from __future__ import annotations

from grounding.stages import Run
from grounding.stages.verdict import show_rules
from grounding.types import SignedMap


def claim_rows(result) -> dict[int, int]:
    """claim -> its row in the claim map: the judged claims (not rejected, not "not assessed"), in order."""
    judged = [k for k, c in enumerate(result.claims) if c.origin != "rejected" and c.note != "not assessed"]
    return {k: r for r, k in enumerate(judged)}


def run(state: Run) -> None:
    result = state.result
    m = len(result.context_sentences)
    pos = claim_rows(result)
    judged = list(pos)
    values = [[0.0] * m for _ in judged]
    labels = [[0] * m for _ in judged]
    for s in result.pairs:
        if s.claim in pos:
            values[pos[s.claim]][s.column], labels[pos[s.claim]][s.column] = s.signed, s.psi
    result.claim_map = SignedMap(rows=[f"c{k + 1}" for k in judged], columns=list(result.sentence_map.columns),
                                 values=values, labels=labels, engine="claims")
    show_rules(result.claim_map, result.verdicts, lambda v: pos.get(v.claim))
