"""The exception a sentence makes of what it says: "Pets are not allowed, except assistance dogs", "All items can be
returned within 30 days, apart from sale items", "Everyone must pay the fee, with the exception of children under
five".

The entailment model reads the exception as one of the things the sentence speaks of: "Assistance dogs are
welcome" against "Pets are not allowed, except assistance dogs" gave contradiction 0.96, "Sale items can be
returned within 30 days" against the returns sentence entailment 0.96, "Children under five do not pay the fee"
against the fee sentence contradiction 0.83 (2026-12-05, the shipped model; seven such pairs of seven read the
wrong way round). What the sentence says of the rest does not hold for the exception, so its reading of a claim
*about the exception* is the other way round (overrides.exception_override).

A sentence that says what holds in its exception ("closed on Mondays, except bank holiday Mondays, when it opens from
10am to 4pm") is read as the model reads it. A claim is about the exception when its subject (spaCy's parse: the root's nsubj or nsubjpass, with the words under it)
has the exception's content words up to its head noun, half of those after it and none but the exception's, by their
first five letters ("Assistance dogs" / "except assistance dogs"; "Babies under one" / "apart from babies under one year
old"; not "Children pay the fee" against "with the exception of children under five", nor "Dogs are welcome", which the
sentence does not except). Or the claim says the sentence's rule of the exception: it holds every content word of the
exception and most of the words before the cue ("Blue badge holders can park free in the multi-storey car park" against
"Blue badge holders can park free at any time, except in the multi-storey car park"), or, less the exception, only words
before the cue, two at least ("Breakfast is included in the basic rate" against "Breakfast is served from 7 to 10am and
is included in all rates except the basic rate"; "The museum is open on Mondays" against "open daily except Mondays",
where the model gave the claim and its opposite the same entailment, 0.74 and 0.75: the words decide, a claim negated as
the rest is said contradicted, one negated the other way backed, `_says_the_rest`). Words only, no model.
"""
from __future__ import annotations

import re
from typing import NamedTuple

from grounding.config import VerdictPreset
from grounding.negate import _NEGATION
from grounding.types import CONTRADICTED, PARTIAL, SUPPORTED, EntityDiff, PairScore, Verdict

EXCEPTION_RULE = "the exception"

# "but not" is a negation the model reads ("The rent includes water and heating but not electricity" against
# "Electricity is included in the rent": contradiction 0.76), no exception it misses
_CUE = re.compile(r"\b(?:except(?:\s+for)?|apart\s+from|other\s+than|with\s+the\s+exception\s+of|excluding|save\s+for)"
                  r"\s+(?P<what>[^,.;:()]+)", re.IGNORECASE)


# the exception said with its own denial: "Items can be returned within 30 days, but underwear and earrings cannot be
# returned" (the model read "Earrings can be returned" and "Earrings cannot be returned" both as entailed, P(e) 0.93)
_BUT_NOT = re.compile(r"\bbut\s+(?P<what>[^,.;:()]+?)\s+(?P<cue>cannot|can't|can\s+not|may\s+not|must\s+not|are\s+not|"
                      r"is\s+not|aren't|isn't|do\s+not|does\s+not|don't|doesn't|will\s+not|won't)\s+(?P<rest>[^,.;:()]+)",
                      re.IGNORECASE)
_ITEMS = re.compile(r"\s*,\s*(?:and\s+|or\s+)?|\s+(?:and|or)\s+")


# the claim leaving the exception out itself, right before it: "before VAT", "excluding VAT", "except Mondays"
_LEFT_OUT = re.compile(r"\b(?:before|excluding|excl\.?|ex|plus|without|not\s+including|except(?:\s+for)?|apart\s+from"
                       r"|other\s+than|save\s+for)\s+(?:the\s+)?$|\+\s*$", re.IGNORECASE)


class Excepted(NamedTuple):
    what: str    # the exception as written: "assistance dogs"
    cue: str     # with its cue: "except assistance dogs"


def _subject_words(claim: str) -> str:
    """The words of the claim's subject (the root's nsubj / nsubjpass and what is under it), or ""."""
    from grounding.decompose import parse
    doc = parse(claim)
    root = next((t for t in doc if t.dep_ == "ROOT"), None)
    subject = next((c for c in root.children if c.dep_ in ("nsubj", "nsubjpass")), None) if root is not None else None
    return " ".join(t.text for t in subject.subtree) if subject is not None else ""


