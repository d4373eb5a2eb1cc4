"""Denied mentions: a context sentence that names what a claim asserts only as not done, not there or undecided.

"The company also opened a commercial-scale hydrogen plant in Rotterdam" against "The company tested an
electrolyser in Rotterdam" and "Northwind has not yet decided whether to build a commercial-scale hydrogen plant":
every word of the claim is in the sources, and the entailment model, reading the two sentences together, calls it
entailed (P(e) 0.69). But the plant is only mentioned inside "has not yet decided whether to build": the sources
say it does not exist yet. Such a sentence cannot back the claim, whatever its words share with it.

A claim's *objects* are the nouns its main verb asserts something of (direct object, attribute, object
predicate, a passive verb's subject: "Approval has been granted", "Accidental damage is covered by the
warranty"; of the root and the verbs joined to it), each
with its content modifiers ("commercial-scale hydrogen plant", "liver enzymes", "risk of respiratory infection"). A
context sentence mentions an object where it has the object's noun (lemma) with every adjective and noun the claim
puts right on it ("low levels" is not "high levels"), or "no" and only some of those ("no live virus" names "a
weakened live virus"), and, when the claim gives it an "of" phrase, at least one of its words, in the same phrase.
The mention is *denied* when, on the way from it up to the sentence's root, the object is
- under a negated verb or noun, other than as its subject ("has **not** decided whether to build a plant",
  "had **no** effect on liver enzymes", "**without** a plant"), unless the negation is a "not ... until" (which
  says that it did happen, later);
- in a clause that "whether" or "if" opens ("whether to build a plant");
- the complement of a verb of planning or intending ("**plans** to build a plant", "**considers** opening");
- for a claim that says it happened (a main verb in the past tense, "has been granted", "was built"), under a verb
  of the future ("**will** open a plant", "is **expected** / **scheduled** / **due** to open"): the source says it
  is to come, not that it came.

What the claim says was done is checked too, as an *event*: its main verb in the past tense ("Regulators have
already approved the deal") is mentioned by that verb or a noun of it ("approval"), and such a noun is denied where a
word of need governs it ("The deal still **needs** approval from regulators", "**subject to** approval",
"**pending**"): the source says it is still pending (a verb whose object is denied already says it once).

A limit on an amount is no denial ("do not take more than 2 tablets", "not exceed 4 doses"), and neither is another
thing not done with what the claim takes as there: "Store the tablets below 25 degrees" names "the tablets" as given, so
"Do not take the tablets with milk" does not deny them (a claim that introduces its object, "opened a plant", "raises
liver enzymes", is checked against any verb; "whether", a plan or a future denies a given thing too).

The claim itself must assert (no negation, modal or such verb on its main verbs: "Northwind aims to reach 20 GW"
and "You can borrow up to 15 items" are not checked), and the rule fires only when no evidence sentence mentions
the object undenied: a sentence that reports the plant as built elsewhere in the evidence keeps the claim backed.
Nothing here is learned; spaCy's parse (grounding.decompose.parse, cached per text) is all it reads, and only a
sentence holding the object's noun and a word that could deny it is parsed.
"""
from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Optional

# verbs whose complement is a plan or an intention, not a fact
IRREALIS_VERBS = frozenset({"plan", "intend", "consider", "propose", "aim", "hope", "seek", "want", "wish",
                            "envisage", "contemplate", "explore", "discuss", "debate", "evaluate"})
# a claim with one of these on its main verb does not state a fact ("You can borrow", "Profit will grow"); in a
# context sentence they are not read as denial ("Members may borrow up to 15 items" grants what it names)
CLAIM_MODALS = frozenset({"may", "might", "could", "would", "can", "should", "must", "will", "shall"})
OPENERS = frozenset({"whether", "if"})
# verbs whose clause is what someone said or thought: "X includes 150 works, he did not say" still does not assert it
SAYING_VERBS = frozenset({"say", "tell", "claim", "report", "confirm", "deny", "know", "think", "believe", "announce",
                          "state"})
