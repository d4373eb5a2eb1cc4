"""A month against other months: "The library will close in June" against "The city library will close for repairs
from 3 May to 17 May" (P(e) 0.89, Supported on every engine). A month alone is no value to the value readers
(entities reads dates with a day or a year), so nothing compared them.

The claim names one month after a word that dates a thing ("in June", "until October", "from March", "by early
May"; not "since": "ever since December temperatures … have been lower" is a state, not an event), with no day or
year beside it (a full date is the value readers'); the sentence names months, alone or in dates, none of them the
claim's, and no span of months holds it ("from March to October" holds June; "from 3 May to 17 May" holds May
alone). The two are of one figure as the times of events (values.same_quantity with `when`: the same verb or subject,
"close" / "close"; not "Entries close on 10 August" against "The show will be held in September"), both closing,
shut or negated, or neither ("open in March" / "closed from December to February" agree). Where the claim has no
such month: one time named by "this", "next" or "last" against the same time named otherwise ("this September" /
"next September", `_other_one`). The quantity rule (learned.quantity_conflicts with `same_figure`) gives the pair as
a conflict of figures.
"""
from __future__ import annotations

import re

from grounding.invisible import judged_text

_NAMES = ("January", "February", "March", "April", "May", "June", "July", "August", "September", "October",
          "November", "December")
_MONTH = "|".join(_NAMES)
# the claim's month: after a word that dates a thing, with no day or year beside it
_DATED = re.compile(rf"\b(?:in|from|until|till|by|during|before|after|through|throughout|of)\s+"
                    rf"(?:(?:early|mid|late|the\s+(?:start|middle|end)\s+of)[\s-]+)?(?P<month>{_MONTH})\b"
                    rf"(?!\s*\d)")
# the sentence's months: any, a day before it or not ("on 25 May"), not "May" opening a sentence ("May I …")
_ANY = re.compile(rf"(?<![\w-])(?P<month>{_MONTH})\b")
_SPAN = re.compile(rf"(?P<a>{_MONTH})(?:\s+\d{{4}})?\s*(?:to|until|till|through|and|-|–|—)\s*"
                   rf"(?:(?:early|mid|late|the\s+(?:start|middle|end)\s+of)[\s-]+)?(?:\d{{1,2}}(?:st|nd|rd|th)?\s+)?"
                   rf"(?P<b>{_MONTH})\b")


_SHUT = re.compile(r"\b(?:clos(?:e|es|ed|ing|ure)|shut|not|never|no)\b|n't\b", re.IGNORECASE)


def _index(name: str) -> int:
    return _NAMES.index(name)


def _months(text: str) -> set[int]:
    """The months `text` names, with every month a span of them holds ("from March to October")."""
    out = {_index(m.group("month")) for m in _ANY.finditer(text)
           if not (m.group("month") == "May" and (m.start() == 0 or re.search(r"[.!?]\s*$", text[:m.start()]))
                   and not re.match(r"\s*\d", text[m.end():]))}
    for span in _SPAN.finditer(text):
        a, b = _index(span.group("a")), _index(span.group("b"))
        out |= {(a + i) % 12 for i in range((b - a) % 12 + 1)}
    return out


def month_conflicts(claim: str, sentence: str) -> list[tuple[str, str]]:
    """[(the claim's month, the sentence's)] where the claim's one month is none of the sentence's (module doc)."""
    from grounding.values import same_quantity
    claim, sentence = judged_text(claim), judged_text(sentence)
    if bool(_SHUT.search(claim)) != bool(_SHUT.search(sentence)):   # "open in March" / "closed from December to
        return []                                                    # February": the months of the other state
    dated = list(_DATED.finditer(claim))
    if len({m.group("month") for m in dated}) != 1 or _SPAN.search(claim) or len(_months(claim)) != 1:
        return _other_one(claim, sentence)
    ours, theirs = _index(dated[0].group("month")), _months(sentence)
    if not theirs or ours in theirs:    # the month agrees; its year may not ("in March of this year" / "in March
        return _other_one(claim, sentence)                                                      # next year")
    for m in _ANY.finditer(sentence):
        if _index(m.group("month")) in theirs and same_quantity(claim, dated[0].group("month"), sentence,
                                                                 m.group("month"), when=True):
            return [(dated[0].group("month"), _written(sentence, m))]
    return []


def _written(sentence: str, m: re.Match) -> str:
    """The sentence's month as written, with the day before it ("17 May")."""
    day = re.search(r"\b\d{1,2}(?:st|nd|rd|th)?\s+$", sentence[:m.start()])
    return sentence[day.start() if day else m.start():m.end()]


_RELATIVE = re.compile(rf"\b(?P<which>this|next|last)\s+(?P<when>week|month|year|spring|summer|autumn|winter|{_MONTH}"
                       r"|Monday|Tuesday|Wednesday|Thursday|Friday|Saturday|Sunday)\b", re.IGNORECASE)


def _other_one(claim: str, sentence: str) -> list[tuple[str, str]]:
    """[(the claim's "this September", the sentence's "next September")] where the claim names one time by "this",
    "next" or "last", the sentence the same time only by another of them, and holds most of the claim's other words
    ("The school will move this September" against "The primary school will move to a new building next
    September": Supported on every engine)."""
    from grounding.overclaim import holds_most
    ours = list(_RELATIVE.finditer(claim))
    if len(ours) != 1:
        return []
    which, when = ours[0].group("which").lower(), ours[0].group("when").lower()
    theirs = [m for m in _RELATIVE.finditer(sentence) if m.group("when").lower() == when]
    if not theirs or any(m.group("which").lower() == which for m in theirs) \
            or not holds_most(claim[:ours[0].start()] + " " + claim[ours[0].end():], sentence):
        return []
    return [(ours[0].group(0), theirs[0].group(0))]
