"""Views of a TraceResult: the DAG as a self-contained SVG (nodes by stage, edges, a claim's trail and the node
where its error came in), the claim list, the evidence trail, a standalone report, and plain-text lines for
the CLI. Pure functions; every user string (ids, stages, titles, texts, claims) goes through the project's
escaping (`grounding.render._e`)."""
from __future__ import annotations

from typing import Optional

from grounding.assets import CSS
from grounding.render import _e, _wrap, short
from grounding.trace.method import (FULLY_SUPPORTED, INCONCLUSIVE, NOT_FULLY_SUPPORTED, NOT_TRACED, TRACE_VERDICTS,
                                    TraceResult, trail_edges)

BADGE = {FULLY_SUPPORTED: "supported", NOT_FULLY_SUPPORTED: "contradicted", INCONCLUSIVE: "partial",
         NOT_TRACED: "not-assessed"}
COL_W, NODE_W, NODE_H, ROW_H, TOP = 210, 160, 46, 64, 34

TRACE_CSS = """
.gv svg.dag { background: #fff; border: 1px solid #d8dde3; border-radius: 6px; max-width: 100%; height: auto; }
.gv svg.dag text { font-family: system-ui, sans-serif; }
.gv svg.dag .node rect { fill: #f7f8fa; stroke: #9aa5b1; stroke-width: 1.2; }
.gv svg.dag .node.source rect { fill: #eef2ff; }
.gv svg.dag .node.on-trail rect { stroke: #1a56db; stroke-width: 2.5; }
.gv svg.dag .node.evidence-support rect { fill: #dcf5e3; }
.gv svg.dag .node.evidence-contradict rect { fill: #fde0e0; }
.gv svg.dag .node.error-entered rect { stroke: #c81e1e; stroke-width: 3.5; stroke-dasharray: 6 3; }
.gv svg.dag .edge { stroke: #b6bec8; stroke-width: 1.2; fill: none; }
.gv svg.dag .edge.on-trail { stroke: #1a56db; stroke-width: 3; }
.gv svg.dag .edge.on-path { stroke: #15803d; stroke-width: 3.5; }
.gv .trace-claims { list-style: none; padding: 0; margin: 0; }
.gv .trace-claims li { padding: 6px 8px; border-bottom: 1px solid #eef0f3; cursor: pointer; }
.gv .trace-claims li.selected { background: #eef4ff; border-left: 3px solid #1a56db; }
.gv .trail .iter { border: 1px solid #e5e7eb; border-radius: 6px; padding: 6px 10px; margin: 6px 0; }
.gv .trail blockquote { margin: 4px 0 4px 8px; padding: 2px 8px; border-left: 3px solid #c3cad4; }
.gv .trail blockquote.pol-support { border-left-color: #16a34a; }
.gv .trail blockquote.pol-contradict { border-left-color: #dc2626; }
.gv .trace-counts span { margin-right: 14px; }
"""


def plural(n: int, noun: str) -> str:
    return f"{n} {noun}" + ("" if n == 1 else "s")


def badge(label: str) -> str:
    return f'<span class="badge badge-{BADGE.get(label, "unsupported")}">{_e(label)}</span>'


def _layout(res: TraceResult) -> dict[str, tuple[float, float]]:
    """Top-left corner of each node: one column per depth (sources left, final right), input order within."""
    columns: dict[int, list[str]] = {}
    for node in res.dag.nodes.values():
        columns.setdefault(node.depth, []).append(node.id)
    return {nid: (10 + depth * COL_W, TOP + row * ROW_H)
            for depth, ids in columns.items() for row, nid in enumerate(ids)}


