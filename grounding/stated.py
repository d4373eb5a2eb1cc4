"""A claim the source states word for word: the claim's words, in order, as one run of a context sentence that
nothing before it in the sentence denies, doubts or makes a condition of, and that ends where a clause ends ("It
has two USB-C ports" in "It has two USB-C ports and no USB-A ports": the entailment model read the other clause's
"no" as denying the claim, P(c) 0.83 alone). A claim that opens with a pronoun ("It adds support for Python 3.12")
and names a number or a name after it is stated by a sentence that holds the rest of it (four words at least),
after its own subject ("Version 3.2, released on 14 June, adds support for Python 3.12 and drops support for Python
3.8": P(c) 0.87 on every engine, the model reading the other clause's version): the pronoun stands for what the
answer is about, which the sentence names. The verdict rule (`stated_override`) makes such a claim Supported on
that sentence, whatever the model made of it; where another sentence about it contradicts it, the sources disagree
and the contradiction stands.
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
# right before a run after a pronoun: a word that gives the run a subject of its own clause, not the sentence's
_OPENS = frozenset("that which who whom whose where when if unless whether ( \"".split())
_LEAST_WORDS = 3
# a claim's opening pronoun, standing for the subject the sentence names ("It adds support for …")
_PRONOUNS = frozenset("it they he she".split())


@functools.lru_cache(maxsize=8192)
def _words(text: str) -> tuple[str, ...]:
    return tuple(w.lower().strip(".") or w for w in _WORD.findall(text.replace("’", "'")))


def stated(claim: str, sentence: str) -> Optional[str]:
    """The run of `sentence` that states `claim` word for word (the claim's words less its final stop, at least
    three), or None: not where a word before the run denies, doubts, reports or conditions it (`_BEFORE`), nor where
    the run goes on past the claim's last word into the same clause, or into a limit of it ("…, unless …")."""
    own = _words(claim.strip().rstrip(".!?"))
    rest = sum(w.isalnum() or len(w) > 1 for w in own[1:])
    if own and own[0] in _PRONOUNS and _named(claim) and rest > _LEAST_WORDS \
            and _run(own[1:], _words(sentence), after_subject=True):
        return claim.strip().rstrip(".!?")
    if sum(w.isalnum() or len(w) > 1 for w in own) < _LEAST_WORDS:
        return None
    return claim.strip().rstrip(".!?") if _run(own, _words(sentence)) else None


def _named(claim: str) -> bool:
    """Whether the claim, after its first word, names something (a number or a capitalised word): what a pronoun's
    rest must hold, so that a run as plain as "is free for children" does not stand for another subject's."""
    return bool(re.search(r"\d|(?<=\s)[A-Z]", claim.strip()[1:]))


def _about_it(claim: str, sentence: str) -> bool:
    """Whether the sentence shares a content word with the claim (overclaim's stems: "support" / "supported")."""
    from grounding.overclaim import holds_most
    return holds_most(claim, sentence, 0.0)


def _run(own: tuple[str, ...], theirs: tuple[str, ...], after_subject: bool = False) -> bool:
    """Whether `theirs` holds `own` as one run that nothing before denies and that ends where a clause ends; with
    `after_subject`, a run with a subject before it (not the sentence's first word, nor right after a word that
    opens a clause of its own: "the model that adds …")."""
    # asked of every context sentence for every claim: a sentence whose words (split once, kept) do not hold the
    # claim's as one run is passed over without the word-by-word look
    if f" {' '.join(own)} " not in f" {' '.join(theirs)} ":
        return False
    for i in range(len(theirs) - len(own) + 1):
        if theirs[i:i + len(own)] != own:
            continue
        if after_subject and (i == 0 or theirs[i - 1] in _OPENS):
            continue
        before, after = set(theirs[:i]), theirs[i + len(own):i + len(own) + 2]
        if before & _BEFORE or any(w.endswith("n't") for w in theirs[:i]):
            continue
        if after and (after[0] not in _ENDS or (len(after) > 1 and after[0] in ",;:" and after[1] in _LIMITS)):
            continue
        return True
    return False


def stated_override(v: Verdict, preset: VerdictPreset, claim_text: str, pairs: list[PairScore],
                    context_texts: list[str], entity_diffs: dict[int, EntityDiff]) -> Verdict:
    """A claim not Supported that a context sentence states word for word (`stated`) is Supported on that sentence,
    unless it is Contradicted by another sentence about it (the sources disagree: that stands). A sentence that
    shares none of the claim's words is not about it ("Two deprecated functions have been removed, so some code
    written for 3.1 will need changes" against "It adds support for Python 3.12": P(c) 0.93 alone, and 0.77 read
    with the sentence that states the claim). On with the preset's
    reversal_override; the maps show the cell as the verdict reads it (stages.verdict.show_rules)."""
    if preset.reversal_override is None or v.label == SUPPORTED:
        return v
    column = next((j for j, text in enumerate(context_texts) if stated(claim_text, text)), None)
    pair = next((p for p in pairs if p.column == column), None) if column is not None else None
    if pair is None or (v.label == CONTRADICTED and v.anchor is not None and v.anchor != column
                        and _about_it(claim_text, context_texts[v.anchor])):
        return v
    from grounding.overrides import move_anchor
    before = v.label
    move_anchor(v, pair, preset, entity_diffs)
    v.label, v.conflicting, v.anchor_conflict = SUPPORTED, None, None
    v.rule = f"{STATED_RULE}: context sentence {column + 1} states the claim as written ({before} before: {v.rule})"
    return v

