"""Whether something can still be had: "The course is fully booked" against "A few places remain on the course",
which the entailment model, reading it with a sentence that says "still available", called entailed (P(e) 0.96 on
every engine); "Tickets are sold out" against "A limited number of tickets are still available at the box office"
was Unsupported (F 0.22–0.33).

A statement of *none left* ("sold out", "fully booked", "booked up", "is full", "out of stock", "no tickets left",
"no places available", "unavailable") against one of *some left* ("available", "still on sale", "in stock", "a few
places remain", "tickets left") is a conflict when both are said of the same thing: the claim's words, less the
words of the two states and the words of what is had (tickets, places, seats, rooms, tables, spaces), are held in the
sentence (most of them, every name and number among them: "for Friday" / "on Friday"), and where both name what is
had, they name the same (tickets are not parking spaces). Neither may be negated ("not sold out" is some left), and a
sentence whose "some left" holds only from or until a time ("Spaces are available in the car park from 6pm") or
only somewhere ("available online only") does not answer a claim that names no such limit. Words only, no parse:
`other_availability` is one of the forms of the reversal rule (grounding.reversal.reversals), and so is `not_yet`: a
thing the claim says is already there ("E-bikes are already available") that the sentence says is to come ("E-bikes
will be added next spring"), or the other way round ("Tickets go on sale next month" / "Tickets are on sale now").
"""
from __future__ import annotations

import re

from grounding.reversal import _NEGATION     # a negation just before a state: "not sold out"

# what is had: the words of a place, a ticket or a thing in stock
_HAD = r"(?:tickets?|places?|spaces?|seats?|rooms?|tables?|spots?|slots?|beds?|appointments?|pitches|berths?|units?)"
_NONE = re.compile(
    r"\b(?:sold[\s-]+out|(?:fully|completely)\s+booked|booked\s+up|out\s+of\s+stock|unavailable|no\s+longer\s+available"
    r"|(?:is|are|was|were)\s+(?:now\s+|already\s+|completely\s+)?full(?=\s*(?:[.,;:!]|$|\b(?:on|for|at|until|today|"
    r"tonight|this)\b))"
    r"|no\s+(?:more\s+)?" + _HAD + r"\s+(?:are\s+|is\s+)?(?:left|available|remaining|remain)"
    r"|none\s+(?:are\s+)?(?:left|available|remaining))", re.IGNORECASE)
_SOME = re.compile(
    r"\b(?:(?:still|now|currently)\s+)?available|(?:still\s+)?(?:on\s+sale|in\s+stock)"
    r"|" + _HAD + r"\s+(?:still\s+)?(?:remain(?:s|ing)?|left)"
    r"|(?:remaining|spare|free)\s+" + _HAD, re.IGNORECASE)
# after "available": a limit of when or where ("from 6pm", "until Friday", "online only", "to members")
_LIMITED = re.compile(r"^\s*(?:\w+\s+){0,4}?(?:from|until|till|after|before|between|only|to\s+members|for\s+members)\b",
                      re.IGNORECASE)
_STATE_WORDS = re.compile(r"\b(?:sold|out|fully|completely|booked|up|stock|unavailable|available|full|still|now|"
                          r"currently|already|sale|remain\w*|left|none|no|more|longer|spare|limited|number|few|some|"
                          r"there)\b", re.IGNORECASE)
_CONTENT = re.compile(r"\b(?!(?:the|a|an|is|are|was|were|be|been|all|any|its|their|our|your|this|these|they|it|of|"
                      r"for|on|at|in)\b)[A-Za-z0-9][\w-]{2,}|\b\d+\b", re.IGNORECASE)
_HAD_WORD = re.compile(r"\b" + _HAD + r"\b", re.IGNORECASE)


def _states(text: str):
    """(+1 some left / -1 none left, the words as written, where they end) for each state not negated."""
    out = []
    for sign, pattern in ((-1, _NONE), (1, _SOME)):
        for m in pattern.finditer(text):
            if _NEGATION.search(text[:m.start()]):
                continue
            if sign == 1 and any(n.start() <= m.start() < n.end() for n in _NONE.finditer(text)):
                continue     # "no longer available", "no places available": none left
            out.append((sign, m.group(0), m.end()))
    return out


# what a state of none left, said of a whole (a course, a hotel, a show), says there are none of
_FITS = {"booked": {"place", "room", "seat", "table", "appointment", "slot", "spot", "pitche", "berth", "bed"},
         "full": {"place", "room", "seat", "table", "bed", "pitche", "berth", "space", "spot"},
         "sold": {"ticket", "seat", "place"}}


def _kind(state: str) -> str:
    low = state.lower()
    return next((k for k in _FITS if k in low), "")


def _had(text: str) -> set[str]:
    return {w.lower().rstrip("s") for w in _HAD_WORD.findall(text)}


