"""Learned verdicts (preset "learned"): a small fitted model (multinomial logistic, or boosted trees) decides a
claim's verdict from the signals the pipeline already has, instead of fixed weights and bands.

Features of a claim (``claim_features``), from its judged pairs (the context sentences above tau, or the
scorer's labelled cells) and the entity comparison against each:
  best cosine; the most similar judged sentence's P(e), P(n), P(c); max P(e) and max P(c) over judged sentences
  (each times its cosine too); how many judged sentences lean support / contradict; whether both occur
  (the sources disagree); the fused-evidence anchor's rank by cosine; entity overlap and the count of
  claim-only entities at the support anchor; **quantity conflicts**: numbers, percentages, amounts or dates
  of the claim that the anchor states with another value for the same kind and unit (30% vs 70%, 50 mg vs
  25 mg, 2021 vs 2023), at the most similar and at the strongest-support sentence; P(e) and P(c) of the claim
  against its judged sentences read together (stage judge_joint), when they were.

The model (logistic coefficients and feature scaling, or a small gradient-boosted tree ensemble; class order; how it
was fitted and what it scored) is plain JSON in
``exported_models/verdicts/<engine>.json``, fitted by ``training/verdicts.py`` with scikit-learn on the evidence
*train* sets' claim labels; the runtime needs numpy only. Its probabilities give the label: Contradicted or
Unsupported when most likely (Contradicted only with P(Contradicted) at least the model's ``contradicted_min``,
chosen on dev to hold false alarms down); Supported when P(Supported) is the largest and at least
``supported`` (the preset field, a probability here), else Partially supported. The file records the sha256 of
every ONNX model whose numbers its features read ("models"); a model set holding others cannot use it (grounding.fitted).
"""
from __future__ import annotations

import functools
import json
import re
from pathlib import Path
from typing import Optional

import numpy as np

from grounding import fitted
from grounding.differences import change_by, compared_change
from grounding.entities import mentions
from grounding.ranges import in_range, is_difference, share_of
from grounding.values import moved_from, opposite_bounds, same_quantity, same_verb, values_agree
from grounding.invisible import judged_text
from grounding.units import _unit_after, counts_another, other_unit, same_unit
from grounding.measured import second_of_two
from grounding.types import CONTRADICTED, PARTIAL, SUPPORTED, UNSUPPORTED, PairScore

FEATURES = (
    "judged", "best_cosine", "top_entail", "top_neutral", "top_contradict",
    "max_entail", "max_contradict", "max_cos_entail", "max_cos_contradict",
    "n_support", "n_contradict", "both", "anchor_rank",
    "anchor_overlap", "anchor_overlap_missing", "anchor_claim_only",
    "top_quantity_conflicts", "anchor_quantity_conflicts", "claim_has_quantity",
    "joint_read", "joint_entail", "joint_contradict",
)
CLASSES = (SUPPORTED, UNSUPPORTED, CONTRADICTED)

# a value the sentence names only to deny it: "now 25 mg once daily, not 50 mg", "rather than 2021"
_DENIAL = re.compile(r"\b(?:not|no longer|rather than|instead of|never|nor)\s+$", re.IGNORECASE)


def _only_denied(text: str, surface: str) -> bool:
    """Whether `surface` occurs in `text` and every occurrence comes straight after a denial ("not 50 mg")."""
    spots = [m.start() for m in re.finditer(r"(?<![\w.])" + re.escape(surface) + r"(?!\w)", text)]
    return bool(spots) and all(_DENIAL.search(text[max(0, s - 20):s]) for s in spots)


# words that give a change its direction, next to the value they move ("rose by 6%", "6% less than in 2022")
_UP = {"rose", "rise", "rises", "risen", "rising", "increase", "increased", "increases", "increasing", "grew", "grow",
       "grows", "grown", "higher", "more", "up", "gain", "gained", "gains", "climbed", "jumped", "raised", "above",
       "exceeded", "surged", "widened", "widen", "widens", "widening", "expanded", "expands", "later"}
