"""Deterministic explanations grounded in the anchor sentence, and the provenance trail
claim -> response sentence (offsets) -> context sentence (offsets) -> document.

An optional explainer (e.g. an LLM) can be plugged in with `set_explainer`; it is off by default and
receives the deterministic text to rewrite, never the job of deciding the verdict.
"""
from __future__ import annotations

from typing import Callable, Optional

from grounding.before_closing import BEFORE_CLOSING_RULE
from grounding.conditions import backing_note
from grounding.events import EVENT_RULE
from grounding.excluded import EXCLUDED_RULE
from grounding.learned import quantity_conflicts
from grounding.number_rules import OTHER_KIND_RULE, OWN_SUBJECT_RULE
from grounding.prohibited import LIMIT_RULE
from grounding.siblings import SIBLING_RULE
from grounding.types import (CONTRADICTED, NOT_ASSESSED, PARTIAL, SUPPORTED, Claim, GroundingResult,
                             Provenance, Verdict)
from grounding.unmentioned import UNMENTIONED_RULE
from grounding.verdict import DOUBTED
from grounding.wording import align

_explainer: Optional[Callable[[str, Verdict, GroundingResult], str]] = None


def set_explainer(fn: Optional[Callable[[str, Verdict, GroundingResult], str]]) -> None:
    """Install (or remove with None) an optional explainer that rewrites the deterministic text."""
    global _explainer
    _explainer = fn


def _quote(text: str, limit: int = 240) -> str:
    text = " ".join(text.split())
    return f"“{text if len(text) <= limit else text[: limit - 1] + '…'}”"


def provenance(result: GroundingResult, verdict: Verdict) -> Provenance:
    claim = result.claims[verdict.claim]
    sent = result.response_sentences[claim.sentence]
    prov = Provenance(claim=verdict.claim, claim_text=claim.text, response_sentence=claim.sentence,
                      response_start=claim.start if claim.start is not None else sent.start,
                      response_end=claim.end if claim.end is not None else sent.end)
    if verdict.anchor is not None:
        ctx = result.context_sentences[verdict.anchor]
        doc = result.document_of(verdict.anchor)
        prov.document, prov.document_title = doc.id, doc.title
        prov.context_sentence, prov.sentence_in_document = verdict.anchor, ctx.index
        prov.start, prov.end = ctx.start, ctx.end
    return prov


def _where(result: GroundingResult, column: int) -> str:
    doc = result.document_of(column)
    return f"{doc.title or doc.id}, sentence {result.context_sentences[column].index + 1}"


def disagreement(result: GroundingResult, a: int, b: int) -> str:
    """What disagrees when columns `a` and `b` say opposite things: two documents, or two sentences of one."""
    doc_a, doc_b = result.document_of(a), result.document_of(b)
    if doc_a is doc_b:
        return f"two sentences of the same document ({doc_a.title or doc_a.id}) disagree"
    return f"two documents disagree ({doc_a.title or doc_a.id} and {doc_b.title or doc_b.id})"


def _differences(v: Verdict) -> str:
    e = v.entities
    if e.claim_only and e.context_only:
        return f"the context says {', '.join(e.context_only)}; the claim says {', '.join(e.claim_only)}"
    if e.claim_only:
        return f"{', '.join(e.claim_only)} in the claim {'is' if len(e.claim_only) == 1 else 'are'} not in the context sentence"
    return ""


def _denied(rule: str) -> tuple[str, str]:
    """(what, cue) of the denial rule's text: 'the evidence names "X" only as … ("cue", context sentence N)'."""
    return rule.split('names "', 1)[1].split('" only', 1)[0], rule.split('("', 1)[1].split('"', 1)[0]


