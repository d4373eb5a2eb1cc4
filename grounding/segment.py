"""Stage 1: text -> documents -> sentences, with exact character offsets.

The splitter is a rule-based scan (regular expressions, no model) so that it keeps up with 400k-character
contexts. Every ``Sentence`` it returns satisfies ``text[s.start:s.end] == s.text`` and has no surrounding
whitespace; list markers ("- ", "1. ") and Markdown heading marks ("# ") are left outside the sentence.
"""
from __future__ import annotations

import re
from typing import Iterable, Union

from grounding.types import Document, Sentence

# A line that starts a list item: "-", "*", "•", "+", "1.", "2)", "a)". The marker is not part of the sentence.
_BULLET = re.compile(r"[ \t]*(?:[-*•+▪‣◦–]|\d{1,3}[.)]|[a-z]\))[ \t]+(?=\S)")
_HEADING = re.compile(r"[ \t]*#{1,6}[ \t]+(?=\S)")
# A line ending like this continues on the next line (hard-wrapped prose), a line ending otherwise ends a sentence.
_CONTINUES = re.compile(r"[,;(/&\-–—]$")

# A candidate sentence end: terminal punctuation, closing quotes/brackets, then citations like [3] or [1, 2].
_END = re.compile(
    r"(?:\.{2,}|…|[.!?]+)"                       # ellipsis, period, ?, !, ?!
    r"[\"'”’»)\]]*"                              # closing quotes / brackets after the period
    r"(?:[ \t]*\[\d+(?:[ \t]*[,–-][ \t]*\d+)*\])*"  # citations after the period: "rose. [3] Next"
    r"(?=\s|$)"
)
_WORD_BEFORE = re.compile(r"(\S+)$")
_ALNUM = re.compile(r"\w")
_ONLY_CITATIONS = re.compile(r"(?:\[\d+(?:\s*[,–-]\s*\d+)*\][\s.,;]*)+")

# Words that a period does not end when they are the last word before it (lower-cased, inner dots kept).
_ABBREVIATIONS = frozenset("""
    e.g eg i.e ie cf vs viz al dr mr mrs ms prof sr jr st mt gen col lt sgt rev hon fig figs eq eqs approx ca
    dept univ resp
""".split())
# Abbreviations that a period ends unless a number follows ("No. 5", "p. 12", "Jan. 3").
_BEFORE_NUMBER = frozenset("no nos vol p pp ref refs sec ch art jan feb mar apr jun jul aug sep sept oct nov dec".split())
# After a dotted initialism ("U.S.") these words start a new sentence; any other capitalised word does not.
_STARTERS = frozenset("the this these that those it its in on at we a an however but there they he she our as for".split())
# a letter after these words is a label, not an initial: "at grade B. Mathematics is required", "hepatitis B. It"
_LABELLED = frozenset("grade grades vitamin vitamins hepatitis type types plan group groups category class phase section "
                      "part level gate terminal block option stage size row wing ward zone platform appendix annex "
                      "exhibit schedule division lane route line model".split())
# after "a.m." / "p.m." a capitalised word starts a new sentence, but for a zone ("EST") or these ("9 a.m. Monday")
_CALENDAR = frozenset("monday tuesday wednesday thursday friday saturday sunday january february march april may june "
                      "july august september october november december".split())


def split_sentences(text: str, source: str) -> list[Sentence]:
    """Split `text` into sentences with exact offsets into `text`.

    Each sentence is stripped of surrounding whitespace (``text[s.start:s.end] == s.text``), has
    ``source`` as given, ``index`` counting from 0 in order and ``column=-1``. Blocks are cut first at
    blank lines, list items, Markdown headings and line breaks after a line that does not continue
    (see ``_blocks``); within a block, sentences end at ., ?, !, or an ellipsis that is followed by
    whitespace and not by a lower-case word, except after abbreviations and initials. Sentences with no
    letter or digit, and lone citation markers, are skipped.
    """
    sentences: list[Sentence] = []
    for block_start, block_end, is_heading in _blocks(text):
        for start, end in _sentence_spans(text, block_start, block_end):
            heading = is_heading or (not sentences and _is_title_line(text, start, end))
            sentences.append(Sentence(text[start:end], start, end, source, len(sentences), heading=heading))
    return sentences


