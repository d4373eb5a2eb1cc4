"""Open all year against a season: "The site is open all year" against "The site is open from March to October",
which the entailment model read as support (P(e) 0.67, Supported on every engine). One of the two says a place or
service is there the whole year ("all year", "all year round", "year-round", "throughout the year", "12 months a
year"), the other gives months that do not make a whole year ("from March to October", "between April and
September", "April–October"; Easter and Christmas as the months they fall in: "from Easter to October"; in a
timetable, days allowed: "Tours start at 10:30am every Friday from March to November", "from 1 May to 30 September",
not in a sentence about the past), or says it closes for part of it ("closed in winter", "closed from November to
February"). The same thing is meant where the claim's subject noun is in the sentence (hours._subject, as for
opening hours: "The site" / "The site"; not "The café is open all year" / "The campsite is open from March to
October"). Months that go round the whole year ("from January to December") are no conflict, nor a negated claim
("is not open all year"). The quantity rule (learned.quantity_conflicts with `same_figure`) gives the pair as a
conflict of figures, as it does for hours that end against "24 hours a day" (grounding.hours).
"""
from __future__ import annotations

import re

from grounding.decompose import parse
from grounding.invisible import judged_text
from grounding.negate import _NEGATION as denied      # anywhere in the text
from grounding.reversal import _NEGATION              # just before a word

_MONTHS = ("january", "february", "march", "april", "may", "june", "july", "august", "september", "october",
           "november", "december")
_MONTH = r"(?:jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?|sep(?:t(?:ember)?)?" \
         r"|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?|easter|christmas)\b"
# feasts that bound a season by the month they fall in: "open daily from Easter to October"
_FEASTS = {"easter": 3, "christmas": 11}
_ALL_YEAR = re.compile(r"\b(?:all\s+(?:the\s+)?year(?:[\s-]+round)?|year[\s-]+round|throughout\s+the\s+year"
                       r"|12\s+months\s+(?:a|of\s+the)\s+year|twelve\s+months\s+(?:a|of\s+the)\s+year"
                       r"|every\s+month\s+of\s+the\s+year)\b", re.IGNORECASE)
# "open from March to October", "runs between April and September", "season: March–October", "available April until
# the end of October": months said of being open, running or available (not "welcomed visitors from June to August")
# early, mid and late in a month are in it: "open from late May to early September"
_PART = r"(?:early|mid|late|the\s+(?:start|middle|end)\s+of)[\s-]+"
_RANGE = re.compile(rf"\b(?:open|opens|closed|closes|run|runs|operates?|available|season)\b[\s:,]+(?:\w+\s+){{0,2}}?"
                    rf"(?:(?:from|between)\s+)?(?P<pa>{_PART})?(?<![\w-])(?P<a>{_MONTH})\s*(?:to|until|till|through|and"
                    rf"|-|–|—)\s*(?:{_PART})?(?P<b>{_MONTH})", re.IGNORECASE)
# the same months anywhere in a sentence that is not about the past, days allowed: "Tours start at 10:30am every
# Friday from March to November", "Trips run daily from 1 May to 30 September"
_DAY = r"(?:\d{1,2}(?:st|nd|rd|th)?\s+(?:of\s+)?)?"
_SPAN = re.compile(rf"\b(?:from|between)\s+(?:the\s+)?(?P<start>(?P<pa>{_PART})?{_DAY}(?P<a>{_MONTH}))"
                   rf"(?:\s+\d{{1,2}}(?:st|nd|rd|th)?)?\s*(?:to|until|till|through|and|-|–|—)\s*(?:the\s+)?"
                   rf"(?:{_PART})?{_DAY}(?P<b>{_MONTH})", re.IGNORECASE)
_CLOSED_SEASON = re.compile(r"\bclose[sd]?\s+(?:in|during|over|for|through(?:out)?)\s+(?:the\s+)?"
                            r"(?:winter|summer|autumn|spring|low\s+season|off[\s-]season)(?:\s+months)?\b",
                            re.IGNORECASE)


