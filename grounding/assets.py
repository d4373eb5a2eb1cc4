"""The views' static parts: the style sheet (also inlined in the HTML report), the app's own layout rules, the
small scripts the app attaches to its HTML views (a click selects a row or claim; the context pane scrolls to the
selected evidence) and the one that empties an example's question beside the user's own texts. No external fonts
or scripts are ever loaded."""
import json

CSS = """
.gv { font-family: system-ui, sans-serif; font-size: 14px; line-height: 1.45; color: #1f2933; }
.gv * { box-sizing: border-box; }
.gv .muted, .gv small { color: #5f6b7a; }
.gv .empty { color: #5f6b7a; font-style: italic; padding: 8px; }
.gv .badge { display: inline-block; padding: 1px 8px; border-radius: 10px; font-size: 12px; font-weight: 600;
  white-space: nowrap; border: 1px solid transparent; margin-right: 6px; vertical-align: 1px; }
.gv .badge-supported { background: #dcf5e3; color: #14532d; border-color: #86d19d; }
.gv .badge-partial { background: #fff4d6; color: #7a4b00; border-color: #f0c966; }
.gv .badge-unsupported { background: #eceff3; color: #394150; border-color: #c3cad4; }
.gv .badge-contradicted { background: #fde0e0; color: #8a1414; border-color: #ef9a9a; }
.gv .badge-not-assessed { background: repeating-linear-gradient(45deg, #f1f1f1, #f1f1f1 4px, #e2e2e2 4px, #e2e2e2 8px);
  color: #44484f; border-color: #b9bcc2; }
.gv .badge-pending { background: #fff; color: #6b7280; border: 1px dashed #9ca3af; }
.gv .badge-rejected { background: #fff; color: #6b7280; border: 1px solid #d1d5db; font-weight: 500; }
/* heatmap */
.gv .hm-wrap { display: inline-block; max-width: 100%; vertical-align: top; overflow: auto; max-height: 560px;
  border: 1px solid #d8dde3; border-radius: 6px; background: #fff; }
.gv table.gr-heatmap { border-collapse: separate; border-spacing: 0; font-size: 12px; margin: 0; width: auto; border: 0; }
.gv table.gr-heatmap th, .gv table.gr-heatmap td { padding: 0; border: 0; background-clip: padding-box; }
.gv table.gr-heatmap thead th { position: sticky; background: #f7f8fa; z-index: 2; font-weight: 600; }
.gv table.gr-heatmap thead tr.docs th { top: 0; height: 24px; padding: 2px 6px; text-align: left; white-space: nowrap;
  overflow: hidden; text-overflow: ellipsis; max-width: 1px; border-bottom: 1px solid #d8dde3; }
.gv table.gr-heatmap thead tr.nums th { top: 24px; height: 20px; font-weight: 400; color: #5f6b7a; text-align: center;
  font-size: 10px; border-bottom: 1px solid #d8dde3; }
.gv table.gr-heatmap th.corner { left: 0; z-index: 3; text-align: left; padding: 2px 6px; }
.gv table.gr-heatmap th.rowhead { position: sticky; left: 0; z-index: 1; background: #fff; text-align: left;
  font-weight: 400; padding: 3px 8px 3px 6px; min-width: 190px; max-width: 260px; white-space: nowrap; overflow: hidden;
  text-overflow: ellipsis; border-right: 1px solid #d8dde3; cursor: pointer; }
.gv table.gr-heatmap th.rowhead .rid { font-weight: 700; margin-right: 6px; color: #364152; }
.gv table.gr-heatmap td.cell { min-width: 18px; width: 18px; height: 26px; text-align: center; font-size: 10px;
  border-right: 1px solid #fff; border-bottom: 1px solid #fff; cursor: pointer; color: #111; }
.gv table.gr-heatmap.wide-cells td.cell { min-width: 46px; width: 46px; }
.gv table.gr-heatmap .doc-start { border-left: 3px solid #2d3748 !important; }
.gv table.gr-heatmap tr.row-na td.cell { background: repeating-linear-gradient(45deg, #f3f3f3, #f3f3f3 4px, #dedede 4px, #dedede 8px) !important; }
.gv table.gr-heatmap tr.row-na th.rowhead { color: #6b7280; font-style: italic; }
.gv table.gr-heatmap tr.row-pending td.cell { background: #fafafa !important; }
.gv table.gr-heatmap tr.row-pending th.rowhead { color: #9aa3ae; }
.gv table.gr-heatmap tr.selected th.rowhead { background: #e8f0fe; box-shadow: inset 3px 0 0 #1a56db; }
.gv table.gr-heatmap tr.selected td.cell { border-top: 1px solid #1a56db; border-bottom: 1px solid #1a56db; }
.gv table.gr-heatmap tr:hover th.rowhead { background: #f1f5fb; }
.gv .na-tag { display: inline-block; font-size: 10px; padding: 0 5px; margin-left: 4px; border-radius: 8px; background: #e5e7eb;
  color: #374151; font-style: normal; }
.gv .legend { display: flex; align-items: center; gap: 6px; font-size: 12px; color: #5f6b7a; margin: 6px 2px; flex-wrap: wrap; }
.gv table.gr-heatmap.narrow-cells td.cell { min-width: 11px; width: 11px; }
.gv table.gr-heatmap.narrow-cells th.rowhead { min-width: 150px; max-width: 170px; }
.gv table.gr-heatmap.narrow-cells thead tr.nums th { font-size: 8px; }
.gv table.gr-heatmap.compact th.rowhead { min-width: 46px; max-width: 60px; }
.gv table.gr-heatmap.compact.narrow-cells td.cell { min-width: 8px; width: 8px; }
.gv table.gr-heatmap.compact.narrow-cells thead tr.nums th { font-size: 0; }
.gv table.gr-heatmap td.cell.ruled { box-shadow: inset 0 0 0 2px #7f1d1d; }
.gv table.gr-heatmap td.cell.ruled.ruled-none { box-shadow: none; outline: 2px dashed #52525b; outline-offset: -2px; }
.gv table.gr-heatmap td.cell.ruled.ruled-green { box-shadow: inset 0 0 0 2px #14532d; }
.gv table.gr-heatmap td.cell.mark-diff { box-shadow: inset 0 0 0 2px #111; }
.gv table.gr-heatmap td.cell.gold-wrong { box-shadow: inset 0 0 0 2px #7c3aed; }
.gv table.gr-heatmap td.cell.gold-missed { box-shadow: inset 0 0 0 3px #b91c1c; color: #b91c1c; font-weight: 800; }
.gv table.gr-heatmap td.cell.gold-missed:empty::after { content: "!"; }
.gv .row-flag { display: inline-block; margin-right: 4px; padding: 0 4px; border-radius: 3px; background: #111; color: #fff;
  font-weight: 700; font-size: 11px; }
.gv .doc-legend { font-size: 12px; color: #364152; margin: 2px 2px 6px; display: flex; flex-wrap: wrap; gap: 4px 12px; }
.gv .unscored-note { font-size: 12px; color: #7a4b00; background: #fff4d6; border-radius: 4px; padding: 3px 8px; margin: 4px 0; }
.gv .verdict.differs { outline: 2px dashed #111; outline-offset: 1px; }
.gv .differs-note { font-size: 12px; font-weight: 600; color: #111; margin-top: 4px; }
.gv .sureness { font-size: 12px; color: #364152; margin: 4px 0; }
.gv .sureness.s-unsure { color: #7a4b00; background: #fff4d6; border-radius: 4px; padding: 3px 8px; }
.gv .unsure-tag { display: inline-block; margin: 0 4px; padding: 0 6px; border-radius: 8px; border: 1px solid #b45309;
  color: #7a4b00; background: #fff4d6; font-size: 11px; font-weight: 600; }
.gv .compare-summary { font-size: 14px; padding: 6px 10px; border: 1px solid #d8dde3; border-radius: 6px; background: #f7f8fa;
  margin-top: 6px; }
.gv .gold-panel .tiles { display: grid; grid-template-columns: repeat(3, minmax(120px, 1fr)); gap: 8px; margin-bottom: 8px; }
.gv .gold-panel .tile { border: 1px solid #d8dde3; border-radius: 6px; padding: 6px 8px; }
.gv .gold-panel .tile .v { font-size: 20px; font-weight: 600; } .gv .gold-panel .tile .d { font-size: 11px; color: #5f6b7a; }
.gv table.confusion, .gv table.records { border-collapse: collapse; font-size: 13px; margin: 6px 0; }
.gv table.confusion caption, .gv table.records caption { text-align: left; font-size: 12px; color: #5f6b7a; }
.gv table.confusion th, .gv table.confusion td, .gv table.records th, .gv table.records td {
  border: 1px solid #d8dde3; padding: 3px 10px; text-align: right; }
.gv table.confusion td.diag { background: #e9f7ef; } .gv table.confusion td.off { background: #fde8e8; }
.gv table.records tr.record { cursor: pointer; } .gv table.records tr.record:hover { background: #f1f5fb; }
.gv table.records tr.selected { background: #e8f0fe; } .gv table.records td.error { color: #7f1d1d; text-align: left; }
.gv .legend .ramp { width: 160px; height: 10px; border-radius: 3px; border: 1px solid #d8dde3;
  background: linear-gradient(90deg, rgb(205,40,40), #fff 50%, rgb(22,150,70)); }
/* claims */
.gv .claim-group { margin: 0 0 10px 0; padding: 6px 8px; border-left: 3px solid #d8dde3; }
.gv .claim-group.selected { border-left-color: #1a56db; background: #f5f8ff; }
.gv .claim-sent { font-size: 13px; color: #364152; cursor: pointer; }
.gv .rid, .gv .cid { font-weight: 700; color: #364152; margin-right: 4px; }
.gv ul.claims { list-style: none; padding: 0; margin: 4px 0 0 12px; }
.gv ul.claims li { margin: 3px 0; cursor: pointer; }
.gv ul.claims li.selected { background: #e8f0fe; border-radius: 4px; }
.gv ul.claims li.rejected { cursor: default; color: #6b7280; }
.gv .note { font-size: 12px; color: #6b7280; }
/* verdicts */
.gv .verdict { border: 1px solid #d8dde3; border-left-width: 4px; border-radius: 6px; padding: 8px 10px; margin: 0 0 10px 0;
  background: #fff; cursor: pointer; }
.gv .verdict.v-supported { border-left-color: #2f9e5b; }
.gv .verdict.v-partial { border-left-color: #e0a800; }
.gv .verdict.v-unsupported { border-left-color: #8b95a5; }
.gv .verdict.v-contradicted { border-left-color: #d33; }
.gv .verdict.v-not-assessed { border-left-color: #9ca3af; background: #fafafa; }
.gv .verdict.selected { box-shadow: 0 0 0 2px #1a56db33; }
.gv .verdict .explanation { margin: 6px 0; }
.gv blockquote.anchor { margin: 6px 0; padding: 4px 10px; border-left: 3px solid #cbd2d9; background: #f7f8fa; color: #27313d; }
.gv blockquote.anchor.conflict { border-left-color: #2f9e5b; }
.gv mark.diff-claim { background: #ffd7d7; color: #7a0b0b; padding: 0 2px; border-radius: 2px; }
.gv mark.diff-context { background: #d7f0ff; color: #0b4a7a; padding: 0 2px; border-radius: 2px; }
.gv .scores, .gv .prov { font-size: 12px; color: #5f6b7a; }
/* metrics */
.gv .metrics .tiles { display: grid; grid-template-columns: repeat(auto-fill, minmax(110px, 1fr)); gap: 8px; margin-bottom: 8px; }
.gv .metrics .tile { border: 1px solid #d8dde3; border-radius: 6px; padding: 6px 8px; background: #fff; }
.gv .metrics .tile .k { font-size: 12px; font-weight: 700; color: #364152; }
.gv .metrics .tile .k abbr { text-decoration: underline dotted; cursor: help; }
.gv .metrics .tile .v { font-size: 20px; font-weight: 600; }
.gv .metrics .tile .d { font-size: 11px; color: #5f6b7a; line-height: 1.25; }
.gv .metrics .counts { margin: 6px 0; }
.gv .coverage { font-size: 12px; color: #364152; border-top: 1px solid #e5e7eb; padding-top: 6px; margin-top: 6px; }
.gv .coverage ul { margin: 4px 0 0 18px; padding: 0; }
.gv .not-assessed-box { border: 2px solid #9ca3af; border-radius: 6px; padding: 10px 12px;
  background: repeating-linear-gradient(45deg, #fafafa, #fafafa 6px, #f0f0f0 6px, #f0f0f0 12px); }
.gv .not-assessed-box .title { font-size: 18px; font-weight: 700; color: #374151; }
.gv .pending-box { border: 1px dashed #9ca3af; border-radius: 6px; padding: 8px 10px; color: #4b5563; }
/* context */
.gv .ctx-caption { font-size: 12px; color: #364152; margin-bottom: 6px; }
.gv .ctx-caption > span { white-space: nowrap; }
.gv .ctx-doc { border: 1px solid #d8dde3; border-radius: 6px; margin: 0 0 10px 0; background: #fff; }
.gv .ctx-doc h4 { margin: 0; padding: 5px 10px; font-size: 13px; background: #f7f8fa; border-bottom: 1px solid #d8dde3; }
.gv .ctx-text { white-space: pre-wrap; padding: 8px 10px; max-height: 420px; overflow: auto; }
.gv .ctx-sent { border-radius: 3px; }
.gv .ctx-sent .sn { font-size: 9px; color: #9aa3ae; vertical-align: super; margin-right: 1px; user-select: none; }
.gv .ev-support { background: rgba(22,150,70,var(--a,0.35)); outline: 1px solid rgba(22,150,70,0.6); }
.gv .ev-contradict { background: rgba(205,40,40,var(--a,0.35)); outline: 1px solid rgba(205,40,40,0.6); }
.gv .ev-anchor { outline: 2px solid #1a56db; }
/* response (report) */
.gv .resp-sent.c-faithful { background: #e3f6ea; } .gv .resp-sent.c-contradicted { background: #fde4e4; }
.gv .resp-sent.c-ambiguous { background: #fff1cc; } .gv .resp-sent.c-ungrounded { background: #eef0f3; }
/* status */
.gv .status { padding: 6px 10px; border-radius: 6px; background: #f1f5f9; border: 1px solid #d8dde3; }
.gv .status.error { background: #fde8e8; border-color: #f5a3a3; color: #7f1d1d; }
.gv .status.done { background: #e9f7ef; border-color: #a3dbb7; }
.gv .progress { height: 4px; background: #e5e7eb; border-radius: 2px; margin-top: 4px; overflow: hidden; }
.gv .progress > div { height: 100%; background: #1a56db; }
"""