def dag_svg(res: TraceResult, selected: Optional[int] = None) -> str:
    """The DAG as inline SVG (no scripts, no external fonts). With `selected` (a claim index) the claim's trail
    edges are blue, its provenance path green, its evidence nodes tinted by polarity, and the node(s) where
    its error came in outlined red and labelled."""
    dag = res.dag
    pos = _layout(res)
    ct = res.claims[selected] if selected is not None and 0 <= selected < len(res.claims) else None
    trail = set(trail_edges(dag, ct)) if ct else set()
    path_edges = {(p[i], p[i + 1]) for p in (ct.provenance if ct else []) for i in range(len(p) - 1)}
    polarity: dict[str, set[int]] = {}
    for it in ct.iterations if ct else []:
        for e in it.evidence:
            polarity.setdefault(e.node, set()).add(e.polarity)
    on_trail = {n for edge in trail for n in edge}
    errors = set(ct.error_nodes) if ct else set()
    depth_max = max(n.depth for n in dag.nodes.values())
    width = 20 + depth_max * COL_W + NODE_W
    height = TOP + max(sum(1 for n in dag.nodes.values() if n.depth == d) for d in range(depth_max + 1)) * ROW_H + 10
    parts = [f'<svg class="dag" xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {width} {height}" width="{width}" '
             f'height="{height}" role="img" aria-label="generation DAG {_e(dag.id)}">',
             '<defs><marker id="dag-arrow" viewBox="0 0 10 10" refX="9" refY="5" markerUnits="userSpaceOnUse" markerWidth="9" markerHeight="9" '
             'orient="auto-start-reverse"><path d="M0,0 L10,5 L0,10 z" fill="#6b7280"/></marker></defs>']
    for depth in range(depth_max + 1):
        names = sorted({n.stage for n in dag.nodes.values() if n.depth == depth})
        parts.append(f'<text x="{10 + depth * COL_W}" y="18" font-size="12" font-weight="600" fill="#374151">'
                     f'{_e(short(" / ".join(names), 30))}</text>')
    for node in dag.nodes.values():
        for inp in node.inputs:
            (x1, y1), (x2, y2) = pos[inp], pos[node.id]
            cls = "edge" + (" on-path" if (inp, node.id) in path_edges else " on-trail" if (inp, node.id) in trail else "")
            mid = (x1 + NODE_W + x2) / 2
            parts.append(f'<path class="{cls}" fill="none" stroke="#b6bec8" data-edge="{_e(inp)}→{_e(node.id)}" marker-end="url(#dag-arrow)" '
                         f'd="M{x1 + NODE_W},{y1 + NODE_H / 2} C{mid},{y1 + NODE_H / 2} {mid},{y2 + NODE_H / 2} '
                         f'{x2 - 2},{y2 + NODE_H / 2}"/>')
    for node in dag.nodes.values():
        x, y = pos[node.id]
        cls = ["node"] + (["source"] if node.is_source else []) + (["on-trail"] if node.id in on_trail else [])
        pol = polarity.get(node.id, set())
        cls += (["evidence-support"] if pol == {1} else ["evidence-contradict"] if -1 in pol else [])
        cls += ["error-entered"] if node.id in errors else []
        label = short(node.title or node.stage, 24)
        mark = (f'<text x="{x + NODE_W - 4}" y="{y - 3}" font-size="11" text-anchor="end" fill="#c81e1e" '
                f'font-weight="700">error entered here</text>') if node.id in errors else ""
        parts.append(f'<g class="{" ".join(cls)}" data-node="{_e(node.id)}"><title>{_e(node.id)} ({_e(node.stage)}): '
                     f'{_e(short(node.text, 300))}</title><rect x="{x}" y="{y}" width="{NODE_W}" height="{NODE_H}" '
                     f'rx="7" fill="#f7f8fa" stroke="#9aa5b1"/><text x="{x + 8}" y="{y + 19}" font-size="13" font-weight="600" fill="#111827">'
                     f'{_e(short(node.id, 20))}</text><text x="{x + 8}" y="{y + 36}" font-size="11" fill="#4b5563">'
                     f'{_e(label)}</text>{mark}</g>')
    parts.append("</svg>")
    return _wrap("".join(parts))


def counts_html(res: TraceResult) -> str:
    counts = "".join(f"<span>{badge(v)} {res.counts.get(v, 0)}</span>" for v in TRACE_VERDICTS)
    notes = "".join(f'<div class="muted">{_e(n)}</div>' for n in res.dag.notes)
    return _wrap(f'<div class="trace-counts"><b>{_e(res.dag.id)}</b>: {plural(len(res.claims), "claim")} — {counts}'
                 f'<span class="muted">{len(res.nodes_read)} of {len(res.dag.nodes)} nodes read, q = {res.q}</span>'
                 f'</div>{notes}')


def claims_html(res: TraceResult, selected: Optional[int] = None) -> str:
    if not res.claims:
        return _wrap('<div class="empty">The final output has no claims to trace.</div>')
    items = []
    for ct in res.claims:
        where = (f"path {' → '.join(ct.provenance[0])}" if ct.provenance else
                 f"error entered at: {', '.join(ct.error_stages) or 'undetermined'}"
                 if ct.verdict != FULLY_SUPPORTED else "")
        sel = ' class="selected"' if ct.claim == selected else ""
        items.append(f'<li data-claim="{ct.claim}"{sel}>{badge(ct.verdict)}<span class="claim-text">{_e(ct.text)}</span>'
                     f'<br><small>{_e(where)}</small></li>')
    return _wrap(f'<ul class="trace-claims">{"".join(items)}</ul>')


