"""HTML views of a GroundingResult: heatmap, claims, verdicts, metrics, context, and a standalone report.

Pure functions: result in, HTML string out. Every piece of user text (response, context, titles, ids,
claims, explanations, notes) passes through ``html.escape`` before it reaches the markup, so pasted HTML
shows as text. The app and the downloadable report share the one stylesheet ``CSS``.
"""
from __future__ import annotations

import re
from typing import Optional

from grounding import sureness
from grounding.engines import ENGINES, applies
from grounding.heatmap import Marks, heatmap_html  # noqa: F401  (the heatmap is a view of its own module)
from grounding.markup import (BADGE_CLASS, _badge, _e, _verdict_of, _wrap, column_label, row_states,  # noqa: F401
                              short)
from grounding.types import CONTRADICTED, NOT_ASSESSED, GroundingResult

METRIC_NAMES = {
    "FCR": ("Faithful Claim Rate", "share of response sentences with only supporting evidence"),
    "HCR": ("Hallucinated (Contradicted) Rate", "share of response sentences with only contradicting evidence"),
    "ACR": ("Ambiguous Rate", "share of response sentences with both supporting and contradicting evidence"),
    "UCR": ("Ungrounded Rate", "share of response sentences with no evidence either way"),
    "CER": ("Claim Entailment Rate", "share of decomposed claims that their response sentence entails (self-check)"),
    "ECSS": ("Evidence-Claim Semantic Similarity", "mean cosine of the claim / evidence pairs"),
    "PFCR": ("Polarity Flip Consistency Rate", "share of evidence pairs whose polarity flips when the claim is negated"),
    "Integrity": ("Integrity score", "(Supported + ½ Partially supported − Contradicted) / assessed claims, in [0, 1]"),
}


# ---------------------------------------------------------------------------- claims

def claims_html(result: GroundingResult, selected_row: Optional[int] = None, selected_claim: Optional[int] = None) -> str:
    """Claims grouped by response sentence, each with its verdict badge; rejected splits struck through."""
    if not result.response_sentences:
        return _wrap('<div class="empty">No claims yet.</div>')
    verdicts = _verdict_of(result)
    states = row_states(result)
    by_row: dict[int, list[int]] = {}
    for k, c in enumerate(result.claims):
        by_row.setdefault(c.sentence, []).append(k)
    groups = []
    for i, sent in enumerate(result.response_sentences):
        items = []
        for k in by_row.get(i, []):
            c = result.claims[k]
            if c.origin == "rejected":
                items.append(f'<li class="claim rejected" data-claim="{k}"><span class="badge badge-rejected">rejected split</span>'
                             f'<s>{_e(c.text)}</s> <span class="note">— {_e(c.note)}</span></li>')
                continue
            v = verdicts.get(k)
            badge = _badge(v.label) if v else '<span class="badge badge-pending">Pending</span>'
            badge += _unsure_tag(v) if v is not None else ""
            note = f' <span class="note">({_e(c.note)})</span>' if c.note and c.note != "not assessed" else ""
            note += ' <span class="note">(first readings only: the time budget ran out)</span>' if c.cut_short else ""
            sel = " selected" if selected_claim == k else ""
            # an unsplit sentence is not repeated under itself
            text = '<span class="note">the whole sentence</span>' if c.text == sent.text else _e(c.text)
            items.append(f'<li class="claim{sel}" data-claim="{k}">{badge}<span class="cid">C{k + 1}</span>{text}{note}</li>')
        if not items:
            items.append('<li class="note">' + ("not assessed" if states[i] == "na" else "pending…") + "</li>")
        sel = " selected" if selected_row == i else ""
        groups.append(f'<div class="claim-group{sel}" data-row="{i}"><div class="claim-sent" data-row="{i}">'
                      f'<span class="rid">R{i + 1}</span>{_e(sent.text)}</div><ul class="claims">{"".join(items)}</ul></div>')
    return _wrap("".join(groups))


