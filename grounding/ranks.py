"""Ranks: "The Willis Tower in Chicago is the second tallest in the country" against "Chicago's Willis Tower … is
now the third tallest in the country" (Partially supported: the entailment model reads the pair by its shared words),
"Laura Muir finished second" against "… ahead of Australia's Jessica Hull in second and Britain's Laura Muir in third"
(Supported). A rank is a figure the quantity rule did not see: an ordinal is no number mention.

A rank is
- an ordinal before a superlative after a copula or "rank(s/ed)" ("is now the third tallest", "was the second most
  visited"), or a superlative alone there, the first ("is the tallest"); its measure is the superlative, its scope
  the word after "in" or "of" that follows it, if any ("in the country", "building in the world");
- an ordinal after "finished", "came", "placed", "ended" or "in" ("finished second", "Laura Muir in third"; not
  "in second-line therapy", nor "was first described"), before "place", or after "to" at a sentence's end or
  before "in the table" (league, standings, ...: "lifts United to third in the table", "moves United up to
  fourth,"; not "to third parties"): its measure is the place.
Its holder in a source sentence is the named mention nearest before it (entities.mentions), or where the tagger
found none there, the claim's holder written before it; in a claim, any named mention before it, or where it has none
and opens with a pronoun, the same pronoun just before the sentence's rank ("It was the year's highest-grossing film"
against "… and it was the year's third highest-grossing film"; a possessive before the rank is its scope, "the
year's"). Two ranks conflict where the sentence gives the claim's holder another rank of the same measure
(the scopes, where both have one, the same) and nowhere the claim's own: `rank_conflicts`, which the quantity rule
asks where it asks for one figure (learned.quantity_conflicts with same_figure).
"""
from __future__ import annotations

import re
from typing import NamedTuple, Optional

from grounding.entities import mentions

_ORDINALS = {"first": 1, "second": 2, "third": 3, "fourth": 4, "fifth": 5, "sixth": 6, "seventh": 7, "eighth": 8,
             "ninth": 9, "tenth": 10}
_ORD = r"(?:" + "|".join(_ORDINALS) + r"|\d{1,3}(?:st|nd|rd|th))"
_NOT_SUPERLATIVE = {"interest", "forest", "test", "rest", "west", "guest", "request", "harvest", "contest", "protest",
                    "nest", "chest", "quest", "pest", "digest", "arrest", "honest", "modest", "latest", "midwest"}
_SUPERLATIVE = r"(?:most|least)\s+[a-z]+|[a-z]{2,}est"
_SCOPE = re.compile(r"(?:\s+[a-z]+)?\s+(?:in|of)\s+(?:the\s+)?(?P<scope>[A-Za-z-]+)")
_TOP = re.compile(rf"\b(?:is|was|are|were|be|been|remains?|remained|becomes?|became|ranks?|ranked)\s+"
                  rf"(?:now\s+|still\s+|currently\s+|once\s+|also\s+)?(?:the\s+)?(?:(?P<poss>[a-z]+)['’]s\s+)?"
                  rf"(?:(?P<ord>{_ORD})[\s-]+)?"
                  rf"(?P<sup>{_SUPERLATIVE})\b", re.I)
_PLACE = re.compile(rf"\b(?:finish(?:ed|es)?|came|comes|placed|ended|in)\s+(?P<ord>{_ORD})\b(?![\s-]+(?:{_SUPERLATIVE}))(?!-)"
                    rf"|\b(?P<ord2>{_ORD})\s+place\b"
                    rf"|\bto\s+(?P<ord3>{_ORD})(?=\s+in\s+the\s+(?:table|league|standings|rankings?|group|division|polls?)\b"
                    rf"|\s*[.,;]|\s*$)", re.I)


class Rank(NamedTuple):
    start: int
    value: int
    measure: str           # "tallest", "most visited", "place"
    scope: Optional[str]   # "country", or None
    surface: str           # "third tallest", "second"


def _value(word: str) -> int:
    word = word.lower()
    return _ORDINALS[word] if word in _ORDINALS else int(re.match(r"\d+", word).group())


