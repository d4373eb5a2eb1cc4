"""The rules that amend a verdict the preset's fusion or the reading together decided (grounding.verdict), each
on when its preset setting is set, in the order stages.verdict.decide_claim applies them:

    alone_override      a sentence read together that, read alone, says the claim's words with the other polarity
    quantity_override   the anchor gives another value of the same figure, or the same value moving the other way
    quantity_together   so does another of the sentences read together, when they decided
    denial_override     the evidence names what the claim asserts only as not done, undecided or still to come
    reversal_override   the evidence says it the other way round (parties swapped, the opposite comparison)
    binding_override    the evidence gives the claim's value for another subject, or with another verb
    cause_override      the evidence gives the claim's event another cause
    deed_override       the evidence gives the claim's deed to another named doer, or its thing another place
    parts_override      one part of a whole-sentence claim is contradicted or backed by nothing (context engines)
    overclaim_partial   the claim states as total or certain what its evidence hedges
    quantity_note       a backed claim names a sentence giving another value of its figure (the label stays); a
                        Contradicted claim's other side that gives one becomes its anchor

Each returns the verdict, amended or not, and says in `Verdict.rule` what it found; a rule that moves the anchor
does so with `move_anchor`. A rule that contradicts or denies the model's reading of its anchor's cell keeps what
it found in `Verdict.anchor_conflict`, and the maps show that cell as the verdict reads it (stages.verdict.show_rules).
"""
from __future__ import annotations

from grounding.config import VerdictPreset
from grounding.types import (CONTRADICTED, PARTIAL, SUPPORTED, UNSUPPORTED, Claim, EntityDiff, PairScore, Verdict)
from grounding.verdict import fused_score, joint_label

QUANTITY_NOTE_COSINE = 0.6


def quantity_note(v: Verdict, preset: VerdictPreset, claim_text: str, pairs: list[PairScore],
                  context_texts: list[str], entity_diffs: dict[int, EntityDiff]) -> Verdict:
    """A backed claim that names no conflicting sentence yet names a judged one (not its anchor) that gives another
    value for the same quantity ("50 mg" vs "25 mg, not 50 mg"; learned.quantity_conflicts, where the same verb or
    the same measured noun governs both values, values.same_quantity: not "reach 20 gigawatts … by 2030" against
    "added 1.8 gigawatts … in 2023") with cosine at least QUANTITY_NOTE_COSINE, the most similar such, when the
    note is on (the preset's conflict_note). The label stays. A Contradicted claim's other side (named as backing
    it) that gives another value of its figure, with cosine at least quantity_override, becomes the anchor ("The
    school expects to reopen on Monday": "We hope to reopen on Tuesday" had been named as backing it, P(e) 0.93)."""
    from grounding.learned import quantity_conflicts
    if v.label == CONTRADICTED and v.conflicting is not None and preset.quantity_override is not None:
        side = next((p for p in pairs if p.column == v.conflicting and p.judged), None)
        found = quantity_conflicts(claim_text, context_texts[side.column], same_figure=True) \
            if side is not None and side.cosine >= preset.quantity_override else []
        if found:
            v.anchor_conflict = ", ".join(f"the claim says {c}, the source {x}" for c, x in found)
            v.rule = (f"quantity override: {v.anchor_conflict} (context sentence {side.column + 1}, "
                      f"cosine {side.cosine:.2f} >= {preset.quantity_override})")
            move_anchor(v, side, preset, entity_diffs)
        return v
    if v.label not in (SUPPORTED, PARTIAL) or v.conflicting is not None or preset.conflict_note is None:
        return v
    against = [p for p in pairs if p.judged and p.column != v.anchor and p.cosine >= QUANTITY_NOTE_COSINE
               and quantity_conflicts(claim_text, context_texts[p.column], same_figure=True)]
    if against:
        v.conflicting = max(against, key=lambda p: p.cosine).column
    return v