DEFINITE = frozenset({"the", "this", "that", "these", "those"})
# a negated amount with one of these is a limit, not an absence ("no more than 3 capsules", "not exceed 4 doses")
BOUND_WORDS = frozenset({"more", "less", "few", "many", "much", "over", "under", "above", "below", "beyond"})
BOUND_VERBS = frozenset({"exceed", "surpass"})
# a verb whose complement is still to come ("is expected to open", "is scheduled to open", "is due to open")
FUTURE_VERBS = frozenset({"expect", "schedule", "due", "set", "slate"})
_OBJECT_DEPS = frozenset({"dobj", "attr", "oprd"})
_SUBJECT_DEPS = frozenset({"nsubj", "nsubjpass", "csubj", "expl"})
_MODIFIER_DEPS = frozenset({"amod", "compound", "nmod", "nummod"})
_CONTENT_POS = frozenset({"NOUN", "PROPN", "ADJ", "NUM", "VERB"})
# adjectives of amount: "several effective therapies" is named by "no proven effective therapies"
QUANTIFIERS = frozenset({"several", "many", "much", "few", "some", "more", "most", "other", "various", "numerous",
                         "multiple", "certain", "additional", "further", "new"})
# a sentence without any of these cannot deny (the parse is only run on those that have one: it costs ms each)
_CUES = re.compile(r"\b(?:not|no|never|without|whether|if|cannot)\b|n't|" +
                   "|".join(sorted(v[:max(4, len(v) - 2)] for v in IRREALIS_VERBS)))
FUTURE_CUES = re.compile(r"\b(?:will|shall|expected|scheduled|due|set|slated)\b|'ll\b|\bbeing \w+(?:ed|en|t)\b"
                         r"|\b(?:in|under) (?:development|construction|preparation)\b", re.IGNORECASE)
# a state of not being finished or decided yet, as "in" or "under" on the verb whose subject the mention is ("A film
# adaptation is in development", "The bridge is under construction", "The merger is under review")
UNFINISHED = frozenset({"development", "construction", "preparation", "consideration", "review", "negotiation"})
UNFINISHED_CUES = re.compile(r"\b(?:in|under) (?:development|construction|preparation|consideration|review"
                             r"|negotiation)\b", re.IGNORECASE)
# verbs that make their object or passive subject a plan, not a thing: "The council plans a new bridge", "A film is
# planned" (the other IRREALIS_VERBS only through a clause: "the study evaluated three drugs" names the drugs)
PLANNED_VERBS = frozenset({"plan", "propose", "envisage"})
# verbs of making: a thing "being built" is not there yet ("being evaluated" says nothing of that)
MAKING_VERBS = frozenset({"build", "construct", "develop", "make", "produce", "prepare", "write", "design", "install",
                          "create", "assemble", "draft", "renovate", "refurbish", "complete", "finalise", "finalize"})
# a noun of the claim's own verb that one of these governs is an event still to happen, where the claim says it was
# done ("Regulators have already approved the deal" against "The deal still needs approval from regulators")
PENDING = frozenset({"need", "require", "await", "pending", "pend", "subject"})
PENDING_CUES = re.compile(r"\b(?:need|needs|needed|require|requires|required|await|awaits|awaiting|pending"
                          r"|subject to)\b", re.IGNORECASE)


def how_denied(cue: str) -> str:
    """How a cue leaves the claim's object, in the rule line's and the explanation's words."""
    if PENDING_CUES.match(cue):
        return "still pending"
    if UNFINISHED_CUES.match(cue) and not FUTURE_CUES.match(cue):
        return "not done or undecided"
    return "still to come" if FUTURE_CUES.match(cue) else "not done or undecided"


def _stem(word: str) -> str:
    return word[:max(3, len(word) - 2)]


@dataclass(frozen=True)
class ClaimObject:
    noun: str                      # the object's noun, lemma, lower case
    modifiers: frozenset           # its content modifiers' lemmas (amod, compound, "of" phrases)
    text: str                      # the object's words in the claim, for the explanation
    required: frozenset = frozenset()   # those right on the noun (amod, compound; no quantifier): all must be there
    past: bool = False             # the claim says it happened (its verb in the past tense): a future is no mention
    verb: str = ""                 # the claim's verb of it (lemma)
    definite: bool = False         # "the tablets", "its plant": the claim takes the thing as there, and says what of it
    event: bool = False            # the claim's verb itself ("approved"): mentioned by that verb or a noun of it


