"""Whether a value is an end of a range ("1–2%", "between 40 and 90%", "from 8am to 1pm") or a difference between
two others ("100 dollars more than the base model"): neither is a value of the figure itself. The number rules
(learned.quantity_conflicts, grounding.binding) leave such values out of their comparisons.
"""
from __future__ import annotations

import re

from grounding.entities import _SMALL, Mention


# an end of a range, a parenthesis after either end allowed: "from 2.2% (Japan) to 10.4% (Brazil)"
_RANGE_BEFORE = re.compile(r"\d\s*(?:[ap]\.?m\.?\s*)?(?P<pct>%?)\s*(?:\([^()]{1,40}\)\s*)?(?:–|—|-|to|and)\s*[<≤]?\s*$",
                           re.IGNORECASE)   # "from 8am to 1pm": a time's am / pm between
_NUMBER_WORD = "|".join(sorted(_SMALL, key=len, reverse=True))
# two number words: "four to six hours", "between three and five days"
_WORD_RANGE_BEFORE = re.compile(rf"(?:\b(?:{_NUMBER_WORD})\s*(?:–|—|-|to)|\bbetween\s+(?:{_NUMBER_WORD})\s+and)\s*$", re.I)
_WORD_RANGE_AFTER = re.compile(rf"\s*(?:–|—|-|to)\s*(?:{_NUMBER_WORD})\b", re.I)
_RANGE_AFTER = re.compile(r"^\s*%?\s*(?:\([^()]{1,40}\)\s*)?(?:–|—|-|to|and)\s*[<≤]?\s*[\d.,]*\d(?P<pct>\s*(?:%|percent\b|per cent\b))?")


def in_range(text: str, m: Mention) -> bool:
    """Whether the value is an end of a range ("1–2%", "between 40 and 90%", "5 to <10%", "from 8am to 1pm", "every
    four to six hours"): not a value of its own.
    A percentage and a value of another kind are no range: "fell by 4% to 61 million euros" gives two values."""
    before = _RANGE_BEFORE.search(text[max(0, m.start - 60):m.start])
    if before and not (before.group("pct") and m.kind != "percent"):
        return True
    if _WORD_RANGE_BEFORE.search(text[max(0, m.start - 30):m.start]) or _WORD_RANGE_AFTER.match(text, m.end):
        return True
    after = _RANGE_AFTER.search(text[m.end:m.end + 70])
    return bool(after) and not (m.kind == "percent" and not after.group("pct") and "%" not in text[m.end:m.end + 2])


_DIFFERENCE = re.compile(r"\s*(?:more|less|fewer|higher|lower|cheaper|dearer|older|younger|longer|shorter|larger|smaller"
                         r"|bigger|faster|slower|greater|heavier|lighter)\b", re.I)


def is_difference(text: str, m: Mention) -> bool:
    """Whether the value is a difference between two others ("costs 100 dollars more than the base model", "3%
    higher"): it answers no value of the figure itself ("the base model costs 799 dollars"), only another
    difference."""
    return bool(_DIFFERENCE.match(text, m.end))
