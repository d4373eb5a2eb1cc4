"""The claim in the source's own words, where both say the same thing in other words: the entailment model reads
"Compensation claims will be handled within a month" against "… within 30 days" as a contradiction (P(c) 0.96)
and the same claim with "30 days" as entailment (0.92); so does it read "24 months" against "two years", "50% of
the patients" against "Half of the patients", "1,200 metres" against "1.2 km", and "unvaccinated children"
against "children who had not been vaccinated" (P(c) 0.48; "not vaccinated children": P(e) 0.96).

`align(premise, hypothesis)` gives the hypothesis with each such phrase replaced by the premise's:
- a length of time, a mass, volume or length in another unit of equal size (a month is 30 days, a year 12 months
  or 365 days, within 2 %; months in days or weeks within 7 %, "a month" and "four weeks"; "eight quarters" and
  "two years", but "a quarter of" is a share; metric units exactly, areas too ("1,200 hectares", "12 km²");
  "the past year" is one year), within 10 % where the claim says "about" or "just over" its value ("about 26
  months" and "just over two years": the claim, not the source, allows the difference);
- a fraction and the percentage it equals ("a third" and 33%, "one in five" and 20%; within 2 points where the
  claim's is approximate), not a change ("50 percent more");
- a time of day in another clock or written otherwise ("3 pm" and "15:00", "noon", "8:15" and "08:15"), "on Sunday
  night" and "late on Sunday", a number written otherwise ("1.5 million" and "1,500,000", "two dozen" and "24");
- a value the claim rounds to one or more decimals, within 5 % ("42.2 km" for "42.195 km", "2.3%" for "2.34%"), or a
  whole percentage within 1 % of a source's with two decimals or more ("5%" for "4.99%");
- a word negated by its prefix ("unvaccinated", "ineffective") where the premise says "not" before the word itself;
- "closes at 8 pm" where the premise is open until 8 pm: "is open until 8 pm"; "closes on 2 March": "runs until 2 March";
- "cost(s) less / more" where the premise says "cheaper" / "more expensive" and never "cost less / more";
- "for two weeks" where the premise gives the days it spans ("from 3 May to 17 May": 14 days, or 15 counting both);
- a change by its size where the premise gives its two ends ("go down by 3p" / "from 27p to 24p", grounding.differences);
- an age limit said the other way round ("Nobody under twelve can" / "at least 12"; "under-12s" / "aged 11 and
  under", grounding.ages); a round figure said about, just over or nearly ("just over 14,000" / "14,206", round_figures).
The meaning is unchanged, so what the model reads of the new text is its reading of the claim; every entailment
reading goes through it (`runtime.Entailment.predict`, `read_as`: the premise as its clause on the claim, focus.py),
and the explanation quotes the text read. Values that differ are left as written, for the rules to see.
"""
from __future__ import annotations

import functools
import re
from decimal import Decimal
from fractions import Fraction
from typing import NamedTuple, Optional

from grounding.ages import age_edits
from grounding.clock import minutes
from grounding.differences import by_difference
from grounding.round_figures import round_edits
from grounding.entities import _DIGITS, _PERCENT, _PLAIN_NUMBER, _WORDS, _number_value, _split_number_words
from grounding.units import _UNITS

# the size of each unit in its dimension's base unit (days, grams, litres, metres); the spellings are the quantity
# rule's (units._UNITS), with a few longer spans of time, the tonne and areas ("1,200 hectares" and "12 square
# kilometres"); imperial units convert inexactly: left out
_SIZE = {"second": Fraction(1, 86400), "minute": Fraction(1, 1440), "hour": Fraction(1, 24), "day": 1, "week": 7,
         "fortnight": 14, "month": 30, "quarter": Fraction(365, 4), "year": 365, "decade": 3650,
         "µg": Fraction(1, 10**6), "mg": Fraction(1, 1000), "g": 1, "kg": 1000, "tonne": 10**6, "ml": Fraction(1, 1000), "cl": Fraction(1, 100), "dl": Fraction(1, 10),
         "l": 1, "mm": Fraction(1, 1000), "cm": Fraction(1, 100), "metre": 1, "km": 1000,
         "m2": 1, "hectare": 10**4, "km2": 10**6}
