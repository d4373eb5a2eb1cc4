"""Stage `recheck`: a claim whose verdict an int8 error could turn is judged again by the models' fp32 twins.

The shipped models are int8: their probabilities lie within a few hundredths of the fp32 model's (each card's
probe; benchmarks/recheck.py). A verdict whose thresholds sit farther away than that cannot change; one closer
can, and would then differ from the fp32 model's. So each claim's verdict
is decided again with every judged probability moved by `recheck_margin` toward support, and again toward
contradiction; when either moves its label or the disagreement it names (`borderline`), the claim's pairs are
judged again by the fp32 twin (grounding.precise: the same weights, no activation quantization), whose numbers
replace the int8 ones (the embedder's fp32 twin gives their cosines), and the pairs are marked `rechecked`.
The claims engine re-judges the claim's pairs; the context engines re-read the scorer windows that hold the
sentence. The claim's joint reading (stage judge_joint, before this one) is then made again by the twin. The
coverage counts the pairs and joint readings.
"""
from __future__ import annotations

import dataclasses

import numpy as np

from grounding import referents
from grounding.entities import entity_overlap
from grounding.judge import polarity
from grounding.scorer import scored_map
from grounding.stages import Run, judge_joint
from grounding.stages.judge import update_map
from grounding.stages.read_windows import row_pairs
from grounding.stages import score_windows
from grounding.stages.verdict import decide_claim
from grounding.types import PairScore

# context engines: sentences whose int8 cosine is this close below tau get their fp32 cosine too (the int8
# embedder's pair cosines differ from its fp32 twin's by 0.008 on average, 0.044 at most, over the 4,186 pairs of 92
# probe and example sentences; AMD EPYC, avx512_vnni)
COSINE_REACH = 0.05


def shifted(e: float, c: float, delta: float) -> list[float]:
    """[P(e), P(n), P(c)] with P(e) raised and P(c) lowered by `delta` (negative: the other way), kept in [0, 1]."""
    e, c = min(1.0, max(0.0, e + delta)), min(1.0, max(0.0, c - delta))
    return [e, max(0.0, 1.0 - e - c), c]


def moved(p: PairScore, delta: float) -> PairScore:
    """The pair with its probabilities `shifted` by `delta`, its polarity again."""
    if not p.judged or p.entail is None:
        return p
    e, n, c = shifted(p.entail, p.contradict, delta)
    psi = int(polarity(np.array([[e, n, c]]))[0])
    return dataclasses.replace(p, entail=e, neutral=n, contradict=c, psi=psi)


def borderline(state: Run, k: int, pairs: list[PairScore], margin: float) -> bool:
    """Whether claim k's label or the sentence it names as conflicting changes when every judged probability (its
    joint reading's too) moves by `margin` toward support or toward contradiction."""
    if margin <= 0 or not any(p.judged for p in pairs):
        return False
    preset, result = state.config.verdict_preset(), state.result
    best, best_cosine = state.best.get(k, (None, None))

    claim = result.claims[k]
    joint, alone = claim.joint, claim.alone

    def outcome(ps: list[PairScore], delta: float = 0.0) -> tuple:
        if joint is not None:   # the joint reading and its sentence alone (stage judge_joint) move with the pairs
            claim.joint = shifted(joint[0], joint[2], delta)
        if alone is not None:
            claim.alone = shifted(alone[0], alone[2], delta)
        try:
            v = decide_claim(result, state.config, preset, k, ps, state.diffs.get(k, {}), best, best_cosine)
        finally:
            claim.joint, claim.alone = joint, alone
        return v.label, v.conflicting

    nominal = outcome(pairs)
    return any(outcome([moved(p, d) for p in pairs], d) != nominal for d in (margin, -margin))


def run(state: Run) -> None:
    margin = state.config.recheck_margin
    if margin <= 0 or state.over_budget():
        return
    by_claim: dict[int, list[PairScore]] = {}
    for s in state.scores:
        by_claim.setdefault(s.claim, []).append(s)
    for k in state.claims:
        pairs = by_claim.get(k, [])
        if not borderline(state, k, pairs, margin) or state.over_budget():
            continue
        if "scorer" in state.models:
            _reread_row(state, k)
        else:
            _rejudge(state, k, [p for p in pairs if p.judged])
        judge_joint.reread(state, k)


