"""Above against below a named standard: "Writing results were above the national average" against "Writing results
were slightly below the national average", which the entailment model read together with the reading-and-maths
sentence as entailed (P(e) 0.93) on the context engines. A position is "above", "over", "higher than", "more than"
(+1) or "below", "under", "beneath", "lower than", "less than" (-1) before a standard that is no number (numbers are
bounds: values.opposite_bounds): its words up to a preposition, conjunction or punctuation ("the national
average", "target", "pre-pandemic levels"), known by the first five letters of its last word and holding the
claim's other words. The sentence turns the claim where it puts the same standard on the other side, never on the
claim's side, neither negated, and holds the first of the claim's words outside the position and half of them
("Writing results were"), so that a sentence on writing is no answer to a claim on reading. A standard with a
number after "of" ("under the age of 16") is a bound on that number, not read here. The reversal rule
(reversal.reversals, overrides.reversal_override) turns such a claim Contradicted.
"""
from __future__ import annotations

import re

from grounding.invisible import judged_text
from grounding.reversal import _NEGATION as _NEGATED

_POSITION = re.compile(
    r"\b(?P<rel>above|over|higher\s+than|more\s+than|greater\s+than|below|under|beneath|lower\s+than|less\s+than)\s+"
    r"(?:the\s+|a\s+|an\s+|its\s+|their\s+|our\s+|this\s+|last\s+)?(?P<std>(?:[a-z][a-z-]*\s+){0,2}[a-z][a-z-]*)",
    re.IGNORECASE)
_UP = ("above", "over", "higher", "more", "greater")
# the words a standard stops before: it is a noun phrase, not what follows it
_STOP = frozenset("in on at for of and or but to by with from since during this that which who as than while when "
                  "because after before so it is was were are be been".split())
_OF_NUMBER = re.compile(r"\s+of\s+\d")


def _positions(text: str) -> list[tuple[int, tuple[str, ...], str, int, int]]:
    """(+1 / -1, the standard's words, as written, start, end) of each position before a standard in `text`."""
    out = []
    for m in _POSITION.finditer(text):
        words = []
        for w in m.group("std").split():
            if w.lower() in _STOP:
                break
            words.append(w.lower())
        end = m.start("std") + len(" ".join(m.group("std").split()[:len(words)]))
        if not words or _NEGATED.search(text[max(0, m.start() - 30):m.start()]) or _OF_NUMBER.match(text, end):
            continue     # "under the age of 16" is a bound on a number
        side = 1 if m.group("rel").split()[0].lower() in _UP else -1
        out.append((side, tuple(words), text[m.start():end], m.start(), end))
    return out


def opposite_positions(claim: str, sentence: str) -> list[tuple[str, str]]:
    """(the claim's position, the sentence's) where the sentence puts the claim's standard on the other side (see
    the module's text)."""
    from grounding.overclaim import holds_most
    claim, sentence = judged_text(claim), judged_text(sentence)
    theirs = _positions(sentence)
    out = []
    for side, words, said, start, end in _positions(claim) if theirs else ():
        same = [(s, x) for s, w, x, _, _ in theirs
                if w[-1][:5] == words[-1][:5] and {u[:5] for u in words} <= {u[:5] for u in w}]
        rest = claim[:start] + claim[end:]
        first = next((w for w in re.findall(r"[A-Za-z]{3,}", rest) if w.lower() not in _STOP | {"the"}), "")
        if same and all(s == -side for s, _ in same) and first[:5].lower() in sentence.lower() \
                and holds_most(rest, sentence, 0.5, 1):
            out.append((said, same[0][1]))
    return out
