"""The evidence map as HTML: response sentences × context sentences, green supports, red contradicts.

Linear in the cells shown: the column labels are built once, each cell is one f-string. Documents are headed
D1, D2, ... (a legend under the map names them), so the headers fit however long the titles are; context
sentences past the scoring limit (config.max_context_sentences / _chars) are left out and counted in one line.
`Marks` flag cells and rows on top of the colours: where two engines differ (compare mode) or where the
prediction misses the gold label.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Optional

from grounding.markup import _e, _mix, _wrap, column_labels, doc_labels, row_states, short
from grounding.stages.segment import scored_context
from grounding.types import GroundingResult

WIDE_UP_TO = 16     # columns: up to this many the cells are wide enough to print the score
NARROW_FROM = 41    # columns: from this many the cells are narrow (the long-context example has 66)


@dataclass
class Marks:
    """Flags drawn over the map: cells (row, column) -> (CSS class, tooltip note), rows -> tooltip note (a marker
    on the row header), and one legend line saying what the flags mean."""
    cells: dict[tuple[int, int], tuple[str, str]] = field(default_factory=dict)
    rows: dict[int, str] = field(default_factory=dict)
    legend: str = ""


def shown_columns(result: GroundingResult) -> int:
    """How many leading columns the map shows: those scored under the result's limits (all without a config)."""
    m = len(result.context_sentences)
    return min(m, scored_context(result, result.config)) if result.config is not None else m


