"""Whom a pronoun names, for retrieval: an answer's sentences lean on the ones before them ("The Danube is the
second longest river in Europe. It is about 2,850 km long."), and the embedder, reading "It is about 2,850 km long"
alone, finds "The Danube, at around 2,850 km, is Europe's second-longest river" at cosine 0.41, below tau, so the
claim was Unsupported with no sentence judged; "The Danube is about 2,850 km long" has 0.84.

A response sentence or claim that opens with a subject pronoun ("It", "They", "He", "She") or a possessive one
("Its", "Their", "His", "Her") is read, for its similarities only, with the pronoun replaced by the nearest subject
before it that agrees: the main subject of an earlier claim of its sentence or of an earlier response sentence, a
noun phrase (not itself a pronoun) without what an apposition or a comma adds ("The Danube, at around 2,850 km, …"
-> "The Danube"); "It" and "Its" take a singular one, "They" and "Their" a plural one, "He", "She", "His" and "Her"
a proper noun. A text that opens with a part "of them" ("About half of them come from abroad", "Most of them",
"Two of them") names the nearest plural noun phrase before it, the subject first, then any other ("The university
has 28,000 students." -> "About half of 28,000 students come from abroad"). Only a text that finds no sentence above
tau as written is read so: its cosine with each context sentence is then the higher of the two readings', so a
resolution can only bring a sentence into reach, never push one out, and a claim that finds its evidence as written
keeps its cosines (the resolved reading is near every sentence that names the subject, which would join the
sentences read together). The models judge the claim as written.
"""
from __future__ import annotations

import functools
import re
from typing import Optional

import numpy as np

from grounding.decompose import parse
from grounding.values import MEASURES

_OPENING = re.compile(r"(?P<word>It|Its|They|Their|He|His|She|Her)\b(?!')")
_WANTS = {"it": "one", "its": "one", "they": "many", "their": "many", "he": "person", "his": "person",
          "she": "person", "her": "person"}
_POSSESSIVE = {"its", "their", "his", "her"}
# a part of a group: one to four words (a quantity: "About half", "Most", "Two", "More than 60%") and "of them"
_PART = r"(?:[^\W_][\w%'.,-]*)"
_OF_THEM = re.compile(rf"(?P<lead>{_PART}(?: {_PART}){{0,3}} of )(?P<word>them)\b")


@functools.lru_cache(maxsize=4096)
def subject_of(text: str) -> Optional[tuple[str, str]]:
    """(the main subject as written, "one" / "many", and "person" for a proper noun) of `text`; None for a pronoun
    or no subject."""
    doc = parse(text)
    head = next((t for t in doc if t.dep_ in ("nsubj", "nsubjpass") and t.head.dep_ == "ROOT"), None)
    if head is None or head.pos_ not in ("NOUN", "PROPN"):
        return None
    tokens = [t for t in head.subtree if t.i <= head.i or t.dep_ in ("compound", "flat")]
    start = min(t.i for t in tokens)
    end = next((t.i for t in doc[start:head.i] if t.text in (",", "(", "—", "–")), head.i + 1)
    phrase = doc[start:end].text if end > head.i else doc[start:head.i + 1].text
    number = "many" if head.tag_ in ("NNS", "NNPS") else "one"
    return phrase, number + (" person" if head.pos_ == "PROPN" else "")


@functools.lru_cache(maxsize=4096)
def plural_of(text: str) -> Optional[str]:
    """The plural noun phrase of `text` a following "of them" names: its main subject where that is plural, else
    its last plural noun phrase ("28,000 students" in "The university has 28,000 students") that is no span of
    time or measure ("two years"); None for none."""
    found = subject_of(text)
    if found is not None and "many" in found[1].split():
        return found[0]
    chunks = [c for c in parse(text).noun_chunks if c.root.tag_ in ("NNS", "NNPS") and c.root.pos_ != "PRON"
              and not MEASURES.match(c.root.lower_)]
    return chunks[-1].text if chunks else None


def resolve(text: str, before: list[str]) -> str:
    """`text` with its opening pronoun replaced by the nearest agreeing subject of the texts `before` it (nearest
    last), or its opening part "of them" by the nearest plural noun phrase; `text` itself where it opens with
    neither, or none agrees."""
    m = _OPENING.match(text)
    if m is None:
        part = _OF_THEM.match(text)
        group = next((g for g in map(plural_of, reversed(before)) if g), None) if part else None
        if group is None:
            return text
        if group.split(" ", 1)[0] in ("The", "These", "Those"):   # "Two of the patients", mid-sentence
            group = group[:1].lower() + group[1:]
        return part.group("lead") + group + text[part.end():]
    word = m.group("word").lower()
    want = _WANTS[word]
    for earlier in reversed(before):
        found = subject_of(earlier)
        if found is None or want not in found[1].split():
            continue
        phrase = found[0][:1].upper() + found[0][1:]
        return phrase + ("'s" if word in _POSSESSIVE else "") + text[m.end():]
    return text


def resolved_row(result, row: int) -> str:
    """Response sentence `row` resolved against the ones before it."""
    sentences = result.response_sentences
    return resolve(sentences[row].text, [s.text for s in sentences[:row]])


def resolved_claim(result, k: int) -> str:
    """Claim k resolved against the claims of its sentence before it and the response sentences before that."""
    claim = result.claims[k]
    before = [s.text for s in result.response_sentences[:claim.sentence]]
    return resolve(claim.text, before + [c.text for c in result.claims[:k] if c.sentence == claim.sentence])


def similarities(embedder, texts: list[str], resolved: list[str], context: np.ndarray, tau: Optional[float],
                 fp32: bool = False, stop=None, used: Optional[set] = None, context_texts: Optional[list[str]] = None,
                 widened: Optional[set] = None) -> np.ndarray:
    """(len(texts), len(context)) cosines; a text none of whose cosines passes `tau` takes, for each sentence, the
    higher of its own and its resolved reading's (`resolved`, one per text; the same text where nothing was
    resolved). Only then: a claim that finds its evidence as written keeps its cosines, for the resolved reading
    is near every sentence naming the subject ("She discovered uranium", read as "Marie Curie discovered uranium",
    was read together with the sentence on her birth, and the joint reading backed it). `tau` None: every resolved
    text is read so (the recheck's fp32 cosines of a text the stage read so). `used`: the texts read so are added
    to it. `context`: the context sentences' unit embeddings.

    `context_texts` (the same sentences' texts): a text that still passes tau with none is read against their clauses
    too (grounding.clauses; with `tau` None, every text is); `widened`: the texts read so are added to it."""
    from grounding import clauses
    from grounding.judge import cosine_matrix
    queries = embedder.encode(list(texts), stop=stop, fp32=fp32)
    cos = cosine_matrix(queries, context)
    if not context.size:
        return cos
    # the resolved readings are embedded only for the texts that take them (most find their sentence as written)
    other = [i for i, (t, r) in enumerate(zip(texts, resolved)) if r != t and (tau is None or cos[i].max() <= tau)]
    readings = [queries]
    if other:
        alt = embedder.encode([resolved[i] for i in other], stop=stop, fp32=fp32)
        cos[other] = np.maximum(cos[other], cosine_matrix(alt, context))
        if used is not None:
            used.update(texts[i] for i in other)
        readings.append(queries.copy())
        readings[1][other] = alt
    if context_texts is not None:
        rows = clauses.reaching_none(cos, tau)
        if clauses.widen(embedder, cos, rows, readings, context_texts, fp32=fp32, stop=stop) and widened is not None:
            widened.update(texts[i] for i in rows)
    return cos