# ---------------------------------------------------------------------------- verdicts

def _highlight(text: str, terms: list[str], cls: str) -> str:
    """Escape `text`, wrapping case-insensitive occurrences of `terms` in <mark class=cls>."""
    terms = sorted({t for t in terms if t and t.strip()}, key=len, reverse=True)
    if not terms:
        return _e(text)
    pattern = re.compile("|".join(re.escape(t) for t in terms), re.IGNORECASE)
    out, pos = [], 0
    for match in pattern.finditer(text):
        out.append(_e(text[pos:match.start()]))
        out.append(f'<mark class="{cls}">{_e(match.group(0))}</mark>')
        pos = match.end()
    out.append(_e(text[pos:]))
    return "".join(out)


def _fmt(x: Optional[float], digits: int = 2) -> str:
    return "—" if x is None else f"{x:.{digits}f}"


def verdicts_html(result: GroundingResult, selected_claim: Optional[int] = None, selected_row: Optional[int] = None,
                  flagged: Optional[dict[int, str]] = None) -> str:
    """Per claim: verdict badge, explanation, the quoted anchor sentence with entity/number differences
    marked (<mark class="diff-claim"> / <mark class="diff-context">), scores, which context sentences the verdict
    used (and why the map's row may be grey) and the provenance line. The selected claim's card, or every card of
    the selected response sentence, is marked "selected"; `flagged` claims (claim -> note) are marked "differs"."""
    if not result.verdicts:
        return _wrap('<div class="empty">No verdicts yet.</div>')
    ctx = result.context_sentences
    flagged = flagged or {}
    cards = []
    for v in result.verdicts:
        claim = result.claims[v.claim]
        if claim.origin == "rejected":
            continue
        cls = BADGE_CLASS.get(v.label, "unsupported")
        diff = v.entities
        # context-only entities are differences only when the claim has entities of its own that did not match
        context_only = diff.context_only if diff.claim_only else []
        parts = [f'<div class="v-head">{_badge(v.label)}{_unsure_tag(v)}<span class="cid">C{v.claim + 1}</span>'
                 f'<span class="claim-text">{_highlight(claim.text, diff.claim_only, "diff-claim")}</span></div>']
        parts.append(f'<div class="explanation">{_e(v.explanation)}</div>')
        if v.label != NOT_ASSESSED and (how := sureness.describe(v)):
            parts.append(f'<div class="sureness s-{sureness.band(v.sureness).replace(" ", "-") or "none"}">{_e(how)}</div>')
        if v.anchor is not None and v.label != NOT_ASSESSED and 0 <= v.anchor < len(ctx):
            parts.append(f'<blockquote class="anchor" data-col="{v.anchor}">'
                         f'{_highlight(ctx[v.anchor].text, context_only, "diff-context")}</blockquote>')
        if diff.claim_only and v.label != NOT_ASSESSED:
            says = ["claim: " + ", ".join(f'<mark class="diff-claim">{_e(t)}</mark>' for t in diff.claim_only)]
            if context_only:
                says.append("context: " + ", ".join(f'<mark class="diff-context">{_e(t)}</mark>' for t in context_only))
            parts.append(f'<div class="scores">Differences — {" · ".join(says)}</div>')
        if v.conflicting is not None and 0 <= v.conflicting < len(ctx):
            what = "supports the claim" if v.label == CONTRADICTED else "leans against the claim"
            same = v.anchor is not None and result.document_of(v.anchor) is result.document_of(v.conflicting)
            source = "Another sentence of the same document" if same else "Another document"
            parts.append(f'<div class="scores">{source} {what} ({_e(column_label(result, v.conflicting))}):</div>'
                         f'<blockquote class="anchor conflict" data-col="{v.conflicting}">{_e(ctx[v.conflicting].text)}</blockquote>')
        if v.label != NOT_ASSESSED:
            parts.append(f'<div class="scores">F {_fmt(v.score)} · cosine {_fmt(v.cosine)} · {_pair_probabilities(result, v)} · '
                         f'entity overlap {_fmt(v.entity_overlap)}{_reading(claim)} · rule: {_e(v.rule)}</div>')
            parts.append(_used_html(result, v, claim.sentence))
        if v.claim in flagged:
            parts.insert(1, f'<div class="differs-note">≠ {_e(flagged[v.claim])}</div>')
        p = v.provenance
        if p is not None:
            where = (f"{_e(p.document_title or p.document)} ({_e(p.document)}), sentence {p.sentence_in_document + 1}, "
                     f"characters {p.start}–{p.end}" if p.document is not None else "no context sentence")
            parts.append(f'<div class="prov">Provenance: response sentence R{p.response_sentence + 1}, characters '
                         f'{p.response_start}–{p.response_end} → {where}</div>')
        sel = " selected" if selected_claim == v.claim or (selected_claim is None and selected_row == claim.sentence) else ""
        sel += " differs" if v.claim in flagged else ""
        cards.append(f'<div class="verdict v-{cls}{sel}" data-claim="{v.claim}" data-row="{claim.sentence}">'
                     f'{"".join(parts)}</div>')
    return _wrap("".join(cards) or '<div class="empty">No verdicts yet.</div>')


