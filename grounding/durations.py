"""How long, in one measure: "about an hour" against "35 to 40 minutes", "two hours" against "90 minutes", "50
minutes" against "35 to 40 minutes". The entity reader keys a number by its digits and the unit word after it, so
values of one dimension in other units, spans ("35 to 40 minutes", whose ends are no values of their own) and
"an hour" were never compared, and the entailment model read "Bake for about an hour" as entailed by "Bake for 35
to 40 minutes" (F 0.88).

A *duration* is a number (digits or words; "a", "an", "half an") or a span of two ("35 to 40", "35–40", "between
35 and 40") before a unit of time (second … year), with what bounds it ("about", "up to", "at least", "more than",
…), as an interval of seconds; "about" and its kin widen it by a fifth, an exact value by 5 % (a year of 52
weeks is a year). Not a duration: "several hundred hours"; a count of events per period ("three times a day",
"every 10 minutes", "per hour", "5 mg a day", "4.1 a month": grounding.frequencies), an age ("10 years old"), a time
ago, or an amount of something ("two months' notice").

The claim's duration conflicts with the sentence's where one verb (not "be" or "have") governs both, of subjects
that share a word where both have one ("Antibodies were detected at 2–3 weeks" is not what "At 2 days, SARS-CoV-2
was detected" times), the sentence gives no duration of that verb that agrees, and none of the two intervals
overlap (the quantity rule, learned.quantity_conflicts with `same_figure`).
"""
from __future__ import annotations

import functools
import re
from typing import NamedTuple, Optional

from grounding.entities import _WORDS as _NUMBER_WORDS, _number_value
from grounding.invisible import judged_text

_SECONDS = {"second": 1, "minute": 60, "hour": 3600, "day": 86400, "week": 7 * 86400, "fortnight": 14 * 86400,
            "month": 30.44 * 86400, "year": 365.25 * 86400}
_UNIT = r"(?P<unit>seconds?|secs?|minutes?|mins?|hours?|hrs?|days?|weeks?|fortnights?|months?|years?)"
_NUM = rf"(?:\d+(?:\.\d+)?|{_NUMBER_WORDS})"
_BOUND = (r"(?P<bound>about|around|roughly|approximately|nearly|almost|some|up to|at least|at most|more than|less than"
          r"|over|under|no more than|no less than|just over|just under)")
_DURATION = re.compile(
    rf"(?i:(?:\b{_BOUND}[ \t]+)?\b(?:(?P<half>half[ \t]+an)|(?P<article>an?)|between[ \t]+(?P<lo2>{_NUM})[ \t]+and[ \t]+"
    rf"(?P<hi2>{_NUM})|(?P<lo>{_NUM})(?:[ \t]*(?:to|-|–)[ \t]*(?P<hi>{_NUM}))?)[ \t]+{_UNIT}\b)")
_UNIT_NAMES = {"sec": "second", "min": "minute", "hr": "hour"}
# a count per period, not a length of time: "three times a day", "every 10 minutes", "per hour", "5 mg a day", "4.1 a
# month"
_RATE_BEFORE = re.compile(r"(?:\b(?:times?|every|each|per)|\b(?:mg|g|kg|ml|km|miles?|units?|doses?|tablets?|days?)"
                          r"|\d%?)[ \t]*$", re.I)     # "… fell by 4.1 a month", "4.1 days a month"
_NOT_LENGTH_AFTER = re.compile(r"['’]|[ \t]*(?:old|of age|ago|(?:a|an|per|each|every)[ \t]+(?:hour|day|week|fortnight"
                               r"|month|year))\b", re.I)     # "3 days a week": how often; "two months' notice": an amount
_WIDE = {"about", "around", "roughly", "approximately", "nearly", "almost", "some"}
_ABOVE = {"at least", "more than", "over", "no less than", "just over"}
_BELOW = {"up to", "at most", "less than", "under", "no more than", "just under"}


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
        if _RATE_BEFORE.search(text[max(0, m.start() - 12):m.start()]) or _NOT_LENGTH_AFTER.match(text, m.end()):
            continue
        unit = m.group("unit").lower().rstrip("s")
        per = _SECONDS[_UNIT_NAMES.get(unit, unit)]
        if m.group("half"):
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
        bound = (m.group("bound") or "").lower()
        if bound in _ABOVE:
            low, high = low, float("inf")
        elif bound in _BELOW:
            low, high = 0.0, high
        spread = 0.2 if bound in _WIDE else 0.05
        out.append(Duration(m.start(), m.end(), low * per * (1 - spread), high * per * (1 + spread), m.group()))
    return tuple(out)


def _verb(text: str, d: Duration) -> tuple[str, frozenset]:
    """(the lemma of the verb governing a duration (its unit word), "" where none does; the words of that verb's
    subject, binding._subject_words)."""
    from grounding.binding import _subject_words
    from grounding.decompose import parse
    from grounding.values import governor
    doc = parse(text)
    token = next((t for t in doc if t.idx <= d.end - 1 < t.idx + len(t.text)), None)
    if token is None:
        return "", frozenset()
    node = governor(token)
    if node.pos_ in ("VERB", "AUX") or node.dep_ == "ROOT" and node.i == 0:   # "Bake for …", tagged a name
        lemma = node.lemma_.lower()
        return "last" if lemma == "take" else lemma, _subject_words(token)    # "takes 12 weeks" / "lasts 10 weeks"
    return "", frozenset()


def duration_conflicts(claim: str, sentence: str) -> list[tuple[str, str]]:
    """(the claim's duration, the sentence's) where one verb governs both, they do not overlap, and the sentence
    gives that verb no duration that does: [("about an hour", "35 to 40 minutes")]."""
    claim, sentence = judged_text(claim), judged_text(sentence)
    theirs = durations(sentence)
    if not theirs:
        return []
    out = []
    for c in durations(claim):
        verb, subject = _verb(claim, c)
        if verb in ("", "be", "have"):
            continue
        same = [x for x in theirs
                if (v := _verb(sentence, x))[0] == verb and (not subject or not v[1] or subject & v[1])]
        if same and not any(x.low <= c.high and c.low <= x.high for x in same):
            out.append((c.surface, same[0].surface))
    return out