_MORE = {"fortnight fortnights": ("time", "fortnight"), "decade decades": ("time", "decade"),
         "tonne tonnes": ("mass", "tonne"), "quarter quarters": ("time", "quarter"),
         "hectare hectares ha": ("area", "hectare"), "km2 km² sq|km": ("area", "km2"),
         "square|kilometre square|kilometres square|kilometer square|kilometers": ("area", "km2"),
         "m2 m² square|metre square|metres square|meter square|meters sq|m": ("area", "m2")}
_UNIT = {spelling: (dimension, Fraction(_SIZE[unit]), unit) for dimension, units in _UNITS.items()
         for spelling, unit in units.items() if unit in _SIZE}
_UNIT |= {spelling.replace("|", " "): (dimension, Fraction(_SIZE[unit]), unit)
          for spellings, (dimension, unit) in _MORE.items() for spelling in spellings.split()}
# looked up by the case-folded spelling: the patterns ignore case the Unicode way, so "μg" (Greek mu) matches the
# table's "µg" (micro sign) and "weekſ" (a long s) "weeks"; a lookup by .lower() raised KeyError on them
_UNIT_FOLDED = {spelling.casefold(): size for spelling, size in _UNIT.items()}
_TOLERANCE = {"time": Fraction(2, 100)}          # months and years are not whole numbers of days
_MONTHS = Fraction(7, 100)      # months in days or weeks: a calendar month is 28 to 31 days ("four weeks apart")
_SPELLED_OUT = {s for s in _UNIT if len(s) > 3 or s == "day"}   # "an hour" and "a day", not "a g"
_UNITS_RE = "|".join(sorted(map(re.escape, _UNIT), key=len, reverse=True))
_AMOUNT = re.compile(
    rf"(?<![\w.,])(?:(?P<half>half[ -]an?)|(?P<num>{_DIGITS}|{_WORDS}|an?)(?P<and1>[ -]and[ -]a[ -]half)?)"
    rf"[ \t-]*(?P<unit>{_UNITS_RE})(?![\w/])(?P<and2>[ -]and[ -]a[ -]half)?", re.I)
_ONE = re.compile(rf"\bthe[ \t]+(?:past|last|previous)[ \t]+(?P<unit>{_UNITS_RE})\b", re.I)  # "the past year", not "last year"
_RATE = re.compile(r"\b(?:once|twice|thrice|times|per|every)\s+$", re.I)      # "twice a month" is a rate

_DENOMINATORS = {"half": 2, "halves": 2, "third": 3, "thirds": 3, "quarter": 4, "quarters": 4, "fifth": 5,
                 "fifths": 5, "tenth": 10, "tenths": 10}
_NUMERATORS = {"a": 1, "one": 1, "two": 2, "three": 3, "four": 4, "nine": 9}
_SMALL_NUMBER = r"\d+|one|two|three|four|five|six|seven|eight|nine|ten|twenty|hundred"
_FRACTION = re.compile(r"\b(?:(?P<numer>a|one|two|three|four|nine)[ -](?P<denom>" + "|".join(_DENOMINATORS) +
                       rf")|(?P<half>half)|(?P<k>{_SMALL_NUMBER}) (?:in|out of) (?P<n>{_SMALL_NUMBER}))\b", re.I)
_CLOCK = re.compile(r"\b(?:(?P<h12>1[0-2]|0?[1-9])(?:[:.](?P<m12>[0-5]\d))?\s*(?P<half>[ap])(?:\.m\.|m\b)"
                    r"|(?P<h24>[01]?\d|2[0-3]):(?P<m24>[0-5]\d)\b(?!\s*[ap]\.?m\b)|(?P<word>noon|midday|midnight)\b)", re.I)
_ABOUT = re.compile(r"\b(?:about|around|approximately|roughly|nearly|almost|some|circa|close to|an estimated"
                    r"|(?:just|slightly|a little) (?:over|under|more than|less than)|more or less)\s+$", re.I)