def _unsure_tag(v) -> str:
    """The "unsure" tag of a verdict whose How sure figure is below 50 % (grounding.sureness), else ''."""
    if sureness.band(v.sureness) != "unsure":
        return ""
    return (f'<span class="unsure-tag" title="How sure: {round(100 * v.sureness)} %: a verdict given this way was wrong '
            'at least as often as right on held-out train claims">unsure</span>')


def _used_html(result: GroundingResult, v, row: int) -> str:
    """Which context sentences the verdict used, and, when the sentence's map row shows no evidence, why."""
    used = [f"{_e(column_label(result, v.anchor))} (anchor)"] if v.anchor is not None else []
    if v.conflicting is not None:
        used.append(f"{_e(column_label(result, v.conflicting))} (the other side)")
    text = "Used: " + ("; ".join(used) if used else "no context sentence")
    sm = result.sentence_map
    if sm is not None and row < len(sm.labels) and not any(sm.labels[row]):
        tau = result.config.tau if result.config is not None else None
        text += (f". Row R{row + 1} of the evidence map is grey: no context sentence scored above τ"
                 + (f" = {tau:g}" if tau is not None else "") + " for it, so the map shows no evidence"
                 + ("; this verdict weighs the anchor's own scores instead" if v.anchor is not None else "") + ".")
    return f'<div class="scores used">{text}</div>'


# ---------------------------------------------------------------------------- metrics

def _tile(key: str, value: str) -> str:
    name, desc = METRIC_NAMES[key]
    return (f'<div class="tile"><div class="k"><abbr title="{_e(name + ": " + desc)}">{_e(key)}</abbr></div>'
            f'<div class="v">{value}</div><div class="d">{_e(name)}</div></div>')


def _rate(x: Optional[float]) -> str:
    return "—" if x is None else f"{x:.0%}"


def _pair_probabilities(result: GroundingResult, v) -> str:
    """The anchor pair's probabilities, named after what gave them: in the context engines the scorer's (its
    P(support) and P(contradict) for the pair), in the claims engine the entailment model's."""
    engine = ENGINES.get(result.engine)
    scorer = engine is not None and "scorer" in engine.models
    return (f"scorer P(support) {_fmt(v.entail)} · P(contradict) {_fmt(v.contradict)}" if scorer
            else f"P(entail) {_fmt(v.entail)} · P(contradict) {_fmt(v.contradict)}")