def explain(result: GroundingResult, verdict: Verdict, claim: Claim) -> str:
    """One or two sentences naming the deciding signal and quoting the anchor span."""
    if verdict.label == NOT_ASSESSED:
        text = f"Not assessed: {verdict.rule}."
    elif verdict.anchor is None:
        text = "No context sentence is related to this claim, so nothing supports it."
    else:
        anchor = _quote(result.context_sentences[verdict.anchor].text)
        where = _where(result, verdict.anchor)
        diff = _differences(verdict)
        reading = _reading(verdict, claim)
        if verdict.label == CONTRADICTED:
            if verdict.rule.startswith("quantity override"):   # the values it names say it all
                signal = verdict.rule.split(": ", 1)[1].split(" (anchor cosine")[0].split(" (context sentence")[0]
            elif verdict.rule.startswith("said the other way round"):   # so does what it turns
                signal = f"it says the claim the other way round: {verdict.anchor_conflict}"
            elif verdict.rule.startswith("said done already: "):
                what, cue = _denied(verdict.rule)
                from grounding.denial import how_denied
                signal = (f"the claim says it has already happened, and the source names “{what}” only as "
                          f"{how_denied(cue)} (“{cue}”)")
            elif verdict.rule.startswith("the exception: "):
                signal = (f"{verdict.anchor_conflict}, so what it says of the rest does not hold for them (the "
                          f"entailment model, which reads the exception as included, had read it as backing the claim)")
            elif verdict.rule.startswith("said of any: "):
                signal = (f"the claim says it of all, the source only within a limit: "
                          f"{verdict.anchor_conflict.replace('the claim says', 'it says', 1)}")
            elif verdict.rule.startswith(BEFORE_CLOSING_RULE):
                signal = verdict.rule.split(": ", 1)[1].split(" (context sentence")[0]
            elif verdict.rule.startswith(EXCLUDED_RULE):
                head = verdict.rule.split(" stands under “", 1)[1].split("”", 1)[0]
                signal = (f"it stands under “{head}”, so the source rules it out (the entailment model, reading the "
                          f"line alone, had read it as backing the claim)")
            elif verdict.rule.startswith("another holder"):
                signal = f"only one thing can be that, and it names another: {verdict.anchor_conflict}"
            elif verdict.rule.startswith("another cause"):
                signal = f"it gives another cause: {verdict.anchor_conflict}"
            elif verdict.rule.startswith("another doer"):
                signal = f"it gives the deed to someone else: {verdict.anchor_conflict}"
            elif verdict.rule.startswith("another place"):
                signal = f"it puts it somewhere else: {verdict.anchor_conflict}"
            elif verdict.rule.startswith("another object"):
                signal = f"it says the deed was done to something else: {verdict.anchor_conflict}"
            elif verdict.rule.startswith("another owner"):
                signal = f"it gives the deed to another's: {verdict.anchor_conflict}"
            elif verdict.rule.startswith(OWN_SUBJECT_RULE):
                named = verdict.rule.split(" names “", 1)[1].split("”", 1)[0]
                signal = f"it names the claim's own subject, “{named}”, and gives another figure ({verdict.anchor_conflict})"
            elif verdict.rule.startswith(("said of another subject", "said with another verb",
                                          "said for another case")):            # which value is whose
                other = {"said with another verb": "with another verb",
                         "said for another case": "for another case"}.get(verdict.rule.split(":", 1)[0],
                                                                          "for another subject")
                signal = f"it gives the claim's value {other}: {verdict.anchor_conflict}"
            elif verdict.rule.startswith("a part contradicted: ") and claim.parts:   # which part, and that the rest held
                part = max((p for p in claim.parts if p.reading), key=lambda p: p.reading[2])
                signal = (f"the sentence joins several claims, and one of them, “{part.text.rstrip('.!?')}”, is contradicted (the "
                          f"entailment model, reading it against its nearest context sentences, gives contradiction "
                          f"{part.reading[2]:.2f}), though read whole the sentence looked backed")
            elif verdict.rule.startswith("read alone, "):        # alone against together: say both
                others = [c for c in claim.joint_columns if c != verdict.anchor]
                signal = ((f"{diff}; " if diff else "") + f"read alone, the entailment model gives contradiction "
                          f"{claim.alone[2]:.2f}. Read together with "
                          f"{'; '.join(f'{_quote(result.context_sentences[o].text, 120)} ({_where(result, o)})' for o in others)}, "
                          f"it gives entailment {claim.joint[0]:.2f}, less than that: more sentences cannot undo what "
                          f"one says against the claim")
            elif reading == "together":                        # the sentence on the reading follows
                signal = diff
            else:
                p_c = claim.joint[2] if reading == "alone" else verdict.contradict
                signal = (f"{diff}; " if diff else "") + f"the entailment model gives contradiction {p_c:.2f}"
            text = f"Contradicted by {anchor} ({where})" + (f": {signal}." if signal else ".")
            if verdict.conflicting is not None and verdict.rule.startswith(OWN_SUBJECT_RULE):
                text += (f" {_quote(result.context_sentences[verdict.conflicting].text, 160)} "
                         f"({_where(result, verdict.conflicting)}) backs it only in general terms: it does not name "
                         f"“{named}”, so the sentence that names it decides.")
            elif verdict.conflicting is not None:
                text += (f" Another source supports it: {_quote(result.context_sentences[verdict.conflicting].text, 160)} "
                         f"({_where(result, verdict.conflicting)}) — {disagreement(result, verdict.anchor, verdict.conflicting)}.")
        elif verdict.label == SUPPORTED and verdict.rule.startswith("read by its clauses: "):
            text = (f"Supported by {anchor} ({where}): {verdict.anchor_conflict}. Read whole, the entailment model "
                    f"read the sentence as a contradiction, taking its other clause's scene for the claim's.")
        elif verdict.label == SUPPORTED and verdict.rule.startswith(BEFORE_CLOSING_RULE):
            text = (f"Supported by {anchor} ({where}): "
                    f"{verdict.rule.split(': ', 1)[1].split(' (context sentence')[0]}, whatever the model made of it.")
        elif verdict.label == SUPPORTED and verdict.rule.startswith(EXCLUDED_RULE):
            head = verdict.rule.split(" stands under “", 1)[1].split("”", 1)[0]
            text = (f"Supported by {anchor} ({where}): the source lists it under “{head}”, as the claim says (the "
                    f"entailment model, reading the line alone, had read it as cover).")
        elif verdict.label == SUPPORTED and verdict.rule.startswith("borne out by the figures: "):
            said = verdict.rule.split(": ", 1)[1].rsplit(" (context sentence", 1)[0]
            text = (f"Supported by {anchor} ({where}): its figures bear the comparison out ({said}), whatever the "
                    f"model made of the words.")
        elif verdict.label == SUPPORTED and verdict.rule.startswith("the exception: "):
            text = (f"Supported by {anchor} ({where}): {verdict.anchor_conflict}, and the claim says of them the "
                    f"opposite of what it says of the rest. The entailment model reads the exception as included and "
                    f"read the sentence as contradicting the claim, so its reading is taken the other way round.")
        elif verdict.rule.startswith(LIMIT_RULE) and claim.swapped is not None:
            how = "backs" if verdict.label == SUPPORTED else "neither backs nor contradicts"
            alone = claim.alone[2] if claim.alone is not None and claim.alone_column == verdict.anchor else \
                verdict.contradict if verdict.contradict is not None else _read_against(verdict, claim)
            text = (f"{'Supported by' if verdict.label == SUPPORTED else 'Unsupported:'} {anchor} ({where}) forbids going "
                    f"past the claim's figure. Read as the limit it states, it {how} the claim (the entailment model: "
                    f"P(entail) {claim.swapped[0]:.2f}, P(neutral) {claim.swapped[1]:.2f}); as written it read as a "
                    f"contradiction ({alone:.2f}) for its “not”, though both give the figure as the most.")
        elif verdict.label == SUPPORTED and (backed := backing_note(verdict.rule)):
            text = (f"Supported by {anchor} ({where}): {verdict.anchor_conflict}; {backed}. The entailment model read "
                    f"the pair as a contradiction, so its reading is taken the other way round.")
        elif verdict.label == SUPPORTED:
            shared = f"; matching entities: {', '.join(verdict.entities.shared)}" if verdict.entities.shared else ""
            p_e = (f"entailment {claim.joint[0] if reading == 'alone' else verdict.entail:.2f}, "
                   if reading != "together" else "")          # together: the sentence on the reading gives it
            text = f"Supported by {anchor} ({where}): {p_e}similarity {verdict.cosine:.2f}{shared}."
        elif verdict.label == PARTIAL and verdict.rule.startswith("stronger than the source: "):
            text = (f"Partly backed by {anchor} ({where}): the claim is stronger than the source "
                    f"({verdict.anchor_conflict.replace('the claim says', 'it says', 1)}). The source backs what the "
                    f"claim says, not how strongly it says it.")
        elif verdict.label == PARTIAL and verdict.rule.startswith("only part backed: ") and claim.parts:
            said = verdict.rule[len("only part backed: “"):].split("”: ", 1)[0]
            part = next((p for p in claim.parts if p.text == said and p.reading), None) or claim.parts[-1]
            read = ", ".join(str(j + 1) for j in part.columns)
            text = (f"Partly backed by {anchor} ({where}): the sentence joins several claims, and one of them, "
                    f"“{part.text.rstrip('.!?')}”, is not in the sources (read against context sentence"
                    f"{'s' if len(part.columns) > 1 else ''} {read}, the entailment model gives it entailment "
                    f"{part.reading[0]:.2f}).")
        elif verdict.label == PARTIAL and " only weakly: " in verdict.rule and claim.joint is not None:
            read = "the sentences read together" if verdict.rule.startswith("read together, ") else "it"
            text = (f"Weakly backed by {anchor} ({where}): the entailment model reads {read} as entailing the claim "
                    f"only weakly (P(e) {claim.joint[0]:.2f}, P(neutral) {claim.joint[1]:.2f}, P(contradict) "
                    f"{claim.joint[2]:.2f}); about half of such "
                    f"readings are right, so the claim is not called supported" + (f"; {diff}." if diff else "."))
        elif verdict.label == PARTIAL:
            why = diff or f"entailment is only {verdict.entail:.2f}"
            text = f"Partly backed by {anchor} ({where}), but {why} (F = {verdict.score:.2f})."
        elif verdict.rule.startswith("an open list: ") and verdict.anchor_conflict:
            text = (f"Unsupported: {anchor} ({where}): {verdict.anchor_conflict}. “include” and “such as” do not "
                    f"say a list is complete, so it neither backs nor contradicts the claim (the entailment model "
                    f"read it as contradiction {_read_against(verdict, claim):.2f}).")
        elif verdict.rule.startswith(EVENT_RULE) and claim.swapped is not None:
            text = (f"Unsupported: {anchor} ({where}) dates another event. Read with the claim's date in place of its "
                    f"own, it neither backs nor contradicts the claim (the entailment model: P(neutral) "
                    f"{claim.swapped[1]:.2f}); as written it read as a contradiction "
                    f"({_read_against(verdict, claim):.2f}) only for its date. The sources do not say when the claim's "
                    f"event happened.")
        elif verdict.rule.startswith(OTHER_KIND_RULE) and verdict.anchor_conflict:
            text = (f"Unsupported: {anchor} ({where}) gives figures of other kinds than the claim's "
                    f"({verdict.rule.split(': ', 1)[1].split('; ')[0]}): it reads as a contradiction to the entailment "
                    f"model ({_read_against(verdict, claim):.2f}), but it says nothing of the claim's figure.")
        elif verdict.rule.startswith(UNMENTIONED_RULE) and verdict.anchor_conflict:
            text = (f"Unsupported: {verdict.anchor_conflict}. The entailment model read {anchor} ({where}) as a "
                    f"contradiction ({_read_against(verdict, claim):.2f}), but a sentence on other things does not "
                    f"say the claim's is not so: it is not mentioned.")
        elif verdict.rule.startswith(SIBLING_RULE) and verdict.anchor_conflict:
            text = (f"Unsupported: {anchor} ({where}) {verdict.anchor_conflict.replace('it speaks', 'speaks', 1)}: what "
                    f"it says of its own does not back the claim, and no other sentence says it of the claim's.")
        elif verdict.rule.startswith("denied mention: "):
            what, cue = _denied(verdict.rule)
            from grounding.denial import how_denied
            how = {"still to come": "still to come, where the claim says it happened",
                   "still pending": "still pending, where the claim says it was done",
                   "not done or undecided": "not done, not there or undecided"}[how_denied(cue)]
            text = (f"Unsupported: {anchor} ({where}) names “{what}” only as {how} (“{cue}”), so it cannot back the "
                    f"claim, whatever words it shares with it.")
        elif verdict.rule.startswith(DOUBTED) and claim.joint is not None:
            read = ("the judged sentences together (and one of them alone)" if len(claim.joint_columns) > 1
                    else "it against the claim")
            text = (f"Unsupported: {anchor} ({where}) scores as backing the claim (F = {verdict.score:.2f}), but the "
                    f"entailment model, reading {read}, leans to contradiction (P(contradict) {claim.joint[2]:.2f}, "
                    f"P(entail) {claim.joint[0]:.2f}); the two readings disagree, so the claim is not called supported.")
        elif verdict.score is None:
            text = (f"Unsupported: the closest context sentence, {anchor} ({where}), has similarity "
                    f"{verdict.cosine:.2f}, below τ, so no sentence was judged relevant.")
        else:
            why = diff or f"entailment {verdict.entail:.2f}, contradiction {verdict.contradict:.2f}"
            text = f"Unsupported: the best match {anchor} ({where}) does not establish the claim — {why} (F = {verdict.score:.2f})."
        if verdict.label in (SUPPORTED, PARTIAL) and verdict.conflicting is not None:
            text += _leans_against(result, verdict)
        words = align(result.context_sentences[verdict.anchor].text, claim.text)
        if words != claim.text:     # "a month" read as "30 days": say so, the model read that text
            end = "" if words.rstrip()[-1:] in ".!?" else "."     # "… the last year.”", not "… year.”."
            text += f" The claim was read in the source's words: {_quote(words)}{end}"
    if verdict.label != NOT_ASSESSED and verdict.rule.startswith("read together, ") and len(claim.joint_columns) > 1:
        text += " " + _together(result, verdict, claim)
    elif verdict.label == SUPPORTED and verdict.rule.startswith("judged alone, "):
        text += _red_anchor(result, verdict)
    if verdict.rule.startswith("partly read: "):
        label = verdict.rule[len("partly read: "):].split(" on the part read")[0]
        text = (f"Partly read: only the start of this claim fit the model's window; on that part it is {label}, but "
                f"the rest was never read, so it is not called supported. Shorten or split the sentence. ") + text
    elif claim.truncated and verdict.label != NOT_ASSESSED:
        text += " Only the start of this claim fit the model's window; the rest was not read."
    if verdict.label != NOT_ASSESSED and any(p.rechecked for p in result.pairs if p.claim == verdict.claim):
        text += (" This verdict lay near a threshold, so its judgements were made again by the fp32 models "
                 "(the int8 ones could have turned it).")
    if claim.cut_short and verdict.label != NOT_ASSESSED:
        text += (" The time budget ran out while this sentence was read again: the verdict rests on the first readings "
                 "only (not every reading together, clause by clause or by the fp32 models was made).")
    unread = unread_note(result)
    if unread and verdict.label not in (NOT_ASSESSED, CONTRADICTED):
        text += " " + unread
    if verdict.rule.startswith("learned:"):   # the learned preset: its probabilities decided, not F
        text = text.replace(f" (F = {verdict.score:.2f})", "") if verdict.score is not None else text
        text += f" Decided by the learned verdict model: {verdict.rule[len('learned: '):]}."
    return _explainer(text, verdict, result) if _explainer else text