def quantity_override(v: Verdict, preset: VerdictPreset, claim_text: str, anchor_text: str | None) -> Verdict:
    """A backed or unsupported claim whose anchor gives another value for the same quantity is Contradicted (the
    preset's quantity_override: the least anchor cosine at which the sentence counts as speaking of the same thing;
    "Hackers stole the data of 2 million customers" against "… the personal data of about 1.2 million customers …
    had been copied" was Unsupported, P(c) 0.59); with direction_override only the same value moving the other way
    does ("rose by 6%" vs "6% less"): a sentence stating the claim's own value and denying its direction contradicts
    it, whatever the entailment model made of the pair (it read "rose by 6%" against "6% less than in 2022" as P(e)
    0.30, neither support nor contradiction). `anchor_conflict` keeps what it found: the maps show the anchor's cell
    contradicting (stages.verdict.show_rules)."""
    from grounding.learned import quantity_conflicts
    backed = v.label in (SUPPORTED, PARTIAL)
    if not (backed or v.label == UNSUPPORTED) or anchor_text is None or v.cosine is None:
        return v
    values = preset.quantity_override is not None and v.cosine >= preset.quantity_override
    moves = preset.direction_override is not None and v.cosine >= preset.direction_override
    conflicts = quantity_conflicts(claim_text, anchor_text, values=values, same_figure=True) if values or moves else []
    if not conflicts:
        return v
    what = ", ".join(f"the claim says {c}, the source {x}" for c, x in conflicts)
    least = preset.quantity_override if values else preset.direction_override
    v.label, v.rule = CONTRADICTED, f"quantity override: {what} (anchor cosine {v.cosine:.2f} >= {least})"
    v.conflicting, v.anchor_conflict = None, what
    return v


def _own_key(own: dict, said: str):
    """The key of the claim's value a conflict names with its unit or direction ("150 minutes", "6% (rose)")."""
    found = [surface for surface in own if said.split(" (")[0] == surface or said.startswith(surface + " ")]
    return own[max(found, key=len)] if found else None


