"""What a sentence says holds only for one thing, said by the claim of another: "Camping is included with day
tickets" against "Camping is included with weekend tickets only" (the entailment model, reading the festival's
sentences together, called it entailed, P(e) 0.95). By spaCy's parse: the sentence's "only" restricts a prepositional
phrase of a verb or adjective ("with weekend tickets only", "only for students"); the claim has the same verb or
adjective, of the same subject, not negated, with the same preposition and another object: another noun ("for
pensioners"; not one defined by a relative clause of the same verb: "cars that are charging" / "vehicles that are
actively charging"), or the same noun qualified otherwise ("day tickets" / "weekend tickets"; not "tickets", which the
weekend tickets are). Or the sentence's "only" restricts the subject or the object of its verb or adjective ("Only
assistance dogs can travel in the cabin", "The bar accepts only cash"): the claim has the same verb or adjective with
another noun in that place ("Pets can travel in the cabin"; the entailment model read it as entailed, P(e) 0.9), its
other arguments and prepositional phrases the sentence's own, so that the sentence's restriction has the claim's scope
("Only members can use the gym before 8am" says nothing of "Visitors can use the gym"). A number restricted ("Only
two bags are allowed") is a count, not a kind (the number rules). The reversal rule (overrides.reversal_override)
reads it (grounding.reversal.reversals). Also a thing had or done only one way ("only available by phone") that the
claim says is had another way ("online", `only_channel`), and a thing given for some only, said of others ("Cats get
third-party liability cover" / "… is included for dogs only", `_for_others`). An "only" after a possessive is the
one there is, no restriction ("The show also includes her only film").
"""
from __future__ import annotations

import re

from grounding.decompose import parse


def _restricted(only):
    """The prepositional phrase an "only" restricts: the one it stands before ("only with …") or right after ("with
    weekend tickets only"), or None."""
    if only.head.dep_ == "prep" and only.i < only.head.i:
        return only.head
    before = only.doc[only.i - 1] if only.i > 0 else None
    if before is None:
        return None
    heads = [only.head] + [c for c in only.head.children if c.dep_ == "acomp"]     # "is open to members only"
    return next((p for h in heads for p in h.children if p.dep_ == "prep" and p.i < only.i
                 and max(t.i for t in p.subtree) == before.i), None)


def _object(prep):
    return next((c for c in prep.children if c.dep_ == "pobj" and c.pos_ in ("NOUN", "PROPN")), None)


def _qualifiers(noun) -> frozenset:
    return frozenset(c.lemma_.lower() for c in noun.children if c.dep_ in ("amod", "compound", "nummod"))


def _subject(head):
    node = head.head if head.dep_ == "acomp" else head          # "Discounts are available only for students"
    return next((c.lemma_.lower() for c in node.children if c.dep_ in ("nsubj", "nsubjpass")), None)


_ROLES = {"nsubj": "subject", "nsubjpass": "subject", "dobj": "object"}


def _predicate(noun):
    """The verb or adjective a subject or object is an argument of: "travel"; "accessible" of "is accessible"."""
    head = noun.head
    return next((c for c in head.children if c.dep_ == "acomp"), head) if head.pos_ == "AUX" else head


def _arguments(pred, skip) -> frozenset:
    """The lemmas of the predicate's other subject or object and of its prepositional phrases' objects."""
    node = pred.head if pred.dep_ == "acomp" else pred
    args = [c for c in node.children if c.dep_ in _ROLES and c.i != skip.i]
    args += [o for p in (*node.children, *pred.children) if p.dep_ == "prep" for o in p.children if o.dep_ == "pobj"]
    return frozenset(a.lemma_.lower() for a in args)


def _same(a, b) -> bool:
    """One noun, whatever its number ("Dogs", which the parse takes for a name at a sentence's start, and "dogs")."""
    return a.lemma_.lower() == b.lemma_.lower() or a.lower_.rstrip("s") == b.lower_.rstrip("s")


def _defined_alike(a, b) -> bool:
    """Two nouns defined by a relative clause of one verb: "cars that are charging" / "vehicles that are actively
    charging" name one group."""
    def verbs(noun):
        return {c.lemma_.lower() for c in noun.children if c.dep_ == "relcl"}
    return bool(verbs(a) & verbs(b))


