"""A round figure the claim says about, just over or nearly, where the source gives the exact one: "Priya Desai won
… with just over 14,000 votes" against "… has won the … by-election, taking 14,206 votes" was Contradicted on the
context and claims engines (the entailment model, P(c) 0.82, reads 14,000 against 14,206; the quantity rule already
lets the two agree, values.values_agree).

The claim's figure (a number, an amount in a unit, a percentage: wording.phrases) follows an approximation word and
is rounder than the source's (more zeros at its end, a 5 counting half: "14,000" / "14,206", "40%" / "43%", "15" /
"14"); the source gives one figure of its kind and unit within the word's reach, and none equal to the claim's:
- "about", "around", "roughly", "approximately", "some", "circa", "close to", "an estimated", "more or less": within
  a tenth of the claim's either way;
- "just over", "slightly over", "a little over", "just more than", "slightly more than", "a little more than": above
  it, by a tenth of it at most;
- "just under", "slightly under", "a little under", "just less than", "slightly less than", "a little less than",
  "nearly", "almost": below it, by a tenth at most.
A time said just before, just after or about (grounding.bounds: within 20 minutes before or after it, 15 either way)
that holds the source's one time reads as it too: "from just before 8am" against "From 07:55".
`round_edits` gives the edit that reads the claim in the source's words (wording.align): the approximation and the
figure become the source's figure ("with 14,206 votes"), so the model reads what the claim says as the source gives it.
"""
from __future__ import annotations

import re
from fractions import Fraction

_WORD = re.compile(r"\b(?:(?P<near>about|around|roughly|approximately|some|circa|close\s+to|an\s+estimated|more\s+or"
                   r"\s+less)|(?P<over>(?:just|slightly|a\s+little)\s+(?:over|more\s+than|above))|(?P<under>(?:just"
                   r"|slightly|a\s+little)\s+(?:under|less\s+than|below)|nearly|almost))\s+$", re.IGNORECASE)
_ANY = re.compile(r"\b(?:about|around|roughly|approximately|some|circa|close|estimated|more|over|under|less|above|below"
                  r"|before|after|nearly|almost)\s", re.IGNORECASE)
_REACH = Fraction(1, 10)


def _roundness(written: str) -> float:
    """Zeros at the end of the figure's whole part, a final 5 counting half ("14,000": 3, "15": 0.5, "14,206": 0)."""
    digits = re.sub(r"[^\d.]", "", written).split(".")[0]
    if not digits or set(digits) == {"0"}:
        return 0.0
    zeros = len(digits) - len(digits.rstrip("0"))
    return zeros + (0.5 if digits.rstrip("0").endswith("5") else 0.0)


def round_edits(premise: str, hypothesis: str) -> list[tuple[int, int, str]]:
    """[(start, end, the premise's figure)] for each round figure of the hypothesis said about, just over or nearly
    (see the module docstring)."""
    if not _ANY.search(hypothesis):
        return []
    from grounding.entities import mentions
    from grounding.wording import _equal, _rounded, phrases
    theirs, out = None, []
    for mine in phrases(hypothesis):
        if mine.kind == "clock":
            out += _clock_edit(premise, hypothesis, mine)
            continue
        said = _WORD.search(hypothesis[max(0, mine.start - 30):mine.start])
        if said is None or mine.value <= 0:
            continue
        if theirs is None:    # a year is no count: "About 2,000 people" against "running since 1952"
            dated = [(m.start, m.end) for m in mentions(premise) if m.kind in ("year", "date", "decade")]
            theirs = [p for p in phrases(premise) if not any(a < p.end and p.start < b for a, b in dated)]
        alike = [p for p in theirs if p.kind == mine.kind and p.unit == mine.unit]
        if any(p.value == mine.value for p in alike) \
                or any(_equal(mine, p, True) or _rounded(hypothesis, mine, premise, p) for p in theirs):
            continue        # the figure itself, or one the other readings of wording.align put in its place
        gap = [(p, (p.value - mine.value) / mine.value) for p in alike]
        near = [p for p, g in gap if (abs(g) <= _REACH if said.group("near") else 0 < g <= _REACH
                                      if said.group("over") else -_REACH <= g < 0)]
        if len(near) != 1 or _roundness(hypothesis[mine.start:mine.end]) \
                <= _roundness(premise[near[0].start:near[0].end]):
            continue
        start = max(0, mine.start - 30) + said.start()
        out.append((start, mine.end, premise[near[0].start:near[0].end]))
    return out


def _clock_edit(premise: str, hypothesis: str, mine) -> list[tuple[int, int, str]]:
    """[(start, end, the premise's time)] for a time of the hypothesis said roughly ("just before 8am") that holds
    the premise's one time (bounds._time_reading: "07:55"), which is not the time itself."""
    from grounding.bounds import _TIME_NEAR
    from grounding.wording import phrases
    said = _TIME_NEAR.search(hypothesis[max(0, mine.start - 30):mine.start])
    if said is None:
        return []
    t = int(mine.value)
    low, high = (t - 20, t - 1) if said.group("before") else (t + 1, t + 20) if said.group("after") else (t - 15, t + 15)
    clocks = [p for p in phrases(premise) if p.kind == "clock"]
    near = [p for p in clocks if low <= p.value <= high]
    if len(near) != 1 or any(p.value == t for p in clocks):
        return []
    return [(max(0, mine.start - 30) + said.start(), mine.end, premise[near[0].start:near[0].end])]