_SCALE_WORD = re.compile(r"\b(?:dozen|hundred|thousand|million|billion|trillion)\b", re.I)
_CHANGE = re.compile(r"\s+(?:more|less|fewer|higher|lower|larger|smaller|greater|bigger)\b", re.I)
_DETERMINER = re.compile(r"\s+(?:the|all|its|their|his|her|our|these|those)\b", re.I)

_PREFIXED = re.compile(r"\b(?P<prefix>un|non-?|in|im|il|ir|dis)(?P<word>[a-z]{4,})\b", re.I)
_ADJECTIVE_END = re.compile(r"(?:ive|ble|ent|ant|ate|al|ed|ful|ous|ic|ar)$")   # "inactive", not "inform"


class Phrase(NamedTuple):
    start: int
    end: int
    kind: str            # the dimension; "share" (fractions, percentages), "clock" (times of day) or "number"
    value: Fraction      # in the dimension's base unit; a share as a fraction of one; a time in minutes
    unit: str            # the unit (units._UNITS: "mg", "metre", "month"); a share's "%" / "fraction", a time's "12h" / "24h" / "word",
                         # a number's "digits" / "scaled" / "words": two phrases of one unit are compared as written


def _amounts(text: str) -> list[Phrase]:
    out = []
    for m in _AMOUNT.finditer(text):
        dimension, size, unit = _UNIT_FOLDED[m.group("unit").casefold()]
        if m.group("half"):
            count = Fraction(1, 2)
        elif m.group("num").lower() in ("a", "an"):
            count = Fraction(1)
        else:
            number = _number_value(m.group("num"))
            if number is None:
                continue
            count = Fraction(Decimal(number))
        if not m.group("num") or not m.group("num")[0].isdigit():
            if m.group("unit").lower() not in _SPELLED_OUT or _RATE.search(text[:m.start()]):
                continue
        if unit == "quarter" and (m.group("half") or m.group("num").lower() in ("a", "an", "one")
                                  or re.match(r"\s+of\b", text[m.end():])):
            continue    # a share, not three months: "a quarter of patients", "three quarters of them"
        if m.group("and1") or m.group("and2"):
            count += Fraction(1, 2)
        out.append(Phrase(m.start(), m.end(), dimension, count * size, unit))
    for m in _ONE.finditer(text):       # the unit word alone: "in the past year" -> "in the past 12 months"
        dimension, size, unit = _UNIT_FOLDED[m.group("unit").casefold()]
        if m.group("unit").lower() in _SPELLED_OUT and not any(p.start <= m.start("unit") < p.end for p in out):
            out.append(Phrase(m.start("unit"), m.end("unit"), dimension, size, unit))
    return out


def _shares(text: str, taken: list[Phrase]) -> list[Phrase]:
    out = []
    for m in _PERCENT.finditer(text):
        number = _number_value(m.group("num"))
        if number is not None and not _CHANGE.match(text, m.end()):
            out.append(Phrase(m.start(), m.end(), "share", Fraction(Decimal(number)) / 100, "%"))
    for m in _FRACTION.finditer(text):
        if any(p.start < m.end() and m.start() < p.end for p in taken + out) or _CHANGE.match(text, m.end()):
            continue        # "half an hour" is a length of time, "50 percent more" a change
        if m.group("half"):
            value = Fraction(1, 2)
        elif m.group("k"):      # "one in four", "four out of five"
            k, n = _number_value(m.group("k")), _number_value(m.group("n"))
            if not n or k is None or k >= n:
                continue
            value = Fraction(Decimal(k)) / Fraction(Decimal(n))
        else:
            value = Fraction(_NUMERATORS[m.group("numer").lower()], _DENOMINATORS[m.group("denom").lower()])
            if value >= 1:
                continue
        out.append(Phrase(m.start(), m.end(), "share", value, "fraction"))
    return out


