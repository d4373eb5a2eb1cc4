"""One deed, told of someone else or somewhere else. The entailment model reads such a pair by its shared words and
calls it support; the source gives the deed to another doer or another place, a common slip of generated answers
that retell who did what where.

Another doer: "Ana Lopes called the budget a missed opportunity" against "The opposition leader, Rui Costa, called
the budget “a missed opportunity”", "Reyes will stay on as an adviser to the board until December" against "Ortiz
will remain an adviser to the board until December" (P(e) 0.95 and 0.82, read with the sentences around them).
A deed is a verb with what it governs, without its subject (but with its role: "its chief executive") and without
the clauses that are deeds of their own (`that …`, `when …`, relative clauses, coordinated verbs): its content words (noun, proper noun, verb, adjective,
number, adverb; not "be", "have", "do"; by the first five letters of the lemma: "remain" and "remains"). Its doer
is the verb's subject with what stands beside it (an apposition, "its chief executive, Dana Ortiz"; a compound,
"Sam Reyes"), or a passive verb's agent ("was led by Dr Jones"), named where it holds a proper noun or, at the
start of a claim, a capitalised word that the source writes as a name ("Reyes will …", which the tagger reads as a
noun); titles aside ("Dr"), every word of a name is capitalised and no more ("PDS", "AIRE", "PDO": genes, drugs
and indices, which scientific sentences name by abbreviations of each other, are no doers here), nor is a numbered
name ("Apollo 11": a mission or a product, whose parts the source names as doers: "The lunar module Eagle landed").
Neither "be" nor "have" is a deed, and a claim's deeds are its main clause's ("When the PDO last switched to a cool phase, …").
Names are compared by their first five letters, whatever their case ("the Greens" and "the Green Party"). The
sentence gives the claim's deed another doer when one of its deeds holds at least DEED_SHARE of the claim's deed
words and two or more of them, its doer is named, no name of it is in the claim, and the claim's doer is neither
among its doers ("Ana Lopes and Rui Costa called …") nor in its deed (where the claim's doer is a party of the
sentence's deed, who did what is the reversal rule's to read: "BioNTech developed it with Pfizer"); "Its chief
executive, Dana Ortiz, will step down in June and be replaced by … Sam Reyes" gives "Sam Reyes will step down"
to another doer. The context must name the claim's doer too, by every name the claim gives it ("Marie Curie" is not
named by "Pierre Curie"; the source's "Maria Sklodowska" is she): the rule reads a deed given to the wrong one of the
source's people ("Ana Lopes" is the finance minister there), not a name the source never mentions ("John attended the
meeting" against "Maria attended the meeting", where John may have attended too: the model's reading decides). A
pronoun or a common noun as either doer ("She will remain …", "Patients should …") leaves the pair alone, and so
does a negated deed.

Another place: "The closing concert takes place in the Old Town" against "Most performances are held in the Old
Town, and the closing concert is held in Princes Street Gardens" (P(e) 0.96). A placing is a verb that says where
something is or happens ("be", "hold", "take place", "stage", "base", "locate", "situate") with "in" or "at" and a
named place (proper nouns); its thing is the verb's subject (its head noun and content words). The sentence gives
the claim's thing another place when it places the thing (the same head noun, the claim's words among its own)
at a place that shares no name with the claim's, and places something else at the claim's place: as in the
binding rule, the claim's place is taken, so a place inside another ("in Geneva" against "in Switzerland") is not
read as another one.

The verdict rule (overrides.deed_override) turns such a claim Contradicted unless a sentence of the context gives
the deed to the claim's own doer.
"""
from __future__ import annotations

import functools
import re
from typing import NamedTuple, Optional

from grounding.decompose import parse

DEED_SHARE = 0.6           # the least share of the claim's deed words the sentence's deed must hold
_CONTENT = ("NOUN", "PROPN", "VERB", "ADJ", "NUM", "ADV")
_LIGHT = {"be", "have", "do", "will", "would", "can", "could", "may", "might", "must", "shall", "should", "also",
          "still", "now", "then", "just", "only", "already", "usually", "currently"}
_OWN_DEEDS = {"ccomp", "advcl", "relcl", "acl", "conj", "parataxis", "csubj", "xcomp"}
_SUBJECTS = ("nsubj", "nsubjpass")
_BESIDE = ("compound", "appos", "flat", "poss", "amod", "det", "punct", "nmod", "conj", "cc")
_TITLES = {"Dr", "Mr", "Mrs", "Ms", "Miss", "Prof", "Professor", "Sir", "Dame", "Lord", "Lady", "President", "Minister",
           "Judge", "Justice", "Senator", "Mayor", "Chief", "General", "Captain", "Saint", "St"}


