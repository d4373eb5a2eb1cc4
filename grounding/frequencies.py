"""How often, as one key: "three times a day", "3 times daily", "twice a day", "every 8 hours" are all so many times
per day ("3 per day", "2 per day", "3 per day"), so the entity comparison (grounding.entities, kind "frequency") and
the quantity rule tell "three times a day" from "twice a day" (a leaflet's dose: the entailment model read the two
as the same, P(e) 0.96) and see "every 12 hours" as "twice a day"."""
from __future__ import annotations

import re
from fractions import Fraction
from typing import Iterator

_COUNTS = {"once": 1, "twice": 2, "thrice": 3}
_WORDS = {w: i for i, w in enumerate("zero one two three four five six seven eight nine ten eleven twelve".split())}
_DAYS = {"hour": Fraction(1, 24), "day": Fraction(1), "week": Fraction(7), "fortnight": Fraction(14),
         "month": Fraction(30), "year": Fraction(365)}
_ADVERBS = {"hourly": "hour", "daily": "day", "nightly": "day", "weekly": "week", "fortnightly": "fortnight",
            "monthly": "month", "yearly": "year", "annually": "year"}
_COUNT = r"(?P<count>once|twice|thrice|(?P<n>\d+|" + "|".join(_WORDS) + r")[ \t]+times)"
_PERIOD = r"(?P<period>hour|day|week|fortnight|month|year)"
_PATTERNS = (
    re.compile(rf"\b{_COUNT}[ \t]+(?:a|an|per|each|every)[ \t]+{_PERIOD}\b", re.I),
    re.compile(rf"\b{_COUNT}[ \t]+(?P<adverb>{'|'.join(_ADVERBS)})\b", re.I),
    re.compile(rf"\bevery[ \t]+(?P<every>\d+|{'|'.join(_WORDS)})[ \t]+{_PERIOD}s\b", re.I),
    re.compile(rf"\bevery[ \t]+(?:(?P<other>other)[ \t]+)?{_PERIOD}\b", re.I),
)


def _number(word: str) -> int:
    return int(word) if word.isdigit() else _WORDS[word.lower()]


def frequencies(text: str) -> Iterator[tuple[int, int, str]]:
    """(start, end, key) of each frequency in `text`, the key its times per day ("2 per day", "1/7 per day")."""
    taken: list[tuple[int, int]] = []
    for pattern in _PATTERNS:
        for m in pattern.finditer(text):
            if any(m.start() < e and s < m.end() for s, e in taken):
                continue
            g = m.groupdict()
            if g.get("every"):
                per_day = 1 / (_number(g["every"]) * _DAYS[g["period"].lower()])
            elif "count" in g:
                times = _COUNTS.get(g["count"].lower()) or _number(g["n"])
                period = _ADVERBS[g["adverb"].lower()] if g.get("adverb") else g["period"].lower()
                per_day = times / _DAYS[period]
            else:
                per_day = 1 / (_DAYS[g["period"].lower()] * (2 if g.get("other") else 1))
            taken.append(m.span())
            yield m.start(), m.end(), f"{per_day} per day"
