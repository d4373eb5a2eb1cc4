"""A condition a prohibition lifts: "The tenant must not keep any animal at the property without the landlord's prior
written consent" permits an animal with that consent, and so backs "Pets are allowed with the landlord's
permission". The entailment model reads the sentence's "must not" against the claim's "allowed" and calls the pair a
contradiction (P(c) 0.95 on the shipped model, 2026-12-05; "You cannot enter without a ticket" against "Entry is
allowed with a ticket" the same way), where the two negations of the sentence ("not … without") cancel.

`lifted` finds such a pair, by words: the sentence denies something (negate's words, and "cannot") and, after
the denial in the same clause, says "without" a condition; the claim, not negated, permits something ("allowed",
"permitted", "can", "may", "able", "possible") "with" (or "subject to", "provided") a condition; the two
conditions have one head noun, by its first five letters or as two words for a permission ("permission", "consent",
"approval", …), and the claim's other words of its condition are among the sentence's ("the landlord's permission"
and "the landlord's prior written consent"; not "the council's permission"). The claim's thing is not compared: the
rule only turns a contradiction the model read in the anchor it chose (overrides' chain, `backed_override`, which
also reads the end of a state the claim says holds until then: grounding.ended.ends_as_said, and a place closed on
the days it does not open: grounding.weekdays.closed_outside, open on the claim's days: open_within, and hours
within the claim's part of the day: grounding.hours.within_part_of_day).
"""
from __future__ import annotations

import re
from typing import NamedTuple

from grounding.config import VerdictPreset
from grounding.negate import _NEGATION
from grounding.types import CONTRADICTED, SUPPORTED, UNSUPPORTED, PairScore, Verdict

CONDITION_RULE = "the condition it lifts"
WITHHELD_RULE = "the condition it sets"
UNTIL_RULE = "the end it gives"
DAYS_RULE = "the days it opens"
OPEN_DAYS_RULE = "the days it is open"
HOURS_RULE = "the hours it gives"
BOUND_RULE = "the value within the bound"
LENGTH_RULE = "the length it gives"
RECURRENCE_RULE = "how often, in other words"
NOTES = {CONDITION_RULE: "what it forbids without that condition it allows with it",
         UNTIL_RULE: "a state that ends then holds until then",
         DAYS_RULE: "a place open only on the other days is closed on these",
         OPEN_DAYS_RULE: "a place open on a span of days is open on each of them",
         HOURS_RULE: "hours within a part of the day are in that part of the day",
         WITHHELD_RULE: "what it allows only while a condition does not hold it does not allow when it does",
         BOUND_RULE: "a value within the claim's bound is one the bound allows",
         LENGTH_RULE: "the length it gives is the claim's",
         RECURRENCE_RULE: "it says how often in other words"}

# negate's words of a negation ("not", "n't", "never", "no", "nothing", …), and "cannot", which they miss as one word
_DENIAL = re.compile(_NEGATION.pattern + r"|\bcannot\b", re.IGNORECASE)
_WITHOUT = re.compile(r"\bwithout\s+(?P<what>[^,.;:()]+)", re.IGNORECASE)
_WITH = re.compile(r"\b(?:with|subject\s+to|provided(?:\s+(?:you|they)\s+(?:have|get|obtain))?)\s+"
                   r"(?P<what>[^,.;:()]+)", re.IGNORECASE)
_PERMITS = re.compile(r"\b(?:allowed|permitted|can|may|able|possible|welcome)\b", re.IGNORECASE)
_CLAUSE_BREAK = re.compile(r"[;:]|\bbut\b|\bhowever\b|\bunless\b|\bexcept\b", re.IGNORECASE)
_PERMISSION = frozenset({"permi", "conse", "appro", "autho", "agree", "clear", "licen", "say-s"})


class Lifted(NamedTuple):
    claim: str       # the claim's condition, with its cue: "with the landlord's permission"
    sentence: str    # the sentence's: "without the landlord's prior written consent"


def _head(what: str):
    """The condition's head noun (the root of its parse), or None."""
    from grounding.decompose import parse
    doc = parse(what)
    root = next((t for t in doc if t.dep_ == "ROOT"), None)
    return root if root is not None and root.pos_ in ("NOUN", "PROPN") else None


