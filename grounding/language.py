"""Which language a text is in, so that English-only models are not trusted on other languages."""
from __future__ import annotations

import functools

UNDETERMINED = "und"


@functools.lru_cache(maxsize=1)
def _identifier():
    # norm_probs=True: the confidence is a probability over all languages, not a raw log score.
    from py3langid.langid import MODEL_FILE, LanguageIdentifier
    return LanguageIdentifier.from_model_file(MODEL_FILE, norm_probs=True)


# creoles with English words, which the classifier names for short English sentences: read as English (their
# speakers' text is mostly English words too, which the models read)
_ENGLISH_LEXIFIED = frozenset({"pcm"})
CACHED_CHARS = 3000   # texts up to this long keep their answer (a document is checked on its first 3,000 characters)


def detect_language(text: str) -> tuple[str, float]:
    """(ISO 639-1 code, probability in [0, 1]) of the most likely language of `text`.

    Text without a single letter gives ("und", 0.0). Short texts get lower probabilities; a full
    English sentence scores well above 0.9. Nigerian Pidgin, English-lexified, counts as English (its probability
    added to English's). Text whose letters are mostly not Latin gets probability 1.0 for its
    language ("und" where the classifier said English).
    """
    return _detect_cached(text) if len(text) <= CACHED_CHARS else _detect(text)


@functools.lru_cache(maxsize=1024)   # the same documents come back request after request (a shared corpus)
def _detect_cached(text: str) -> tuple[str, float]:
    return _detect(text)


def _detect(text: str) -> tuple[str, float]:
    letters = [ch for ch in text if ch.isalpha()]
    if not letters:
        return UNDETERMINED, 0.0
    language, probability = _identifier().classify(text)
    if language in _ENGLISH_LEXIFIED:   # "Registration closes on 30 September." was Nigerian Pidgin (0.82)
        ranked = dict(_identifier().rank(text))
        language, probability = "en", sum(ranked.get(code, 0.0) for code in {"en"} | _ENGLISH_LEXIFIED)
    # A short text is classified with low confidence, but one whose letters are mostly not Latin (Chinese, Arabic,
    # Cyrillic, ...) is not English however short it is.
    latin = sum(1 for ch in letters if ord(ch) < 0x250 or 0x1E00 <= ord(ch) <= 0x1EFF)
    if latin < len(letters) / 2:
        return (str(language) if language != "en" else UNDETERMINED), 1.0
    return str(language), float(probability)
