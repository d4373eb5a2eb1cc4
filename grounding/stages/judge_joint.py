"""Stage `judge_joint` (every engine): each claim against its judged context sentences read together.

The judge stage reads each (sentence, claim) pair alone. A claim often needs two sentences ("It is closed on
Sundays" after the opening hours; "a library card, which is free for residents" from "A card is required" and
"Cards are free for residents"), and an NLI model reading one of them alone calls the pair a contradiction,
because a premise that describes the same scene otherwise is a contradiction in its training data. So the
claim's judged sentences and those just below tau (cosine at least `joint_floor`), the `joint_max` most similar
in document order, are joined into one premise and judged once more; in the claims engine a claim with one such
sentence takes its pair's numbers (the same model read it), in the context engines the entailment model reads
even one (the scorer chose it). Nothing is read together for a claim with no judged sentence. The verdict
reads the result (`Claim.joint`) under the preset's `joint_support` / `joint_contradict` (verdict.joint_reading).
With joint_scope "document+any", a reading within one document that decides neither way is followed by one across
every document with a judged sentence (`widen`): a sentence that joins facts of two sources.

Like the recheck stage, a joint reading whose probability lies within `recheck_margin` of one of those
thresholds is judged again by the model's fp32 twin (the int8 model could have turned it); the coverage
counts it among the rechecked judgements. The recheck stage runs after this one (its borderline test sees the
joint reading) and, for a claim whose pairs it judged again, has the columns chosen again and read by the twin
(`reread`). A premise over the model's window is cut at its end (the claim is kept whole); a claim whose joint reading the time budget stopped keeps `joint` None, so the pairs decide.

A claim read as contradicted that dates one event is read once more against its sentence with the claim's date in
place of the sentence's (`read_swapped`, grounding.events): whether the contradiction was only the date of another
event; one that gives a figure, against its sentence that forbids going past the figure rewritten as the limit
(grounding.prohibited): whether the model read only the negation.
"""
from __future__ import annotations

from collections.abc import Callable

from grounding.negate import opposite_polarity
from grounding.stages import Run
from grounding.types import PairScore
from grounding.verdict import doubted


def chosen(pairs: list[PairScore], limit: int, near: dict[int, float] | None = None,
           document_of: Callable[[int], str] | None = None, another: Callable[[int], bool] | None = None) -> list[int]:
    """The columns read together: the `limit` most similar of the judged pairs' sentences and the sentences `near`
    tau ({column: cosine}, not judged), in document (column) order; none when no pair was judged. `document_of`
    (column -> document id; joint_scope "document"): only sentences of the most similar judged sentence's document.
    `another` (column -> whether its sentence speaks of another thing of the claim's kind; joint_siblings): such
    sentences are left out, unless every judged one is such."""
    judged = {p.column: p.cosine for p in pairs if p.judged and p.entail is not None}
    if not judged:
        return []
    if another is not None:
        own = {c: v for c, v in judged.items() if not another(c)}
        if own:
            judged, near = own, {c: v for c, v in (near or {}).items() if not another(c)}
    pool = {**(near or {}), **judged}
    if document_of is not None:
        best = document_of(min(judged, key=lambda c: (-judged[c], c)))
        pool = {c: v for c, v in pool.items() if document_of(c) == best}
    return sorted(sorted(pool, key=lambda c: (-pool[c], c))[:limit])


def _near(state: Run, k: int) -> dict[int, float]:
    """Claim k's sentences with cosine in [joint_floor, tau] (titles and headings never), {column: cosine}."""
    floor, tau = state.config.joint_floor, state.config.tau
    if state.cosines is not None and k in state.claims:          # claims engine: this row's claims x columns
        row = state.cosines[state.claims.index(k)]
    elif state.window_cosines is not None and state.row in state.window_rows:   # context engines
        row = state.window_cosines[state.window_rows.index(state.row)]
    else:
        return {}
    skip = set(state.result.coverage.not_evidence)
    return {j: float(row[j]) for j in range(min(state.limit, len(row))) if floor <= row[j] <= tau and j not in skip}


