"""Free against a price: the sentence says the other of the two price states (grounding.prices) for the claim's
thing, and never the claim's: "Printing is free" against "Entry remains free, but printing now costs 10 cents per
page" (P(e) 0.86 on the model); "Lunch costs extra" against "Fees are 65 pounds a day, including lunch and snacks".
The reversal rule (reversal.reversals) gives the pair.
"""
from __future__ import annotations

import re

from grounding.prices import PriceState, price_states


# nouns of a unit of a service: "personal training sessions" are "personal training" sold by the session
_UNITS = frozenset({"session", "lesson", "class", "visit", "appointment"})


def _same_thing(claim: PriceState, other: PriceState) -> bool:
    if claim.noun == other.noun:
        return claim.words <= other.words
    return (other.noun in _UNITS and claim.noun in other.words and claim.words <= other.words
            or claim.noun in _UNITS and other.noun in claim.words and claim.words - {other.noun} <= other.words)


# when a price holds: a time of day, a part of the day or week, a day ("after 6 pm", "during the day", "at weekends")
_WHEN = re.compile(r"\b(?:after|before|during|until|from|on|at|in)\s+(?:the\s+)?(?:\d{1,2}(?:[.:]\d\d)?\s*(?:am|pm)\b"
                   r"|day(?:time)?\b|evenings?\b|mornings?\b|afternoons?\b|nights?\b|weekdays?\b|weekends?\b"
                   r"|(?:mon|tues|wednes|thurs|fri|satur|sun)days?\b|bank holidays?\b|peak times?\b|off-peak\b)", re.I)


def free_against_price(claim: str, sentence: str) -> list[tuple[str, str]]:
    """(the claim's state, the sentence's) where the sentence gives the claim's thing the other price state and
    never the claim's: [("free", "costs 10 cents per page")]. Not where each says when its state holds and the two
    differ: "Parking is free after 6 pm" against "During the day, parking costs £1.20 an hour", nor a price the
    claim gives with no time against free at some times ("free on Sundays and after 6 pm")."""
    if not (ours := price_states(claim)):
        return []
    when, theirs_when = {m.group(0).lower() for m in _WHEN.finditer(claim)}, {m.group(0).lower() for m in _WHEN.finditer(sentence)}
    if when and theirs_when and not when & theirs_when:
        return []
    theirs = price_states(sentence)
    words = {w.lower().rstrip("s") for w in re.findall(r"[A-Za-z]+", sentence)}
    out = []
    for c in ours:
        # a thing the sentence qualifies no further, the claim's words for it in the sentence: "The van permit" and
        # "Vans need a permit, which is free"
        # ("Postal returns are free" / "Returns are free in store, but postal returns cost 3.95 pounds": the thing as
        # the claim qualifies it, where the sentence names it so)
        same = [x for x in theirs if _same_thing(c, x)] or \
            [x for x in theirs if not x.words and x.noun == c.noun and c.words <= words]
        # a price the claim gives with no time against free at some times only ("Parking costs 1.50 pounds an hour"
        # / "Parking … is free on Sundays and after 6 pm on other days"): a plain price says what it mostly costs
        if same and all(x.free != c.free for x in same) and (c.free or when or not theirs_when):
            out.append((c.said, same[0].said))
    return out
