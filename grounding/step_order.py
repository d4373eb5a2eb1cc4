"""Two steps in the other order: "Dermacort should be applied before the moisturiser" against "apply the moisturiser
first and wait about 30 minutes before applying Dermacort" (Supported on every engine, P(e) 0.84 read together): the
source puts the claim's thing after the other one, the claim before it.

The claim: its subject's head noun A (binding.main_subject), then "before" or "after" and the other thing B (its
noun); not negated. The sentence: "before" or "after" (with a verb of doing in "-ing" or none: "before applying
Dermacort") and A's noun, B's noun earlier in the sentence, and the same relation: "B … before A" puts B first where
the claim puts A first. Nouns by their first five letters. The sentence must not also say it the claim's way ("…
before the moisturiser"). The reversal rule (reversal.reversals) gives the pair.
"""
from __future__ import annotations

import re

from grounding.lists import DENIAL

_CLAIM = re.compile(r"\b(?P<rel>before|after)\s+(?:the\s+|your\s+|a\s+|an\s+|any\s+)?(?:\w+\s+)?(?P<b>[a-z][a-z-]{2,})\b",
                    re.IGNORECASE)
_THEIRS = r"\b(?P<rel>before|after)\s+(?:[a-z]+ing\s+)?(?:the\s+|your\s+|a\s+|an\s+|any\s+)?(?:\w+\s+)?{noun}\w*\b"


def _stem(word: str) -> str:
    return word.lower()[:5]


def reversed_steps(claim: str, sentence: str) -> list[tuple[str, str]]:
    """[(the claim's "before the moisturiser", the sentence's "before applying Dermacort")] where the sentence puts
    the claim's two things in the other order (see the module docstring); else []."""
    from grounding.binding import main_subject
    ours = _CLAIM.search(claim)
    if ours is None or DENIAL.search(claim):
        return []
    head = main_subject(claim)
    if head is None or head.idx > ours.start():
        return []
    a, b = _stem(head.text), _stem(ours.group("b"))
    if a == b or len(a) < 3:
        return []
    if re.search(_THEIRS.format(noun=re.escape(b)), sentence, re.IGNORECASE):
        return []       # the sentence says it the claim's way too
    for m in re.finditer(_THEIRS.format(noun=re.escape(a)), sentence, re.IGNORECASE):
        if m.group("rel").lower() == ours.group("rel").lower() \
                and re.search(rf"\b{re.escape(b)}", sentence[:m.start()], re.IGNORECASE):
            return [(ours.group(0), m.group(0))]
    return []