def _pool(state: Run, k: int) -> dict[int, float] | None:
    """The sentences below tau read together with claim k's judged ones (None when joint_floor is not below tau)."""
    return _near(state, k) if state.config.joint_floor < state.config.tau else None


def near_threshold(joint: list[float], preset, margin: float) -> bool:
    """Whether P(e) or P(c) lies within `margin` of the preset's joint thresholds (support, the weak band's upper
    end, contradiction; or P(e) of P(c))."""
    e, _, c = joint
    return any(t is not None and abs(x - t) < margin
               for x, t in ((e, preset.joint_support), (e, preset.joint_partial), (c, preset.joint_contradict))) \
        or (preset.joint_support is not None and abs(e - c) < 2 * margin)


def run(state: Run) -> None:
    if state.config.joint_max <= 0 or state.over_budget():
        return
    todo = [k for k in state.claims if len(select(state, k)) > (0 if "scorer" in state.models else 1)]
    read_and_recheck(state, todo)
    widen(state, todo)
    read_swapped(state, list(state.claims))


def read_swapped(state: Run, ks: list[int], fp32: bool = False) -> None:
    """Of the claims `ks` read as contradicted (the reading together, or alone, has contradiction as its most likely
    class) that date one event (grounding.events): the most similar judged sentence that gives other dates, read with
    the claim's date in place of its own (`Claim.swapped`, number_rules.event_override); of the others, and of any
    claim whose judged sentence that forbids going past one of its figures is read against it (polarity -1 or
    P(c) at least 0.5), the most similar such, read as the limit (grounding.prohibited, number_rules.limit_override);
    in one call. A reading whose neutral class lies within `recheck_margin` of the
    likelier of the other two is read again by the fp32 twin."""
    from grounding.events import swap_target
    from grounding.prohibited import limit_target
    claims, items = state.result.claims, []
    for k in ks:
        claim = claims[k]
        claim.swapped, claim.swapped_column = None, None
        contradicted = any(r is not None and r[2] >= max(r[0], r[1]) for r in (claim.joint, claim.alone))
        judged = sorted((p for p in state.scores if p.claim == k and p.judged), key=lambda p: (-p.cosine, p.column))
        columns = [p.column for p in judged]
        against = columns if contradicted else [p.column for p in judged if p.psi == -1 or (p.contradict or 0) >= 0.5]
        found = (swap_target(claim.text, columns, state.context_texts) if contradicted else None) or \
            limit_target(claim.text, against, state.context_texts)
        if found is not None:
            items.append((k, *found))
    if not items or state.over_budget():
        return
    model = state.models["entailment"]
    probs = model.predict([premise for _, _, premise in items], [claims[k].text for k, _, _ in items],
                          stop=state.over_budget, fp32=fp32)
    unfinished, margin, again = set(model.unfinished), state.config.recheck_margin, []
    for i, (k, column, _) in enumerate(items):
        if i in unfinished:
            continue
        claims[k].swapped, claims[k].swapped_column = [round(float(x), 4) for x in probs[i]], column
        state.result.coverage.rechecked += int(fp32)
        if not fp32 and margin > 0 and abs(probs[i][1] - max(probs[i][0], probs[i][2])) < margin:
            again.append(k)
    if again:
        read_swapped(state, again, fp32=True)


def read_and_recheck(state: Run, ks: list[int]) -> None:
    """The claims `ks` read by the int8 model, those near a joint threshold again by its fp32 twin."""
    read(state, ks, fp32=False)
    preset, margin = state.config.verdict_preset(), state.config.recheck_margin
    claims = state.result.claims
    near = [k for k in ks if claims[k].joint is not None and margin > 0 and near_threshold(claims[k].joint, preset, margin)]
    read(state, near, fp32=True)


