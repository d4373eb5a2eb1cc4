"""Multiples and fractions as figures: "Electric bike sales tripled from 2019 to 2023" against "Sales of electric
bikes doubled between 2019 and 2023" (Supported on every engine, P(e) 0.94), "Roughly a quarter of buyers were over
60" against "About a third of buyers were over 60" (Partially supported, P(e) 0.45). The entity mentions hold
numbers and percentages, not these words, so the quantity rule did not see them.

- A multiple is a verb of one ("doubled", "tripled", "quadrupled", "halved"), "N-fold", "twice as", "N times as /
  more / higher / …": a factor.
- A fraction is a share written in words ("a third", "a quarter", "half", "one in five"; grammar of
  grounding.wording), against a fraction or a percentage of the sentence; two percentages are the quantity rule's.
  They agree within half a point, or 5 points where either is approximate ("about a third", "roughly 30%").
`multiple_conflicts` gives (the claim's, the sentence's) where the sentence gives only other factors (or shares)
and holds most of the claim's other words (overclaim.holds_most): the two say one thing with another figure. The
quantity rule asks for it where it asks for one figure (learned.quantity_conflicts with same_figure).
"""
from __future__ import annotations

import re
from fractions import Fraction

from grounding.frequencies import _WORDS as _NUMBER_WORDS
from grounding.overclaim import holds_most

_VERBS = {"doubl": 2, "tripl": 3, "trebl": 3, "quadrupl": 4, "halv": Fraction(1, 2)}
_VERB = re.compile(r"\b(?P<stem>doubl|tripl|trebl|quadrupl|halv)(?:e|es|ed|ing)\b", re.IGNORECASE)
_TIMES = re.compile(r"\b(?:(?P<twice>twice)\s+as\b|(?P<n>\d+(?:\.\d+)?|" + "|".join(_NUMBER_WORDS) + r")"
                    r"(?:-fold\b|\s+times\s+(?:as|more|higher|greater|larger|bigger|faster|lower|fewer|less)\b))",
                    re.IGNORECASE)


def _multiples(text: str) -> list[tuple[int, int, Fraction]]:
    out = [(m.start(), m.end(), Fraction(_VERBS[m.group("stem").lower()])) for m in _VERB.finditer(text)]
    for m in _TIMES.finditer(text):
        n = m.group("n")
        value = 2 if m.group("twice") else _NUMBER_WORDS.get(n.lower()) or Fraction(n)
        out.append((m.start(), m.end(), Fraction(value)))
    return out


def _shares(text: str):
    from grounding.wording import phrases
    return [p for p in phrases(text) if p.kind == "share"]


def _others(claim: str, start: int, end: int, sentence: str) -> bool:
    return holds_most(claim[:start] + claim[end:], sentence)


def multiple_conflicts(claim: str, sentence: str) -> list[tuple[str, str]]:
    """(the claim's multiple or fraction, the sentence's) where the sentence gives only another one of that kind and
    holds most of the claim's other words (see the module's text)."""
    out = []
    mine, theirs = _multiples(claim), _multiples(sentence)
    if len(mine) == 1 and theirs and all(v != mine[0][2] for _, _, v in theirs) \
            and _others(claim, mine[0][0], mine[0][1], sentence):
        start, end, _ = mine[0]
        out.append((claim[start:end], sentence[theirs[0][0]:theirs[0][1]]))
    shares, their_shares = _shares(claim), _shares(sentence)
    if len(shares) == 1 and their_shares and (shares[0].unit == "fraction" or any(p.unit == "fraction" for p in their_shares)):
        c = shares[0]
        from grounding.wording import _approximate      # "about a third": the wording's reading of an approximation
        loose = _approximate(claim, c) or any(_approximate(sentence, p) for p in their_shares)
        tolerance = Fraction(5, 100) if loose else Fraction(5, 1000)
        if all(abs(p.value - c.value) > tolerance for p in their_shares) and _others(claim, c.start, c.end, sentence):
            out.append((claim[c.start:c.end], sentence[their_shares[0].start:their_shares[0].end]))
    return out
