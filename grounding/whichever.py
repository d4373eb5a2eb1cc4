"""The other of two amounts chosen: "Your minimum payment is 1% of the balance plus interest, or £25, whichever is
lower" against "The greater of 1% of the balance plus interest and any default fees, or £25" (Supported on every
engine, P(e) 0.68: the model reads the two amounts, not which of them is taken).

A choice is "whichever is lower" ("… is less", "… is the higher", "… comes first") or "the greater of", "the lower
of", "the later of"; its side is the larger or the smaller of what it names (later and longer count as larger,
earlier and sooner as smaller). The claim and the sentence each make one choice, of opposite sides, and share a value
they choose between (a percentage, an amount, a number, a date: grounding.entities): the claim takes the other one.
The reversal rule (reversal.reversals) gives the pair.
"""
from __future__ import annotations

import re

from grounding.entities import mentions
from grounding.invisible import judged_text

_LARGER = "greater|higher|larger|bigger|more|later|longer|greatest|highest|largest|latest|longest|maximum"
_SMALLER = "lower|less|lesser|smaller|fewer|earlier|sooner|shorter|least|lowest|smallest|earliest|shortest|minimum"
_CHOICE = re.compile(rf"\bwhichever\s+(?:is|comes|falls|happens)\s+(?:the\s+)?(?P<a>{_LARGER}|{_SMALLER}|first|last)\b"
                     rf"|\bthe\s+(?P<b>{_LARGER}|{_SMALLER})\s+of\b", re.IGNORECASE)


def _choices(text: str) -> list[tuple[str, str]]:
    """[(side, as written)]: "larger" or "smaller" for each choice the text makes."""
    out = []
    for m in _CHOICE.finditer(text):
        word = (m.group("a") or m.group("b")).lower()
        out.append(("smaller" if word == "first" or re.fullmatch(_SMALLER, word) else "larger", m.group(0)))
    return out


def other_extreme(claim: str, sentence: str) -> list[tuple[str, str]]:
    """[(the claim's choice, the sentence's)] where the two choose opposite sides between a shared value (module
    text); else []."""
    claim, sentence = judged_text(claim), judged_text(sentence)
    ours = _choices(claim)
    theirs = _choices(sentence) if len(ours) == 1 else []
    if len(theirs) != 1 or ours[0][0] == theirs[0][0]:
        return []
    shared = {m.key for m in mentions(claim) if m.kind != "named"} & {m.key for m in mentions(sentence)
                                                                       if m.kind != "named"}
    return [(ours[0][1], theirs[0][1])] if shared else []