def heatmap_html(result: GroundingResult, selected_row: Optional[int] = None, marks: Optional[Marks] = None,
                 interactive: bool = True, compact: bool = False) -> str:
    """The signed sentence map as a <table class="gr-heatmap">: one <tr data-row=i> per response sentence, one
    <td class="cell" data-col=j> per shown context sentence. `interactive`: the legend says a row can be clicked
    (not in the static report); `compact`: row headers are just R1, R2, ... (two maps side by side)."""
    sm, sents, ctx = result.sentence_map, result.response_sentences, result.context_sentences
    if not sents:
        return _wrap('<div class="empty">No response sentences to show.</div>')
    if not ctx:
        return _wrap('<div class="empty">No context sentences: the heatmap needs at least one context document.</div>')
    marks = marks or Marks()
    m = shown_columns(result)
    labels_of = column_labels(result)
    short_doc = doc_labels(result)
    size = "wide-cells" if m <= WIDE_UP_TO else "narrow-cells" if m >= NARROW_FROM else ""
    doc_start, head_docs, legend_docs = set(), [], []
    for d in result.documents:
        shown = [s for s in d.sentences if s.column < m]
        if not shown:
            continue
        doc_start.add(shown[0].column)
        full = f"{d.title or d.id} ({d.id}), {len(d.sentences)} sentences"
        head_docs.append(f'<th class="doc-start" colspan="{len(shown)}" data-doc="{_e(d.id)}" title="{_e(full)}">'
                         f'{short_doc[d.id]}</th>')
        legend_docs.append(f'<span data-doc="{_e(d.id)}"><b>{short_doc[d.id]}</b> {_e(short(d.title or d.id, 70))} '
                           f'<small>({_e(d.id)}, {len(d.sentences)})</small></span>')
    head_nums = [f'<th class="{"doc-start" if s.column in doc_start else ""}" title="{_e(labels_of[s.column])}">'
                 f'{_number(s.index, size)}</th>' for s in ctx[:m]]
    cell_class = ["cell doc-start" if j in doc_start else "cell" for j in range(m)]
    col_text = [f"{labels_of[j]}: {short(ctx[j].text, 160)}" for j in range(m)]
    states = row_states(result)
    ruled = sm.ruled_notes() if sm else {}   # cells shown as the verdict reads them
    body = []
    for i, sent in enumerate(sents):
        state = states[i]
        values = sm.values[i] if sm and i < len(sm.values) else [0.0] * m
        labels = sm.labels[i] if sm and i < len(sm.labels) else [0] * m
        head = f"R{i + 1}: {short(sent.text, 160)}"
        cells = []
        for j in range(m):
            v, lab = float(values[j]), int(labels[j])
            kind = "not assessed" if state == "na" else "support" if lab > 0 else "contradiction" if lab < 0 \
                else "no evidence"
            mark_class, note = marks.cells.get((i, j), ("", ""))
            text = f"{v:+.2f}".replace("0.", ".") if size == "wide-cells" and lab and state == "done" else ""
            bg = _mix(v, lab) if state == "done" else "#f5f5f5"
            rule = ruled.get((i, j))
            if rule:
                kind += f"; {rule}, whatever the model read"
            title = f"{head}\n{col_text[j]}\nscore {v:+.2f} ({kind}){chr(10) + note if note else ''}"
            ruled_class = (" ruled" + ("" if lab < 0 else " ruled-green" if lab > 0 else " ruled-none")) if rule else ""
            cells.append(f'<td class="{cell_class[j]}{" " + mark_class if mark_class else ""}{ruled_class}" data-col="{j}" '
                         f'data-value="{v:.4f}" data-label="{lab}" style="background:{bg}" title="{_e(title)}">'
                         f'{text}</td>')
        body.append(_row(i, sent.text, state, selected_row == i, marks.rows.get(i), compact, "".join(cells)))
    table = (f'<table class="gr-heatmap {size}{" compact" if compact else ""}" data-rows="{len(sents)}" '
             f'data-cols="{m}"><thead><tr class="docs"><th class="corner" rowspan="2">'
             f'{"" if compact else "Response ↓ · Context →"}</th>{"".join(head_docs)}</tr>'
             f'<tr class="nums">{"".join(head_nums)}</tr></thead><tbody>{"".join(body)}</tbody></table>')
    red_rule = any(sm.labels[i][j] < 0 for i, j in ruled) if sm else False
    none_rule = any(sm.labels[i][j] == 0 for i, j in ruled) if sm else False
    green_rule = any(sm.labels[i][j] > 0 for i, j in ruled) if sm else False
    unscored = (f'<div class="unscored-note" data-unscored="{len(ctx) - m}">{len(ctx) - m:,} context sentences beyond '
                f'the limit were not scored and are not shown.</div>') if m < len(ctx) else ""
    legend = ('<div class="legend"><span>contradicts −1</span><span class="ramp"></span><span>+1 supports</span>'
              '<span>· grey = not judged (below τ) or neutral · hatched = not assessed · thick line = new document'
              + (" · dark-red outline = red by the verdict's rule, not the model's reading (hover)" if red_rule else "")
              + (" · dark-green outline = green by the verdict's rule (the sentence states the claim word for word,"
                 " its figures bear the claim out, it names the claim's subject as its exception, or it forbids the"
                 " claim's thing only without the claim's condition or ends its state when the claim says, or it is"
                 " the one sentence read for a claim no other reached), not the model's reading (hover)" if green_rule else "")
              + (" · dashed outline = no evidence by the verdict's rule (the sentence names the claim only as not done"
                 " or still to come, or the entailment model reading it alone does not share the scorer's support), not"
                 " the model's reading (hover)" if none_rule else "")
              + (" · click a row to see its evidence" if interactive else "") + "</span></div>"
              + (f'<div class="legend marks-legend">{_e(marks.legend)}</div>' if marks.legend else ""))
    return _wrap(f'<div class="hm-wrap">{table}</div>{unscored}{legend}'
                 f'<div class="doc-legend">{"".join(legend_docs)}</div>')


def _number(index: int, size: str) -> str:
    """The column header's sentence number; narrow columns number every fifth sentence (and the first)."""
    return str(index + 1) if size != "narrow-cells" or index == 0 or (index + 1) % 5 == 0 else ""


def _row(i: int, text: str, state: str, selected: bool, flag: Optional[str], compact: bool, cells: str) -> str:
    classes = f"row-{state}" + (" selected" if selected else "") + (" flagged" if flag else "")
    tag = {"na": '<span class="na-tag">not assessed</span>', "pending": '<span class="na-tag">pending</span>'}.get(state, "")
    marker = f'<span class="row-flag" title="{_e(flag)}">≠</span>' if flag else ""
    label = "" if compact else _e(short(text, 60))
    title = text + (f"\n{flag}" if flag else "")
    return (f'<tr class="{classes}" data-row="{i}" data-state="{state}"><th class="rowhead" scope="row" '
            f'title="{_e(title)}"><span class="rid">R{i + 1}</span>{marker}{label}{tag}</th>{cells}</tr>')