def _is_title_line(text: str, start: int, end: int) -> bool:
    """A document's first line standing alone as a title: no terminal punctuation, at most 15 words, and a
    line break (or the end) right after it ("Trial report 2021", "Results: safety")."""
    line_end = text.find("\n", end)
    alone = text[end:line_end if line_end >= 0 else len(text)].strip() == ""
    return alone and line_end >= 0 and text[start:end][-1] not in ".!?\"'”’)" and len(text[start:end].split()) <= 15


def split_response(response: str) -> list[Sentence]:
    """The response's sentences (``source="response"``, ``column=-1``)."""
    return split_sentences(response, "response")


# A line holding only "---" (spaces, tabs and a Windows line end around it allowed) separates documents.
DOCUMENT_SEPARATOR = re.compile(r"(?m)^[ \t]*---[ \t\r]*$")


def split_documents(text: str) -> list[str]:
    """The parts of pasted text between document separator lines (``---``), blank parts included."""
    return DOCUMENT_SEPARATOR.split(text)


def parse_context(context: Union[str, Iterable[Union[str, dict]]]) -> list[Document]:
    """Turn the user's context into documents whose sentences carry global map columns.

    `context` is a string (documents separated by a line that is just ``---``) or a list of strings
    and/or dicts ``{"id", "title", "text"}`` (id and title optional). A dict may come already segmented:
    ``{"sentences": ["...", ...]}`` (with or without "text"; without it the text is the sentences joined by a
    space); its sentences are then kept as given, located in the text in order. Documents whose text is blank are
    dropped; the rest get ids ``d1, d2, ...`` (counting kept documents) unless given, and a title from a
    leading Markdown heading ("# Title") or else ``Document N``. Sentence offsets are relative to
    ``Document.text`` (the document's text with surrounding whitespace removed); ``column`` numbers the
    sentences of all documents in order from 0.
    """
    if isinstance(context, str):
        items: list = split_documents(context)
    elif isinstance(context, Iterable) and not isinstance(context, (bytes, dict)):
        items = list(context)
    else:
        raise TypeError(f"context must be a string or a list of strings/dicts, not {type(context).__name__}.")

    documents: list[Document] = []
    column = 0
    for position, item in enumerate(items, 1):
        doc_id, title, text = document_fields(item, position)
        given = item.get("sentences") if isinstance(item, dict) else None
        text = text.strip()
        if not text:
            continue
        n = len(documents) + 1
        doc_id = doc_id or f"d{n}"
        if any(d.id == doc_id for d in documents):
            raise ValueError(f"Two context documents share the id '{doc_id}'; give each document its own id.")
        sentences = split_sentences(text, doc_id) if given is None else _given_sentences(text, given, doc_id, position)
        document = Document(doc_id, title or _title_of(text, n), text, sentences)
        for sentence in document.sentences:
            sentence.column = column
            column += 1
        documents.append(document)
    return documents


def _given_sentences(text: str, given, doc_id: str, position: int) -> list[Sentence]:
    """A document's own segmentation: each sentence found in `text` after the previous one (exact offsets)."""
    if not isinstance(given, list) or not all(isinstance(g, str) for g in given):
        raise ValueError(f"Context document {position}: 'sentences' must be a list of strings.")
    out, at = [], 0
    for g in (g.strip() for g in given):
        if not g:
            continue
        start = text.find(g, at)
        if start < 0:
            raise ValueError(f"Context document {position}: the sentence '{g[:60]}' is not in its text (in order).")
        at = start + len(g)
        out.append(Sentence(g, start, at, doc_id, len(out)))
    return out


def document_fields(item, position: int) -> tuple[str, str, str]:
    """(id, title, text) of one context item; empty strings where not given."""
    if isinstance(item, str):
        return "", "", item
    if isinstance(item, dict):
        if "text" not in item and isinstance(item.get("sentences"), list):
            item = {**item, "text": " ".join(str(g).strip() for g in item["sentences"])}
        if not isinstance(item.get("text"), str):
            raise ValueError(f"Context document {position} needs a 'text' string (got keys {sorted(item)}).")
        doc_id = item.get("id")
        return ("" if doc_id is None else str(doc_id)), str(item.get("title") or ""), item["text"]
    raise TypeError(f"Context document {position} must be a string or a dict, not {type(item).__name__}.")


def _title_of(text: str, n: int) -> str:
    first_line = text.split("\n", 1)[0]
    heading = _HEADING.match(first_line)
    return first_line[heading.end():].strip().rstrip("#").strip() if heading else f"Document {n}"


