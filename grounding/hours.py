"""Open all day against opening hours: "The gym is open 24 hours a day" against "Fitline Gym is open from 6am to
11pm every day", which the entailment model read as support (P(e) 0.61, Supported on every engine). One of the two
says a place or service is there around the clock ("24 hours a day", "24/7", "around the clock", "day and night"),
the other gives hours of a day that end ("from 6am to 11pm", "9:00-17:30", "between 8am and midnight"); the same
thing is meant where the claim's subject noun is in the sentence ("The gym" / "Fitline Gym"), not where it is
another's ("The helpline is open 24 hours a day" / "The office is open from 9am to 5pm"). Hours that cover the whole
day ("midnight to midnight", "00:00-24:00") are no conflict, nor a negated claim ("is not open 24 hours"). The
quantity rule (learned.quantity_conflicts with `same_figure`) gives the pair as a conflict of figures.

Also when a thing starts or ends against the sentence's span for it (`span_end_conflicts`: "The school day ends at
3pm" against "The school day runs from 8:45am to 3:15pm"), and all day against until a time early in the day ("It
serves breakfast all day" against "Breakfast is served until 11:30am").
"""
from __future__ import annotations

import re

from grounding.clock import TIME, minutes
from grounding.decompose import parse
from grounding.invisible import judged_text
from grounding.reversal import _NEGATION

_ALWAYS = re.compile(r"\b(?:24\s+hours(?:\s+a\s+day)?|24\s*/\s*7|24-7|(?:a)?round[\s-]the[\s-]clock|day\s+and\s+night"
                     r"|all\s+day\s+and\s+(?:all\s+)?night)\b", re.IGNORECASE)
_HOURS = re.compile(rf"(?:\b(?:from|between)\s+)?(?P<a>{TIME})\s*(?:to|until|till|and|-|–|—)\s*(?P<b>{TIME})",
                    re.IGNORECASE)

def _ending_hours(text: str):
    """The first span of hours in `text` that does not cover the whole day, as written, or None."""
    for m in _HOURS.finditer(text):
        a, b = minutes(m.group("a")), minutes(m.group("b"))
        if a >= 0 and b >= 0 and a != b and not (m.group("b").strip() == "24:00" and a == 0):
            return m.group(0).strip()
    return None


def _subject(text: str) -> str:
    """The lemma of the main verb's subject noun ("The gym is open …": gym), or ''."""
    doc = parse(text)
    return next((t.lemma_.lower() for t in doc if t.dep_ in ("nsubj", "nsubjpass") and t.head.dep_ == "ROOT"
                 and t.pos_ in ("NOUN", "PROPN")), "")


def hours_conflicts(claim: str, sentence: str) -> list[tuple[str, str]]:
    """[(the claim's words, the sentence's)] where one says around the clock and the other gives hours that end."""
    claim, sentence = judged_text(claim), judged_text(sentence)
    always, hours = _ALWAYS.search(claim), _ending_hours(sentence) if _ALWAYS.search(claim) else None
    if always is None:      # the other way round: the claim's hours against the sentence's "24 hours a day"
        hours, always = _ending_hours(claim), _ALWAYS.search(sentence)
        if hours is None or always is None:
            return []
        pair = (hours, always.group(0))
    elif hours is None:
        return []
    else:
        pair = (always.group(0), hours)
        if _NEGATION.search(claim[max(0, always.start() - 30):always.start()]):
            return []
    noun = _subject(claim)     # the same place or service: the claim's subject named in the sentence
    return [pair] if noun and noun in {t.lemma_.lower() for t in parse(sentence)} else []


_STARTS = re.compile(rf"\b(?:starts?|opens?|begins?|commences?|kicks?\s+off)\s+at\s+(?P<t>{TIME})", re.IGNORECASE)
_ENDS = re.compile(rf"\b(?:ends?|closes?|finish(?:es)?|shuts?|stops?|runs?\s+until|is\s+served\s+until)\s+at\s+"
                   rf"(?P<t>{TIME})|\b(?:ends?|closes?|finish(?:es)?|until|till)\s+(?P<u>{TIME})", re.IGNORECASE)
