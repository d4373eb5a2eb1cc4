"""What a sentence says holds only for one thing, said by the claim of another: "Camping is included with day
tickets" against "Camping is included with weekend tickets only" (the entailment model, reading the festival's
sentences together, called it entailed, P(e) 0.95). By spaCy's parse: the sentence's "only" restricts a prepositional
phrase of a verb or adjective ("with weekend tickets only", "only for students"); the claim has the same verb or
adjective, of the same subject, not negated, with the same preposition and another object: another noun ("for
pensioners"), or the same noun qualified otherwise ("day tickets" / "weekend tickets"; not "tickets", which the
weekend tickets are). The reversal rule (overrides.reversal_override) reads it (grounding.reversal.reversals).
"""
from __future__ import annotations

from grounding.decompose import parse


def _restricted(only):
    """The prepositional phrase an "only" restricts: the one it stands before ("only with …") or right after ("with
    weekend tickets only"), or None."""
    if only.head.dep_ == "prep" and only.i < only.head.i:
        return only.head
    before = only.doc[only.i - 1] if only.i > 0 else None
    if before is None:
        return None
    heads = [only.head] + [c for c in only.head.children if c.dep_ == "acomp"]     # "is open to members only"
    return next((p for h in heads for p in h.children if p.dep_ == "prep" and p.i < only.i
                 and max(t.i for t in p.subtree) == before.i), None)


def _object(prep):
    return next((c for c in prep.children if c.dep_ == "pobj" and c.pos_ in ("NOUN", "PROPN")), None)


def _qualifiers(noun) -> frozenset:
    return frozenset(c.lemma_.lower() for c in noun.children if c.dep_ in ("amod", "compound", "nummod"))


def _subject(head):
    node = head.head if head.dep_ == "acomp" else head          # "Discounts are available only for students"
    return next((c.lemma_.lower() for c in node.children if c.dep_ in ("nsubj", "nsubjpass")), None)


def only_for(claim: str, sentence: str) -> list[tuple[str, str]]:
    """(the claim's phrase, the sentence's) where the sentence says the claim's verb or adjective holds only with
    another object (see the module docstring); [] where it says nothing so."""
    if "only" not in sentence.lower():
        return []
    limits = []
    for t in parse(sentence):
        if t.lower_ == "only" and (prep := _restricted(t)) is not None and (noun := _object(prep)) is not None:
            limits.append((prep.head.lemma_.lower(), _subject(prep.head), prep.lower_, noun))
    out = []
    doc = parse(claim)
    for prep in (t for t in doc if t.dep_ == "prep"):
        head, noun = prep.head, _object(prep)
        if noun is None or any(c.dep_ == "neg" for c in head.children) or \
                any(c.lower_ == "only" for c in head.children):
            continue
        for lemma, subject, word, theirs in limits:
            if (lemma, word) != (head.lemma_.lower(), prep.lower_) or subject is None or subject != _subject(head):
                continue
            other = noun.lemma_.lower() != theirs.lemma_.lower()
            if other or not _qualifiers(noun) <= _qualifiers(theirs):
                out.append((" ".join(t.text for t in prep.subtree),
                            f"{word} {' '.join(t.text for t in theirs.subtree)} only"))
    return out