def _blocks(text: str) -> Iterable[tuple[int, int, bool]]:
    """(start, end, is_heading) of runs of lines that may share a sentence; markers and outer whitespace excluded.

    A block ends at a blank line, before a list item or heading (a heading is a block on its own), and
    at a line break unless the line ends with a continuing mark (, ; ( - / &) or the next line starts
    with a lower-case letter (hard-wrapped prose).
    """
    block_start = block_end = -1
    block_is_heading = False
    pos, n = 0, len(text)
    while pos < n:
        newline = text.find("\n", pos)
        line_end = n if newline < 0 else newline
        content_end = line_end
        while content_end > pos and text[content_end - 1].isspace():
            content_end -= 1
        content_start = pos
        while content_start < content_end and text[content_start].isspace():
            content_start += 1

        if content_start == content_end:                      # blank line
            if block_start >= 0:
                yield block_start, block_end, block_is_heading
                block_start = -1
        else:
            heading = _HEADING.match(text, pos, content_end)
            marker = heading or _BULLET.match(text, pos, content_end)
            first = text[content_start]
            continues = (block_start >= 0 and marker is None and not block_is_heading
                         and (first.islower() or _CONTINUES.search(text, block_start, block_end) is not None))
            if not continues:
                if block_start >= 0:
                    yield block_start, block_end, block_is_heading
                block_start = marker.end() if marker else content_start
                block_is_heading = heading is not None
            block_end = content_end
        pos = line_end + 1
    if block_start >= 0:
        yield block_start, block_end, block_is_heading


def _sentence_spans(text: str, start: int, end: int) -> Iterable[tuple[int, int]]:
    """Sentence spans inside one block ``text[start:end]``, stripped, skipping those with no letter/digit
    and lone citation markers ("[3]" on a line of its own)."""
    sentence_start = start
    for match in _END.finditer(text, start, end):
        if not _is_boundary(text, match, start, end):
            continue
        yield from _stripped(text, sentence_start, match.end())
        sentence_start = match.end()
    yield from _stripped(text, sentence_start, end)


def _stripped(text: str, start: int, end: int) -> Iterable[tuple[int, int]]:
    while start < end and text[start].isspace():
        start += 1
    while end > start and text[end - 1].isspace():
        end -= 1
    if _ALNUM.search(text, start, end) and not _ONLY_CITATIONS.fullmatch(text, start, end):
        yield start, end


def _is_boundary(text: str, match: re.Match, block_start: int, block_end: int) -> bool:
    """Whether a candidate end (see ``_END``) really ends a sentence."""
    after = match.end()
    while after < block_end and (text[after].isspace() or text[after] in "\"'“‘«([*_"):
        after += 1
    if after >= block_end:
        return True
    following = text[after]
    if following.islower():          # "e.g. aspirin", "wait... and then", '"Why?" she asked'
        return False
    punct = text[match.start()]
    if punct != "." or text.startswith("..", match.start()):
        return True

    # A single period: decide from the word before it.
    before = _WORD_BEFORE.search(text, max(block_start, match.start() - 24), match.start())
    if before is None:
        return True
    word = before.group(1).lstrip("\"'“‘([").lower()
    if word in _ABBREVIATIONS:
        return False
    if word in _BEFORE_NUMBER and following.isdigit():
        return False
    if len(word) == 1 and word.isalpha() and before.group(1)[-1].isupper():   # an initial: "J. Smith"
        # not a unit after a number ("charges at 45 W. The base model") nor a letter before a sentence's first word
        # ("Take vitamin D. The dose ..."), nor a label ("at grade B. Mathematics is required", `_LABELLED`);
        # "Franklin D. Roosevelt" stays one
        unit = re.search(r"\d\s*$", text[max(block_start, before.start() - 3):before.start()])
        label = re.search(r"(\w+)\s+$", text[max(block_start, before.start() - 16):before.start()])
        next_word = re.match(r"\w+", text[after:after + 20])
        return bool(unit) or (label is not None and label.group(1) in _LABELLED) \
            or (next_word is not None and next_word.group(0).lower() in _STARTERS)
    if "." in word and re.fullmatch(r"(?:[a-z]\.)+[a-z]", word):               # "U.S.", "a.m."
        next_word = re.match(r"\w+", text[after:after + 20])
        if word in ("a.m", "p.m") and next_word is not None:   # "starts at 9 a.m. About 40,000 runners …"
            return not (next_word.group(0).isupper() or next_word.group(0).lower() in _CALENDAR)   # "9 a.m. EST", "Monday"
        return next_word is not None and next_word.group(0).lower() in _STARTERS
    return True