_DOWN = {"fell", "fall", "falls", "fallen", "falling", "decrease", "decreased", "decreases", "decreasing", "declined",
         "decline", "declines", "dropped", "drop", "drops", "lower", "less", "fewer", "down", "shrank", "shrunk",
         "reduced", "reduction", "cut", "lost", "below", "slipped", "lowered", "narrowed", "narrows", "narrowing",
         "contracted", "contracts", "earlier"}
_WORD = re.compile(r"[A-Za-z]+")
# comparatives and adverbs that may follow the value they move ("6% less", "5 points higher"); a verb after it is its
# subject's ("200,000 homes lost power"), not the value's
_AFTER = {"more", "less", "fewer", "higher", "lower", "up", "down", "above", "below", "later", "earlier"}
# a bound just before the value is no direction: "more than 200,000", "up to 50%", "above 5%"
_BOUND = re.compile(r"\b(?:(?:more|less|fewer|greater|higher|lower)\s+than|no\s+more\s+than|up\s+to|above|below|over"
                    r"|under)\s*$", re.IGNORECASE)


_LATER = ("later", "earlier")
_LENGTH_LATER = re.compile(r"\s+(?:seconds?|minutes?|hours?|days?|weeks?|months?|years?)\s+(?:later|earlier)\b", re.I)
_SLOWLY = re.compile(r"\s+(more|less)\s+slowly\b", re.IGNORECASE)


def direction(text: str, start: int, end: int, reach: int = 3) -> tuple[int, str]:
    """(+1 / -1 / 0, the word): the direction word nearest to the value at text[start:end], among the `reach`
    words before it and after it ("rose by 6%": +1 'rose'; "6% less than": -1 'less'). After the value only the word
    next to it ("a 6% increase") or a comparative counts; before it, a bound is skipped ("rose to more than 5%":
    'rose'; "More than 200,000 homes lost power": none)."""
    slow = _SLOWLY.match(text, end)    # "grow 20% more slowly" is 20% less growth
    if slow:
        return (-1 if slow.group(1).lower() == "more" else 1), slow.group(0).strip()
    head = text[max(0, start - 40):start]
    bound = _BOUND.search(head)
    before = _WORD.findall(head[:bound.start()] if bound else head)[-reach:]
    after = [w if i == 0 or w.lower() in _AFTER else ""
             for i, w in enumerate(_WORD.findall(text[end:end + 40])[:reach])]
    nearest_first = []
    for i in range(reach):   # one word back, one word on, two back, ...
        nearest_first += before[len(before) - 1 - i:len(before) - i] + after[i:i + 1]
    for word in nearest_first:
        w = word.lower()
        if w in _LATER and not _LENGTH_LATER.match(text, end):   # "10 minutes later" moves the length, not "5:50am"
            continue
        if w in _UP or w in _DOWN:
            return (1 if w in _UP else -1), word
    return 0, ""


# the value said to have stayed where it was: "a dividend of $0.40 per share, unchanged from the previous quarter",
# "held at 5%" (against "was raised to $0.40": the model read it as support, P(e) 0.86)
_HELD_BEFORE = re.compile(r"\b(?:(?P<w>held|kept|maintained|left)\s+(?:[a-z]+\s+){0,2}?at"
                          r"|(?P<v>unchanged|remained|remains|stayed|stays|steady|flat)(?:\s+at)?)\s+$", re.IGNORECASE)
_HELD_AFTER = re.compile(r",?[ \t]*(?:[a-z]+,?[ \t]+){0,3}?(?:was[ \t]+|is[ \t]+)?(?P<w>unchanged|flat)\b", re.IGNORECASE)


def held(text: str, start: int, end: int) -> str:
    """The word that says the value at text[start:end] did not move ("unchanged", "held at"), else ""."""
    m = _HELD_BEFORE.search(text[max(0, start - 20):start]) or _HELD_AFTER.match(text, end)
    return (m.group("w") or m.groupdict().get("v") or "") if m else ""


# a year that dates a cited work ("(Daly and Robinson, 2021b)", "Daly et al., 2020;") is no value of what is said
_CITED = re.compile(r"(?:\bet\s+al\.?,?|[A-Z][a-z]+(?:\s+and\s+[A-Z][a-z]+)?,)\s*$")