class Deed(NamedTuple):
    verb: str                 # the verb as written
    words: frozenset          # the deed's content words (first five letters of each lemma)
    names: frozenset          # the doer's names as written ("Dana", "Ortiz"; no title); empty: not a named doer
    doer: str                 # the doer as written ("Dana Ortiz")


def _stem(token) -> str:
    return token.lemma_.lower()[:5]


def _deed_words(verb, subject) -> frozenset:
    """The verb and what it governs, less its subject and the clauses that are deeds of their own."""
    skip, stack, out = {subject.i} if subject is not None else set(), [verb], set()
    while stack:
        t = stack.pop()
        if t.pos_ in _CONTENT and not t.is_stop and t.lemma_.lower() not in _LIGHT and t.is_alpha or t.pos_ == "NUM":
            out.add(_stem(t))
        stack.extend(c for c in t.children if c.i not in skip and not (c.dep_ in _OWN_DEEDS and c.pos_ in ("VERB", "AUX"))
                     and (c.dep_ not in _SUBJECTS or subject is not None and subject.dep_ == "pobj"))
    return frozenset(out)


def _doer(subject, names_in: str) -> tuple[frozenset, str]:
    """The subject's names (proper nouns in it and beside it; a capitalised first word the source writes as a name)."""
    tokens, stack = [], [subject]
    while stack:
        t = stack.pop()
        tokens.append(t)      # a name compounding a common noun is no doer: "Both Hive Works plans come with …"
        stack.extend(c for c in t.children if c.dep_ in _BESIDE and not (t is subject and t.pos_ == "NOUN"
                                                                         and c.dep_ == "compound"))
    if any(t.pos_ == "PRON" and t.dep_ in _SUBJECTS for t in tokens):
        return frozenset(), ""
    named = [t for t in sorted(tokens, key=lambda t: t.i) if t.is_alpha and t.text[:1].isupper() and not t.is_stop
             and (t.pos_ == "PROPN" or t.i == 0 and f" {t.text}" in names_in)]
    if not [t for t in named if t.text not in _TITLES] or not all(t.text[1:].islower() for t in named):
        return frozenset(), ""          # no name, or an acronym's ("PDS", "AIRE": genes, drugs, indices)
    if any(t.i + 1 < len(t.doc) and t.doc[t.i + 1].like_num for t in named):
        return frozenset(), ""          # a numbered name: a mission, a vehicle, a product ("Apollo 11", "Falcon 9"),
        # of which the source's deeds are often its parts' ("The lunar module Eagle landed on 20 July")
    return frozenset(t.text for t in named if t.text not in _TITLES), " ".join(t.text for t in named)


def _main_clause(verb) -> bool:
    while verb.dep_ == "conj":
        verb = verb.head
    return verb.dep_ == "ROOT"


def deeds(text: str, names_in: str = "", main: bool = False) -> tuple[Deed, ...]:
    """The deeds `text` tells, each with its doer; `names_in`: a text whose mid-sentence capitals count as names for
    a capitalised first word (the source, for a claim); `main`: only the main clause's (a claim's: "When the PDO
    last switched to a cool phase, …" asserts what follows). Cached per text without `names_in` only: a whole
    context in the key of every claim would hold a copy of it per entry."""
    return _deeds(text, names_in, main) if names_in else _cached_deeds(text, main)


@functools.lru_cache(maxsize=4096)
def _cached_deeds(text: str, main: bool) -> tuple[Deed, ...]:
    return _deeds(text, "", main)


def _deeds(text: str, names_in: str, main: bool) -> tuple[Deed, ...]:
    doc = parse(text)
    out = []
    for verb in doc:
        if verb.pos_ not in ("VERB", "AUX") or verb.lemma_.lower() in ("be", "have") \
                or any(c.dep_ == "neg" for c in verb.children) or main and not _main_clause(verb):
            continue
        agent = next((g for c in verb.children if c.dep_ == "agent" for g in c.children if g.dep_ == "pobj"), None)
        subject = agent or next((c for c in verb.children if c.dep_ in _SUBJECTS), None)
        if subject is None:       # "was led by Dr Jones": the agent is the doer, the subject part of the deed
            continue
        names, doer = _doer(subject, names_in)
        # the doer's role is part of what is said: "Its chief executive, Dana Ortiz, will step down" and "Sam Reyes
        # will step down as chief executive"
        words = _deed_words(verb, subject) | {_stem(t) for t in subject.subtree if t.pos_ in ("NOUN", "ADJ")
                                              and not t.is_stop and t.text not in names
                                              and (t.i == subject.i or t.dep_ not in ("relcl", "acl"))}
        if words:
            out.append(Deed(verb.text, words, names, doer))
    return tuple(out)


