"""A named member of a closed list swapped for another: "Bank feeds now cover 38 more banks in Canada and Australia"
against "Bank feed support has been extended to 38 additional banks in Canada and Ireland" (Supported on every
engine, P(e) 0.50: the model reads the shared name and the rest of the sentence).

Each text's lists of names: two to four proper names joined by "and" (or commas and "and"), under the same
preposition or verb ("in Canada and Ireland": in; "across", "throughout", "around" and "within" read as "in"). Where the claim's list and one of the sentence's stand under the
same word, share a name at least (one place's names and initials are one: "US" / "United States",
grounding.aliases), and the claim's has a name the sentence gives nowhere while the sentence's has one
the claim lacks, the claim names the wrong member. Not a list the sentence opens ("including", "such as": lists.py
reads those), nor a negated one. The reversal rule (reversal.reversals) gives the pair.
"""
from __future__ import annotations

import re

from grounding.aliases import canonical
from grounding.decompose import parse

_JOINED = re.compile(r"[A-Z][\w'-]*,?\s+and\s+(?:the\s+)?[A-Z]")
# the prepositions of where, one word ("clinics across Europe and Asia" / "clinics in Europe and North America")
_WHERE = {w: "in" for w in ("across", "throughout", "around", "within")}
_OPEN = re.compile(r"\b(?:includ\w*|such\s+as|for\s+example|e\.g\.|among)\b", re.IGNORECASE)


def _key(name: str) -> str:
    """One key for the names of one place ("US" / "United States", grounding.aliases) or its initials ("UAE")."""
    key = canonical(re.sub(r"^the\s+", "", name.lower()))
    return "".join(w[0] for w in key.split()) if " " in key else key


def _name(token) -> str:
    """A proper name as written with its compound words ("New Zealand")."""
    left = [c for c in token.children if c.dep_ == "compound" and c.pos_ == "PROPN" and c.i < token.i]
    return token.doc[min([token.i] + [c.i for c in left]):token.i + 1].text


def _lists(text: str) -> list[tuple[str, list[str], int]]:
    """(the governing word's lemma, the names, where the list starts) of each list of two to four proper names."""
    out = []
    for t in parse(text):
        if t.pos_ != "PROPN" or t.dep_ in ("conj", "compound") or t.head is t:
            continue
        members, node = [t], t
        while (nxt := next((c for c in node.children if c.dep_ == "conj" and c.pos_ == "PROPN"), None)) is not None:
            members.append(nxt)
            node = nxt
        # not the two ends of a stretch ("between Dunmere and Polwyn" is no list of places: "between Polwyn and St
        # Ivel Quay" is another stretch, not a swapped member)
        if 2 <= len(members) <= 4 and not any(c.dep_ == "neg" for c in t.head.children) \
                and t.head.lower_ != "between":
            start = min(x.i for x in t.subtree)
            word = t.head.lemma_.lower()
            out.append((_WHERE.get(word, word), [_name(m) for m in members], t.doc[start].idx))
    return out


def _said(names: list[str]) -> str:
    return ", ".join(names[:-1]) + " and " + names[-1]


def swapped_names(claim: str, sentence: str) -> list[tuple[str, str]]:
    """[(the claim's list, the sentence's)] where the claim names a wrong member of the sentence's list (module doc)."""
    if not (_JOINED.search(claim) and _JOINED.search(sentence)):   # no two names joined: nothing to parse
        return []
    theirs = [(w, names, at) for w, names, at in _lists(sentence) if not _OPEN.search(sentence[max(0, at - 25):at])]
    if not theirs:
        return []
    out = []
    for word, names, at in _lists(claim):
        if _OPEN.search(claim[max(0, at - 25):at]):
            continue
        ours = {_key(n) for n in names}
        for w, other, _ in theirs:
            keys = {_key(n) for n in other}
            lacking = [n for n in names if _key(n) not in keys and not re.search(rf"\b{re.escape(n)}\b", sentence)]
            if w == word and ours & keys and lacking and keys - ours:
                out.append((_said(names), _said(other)))
                break
    return out
