"""How long, in one measure: "about an hour" against "35 to 40 minutes", "two hours" against "90 minutes", "50
minutes" against "35 to 40 minutes". The entity reader keys a number by its digits and the unit word after it, so
values of one dimension in other units, spans ("35 to 40 minutes", whose ends are no values of their own) and
"an hour" were never compared, and the entailment model read "Bake for about an hour" as entailed by "Bake for 35
to 40 minutes" (F 0.88).

A *duration* is a number (digits or words; "a", "an", "half an", "a whole", "a full", "the entire") or a span of
two ("35 to 40", "35–40", "between 35 and 40") before a unit of time (second … year; joined by a hyphen too, "a
six-month refurbishment", not "a 5-year-old"), with what bounds it ("about",
"up to", "at least", "more than", …), as an interval of seconds; "about" and its kin widen it by 15 % (so that "about
four weeks" and "about six weeks" stay apart), an exact value by 5 % (a year of 52 weeks is a year). Halves and
quarters are read ("an hour and a half", "two and a half days", "a quarter of an hour", "half a day"), and a working
week is five working days. Not a duration: "several hundred hours"; a count of events per period ("three times a day",
"every 10 minutes", "per hour", "5 mg a day", "4.1 a month": grounding.frequencies), an age ("10 years old"), a time
ago, or an amount of something ("two months' notice").

The claim's duration conflicts with the sentence's, a time ahead ("a week in advance") only with a time ahead,
where one verb (not "be" or "have") governs both, of subjects that share a word (or a word and its noun) where both
have one ("Antibodies were detected at 2–3 weeks" is not what "At 2 days, SARS-CoV-2 was detected" times), or both
are counted from one thing ("half an hour before closing" / "45 minutes before closing") or are how long one rate
lasts ("0% … for the first six months" / "0% for 3 months"); not how soon against how long ("paid within ten working
days" / "pays for up to 12 months"), nor a pronoun's length the sentence gives too. The sentence gives no duration of
that verb that agrees, and none of the two intervals overlap (the quantity rule, learned.quantity_conflicts with
`same_figure`).
"""
from __future__ import annotations

import functools
import math
import re
from typing import NamedTuple, Optional

from grounding.entities import _WORDS as _NUMBER_WORDS, _number_value, mentions
from grounding.invisible import judged_text
from grounding.verb_binding import PRONOUNS as _PRONOUNS, pronoun_subject

_SECONDS = {"second": 1, "minute": 60, "hour": 3600, "day": 86400, "week": 7 * 86400, "fortnight": 14 * 86400,
            "month": 30.44 * 86400, "year": 365.25 * 86400}
_UNIT = r"(?P<unit>seconds?|secs?|minutes?|mins?|hours?|hrs?|days?|weeks?|fortnights?|months?|years?)"
_NUM = rf"(?:\d+(?:\.\d+)?|{_NUMBER_WORDS})"
_BOUND = (r"(?P<bound>about|around|roughly|approximately|nearly|almost|some|up to|at least|at most|more than|less than"
          r"|over|under|no more than|no less than|just over|just under|within)")
# a length in two units is one length: "2 hours 30 minutes", "1 hour and 45 minutes" (the second unit the smaller)
_MORE = rf"(?:[ \t]+(?:and[ \t]+)?(?P<more>{_NUM})[ \t]+(?P<unit2>{_UNIT[len('(?P<unit>'):-1]}))"
_DURATION = re.compile(
    rf"(?i:(?:\b{_BOUND}[ \t]+)?\b(?:(?P<quarter>(?:a|one|three)[ \t-]+quarters?[ \t]+of[ \t]+an?)|"
    rf"(?P<half>half[ \t]+an?|a[ \t]+half)|(?P<article>an?(?:[ \t]+(?:whole|full|entire))?|the[ \t]+(?:whole|entire|first(?=[ \t]+(?:min|hour|sec))))|between[ \t]+(?P<lo2>{_NUM})[ \t]+and[ \t]+"
    rf"(?P<hi2>{_NUM})|(?P<lo>{_NUM})(?P<andhalf>[ \t]+and[ \t]+a[ \t]+half)?(?:[ \t]*(?:to|-|–)[ \t]*(?P<hi>{_NUM}))?)"
    rf"(?:[ \t]+|-)(?:(?P<working>working|business|calendar|full|whole)[ \t]+)?{_UNIT}\b"
    rf"(?P<plushalf>[ \t]+and[ \t]+a[ \t]+half\b)?{_MORE}?\b)")     # "three to five working days": days