def _uncited(text: str, found) -> tuple:
    return tuple(m for m in found if not (m.kind == "year" and _CITED.search(text[max(0, m.start - 40):m.start])
                                          and re.match(r"[a-z]?\s*[);]", text[m.end:m.end + 3])))


def quantity_conflicts(claim: str, context: str, values: bool = True, same_figure: bool = False,
                       bounds: bool = True) -> list[tuple[str, str]]:
    """(claim value, context value) pairs where both texts give a value of the same kind (percent, money, year,
    date, or a number followed by the same unit word; not a decade) and the values differ, while the claim's value is
    nowhere in the context sentence, or only denied there ("25 mg, not 50 mg"). "70%" vs "30%", "50 mg" vs
    "25 mg", "2021" vs "2023" -- unless the sentence also states another of the claim's values of that kind (it
    speaks of several quantities, which of its values answers which is unknown). Also the same value moving the
    other way: a direction word beside it in each text ("rose by 6%" vs "6% less": ("6% (rose)", "6% (less)")),
    the only conflicts given when `values` is False; with `same_figure`, a moved value against the same said not to
    move ("raised to $0.40" against "$0.40 per share, unchanged", `held`). `same_figure`: another value only where both are one figure
    (values.same_quantity: not "reach 20 gigawatts … by 2030" against "added 1.8 gigawatts … in 2023") and where
    the two cannot both be true as written (values.values_agree: not "43%" against "about 40%", "62%" against "more
    than 50%"), neither an end of a range ("1–2%"; values.in_range), and the claim's number written with another
    unit of one dimension wherever the sentence gives it ("4 mg" against "4 g", `other_unit`); the verdict notes and
    the quantity override ask for it, the model's features (fitted without it) do not; with it too, a difference
    ("100 dollars more than the base model") is compared with differences only (values.is_difference), and a rank,
    a multiple and a fraction are figures ("second tallest" against "third tallest", grounding.ranks; "tripled"
    against "doubled", "a quarter" against "a third", grounding.multiples), and so is a length of time in any unit
    or span ("about an hour" against "35 to 40 minutes", grounding.durations), and no limit against a cap
    ("unlimited claims" against "up to two claims", grounding.caps), around the clock against hours that end ("24
    hours a day" against "from 6am to 11pm", grounding.hours), the same value bounded the other way where
    `bounds` (values.opposite_bounds: asked only of a claim the model backed), and a day of each month ("the 15th of each
    month" against "the first day of each month", grounding.monthdays), a grade ("rated outstanding" against "rated
    good", grounding.grades) and every day against some days of the week ("every evening" against "on Monday,
    Wednesday and Friday evenings", grounding.weekdays), and all year against part of it ("open all year" against "open
    from March to October", grounding.seasons), and how many times a deed is done ("renewed three times" against
    "renewed twice", frequencies.times_conflicts), and the claim's own words before another value
    (grounding.verbatim)."""
    claim, context = judged_text(claim), judged_text(context)    # as the models read them: "4\u202e0" is 40
    cm, xm = _uncited(claim, mentions(claim)), _uncited(context, mentions(context))
    keys = {m.key for m in xm}
    out = []
    # a kind of which the sentence states one of the claim's values too: it speaks of several quantities, and which
    # of its values answers which of the claim's is unknown ("28% ... 27% ... 3%" against "4.5% to 27%")
    stated = [c.kind != "named" and c.key in keys and not _only_denied(context, c.surface)
              and not all(_DENIAL.search(context[max(0, x.start - 20):x.start]) for x in xm if x.key == c.key)
              and not (same_figure and counts_another(claim, c, context, xm)) for c in cm]
    # of a number, the kind is its unit: "24 hours" stated in both is no reason to leave "6 doses" / "4 doses" alone
    # (only with same_figure: the learned model's features were fitted without it)
    def unit_of(text: str, end: int) -> str:   # "a 10-inch screen" has a unit only for the rule (`same_figure`)
        return _unit_after(text, end, hyphen=same_figure)
    shared = {(c.kind, unit_of(claim, c.end) if c.kind == "number" and same_figure else "")
              for c, s in zip(cm, stated) if s}
    for c, is_stated in zip(cm, stated):
        if c.kind in ("named", "decade") or same_figure and _only_denied(claim, c.surface) \
                and _only_denied(context, c.surface):   # a decade holds its years; a value both deny ("rather than
            continue                                    # every 20 minutes" / "instead of every 20 minutes")
        if is_stated:
            # the same value moving the other way: "rose by 6%" against "6% less than in 2022"
            way, word = direction(claim, c.start, c.end)
            for x in (m for m in xm if m.key == c.key) if way else ():
                other, their = direction(context, x.start, x.end)
                if not other and same_figure:   # "was 81.5%, compared with 79.0% a year ago": it rose
                    other, their = compared_change(context, x, list(xm))
                if other == -way or (same_figure and not other and (their := held(context, x.start, x.end))):
                    out.append((f"{c.surface} ({word.lower()})", f"{x.surface} ({their.lower()})"))
                    break
            # the same number of another unit of one dimension, wherever the sentence writes it: "4 mg" against "4 g"
            unit = unit_of(claim, c.end) if c.kind == "number" and values and same_figure else ""
            theirs = [unit_of(context, x.end) for x in xm if x.key == c.key]    # "10kg" too
            if unit and theirs and all(other_unit(unit, u) for u in theirs):
                out.append((f"{c.surface} {unit}", f"{c.surface} {theirs[0]}"))
            # the same value bounded the other way: "people under 55" against "people over 55"
            other_side = opposite_bounds(claim, c, context) if values and same_figure and bounds \
                and c.kind in ("number", "percent", "money") else None
            # the start of a change taken for its end: "widened to 14%" against "narrowed to 12% from 14%"
            start = moved_from(claim, c, context, list(xm)) if values and same_figure and not other_side else None
            for found in (other_side, start):
                if found and not any(c.surface in o[0] for o in out):
                    out.append(found)
            continue
        unit = unit_of(claim, c.end) if c.kind == "number" else ""
        paired = second_of_two(claim, cm, context, xm, c) if same_figure and values and not in_range(claim, c) else None
        if paired is not None and not values_agree(claim, c, context, paired):   # (a span's ends: ranges)
            out.append((c.surface, paired.surface))   # "from 1 November 2025 … 15 February 2026" / "… 15 January 2026"
            continue
        if (c.kind, unit if same_figure else "") in shared or not values:
            continue
        others = [x for x in xm if x.kind == c.kind and x.key != c.key
                  and (c.kind != "number" or (unit and same_unit(unit_of(context, x.end), unit, same_figure)))]
        if same_figure:   # ends of ranges are not values of their own; a value the claim's allows is no conflict;
            # a difference answers only a difference: "100 dollars more than" is not "costs 799 dollars"
            others = [x for x in others if not in_range(context, x) and is_difference(context, x) == is_difference(claim, c)]
            if in_range(claim, c) or any(values_agree(claim, c, context, x) or share_of(claim, c, context, x)
                                         for x in others) \
                    or change_by(claim, c, context, list(xm)):   # "half the standard fee of 400 euros" gives 200
                continue                                         # euros; "down by 3p" is "from 27p to 24p"
        if same_figure:   # the value its verb gives first ("frozen for … three months" / "can be frozen for a month")
            others.sort(key=lambda x: not same_verb(claim, c.surface, context, x.surface))
        for x in others:
            pair = (f"{c.surface} {unit}", f"{x.surface} {unit_of(context, x.end)}") if unit else (c.surface, x.surface)
            if same_figure and not same_quantity(claim, pair[0], context, pair[1], c.kind in ("date", "year", "time")):
                continue
            out.append(pair)
            break
    if same_figure and values:     # ranks, multiples, lengths, caps, hours, ... (grounding.figure_rules)
        from grounding.figure_rules import figure_conflicts
        figure_conflicts(claim, context, out)
    return out


