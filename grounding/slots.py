"""Another name in the claim's slot: "The trial was sponsored by Pfizer" against "The phase III trial of Zentrovir
was sponsored by Moderna" names two sponsors of one trial. Such a sentence shares few words with the claim (cosine
0.41, below τ) and the scorer reads the pair as saying nothing, so no model read it and the claim came out
Unsupported, while the entailment model, once it reads the pair, calls it a contradiction (P(c) 0.95).

`slot_conflicts` finds such a pair; the retrieval stages (stages.retrieve, stages.read_windows) then hand the
sentence to the models when its cosine is at least `GroundingConfig.slot_floor`. The rule only chooses what is
read: the entailment model decides the verdict, as for any other sentence.

A slot is a verb with one relation and the same other argument: "sponsor", by (the agent), of "trial" (the
patient). The active and the passive voice give one slot ("Moderna sponsored the trial"); a past participle
after its noun is that noun's verb ("The report, published by UNICEF"). Nothing matches where the verb is
negated, where either side lacks the other argument, where the claim's name appears anywhere in the sentence
("sponsored by Moderna and Pfizer") or where a name only modifies a noun ("the Pfizer vaccine": two vaccines). Only
a sentence with a word of the claim's slot verb is parsed (`_stem`), so the test costs little beside the models.
"""
from __future__ import annotations

import functools
import re
from typing import NamedTuple, Optional

from grounding.decompose import parse
from grounding.entities import Mention, _matches, mentions
from grounding.invisible import judged_text

SUBJECT_DEPS = ("nsubj", "nsubjpass")


class SlotConflict(NamedTuple):
    claim_name: str      # as written in the claim
    context_name: str    # as written in the sentence
    slot: str            # "sponsored by", "conducted in", ...


class _Slot(NamedTuple):
    verb: str                 # lemma
    role: str                 # agent | patient | a preposition
    other: tuple              # ((role, lemma), ...) of the verb's other core arguments
    word: str                 # the verb as written, for the explanation


def slot_conflicts(claim: str, sentence: str) -> list[SlotConflict]:
    """Each named entity of the claim whose slot holds another named entity in the sentence, the claim's name
    nowhere in the sentence and the sentence's name nowhere in the claim."""
    claim, sentence = judged_text(claim), judged_text(sentence)
    named = [m for m in mentions(claim) if m.kind == "named"]
    ours_slots = _slots(claim) if named else {}
    # a sentence without a word of the claim's slot verbs is not parsed (the stem: "sponsor" -> "sponsored")
    if not ours_slots or not any(_stem(s.verb).search(sentence) for s in ours_slots.values()):
        return []
    theirs = [m for m in mentions(sentence) if m.kind == "named"]
    if not theirs:
        return []
    their_slots = _slots(sentence)
    out = []
    for m in named:
        slot = ours_slots.get((m.start, m.end))
        if slot is None or any(_matches(m, t) for t in theirs) or _written_in(m.key, sentence):
            continue
        for t in theirs:
            other = their_slots.get((t.start, t.end))
            if other is None or any(_matches(c, t) for c in mentions(claim)) or _written_in(t.key, claim):
                continue
            if _same_slot(slot, other):
                out.append(SlotConflict(m.surface, t.surface, _describe(slot)))
                break
    return out


@functools.lru_cache(maxsize=1024)
def _stem(verb: str) -> re.Pattern:
    """A word starting with the verb's lemma less its last two letters (at least three): "publish" finds
    "published", "conduct" "conducted". A past form that changes the stem ("ran" for "run") is not found, so
    such a sentence is not handed to the models by this rule."""
    forms = "".join(f"|{f}" for f in _PAST.get(verb, ()))
    return re.compile(rf"(?<!\w)(?:{re.escape(verb[:max(3, len(verb) - 2)])}{forms})", re.IGNORECASE)


# past forms that change the stem, of verbs answers put two parties to ("Tanner's Brewery has bought Redcastle")
_PAST = {"buy": ("bought",), "win": ("won",), "sell": ("sold",), "take": ("took",), "lead": ("led",),
         "hold": ("held",), "pay": ("paid",), "choose": ("chose",), "give": ("gave",), "bring": ("brought",),
         "catch": ("caught",), "teach": ("taught",), "fight": ("fought",), "lose": ("lost",), "leave": ("left",),
         "tell": ("told",), "write": ("wrote", "written"), "build": ("built",), "send": ("sent",), "keep": ("kept",),
         "run": ("ran",), "overtake": ("overtook",), "seek": ("sought",), "sue": ("sued",)}