_OWN_RULE = re.compile(r"\s*,\s*(?:when|where|on\s+which|in\s+which|which|who)\b", re.IGNORECASE)


def excepted(claim: str, sentence: str) -> Excepted | None:
    """The exception of `sentence` the claim's subject is (see the module docstring), or None."""
    from grounding.overclaim import _stems
    found = list(_CUE.finditer(sentence))
    if not found:
        return None
    from grounding.overclaim import holds_most
    subject, own = _stems(_subject_words(claim)), _stems(claim)
    kept = [_stems(k.group("what")) for k in _CUE.finditer(claim)]     # the claim's own exceptions
    for m, what in ((m, w) for m in found for w in _items(m.group("what").strip())):
        if _OWN_RULE.match(sentence, m.end()):
            continue      # the sentence says what holds then: "closed on Mondays, except bank holiday Mondays, when
            #             it opens from 10am to 4pm" (the model reads that)
        if _LEFT_OUT.search(claim[:claim.lower().find(what.lower())] if what.lower() in claim.lower() else ""):
            continue      # the claim leaves it out too: "£21 a month before VAT" / "£21, excluding VAT"
        if any(len(k & _stems(what)) * 2 >= len(_stems(what)) for k in kept):
            continue      # or makes it in its own words: "Apart from bank holidays, it's closed on Mondays"
        head, words = _head_words(what), _stems(what)
        after = words - head      # what qualifies the head: the subject says half of it ("under one" of "under one
        if subject and head <= subject <= words and 2 * len(subject & after) >= len(after):   # year old")
            return Excepted(what, m.group(0).strip())
        # the rule said of the exception: "Blue badge holders can park free in the multi-storey car park" against
        # "Blue badge holders can park free at any time, except in the multi-storey car park"
        rule = sentence[:m.start()]
        rest = re.sub(re.escape(what), " ", claim, flags=re.IGNORECASE)   # "Breakfast is included in the basic rate"
        if words and words <= own and _stems(rule) and (holds_most(rule, claim) or _stems(rest) and holds_most(
                rest, rule, 1.0, 2) or _said_of_it(claim, rest, rule)):   # / "… all rates except the basic rate"
            return Excepted(what, m.group(0).strip())
    return None


def _items(what: str) -> list[str]:
    """The exception, then each thing it lists when it lists several ("those at airports and train stations": the
    claim may speak of one of them, "The card can be used at airport branches")."""
    items = [i.strip() for i in _ITEMS.split(what) if i.strip()]
    return [what] + (items if len(items) > 1 else [])


def _said_of_it(claim: str, rest: str, rule: str) -> bool:
    """Whether the rule, its subject a pronoun ("It … is open daily"), holds every word of the claim less the
    exception and the claim's subject ("The exhibition is open on Mondays": "is open on")."""
    from grounding.overclaim import _stems, holds_most
    if not re.search(r"\b(?:it|they)\b", rule, re.IGNORECASE):
        return False
    subject = _subject_words(claim)
    own = rest.replace(subject, " ", 1) if subject else rest
    return bool(subject) and bool(_stems(own)) and holds_most(own, rule, 1.0, 1)


def denied_exception(claim: str, sentence: str) -> tuple[Excepted, bool] | None:
    """(the exception, whether the claim says it as the sentence does) where the sentence denies its rule of the claim's
    subject by name ("…, but underwear and earrings cannot be returned"; `_BUT_NOT`): the subject is one of the
    named things (as for `excepted`), and the claim holds the first word of what is denied ("returned"). The claim
    says it so where it is negated too."""
    from grounding.overclaim import _stems
    subject = _stems(_subject_words(claim))
    for m in _BUT_NOT.finditer(sentence) if subject else ():
        denied = next((w for w in re.findall(r"[a-z][a-z-]+", m.group("rest").lower()) if _stems(w)), None)
        if denied is None or not _stems(denied) <= _stems(claim):
            continue
        for item in _ITEMS.split(m.group("what").strip()):
            if item and _head_words(item) <= subject <= _stems(item):
                return Excepted(item, m.group(0).strip()), bool(_NEGATION.search(claim))
    return None