def widen(state: Run, ks: list[int], fp32: bool = False) -> None:
    """joint_scope "document+any": a claim whose reading within one document decides nothing under the preset is
    read again with the judged sentences of every document (the `joint_max` most similar), when those are other
    columns than the ones read: "Drug X lowers blood pressure but raises liver enzymes" needs the trial's document
    for the first part and the safety report for the second. `fp32`: the twin reads (after the recheck stage)."""
    if state.config.joint_scope != "document+any" or state.over_budget():
        return
    from grounding.verdict import joint_label
    preset, claims, again = state.config.verdict_preset(), state.result.claims, []
    for k in ks:
        claim = claims[k]
        if claim.joint is None or joint_label(preset, claim.joint) is not None:
            continue
        another = _another(claim.text, state.result.context_sentences) if state.config.joint_siblings else None
        wide = chosen([s for s in state.scores if s.claim == k], state.config.joint_max, _pool(state, k), None, another)
        if len(wide) > 1 and wide != claim.joint_columns:
            claim.joint_columns = wide
            again.append(k)
    if fp32:
        read(state, again, fp32=True)
    else:
        read_and_recheck(state, again)


def select(state: Run, k: int) -> list[int]:
    """Claim k's columns to read together (`Claim.joint_columns`); one column: that pair's numbers are the joint."""
    pairs = [s for s in state.scores if s.claim == k]
    config, claim = state.config, state.result.claims[k]
    claim.joint, claim.joint_rechecked, claim.alone, claim.alone_column = None, False, None, None
    claim.alone_support = claim.alone_cleared = None
    sentences = state.result.context_sentences                        # indexed by column
    document_of = (lambda c: sentences[c].source) if config.joint_scope == "document" else None
    another = _another(claim.text, sentences) if config.joint_siblings else None
    claim.joint_columns = chosen(pairs, config.joint_max, _pool(state, k), document_of, another)
    if len(claim.joint_columns) == 1 and "scorer" not in state.models:   # the entailment model's own numbers
        p = next(p for p in pairs if p.column == claim.joint_columns[0])
        claim.joint, claim.joint_rechecked = [p.entail, p.neutral, p.contradict], p.rechecked
    return claim.joint_columns


def _another(claim: str, sentences) -> Callable[[int], bool]:
    from grounding.siblings import about_another
    return lambda c: about_another(claim, sentences[c].text)


def read(state: Run, ks: list[int], fp32: bool) -> None:
    """The claims `ks` against their selected columns joined, by the int8 model or its fp32 twin (counted among
    the rechecked judgements); a claim the time budget stopped keeps `joint` None (its pairs decide)."""
    if not ks or state.over_budget():
        return
    claims, model = state.result.claims, state.models["entailment"]
    premises = [" ".join(state.context_texts[c] for c in claims[k].joint_columns) for k in ks]
    probs = model.predict(premises, [claims[k].text for k in ks], stop=state.over_budget, fp32=fp32)
    unfinished = set(model.unfinished)
    for i, k in enumerate(ks):
        if i not in unfinished:
            claims[k].joint, claims[k].joint_rechecked = [round(float(x), 4) for x in probs[i]], fp32
            state.result.coverage.rechecked += int(fp32)
    read_alone(state, [k for i, k in enumerate(ks) if i not in unfinished], fp32)