def value_conflicts(claim: str, sentence: str) -> list[tuple[str, str]]:
    """Another value of one of the claim's figures (learned.quantity_conflicts, one figure and values that cannot
    both be true): "It was founded by three engineers." against "Acme Corp was founded in 2012 by two engineers in
    Berlin." (cosine 0.47). Only a sentence with a word of the figure (the verb governing the value, its subject or
    the noun it counts, `_figure_words`) is read for it."""
    claim, sentence = judged_text(claim), judged_text(sentence)
    words = _figure_words(claim)
    if not words or not any(_stem(w).search(sentence) for w in words):
        return []
    from grounding.learned import quantity_conflicts
    return quantity_conflicts(claim, sentence, same_figure=True)


@functools.lru_cache(maxsize=4096)
def _figure_words(claim: str) -> frozenset:
    from grounding.values import _names_a_thing, _value_token, _what_it_measures
    values = [m for m in mentions(claim) if m.kind not in ("named", "decade")]
    if not values:
        return frozenset()
    doc, words = parse(claim), set()
    for m in values:
        token = _value_token(doc, m.surface) or _value_token(doc, m.surface.split(" ")[0])
        if token is not None:
            verb, subject, noun, _ = _what_it_measures(token)
            words |= {w for w in (verb, subject, noun) if len(w) > 2 and w not in ("be", "have") and _names_a_thing(w)}
    return frozenset(words)


class RoleSwap(NamedTuple):
    agent: str      # the claim's doer, as written in the claim
    patient: str    # what it was done to, as written in the claim
    verb: str       # the verb's lemma


# verbs whose two parties can trade places without changing what is said ("A met B" is "B met A")
SYMMETRIC = frozenset("""meet marry wed divorce date face play fight battle debate merge partner collaborate cooperate
resemble equal match border tie draw befriend kiss hug encounter intersect overlap correlate associate accompany
compete rival neighbour neighbor join link connect combine pair""".split())


def role_swaps(claim: str, sentence: str) -> list[RoleSwap]:
    """The claim's two named parties of one verb in each other's places in the sentence: "Northwind Labs acquired
    Helix Group" against "Northwind Labs was acquired by Helix Group" (the active and the passive voice read as one,
    as for slots). Not for a verb whose parties can trade places (SYMMETRIC), a negated verb, or a sentence that
    also says it the claim's way round. Only a sentence with a word of the claim's verb is parsed."""
    claim, sentence = judged_text(claim), judged_text(sentence)
    if len(re.findall(r"(?<![\w-])[A-Z]", claim)) < 2:       # two parties need two capitalised words: no parse
        return []
    ours = [e for e in _events(claim) if e[0] not in SYMMETRIC]
    if not ours or not any(_stem(e[0]).search(sentence) for e in ours):
        return []
    theirs = _events(sentence)
    out = []
    for verb, a, p in ours:
        same = [(x, y) for v, x, y in theirs if v == verb]
        if any(_matches(a, x) and _matches(p, y) for x, y in same):
            continue
        if any(_matches(a, y) and _matches(p, x) and not _matches(a, x) and not _matches(p, y) for x, y in same):
            out.append(RoleSwap(a.surface, p.surface, verb))
    return out


@functools.lru_cache(maxsize=4096)
def _events(text: str) -> tuple:
    """((verb lemma, agent mention, patient mention), ...): a verb with a named doer and a named patient."""
    doc, verbs, named = parse(text), {}, {}
    for m in _parties(text, doc):
        span = doc.char_span(m.start, m.end, alignment_mode="expand")
        if span is not None and len(span):
            named[span.root.i] = m
        placed = _place(span.root) if span is not None and len(span) else None
        if placed is not None and placed[1] in ("agent", "patient"):
            verb, role = placed
            verbs.setdefault(verb.i, (verb.lemma_.lower(), [], []))[1 if role == "agent" else 2].append(m)
    for i, (_, agents, _) in verbs.items():    # "X won the cup, beating Y": the doer of the verb it hangs on
        verb = doc[i]
        subject = next((c for c in verb.head.children if c.dep_ in SUBJECT_DEPS), None)   # ("Y was elected, beating
        if not agents and verb.dep_ in ("advcl", "conj") and verb.tag_ != "VBN" and subject is not None \
                and subject.i in named:                                                    # Z": Y, passive or not)
            agents.append(named[subject.i])
    return tuple((lemma, a, p) for lemma, agents, patients in verbs.values() for a in agents for p in patients)


