"""Most against a share: "Most teachers said they had enough time to plan lessons" against "Only 18% said they had
enough time to plan lessons" (Partially supported or Unsupported on every engine): "most" is more than half, and
the sentence gives less. And "few" or "a minority" against more than half; and a bounded share ("Fewer than half
of the people surveyed …") against the share the sentence gives right after the claim's words (`share_bound`: the
reversal rule reads one that fails, the backing rule, conditions.backing, one that holds).

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


def most_or_bound_against_share(claim: str, sentence: str) -> list[tuple[str, str]]:
    """`most_against_share`, and a bounded share the sentence's share fails (`share_bound`: "Fewer than half" / "… by
    45% of people" holds; "More than half" does not)."""
    found = share_bound(claim, sentence)
    return most_against_share(claim, sentence) + ([found[1:]] if found and not found[0] else [])


# a share bounded: "Fewer than half of the people surveyed …", "More than a third of …", "Over 60% of …"
_BOUND_SHARE = re.compile(r"^\W*(?P<way>more\s+than|fewer\s+than|less\s+than|over|under|almost|nearly|at\s+least)\s+"
                          r"(?P<share>" + "|".join(sorted(_FRACTIONS, key=len, reverse=True)) + r"|\d+(?:\.\d+)?%)"
                          r"(?:\s+of)?(?:\s+the)?\s+", re.IGNORECASE)
_LIGHT = frozenset("people surveyed asked respondents those adults residents who that said were have has their".split())


def share_bound(claim: str, sentence: str) -> tuple[bool, str, str] | None:
    """(whether it holds, the claim's bound, the sentence's share) where the claim opens with a bounded share ("Fewer
    than half of the people surveyed complained about potholes") and the sentence gives a share right after the claim's last
    word ("… potholes, mentioned by 45% of people, followed by litter at 38%": 45%, the one
    nearest after "potholes"); else None. Not a negated claim, nor a bounded share in the sentence."""
    claim, sentence = judged_text(claim), judged_text(sentence)
    m = _BOUND_SHARE.match(claim)
    if m is None or _NEGATION.search(claim):
        return None
    share = m.group("share").lower()
    bound = float(share.rstrip("%")) if share.endswith("%") else _FRACTIONS[share]
    shares = [s for s in _shares(sentence) if not _BOUNDED.search(sentence[:s[2]])]
    words = [w for w in re.findall(r"[A-Za-z]{4,}", claim[m.end():]) if w.lower() not in _LIGHT][-1:]   # its thing
    spots = [x.end() for w in words for x in re.finditer(rf"\b{re.escape(w[:5])}", sentence, re.IGNORECASE)]
    after = [(s[2] - spot, s) for spot in spots for s in shares if 0 <= s[2] - spot <= 40]
    if not after:
        return None
    value, said, _ = min(after)[1]
    way = " ".join(m.group("way").lower().split())
    holds = value > bound if way in ("more than", "over") else value >= bound if way == "at least" else \
        value < bound if way in ("fewer than", "less than", "under") else bound * 0.9 <= value < bound
    return holds, f"{m.group('way')} {m.group('share')}", said
