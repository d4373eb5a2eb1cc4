"""A comparison turned round without its words changing direction: "Tickets are cheaper at the station than online"
against "Tickets bought online are 10% cheaper than at the station" (P(e) 0.95, Supported on every engine): both say
"cheaper", but what is compared and what it is compared with have changed places. And a comparison the sentence
makes the other way with no "than": "Bottled water is cheaper than tap water" against "Bottled water is widely
available but more expensive" (Supported on every engine).

`swapped_comparisons`: a comparison of the claim (reversal.comparisons) and one of the sentence on one scale in one
direction, the claim's standard among the words before the sentence's "than" and the sentence's standard among the
words before the claim's, the two standards apart. `bare_opposite`: the sentence has no "than", and says the
claim's scale the other way (a comparative, or "more" / "less" and the word it grades), holding every word of the
claim's subject and of the words up to its "than" and none of its standard's own, not negated. The reversal rule (reversal.reversals) gives the pairs.
"""
from __future__ import annotations

import re

from grounding.invisible import judged_text


def swapped_comparisons(claim: str, sentence: str) -> list[tuple[str, str]]:
    """[(the claim's comparison, the sentence's)] where the two compare the same things the other way round."""
    from grounding.reversal import comparisons
    out = []
    theirs = comparisons(sentence)
    for c in comparisons(claim):
        for x in theirs:
            if (x.scale, x.sign) != (c.scale, c.sign) or set(c.standard) & set(x.standard):
                continue
            if set(c.standard) <= set(x.subject) | set(x.between) and set(x.standard) <= set(c.subject) | set(c.between):
                out.append((c.surface, x.surface))
                break
    return out


_WORD = re.compile(r"[A-Za-z][A-Za-z'-]*")


def bare_opposite(claim: str, sentence: str) -> list[tuple[str, str]]:
    """[(the claim's comparison, the sentence's comparative)] where the sentence, with no "than", says the claim's
    scale the other way of the claim's subject."""
    from grounding.reversal import _IRREGULAR, _LESS, _MORE, _NEGATION, BASE, _comparative, _singular, comparisons
    sentence = judged_text(sentence)
    if re.search(r"\bthan\b", sentence, re.IGNORECASE):
        return []
    words = list(_WORD.finditer(sentence))
    held = {_singular(w.group(0)) for w in words}
    out = []
    for c in comparisons(claim):
        # the claim's subject and the words up to its "than", none of its standard's ("Mortality was lower in group
        # B" agrees with "higher in group A than in group B")
        if not c.subject or not set(c.subject) | set(c.between) <= held or (set(c.standard) - set(c.subject)) & held:
            continue
        for i, w in enumerate(words):
            lower = w.group(0).lower()
            if lower in _MORE | _LESS and i + 1 < len(words) and words[i + 1].group(0).lower() in BASE:
                scale, sign = BASE[words[i + 1].group(0).lower()]
                found, end = (scale, sign * (1 if lower in _MORE else -1)), words[i + 1].end()
            elif lower in _IRREGULAR or lower.endswith("er"):
                found, end = _comparative(lower), w.end()
            else:
                continue
            if found == (c.scale, -c.sign) and not _NEGATION.search(sentence[max(0, w.start() - 30):w.start()]):
                out.append((c.surface, sentence[w.start():end]))
                break
    return out