def _name_stems(names) -> set:
    return {n.lower()[:5] for n in names}     # "the Greens" and "the Green Party": one name


def _written_in(names: frozenset, text: str) -> bool:
    return bool(_name_stems(names) & _name_stems(w.strip(".,;:!?\"'“”’()").removesuffix("'s").removesuffix("’s")
                                                 for w in text.split()))


def another_doer(claim: str, sentence: str, source: str = "") -> Optional[tuple[str, str, str]]:
    """(the claim's doer, the sentence's doer, the sentence's verb) where the sentence gives the claim's deed to
    another named doer (see the module's text); else None. `source`: the whole context, which must name the claim's
    doer and whose names a claim's capitalised first word may be (the sentence when empty)."""
    for mine in deeds(claim, source or sentence, True):
        if not mine.names or not all(_written_in(frozenset([name]), source or sentence) for name in mine.names):
            continue        # a doer the source does not know: a claim of its own, not a deed mixed up (every name of
            # it: "Marie Curie" is not known from "Pierre Curie", and may be the source's "Maria Sklodowska")
        for theirs in deeds(sentence):
            shared = mine.words & theirs.words
            if theirs.names and not _written_in(theirs.names, claim) and len(shared) >= 2 \
                    and len(shared) >= DEED_SHARE * len(mine.words) \
                    and not _name_stems(mine.names) & (theirs.words | _name_stems(theirs.names)):
                return mine.doer, theirs.doer, theirs.verb
    return None


def does_it(claim: str, sentence: str, source: str = "") -> bool:
    """The sentence gives the claim's deed to the claim's own doer (a name of the claim's doer is the doer of one of
    its deeds holding DEED_SHARE of the claim's deed words)."""
    for mine in deeds(claim, source or sentence, True):
        for theirs in deeds(sentence):
            shared = mine.words & theirs.words
            if _name_stems(mine.names) & _name_stems(theirs.names) and len(shared) >= DEED_SHARE * len(mine.words):
                return True
    return False


_PLACING = {"be", "hold", "stage", "base", "locate", "situate"}


class Placing(NamedTuple):
    head: str                 # the thing's head noun, lemma ("concert")
    words: frozenset          # the thing's content words (first five letters of each lemma)
    names: frozenset          # the place's names, lower case ("old", "town")
    place: str                # the place as written ("the Old Town")


@functools.lru_cache(maxsize=4096)
def placings(text: str, main: bool = False) -> tuple[Placing, ...]:
    """Where `text` says things are or happen (see the module's text); `main`: only its main clause's."""
    doc = parse(text)
    out = []
    for verb in doc:
        lemma = verb.lemma_.lower()
        if verb.pos_ not in ("VERB", "AUX") or any(c.dep_ == "neg" for c in verb.children) \
                or main and not _main_clause(verb) or not (lemma in _PLACING or lemma == "take" and any(
                    c.dep_ == "dobj" and c.lemma_.lower() == "place" for c in verb.children)):
            continue
        subject = next((c for c in verb.children if c.dep_ in _SUBJECTS), None)
        if subject is None or subject.pos_ not in ("NOUN", "PROPN"):
            continue
        words = frozenset(_stem(t) for t in subject.subtree if t.pos_ in ("NOUN", "PROPN", "ADJ") and not t.is_stop)
        for prep in (c for c in verb.children if c.dep_ == "prep" and c.lower_ in ("in", "at")):
            obj = next((c for c in prep.children if c.dep_ == "pobj"), None)
            names = frozenset(t.lower_ for t in obj.subtree if t.pos_ == "PROPN") if obj is not None else ()
            if names:
                span = doc[min(t.i for t in obj.subtree):max(t.i for t in obj.subtree) + 1]
                out.append(Placing(subject.lemma_.lower(), words, names, span.text))
    return tuple(out)


def another_place(claim: str, sentence: str) -> Optional[tuple[str, str]]:
    """(the claim's place, the sentence's) where the sentence places the claim's thing elsewhere and something else
    at the claim's place (see the module's text); else None."""
    mine = placings(claim, True)
    theirs = placings(sentence) if mine else ()
    for m in mine:
        for t in theirs:
            if t.head == m.head and m.words <= t.words and not t.names & m.names \
                    and any(u.head != m.head and u.names & m.names for u in theirs):
                return m.place, t.place
    return None


