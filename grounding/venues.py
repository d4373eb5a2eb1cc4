"""The same deed at another named place: "Votes will be counted at Dunmore Town Hall" against "Votes will be counted
overnight at Dunmore Leisure Centre, with results expected by 4am" (Supported on every engine: the model reads the
shared verb, subject and town).

Each text's deeds at a named place: a verb (not negated) with its subject noun and an "at" or "in" phrase whose noun
has capitalised words ("at Dunmore Leisure Centre": {dunmore, leisure, centre}). The claim's deed and the sentence's
share the verb, the subject noun and the preposition; the claim's place has a capitalised word the sentence gives
nowhere and the sentence's one the claim lacks. Not where the sentence also places the deed at the claim's place
("… at the Town Hall and at the Leisure Centre"), nor a place of deeds.another_place's kind (something else at the
claim's place: that rule says it). The reversal rule (reversal.reversals) gives the pair.
"""
from __future__ import annotations

import re
from typing import NamedTuple

from grounding.decompose import parse


_NAMED_PLACE = re.compile(r"\b(?:at|in)\s+(?:the\s+)?[A-Z0-9]")


class Venue(NamedTuple):
    verb: str          # lemma
    subject: str       # the subject noun's lemma
    prep: str          # "at" / "in"
    names: frozenset   # the place's capitalised words, lower case
    said: str          # the place as written


def _venues(text: str) -> list[Venue]:
    out = []
    for prep in (t for t in parse(text) if t.dep_ == "prep" and t.lower_ in ("at", "in")):
        verb, obj = prep.head, next((c for c in prep.children if c.dep_ == "pobj"), None)
        if obj is None or verb.pos_ != "VERB" or any(c.dep_ == "neg" for c in verb.children):
            continue
        subject = next((c for c in verb.children if c.dep_ in ("nsubj", "nsubjpass") and c.pos_ in ("NOUN", "PROPN")),
                       None)
        words = [t for t in obj.subtree if t.pos_ == "PROPN"]
        if subject is None or not words:
            continue
        span = obj.doc[min(t.i for t in obj.subtree):max(t.i for t in obj.subtree) + 1]
        out.append(Venue(verb.lemma_.lower(), subject.lemma_.lower(), prep.lower_,
                         frozenset(t.lower_ for t in words), span.text))
    return out


def elsewhere(claim: str, sentence: str) -> list[tuple[str, str]]:
    """[(the claim's place, the sentence's)] where the sentence does the claim's deed at another named place."""
    if not (_NAMED_PLACE.search(claim) and _NAMED_PLACE.search(sentence)):   # no named place in one: no parse
        return []
    mine = _venues(claim)
    theirs = _venues(sentence) if mine else []
    low = sentence.lower()
    for m in mine:
        same = [t for t in theirs if (t.verb, t.subject, t.prep) == (m.verb, m.subject, m.prep)]
        if same and not any(m.names <= t.names for t in same) \
                and any(not re.search(rf"\b{re.escape(w)}\b", low) for w in m.names) \
                and all(t.names - m.names for t in same):
            return [(m.said, same[0].said)]
    return []