_ALL_DAY = re.compile(r"\ball\s+day(?:\s+long)?\b(?!\s+and\b)", re.IGNORECASE)
_EARLY_END = 16 * 60    # "all day" against "until 11:30am": the day is not over ("open all day" / "until 5pm" may be)
_UNTIL = re.compile(rf"\b(?:until|till|up\s+to)\s+(?P<t>{TIME})", re.IGNORECASE)


def span_end_conflicts(claim: str, sentence: str) -> list[tuple[str, str]]:
    """[(the claim's time, the sentence's)] where the claim gives when a thing starts or ends ("The school day ends
    at 3pm", "Breakfast club starts at 7:30am") and the sentence's only span of hours for it starts or ends at another
    time ("The school day runs from 8:45am to 3:15pm": Supported on every engine before, P(e) 0.92–0.94), or the claim
    says all day and the sentence that it holds only until a time before 4pm ("It serves breakfast all day" against
    "Breakfast is served until 11:30am, lunch from 12pm": P(e) 0.84–0.87; not "open all day" against "from 10am to
    5pm", which people say of such hours). The claim's subject (or, for "all day", a noun of the
    claim) must be named in the sentence, and the claim not negated; a time the sentence gives outside its span, beside
words of the claim (before it or just after: "until 8pm on Thursdays"), is the claim's thing's."""
    claim, sentence = judged_text(claim), judged_text(sentence)
    if _NEGATION.search(claim) or not (_ALL_DAY.search(claim) or _STARTS.search(claim) or _ENDS.search(claim)):
        return []     # asked of every judged pair: most claims give no start, end or "all day", and nothing is parsed
    spans = [m for m in _HOURS.finditer(sentence) if minutes(m.group("a")) >= 0 and minutes(m.group("b")) >= 0]
    lemmas = {t.lemma_.lower() for t in parse(sentence)}
    if (all_day := _ALL_DAY.search(claim)) is not None:
        until = list(_UNTIL.finditer(sentence))
        nouns = {t.lemma_.lower() for t in parse(claim) if t.pos_ in ("NOUN", "PROPN") and t.lower_ != "day"}
        if len(until) == 1 and not spans and 0 < minutes(until[0].group("t")) < _EARLY_END and nouns & lemmas \
                and not _ALWAYS.search(sentence):
            m = until[0]
            return [(all_day.group(0), m.group(0).strip())]
        return []
    if len(spans) != 1:
        return []
    noun = _subject(claim)
    if not noun or noun not in lemmas:
        return []
    start, end = spans[0].group("a"), spans[0].group("b")
    # a time the sentence gives outside its span, beside words of the claim besides its subject, is the claim's thing's
    # ("9am to 4pm; … late pick-up until 6pm": "Late pick-up is available until 6pm" is no end of the day's span;
    # "open until 8pm on Thursdays …, and … on Sundays from 11am to 3pm": "close at 8pm on Thursdays")
    from grounding.overclaim import _stems
    own = _stems(claim) - _stems(f"{noun} until")
    elsewhere = {minutes(t.group(0)) for t in re.finditer(TIME, sentence, re.IGNORECASE)
                 if not spans[0].start() <= t.start() < spans[0].end()
                 and own & _stems(sentence[max(0, t.start() - 30):t.start()] + " " + sentence[t.end():t.end() + 16])}
    out = []
    if (m := _STARTS.search(claim)) is not None and minutes(m.group("t")) not in {minutes(start)} | elsewhere:
        out.append((m.group("t"), start))
    if (m := _ENDS.search(claim)) is not None and minutes(m.group("t") or m.group("u")) not in {minutes(end)} | elsewhere:
        out.append((m.group("t") or m.group("u"), end))
    return out


