"""A value said under another qualifier: "A checked bag costs £50 when booked online" against "Checked bags cost £35
each when booked online, or £50 at the airport" (P(e) 0.96: Supported on every engine). The sentence gives the
claim's value, but for another case, and another value for the claim's case. A value's qualifier is the phrase that
follows it, after "each", "per …" or "a …", opened by "when", "if", "at", "on", "in", "for", "by", "during",
"before" or "after" and running to a comma, a semicolon, "or", "and" or the sentence's end ("when booked online",
"at the airport"); two qualifiers are one where their content words are (by the first five letters). The claim's
value is misbound where its qualifier is given, the sentence gives that value only under other qualifiers, and
another value of its kind and unit (one that cannot also be true, values.values_agree) under the claim's; a value the
sentence gives with no qualifier is the rest's where it gives another for the claim's case ("Students pay 240 pounds"
against "It costs 240 pounds, or 180 pounds for students and people over 65": Supported on every engine, P(e) 0.95).
A claim whose subject, a plural noun, pays or gets the value has that subject as its qualifier ("for students"), and
one whose subject a phrase qualifies, that phrase ("A permit for a second car costs 60 pounds"), or an owner
("Children's tickets cost 18 euros": for children). A value with no qualifier after it but a list line's label
before it has that label for its case ("Essentials €1,500; Premier €5,000": "€5,000 on Premier" is said for its own
case where "… and €50 per person on Premier" follows). The binding rule
(overrides.binding_override, through binding.found_in) turns such a claim Contradicted, "said for another case"."""
from __future__ import annotations

import re

from grounding.invisible import judged_text
from grounding.overclaim import _stem      # a word's first five letters, a plural made singular: "dogs" is "dog"

_QUALIFIER = re.compile(
    r"^\s*(?:(?:each|apiece|per\s+\w+|a\s+(?:day|night|week|month|year|head|person))\s+)?"
    r"(?P<q>(?:when|if|at|on|in|for|by|during|before|after)\s+[^,;.]+?)\s*(?=,|;|\.|\bor\b|\band\b|$)", re.IGNORECASE)
_STOP = frozenset("when if at on in for by during before after the a an of to is are was were be".split())


def _qualifier(text: str, end: int) -> tuple[str, frozenset] | None:
    m = _QUALIFIER.match(text[end:])
    if m is None:
        return None
    words = frozenset(_stem(w.lower()) for w in re.findall(r"[A-Za-z]{2,}", m.group("q")) if w.lower() not in _STOP)
    return (m.group("q"), words) if words else None



def misbound_qualifiers(claim: str, sentence: str) -> tuple:
    """binding.Misbinding for each claim value the sentence gives only under other qualifiers, with another value
    under the claim's (see the module's text)."""
    from grounding.binding import Misbinding, _values
    from grounding.values import values_agree
    claim, sentence = judged_text(claim), judged_text(sentence)
    theirs = [(v, _qualifier(sentence, v.end)) for v in _values(sentence)]
    mine = _values(claim)
    keys = {(v.kind, v.key) for v in mine}
    out = []
    for c in mine:
        own = _qualifier(claim, c.end) or _payer(claim) or _of_subject(claim, c.start)
        if own is None:
            continue
        at = [v for v, _ in theirs if (v.kind, v.key, v.unit) == (c.kind, c.key, c.unit)]
        said = [q for v, q in theirs if (v.kind, v.key, v.unit) == (c.kind, c.key, c.unit)]
        given = [(v, q) for v, q in theirs if q is not None and _holds(q, own) and v.kind == c.kind and v.unit == c.unit
                 and (v.kind, v.key) not in keys and not values_agree(claim, c.mention, sentence, v.mention)]
        # the claim's value said under other qualifiers, or under none beside a value for the claim's own case
        if given and said and all(not _holds(q or _label(sentence, v.start) or ("", frozenset()), own)
                                  for v, q in zip(at, said)):
            case = own[0] if given[0][1][1] == own[1] else given[0][1][0]    # "at weekends" for "on Saturdays"
            out.append(Misbinding(c.surface, case, given[0][0].surface, said[0][0] if said[0] else "the rest"))
    return tuple(out)


