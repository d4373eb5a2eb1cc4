"""Two results for the same input (two engines, or two settings) side by side: which map cells and which
response sentences' verdicts differ. Pure functions over GroundingResults; the app's compare view draws them."""
from __future__ import annotations

from dataclasses import dataclass, field

from grounding.types import GroundingResult

LABEL_NAMES = {1: "support", -1: "contradict", 0: "irrelevant"}


@dataclass
class Comparison:
    """Where result `a` and result `b` differ.

    cells: (row, column) of the sentence-map cells whose labels (+1 / -1 / 0) differ, in row-major order, over
        the rows both assessed; cells_compared: how many cells that covers (rows both assessed × columns).
    sentences: response-sentence indices whose verdicts differ (the labels of the sentence's claims, in order;
        engines that split claims differently differ only where the labels do); sentences_compared: how many
        sentences both assessed.
    claims_a / claims_b: the claim indices of those sentences in each result (the verdict cards to flag)."""
    cells: list[tuple[int, int]] = field(default_factory=list)
    cells_compared: int = 0
    sentences: list[int] = field(default_factory=list)
    sentences_compared: int = 0
    claims_a: list[int] = field(default_factory=list)
    claims_b: list[int] = field(default_factory=list)

    def summary(self) -> str:
        """"N of M cells differ, K of S sentences' verdicts differ"."""
        return (f"{len(self.cells):,} of {self.cells_compared:,} cells differ, {len(self.sentences)} of "
                f"{self.sentences_compared} sentences' verdicts differ")


def sentence_verdicts(result: GroundingResult) -> list[tuple[str, ...]]:
    """Per response sentence, the verdict labels of its claims in claim order (rejected splits left out)."""
    out: list[list[str]] = [[] for _ in result.response_sentences]
    for v in result.verdicts:
        claim = result.claims[v.claim]
        if claim.origin != "rejected" and 0 <= claim.sentence < len(out):
            out[claim.sentence].append(v.label)
    return [tuple(labels) for labels in out]


def sentence_label(labels: tuple[str, ...]) -> str:
    """A sentence's verdicts in one word: the single label, or the distinct labels joined with " / "."""
    return " / ".join(dict.fromkeys(labels)) or "—"


def compare(a: GroundingResult, b: GroundingResult) -> Comparison:
    """The cells and sentences where `a` and `b` differ. Both must come from the same response and context
    (the same sentences on both axes); raises ValueError naming the mismatch otherwise."""
    if [s.text for s in a.response_sentences] != [s.text for s in b.response_sentences]:
        raise ValueError("the two results have different response sentences: compare results of the same input")
    if [s.text for s in a.context_sentences] != [s.text for s in b.context_sentences]:
        raise ValueError("the two results have different context sentences: compare results of the same input")
    out = Comparison()
    if not (a.coverage.assessed and b.coverage.assessed) or a.sentence_map is None or b.sentence_map is None:
        return out
    rows = [i for i, (x, y) in enumerate(zip(_assessed(a), _assessed(b))) if x and y]
    for i in rows:
        la, lb = a.sentence_map.labels[i], b.sentence_map.labels[i]
        out.cells_compared += len(la)
        out.cells += [(i, j) for j, (x, y) in enumerate(zip(la, lb)) if int(x) != int(y)]
    va, vb = sentence_verdicts(a), sentence_verdicts(b)
    out.sentences_compared = len(rows)
    out.sentences = [i for i in rows if va[i] != vb[i]]
    differ = set(out.sentences)
    out.claims_a = [v.claim for v in a.verdicts if a.claims[v.claim].sentence in differ]
    out.claims_b = [v.claim for v in b.verdicts if b.claims[v.claim].sentence in differ]
    return out


def _assessed(result: GroundingResult) -> list[bool]:
    """Per response sentence: it has claims and not all of them were left unassessed."""
    notes: dict[int, list[str]] = {}
    for c in result.claims:
        notes.setdefault(c.sentence, []).append(c.note)
    return [bool(notes.get(i)) and not all(n == "not assessed" for n in notes[i])
            for i in range(len(result.response_sentences))]