def _head_words(what: str) -> set[str]:
    """The content words of the exception up to its head noun (spaCy's root of the phrase): "assistance dogs" of
    "assistance dogs", "babies" of "babies under one year old"."""
    from grounding.decompose import parse
    from grounding.overclaim import _stems
    doc = parse(what)
    root = next((t for t in doc if t.dep_ == "ROOT"), None)
    return _stems(doc[:root.i + 1].text) if root is not None else _stems(what)


def exception_override(v: Verdict, preset: VerdictPreset, claim_text: str, pairs: list[PairScore], joint_columns,
                       context_texts: list[str], entity_diffs: dict[int, EntityDiff]) -> Verdict:
    """A verdict the model's reading decided (no rule found a conflict: no `anchor_conflict`) whose anchor, or one of
    the sentences read together that decided it, names the claim's subject as its exception (`excepted`): the reading
    taken the other way round. Contradicted becomes Supported ("Assistance dogs are welcome" against "Pets are not
    allowed, except assistance dogs"), Supported or Partially supported becomes Contradicted ("Sale items can be
    returned within 30 days" against "All items can be returned within 30 days, apart from sale items"). The anchor
    becomes that sentence; `anchor_conflict` names the exception, and the maps show its cell as the verdict reads it
    (stages.verdict.show_rules). On with the preset's reversal_override."""
    if preset.reversal_override is None or v.anchor_conflict or v.anchor is None or v.score is None \
            or v.label not in (SUPPORTED, PARTIAL, CONTRADICTED):
        return v
    together = v.rule.startswith("read together, ")
    columns = [v.anchor] + ([c for c in sorted(joint_columns or ()) if c != v.anchor] if together else [])
    found = next(((c, e, None) for c in columns if (e := excepted(claim_text, context_texts[c])) is not None), None) \
        or next(((c, *d) for c in columns if (d := denied_exception(claim_text, context_texts[c])) is not None), None)
    if found is None:
        return v
    column, e, agrees = found
    if agrees is None and v.label == CONTRADICTED and _says_the_rest(claim_text, context_texts[column], e):
        return v    # the model is right: "The zoo is open on Christmas Day" / "… except Christmas Day"
    if agrees is None and v.label != CONTRADICTED \
            and _says_the_rest(claim_text, context_texts[column], e, opposite=True):
        return v    # so is its support: "Breakfast is not included in the basic rate" / "… except the basic rate"
    from grounding.overrides import move_anchor
    move_anchor(v, next((p for p in pairs if p.column == column and p.judged), None), preset, entity_diffs)
    before = v.label
    v.label = (SUPPORTED if before == CONTRADICTED else CONTRADICTED) if agrees is None else \
        SUPPORTED if agrees else CONTRADICTED
    if v.label == before:
        return v
    v.conflicting = None
    v.anchor_conflict = f"it names “{e.what}” as the exception (“{e.cue}”) to what it says of the rest"
    v.rule = (f"{EXCEPTION_RULE}: context sentence {column + 1} names “{e.what}” as the exception (“{e.cue}”), "
              + (f"which the model reads as included: {before} taken the other way round ({v.rule})" if agrees is None
                 else f"and the claim says {'it' if agrees else 'the rest'} of it: {before} made {v.label} ({v.rule})"))
    return v


def _says_the_rest(claim: str, sentence: str, e: Excepted, opposite: bool = False) -> bool:
    """Whether the claim says of the exception what the sentence says of the rest, in its words and negated alike:
    "The zoo is open on Christmas Day" against "The zoo is open every day except Christmas Day" (the model's
    contradiction was right, and taken the other way round it had been Supported on every engine); not "Assistance
    dogs are welcome" against "Pets are not allowed, except assistance dogs", whose words differ. Such a contradiction
    stands. `opposite`: whether it says the opposite of the rest, in its words, negated the other way ("Breakfast is not
    included in the basic rate" against "… is included in all rates except the basic rate"): such a support stands."""
    from grounding.overclaim import holds_most
    rest = sentence[:sentence.find(e.cue)] if e.cue in sentence else sentence
    own = re.sub(re.escape(e.what), " ", claim, flags=re.IGNORECASE)
    return (bool(_NEGATION.search(own)) != bool(_NEGATION.search(rest))) == opposite and (
        holds_most(own, rest) or _said_of_it(claim, _NEGATION.sub(" ", own), rest))
