"""A first time against a before: "Anna Berg has led the tour many times before" against "The conductor, Anna Berg, is
leading the tour for the first time" (P(e) 0.86, Supported on two engines), "The ice rink has been at the market for
years" against "An ice rink will be set up next to the market for the first time"; and a first in years against a
recent one: "The band released an album last year" against "It is their first album in six years".

`first_against_before(claim, sentence)`: the sentence says a thing happens for the first time ("for the first time",
"first-ever", "never before"), the claim that it has happened before ("before", "previously", "many times", "for
years", "again", "every year", "as usual"), neither negated, and the sentence holds half of the claim's other words
at least (overclaim.holds_most: "sells" and "sold" are two words to it), or says "its first <thing>" and the claim a
before with all the thing's words ("The club has had a female head coach before" against "… has appointed Sarah
Khan as its first female head coach"); or the sentence says "first <thing> in <two or more> years" and the claim
dates one of those things last year, this year or recently; or the claim says a first and the sentence a later one of
the same ("won the women's race for the first time" / "… won by Sarah Quinn …, her third victory in four years").
The reversal rule (negate.other_state) gives the pair:
Contradicted.
"""
from __future__ import annotations

import re

from grounding.invisible import judged_text

_FIRST = re.compile(r"\bfor\s+the\s+(?:very\s+)?first\s+time\b|\bfirst[\s-]ever\b|\bnever\s+(?:been\s+\w+\s+)?before\b",
                    re.IGNORECASE)
_BEFORE = re.compile(r"\b(?:(?:many|several|(?:a\s+)?few|two|three|\w+al)\s+)?times\s+before\b|\bbefore\s*[.!?]?$"
                     r"|\bpreviously\b|\bfor\s+(?:many\s+|several\s+|a\s+few\s+)?(?:years|decades)\b|\bagain\b"
                     r"|\bevery\s+year\b|\bas\s+usual\b", re.IGNORECASE)
_NOT = re.compile(r"\b(?:not|never|no)\b|n't\b", re.IGNORECASE)
_FIRST_IN = re.compile(r"\bfirst\s+(?P<thing>[a-z]+)\s+in\s+(?:(?:\d{1,2}|two|three|four|five|six|seven|eight|nine|ten"
                       r"|many|several|over\s+\w+)\s+years|a\s+decade|decades)\b", re.IGNORECASE)
_FIRST_OF = re.compile(r"\b(?:its|their|his|her)\s+first\s+(?!time\b)(?P<thing>(?:[a-z-]+\s+){0,2}?[a-z-]+)"
                       r"(?=\s*(?:[.,;]|$|\s+(?:in|since|for|to|of|who|that)\b))", re.IGNORECASE)
_ORDINAL = r"(?:second|third|fourth|fifth|sixth|seventh|eighth|ninth|tenth|\d+(?:st|nd|rd|th))"
# a later one: "her third victory in four years", "for the second time", "its fifth title"
_NTH = re.compile(rf"\b(?:its|their|his|her)\s+{_ORDINAL}\s+(?:[a-z-]+\s+)?(?:victory|win|title|time|success|appearance"
                  rf"|visit|crown|championship|trophy|final)s?\b|\bfor\s+(?:a|the)\s+{_ORDINAL}\s+time\b", re.IGNORECASE)
_RECENT = re.compile(r"\b(?:last|this)\s+year\b|\brecently\b|\blast\s+(?:month|spring|summer|autumn|winter)\b",
                     re.IGNORECASE)


def first_against_before(claim: str, sentence: str) -> list[tuple[str, str]]:
    """[(the claim's words, the sentence's)] where the sentence says a first and the claim a before (module doc)."""
    from grounding.overclaim import _stems, holds_most
    claim, sentence = judged_text(claim), judged_text(sentence)
    first, before = _FIRST.search(sentence), _BEFORE.search(claim)
    if first is not None and before is not None and not _NOT.search(claim) \
            and not _NOT.search(sentence[:first.start()].split(",")[-1]) \
            and holds_most(claim[:before.start()] + " " + claim[before.end():], sentence, share=0.5):
        return [(before.group(0).rstrip(".!? "), first.group(0))]
    first_of = _FIRST_OF.search(sentence)      # "appointed Sarah Khan as its first female head coach"
    if first_of is not None and before is not None and not _NOT.search(claim) \
            and _stems(first_of.group("thing")) <= _stems(claim):
        return [(before.group(0).rstrip(".!? "), first_of.group(0))]
    ours, later = _FIRST.search(claim), _NTH.search(sentence)     # a first where the source counts a later one of
    if ours is not None and later is not None and not _NOT.search(claim) \
            and holds_most(claim[:ours.start()] + " " + claim[ours.end():], sentence, share=0.5):   # the claim's
        from grounding.binding import main_subject                                                  # subject
        head = main_subject(claim)
        if head is not None and re.search(rf"\b{re.escape(head.text)}\b", sentence, re.IGNORECASE):
            return [(ours.group(0), later.group(0))]
    in_years, recent = _FIRST_IN.search(sentence), _RECENT.search(claim)
    if in_years is not None and recent is not None and not _NOT.search(claim) \
            and _stems(in_years.group("thing")) <= _stems(claim):
        return [(recent.group(0), in_years.group(0))]
    return []