def _same_condition(ours: str, theirs: str) -> bool:
    from grounding.overclaim import _stems
    a, b = _head(ours), _head(theirs)
    if a is None or b is None:
        return False
    ka, kb = a.lower_[:5], b.lower_[:5]
    if ka != kb and not (ka in _PERMISSION and kb in _PERMISSION):
        return False
    return _stems(ours) - _stems(a.text) <= _stems(theirs)


def lifted(claim: str, sentence: str) -> Lifted | None:
    """The condition the claim permits with and the sentence's prohibition lifts (see the module docstring), or None."""
    if _DENIAL.search(claim) or not _PERMITS.search(claim):
        return None
    ours = list(_WITH.finditer(claim))
    for w in _WITHOUT.finditer(sentence) if ours else ():
        if not _denied_before(sentence, w.start(), _CLAUSE_BREAK):
            continue
        for m in ours:
            if _same_condition(m.group("what").strip(), w.group("what").strip()):
                return Lifted(m.group(0).strip(), w.group(0).strip())
    return _lifted_if(claim, sentence)


def _denied_before(sentence: str, at: int, breaks: re.Pattern) -> bool:
    """Whether the sentence denies something before `at` in the same clause (its last denial there, no `breaks`
    between it and `at`)."""
    denial = None
    for d in _DENIAL.finditer(sentence, 0, at):
        denial = d
    return denial is not None and not breaks.search(sentence, denial.end(), at)


# a clause's end before "unless" (which _CLAUSE_BREAK counts as one)
_BREAK_BEFORE_UNLESS = re.compile(r"[;:]|\bbut\b|\bhowever\b", re.IGNORECASE)
_UNLESS = re.compile(r"\bunless\s+(?P<what>[^,.;:()]+)", re.IGNORECASE)
_IF = re.compile(r"\b(?:if|once|provided(?:\s+that)?|as\s+long\s+as)\s+(?P<what>[^,.;:()]+)", re.IGNORECASE)


def _lifted_if(claim: str, sentence: str) -> Lifted | None:
    """"Do not use it on children under 10 unless it has been prescribed by a doctor" lifts its prohibition "if a
    doctor has prescribed it" (the model read the claim "Children under 10 can use it if a doctor has prescribed it"
    as contradicted, P(c) 0.96): the sentence denies, then "unless" (or "without") a condition in the same clause; the
    claim permits "if" (or "once", "provided", "as long as") a condition whose content words are the sentence's, or
    one of permission by the same party ("if the landlord agrees in writing" / "without the landlord's written
    consent")."""
    from grounding.overclaim import _stems
    for u in sorted(list(_UNLESS.finditer(sentence)) + list(_WITHOUT.finditer(sentence)), key=lambda m: m.start()):
        if not _denied_before(sentence, u.start(), _BREAK_BEFORE_UNLESS):
            continue
        theirs = _stems(u.group("what"))
        for m in _IF.finditer(claim):
            ours = _stems(m.group("what"))
            if ours and (ours <= theirs and 2 * len(ours) >= len(theirs) or _same_permission(ours, theirs)):
                return Lifted(m.group(0).strip(), u.group(0).strip())
    return None


def _same_permission(ours: set, theirs: set) -> bool:
    """Whether "if the landlord agrees in writing" is "without the landlord's written consent": a word of permission
    on both sides, the claim's other words the sentence's (by four letters)."""
    rest = {w[:4] for w in ours - _PERMISSION}       # by four letters: "writi(ng)" / "writt(en)"
    return bool(ours & _PERMISSION) and bool(theirs & _PERMISSION) and bool(rest) \
        and rest <= {w[:4] for w in theirs}


# a deed allowed only while a condition does not hold: "… as long as no one else has reserved the book", "unless
# it has been reserved"
_WHILE_NOT = re.compile(r"\b(?:(?P<neg>(?:as|so)\s+long\s+as|provided(?:\s+that)?|providing(?:\s+that)?|on\s+condition"
                        r"\s+that|only\s+if)|(?P<unless>unless))\s+(?P<cond>[^,.;:()]+)", re.IGNORECASE)
