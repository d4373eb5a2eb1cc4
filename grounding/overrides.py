"""The rules that amend a verdict the preset's fusion or the reading together decided (grounding.verdict), each
on when its preset setting is set, in the order stages.verdict.decide_claim applies them:

    alone_override      a sentence read together that, read alone, says the claim's words with the other polarity
    exception_override  the evidence names the claim's subject as its exception ("except assistance dogs"), which
                        the model reads as included: its reading taken the other way round (grounding.exceptions)
    backed_override     the evidence forbids the claim's thing only without the condition the claim allows it with
                        ("must not … without consent"), or ends the state the claim says holds until then ("will
                        reopen in March"): Contradicted taken the other way round (grounding.conditions)
    stated_override     a context sentence states the claim word for word: Supported on it (grounding.stated)
    list_override       a contradiction that is only an open list the claim extends ("include") is Unsupported
    event_override      a contradiction that is only the date of another event is Unsupported (grounding.events)
    limit_override      a limit said as a prohibition ("Do not take more than eight"), read again as the limit,
                        backs the claim (grounding.prohibited)
    quantity_override   the anchor gives another value of the same figure, or the same value moving the other way
    quantity_together   so does another of the sentences read together, when they decided (these two,
                        figures_override and quantity_note read numbers: grounding.number_rules)
    denial_override     the evidence names what the claim asserts only as not done, undecided or still to come
                        (Contradicted where the claim says it has already happened)
    reversal_override   the evidence says it the other way round (parties swapped, the opposite comparison)
    figures_override    a comparison of two groups that the evidence's figures bear out is Supported, whatever
                        the model read
    binding_override    the evidence gives the claim's value for another subject, or with another verb
    sibling_override    a backed claim's anchor speaks of another thing of its kind (grounding.siblings)
    cause_override      the evidence gives the claim's event another cause
    deed_override       the evidence gives the claim's deed to another named doer, or its thing another place
    parts_override      one part of a whole-sentence claim is contradicted or backed by nothing, or an unbacked
                        whole has a backed part (context engines; grounding.parts; a part that extends an open list
                        is not contradicted)
    overclaim_partial   the claim states as total or certain what its evidence hedges
    quantity_note       a backed claim names a sentence giving another value of its figure (the label stays,
                        unless that sentence names the claim's subject and the anchor does not); a Contradicted
                        claim's other side that gives one becomes its anchor

Each returns the verdict, amended or not, and says in `Verdict.rule` what it found; a rule that moves the anchor
does so with `move_anchor`. A rule that contradicts or denies the model's reading of its anchor's cell keeps what
it found in `Verdict.anchor_conflict`, and the maps show that cell as the verdict reads it (stages.verdict.show_rules).
"""
from __future__ import annotations

import re

from grounding.config import VerdictPreset
from grounding.types import (CONTRADICTED, PARTIAL, SUPPORTED, UNSUPPORTED, Claim, EntityDiff, PairScore, Verdict)
from grounding.verdict import DOUBTED, doubted, fused_score

DONE_ALREADY = "said done already"
ALREADY = re.compile(r"\balready\b", re.IGNORECASE)
PERFECT = re.compile(r"\b(?:has|have)\s+(?:been\s+)?[a-z]+(?:ed|en|wn|t)\b", re.IGNORECASE)   # "has been granted"


