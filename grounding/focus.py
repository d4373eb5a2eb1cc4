"""A sentence read as its clause that speaks of the claim, where the other clause denies something else: "Under-16s
are not allowed in the gym but may use the pool if accompanied by an adult" is read as "Under-16s may use the pool if
accompanied by an adult" for the claim "Under-16s may use the pool as long as an adult is with them" (the model read
the whole sentence as contradicting it, P(c) 0.74: the "not" of the gym).

The sentence: a subject, "is / are / was / were not" and a predicate, then "but" and a second predicate with its own
verb ("may", "can", "must", "will", "should", "is", "are", "do", "does"), no subject of its own; the claim (not
negated) shares two words or more with the second predicate (by their first four letters) and fewer with the first.
Read as the subject and the second predicate; "A is not P, but B is Q", where the claim speaks of B, as its second
clause (`_own_clause`); every other sentence as written. Every reading of the entailment model
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


# "Illnesses … are not covered, but accidents are covered from day one": the second clause with its own subject
_NOT_BUT_OWN = re.compile(r"^(?P<first>[^,;:]+?\s+(?:is|are|was|were)\s+not\s+[^;:]+?),?\s+but\s+(?P<second>(?P<subject>"
                          r"(?:[a-z0-9'-]+\s+){1,4}?)(?:is|are|was|were|can|may|will)\s+[^;:]+)$", re.IGNORECASE)


def focused(premise: str, hypothesis: str) -> str:
    """The premise as its clause that speaks of the hypothesis (see the module docstring), else the premise."""
    m = _NOT_BUT.match(premise.strip())
    if m is None and not DENIAL.search(hypothesis):
        return _own_clause(premise, hypothesis)
    if m is None or DENIAL.search(hypothesis):
        return premise
    ours = _short(hypothesis) - _short(m.group("subject"))
    second, first = len(ours & _short(m.group("second"))), len(ours & _short(m.group("first")))
    if second < 2 or second <= first:
        return premise
    return f"{m.group('subject')} {m.group('second').rstrip()}"


def _own_clause(premise: str, hypothesis: str) -> str:
    """The second clause of "A is not P, but B is Q" where the claim speaks of B (its words there, two at least, and
    more than in the first clause; B's own words among them): "PawSure covers accidents from the very first day"
    against "Illnesses that start in the first 14 days of cover are not covered, but accidents are covered from day
    one" (Unsupported on every engine: the model read "not covered" of the first 14 days)."""
    m = _NOT_BUT_OWN.match(premise.strip())
    if m is None:
        return premise
    ours = _short(hypothesis)
    second, first = ours & _short(m.group("second")), ours & _short(m.group("first"))
    denied = _short(re.split(r"\s+(?:is|are|was|were)\s+not\b|\s+(?:that|which|who|in|of|with|for)\s", m.group("first"),
                             maxsplit=1, flags=re.I)[0])     # the first subject's head words: "Illnesses"
    if len(second) < 2 or len(second) <= len(first) or not ours & _short(m.group("subject")) or ours & denied:
        return premise      # not where the claim names what the first clause denies ("Accidents and illnesses …")
    return m.group("second")[:1].upper() + m.group("second")[1:].rstrip()

