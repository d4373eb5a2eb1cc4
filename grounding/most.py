"""Most against a share: "Most teachers said they had enough time to plan lessons" against "Only 18% said they had
enough time to plan lessons" (Partially supported or Unsupported on every engine): "most" is more than half, and
the sentence gives less. And "few" or "a minority" against more than half.

The claim opens with its quantifier ("Most", "The majority of", "Few", "A minority of"), is not negated, and the
sentence gives one share (a percentage, "half", "a third", "two thirds", "a quarter", "three quarters", "one in
four", "3 out of 10"), not bounded ("more than 40%"), and holds most of the claim's other words
(overclaim.holds_most). The reversal rule (reversal.reversals) gives the pair, of any judged sentence.
"""
from __future__ import annotations

import re

from grounding.invisible import judged_text
from grounding.negate import _NEGATION

_QUANTIFIER = re.compile(r"^\W*(?:(?P<most>most|the\s+majority|a\s+majority)|(?P<few>few|very\s+few|a\s+minority))"
                         r"(?:\s+of)?(?:\s+the)?\s+", re.IGNORECASE)
_FRACTIONS = {"half": 50, "a third": 100 / 3, "one third": 100 / 3, "two thirds": 200 / 3, "a quarter": 25,
              "one quarter": 25, "three quarters": 75}
_FRACTION = re.compile(r"\b(?:" + "|".join(sorted(_FRACTIONS, key=len, reverse=True)) + r")\b", re.IGNORECASE)
_BOUNDED = re.compile(r"\b(?:more|less|fewer|greater)\s+than\s*$|\b(?:over|under|at\s+least|at\s+most|up\s+to|almost|"
                      r"nearly)\s*$", re.IGNORECASE)
_SMALL = {w: i for i, w in enumerate("zero one two three four five six seven eight nine ten".split())}
# "one in four", "3 out of 10"
_IN = re.compile(r"\b(?P<a>\d+|" + "|".join(_SMALL) + r")\s+(?:in|out\s+of)\s+(?P<b>\d+|" + "|".join(_SMALL) + r")\b",
                 re.IGNORECASE)


def _shares(sentence: str) -> list[tuple[float, str, int]]:
    """(value in percent, as written, where) of each share the sentence gives."""
    from grounding.entities import mentions
    out = [(float(m.key.rstrip("%")), m.surface, m.start) for m in mentions(sentence) if m.kind == "percent"]
    out += [(_FRACTIONS[m.group(0).lower()], m.group(0), m.start()) for m in _FRACTION.finditer(sentence)]
    for m in _IN.finditer(sentence):
        a, b = (int(g) if g.isdigit() else _SMALL[g.lower()] for g in (m.group("a"), m.group("b")))
        if 0 < a <= b:
            out.append((100 * a / b, m.group(0), m.start()))
    return out


def most_against_share(claim: str, sentence: str) -> list[tuple[str, str]]:
    """[(the claim's quantifier, the sentence's share)] where they disagree (see the module's text)."""
    from grounding.overclaim import holds_most
    claim, sentence = judged_text(claim), judged_text(sentence)
    m = _QUANTIFIER.match(claim)
    if m is None or _NEGATION.search(claim):
        return []
    shares = _shares(sentence)
    if len(shares) != 1 or _BOUNDED.search(sentence[:shares[0][2]]) or not holds_most(claim[m.end():], sentence):
        return []
    value, said, _ = shares[0]
    if (m.group("most") and value < 50) or (m.group("few") and value > 50):
        return [(m.group(0).strip(), said)]
    return []
