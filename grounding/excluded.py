"""What the source lists under a heading that rules it out: "The policy will also pay to repair the pipe or appliance
that the water leaked from" against "The cost of repairing the appliance or pipe that the water escaped from.", a line
under "What is not covered" (Supported on every engine, P(e) 0.93: the model reads the line alone, as what is
covered; everyday batch 130).

A claim the model backed or left unsupported, which says the thing is covered, included, insured, refunded, allowed
or paid for by the other party (not negated; "you pay the first £350" is the reader's payment, not cover), whose anchor
(cosine at least the preset's reversal_override; itself no heading and not negated), or a sentence read together with
it, stands under a heading of its document that rules what follows out ("What is not covered", "Exclusions", "Not
included", "What we won't pay for") and speaks of the claim's thing (three content words in common: not "Damage from
slow leaks … is covered" against "Damage caused by water escaping from baths …"), is Contradicted: the nearest heading
above the line in its document decides. The other way round, a claim that says the thing is not covered ("There is no
cover if your home has been empty for more than 60 days"), which the model alone made Contradicted by such a line ("Any
loss or damage that happens while your home is unoccupied for more than 60 consecutive days", P(c) 0.91), giving no
other value of a figure of the claim's (learned.quantity_conflicts), is Supported: the line says what the claim says.
"""
from __future__ import annotations

import re

from grounding.config import VerdictPreset
from grounding.types import CONTRADICTED, PARTIAL, SUPPORTED, UNSUPPORTED, EntityDiff, PairScore, Sentence, Verdict

EXCLUDED_RULE = "listed under a heading that rules it out"

_OUT = re.compile(r"\b(?:not\s+(?:covered|included|insured|allowed|permitted|eligible|refundable|accepted|provided)"
                  r"|(?:isn't|aren't)\s+(?:covered|included|allowed)|exclusions?|excluded|what\s+(?:we|it|this\s+\w+|the"
                  r"\s+\w+)\s+(?:won't|will\s+not|doesn't|does\s+not|don't|do\s+not|can't|cannot)\s+(?:cover|pay|include"
                  r"|insure|refund|accept))\b", re.IGNORECASE)
_AFFIRMS = re.compile(r"\b(?:covered|covers|included|includes|insured|reimbursed|refunded|allowed|permitted|eligible"
                      r"|(?:will|would|also|to)\s+pay|pays)\b", re.IGNORECASE)
_READER_PAYS = re.compile(r"\byou(?:'ll|\s+will|\s+must|\s+have\s+to|\s+need\s+to|\s+may\s+have\s+to)?\s+"
                          r"(?:also\s+)?pay\b", re.IGNORECASE)


# a line that heads what follows without a heading's mark: "What is not covered", "Exclusions" (no full stop, short)
_LABEL = re.compile(r"^(?:what\b|exclusions?\b|excluded\b|not\s+(?:covered|included)\b)[^.!?]*$", re.IGNORECASE)


def _of_it(claim: str, line: str) -> bool:
    """Whether the line speaks of the claim's thing: three content words in common, by their first five letters ("Damage
    from slow leaks … is covered" is not "Damage caused by water escaping from baths …")."""
    from grounding.overclaim import _stems
    return len(_stems(claim) & _stems(line)) >= 3


def heading_above(sentences: list[Sentence], column: int) -> Sentence | None:
    """The nearest heading before `column` in its document (a marked heading, or a short line `_LABEL` reads as
    one), or None."""
    own = sentences[column].source
    for s in reversed(sentences[:column]):
        if s.source != own:
            return None
        if s.heading or len(s.text.split()) <= 6 and _LABEL.match(s.text.strip()):
            return s
    return None


_MODEL_READ = ("read together, ", "judged alone, ", "read alone, ", "contradiction override")
_DENIES = re.compile(r"\b(?:no\s+cover|not\s+(?:be\s+)?(?:covered|included|insured|paid)|isn't\s+covered|aren't\s+covered"
                     r"|won't\s+(?:be\s+)?(?:covered|pay)|will\s+not\s+(?:be\s+)?(?:covered|pay)|excluded)\b", re.IGNORECASE)


def excluded_override(v: Verdict, preset: VerdictPreset, claim_text: str, sentences: list[Sentence],
                      pairs: list[PairScore], joint_columns, entity_diffs: dict[int, EntityDiff]) -> Verdict:
    """See the module docstring: the anchor, else the sentence read together with it most like the claim (cosine at
    least the preset's reversal_override), which becomes the anchor. On with the preset's reversal_override."""
    from grounding.negate import _NEGATION
    from grounding.overrides import move_anchor
    if preset.reversal_override is None or v.anchor is None or v.cosine is None:
        return v
    if v.label == CONTRADICTED:
        return _read_as_covered(v, preset, claim_text, sentences)
    if v.label not in (SUPPORTED, PARTIAL, UNSUPPORTED) or not _AFFIRMS.search(claim_text) \
            or _NEGATION.search(claim_text) or _READER_PAYS.search(claim_text):
        return v
    judged = {p.column: p for p in pairs if p.judged}
    cosine = {**{c: p.cosine for c, p in judged.items()}, v.anchor: v.cosine}
    for column in sorted({v.anchor, *(joint_columns or ())}, key=lambda c: -cosine.get(c, 0.0)):
        line = sentences[column]
        if cosine.get(column, 0.0) < preset.reversal_override or line.heading or _NEGATION.search(line.text) \
                or not _of_it(claim_text, line.text):
            continue
        head = heading_above(sentences, column)
        if head is None or not _OUT.search(head.text):
            continue
        v.label, v.conflicting = CONTRADICTED, None
        v.anchor_conflict = f"the source lists it under “{head.text}”"
        v.rule = (f"{EXCLUDED_RULE}: context sentence {column + 1} stands under “{head.text}” (context sentence "
                  f"{head.column + 1}); {v.rule}")
        move_anchor(v, judged.get(column), preset, entity_diffs)
        return v
    return v


def _read_as_covered(v: Verdict, preset: VerdictPreset, claim_text: str, sentences: list[Sentence]) -> Verdict:
    """A denial of cover the model alone contradicted by a line under a heading that rules it out: Supported."""
    from grounding.learned import quantity_conflicts
    anchor = sentences[v.anchor]
    if v.cosine < preset.reversal_override or not _of_it(claim_text, anchor.text) or v.anchor_conflict or not v.rule.startswith(_MODEL_READ) or not _DENIES.search(claim_text) or anchor.heading:
        return v
    head = heading_above(sentences, v.anchor)
    if head is None or not _OUT.search(head.text) or quantity_conflicts(claim_text, anchor.text, same_figure=True):
        return v
    v.label, v.conflicting = SUPPORTED, None
    v.rule = (f"{EXCLUDED_RULE}, as the claim says: context sentence {v.anchor + 1} stands under “{head.text}” "
              f"(context sentence {head.column + 1}); the model had read it as cover ({v.rule})")
    return v
