"""Stage `judge_parts` (context engines): the parts of a whole-sentence claim that its sentences back together.

The context engines read each response sentence whole. A sentence that joins two claims ("Metformin is the
first-line drug for type 2 diabetes and works by increasing insulin production in the pancreas") is read against
the sentences most similar to the whole, which are those of its first part, and the entailment model gives the
whole P(e) 0.52 there: Supported, while the source says metformin works by reducing glucose production in the
liver. "The Meridian Bridge opened in June 2019 and has six traffic lanes" read together is neutral (P(n) 0.94),
and the fused score with the scorer's P(support) 0.93 calls it Supported. So when the reading together does not
contradict the whole (verdict.joint_label), the sentence is split as the claims engine splits it
(grounding.decompose, coordinated predicates, clauses and complements; without the claims engine's self-check,
which on the evidence train sets' dev carve turned away 2 of 119 splits, both sound, at one more model call per
sentence), and each part is read against its own most similar context sentences (the embedder's cosine, at least
`joint_floor`) and the whole sentence's (`Claim.joint_columns`: a part's nearest sentence may need its
neighbour, "It cost 420 million dollars" after the sentence naming the bridge), the `joint_max` of them most
similar to the part, in document order, in one model call (`Claim.parts`). Two sentences instead of four were
cheaper and wrong more often (README, "Parts of a whole sentence"). A part the
verdict will call contradicted is read against each of its sentences alone too (the anchor to quote). A reading near the preset's thresholds is
read again by the model's fp32 twin, as the joint readings are. The verdict weighs them (parts.parts_override).
"""
from __future__ import annotations

import numpy as np

from grounding import referents
from grounding.decompose import decompose
from grounding.stages import Run, mask_columns
from grounding.types import CONTRADICTED, ClaimPart


def run(state: Run) -> None:
    config = state.config
    preset = config.verdict_preset()
    if preset.parts_override is None or state.context_embeddings is None or state.over_budget():
        return
    from grounding.verdict import joint_label
    result, todo = state.result, []
    for k in state.claims:
        claim = result.claims[k]
        claim.parts = []
        if claim.truncated or claim.joint is None or joint_label(preset, claim.joint) == CONTRADICTED:
            continue
        sent = result.response_sentences[claim.sentence]
        candidates = decompose(sent, result.response)
        if not 2 <= len(candidates) <= config.max_claims_per_sentence:
            continue
        claim.parts = [ClaimPart(text=c.text) for c in candidates]
        todo.append(k)
    if not todo:
        return
    parts = [p for k in todo for p in result.claims[k].parts]
    before = {k: [s.text for s in result.response_sentences[:result.claims[k].sentence]] for k in todo}
    resolved = [referents.resolve(p.text, before[k] + [q.text for q in result.claims[k].parts[:i]])
                for k in todo for i, p in enumerate(result.claims[k].parts)]
    cos = mask_columns(referents.similarities(state.models["embedder"], [p.text for p in parts], resolved,
                                              state.context_embeddings, config.tau), result.coverage.not_evidence)
    owner = [result.claims[k] for k in todo for _ in result.claims[k].parts]
    for p, row, claim in zip(parts, cos, owner):
        near = {int(j) for j in np.argsort(-row, kind="stable")[:config.joint_max] if row[j] >= config.joint_floor}
        pool = near | set(claim.joint_columns)     # and the whole's evidence ("It cost …" needs the sentence naming
        p.columns = sorted(sorted(pool, key=lambda j: (-row[j], j))[:config.joint_max])   # "it"), joint_max of them
        p.cosines = [round(float(row[j]), 4) for j in p.columns]
    read(state, [p for p in parts if p.columns], fp32=False)
    margin = config.recheck_margin
    read(state, [p for p in parts if p.reading is not None and margin > 0 and near_threshold(p.reading, preset, margin)],
         fp32=True)
    read_alone(state, [p for p in parts if p.reading is not None and len(p.columns) > 1
                       and p.reading[2] >= preset.parts_override and p.reading[2] > p.reading[0]])


def read_alone(state: Run, parts: list[ClaimPart]) -> None:
    """Each of the `parts`' sentences alone against the part, in one call: P(c) per column (`alone_contradict`)."""
    if not parts or state.over_budget():
        return
    items = [(p, j) for p in parts for j in p.columns]
    model = state.models["entailment"]
    probs = model.predict([state.context_texts[j] for _, j in items], [p.text for p, _ in items], stop=state.over_budget)
    if model.unfinished:
        return
    for p in parts:
        p.alone_contradict = [round(float(probs[i][2]), 4) for i, (q, _) in enumerate(items) if q is p]


def near_threshold(reading: list[float], preset, margin: float) -> bool:
    """Whether the part's P(c) lies within `margin` of parts_override, its P(e) of joint_support or of joint_partial
    (a backed part), or the two of each other."""
    e, _, c = reading
    return abs(c - preset.parts_override) < margin or abs(c - e) < 2 * margin or \
        any(t is not None and abs(e - t) < margin for t in (preset.joint_support, preset.joint_partial))


def read(state: Run, parts: list[ClaimPart], fp32: bool) -> None:
    """The `parts` against their columns joined, by the int8 model or its fp32 twin (counted among the rechecked
    judgements); a part the time budget stopped keeps the reading it had (None: it decides nothing)."""
    if not parts or state.over_budget():
        return
    model = state.models["entailment"]
    probs = model.predict([" ".join(state.context_texts[c] for c in p.columns) for p in parts], [p.text for p in parts],
                          stop=state.over_budget, fp32=fp32)
    unfinished = set(model.unfinished)
    for i, p in enumerate(parts):
        if i not in unfinished:
            p.reading, p.rechecked = [round(float(x), 4) for x in probs[i]], fp32
            state.result.coverage.rechecked += int(fp32)
