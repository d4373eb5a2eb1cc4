"""A group named by the other end of a scale: "Shorter routes have higher success rates" against "The success rate is
higher on longer routes, because climbers have more time to acclimatise" was Unsupported on every engine; the sentence
says the claim's point of the other group. One of the forms of "said the other way round" (reversal.reversals,
overrides.reversal_override).
"""
from __future__ import annotations

import re

from grounding.invisible import judged_text
from grounding.reversal import _comparative, _singular

# not a measure graded against a standard: "higher reading scores than those who skipped it"
_GROUP = re.compile(r"\b(?P<adj>[A-Za-z]+er)\s+(?P<noun>(?!than\b)[a-z]{3,})\b(?!(?:\s+[a-z]+){0,2}\s+than\b)")


def opposite_groups(claim: str, sentence: str) -> list[tuple[str, str]]:
    """(the claim's group, the sentence's) where the sentence says the claim's point of a group named by the other
    end of the same scale: "Shorter routes have higher success rates" against "The success rate is higher on longer
    routes" (Unsupported on every engine), "Older patients had higher mortality" against "… higher in younger
    patients". The same noun after comparatives of one scale with opposite signs, the sentence never naming the
    claim's group, the claim not naming both ends ("a shift from older to younger age groups"), and the sentence
    holding two thirds of the claim's other content words (by their first five letters)."""
    from grounding.overclaim import holds_most
    claim, sentence = judged_text(claim), judged_text(sentence)
    theirs = [(m, _comparative(m.group("adj"))) for m in _GROUP.finditer(sentence)]
    out = []
    for m in _GROUP.finditer(claim):
        ours = _comparative(m.group("adj"))
        noun = _singular(m.group("noun"))
        if ours is None:
            continue
        same = [(x, c) for x, c in theirs if c is not None and c[0] == ours[0] and _singular(x.group("noun")) == noun]
        if any(b[1] == -ours[1] and b[0] == ours[0] for b in _ends(claim, noun)):
            continue            # the claim names both ends ("a shift from older to younger age groups")
        rest = claim[:m.start()] + claim[m.end():]
        if same and all(c[1] == -ours[1] for _, c in same) and holds_most(rest, sentence, 2 / 3, 2):
            out.append((m.group(0), same[0][0].group(0)))
    return out


def _ends(text: str, noun: str) -> list:
    """The (scale, sign) of every comparative the text puts on `noun`, or before another comparative on it ("older to
    younger age groups")."""
    words = [w.lower() for w in re.findall(r"[A-Za-z]+", text)]
    return [c for i, w in enumerate(words) if (c := _comparative(w)) is not None and noun in
            [_singular(x) for x in words[i + 1:i + 5]]]