def _reading(claim) -> str:
    """The entailment model's reading of the claim's chosen sentences (judge_joint), when it read them."""
    if claim.joint is None or not claim.joint_columns:
        return ""
    what = "sentence" if len(claim.joint_columns) == 1 else f"{len(claim.joint_columns)} sentences together"
    alone = (f" · on context sentence {claim.alone_column + 1} alone: P(e) {_fmt(claim.alone[0])} · P(c) {_fmt(claim.alone[2])}"
             if claim.alone is not None and claim.alone_column is not None else "")
    parts = "".join(f" · part “{_e(p.text.rstrip('.!?'))}” on context sentence{'s' if len(p.columns) > 1 else ''} "
                    f"{', '.join(str(j + 1) for j in p.columns)}: P(e) {_fmt(p.reading[0])} · P(c) {_fmt(p.reading[2])}"
                    for p in claim.parts if p.reading is not None)
    return f" · entailment model on the {what}: P(e) {_fmt(claim.joint[0])} · P(c) {_fmt(claim.joint[2])}{alone}{parts}"


def _missing(why: str) -> str:
    """A metric without a value, and why: "n/a" (the engine cannot compute it honestly), "off", "no evidence"."""
    return "—" + (f'<span class="muted" style="font-size:11px"> {why}</span>' if why else "")


def coverage_html(result: GroundingResult, with_messages: bool = True) -> str:
    """The coverage line: windows, truncated / unscored items, language, sizes, and (unless shown elsewhere)
    every coverage message."""
    cov = result.coverage
    lang = _e(cov.language) + (f" ({cov.language_confidence:.2f})" if cov.language_confidence is not None else "")
    # windows are the context engines' (documents packed into the scorer's window); the claims engine has none
    engine = ENGINES.get(result.engine)
    windowed = cov.windows or engine is None or any(stage.name == "score_windows" for stage in engine.before)
    gated = (f" ({cov.windows_gated} not read: no sentence pair in them reached the cosine gate "
             f"{getattr(result.config, 'scorer_gate', None)})" if cov.windows_gated else "")
    bits = ([f"windows: {cov.windows}{gated}"] if windowed else []) + [
            f"truncated items: {len(cov.truncated)}", f"unscored items: {len(cov.unscored)}", f"language: {lang}",
            f"{len(result.response_sentences)} response sentences × {len(result.context_sentences)} context sentences "
            f"in {len(result.documents)} document(s)"]
    if cov.rechecked:
        bits.append(f"re-judged in fp32 near a threshold: {cov.rechecked} pair(s)")
    if cov.runtime.get("models"):
        providers = sorted({m.get("provider", "?").replace("ExecutionProvider", "") for m in cov.runtime["models"].values()})
        bits.append(f"runs on: {_e(', '.join(providers))}, int8 kernel {_e(cov.runtime.get('int8_kernel', '?'))}")
    out = [f'<div class="coverage"><b>Coverage</b> — {" · ".join(bits)}']
    items = [_e(m) for m in cov.messages] if with_messages else []
    if cov.truncated:
        items.append("Truncated at a model window: " + "; ".join(_e(t) for t in cov.truncated[:20])
                     + (f" … and {len(cov.truncated) - 20} more" if len(cov.truncated) > 20 else ""))
    if cov.unscored:
        items.append("Not scored: " + "; ".join(_e(t) for t in cov.unscored[:20])
                     + (f" … and {len(cov.unscored) - 20} more" if len(cov.unscored) > 20 else ""))
    if items:
        out.append("<ul>" + "".join(f"<li>{m}</li>" for m in items) + "</ul>")
    out.append("</div>")
    return "".join(out)