_UNIT_NAMES = {"sec": "second", "min": "minute", "hr": "hour"}
_UNIT_WORD = re.compile(_UNIT.replace("(?P<unit>", "(?i:"))
# a count per period, not a length of time: "three times a day", "every 10 minutes", "per hour", "5 mg a day", "4.1 a
# month"
_RATE_BEFORE = re.compile(r"(?:\b(?:times?|every|each|per)|\b(?:mg|g|kg|ml|km|miles?|units?|doses?|tablets?|days?"
                          r"|pounds?|euros?|dollars?|pence|cents?)|\d%?)[ \t]*$", re.I)   # "… fell by 4.1 a month",
# "4.1 days a month", "40 pounds an hour"
_NOT_LENGTH_AFTER = re.compile(r"['’]|-old\b|[ \t]*(?:old|of age|ago|(?:a|an|per|each|every)[ \t]+(?:hour|day|week|fortnight"
                               r"|month|year))\b", re.I)     # "3 days a week": how often; "two months' notice": an amount
# a period framed by a part of it: "in the first week of a month", "the last day of a year": no length of a month
_FRAME_BEFORE = re.compile(r"\b(?:first|last|final|second|third|fourth)[ \t]+(?:[a-z0-9]+[ \t]+)?(?:days?|weeks?|months?|fortnight)[ \t]+of"
                           r"(?:[ \t]+(?:each|every|any))?[ \t]*$", re.I)
_WIDE = {"about", "around", "roughly", "approximately", "nearly", "almost", "some"}
_ABOVE = {"at least", "more than", "over", "no less than", "just over"}
_BELOW = {"up to", "at most", "less than", "under", "no more than", "just under", "within"}


class Duration(NamedTuple):
    start: int           # where it is written (the number, or its bounding word)
    end: int
    low: float           # seconds
    high: float
    surface: str         # as written: "about an hour", "35 to 40 minutes"


def _value(word: Optional[str]) -> Optional[float]:
    if word is None:
        return None
    try:
        value = _number_value(word.lower())
    except (ValueError, ArithmeticError, KeyError):
        return None
    return float(value) if value is not None else None