def _month(word: str) -> int:
    word = word.lower().rstrip(".")
    if word in _FEASTS:
        return _FEASTS[word]
    return next(i for i, m in enumerate(_MONTHS) if m.startswith(word[:3]))


def _past(text: str) -> bool:
    """The sentence's main verb is in the past or perfect ("The museum welcomed 20,000 visitors from June to August",
    "has welcomed"), not a timetable."""
    return any(t.dep_ == "ROOT" and (t.tag_ == "VBD" or any(c.dep_ in ("aux", "auxpass") and (
        c.tag_ == "VBD" or c.lemma_ == "have") for c in t.children)) for t in parse(text))


def _part_of_year(text: str):
    """The first months or season in `text` that leave part of the year out, as written, or None: a range of
    months said of being open, running or available that does not go round the whole year, or a season it closes in."""
    spans = list(_RANGE.finditer(text))
    if _SPAN.search(text) and not _past(text):   # parsed only where such months stand
        spans += _SPAN.finditer(text)
    for m in spans:
        a, b = _month(m.group("a")), _month(m.group("b"))
        if a != b and (b + 1) % 12 != a:     # "from January to December" is the whole year
            begin = m.start("start") if "start" in m.re.groupindex else m.start("pa") if m.group("pa") else m.start("a")
            return text[begin:m.end()]
    closed = _CLOSED_SEASON.search(text)
    return closed.group(0) if closed else None


def season_conflicts(claim: str, sentence: str) -> list[tuple[str, str]]:
    """[(the claim's words, the sentence's)] where one says all year and the other gives part of it (module doc)."""
    claim, sentence = judged_text(claim), judged_text(sentence)
    always = _ALL_YEAR.search(claim)
    if always is not None:
        if _NEGATION.search(claim[max(0, always.start() - 30):always.start()]) or _ALL_YEAR.search(sentence):
            return []
        part = _part_of_year(sentence)
        if part is None:
            return []
        pair = (always.group(0), part)
    elif (shut := _shut_in(claim, sentence)) is not None:    # "open in January" / "closed from December to February"
        pair = shut
    else:    # the other way round: the claim's months against the sentence's "all year"
        part, always = _part_of_year(claim), _ALL_YEAR.search(sentence)
        if part is None or always is None or denied.search(claim):
            return []
        pair = (part, always.group(0))
    from grounding.hours import _subject
    noun = _subject(claim)     # the same place or service: the claim's subject named in the sentence
    return [pair] if noun and noun in {t.lemma_.lower() for t in parse(sentence)} else []


_OPEN_IN = re.compile(rf"\b(?:is|are)\s+(?:also\s+)?open\s+(?:in|during|throughout)\s+(?P<m>{_MONTH})", re.IGNORECASE)
_SHUT = re.compile(rf"\b(?:is|are)\s+closed\s+(?:from|between)\s+(?P<a>{_MONTH})\s*(?:to|until|till|through|and|-|–)\s*"
                   rf"(?P<b>{_MONTH})", re.IGNORECASE)


def _shut_in(claim: str, sentence: str) -> tuple[str, str] | None:
    """(the claim's "open in <month>", the sentence's "closed from <month> to <month>") where the sentence's closed
    months hold the claim's: "The castle is open in January" against "The castle is closed from December to February"
    (Unsupported on every engine). Neither negated; the claim's subject right before "is closed"."""
    from grounding.hours import _subject
    own, shut, noun = _OPEN_IN.search(claim), _SHUT.search(sentence), _subject(claim)
    if own is None or shut is None or denied.search(claim) or denied.search(sentence[:shut.start()]) \
            or not noun or noun[:4] not in sentence[max(0, shut.start() - 40):shut.start()].lower():
        return None     # the closed thing is the claim's: "The castle is closed …", not "The gardens are open …"
    month, a, b = _month(own.group("m")), _month(shut.group("a")), _month(shut.group("b"))
    return (own.group(0)[own.group(0).lower().index("open"):], shut.group(0)[shut.group(0).lower().index("closed"):]) \
        if (month - a) % 12 <= (b - a) % 12 else None