def _rejudge(state: Run, k: int, pairs: list[PairScore]) -> None:
    """Claims engine: claim k's judged pairs through the entailment model's fp32 twin."""
    entailment, texts = state.models["entailment"], state.context_texts
    entailment.unfinished = []
    probs = entailment.predict([texts[p.column] for p in pairs], [state.result.claims[k].text] * len(pairs),
                               fp32=True, stop=state.over_budget)
    if entailment.unfinished:
        return   # the time budget ran out: the int8 judgements stand
    cosines = _fp32_cosines(state, state.result.claims[k].text, [p.column for p in pairs],
                            referents.resolved_claim(state.result, k))
    for p, pr, psi, c in zip(pairs, probs, polarity(probs), cosines):
        p.entail, p.neutral, p.contradict = (round(float(x), 4) for x in pr)
        p.cosine = round(float(c), 4)
        p.psi, p.signed, p.rechecked = int(psi), round(p.cosine * int(psi), 4), True
    state.result.coverage.rechecked += len(pairs)
    _rewrite_cells(state)


def _fp32_cosines(state: Run, text: str, columns: list[int], resolved: str) -> np.ndarray:
    """Cosines between `text` (the higher of it and its `resolved` reading's where the stage before read it so,
    grounding.referents; and of the sentences' clauses', grounding.clauses) and these context sentences by the
    embedder's fp32 twin."""
    if not columns:
        return np.zeros(0, dtype=np.float32)
    texts, embedder = state.context_texts, state.models["embedder"]
    context = embedder.encode([texts[j] for j in columns], fp32=True)
    return referents.similarities(embedder, [text], [resolved if text in state.referred else text], context, None,
                                  fp32=True, context_texts=[texts[j] for j in columns] if text in state.widened
                                  else None)[0]


def _rewrite_cells(state: Run) -> None:
    """The row's sentence-map cells again from its pairs (the judge stage's rule: the largest |signed score|)."""
    values, labels = state.result.sentence_map.values[state.row], state.result.sentence_map.labels[state.row]
    for s in state.scores:
        values[s.column], labels[s.column] = 0.0, 0
    update_map(state.result, state.row, state.scores)


def _reread_row(state: Run, k: int) -> None:
    """Context engines: the scorer windows holding this response sentence read again by the fp32 twin; the row's
    cells and evidence pairs are rebuilt from them."""
    local = state.window_rows.index(state.row)
    scored = score_windows.score(state, fp32=True, rows={local}, stop=state.over_budget)
    fresh = scored.probabilities[local, : state.limit]
    if (np.isnan(fresh) & ~np.isnan(state.windows.probabilities[local, : state.limit])).any():
        return   # the time budget stopped the windows: the int8 reading stands
    fp32 = scored_map(scored.probabilities[local : local + 1], scored.coverage)
    # the cosines too, of every sentence that can be evidence: labelled, or near or above tau
    cos = state.window_cosines[local]
    excluded = set(state.result.coverage.not_evidence)
    columns = [j for j in range(state.limit) if j not in excluded
               and (fp32.labels[0, j] != 0 or cos[j] > state.config.tau - COSINE_REACH)]
    cos[columns] = _fp32_cosines(state, state.result.response_sentences[state.row].text, columns,
                                 referents.resolved_row(state.result, state.row))
    windows = state.windows
    windows.probabilities[local], windows.labels[local], windows.values[local] = (
        fp32.probabilities[0], fp32.labels[0], fp32.values[0])
    pairs = row_pairs(state, k, fp32.probabilities[0], fp32.labels[0], fp32.values[0])
    texts, claim = state.context_texts, state.result.claims[k].text
    for p in pairs:
        overlap, diff = entity_overlap(claim, texts[p.column])
        p.entity_overlap, p.rechecked = (None if overlap is None else round(overlap, 4)), True
        state.diffs.setdefault(k, {})[p.column] = diff
    result = state.result
    result.pairs = [p for p in result.pairs if p.claim != k] + pairs
    state.scores = [p for p in state.scores if p.claim != k] + pairs
    result.coverage.rechecked += len(pairs)