def metrics_html(result: GroundingResult) -> str:
    """Faithfulness rates, CER, ECSS, PFCR, integrity, verdict counts and the coverage line. A result that
    was not assessed, or none of whose sentences was checked, says "Not assessed" with the reasons and shows no
    rates."""
    cov = result.coverage
    nothing_checked = result.complete and result.response_sentences and "done" not in row_states(result)
    if not cov.assessed or nothing_checked:   # e.g. stopped, or the time budget spent, before the first sentence
        reasons = "".join(f"<li>{_e(m)}</li>" for m in cov.messages) or "<li>No reason was recorded.</li>"
        return _wrap(f'<div class="metrics"><div class="not-assessed-box"><div class="title">Not assessed</div>'
                     f'<div>This answer was not checked, so nothing about it is supported or contradicted:</div>'
                     f'<ul>{reasons}</ul></div>{coverage_html(result, with_messages=False)}</div>')
    if not result.complete:
        done = sum(1 for s in row_states(result) if s != "pending")
        return _wrap(f'<div class="metrics"><div class="pending-box">Metrics appear when every sentence is checked '
                     f'({done}/{len(result.response_sentences)} done).</div>{coverage_html(result)}</div>')
    m = result.metrics
    tiles = [_tile("FCR", _rate(m.fcr)), _tile("HCR", _rate(m.hcr)), _tile("ACR", _rate(m.acr)), _tile("UCR", _rate(m.ucr)),
             _tile("CER", _rate(m.cer) if m.cer is not None else _missing("n/a" if not applies(result.engine, "cer") else "")),
             _tile("ECSS", _fmt(m.ecss)),
             _tile("PFCR", _rate(m.pfcr) if m.pfcr is not None else _missing(
                 "n/a" if not applies(result.engine, "pfcr") else
                 "off" if result.config is not None and not result.config.pfcr else
                 "not computed" if any(p.psi != 0 for p in result.pairs) else "no evidence")),   # budget or Stop
             _tile("Integrity", _fmt(m.integrity))]
    counts = " ".join(f'{_badge(label)}<b>{n}</b>&nbsp;' for label, n in m.verdict_counts.items()) or '<span class="muted">no verdicts</span>'
    unsure = sum(1 for v in result.verdicts if sureness.band(v.sureness) == "unsure"
                 and result.claims[v.claim].origin != "rejected")
    if unsure:
        counts += f' · <span class="unsure-tag">unsure</span><b>{unsure}</b> (see "How sure" in the verdict)'
    na_rows = sum(1 for s in row_states(result) if s == "na")
    partial = (f'<div class="pending-box">{na_rows} of {len(result.response_sentences)} response sentence(s) were '
               f'not assessed; the rates cover the others only.</div>') if na_rows else ""
    return _wrap(f'<div class="metrics">{partial}<div class="tiles">{"".join(tiles)}</div>'
                 f'<div class="counts"><b>Verdicts</b>: {counts}</div>{coverage_html(result)}</div>')


# ---------------------------------------------------------------------------- context

def evidence_scores(result: GroundingResult, row: Optional[int] = None, claim: Optional[int] = None) -> dict[int, tuple[float, int]]:
    """column -> (signed score, label) for a response sentence (row), a claim, or, with neither, the
    strongest score any response sentence gives each column. Columns without evidence are left out."""
    out: dict[int, tuple[float, int]] = {}
    cm = result.claim_map
    if claim is not None and cm is not None and f"c{claim + 1}" in cm.rows:   # the claim's row, a rule's cells included
        r = cm.rows.index(f"c{claim + 1}")
        return {j: (float(v), int(lab)) for j, (v, lab) in enumerate(zip(cm.values[r], cm.labels[r])) if lab != 0}
    if claim is not None:
        for p in result.pairs:
            if p.claim == claim and p.psi != 0 and abs(p.signed) > abs(out.get(p.column, (0.0, 0))[0]):
                out[p.column] = (p.signed, p.psi)
        return out
    sm = result.sentence_map
    if sm is None:
        return out
    rows = [row] if row is not None else range(len(sm.values))
    for i in rows:
        if i is None or i >= len(sm.values):
            continue
        for j, (v, lab) in enumerate(zip(sm.values[i], sm.labels[i])):
            if lab != 0 and abs(v) > abs(out.get(j, (0.0, 0))[0]):
                out[j] = (float(v), int(lab))
    return out