def claim_features(claim: str, pairs: list[PairScore], context_texts: list[str], best_cosine: Optional[float],
                   joint: Optional[list[float]] = None) -> np.ndarray:
    """The FEATURES vector of one claim (float64). `context_texts` is the list of all context sentences; `joint`:
    the claim's P(e), P(n), P(c) against its judged sentences read together (None: not read together)."""
    judged = [p for p in pairs if p.judged]
    f = dict.fromkeys(FEATURES, 0.0)
    if joint is not None:
        f["joint_read"], f["joint_entail"], f["joint_contradict"] = 1.0, float(joint[0]), float(joint[2])
    f["best_cosine"] = float(best_cosine or 0.0)
    f["claim_has_quantity"] = float(any(m.kind != "named" for m in mentions(claim)))
    f["anchor_overlap_missing"] = 1.0
    if judged:
        by_cos = sorted(judged, key=lambda p: -p.cosine)
        top = by_cos[0]
        f["judged"] = 1.0
        f["best_cosine"] = max(f["best_cosine"], top.cosine)
        f["top_entail"], f["top_neutral"], f["top_contradict"] = top.entail, top.neutral, top.contradict
        f["max_entail"] = max(p.entail for p in judged)
        f["max_contradict"] = max(p.contradict for p in judged)
        f["max_cos_entail"] = max(p.cosine * p.entail for p in judged)
        f["max_cos_contradict"] = max(p.cosine * p.contradict for p in judged)
        f["n_support"] = float(sum(p.psi == 1 for p in judged))
        f["n_contradict"] = float(sum(p.psi == -1 for p in judged))
        f["both"] = float(f["n_support"] > 0 and f["n_contradict"] > 0)
        anchor = max(judged, key=lambda p: (p.cosine * p.entail, p.cosine))
        f["anchor_rank"] = float(by_cos.index(anchor))
        if anchor.entity_overlap is not None:
            f["anchor_overlap"], f["anchor_overlap_missing"] = anchor.entity_overlap, 0.0
        f["top_quantity_conflicts"] = float(len(quantity_conflicts(claim, context_texts[top.column])))
        f["anchor_quantity_conflicts"] = float(len(quantity_conflicts(claim, context_texts[anchor.column])))
        claim_keys = {m.key for m in mentions(claim)}
        anchor_keys = {m.key for m in mentions(context_texts[anchor.column])}
        f["anchor_claim_only"] = float(len(claim_keys - anchor_keys))
    return np.array([f[k] for k in FEATURES], dtype=np.float64)