@dataclass(frozen=True)
class Denial:
    object: ClaimObject
    cue: str                       # the words that deny it in the sentence ("not decided", "whether", "no effect")
    column: int                    # the sentence that mentions it denied (the first such among the evidence)


def _lemma(t) -> str:
    return t.lemma_.lower()


def _denies(verb) -> Optional[str]:
    """The cue under `verb` that makes what it governs not asserted, or None."""
    children = list(verb.children)
    if any(c.dep_ == "neg" for c in children) and not any(c.dep_ == "prep" and _lemma(c) in ("until", "before")
                                                         for c in children):
        neg = next(c for c in children if c.dep_ == "neg")
        return f"{neg.text} {verb.text}"
    if any(c.dep_ == "det" and _lemma(c) == "no" for c in children):
        return f"no {verb.text}"
    if any(c.dep_ == "mark" and _lemma(c) in OPENERS for c in children):
        return next(c.text for c in children if c.dep_ == "mark" and _lemma(c) in OPENERS)
    return None


def _main_verbs(doc) -> list:
    """The claim's roots and the verbs joined to them."""
    roots = [t for t in doc if t.dep_ == "ROOT"]
    return roots + [t for r in roots for t in r.children if t.dep_ == "conj" and t.pos_ in ("VERB", "AUX")]


def _asserts(verbs: list) -> bool:
    """Whether the claim's main verbs state a fact (none negated, modal, opened by whether / if, or planned)."""
    return bool(verbs) and not any(_denies(v) or _lemma(v) in IRREALIS_VERBS
                                   or any(c.dep_ == "aux" and _lemma(c) in CLAIM_MODALS for c in v.children)
                                   for v in verbs)


def _phrase(noun) -> tuple[frozenset, str]:
    """(content modifier lemmas, the words of the object) of a noun: its amod / compound children and the nouns of
    its "of" phrase ("risk of respiratory infection")."""
    mods = [c for c in noun.children if c.dep_ in _MODIFIER_DEPS and c.pos_ in _CONTENT_POS]
    for prep in (c for c in noun.children if c.dep_ == "prep" and _lemma(c) == "of"):
        for pobj in (c for c in prep.children if c.dep_ == "pobj"):
            mods.append(pobj)
            mods.extend(c for c in pobj.children if c.dep_ in _MODIFIER_DEPS and c.pos_ in _CONTENT_POS)
    lemmas = frozenset(_lemma(m) for m in mods) | frozenset(_lemma(t) for m in mods for t in m.subtree
                                                            if t.dep_ in ("amod", "compound") and t.pos_ in _CONTENT_POS)
    words = [t for t in noun.subtree if t.dep_ not in ("det", "punct", "relcl") and t.i <= noun.i] + \
            [t for m in mods if m.i > noun.i for t in m.subtree if t.i > noun.i]
    span = sorted({t.i for t in words} | {noun.i})
    text = " ".join(noun.doc[i].text for i in range(span[0], span[-1] + 1)).replace(" - ", "-")
    return lemmas, text


# verbs that keep their object out ("The cathode avoids cobalt" says what "contains no cobalt" says)
_WITHOUT = frozenset({"avoid", "lack", "exclude", "omit", "skip", "ban", "prohibit", "forbid"})


