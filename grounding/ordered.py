"""Two things a claim compares, ordered by the figures a sentence gives each: "The front camera has fewer megapixels
than the main camera" against "The main camera is 50 megapixels, and the front camera is 12 megapixels" (Contradicted
on every engine, P(c) high: the model reads "fewer" against two numbers), "Renewing by post is more expensive than
renewing online" against "Online renewal costs £88.50 and the postal form costs £100" (Partially supported).

The claim: one comparative ("more", "fewer", "less", "higher", "lower", "cheaper", "more expensive", …) and "than";
its first thing (A) is named by the words before "than" that the words after it do not have, its second (B) by the
words after "than" that the words before it do not have (compared by their first four letters; light words left
out). The sentence: its parts split at commas, semicolons and "and", each with one figure (a number, share or
amount, of one kind in all) and the words of A or of B, not both, and what the claim measures where it names it
("fewer megapixels": each part says "megapixels"); all of A's words in the sentence. With one figure for A
and one for B, the claim's
comparative agrees with them or not (`ordered`): the conflict rule (reversal.reversals) reads the second, the
backing rule (conditions.backing) the first.
"""
from __future__ import annotations

import re
from typing import Optional

from grounding.differences import _number

_MORE = {"more", "higher", "greater", "bigger", "larger", "longer", "dearer", "older", "heavier", "faster"}
_LESS = {"less", "fewer", "lower", "smaller", "shorter", "cheaper", "younger", "lighter", "slower"}
_COMPARATIVE = re.compile(rf"\b(?P<word>{'|'.join(sorted(_MORE | _LESS))})\b(?P<mid>[^.;:]*?)\bthan\b(?P<b>[^.;:]+)",
                          re.IGNORECASE)
# (a comma inside a number, "1,930", splits nothing)
_PARTS = re.compile(r"\s*(?:(?:;|,(?!\d{3}))\s*(?:and|while|but|whereas)?|\band\b|\bwhile\b|\bwhereas\b"
                    r"|\bcompared\s+with\b)\s*", re.IGNORECASE)
_LIGHT = frozenset("the a an of in on at for to by with and or is are was were be been has have had than this that "
                   "those these its their it they per each every slightly much far about around than more less "
                   "expensive common likely".split())


def _words(text: str) -> set[str]:
    return {w.lower()[:4] for w in re.findall(r"[A-Za-z][A-Za-z-]+", text) if w.lower() not in _LIGHT}


def ordered(claim: str, sentence: str) -> Optional[tuple[bool, str, str]]:
    """(whether the sentence's figures agree with the claim's order, the claim's comparison, the two figures as
    "A's, B's") where the claim compares two things the sentence gives a figure each (see the module docstring);
    else None."""
    from grounding.entities import mentions
    from grounding.lists import NEGATION_WORD
    found = _COMPARATIVE.search(claim)
    if found is None or NEGATION_WORD.search(claim) or len(_COMPARATIVE.findall(claim)) != 1 \
            or re.match(r"\s*[$£€]?\d", found.group("b")):      # a bound, no second thing: "more than 1,900 customers"
        return None
    # what is measured comes straight after the comparative ("fewer megapixels"), a group after a preposition ("more
    # common among Respiral users")
    measure, _, group = (re.split(r"\b(among|amongst|in|for|with|on|at)\b", found.group("mid"), maxsplit=1)
                         + ["", ""])[:3]
    before, after = _words(claim[:found.start()] + " " + group), _words(found.group("b"))
    a, b = before - after - _words(measure), after - before - _words(measure)
    measured = _words(measure)
    if not a or not b or not a <= _words(sentence):     # "Mortality was lower …" against counts of infections
        return None
    figures = {}
    start = 0
    for part in _PARTS.split(sentence.rstrip(" .")) + [""]:
        at = sentence.find(part, start) if part else -1
        if at < 0:
            continue
        start = at + len(part)
        values = [m for m in mentions(part) if m.kind in ("number", "percent", "money")]
        words = _words(part)
        side = "a" if words & a and not words & b else "b" if words & b and not words & a else None
        if side is None or len(values) != 1 or not measured <= words:   # "600 in the vaccine group" is no count of
            continue                                                       # "more infections"
        if side in figures:
            return None         # a thing with two figures: which answers is unknown
        figures[side] = values[0]
    if set(figures) != {"a", "b"} or figures["a"].kind != figures["b"].kind:
        return None
    x, y = _number(figures["a"].key), _number(figures["b"].key)
    if x is None or y is None or x == y:
        return None
    more = found.group("word").lower() in _MORE
    said = claim[found.start():found.end()].strip()
    return (x > y) == more, said, f"{figures['a'].surface} against {figures['b'].surface}"
