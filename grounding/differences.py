"""A change said by its size where the source gives its two ends: "The unit price of electricity will go down by 3p
per kilowatt hour" against "… will cut its standard electricity price from 27p to 24p per kilowatt hour" was
Contradicted on every engine (the quantity rule read 3 against 27 and 24), "The waiting list shrank by 3,300
patients" against "… fell to 18,200 in May, from 21,500 in January" Unsupported, and "Quarterly revenue rose by 14
million pounds" against "revenue of 84 million pounds …, up from 70 million pounds" Unsupported.

The source's *move*: a value after "from" (its start) and another of the same kind in the same sentence as its
end: the one after the "to" that follows it ("from 27p to 24p"), else the nearest one before it ("fell to 18,200
…, from 21,500", "84 million pounds …, up from 70 million pounds"); the words glued to or after each value the same
where both have them ("27p" / "24p"). The claim's *change*: a verb of direction, "by", a bound or none, and a value
("rose by 14 million", "fell by more than 600"). The change is the move's where its direction is the move's and its
size holds the move's difference: exactly (within half a percent), "about" within a tenth, "more than" / "over"
above it, "almost" / "nearly" within a tenth below, "less than" / "under" below it; of several moves in the
direction, the one nearest in size answers.

`change_by` gives the (start, end) mentions of the move a claim's value is the size of: the quantity rule
(learned.quantity_conflicts) then reads no conflict for that value. `by_difference` gives the edits that read the
claim in the source's words (wording.align): "go down by 3p" becomes "go down from 27p to 24p", so that what the
entailment model reads is the claim's change as the source gives it.
"""
from __future__ import annotations

import re
from decimal import Decimal, InvalidOperation
from typing import Optional

_UP = r"rose|rise|rises|risen|increased?|increases|grew|grow|grows|grown|climbed|climbs?|gained|gains?|jumped|went\s+up" \
      r"|go(?:es)?\s+up|gone\s+up|raised?|up"
_DOWN = r"fell|falls?|fallen|dropped|drops?|shrank|shrunk|shrinks?|decreased?|decreases|declined|declines?|cut|cuts" \
        r"|reduced?|went\s+down|go(?:es)?\s+down|gone\s+down|down|lowered|lower"
_CHANGE = re.compile(rf"\b(?:(?P<up>{_UP})|(?P<down>{_DOWN}))\s+by\s+(?P<bound>about|around|roughly|approximately|some"
                     r"|more\s+than|over|just\s+over|almost|nearly|just\s+under|less\s+than|under)?\s*$", re.IGNORECASE)
_FROM = re.compile(r"\bfrom\s+$", re.IGNORECASE)
_TO = re.compile(r"\b(?:to|and)\s+$", re.IGNORECASE)


def _glued(text: str, end: int) -> str:
    """The letters or sign glued to a value ("27p": "p"; "6.6%" has its sign in the surface), lower case."""
    return re.match(r"[a-z%]*", text[end:], re.IGNORECASE).group(0).lower()


def _unit_word(text: str, end: int) -> str:
    """The word after a value and its glued letters ("84 million pounds": "pounds"), lower case, or ""."""
    m = re.match(r"[a-z%]*\s+([a-z]+)", text[end:], re.IGNORECASE)
    return m.group(1).lower() if m and m.group(1).lower() not in _LINKS else ""


_LINKS = frozenset("to per in on a an from and for of at by with the than this last next a year".split())


def _number(key: str) -> Optional[Decimal]:
    try:
        return Decimal(re.sub(r"[^\d.\-]", "", key))
    except InvalidOperation:
        return None


