"""A state the source says has ended: "The railway station has been closed since 1965" against "The railway station,
closed in 1965, reopened in 2019 after a community campaign", which the entailment model read as support (P(e)
0.92 on every engine): the claim says the closure still holds, the source that it was undone.

The claim says a state still holds: its main verb is one of a closing kind (close, shut, suspend, ban, halt, stop,
cancel, discontinue, freeze) as a state that lasts ("has been closed since 1965", "is still closed", "remains
suspended", "has remained shut"), not negated. The sentence undoes it: a verb that reverses that kind ("reopen",
"resume", "restart", "restore", "reinstate", "lift", "relaunch", "reintroduce", "unfreeze"), neither negated nor
still to come ("will resume on 15 March": the state holds until then), whose subject (or, where the parse gives it
none, its head verb's) is the claim's subject's noun (lemma) with no word telling it apart that the claim's lacks
("The children's library reopened" is no answer to "The library has been closed"). A closing that comes back ("closed
on Mondays", "every winter") is no lasting state. The reversal rule (reversal.reversals, overrides.reversal_override)
turns such a claim Contradicted.

The other way, a state said to hold *until* a time ends then: "The pool is closed for repairs until March" against
"The swimming pool will reopen in March after repairs" (the entailment model read a contradiction, P(c) 0.95).
`ends_as_said` finds the claim's closing state with "until" a time and, in the sentence, a verb that undoes it (future
or not, not negated), of the claim's thing, "in", "on", "from", "at" or "by" the same time (the same words, articles
aside); overrides' chain then reads the model's contradiction the other way round (conditions.backed_override).

A state the sentence says held until a time, in the past, against the claim's present: "It is the tallest building in
the city" against "It was the tallest building in the city until 2011" (`held_until`; the reversal rule).
"""
from __future__ import annotations

import re

from grounding.invisible import judged_text

_UNDONE_BY = {"close": {"reopen", "resume"}, "shut": {"reopen", "resume"},
              "suspend": {"resume", "restart", "reinstate", "restore", "lift"}, "halt": {"resume", "restart"},
              "stop": {"resume", "restart"}, "ban": {"lift", "overturn", "repeal"}, "cancel": {"reinstate", "restore"},
              "discontinue": {"reintroduce", "relaunch", "revive", "resume"}, "freeze": {"unfreeze", "lift"}}
_ADJECTIVES = {"closed": "close", "suspended": "suspend", "banned": "ban", "halted": "halt", "stopped": "stop",
               "cancelled": "cancel", "canceled": "cancel", "discontinued": "discontinue", "frozen": "freeze"}
_RECURRING = re.compile(r"\b(?:on|at)\s+(?:\w+days|weekends|nights|holidays)\b|\bevery\b|\beach\b", re.IGNORECASE)
_LASTING = re.compile(r"\b(?:since|still|remains?|remained|ever since|to this day|to date)\b", re.IGNORECASE)
_UNDOING = re.compile(r"\b(?:re-?open|resum|restart|restor|reinstat|lift|overturn|repeal|relaunch|reintroduc|reviv"
                      r"|unfr[eo])", re.IGNORECASE)


def _lasting_state(text: str):
    """(the closing verb's lemma, its subject's lemma, the words as written) of the claim's state that still holds,
    or None."""
    from grounding.decompose import parse
    doc = parse(text)
    for t in doc:
        lemma = _ADJECTIVES.get(t.lemma_.lower(), t.lemma_.lower())
        if lemma not in _UNDONE_BY or t.tag_ not in ("VBN", "JJ", "VBD") or any(c.dep_ == "neg" for c in t.children):
            continue
        head = t if t.dep_ == "ROOT" else t.head if t.dep_ in ("acomp", "attr", "oprd") else None
        if head is None or any(c.dep_ == "neg" for c in head.children):
            continue
        subject = next((c for x in (head, *(a for a in head.children if a.dep_ in ("aux", "auxpass")))   # "The
                        for c in x.children if c.dep_ in ("nsubj", "nsubjpass")), None)   # bridge is closed": of "is"
        if subject is None or subject.pos_ not in ("NOUN", "PROPN"):
            continue
        words = doc[min(x.i for x in head.subtree if x.i >= subject.i + 1):max(x.i for x in head.subtree) + 1]
        if _RECURRING.search(words.text):    # "closed on Mondays since 2018": a closing that comes back, not a state
            return None
        return lemma, subject.lemma_.lower(), _qualifiers(subject), words.text.rstrip(" .")
    return None


