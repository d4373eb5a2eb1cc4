"""A limit said as a prohibition. The entailment model reads a claim that gives a limit against a sentence that forbids
going past the same figure as a contradiction: "Adults can take up to eight tablets in 24 hours" against "Do not take
more than eight tablets in 24 hours" (P(c) 0.87; Contradicted on every engine), "You can bring up to two bags" against
"You must not bring more than two bags" (0.94). It reads the negation, not the limit: both say eight tablets is the
most. Written as the limit it is ("Take at most eight tablets in 24 hours"), the same sentence entails the claim
(P(e) 0.88), and a claim with another figure stays unsaid ("up to twelve tablets": P(n) 0.62; the quantity rule
compares the figures).

So the model is asked again (stage judge_joint, `Claim.swapped`, as for grounding.events): a claim read as
contradicted that gives a figure, not as a lower bound, is read against its most similar judged sentence that forbids
going past that figure, rewritten as the limit (`as_limit`). The verdict rule (number_rules.limit_override) makes such
a Contradicted claim Supported where the rewritten sentence entails it, Unsupported where it neither entails nor
contradicts it, and leaves it Contradicted where it still contradicts it.

The forms rewritten, before the claim's figure (the same value, and the same unit after a bare number):
- a negated verb and "more than" / "over" / "above" / "in excess of": "Do not take more than 8" -> "Take at most 8",
  "You must not bring more than 2" -> "You may bring at most 2" ("do" and "never" go; another modal becomes "may");
- "no more than" / "not more than": "Take no more than 8" -> "Take at most 8";
- a negated "exceed": "The dose must not exceed 4 g" -> "The dose may be at most 4 g", "Do not exceed 4 g" ->
  "Keep to at most 4 g".
"""
from __future__ import annotations

import re
from typing import Optional

from grounding.entities import mentions, occurrences
from grounding.invisible import judged_text
from grounding.bounds import NEGATED_BOUND, NEGATED_MODAL, _side

LIMIT_RULE = "a limit said as a prohibition"
_ABOVE = re.compile(r"(?:more|greater)\s+than\s*$|\b(?:over|above|in\s+excess\s+of)\s*$", re.IGNORECASE)
_EXCEED = re.compile(rf"\b{NEGATED_MODAL}exceed\s+$", re.IGNORECASE)
# a sentence with none of these forbids nothing (`as_limit` reads no figure of it)
_FORBIDS = re.compile(r"\b(?:not|never|no)\b|n't\b|\bcannot\b", re.IGNORECASE)
_NO_MORE = re.compile(r"\b(?:no|not)\s+more\s+than\s+$", re.IGNORECASE)
_UNIT = re.compile(r"\s*([A-Za-z%]*)")


def _modal(m: re.Match) -> str:
    """What the negated verb's modal becomes: nothing for "do" or none ("Do not take" -> "take"), else "may"."""
    return "" if (m.group("modal") or "").lower() in ("", "do", "does", "did") and not m.group("short") else "may "


def as_limit(claim: str, sentence: str) -> Optional[str]:
    """The sentence with each prohibition of going past one of the claim's figures written as the limit (module
    docstring), or None where it has none. A figure the claim gives as a lower bound ("at least 8") or negated is
    not the claim's limit."""
    from grounding.reversal import _NEGATION
    claim, sentence = judged_text(claim), judged_text(sentence)
    if not _FORBIDS.search(sentence):
        return None
    spots = {}      # start of each place the sentence writes one of the claim's figures (with its unit): its end
    for own in (m for m in mentions(claim) if m.kind not in ("named", "date", "year", "weekday")):
        before = " ".join(claim[max(0, own.start - 40):own.start].split())
        if _side(before) > 0 or _NEGATION.search(before):
            continue
        unit = _UNIT.match(claim[own.end:]).group(1).lower() if own.kind == "number" else None
        for theirs in (m for m in mentions(sentence) if m.key == own.key):
            for x in occurrences(theirs.surface, sentence):
                if unit is None or _UNIT.match(sentence[x.end():]).group(1).lower() == unit:
                    spots[x.start()] = x.end()
    out, changed = sentence, False
    for start in sorted(spots, reverse=True):
        head = out[:start]
        if (p := NEGATED_BOUND.search(head)) is not None and _ABOVE.search(head):
            head = head[:p.start()] + _modal(p) + (p.group("verb") or p.group("level")) + "at most "
        elif (p := _EXCEED.search(head)) is not None:
            head = head[:p.start()] + (f"{_modal(p)}be at most " if _modal(p) else "keep to at most ")
        elif (p := _NO_MORE.search(head)) is not None:
            head = head[:p.start()] + "at most "
        else:
            continue
        out, changed = head + out[start:], True
    if not changed:
        return None
    return re.sub(r"^(\W*)([a-z])", lambda x: x.group(1) + x.group(2).upper(), out)


def limit_target(claim: str, columns: list[int], context_texts: list[str]) -> Optional[tuple[int, str]]:
    """(column, the sentence as the limit) of the first of `columns` (most similar first) that `as_limit` rewrites, or
    None."""
    for j in columns:
        rewritten = as_limit(claim, context_texts[j])
        if rewritten is not None:
            return j, rewritten
    return None
