"""VeriGround verdicts: fuse cosine, entity overlap and NLI per (claim, context sentence) and decide
against the anchor sentence, with the contradiction override.

Anchor: the judged sentence with the highest fused score F. Override: if any judged sentence (with the
preset's override_scope "anchor": the claim's most similar judged sentence) fires the preset's
contradiction rule, the claim is Contradicted and that sentence (the most similar one among
those that fire) becomes the anchor; the best supporting sentence, if any, is kept as `conflicting` so
the explanation can say the sources disagree. The other way round, a Supported or Partially supported claim
keeps as `conflicting` the judged sentence that leans against it (contradiction is its most likely class,
P(c) at least the preset's conflict_note) without firing the override: the label stays, the explanation
names the disagreement. Only a sentence with cosine at least tau is named so: the context engines' scorer labels
sentences of any similarity, and "Tablets should be taken with food" is not disputed by "The dose may be increased
after four weeks" (cosine 0.31, P(c) 0.67) whatever the scorer made of the pair.

Read together (presets with joint_support / joint_contradict; stage judge_joint, every engine): before
any of that, the claim's judged sentences read as one premise decide when they clearly entail it (Supported,
anchor the best-F sentence among them) or contradict it (Contradicted, anchor the most contradicting one).
A claim that needs two sentences ("closed on Sundays" next to the opening hours) is then not contradicted by
one of them on its own, and a sentence about another aspect no longer fires the override.

The rules that then amend the decided verdict (numbers, denials, reversals, bindings, parts, overclaims) are in
grounding.overrides.
"""
from __future__ import annotations

from grounding.config import VerdictPreset
from grounding.types import (CONTRADICTED, PARTIAL, SUPPORTED, UNSUPPORTED, Claim, EntityDiff, PairScore, Verdict)


def fused_score(preset: VerdictPreset, cosine: float, entail: float, contradict: float,
                entity: float | None) -> float:
    """F for one pair. A claim with no entities has the entity weight shared out over the other
    channels in proportion (so it is not punished with a zero)."""
    f = (preset.w_cos * cosine + preset.w_nli * (entail - contradict)
         + preset.w_entail * entail - preset.w_contradict * contradict)
    if entity is None:
        positive = preset.w_cos + preset.w_nli + preset.w_entail
        return f * (positive + preset.w_entity) / positive if positive else f
    return f + preset.w_entity * entity


def fires_override(preset: VerdictPreset, entail: float, contradict: float) -> bool:
    if preset.nli_override is not None and (entail - contradict) <= preset.nli_override:
        return True
    return preset.contradict_override is not None and contradict > preset.contradict_override


def band(preset: VerdictPreset, f: float, cosine: float, entail: float, contradict: float) -> tuple[str, str]:
    """(verdict, rule) for the anchor pair when no override fired."""
    if preset.off_topic is not None and cosine < preset.off_topic:
        return UNSUPPORTED, f"off-topic gate: cosine {cosine:.2f} < {preset.off_topic}"
    if f >= preset.supported:
        return SUPPORTED, f"F {f:.2f} >= {preset.supported}"
    if f >= preset.partial:
        return PARTIAL, f"{preset.partial} <= F {f:.2f} < {preset.supported}"
    if preset.unsupported_floor is not None and f < preset.unsupported_floor:
        return CONTRADICTED, f"F {f:.2f} < {preset.unsupported_floor} (lowest band)"
    return UNSUPPORTED, f"F {f:.2f} < {preset.partial}" + (" with non-negative NLI" if entail >= contradict else "")