def quantity_together(v: Verdict, preset: VerdictPreset, claim: Claim, pairs: list[PairScore], context_texts: list[str],
                      entity_diffs: dict[int, EntityDiff]) -> Verdict:
    """`quantity_override` for the other sentences read together, when they decided a backed verdict: one of them
    (cosine at least quantity_override) gives another value of the claim's figure that cannot also be true, and none of
    them states the claim's own ("due to open in 2030" against "The tunnel is due to open in 2032", read with the
    sentence on the tunnel's length: P(e) 0.96). Contradicted, anchored on that sentence."""
    if preset.quantity_override is None or v.label not in (SUPPORTED, PARTIAL) or len(claim.joint_columns) < 2 \
            or not v.rule.startswith("read together, "):
        return v
    from grounding.entities import mentions
    from grounding.learned import quantity_conflicts
    judged = {p.column: p for p in pairs if p.judged}
    stated = {m.key for c in claim.joint_columns for m in mentions(context_texts[c])}
    own = {m.surface: m.key for m in mentions(claim.text)}
    for pair in sorted((judged[c] for c in claim.joint_columns if c != v.anchor and c in judged
                        and judged[c].cosine >= preset.quantity_override), key=lambda p: (-p.cosine, p.column)):
        conflicts = quantity_conflicts(claim.text, context_texts[pair.column], values=True, same_figure=True)
        conflicts = [(c, x) for c, x in conflicts if _own_key(own, c) not in stated]
        if conflicts:
            what = ", ".join(f"the claim says {c}, the source {x}" for c, x in conflicts)
            v.label, v.conflicting, v.anchor_conflict = CONTRADICTED, None, what
            v.rule = (f"quantity override: {what} (context sentence {pair.column + 1}, read together with the others, "
                      f"cosine {pair.cosine:.2f} >= {preset.quantity_override})")
            move_anchor(v, pair, preset, entity_diffs)
            return v
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
      months" against "The flu vaccine is not recommended for babies under 6 months": P(contradict) 0.90).
    - a claim the sentences read together contradict: the one of them that alone contradicts it most (the context
      engines read each alone when the reading together leans to contradiction) is the anchor, where alone it
      leans to contradiction too. The scorer's numbers had chosen "The study did not find additional benefit above
      10,000 steps" (P(contradict) 0.98) over "Dr. Amelia Ortiz led the study at the University of Leeds" for "The
      study, led by Dr. Amelia Ortiz at the University of Oxford, …". The sentence named as the other side ("another
      source supports it") is then one that alone entails the claim (`Claim.alone_support`), or none: the scorer's
      support had named the very sentence that became the anchor, and a sentence on another figure."""
    alone, column = claim.alone, claim.alone_column
    if preset.alone_override is None or alone is None or column is None or claim.joint is None \
            or not v.rule.startswith("read together, "):
        return v
    pair = next((p for p in pairs if p.column == column and p.judged), None)
    if v.label == CONTRADICTED:
        if alone[2] > alone[0]:
            move_anchor(v, pair, preset, entity_diffs)
        if claim.alone_support is not None and v.conflicting not in claim.alone_support:   # the other side: read so
            backing = [p for p in pairs if p.judged and p.column in claim.alone_support and p.column != v.anchor]
            v.conflicting = max(backing, key=lambda p: (p.cosine, -p.column)).column if backing else None
        return v
    if v.label not in (SUPPORTED, PARTIAL):
        return v
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
    if v.conflicting == pair.column:   # a sentence is not the other side of itself
        v.conflicting = None
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
    return _contradicted_by_first(v, preset, preset.reversal_override, pairs, joint_columns, context_texts, entity_diffs,
                                  "said the other way round", lambda text: "; ".join(reversals(claim_text, text)))


def _contradicted_by_first(v: Verdict, preset: VerdictPreset, least: float, pairs: list[PairScore], joint_columns,
                           context_texts: list[str], entity_diffs: dict[int, EntityDiff], kind: str | None,
                           finds) -> Verdict:
    """Contradicted by the first of the evidence (judged sentences with cosine at least `least`, most similar first,
    and the sentences read together) in which `finds(text)` finds something: `anchor_conflict` is what it found,
    the rule "<kind>: <what> (context sentence j)", the anchor that sentence. `kind` None: `finds` gives (kind, what)."""
    judged = {p.column: p for p in pairs if p.judged}
    columns = sorted({c for c, p in judged.items() if p.cosine >= least} | set(joint_columns or ()),
                     key=lambda c: (-(judged[c].cosine if c in judged else 0.0), c))
    for column in columns:
        found = finds(context_texts[column])
        if found:
            kind, found = found if kind is None else (kind, found)
            v.label, v.conflicting, v.anchor_conflict = CONTRADICTED, None, found
            v.rule = f"{kind}: {found} (context sentence {column + 1})"
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
    from grounding.binding import found_in, misbindings, misbound_kinds
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
        kind = "said of another subject" if misbindings(claim_text, text) or misbound_kinds(claim_text, text) \
            else "said with another verb"
        v.rule = f"{kind}: {v.anchor_conflict} ({said})"
        move_anchor(v, judged.get(where[0]) or next((judged[c] for c in where if c in judged), None), preset, entity_diffs)
        return v
    return v


def cause_override(v: Verdict, preset: VerdictPreset, claim_text: str, pairs: list[PairScore],
                   joint_columns, context_texts: list[str], entity_diffs: dict[int, EntityDiff]) -> Verdict:
    """A backed or unsupported claim whose evidence (its judged sentences with cosine at least the preset's
    cause_override, and the sentences read together) gives the claim's event another cause (grounding.causes:
    "delayed … because of bad weather" against "delayed … because of a technical fault", which the entailment model
    reads as neither, P(n) 0.81, and the scorer as support) is Contradicted. The anchor becomes that sentence;
    `anchor_conflict` names both causes (the maps show its cell contradicting)."""
    if preset.cause_override is None or v.label not in (SUPPORTED, PARTIAL, UNSUPPORTED):
        return v
    from grounding.causes import other_cause

    def finds(text: str) -> str:
        found = other_cause(claim_text, text)
        return f"the claim says “{found[0]}”, the source “{found[1]}”" if found else ""
    return _contradicted_by_first(v, preset, preset.cause_override, pairs, joint_columns, context_texts, entity_diffs,
                                  "another cause", finds)


def deed_override(v: Verdict, preset: VerdictPreset, claim_text: str, pairs: list[PairScore],
                  joint_columns, context_texts: list[str], entity_diffs: dict[int, EntityDiff]) -> Verdict:
    """A backed or unsupported claim whose evidence (its judged sentences with cosine at least the preset's
    deed_override, and the sentences read together) gives its deed to another named doer ("Ana Lopes called the
    budget a missed opportunity" against "The opposition leader, Rui Costa, called the budget …"), unless a sentence
    of the context gives it to the claim's own, or its thing another place ("The closing concert takes place in the
    Old Town" against "Most performances are held in the Old Town, and the closing concert is held in Princes Street
    Gardens"), its deed another named object ("It orbits the Earth" against "The telescope orbits the Sun … from
    Earth") or another owner's thing ("Rovers' goalkeeper" against "City's goalkeeper"; grounding.deeds), pairs the
    entailment model reads as support, is Contradicted. The anchor becomes that
    sentence; `anchor_conflict` names both doers or both places."""
    if preset.deed_override is None or v.label not in (SUPPORTED, PARTIAL, UNSUPPORTED):
        return v
    from grounding.deeds import another_doer, deeds, does_it, tells_parties, told_otherwise
    source = " ".join(context_texts)
    doers = any(d.names for d in deeds(claim_text, source, True)) and \
        not any(does_it(claim_text, t, source) for t in context_texts)
    if not doers and not tells_parties(claim_text):
        return v

    def finds(text: str):
        doer = another_doer(claim_text, text, source) if doers else None
        kind, found = ("doer", doer) if doer else told_otherwise(claim_text, text, source) or (None, None)
        return (f"another {kind}", f"the claim says “{found[0]}”, the source “{found[1]}”") if found else None
    return _contradicted_by_first(v, preset, preset.deed_override, pairs, joint_columns, context_texts, entity_diffs,
                                  None, finds)


def parts_override(v: Verdict, preset: VerdictPreset, claim: Claim, pairs: list[PairScore],
                   entity_diffs: dict[int, EntityDiff]) -> Verdict:
    """A claim its evidence backs as a whole, whose parts (`Claim.parts`, stage judge_parts: the context engines'
    whole sentence split as the claims engine splits it), each read against its own most similar sentences, say
    otherwise, when the preset's parts_override is set:
    - a part contradicted with P(c) at least parts_override and above its P(e): Contradicted ("Metformin is the
      first-line drug … and works by increasing insulin production in the pancreas" against "It lowers blood sugar
      by reducing glucose production in the liver"). The anchor becomes the part's sentence that alone contradicts
      it most (the most similar, when it was read with one), with its pair's numbers where it has a pair.
    - else, a Supported claim with a part that its sentences do not entail (its reading neither backs nor
      contradicts it under the preset, verdict.joint_label): Partially supported, naming the part.
    Only where at least one part is backed (its reading entails it with P(e) at least joint_partial, above the weak
    band): where none is, the split or the readings are not to be trusted (a part cut out of a subordinate clause,
    "PINK1 senses recruits" at P(e) 0.45), and the whole's verdict stands."""
    if preset.parts_override is None or not claim.parts or v.label not in (SUPPORTED, PARTIAL):
        return v
    read = [p for p in claim.parts if p.reading is not None]
    strong = preset.joint_partial if preset.joint_partial is not None else preset.joint_support
    backed = [p for p in read if joint_label(preset, p.reading) == SUPPORTED and p.reading[0] >= strong]
    against = [p for p in read if p.reading[2] >= preset.parts_override and p.reading[2] > p.reading[0]]
    if not backed:          # no part stands where the whole did: a split or a reading not to be trusted
        return v
    if against:
        part = max(against, key=lambda p: p.reading[2])
        e, _, c = part.reading
        alone = part.alone_contradict if len(part.alone_contradict) == len(part.columns) else [0.0] * len(part.columns)
        j = part.columns[max(range(len(part.columns)), key=lambda i: (alone[i], part.cosines[i], -i))]
        pair = next((p for p in pairs if p.column == j and p.judged), None)
        where = _sentences(part.columns)
        v.label, v.conflicting = CONTRADICTED, None
        v.anchor_conflict = f"the part “{part.text}” is contradicted: P(c) {c:.2f}"
        v.rule = f"a part contradicted: “{part.text}” against {where}: P(c) = {c:.2f} >= {preset.parts_override}; {v.rule}"
        if pair is not None:      # the anchor pair's own numbers (the context engines': the scorer's)
            move_anchor(v, pair, preset, entity_diffs)
        else:                     # a sentence only the part's reading weighed: its cosine and that reading
            v.anchor, v.cosine, v.entity_overlap = j, part.cosines[part.columns.index(j)], None
            v.entail, v.contradict, v.entities = None, None, entity_diffs.get(j, EntityDiff())
            v.score = round(fused_score(preset, v.cosine, e, c, None), 4)
        return v
    unbacked = [p for p in read if joint_label(preset, p.reading) != SUPPORTED]
    if unbacked and v.label == SUPPORTED:
        part = unbacked[0]
        v.label = PARTIAL
        v.rule = (f"only part backed: “{part.text}”: read against {_sentences(part.columns)}, P(e) = "
                  f"{part.reading[0]:.2f} (< {preset.joint_support}); {v.rule}")
    return v


def _sentences(columns: list[int]) -> str:
    return f"context sentence{'s' if len(columns) > 1 else ''} {', '.join(str(j + 1) for j in columns)}"
