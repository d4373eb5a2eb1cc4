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
            against = [p for _, p in scored if p.column != anchor.column and p.psi == -1 and p.cosine >= tau
                       and (fires_override(preset, p.entail, p.contradict)
                            or (preset.conflict_note is not None and p.contradict >= preset.conflict_note))]
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
                   best_cosine: float | None, joint: list[float] | None = None, tau: float = 0.0) -> Verdict:
    """The verdict of one claim by the learned model (grounding.learned): label from its probabilities, anchor
    the strongest contradiction (Contradicted) or support (otherwise), the other side kept as `conflicting` (a
    sentence leaning against a backed claim only with cosine at least `tau`, as in `decide`)."""
    from grounding import learned
    probs = model.probabilities(learned.claim_features(claim_text, pairs, context_texts, best_cosine, joint))[0]
    label = learned.label_from(probs, preset.supported, model.contradicted_min)
    anchor = learned.anchor_for(label, pairs)
    conflicts = learned.quantity_conflicts(claim_text, context_texts[anchor.column]) if anchor else []
    rule = "learned: " + learned.describe(probs) + (
        "; the anchor gives another value: " + ", ".join(f"{c} vs {x}" for c, x in conflicts) if conflicts else "")
    if anchor is None:   # nothing judged: no sentence to back the claim, whatever the model's odds
        label = UNSUPPORTED if label in (SUPPORTED, PARTIAL) else label
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
QUANTITY_NOTE_COSINE = 0.6


def quantity_note(v: Verdict, preset: VerdictPreset, claim_text: str, pairs: list[PairScore],
                  context_texts: list[str]) -> Verdict:
    """A backed claim that names no conflicting sentence yet names a judged one (not its anchor) that gives another
    value for the same quantity ("50 mg" vs "25 mg, not 50 mg"; learned.quantity_conflicts, where the same verb or
    the same measured noun governs both values, entities.same_quantity: not "reach 20 gigawatts … by 2030" against
    "added 1.8 gigawatts … in 2023") with cosine at least QUANTITY_NOTE_COSINE, the most similar such, when the
    note is on (the preset's conflict_note). The label stays."""
    if v.label not in (SUPPORTED, PARTIAL) or v.conflicting is not None or preset.conflict_note is None:
        return v
    from grounding.learned import quantity_conflicts
    against = [p for p in pairs if p.judged and p.column != v.anchor and p.cosine >= QUANTITY_NOTE_COSINE
               and quantity_conflicts(claim_text, context_texts[p.column], same_figure=True)]
    if against:
        v.conflicting = max(against, key=lambda p: p.cosine).column
    return v


def quantity_override(v: Verdict, preset: VerdictPreset, claim_text: str, anchor_text: str | None) -> Verdict:
    """A backed claim whose anchor gives another value for the same quantity is Contradicted (the preset's
    quantity_override: the least anchor cosine at which the sentence counts as speaking of the same thing); with
    direction_override only the same value moving the other way does ("rose by 6%" vs "6% less"). The direction
    rule also turns an Unsupported claim: a sentence stating the claim's own value and denying its direction
    contradicts it, whatever the entailment model made of the pair (it read "rose by 6%" against "6% less than
    in 2022" as P(e) 0.30, neither support nor contradiction). `anchor_conflict` keeps what it found: the maps show
    the anchor's cell contradicting (stages.verdict.show_rules)."""
    from grounding.learned import quantity_conflicts
    backed = v.label in (SUPPORTED, PARTIAL)
    if not (backed or v.label == UNSUPPORTED) or anchor_text is None or v.cosine is None:
        return v
    values = backed and preset.quantity_override is not None and v.cosine >= preset.quantity_override
    moves = preset.direction_override is not None and v.cosine >= preset.direction_override
    conflicts = quantity_conflicts(claim_text, anchor_text, values=values, same_figure=True) if values or moves else []
    if not conflicts:
        return v
    what = ", ".join(f"the claim says {c}, the source {x}" for c, x in conflicts)
    least = preset.quantity_override if values else preset.direction_override
    v.label, v.rule = CONTRADICTED, f"quantity override: {what} (anchor cosine {v.cosine:.2f} >= {least})"
    v.conflicting, v.anchor_conflict = None, what
    return v