# verbs of an event or a stay that happens somewhere: "finishes at the cathedral" (not "prolong lifespan in mice",
# where the parse had read "lifespan" as a verb)
_WHERE_VERBS = frozenset("start begin finish end open close meet stop arrive depart leave land live work stay study "
                         "train happen occur perform play gather sleep park launch".split())


def _places_of(doc) -> list[tuple[str, str, str]]:
    """(verb lemma, place noun lemma, the verb and its phrase as written) for each verb of `_WHERE_VERBS` (not
    negated, with no object) with an "in" or "at" phrase of no figure: "finishes at the cathedral" -> ("finish",
    "cathedral", …)."""
    out = []
    for prep in (t for t in doc if t.dep_ == "prep" and t.lower_ in ("in", "at")):
        obj = next((c for c in prep.children if c.dep_ == "pobj" and c.pos_ in ("NOUN", "PROPN")), None)
        verb = prep.head
        while verb.pos_ != "VERB" and verb.dep_ in ("pobj", "prep") and verb.head is not verb:   # "starts at 9 am in
            verb = verb.head                                                                    # the city park"
        if obj is not None and verb.pos_ == "VERB" and verb.lemma_.lower() in _WHERE_VERBS \
                and not any(c.dep_ in ("neg", "dobj") for c in verb.children) \
                and not any(c.dep_ == "nummod" or c.like_num for c in obj.subtree):   # where it happens: not "prolong
            # lifespan in mice" (a deed done to something), not "at 9 am", "at 4 dpi" (a time)
            out.append((verb.lemma_.lower(), obj.lemma_.lower(),
                        f"{verb.text} {prep.text} " + doc[prep.i + 1:obj.i + 1].text))
    return out


def other_verbs_place(claim: str, sentence: str) -> Optional[tuple[str, str]]:
    """(the claim's verb and place, the sentence's) where the sentence gives the claim's verb another place and the
    claim's place to another verb: "The marathon finishes in the city park" against "The marathon starts at 9 am in
    the city park and finishes at the cathedral" (Supported on every engine, P(e) 0.96). Else None."""
    mine = _places_of(parse(claim))
    theirs = _places_of(parse(sentence)) if mine else []
    for verb, place, said in mine:
        other = [(p, s) for v, p, s in theirs if v == verb and p != place]
        if other and not any(v == verb and p == place for v, p, _ in theirs) \
                and any(v != verb and p == place for v, p, _ in theirs):
            return said, other[0][1]
    return None


class Target(NamedTuple):
    verb: str                 # the verb's lemma ("orbit")
    role: str                 # "dobj", or the preposition that takes the object ("to")
    subject: str              # the verb's subject's head lemma ("" for a pronoun or none)
    told: bool                # whether the verb has a subject at all (not "to activate Parkin")
    names: frozenset          # the object's names, lower case ("earth")
    said: str                 # the object as written ("the Earth")


@functools.lru_cache(maxsize=4096)
def targets(text: str, main: bool = False) -> tuple[Target, ...]:
    """What `text` says its verbs (not "be" or "have", none negated) were done to, where that is named (a proper
    noun heads the object, every proper noun of it a capitalised word and no more: not a strain, gene or drug's code,
    "SARS-CoV-2", "NMC-nCoV02", which science names by each other); `main`: only its main clause's."""
    doc = parse(text)
    out = []
    for verb in doc:
        if verb.pos_ != "VERB" or verb.lemma_.lower() in ("be", "have") or any(c.dep_ == "neg" for c in verb.children) \
                or main and not _main_clause(verb):
            continue
        subject = next((c for c in verb.children if c.dep_ in _SUBJECTS), None)
        head = subject.lemma_.lower() if subject is not None and subject.pos_ in ("NOUN", "PROPN") else ""
        for child in verb.children:
            obj = child if child.dep_ == "dobj" else next(
                (c for c in child.children if c.dep_ == "pobj"), None) if child.dep_ == "prep" else None
            if obj is not None and obj.pos_ == "PROPN" and all(re.fullmatch(r"[A-Z][a-z]+", t.text) for t in obj.subtree
                                                               if t.pos_ == "PROPN"):   # no "SARS-CoV-2", "PDS"
                span = doc[min(t.i for t in obj.subtree):max(t.i for t in obj.subtree) + 1]
                out.append(Target(verb.lemma_.lower(), "dobj" if obj is child else child.lower_, head, subject is not None,
                                  frozenset(t.lower_ for t in obj.subtree if t.pos_ == "PROPN"), span.text))
    return tuple(out)


