"""The one thing a superlative names: "Headache was the most common side effect" against "The most common side effect
was a sore throat, reported by 6% of users" (Unsupported on both context engines: the entailment model reads the pair as
neither, P(n) 0.6). Only one thing can be the most common side effect, so the sentence that names another contradicts
the claim.

A superlative is "the" with "most" or "least" and an adjective, or an adjective in -est ("the largest", "the main", "the
leading"), then its noun phrase, said of a holder by a copula either way round: "X was the most common side effect",
"The most common side effect was X". Two conflict where they grade the same noun phrase (its last word by its first five
letters) with the same superlative and scope ("in France", or none in both), the sentence's holder one thing and
none of the claim's, and the claim's holder's words (four letters or more) not in the sentence before its grade ("Farm
runoff was the main cause, followed by sewage overflows" names sewage overflows second: "Sewage overflows were the
main cause" is contradicted). Not "one of the most common …" (one of several), nor "the second most common …" (a rank:
grounding.ranks), nor a negated or hedged sentence.
"""
from __future__ import annotations

import functools
import re
from typing import NamedTuple, Optional

from grounding.invisible import judged_text

_SUP = r"(?:most|least)\s+[a-z-]+|[a-z]+est|main|leading|biggest|largest|commonest"
_BE = r"(?:was|were|is|are|remains|remained)"
# the sentence may go on after the noun phrase: "Nausea was the most frequent side effect and usually eased …"
_HOLDER_FIRST = re.compile(rf"^(?P<x>[^,;:()]+?)\s+{_BE}\s+the\s+(?P<sup>{_SUP})\s+(?P<n>[a-z][a-z -]*?)"
                           r"(?:\s+(?:in|of|among|for|at|on)\s+(?P<scope>[^.;,]*?))?"
                           r"\s*(?:[.!]?$|[,;]|\s(?:and|but|which|while|reported|seen|observed)\b)", re.IGNORECASE)
_HOLDER_AFTER = re.compile(rf"(?:^|\bthe\s+)(?P<sup>{_SUP})\s+(?P<n>[a-z][a-z -]*?)\s+{_BE}\s+(?P<x>[^,;:.()]+)",
                           re.IGNORECASE)
_NOT_ONE = re.compile(r"\b(?:one|two|three|some|any|among)\s+of\s*$|\b(?:not|never|no|may|might|could|possibly|"
                      r"probably|likely)\b", re.IGNORECASE)
_STOP = frozenset("that this these those there their which with were was have from been".split())


class Superlative(NamedTuple):
    holder: str        # as written: "Headache", "a sore throat"
    grade: str         # "most common"
    noun: str          # "side effect"
    scope: str         # what scopes it, if said: "France" of "the largest city in France"; else ""


@functools.lru_cache(maxsize=4096)
def superlatives(text: str) -> tuple[Superlative, ...]:
    """The text's superlatives said of a holder (see the module's docstring)."""
    text = judged_text(text).strip()
    out = []
    first = _HOLDER_FIRST.match(text)
    if first and not _NOT_ONE.search(first.group("x")):
        out.append(Superlative(first.group("x").strip(), _squash(first.group("sup")), first.group("n").strip(),
                               (first.group("scope") or "").strip()))
    for m in _HOLDER_AFTER.finditer(text):
        if not _NOT_ONE.search(text[max(0, m.start() - 20):m.start()] + " " + m.group("x")):
            out.append(Superlative(m.group("x").strip(), _squash(m.group("sup")), *_head(m.group("n"))))
    return tuple(out)


def _head(noun: str) -> tuple[str, str]:
    """The noun phrase and what scopes it: "city in France" -> ("city", "France")."""
    parts = re.split(r"\s+(?:in|of|among|for|at|on)\s+", noun.strip(), maxsplit=1, flags=re.IGNORECASE)
    return parts[0], parts[1] if len(parts) > 1 else ""


# grades that say one thing: "the most frequently mentioned complaint" is "the most common complaint"
_SAME_GRADE = {"most frequent": "most common", "most frequently": "most common", "commonest": "most common",
               "most often": "most common", "biggest": "largest"}


def _squash(grade: str) -> str:
    return " ".join(grade.lower().split())


def _stems(text: str) -> set[str]:
    return {w.lower()[:5] for w in re.findall(r"[A-Za-z]{4,}", text) if w.lower() not in _STOP}


def _joint(holder: str, sentence: str, theirs: Superlative) -> bool:
    """Whether the sentence writes the claim's holder before its own superlative's grade (as a holder beside the
    sentence's: "Headache and nausea were the most common side effects")."""
    at = sentence.lower().find(theirs.grade)
    return bool(_stems(holder) & _stems(sentence[:max(0, at)]))


def other_holder(claim: str, sentence: str) -> Optional[tuple[str, str]]:
    """(the claim's holder with its superlative: "Headache is the most common side effect", the sentence's holder:
    "a sore throat") where the sentence gives the claim's
    superlative of the same noun phrase to another holder and writes none of the claim's holder's words."""
    if _NOT_ONE.search(judged_text(sentence)):
        return None
    theirs = superlatives(sentence)
    for c in superlatives(claim):
        own = _stems(c.holder)
        for x in theirs:
            if _SAME_GRADE.get(x.grade, x.grade) != _SAME_GRADE.get(c.grade, c.grade) or _stems(x.noun.split()[-1]) != _stems(c.noun.split()[-1]) or not own \
                    or _stems(x.scope) != _stems(c.scope):
                continue
            # the claim's holder not the sentence's, nor one of several holders it names: "Farm runoff was the main
            # cause, followed by sewage overflows" names sewage overflows second
            if not own & _stems(x.holder) and not _stems(x.holder) & _stems(claim) \
                    and not re.search(r"\b(?:and|or)\b|,", x.holder) and not _joint(c.holder, sentence, x):
                return f"{c.holder} is the {c.grade} {c.noun}", x.holder
    return None


SUPERLATIVE_RULE = "another holder"


def superlative_override(v, preset, claim_text: str, pairs, joint_columns, context_texts: list[str], entity_diffs):
    """A backed or unsupported claim whose evidence (its judged sentences with cosine at least the preset's
    deed_override, and the sentences read together) gives the claim's superlative to another holder
    (`other_holder`) is Contradicted, anchored there; `anchor_conflict` names both holders."""
    from grounding.overrides import _contradicted_by_first
    from grounding.types import PARTIAL, SUPPORTED, UNSUPPORTED
    if preset.deed_override is None or v.label not in (SUPPORTED, PARTIAL, UNSUPPORTED) or not superlatives(claim_text):
        return v

    def finds(text: str) -> str:
        found = other_holder(claim_text, text)
        return f"the claim says “{found[0]}”, the source names “{found[1]}”" if found else ""
    return _contradicted_by_first(v, preset, preset.deed_override, pairs, joint_columns, context_texts, entity_diffs,
                                  SUPERLATIVE_RULE, finds)
