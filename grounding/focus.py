"""A sentence read as its clause that speaks of the claim, where the other clause denies something else: "Under-16s
are not allowed in the gym but may use the pool if accompanied by an adult" is read as "Under-16s may use the pool if
accompanied by an adult" for the claim "Under-16s may use the pool as long as an adult is with them" (the model read
the whole sentence as contradicting it, P(c) 0.74: the "not" of the gym).

The sentence: a subject, "is / are / was / were not" and a predicate, then "but" and a second predicate with its own
verb ("may", "can", "must", "will", "should", "is", "are", "do", "does"), no subject of its own; the claim (not
negated) shares two words or more with the second predicate (by their first four letters) and fewer with the first.
Read as the subject and the second predicate; every other sentence as written. Every reading of the entailment model
goes through it (runtime.Entailment.predict, with wording.align).
"""
from __future__ import annotations

import re

from grounding.lists import DENIAL

_NOT_BUT = re.compile(r"^(?P<subject>[^,;:]+?)\s+(?:is|are|was|were)\s+not\s+(?P<first>[^;:]+?),?\s+but\s+"
                      r"(?P<second>(?:may|can|must|will|should|is|are|do|does)\b[^;:]+)$", re.IGNORECASE)


def _short(text: str) -> set[str]:
    return {w.lower()[:4] for w in re.findall(r"[A-Za-z]{3,}", text)} - {"the", "and", "for", "with", "but", "may",
                                                                        "can", "are", "not"}


def focused(premise: str, hypothesis: str) -> str:
    """The premise as its clause that speaks of the hypothesis (see the module docstring), else the premise."""
    m = _NOT_BUT.match(premise.strip())
    if m is None or DENIAL.search(hypothesis):
        return premise
    ours = _short(hypothesis) - _short(m.group("subject"))
    second, first = len(ours & _short(m.group("second"))), len(ours & _short(m.group("first")))
    if second < 2 or second <= first:
        return premise
    return f"{m.group('subject')} {m.group('second').rstrip()}"