def ruled_notes(result: GroundingResult, row: Optional[int] = None, claim: Optional[int] = None) -> dict[int, str]:
    """column -> what a verdict rule found there (SignedMap.ruled), for the cells evidence_scores shows."""
    smap = result.claim_map if claim is not None else result.sentence_map
    key = f"c{claim + 1}" if claim is not None else None
    if smap is None or (key is not None and key not in smap.rows):
        return {}
    want = smap.rows.index(key) if key is not None else row
    return {j: note for (i, j), note in smap.ruled_notes().items() if want is None or i == want}


def context_html(result: GroundingResult, row: Optional[int] = None, claim: Optional[int] = None) -> str:
    """The context documents, every sentence a <span class="ctx-sent" data-col=j>; evidence for the selected
    response sentence (row) or claim is marked "ev-support" (green) / "ev-contradict" (red) with its score."""
    if not result.documents:
        return _wrap('<div class="empty">No context documents.</div>')
    scores = evidence_scores(result, row, claim)
    rules = ruled_notes(result, row, claim)
    anchor = None
    if claim is not None and 0 <= claim < len(result.claims):
        target = f'claim C{claim + 1}: “{_e(short(result.claims[claim].text, 140))}”'
        v = _verdict_of(result).get(claim)
        anchor = v.anchor if v is not None and v.label != NOT_ASSESSED else None
    elif row is not None and 0 <= row < len(result.response_sentences):
        target = f'response sentence R{row + 1}: “{_e(short(result.response_sentences[row].text, 140))}”'
    else:
        target = "all response sentences (strongest score per context sentence)"
    n_sup = sum(1 for _, lab in scores.values() if lab > 0)
    n_con = sum(1 for _, lab in scores.values() if lab < 0)
    focus = ' data-focus="1"' if row is not None or claim is not None else ""
    caption = (f'<div class="ctx-caption"{focus}>Evidence for {target}: <span class="ev-support">&nbsp;{n_sup} supporting&nbsp;</span> '
               f'<span class="ev-contradict">&nbsp;{n_con} contradicting&nbsp;</span>'
               + (" · outlined: the verdict's anchor sentence" if anchor is not None else "") + "</div>")
    docs = []
    for d in result.documents:
        pieces, pos = [], 0
        for s in d.sentences:
            pieces.append(_e(d.text[pos:s.start]))
            classes = ["ctx-sent"]
            style, title = "", f"{d.title or d.id} · sentence {s.index + 1}"
            if s.column in scores:
                v, lab = scores[s.column]
                classes.append("ev-support" if lab > 0 else "ev-contradict")
                style = f' style="--a:{0.15 + 0.5 * min(1.0, abs(v)):.2f}"'
                title += f" · {'supports' if lab > 0 else 'contradicts'}, score {v:+.2f}"
                title += f" ({rules[s.column]})" if s.column in rules else ""
            elif s.column in rules:             # a cell a rule turned to no evidence (the denial rule)
                title += f" · no evidence ({rules[s.column]}), whatever the model read"
            if anchor is not None and s.column == anchor:
                classes.append("ev-anchor")
                title += " · anchor of the verdict"
            pieces.append(f'<span class="{" ".join(classes)}" data-col="{s.column}"{style} title="{_e(title)}">'
                          f'<span class="sn">{s.index + 1}</span>{_e(s.text)}</span>')
            pos = s.end
        pieces.append(_e(d.text[pos:]))
        docs.append(f'<section class="ctx-doc" data-doc="{_e(d.id)}"><h4>{_e(d.title or d.id)} '
                    f'<small>{_e(d.id)} · {len(d.sentences)} sentences</small></h4>'
                    f'<div class="ctx-text">{"".join(pieces)}</div></section>')
    return _wrap(caption + "".join(docs))


# ---------------------------------------------------------------------------- response and report
