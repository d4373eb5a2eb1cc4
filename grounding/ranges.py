"""Whether a value is an end of a range ("1–2%", "between 40 and 90%", "from 8am to 1pm") or a difference between
two others ("100 dollars more than the base model"): neither is a value of the figure itself. The number rules
(learned.quantity_conflicts, grounding.binding) leave such values out of their comparisons. Also a value within a
claim's bound ("2.4 kg" for "under 3 kg", `bounds_held`) and a value the sentence gives a share of ("half the fee of
400 euros" for "200 euros", `share_of`). Two spans of one quantity whose ends differ are a conflict of their own
("between £1,200 and £3,500" / "between £1,200 and £2,500", `range_conflicts`).
"""
from __future__ import annotations

import re
from fractions import Fraction
from typing import NamedTuple

from grounding.entities import _SMALL, Mention


# an end of a range, a parenthesis after either end allowed: "from 2.2% (Japan) to 10.4% (Brazil)"
_RANGE_BEFORE = re.compile(r"\d\s*(?:[ap]\.?m\.?\s*)?(?P<pct>%?)\s*(?:\([^()]{1,40}\)\s*)?(?:–|—|-|to|and)\s*[<≤]?\s*$",
                           re.IGNORECASE)   # "from 8am to 1pm": a time's am / pm between
_NUMBER_WORD = "|".join(sorted(_SMALL, key=len, reverse=True))
# two number words: "four to six hours", "between three and five days"
_WORD_RANGE_BEFORE = re.compile(rf"(?:\b(?:{_NUMBER_WORD})\s*(?:–|—|-|to)|\bbetween\s+(?:{_NUMBER_WORD})\s+and)\s*$", re.I)
_WORD_RANGE_AFTER = re.compile(rf"\s*(?:–|—|-|to)\s*(?:{_NUMBER_WORD})\b", re.I)
_RANGE_AFTER = re.compile(r"^\s*%?\s*(?:\([^()]{1,40}\)\s*)?(?:–|—|-|to|and)\s*[<≤]?\s*[\d.,]*\d(?P<pct>\s*(?:%|percent\b|per cent\b))?")


def in_range(text: str, m: Mention) -> bool:
    """Whether the value is an end of a range ("1–2%", "between 40 and 90%", "5 to <10%", "from 8am to 1pm", "every
    four to six hours"): not a value of its own.
    A percentage and a value of another kind are no range: "fell by 4% to 61 million euros" gives two values."""
    before = _RANGE_BEFORE.search(text[max(0, m.start - 60):m.start])
    if before and not (before.group("pct") and m.kind != "percent"):
        return True
    if _WORD_RANGE_BEFORE.search(text[max(0, m.start - 30):m.start]) or _WORD_RANGE_AFTER.match(text, m.end):
        return True
    after = _RANGE_AFTER.search(text[m.end:m.end + 70])
    return bool(after) and not (m.kind == "percent" and not after.group("pct") and "%" not in text[m.end:m.end + 2])


_DIFFERENCE = re.compile(r"\s*(?:(?:a|an|per|each)\s+(?:day|week|month|year|night|hour|person|head)\s+)?"   # "£5 a month more"
                         r"(?:more|less|fewer|higher|lower|cheaper|dearer|older|younger|longer|shorter|larger|smaller"
                         r"|bigger|faster|slower|greater|heavier|lighter)\b", re.I)


def is_difference(text: str, m: Mention) -> bool:
    """Whether the value is a difference between two others ("costs 100 dollars more than the base model", "3%
    higher"): it answers no value of the figure itself ("the base model costs 799 dollars"), only another
    difference."""
    return bool(_DIFFERENCE.match(text, m.end))


def bounds_held(claim: str, sentence: str) -> list[tuple[str, str]]:
    """[(the claim's bound, the sentence's value)] where every figure of the claim is a bound ("under 3 kg", "more
    than half", "up to 45 minutes") that a value of the sentence of its kind and unit lies within (values.values_agree:
    "2.4 kg"), and the sentence holds every other word of the claim (overclaim.holds_most, all of them, two at
    least): "The X200 weighs under 3 kg" against "The X200 vacuum cleaner weighs 2.4 kg and runs for up to 45 minutes",
    which the entailment model reads as a contradiction (P(c) 0.92). Else []."""
    from grounding.entities import mentions
    from grounding.invisible import judged_text
    from grounding.overclaim import holds_most
    from grounding.bounds import _AT_LEAST, _AT_MOST, _NOT_THAN, _side
    from grounding.values import unit_after, values_agree
    claim, sentence = judged_text(claim), judged_text(sentence)

    def unit(text: str, m: Mention) -> str:     # a number's unit (values.unit_after); a share or price has none
        return unit_after(text, m) if m.kind == "number" else ""
    ours = [m for m in mentions(claim) if m.kind != "named"]
    theirs = [m for m in mentions(sentence) if m.kind in ("number", "percent", "money")]
    out, rest = [], claim
    for c in ours:
        before = " ".join(claim[max(0, c.start - 30):c.start].split())
        side = _side(before)
        if not side or c.kind not in ("number", "percent", "money") or c.kind == "number" and not unit(claim, c):
            return []
        held = next((x for x in theirs if x.kind == c.kind and unit(sentence, x) == unit(claim, c)
                     and not _side(" ".join(sentence[max(0, x.start - 30):x.start].split()))
                     and not in_range(sentence, x) and values_agree(claim, c, sentence, x)), None)
        if held is None:
            return []
        word = _NOT_THAN.search(before) or _AT_LEAST.search(before) or _AT_MOST.search(before)
        said = f"{word.group(0)} {c.surface}" if word else c.surface
        out.append((f"{said} {unit(claim, c)}".strip(), f"{held.surface} {unit(sentence, held)}".strip()))
        rest = rest.replace(c.surface, " ")
    rest = re.sub(r"\b(?:under|below|over|above|up\s+to|at\s+(?:most|least)|less|fewer|more|than|no|not)\b", " ", rest,
                  flags=re.IGNORECASE)
    return out if out and holds_most(rest, sentence, 1.0, 2) else []