_CLAIM_DENIES = re.compile(r"\b(?:cannot|can't|can\s+not|may\s+not|must\s+not|are\s+not|is\s+not|not\s+allowed)\s+"
                           r"(?:be\s+|to\s+)?(?P<verb>[a-z]{4,})", re.IGNORECASE)
_FILLER = frozenset("no one else anyone anybody someone nobody not never has have had been being is are was were the "
                    "a an it they them their its".split())


def withheld(claim: str, sentence: str) -> tuple[str, str] | None:
    """(the claim's words, the sentence's condition) where the sentence allows a deed only while a condition does not
    hold and the claim denies that deed to what the condition holds for: "Reserved books cannot be renewed" against
    "Loans can be renewed twice online, as long as no one else has reserved the book" (P(c) read by the model)."""
    denied = _CLAIM_DENIES.search(claim)
    if denied is None:
        return None
    verb = denied.group("verb").lower()[:5]
    for m in _WHILE_NOT.finditer(sentence):
        cond = m.group("cond")
        if m.group("neg") and not _DENIAL.search(cond) or m.group("unless") and _DENIAL.search(cond):
            continue
        if not re.search(rf"\b{re.escape(verb)}", sentence[:m.start()], re.IGNORECASE):
            continue
        words = {w.lower()[:5] for w in re.findall(r"[A-Za-z]{4,}", cond) if w.lower() not in _FILLER}
        theirs = {w.lower()[:5] for w in re.findall(r"[A-Za-z]{4,}", claim[:denied.start()])}
        if words & theirs - {verb}:
            return denied.group(0), m.group(0).strip()
    return None


def backing(claim_text: str, sentence: str) -> tuple[str, str] | None:
    """(the rule's name, what it found) where the sentence backs what the model read it as contradicting: a
    condition it lifts, the end of a state the claim says holds until then (grounding.ended.ends_as_said), or the
    other days of the week open where the claim says closed (grounding.weekdays.closed_outside), days open that hold
    the claim's (grounding.weekdays.open_within), or hours within the part of the day the claim gives
    (grounding.hours.within_part_of_day), or a value within the claim's bound (grounding.ranges.bounds_held: "under 3
    kg" against "2.4 kg"; a bounded share, grounding.most.share_bound: "Fewer than half" against "45%"), or the claim's
    length of time (grounding.lengths_held: "three days" against "from
    4 to 6 June"), or how often in other words (grounding.frequencies.same_recurrence: "every two weeks" against "to
    fortnightly")."""
    found = lifted(claim_text, sentence)
    if found is not None:
        return CONDITION_RULE, f"it forbids it only “{found.sentence}”, and the claim allows it “{found.claim}”"
    kept = withheld(claim_text, sentence)
    if kept is not None:
        return WITHHELD_RULE, f"it allows it only “{kept[1]}”, and the claim says it “{kept[0]}” where that fails"
    from grounding.ended import ends_as_said
    ends = ends_as_said(claim_text, sentence)
    if ends is not None:
        return UNTIL_RULE, f"it says “{ends[1]}”, and the claim that it holds “{ends[0]}”"
    from grounding.hours import within_part_of_day
    from grounding.weekdays import closed_outside, open_within
    for name, said in ((DAYS_RULE, closed_outside), (OPEN_DAYS_RULE, open_within),    # (the claim's words, its)
                       (HOURS_RULE, within_part_of_day)):
        found = said(claim_text, sentence)
        if found is not None:
            return name, f"it says “{found[1]}”, and the claim “{found[0]}”"
    from grounding.lengths_held import lengths_held
    from grounding.frequencies import same_recurrence
    from grounding.ranges import bounds_held
    from grounding.most import share_bound
    share = share_bound(claim_text, sentence)
    for name, found in ((BOUND_RULE, bounds_held(claim_text, sentence) or ([share[1:]] if share and share[0] else [])),
                        (LENGTH_RULE, lengths_held(claim_text, sentence)),
                        (RECURRENCE_RULE, same_recurrence(claim_text, sentence))):
        if found:
            return name, "; ".join(f"it says “{x}”, and the claim “{c}”" for c, x in found)
    return None