def _reading(verdict: Verdict, claim: Claim) -> str | None:
    """"alone" / "together" when the entailment model's reading of the claim's chosen sentence (or sentences, read
    together) decided the verdict (verdict.joint_reading): its probability, not the anchor pair's, is the one to
    quote. In the context engines the pair's numbers are the scorer's, which can say the opposite ("contradiction
    0.05" under a Contradicted verdict the reading decided at 0.95)."""
    if claim.joint is None or verdict.label not in (SUPPORTED, CONTRADICTED):
        return None
    if verdict.rule.startswith("judged alone, "):
        return "alone"
    if verdict.rule.startswith("read together, ") and len(claim.joint_columns) > 1:
        return "together"
    return None


def _together(result: GroundingResult, verdict: Verdict, claim: Claim) -> str:
    """The judged sentences read together as one premise decided (verdict.joint_reading): name them."""
    others = [c for c in claim.joint_columns if c != verdict.anchor]
    e, _, c = claim.joint
    what = f"entail it (entailment {e:.2f})" if verdict.label == SUPPORTED else f"contradict it (contradiction {c:.2f})"
    fp32 = " (fp32 recheck: near a threshold)" if claim.joint_rechecked else ""
    text = (f"Read together with {'; '.join(f'{_quote(result.context_sentences[o].text, 120)} ({_where(result, o)})' for o in others)}, "
            f"the judged sentences {what}{fp32}.")
    if verdict.label == SUPPORTED:   # the map's red cells among them: the reading of one sentence alone
        entails_alone = claim.alone_entails
        alone = [p.column for p in result.pairs if p.claim == verdict.claim and p.psi == -1
                 and p.column in claim.joint_columns and p.column != verdict.conflicting
                 and not (entails_alone and p.column == claim.alone_column)]
        if entails_alone and verdict.anchor == claim.alone_column:   # the scorer's red, the entailment model's support
            text += _red_anchor(result, verdict, claim.alone[0])
        unshared = [j for j in alone if j in (claim.alone_cleared or ())]
        alone = [j for j in alone if j not in unshared]
        if alone:
            text += (f" Read alone, {' and '.join(_where(result, j) for j in sorted(alone))} "
                     f"{'reads' if len(alone) == 1 else 'read'} as contradicting it (red in the map); read together, "
                     "the sentences do not.")
        if unshared:   # the scorer's red, which the entailment model reading the sentence alone does not share
            text += (f" The scorer reads {' and '.join(_where(result, j) for j in sorted(unshared))} as contradicting "
                     f"it (red in the map); the entailment model, reading {'it' if len(unshared) == 1 else 'each'} "
                     "alone, does not.")
    return text