_FRACTIONS = {"half": Fraction(1, 2), "a third": Fraction(1, 3), "a quarter": Fraction(1, 4), "twice": Fraction(2),
              "double": Fraction(2), "three times": Fraction(3)}
# "half the standard fee of 400 euros", "twice the usual price of $20": a share of the value after it
_SHARE_BEFORE = re.compile(r"\b(?P<share>half|a\s+third|a\s+quarter|twice|double|three\s+times)\s+(?:of\s+)?(?:the|a|an|"
                           r"its|their|his|her)?\s*(?:[A-Za-z-]+\s+){0,3}of\s+(?:[$€£]\s*)?$", re.IGNORECASE)


def share_of(claim: str, c: Mention, context: str, x: Mention) -> bool:
    """Whether the sentence gives the claim's value as a share of its own ("Students pay 200 euros" against "Students
    pay half the standard fee of 400 euros": the quantity rule had read 400 euros as the students')."""
    from decimal import Decimal, InvalidOperation
    found = _SHARE_BEFORE.search(context[max(0, x.start - 60):x.start])
    if found is None or c.kind != x.kind:
        return False
    try:
        mine, theirs = Decimal(c.key.strip("$€£¥%")), Decimal(x.key.strip("$€£¥%"))
    except InvalidOperation:
        return False
    share = _FRACTIONS[" ".join(found.group("share").lower().split())]
    return mine * share.denominator == theirs * share.numerator


# what joins a span's two values: "£1,200 and £2,500" (after "between"), "20% to 35%", "£10–£15", "2 to 5 days"
_JOIN = re.compile(r"\s*%?\s*(?P<word>–|—|-|to|and)\s*")
_AGED = re.compile(r"\baged\s+(?:between\s+)?$", re.IGNORECASE)
_BETWEEN = re.compile(r"\bbetween\s+(?:[$€£]\s*)?$", re.IGNORECASE)


class _Span(NamedTuple):
    low: Mention
    high: Mention
    unit: str      # a number's unit word ("days"); a share or price has none
    surface: str   # "£1,200 and £2,500", "2 to 5 days"


def _spans(text: str) -> list[_Span]:
    """The spans of two values of one kind `text` gives: money, shares, or numbers of one unit ("between 2 and 5
    days"; ages, "aged 18 to 65"; not "4 to 12 children", a count of nothing named)."""
    from grounding.entities import mentions
    from grounding.values import unit_after
    found = [m for m in mentions(text) if m.kind in ("number", "percent", "money")]
    out = []
    for a, b in zip(found, found[1:]):
        join, lo = _JOIN.fullmatch(text, a.end, b.start), max(0, a.start - 12)
        between = _BETWEEN.search(text[lo:a.start])
        if join is None or join.group("word") == "and" and not between:
            continue
        if a.kind != b.kind and not (a.kind == "number" and b.kind == "percent"):   # "20 to 35%"
            continue
        unit = unit_after(text, b) if b.kind == "number" else ""
        if b.kind == "number" and not unit and _AGED.search(text[max(0, a.start - 20):a.start]):
            unit = "aged"     # "aged between 16 and 65", "adults aged 18 to 65": ages, in years
        if b.kind == "number" and not unit:
            continue
        start = lo + between.start() if between else a.start
        said = f"aged {text[start:b.end]}" if unit == "aged" else f"{text[start:b.end]} {unit}".strip()
        out.append(_Span(a, b, unit, said))
    return out


def _amount(m: Mention) -> str:
    return m.key.rstrip("%")


def range_conflicts(claim: str, context: str) -> list[tuple[str, str]]:
    """(the claim's span, the sentence's) where both give a span of one kind and unit for the same quantity
    (values.same_quantity) and an end differs: "typically costs between £1,200 and £3,500" against "typically costs
    between £1,200 and £2,500" (Supported on every engine, P(e) 0.96: the quantity rule leaves the ends of ranges
    out). The sentence's span is the one sharing an end with the claim's, else its only one of that kind and unit; none
    where the sentence gives the claim's span too, or the claim's other end as a value elsewhere (it speaks of several
    quantities)."""
    from grounding.entities import mentions
    from grounding.units import same_unit
    from grounding.values import same_quantity
    theirs = _spans(context)
    if not theirs:
        return []
    keys = {m.key for m in mentions(context)}
    out = []
    for c in _spans(claim):
        ends = (_amount(c.low), _amount(c.high))
        alike = [x for x in theirs if x.high.kind == c.high.kind and same_unit(x.unit, c.unit, True)]
        if not alike or any((_amount(x.low), _amount(x.high)) == ends for x in alike):
            continue
        sharing = [x for x in alike if {_amount(x.low), _amount(x.high)} & set(ends)]
        pick = sharing if sharing else alike
        if len(pick) != 1:
            continue
        (x,) = pick
        other = [(m, n) for m, n in ((c.low, x.low), (c.high, x.high)) if _amount(m) != _amount(n)]
        if any(m.key in keys for m, _ in other):
            continue
        m, n = other[-1]
        # ages sharing an end are one group's, whatever each calls it ("Participants were aged between 16 and 65" /
        # "412 adults aged 18 to 65 were recruited"); not another group of other ages ("Children aged 4 to 12")
        if c.unit == "aged" and sharing or c.unit != "aged" and same_quantity(claim, m.surface, context, n.surface):
            out.append((c.surface, x.surface))
    return out