# A click on a heatmap row, a claim or a record of the gold table selects it (the app turns the event into a focus
# value, or opens the record).
CLICK_JS = """
element.addEventListener('click', (e) => {
  const record = e.target.closest('[data-record]');
  if (record) { trigger('click', {record: Number(record.dataset.record)}); return; }
  const claim = e.target.closest('[data-claim]');
  const row = e.target.closest('[data-row]');
  if (claim && !claim.classList.contains('rejected')) { trigger('click', {claim: Number(claim.dataset.claim)}); return; }
  if (row) {
    element.querySelectorAll('tr.selected').forEach((r) => r.classList.remove('selected'));
    if (row.tagName === 'TR') row.classList.add('selected');
    trigger('click', {row: Number(row.dataset.row)});
  }
});
"""
# After a selection, scroll the context pane (not the page) to the first highlighted sentence.
SCROLL_JS = """
watch('value', () => {
  const pane = element.closest('#gv-context') || element;
  if (!element.querySelector('.ctx-caption[data-focus]')) return;
  const target = element.querySelector('.ev-anchor') || element.querySelector('.ctx-sent.ev-support, .ctx-sent.ev-contradict');
  if (target) pane.scrollTop += target.getBoundingClientRect().top - pane.getBoundingClientRect().top - 48;
});
"""
# The verdicts pane follows the selection: the first selected card scrolled into view inside the pane (not the page).
FOLLOW_JS = """
watch('value', () => {
  const pane = element.closest('#gv-verdicts, #gv-cmp-verdicts-a, #gv-cmp-verdicts-b') || element;
  const card = element.querySelector('.verdict.selected');
  if (card) pane.scrollTop += card.getBoundingClientRect().top - pane.getBoundingClientRect().top - 8;
});
"""