def read_alone(state: Run, ks: list[int], fp32: bool) -> None:
    """Of the claims `ks` whose sentences, several, lean to support read together (P(e) above P(c)): the most
    similar of them (of those that say the claim's words the other way round, where some do) against the claim
    alone (`Claim.alone`, overrides.alone_override). The model, reading two
    sentences, sometimes takes one's words for the other's ("not recommended for adults over 65" against
    "recommended for adults over 65. It is not recommended for children under 5": P(e) 0.95 together, P(c) 0.96 for
    the first alone). The claims engine has that pair's own numbers (the same model read it alone). The context
    engines ask the entailment model, in one call, only where the reading alone can change what is shown: the
    sentence says the claim's words with the other polarity (negate.opposite_polarity, the override's test), or
    the scorer read its pair as contradicting the claim (whether it is the support to quote, overrides.alone_override).
    Where they contradict it together (P(c) at least the preset's joint_contradict), or lean to it (verdict.doubted),
    the context engines read each of them alone, in the same call: the one that alone contradicts the claim most is
    `Claim.alone` (the anchor to quote: the scorer's numbers, which chose it before, can be high for a sentence on
    another point). The judged sentences the scorer read as supporting such a claim are read alone in the same
    call: only those the entailment model reads as entailing it are named as the other side (`Claim.alone_support`;
    the scorer had named \"revenue of 2.4 billion dollars, up 5%\" as supporting \"Net income rose to 180 million dollars\"). The other way round, the
    judged sentences the scorer read as leaning against a claim its sentences back (verdict.leans_against) are read
    alone too: only those the entailment model reads as contradicting it (its most likely class) are named so (on the
    train sets' dev carve it did not for 21 of 26 such notes, 16 of them on claims gold Supported). The sentences
    whose scorer reading the entailment model does not share, either way, are `Claim.alone_cleared` (not for a
    sentence that joins several claims: one backed half is evidence, `_joins_several`)."""
    claims, todo, against = state.result.claims, [], []
    preset = state.config.verdict_preset()
    for k in ks:
        claims[k].alone, claims[k].alone_column, claims[k].alone_support, claims[k].alone_cleared = None, None, None, None
    if preset.alone_override is None:   # no rule reads it
        return
    noted = {k: _noted_columns(state, k) for k in ks} if "scorer" in state.models else {}
    for k in ks:
        claim = claims[k]
        if claim.joint is None or len(claim.joint_columns) < 2:
            continue
        if claim.joint[0] <= claim.joint[2]:
            decided = preset.joint_contradict is not None and claim.joint[2] >= preset.joint_contradict
            if "scorer" in state.models and (decided or doubted(preset, claim.joint)):   # which of them says so
                against.append(k)
            continue
        pairs = {p.column: p for p in state.scores if p.claim == k and p.column in claim.joint_columns}
        turned = [c for c in claim.joint_columns if opposite_polarity(claim.text, state.context_texts[c])]
        claim.alone_column = max(turned or claim.joint_columns, key=lambda c: (pairs[c].cosine if c in pairs else -1.0, -c))
        pair = pairs.get(claim.alone_column)
        if "scorer" not in state.models and pair is not None and pair.judged:
            claim.alone = [pair.entail, pair.neutral, pair.contradict]
        elif (pair is not None and pair.psi == -1) or turned:
            todo.append(k)
    items = ([("alone", k, claims[k].alone_column) for k in todo]
             + [("against", k, j) for k in against for j in _against_columns(state, k)]
             + [("noted", k, j) for k, columns in noted.items() for j in columns
                if not (k in todo and j == claims[k].alone_column)])   # read once: its reading alone is that one
    if not items or state.over_budget():
        return
    model = state.models["entailment"]
    probs = model.predict([state.context_texts[j] for _, _, j in items], [claims[k].text for _, k, _ in items],
                          stop=state.over_budget, fp32=fp32)
    unfinished = set(model.unfinished)
    joined = {k for _, k, _ in items if _joins_several(state, k)}
    psi = {(p.claim, p.column): p.psi for p in state.scores}
    for i, (kind, k, j) in enumerate(items):
        claim = claims[k]
        if i in unfinished:
            continue
        entails, contradicts = probs[i][0] >= max(probs[i][1:]), probs[i][2] >= max(probs[i][:2])
        whole = k not in joined
        if kind == "noted" or (kind == "alone" and j in noted.get(k, ())):   # the scorer's lean against it: shared?
            claim.alone_cleared = (claim.alone_cleared or []) + ([] if contradicts or not whole else [j])
        if kind == "noted":
            continue
        if kind == "alone":
            claim.alone = [round(float(x), 4) for x in probs[i]]
            _as_pair(state, k, j, claim.alone)
            continue
        claim.alone_support = (claim.alone_support or []) + ([j] if entails else [])
        scorer = psi.get((k, j), 0)
        if whole and ((scorer == 1 and not entails) or (scorer == -1 and not contradicts)):   # the scorer's, not shared
            claim.alone_cleared = (claim.alone_cleared or []) + [j]
        elif claim.alone_cleared is None:
            claim.alone_cleared = []
        if j in claim.joint_columns and (claim.alone is None or probs[i][2] > claim.alone[2]):   # alone contradicts most
            claim.alone, claim.alone_column = [round(float(x), 4) for x in probs[i]], j


