"""A discount said otherwise: "Electric vehicle owners get a 25% reduction on the permit price" against "Permits for
fully electric vehicles are half the standard price" (Unsupported on every engine: no reader of values compares a
percentage off with a share of the price).

A discount is read as the share of the price taken off: "25% off", "a 25% reduction", "25% discount", "25% cheaper",
"half price", "half-price", "half the standard price" (50%), "a third off", "pay 80% of the full price" (20%). The
claim and the sentence each give one (not both a percentage off: the plain values compare those), they differ, and the
sentence holds half the claim's other content words, two at least, besides the discount's own (by their first five
letters, overclaim.holds_most), and a word of the claim's subject: the quantity rule (learned.quantity_conflicts with `same_figure`) gives the pair.
"""
from __future__ import annotations

import re
from fractions import Fraction

_FRACTIONS = {"half": Fraction(1, 2), "a half": Fraction(1, 2), "a third": Fraction(1, 3), "a quarter": Fraction(1, 4),
              "two thirds": Fraction(2, 3), "three quarters": Fraction(3, 4)}
_FRACTION = "|".join(sorted(_FRACTIONS, key=len, reverse=True))
_PRICE = r"(?:the\s+)?(?:(?:standard|normal|full|usual|regular|adult|list)\s+)?(?:price|fee|rate|cost|charge)"
_OFF = re.compile(
    rf"\b(?P<pct>\d{{1,2}}(?:\.\d+)?)\s*%\s+(?:off|discount|reduction|cheaper|less)\b"
    rf"|\b(?P<frac>{_FRACTION})\s+off\b"
    rf"|\b(?P<half>half)[\s-]+(?:price|{_PRICE})\b"
    rf"|\b(?:pay|pays|paying|costs?|at)\s+(?P<paid>\d{{1,2}}(?:\.\d+)?)\s*%\s+of\s+{_PRICE}\b", re.IGNORECASE)
_OWN = frozenset({"price", "fee", "rate", "cost", "charg", "stand", "norma", "full", "usual", "regul", "disco",
                  "reduc", "cheap", "less", "half", "third", "quart", "adult"})


def discounts(text: str) -> list[tuple[Fraction, str, bool]]:
    """[(the share of the price taken off, as written, whether as a percentage off)] of each discount the text gives."""
    out = []
    for m in _OFF.finditer(text):
        if m.group("pct"):
            share = Fraction(m.group("pct")) / 100
        elif m.group("frac"):
            share = _FRACTIONS[" ".join(m.group("frac").lower().split())]
        elif m.group("half"):
            share = Fraction(1, 2)
        else:
            share = 1 - Fraction(m.group("paid")) / 100
        out.append((share, m.group(0), bool(m.group("pct"))))
    return out


def discount_conflicts(claim: str, sentence: str) -> list[tuple[str, str]]:
    """[(the claim's discount, the sentence's)] where each gives one, of another share, of one thing (module doc); two
    percentages off are the plain values' to compare."""
    ours = discounts(claim)
    theirs = discounts(sentence) if len(ours) == 1 else []
    if len(theirs) != 1 or ours[0][0] == theirs[0][0] or ours[0][2] and theirs[0][2]:
        return []
    from grounding.overclaim import _stems, holds_most
    rest = " ".join(w for w in re.findall(r"[A-Za-z-]+", claim.replace(ours[0][1], " ")) if _stems(w) - _OWN)
    from grounding.binding import claim_subject
    subject = claim_subject(claim)      # of the claim's subject ("Electric vehicle owners": electric vehicles)
    named = subject is None or bool(_stems(" ".join([subject[0], *subject[1]])) & _stems(sentence))
    return [(ours[0][1], theirs[0][1])] if named and holds_most(rest, sentence, 0.5, 2) else []