def _parties(text: str, doc) -> list[Mention]:
    """The named mentions, and the proper nouns the entity recogniser missed ("Pfizer sued Moderna": only
    "Moderna" is an entity), as named mentions."""
    names = [m for m in mentions(text) if m.kind == "named"]
    taken = [(m.start, m.end) for m in names]
    for t in doc:   # a proper noun, or a capitalised noun with a capitalised compound ("Carrbridge Wolves")
        named = t.pos_ == "PROPN" or t.pos_ == "NOUN" and t.text[:1].isupper() and any(
            c.dep_ == "compound" and c.text[:1].isupper() for c in t.children)
        if named and t.dep_ in ("nsubj", "nsubjpass", "dobj", "pobj", "appos") \
                and not any(a <= t.idx < b for a, b in taken):
            first = min([c for c in t.children if c.dep_ == "compound" and (c.pos_ == "PROPN" or c.text[:1].isupper())]
                        + [t], key=lambda c: c.i)
            start, end = first.idx, t.idx + len(t.text)
            names.append(Mention(start, end, "named", " ".join(text[start:end].lower().split()), text[start:end]))
    return names


def _written_in(key: str, text: str) -> bool:
    return re.search(rf"(?<!\w){re.escape(key)}(?!\w)", text.lower()) is not None


@functools.lru_cache(maxsize=4096)
def _slots(text: str) -> dict[tuple[int, int], _Slot]:
    """{(start, end) of a named mention: its slot} for the mentions the parse can place."""
    doc = parse(text)
    out = {}
    for m in mentions(text):
        if m.kind != "named":
            continue
        span = doc.char_span(m.start, m.end, alignment_mode="expand")
        slot = _slot_of(span.root) if span is not None and len(span) else None
        if slot is not None:
            out[(m.start, m.end)] = slot
    return out


def _place(token):
    """(verb token, role) of the name whose head is `token`: its verb, not negated, not "be" / "have"; else None."""
    if token.dep_ in ("conj", "appos"):              # "by Moderna and Pfizer": the first name's place; "beating
        token = token.head                           # holders Millbeck Town": the noun it stands beside
    if token.dep_ == "pobj" and token.head.dep_ in ("prep", "agent"):
        prep = token.head
        verb, role = prep.head, "agent" if prep.dep_ == "agent" else prep.lower_
    elif token.dep_ in ("nsubj", "nsubjpass", "dobj"):
        verb, role = token.head, {"nsubj": "agent", "nsubjpass": "patient", "dobj": "patient"}[token.dep_]
    else:
        return None
    if verb.pos_ not in ("VERB", "AUX") or verb.lemma_.lower() in ("be", "have"):
        return None
    if any(c.dep_ == "neg" for c in verb.children):
        return None
    return verb, role


def _slot_of(token) -> Optional[_Slot]:
    """The verb, role and other arguments of the name whose head is `token`; None for any other place."""
    placed = _place(token)
    if placed is None:
        return None
    verb, role = placed
    args = _arguments(verb)
    other = tuple(sorted((r, w) for r, w in args.items() if r != role and r in ("agent", "patient") and w))
    if not other:
        return None
    return _Slot(verb.lemma_.lower(), role, other, verb.text)


def _arguments(verb) -> dict[str, str]:
    """{"agent": lemma, "patient": lemma} of a verb's core arguments (the head noun's lemma)."""
    args: dict[str, str] = {}
    for c in verb.children:
        if c.dep_ == "nsubj":
            args["agent"] = c.lemma_.lower()
        elif c.dep_ in ("nsubjpass", "dobj"):
            args["patient"] = c.lemma_.lower()
        elif c.dep_ == "agent":
            obj = next((g for g in c.children if g.dep_ == "pobj"), None)
            if obj is not None:
                args["agent"] = obj.lemma_.lower()
    if verb.dep_ == "acl" and verb.tag_ == "VBN" and "patient" not in args:   # "the report, published by …"
        args["patient"] = verb.head.lemma_.lower()
    return args


def _same_slot(a: _Slot, b: _Slot) -> bool:
    """The same verb and role, and the other arguments both sides give agree (at least one given by both)."""
    if (a.verb, a.role) != (b.verb, b.role):
        return False
    theirs = dict(b.other)
    shared = [(r, w) for r, w in a.other if r in theirs]
    return bool(shared) and all(theirs[r] == w for r, w in shared)


def _describe(slot: _Slot) -> str:
    return {"agent": f"{slot.word} (by whom)", "patient": f"{slot.word} (what)"}.get(slot.role, f"{slot.word} {slot.role}")