def _clock_times(text: str) -> list[Phrase]:
    """Times of day as minutes after midnight: "3 pm" and "15:00", "noon" and "12:00"."""
    out = []
    for m in _CLOCK.finditer(text):
        unit = "word" if m.group("word") else "12h" if m.group("h12") else "24h"
        out.append(Phrase(m.start(), m.end(), "clock", Fraction(minutes(m.group(0))), unit))   # grounding.clock
    return out


def _numbers(text: str) -> list[Phrase]:
    """Numbers in digits, with a scale word or without, or in words with one ("1.5 million", "1,500,000", "two
    dozen", "a thousand"): one kind, one value. By the pattern alone: spaCy's entity recogniser would cost every
    new premise (sentences read together) a parse."""
    out = []
    for m in _PLAIN_NUMBER.finditer(text):
        for start, end, value in _split_number_words(m):
            article = re.search(r"\ban? $", text[:start], re.I)
            if article and re.fullmatch(r"[a-z]+", text[start:end], re.I):
                start = article.start()       # "a dozen", "a thousand": one phrase
            if not text[start:start + 1].isdigit() and not _SCALE_WORD.search(text[start:end]):
                continue        # "eight", "two": the model reads small numbers in words as it reads digits
            lettered = bool(re.search(r"[a-z]", text[start:end], re.I))
            written = "words" if not text[start:start + 1].isdigit() else "scaled" if lettered else "digits"
            out.append(Phrase(start, end, "number", Fraction(value), written))
    return out


def phrases(text: str) -> list[Phrase]:
    """Lengths of time, masses, volumes, lengths, shares, times of day and numbers written in `text`, in order of
    position (a number inside another phrase is not one of its own)."""
    amounts = _amounts(text) + _clock_times(text)
    found = amounts + _shares(text, amounts)
    return sorted(found + [n for n in _numbers(text) if not any(p.start < n.end and n.start < p.end for p in found)])


def _equal(a: Phrase, b: Phrase, approximate: bool = False) -> bool:
    """Whether two phrases in other units say one value; `approximate`: the claim's is "about" or "just over" its
    value, and an amount within 10 % of the other's (a share within 2 points) is the same ("about 26 months" and
    "just over two years")."""
    if a.kind != b.kind or (a.unit == b.unit and not a.unit == "24h"):
        return False        # one unit on both sides: the model compares the numbers as written (a time written
        # otherwise on the 24-hour clock is still read as another: "8:15" against "08:15" was P(c) 0.95)
    if a.kind in ("clock", "number"):
        return a.value == b.value
    if a.kind == "share":   # "a third" is 33% or 33.3%, not 34%
        return abs(a.value - b.value) * 100 <= (2 if approximate else Fraction(35, 100))
    tolerance = Fraction(1, 10) if approximate else _MONTHS if {a.unit, b.unit} & {"month"} and \
        {a.unit, b.unit} & {"day", "week", "fortnight"} else _TOLERANCE.get(a.kind, Fraction(0))
    return abs(a.value - b.value) <= tolerance * max(a.value, b.value)


_DECIMALS = re.compile(r"\d[\d,]*\.(\d+)")
_ROUNDING = Fraction(5, 100)     # the most a rounded value may be off, as a share of the source's
# a whole percentage for a source's with two decimals or more, at most this share of it off ("5%" for "4.99%", a
# council tax rise the model read as contradicted, P(c) 0.91; not "5%" for "4.9%", nor a whole number of another kind)
_WHOLE_PERCENT = Fraction(1, 100)


