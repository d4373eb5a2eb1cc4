"""The words that make a value a bound or an approximation, read before it ("more than 50%", "up to $5 billion",
"files larger than 20 MB", "about 40%", "do not take more than 4", "The minimum investment is", "the maximum is") or
after it ("aged 75 and over", "18+"), and how far a time said roughly reaches ("just before 8am"): what
values.values_agree and values.opposite_bounds compare; and whether two bounds the other way are the two sides of
one threshold (`both_sides`).
"""
from __future__ import annotations

import re
from typing import Optional

from grounding.entities import Mention


# words before a value that make it a bound or an approximation ("more than 50%", "up to $5 billion", "about 40%")
# a comparative of size or age is a bound too: "files larger than 20 MB" (at least), "children younger than 5" (at most)
_UP = r"more|greater|larger|bigger|higher|longer|older|heavier|taller|wider"
_DOWN = r"less|fewer|smaller|lower|shorter|younger|lighter|narrower|cheaper"
_AT_LEAST = re.compile(rf"\b(?:{_UP}) than$"
                       r"|\b(?:over|above|exceeding|at least|in excess of|upwards of)$"
                       r"|\bstart(?:s|ed|ing)?\s+(?:at|from)$"    # "Prices start at £39,995": the lowest
                       r"|\bminimum(?:\s+[a-z]+){0,2}\s+(?:is|of)$", re.I)   # "The minimum investment is £5,000"
_AT_MOST = re.compile(rf"\b(?:{_DOWN}) than$"
                      r"|\b(?:under|below|up to|at most|at best|no more than|as much as)$"
                      r"|\bmaximum(?:\s+[a-z]+){0,2}\s+(?:is|of)$", re.I)                # "the maximum is £500,000"
_ABOUT = re.compile(r"(?:\b(?:about|approximately|approx\.|around|roughly|nearly|almost|some|circa|ca\.|close to"
                    r"|an estimated)|~)(?:\s+(?:another|an\s+additional|a\s+further))?$", re.I)   # "approximately another"


# a bound under a negated verb: "Do not take more than", "You must not bring more than", "should never go below"; over
# / under only right after a verb of level ("Do not store above"), not after its object ("is not recommended for
# adults over": an age that qualifies them)
_NOT_PREP = r"(?!(?:for|to|in|of|with|by|at|on|from|among|aged|than)\b)"
# a negated verb's modal and negation ("do not", "must never", "mustn't"): also grounding.prohibited's
NEGATED_MODAL = (r"(?:(?:(?P<modal>do|does|did|should|must|may|can|shall|will|could|would)\s+)?(?:not|never)"
                 r"|(?P<short>don't|doesn't|didn't|shouldn't|mustn't|cannot|can't|won't|wouldn't|couldn't))\s+")
NEGATED_BOUND = re.compile(rf"\b{NEGATED_MODAL}"
                           rf"(?:(?P<verb>(?:{_NOT_PREP}[a-z]+\s+){{1,3}}?)(?:(?:{_UP}|{_DOWN})\s+than|in\s+excess\s+of)"
                           r"|(?P<level>(?:let\s+it\s+)?(?:go|fall|drop|rise|store|keep|heat|cool|set|drive|travel|be|get|stay|"
                           r"climb|run)\s+)(?:over|above|under|below))\s*$", re.I)
# "no more than 5" is at most 5 and "no fewer than 5" at least 5, whatever "more than" alone says
_NOT_THAN = re.compile(rf"\b(?:no|not)\s+(?P<w>{_UP}|{_DOWN})\s+than$", re.I)


def _side(before: str) -> int:
    """+1 when the words before a value make it a lower bound ("over", "at least", "do not go below"), -1 an upper
    bound ("under", "up to", "do not take more than"), 0 otherwise."""
    negated = _NOT_THAN.search(before)
    if negated:
        return -1 if re.fullmatch(_UP, negated.group("w").lower()) else 1
    if denied := NEGATED_BOUND.search(before):     # "Do not take more than four": at most four
        return _denied_side(denied)
    return 1 if _AT_LEAST.search(before) else -1 if _AT_MOST.search(before) else 0


def _denied_side(denied: re.Match) -> int:
    """The side of a bound under a negated verb (a NEGATED_BOUND match): "do not take more than" is at most (-1)."""
    return -1 if re.search(rf"(?:{_UP})\s+than|excess\s+of|over|above", denied.group(0)[-15:], re.I) else 1


_AT_LEAST_AFTER = re.compile(r"^\s*(?:years?(?:\s+old)?\s+)?(?:(?:and|or)\s+(?:over|above|more|older|upwards|greater)\b"
                             r"|\+|plus\b)", re.IGNORECASE)
_AT_MOST_AFTER = re.compile(r"^\s*(?:years?(?:\s+old)?\s+)?(?:and|or)\s+(?:under|below|less|younger|fewer)\b", re.IGNORECASE)


def _side_after(after: str) -> int:
    """1 for a lower bound said after its value ("aged 75 and over", "18+"), -1 for an upper one ("5 or under"), else 0."""
    return 1 if _AT_LEAST_AFTER.match(after) else -1 if _AT_MOST_AFTER.match(after) else 0


# a time said roughly: "just before 8am" (within 20 minutes before it), "shortly after", "about" (15 either way); a
# deadline ("by 7am") is a time of its own: "by half past six" is not "by 7am"
_TIME_NEAR = re.compile(r"\b(?:(?P<before>(?:just|shortly|a\s+little|slightly)\s+before)|(?P<after>(?:just|shortly"
                        r"|a\s+little|slightly)\s+after)|(?P<about>about|around|approximately|roughly))"
                        r"(?:\s+about|\s+around)?\s*$", re.IGNORECASE)


def _time_reading(text: str, m: Mention) -> Optional[tuple[int, int]]:
    """(earliest, latest) minutes of the day the time `m` as written allows; None where its key is no time."""
    try:
        hours, minutes = m.key.split(":")
        t = int(hours) * 60 + int(minutes)
    except ValueError:
        return None
    near = _TIME_NEAR.search(text[max(0, m.start - 30):m.start])
    if near is None:
        return t, t
    return (t - 20, t - 1) if near.group("before") else (t + 1, t + 20) if near.group("after") else (t - 15, t + 15)


# a notice period after a value: "24 hours' notice", "48 hours notice", "two days' notice"
_NOTICE = re.compile(r"^\s*(?:[a-z]+'?\s+){0,2}notice\b", re.I)


def both_sides(claim: str, claim_side: int, claim_value: Mention, context: str) -> bool:
    """Whether a claim and a sentence that bound one value opposite ways speak of the two sides of one threshold:
    of a notice period, where a policy asks for "at least 24 hours' notice" and a claim says what befalls a
    cancellation "with less than 24 hours' notice"; or where the sentence also names the claim's side by its bare
    comparative ("£149 for sheds up to 8 ft x 6 ft and £229 for larger sheds" against "a shed larger than 8 ft by
    6 ft … costs £229"). Not an age limit told the other way ("under 55" against "over 55")."""
    if _NOTICE.match(claim[claim_value.end:]):
        return True
    words = _UP if claim_side > 0 else _DOWN
    return bool(re.search(rf"\b(?:{words})\b(?!\s+than)", context, re.I))

