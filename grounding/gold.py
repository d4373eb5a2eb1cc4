"""A result against gold labels (the CLI's `gold`: response sentences × context sentences, +1 supports, -1
contradicts, 0 neither): the 3×3 confusion matrix and the cells the model got wrong. The F1 figures themselves
are `metrics.gold_scores`, the function `python -m grounding run` scores a record with."""
from __future__ import annotations

from dataclasses import dataclass

from grounding import metrics
from grounding.types import GoldScores, GroundingResult

CLASSES = (1, -1, 0)   # the confusion matrix's order: support, contradict, irrelevant
CLASS_NAMES = {1: "support", -1: "contradict", 0: "irrelevant"}


@dataclass(frozen=True)
class WrongCell:
    row: int
    column: int
    gold: int
    predicted: int

    @property
    def missed_contradiction(self) -> bool:
        """Gold says the sentence contradicts the claim, the model did not: the error that matters most."""
        return self.gold == -1


def check_shape(result: GroundingResult, gold: list[list[int]]) -> None:
    """Raise ValueError unless `gold` has the sentence map's shape (rows x columns) and holds only -1 / 0 / 1."""
    n, m = len(result.response_sentences), len(result.context_sentences)
    if len(gold) != n or any(len(row) != m for row in gold):
        shape = f"{len(gold)} × {', '.join(sorted({str(len(r)) for r in gold})) or 0}"
        raise ValueError(f"the gold labels are {shape}, the result is {n} response × {m} context sentences: "
                         "gold needs one row per response sentence and one column per context sentence")
    if any(int(x) not in CLASSES or x != int(x) for row in gold for x in row):
        raise ValueError("gold labels must be -1 (contradicts), 0 (neither) or 1 (supports)")


def confusion(predicted: list[list[int]], gold: list[list[int]]) -> list[list[int]]:
    """counts[g][p]: cells with gold class CLASSES[g] and predicted class CLASSES[p]."""
    index = {c: k for k, c in enumerate(CLASSES)}
    counts = [[0] * len(CLASSES) for _ in CLASSES]
    for prow, grow in zip(predicted, gold):
        for p, g in zip(prow, grow):
            counts[index[int(g)]][index[int(p)]] += 1
    return counts


def wrong_cells(predicted: list[list[int]], gold: list[list[int]]) -> list[WrongCell]:
    """The cells whose predicted label is not the gold one, row-major."""
    return [WrongCell(i, j, int(g), int(p)) for i, (prow, grow) in enumerate(zip(predicted, gold))
            for j, (p, g) in enumerate(zip(prow, grow)) if int(p) != int(g)]


def score(result: GroundingResult, gold: list[list[int]]) -> GoldScores:
    """Support / Contradict / Citation F1 with bootstrap CIs of `result` against `gold`: the very call the
    pipeline's metrics stage makes for `python -m grounding run` (metrics.gold_scores on the sentence map)."""
    check_shape(result, gold)
    return metrics.gold_scores(result.sentence_map.labels, gold)