def _rounded(claim: str, mine: Phrase, premise: str, theirs: Phrase) -> bool:
    """The claim's value is the premise's rounded to the claim's decimals, one or more, and within _ROUNDING of it
    ("42.2 km" for "42.195 km", "2.3%" for "2.34%"; not "0.2 degrees" for "0.155 degrees", nor "42 km", where a whole
    number may be a value of its own: "2 mg" is not "2.4 mg"); a whole percentage within `_WHOLE_PERCENT` of one with
    two decimals or more ("5%" for "4.99%")."""
    if mine.kind != theirs.kind or mine.unit != theirs.unit or mine.kind == "clock":
        return False
    ours, their = _DECIMALS.search(claim[mine.start:mine.end]), _DECIMALS.search(premise[theirs.start:theirs.end])
    if not ours and their and mine.unit == "%" and len(their.group(1)) >= 2:   # a whole percentage for one just
        return abs(theirs.value - mine.value) <= _WHOLE_PERCENT * mine.value   # under or over it: "5%" / "4.99%"
    if not ours or not their or len(their.group(1)) <= len(ours.group(1)):
        return False
    step = Fraction(1, 10 ** len(ours.group(1)))
    scale = mine.value / Fraction(Decimal(ours.group(0).replace(",", "")))     # the unit's size, a scale word
    gap = abs(theirs.value - mine.value)
    return gap / scale <= step / 2 and gap <= _ROUNDING * abs(theirs.value)


def _approximate(text: str, phrase: Phrase) -> bool:
    return bool(_ABOUT.search(text[max(0, phrase.start - 30):phrase.start]))


def _share_in(claim: str, phrase: Phrase, other: str) -> tuple[int, str]:
    """(end of the claim's span, words) to put the premise's share `other` where the claim's share `phrase` was,
    with "of" where grammar needs it: "half the patients" -> "50% of the patients", "25% of patients" -> "one in
    four patients", "one in four patients" -> "25% of patients"."""
    after = claim[phrase.end:]
    if re.match(rf"(?:{_SMALL_NUMBER}) (?:in|out of) ", other, re.I):
        return (phrase.end + 3, other) if after.startswith(" of ") and not _DETERMINER.match(after[3:]) else \
            (phrase.end, other)
    if phrase.unit == "fraction" and not after.startswith(" of") and not other.lower().startswith("half") and \
            (_DETERMINER.match(after) or re.match(rf"(?:{_SMALL_NUMBER}) (?:in|out of) ", claim[phrase.start:], re.I)):
        return phrase.end, other + " of"
    return phrase.end, other


def _negated(premise: str, word: str) -> Optional[str]:
    """The premise's "not <word>" ("had not been vaccinated" for "vaccinated"), or None."""
    m = re.search(rf"\b(?:not|never|n't)\s+(?:(?:been|be|being|yet|fully)\s+)?{re.escape(word)}\b", premise, re.I)
    return m.group(0) if m else None


@functools.lru_cache(maxsize=8192)      # a pure function of the pair; every stage reads the same pairs
def align(premise: str, hypothesis: str) -> str:
    """`hypothesis` with each phrase that says what a phrase of `premise` says in other words replaced by the
    premise's phrase (see the module docstring); the hypothesis itself where there is none."""
    edits: list[tuple[int, int, str]] = []
    theirs, ours = phrases(premise), phrases(hypothesis)
    for mine in ours:
        same = next((p for p in theirs if _equal(mine, p, _approximate(hypothesis, mine))
                     or _rounded(hypothesis, mine, premise, p)), None)
        if same is not None and not any(p.kind == mine.kind and p.value == mine.value and p.unit == mine.unit
                                        and (mine.kind != "clock" or premise[p.start:p.end] == hypothesis[mine.start:mine.end])
                                        for p in theirs):
            words = premise[same.start:same.end]
            end, words = _share_in(hypothesis, mine, words) if mine.kind == "share" else (mine.end, words)
            first = words.split(" ", 1)[0]
            if mine.start > 0 and first[:1].isupper() and (first[1:].islower() or len(first) == 1):   # "One in five"
                words = words[0].lower() + words[1:]
            elif mine.start == 0:
                words = words[:1].upper() + words[1:]
            edits.append((mine.start, end, words))
    edits += _closing_hours(premise, hypothesis, theirs, ours, edits) + _price_words(premise, hypothesis) \
        + _late_in_the_day(premise, hypothesis) + _date_span(premise, hypothesis) + by_difference(premise, hypothesis) \
        + _ends_on(premise, hypothesis) + age_edits(premise, hypothesis) + round_edits(premise, hypothesis)
    for m in _PREFIXED.finditer(hypothesis):
        word = m.group("word")
        if m.group("prefix").lower() in ("in", "im", "il", "ir", "dis") and not _ADJECTIVE_END.search(word.lower()):
            continue
        if re.search(rf"\b{re.escape(m.group(0))}\b", premise, re.I) or not _negated(premise, word):
            continue
        if not any(s < m.end() and m.start() < e for s, e, _ in edits):
            edits.append((m.start(), m.end(), "not " + word))
    for start, end, words in sorted(edits, reverse=True):
        hypothesis = hypothesis[:start] + words + hypothesis[end:]
    return hypothesis