def _qualifiers(noun) -> frozenset:
    """The words that tell a noun's thing apart from others of its kind ("the children's library", "the old station";
    not a compound, which names the same thing more fully: "the railway station")."""
    return frozenset(c.lower_ for c in noun.children if c.dep_ in ("amod", "poss"))


def state_ended(claim: str, sentence: str) -> list[tuple[str, str]]:
    """(the claim's lasting state, the sentence's undoing) where the sentence says the claim's state ended (see the
    module's text); [] otherwise."""
    claim, sentence = judged_text(claim), judged_text(sentence)
    if not _LASTING.search(claim) or not _UNDOING.search(sentence):
        return []
    state = _lasting_state(claim)
    if state is None:
        return []
    from grounding.decompose import parse
    from grounding.denial import _future
    verb, subject, marks, said = state
    for t in parse(sentence):
        if t.lemma_.lower().replace("-", "") not in _UNDONE_BY[verb] or t.pos_ != "VERB" \
                or any(c.dep_ == "neg" for c in t.children) or _future(t):   # "will resume on 15 March": still holds
            continue
        node = t    # no subject of its own ("The station, closed in 1965, reopened" parsed as an advcl): its head's
        while not any(c.dep_ in ("nsubj", "nsubjpass") for c in node.children) and node.dep_ in ("advcl", "conj") \
                and node.head.pos_ in ("VERB", "AUX"):
            node = node.head
        own = next((c for c in node.children if c.dep_ in ("nsubj", "nsubjpass")), None)
        # the claim's thing, not another of its kind ("the children's library")
        if own is not None and own.lemma_.lower() == subject and _qualifiers(own) <= marks:
            prep = next((c for c in t.children if c.dep_ == "prep" and c.i > t.i), None)
            return [(said, " ".join([t.text] + ([x.text for x in prep.subtree] if prep is not None else [])))]
    return []


_AT_TIME = ("in", "on", "from", "at", "by")


def _time_words(phrase) -> frozenset:
    return frozenset(t.lower_ for t in phrase if t.pos_ not in ("DET", "PUNCT"))


def ends_as_said(claim: str, sentence: str) -> tuple[str, str] | None:
    """(the claim's "until" phrase, the sentence's undoing at that time) where the sentence ends the claim's closing
    state when the claim says it holds until (see the module's text), or None."""
    claim, sentence = judged_text(claim), judged_text(sentence)
    if "until" not in claim.lower() or not _UNDOING.search(sentence):
        return None
    state = _lasting_state(claim)
    from grounding.decompose import parse
    until = next((t for t in parse(claim) if t.lower_ == "until" and t.dep_ == "prep"), None)
    when = next((c for c in until.children if c.dep_ == "pobj"), None) if until is not None else None
    if state is None or when is None:
        return None
    verb, subject, marks, _ = state
    time = _time_words(when.subtree)
    for t in parse(sentence):
        if t.lemma_.lower().replace("-", "") not in _UNDONE_BY[verb] or t.pos_ != "VERB" \
                or any(c.dep_ == "neg" for c in t.children):
            continue
        own = next((c for c in t.children if c.dep_ in ("nsubj", "nsubjpass")), None)
        if own is None or own.lemma_.lower() != subject or not _qualifiers(own) <= marks:
            continue
        for prep in (c for c in t.children if c.dep_ == "prep" and c.lower_ in _AT_TIME):
            obj = next((c for c in prep.children if c.dep_ == "pobj"), None)
            if obj is not None and _time_words(obj.subtree) == time:
                return (" ".join(x.text for x in until.subtree), f"{t.text} {' '.join(x.text for x in prep.subtree)}")
    return None


_PRONOUNS = frozenset("it they he she this".split())


