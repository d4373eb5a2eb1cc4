"""An abbreviation on one side, its words on the other. The entailment model knows the common ones (ICU, CEO, GDP)
and not the rest: "Marta Silva became CTO in 2020" against "… became chief technology officer in 2020" reads as a
contradiction (P(c) 0.86), "moved to the PACU" against "moved to the post-anaesthesia care unit" as nothing (P(e)
0.38); with the abbreviation written beside its words in the sentence ("chief technology officer (CTO)"), as a
source that defines it would, both are entailed (P(e) 0.96).

So the context sentences are read by the models (not shown: `Run.context_texts`) with an abbreviation of the
response written after the words in a sentence that spell it, and the words of the response after the abbreviation
a sentence writes for them. An abbreviation is two to six capitals, "s" for a plural ("CTOs"); its words are as many
words, each of three letters or more, whose initials spell it in order ("post-anaesthesia care unit": PACU; "of",
"and", "for", "the", "in", "on" and "&" may sit between them and spell nothing), the first no verb and the last a
noun. A word the abbreviation could not stand for ("was", "will", "have", a number) breaks the words. Of two
letters only where the words are capitalised ("Artificial Intelligence": AI; "as indicated" is no AI). Nothing is
written where the sentence holds the abbreviation already, or where the response does not hold the words or the
abbreviation the sentence is given.
"""
from __future__ import annotations

import functools
import re

_ABBREVIATION = re.compile(r"\b([A-Z]{2,6})s?\b")
_JOINERS = r"(?:(?:of|and|for|the|in|on|&)\s+)?"
# words an abbreviation does not stand for: forms of be / have / modal verbs, pronouns, determiners
_NEVER = frozenset("""was were are has have had will would can could should may might must not this that these those
their there they them then than what when which who whom whose with from into onto also only just very all any
each every some such our your its his her""".split())


@functools.lru_cache(maxsize=256)
def _words_of(abbreviation: str) -> re.Pattern:
    """The words that spell `abbreviation` (see the module's text), case-insensitive for three letters or more."""
    parts = []
    for i, letter in enumerate(abbreviation):
        first = f"[{letter}{letter.lower()}]" if len(abbreviation) > 2 else letter
        parts.append((_JOINERS if i else "") + first + r"[a-z][a-z']+")
    # a hyphen joins two of the words ("post-anaesthesia"): each part is a word of its own
    return re.compile(r"\b" + r"[\s-]+".join(parts) + r"\b")


def _spelled(abbreviation: str, text: str) -> list[re.Match]:
    """Where `text` writes the words of `abbreviation`: a name's words, none of `_NEVER`, the first no verb, the last a
    noun ("prevents double-strand breaks" is no PDS)."""
    return [m for m in _words_of(abbreviation).finditer(text)
            if not any(w.lower() in _NEVER for w in re.split(r"[\s-]+", m.group(0))) and _a_name(m.group(0))]


@functools.lru_cache(maxsize=1024)
def _a_name(words: str) -> bool:
    from grounding.decompose import parse
    tokens = [t for t in parse(words) if not t.is_punct]
    return bool(tokens) and tokens[0].pos_ not in ("VERB", "AUX") and tokens[-1].pos_ in ("NOUN", "PROPN")


def abbreviations(text: str) -> set[str]:
    """The abbreviations `text` writes ("CTOs" as CTO)."""
    return {m.group(1) for m in _ABBREVIATION.finditer(text)}


def as_read(response: str, texts: list[str]) -> list[str]:
    """`texts` (the context sentences) as the models read them: each abbreviation of the response written after its
    words there ("chief technology officer (CTO)"), and the response's words after the abbreviation a sentence
    writes for them ("CTO (chief technology officer)")."""
    written = [abbreviations(text) for text in texts]      # each sentence's, once
    ours = {a for a in abbreviations(response) if _spelled(a, " ".join(texts))}
    theirs = {a: words for a in set().union(*written) - abbreviations(response) if (words := _spelled(a, response))}
    if not ours and not theirs:
        return texts
    out = []
    for text, its in zip(texts, written):
        inserts = []          # (offset, what to write there)
        for a in ours - its:
            inserts += [(m.end(), f" ({a})") for m in _spelled(a, text)]
        for a, words in theirs.items():
            if a in its and not _spelled(a, text):
                inserts += [(m.end(), f" ({words[0].group(0)})") for m in re.finditer(rf"\b{a}s?\b", text)]
        for at, what in sorted(inserts, reverse=True):
            text = text[:at] + what + text[at:]
        out.append(text)
    return out