def other_availability(claim: str, sentence: str) -> list[tuple[str, str]]:
    """(the claim's state, the sentence's) where the sentence says of the claim's thing that some are left and the
    claim that none are, or the other way round; [] where either says both, or the sentence's is limited in time or
    place and the claim's is not."""
    from grounding.negate import _holds_rest
    ours, theirs = _states(claim), _states(sentence)
    if not ours or not theirs or len({s for s, _, _ in ours}) > 1 or len({s for s, _, _ in theirs}) > 1:
        return []
    sign, said, _ = ours[0]
    other = [(t, end) for s, t, end in theirs if s == -sign]
    if not other:
        return []
    if sign == -1 and all(_LIMITED.match(sentence[end:]) for _, end in other) and not _LIMITED.search(claim):
        return []
    own_had, their_had = _had(claim), _had(sentence)
    if own_had and their_had and not own_had & their_had:
        return []
    rest = _HAD_WORD.sub(" ", _STATE_WORDS.sub(" ", claim))
    if _CONTENT.search(rest):
        if not _holds_rest(rest, sentence):
            return []
    elif not (own_had & their_had or (not their_had and own_had & _FITS.get(_kind(other[0][0]), set()))):
        return []        # nothing but the state and what is had: the two must name the same ("Tickets are sold out"),
                         # or the sentence's state must be one of it ("Places are still available" / "The course is
                         # now fully booked": a booked course has no places; a full car park no tickets)
    return [(said, other[0][0])]


# there already, against to come: "E-bikes are already available" / "E-bikes will be added next spring"
_ALREADY = re.compile(r"\b(?:is|are)\s+already\s+(?:available|open|on\s+(?:sale|show|display|view)|in\s+(?:use|service|"
                      r"place|operation)|running|live|here)\b|\b(?:has|have)\s+already\s+(?:started|begun|opened|"
                      r"launched)\b|\balready\s+(?:runs|run|operates|exists)\b", re.IGNORECASE)   # "has already started"
_TO_COME = re.compile(r"\b(?:will|(?:is|are)\s+(?:due|set|expected|scheduled|planned|going)\s+to)\s+(?:be\s+)?"
                      r"[a-z]+|\b(?:is|are)\s+(?:planned|due|set|expected|scheduled)\s+for\b"   # "is planned for 2030"
                      r"|\b(?:starts|begins|opens)\s+next\s+(?:week|month|year|spring|summer|autumn|winter)\b",
                      re.IGNORECASE)


def not_yet(claim: str, sentence: str) -> list[tuple[str, str]]:
    """(the claim's "is already …", the sentence's verb of the future) where the claim says its subject is already
    there or to be had ("available", "open", "in use", "has already started", "already runs") and the sentence, not
    saying so, gives that subject (its words before the verb) a verb of the future ("E-bikes are already available"
    against "E-bikes will be added next spring": Partially supported on the context engine, Supported on
    context-fast); the other way round: `_there_now`."""
    from grounding.overclaim import _stems
    m = _ALREADY.search(claim)
    if m is None:
        return _there_now(claim, sentence)
    if _NEGATION.search(claim) or _SOME.search(sentence) or re.search(r"\balready\b", sentence, re.I):
        return []
    from grounding.overclaim import holds_most
    subject = _stems(claim[:m.start()])
    for to_come in _TO_COME.finditer(sentence):
        # the claim's subject there: its head and half its words at least ("Work on the extension" / "Work", not
        # "The extension"), or the sentence's "It" / "They" for it
        before = sentence[:to_come.start()]
        named = holds_most(claim[:m.start()], before[-60:], share=0.5) and _head(claim[:m.start()]) <= \
            _stems(before[-60:]) or re.fullmatch(r"\s*(?:it|they)\s*", before, re.IGNORECASE)
        if subject and named and not _NEGATION.search(before[-30:]):
            return [(m.group(0), to_come.group(0))]
    return []


def _head(words: str) -> set:
    """The stem of the first word of `words` that has one (the subject's head, as a rule: "Work on the extension")."""
    from grounding.overclaim import _stems
    return next((st for w in words.split() if (st := _stems(w))), set())


# to come, against there now: "Tickets go on sale next month" / "Tickets are on sale now and start at 15 pounds"
_LATER = re.compile(r"\b(?:(?:will\s+)?(?:go|goes)\s+on\s+sale|will\s+(?:open|be\s+(?:available|on\s+sale|open)))\s+"
                    r"(?:next\s+(?:week|month|year|spring|summer|autumn|winter)|soon|later\s+this\s+\w+|in\s+[A-Z][a-z]+)\b")
_NOW = re.compile(r"\b(?:is|are)\s+(?:(?:now|already)\s+(?:on\s+sale|open|available)|(?:on\s+sale|open|available)\s+now)\b",
                  re.IGNORECASE)


def _there_now(claim: str, sentence: str) -> list[tuple[str, str]]:
    """(the claim's "go on sale next month", the sentence's "are on sale now") where the claim gives its subject a
    start to come and the sentence says that subject (its words before the verb, or "It" / "They") is there now
    ("Tickets go on sale next month" against "Tickets are on sale now and start at 15 pounds": Partially supported on
    two engines)."""
    from grounding.overclaim import _stems
    later, now = _LATER.search(claim), _NOW.search(sentence)
    if later is None or now is None or _NEGATION.search(claim) or _NEGATION.search(sentence[:now.end()]):
        return []
    subject, before = _stems(claim[:later.start()]), sentence[:now.start()]
    named = subject <= _stems(before[-60:]) or re.fullmatch(r"\s*(?:it|they)\s*", before, re.IGNORECASE)
    return [(later.group(0), now.group(0))] if subject and named else []