@functools.lru_cache(maxsize=4096)
def durations(text: str) -> tuple[Duration, ...]:
    """The lengths of time `text` gives (see the module docstring)."""
    text = judged_text(text)
    out = []
    for m in _DURATION.finditer(text):
        if _RATE_BEFORE.search(text[max(0, m.start() - 12):m.start()]) or _NOT_LENGTH_AFTER.match(text, m.end()) \
                or _FRAME_BEFORE.search(text[max(0, m.start() - 30):m.start()]):
            continue
        unit = m.group("unit").lower().rstrip("s")
        per = _SECONDS[_UNIT_NAMES.get(unit, unit)]
        if unit == "week" and (m.group("working") or "").lower() in ("working", "business"):
            per = 5 * _SECONDS["day"]       # "two working weeks" are "ten working days"
        if m.group("quarter"):
            low = high = 0.75 if m.group("quarter").lower().startswith("three") else 0.25
        elif m.group("half"):
            low = high = 0.5
        elif m.group("article"):
            low = high = 1.0
        else:
            if re.fullmatch(r"(?i)hundred|thousand|million|dozen", m.group("lo") or ""):
                continue        # "several hundred hours": no figure
            low, high = _value(m.group("lo") or m.group("lo2")), _value(m.group("hi") or m.group("hi2"))
            if low is None or (m.group("hi") or m.group("hi2")) and high is None:
                continue
            high = low if high is None else high
            low, high = (low + 0.5, high + 0.5) if m.group("andhalf") else (low, high)   # "two and a half hours"
        if m.group("plushalf") and not (m.group("hi") or m.group("hi2")):   # "an hour and a half"
            low, high = low + 0.5, high + 0.5
        if m.group("more") and not (m.group("hi") or m.group("hi2")):   # "2 hours 30 minutes": one length
            unit2 = m.group("unit2").lower().rstrip("s")
            smaller, more = _SECONDS[_UNIT_NAMES.get(unit2, unit2)], _value(m.group("more"))
            if more is not None and smaller < per:
                low = high = low + more * smaller / per
        bound = (m.group("bound") or "").lower()
        if bound in _ABOVE:
            low, high = low, float("inf")
        elif bound in _BELOW:
            low, high = 0.0, high
        if unit == "day" and (m.group("working") or "").lower() in ("working", "business"):
            high = high * 7 / 5     # "20 working days" are four weeks on the calendar, more with holidays
        spread = 0.15 if bound in _WIDE else 0.05
        out.append(Duration(m.start(), m.end(), low * per * (1 - spread), high * per * (1 + spread), m.group()))
    for m in _DAYS_OF_MONTH.finditer(text):   # "from 12 to 15 July": 3 nights or 4 days, either
        first, last = int(m.group("a")), int(m.group("b"))
        if first < last <= 31 and (m.group("m1") or m.group("m2")) and m.group("same") in (None, m.group("m2")):
            out.append(Duration(m.start(), m.end(), (last - first) * 86400 * 0.95, (last - first + 1) * 86400 * 1.05,
                                m.group()))
    return tuple(out)


_MONTH = r"(?:January|February|March|April|May|June|July|August|September|October|November|December)"
# days of one month: "12 to 15 July", "12-15 July", "from 12 July to 15 July", "July 12 to 15"
_DAYS_OF_MONTH = re.compile(rf"\b(?:(?P<m1>{_MONTH})[ \t]+)?(?P<a>\d{{1,2}})(?:st|nd|rd|th)?"
                            rf"(?:[ \t]+(?P<same>{_MONTH}))?[ \t]*(?:to|until|till|through|-|–)[ \t]*"
                            rf"(?P<b>\d{{1,2}})(?:st|nd|rd|th)?(?:[ \t]+(?P<m2>{_MONTH}))?\b"
                            r"(?![ \t]*(?:am|pm|[:.]\d|%|[A-Za-z]*s\b))")


# a length named by what it is the time of: "Flight time is 2 hours 30 minutes", "Preparation time: 15 minutes"
_LABEL = re.compile(r"\b(?P<label>[A-Za-z]{3,})[ \t]+(?:time|duration)[ \t]*(?::|\bis\b|\bwas\b|\bof\b)[ \t]*$", re.I)
# a time ahead of something, not a length: "up to a week in advance", "two days before"
_LEAD = re.compile(r"[ \t]+(?:in[ \t]+advance|ahead|beforehand|before|earlier|prior)\b", re.I)
# what a length is taken to do: "It takes 30 minutes to prepare"
_PURPOSE = re.compile(r"[ \t]+to[ \t]+(?P<verb>[a-z]{3,})\b")


def _verb(text: str, d: Duration) -> tuple[str, frozenset]:
    """(the lemma of the verb governing a duration (its unit word), "" where none does; the words of that verb's
    subject, verb_binding._subject_words). A length given as the time of something ("Flight time is 2 hours", "Preparation
    time: 15 minutes") is how long that lasts ("last", {"flight"}); what a length is taken for is among its subject's
    words ("It takes 30 minutes to prepare": "last", {"it", "prepare"})."""
    from grounding.verb_binding import _subject_words
    from grounding.decompose import parse
    from grounding.values import governor
    label = _LABEL.search(text[max(0, d.start - 40):d.start])
    if label:
        return "last", frozenset({label.group("label").lower()})
    doc = parse(text)
    # the unit word ("an hour and a half": "hour"), else the last word
    inside = [t for t in doc if d.start <= t.idx < d.end and _UNIT_WORD.fullmatch(t.text)]
    token = inside[-1] if inside else next((t for t in doc if t.idx <= d.end - 1 < t.idx + len(t.text)), None)
    if token is None:
        return "", frozenset()
    node = governor(token)
    # "Bake for …", tagged a name; "The tours last 90 minutes", "last" tagged an adjective with a subject
    if node.pos_ in ("VERB", "AUX") or node.dep_ == "ROOT" and node.i == 0 \
            or node.lower_ == "last" and any(c.dep_ == "nsubj" for c in node.children):
        lemma = node.lemma_.lower()
        purpose = _PURPOSE.match(text, d.end) if lemma == "take" else None
        done = {o.lemma_.lower() for c in node.children if c.dep_ == "csubj" for o in c.children if o.dep_ == "dobj"}
        return "last" if lemma == "take" else lemma, _subject_words(token) | (   # "Getting an archived object back
            {purpose.group("verb")} if purpose else set()) | done                # takes …": what is got too
    return "", frozenset()