def trail_html(res: TraceResult, selected: Optional[int]) -> str:
    """The evidence trail of one claim: each iteration's candidates, verdict and quoted sentences."""
    if selected is None or not 0 <= selected < len(res.claims):
        return _wrap('<div class="empty">Select a claim to see its evidence trail.</div>')
    ct = res.claims[selected]
    head = (f'<p>{badge(ct.verdict)}<b>{_e(ct.text)}</b></p><p class="muted">Stopped: {_e(ct.termination)}. '
            f'Interim verdicts: {_e(" → ".join(ct.interim_verdicts))}.</p>')
    if ct.provenance:
        head += "<p>Provenance: " + "; ".join(_e(" → ".join(p)) for p in ct.provenance) + "</p>"
    elif ct.verdict not in (FULLY_SUPPORTED, NOT_TRACED):
        head += (f'<p>Error entered at stage <b>{_e(", ".join(ct.error_stages) or "undetermined")}</b>'
                 f' (node {_e(", ".join(ct.error_nodes) or "–")}).</p>')
    iters = []
    for it in ct.iterations:
        quotes = "".join(
            f'<blockquote class="pol-{"support" if e.polarity > 0 else "contradict"}">“{_e(e.text)}”<br><small>'
            f'{_e(e.node)} ({_e(e.stage)}), characters {e.start}–{e.end}, '
            f'{"supports" if e.polarity > 0 else "contradicts"}, F {e.score:.2f}, P(e) {e.entail:.2f}, '
            f'P(c) {e.contradict:.2f}</small></blockquote>' for e in it.evidence) or '<div class="muted">no evidence selected</div>'
        iters.append(f'<div class="iter" data-iteration="{it.number}"><b>Iteration {it.number}</b> — searched '
                     f'{_e(", ".join(it.candidates))} — {badge(it.verdict)}<small class="muted">{_e(it.rule)}</small>'
                     f'{quotes}</div>')
    return _wrap(f'<div class="trail">{head}{"".join(iters)}</div>')


def report_html(res: TraceResult) -> str:
    """A self-contained HTML document (inline CSS and SVG, no scripts) with the DAG and every claim's trail."""
    body = [f"<h1>Trace of {_e(res.dag.id)}</h1>", counts_html(res), dag_svg(res)]
    for ct in res.claims:
        body += [f"<h2>Claim {ct.claim + 1}</h2>", dag_svg(res, ct.claim), trail_html(res, ct.claim)]
    return ("<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\"><title>Trace report</title><style>"
            + CSS + TRACE_CSS + "body{margin:24px auto;max-width:1100px;padding:0 16px;font-family:system-ui,sans-serif}"
            "</style></head><body>" + "".join(body) + "</body></html>")


def summary_lines(res: TraceResult) -> list[str]:
    """Plain-text lines for the CLI: one per claim with its verdict, then its path or where its error came in."""
    counts = ", ".join(f"{v} {res.counts.get(v, 0)}" for v in TRACE_VERDICTS)
    lines = [f"{res.dag.id}: {plural(len(res.claims), 'claim')} ({counts}); {len(res.nodes_read)}/{len(res.dag.nodes)} nodes "
             f"read; q = {res.q}"]
    for ct in res.claims:
        lines.append(f"  [{ct.verdict}] {ct.text}")
        lines.append(f"      interim: {' -> '.join(ct.interim_verdicts)}; stopped: {ct.termination}")
        for it in ct.iterations:
            best = max(it.evidence, key=lambda e: abs(e.score), default=None)
            quote = (f'{best.node} [{best.start}:{best.end}] {"+" if best.polarity > 0 else "-"} F {best.score:.2f} '
                     f'"{short(best.text, 90)}"') if best else "no evidence"
            lines.append(f"      {it.number}. searched {', '.join(it.candidates)}: {it.verdict}; {quote}")
        if ct.provenance:
            lines += [f"      path: {' -> '.join(p)}" for p in ct.provenance]
        elif ct.verdict not in (FULLY_SUPPORTED, NOT_TRACED):
            lines.append(f"      error entered at stage: {', '.join(ct.error_stages) or 'undetermined'} "
                         f"(node {', '.join(ct.error_nodes) or '-'})")
    return lines


def claim_choices(res: Optional[TraceResult]) -> list[tuple[str, str]]:
    """(label, value) pairs for the app's claim selector; value "t<k>" for claim k."""
    if res is None:
        return []
    return [(f"C{c.claim + 1} · {c.verdict} · {short(c.text, 80)}", f"t{c.claim}") for c in res.claims]


def parse_choice(value: Optional[str]) -> Optional[int]:
    return int(value[1:]) if isinstance(value, str) and value[:1] == "t" and value[1:].isdigit() else None
