"""Stage `judge_clauses` (every engine): a sentence that reads as contradicting a claim, read again clause by clause.

A sentence that joins two statements ("The new bridge will carry cyclists and pedestrians only; cars will not be
allowed") reads to the entailment model as contradicting a claim that one of them backs ("Cyclists will be able to use
the bridge": P(c) 0.88 whole; its first clause alone P(e) 0.89, its second P(n) 0.52): the model takes the other
clause's scene for the claim's. So for each claim read as contradicted (its reading together or alone, or in the
claims engine one of its judged pairs, has contradiction as its most likely class), each such judged sentence that
cuts into clauses (grounding.clauses: at a semicolon, or a comma before "and", "but", "while", …), the two most
similar at most, is read clause by clause against the claim, in one call by the fp32 twin (a few pairs; no int8
reading to recheck), into `Claim.clause_readings`. The verdict rule (grounding.clauses.clause_override) reads them.
"""
from __future__ import annotations

from grounding.clauses import clauses
from grounding.stages import Run

MOST = 2     # sentences read by their clauses per claim


def _leans_against(r) -> bool:
    return r is not None and r[2] >= max(r[0], r[1])


def run(state: Run) -> None:
    if state.over_budget() or "entailment" not in state.models:
        return
    claims, items = state.result.claims, []
    own = "scorer" not in state.models     # the claims engine: a pair's numbers are the model's reading alone
    texts = state.context_texts
    for k in state.claims:
        claim = claims[k]
        claim.clause_readings = None
        judged = sorted((p for p in state.scores if p.claim == k and p.judged), key=lambda p: (-p.cosine, p.column))
        whole = _leans_against(claim.joint) or _leans_against(claim.alone)
        columns = [p.column for p in judged
                   if (whole and (p.column in (claim.joint_columns or ()) or p.column == claim.alone_column))
                   or (own and p.entail is not None and _leans_against([p.entail, p.neutral or 0.0, p.contradict]))]
        cut = [(j, pieces) for j in columns if (pieces := clauses(texts[j]))][:MOST]
        items += [(k, j, piece) for j, pieces in cut for piece in pieces]
    if not items:
        return
    model = state.models["entailment"]
    probs = model.predict([piece for _, _, piece in items], [claims[k].text for k, _, _ in items],
                          stop=state.over_budget, fp32=True)
    unfinished = set(model.unfinished)
    done: dict[tuple[int, int], list] = {}
    for i, (k, j, _) in enumerate(items):
        done.setdefault((k, j), []).append(None if i in unfinished else [round(float(x), 4) for x in probs[i]])
    for (k, j), readings in done.items():
        if all(r is not None for r in readings):     # a sentence read only in part is no reading of its clauses
            claims[k].clause_readings = {**(claims[k].clause_readings or {}), j: readings}
