"""A predicate said once and denied by ellipsis: "Flood damage is covered, but damage caused by gradual leaks is not"
says that leak damage is not covered, though "covered" stands only in the first clause. The entailment model read
"Damage from gradual leaks is covered" as entailed by it (P(e) 0.63, Supported on every engine).

The sentence: a clause "A is P" (is, are, was, were, will be, can be; P its next word or two, up to a comma), then
"but B is not" (or "isn't", "are not", "aren't", …) ending its clause; or the other way round, "A is not P, but B is".
The claim says P of B the other way: "B is P" against "… but B is not", "B is not P" against "… but B is". B's
content words (by their first five letters) hold the claim's other words; the claim's P is the sentence's. Also the
second of two deeds denied: "Sale items can be refunded" against "Sale items can only be exchanged, not refunded"
(Supported on the context engine), the claim's other words before it. And a phrase's second object denied: "The
balcony has step-free access" against "The theatre has step-free access to the stalls but not to the balcony"
(`_not_to_the_other`); and a predicate denied after "but" with the subject left out (`_denied_after_but`:
"Volunteers are paid for their time" against "Volunteers can claim travel expenses but are not paid for their
time"). The reversal rule (reversal.reversals) gives the pair; and, where it finds no other, a subject that "but" sets
against the first clause's (`contrasted`: "Foot passengers must book" against "Cars must be booked in advance, but foot
passengers can buy tickets at the port").
"""
from __future__ import annotations

import re

from grounding.invisible import judged_text
from grounding.negate import _NEGATION
from grounding.overclaim import _stems

_BE = r"(?:is|are|was|were|will\s+be|can\s+be)"
_NOT = r"(?:\s+not|n't)"
# "A is P, but B is not." / "A is not P, but B is."
_ELIDED = re.compile(rf"\b{_BE}(?P<neg1>{_NOT})?\s+(?P<pred>[a-z]+(?:\s+[a-z]+)?)\s*,?\s+but\s+(?P<other>[^,;:.]+?)\s+"
                     rf"(?P<be>is|are|was|were|will|can)(?P<neg2>{_NOT})?\s*(?=[.;,]|$)", re.IGNORECASE)


# "can only be exchanged, not refunded": the second participle denied
_NOT_THE_OTHER = re.compile(r"\b(?:can|may|will|must|should)\s+(?:only\s+)?be\s+[a-z]+ed,?\s+(?:but\s+)?not\s+"
                            r"(?P<done>[a-z]+ed)\b", re.IGNORECASE)


def elided_denial(claim: str, sentence: str) -> list[tuple[str, str]]:
    """[(the claim's predicate as written, the sentence's clause that says it the other way)] (see the module's
    text)."""
    claim, sentence = judged_text(claim), judged_text(sentence)
    out = []
    for m in _ELIDED.finditer(sentence):
        if bool(m.group("neg1")) == bool(m.group("neg2")):
            continue
        pred = m.group("pred").split()
        said = re.search(rf"\b{_BE}(?P<neg>{_NOT})?\s+(?:also\s+)?{re.escape(pred[0])}\b", claim, re.IGNORECASE)
        # the claim says P of B the way the first clause says it of A: the other way from the sentence's B
        if said is None or bool(said.group("neg")) != bool(m.group("neg1")):
            continue
        rest = _stems(claim[:said.start()] + " " + claim[said.end():]) - _stems(" ".join(pred))
        if rest and rest <= _stems(m.group("other")):
            out.append((said.group(0), f"{m.group('other')} {m.group('be')}{m.group('neg2') or ''}".strip()))
    for m in _NOT_THE_OTHER.finditer(sentence):
        said = re.search(rf"\b(?:can|may|will)\s+be\s+{re.escape(m.group('done'))}\b", claim, re.IGNORECASE)
        rest = _stems(claim[:said.start()] + " " + claim[said.end():]) if said else set()
        if said and not _NEGATION.search(claim) and rest and rest <= _stems(sentence[:m.start()]):
            out.append((said.group(0), m.group(0)))
    return out + _not_to_the_other(claim, sentence) + _denied_after_but(claim, sentence)


# "step-free access to the stalls but not to the balcony": the same phrase's second object denied
_BUT_NOT_PREP = re.compile(r"\b(?P<prep>to|in|on|at|for|with|from|into)\s+(?:the\s+)?(?P<a>[a-z-]+(?:\s+[a-z-]+)?)\s*,?\s+"
                           r"but\s+not\s+(?P=prep)\s+(?:the\s+)?(?P<b>[a-z-]+(?:\s+[a-z-]+)?)\b", re.IGNORECASE)