def _restricted_nouns(doc) -> list:
    """(role, predicate lemma, noun, the other arguments) of each subject or object an "only" restricts."""
    out = []
    for t in doc:
        if t.lower_ != "only" or t.i > 0 and doc[t.i - 1].dep_ == "poss":
            continue        # "her only film": the one film there is, no restriction
        noun = t.head if t.dep_ in ("advmod", "amod") and t.i < t.head.i and t.head.pos_ in ("NOUN", "PROPN") else None
        if t.head.pos_ == "VERB" and t.head.i == t.i + 1:   # "only accepts card payments"
            noun = next((c for c in t.head.children if c.dep_ == "dobj"), None)
        if noun is not None and noun.dep_ in _ROLES and noun.pos_ in ("NOUN", "PROPN"):
            pred = _predicate(noun)
            out.append((_ROLES[noun.dep_], pred.lemma_.lower(), noun, _arguments(pred, noun)))
    return out


def only_of(claim: str, sentence: str) -> list[tuple[str, str]]:
    """(the claim's noun phrase, the sentence's) where the sentence's "only" restricts the subject or object of the
    claim's verb or adjective to another thing (see the module docstring)."""
    limits = _restricted_nouns(parse(sentence))
    out = []
    for noun in (t for t in parse(claim) if t.dep_ in _ROLES and t.pos_ in ("NOUN", "PROPN")):
        pred = _predicate(noun)
        if any(c.dep_ == "neg" or c.lower_ == "only" for c in (*pred.children, *noun.children, *pred.head.children)):
            continue
        for role, lemma, theirs, args in limits:
            if (role, lemma) != (_ROLES[noun.dep_], pred.lemma_.lower()) or args != _arguments(pred, noun):
                continue
            if not _same(noun, theirs) or not _qualifiers(noun) <= _qualifiers(theirs):
                out.append((" ".join(t.text for t in noun.subtree),
                            "only " + " ".join(t.text for t in theirs.subtree if t.lower_ != "only")))
    return out


def only_for(claim: str, sentence: str) -> list[tuple[str, str]]:
    """(the claim's phrase, the sentence's) where the sentence says the claim's verb or adjective holds only with
    another object, or only of another subject or object (see the module docstring); [] where it says nothing so."""
    if "only" not in sentence.lower():
        return []
    restricted = only_of(claim, sentence) or only_channel(claim, sentence)
    if restricted:
        return restricted
    limits = []
    for t in parse(sentence):
        if t.lower_ == "only" and (prep := _restricted(t)) is not None and (noun := _object(prep)) is not None:
            limits.append((_head_lemma(prep.head), _subject(prep.head), prep.lower_, noun, t.i < prep.i))
    out = []
    doc = parse(claim)
    for prep in (t for t in doc if t.dep_ == "prep"):
        head, noun = prep.head, _object(prep)
        if noun is None or any(c.dep_ == "neg" for c in head.children) or \
                any(c.lower_ == "only" for c in head.children):
            continue
        for lemma, subject, word, theirs, before in limits:
            if (lemma, word) != (_head_lemma(head), prep.lower_) or subject is None or subject != _subject(head):
                continue
            listed = [theirs, *theirs.conjuncts]    # "to the UK and Ireland only" restricts to both
            same = [x for x in listed if x.lemma_.lower() == noun.lemma_.lower() or _defined_alike(noun, x)]
            if not same or not any(_qualifiers(noun) <= _qualifiers(x) for x in same):
                said = f"{word} {' '.join(t.text for t in theirs.subtree)}"
                out.append((" ".join(t.text for t in prep.subtree), f"only {said}" if before else f"{said} only"))
    return out or _for_others(claim, sentence)


# "Third-party liability cover of up to £2 million is included for dogs only"
_FOR_ONLY = re.compile(r"^(?P<thing>[^;:]+?)\s+(?:is|are)\s+(?:only\s+)?(?:included|available|offered|provided|given|"
                       r"covered)\s+(?:only\s+for\s+(?P<a>[a-z -]+?)|for\s+(?P<b>[a-z -]+?)\s+only)\s*(?:[.;,]|$)",
                       re.IGNORECASE)


def _for_others(claim: str, sentence: str) -> list[tuple[str, str]]:
    """(the claim's subject, the sentence's "for … only") where the sentence gives a thing only for some ("Third-party
    liability cover … is included for dogs only") and the claim gives it to its subject, another ("Cats get
    third-party liability cover": Supported on every engine): most of the thing's words in the claim, its subject
    (binding.main_subject) none of the sentence's and not named among those it is for; not negated."""
    from grounding.binding import main_subject
    from grounding.lists import DENIAL
    from grounding.overclaim import _stems, holds_most
    m = _FOR_ONLY.match(sentence.strip())
    if m is None or DENIAL.search(claim):
        return []
    head = main_subject(claim)
    who = m.group("a") or m.group("b")
    if head is None or not holds_most(m.group("thing"), claim, share=0.5) \
            or _stems(head.text) & (_stems(who) | _stems(m.group("thing"))):
        return []
    return [(head.text, f"only for {who}" if m.group("a") else f"for {who} only")]