def decide(claim: int, pairs: list[PairScore], preset: VerdictPreset, entity_diffs: dict[int, EntityDiff],
           best_column: int | None, best_cosine: float | None, tau: float,
           joint: list[float] | None = None, joint_columns: tuple = ()) -> Verdict:
    """The verdict of one claim from its judged pairs (those above tau); `joint`: P(e), P(n), P(c) of the claim
    against the sentences `joint_columns` read together (None: not read together)."""
    judged = [p for p in pairs if p.judged]
    if not judged:
        rule = f"no context sentence above tau = {tau:.2f}"
        return Verdict(claim=claim, label=UNSUPPORTED, score=None, anchor=best_column, cosine=best_cosine,
                       rule=rule, entities=entity_diffs.get(best_column, EntityDiff()) if best_column is not None else EntityDiff())
    scored = [(fused_score(preset, p.cosine, p.entail, p.contradict, p.entity_overlap), p) for p in judged]
    in_scope = scored if preset.override_scope == "any" else [max(scored, key=lambda fp: fp[1].cosine)]
    firing = [(f, p) for f, p in in_scope if fires_override(preset, p.entail, p.contradict)]
    if preset.override_margin is not None:   # a closer sentence that entails the claim outranks a looser contradiction
        entailing = [p.cosine for p in judged if p.psi == 1]
        firing = [(f, p) for f, p in firing if not entailing or p.cosine >= max(entailing) - preset.override_margin]
    best_f, best = max(scored, key=lambda fp: (fp[0], fp[1].cosine))
    read = joint_reading(preset, joint, joint_columns, scored)
    if read is not None:
        label, rule, (f, anchor) = read
        if label == CONTRADICTED:
            support = [(g, p) for g, p in scored if p.psi == 1 and p.column != anchor.column]
            conflicting = max(support, key=lambda gp: gp[0])[1].column if support else None
        else:   # the sentences that would fire the override on their own are the disagreement to name
            against = [p for _, p in scored if p.column != anchor.column and leans_against(preset, p, tau)]
            conflicting = max(against, key=lambda p: (p.cosine * p.contradict, p.cosine)).column if against else None
    elif firing:
        f, anchor = max(firing, key=lambda fp: (fp[1].cosine * fp[1].contradict, fp[1].cosine))
        support = [(g, p) for g, p in scored if p.psi == 1 and p.column != anchor.column]
        conflicting = max(support, key=lambda gp: gp[0])[1].column if support else None
        what = (f"P(e) - P(c) = {anchor.entail - anchor.contradict:.2f} <= {preset.nli_override}"
                if preset.nli_override is not None and anchor.entail - anchor.contradict <= preset.nli_override
                else f"P(contradict) = {anchor.contradict:.2f} > {preset.contradict_override}")
        label, rule = CONTRADICTED, f"contradiction override: {what}"
    else:
        f, anchor = best_f, best
        label, rule = band(preset, f, anchor.cosine, anchor.entail, anchor.contradict)
        # a backed claim with a judged sentence whose polarity is contradiction (below the override): name it, so
        # the verdict does not hide what the evidence map shows in red
        conflicting = None
        if label in (SUPPORTED, PARTIAL) and preset.conflict_note is not None:
            against = [p for _, p in scored if p.psi == -1 and p.column != anchor.column
                       and p.contradict >= preset.conflict_note and p.cosine >= tau]
            if against:
                conflicting = max(against, key=lambda p: (p.cosine * p.contradict, p.cosine)).column
    return Verdict(claim=claim, label=label, score=round(f, 4), anchor=anchor.column, cosine=anchor.cosine,
                   entity_overlap=anchor.entity_overlap, entail=anchor.entail, contradict=anchor.contradict,
                   rule=rule, entities=entity_diffs.get(anchor.column, EntityDiff()), conflicting=conflicting)


DOUBTED = "the sentences read together lean to contradiction"


def doubted(preset: VerdictPreset, joint: list[float] | None) -> bool:
    """Whether the claim's judged sentences read together lean to contradiction under the preset's joint_doubt
    without deciding it (P(c) at least joint_doubt and above P(e)): then the scorer's F alone does not back the claim
    (overrides.alone_override). The scorer read "The increase will fund adult social care, while spending on
    libraries will be cut by £1.2 million" as backing "Library spending will increase" (support 0.99, F 0.84); read
    with the council tax sentence, P(c) 0.60, and alone 0.95."""
    return preset.joint_doubt is not None and joint is not None and joint[2] >= preset.joint_doubt \
        and joint[2] > joint[0]


