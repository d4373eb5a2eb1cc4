"""Stage `segment`: the inputs checked, response and context split into sentences with exact offsets, the
empty signed map laid out, and the lines that state no fact (titles, headings) kept out of the evidence.

Whatever cannot be assessed is said in `result.coverage` (never an exception for bad text)."""
from __future__ import annotations

from grounding import limits
from grounding.config import GroundingConfig
from grounding.headings import NO_FACT, non_evidence_columns, states_nothing
from grounding.invisible import describe, judged_text
from grounding.language import detect_language
from grounding.segment import split_response
from grounding.types import Coverage, GroundingResult, SignedMap


MAX_QUESTION_CHARS = 2000   # the question is shown, never judged: a longer one is cut


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
        lines = [s for s in result.response_sentences if states_nothing(s)]
        if lines:
            result.coverage.messages.append(
                "Response sentence(s) " + ", ".join(f"{s.index + 1} (“{s.text[:60]}”)" for s in lines) +
                f" state {NO_FACT}: not claims, not assessed.")
    return result


def assessed_rows(result: GroundingResult, config: GroundingConfig) -> list[bool]:
    """Per response sentence: whether it lies inside the checked part of an assessable response."""
    if not result.coverage.assessed:
        return [False] * len(result.response_sentences)
    return [s.end <= config.max_response_chars and s.index < config.max_response_sentences and not states_nothing(s)
            for s in result.response_sentences]


def scored_context(result: GroundingResult, config: GroundingConfig) -> int:
    """How many context sentences (map columns, in order) are scored: all that were read (segment keeps none beyond
    `max_context_chars`, `max_context_sentences` and `max_documents`)."""
    return min(len(result.context_sentences), config.max_context_sentences)


def _looks_binary(text: str) -> bool:
    if "\x00" in text:
        return True
    sample = text[:4000]
    ctrl = sum(1 for ch in sample if ord(ch) < 32 and ch not in "\n\r\t\f")
    return bool(sample) and ctrl / len(sample) > 0.05


def _prepare(response: str, context, question: str, config: GroundingConfig) -> GroundingResult:
    cov = Coverage()
    response = response if isinstance(response, str) else ""
    question = question if isinstance(question, str) else ""
    if isinstance(context, str) and _looks_binary(context) or _looks_binary(response):
        cov.assessed = False
        cov.messages.append("The input looks like binary data, not text: upload a .txt, .md, .pdf, .docx or .json file instead.")
        return GroundingResult(response=response[:config.max_response_chars] if not _looks_binary(response) else "",
                               documents=[], question=question[:MAX_QUESTION_CHARS], engine=config.engine, coverage=cov, config=config)
    response, response_sentences = _read_response(response, config, cov)
    documents = limits.read_context(context if context is not None else "", config, cov)
    result = GroundingResult(response=response, documents=documents, question=question[:MAX_QUESTION_CHARS], engine=config.engine,
                             coverage=cov, config=config)
    result.response_sentences = response_sentences
    if not response.strip():
        cov.assessed = False
        cov.messages.append("The response is empty: paste the answer to check.")
    elif not response_sentences:
        cov.assessed = False
        cov.messages.append("The response has no words to check: after removing invisible and control characters it "
                            "holds only symbols, emoji or punctuation.")
    if not documents:
        cov.assessed = False
        cov.messages.append("No context was given: paste or upload the documents the answer was based on."
                            if not cov.unread else "No context was read: see the limits above.")
    elif not result.context_sentences:
        cov.assessed = False
        cov.messages.append("The context has no sentences to check against: it holds only symbols, emoji or "
                            "invisible characters.")
    if cov.assessed:
        lang, conf = detect_language(judged_text(response))
        cov.language, cov.language_confidence = lang, round(conf, 3)
        if lang != "en" and conf >= config.min_english_confidence:
            cov.assessed = False
            cov.messages.append(f"The response appears to be in '{lang}' (confidence {conf:.2f}); the models are "
                                "English-only, so it is not assessed.")
    if cov.assessed:
        _check_context_language(result, config)
    for text, where in [(response, "response")] + [(d.text, f"document {d.id}") for d in documents]:
        note = describe(text, where)
        if note:
            cov.messages.append(note)
    return result


def _read_response(response: str, config: GroundingConfig, cov: Coverage) -> tuple[str, list]:
    """The response up to twice `max_response_chars` (the sentences beyond the checked part are listed as not
    assessed; what lies beyond twice the limit is not even split) and its sentences, at most `max_response_sentences`
    plus those listed."""
    cap = 2 * config.max_response_chars
    if len(response) > cap:
        cov.unread.append({"part": "response", "chars": len(response), "read": cap,
                           "reason": f"beyond twice max_response_chars ({cap:,} characters)"})
        response = response[:cap]
    sentences = split_response(response)
    if len(sentences) > 2 * config.max_response_sentences:
        sentences = sentences[:2 * config.max_response_sentences]
        cov.unread.append({"part": "response", "chars": len(response), "read": sentences[-1].end,
                           "reason": f"beyond twice max_response_sentences ({2 * config.max_response_sentences})"})
        response = response[:sentences[-1].end]
    beyond = [s for s in sentences if s.end > config.max_response_chars or s.index >= config.max_response_sentences]
    if beyond or cov.unread:
        cov.messages.append(f"The response is longer than the checked part (the first {config.max_response_chars:,} "
                            f"characters, at most {config.max_response_sentences} sentences): "
                            f"{len(beyond)} sentence(s) after it are listed as not assessed"
                            + (f" and {cov.unread[0]['chars'] - cov.unread[0]['read']:,} characters after those were "
                               "not read" if cov.unread else "") + ".")
    return response, sentences


def _check_context_language(result: GroundingResult, config: GroundingConfig) -> None:
    """Documents in another language than English are not used as evidence (the models are English-only); a context
    with no English document is not assessed."""
    foreign = []
    for d in result.documents:
        lang, conf = detect_language(judged_text(d.text[:3000]))
        if lang != "en" and conf >= config.min_english_confidence and d.sentences:
            foreign.append((d, lang, conf))
    if not foreign:
        return
    cov = result.coverage
    cov.not_evidence = sorted(set(cov.not_evidence) | {s.column for d, _, _ in foreign for s in d.sentences})
    names = ", ".join(f"{d.id} ('{lang}', confidence {conf:.2f})" for d, lang, conf in foreign[:6])
    if len(foreign) == len([d for d in result.documents if d.sentences]):
        cov.assessed = False
        cov.messages.append(f"The context appears not to be in English ({names}); the models are English-only, so "
                            "the response is not assessed against it.")
    else:
        cov.messages.append(f"{len(foreign)} context document(s) appear not to be in English ({names}{' …' if len(foreign) > 6 else ''}); "
                            "the models are English-only, so they are not used as evidence.")


def _exclude_headings(result: GroundingResult) -> None:
    """Titles and headings that state no fact are never evidence (grounding.headings); say so in the coverage."""
    headings = non_evidence_columns(result.context_sentences)
    result.coverage.not_evidence = sorted(set(result.coverage.not_evidence) | set(headings))
    if headings:
        names = [result.sentence_map.columns[j] for j in headings]
        result.coverage.messages.append(
            f"{len(names)} title or heading line(s) ({', '.join(names[:8])}{' …' if len(names) > 8 else ''}) "
            "name a topic and state no fact: they are not used as evidence.")
