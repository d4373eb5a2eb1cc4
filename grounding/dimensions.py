"""A size said of another of its dimensions: "The opening in the cabinet needs to be between 560 and 568 mm high"
against "The cut-out must be 560–568 mm wide, 590–600 mm high and at least 550 mm deep" (Supported on every engine,
P(e) 0.94: the model reads the numbers, not which dimension each is). A dimension is a length (a number or a span of
two, then a unit of length) followed by the word that names it: high, tall, wide, deep, long, thick ("in height",
"in width", … too). `dimension_conflicts` gives (the claim's, the sentence's) where both give a dimension of one name
in one unit and the lengths differ; a figure conflict of the quantity rule (figure_rules).
"""
from __future__ import annotations

import re

_NUMBER = r"\d[\d,]*(?:\.\d+)?"
_DIMENSION = re.compile(
    rf"(?:between\s+)?(?P<low>{_NUMBER})(?:\s*(?:to|–|-|and)\s*(?P<high>{_NUMBER}))?\s*"
    r"(?P<unit>mm|cm|m|metres?|meters?|millimetres?|centimetres?|inches|inch|in|feet|foot|ft)\s+"
    r"(?P<name>high|tall|wide|deep|long|thick|in\s+(?:height|width|depth|length|thickness))\b", re.IGNORECASE)
_NAMES = {"tall": "high", "in height": "high", "in width": "wide", "in depth": "deep", "in length": "long",
          "in thickness": "thick"}
_UNIT = {"metre": "m", "metres": "m", "meter": "m", "meters": "m", "millimetre": "mm", "millimetres": "mm",
         "centimetre": "cm", "centimetres": "cm", "inch": "in", "inches": "in", "foot": "ft", "feet": "ft"}


def _dimensions(text: str) -> dict[tuple[str, str], tuple[tuple[float, ...], str]]:
    """{(name, unit): (the length's numbers, as written)}; a name given twice in one unit is left out."""
    out, twice = {}, set()
    for m in _DIMENSION.finditer(text):
        name = " ".join(m.group("name").lower().split())
        key = (_NAMES.get(name, name), _UNIT.get(m.group("unit").lower(), m.group("unit").lower()))
        numbers = tuple(float(g.replace(",", "")) for g in (m.group("low"), m.group("high")) if g)
        if key in out and out[key][0] != numbers:
            twice.add(key)
        out[key] = (numbers, m.group(0))
    return {k: v for k, v in out.items() if k not in twice}


def dimension_conflicts(claim: str, sentence: str) -> list[tuple[str, str]]:
    """[(the claim's dimension as written, the sentence's)] where they name one dimension in one unit with other
    lengths (module text)."""
    mine = _dimensions(claim)
    theirs = _dimensions(sentence) if mine else {}
    return [(said, theirs[key][1]) for key, (numbers, said) in mine.items()
            if key in theirs and theirs[key][0] != numbers]