def another_object(claim: str, sentence: str) -> Optional[tuple[str, str]]:
    """(the claim's object, the sentence's) where the sentence does the claim's deed (its verb, with a subject of the
    same noun or a pronoun) to another named thing, names the claim's thing only otherwise than as a verb's subject or
    object, and never does the deed to it: "It orbits the Earth at a distance of about 1.5 million kilometres"
    against "The telescope orbits the Sun near the second Lagrange point, about 1.5 million kilometres from Earth"
    (P(e) 0.95). Not where the claim's thing is a verb's subject or object there ("Apple acquired Beats" against
    "Apple acquired Shazam in 2018, four years after it bought Beats")."""
    mine = targets(claim, True)
    theirs = targets(sentence) if mine else ()
    for m in mine:
        same = [t for t in theirs if (t.verb, t.role) == (m.verb, m.role) and t.told
                and (not m.subject or not t.subject or t.subject == m.subject)]
        if not same or any(t.names & m.names for t in same):
            continue
        where = [t for t in parse(sentence) if t.lower_ in m.names]
        if {t.lower_ for t in where} >= m.names and not any(
                t.dep_ in ("dobj", "nsubj", "nsubjpass") or t.dep_ == "pobj" and t.head.head.pos_ in ("VERB", "AUX")
                for t in where):
            return m.said, same[0].said
    return None


class Owner(NamedTuple):
    verb: str                 # the verb's lemma ("send")
    head: str                 # its subject's head noun, lemma ("goalkeeper")
    names: frozenset          # the subject's owner's names, lower case ("rovers")
    said: str                 # the owner and the noun as written ("Rovers' goalkeeper")


@functools.lru_cache(maxsize=4096)
def owners(text: str, main: bool = False) -> tuple[Owner, ...]:
    """The deeds of `text` whose subject is something of a named owner ("City's goalkeeper was sent off"): a
    capitalised possessor (the tagger reads "Rovers" at a sentence's start as a noun); `main`: only the main clause's."""
    doc = parse(text)
    out = []
    for verb in doc:
        if verb.pos_ != "VERB" or any(c.dep_ == "neg" for c in verb.children) or main and not _main_clause(verb):
            continue
        for subject in (c for c in verb.children if c.dep_ in _SUBJECTS and c.pos_ == "NOUN"):
            owner = next((c for c in subject.children if c.dep_ == "poss" and c.text[:1].isupper()), None)
            if owner is not None:
                words = [t for t in owner.subtree if t.dep_ != "case"]
                out.append(Owner(verb.lemma_.lower(), subject.lemma_.lower(), frozenset(t.lower_ for t in words),
                                 doc[min(t.i for t in words):subject.i + 1].text))
    return tuple(out)


def another_owner(claim: str, sentence: str, source: str = "") -> Optional[tuple[str, str]]:
    """(the claim's subject, the sentence's) where the sentence does the claim's deed (its verb) with the same thing of
    another named owner ("Rovers' goalkeeper was sent off" against "City's goalkeeper was sent off in the 80th
    minute"), the source (`source`, the whole context) names the claim's owner, and none of it gives the deed to the
    claim's owner's thing."""
    mine = owners(claim, True)
    theirs = owners(sentence) if mine else ()
    for m in mine:
        same = [t for t in theirs if (t.verb, t.head) == (m.verb, m.head)]
        if same and not any(t.names & m.names for t in same) \
                and all(any(w.lower() == n for w in source.split()) or n in source.lower() for n in m.names) \
                and not any((t.verb, t.head) == (m.verb, m.head) and t.names & m.names for t in owners(source or sentence)):
            return m.said, same[0].said
    return None


def told_otherwise(claim: str, sentence: str, source: str = "") -> Optional[tuple[str, tuple[str, str]]]:
    """("place", "object" or "owner", (the claim's, the sentence's)) for the first of another place, another object
    and another owner the sentence gives the claim's deed; None."""
    for kind, found in (("place", another_place(claim, sentence) or other_verbs_place(claim, sentence)),
                        ("object", another_object(claim, sentence)),
                        ("owner", another_owner(claim, sentence, source))):
        if found:
            return kind, found
    return None


def tells_parties(claim: str) -> bool:
    """Whether the claim's main clause places a thing, does a deed to a named thing or of a named owner's thing, or
    the claim gives a verb of it a place ("finishes in the city park")."""
    return bool(placings(claim, True) or targets(claim, True) or owners(claim, True) or _places_of(parse(claim)))