def ranks(text: str) -> list[Rank]:
    """The ranks `text` gives (see the module's text)."""
    out = []
    for m in _TOP.finditer(text):
        sup = re.sub(r"\s+", " ", m.group("sup").lower())
        if sup in _NOT_SUPERLATIVE:
            continue
        scope = _SCOPE.match(text, m.end())
        value = _value(m.group("ord")) if m.group("ord") else 1
        start = m.start("ord") if m.group("ord") else m.start("sup")
        where = m.group("poss").lower() if m.group("poss") else scope.group("scope").lower() if scope else None
        out.append(Rank(start, value, sup, where, text[start:m.end()]))      # "the year's third highest": the year
    for m in _PLACE.finditer(text):
        group = next(g for g in ("ord", "ord2", "ord3") if m.group(g))
        word, start = m.group(group), m.start(group)
        out.append(Rank(start, _value(word), "place", None, word))
    return out


def rank_conflicts(claim: str, sentence: str) -> list[tuple[str, str]]:
    """(the claim's rank, the sentence's) where the sentence gives the claim's holder another rank of the same
    measure and scope, and nowhere the claim's own (see the module's text)."""
    mine = ranks(claim)
    if not mine:
        return []
    theirs = ranks(sentence)
    if not theirs:
        return []
    claim_names = [m for m in mentions(claim) if m.kind == "named"]
    names = [m for m in mentions(sentence) if m.kind == "named"]

    def holder(rank: Rank, held: list) -> Optional[str]:
        before = [m for m in names if m.end <= rank.start]
        if before:
            return max(before, key=lambda m: m.end).key
        # no name the tagger found before it: the claim's holder as the claim writes it ("moves United up to fourth")
        written = [m for m in held if re.search(rf"\b{re.escape(claim[m.start:m.end])}\b", sentence[:rank.start])]
        return max(written, key=lambda m: m.end).key if written else None

    out = []
    from grounding.values import OPENING_PRONOUN
    pronoun = OPENING_PRONOUN.match(claim)        # "It was the year's highest-grossing film": its holder is the sentence's "it"
    for c in mine:
        held = [m for m in claim_names if m.end <= c.start]
        same = [t for t in theirs if t.measure == c.measure and (c.scope is None or t.scope is None or c.scope == t.scope)
                and (holder(t, held) in {m.key for m in held} if held else pronoun is not None and holder(t, held) is None
                     and re.search(rf"\b{pronoun.group(1)}\b", sentence[max(0, t.start - 40):t.start], re.I))]
        if same and all(t.value != c.value for t in same):
            out.append((c.surface, same[0].surface))
    return out


_COUNTS = {"two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7, "eight": 8, "nine": 9, "ten": 10,
           "eleven": 11, "twelve": 12}
# a place among brothers and sisters: "the eldest of five children", "the third of five children of a rope-maker"
_BORN = re.compile(rf"\b(?P<o>eldest|oldest|youngest|{_ORD})(?:\s+(?:child|daughter|son))?\s+of\s+(?P<n>"
                   rf"{'|'.join(_COUNTS)}|\d{{1,2}})(?:\s+(?:children|sons|daughters|siblings|brothers|sisters))?\b",
                   re.IGNORECASE)


def birth_order_conflicts(claim: str, sentence: str) -> list[tuple[str, str]]:
    """[(the claim's place, the sentence's)] where both place someone among as many brothers and sisters, the sentence
    nowhere at the claim's place ("the eldest of five children" / "the third of five children"; eldest is first,
    youngest last)."""
    def read(text: str) -> list[tuple[int, int, str]]:
        out = []
        for m in _BORN.finditer(text):
            n = _COUNTS.get(m.group("n").lower()) or int(m.group("n"))
            word = m.group("o").lower()
            out.append((n, 1 if word in ("eldest", "oldest") else n if word == "youngest" else _value(word), m.group(0)))
        return out
    theirs = read(sentence)
    out = []
    for n, place, said in read(claim):
        same = [(p, other) for m, p, other in theirs if m == n]
        if same and all(p != place for p, _ in same):
            out.append((said, same[0][1]))
    return out
