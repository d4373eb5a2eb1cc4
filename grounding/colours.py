"""How many colours: "They are available in four colours" against "Choose from black, silver or navy", which the
entailment model read as support (P(e) 0.63 on every engine): the claim counts the colours, the sentence names three.

The claim gives a number of colours ("four colours", "3 colors", "two colourways"; not bounded: "up to", "at least",
"more than", "over"), and the sentence names two colours or more from a closed list (`_COLOURS`; a run of colour
words is one colour: "space grey", "rose gold", "midnight blue") that is not open ("include", "such as", "other
colours", "and more": grounding.lists' cues). Neither is negated. The quantity rule (learned.quantity_conflicts with
`same_figure`) gives the pair as a conflict of figures.
"""
from __future__ import annotations

import re

from grounding.entities import _WORDS as _NUMBER_WORDS, _number_value
from grounding.invisible import judged_text
from grounding.lists import _OPEN, NEGATION_WORD

_COLOURS = frozenset("black white grey gray silver gold red blue navy green yellow orange purple pink brown beige cream "
                     "ivory teal turquoise burgundy maroon charcoal graphite rose bronze copper khaki olive lilac "
                     "lavender coral midnight sand titanium violet indigo mint amber".split())
_COUNT = re.compile(rf"(?<!up to )(?<!at least )(?<!more than )(?<!over )\b(?P<n>\d+|{_NUMBER_WORDS})\s+"
                    r"(?:different\s+)?colou?r(?:s|ways)?\b", re.IGNORECASE)
_MORE = re.compile(r"\b(?:other|more|further|many|several|various)\s+colou?rs?\b|\band\s+more\b", re.IGNORECASE)
_WORD = re.compile(r"[A-Za-z]+")


def _named(sentence: str) -> list[str]:
    """The colours the sentence names, a run of colour words (with only spaces between) as one, as written."""
    runs: list[list[re.Match]] = []
    for m in _WORD.finditer(sentence):
        if m.group(0).lower() not in _COLOURS:
            continue
        if runs and sentence[runs[-1][-1].end():m.start()].strip() == "":
            runs[-1].append(m)
        else:
            runs.append([m])
    return [sentence[r[0].start():r[-1].end()] for r in runs]


def colour_conflicts(claim: str, sentence: str) -> list[tuple[str, str]]:
    """[(the claim's count of colours, the colours the sentence names)] where the two differ (see the module's
    text)."""
    claim, sentence = judged_text(claim), judged_text(sentence)
    m = _COUNT.search(claim)
    if m is None or NEGATION_WORD.search(claim) or NEGATION_WORD.search(sentence) or _OPEN.search(sentence) \
            or _MORE.search(sentence):
        return []
    n = _number_value(m.group("n"))
    named = _named(sentence)
    if n is None or len(named) < 2 or len({c.lower() for c in named}) == n:
        return []
    return [(m.group(0), ", ".join(named))]


# a colour said of a noun: "an amber warning", "the green box"
_OF_NOUN = re.compile(rf"\b(?P<colour>{'|'.join(sorted(_COLOURS))})\s+(?P<noun>[a-z]{{3,}})\b", re.IGNORECASE)


def other_colour(claim: str, sentence: str) -> list[tuple[str, str]]:
    """[(the claim's colour and noun, the sentence's)] where the claim gives a noun one colour in what it says of its
    subject ("It is an amber warning for snow and ice") and the sentence gives that noun another and never names the
    claim's ("The Met Office has issued a yellow warning for snow and ice …": Supported on every engine). Not where the
    colour tells the claim's subject apart ("The blue line runs to the airport": another line, the sibling rule's),
    nor a negated text. A form of the reversal rule (negate.other_state)."""
    from grounding.binding import claim_subject
    if NEGATION_WORD.search(claim) or NEGATION_WORD.search(sentence):
        return []
    subject = claim_subject(claim)
    marks = {m.lower() for m in subject[1]} if subject else set()
    words = {w.lower() for w in _WORD.findall(sentence)}
    theirs = [(m.group("colour").lower(), m.group("noun").lower()[:5], m.group(0)) for m in _OF_NOUN.finditer(sentence)]
    for m in _OF_NOUN.finditer(claim):
        colour, noun = m.group("colour").lower(), m.group("noun").lower()[:5]
        others = [said for c, n, said in theirs if n == noun and c != colour]
        if others and colour not in words and colour not in marks and noun not in _COLOURS:
            return [(m.group(0), others[0])]
    return []