def _red_anchor(result: GroundingResult, verdict: Verdict, entail: float | None = None) -> str:
    """A Supported verdict whose anchor the entailment model reads as support (alone: the reading that decided, or
    `entail`, its reading alone of the most similar sentence read together), where the map shows that sentence red
    (the context engines' scorer, reading it in its document, labelled the cell contradicting): say so, so that the
    red cell under a supported claim is explained."""
    pair = next((p for p in result.pairs if p.claim == verdict.claim and p.column == verdict.anchor), None)
    if pair is None or pair.psi != -1:
        return ""
    return (f" In its document the scorer reads this sentence as contradicting the claim (red in the map, "
            f"P(contradict) {pair.contradict:.2f}); the entailment model, reading the sentence against the claim"
            + (f" alone, does not (entailment {entail:.2f})." if entail is not None else ", does not."))


def unread_note(result: GroundingResult) -> str:
    """What of the context was never read (beyond the limits or the time budget), for every verdict it touches."""
    parts = [u for u in result.coverage.unread if u.get("part") != "response"]
    if not parts:
        return ""
    chars = sum(u["chars"] - u["read"] for u in parts)
    what = f"{chars:,} characters of the context" if chars else "part of the context"
    return f"Not read: {what} ({parts[0]['reason']}); evidence there was not looked at."


def _leans_against(result: GroundingResult, verdict: Verdict) -> str:
    """A backed claim with a judged sentence whose most likely class is contradiction (no override fired)."""
    pair = next((p for p in result.pairs if p.claim == verdict.claim and p.column == verdict.conflicting), None)
    on_its_own = "on its own; read with the others the sources back the claim" if verdict.rule.startswith("read together") \
        else "below the override"
    how = f" (contradiction {pair.contradict:.2f}, {on_its_own})" if pair is not None else ""
    values = quantity_conflicts(result.claims[verdict.claim].text, result.context_sentences[verdict.conflicting].text,
                                same_figure=True)
    if values:
        how = " (it gives " + ", ".join(f"{x} where the claim says {c}" for c, x in values) + ")"
    what = disagreement(result, verdict.anchor, verdict.conflicting).replace(" disagree", " may disagree")
    return (f" But {_quote(result.context_sentences[verdict.conflicting].text, 160)} "
            f"({_where(result, verdict.conflicting)}) leans against it{how}: {what}.")


def _read_against(verdict: Verdict, claim: Claim) -> float:
    """P(contradiction) the entailment model gave the claim as written: its joint reading's, else the verdict's."""
    return claim.joint[2] if claim.joint is not None else verdict.contradict or 0