class LearnedVerdictModel:
    """The fitted model read from JSON: probabilities over CLASSES for feature vectors.

    Two kinds, both plain numbers the runtime evaluates with numpy:
      "logistic" (the default when "kind" is absent): standardised features, coefficients, intercepts, softmax;
      "trees": gradient-boosted regression trees, one per class per stage; a class's score is its "init" plus
        "learning_rate" times the sum of its trees' leaf values, then softmax. Each tree is flat arrays in the
        layout scikit-learn keeps them in: "left" / "right" child index (-1 at a leaf), "feature", "threshold"
        (go left when the feature is <= it) and "value" (the leaf's output).
    """

    def __init__(self, path: str | Path):
        self.path = Path(path)
        data = json.loads(self.path.read_text())
        if tuple(data["features"]) != FEATURES or tuple(data["classes"]) != CLASSES:
            raise ValueError(f"{self.path} was fitted on other features or classes than this runtime computes; "
                             "refit it with python -m training.verdicts.")
        self.kind = data.get("kind", "logistic")
        if self.kind == "logistic":
            self.mean, self.scale = np.asarray(data["mean"]), np.asarray(data["scale"])
            self.coef, self.intercept = np.asarray(data["coef"]), np.asarray(data["intercept"])
        elif self.kind == "trees":
            self.init, self.learning_rate = np.asarray(data["init"], dtype=np.float64), float(data["learning_rate"])
            self.trees = [[{key: np.asarray(tree[key]) for key in ("left", "right", "feature", "threshold", "value")}
                           for tree in stage] for stage in data["trees"]]
            if any(len(stage) != len(CLASSES) for stage in self.trees):
                raise ValueError(f"{self.path}: every stage needs one tree per class ({len(CLASSES)})")
        else:
            raise ValueError(f"{self.path}: unknown model kind {self.kind!r} (logistic or trees)")
        self.contradicted_min = float(data.get("contradicted_min", 0.0))
        self.card = {k: v for k, v in data.items()
                     if k not in ("mean", "scale", "coef", "intercept", "trees", "init")}

    def raw_scores(self, x: np.ndarray) -> np.ndarray:
        x = np.atleast_2d(np.asarray(x, dtype=np.float64))
        if self.kind == "logistic":
            return ((x - self.mean) / self.scale) @ self.coef.T + self.intercept
        z = np.tile(self.init, (len(x), 1))
        for stage in self.trees:
            for k, tree in enumerate(stage):
                z[:, k] += self.learning_rate * np.array([_leaf(tree, row) for row in x])
        return z

    def probabilities(self, x: np.ndarray) -> np.ndarray:
        z = self.raw_scores(x)
        z -= z.max(axis=1, keepdims=True)
        e = np.exp(z)
        return e / e.sum(axis=1, keepdims=True)


