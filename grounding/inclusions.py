"""A thing the claim counts in that the source leaves out: "The £55 price covers all the food and drink, including any
extra drinks you order" against "The price is £55 per person and covers all tastings; extra drinks are not included"
(Supported on every engine: the model reads the drinks and the price, not which side of the line they fall).

The claim counts the thing in ("including X", "includes X", "covers X", "comes with X", "X is included"; not
negated); the sentence leaves it out ("X is not included", "X are not covered", "does not include X", "not including
X") and does not count it in elsewhere. The sentence's thing, its content words by their first five letters (a plural's "s" dropped), stands whole in the
claim's ("extra drinks" in "any extra drinks you order"; not "drinks" against "extra drinks": the claim's "all the food
and drink" may be the tastings). The reversal rule (reversal.reversals) gives the pair.
"""
from __future__ import annotations

import re

_WORDS = r"(?:[\w'-]+\s+){0,3}?[\w'-]+"
_UNTIL = r"(?:(?!\b(?:but|not|except|excluding|apart)\b)[^,.;:()])+"     # a thing's words, up to a turn
_IN = re.compile(rf"\b(?:includ(?:es|ing|ed)|covers?|comes?\s+with)\s+(?P<x>{_UNTIL})"
                 rf"|(?P<y>{_WORDS})\s+(?:is|are)\s+(?:also\s+)?included\b", re.IGNORECASE)
_OUT = re.compile(rf"(?:^|[,;:(]\s*|\band\s+|\bbut\s+)(?P<y>{_WORDS})\s+(?:is|are)\s+not\s+(?:included|covered)\b"
                  rf"|\b(?:does|do)\s+not\s+(?:include|cover)\s+(?P<x>{_UNTIL})|\bnot\s+including\s+(?P<z>{_UNTIL})",
                  re.IGNORECASE)
_DENIED = re.compile(r"\b(?:not|never|n't|no)\b[^,.;:]{0,12}$", re.IGNORECASE)
_LIGHT = frozenset("the a an any all your their our its of for and or you we they that which".split())


def _stems(text: str) -> frozenset:
    return frozenset(re.sub(r"s$", "", w)[:5] for w in re.findall(r"[a-z][\w'-]*", text.lower()) if w not in _LIGHT)


def _thing(m: re.Match) -> str:
    return next(g for g in m.groups() if g)


def left_out(claim: str, sentence: str) -> list[tuple[str, str]]:
    """[(the claim's words, the sentence's)] where the claim counts in what the sentence leaves out (module doc)."""
    theirs = list(_OUT.finditer(sentence))
    if not theirs:
        return []
    spans = [(m.start(), m.end()) for m in theirs]
    counted = [_stems(_thing(m)) for m in _IN.finditer(sentence) if not any(a <= m.start() < b for a, b in spans)]
    out = []
    for m in _IN.finditer(claim):
        if _DENIED.search(claim[max(0, m.start() - 15):m.start()]):
            continue
        ours = _stems(_thing(m))
        for x in theirs:
            words = _stems(_thing(x))     # the thing, not one the sentence also counts in
            if words and words <= ours and not any(words <= c for c in counted):
                out.append((m.group(0).strip(), x.group(0).strip(" ,;:(")))
                break
    return out