def _not_to_the_other(claim: str, sentence: str) -> list[tuple[str, str]]:
    """[(the claim's words of B, the sentence's "but not to B")] where the sentence gives a phrase with one object
    and denies it with another ("The theatre has step-free access to the stalls but not to the balcony"), or a verb
    with its objects and denies it another ("The insurance covers theft and accidental damage, but not loss"), and the
    claim, not negated, names B and says the rest of the sentence's words before the phrase: "The balcony has
    step-free access" (Supported on every engine, P(e) 0.95), "The insurance covers loss" (Unsupported)."""
    out = []
    found = list(_BUT_NOT_PREP.finditer(sentence)) or list(_BUT_NOT_OBJECT.finditer(sentence))
    for m in found if not _NEGATION.search(claim) else ():
        other = _stems(m.group("b"))
        said = _stems(claim)
        if not other or not other <= said or "a" in m.groupdict() and _stems(m.group("a")) & said:
            continue
        before = _stems(sentence[:m.start()]) - _stems("the a an has have is are")
        rest = said - other
        if rest and rest <= before | other:
            out.append((m.group("b"), m.group(0)[m.group(0).lower().index("but not"):].rstrip(" ,.;")))
    return out


# "covers theft and accidental damage, but not loss": the verb's last object denied
_BUT_NOT_OBJECT = re.compile(r",?\s+but\s+not\s+(?P<b>[a-z-]+(?:\s+[a-z-]+){0,3})\s*(?=[.;,]|$)", re.IGNORECASE)


_AUX = r"(?:is|are|was|were|can|will|do|does|did|has|have|had|may|must|should)"
# "… but are not paid for their time": the subject said before "but", the predicate denied after it
_BUT_AUX_NOT = re.compile(rf"\bbut\s+(?P<aux>{_AUX})\s+(?:not|never)\s+(?P<rest>[^,;:.]+)", re.IGNORECASE)
_CLAIM_AUX = re.compile(rf"^(?P<subj>[^,;:]+?)\s+(?P<aux>{_AUX})\s+(?P<rest>[^,;:]+?)[.!]?$", re.IGNORECASE)


def _denied_after_but(claim: str, sentence: str) -> list[tuple[str, str]]:
    """[(the claim's predicate, the sentence's denial)] where the sentence denies, after "but" and with the subject
    left out, what the claim says of that subject word for word: "Volunteers are paid for their time" against
    "Volunteers can claim travel expenses but are not paid for their time" (Supported on the context engines, P(e)
    0.99 by another sentence). The claim not negated; its subject's words before "but"."""
    mine = _CLAIM_AUX.match(claim.strip())
    if mine is None or _NEGATION.search(claim):
        return []
    out = []
    for m in _BUT_AUX_NOT.finditer(sentence):
        rest = m.group("rest").strip()
        if rest.lower() == mine.group("rest").strip().lower() and mine.group("aux").lower() == m.group("aux").lower() \
                and _stems(mine.group("subj")) and _stems(mine.group("subj")) <= _stems(sentence[:m.start()]):
            out.append((f"{mine.group('aux')} {mine.group('rest')}", m.group(0)))
    return out


# "A must P, but B can Q": the subject after "but" set against the first clause's
_BUT = re.compile(r",?\s+but\s+", re.IGNORECASE)


def contrasted(claim: str, sentence: str) -> list[tuple[str, str]]:
    """[(the claim's subject, the sentence's clause after "but")] where the sentence says P of A, then "but" B does
    something else ("Cars must be booked in advance, but foot passengers can buy tickets at the port"), and the claim,
    not negated, says P of B: its subject in the first words after "but" and nowhere before, its other words in the
    first clause, its verb not after "but" ("Foot passengers must book in advance" was Supported on every engine, P(e)
    0.96). "But" sets B against A on P: the sentence says B need not."""
    from grounding.binding import main_subject
    cut = _BUT.search(sentence)
    head = main_subject(claim)
    if cut is None or head is None or _NEGATION.search(claim) or _NEGATION.search(sentence):
        return []
    first, after = sentence[:cut.start()], sentence[cut.end():].rstrip(" .;")
    subject = " ".join(t.text for t in head.subtree if t.i <= head.i)
    opening = " ".join(after.split()[:len(subject.split()) + 2])
    verbs = _short(" ".join(t.lemma_ for t in head.doc if t.pos_ == "VERB" or t.dep_ in ("acomp", "attr")
                            and t.head.dep_ == "ROOT"))      # or what "is" says of it: "is dishwasher safe"
    if not verbs or not _short(subject) or not _short(subject) <= _short(opening) or _short(subject) & _short(first) \
            or verbs & _short(after):
        return []
    rest = _short(claim) - _short(subject)
    return [(subject, after)] if rest and rest <= _short(first) else []


def contrasted_or_crossed(claim: str, sentence: str) -> list[tuple[str, str]]:
    """`contrasted`, else two things the sentence tells apart, crossed (grounding.pairing: "Sandwich prices have risen
    by 20p" against "Coffee prices have gone up by 20p, but sandwiches stay at 4.50 pounds")."""
    from grounding.pairing import crossed
    return contrasted(claim, sentence) or crossed(claim, sentence)


def _short(text: str) -> set[str]:
    """`_stems` cut to four letters: "book" and "booked" are one."""
    return {w[:4] for w in _stems(text)}