def mixed_up(preset: VerdictPreset, claim: Claim, pairs: list[PairScore], tau: float,
             texts: list[str] | None = None) -> str | None:
    """Why the sentences read together do not decide a claim they contradict, or None: the most similar of them
    (cosine at least tau) alone entails the claim (`Claim.alone_support`; in the claims engine, its own pair,
    P(e) at least ALONE_ENTAILS), and the one that alone leans against it most is a sentence below tau, by the
    pipeline's own measure not about the claim's point, or none of them alone reads as a contradiction (its most
    likely class) and the scorer reads the most similar one as support (on the train sets' dev carve a sentence it
    read as leaning against the claim, alone near a tie, had been so). The model, reading "Bookings open 7 days
    ahead" before "During the exam period the main library stays open around the clock", took the first's "open" for
    the claim's: "The library is open 24 hours during exams", P(c) 0.94 together; the second alone entails it, P(e)
    0.86, the first alone P(c) 0.57 ("Group study rooms may be booked for a maximum of 3 hours per day" alone: 0.90,
    its 3 hours taken for the library's 24). "People who
    slept less than six hours were more likely to catch a cold" was Contradicted on every engine by its own sentence
    (P(e) 0.96 alone) read with "Sleeping more than nine hours gave no extra benefit" (alone P(n) 0.52): P(c) 0.80
    together. Then the pairs decide. Not where the sentence below tau has the claim's subject for its own and the
    most similar one never writes it (`texts`, the context sentences): "Profit increased in the third quarter" is
    about "Profit fell to 210 million dollars" (cosine 0.42, P(c) 0.78 alone), not about the revenue's "up 8%" that
    the model alone read as entailing it."""
    if preset.alone_override is None or joint_label(preset, claim.joint) != CONTRADICTED \
            or len(claim.joint_columns) < 2:
        return None
    judged = {p.column: p for p in pairs if p.judged and p.column in claim.joint_columns}
    if not judged:
        return None
    top = max(judged.values(), key=lambda p: (p.cosine, -p.column))
    together = (f"context sentences {', '.join(str(j + 1) for j in sorted(claim.joint_columns))} read together "
                f"contradict it (P(c) = {claim.joint[2]:.2f}), but the most similar of them, context sentence "
                f"{top.column + 1}, alone entails it")
    if top.cosine < tau:
        return None
    if claim.alone is None:     # the claims engine: each pair is the model's reading alone
        denies = [p for p in judged.values()
                  if p.contradict is not None and p.contradict >= max(p.entail or 0.0, p.neutral or 0.0)]
        if top.entail is None or top.entail < ALONE_ENTAILS or denies:
            return None
        return f"{together}, and none of them alone reads as contradicting it"
    against = judged.get(claim.alone_column)
    if against is None or top.column not in (claim.alone_support or ()):
        return None
    if against.cosine < tau and not (texts and subject_apart(claim.text, texts[against.column], texts[top.column])):
        return (f"{together}, and a sentence below τ {tau:g} (context sentence {against.column + 1}, cosine "
                f"{against.cosine:.2f}) is the one that alone leans against it most (P(c) = {claim.alone[2]:.2f})")
    if claim.alone[2] < max(claim.alone[:2]) and (top.entail or 0.0) > (top.contradict or 0.0):   # the scorer too
        return (f"{together}, and none of them alone reads as contradicting it (context sentence "
                f"{against.column + 1}, the one that leans against it most: P(c) = {claim.alone[2]:.2f})")
    return None


def subject_apart(claim: str, own: str, other: str) -> bool:
    """Whether `own` has the claim's subject (binding.claim_subject's head) as its own subject and `other` does not
    write that head word at all: "Profit fell …" and "… revenue … up 8%" for "Profit increased …"."""
    import re
    from grounding.binding import claim_subject
    from grounding.decompose import parse
    subject = claim_subject(claim)
    if subject is None:
        return False
    head = subject[0]
    if re.search(rf"(?<!\w){re.escape(head[:max(3, len(head) - 2)])}", other, re.IGNORECASE):
        return False
    return any(t.lemma_.lower() == head and t.dep_ in ("nsubj", "nsubjpass") for t in parse(own))


ALONE_ENTAILS = 0.7     # the claims engine's pair that alone entails a claim its sentences contradict together


def leans_against(preset: VerdictPreset, p: PairScore, tau: float) -> bool:
    """Whether a judged pair is a sentence to name as leaning against a claim the sentences read together back: its
    polarity is contradiction, with cosine at least tau, and it would fire the override on its own or reach the
    preset's conflict_note."""
    return p.psi == -1 and p.cosine >= tau and (fires_override(preset, p.entail, p.contradict) or (
        preset.conflict_note is not None and p.contradict >= preset.conflict_note))


def joint_label(preset: VerdictPreset, joint: list[float] | None) -> str | None:
    """Supported / Contradicted when the claim's sentences read together decide it under `preset`, else None."""
    if joint is None:
        return None
    e, _, c = joint
    if preset.joint_support is not None and e >= preset.joint_support and e > c:
        return SUPPORTED
    if preset.joint_contradict is not None and c >= preset.joint_contradict:
        return CONTRADICTED
    return None