def _head_lemma(head) -> str:
    """The lemma a phrase hangs on, the adjective where the parse hangs it on "be": "is available only with …"
    (the phrase on "is") and "is available with …" (on "available") hang on one word."""
    if head.pos_ == "AUX":
        head = next((c for c in head.children if c.dep_ == "acomp"), head)
    return head.lemma_.lower()


_SOLE = re.compile(r"\b(?:only|entirely|solely|exclusively|wholly|just)\s+(?P<prep>by|from|with)\s+(?:the\s+|a\s+|an\s+)?"
                   r"(?P<what>[a-z][a-z -]*?)\s*(?=[.,;]|$)", re.IGNORECASE)


def one_of_many(claim: str, sentence: str) -> list[tuple[str, str]]:
    """[(the claim's words, the sentence's)] where the claim gives a thing one source or agent alone ("paid for
    entirely by the government", "funded solely by the council") and the sentence, holding most of the claim's other
    words, gives it that one and another ("paid for by the government and a local charity"; the entailment model read
    it as neither, Unsupported on every engine). The reversal rule (negate.other_state) gives the pair."""
    from grounding.overclaim import holds_most
    sole = _SOLE.search(claim)
    if sole is None or re.search(r"\b(?:not|never)\b|n't\b", claim):
        return []
    what = re.escape(sole.group("what").lower())
    for said in re.finditer(rf"\b{sole.group('prep').lower()}\s+(?P<list>[^.;]+)", sentence, re.IGNORECASE):
        items = said.group("list")
        if re.search(rf"\b{what}\b", items.lower()) and re.search(r"\s(?:and|as\s+well\s+as|plus)\s", items) \
                and holds_most(claim[:sole.start()] + " " + claim[sole.end():], sentence, share=0.5):
            return [(sole.group(0), said.group(0).rstrip(" ,"))]
    return []


# how a thing is done or had: by phone, online, in person, by post, in a shop, by card, in cash
_CHANNELS = {"phone": r"(?:by|over\s+the|on\s+the)\s+(?:tele)?phone|phone",
             "online": r"online|(?:on|through|via|using)\s+(?:the\s+|our\s+)?(?:online\s+)?(?:app|website|internet)",
             "person": r"in\s+person|face\s+to\s+face", "post": r"by\s+(?:post|mail)",
             "store": r"in[\s-]store|in\s+the\s+shop", "card": r"by\s+(?:credit\s+|debit\s+)?card|contactless",
             "cash": r"(?:in|with|by)\s+cash"}
_CHANNEL = re.compile("|".join(f"(?P<{k}>{v})" for k, v in _CHANNELS.items()), re.IGNORECASE)


def _channels(text: str) -> set[str]:
    return {m.lastgroup for m in _CHANNEL.finditer(text)}


def only_channel(claim: str, sentence: str) -> list[tuple[str, str]]:
    """[(the claim's way, the sentence's)] where the sentence says a thing is had or done only one way ("Urgent
    same-day appointments are only available by phone", "Payment is by card or app only") and the claim, not negated,
    another way for the same thing ("Urgent same-day appointments can be booked online through the app": Supported on
    every engine): the claim's subject's head in the sentence, none of the claim's ways among the sentence's."""
    from grounding.binding import claim_subject
    only = re.search(r"\bonly\s+(?:(?:available|accepted|possible|taken|sold|done|made|booked|paid)\s+)?([^.;,]{0,40})",
                     sentence, re.IGNORECASE) or re.search(r"([^.;,]{0,40}?)\s+only\b", sentence, re.IGNORECASE)
    from grounding.lists import DENIAL
    if only is None or DENIAL.search(claim) or DENIAL.search(sentence):
        return []
    theirs, ours = _channels(only.group(1)), _channels(claim)
    subject = claim_subject(claim)      # its head in the sentence; "You can pay …": a word of its verb
    head = subject[0] if subject else next(iter(re.findall(r"\b(?:can|may|must|will)\s+([a-z]{3})", claim, re.I)), "")
    words = {w.lower() for w in re.findall(r"[A-Za-z]+", sentence)}
    if not theirs or not ours or ours & theirs or not head or not re.search(rf"\b{re.escape(head[:4])}", sentence, re.I) \
            or subject and not set(subject[1]) <= words:    # "Routine appointments" are not the urgent ones
        return []
    own = claim_subject(sentence)       # nor is a narrower thing's way all things' ("Appointments can be booked …")
    if own and subject and own[0] == subject[0] and not set(own[1]) <= set(subject[1]):
        return []
    said, way = next(_CHANNEL.finditer(claim)).group(0), next(_CHANNEL.finditer(only.group(1))).group(0)
    return [(said, f"only {way}")]