_OPEN_UNTIL = re.compile(r"\bopen\b[^.;]{0,120}?(?:\bto|\buntil|\btill|–|-)\s*$", re.I)
_MODAL = r"\b(?P<before>(?:will|would|to|can|may|might|should|must|does|do|did)\s+)?"   # then "be open", "be cheaper"
_CLOSES_AT = re.compile(_MODAL +
                        r"(?P<verb>closes|close|closed|closing)\s+at\s+$", re.I)
_OPEN_FORMS = {"closes": "is open until", "close": "are open until", "closed": "was open until",
               "closing": "open until"}


def _closing_hours(premise: str, hypothesis: str, theirs: list[Phrase], ours: list[Phrase],
                   edits: list) -> list[tuple[int, int, str]]:
    """"closes at 8 pm" read as "is open until 8 pm" where the premise is open until that time ("The library is
    open from 9 am to 8 pm": the model read "It closes at 8 pm" against it as P(c) 0.95, "It is open until 8 pm"
    as P(e) 0.96). Another time is left as written, and so is a premise with two closing times ("to 8 pm, and on
    Saturdays … to 4 pm"), where the claim's time may belong to the other days: read as "open until", "closes at 8
    pm on Saturdays" would pass. `theirs`, `ours`: the two texts' phrases, as `align` read them."""
    until = {p.value for p in theirs if p.kind == "clock" and _OPEN_UNTIL.search(premise[:p.start])}
    out = []
    for mine in (p for p in ours if p.kind == "clock") if len(until) == 1 else ():
        m = _CLOSES_AT.search(hypothesis[:mine.start])
        if m is None or mine.value not in until or any(s < mine.start and m.start() < e for s, e, _ in edits):
            continue
        verb = m.group("verb")
        words = "be open until" if m.group("before") else _OPEN_FORMS[verb.lower()]
        start = m.start("verb")
        out.append((start, m.end(), (words[:1].upper() + words[1:] if verb[:1].isupper() else words) + " "))
    return out


_COSTS = re.compile(_MODAL +
                    r"(?P<verb>costs|cost|costing)\s+(?P<way>less|more)\b", re.I)
_PRICE_WORD = {"less": "cheaper", "more": "more expensive"}
_BE = {"costs": "is", "cost": "are", "costing": "being"}


def _price_words(premise: str, hypothesis: str) -> list[tuple[int, int, str]]:
    """"cost(s) less" read as "is / are cheaper" ("cost more": "more expensive") where the premise says it so and
    never "cost less": "They cost less to run" against "Electric cars cost more to buy than petrol cars, but they are
    cheaper to run" was P(c) 0.92 (the premise's "cost more" read into it), "They are cheaper to run" P(e) 0.95."""
    out = []
    for m in _COSTS.finditer(hypothesis):
        word = _PRICE_WORD[m.group("way").lower()]
        if not re.search(rf"\b{word}\b", premise, re.I) or re.search(rf"\bcost(?:s|ing)?\s+{m.group('way')}\b",
                                                                     premise, re.I):
            continue
        be = "be" if m.group("before") else _BE[m.group("verb").lower()]
        out.append((m.start("verb"), m.end(), f"{be} {word}"))
    return out


_DAY = r"(?P<day>Monday|Tuesday|Wednesday|Thursday|Friday|Saturday|Sunday)"
_DAY_PART = re.compile(rf"\b(?:on\s+)?{_DAY}\s+(?:night|evening)\b")
_LATE_ON = re.compile(rf"\blate\s+(?:on\s+)?{_DAY}\b")