def held_until(claim: str, sentence: str) -> list[tuple[str, str]]:
    """(the claim's present state, the sentence's past one with its end) where the claim says a thing *is* something
    ("It is the tallest building in the city") and the sentence that it *was* that until a time or event ("It was the
    tallest building in the city until 2011", which the entailment model read as support, P(e) 0.96): the same
    subject (its noun's lemma, or a pronoun in either: "The tower is …" / "It was …"), the same complement (its
    head's lemma), neither negated."""
    claim, sentence = judged_text(claim), judged_text(sentence)
    if not re.search(r"\b(?:until|till)\b", sentence, re.IGNORECASE):
        return []
    from grounding.decompose import parse
    now = next((t for t in parse(claim) if t.dep_ == "ROOT"), None)
    if now is None or now.lemma_.lower() not in ("be", "remain") or now.tag_ not in ("VBZ", "VBP") \
            or any(c.dep_ == "neg" for c in now.children):
        return []
    subject, complement = _subject_and_complement(now)
    if subject is None or complement is None:
        return []
    for then in parse(sentence):
        if then.lemma_.lower() != "be" or then.tag_ != "VBD" or any(c.dep_ == "neg" for c in then.children):
            continue
        end = next((c for c in then.children if c.lower_ in ("until", "till") and c.dep_ == "prep"), None) or \
            next((c for c in then.children if c.dep_ == "advcl" and any(m.lower_ in ("until", "till") and m.dep_ == "mark"
                                                                        for m in c.children)), None)
        own, theirs = _subject_and_complement(then)
        if end is None or own is None or theirs is None or theirs.lemma_.lower() != complement.lemma_.lower():
            continue
        if not (own.lemma_.lower() == subject.lemma_.lower() or {own.lower_, subject.lower_} & _PRONOUNS):
            continue
        said = " ".join([now.text] + [t.text for t in complement.subtree])
        return [(said, " ".join([then.text, "…"] + [t.text for t in end.subtree]))]
    return []


def _subject_and_complement(verb):
    subject = next((c for c in verb.children if c.dep_ in ("nsubj", "nsubjpass")), None)
    complement = next((c for c in verb.children if c.dep_ in ("attr", "acomp")), None)
    return subject, complement


_NO_LONGER = re.compile(r"\bno\s+longer\b", re.IGNORECASE)
_PAST_AUX = frozenset("was were had did".split())
_OBJECTS = ("dobj", "nsubjpass", "attr", "oprd")
_CONTENT = ("NOUN", "PROPN", "ADJ", "VERB")


def _keys(token) -> set[str]:
    """A word's lemma and its written form less an ending ("fined" and "fines" are "fine"; spaCy lemmatises "fined"
    as "fin")."""
    word = token.lower_
    return {token.lemma_.lower(), word, re.sub(r"(?<=[a-z]{3})(?:es|ed|s|d)$", "", word),
            re.sub(r"(?<=[a-z]{3})(?:s|d)$", "", word)}


def no_longer(claim: str, sentence: str) -> list[tuple[str, str]]:
    """(the claim's present deed or state, the sentence's "no longer …") where the sentence says it has stopped: "Late
    returns are fined 20p per day" against "We no longer charge fines for late returns" (F 0.08–0.47 on the engines:
    Unsupported or Partially supported), "The shop sells fresh bread" against "The shop no longer sells bread". The
    claim, not negated and not in the past ("The shop sold bread" agrees with it), asserts its main verb, or the
    complement of "be"; that word (lemma) is in the clause that "no longer" belongs to ("charge fines": the verb's
    noun is the claim's verb), and so is each of the claim's objects ("sells fresh bread" is not answered by "no
    longer sells cakes"); the sentence holds most of the claim's other content words and every name (not its
    amounts: "20p per day" are the fines' that are no longer charged)."""
    claim, sentence = judged_text(claim), judged_text(sentence)
    m = _NO_LONGER.search(sentence)
    present = _present(claim) if m is not None else None
    if present is None:
        return []
    doc, root, head, said = present
    from grounding.decompose import parse
    theirs = parse(sentence)
    longer = next((t for t in theirs if t.lower_ == "longer" and t.idx >= m.start()), None)
    if longer is None:
        return []
    verb = longer.head
    clause = {k for t in verb.subtree for k in _keys(t)}
    objects = [c for c in root.children if c.dep_ in _OBJECTS and c.pos_ in ("NOUN", "PROPN")
               and not any(ch.isdigit() for ch in c.text)]
    if not _keys(head) & clause or any(not _keys(o) & clause for o in objects):
        return []
    lemmas = {t.lemma_.lower() for t in theirs}
    rest = [t for t in doc if t.pos_ in _CONTENT and t.i != head.i and t.lemma_ != "be" and not t.like_num
            and not any(ch.isdigit() for ch in t.text) and not (t.dep_ == "pobj" and t.head.lower_ == "per")]
    if any(t.pos_ == "PROPN" and t.lemma_.lower() not in lemmas for t in rest) \
            or sum(t.lemma_.lower() in lemmas for t in rest) < 0.6 * len(rest):
        return []
    stop = next((c for c in verb.children if c.dep_ in ("dobj", "acomp", "attr") and c.i > verb.i), verb)
    return [(said, theirs[longer.i - 1:stop.i + 1].text)]


