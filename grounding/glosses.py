"""A word the entailment model misreads, glossed where the models read a context sentence (`Run.context_texts`).

"Patients must not eat for eight hours before the scan" against "Patients should fast for eight hours before the
scan" reads as a contradiction (P(c) 0.96): the model takes "fast" for speed. With the word's sense written beside
it ("should fast (not eat) for eight hours"), as a leaflet would, the pair is entailed (P(e) 0.94), and "Patients can
eat normally before the scan" stays a contradiction (P(c) 0.91). A gloss is written only where the response speaks of
what the gloss says (here, eating or food), and never where the sentence glosses the word already.
"""
from __future__ import annotations

import re

# (the word in the sense the model misses, its gloss, words of the response that ask for it)
_GLOSSES = (
    (re.compile(r"\b(fast(?:ing|ed|s)?)\b(?=\s+(?:for|before|from|overnight|until|after)\b)", re.IGNORECASE),
     "not eat", re.compile(r"\b(?:eat|eats|eating|ate|eaten|food|meal|meals)\b", re.IGNORECASE)),
)


def glossed(response: str, texts: list[str]) -> list[str]:
    """`texts` with each word of `_GLOSSES` the response asks for followed by its gloss in brackets."""
    wanted = [(word, gloss) for word, gloss, asks in _GLOSSES if asks.search(response)]
    if not wanted:
        return texts
    out = []
    for text in texts:
        for word, gloss in wanted:
            text = word.sub(lambda m: m.group(0) if text[m.end():].startswith(f" ({gloss})") else
                            f"{m.group(0)} ({gloss})", text)
        out.append(text)
    return out