def _label(text: str, start: int) -> tuple[str, frozenset] | None:
    """A list line's label before a value, back to a semicolon, colon or the line's start, as a qualifier: "Premier"
    of "Essentials €1,500; Premier €5,000" (the claim's "€5,000 on Premier" is said for its own case)."""
    lead = re.split(r"[;:.]\s", text[max(0, start - 40):start])[-1]
    words = frozenset(_stem(w.lower()) for w in re.findall(r"[A-Za-z]{2,}", lead) if w.lower() not in _STOP)
    return (lead.strip(), words) if words and len(words) <= 3 else None


def _holds(theirs: tuple[str, frozenset], own: tuple[str, frozenset]) -> bool:
    """Whether a qualifier of the sentence is the claim's case: the same content words, or days of the week that hold
    the claim's ("at weekends" holds "on Saturdays": "The bakery opens at 7am on Saturdays" was Supported against
    "… opens at 7am on weekdays and 8am at weekends")."""
    if theirs[1] == own[1]:
        return True
    from grounding.weekdays import named_days
    days, ours = named_days(theirs[0])[0], named_days(own[0])[0]
    return bool(days) and bool(ours) and ours <= days


# a case said in the claim's subject: "A permit for a second car costs 60 pounds"
_SUBJECT_CASE = re.compile(r"^\W*(?:(?:a|an|the)\s+)?[A-Za-z-]+(?:\s+[A-Za-z-]+)?\s+"
                           r"(?P<q>(?:for|on|at|during|in)\s+[^,;.]+?)\s+(?:costs?|is|are|was|were|pays?|takes?|lasts?)\b",
                           re.IGNORECASE)


# whose the subject is: "Children's tickets cost 18 euros" is the price for children
_OWNER_CASE = re.compile(r"^\W*(?P<who>[A-Za-z-]+)['’]s?\s+[A-Za-z-]+\s+(?:costs?|is|are|was|were)\b", re.IGNORECASE)


# what a deed that is the subject is done to: "Grooming a large dog costs 40 pounds" is the price for a large dog
_DONE_TO = re.compile(r"^\W*[A-Za-z]+ing\s+(?:(?:a|an|the|your)\s+)?(?P<thing>[A-Za-z-]+(?:\s+[A-Za-z-]+)?)\s+"
                      r"(?:costs?|is|are)\b", re.IGNORECASE)


def _of_subject(claim: str, before: int) -> tuple[str, frozenset] | None:
    """The case the claim's subject is qualified by ("for a second car"), or whose it is ("Children's": for
    children), before its verb and its value, as a qualifier."""
    m = _SUBJECT_CASE.match(claim)
    owner = _OWNER_CASE.match(claim) if m is None else None
    done = _DONE_TO.match(claim) if (m or owner) is None else None     # "Grooming a large dog costs 40 pounds"
    if (m or owner or done) is None or (m or owner or done).end() > before:
        return None
    said = m.group("q") if m else f"for {owner.group('who').lower()}" if owner else f"for {done.group('thing')}"
    words = frozenset(_stem(w.lower()) for w in re.findall(r"[A-Za-z]{2,}", said) if w.lower() not in _STOP)
    return (said, words) if words else None


_PAYS = frozenset("pay pays paid get gets receive receives".split())


def _payer(claim: str) -> tuple[str, frozenset] | None:
    """The claim's subject as its qualifier where it pays or gets the value ("Students pay 240 pounds": "for
    students"), a group named by a plural noun."""
    from grounding.binding import main_subject
    head = main_subject(claim)
    if head is None or head.tag_ != "NNS" or head.head.lower_ not in _PAYS:
        return None
    words = " ".join(t.text for t in head.subtree)
    return words.lower(), frozenset(_stem(w.lower()) for w in re.findall(r"[A-Za-z]{2,}", words)
                                    if w.lower() not in _STOP)