def _as_pair(state: Run, k: int, j: int, probs: list[float]) -> None:
    """The claims engine: sentence j, read alone against claim k below tau (one read together, said the other way
    round: negate.opposite_polarity), becomes a judged pair, so a verdict it decides quotes it (overrides.move_anchor)."""
    cosine = _near(state, k).get(j) if "scorer" not in state.models else None
    if cosine is None or any(p.claim == k and p.column == j for p in state.scores):
        return
    import numpy as np

    from grounding.entities import entity_overlap
    from grounding.judge import polarity
    psi = int(polarity(np.array([probs]))[0])        # as the judge stage gives it
    overlap, state.diffs.setdefault(k, {})[j] = entity_overlap(state.result.claims[k].text, state.context_texts[j])
    pair = PairScore(claim=k, column=j, cosine=round(cosine, 4), entail=probs[0], neutral=probs[1], contradict=probs[2],
                     psi=psi, signed=round(cosine * psi, 4), judged=True,
                     entity_overlap=None if overlap is None else round(overlap, 4))
    state.scores.append(pair)    # the entities stage has run: its pairs joined the result's
    state.result.pairs.append(pair)


def _joins_several(state: Run, k: int) -> bool:
    """Whether claim k's sentence joins several claims (grounding.decompose): a sentence that backs or contradicts one
    of them is evidence of the whole though, read alone against it, it neither entails nor contradicts all of it
    ("In the trial, Drug X lowered blood pressure" for "Drug X lowers blood pressure but raises liver enzymes"), so
    its cell is not cleared."""
    from grounding.decompose import decompose
    claim = state.result.claims[k]
    return len(decompose(state.result.response_sentences[claim.sentence], state.result.response)) > 1


def _noted_columns(state: Run, k: int) -> list[int]:
    """A claim its sentences read together back (P(e) above P(c)): the judged sentences the scorer read as leaning
    against it that the verdict could name so, the two it ranks first (one of them may be the anchor), each to be read
    alone."""
    from grounding.verdict import leans_against
    claim, preset = state.result.claims[k], state.config.verdict_preset()
    if claim.joint is None or claim.joint[0] <= claim.joint[2]:
        return []
    against = [p for p in state.scores if p.claim == k and p.judged and leans_against(preset, p, state.config.tau)]
    return sorted(p.column for p in sorted(against, key=lambda p: (-p.cosine * p.contradict, -p.cosine))[:2])


def _against_columns(state: Run, k: int) -> list[int]:
    """A claim its sentences read together contradict: those sentences, then the other judged ones the scorer read
    as supporting it (each to be read alone)."""
    joint = state.result.claims[k].joint_columns
    support = sorted(p.column for p in state.scores if p.claim == k and p.judged and p.psi == 1 and p.column not in joint)
    return list(joint) + support


def reread(state: Run, k: int) -> None:
    """After the recheck stage judged claim k's pairs again in fp32: its columns chosen again, read by the twin
    (unless the twin already read these very columns, near a threshold)."""
    claim = state.result.claims[k]
    before = (list(claim.joint_columns), claim.joint, claim.joint_rechecked)
    if state.config.joint_max <= 0 or len(select(state, k)) < (1 if "scorer" in state.models else 2):
        return
    if claim.joint_columns == before[0] and before[2]:
        claim.joint, claim.joint_rechecked = before[1], True
        read_alone(state, [k], fp32=True)
        return
    read(state, [k], fp32=True)
    widen(state, [k], fp32=True)
