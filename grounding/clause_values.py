"""A value one clause of a sentence gives, said of what the other clause speaks of: "Don't wear make-up for 24 hours
after your facial" against "After a facial, avoid make-up for 6 hours and stay out of direct sun for 24 hours"
(Supported on every engine, P(e) 0.91: the model reads that "make-up" and "24 hours" are both there, not which goes
with which); "The school opens at 3pm" against "The school opens at 8am and closes at 3pm".

The sentence splits in two clauses (at ", and", "and", "; ", ", but", ", while", ", whereas"), each with a verb of its
own, or the other's verb's word ("Black-and-white printing costs 15p per page and colour printing costs 60p", where
the parse reads the second "costs" as a noun; not "… open until 5pm on weekdays and until 8pm on Fridays", whose
second part leaves its verb to the first: grounding.crossed_values reads what follows such values), and each gives
one value of one kind (times, numbers of one unit, prices, shares; grounding.entities), the two values differing. A
clause's telling words are the six before its value (by their first five letters, measured.lead_words) that the other
clause lacks; each clause has some (not "a fee of £40 applies if …, and £150 if …", whose second leaves its thing to
the first). The claim gives one value of that kind and unit: one clause's; the claim shares one of the other clause's
telling words and none of its own clause's. Then the claim says of the other clause's thing the value of this one:
the pair is (the claim's value, the other clause's), each with the claim's words the other clause tells by ("24 hours
(make-up facial)", "6 hours (make-up facial)"; "15p (colour)", "60p (colour)").
"""
from __future__ import annotations

import re

from grounding.entities import mentions
from grounding.invisible import judged_text

_KINDS = frozenset({"time", "number", "money", "percent"})
_SPLIT = re.compile(r",?\s+and\s+|;\s+|,\s+(?:but|while|whereas)\s+", re.IGNORECASE)


def _value(text: str, lo: int, hi: int):
    """The one value of `_KINDS` in text[lo:hi] with its unit, else None."""
    from grounding.units import _unit_after
    found = [m for m in mentions(text) if lo <= m.start < hi and m.kind in _KINDS]
    if len(found) != 1:
        return None
    m = found[0]
    return m, _unit_after(text, m.end, hyphen=True) if m.kind == "number" else ""


def clause_values(claim: str, sentence: str) -> list[tuple[str, str]]:
    """[(the claim's value and thing, the other clause's value for that thing)] (see the module's text)."""
    from grounding.decompose import parse
    from grounding.measured import lead_words, stems5 as _words
    claim, sentence = judged_text(claim), judged_text(sentence)
    body = sentence.rstrip(" .")
    cuts = list(_SPLIT.finditer(body))
    if len(cuts) != 1 or len(claim.split()) > 25:
        return []
    spans = [(0, cuts[0].start()), (cuts[0].end(), len(body))]
    values = [_value(sentence, lo, hi) for lo, hi in spans]
    if None in values or len({(m.kind, unit) for m, unit in values}) != 1 or values[0][0].key == values[1][0].key:
        return []
    doc = parse(sentence)      # a verb, or the other clause's verb's word ("… colour printing costs 60p": a noun)
    said = {t.lower_ for t in doc if t.pos_ in ("VERB", "AUX")}
    verbs = [t.idx for t in doc if t.pos_ in ("VERB", "AUX") or t.lower_ in said]
    if not all(any(lo <= i < hi for i in verbs) for lo, hi in spans):
        return []            # a part that leaves its verb to the other: crossed_values' reading
    kind, unit = values[0][0].kind, values[0][1]
    mine = _value(claim, 0, len(claim))
    if mine is None or (mine[0].kind, mine[1]) != (kind, unit):
        return []
    c = mine[0]
    leads = [lead_words(sentence[lo:m.start], m.start - lo) for (lo, _), (m, _) in zip(spans, values)]
    telling = [leads[0] - _words(sentence[spans[1][0]:spans[1][1]]), leads[1] - _words(sentence[spans[0][0]:spans[0][1]])]
    for own, other in ((0, 1), (1, 0)):
        if values[own][0].key != c.key or not telling[own]:
            continue        # not a clause that leaves its thing to the other ("a fee of £40 …, and £150 if …")
        shared = _words(claim) & telling[other]
        if shared and not _words(claim) & telling[own]:
            label = " ".join(dict.fromkeys(w for w in re.findall(r"[A-Za-z][\w-]*", claim)
                                           if w.lower()[:5] in shared or w.lower().split("-")[0][:5] in shared))
            theirs = values[other][0]
            return [(f"{_with_unit(claim, c, unit)} ({label})", f"{_with_unit(sentence, theirs, unit)} ({label})")]
    return []


def _with_unit(text: str, m, unit: str) -> str:
    """A value as written with its unit: "24 hours", "15p"."""
    gap = " " if text[m.end:m.end + 1] == " " else ""
    return f"{m.surface}{gap}{unit}" if unit else m.surface
