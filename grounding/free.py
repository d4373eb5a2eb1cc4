"""Free against a price: the sentence says the other of the two price states (grounding.prices) for the claim's
thing, and never the claim's: "Printing is free" against "Entry remains free, but printing now costs 10 cents per
page" (P(e) 0.86 on the model); "Lunch costs extra" against "Fees are 65 pounds a day, including lunch and snacks".
The reversal rule (reversal.reversals) gives the pair.
"""
from __future__ import annotations

import re

from grounding.lists import DENIAL
from grounding.prices import PriceState, price_states


# nouns of a unit of a service: "personal training sessions" are "personal training" sold by the session
_UNITS = frozenset({"session", "lesson", "class", "visit", "appointment"})


def _same_thing(claim: PriceState, other: PriceState) -> bool:
    if claim.noun == other.noun:     # by four letters: "Packed lunches" parsed once as an adjective, once as a verb
        return {w[:4] for w in claim.words} <= {w[:4] for w in other.words}
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
    claim gives with no time against free at some times ("free on Sundays and after 6 pm"), nor a price the sentence
    gives too where its free is free only on a condition ("Delivery within 15 miles costs £6" / "… within 15 miles
    for £6, or free on orders over £90"), nor a thing delivered free against its own price where the sentence says
    nothing of delivery ("a family box is delivered free" / "A family box costs £98")."""
    if not (ours := price_states(claim)):
        return []
    from grounding.entities import mentions
    priced = {m.key for m in mentions(sentence) if m.kind == "money"} if _ONLY_IF.search(sentence) else set()
    theirs = price_states(sentence)
    # when a price holds: said near a price state ("free on Sundays", "During the day, parking costs …"), not the
    # time of something else ("A free shuttle bus will run … every 30 minutes on weekdays")
    spots = [i for x in theirs if (i := sentence.find(x.said)) >= 0]
    when = {m.group(0).lower() for m in _WHEN.finditer(claim)}
    theirs_when = {m.group(0).lower() for m in _WHEN.finditer(sentence)
                   if not spots or any(i - 40 <= m.start() <= i + 40 for i in spots)}
    if when and theirs_when and not when & theirs_when:
        return []
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
        if c.free is False and {m.key for m in mentions(c.said) if m.kind == "money"} & priced \
                or c.free and _CARRIED.search(claim) and not _CARRIAGE.search(sentence):
            continue    # "a family box is delivered free": its delivery, not the box ("A family box costs £98")
        if same and all(x.free != c.free for x in same) and (c.free or when or not theirs_when) \
                and not _other_ages(c.said if _ages(c.said) else claim, sentence):
            out.append((c.said, same[0].said))
    return out


# free only on a condition: "free on orders over £90", "free for members", "free if you book online"
_ONLY_IF = re.compile(r"\bfree\s+(?:on\s+orders|for\s+(?:orders|members|subscribers)|if|when|with|over|above)\b",
                      re.IGNORECASE)
_CARRIED = re.compile(r"\b(?:delivered|posted|shipped|sent|returned)\s+(?:for\s+)?free\b", re.IGNORECASE)
_CARRIAGE = re.compile(r"\b(?:deliver|post|ship|send|sent|return|carriage)", re.IGNORECASE)
_AGE = re.compile(r"\b(?:under|over|aged?|below|above)\s+(\d+)(?:\s*(?:to|-|–|and)\s*(\d+))?", re.IGNORECASE)


def _ages(text: str) -> set:
    return {(m.group(0).split()[0].lower(), m.group(1), m.group(2)) for m in _AGE.finditer(text)}


def _other_ages(claim: str, sentence: str) -> bool:
    """Whether each names an age group and none is the other's: "Children under 5 travel free" is no price state of
    "Children aged 5 to 15 pay £1.50 return" (another group, grounding.groups)."""
    ours, theirs = _ages(claim), _ages(sentence)
    return bool(ours) and bool(theirs) and not ours & theirs


# free for a first stretch only: "free for the first hour", "the first 30 minutes of each ride are free", "the first
# month is free"
_PERIOD = r"(?:minutes?|hours?|days?|nights?|weeks?|months?|years?|sessions?|lessons?|classes|visits?)"
_FIRST_FREE = re.compile(
    rf"\bfree\s+(?:of\s+charge\s+)?for\s+the\s+first\s+(?:[\w-]+\s+)?{_PERIOD}\b"
    rf"|\b(?:the\s+)?first\s+(?:[\w-]+\s+)?{_PERIOD}(?:\s+of\s+(?:each|every|a|an|the|your)\s+(?P<of>[a-z]+))?"
    rf"\s+(?:is|are|will\s+be|remains?)\s+free\b", re.IGNORECASE)
# free without end: "free all day", "free at all times", "always free"
_FREE_ALWAYS = re.compile(r"\bfree\s+(?:of\s+charge\s+)?(?:all\s+(?:day|night|week|year)(?:\s+long)?|at\s+all\s+times"
                          r"|all\s+the\s+time|for\s+as\s+long\s+as\s+\w+\s+\w+|however\s+long\b[^,.;]*|every\s+time"
                          r"|for\s+(?:any|an\s+unlimited)\s+(?:length\s+of\s+)?time)\b|\balways\s+(?:be\s+)?free\b",
                          re.IGNORECASE)
_MODAL = frozenset("will would could should must might shall also always still".split())
# a price on every one of the thing: "Every ride costs 1 pound", "Each lesson costs 12 pounds"
_EVERY_PRICED = re.compile(r"^\s*(?:every|each|all)\s+(?P<noun>[a-z]+)\s+(?:costs?|is\s+charged|are\s+charged)\b",
                           re.IGNORECASE)


def free_for_a_while(claim: str, sentence: str) -> list[tuple[str, str]]:
    """(the claim's, the sentence's) where the sentence makes a thing free for a first stretch only and the claim
    makes it free without end or priced every time: "Visitors can park free all day" against "Visitors can park free
    for the first hour; after that it costs 2 pounds an hour", "Every ride costs 1 pound" against "The first 30
    minutes of each ride are free; after that it costs 1 pound per half hour" (Supported on every engine). Neither
    negated; the sentence gives a price for after the stretch (a cost, a charge, a fee or a figure of money) and
    names the claim's thing (its words before "free": "Blue badge holders park free at all times" is not about
    "Visitors can park free for the first hour")."""
    first = _FIRST_FREE.search(sentence)
    if first is None or DENIAL.search(claim) or DENIAL.search(sentence) \
            or not re.search(r"\b(?:costs?|charged?|charges|fees?|pay)\b", sentence[first.end():], re.IGNORECASE):
        return []
    always = _FREE_ALWAYS.search(claim)
    if re.search(r"\bfirst\b", claim, re.IGNORECASE):
        return []       # the claim's own stretch ("The first month is always free")
    theirs = {w.lower()[:4] for w in re.findall(r"[A-Za-z]{4,}", sentence)}
    if always and all(w.lower()[:4] in theirs for w in re.findall(r"[A-Za-z]{4,}", claim[:always.start()])
                      if w.lower() not in _MODAL):      # the claim's thing in the sentence ("Visitors can park")
        return [(always.group(0), first.group(0))]
    every = _EVERY_PRICED.search(claim)
    if every and first.group("of") and first.group("of").lower().rstrip("s") == every.group("noun").lower().rstrip("s"):
        return [(claim[every.start():every.end()].strip(), first.group(0))]
    return []
