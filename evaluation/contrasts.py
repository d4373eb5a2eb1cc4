"""Rule-made contradictions: reversing the direction a sentence states ("lowered" -> "raised").

A reversed direction is the most common contradiction in scientific claims, and the one small models miss
most. Used to build training data (training/scorer.py, training/entailment.py) and the direction row of
``python -m evaluation.entailment entailment``.
"""
from __future__ import annotations

import random
import re

from evaluation.datasets import NLIPair

_DIRECTION_PAIRS = [
    ("increase", "decrease"), ("increases", "decreases"), ("increased", "decreased"), ("increasing", "decreasing"),
    ("raise", "lower"), ("raises", "lowers"), ("raised", "lowered"), ("raising", "lowering"),
    ("rise", "fall"), ("rises", "falls"), ("rose", "fell"), ("risen", "fallen"), ("rising", "falling"),
    ("improve", "worsen"), ("improves", "worsens"), ("improved", "worsened"), ("improving", "worsening"),
    ("higher", "lower"), ("more", "less"), ("positive", "negative"), ("positively", "negatively"),
    ("reduces", "increases"), ("reduced", "increased"), ("reducing", "increasing"),
]
_DIRECTION = {}
for _a, _b in _DIRECTION_PAIRS:
    _DIRECTION.setdefault(_a, _b)
    _DIRECTION.setdefault(_b, _a)
_DIRECTION_RE = re.compile(r"\b(" + "|".join(sorted(_DIRECTION, key=len, reverse=True)) + r")\b", re.IGNORECASE)


def direction_swap(text: str) -> str:
    """The first direction word replaced by its opposite ("lowered" -> "raised", "increased risk" ->
    "decreased risk"), case kept; the text unchanged when it has none. A reversed direction is the most
    common contradiction in scientific claims, and the one small models miss most."""
    m = _DIRECTION_RE.search(text)
    if not m:
        return text
    word = _DIRECTION[m.group(1).lower()]
    if m.group(1)[0].isupper():
        word = word[0].upper() + word[1:]
    return text[: m.start(1)] + word + text[m.end(1):]


_UP = re.compile(r"\b(increas\w*|rais\w*|ris(?:e|es|en|ing)|rose|higher|improv\w*|positive(?:ly)?)\b", re.IGNORECASE)
_DOWN = re.compile(r"\b(decreas\w*|lower\w*|fall(?:s|en|ing)?|fell|reduc\w*|worsen\w*|negative(?:ly)?)\b", re.IGNORECASE)
_NEGATED = re.compile(r"(?:\bnot|\bno|\bnever|n't|\bwithout)\W+(?:\w+\W+){0,2}$", re.IGNORECASE)


def _reversal(p: NLIPair) -> NLIPair | None:
    """The direction reversal of an entailment pair, or None when it does not qualify (see direction_contrasts)."""
    if p.label != "entailment":
        return None
    m = _DIRECTION_RE.search(p.hypothesis)
    if not m or _NEGATED.search(p.hypothesis[: m.start(1)]):
        return None
    word = m.group(1).lower()
    if word in ("more", "less"):
        ok = re.search(rf"\b{word}\b", p.premise, re.IGNORECASE) is not None
    else:
        family = _UP if _UP.fullmatch(word) else _DOWN if _DOWN.fullmatch(word) else None
        ok = family is not None and family.search(p.premise) is not None
    swapped = direction_swap(p.hypothesis)
    return NLIPair(p.premise, swapped, "contradiction", "direction_contrast") if ok and swapped != p.hypothesis else None


def direction_pairs(pairs: list[NLIPair], rng: random.Random, limit: int) -> list[tuple[NLIPair, NLIPair]]:
    """(original, reversal) for up to `limit` qualifying entailment pairs, drawn in a shuffled order (see
    direction_contrasts)."""
    cands = list(pairs)
    rng.shuffle(cands)
    out = []
    for p in cands:
        r = _reversal(p)
        if r is not None:
            out.append((p, r))
            if len(out) >= limit:
                break
    return out


def direction_contrasts(pairs: list[NLIPair], rng: random.Random, limit: int) -> list[NLIPair]:
    """Contradictions made from entailment pairs by reversing the hypothesis's direction word ("lowered" ->
    "raised", direction_swap) where the premise states that same direction. The stage-2 entailment model
    called such reversals contradiction only 35 % of the time, entailment 43 % (2026-11-30).

    Kept only when the premise has a word of the hypothesis word's direction family (for "more" / "less":
    the same word) and the word is not negated nearby ("isn't rising"), so the reversal contradicts what the
    premise says instead of making an odd sentence ("learn more" -> "learn less")."""
    return [r for _, r in direction_pairs(pairs, rng, limit)]


def with_originals(pairs: list[NLIPair]) -> list[NLIPair]:
    """[original, reversal, original, reversal, ...] for every qualifying entailment pair, in input order:
    a check that a model tells the stated direction from the reversed one."""
    out = []
    for p in pairs:
        r = _reversal(p)
        if r is not None:
            out += [p, r]
    return out
