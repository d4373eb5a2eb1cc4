"""A part of one whole counted otherwise: "Of the 64 works on show, 32 come from private collections" against "This
exhibition brings together 64 works …, 22 of them borrowed from private collections" (Supported on every engine: the
sentence states the claim's 64, and a sentence that states one of the claim's numbers is not asked which of its others
answers which, learned.quantity_conflicts).

Each text's portions are read by their words: "of the 64 works, 32 …", "64 works …, 22 of them / of which …", "22 of the
64 …", "22 out of 64 …" (digits, a whole and its part). Two portions of the same whole whose parts differ, the words
after each part sharing a content word (by its first five letters, overclaim._stems: "private collections"), give
the pair (the claim's part, the sentence's), unless the sentence writes the claim's part too ("Of the 120 patients,
60 improved and 45 had side effects" holds "Of the 120 patients, 45 had side effects").

Also every one against a part (`every_against_part`): "Meadow pipit was found in every survey square" against "… was
found in 40 of the 42 squares" (Unsupported on every engine): the claim's "every", "each" or "all" before a noun the
words after a portion of the sentence name (by its first five letters), most of the claim's other words in the
sentence, neither negated.
"""
from __future__ import annotations

import re
from typing import NamedTuple

_N = r"\d[\d,]*"
_PATTERNS = (
    # "Of the 64 works on show, 32 come from …"
    re.compile(rf"\bof\s+(?:the|its|their|these|those)?\s*(?P<whole>{_N})\b[^,.;:%]{{0,60}},\s*(?P<part>{_N})\b(?!\s*%)"
               r"(?P<rest>[^.;]*)", re.IGNORECASE),
    # "64 works by Edith Morrow, 22 of them borrowed from …", "… 120 patients, 45 of whom …"
    re.compile(rf"(?<![\d.,])(?P<whole>{_N})\b[^,.;:%]{{0,60}},\s*(?P<part>{_N})\s+of\s+(?:them|which|whom|these)\b"
               r"(?P<rest>[^.;]*)", re.IGNORECASE),
    # "22 of the 64 works came from …", "22 out of 64 …"
    re.compile(rf"(?<![\d.,])(?P<part>{_N})\s+(?:out\s+)?of\s+(?:the\s+)?(?P<whole>{_N})\b(?!\s*%)(?P<rest>[^.;]*)",
               re.IGNORECASE),
)


class Portion(NamedTuple):
    whole: int
    part: int
    surface: str      # the part as written
    rest: frozenset   # the content words after the part, by their first five letters


def portions(text: str) -> list[Portion]:
    from grounding.overclaim import _stems
    out = []
    for pattern in _PATTERNS:
        for m in pattern.finditer(text):
            whole, part = int(m.group("whole").replace(",", "")), int(m.group("part").replace(",", ""))
            if 0 < part < whole:
                out.append(Portion(whole, part, m.group("part"), frozenset(_stems(m.group("rest")))))
    return out


def portion_conflicts(claim: str, sentence: str) -> list[tuple[str, str]]:
    """[(the claim's part, the sentence's)] of one whole counted otherwise (module doc)."""
    ours = portions(claim)
    if not ours:
        return []
    theirs = portions(sentence)
    out = []
    for c in ours:
        same = [x for x in theirs if x.whole == c.whole and c.rest & x.rest]
        if same and not any(x.part == c.part for x in same) \
                and not re.search(rf"(?<![\d.,]){re.escape(c.surface)}(?![\d,]|\.\d)", sentence):   # said there too
            out.append((c.surface, same[0].surface))
    return out


_EVERY = re.compile(r"\b(?P<q>every|each|all(?:\s+(?:of\s+)?the)?)\s+(?P<phrase>[a-z-]+(?:\s+[a-z-]+){0,2})", re.IGNORECASE)
_NOT = re.compile(r"\b(?:not|never|no|n't)\b", re.IGNORECASE)


def every_against_part(claim: str, sentence: str) -> list[tuple[str, str]]:
    """[(the claim's "every …", the sentence's part)] where the claim says every one of what the sentence counts a part
    of (module doc)."""
    from grounding.overclaim import _stems, holds_most
    theirs = portions(sentence) if not _NOT.search(claim) and not _NOT.search(sentence) else []
    out = []
    for m in _EVERY.finditer(claim) if theirs else ():
        words = _stems(m.group("phrase"))      # "every survey square was": square, of "40 of the 42 squares"
        part = next((x for x in theirs if words & (x.rest | _stems(" ".join(re.findall(
            rf"(?<![\d.,]){x.whole}\s+((?:[a-z-]+\s+)?[a-z]+)", sentence.replace(",", "")))))), None)
        if part is not None and holds_most(claim[:m.start()] + claim[m.end():], sentence):
            out.append((m.group(0), f"{part.surface} of {part.whole}"))
    return out
