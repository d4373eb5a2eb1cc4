"""Open all day against opening hours: "The gym is open 24 hours a day" against "Fitline Gym is open from 6am to
11pm every day", which the entailment model read as support (P(e) 0.61, Supported on every engine). One of the two
says a place or service is there around the clock ("24 hours a day", "24/7", "around the clock", "day and night"),
the other gives hours of a day that end ("from 6am to 11pm", "9:00-17:30", "between 8am and midnight"); the same
thing is meant where the claim's subject noun is in the sentence ("The gym" / "Fitline Gym"), not where it is
another's ("The helpline is open 24 hours a day" / "The office is open from 9am to 5pm"). Hours that cover the whole
day ("midnight to midnight", "00:00-24:00") are no conflict, nor a negated claim ("is not open 24 hours"). The
quantity rule (learned.quantity_conflicts with `same_figure`) gives the pair as a conflict of figures.
"""
from __future__ import annotations

import re

from grounding.clock import TIME, minutes
from grounding.decompose import parse
from grounding.invisible import judged_text
from grounding.reversal import _NEGATION

_ALWAYS = re.compile(r"\b(?:24\s+hours(?:\s+a\s+day)?|24\s*/\s*7|24-7|(?:a)?round[\s-]the[\s-]clock|day\s+and\s+night"
                     r"|all\s+day\s+and\s+(?:all\s+)?night)\b", re.IGNORECASE)
_HOURS = re.compile(rf"(?:\b(?:from|between)\s+)?(?P<a>{TIME})\s*(?:to|until|till|and|-|–|—)\s*(?P<b>{TIME})",
                    re.IGNORECASE)

def _ending_hours(text: str):
    """The first span of hours in `text` that does not cover the whole day, as written, or None."""
    for m in _HOURS.finditer(text):
        a, b = minutes(m.group("a")), minutes(m.group("b"))
        if a >= 0 and b >= 0 and a != b and not (m.group("b").strip() == "24:00" and a == 0):
            return m.group(0).strip()
    return None


def _subject(text: str) -> str:
    """The lemma of the main verb's subject noun ("The gym is open …": gym), or ''."""
    doc = parse(text)
    return next((t.lemma_.lower() for t in doc if t.dep_ in ("nsubj", "nsubjpass") and t.head.dep_ == "ROOT"
                 and t.pos_ in ("NOUN", "PROPN")), "")


def hours_conflicts(claim: str, sentence: str) -> list[tuple[str, str]]:
    """[(the claim's words, the sentence's)] where one says around the clock and the other gives hours that end."""
    claim, sentence = judged_text(claim), judged_text(sentence)
    always, hours = _ALWAYS.search(claim), _ending_hours(sentence) if _ALWAYS.search(claim) else None
    if always is None:      # the other way round: the claim's hours against the sentence's "24 hours a day"
        hours, always = _ending_hours(claim), _ALWAYS.search(sentence)
        if hours is None or always is None:
            return []
        pair = (hours, always.group(0))
    elif hours is None:
        return []
    else:
        pair = (always.group(0), hours)
        if _NEGATION.search(claim[max(0, always.start() - 30):always.start()]):
            return []
    noun = _subject(claim)     # the same place or service: the claim's subject named in the sentence
    return [pair] if noun and noun in {t.lemma_.lower() for t in parse(sentence)} else []