# parts of the day, in minutes from midnight: (first, last) a span within it may take
_PARTS = {"morning": (300, 720), "afternoon": (720, 1080), "evening": (1020, 1439)}
_PART = re.compile(r"\b(?:(?:only\s+)?in\s+the\s+(?P<a>morning|afternoon|evening)s?(?:\s+only)?"
                   r"|(?P<b>morning|afternoon|evening)s\s+only)\b", re.IGNORECASE)


def within_part_of_day(claim: str, sentence: str) -> tuple[str, str] | None:
    """(the claim's part of the day, the sentence's hours) where the claim says a thing happens in the morning,
    afternoon or evening ("Blood tests are done in the morning only") and the sentence's only span of hours for it
    lies within that part ("Blood tests are carried out between 8:30am and 11:30am": P(c) 0.94 alone, the model
    reading no clock in "morning"); the claim's subject named in the sentence and neither negated; else None."""
    claim, sentence = judged_text(claim), judged_text(sentence)
    from grounding.negate import _NEGATION as denied     # anywhere in the text (reversal's: just before a word)
    part = _PART.search(claim)
    if part is None or denied.search(claim) or denied.search(sentence):
        return None
    spans = [m for m in _HOURS.finditer(sentence) if minutes(m.group("a")) >= 0 and minutes(m.group("b")) >= 0]
    if len(spans) != 1:
        return None
    first, last = _PARTS[(part.group("a") or part.group("b")).lower()]
    start, end = minutes(spans[0].group("a")), minutes(spans[0].group("b"))
    noun = _subject(claim)
    if not (first <= start < end <= last) or not noun or noun not in {t.lemma_.lower() for t in parse(sentence)}:
        return None
    return part.group(0), spans[0].group(0).strip()


_PART_WORD = re.compile(r"\b(?P<part>morning|afternoon|evening)s?\b", re.IGNORECASE)
_WEEKDAY = re.compile(r"\b(?:Mon|Tues|Wednes|Thurs|Fri|Satur|Sun)day\b")
_SHUT = re.compile(r"\b(?:closed?|shut)\b", re.IGNORECASE)


def other_part_of_day(claim: str, sentence: str) -> list[tuple[str, str]]:
    """[(the claim's part of the day, the sentence's)] where both name a part of the day for the same subject on the
    same weekday and none of the claim's parts is the sentence's, nor do the sentence's hours lie in the claim's part:
    "The weekday clinics are held on Tuesday and Thursday mornings" against "There are also weekday clinics on Tuesday
    and Thursday afternoons, from 2pm to 5pm" (Unsupported on the context engines: the model leaned to contradiction
    only, P(c) 0.57)."""
    claim, sentence = judged_text(claim), judged_text(sentence)
    ours, theirs = list(_PART_WORD.finditer(claim)), list(_PART_WORD.finditer(sentence))
    if not ours or not theirs or _NEGATION.search(claim) or _NEGATION.search(sentence):
        return []
    mine = {m.group("part").lower() for m in ours}
    if mine & {m.group("part").lower() for m in theirs}:
        return []
    days = set(_WEEKDAY.findall(claim)) & set(_WEEKDAY.findall(sentence))
    noun, doc = _subject(claim), parse(sentence)
    # the same deed: the sentence's main verb the claim's or one that says a thing is held ("There are … clinics");
    # not another ("On Saturday afternoons the library hosts a book club"), nor closed against open
    deed = {t.lemma_.lower() for t in parse(claim) if t.dep_ == "ROOT"} | {"be", "have", "hold", "run", "take"}
    if not days or not noun or noun not in {t.lemma_.lower() for t in doc} \
            or not any(t.dep_ == "ROOT" and t.lemma_.lower() in deed for t in doc) \
            or _SHUT.search(claim) or _SHUT.search(sentence):
        return []
    for m in _HOURS.finditer(sentence):      # hours within the claim's part: it is said in other words
        start, end = minutes(m.group("a")), minutes(m.group("b"))
        if any(first <= start < end <= last for first, last in (_PARTS[p] for p in mine)):
            return []
    return [(ours[0].group(0), theirs[0].group(0))]
