"""Another grade on one scale: "Inspectors rated the school outstanding in March" against "The school was rated good
by inspectors in March" (P(e) 0.82 alone: Supported on every engine). A grade is a word of a closed scale after a
verb of rating ("rated", "graded", "judged", "assessed", "classed", "awarded", "won", "earned", "received", "given",
optionally "as", "a" or "an" between): inspection grades (outstanding, good, requires improvement, inadequate),
ratings (excellent, very good, good, fair, satisfactory, poor, unsatisfactory) and medals (gold, silver, bronze).
Two grades conflict where the sentence grades on the claim's scale, never writes the claim's grade, and names what
the claim grades (the rating verb's object, "rated the school", or else the claim's first word before the verb that
is no function word, by its first five letters):
`grade_conflicts`, which the quantity rule asks where it asks for one figure (learned.quantity_conflicts with
same_figure).
"""
from __future__ import annotations

import re

from grounding.invisible import judged_text
from grounding.reversal import _NEGATION as _NEGATED

_SCALES = {
    "inspection": ("outstanding", "good", "requires improvement", "inadequate"),
    "rating": ("excellent", "very good", "good", "fair", "satisfactory", "poor", "unsatisfactory"),
    "medal": ("gold", "silver", "bronze"),
}
_GRADE_WORDS = sorted({g for grades in _SCALES.values() for g in grades}, key=len, reverse=True)
_GRADED = re.compile(
    r"\b(?:rated|rates|rate|graded|judged|assessed|classed|classified|awarded|won|wins|earned|earns|received|"
    r"receives|given|gets|got|achieved|achieves)\s+(?:(?:it|them|the\s+(?P<object>\w+))\s+)?(?:as\s+)?"
    r"(?:an?\s+|the\s+)?"
    r"(?:overall\s+)?(?P<grade>" + "|".join(re.escape(g) for g in _GRADE_WORDS) + r")\b(?!\s+(?:at|for|in)\s+\w+ing\b)",
    re.IGNORECASE)
_FUNCTION = frozenset("the a an its their this that these those was were is are has have had been be by in on at "
                      "for of and or it they inspectors inspector".split())


def grades(text: str) -> list[tuple[str, str, str]]:
    """(grade, scale, what is graded: the verb's object, or the first word before the verb that is no function
    word) for each grade in `text` (one word may sit on two scales: "good")."""
    out = []
    for m in _GRADED.finditer(text):
        if _NEGATED.search(text[max(0, m.start() - 30):m.start()]):
            continue
        grade = " ".join(m.group("grade").lower().split())
        graded = m.group("object") or next((w for w in re.findall(r"[A-Za-z]{3,}", text[:m.start()])
                                            if w.lower() not in _FUNCTION), "")
        out += [(grade, scale, graded.lower()) for scale, scale_grades in _SCALES.items() if grade in scale_grades]
    return out


def grade_conflicts(claim: str, sentence: str) -> list[tuple[str, str]]:
    """(the claim's grade, the sentence's) where the sentence grades the claim's subject otherwise on its scale."""
    claim, sentence = judged_text(claim), judged_text(sentence)
    theirs = grades(sentence)
    out = []
    for grade, scale, subject in grades(claim) if theirs else ():
        same_scale = [g for g, s, _ in theirs if s == scale]
        said = re.search(rf"\b{re.escape(grade)}\b", sentence, re.IGNORECASE)    # "… and silver in the 1500 metres"
        if same_scale and not said and subject and subject[:5] in sentence.lower():
            out.append((grade, same_scale[0]))
            break
    return out
