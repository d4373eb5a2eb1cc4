"""Stage `retrieve`: cosine between the row's claims and the scored context sentences; pairs above tau go on
to the judge (titles and headings never do), and so do each claim's `judge_top_k` most similar sentences below
tau, down to `judge_floor`, that share MIN_SHARED_NOUNS nouns with the claim outside its subject, and every
sentence down to `slot_floor` that gives another name in the claim's slot (`slot_columns`, grounding.slots); a
claim none of these reach is judged against its most similar sentence down to `nothing_floor` (`nearest`). A sentence that
contradicts a claim often shares fewer words with it than one that supports it ("raised liver enzyme levels" vs
"liver enzyme levels remained within the normal range": 0.49), but a sentence about something else must not be
read as its contradiction ("Drug X lowers blood pressure" vs "Liver enzymes were unchanged"). With
`entity_prefilter`, pairs whose claim names entities the sentence shares none of are not judged (not provably lossless, hence off by default; benchmarks/prefilter.py)."""
from __future__ import annotations

import numpy as np

from grounding import judge, referents
from grounding.decompose import parse
from grounding.entities import entity_overlap
from grounding.stages import Run, mask_columns
from grounding.types import PairScore


def run(state: Run) -> None:
    result, idx = state.result, state.claims
    cos = referents.similarities(state.models["embedder"], [result.claims[k].text for k in idx],
                                 [referents.resolved_claim(result, k) for k in idx], state.context_embeddings,
                                 state.config.tau, used=state.referred,
                                 context_texts=state.context_texts[:state.limit], widened=state.widened)
    cos = mask_columns(cos, result.coverage.not_evidence)
    pairs = judge.candidates(cos, state.config.tau)
    pairs = sorted(pairs + _below_tau(cos, pairs, state))
    state.cosines, state.candidates = cos, _most_similar(cos, pairs, state)
    for local, k in enumerate(idx):   # the most similar sentence, for explanations when nothing passes tau
        best = int(cos[local].argmax()) if cos.shape[1] else None
        state.best[k] = (best, round(float(cos[local, best]), 4) if best is not None else None)
    if state.config.entity_prefilter:
        state.candidates, state.skipped = _entity_prefilter(state, cos)


MIN_SHARED_NOUNS = 2


def _nouns(tokens) -> set[str]:
    return {t.lemma_.lower() for t in tokens if t.pos_ in ("NOUN", "PROPN") and not t.is_stop}


def shared_nouns(claim: str, sentence: str) -> int:
    """How many noun lemmas (stop words aside) of the claim's predicate the sentence has too. The subject is left
    out: every sentence of a document about Drug X names Drug X, and sharing it says nothing of the topic."""
    doc = parse(claim)
    subject = {t.i for tok in doc if tok.dep_ in ("nsubj", "nsubjpass") and tok.head.dep_ == "ROOT"
               for t in tok.subtree}
    return len(_nouns(t for t in doc if t.i not in subject) & _nouns(parse(sentence)))


def _below_tau(cos: np.ndarray, above: list[tuple[int, int]], state: Run) -> list[tuple[int, int]]:
    """Per claim, the `judge_top_k` most similar sentences among those not above tau, each with cosine >=
    `judge_floor` and MIN_SHARED_NOUNS nouns shared with the claim outside its subject."""
    k, floor = state.config.judge_top_k, state.config.judge_floor
    if k <= 0 or not cos.shape[1]:
        return []
    taken, texts, out = set(above), state.context_texts, []
    for i, claim in enumerate(state.result.claims[c].text for c in state.claims):
        below = [int(j) for j in np.argsort(-cos[i], kind="stable") if (i, int(j)) not in taken][:k]
        out += [(i, j) for j in below if cos[i, j] >= floor and shared_nouns(claim, texts[j]) >= MIN_SHARED_NOUNS]
        chosen = {j for c, j in taken | set(out) if c == i}
        slots = slot_columns(claim, cos[i], texts, state.config, chosen, read_nothing=not chosen)
        alone = [] if chosen or slots else nearest(cos[i], state.config)
        if alone:
            state.result.claims[state.claims[i]].nearest = alone[0]
        out += [(i, j) for j in slots + alone]
    return out


def nearest(row: np.ndarray, config) -> list[int]:
    """For a claim nothing else would be judged on: its most similar context sentence, where its cosine is at least
    `nothing_floor` (titles and headings never: their cosines are masked). A short claim often shares little wording
    with the sentence that bears on it ("The strike is over pay" / "Drivers … will walk out on Friday 12 May in a
    dispute over pay": 0.25); the models read it, and a sentence about something else reads as neither."""
    if config.nothing_floor is None or not len(row):
        return []
    j = int(np.argmax(row))
    return [j] if row[j] >= config.nothing_floor else []


def slot_columns(claim: str, row: np.ndarray, texts: list[str], config, skip=(), read_nothing: bool = False) -> list[int]:
    """The columns below tau with cosine at least `slot_floor` that give another name in the claim's slot, and, for a
    claim nothing else would be judged on (`read_nothing`), another value of one of its figures (grounding.slots):
    the models read them, whatever the cosine and the scorer made of them."""
    floor = config.slot_floor
    if floor is None:
        return []
    from grounding.slots import slot_conflicts, value_conflicts
    return [j for j in range(len(row)) if floor <= row[j] <= config.tau and j not in skip
            and (slot_conflicts(claim, texts[j]) or read_nothing and value_conflicts(claim, texts[j]))]


def _most_similar(cos: np.ndarray, pairs: list[tuple[int, int]], state: Run) -> list[tuple[int, int]]:
    """At most `max_pairs_per_claim` pairs per claim, the most similar; the coverage says when some were left."""
    cap = state.config.max_pairs_per_claim
    by_claim: dict[int, list[int]] = {}
    for i, j in pairs:
        by_claim.setdefault(i, []).append(j)
    if all(len(cols) <= cap for cols in by_claim.values()):
        return pairs
    kept, left = [], 0
    for i, cols in by_claim.items():
        top = sorted(cols, key=lambda j: -cos[i, j])[:cap]
        left += len(cols) - len(top)
        kept += [(i, j) for j in sorted(top)]
    state.result.coverage.messages.append(
        f"Response sentence {state.row + 1}: {left} pair(s) above τ were not judged (only the {cap} most similar "
        "context sentences per claim are, max_pairs_per_claim).")
    return kept


def _entity_prefilter(state: Run, cos: np.ndarray) -> tuple[list[tuple[int, int]], list[PairScore]]:
    result, idx, texts = state.result, state.claims, state.context_texts
    keep, skipped = [], []
    for i, j in state.candidates:
        overlap, _ = entity_overlap(result.claims[idx[i]].text, texts[j])
        if overlap == 0.0:
            skipped.append(PairScore(claim=i + idx[0], column=j, cosine=round(float(cos[i, j]), 4), judged=False,
                                     entity_overlap=0.0))
        else:
            keep.append((i, j))
    if skipped:
        result.coverage.messages.append(f"Entity pre-filter: {len(skipped)} pair(s) of response sentence "
                                        f"{result.claims[idx[0]].sentence + 1} were not judged (no shared entity).")
    return keep, skipped