_RUNS_UNTIL = re.compile(r"\b(?:runs|continues|lasts|is\s+on|will\s+(?:run|continue|last|be\s+on))\s+(?:until|till|"
                         r"to|through)\s+$", re.I)
_ENDS_ON, _ENDING = re.compile(r"\b(?:closes|ends|finishes|will\s+(?:close|end|finish))\s+on\s+$", re.I), re.compile(r"\b(?:clos|end|finish)", re.I)


def _ends_on(premise: str, hypothesis: str) -> list[tuple[int, int, str]]:
    """"closes on 2 March" read as "runs until 2 March" where the premise says so of that date (the model read "The
    exhibition closes on 2 March" against "… runs until 2 March" as P(c) 0.77); on every reading, so cheap first."""
    from grounding.entities import mentions
    until = {m.key: u.group(0).strip() for m in mentions(premise) if m.kind == "date"
             and (u := _RUNS_UNTIL.search(premise[max(0, m.start - 30):m.start]))} if _ENDING.search(hypothesis) else {}
    return [(m.start - len(e.group(0)), m.start, until[m.key] + " ") for m in (mentions(hypothesis) if until else ())
            if m.kind == "date" and m.key in until and (e := _ENDS_ON.search(hypothesis[max(0, m.start - 30):m.start]))]


def _late_in_the_day(premise: str, hypothesis: str) -> list[tuple[int, int, str]]:
    """"on Sunday night" read as "late on Sunday" where the premise says so, and the other way round (the model read
    "The volcano erupted on Sunday night" against "… began erupting late on Sunday" as P(c) 0.79, "… erupted late on
    Sunday" as P(e) 0.96)."""
    for mine, theirs in ((_DAY_PART, _LATE_ON), (_LATE_ON, _DAY_PART)):
        said = {m.group("day"): m.group(0) for m in theirs.finditer(premise)}
        edits = [(m.start(), m.end(), said[m.group("day")]) for m in mine.finditer(hypothesis) if m.group("day") in said]
        if edits:
            return edits
    return []


def aligned(premises: list[str], hypotheses: list[str]) -> list[str]:
    """`align` over pairs."""
    return [align(p, h) for p, h in zip(premises, hypotheses)]


def read_as(premises: list[str], hypotheses: list[str]) -> tuple[list[str], list[str]]:
    """(premises, hypotheses) as the model reads them: each premise's clause on the hypothesis (grounding.focus),
    each hypothesis in its premise's words (`align`)."""
    from grounding.focus import focused
    premises = [focused(p, h) for p, h in zip(premises, hypotheses)]
    return premises, aligned(premises, hypotheses)


def _date_span(premise: str, hypothesis: str) -> list[tuple[int, int, str]]:
    """[(start, end, the premise's days)] for the one length of time the hypothesis gives after "for" ("for two
    weeks") that the premise's one span of days of a month makes (grounding.durations: "from 3 May to 17 May", 14
    days, or 15 counting both)."""
    if not re.search(r"\bfor\s", hypothesis, re.I) or not re.search(r"\d\s+[A-Z][a-z]+|[A-Z][a-z]+\s+\d", premise):
        return []     # every reading goes through `align`: the lengths are read only where they can be
    from grounding.durations import durations
    spans = [d for d in durations(premise) if re.search(r"\d\s+[A-Z][a-z]+$|^[A-Z][a-z]+\s+\d", d.surface)]
    lengths = [(d, f) for d in durations(hypothesis) if (f := re.search(r"\bfor\s+$", hypothesis[:d.start], re.I))]
    if len(spans) != 1 or len(lengths) != 1:
        return []
    (span,), ((length, after_for),) = spans, lengths
    if length.low > span.high or span.low > length.high:
        return []
    lead = re.search(r"\b(?:from|between)\s+$", premise[:span.start])       # "for two weeks" -> "from 3 May to 17 May"
    return [(after_for.start(), length.end, premise[lead.start() if lead else span.start:span.end])]