def joint_reading(preset: VerdictPreset, joint: list[float] | None, columns, scored: list[tuple[float, PairScore]]):
    """(label, rule, (F, anchor pair)) when the sentences read together decide the claim under `preset`, else None."""
    label = joint_label(preset, joint) if columns else None
    if label is None:
        return None
    among = [(f, p) for f, p in scored if p.column in columns] or scored
    many = len(columns) > 1
    where = (f"read together, context sentences {', '.join(str(k + 1) for k in sorted(columns))}" if many
             else f"judged alone, context sentence {columns[0] + 1}")
    if label == SUPPORTED:
        anchor = max(among, key=lambda fp: (fp[0], fp[1].cosine))
        if preset.joint_partial is not None and joint[0] < preset.joint_partial:   # a weak reading: about half right
            return PARTIAL, f"{where} {'entail' if many else 'entails'} the claim only weakly: P(e) = {joint[0]:.2f} " \
                            f"< {preset.joint_partial} (>= {preset.joint_support})", anchor
        return SUPPORTED, f"{where} {'entail' if many else 'entails'} the claim: P(e) = {joint[0]:.2f} >= " \
                          f"{preset.joint_support}", anchor
    return CONTRADICTED, f"{where} {'contradict' if many else 'contradicts'} the claim: P(c) = {joint[2]:.2f} >= " \
                         f"{preset.joint_contradict}", max(among, key=lambda fp: (fp[1].cosine * fp[1].contradict, fp[1].cosine))


def decide_learned(claim: int, claim_text: str, pairs: list[PairScore], preset: VerdictPreset, model,
                   entity_diffs: dict[int, EntityDiff], context_texts: list[str], best_column: int | None,
                   best_cosine: float | None, joint: list[float] | None = None, tau: float = 0.0,
                   probs=None) -> Verdict:
    """The verdict of one claim by the learned model (grounding.learned): label from its probabilities, anchor
    the strongest contradiction (Contradicted) or support (otherwise), the other side kept as `conflicting` (a
    sentence leaning against a backed claim only with cosine at least `tau`, as in `decide`)."""
    from grounding import learned
    if probs is None:   # `probs`: the model's reading when the caller has it already
        probs = model.probabilities(learned.claim_features(claim_text, pairs, context_texts, best_cosine, joint))[0]
    label = learned.label_from(probs, preset.supported, model.contradicted_min)
    anchor = learned.anchor_for(label, pairs)
    conflicts = learned.quantity_conflicts(claim_text, context_texts[anchor.column]) if anchor else []
    rule = "learned: " + learned.describe(probs) + (
        "; the anchor gives another value: " + ", ".join(f"{c} vs {x}" for c, x in conflicts) if conflicts else "")
    if anchor is None:   # nothing judged: no sentence to back the claim or to contradict it, whatever the model's odds
        label = UNSUPPORTED
        return Verdict(claim=claim, label=label, score=None, anchor=best_column,
                       cosine=best_cosine, rule=rule + "; no context sentence judged",
                       entities=entity_diffs.get(best_column, EntityDiff()) if best_column is not None else EntityDiff())
    judged = [p for p in pairs if p.judged and p.column != anchor.column]
    if label == CONTRADICTED:
        support = [p for p in judged if p.psi == 1]
        conflicting = max(support, key=lambda p: p.cosine * p.entail).column if support else None
    else:
        against = [p for p in judged if p.psi == -1 and preset.conflict_note is not None
                   and p.contradict >= preset.conflict_note and p.cosine >= tau]
        conflicting = max(against, key=lambda p: p.cosine * p.contradict).column if against and label in (SUPPORTED, PARTIAL) else None
    return Verdict(claim=claim, label=label, score=round(float(probs[list(learned.CLASSES).index(label if label != PARTIAL else SUPPORTED)]), 4),
                   anchor=anchor.column, cosine=anchor.cosine, entity_overlap=anchor.entity_overlap,
                   entail=anchor.entail, contradict=anchor.contradict, rule=rule,
                   entities=entity_diffs.get(anchor.column, EntityDiff()), conflicting=conflicting)


# the least cosine at which a judged sentence giving another value counts as speaking of the claim's quantity (the
# learned preset's quantity_override)