def _share(a: frozenset, b: frozenset) -> bool:
    """Whether two subjects' words share one, or a word and its noun ("prepare" / "preparation", prices._kin)."""
    from grounding.prices import _kin
    return any(_kin(x, y) for x in a for y in b)


def _two_limits(a: Duration, b: Duration) -> bool:
    """Whether both are upper limits ("up to", "within") whose ends differ by more than a tenth, or both lower ones
    ("over two weeks" / "over two months": each open above) whose starts do."""
    if a.high == math.inf == b.high:
        return not 0.9 <= a.low / b.low <= 1.1 if b.low else False
    return a.low == 0 == b.low and not 0.9 <= a.high / b.high <= 1.1 if b.high else False


_ATTRIBUTIVE = re.compile(r"\w-(?:second|minute|hour|day|night|week|month|year)$", re.I)


_KIND_OF_DAYS = re.compile(r"\b(?P<kind>working|business|calendar)\s+days?\b", re.IGNORECASE)


def _other_days(a: Duration, b: Duration) -> bool:
    """Whether both count days of a kind they name, the same count, one working (or business) days and the other
    calendar days: "up to seven working days" is not "the first seven calendar days" (ten working days may well be
    fourteen calendar days, so other counts are left to the lengths)."""
    ka, kb = _KIND_OF_DAYS.search(a.surface), _KIND_OF_DAYS.search(b.surface)
    if ka is None or kb is None or (ka.group("kind").lower() == "calendar") == (kb.group("kind").lower() == "calendar"):
        return False
    def count(d: Duration, kind) -> list[str]:
        return [w.lower() for w in re.findall(rf"\b{_NUM}\b", d.surface[:kind.start()], re.IGNORECASE)]
    return count(a, ka) == count(b, kb)


def _attributive(d: Duration, text: str) -> bool:
    """Whether `d` is written as one word qualifying the noun after it ("24-hour" in "a 24-hour claims line")."""
    return bool(_ATTRIBUTIVE.search(d.surface)) and bool(re.match(r"[ \t]+[A-Za-z]", text[d.end:]))


def _named_by_both(d: Duration, text: str, other: str) -> bool:
    """Whether `d` is `_attributive` and `other` writes that word too."""
    return _attributive(d, text) and re.search(rf"(?<![\w-]){re.escape(d.surface)}(?![\w-])", other, re.I) is not None


# verbs that give how long their subject lasts: "Building work took five years" is the "three years of building work"
_LASTING = frozenset({"take", "last"})


def _bracketed_of(text: str, d: Duration) -> frozenset:
    """The words of the thing a length in brackets follows, lower case ("Return airport transfers by shared coach
    (around 50 minutes each way)": its length, as "takes" says it), or none."""
    m = re.search(r"(?:^|[.;:])\s*([^.;:()]+?)\s*\(\s*$", text[:d.start])
    if m is None or not re.match(r"[^()]*\)", text[d.end:]):
        return frozenset()
    return frozenset(w.lower().rstrip("s") for w in re.findall(r"[A-Za-z]+", m.group(1)))


