"""A day of the month that recurs: "Rent is due on the 15th of each month" against "Rent of £1,150 is due on the
first day of each month", which the value readers did not compare ("15th" is read as the number 15 with no unit,
"first day" as no value) and the entailment model read as entailed (P(e) 0.48, Partially supported). Each text's
day of a recurring month is read ("the 15th of each month", "the first day of every month", "the 1st of the month",
"the last working day of each month", "on day 28 of each month") as a number, "last" as 99 for the last day; the two
conflict when the claim names one day, the sentence names only others, and both days are of one figure
(values.same_quantity, as dates: the same verb or subject, "is due" / "is due"; not "Statements are sent on the 1st"
against "payment is due on the 15th", whose subjects differ). The quantity rule (learned.quantity_conflicts with
`same_figure`) gives the pair as a conflict of figures.
"""
from __future__ import annotations

import re

from grounding.invisible import judged_text

_ORDINAL_WORDS = ["first", "second", "third", "fourth", "fifth", "sixth", "seventh", "eighth", "ninth", "tenth",
                  "eleventh", "twelfth", "thirteenth", "fourteenth", "fifteenth", "sixteenth", "seventeenth",
                  "eighteenth", "nineteenth", "twentieth"]
_WORD_DAY = {w: i + 1 for i, w in enumerate(_ORDINAL_WORDS)} | {"thirtieth": 30, "last": 99}
_TENS = re.compile(r"(twenty|thirty)[- ](first|second|third|fourth|fifth|sixth|seventh|eighth|ninth)$", re.I)
_DAY = re.compile(
    r"\b(?:(?:(?:the\s+)?(?P<digit>\d{1,2}(?:st|nd|rd|th))|the\s+(?P<word>(?:twenty|thirty)[- ][a-z]+|[a-z]+))"
    r"(?:\s+(?:working|business|calendar))?(?:\s+day)?|day\s+(?P<num>\d{1,2}))"
    r"\s+of\s+(?:each|every|the|a|any)\s+(?:calendar\s+)?month\b", re.IGNORECASE)


# days listed before it: "the 1st or the 15th of each month", "the 1st, 10th and 20th of every month"
_LISTED = re.compile(r"(?:the\s+)?(?P<ord>\d{1,2}(?:st|nd|rd|th)|[a-z]+(?:-[a-z]+)?)\s*(?:,\s*(?:and|or)?|and|or)\s*$",
                     re.IGNORECASE)


def _ordinal(word: str) -> int | None:
    word = word.lower()
    if word[:1].isdigit():
        return int(re.match(r"\d+", word).group())
    tens = _TENS.match(word)
    if tens:
        return (20 if tens.group(1).lower() == "twenty" else 30) + _WORD_DAY[tens.group(2).lower()]
    return _WORD_DAY.get(word)


def month_days(text: str) -> list[tuple[int, str]]:
    """(day, as written) for each recurring day of the month in `text`, with the days listed before one ("the 1st
    or the 15th of each month"); the last day is 99."""
    text, out = judged_text(text), []
    for m in _DAY.finditer(text):
        day = int(m.group("num")) if m.group("num") else _ordinal(m.group("digit") or m.group("word"))
        if not day or not (1 <= day <= 31 or day == 99):
            continue
        out.append((day, m.group(0)))
        end = m.start()
        while (listed := _LISTED.search(text[max(0, end - 40):end])) and _ordinal(listed.group("ord")):
            of_month = m.group(0)[m.group(0).lower().index(" of ") + 1:]
            out.append((_ordinal(listed.group("ord")), f"the {listed.group('ord')} {of_month}"))
            end -= len(listed.group(0))
    return out


def month_day_conflicts(claim: str, sentence: str) -> list[tuple[str, str]]:
    """(the claim's day, the sentence's) where the claim names one recurring day of the month and the sentence, of
    the same figure, only others."""
    from grounding.values import same_quantity
    mine, theirs = month_days(claim), month_days(sentence)
    if len({d for d, _ in mine}) != 1 or not theirs or mine[0][0] in {d for d, _ in theirs}:
        return []
    surface = mine[0][1]
    def word(written: str) -> str:     # the day's own word, where the parse places the value
        return re.match(r"(?:the\s+|day\s+)?(\S+)", written, re.IGNORECASE).group(1)
    for _, other in theirs:
        if same_quantity(judged_text(claim), word(surface), judged_text(sentence), word(other), when=True):
            return [(surface, other)]
    return []
