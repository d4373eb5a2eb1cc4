"""Which language a text is in, so that English-only models are not trusted on other languages."""
from __future__ import annotations

import functools

UNDETERMINED = "und"


@functools.lru_cache(maxsize=1)
def _identifier():
    # norm_probs=True: the confidence is a probability over all languages, not a raw log score.
    from py3langid.langid import MODEL_FILE, LanguageIdentifier
    return LanguageIdentifier.from_model_file(MODEL_FILE, norm_probs=True)


def detect_language(text: str) -> tuple[str, float]:
    """(ISO 639-1 code, probability in [0, 1]) of the most likely language of `text`.

    Text without a single letter gives ("und", 0.0). Short texts get lower probabilities; a full
    English sentence scores well above 0.9.
    """
    if not any(ch.isalpha() for ch in text):
        return UNDETERMINED, 0.0
    language, probability = _identifier().classify(text)
    return str(language), float(probability)