def stale_question_js(examples: list[dict]) -> str:
    """(response, context, question) -> question, run in the page whenever the response or the context box changes:
    an example's question is emptied once neither box holds that example's text (the user's own texts replaced it,
    and the example's question must not travel into their result and reports). In the page, so that typing beside
    a long context sends nothing to the server."""
    texts = json.dumps([[e["question"], e["response"], e["context"]] for e in examples if e["question"]])
    return (f"(response, context, question) => {texts}.some(([q, r, c]) => question === q && response !== r "
            "&& context !== c) ? '' : question")


# The app page's own rules, added to CSS and the trace view's.
APP_CSS = """
#gv-heatmap, #gv-context, #gv-claims, #gv-verdicts { min-height: 60px; }
#gv-verdicts, #gv-claims, #gv-context, #gv-cmp-verdicts-a, #gv-cmp-verdicts-b { max-height: 760px; overflow-y: auto !important; }
#gv-context .ctx-text { max-height: none; }
/* the upload box: the drop zone's icon and text below its label, not under it */
#gv-files .wrap { padding-top: 26px; }
/* printing (and print-media screenshots): every card, every sentence, no inner scrolling */
@media print {
  #gv-verdicts, #gv-claims, #gv-context, #gv-cmp-verdicts-a, #gv-cmp-verdicts-b, .gv .hm-wrap, .gv .ctx-text {
    max-height: none !important; overflow: visible !important; }
  #gv-settings, #gv-run, .gv .legend { break-inside: avoid; }
}
"""