def claim_objects(claim_text: str) -> list[ClaimObject]:
    """The objects a claim asserts something of; none when the claim does not assert (see `_asserts`)."""
    from grounding.decompose import parse
    verbs = _main_verbs(parse(claim_text))
    if not _asserts(verbs):
        return []
    out = []
    for v in verbs:
        done = _done(v)   # a passive verb's subject, where it says a thing was done to it or names who does it
        passive = any(c.dep_ == "auxpass" for c in v.children)     # ("is covered by the warranty"): not "RAD52
        acted = done or any(c.dep_ == "agent" for c in v.children)  # is involved"
        deps = _OBJECT_DEPS | ({"nsubjpass"} if passive and acted else set())
        for obj in (c for c in v.children if c.dep_ in deps and c.pos_ in ("NOUN", "PROPN")):
            if _denies(obj) or _lemma(v) in _WITHOUT:   # "there were no effective therapies", "avoids cobalt": the
                continue                                 # claim denies it itself
            mods, text = _phrase(obj)
            required = frozenset(_lemma(c) for c in obj.children if c.dep_ in ("amod", "compound")
                                 and c.pos_ in _CONTENT_POS and _lemma(c) not in QUANTIFIERS)
            definite = any(c.dep_ == "poss" or c.dep_ == "det" and _lemma(c) in DEFINITE for c in obj.children)
            out.append(ClaimObject(noun=_lemma(obj), modifiers=mods, text=text, required=required,
                                   past=done, verb=_lemma(v), definite=definite))
    return out


def _done(verb) -> bool:
    """Whether the verb says it happened: the past tense, "has been granted", "was built"."""
    return verb.tag_ == "VBD" or verb.tag_ == "VBN" and any(
        c.dep_ == "aux" and _lemma(c) == "have" or c.dep_ == "auxpass" and c.tag_ == "VBD" for c in verb.children)


def claim_events(claim_text: str) -> list[ClaimObject]:
    """The claim's main verbs that say a thing was done ("Regulators have already approved the deal"), each as an
    event object: its mentions are that verb and the nouns of it ("approval"; a stem of five letters at least, so
    not "sign" in "signal"). None when the claim does not assert."""
    from grounding.decompose import parse
    verbs = _main_verbs(parse(claim_text))
    if not _asserts(verbs):
        return []
    return [ClaimObject(noun=_lemma(v), modifiers=frozenset(), text=v.text, past=True, verb=_lemma(v), event=True)
            for v in verbs if v.pos_ == "VERB" and _done(v) and len(_event_stem(_lemma(v))) >= 5]


# one event by other verbs: "has already started" against "is due to begin"
_SAME_EVENTS = (frozenset({"start", "begin", "commence"}), frozenset({"finish", "complete"}))


def _same_event(verb: str) -> frozenset:
    return next((same for same in _SAME_EVENTS if verb in same), frozenset({verb}))


def _event_stem(verb: str) -> str:
    return verb[:-1] if verb.endswith(("e", "y")) else verb     # approv-al, complet-ion, ratif-ication


def _event_mentions(obj: ClaimObject, doc) -> list[tuple[bool, Optional[str]]]:
    """(denied, cue) for each mention of an event in a parsed context sentence: its verb (denied when negated, to
    come, or under a plan: "did not approve", "is expected to approve") or a noun of it (denied under a pending word,
    "needs approval", "subject to approval", or as an object is: "has not received approval")."""
    out = []
    for t in doc:
        if t.pos_ == "VERB" and _lemma(t) in _same_event(obj.verb):
            own = _denies(t) or _future(t) or (doc[t.head.i:t.i + 1].text if t.dep_ == "xcomp"   # "still needs to
                                               and _lemma(t.head) in PENDING else None)          # be cleared"
            denied, cue = _mention_cue(t, past=True)
            out.append((bool(own) or denied, own or cue))
        elif t.pos_ == "NOUN" and _lemma(t).startswith(_event_stem(obj.verb)) and _lemma(t) != obj.verb:
            head = t.head.head if t.dep_ == "pobj" and t.head.dep_ == "prep" else t.head   # "subject to approval"
            if _lemma(head) in PENDING and not _quoted(doc.text, t.idx):   # "needs approval", "subject to
                # approval"; "Completion … requires"; not a name in quotes: "up from 'requires improvement'"
                out.append((True, doc[head.i:t.i + 1].text if head.i < t.i else f"{t.text} … {head.text}"))
            else:
                out.append(_mention_cue(t, past=True))
    return out


_QUOTED = re.compile(r"(?<!\w)['‘\"“](?P<q>[^'‘’\"“”]{1,60})['’\"”](?!\w)")


def _quoted(text: str, at: int) -> bool:
    """Whether the character at `at` is inside quotation marks (a grade or a title: "'requires improvement'")."""
    return any(m.start("q") <= at < m.end("q") for m in _QUOTED.finditer(text))


