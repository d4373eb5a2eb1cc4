"""Titles and headings are not evidence unless they state a fact, nor claims of an answer.

A document's title line or a Markdown heading ("# Zentrovir phase III trial: summary of results") names
what follows; reading it as a claim about the world made "raised liver enzyme levels" look supported by the
title "Zentrovir ... liver enzymes". Such a line (``Sentence.heading``, set by grounding.segment) is kept out
of retrieval and judging, unless it states a fact: its spaCy parse has a verb or auxiliary at the root, or a
root with a subject ("Drug X lowers blood pressure in adults" as a heading is still a statement).

In an answer, such a heading, or a line that only introduces what follows ("Here is what you need to know:"),
is no claim: it was Unsupported, and counted as an ungrounded sentence (`states_nothing`; not assessed, and said so).
"""
from __future__ import annotations

import functools
import re

from grounding.types import Sentence


@functools.lru_cache(maxsize=4096)
def states_fact(text: str) -> bool:
    """Whether a heading is a statement (a finite clause) rather than a label."""
    from grounding.decompose import load_nlp
    doc = load_nlp()(text)
    if len(doc) and doc[0].tag_ in ("WRB", "WP", "WDT"):   # "Why wind generation fell": a topic, not a claim
        return False
    if sum(t.is_alpha for t in doc) < 2:     # one word ("Summary", which the tagger reads as a verb) says nothing
        return False
    for tok in doc:
        if tok.dep_ == "ROOT" and (tok.pos_ in ("VERB", "AUX")
                                   or any(c.dep_ in ("nsubj", "nsubjpass") for c in tok.children)):
            return True
    return False


def non_evidence_columns(context_sentences: list[Sentence]) -> list[int]:
    """Map columns of headings that state no fact: never retrieved, judged or cited."""
    return [s.column for s in context_sentences if s.heading and not states_fact(s.text)]


# the words of a line that only introduces what follows ("Here is what you need to know:", "In summary:")
_FRAMING = frozenset("""here is are what you need to know the following key main points facts summary in short below
some things a an of quick overview answer details important this these at glance brief as follows let me explain
breakdown highlights takeaways and your question for about it that s sure certainly okay ok so there few
short""".split())


NO_FACT = "no fact (a heading, or a line that introduces what follows)"   # said of such a line, and found by it


def states_nothing(sentence: Sentence) -> bool:
    """A response sentence that is no claim: a heading that states no fact, or a line ending in ":" made only of
    words that introduce what follows."""
    text = sentence.text.strip()
    if sentence.heading and not states_fact(text):
        return True
    words = re.findall(r"[A-Za-z]+|\d", text.lower())
    return text.endswith(":") and bool(words) and all(w in _FRAMING for w in words)