def denial_override(v: Verdict, preset: VerdictPreset, claim_text: str, pairs: list[PairScore],
                    joint_columns, context_texts: list[str], entity_diffs: dict[int, EntityDiff]) -> Verdict:
    """A backed claim whose evidence (its judged sentences with cosine at least the preset's denial_override, and the
    sentences read together) names what it asserts only as not done, not there or undecided (grounding.denial: "has
    not yet decided whether to build a commercial-scale hydrogen plant" against "opened a commercial-scale hydrogen
    plant") is Unsupported: the sentence mentioning it cannot back it, whatever words it shares with the claim. The
    anchor becomes that sentence (its pair's numbers and F when it was judged), and `anchor_conflict` says how it is
    denied: the maps show its cell as no evidence, not as the support the model read."""
    if preset.denial_override is None or v.label not in (SUPPORTED, PARTIAL):
        return v
    from grounding.denial import denials, how_denied
    columns = {p.column for p in pairs if p.judged and p.cosine >= preset.denial_override} | set(joint_columns or ())
    found = denials(claim_text, {j: context_texts[j] for j in columns})
    if not found:
        return v
    d = found[0]
    pair = next((p for p in pairs if p.column == d.column and p.judged), None)
    v.label = UNSUPPORTED
    v.rule = (f"denied mention: the evidence names \"{d.object.text}\" only as {how_denied(d.cue)} "
              f"(\"{d.cue}\", context sentence {d.column + 1}); {v.rule}")
    move_anchor(v, pair, preset, entity_diffs)
    v.conflicting = None
    if v.anchor == d.column:   # the maps show its cell as no evidence (stages.verdict.show_rules)
        v.anchor_conflict = f"it names “{d.object.text}” only as {how_denied(d.cue)} (“{d.cue}”)"
    return v


def alone_override(v: Verdict, preset: VerdictPreset, claim: Claim, pairs: list[PairScore], context_texts: list[str],
                   entity_diffs: dict[int, EntityDiff]) -> Verdict:
    """A claim that the sentences read together back (Supported or Partially supported by verdict.joint_reading),
    weighed against the most similar of them read alone (`Claim.alone`, stage judge_joint), when the preset's
    alone_override is on:
    - alone it contradicts the claim with P(c) at least alone_override and above the reading's P(e), and it says
      the claim's words with the other polarity (negate.opposite_polarity): Contradicted. The model, reading two
      sentences, took one's "not" for the other's ("The vaccine is not recommended for adults over 65" against "…
      is recommended for adults over 65. It is not recommended for children under 5": P(e) 0.95 together, P(c)
      0.96 for the first alone). The anchor becomes that sentence (its pair keeps its numbers). Without the
      polarity test the rule was wrong more often than right on the evidence train sets: NLI calls a sentence on
      another side of the same topic a contradiction (README, "A sentence that contradicts the claim alone").
    - alone it entails the claim (its most likely class) under a Supported verdict: it is the anchor, and never
      named as leaning against the claim. In the context engines a pair's numbers are the scorer's, which can read
      the very sentence that states the claim as contradicting it ("It is not recommended for babies under 6
      months" against "The flu vaccine is not recommended for babies under 6 months": P(contradict) 0.90)."""
    alone, column = claim.alone, claim.alone_column
    if preset.alone_override is None or alone is None or column is None or claim.joint is None \
            or v.label not in (SUPPORTED, PARTIAL) or not v.rule.startswith("read together, "):
        return v
    pair = next((p for p in pairs if p.column == column and p.judged), None)
    e, c = claim.joint[0], alone[2]
    from grounding.negate import opposite_polarity
    if c >= preset.alone_override and c > e and opposite_polarity(claim.text, context_texts[column]):
        v.label, v.conflicting = CONTRADICTED, None
        v.rule = (f"read alone, context sentence {column + 1} contradicts the claim: P(c) = {c:.2f} >= "
                  f"{preset.alone_override} and above P(e) = {e:.2f} of context sentences "
                  f"{', '.join(str(j + 1) for j in sorted(claim.joint_columns))} read together")
        move_anchor(v, pair, preset, entity_diffs)
    elif v.label == SUPPORTED and claim.alone_entails:
        move_anchor(v, pair, preset, entity_diffs)
        if v.conflicting == column:
            v.conflicting = None
    return v


def overclaim_partial(v: Verdict, preset: VerdictPreset, claim_text: str, pairs: list[PairScore], joint_columns,
                      context_texts: list[str], entity_diffs: dict[int, EntityDiff]) -> Verdict:
    """A Supported claim whose evidence (its anchor, or the sentences read together when they decided; the most
    similar of them with cosine at least the preset's overclaim_partial) states as partial or possible what the claim
    states as total or certain (grounding.overclaim: "eliminates the risk" against "may reduce the risk", which the
    entailment model reads as support, P(e) 0.80) is Partially supported: the source backs the claim's direction,
    not its strength. `anchor_conflict` says which words differ; the anchor becomes the sentence that hedges."""
    if preset.overclaim_partial is None or v.label != SUPPORTED or v.anchor is None:
        return v
    columns = sorted(joint_columns) if v.rule.startswith("read together, ") and joint_columns else [v.anchor]
    cosines = [p.cosine for p in pairs if p.column in columns] + ([v.cosine] if v.cosine is not None else [])
    if not cosines or max(cosines) < preset.overclaim_partial:
        return v
    from grounding.overclaim import stronger
    found = stronger(claim_text, " ".join(context_texts[c] for c in columns))
    if found is None:
        return v
    v.label, v.anchor_conflict = PARTIAL, f"the claim says “{found.claim_word}”, the source “{found.hedge}”"
    v.rule = f"stronger than the source: {v.anchor_conflict} ({v.rule})"
    hedging = next((c for c in columns if stronger(claim_text, context_texts[c]) == found), None)
    move_anchor(v, next((p for p in pairs if p.column == hedging and p.judged), None), preset, entity_diffs)
    if v.conflicting == v.anchor:   # the sentence leaning against it is the one that hedges: said already
        v.conflicting = None
    return v


