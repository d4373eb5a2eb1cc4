"""Words of opposite sense that the other of two states (negate.other_state) reads beside its fixed pairs: the other
grade of a noun ("severe asthma" / "mild asthma"), a disruption against running as normal ("Trains were cancelled" /
"… but trains ran normally"), and a word against its "un-" or "non-" form ("heated" / "unheated").
"""
from __future__ import annotations

import re

from grounding.negate import _ANTONYMS, _NEGATION


_DISRUPTED = re.compile(r"\b(?:cancelled|canceled|delayed|disrupted|suspended|postponed|closed|stopped|halted)\b", re.I)
_NORMAL = r"(?:ran|run|runs|running|operated|operating|operate|opened|open|opens|went\s+ahead|worked|working|continued)"
_AS_NORMAL = re.compile(rf"\b{_NORMAL}\s+(?:normally|as\s+(?:normal|usual)|as\s+planned|on\s+time)\b", re.IGNORECASE)


def as_normal(claim: str, sentence: str) -> list[tuple[str, str]]:
    """(the claim's disruption, the sentence's "ran normally") where the claim, not negated, says its subject was
    cancelled, delayed, closed, … and the sentence says that subject ran, opened or went ahead as normal: "Trains were
    cancelled" against "Two ferry crossings were cancelled, but trains ran normally" (Supported on every engine, the
    model reading the ferries' "cancelled" for the trains')."""
    from grounding.binding import claim_subject
    hit, subject = _DISRUPTED.search(claim), claim_subject(claim)
    if hit is None or subject is None or _NEGATION.search(claim):
        return []
    words = {w.lower() for w in re.findall(r"[A-Za-z]+", sentence)}
    if _ANTONYMS.get(hit.group(0).lower(), frozenset()) & words:
        return []       # "closed" / "opened as normal": the other of two states says it already
    head = subject[0][:max(3, len(subject[0]) - 2)]
    for m in _AS_NORMAL.finditer(sentence):
        before = sentence[max(0, m.start() - 40):m.start()]
        if re.search(rf"\b{re.escape(head)}\w*\s+(?:\w+\s+){{0,2}}$", before, re.IGNORECASE) \
                and not _NEGATION.search(before[-15:]):
            return [(hit.group(0), m.group(0))]
    return []


# grades of one thing that exclude each other, said right before its noun ("severe asthma" / "mild asthma")
_GRADES = (("mild", "severe"), ("acute", "chronic"), ("benign", "malignant"), ("temporary", "permanent"),
           ("part-time", "full-time"))
_OTHER_GRADE = {a: b for a, b in _GRADES} | {b: a for a, b in _GRADES}
_GRADE = re.compile(r"\b(" + "|".join(_OTHER_GRADE) + r")\s+([a-z]{4,})\b", re.IGNORECASE)


def other_grade(claim: str, sentence: str) -> list[tuple[str, str]]:
    """(the claim's graded noun, the sentence's) where the sentence, not negated, gives the claim's noun only the
    other grade: "Participants had severe asthma" against "… 412 adults with mild asthma were …" (Supported on every
    engine, P(e) 0.9). A range of grades ("mild to severe asthma") writes the claim's own."""
    if _NEGATION.search(sentence) or _NEGATION.search(claim):
        return []
    out = []
    for m in _GRADE.finditer(claim):
        grade, noun = m.group(1).lower(), m.group(2).lower()
        own = re.compile(rf"\b{grade}\b", re.IGNORECASE)
        other = re.search(rf"\b{_OTHER_GRADE[grade]}\s+{re.escape(noun[:-1])}\w*", sentence, re.IGNORECASE)
        if other and not own.search(sentence):
            out.append((m.group(0), other.group(0)))
    return out


def un_prefixed(claim: str, sentence: str) -> list[tuple[str, str]]:
    """(the claim's word, the sentence's) where one says a word and the other only its "un-" or "non-" form, negated
    alike, the sentence holding most of the claim's other words: "The pool is heated" against "The pool is unheated,
    so the water is usually between 18 and 22 degrees" (Supported on every engine). Not where the claim's word is one
    of the fixed pairs' (negate._ANTONYMS) or says what can be done ("refundable": negate._able_or_not)."""
    from grounding.overclaim import holds_most
    if bool(_NEGATION.search(claim)) != bool(_NEGATION.search(sentence)):
        return []
    theirs = {w.lower() for w in re.findall(r"[A-Za-z][A-Za-z-]+", sentence)}
    for m in re.finditer(r"[A-Za-z][A-Za-z-]+", claim):
        word = m.group(0).lower()
        bare = re.sub(r"^(?:un|non-)", "", word)
        others = {f"un{word}", f"non-{word}"} if bare == word else {bare}
        if len(bare) < 5 or word in theirs or not others & theirs or word in _ANTONYMS or bare.endswith("able"):
            continue
        if holds_most(claim[:m.start()] + " " + claim[m.end():], sentence):
            return [(m.group(0), sorted(others & theirs)[0])]
    return []