_FROM_WHAT = re.compile(r"[ \t]+(?:(?:has|have)[ \t]+(?:passed|elapsed|gone[ \t]+by)[ \t]+)?"
                        r"(?P<way>before|after|since|following|preceding|prior[ \t]+to)"
                        r"[ \t]+(?:(?:the|its|your|their|each|every)[ \t]+)?(?P<what>[a-z]{3,})", re.IGNORECASE)


def _from_what(text: str, d: Duration) -> tuple[str, str] | None:
    """(before | after, the first word of what) a length is counted from: "45 minutes before closing", "at least one
    week has passed since the first" ("after", "first"); None where none is said right after it."""
    m = _FROM_WHAT.match(text, d.end)
    return ("before" if m["way"].lower()[:3] in ("bef", "pre", "pri") else "after", m["what"].lower()[:5]) if m else None


def _of_what(text: str, d: Duration) -> str:
    """The words of the "of" phrase right after a duration, lower case ("a week of heavy rain": "heavy rain"), or ""."""
    m = re.match(r"\s+of\s+((?:[a-z-]+\s+){0,2}?[a-z-]+)(?=\s*(?:[,.;:]|$|\s+(?:in|on|at|and|but|from|to|for|"
                 r"across|over|that|which|with)\b))", text[d.end:], re.IGNORECASE)
    return m.group(1).lower() if m else ""


def duration_conflicts(claim: str, sentence: str) -> list[tuple[str, str]]:
    """(the claim's duration, the sentence's) where one verb governs both, or both measure one thing ("a week of heavy
    rain" / "two days of heavy rain"; "Building work took five years" / "three years of building work"), they do not
    overlap (or are two limits that differ: "up to three months" / "within 28 days"), and the sentence gives that verb
    no duration that agrees: [("about an hour", "35 to 40 minutes")]."""
    claim, sentence = judged_text(claim), judged_text(sentence)
    # a length both write as one word before a noun is that noun's, the same thing in both: "Call our 24-hour claims
    # line" is no length of the call in "call the 24-hour claims line, and a handler will call you back within an hour"
    theirs = tuple(x for x in durations(sentence) if not _named_by_both(x, sentence, claim))
    if not theirs:
        return []
    out = []
    for c in (c for c in durations(claim) if not _named_by_both(c, claim, sentence)):
        verb, subject = _verb(claim, c)
        of = _of_what(claim, c)
        since, rate = _from_what(claim, c), _for_value(claim, c) if _subject_said(claim, sentence) else ""
        if verb in ("", "be", "have") and not of and not since and not rate:
            continue
        lead = bool(_LEAD.match(claim, c.end))    # "a week in advance" is how early, not how long
        start = _starts_change(claim, c)          # "extends the guarantee from two years to five": what it was
        # a length written as one word before its noun is that noun's, compared with another such only ("a 12-week
        # course" / "a 10-week course"; not "Call our 24-hour claims line" / "will call you back within an hour")
        joined = _attributive(c, claim)
        if pronoun_subject(claim, subject) and any((x.low, x.high) == (c.low, c.high) for x in theirs):
            continue    # "It … needing 29 minutes" / "… taking 29 minutes …, while the Cito … needs 35 minutes"
        same = [x for x in theirs if bool(_LEAD.match(sentence, x.end)) == lead and _starts_change(sentence, x) == start
                and {_spent(claim, c), _spent(sentence, x)} != {"within", "for"}
                and ((v := _verb(sentence, x))[0] == verb and verb not in ("", "be", "have")
                     and _attributive(x, sentence) == joined
                     and (not subject - _PRONOUNS or not v[1] - _PRONOUNS or _share(subject, v[1]))
                     or of and _of_what(sentence, x) == of
                     or since and _from_what(sentence, x) == since     # "half an hour before closing" / "45 …"
                     or rate and _for_value(sentence, x) == rate       # "0% … for the first six months" / "0% for 3"
                     or verb in _LASTING and _of_what(sentence, x) and set(_of_what(sentence, x).split()) <= subject
                     or verb in _LASTING and subject and _share(subject, _bracketed_of(sentence, x)))]
        # apart, or two limits ("up to three months" / "within 28 days": both from nothing, to another end), or the
        # same count of days of another kind ("up to seven working days" / "the first seven calendar days")
        if same and not any(x.low <= c.high and c.low <= x.high and not _two_limits(c, x) and not _other_days(c, x)
                            and not _past_bound(c, x) and not _past_bound(x, c) for x in same):
            out.append((c.surface, same[0].surface))
    return out + [f for f in first_stretches(claim, sentence) if not any(f[0] in o[0] for o in out)]


