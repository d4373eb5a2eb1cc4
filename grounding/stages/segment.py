"""Stage `segment`: the inputs checked, response and context split into sentences with exact offsets, the
empty signed map laid out, and the lines that state no fact (titles, headings) kept out of the evidence.

Whatever cannot be assessed is said in `result.coverage` (never an exception for bad text)."""
from __future__ import annotations

from grounding.config import GroundingConfig
from grounding.headings import non_evidence_columns
from grounding.language import detect_language
from grounding.segment import parse_context, split_response
from grounding.types import Coverage, GroundingResult, SignedMap


def segment(response: str, context, question: str, config: GroundingConfig) -> GroundingResult:
    """The result every later stage enriches: documents, response sentences, coverage, an all-zero map."""
    result = _prepare(response, context, question, config)
    n, m = len(result.response_sentences), len(result.context_sentences)
    result.sentence_map = SignedMap(rows=[f"r{i + 1}" for i in range(n)],
                                    columns=[f"{result.document_of(s.column).id}#{s.index + 1}"
                                             for s in result.context_sentences],
                                    values=[[0.0] * m for _ in range(n)], labels=[[0] * m for _ in range(n)],
                                    engine=config.engine)
    if result.coverage.assessed:
        _exclude_headings(result)
    return result


def assessed_rows(result: GroundingResult, config: GroundingConfig) -> list[bool]:
    """Per response sentence: whether it lies inside the checked part of an assessable response."""
    if not result.coverage.assessed:
        return [False] * len(result.response_sentences)
    return [s.end <= config.max_response_chars for s in result.response_sentences]


def scored_context(result: GroundingResult, config: GroundingConfig) -> int:
    """How many context sentences (map columns, in order) are scored: at most `max_context_sentences`, and only
    those ending within the first `max_context_chars` characters of the documents' texts taken in order."""
    limit = min(len(result.context_sentences), config.max_context_sentences)
    offset = 0
    for d in result.documents:
        for s in d.sentences:
            if s.column < limit and offset + s.end > config.max_context_chars:
                return s.column
        offset += len(d.text)
    return limit


def _looks_binary(text: str) -> bool:
    if "\x00" in text:
        return True
    sample = text[:4000]
    ctrl = sum(1 for ch in sample if ord(ch) < 32 and ch not in "\n\r\t\f")
    return bool(sample) and ctrl / len(sample) > 0.05


def _prepare(response: str, context, question: str, config: GroundingConfig) -> GroundingResult:
    cov = Coverage()
    response = response if isinstance(response, str) else ""
    if isinstance(context, str) and _looks_binary(context) or _looks_binary(response):
        cov.assessed = False
        cov.messages.append("The input looks like binary data, not text: upload a .txt, .md, .pdf, .docx or .json file instead.")
        return GroundingResult(response=response if not _looks_binary(response) else "", documents=[], question=question,
                               engine=config.engine, coverage=cov, config=config)
    if len(response) > config.max_response_chars:
        cov.messages.append(f"The response has {len(response):,} characters; only the first {config.max_response_chars:,} "
                            "are checked, the sentences after that are listed as not assessed.")
    documents = parse_context(context if context is not None else "")
    result = GroundingResult(response=response, documents=documents, question=question, engine=config.engine,
                             coverage=cov, config=config)
    result.response_sentences = split_response(response)
    if not response.strip():
        cov.assessed = False
        cov.messages.append("The response is empty: paste the answer to check.")
    if not documents:
        cov.assessed = False
        cov.messages.append("No context was given: paste or upload the documents the answer was based on.")
    if cov.assessed:
        lang, conf = detect_language(response)
        cov.language, cov.language_confidence = lang, round(conf, 3)
        if lang != "en" and conf >= config.min_english_confidence:
            cov.assessed = False
            cov.messages.append(f"The response appears to be in '{lang}' (confidence {conf:.2f}); the models are "
                                "English-only, so it is not assessed.")
    columns = result.context_sentences
    limit = scored_context(result, config)
    if limit < len(columns):
        cov.unscored += [f"{result.document_of(s.column).id}#{s.index + 1}" for s in columns[limit:]]
        if limit == config.max_context_sentences:
            cov.messages.append(f"The context has {len(columns):,} sentences; only the first {config.max_context_sentences:,} "
                                f"are scored, {len(columns) - config.max_context_sentences:,} are not.")
        else:
            chars = sum(len(d.text) for d in result.documents)
            cov.messages.append(f"The context has {chars:,} characters; only the sentences within the first "
                                f"{config.max_context_chars:,} are scored, {len(columns) - limit:,} are not.")
    return result


def _exclude_headings(result: GroundingResult) -> None:
    """Titles and headings that state no fact are never evidence (grounding.headings); say so in the coverage."""
    result.coverage.not_evidence = non_evidence_columns(result.context_sentences)
    if result.coverage.not_evidence:
        names = [result.sentence_map.columns[j] for j in result.coverage.not_evidence]
        result.coverage.messages.append(
            f"{len(names)} title or heading line(s) ({', '.join(names[:8])}{' …' if len(names) > 8 else ''}) "
            "name a topic and state no fact: they are not used as evidence.")
