"""A length the sentence holds: "The conference lasts three days" against "… the conference, which runs from 4 to 6
June in Lisbon" (Contradicted on every engine, P(c) 0.83): the claim's lengths of time (grounding.durations) all
within the sentence's one, read by conditions.backing as backing the claim.
"""
from __future__ import annotations

import re

from grounding.durations import _LEAD, _NUM, _UNIT_WORD, Duration, _two_limits, durations
from grounding.invisible import judged_text


def lengths_held(claim: str, sentence: str) -> list[tuple[str, str]]:
    """[(the claim's length, the sentence's)] where the claim's only figures (no date, share or multiple either) are
    lengths of time, each within the
    sentence's one length (they overlap; neither a time ahead), and the sentence writes the claim's subject
    (binding.claim_subject's head): "The conference lasts three days" against "… the conference, which runs from 4 to
    6 June in Lisbon" (Contradicted on every engine, P(c) 0.83). Else []."""
    from grounding.binding import claim_subject
    from grounding.entities import mentions
    claim, sentence = judged_text(claim), judged_text(sentence)
    ours, theirs = durations(claim), [x for x in durations(sentence) if not _LEAD.match(sentence, x.end)]
    subject = claim_subject(claim)
    if not ours or len(theirs) != 1 or subject is None or any(_LEAD.match(claim, c.end) for c in ours):
        return []
    from grounding.multiples import _multiples, _shares
    # lengths only: no days of a month ("runs from 12 to 14 June"), no share ("A third of teachers …")
    if any(m.kind != "named" and not any(c.start <= m.start < c.end for c in ours) or m.kind == "date"
           for m in mentions(claim)) or _multiples(claim) \
            or any(not any(c.start <= x.start < c.end for c in ours) for x in _shares(claim)):   # "a quarter of an hour"
        return []
    head = subject[0]
    if not re.search(rf"(?<!\w){re.escape(head[:max(3, len(head) - 2)])}", sentence, re.IGNORECASE):
        return []
    (x,) = theirs
    if not all(x.low <= c.high and c.low <= x.high and not _two_limits(c, x) and not _other_top(c, x)
               and not _other_ends(c, x) for c in ours):
        return []
    return [(c.surface, x.surface) for c in ours]


# a span written with two numbers: "between 2 and 5 days", "35 to 40 minutes", "3-5 working days"
_SPAN = re.compile(rf"(?i)\bbetween[ \t]+{_NUM}[ \t]+and\b|\b{_NUM}[ \t]*(?:to|-|–)[ \t]*{_NUM}\b")


def _other_ends(claim: Duration, other: Duration) -> bool:
    """Both are spans of two numbers and an end differs by more than a tenth: "between 2 and 7 days" is not held by
    "between 2 and 5 days", though they overlap (it had overridden the model's contradiction to Supported)."""
    def span(d: Duration) -> bool:
        return bool(_SPAN.search(d.surface)) and bool(_UNIT_WORD.search(d.surface))
    if not (span(claim) and span(other)):
        return False
    return not all(0.9 <= a / b <= 1.1 if b else a == b
                   for a, b in ((claim.low, other.low), (claim.high, other.high)))


_MAXIMUM = re.compile(r"(?:up to|at most|no more than)\b", re.IGNORECASE)


def _other_top(claim: Duration, other: Duration) -> bool:
    """The claim gives the most ("up to 12 hours") and the sentence a span that goes further ("by 1 to 24 hours",
    "up to 24 hours"): more than the claim's most is possible, though the lengths overlap. A span that ends below it
    ("up to a week" / "three to five working days") is within it."""
    return bool(_MAXIMUM.match(claim.surface)) and other.high != float("inf") and other.high > other.low * 1.25 \
        and other.high > claim.high * 1.1