def move_anchor(v: Verdict, pair: PairScore | None, preset: VerdictPreset, entity_diffs: dict[int, EntityDiff]) -> None:
    """A rule that found its sentence elsewhere makes it the anchor, with that judged pair's numbers and F (a
    sentence only read together, with no pair of its own, leaves the anchor where it was)."""
    if pair is None or pair.column == v.anchor:
        return
    v.anchor, v.cosine, v.entity_overlap, v.entail, v.contradict = (pair.column, pair.cosine, pair.entity_overlap,
                                                                    pair.entail, pair.contradict)
    v.entities = entity_diffs.get(pair.column, EntityDiff())
    v.score = round(fused_score(preset, pair.cosine, pair.entail, pair.contradict, pair.entity_overlap), 4)



def reversal_override(v: Verdict, preset: VerdictPreset, claim_text: str, pairs: list[PairScore],
                      joint_columns, context_texts: list[str], entity_diffs: dict[int, EntityDiff]) -> Verdict:
    """A backed or unsupported claim whose evidence (its judged sentences with cosine at least the preset's
    reversal_override, and the sentences read together) says it the other way round (grounding.reversal: its two
    named parties in each other's places, "Northwind Labs acquired Helix Group" against "Northwind Labs was acquired
    by Helix Group"; the opposite comparison, "larger than a matchbox" against "smaller than a matchbox"; pairs the
    entailment model reads by their shared words as support, P(e) 0.95) is Contradicted. The anchor becomes that
    sentence; `anchor_conflict` says what was turned (the maps show its cell contradicting)."""
    if preset.reversal_override is None or v.label not in (SUPPORTED, PARTIAL, UNSUPPORTED):
        return v
    from grounding.reversal import reversals
    judged = {p.column: p for p in pairs if p.judged}
    columns = sorted({c for c, p in judged.items() if p.cosine >= preset.reversal_override} | set(joint_columns or ()),
                     key=lambda c: (-(judged[c].cosine if c in judged else 0.0), c))
    for column in columns:
        found = reversals(claim_text, context_texts[column])
        if not found:
            continue
        v.label, v.conflicting, v.anchor_conflict = CONTRADICTED, None, "; ".join(found)
        v.rule = f"said the other way round: {v.anchor_conflict} (context sentence {column + 1})"
        move_anchor(v, judged.get(column), preset, entity_diffs)
        return v
    return v


def binding_override(v: Verdict, preset: VerdictPreset, claim_text: str, pairs: list[PairScore],
                     joint_columns, context_texts: list[str], entity_diffs: dict[int, EntityDiff]) -> Verdict:
    """A backed or unsupported claim whose evidence (its judged sentences with cosine at least the preset's
    binding_override, one by one, and the sentences read together as one text) gives the claim's value for another
    named subject and another value for the claim's own (grounding.binding: "The London office closes at 6 pm"
    against "The office in Leeds closes at 6 pm; the London office is open until 8 pm", which the entailment model
    reads as support, P(e) 0.96) is Contradicted. The anchor becomes that sentence (the first of those read together);
    `anchor_conflict` says which value the source gives for whom."""
    if preset.binding_override is None or v.label not in (SUPPORTED, PARTIAL, UNSUPPORTED):
        return v
    from grounding.binding import found_in, misbindings
    judged = {p.column: p for p in pairs if p.judged}
    columns = sorted((c for c, p in judged.items() if p.cosine >= preset.binding_override),
                     key=lambda c: (-judged[c].cosine, c))
    together = sorted(joint_columns or ())
    texts = [([c], context_texts[c]) for c in columns]
    if len(together) > 1:
        texts.append((together, " ".join(context_texts[c] for c in together)))
    for where, text in texts:
        found = found_in(claim_text, text)
        if not found:
            continue
        v.label, v.conflicting, v.anchor_conflict = CONTRADICTED, None, "; ".join(found)
        said = f"context sentence {where[0] + 1}" if len(where) == 1 else \
            "context sentences " + ", ".join(str(c + 1) for c in where) + " read together"
        kind = "said of another subject" if misbindings(claim_text, text) else "said with another verb"
        v.rule = f"{kind}: {v.anchor_conflict} ({said})"
        move_anchor(v, judged.get(where[0]) or next((judged[c] for c in where if c in judged), None), preset, entity_diffs)
        return v
    return v

