"""Another cause of one event: "Flight AZ204 to Boston was delayed by four hours on Tuesday because of bad weather"
against "Flight AZ204 from Rome to Boston was delayed by four hours on Tuesday because of a technical fault". The
entailment model reads the pair as saying nothing either way (P(n) 0.81), the scorer as support (F 0.93), and
the claim came out Supported; the source gives the event another cause.

A cause is what follows "because (of)", "due to", "owing to", "thanks to", "as a result of", "on account of" (the
phrase that starts there, by spaCy's parse: "bad weather", "demand fell"), or the agent of "caused by",
"triggered by", "blamed on", "attributed to". Its event is the verb it attaches to with that verb's subject
("Flight AZ204 … was delayed": "delay", "AZ204"), or for "caused by" and the like that verb's subject alone
("Delays were caused by a strike": "delay"); not "be" or "have" ("are more valuable due to …": no event), and
two causes are compared only for one event ("Ice loss is accelerating due to global warming" and "Deglaciation
has been accelerating as a result of climate change" are not). Two causes differ where the claim's cause shares
no content word (noun, proper noun, adjective, verb, number; by the first five letters of its lemma: "flooding" and
"flooded") with the sentence and the sentence's shares none with the claim: "because of the weather" and "due to
bad weather" are one cause, and so is a chain ("a technical fault caused by bad weather" names the claim's cause
too). Neither event may be negated ("was not delayed by the weather").
"""
from __future__ import annotations

import re
from typing import NamedTuple, Optional

from grounding.decompose import parse

_MARKER = re.compile(r"\b(?:because of|because|due to|owing to|thanks to|as a result of|on account of"
                     r"|(?P<agent>caused by|triggered by|blamed on|attributed to))\s+", re.I)
_CONTENT = ("NOUN", "PROPN", "ADJ", "VERB", "NUM")
_LIGHT = {"be", "have", "do", "get", "make", "cause", "reason", "factor", "result", "issue", "problem", "partly",
          "mainly", "largely", "main", "major", "primary"}


class Cause(NamedTuple):
    event: tuple        # lemmas of the event's verb and its subject ("", the subject for "caused by")
    text: str           # the cause as written
    words: frozenset    # its content words (the first five letters of each lemma)


def _stem(lemma: str) -> str:
    return lemma[:5]        # "flooding" and "flooded": one word, whatever spaCy makes of each


def _content(tokens) -> frozenset:
    return frozenset(_stem(t.lemma_.lower()) for t in tokens
                     if t.pos_ in _CONTENT and not t.is_stop and t.lemma_.lower() not in _LIGHT)


def causes(text: str) -> list[Cause]:
    """The causes `text` gives, each with its event (see the module docstring)."""
    doc = parse(text)
    out = []
    for m in _MARKER.finditer(text):
        first = next((t for t in doc if t.idx >= m.end()), None)
        marker = [t for t in doc if m.start() <= t.idx < m.end()]
        if first is None or not marker or first.tag_ == "VB":          # "due to begin in March": no cause
            continue
        node = first
        while node.head.i != node.i and node.head.idx >= m.end():      # the phrase that starts after the marker
            node = node.head
        phrase = [t for t in node.subtree if t.idx >= m.end()]     # "demand fell", without its "because"
        inside = {t.i for t in phrase}
        event = marker[0].head
        while event.i in inside and event.head.i != event.i:
            event = event.head
        while event.pos_ not in ("VERB", "AUX") and event.head.i != event.i:
            event = event.head
        subject = next((c for c in event.children if c.dep_ in ("nsubj", "nsubjpass")), None)
        if any(c.dep_ == "neg" for c in event.children) or subject is None or event.lemma_.lower() in ("be", "have"):
            continue
        # "Delays were caused by a strike": the event is the subject
        key = ("", subject.lemma_.lower()) if m.group("agent") else (event.lemma_.lower(), subject.lemma_.lower())
        words = _content(phrase)
        if words:
            out.append(Cause(key, doc[phrase[0].i:phrase[-1].i + 1].text, words))
    return out


def _lemmas(text: str) -> frozenset:
    return frozenset(_stem(t.lemma_.lower()) for t in parse(text))


def other_cause(claim: str, sentence: str) -> Optional[tuple[str, str]]:
    """(the claim's cause, the sentence's) where the sentence gives the claim's event another cause; else None."""
    if not _MARKER.search(claim) or not _MARKER.search(sentence):
        return None
    theirs = causes(sentence)
    if not theirs:
        return None
    claim_words, sentence_words = _lemmas(claim), _lemmas(sentence)
    for mine in causes(claim):
        for cause in theirs:
            if cause.event == mine.event and not mine.words & sentence_words and not cause.words & claim_words:
                return mine.text, cause.text
    return None