def denial_override(v: Verdict, preset: VerdictPreset, claim_text: str, pairs: list[PairScore],
                    joint_columns, context_texts: list[str], entity_diffs: dict[int, EntityDiff]) -> Verdict:
    """A backed claim whose evidence (its judged sentences with cosine at least the preset's denial_override, and the
    sentences read together) names what it asserts only as not done, not there or undecided (grounding.denial: "has
    not yet decided whether to build a commercial-scale hydrogen plant" against "opened a commercial-scale hydrogen
    plant") is Unsupported: the sentence mentioning it cannot back it, whatever words it shares with the claim; a claim
    that says it has *already* happened is Contradicted, backed or Unsupported ("Building work has already started"
    against "Construction is due to start next spring": the source says it has not, rule DONE_ALREADY), and so is a
    backed claim that says it has happened by now ("has been granted") where the source says it is still pending ("is
    awaiting planning permission"). The anchor
    becomes that sentence (its pair's numbers and F when it was judged), and `anchor_conflict` says how it is
    denied: the maps show its cell as no evidence (red where Contradicted), not as the support the model read."""
    done = ALREADY.search(claim_text) is not None     # "has already started" against "is due to start": it has not
    if preset.denial_override is None or v.label not in (SUPPORTED, PARTIAL) and not (done and v.label == UNSUPPORTED):
        return v
    from grounding.denial import denials, how_denied
    columns = {p.column for p in pairs if p.judged and p.cosine >= preset.denial_override} | set(joint_columns or ())
    found = denials(claim_text, {j: context_texts[j] for j in columns})
    if not found:
        return v
    d = found[0]
    pair = next((p for p in pairs if p.column == d.column and p.judged), None)
    # done where the claim says it has happened by now and the source that it is still pending ("has been granted
    # planning permission" / "is awaiting planning permission"); "approved" may be after the source's time
    done = done or PERFECT.search(claim_text) is not None and how_denied(d.cue) == "still pending" and (
        not d.object.event or d.object.text.lower() in d.cue.lower())   # not a noun of it: "requires improvement"
    v.label = CONTRADICTED if done else UNSUPPORTED
    v.rule = (f"{DONE_ALREADY if done else 'denied mention'}: the evidence names \"{d.object.text}\" only as "
              f"{how_denied(d.cue)} (\"{d.cue}\", context sentence {d.column + 1}); {v.rule}")
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
      support had named the very sentence that became the anchor, and a sentence on another figure.
    - a claim F backed that the sentences read together lean to contradict (verdict.doubted): Unsupported or
      Contradicted (`_doubted`)."""
    alone, column = claim.alone, claim.alone_column
    if v.label in (SUPPORTED, PARTIAL) and v.score is not None and doubted(preset, claim.joint) \
            and not v.rule.startswith(("read together, ", "judged alone, ")):
        return _doubted(v, preset, claim, pairs, entity_diffs)
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
    together = " ".join(context_texts[j] for j in sorted(claim.joint_columns))   # a trend's other words read with it
    if c >= preset.alone_override and c > e and opposite_polarity(claim.text, context_texts[column], together):
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


def _doubted(v: Verdict, preset: VerdictPreset, claim: Claim, pairs: list[PairScore],
             entity_diffs: dict[int, EntityDiff]) -> Verdict:
    """A claim F backed whose sentences read together lean to contradiction (verdict.doubted): Unsupported where the
    entailment model reads one of them alone as leaning to contradiction too (its most likely class; a claim judged
    against one sentence: that reading), and Contradicted where it does with P(c) at least alone_override ("Library
    spending will increase" against "…, while spending on libraries will be cut by £1.2 million": 0.95). Not where
    the sentences were not read alone (the claims engine: its pairs are those readings, and F read them), nor where
    one judged sentence alone entails the claim, nor where each alone is neutral to it and only their reading together
    leans against it ("Bake the cake for 25 minutes until golden" against "Bake for 25 minutes, until golden" read
    with "Cream the butter and sugar until pale …": P(c) 0.50 together, neutral alone)."""
    several = len(claim.joint_columns) > 1
    if several:
        alone, column = claim.alone, claim.alone_column
        if claim.alone_support is None or claim.alone_support or alone is None or column is None \
                or alone[2] < max(alone[:2]):
            return v
        if preset.alone_override is not None and alone[2] >= preset.alone_override:
            v.label, v.conflicting = CONTRADICTED, None
            v.rule = (f"read alone, context sentence {column + 1} contradicts the claim: P(c) = {alone[2]:.2f} >= "
                      f"{preset.alone_override}, and context sentences "
                      f"{', '.join(str(j + 1) for j in sorted(claim.joint_columns))} read together lean to it "
                      f"(P(c) = {claim.joint[2]:.2f}, P(e) = {claim.joint[0]:.2f})")
            move_anchor(v, next((p for p in pairs if p.column == column and p.judged), None), preset, entity_diffs)
            return v
    return v.made_unsupported(f"{DOUBTED}: P(c) = {claim.joint[2]:.2f} >= {preset.joint_doubt} and above P(e) = "
                              f"{claim.joint[0]:.2f}")


def overclaim_partial(v: Verdict, preset: VerdictPreset, claim_text: str, pairs: list[PairScore], joint_columns,
                      context_texts: list[str], entity_diffs: dict[int, EntityDiff], whole: int | None = None) -> Verdict:
    """A Supported claim whose evidence (its anchor, or the sentences read together when they decided; the most
    similar of them with cosine at least the preset's overclaim_partial) states as partial or possible what the claim
    states as total or certain (grounding.overclaim: "eliminates the risk" against "may reduce the risk", which the
    entailment model reads as support, P(e) 0.80) is Partially supported: the source backs the claim's direction,
    not its strength. `anchor_conflict` says which words differ; the anchor becomes the sentence that hedges. Not
    where `whole`, a sentence the entailment model read alone as entailing the claim, hedges nothing: another
    sentence read with it ("Patients with a pacemaker must tell the clinic") narrows nothing it says. "Any" against a
    limit (Overclaim.against) is Contradicted, also where F alone left it Unsupported or Partially supported there."""
    from grounding.overclaim import ANY_RULE, stronger
    if preset.overclaim_partial is not None and v.label in (UNSUPPORTED, PARTIAL) and v.anchor is not None \
            and (v.rule.startswith(("F ", DOUBTED)) or " <= F " in v.rule) and v.cosine is not None \
            and v.cosine >= preset.overclaim_partial \
            and (found := stronger(claim_text, context_texts[v.anchor])) is not None and found.against:
        v.label, v.anchor_conflict = CONTRADICTED, f"the claim says “{found.claim_word}”, the source “{found.hedge}”"
        v.rule = f"{ANY_RULE}: {v.anchor_conflict} ({v.rule})"
        return v
    if preset.overclaim_partial is None or v.label != SUPPORTED or v.anchor is None \
            or (whole is not None and stronger(claim_text, context_texts[whole]) is None):
        return v
    columns = sorted(joint_columns) if v.rule.startswith("read together, ") and joint_columns else [v.anchor]
    cosines = [p.cosine for p in pairs if p.column in columns] + ([v.cosine] if v.cosine is not None else [])
    if not cosines or max(cosines) < preset.overclaim_partial:
        return v
    found = stronger(claim_text, " ".join(context_texts[c] for c in columns))
    if found is None:
        return v
    v.label, v.anchor_conflict = PARTIAL, f"the claim says “{found.claim_word}”, the source “{found.hedge}”"
    v.rule = f"stronger than the source: {v.anchor_conflict} ({v.rule})"
    if found.against:   # "of any size" against "under 8 kg": beyond the limit the source says it is not so
        v.label, v.rule = CONTRADICTED, f"{ANY_RULE}: {v.anchor_conflict} ({v.rule.split(' (', 1)[1]}"
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


def read_together(texts: list[str]) -> str:
    """Sentences as one text, each ending a sentence: a heading or list line ends where it ends ("Navy blazer with
    the Academy crest (compulsory)" gave the next line's "£32" to "Academy", the nearest name before it)."""
    return " ".join(t if re.search(r"[.!?:]\W*$", t) else t + "." for t in texts)


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
    from grounding.verb_binding import misbound_verbs
    judged = {p.column: p for p in pairs if p.judged}
    columns = sorted((c for c, p in judged.items() if p.cosine >= preset.binding_override),
                     key=lambda c: (-judged[c].cosine, c))
    together = sorted(joint_columns or ())
    texts = [([c], context_texts[c]) for c in columns]
    if len(together) > 1:
        texts.append((together, read_together([context_texts[c] for c in together])))
    for where, text in texts:
        found = found_in(claim_text, text)
        if not found:
            continue
        v.label, v.conflicting, v.anchor_conflict = CONTRADICTED, None, "; ".join(found)
        said = f"context sentence {where[0] + 1}" if len(where) == 1 else \
            "context sentences " + ", ".join(str(c + 1) for c in where) + " read together"
        kind = "said of another subject" if misbindings(claim_text, text) or misbound_kinds(claim_text, text) \
            else "said with another verb" if misbound_verbs(claim_text, text) else "said for another case"
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


def list_override(v: Verdict, preset: VerdictPreset, claim_text: str, context_texts: list[str]) -> Verdict:
    """A claim the model's reading made Contradicted (no rule found a conflict: no `anchor_conflict`) whose anchor is
    an open list that the claim extends with members it does not name (grounding.lists: "Headliners include Tom
    Reed" against "Headliners include The Vales and Mira Stone", P(c) 0.93) is Unsupported: the source does not
    mention them, which is not saying they are not members. `anchor_conflict` says so: the maps show its cell as no
    evidence (stages.verdict.show_rules). On with the preset's reversal_override."""
    if preset.reversal_override is None or v.label != CONTRADICTED or v.anchor_conflict or v.anchor is None:
        return v
    from grounding.lists import extends_open_list
    found = extends_open_list(claim_text, context_texts[v.anchor])
    if found:
        v.made_unsupported(f"an open list: the source names “{found[1]}”, not all members, and not “{found[0]}” "
                           f"(context sentence {v.anchor + 1})",
                           f"it lists some members (“{found[1]}”), not “{found[0]}”")
    return v


def _sentences(columns: list[int]) -> str:
    return f"context sentence{'s' if len(columns) > 1 else ''} {', '.join(str(j + 1) for j in columns)}"
