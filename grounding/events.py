"""The date of another event. The entailment model reads a claim that dates one event against a sentence that dates
another of the same subject as a contradiction: "The club was founded in 1902" against "In 2021 the club finished
first in the league" (P(c) 0.74 alone; Contradicted on every engine), though the source never says when the club was
founded. Not mentioned is not contradicted. The verbs cannot tell the two cases apart: "Tolls were abolished in
2010" against "Tolls on the crossing were removed in 2018" is one event in other words, and a contradiction.

So the model is asked (stage judge_joint, `Claim.swapped`): the sentence is read again with the claim's date in
place of its own ("In 1902 the club finished first …": P(n) 0.63; "Tolls … were removed in 2010": P(e) 0.95). Where
it then neither entails nor contradicts the claim (neutral its most likely class), the sentence dates another
event, and the contradiction read in it was only its date: the verdict rule (number_rules.event_override) makes
such a Contradicted claim, one no rule found a conflict in, Unsupported.

A claim dates an event where it gives one date or year and no other figure (a number, money, a percent, a time), the
sentence one or more dates or years, none of them the claim's.
"""
from __future__ import annotations

import re
from typing import Optional

from grounding.entities import mentions
from grounding.invisible import judged_text

EVENT_RULE = "the date of another event"
_WHEN = ("date", "year")
_YEAR = re.compile(r"\b(?:1[5-9]|20)\d\d\b")


def dated_once(claim: str):
    """The claim's one date or year (an entities mention) where it gives no other figure, else None."""
    figures = [m for m in mentions(judged_text(claim)) if m.kind != "named"]
    return figures[0] if len(figures) == 1 and figures[0].kind in _WHEN else None


def with_claims_date(claim: str, sentence: str) -> Optional[str]:
    """The sentence with each of its dates (or years, as the claim's is) written as the claim's one date
    (`dated_once`), where it gives some and none is the claim's; None otherwise. "In 2021 the club finished first"
    for "… founded in 1902": "In 1902 the club finished first"."""
    own = dated_once(claim)
    return None if own is None else _rewritten(own, sentence)


def _rewritten(own, sentence: str) -> Optional[str]:
    """`with_claims_date` for the claim's date `own`."""
    sentence = judged_text(sentence)
    theirs = [m for m in mentions(sentence) if m.kind in _WHEN]
    if not theirs or any(m.key == own.key for m in theirs):
        return None
    out = sentence
    for m in sorted(theirs, key=lambda m: -m.start):   # a year for a year, also a date's year ("March 2025")
        if m.kind == own.kind:
            out = out[:m.start] + own.surface + out[m.end:]
        elif own.kind == "year" and len(years := _YEAR.findall(m.surface)) == 1:
            out = out[:m.start] + m.surface.replace(years[0], own.surface) + out[m.end:]
    return out if out != sentence else None


def swap_target(claim: str, columns: list[int], context_texts: list[str]) -> Optional[tuple[int, str]]:
    """(column, the sentence with the claim's date) of the first of `columns` (most similar first) that
    `with_claims_date` rewrites, or None."""
    own = dated_once(claim)
    for j in columns if own is not None else ():
        swapped = _rewritten(own, context_texts[j])
        if swapped is not None:
            return j, swapped
    return None


# a date named by the noun of its event: "the closing date for applications", "the opening day", "the start date"
_NAMED_DATE = re.compile(r"\b(?P<verb>[a-z]+?)(?:ing)\s+(?:date|day)\b(?P<rest>[^.;]*?)\s+(?:is|was|will\s+be|are)\s+"
                         r"(?:on\s+)?$", re.IGNORECASE)


def named_date(claim: str, claim_value: str, context: str, context_value: str) -> bool:
    """Whether one text dates an event by its verb ("Applications close on 15 June") and the other by that verb's
    noun ("The closing date for applications is 15 May"), each value the one right after: one date of one event
    (the parse had read "close" as an adjective and the model called the pair entailed, P(e) 0.87). The noun's "for"
    phrase, where it has one, names the verb's subject."""
    for a, va, b, vb in ((claim, claim_value, context, context_value), (context, context_value, claim, claim_value)):
        at_a, at_b = a.find(va), b.find(vb)
        verb = re.search(r"\b([a-z]+)\s+(?:on|by)\s+$", a[:at_a], re.IGNORECASE) if at_a > 0 else None
        noun = _NAMED_DATE.search(b[:at_b]) if at_b > 0 else None
        if verb is None or noun is None:
            continue
        stem = noun.group("verb").lower()[:4]
        for_what = re.search(r"\bfor\s+(?:the\s+)?([a-z]+)", noun.group("rest"), re.IGNORECASE)
        if verb.group(1).lower().startswith(stem) and len(stem) >= 3 and (
                for_what is None or for_what.group(1).lower()[:5] in a[:verb.start()].lower()):
            return True
    return False