def _for_value(text: str, d: Duration) -> str:
    """The key of the rate or price a length is "for" ("0% for 3 months", "at 0%, but only for the first six months")."""
    if not re.search(r"\bfor\s+(?:the\s+first\s+)?$", text[max(0, d.start - 15):d.start], re.I):
        return ""
    return next((m.key for m in reversed(mentions(text[max(0, d.start - 50):d.start]))
                 if m.kind in ("percent", "money")), "")


def _subject_said(claim: str, sentence: str) -> bool:
    """Whether the sentence names the claim's subject's head ("Purchases are at 0%" / "Purchases: 0% for 3 months")."""
    from grounding.binding import claim_subject
    head = claim_subject(claim)
    return head is not None and re.search(rf"\b{re.escape(head[0][:5])}", sentence, re.I) is not None


def _spent(text: str, d: Duration) -> str:
    """"within" for how soon ("paid within ten working days"), "for" for how long a state lasts ("pays for up to 12
    months"), else ""."""
    return "within" if d.surface.lower().startswith("within") else "for" if re.search(
        r"\bfor\s+$", text[max(0, d.start - 5):d.start], re.IGNORECASE) else ""


def _starts_change(text: str, d: Duration) -> bool:
    """Whether a length is where a change starts ("from two years to five"), compared with such only."""
    return bool(re.search(r"\bfrom\s+$", text[max(0, d.start - 6):d.start]) and re.match(r"\s+to\b", text[d.end:]))


def _past_bound(a: Duration, b: Duration) -> bool:
    """Whether `a` is a bound ("at most three hours", "at least 5 hours") that `b`, a length with two ends, reaches
    past: "between 3 and 12 hours" is no "at most three hours"."""
    return math.isfinite(b.high) and b.low > 0 and (a.low == 0 and b.high > a.high or a.high == math.inf and b.low < a.low)


_FIRST = re.compile(r"\bfirst[ \t]+$", re.IGNORECASE)
_STRETCH_STOP = frozenset("first the each every with that this from after before which will would".split())


def first_stretches(claim: str, sentence: str) -> list[tuple[str, str]]:
    """(the claim's first stretch, the sentence's) where each gives a first stretch of time ("the first hour", "the
    first 30 minutes") and none of the sentence's overlaps the claim's, of one thing: the noun of the claim's "of"
    phrase after it in the sentence ("the first hour of work" / "… includes the first 30 minutes of work"), else a
    word of four letters or more besides the stretch's in both: "Members ride free for the first hour" against "The
    first 30 minutes of each ride are free for members" (Supported on every engine; the verbs differ, so
    `duration_conflicts` alone does not compare them)."""
    def stretches(text):
        return [d for d in durations(text) if d.surface.lower().startswith("the first")
                or _FIRST.search(text[max(0, d.start - 8):d.start])]
    ours, theirs = stretches(claim), stretches(sentence)
    if not ours or not theirs:
        return []
    words = {w.lower()[:4] for w in re.findall(r"[A-Za-z]{4,}", sentence)} - {w[:4] for w in _STRETCH_STOP}
    out = []
    for c in ours:
        of = re.match(r"\s+of\s+(?:(?:each|every|a|an|the|your|their)\s+)?([a-z]+)", claim[c.end:], re.IGNORECASE)
        rest = claim[:c.start] + " " + claim[c.end:]
        same = of.group(1).lower()[:4] in words if of else any(
            w.lower()[:4] in words for w in re.findall(r"[A-Za-z]{4,}", rest) if w.lower() not in _STRETCH_STOP)
        if same and not any(x.low <= c.high and c.low <= x.high for x in theirs):
            out.append((c.surface, theirs[0].surface))
    return out
