"""An open list is no closed one: "Headliners include The Vales, Mira Stone and Tom Reed" against "Headliners include
The Vales and Mira Stone". The entailment model reads "Headliners include Tom Reed" against that sentence as a
contradiction (P(c) 0.93), but "include" names some members, not all: the source does not mention Tom Reed, which
is not the same as saying he is not one. Users ask exactly this of a checker (contradiction told apart from "not
mentioned").

A list is open where its members follow "include(s/d)", "including", "such as", "for example", "e.g." or "among
them"; its members are the phrases after the cue, cut at commas, "and", "or" and the sentence's end. The sentence's
open list is extended by the claim where the claim names members with such a cue too (or "is one of", "are among"),
after a subject half of whose words are among the sentence's words before its cue, every member of both lists is a
thing (MEMBER_WORDS words at most, not a clause), and at least one of the claim's members is none of the
sentence's (by its words); neither is negated. The verdict rules (overrides.list_override,
parts.parts_override) then read the claim's new members as not mentioned, not as contradicted.
"""
from __future__ import annotations

import re
from typing import Optional

from grounding.invisible import judged_text

_OPEN = re.compile(r"\b(?:includes?|included|including|such\s+as|for\s+example|e\.g\.,?|among\s+them"
                   r"|among\s+others)\s+", re.IGNORECASE)
_CLAIM_OPEN = re.compile(_OPEN.pattern + r"|\b(?:is|are|was|were)\s+(?:one|some|two|three)?\s*(?:of|among)\s+"
                         r"(?:the\s+)?", re.IGNORECASE)
NEGATION_WORD = re.compile(r"\b(?:not|no|never|n't|neither|nor|without)\b", re.IGNORECASE)   # anywhere in a text
# the same, with "cannot", "none" and contractions ("can't": NEGATION_WORD's "\bn't" needs a boundary inside the word)
DENIAL = re.compile(r"\b(?:not|no|never|none|cannot|neither|nor|without)\b|n't\b", re.IGNORECASE)
_CUT = re.compile(r"\s*(?:,\s*(?:and|or)?|\band\b|\bor\b|;|\.$|\.\s)\s*", re.IGNORECASE)
MEMBER_WORDS = 5
_STOP = frozenset("the a an its their his her our of to in on at for by with".split())


def _members(text: str) -> list[frozenset]:
    members = []
    for piece in _CUT.split(text.strip().rstrip(".")):
        words = frozenset(w.lower() for w in re.findall(r"[A-Za-z0-9][\w'-]*", piece) if w.lower() not in _STOP)
        if words:
            members.append(words)
    return members


def _words(text: str) -> frozenset:
    return frozenset(w.lower()[:5] for w in re.findall(r"[A-Za-z]{3,}", text) if w.lower() not in _STOP)


def extends_open_list(claim: str, sentence: str) -> Optional[tuple[str, str]]:
    """(the claim's members the sentence does not name, the sentence's list as written) where the claim extends the
    sentence's open list (see the module's text); else None."""
    claim, sentence = judged_text(claim), judged_text(sentence)
    theirs = _OPEN.search(sentence)
    mine = _CLAIM_OPEN.search(claim)
    if theirs is None or mine is None or NEGATION_WORD.search(sentence) or NEGATION_WORD.search(claim):
        return None
    subject, before = _words(claim[:mine.start()]), _words(sentence[:theirs.start()])
    if not subject or len(subject & before) * 2 < len(subject):
        return None
    listed, named = _members(sentence[theirs.end():]), _members(claim[mine.end():])
    if any(len(m) > MEMBER_WORDS for m in listed + named):   # a clause, not a list of things
        return None
    new = [m for m in named if not any(m <= t or t <= m for t in listed)]
    if not listed or not new:
        return None
    unnamed = re.sub(r"\s+", " ", " and ".join(" ".join(w for w in re.findall(r"[A-Za-z0-9][\w'-]*", claim[mine.end():])
                                                        if w.lower() in m) for m in new))
    return unnamed, sentence[theirs.start():].strip().rstrip(".")
