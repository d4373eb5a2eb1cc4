"""Faithfulness metrics (eTracer) and gold-label scores.

Per response sentence, from its row of the sentence map:
  Faithful      only supporting evidence          -> FCR, Faithful Claim Rate (share of sentences)
  Contradicted  only contradicting evidence       -> HCR, Hallucinated (Contradicted) Rate
  Ambiguous     both supporting and contradicting -> ACR, Ambiguous Rate
  Ungrounded    neither                           -> UCR, Ungrounded Rate
CER   Claim Entailment Rate: share of decomposed claims the response sentence entails (self-check).
ECSS  Evidence-Claim Semantic Similarity: mean cosine of the (claim, evidence) pairs with psi != 0.
PFCR  Polarity Flip Consistency Rate: share of evidence pairs whose psi flips when the claim is negated.
Integrity: (Supported + 0.5 * Partially supported - Contradicted) / assessed claims, clipped to [0, 1].
"""
from __future__ import annotations

from collections import Counter

import numpy as np

from grounding.types import (AMBIGUOUS, CONTRADICTED, FAITHFUL, HALLUCINATED, NOT_ASSESSED, PARTIAL, SUPPORTED,
                             UNGROUNDED, VERDICTS, GoldScores, Metrics)


def sentence_class(labels_row: list[int]) -> str:
    pos, neg = any(v > 0 for v in labels_row), any(v < 0 for v in labels_row)
    return AMBIGUOUS if pos and neg else FAITHFUL if pos else HALLUCINATED if neg else UNGROUNDED


def faithfulness(labels: list[list[int]], assessed_rows: list[bool] | None = None) -> dict:
    classes = [sentence_class(r) for r in labels]
    rows = [c for c, ok in zip(classes, assessed_rows or [True] * len(classes)) if ok]
    n = len(rows) or 1
    count = Counter(rows)
    return {"sentence_classes": classes, "fcr": count[FAITHFUL] / n, "hcr": count[HALLUCINATED] / n,
            "acr": count[AMBIGUOUS] / n, "ucr": count[UNGROUNDED] / n}


def integrity(verdict_labels: list[str]) -> float:
    assessed = [v for v in verdict_labels if v != NOT_ASSESSED]
    if not assessed:
        return 0.0
    c = Counter(assessed)
    return float(np.clip((c[SUPPORTED] + 0.5 * c[PARTIAL] - c[CONTRADICTED]) / len(assessed), 0.0, 1.0))


def _f1(pred: np.ndarray, gold: np.ndarray, cls: int) -> float:
    tp = float(((pred == cls) & (gold == cls)).sum())
    fp = float(((pred == cls) & (gold != cls)).sum())
    fn = float(((pred != cls) & (gold == cls)).sum())
    return 0.0 if tp == 0 else 2 * tp / (2 * tp + fp + fn)


def gold_scores(pred_rows: list[list[int]], gold_rows: list[list[int]], replicates: int = 1000,
                seed: int = 0) -> GoldScores:
    """Support / Contradict / Citation F1 over all cells, with 95% bootstrap CIs resampling rows
    (response sentences)."""
    if len(pred_rows) != len(gold_rows) or any(len(p) != len(g) for p, g in zip(pred_rows, gold_rows)):
        raise ValueError("gold labels must have the shape of the sentence map (response sentences x context sentences)")
    stats = row_counts(pred_rows, gold_rows)
    point = f1_from_counts(stats.sum(0))
    ci = bootstrap_ci(stats, replicates, seed) if replicates else {}
    return GoldScores(support_f1=round(point[0], 4), contradict_f1=round(point[1], 4), citation_f1=round(point[2], 4),
                      ci95=ci, pairs=int(sum(len(r) for r in gold_rows)))


def row_counts(pred_rows, gold_rows) -> np.ndarray:
    """(rows, 6): tp/fp/fn for support then contradict, per row -- what the bootstrap resamples."""
    out = np.zeros((len(pred_rows), 6))
    for i, (p, g) in enumerate(zip(pred_rows, gold_rows)):
        p, g = np.asarray(p), np.asarray(g)
        for k, cls in enumerate((1, -1)):
            out[i, 3 * k] = ((p == cls) & (g == cls)).sum()
            out[i, 3 * k + 1] = ((p == cls) & (g != cls)).sum()
            out[i, 3 * k + 2] = ((p != cls) & (g == cls)).sum()
    return out


def f1_from_counts(c: np.ndarray) -> tuple[float, float, float]:
    def f1(tp, fp, fn):
        return 0.0 if tp == 0 else 2 * tp / (2 * tp + fp + fn)
    s, k = f1(*c[0:3]), f1(*c[3:6])
    return s, k, (s + k) / 2


def bootstrap_ci(stats: np.ndarray, replicates: int, seed: int = 0) -> dict[str, list[float]]:
    rng = np.random.default_rng(seed)
    n = len(stats)
    draws = np.array([f1_from_counts(stats[rng.integers(0, n, n)].sum(0)) for _ in range(replicates)])
    lo, hi = np.percentile(draws, [2.5, 97.5], axis=0)
    return {name: [round(float(lo[i]), 4), round(float(hi[i]), 4)] for i, name in
            enumerate(("support_f1", "contradict_f1", "citation_f1"))}


def compute(sentence_labels: list[list[int]], assessed_rows: list[bool], claims_passed: list[bool],
            evidence_cosines: list[float], flips: tuple[int, int] | None, verdict_labels: list[str],
            gold: list[list[int]] | None = None) -> Metrics:
    rates = faithfulness(sentence_labels, assessed_rows)
    m = Metrics(sentence_classes=rates["sentence_classes"], fcr=round(rates["fcr"], 4), hcr=round(rates["hcr"], 4),
                acr=round(rates["acr"], 4), ucr=round(rates["ucr"], 4),
                cer=round(sum(claims_passed) / len(claims_passed), 4) if claims_passed else None,
                ecss=round(float(np.mean(evidence_cosines)), 4) if evidence_cosines else None,
                pfcr=round(flips[0] / flips[1], 4) if flips and flips[1] else None,
                integrity=round(integrity(verdict_labels), 4),
                verdict_counts={v: verdict_labels.count(v) for v in VERDICTS if verdict_labels.count(v)})
    if gold is not None:
        m.gold = gold_scores(sentence_labels, gold)
    return m
