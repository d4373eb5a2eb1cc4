"""Wanted, not required: "Python experience is required" against "Applicants need at least two years of experience
with SQL; knowledge of Python is a plus", which the entailment model read as support (P(e) 0.83, Supported on every
engine): the sentence asks for SQL and only welcomes Python.

The claim, not negated, says a thing is needed ("is required", "is essential", "is mandatory", "is necessary", "is
needed", "is a must"; the thing is the words before it in the clause). The sentence says a thing is welcome but not
needed ("is a plus", "is an advantage", "would be an asset", "is desirable", "is preferred", "is optional", "is
helpful"; the thing is the words before it back to the clause's start), not negated. The same thing: each of the
claim's words that names it (not a word every such thing has: "experience", "knowledge", "skills") is among the
sentence's thing's, by its first five letters. The reversal rule (reversal.reversals) gives the pair.
"""
from __future__ import annotations

import re

from grounding.invisible import judged_text
from grounding.negate import _NEGATION

_REQUIRED = re.compile(r"\b(?:is|are)\s+(?:always\s+|also\s+|absolutely\s+)?(?:required|essential|mandatory|necessary"
                       r"|needed|compulsory|a\s+must)\b", re.IGNORECASE)
_WELCOME = re.compile(r"\b(?:is|are|would\s+be|will\s+be)\s+(?:a\s+(?:plus|bonus)|an\s+(?:advantage|asset|added\s+bonus)"
                      r"|(?:highly\s+)?(?:desirable|preferred|optional|helpful|welcome))\b", re.IGNORECASE)
_CLAUSE = re.compile(r"[;:,.()]|\b(?:and|but|while|whereas|although|though)\b", re.IGNORECASE)
# words any skill or thing asked for has: they name no particular one
_GENERIC = frozenset("exper knowl skill abili profi famil under backg quali some good stron basic solid prior "
                     "relev years year".split())
_WORD = re.compile(r"[A-Za-z][A-Za-z+#-]*")
_STOP = frozenset("the a an of in with and or for to any your their our its".split())


def _names(text: str) -> set[str]:
    """The words of a thing that name it, by their first five letters."""
    return {w.lower()[:5] for w in _WORD.findall(text) if w.lower() not in _STOP and w.lower()[:5] not in _GENERIC}


def _thing(text: str, end: int) -> str:
    """The words before `end` back to the clause's start."""
    starts = [m.end() for m in _CLAUSE.finditer(text, 0, end)]
    return text[starts[-1] if starts else 0:end]


def wanted_not_required(claim: str, sentence: str) -> list[tuple[str, str]]:
    """[(the claim's "is required", the sentence's "is a plus")] where the sentence only welcomes the thing the claim
    says is needed (see the module's text)."""
    claim, sentence = judged_text(claim), judged_text(sentence)
    needed = _REQUIRED.search(claim)
    if needed is None or _NEGATION.search(claim):
        return []
    own = _names(_thing(claim, needed.start()))
    if not own:
        return []
    for m in _WELCOME.finditer(sentence):
        thing = _thing(sentence, m.start())
        if own <= _names(thing) and not _NEGATION.search(thing + m.group(0)):
            return [(needed.group(0), m.group(0))]
    return []
