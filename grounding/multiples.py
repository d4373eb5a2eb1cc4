"""Multiples and fractions as figures: "Electric bike sales tripled from 2019 to 2023" against "Sales of electric
bikes doubled between 2019 and 2023" (Supported on every engine, P(e) 0.94), "Roughly a quarter of buyers were over
60" against "About a third of buyers were over 60" (Partially supported, P(e) 0.45). The entity mentions hold
numbers and percentages, not these words, so the quantity rule did not see them.

- A multiple is a verb of one ("doubled", "tripled", "quadrupled", "halved"), "N-fold", "twice as", "N times as /
  more / higher / …": a factor. Against a sentence with no multiple, a change it gives as two amounts ("from 1.1
  billion to 2.3 billion", "652,000 …, up from 410,000"; not years) is its factor: "The city's population has doubled
  since 1990" against "… 652,000 in 2024, … up from 410,000 in 1990" (x1.59; Supported on every engine) conflicts,
  within 15 % of the claim's factor it does not.
- A fraction is a share written in words ("a third", "a quarter", "half", "one in five"; grammar of
  grounding.wording), against a fraction or a percentage of the sentence; two percentages are the quantity rule's.
  They agree within half a point, or 5 points where either is approximate ("about a third", "roughly 30%"), and
  a bound allows one side ("over two thirds" of 68%, "more than 60%" of two thirds; "just over half" 5 points up).
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
# "twice the usual volume", "eight times a normal Saturday evening" (not "twice a week": a frequency)
_OF_WHAT = r"(?:the|that|what|its|their|a\s+(?:normal|usual|typical)|an\s+(?:average|ordinary))\b"
_TIMES = re.compile(r"\b(?:(?P<twice>twice)\s+(?:as\b|" + _OF_WHAT + r")|(?P<n>\d+(?:\.\d+)?|" + "|".join(_NUMBER_WORDS)
                    + r")(?:-fold\b|\s+times\s+(?:(?:as|more|higher|greater|larger|bigger|faster|lower|fewer|less)\b|"
                    + _OF_WHAT + r")))", re.IGNORECASE)


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


# besides a share, its claim's words are not the approximation before it ("About half") nor a verb of coming from
# ("About half of them come from outside the UK" / "a quarter of them from outside the UK")
_AROUND = re.compile(r"\b(?:(?:just|slightly|a\s+little|well)\s+)?(?:about|around|approximately|roughly|nearly|almost|some|just|only|over|under|(?:more|less|fewer)"
                     r"\s+than|at\s+(?:least|most))\s*$", re.I)
# a share as a bound: "over two thirds" is any share above it (68% is), "just over half" one up to 5 points above it
_BOUND = re.compile(r"(?:\b(?P<near>just|slightly|a\s+little)\s+)?\b(?:(?P<up>over|more\s+than|above|greater\s+than)"
                    r"|(?P<least>at\s+least)|(?P<down>under|less\s+than|fewer\s+than|below)|(?P<most>at\s+most|up\s+to))"
                    r"\s*$", re.I)
_ALL = Fraction(10**6)


def _span(text: str, share, tolerance: Fraction) -> tuple[Fraction, Fraction]:
    """The shares a share as written allows: itself within `tolerance`, or the side of it a bound before it says."""
    m, v, tiny = _BOUND.search(text[max(0, share.start - 30):share.start]), share.value, Fraction(1, 10**6)
    if m is None:
        return v - tolerance, v + tolerance
    near = Fraction(5, 100) if m.group("near") else _ALL
    return ((v + tiny, v + near) if m.group("up") else (v, v + near) if m.group("least")
            else (v - near, v - tiny) if m.group("down") else (v - near, v))
_COME = re.compile(r"\b(?:come|comes|came|coming)\b(?=\s+from\b)", re.I)


def _share_others(claim: str, start: int, end: int, sentence: str) -> bool:
    return holds_most(_COME.sub(" ", _AROUND.sub("", claim[:start]) + " " + claim[end:]), sentence)


_NUM = r"\d[\d,]*(?:\.\d+)?(?:\s*(?:thousand|million|billion|trillion)\b)?"
_SCALE = {"thousand": 10**3, "million": 10**6, "billion": 10**9, "trillion": 10**12}
_CHANGE = [re.compile(rf"\bfrom\s+(?P<a>{_NUM})\s+(?:[a-z]+\s+){{0,2}}to\s+(?P<b>{_NUM})", re.IGNORECASE),
           re.compile(rf"(?P<b>{_NUM})[^.;]{{0,80}}?\b(?:up|down|rising|falling)\s+from\s+(?P<a>{_NUM})", re.IGNORECASE)]
_SLACK = Fraction(15, 100)    # "doubled" for a rise from 410,000 to 700,000 is loose, to 652,000 (x1.59) wrong


def _amount(text: str) -> Fraction | None:
    """The number as written ("410,000", "1.1 billion"); None for a year ("from 2019 to 2023")."""
    number, _, scale = text.partition(" ")
    if re.fullmatch(r"1[89]\d\d|20\d\d", number) and not scale:
        return None
    value = Fraction(number.replace(",", ""))
    return value * _SCALE.get(scale.strip().lower(), 1) if value else None


def _changes(sentence: str) -> list[tuple[str, Fraction]]:
    """(the change as written, its factor) of each "from A to B" / "B, up from A" in the sentence."""
    out = []
    for pattern in _CHANGE:
        for m in pattern.finditer(sentence):
            a, b = _amount(m.group("a")), _amount(m.group("b"))
            if a and b:
                said = f"from {m.group('a')} to {m.group('b')}" if m.start("a") < m.start("b") \
                    else f"{m.group('b')}, up from {m.group('a')}"
                out.append((f"{said} (×{float(b / a):.2f})", b / a))
    return out


def multiple_conflicts(claim: str, sentence: str) -> list[tuple[str, str]]:
    """(the claim's multiple or fraction, the sentence's) where the sentence gives only another one of that kind and
    holds most of the claim's other words (see the module's text)."""
    out = []
    mine, theirs = _multiples(claim), _multiples(sentence)
    if len(mine) == 1 and theirs and all(v != mine[0][2] for _, _, v in theirs) \
            and _others(claim, mine[0][0], mine[0][1], sentence):
        start, end, _ = mine[0]
        out.append((claim[start:end], sentence[theirs[0][0]:theirs[0][1]]))
    elif len(mine) == 1 and not theirs and (changes := _changes(sentence)) \
            and all(abs(f - mine[0][2]) > _SLACK * mine[0][2] for _, f in changes) \
            and _others(claim, mine[0][0], mine[0][1], sentence):     # "doubled" against "up from 410,000" to 652,000
        out.append((claim[mine[0][0]:mine[0][1]], changes[0][0]))
    shares, their_shares = _shares(claim), _shares(sentence)
    if len(shares) == 1 and their_shares and (shares[0].unit == "fraction" or any(p.unit == "fraction" for p in their_shares)):
        c = shares[0]
        from grounding.wording import _approximate      # "about a third": the wording's reading of an approximation
        loose = _approximate(claim, c) or any(_approximate(sentence, p) for p in their_shares)
        tolerance = Fraction(5, 100) if loose else Fraction(5, 1000)
        lo, hi = _span(claim, c, tolerance)
        if all((span := _span(sentence, p, Fraction(0)))[1] < lo or hi < span[0] for p in their_shares) \
                and _share_others(claim, c.start, c.end, sentence) and not _the_rest(claim, lo, hi, sentence, their_shares):
            out.append((claim[c.start:c.end], sentence[their_shares[0].start:their_shares[0].end]))
    return out


# a choice of two: "chose between a 6-mile route and a 13-mile route", "either by post or online"
_TWO_WAYS = re.compile(r"\b(?:between|either)\b[^.;]{1,60}?\b(?:and|or)\b", re.I)


def _the_rest(claim: str, lo: Fraction, hi: Fraction, sentence: str, their_shares) -> bool:
    """Whether the claim's share is the rest of the sentence's one share of a choice of two, said of the other side
    ("About a third of the walkers did the 6-mile route" / "Walkers chose between a 6-mile route and a 13-mile route,
    and just under two-thirds chose the longer walk"): none of the words after the sentence's share is the claim's,
    so the claim's share is of the other side, and one minus theirs lies within the claim's."""
    if len(their_shares) != 1 or not _TWO_WAYS.search(sentence) or not lo <= 1 - their_shares[0].value <= hi + _TINY:
        return False
    after = re.split(r"[,;.]", sentence[their_shares[0].end:])[0]
    theirs = set(re.findall(r"[a-z]+", after.lower())) - _LIGHT_WORDS
    return bool(theirs) and not theirs & set(re.findall(r"[a-z]+", claim.lower()))


_TINY = Fraction(1, 10**6)
_LIGHT_WORDS = frozenset("the a an of to in on at for and or it them they their was were is are had has".split())
