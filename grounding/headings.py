"""Titles and headings are not evidence unless they state a fact.

A document's title line or a Markdown heading ("# Zentrovir phase III trial: summary of results") names
what follows; reading it as a claim about the world made "raised liver enzyme levels" look supported by the
title "Zentrovir ... liver enzymes". Such a line (``Sentence.heading``, set by grounding.segment) is kept out
of retrieval and judging, unless it states a fact: its spaCy parse has a verb or auxiliary at the root, or a
root with a subject ("Drug X lowers blood pressure in adults" as a heading is still a statement).
"""
from __future__ import annotations

import functools

from grounding.types import Sentence


@functools.lru_cache(maxsize=4096)
def states_fact(text: str) -> bool:
    """Whether a heading is a statement (a finite clause) rather than a label."""
    from grounding.decompose import load_nlp
    doc = load_nlp()(text)
    if len(doc) and doc[0].tag_ in ("WRB", "WP", "WDT"):   # "Why wind generation fell": a topic, not a claim
        return False
    for tok in doc:
        if tok.dep_ == "ROOT" and (tok.pos_ in ("VERB", "AUX")
                                   or any(c.dep_ in ("nsubj", "nsubjpass") for c in tok.children)):
            return True
    return False


def non_evidence_columns(context_sentences: list[Sentence]) -> list[int]:
    """Map columns of headings that state no fact: never retrieved, judged or cited."""
    return [s.column for s in context_sentences if s.heading and not states_fact(s.text)]