def _future(verb) -> Optional[str]:
    """The cue that puts `verb` in the future ("will open", "expected to open"), or None."""
    aux = next((c for c in verb.children if c.dep_ == "aux" and _lemma(c) in ("will", "shall")), None)
    if aux is not None:
        return f"{aux.text} {verb.text}"
    if verb.dep_ == "xcomp" and _lemma(verb.head) in FUTURE_VERBS:
        return f"{verb.head.text} to {verb.text}"
    return None


def _mention_cue(token, past: bool = False) -> tuple[bool, Optional[str]]:
    """(in a denied scope, its cues outermost first: "not decided … whether") for a token of a context sentence,
    walking up to the root; `past`: a verb of the future denies too (the claim says it happened)."""
    child, node, cues, behind = token, token, [], False
    while True:
        if past and node.i != token.i and node.pos_ in ("VERB", "AUX") and _future(node) and not behind \
                and child.dep_ not in _SUBJECT_DEPS:   # "X, who won the cup, will lead the race" still won it
            cues.append(_future(node))
        # what a future verb follows is done: "… will ring again on Sunday after a two-year restoration"
        behind = behind or node.dep_ == "prep" and node.lower_ in ("after", "following", "since")
        if node.i != token.i or node.pos_ in ("NOUN", "PROPN"):
            cue = _denies(node)
            # a negated verb does not deny its own subject ("the plant was not built in 2020" still names a plant)
            if cue and not (node.i != token.i and child.dep_ in _SUBJECT_DEPS):
                cues.append(cue)
        if node.dep_ in ("xcomp", "ccomp") and _lemma(node.head) in IRREALIS_VERBS:
            cues.append(node.head.text)
        if node.i != token.i and child.dep_ in ("dobj", "nsubjpass") and (_lemma(node) in PLANNED_VERBS
                                                                      or past and _lemma(node) == "await"):
            cues.append(node.text)    # "plans a bridge"; for a claim that says it happened, "is awaiting permission"
        if node.i != token.i and child.dep_ in _SUBJECT_DEPS and (state := _unfinished(node, past)):
            cues.append(state)
        if node.dep_ == "pobj" and _lemma(node.head) == "without":
            cues.append("without")
        if node.head.i == node.i or node.dep_ == "ccomp" and node.i < node.head.i \
                and _lemma(node.head) not in SAYING_VERBS:   # a clause put first is no one's report: "The show
            return bool(cues), " … ".join(reversed(cues)) or None   # includes 150 works, most never shown before"
        if node.dep_ == "conj" and node.pos_ in ("VERB", "AUX") and any(c.dep_ in _SUBJECT_DEPS for c in node.children) \
                and node.i != token.i and child.dep_ in _SUBJECT_DEPS:   # a clause of its own: "X is not covered, but
            return bool(cues), " … ".join(reversed(cues)) or None       # accidents are covered from day one"
        child, node = node, node.head
        if child.dep_ == "conj" and node.head.i != node.i and _disagrees(child, node):
            child, node = node, node.head   # not in that clause: "… if you order before 2pm and costs 9.95 euros"


def _disagrees(verb, head) -> bool:
    """Whether `verb`, parsed as joined to the clause of `head`, cannot share its subject: a verb of one thing
    ("costs") where the clause's subject is "you", "I", "we", "they" or plural; it goes with the clause above."""
    subject = next((c for c in head.children if c.dep_ in ("nsubj", "nsubjpass")), None)
    return verb.tag_ == "VBZ" and not any(c.dep_ in _SUBJECT_DEPS for c in verb.children) and subject is not None \
        and (subject.lower_ in ("you", "i", "we", "they") or subject.tag_ in ("NNS", "NNPS"))