def _present(claim: str):
    """(parse, root, the word it asserts, the deed as written) of a claim that is not negated and not in the past
    ("The shop sold bread", "used to"), asserting its main verb or the complement of "be"; else None."""
    from grounding.lists import NEGATION_WORD
    if NEGATION_WORD.search(claim) or re.search(r"\bused to\b", claim, re.IGNORECASE):
        return None
    from grounding.decompose import parse
    doc = parse(claim)
    root = next((t for t in doc if t.dep_ == "ROOT"), None)
    if root is None or root.tag_ == "VBD" or any(c.lower_ in _PAST_AUX for c in root.children
                                                  if c.dep_ in ("aux", "auxpass")):
        return None
    head = root if root.lemma_ != "be" else next((c for c in root.children if c.dep_ in ("acomp", "attr")), None)
    if head is None:
        return None
    first = min(t.i for t in (root, *(c for c in root.children if c.dep_ in ("aux", "auxpass"))))
    said = doc[first:max([head.i] + [t.i for c in root.children if c.dep_ == "dobj" for t in c.subtree]) + 1].text
    return doc, root, head, said


_ABOLISHED = re.compile(r"\b(?:abolish(?:ed)?|scrapped|discontinued|axed|phased\s+out|done\s+away\s+with)\b", re.I)
_ABOLISH_LEMMAS = frozenset("abolish scrap discontinue axe phase do".split())
_NOT_YET = re.compile(r"\b(?:will|would|could|may|might|plans?|planned|proposed|considering|if)\b", re.IGNORECASE)


def abolished(claim: str, sentence: str) -> list[tuple[str, str]]:
    """(the claim's present deed or state, the sentence's "… were abolished") where the sentence says a thing the
    claim names (its main verb's subject or object, by lemma) was done away with: "The library charges fines for
    late returns" against "Overdue fines were abolished in 2022" (Partially supported or Unsupported on every
    engine). The sentence neither negated nor still to come ("will be scrapped", "plans to abolish"); the claim as
    `no_longer` reads it (present, not negated)."""
    claim, sentence = judged_text(claim), judged_text(sentence)
    from grounding.lists import NEGATION_WORD
    if not _ABOLISHED.search(sentence) or NEGATION_WORD.search(sentence) or _NOT_YET.search(sentence) \
            or _ABOLISHED.search(claim) or re.search(r"\buntil\b", claim, re.I):   # the claim says so too: "The
        return []          # Apple Watch app is discontinued but …", or says when it ends ("will keep working until …")
    present = _present(claim)
    if present is None:
        return []
    doc, root, _, said = present
    from grounding.decompose import parse
    theirs = parse(sentence)
    verb = next((t for t in theirs if t.lemma_.lower() in _ABOLISH_LEMMAS and _ABOLISHED.match(sentence, t.idx)), None)
    if verb is None:
        return []
    done = [c for c in verb.children if c.dep_ in ("nsubjpass", "dobj") and c.pos_ in ("NOUN", "PROPN")]
    named = [c for c in root.children
             if c.dep_ in ("nsubj", "nsubjpass", "dobj", "attr") and c.pos_ in ("NOUN", "PROPN")]
    if not any(_keys(d) & _keys(n) for d in done for n in named):
        return []
    thing = next(d for d in done if any(_keys(d) & _keys(n) for n in named))
    start = min(t.i for t in thing.subtree)
    return [(said, theirs[min(start, verb.i):max(verb.i, thing.i) + 1].text)]
