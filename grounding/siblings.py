"""Another thing of the claim's kind backs nothing: "The basic plan includes priority support" against "The premium
plan costs $25 per month and includes 1 TB of storage plus priority support" was Partially supported (context) or
Supported (context-fast, P(e) 0.99): the sentence's plan is the premium one, and it says nothing of the basic plan.
The entailment model reads the shared head word and the shared predicate.

The verdict rule (`sibling_override`, with the preset's binding_override on): a Supported or Partially supported
claim whose anchor's subject is another thing of the claim's kind (binding.another_kind: the claim's subject's head
word, other words telling it apart, none of the claim's such words in the sentence; the claim's a common noun told
apart by a word of kind, `_kind_told`) is Unsupported, unless another
judged sentence at cosine at least tau, not about another such thing, entails the claim (P(e) at least the preset's
ALONE_ENTAILS, read alone). The maps show the anchor's cell as no evidence.
"""
from __future__ import annotations

from grounding.config import VerdictPreset
from grounding.types import PARTIAL, SUPPORTED, UNSUPPORTED, PairScore, Verdict

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
    from grounding.binding import another_kind
    theirs = another_kind(claim_text, context_texts[v.anchor]) if _kind_told(claim_text) else ""
    if not theirs:
        return v
    if any(p.judged and p.column != v.anchor and p.cosine >= tau and p.entail is not None
           and p.entail >= ALONE_ENTAILS and not another_kind(claim_text, context_texts[p.column]) for p in pairs):
        return v
    ours = claims_subject(claim_text)
    v.label, v.conflicting = UNSUPPORTED, None
    v.anchor_conflict = f"it speaks of “{theirs}”, not of “{ours}”"
    v.rule = f"{SIBLING_RULE}: {v.anchor_conflict} (context sentence {v.anchor + 1}); {v.rule}"
    return v