def _unfinished(verb, past: bool) -> Optional[str]:
    """The words that leave `verb`'s subject unfinished or undecided ("is in development", "under review"), or for a
    claim that says it happened (`past`), still being made ("is being built"; MAKING_VERBS); None."""
    for prep in (c for c in verb.children if c.dep_ == "prep" and _lemma(c) in ("in", "under")):
        pobj = next((c for c in prep.children if c.dep_ == "pobj" and _lemma(c) in UNFINISHED), None)
        if pobj is not None:
            return f"{prep.text} {pobj.text}"
    if past and verb.tag_ == "VBN" and _lemma(verb) in MAKING_VERBS and any(c.dep_ == "auxpass" and c.lower_ == "being"
                                                                          for c in verb.children):
        return f"being {verb.text}"
    return None


def mentions(obj: ClaimObject, sentence_text: str) -> list[tuple[bool, Optional[str]]]:
    """(denied, cue) for each mention of `obj` in a context sentence (an event's: `_event_mentions`)."""
    from grounding.decompose import parse
    doc = parse(sentence_text)
    if obj.event:
        return _event_mentions(obj, doc)
    out = []
    for t in doc:
        if _lemma(t) != obj.noun or t.pos_ not in ("NOUN", "PROPN"):
            continue
        near = {_lemma(x) for x in t.subtree} | {_lemma(x) for x in t.head.subtree if x.i < t.i}
        if not (obj.required <= near or _none_of_kind(t, obj)) or (obj.modifiers and not obj.modifiers & near):
            continue
        denied, cue = _mention_cue(t, obj.past)
        if denied and (_bounded(t) or obj.definite and _stem(obj.verb) not in cue.lower()
                       and not re.search(r"\bwhether\b|\bif\b", cue) and not FUTURE_CUES.search(cue)
                       and not UNFINISHED_CUES.search(cue)
                       and not any(_stem(v) in cue.lower() for v in IRREALIS_VERBS)):
            denied, cue = False, None   # a limit on it, or another thing not done with what the claim takes as there
        out.append((denied, cue))
    return out


def _none_of_kind(token, obj: ClaimObject) -> bool:
    """Whether the sentence's "no <noun>" denies the whole kind the claim's object is one of: "contains no live
    virus" names "a weakened live virus" (the sentence's own modifiers are all the claim's; not "no high levels" for
    "low levels")."""
    own = {_lemma(c) for c in token.children if c.dep_ in ("amod", "compound") and c.pos_ in _CONTENT_POS}
    return any(c.dep_ == "det" and c.lower_ == "no" for c in token.children) and own <= obj.required


def _bounded(token) -> bool:
    """Whether the mention is a limit on an amount ("do not take more than 2 tablets", "do not exceed 4 doses"): its
    negation caps how many, it does not say there are none."""
    return _lemma(token.head) in BOUND_VERBS or any(
        c.dep_ == "nummod" and any(_lemma(x) in BOUND_WORDS for x in c.subtree) for c in token.children)


def denials(claim_text: str, sentences: dict[int, str]) -> list[Denial]:
    """The claim's objects and events that the `sentences` ({column: text}, its evidence) mention only denied, one
    Denial each (the first denying mention in column order); none when any of them mentions it undenied or the
    claim does not assert."""
    out = []
    for obj in claim_objects(claim_text) + claim_events(claim_text):
        if obj.event and any(d.object.verb == obj.verb for d in out):   # its object denied: one denial says it
            continue
        found = []
        for j in sorted(sentences):
            text = sentences[j].lower()
            if not any(stem in text for stem in ({_event_stem(v) for v in _same_event(obj.verb)} if obj.event
                                                 else {_stem(obj.noun)})):   # "enzym" of enzyme(s): none
                continue
            if not (_CUES.search(text) or obj.past and FUTURE_CUES.search(text) or UNFINISHED_CUES.search(text)
                    or obj.event and PENDING_CUES.search(text)):   # no word that could deny: no parse
                if obj.event or all(_stem(m) in text for m in obj.required) and (
                        not obj.modifiers or any(_stem(m) in text for m in obj.modifiers)):
                    found.append((False, None, j))
                    break
                continue
            found.extend((d, cue, j) for d, cue in mentions(obj, sentences[j]))
            if found and not found[-1][0]:
                break
        if found and all(d for d, _, _ in found):
            _, cue, j = found[0]
            out.append(Denial(object=obj, cue=cue, column=j))
    return out
