"""Another thing of the claim's kind backs nothing: "The basic plan includes priority support" against "The premium
plan costs $25 per month and includes 1 TB of storage plus priority support" was Partially supported (context) or
Supported (context-fast, P(e) 0.99): the sentence's plan is the premium one, and it says nothing of the basic plan.
The entailment model reads the shared head word and the shared predicate.

The verdict rule (`sibling_override`, with the preset's binding_override on): a Supported or Partially supported
claim whose anchor's subject is another thing of the claim's kind (`another_kind`: the claim's subject's head
word, other words telling it apart, none of the claim's such words in the sentence; the claim's a common noun told
apart by a word of kind, `_kind_told`), or names another thing of a name the claim gives (`named_sibling`: "Elm
Street" for "Oak Street"; a name no context sentence gives, of a claim one sentence backed, not several read
together: on the train sets' dev carve "TRIM5α Ub" against "K63 Ub" was such a pair), is Unsupported, unless another
judged sentence at cosine at least tau, not about another such thing, entails the claim (P(e) at least the preset's
ALONE_ENTAILS, read alone). The maps show the anchor's cell as no evidence.
"""
from __future__ import annotations

import re

from grounding.config import VerdictPreset
from grounding.invisible import judged_text
from grounding.types import PARTIAL, SUPPORTED, PairScore, Verdict

SIBLING_RULE = "said of another of its kind"
ALONE_ENTAILS = 0.7


def claims_subject(claim: str) -> str:
    """The claim's subject as written, with the words that qualify it ("The basic plan …": "basic plan"), or ""."""
    head = _subject(claim)
    if head is None:
        return ""
    marks = [c for c in head.children if c.dep_ in ("compound", "amod")]
    return head.doc[min([c.i for c in marks] + [head.i]):head.i + 1].text


def _kind_told(claim: str) -> bool:
    """Whether the claim's subject is a common noun told apart by a word of kind: not a name ("Donald Trump", whose
    "President Trump" is the same man) and not a word of degree or time ("increasing studies", "recent studies")."""
    head = _subject(claim)
    marks = [c for c in head.children if c.dep_ in ("compound", "amod")] if head is not None else []
    return head is not None and head.pos_ == "NOUN" and bool(marks) and all(
        c.tag_ not in ("VBG", "VBN", "JJR", "JJS") and c.lower_ not in _VAGUE and c.pos_ != "PROPN" for c in marks)


_VAGUE = frozenset("recent new many several other various numerous most some current previous earlier later "
                   "additional further".split())


def _subject(claim: str):
    from grounding.binding import main_subject
    return main_subject(claim)


def sibling_override(v: Verdict, preset: VerdictPreset, claim_text: str, pairs: list[PairScore],
                     context_texts: list[str], tau: float) -> Verdict:
    """See the module docstring."""
    if preset.binding_override is None or v.label not in (SUPPORTED, PARTIAL) or v.anchor is None \
            or v.anchor_conflict:
        return v
    told = _kind_told(claim_text)

    together = v.rule.startswith("read together, ")     # several sentences backed it: a name of one is no answer
    everywhere = " ".join(context_texts).lower()

    def other(sentence: str) -> tuple[str, str] | None:    # (the sentence's thing, the claim's)
        theirs = another_kind(claim_text, sentence) if told else ""
        if theirs:
            return theirs, claims_subject(claim_text)
        named = None if together else named_sibling(claim_text, sentence)
        return named if named and named[1].lower() not in everywhere else None
    found = other(context_texts[v.anchor])
    if found is None:
        return v
    if any(p.judged and p.column != v.anchor and p.cosine >= tau and p.entail is not None
           and p.entail >= ALONE_ENTAILS and not other(context_texts[p.column]) for p in pairs):
        return v
    theirs, ours = found
    found = f"it speaks of “{theirs}”, not of “{ours}”"
    return v.made_unsupported(f"{SIBLING_RULE}: {found} (context sentence {v.anchor + 1})", found)


def named_sibling(claim: str, sentence: str) -> tuple[str, str] | None:
    """(the sentence's name, the claim's) where the claim names a thing of two words or more the sentence does not,
    and the sentence names another of its kind: the same last word, others before it ("The work is on Oak Street"
    against "Water will be off in Elm Street …", P(e) 0.61, Supported on every engine). None otherwise."""
    from grounding.entities import mentions
    from grounding.invisible import judged_text
    claim, sentence = judged_text(claim), judged_text(sentence)
    theirs = [m for m in mentions(sentence) if m.kind == "named" and len(m.key.split()) >= 2]
    for m in (m for m in mentions(claim) if m.kind == "named"):
        words = m.key.split()
        if len(words) < 2 or re.search(rf"(?<!\w){re.escape(m.key)}(?!\w)", sentence.lower()):
            continue
        for x in theirs:
            if x.key.split()[-1] == words[-1] and not set(x.key.split()[:-1]) & set(words[:-1]):
                return x.surface, m.surface
    return None


def about_another(claim: str, sentence: str) -> bool:
    """Whether the sentence speaks of another thing of the claim's kind (`another_kind`)."""
    return bool(another_kind(claim, sentence))


# words of kind that name one thing: "the final bus" is "the last bus", "early projects" are "the first projects"
_ALIKE = ({"final", "last"}, {"biggest", "largest"}, {"main", "principal"}, {"yearly", "annual"},
          {"early", "first", "initial"})
_SAME_MARK = {w: frozenset(group) - {w} for group in _ALIKE for w in group}


def another_kind(claim: str, sentence: str) -> str:
    """The sentence's subject where it is another thing of the claim's kind: it has the head word of the claim's
    subject but other words telling it apart ("travel vaccines" in "Travel vaccines are given only with an
    appointment" for "Flu vaccines need no appointment"), and none of the claim's such words is in the sentence; else
    "". The claim's subject: binding.claim_subject; only a sentence with its head word, not all those words, is
    parsed."""
    from grounding.binding import claim_subject
    subject = claim_subject(judged_text(claim))
    if subject is None or not subject[1]:
        return ""
    head, marks = subject
    marks = frozenset(marks).union(*(_SAME_MARK.get(m, ()) for m in marks))   # "final bus" is the "last bus"
    sentence = judged_text(sentence)
    words = set(re.findall(r"[a-z0-9]+", sentence.lower()))
    words |= {w[:-1] for w in words if w.endswith("s")}    # "runs on Monday evenings" tells the "evening course"
    if not re.search(rf"(?<!\w){re.escape(head[:max(3, len(head) - 2)])}", sentence, re.IGNORECASE) \
            or not any(m not in words and not _SAME_MARK.get(m, frozenset()) & words for m in marks):
        return ""
    from grounding.decompose import parse
    for t in parse(sentence):
        if t.dep_ in ("nsubj", "nsubjpass") and t.lemma_.lower() == head:
            theirs = [c for c in t.children if c.dep_ in ("compound", "amod")]
            if theirs and not {c.lower_ for c in theirs} & marks and not marks & words:
                return t.doc[min(c.i for c in theirs):t.i + 1].text
    return ""
