"""A price said with the tax the other way: "It costs £95 per person including VAT" against "Price: £95 plus VAT per
person" (Supported on every engine, P(e) 0.91 read together), "£350 to £450 plus VAT" against "Estimated cost: £350
to £450 including VAT". A price (or a span of two) is followed, within a few words and before any other price, by
what it says of VAT: with it ("including VAT", "inc. VAT", "inclusive of VAT", "VAT included") or without it ("plus
VAT", "excluding VAT", "ex VAT", "+ VAT"). `vat_conflicts` gives (the claim's, the sentence's) where the sentence
gives the claim's price only the other way; a figure conflict of the quantity rule (figure_rules).
"""
from __future__ import annotations

import re

_PRICE = r"[£$€]\s?\d[\d,]*(?:\.\d+)?"
_VAT = re.compile(
    rf"(?P<price>{_PRICE}(?:\s*(?:to|–|-)\s*{_PRICE})?)(?P<between>[^£$€.;]{{0,30}}?)"
    r"(?:\b(?P<with>including|incl\.?|inc\.?|inclusive\s+of)\s+VAT\b|\bVAT\s+(?P<included>included|inclusive)\b"
    r"|(?:\b(?P<without>plus|excluding|excl\.?|ex\.?|exclusive\s+of)\s+|\+\s*)VAT\b)", re.IGNORECASE)


def _taxed(text: str) -> dict[tuple, tuple[bool, str]]:
    """{the price's digits: (with VAT, as written)}; a price said both ways is left out."""
    out, both = {}, set()
    for m in _VAT.finditer(text):
        key = tuple(re.findall(r"\d+(?:\.\d+)?", m.group("price").replace(",", "")))   # "£350 to £450" / "£350–£450"
        taxed = bool(m.group("with") or m.group("included"))
        if key in out and out[key][0] != taxed:
            both.add(key)
        out[key] = (taxed, m.group(0))
    return {k: v for k, v in out.items() if k not in both}


def vat_conflicts(claim: str, sentence: str) -> list[tuple[str, str]]:
    """[(the claim's price with its VAT, the sentence's)] where the sentence says the claim's price with VAT the other
    way (module text)."""
    mine = _taxed(claim)
    theirs = _taxed(sentence) if mine else {}
    return [(said, theirs[key][1]) for key, (taxed, said) in mine.items() if key in theirs and theirs[key][0] != taxed]
