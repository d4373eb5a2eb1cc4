"""HTML panels of the two modes beside a plain check: two engines compared (the summary, the flags on both
maps and verdict lists) and a result scored against gold labels (F1 with CIs, the confusion matrix, the wrong
cells on the map, the table of records of a file). Pure functions: data in, HTML out, user text escaped."""
from __future__ import annotations

from typing import Optional

from grounding.compare import Comparison, sentence_label, sentence_verdicts
from grounding.gold import CLASS_NAMES, CLASSES, WrongCell
from grounding.heatmap import Marks
from grounding.markup import _e, _wrap
from grounding.types import GoldScores, GroundingResult

F1_NAMES = (("support_f1", "Support F1"), ("contradict_f1", "Contradict F1"), ("citation_f1", "Citation F1"))


# ---------------------------------------------------------------------------- compare

def compare_marks(comparison: Comparison, this: GroundingResult, other: GroundingResult, other_name: str) -> Marks:
    """The flags on one side's map: every differing cell outlined (its tooltip says what the other engine has),
    every sentence whose verdicts differ marked on its row header."""
    names = {1: "support", -1: "contradict", 0: "no evidence"}
    labels = other.sentence_map.labels if other.sentence_map else []
    theirs = sentence_verdicts(other)
    return Marks(cells={(i, j): ("mark-diff", f"{other_name} says: {names[int(labels[i][j])]}")
                        for i, j in comparison.cells},
                 rows={i: f"verdicts differ — {other_name}: {sentence_label(theirs[i])}" for i in comparison.sentences},
                 legend=f"outlined cell = {other_name} labels it differently · ≠ = the sentence's verdicts differ")


def compare_flags(comparison: Comparison, result: GroundingResult, claims: list[int], other: GroundingResult,
                  other_name: str) -> dict[int, str]:
    """claim -> the note on its verdict card: what the other engine decided for the same response sentence."""
    theirs = sentence_verdicts(other)
    return {k: f"{other_name} decides R{result.claims[k].sentence + 1}: {sentence_label(theirs[result.claims[k].sentence])}"
            for k in claims}


def compare_summary_html(comparison: Comparison, name_a: str, name_b: str) -> str:
    """One line: "N of M cells differ, K of S sentences' verdicts differ", with the counts as data attributes."""
    rows = ", ".join(f"R{i + 1}" for i in comparison.sentences) or "none"
    return _wrap(f'<div class="compare-summary" data-cells="{len(comparison.cells)}" data-compared='
                 f'"{comparison.cells_compared}" data-sentences="{len(comparison.sentences)}">'
                 f'<b>{_e(name_a)}</b> vs <b>{_e(name_b)}</b>: {_e(comparison.summary())} '
                 f'<span class="muted">(sentences: {rows}). Click a row or a card: both sides follow.</span></div>')


# ---------------------------------------------------------------------------- gold

def gold_marks(wrong: list[WrongCell]) -> Marks:
    """Wrong cells outlined; a missed contradiction (gold -1, predicted otherwise) in red with a "!"."""
    cells = {(w.row, w.column): ("gold-missed" if w.missed_contradiction else "gold-wrong",
                                 f"gold: {CLASS_NAMES[w.gold]}, predicted: {CLASS_NAMES[w.predicted]}"
                                 + (" (missed contradiction)" if w.missed_contradiction else "")) for w in wrong}
    return Marks(cells=cells, legend="purple outline = predicted label differs from gold · red outline with ! = "
                                     "missed contradiction (gold contradicts, the model did not say so)")


def _f1_tile(scores: GoldScores, key: str, name: str) -> str:
    lo, hi = scores.ci95.get(key, [None, None])
    ci = f"95% CI {lo:.2f}–{hi:.2f}" if lo is not None else "no CI"
    return (f'<div class="tile" data-metric="{key}"><div class="k">{name}</div>'
            f'<div class="v">{getattr(scores, key):.4f}</div><div class="d">{ci}</div></div>')


def gold_html(scores: Optional[GoldScores], counts: Optional[list[list[int]]], n_wrong: int, n_missed: int,
              note: str = "") -> str:
    """The current record's scores: Support / Contradict / Citation F1 (the CLI's figures, bootstrap 95% CIs
    over response sentences), the 3×3 confusion matrix (rows gold, columns predicted) and the wrong-cell counts."""
    if scores is None:
        return _wrap(f'<div class="gold-panel"><div class="pending-box">{_e(note or "No gold labels.")}</div></div>')
    tiles = "".join(_f1_tile(scores, key, name) for key, name in F1_NAMES)
    head = "".join(f"<th>{CLASS_NAMES[c]}</th>" for c in CLASSES)
    body = "".join(f'<tr><th>{CLASS_NAMES[g]}</th>' + "".join(
        f'<td class="{"diag" if g == p else "off" if n else ""}" data-gold="{g}" data-pred="{p}">{n}</td>'
        for p, n in zip(CLASSES, counts[gi])) + "</tr>" for gi, g in enumerate(CLASSES))
    matrix = (f'<table class="confusion"><caption>Confusion over {scores.pairs:,} cells (rows: gold, columns: '
              f'predicted)</caption><tr><th></th>{head}</tr>{body}</table>')
    wrong = (f'<div class="gold-wrong-count" data-wrong="{n_wrong}" data-missed="{n_missed}">{n_wrong} cell(s) differ '
             f'from gold, {n_missed} of them missed contradictions: outlined on the evidence map.</div>')
    extra = f'<div class="muted">{_e(note)}</div>' if note else ""
    return _wrap(f'<div class="gold-panel"><div class="tiles">{tiles}</div>{matrix}{wrong}{extra}</div>')


def records_html(rows: list[dict], current: int) -> str:
    """A file's records with their scores (id, response sentences, the three F1s or the error); a click on a row
    opens that record (data-record=k)."""
    if len(rows) < 2:
        return ""
    out = []
    for k, r in enumerate(rows):
        cells = (f'<td colspan="3" class="error">{_e(r["error"])}</td>' if r.get("error") else
                 "".join(f'<td>{r["scores"][key]:.3f}</td>' for key, _ in F1_NAMES))
        out.append(f'<tr class="record{" selected" if k == current else ""}" data-record="{k}"><td>{_e(r["id"])}</td>'
                   f'<td>{r.get("sentences", "")}</td>{cells}</tr>')
    head = "".join(f"<th>{name}</th>" for _, name in F1_NAMES)
    return _wrap(f'<table class="records"><caption>{len(rows)} records: click one to open it</caption><tr><th>record'
                 f'</th><th>sentences</th>{head}</tr>{"".join(out)}</table>')