def _leaf(tree: dict, row: np.ndarray) -> float:
    """The output of one regression tree for one feature row."""
    node = 0
    while tree["left"][node] >= 0:
        node = tree["left"][node] if row[tree["feature"][node]] <= tree["threshold"][node] else tree["right"][node]
    return float(tree["value"][node])


@functools.lru_cache(maxsize=8)
def _checked(models_dir: str, engine: str) -> tuple[Optional[LearnedVerdictModel], str]:
    """(the model, '') or (None, why there is none to use, in words)."""
    path = Path(models_dir) / "verdicts" / f"{engine}.json"
    if not path.is_file():
        return None, f"{path} is missing"
    model = LearnedVerdictModel(path)
    reason = fitted.differences(model.card.get("models"), models_dir, engine)
    return (None, reason) if reason else (model, "")


def unusable(models_dir: str, engine: str) -> str:
    """'' where the set in `models_dir` has a learned verdict model of `engine` fitted on its very models, else why
    not: no file, or one fitted on other models (grounding.fitted)."""
    return _checked(models_dir, engine)[1]


def load(models_dir: str, engine: str) -> LearnedVerdictModel:
    """The engine's learned verdict model, or a ValueError saying why there is none to use and what to do. Read and
    checked once per set."""
    model, reason = _checked(models_dir, engine)
    if model is not None:
        return model
    if reason.endswith(" is missing"):
        raise ValueError(f"The learned verdict preset has no model for engine '{engine}' ({reason}); "
                         "use preset 'paper' or fit one with python -m training.verdicts.")
    raise ValueError(f"The learned verdicts of engine '{engine}' do not fit this model set: {reason}. Refit them "
                     f"({fitted.REFIT.format(engine=engine)}) or use preset 'joint'.")


load.cache_clear = _checked.cache_clear


def label_from(probs: np.ndarray, supported_min: float, contradicted_min: float = 0.0) -> str:
    """The verdict label from P(Supported), P(Unsupported), P(Contradicted): the most likely class, except that
    Contradicted needs P(Contradicted) >= contradicted_min (else the more likely of the other two), and
    Supported needs P(Supported) >= supported_min (else Partially supported)."""
    order = [int(i) for i in np.argsort(-probs)]
    best = CLASSES[order[0]]
    if best == CONTRADICTED and probs[2] < contradicted_min:
        best = CLASSES[order[1]]
    if best == SUPPORTED and probs[0] < supported_min:
        return PARTIAL
    return best


def anchor_for(label: str, pairs: list[PairScore]) -> Optional[PairScore]:
    """The judged sentence the verdict rests on: the strongest contradiction for Contradicted, the strongest
    support otherwise (None when nothing was judged)."""
    judged = [p for p in pairs if p.judged]
    if not judged:
        return None
    if label == CONTRADICTED:
        return max(judged, key=lambda p: (p.cosine * p.contradict, p.cosine))
    return max(judged, key=lambda p: (p.cosine * p.entail, p.cosine))


def describe(probs: np.ndarray) -> str:
    return ", ".join(f"P({c}) = {p:.2f}" for c, p in zip(CLASSES, probs))