def backed_override(v: Verdict, preset: VerdictPreset, claim_text: str, context_texts: list[str],
                   pairs: tuple[PairScore, ...] | list[PairScore] = (), tau: float = 0.5) -> Verdict:
    """A Contradicted verdict the model's reading decided (no rule found a conflict: no `anchor_conflict`) whose anchor
    backs the claim in a way the model reads the other way round (`backing`: it forbids the claim's thing only without
    the condition the claim allows it with, or it ends the claim's state when the claim says it holds until): Supported
    on that sentence. Also where the anchor names no time of day, day of the week or part of the day (none of the kinds
    the claim names: "… released at 8am" for "open on weekdays") and another judged sentence (`pairs`, cosine at least
    `tau`) gives the claim's days or hours (`_TIMED`): the model's contradiction then comes from a sentence on another
    point ("Blood tests are done in the morning only" was Contradicted by "Blood tests are by appointment only", P(c)
    0.75, its "only" taken for the claim's, while "Blood tests are carried out between 8:30am and 11:30am" gives morning
    hours); the anchor becomes that sentence. An Unsupported verdict whose anchor the model read as leaning to
    contradiction (P(c) above P(e)) is taken so too: the lean fell short of the threshold for the same reason ("The
    museum is open on Sundays" against "… open …, Tuesday to Sunday, and closed on Mondays", P(c) 0.64). On with the
    preset's reversal_override."""
    from grounding.verdict import DOUBTED    # the sentences read together lean to contradiction
    leans = v.label == UNSUPPORTED and (v.contradict is not None and v.contradict > (v.entail or 0.0)
                                        or v.rule.startswith(DOUBTED))
    if preset.reversal_override is None or v.anchor_conflict or v.anchor is None or v.score is None \
            or not (v.label == CONTRADICTED or leans):
        return v
    found, column, cosine = backing(claim_text, context_texts[v.anchor]), v.anchor, v.cosine
    if found is None and not _timed(context_texts[v.anchor], claim_text):
        for p in sorted(pairs, key=lambda p: (-p.cosine, p.column)):
            if p.judged and p.cosine >= tau and p.column != v.anchor:
                found = backing(claim_text, context_texts[p.column])
                if found is not None and found[0] in _TIMED:
                    column, cosine = p.column, p.cosine
                    break
                found = None
    if found is None:
        return v
    before = v.anchor
    name, v.anchor_conflict = found
    v.label, v.conflicting, v.anchor, v.cosine = SUPPORTED, None, column, cosine
    v.rule = (f"{name}: context sentence {column + 1}: {v.anchor_conflict}, which the model reads as a "
              f"contradiction: {'Contradicted' if not leans else 'its lean to contradiction'} taken the other way "
              f"round ({v.rule})" if column == before else
              f"{name}: context sentence {column + 1}: {v.anchor_conflict}; the model's contradiction came from "
              f"context sentence {before + 1}, which names none of the claim's days or times ({v.rule})")
    return v


_TIMED = (DAYS_RULE, OPEN_DAYS_RULE, HOURS_RULE)
_PART_OF_DAY = re.compile(r"\b(?:morning|afternoon|evening|night|midday|noon|midnight)s?\b", re.IGNORECASE)


_WEEK_PART = re.compile(r"\bweek(?:day|end)s?\b", re.IGNORECASE)


def _timed(sentence: str, claim: str = "") -> bool:
    """Whether a sentence names a time of day, a day of the week or a part of the day; with `claim`, one of the kinds
    the claim names ("The clinic is open on weekdays": a day; "… same-day appointments are released at 8am" names
    only an hour, and a sentence that gives the claim's days may back it)."""
    from grounding.entities import mentions

    def kinds(text: str) -> set[str]:
        found = {"hours" if m.kind == "time" else "days" for m in mentions(text) if m.kind in ("time", "weekday")}
        return found | ({"hours"} if _PART_OF_DAY.search(text) else set()) | (
            {"days"} if _WEEK_PART.search(text) else set())
    theirs = kinds(sentence)
    return bool(theirs & kinds(claim)) if claim else bool(theirs)


def backing_note(rule: str) -> str | None:
    """The explanation's words for a verdict `backed_override` decided (None for any other)."""
    return next((why for name, why in NOTES.items() if rule.startswith(name + ": ")), None)