def _moves(text: str, values: list) -> list[tuple]:
    """(start, end) mention pairs of the text's moves (see the module docstring)."""
    out = []
    for i, a in enumerate(values):
        if not _FROM.search(text[max(0, a.start - 12):a.start]):
            continue
        unit = _unit_word(text, a.end)
        kin = [b for b in values if b is not a and b.kind == a.kind and _glued(text, b.end) == _glued(text, a.end)
               and (not unit or not _unit_word(text, b.end) or unit == _unit_word(text, b.end))   # not "three months"
               and not re.search(r"[.;]", text[min(a.end, b.end):max(a.start, b.start)])]
        after = next((b for b in kin if b.start > a.end and _TO.search(text[a.end:b.start][-8:])
                      and not re.search(r"\d", text[a.end:b.start])), None)
        before = max((b for b in kin if b.end < a.start), key=lambda b: b.start, default=None)
        end = after or before
        if end is not None:
            out.append((a, end))
    return out


def _holds(size: Decimal, bound: str, difference: Decimal) -> bool:
    bound = " ".join(bound.lower().split())
    if bound in ("more than", "over", "just over"):
        return difference > size
    if bound in ("less than", "under", "just under"):
        return difference < size
    if bound in ("almost", "nearly"):
        return size * Decimal("0.9") <= difference <= size
    if bound:
        return abs(difference - size) <= size * Decimal("0.1")
    return abs(difference - size) <= size * Decimal("0.005")


def change_by(claim: str, value, context: str, context_values: list) -> Optional[tuple]:
    """The (start, end) mentions of the context's move whose difference the claim's `value` (a mention) is, in its
    direction (see the module docstring); None where it is none."""
    said = _CHANGE.search(claim[max(0, value.start - 40):value.start])
    # "rose by 2.5%" is no size of "from 4.1% to 6.6%" (a share of the start, or points: either); "2.5 percentage
    # points" is
    points = value.kind == "number" and re.match(r"\s+(?:percentage\s+)?points\b", claim[value.end:], re.IGNORECASE)
    size = _number(value.key) if said and value.kind != "percent" else None
    if size is None or size <= 0:
        return None
    found = []
    for a, b in _moves(context, context_values):
        if (a.kind != value.kind and not (points and a.kind == "percent")) \
                or value.kind == "money" and a.key[:1] != value.key[:1]:
            continue
        glued = _glued(claim, value.end)
        if glued and glued != _glued(context, a.end) and not points:
            continue
        start, end = _number(a.key), _number(b.key)
        if start is None or end is None or end == start or (end > start) != bool(said.group("up")):
            continue
        found.append((abs(abs(end - start) - size), abs(end - start), a, b))
    # the move nearest in size answers the claim: "fell by more than 700" is not the list's fall of 3,300 where the
    # long waits fell by 630
    if not found:
        return None
    _, difference, a, b = min(found, key=lambda f: f[0])
    return (a, b) if _holds(size, said.group("bound") or "", difference) else None


def change_conflicts(claim: str, context: str) -> list[tuple[str, str]]:
    """(the claim's change, the source's move) where the claim gives a change of money or a count by its size ("going
    up by £2 a month") and the sentence gives the one move of that kind whose two ends it has ("will go up from £9.99
    to £10.99 a month") of another size, or the other way: the change is not the move's. A share's change is left
    alone ("rose by 2.5%" may be points or a share of the start), and so is a sentence with several moves of the
    kind (which answers the claim's is unknown)."""
    from grounding.entities import mentions
    if " by " not in claim or "from" not in context:
        return []
    theirs = [m for m in mentions(context) if m.kind in ("number", "money")]
    out = []
    for c in mentions(claim):
        said = _CHANGE.search(claim[max(0, c.start - 40):c.start]) if c.kind in ("number", "money") else None
        size = _number(c.key) if said else None
        moves = [(a, b) for a, b in _moves(context, theirs) if a.kind == c.kind and _glued(context, a.end) ==
                 _glued(claim, c.end) and (c.kind != "money" or a.key[:1] == c.key[:1])] if size else []
        units = {_unit_word(claim, c.end), _unit_word(context, moves[0][0].end)} - {""} if len(moves) == 1 else ()
        if len(moves) != 1 or len(units) > 1:     # "by 3 months" is no move "from 24 to 21 days"
            continue
        (a, b), up = moves[0], bool(said.group("up"))
        start, end = _number(a.key), _number(b.key)
        if start is None or end is None or start == end:
            continue
        if (end > start) != up or not _holds(size, said.group("bound") or "", abs(end - start)):
            ends = [context[x.start:x.end + len(_glued(context, x.end))] for x in (a, b)]
            out.append((f"{said.group(0).strip()} {claim[c.start:c.end + len(_glued(claim, c.end))]}",
                        f"from {ends[0]} to {ends[1]}"))
    return out


