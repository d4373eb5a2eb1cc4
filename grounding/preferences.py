"""What the source passes over: "Water them deeply twice a week rather than a little every day" says not to water
them a little every day, and the entailment model, reading the claim "It is better to water them a little every day"
against it, finds the claim's words there and calls it support (context-fast, P(e) 0.80) or nothing.

`passed_over` finds the claim that says the passed-over side (B of "A rather than B", "A instead of B"): it holds
every content word of B, at least one of the words of A that B lacks (what the two share: the verb "water", the
subject "the meeting", "children aged 1 to 2"), no more than half of A's last words (as many as B's and one: the
other side itself, "whole milk"; the claim does not say A too), of its words in neither at least half in the
sentence where there are more than one ("Semi-skimmed milk can be introduced from age 2" is no claim on "children
aged 1 to 2 drink whole milk rather than semi-skimmed"), and it is not negated (a claim that says not to do B
agrees). Words only (overclaim's stems); the reversal rule (grounding.reversal) makes such a claim
Contradicted.
"""
from __future__ import annotations

import re

from grounding.negate import _NEGATION
from grounding.overclaim import _STOP, _WORD, _stem, _stems, holds_most

_PASSED_OVER = re.compile(r"(?P<a>[^,;:.!?()]+?)\s+(?:rather\s+than|instead\s+of)\s+(?P<b>[^,;:.!?()]+)", re.IGNORECASE)
_AVOID = re.compile(r"\bavoid", re.IGNORECASE)     # "Avoid watering them a little every day" says B is not to be done


def passed_over(claim: str, sentence: str) -> list[tuple[str, str]]:
    """(the claim, "A rather than B" as the sentence writes it) where the claim says the side the sentence passes
    over (see the module's text)."""
    if _NEGATION.search(claim) or _AVOID.search(claim):
        return []
    own = _stems(claim)
    out = []
    for m in _PASSED_OVER.finditer(sentence):
        b = _stems(m.group("b"))
        words = [_stem(w) for w in _WORD.findall(m.group("a").lower()) if w not in _STOP]
        only_a = set(words) - b
        side = set(words[-(len(b) + 1):]) - b      # A's last words, as many as B's and one: the other side itself
        rest = own - b - only_a                     # the claim's words in neither
        if b and side and b <= own and only_a & own and len(side & own) <= len(side) / 2 and not _NEGATION.search(
                m.group("a")) and (len(rest) <= 1 or holds_most(" ".join(rest), sentence, 0.5)):
            out.append((claim.strip().rstrip("."), m.group(0).strip()))
    return out
