"""A refund the source rules out: "The application costs £120, and you get this back if your application is turned
down" against "The application fee is £120 and is non-refundable" (Partially supported on every engine: the model
reads the fee, not the refund).

The claim gives money back (not negated within the few words before: "refunded", "refundable", "get it back", "get
your deposit back", "money back", "reimbursed", "paid back") and the sentence says it is not given back ("non-refundable",
"not refunded", "will not be refunded", "no refunds", "cannot be reimbursed") and never that it is; or the claim rules
a refund out and the sentence, with no condition ("if", "unless", "when", "within", "provided", "as long as"), gives
one. A refund the sentence rules out only in a case ("non-refundable once activated") leaves one the claim gives in
a case of its own ("Gifts that haven't been activated can be refunded within 14 days"). The two share a noun (spaCy's
lemmas: "application", "deposit", "fee") that each does not qualify otherwise ("their season ticket" / "Unused Advance
tickets": two kinds of ticket). The reversal rule (reversal.reversals) gives the pair.
"""
from __future__ import annotations

import re

from grounding.decompose import parse

_BACK = r"(?:it|this|that|them|(?:the|your|their)\s+(?:[\w£$€.,-]+\s+){0,2}?(?:money|fee|deposit|payment|cost|charge))"
_YES = re.compile(rf"\b(?:refund(?:ed|able)?|(?:get|have|receive)\s+{_BACK}\s+back|money\s+back|reimburs(?:ed|able)"
                  r"|paid\s+back|given\s+back)\b", re.IGNORECASE)
_NO = re.compile(r"\bnon-?\s?refundable\b|\bno\s+refunds?\b|\b(?:not|never|no\s+longer)\s+(?:be\s+)?(?:refund(?:ed|able)"
                 r"|reimbursed|paid\s+back|given\s+back)\b|\b(?:cannot|can't|won't|will\s+not|shall\s+not)\s+be\s+"
                 r"(?:refunded|reimbursed|paid\s+back|given\s+back)\b|\b\w+n't\s+"
                 rf"(?:refunded|reimbursed|paid\s+back|given\s+back)\b|\b(?:not|never)\s+(?:get|receive)\s+{_BACK}\s+back\b",
                 re.IGNORECASE)
_DENIED_BEFORE = re.compile(r"(?:\b(?:not|never|no|cannot|won't)\b|n't\b)[^,.;:]{0,20}$", re.IGNORECASE)   # "aren't"
_CONDITION = re.compile(r"\b(?:if|unless|when|within|provided|as\s+long\s+as|only)\b", re.IGNORECASE)
# a refund ruled out in one case ("non-refundable once activated") leaves one the claim gives in its own case
# ("Gifts that haven't been activated can be refunded within 14 days": Contradicted on context engines)
_ONLY_IN_CASE = re.compile(r"\b(?:once|after|if|when|unless|beyond|outside)\b", re.IGNORECASE)
_OWN_CASE = re.compile(r"\b(?:if|unless|when|within|provided|as\s+long\s+as|only|that|which|who|before|not\s+yet|"
                       r"unused|haven't|hasn't|have\s+not|has\s+not)\b", re.IGNORECASE)
_GENERIC = frozenset({"you", "it", "this", "that", "thing", "way", "time"})


def _gives(text: str) -> re.Match | None:
    """The first refund `text` gives, not one it rules out."""
    ruled_out = [(m.start(), m.end()) for m in _NO.finditer(text)]
    return next((m for m in _YES.finditer(text) if not any(a <= m.start() < b for a, b in ruled_out)
                 and not _DENIED_BEFORE.search(text[max(0, m.start() - 25):m.start()])), None)


def _nouns(text: str) -> dict[str, frozenset]:
    """{noun lemma: the lemmas of the words that qualify it}: "Unused Advance tickets" {"ticket": {"unused", "advance"}}."""
    out: dict[str, frozenset] = {}
    for t in parse(text):
        if t.pos_ in ("NOUN", "PROPN") and t.lemma_.lower() not in _GENERIC:
            out[t.lemma_.lower()] = out.get(t.lemma_.lower(), frozenset()) | {
                c.lemma_.lower() for c in t.children if c.dep_ in ("compound", "amod")}
    return out


def _shared(claim: str, sentence: str) -> bool:
    """Whether the two share a noun that neither qualifies otherwise ("their season ticket" and "Unused Advance
    tickets" are two kinds of ticket)."""
    ours, theirs = _nouns(claim), _nouns(sentence)
    return any(not (ours[n] and theirs[n]) or ours[n] & theirs[n] for n in ours.keys() & theirs.keys())


def refund_conflicts(claim: str, sentence: str) -> list[tuple[str, str]]:
    """[(the claim's words, the sentence's)] where one gives a refund the other rules out (module doc)."""
    given, ruled_out = _gives(claim), _NO.search(sentence)
    if given is not None and ruled_out is not None and _gives(sentence) is None \
            and not (_ONLY_IN_CASE.search(sentence[max(0, ruled_out.start() - 40):ruled_out.end() + 40])
                     and _OWN_CASE.search(claim)):
        pair = (given.group(0), ruled_out.group(0))
    else:
        ours, theirs = _NO.search(claim), _gives(sentence)
        if ours is None or theirs is None or _gives(claim) is not None or _NO.search(sentence) \
                or _CONDITION.search(sentence):
            return []
        pair = (ours.group(0), theirs.group(0))
    return [pair] if _shared(claim, sentence) else []