def by_difference(premise: str, hypothesis: str) -> list[tuple[int, int, str]]:
    """Edits (start, end, words) that put the premise's move for each change the hypothesis gives by its size: "by
    3p" -> "from 27p to 24p" (see the module docstring)."""
    from grounding.entities import mentions
    if "by" not in hypothesis or "from" not in premise:
        return []
    theirs = [m for m in mentions(premise) if m.kind in ("number", "money", "percent")]
    edits = []
    for c in mentions(hypothesis):
        found = change_by(hypothesis, c, premise, theirs) if c.kind in ("number", "money", "percent") else None
        if found is None:
            continue
        a, b = found
        said = _CHANGE.search(hypothesis[max(0, c.start - 40):c.start])
        by = max(0, c.start - 40) + said.start() + said.group(0).lower().rindex("by")
        end = c.end + len(_glued(hypothesis, c.end))
        points = re.match(r"\s+(?:percentage\s+)?points\b", hypothesis[end:], re.IGNORECASE)
        end += points.end() if points else 0
        unit = "" if points else _unit_word(hypothesis, c.end)
        words = [premise[x.start:x.end + len(_glued(premise, x.end))] for x in (a, b)]
        if unit and unit == _unit_word(premise, a.end):          # "84 million pounds": the unit after each end
            words = [f"{w} {unit}" for w in words]
            end = re.match(r"[a-z%]*\s+[a-z]+", hypothesis[c.end:], re.IGNORECASE).end() + c.end
        edits.append((by, end, f"from {words[0]} to {words[1]}"))
    return edits


# a value set beside an earlier one of its own: "81.5%, compared with 79.0% a year ago", "£4.2 million against £3.9
# million in 2023"
_COMPARED = re.compile(r"\s*,?\s*(?:compared\s+(?:with|to)|against|versus|vs\.?|from)\s+(?:about\s+|around\s+)?$",
                       re.IGNORECASE)
_EARLIER = re.compile(r"\s*(?:a|one)\s+year\s+(?:ago|earlier|before)|\s*(?:last|the\s+previous|the\s+prior|the\s+preceding)"
                      r"\s+(?:year|quarter|month|season|week|period)|\s*(?:in|for)\s+(?:the\s+same\s+\w+\s+of\s+)?(?:19|20)"
                      r"\d\d\b|\s*the\s+same\s+(?:period|quarter|month|time)\s+last\s+year|\s*the\s+year\s+before",
                      re.IGNORECASE)


def compared_change(text: str, value, values: list) -> tuple[int, str]:
    """(+1 / -1, the words) where the text sets its `value` beside an earlier value of the same kind ("The load
    factor … was 81.5%, compared with 79.0% a year ago": up), so that the value is where a change of that direction
    ended; (0, "") where it does not. Against another thing ("compared with 85% for rival airlines") it says nothing."""
    for other in values:
        if other.kind != value.kind or other.start <= value.end or other.start - value.end > 30 \
                or not _COMPARED.fullmatch(text[value.end + len(_glued(text, value.end)):other.start]):
            continue
        earlier = _EARLIER.match(text, other.end + len(_glued(text, other.end)))
        now, then = _number(value.key), _number(other.key)
        if earlier is None or now is None or then is None or now == then:
            return 0, ""
        said = text[value.end:earlier.end()]
        return (1 if now > then else -1), said[len(said) - len(said.lstrip(" ,%" + _glued(text, value.end))):]
    return 0, ""
