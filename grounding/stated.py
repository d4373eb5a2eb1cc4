"""A claim the source states word for word: the claim's words, in order, as one run of a context sentence that
nothing before it in the sentence denies, doubts or makes a condition of, and that ends where a clause ends ("It
has two USB-C ports" in "It has two USB-C ports and no USB-A ports": the entailment model read the other clause's
"no" as denying the claim, P(c) 0.83 alone). The verdict rule (`stated_override`) makes such a claim Supported on
that sentence, whatever the model made of it; where another sentence contradicts it, the sources disagree and the
contradiction stands.
"""
from __future__ import annotations

import functools
import re
from typing import Optional

from grounding.config import VerdictPreset
from grounding.types import CONTRADICTED, SUPPORTED, EntityDiff, PairScore, Verdict

STATED_RULE = "stated word for word"

_WORD = re.compile(r"[\w£$€%.'’-]+|[^\w\s]")
# before the run in its sentence: a word that denies, doubts or reports the run, or makes it a condition ("It is a
# myth that …", "If it has two ports …", "Some claim that …")
_BEFORE = frozenset("not no never n't neither nor without cannot false untrue myth wrong wrongly mistakenly if unless "
                    "whether claim claims claimed believe believes believed rumour rumor rumours rumors suggest "
                    "suggests suggested may might could".split())
# after the run: where a clause ends; a word that limits the run ("only if", "unless", "except") does not end it
_ENDS = frozenset(". , ; : — – and but while whereas".split())
_LIMITS = frozenset("if unless except only until provided when whenever".split())
_LEAST_WORDS = 3


@functools.lru_cache(maxsize=8192)
def _words(text: str) -> tuple[str, ...]:
    return tuple(w.lower().strip(".") or w for w in _WORD.findall(text.replace("’", "'")))


def stated(claim: str, sentence: str) -> Optional[str]:
    """The run of `sentence` that states `claim` word for word (the claim's words less its final stop, at least
    three), or None: not where a word before the run denies, doubts, reports or conditions it (`_BEFORE`), nor where
    the run goes on past the claim's last word into the same clause, or into a limit of it ("…, unless …")."""
    own = _words(claim.strip().rstrip(".!?"))
    if sum(w.isalnum() or len(w) > 1 for w in own) < _LEAST_WORDS:
        return None
    # asked of every context sentence for every claim: a sentence whose words (split once, kept) do not hold the
    # claim's as one run is passed over without the word-by-word look
    theirs = _words(sentence)
    if f" {' '.join(own)} " not in f" {' '.join(theirs)} ":
        return None
    for i in range(len(theirs) - len(own) + 1):
        if theirs[i:i + len(own)] != own:
            continue
        before, after = set(theirs[:i]), theirs[i + len(own):i + len(own) + 2]
        if before & _BEFORE or any(w.endswith("n't") for w in theirs[:i]):
            continue
        if after and (after[0] not in _ENDS or (len(after) > 1 and after[0] in ",;:" and after[1] in _LIMITS)):
            continue
        return claim.strip().rstrip(".!?")
    return None


def stated_override(v: Verdict, preset: VerdictPreset, claim_text: str, pairs: list[PairScore],
                    context_texts: list[str], entity_diffs: dict[int, EntityDiff]) -> Verdict:
    """A claim not Supported that a context sentence states word for word (`stated`) is Supported on that sentence,
    unless it is Contradicted by another sentence (the sources disagree: that stands). On with the preset's
    reversal_override; the maps show the cell as the verdict reads it (stages.verdict.show_rules)."""
    if preset.reversal_override is None or v.label == SUPPORTED:
        return v
    column = next((j for j, text in enumerate(context_texts) if stated(claim_text, text)), None)
    pair = next((p for p in pairs if p.column == column), None) if column is not None else None
    if pair is None or (v.label == CONTRADICTED and v.anchor is not None and v.anchor != column):
        return v
    from grounding.overrides import move_anchor
    before = v.label
    move_anchor(v, pair, preset, entity_diffs)
    v.label, v.conflicting, v.anchor_conflict = SUPPORTED, None, None
    v.rule = f"{STATED_RULE}: context sentence {column + 1} states the claim as written ({before} before: {v.rule})"
    return v

