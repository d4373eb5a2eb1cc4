"""Age limits said the other way round, read in the source's words (wording.align): "Nobody under twelve can take
part" against "Participants must be at least 12 years old" was Contradicted on the context engines (the model reads
the negation, P(c) 0.96); "Under-12s get into the temporary exhibitions free" against "… children aged 11 and under go
free" Unsupported or Contradicted. Ages are whole years: "under 12" is "11 and under", "over 15" is "16 and over".

- "nobody (no one, no children) under N can (may, is allowed to) …" is "you must be N or older to …" where the
  premise's limit is N: "at least N", "N or over (older)", "aged N and over", "N+";
- "under N" / "under-Ns" is the premise's "aged N-1 and under" ("or under", "or younger"), and "over N" / "over-Ns"
  its "aged N+1 and over" ("or over", "or older").
"""
from __future__ import annotations

import re
from typing import Optional

from grounding.entities import _WORDS, _number_value

_N = rf"(?:\d{{1,3}}|{_WORDS})"
_NOBODY = re.compile(rf"\b(?:nobody|no[\s-]?one|no\s+(?:children|child|person|people|pupils?|students?|riders?))\s+"
                     rf"(?:aged\s+)?under\s+(?:the\s+age\s+of\s+)?(?P<n>{_N})(?:\s+years?(?:\s+old)?)?\s+"
                     r"(?P<modal>can|may|is\s+allowed\s+to|are\s+allowed\s+to|is\s+able\s+to)\b", re.IGNORECASE)
_AT_LEAST = re.compile(rf"\b(?:at\s+least\s+(?P<a>{_N})|(?P<b>{_N})\s+(?:years?\s+(?:old\s+)?)?(?:or|and)\s+(?:over|older"
                       rf"|above)|aged\s+(?P<c>{_N})\+|(?P<d>\d{{1,3}})\+)", re.IGNORECASE)
_BOUNDED = re.compile(rf"\b(?P<way>under|over)[\s-](?P<n>\d{{1,3}})s?\b", re.IGNORECASE)
_INCLUSIVE = re.compile(rf"\b(?:(?:children|people|those|anyone|adults|visitors|passengers|pupils|students)\s+)?aged\s+(?P<n>{_N})\s+(?:and|or)\s+"
                        r"(?P<way>under|younger|below|over|older|above)\b", re.IGNORECASE)


def _age(word: Optional[str]) -> Optional[int]:
    if not word:
        return None
    try:
        value = _number_value(word.lower())
    except (ValueError, ArithmeticError, KeyError):
        return None
    return int(value) if value is not None and value == int(value) else None


def age_edits(premise: str, hypothesis: str) -> list[tuple[int, int, str]]:
    """Edits (start, end, words) that read the hypothesis's age limits in the premise's words (see the module
    docstring)."""
    if not re.search(r"\b(?:under|over|aged|age|least|older|younger)\b|\d\+", premise, re.IGNORECASE):
        return []
    edits = []
    limits = {_age(m.group("a") or m.group("b") or m.group("c") or m.group("d")) for m in _AT_LEAST.finditer(premise)}
    for m in _NOBODY.finditer(hypothesis):
        n = _age(m.group("n"))
        if n is not None and n in limits:
            edits.append((m.start(), m.end(), f"{'Y' if m.start() == 0 else 'y'}ou must be {n} or older to"))
    said = {}
    for m in _INCLUSIVE.finditer(premise):
        n = _age(m.group("n"))
        if n is not None:
            below = m.group("way").lower() in ("under", "younger", "below")
            said[("under", n + 1) if below else ("over", n - 1)] = m.group(0)
    for m in _BOUNDED.finditer(hypothesis):
        key = (m.group("way").lower(), int(m.group("n")))
        if key in said and not any(s <= m.start() < e for s, e, _ in edits):
            words = said[key]
            edits.append((m.start(), m.end(), words[0].upper() + words[1:] if m.start() == 0 else words))
    return edits
