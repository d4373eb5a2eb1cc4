"""A difference the source says is none: "The effect was strongest in women" against "The association was similar in
men and women" (P(e) 0.41 on the claims engine: Partially supported on every engine). The claim compares a group
with others (a comparative or superlative, then "in", "among" or "for" and the group: "strongest in women", "more
common among children", "higher for smokers"); the sentence finds the groups alike ("similar in men and women", "no
difference between smokers and non-smokers", "did not differ between children and adults", "comparable in …").
The sentence answers the claim where the claim's group is one of the two it names alike (by the first five letters)
and the sentence names no difference of its own between them (no comparative of the claim's before its groups).
Neither is read when negated ("was not strongest in women", "not similar"). The reversal rule
(reversal.reversals, overrides.reversal_override) turns such a claim Contradicted.
"""
from __future__ import annotations

import re

_COMPARED = re.compile(
    r"\b(?P<word>(?:more|less|most|least)\s+[a-z]+|(?:high|low|great|strong|weak|larg|small|bett|wors|common|rar)"
    r"[a-z]*(?:er|est)|better|worse)\b[^.;:]{0,40}?\b(?:in|among|for)\s+(?:the\s+)?(?:[a-z]+\s+)??(?P<group>[a-z]{3,})\b",
    re.IGNORECASE)
_ALIKE = re.compile(
    r"\b(?P<word>similar|comparable|alike|the same|no (?:significant |statistically significant |clear )?differences?"
    r"|did not differ(?: significantly)?|were not different|was not different)\b[^.;:]{0,30}?"
    r"\b(?:in|among|between|for|across)\s+(?:the\s+)?(?P<a>[a-z-]{3,})\s+(?:and|or|versus|vs\.?)\s+(?:the\s+)?"
    r"(?P<b>[a-z-]{3,})\b", re.IGNORECASE)
_NOT = re.compile(r"\b(?:not|no|never|n't)\s+(?:\w+\s+){0,2}$", re.IGNORECASE)


def _stem(word: str) -> str:
    return word.lower()[:5]


def no_difference(claim: str, sentence: str) -> list[tuple[str, str]]:
    """(the claim's difference, the sentence's sameness) where the sentence finds the claim's group alike with
    another (see the module's text), as written."""
    alike = [m for m in _ALIKE.finditer(sentence)
             if not (m.group("word").lower().startswith(("similar", "comparable", "alike", "the same"))
                     and _NOT.search(sentence[max(0, m.start() - 20):m.start()]))]
    if not alike:
        return []
    out = []
    for m in _COMPARED.finditer(claim):
        if _NOT.search(claim[max(0, m.start() - 20):m.start()]):
            continue
        group = _stem(m.group("group"))
        for same in alike:
            if group in (_stem(same.group("a")), _stem(same.group("b"))) \
                    and not _COMPARED.search(sentence[max(0, same.start() - 60):same.end()]):
                out.append((m.group(0), same.group(0)))
                break
    return out
