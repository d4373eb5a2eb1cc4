"""One deed on the other side of an event, and two steps in the other order.

One deed on the other side: "30 minutes after breakfast" against "at least 30 minutes before breakfast" (opposite_order).

Two steps in the other order: "Dermacort should be applied before the moisturiser" against "apply the moisturiser
first and wait about 30 minutes before applying Dermacort" (Supported on every engine, P(e) 0.84 read together): the
source puts the claim's thing after the other one, the claim before it.

The claim: its subject's head noun A (binding.main_subject), then "before" or "after" and the other thing B (its
noun); not negated. The sentence: "before" or "after" (with a verb of doing in "-ing" or none: "before applying
Dermacort") and A's noun, B's noun earlier in the sentence, and the same relation: "B … before A" puts B first where
the claim puts A first. Nouns by their first five letters. The sentence must not also say it the claim's way ("…
before the moisturiser"). The reversal rule (reversal.reversals) gives the pair.
"""
from __future__ import annotations

import re

from grounding.lists import DENIAL
from grounding.reversal import _NEGATION

_CLAIM = re.compile(r"\b(?P<rel>before|after)\s+(?:the\s+|your\s+|a\s+|an\s+|any\s+)?(?:\w+\s+)?(?P<b>[a-z][a-z-]{2,})\b",
                    re.IGNORECASE)
_THEIRS = r"\b(?P<rel>before|after)\s+(?:[a-z]+ing\s+)?(?:the\s+|your\s+|a\s+|an\s+|any\s+)?(?:\w+\s+)?{noun}\w*\b"


def _stem(word: str) -> str:
    return word.lower()[:5]


def reversed_steps(claim: str, sentence: str) -> list[tuple[str, str]]:
    """[(the claim's "before the moisturiser", the sentence's "before applying Dermacort")] where the sentence puts
    the claim's two things in the other order (see the module docstring); else []."""
    from grounding.binding import main_subject
    ours = _CLAIM.search(claim)
    if ours is None or DENIAL.search(claim):
        return []
    head = main_subject(claim)
    if head is None or head.idx > ours.start():
        return []
    a, b = _stem(head.text), _stem(ours.group("b"))
    if a == b or len(a) < 3:
        return []
    if re.search(_THEIRS.format(noun=re.escape(b)), sentence, re.IGNORECASE):
        return []       # the sentence says it the claim's way too
    for m in re.finditer(_THEIRS.format(noun=re.escape(a)), sentence, re.IGNORECASE):
        if m.group("rel").lower() == ours.group("rel").lower() \
                and re.search(rf"\b{re.escape(b)}", sentence[:m.start()], re.IGNORECASE):
            return [(ours.group(0), m.group(0))]
    return []


_ORDER = re.compile(r"\b(?P<rel>before|after|prior to|following)\s+(?:the\s+|a\s+|an\s+|your\s+|their\s+|its\s+|his\s+|"
                    r"her\s+)?(?P<noun>[a-z]{3,}|\d[\d:.]*(?:st|nd|rd|th)?(?:\s+(?:am|pm|[a-z]{3,}))?)\b", re.IGNORECASE)
_EARLIER = {"before", "prior to"}


def opposite_order(claim: str, sentence: str) -> list[tuple[str, str]]:
    """(the claim's, the sentence's) where the sentence puts the claim's deed on the other side of the same event
    ("30 minutes after breakfast" against "at least 30 minutes before breakfast", which the model read as support,
    P(e) 0.96; "enrolling after 1 March" against "who enrol before 1 March"): the same noun, date or time after
    "before" / "after" ("prior to", "following"), the other relation, the sentence
    never giving the claim's own, and the sentence holding most of the claim's other words. Only for one event
    named alike: "before the operation" and "after surgery" may or may not be one. A date or time is an event
    named alike already: half the claim's other words, two at least, are enough there."""
    from grounding.overclaim import COVERAGE, holds_most
    out = []
    theirs = [(m.group("rel").lower() in _EARLIER, m.group("noun").lower()[:5], m.group(0))
              for m in _ORDER.finditer(sentence) if not _NEGATION.search(sentence[max(0, m.start() - 30):m.start()])]
    for m in _ORDER.finditer(claim):
        earlier, noun = m.group("rel").lower() in _EARLIER, m.group("noun").lower()[:5]
        other = next((x for e, n, x in theirs if n == noun and e != earlier), None)
        if other is None or any(n == noun and e == earlier for e, n, _ in theirs) \
                or _NEGATION.search(claim[max(0, m.start() - 30):m.start()]) \
                or not holds_most(claim[:m.start()] + claim[m.end():], sentence,
                                  *((0.5, 2) if noun[0].isdigit() else (COVERAGE, 1))):
            continue
        out.append((m.group(0), other))
    return out
