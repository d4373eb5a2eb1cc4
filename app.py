"""Gradio app: check a generated answer against its source documents.

Layout and event wiring only; the checking is `grounding.ground_stream`, the views are `grounding.render`,
uploads are `grounding.ingest`. Runs offline: `python app.py` serves on port 7860 (GRADIO_SERVER_NAME /
GRADIO_SERVER_PORT honoured); GROUNDING_MODELS_DIR points at another model folder set.
"""
from __future__ import annotations

import os

# Before gradio is imported: no analytics, no Hub look-ups.
os.environ["GRADIO_ANALYTICS_ENABLED"] = "False"
os.environ["HF_HUB_OFFLINE"] = "1"

import dataclasses  # noqa: E402
import html  # noqa: E402
import json  # noqa: E402
import logging  # noqa: E402
import tempfile  # noqa: E402
from pathlib import Path  # noqa: E402
from typing import Optional  # noqa: E402

import gradio as gr  # noqa: E402

from grounding import render  # noqa: E402
from grounding.config import ENGINES, OVERRIDE_SCOPES, PRESETS, GroundingConfig, VerdictPreset  # noqa: E402
from grounding.examples import EXAMPLES  # noqa: E402
from grounding.ingest import EXTENSIONS, UploadError, context_items, read_uploads  # noqa: E402
from grounding.io import pairs_csv  # noqa: E402
from grounding.pipeline import InputError, ground, ground_stream, rederive, runtime_info  # noqa: E402
from grounding.trace import view as trace_view  # noqa: E402
from grounding.trace.examples import EXAMPLES as TRACE_EXAMPLES  # noqa: E402
from grounding.trace.method import trace_json  # noqa: E402
from grounding.types import GroundingResult  # noqa: E402

log = logging.getLogger("grounding.app")

MODELS_DIR = os.environ.get("GROUNDING_MODELS_DIR") or GroundingConfig().models_dir
SLIDER_FIELDS = ("w_cos", "w_entity", "w_nli", "w_entail", "w_contradict", "supported", "partial")
OPTIONAL_FIELDS = ("nli_override", "contradict_override", "off_topic", "unsupported_floor",
                   "conflict_note")   # empty = rule off
CHOICE_FIELDS = {"override_scope": OVERRIDE_SCOPES}
FIELD_HELP = {
    "w_cos": "weight of cosine similarity in F", "w_entity": "weight of entity overlap in F",
    "w_nli": "weight of P(entail) − P(contradict) in F", "w_entail": "weight of P(entail) in F",
    "w_contradict": "weight subtracted per unit of P(contradict)", "supported": "F at or above: Supported",
    "partial": "F at or above: Partially supported",
    "override_scope": "which sentences may fire the contradiction override: any judged one, or only the claim's "
                      "most similar one (fewer false alarms, fewer contradictions caught; see the README)",
    "nli_override": "P(e) − P(c) at or below this: Contradicted (empty = off)",
    "contradict_override": "P(contradict) above this: Contradicted (empty = off)",
    "off_topic": "cosine below this: Unsupported (empty = off)",
    "unsupported_floor": "F below this: lowest band (empty = off)",
    "conflict_note": "a backed claim names a sentence leaning against it with P(contradict) at or above this "
                     "(empty = off)",
}
DEFAULT = GroundingConfig()


# ---------------------------------------------------------------------------- settings <-> config

def make_config(engine: str, tau: float, preset: str, pfcr: bool, *values) -> GroundingConfig:
    """GroundingConfig from the settings widgets; verdict fields that differ from the preset become overrides."""
    base = PRESETS[preset]
    overrides = {}
    for name, value in zip(SLIDER_FIELDS + OPTIONAL_FIELDS + tuple(CHOICE_FIELDS), values):
        default = getattr(base, name)
        if name in CHOICE_FIELDS:
            if value is not None and value != default:
                overrides[name] = value
            continue
        value = _parse_optional(name, value)
        if value is None and name in SLIDER_FIELDS:
            continue
        if (value is None) != (default is None) or (value is not None and abs(value - default) > 1e-9):
            overrides[name] = value
    return GroundingConfig(engine=engine, tau=float(tau), preset=preset, pfcr=bool(pfcr), overrides=overrides,
                           models_dir=MODELS_DIR).validate()


def preset_values(preset: str) -> list:
    """The preset's values in widget order: numbers for the sliders, text for the optional thresholds, then the
    choices."""
    p: VerdictPreset = PRESETS[preset]
    return ([getattr(p, f) for f in SLIDER_FIELDS] + [_number_text(getattr(p, f)) for f in OPTIONAL_FIELDS]
            + [getattr(p, f) for f in CHOICE_FIELDS])


def _number_text(value: Optional[float]) -> str:
    return "" if value is None else f"{value:g}"


def _parse_optional(name: str, value) -> Optional[float]:
    if value is None or (isinstance(value, str) and not value.strip()):
        return None
    try:
        return round(float(value), 4)
    except (TypeError, ValueError):
        raise ValueError(f"{name} must be a number or empty (rule off), not '{value}'.") from None


# ---------------------------------------------------------------------------- view helpers

def parse_focus(value: Optional[str]) -> tuple[Optional[int], Optional[int]]:
    """Dropdown value "r3" / "c5" / "all" -> (row, claim)."""
    if isinstance(value, str) and value[:1] in ("r", "c") and value[1:].isdigit():
        return (int(value[1:]), None) if value[0] == "r" else (None, int(value[1:]))
    return None, None


def focus_choices(result: Optional[GroundingResult]) -> list[tuple[str, str]]:
    choices = [("All evidence", "all")]
    if result is None:
        return choices
    for i, s in enumerate(result.response_sentences):
        choices.append((f"R{i + 1} · {render._short(s.text, 90)}", f"r{i}"))
        for k, c in enumerate(result.claims):
            if c.sentence == i and c.origin != "rejected" and c.note != "not assessed" and c.text != s.text:
                choices.append((f"   C{k + 1} · {render._short(c.text, 86)}", f"c{k}"))
    return choices


def views(result: GroundingResult, row: Optional[int] = None, claim: Optional[int] = None) -> tuple[str, ...]:
    """(heatmap, claims, verdicts, metrics, context) HTML."""
    if claim is not None and row is None and 0 <= claim < len(result.claims):
        hm_row = result.claims[claim].sentence
    else:
        hm_row = row
    return (render.heatmap_html(result, hm_row), render.claims_html(result, row, claim),
            render.verdicts_html(result, claim), render.metrics_html(result), render.context_html(result, row, claim))


def write_downloads(result: GroundingResult) -> list[str]:
    folder = Path(tempfile.mkdtemp(prefix="grounding-"))
    files = {"grounding_result.json": result.to_json(indent=1), "grounding_pairs.csv": pairs_csv([("result", result)]),
             "grounding_report.html": render.report_html(result)}
    for name, text in files.items():
        (folder / name).write_text(text, encoding="utf-8")
    return [str(folder / name) for name in files]


def gather_context(context: str, files) -> tuple[list, list[str]]:
    """Context items for ground(): the pasted documents plus the uploaded ones (UploadError propagates)."""
    paths = [f if isinstance(f, str) else getattr(f, "name", str(f)) for f in (files or [])]
    upload = read_uploads(paths) if paths else None
    return context_items(context or "", upload.documents if upload else []), (upload.notes if upload else [])


# ---------------------------------------------------------------------------- events

N_VIEW = 5   # heatmap, claims, verdicts, metrics, context


def run(response, context, files, question, engine, tau, preset, pfcr, *values):
    """Generator over ground_stream: the views after segmentation and after each response sentence."""
    def failed(message: str, clear: bool = False):
        gr.Warning(message)
        if clear:   # the views show a half-started run: empty them
            return ((render.status_html(message, "error"), "", "", "", render.metrics_placeholder(), "")
                    + (gr.update(choices=focus_choices(None), value="all"), None, None))
        return (render.status_html(message, "error"),) + (gr.skip(),) * (N_VIEW + 3)

    try:
        config = make_config(engine, tau, preset, pfcr, *values)
        items, notes = gather_context(context, files)
    except (UploadError, ValueError) as err:
        yield failed(str(err))
        return
    for note in notes:
        gr.Info(note)
    if not (response or "").strip():
        gr.Warning("The response is empty: paste the answer to check (or pick an example).")
    elif not items:
        gr.Warning("No context: paste the source documents or upload files.")
    result = None
    try:
        for result in ground_stream(response or "", items, config, question=question or ""):
            n = len(result.response_sentences)
            done = sum(1 for s in render.row_states(result) if s != "pending")
            if result.complete:
                break
            status = render.status_html(f"Checking sentence {min(done + 1, n)}/{n}…" if n else "Segmenting…",
                                        "running", done, n)
            # sentences already checked can be selected while the rest stream in; old downloads go
            yield (status,) + views(result) + (gr.update(choices=focus_choices(result), value="all"), None, result)
    except InputError as err:
        yield failed(str(err), clear=True)
        return
    except Exception as err:   # a model folder missing, a broken file: say so, keep the app alive
        log.exception("run failed")
        yield failed(f"The check failed: {type(err).__name__}: {err}", clear=True)
        return
    if result is None:
        return
    n = len(result.response_sentences)
    if result.coverage.assessed:
        status = render.status_html(f"Done: {n}/{n} sentences, {len(result.verdicts)} verdicts in "
                                    f"{result.timings.get('total', 0):.1f} s.", "done", n, n)
    else:
        status = render.status_html("Not assessed: " + " ".join(result.coverage.messages), "error", n, n)
    yield ((status,) + views(result) + (gr.update(choices=focus_choices(result), value="all"), write_downloads(result), result))


def apply_verdict_settings(result, engine, tau, preset, pfcr, focus, *values):
    """Re-derive verdicts and metrics from the stored scores (no model run)."""
    try:
        config = make_config(engine, tau, preset, pfcr, *values)
    except ValueError as err:
        gr.Warning(str(err))
        return (render.status_html(str(err), "error"),) + (gr.skip(),) * 6
    if result is None or not result.complete:
        return (gr.skip(),) * 7
    result = rederive(result, config)   # the run's own tau / engine / PFCR stay: only a new run changes them
    row, claim = parse_focus(focus)
    _, claims, verdicts, metrics, ctx = views(result, row, claim)
    overrides = ", ".join(f"{k} = {v}" for k, v in config.overrides.items()) or "none"
    status = render.status_html(f"Verdicts re-derived from the stored scores with preset '{preset}' "
                                f"(overrides: {overrides}); no model was run.", "done")
    return status, claims, verdicts, metrics, ctx, write_downloads(result), result


def change_preset(result, engine, tau, preset, pfcr, focus):
    values = preset_values(preset)
    out = apply_verdict_settings(result, engine, tau, preset, pfcr, focus, *values)
    return tuple(values) + tuple(out)


def needs_run(result, engine, tau, pfcr):
    if result is None:
        return gr.skip()
    changed = [name for name, new in (("engine", engine), ("τ", float(tau)), ("PFCR", bool(pfcr)))
               if getattr(result.config, {"τ": "tau", "PFCR": "pfcr"}.get(name, name)) != new]
    if not changed:
        return gr.skip()
    return render.status_html(f"{', '.join(changed)} changed: press Run to apply (the shown results use the earlier "
                              "setting).", "running")


def select_focus(result, focus):
    if result is None:
        return (gr.skip(),) * 5
    return views(result, *parse_focus(focus))


def click_view(result, evt: gr.EventData):
    """A click on a heatmap row or a claim (JS hook in the HTML views) selects it."""
    if result is None:
        return (gr.skip(),) * 6
    data = getattr(evt, "_data", None) or {}
    row, claim = data.get("row"), data.get("claim")
    row = int(row) if isinstance(row, (int, float, str)) and str(row).isdigit() else None
    claim = int(claim) if isinstance(claim, (int, float, str)) and str(claim).isdigit() else None
    if row is None and claim is None:
        return (gr.skip(),) * 6
    value = f"c{claim}" if claim is not None else f"r{row}"
    if value not in {v for _, v in focus_choices(result)}:   # an unsplit claim is its sentence
        value = f"r{result.claims[claim].sentence}" if claim is not None else "all"
    return (gr.update(value=value),) + views(result, *parse_focus(value))


def load_files(files, response, question):
    """Read the uploads as soon as they arrive: errors show at once; a JSON record's response fills the box."""
    paths = [f if isinstance(f, str) else getattr(f, "name", str(f)) for f in (files or [])]
    if not paths:
        return gr.skip(), gr.skip(), ""
    try:
        upload = read_uploads(paths)
    except UploadError as err:
        gr.Warning(str(err))
        return gr.skip(), gr.skip(), render.status_html(str(err), "error")
    for note in upload.notes:
        gr.Info(note)
    new_response = upload.response if upload.response and not (response or "").strip() else gr.skip()
    new_question = upload.question if upload.question and not (question or "").strip() else gr.skip()
    return new_response, new_question, render.upload_summary_html(upload.documents)


# ---------------------------------------------------------------------------- API (gradio_client)

def api_ground(response: str, context: str, question: str = "", tau: float = 0.5, preset: str = "paper",
               engine: str = "claims") -> dict:
    """Check `response` against `context` (documents separated by a line with only ---); returns the full
    GroundingResult as JSON (see grounding/types.py)."""
    try:
        config = GroundingConfig(engine=engine, tau=float(tau), preset=preset, models_dir=MODELS_DIR).validate()
        return ground(response or "", context or "", config, question=question or "").to_dict()
    except (InputError, ValueError) as err:
        raise gr.Error(str(err)) from None


def api_rederive(result: dict, preset: str = "paper", overrides: Optional[dict] = None) -> dict:
    """Re-derive verdicts and metrics of a result from /ground under another preset and overrides, e.g.
    {"supported": 0.8}; no model is run."""
    try:
        res = GroundingResult.from_dict(result)
        config = GroundingConfig(preset=preset, overrides=overrides or {}, models_dir=MODELS_DIR).validate()
        return rederive(res, config).to_dict()
    except (KeyError, TypeError, ValueError) as err:
        raise gr.Error(f"Could not re-derive: {err}") from None


def api_report(result: dict) -> str:
    """The standalone HTML report of a result from /ground."""
    try:
        return render.report_html(GroundingResult.from_dict(result))
    except (KeyError, TypeError, ValueError) as err:
        raise gr.Error(f"Not a grounding result: {err}") from None


# ---------------------------------------------------------------------------- trace tab (grounding.trace)

def trace_config(q) -> GroundingConfig:
    if q is None or float(q) != int(float(q)):
        raise ValueError(f"q must be a whole number of at least 1, not '{q}'.")
    return GroundingConfig(trace_q=int(float(q)), models_dir=MODELS_DIR).validate()


def trace_views(res, value=None) -> tuple[str, str, str]:
    """(DAG drawing, claim list, evidence trail) with claim `value` ("t<k>") selected."""
    k = trace_view.parse_choice(value)
    return trace_view.dag_svg(res, k), trace_view.claims_html(res, k), trace_view.trail_html(res, k)


def run_trace(text, file, q):
    """Parse the DAG (the upload wins over the box), trace it, show it with its first flagged claim selected."""
    try:
        if file:
            text = Path(file if isinstance(file, str) else file.name).read_text(encoding="utf-8")
        res, notes = trace_json(text or "", trace_config(q), "the DAG")
    except (ValueError, OSError) as err:   # DAGError is a ValueError; a binary upload fails to decode
        gr.Warning(str(err))
        return (render.status_html(str(err), "error"),) + (gr.skip(),) * 7
    for note in notes:
        gr.Info(note)
    first = next((c for c in res.claims if c.verdict != trace_view.FULLY_SUPPORTED), res.claims[0] if res.claims else None)
    value = f"t{first.claim}" if first else None
    folder = Path(tempfile.mkdtemp(prefix="trace-"))
    (folder / "trace_result.json").write_text(res.to_json(indent=1), encoding="utf-8")
    (folder / "trace_report.html").write_text(trace_view.report_html(res), encoding="utf-8")
    status = render.status_html(f"Traced {trace_view.plural(len(res.claims), 'claim')} of '{res.dag.id}' in "
                                f"{sum(res.timings.values()):.1f} s.", "done")
    return ((status, trace_view.counts_html(res)) + trace_views(res, value)
            + (gr.update(choices=trace_view.claim_choices(res), value=value),
               [str(folder / "trace_result.json"), str(folder / "trace_report.html")], res))


def select_trace_claim(res, value):
    return trace_views(res, value) if res is not None else (gr.skip(),) * 3


def click_trace_claim(res, evt: gr.EventData):
    claim = (getattr(evt, "_data", None) or {}).get("claim")
    if res is None or not str(claim).isdigit():
        return (gr.skip(),) * 4
    return (gr.update(value=f"t{claim}"),) + trace_views(res, f"t{claim}")


def api_trace(dag: str, q: int = 3) -> dict:
    """Trace a generation DAG (JSON text: {"id", "nodes": [{"id", "text", "inputs", "stage", "title"}], "final"})
    with q consecutive Not Fully Supported verdicts to stop; returns the TraceResult as JSON."""
    try:
        text = dag if isinstance(dag, str) else json.dumps(dag)
        return trace_json(text, trace_config(q), "the DAG")[0].to_dict()
    except ValueError as err:
        raise gr.Error(str(err)) from None


def build_trace_tab():
    gr.Markdown("Paste or upload a generation DAG (JSON: source nodes without `inputs`, intermediate outputs "
                "with `inputs`, the final output). Each claim of the final output is traced toward the sources.")
    with gr.Row():
        text = gr.Textbox(label="DAG (JSON)", lines=10, elem_id="gv-trace-json", scale=3)
        with gr.Column(scale=1):
            file = gr.File(label="…or upload a .json / .jsonl DAG", file_types=[".json", ".jsonl"], height=110,
                           elem_id="gv-trace-file")
            q = gr.Number(value=DEFAULT.trace_q, precision=0, minimum=1, label="q (consecutive Not Fully Supported "
                          "verdicts that stop the search)", elem_id="gv-trace-q")
            btn = gr.Button("Trace", variant="primary", elem_id="gv-trace-run")
    gr.Examples([[json.dumps(d, indent=1)] for d in TRACE_EXAMPLES.values()], inputs=[text],
                example_labels=list(TRACE_EXAMPLES), label="Example DAGs (click one, then Trace)")
    status = gr.HTML(render.status_html("Paste a DAG or pick an example."), elem_id="gv-trace-status")
    counts = gr.HTML("", elem_id="gv-trace-counts")
    with gr.Row():
        claim = gr.Dropdown([], label="Claim", elem_id="gv-trace-claim", interactive=True, scale=3)
        downloads = gr.File(label="Downloads: trace JSON, HTML report", file_count="multiple", interactive=False,
                            elem_id="gv-trace-downloads", height=100, scale=2)
    svg = gr.HTML("", elem_id="gv-trace-dag")
    with gr.Row(equal_height=False):
        with gr.Column(scale=2):
            gr.Markdown("### Claims")
            claims = gr.HTML("", elem_id="gv-trace-claims", js_on_load=CLICK_JS)
        with gr.Column(scale=3):
            gr.Markdown("### Evidence trail")
            trail = gr.HTML("", elem_id="gv-trace-trail")
    return text, file, q, btn, status, counts, claim, downloads, svg, claims, trail


def wire_trace_tab(text, file, q, btn, status, counts, claim, downloads, svg, claims, trail):
    state = gr.State(None)
    btn.click(run_trace, [text, file, q], [status, counts, svg, claims, trail, claim, downloads, state],
              api_visibility="private", concurrency_id="grounding", concurrency_limit=1)
    claim.input(select_trace_claim, [state, claim], [svg, claims, trail], api_visibility="private")
    claims.click(click_trace_claim, [state], [claim, svg, claims, trail], api_visibility="private")


# ---------------------------------------------------------------------------- layout

CLICK_JS = """
element.addEventListener('click', (e) => {
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
THEME = gr.themes.Default(font=["system-ui", "sans-serif"], font_mono=["ui-monospace", "monospace"])
APP_CSS = render.CSS + trace_view.TRACE_CSS + """
#gv-heatmap, #gv-context, #gv-claims, #gv-verdicts { min-height: 60px; }
#gv-verdicts, #gv-claims, #gv-context { max-height: 760px; overflow-y: auto !important; }
#gv-context .ctx-text { max-height: none; }
"""


def about() -> str:
    try:
        return render.runtime_html(runtime_info(str(MODELS_DIR)))
    except Exception as err:   # the models are missing: the page still loads and Run says why
        return f"<p>Models not loaded: {html.escape(str(err))}</p>"


def build() -> gr.Blocks:
    with gr.Blocks(title="Grounding check") as demo:
        gr.Markdown("## Grounding check\nPaste an answer (e.g. a RAG response) and the documents it was based on; every "
                    "claim is checked against every context sentence. Nothing leaves this machine.")
        with gr.Tab("Check an answer", elem_id="gv-tab-check"):
            result_state = gr.State(None)
            with gr.Row():
                with gr.Column(scale=5):
                    response = gr.Textbox(label="Response to check", lines=6, elem_id="gv-response",
                                          placeholder="The generated answer…")
                    question = gr.Textbox(label="Question (optional)", lines=1, elem_id="gv-question")
                with gr.Column(scale=5):
                    context = gr.Textbox(label="Context documents (separate documents with a line containing only ---)",
                                         lines=8, elem_id="gv-context-input", placeholder="# Title of document 1\nText…\n---\nText of document 2…")
                    files = gr.File(label=f"…or upload documents ({' '.join(EXTENSIONS)}; 10 MB each)", file_count="multiple",
                                    file_types=list(EXTENSIONS), elem_id="gv-files", height=110)
                    upload_info = gr.HTML("", elem_id="gv-upload-info", js_on_load=None)
            with gr.Accordion("Settings", open=False, elem_id="gv-settings"):
                with gr.Row():
                    engine = gr.Radio(list(ENGINES), value=DEFAULT.engine, label="Engine", elem_id="gv-engine",
                                      info="claims: decompose + retrieve + NLI; context: context-aware scorer; "
                                           "context-fast: its 2-layer student (faster, less accurate)")
                    tau = gr.Slider(0.0, 1.0, value=DEFAULT.tau, step=0.01, label="τ (cosine threshold)", elem_id="gv-tau",
                                    info="pairs above τ are judged; needs Run")
                    preset = gr.Dropdown(sorted(PRESETS), value=DEFAULT.preset, label="Verdict preset", elem_id="gv-preset",
                                         info="sets the weights and bands below")
                    pfcr = gr.Checkbox(value=DEFAULT.pfcr, label="PFCR (negate claims and re-judge; needs Run)",
                                   elem_id="gv-pfcr")
                gr.Markdown("Verdict weights and thresholds: changes re-derive the verdicts from the stored scores at once.")
                with gr.Row():
                    sliders = [gr.Slider(0.0, 1.0, value=v, step=0.01, label=name, info=FIELD_HELP[name], min_width=150,
                                         elem_id=f"gv-{name}") for name, v in zip(SLIDER_FIELDS, preset_values(DEFAULT.preset))]
                with gr.Row():
                    # text boxes, not gr.Number: an empty box must mean "rule off", not 0
                    numbers = [gr.Textbox(value=v, label=name, info=FIELD_HELP[name] + "; Enter to apply",
                                          min_width=150, elem_id=f"gv-{name}", max_lines=1)
                               for name, v in zip(OPTIONAL_FIELDS, preset_values(DEFAULT.preset)[len(SLIDER_FIELDS):])]
                    choices = [gr.Radio(list(options), value=getattr(PRESETS[DEFAULT.preset], name), label=name,
                                        info=FIELD_HELP[name], min_width=220, elem_id=f"gv-{name}")
                               for name, options in CHOICE_FIELDS.items()]
            with gr.Row():
                run_btn = gr.Button("Run", variant="primary", elem_id="gv-run", scale=1)
                status = gr.HTML(render.status_html("Paste a response and its context, or pick an example below."),
                                 elem_id="gv-status", js_on_load=None)
            gr.Examples([[e["response"], e["context"], e["question"]] for e in EXAMPLES], inputs=[response, context, question],
                        example_labels=[e["label"] for e in EXAMPLES], label="Examples (click one, then Run)")
            with gr.Row():
                with gr.Column(scale=3):
                    metrics = gr.HTML(render.metrics_placeholder(), elem_id="gv-metrics", js_on_load=None)
                with gr.Column(scale=2):
                    focus = gr.Dropdown([("All evidence", "all")], value="all", label="Show evidence for",
                                        info="or click a heatmap row / a claim", elem_id="gv-focus", interactive=True)
                    downloads = gr.File(label="Downloads: result JSON, pairs CSV, HTML report", file_count="multiple",
                                        interactive=False, elem_id="gv-downloads", height=120)
            gr.Markdown("### Evidence map")
            heatmap = gr.HTML("", elem_id="gv-heatmap", js_on_load=CLICK_JS)
            with gr.Row(equal_height=False):
                with gr.Column(scale=2, min_width=280):
                    gr.Markdown("### Claims")
                    claims = gr.HTML("", elem_id="gv-claims", js_on_load=CLICK_JS)
                with gr.Column(scale=3, min_width=320):
                    gr.Markdown("### Verdicts")
                    verdicts = gr.HTML("", elem_id="gv-verdicts", js_on_load=CLICK_JS)
                with gr.Column(scale=3, min_width=320):
                    gr.Markdown("### Context")
                    context_view = gr.HTML("", elem_id="gv-context", js_on_load=SCROLL_JS)

        with gr.Tab("Trace a pipeline", elem_id="gv-tab-trace"):
            trace_parts = build_trace_tab()
        settings = [engine, tau, preset, pfcr]
        verdict_inputs = sliders + numbers + choices
        view_outputs = [heatmap, claims, verdicts, metrics, context_view]
        common = dict(api_visibility="private", concurrency_id="grounding", concurrency_limit=1)
        run_event = dict(fn=run, inputs=[response, context, files, question] + settings + verdict_inputs,
                         outputs=[status] + view_outputs + [focus, downloads, result_state], show_progress="minimal", **common)
        run_btn.click(**run_event)
        files.upload(load_files, [files, response, question], [response, question, upload_info], api_visibility="private")
        files.clear(lambda: "", None, upload_info, api_visibility="private")
        rederive_outputs = [status, claims, verdicts, metrics, context_view, downloads, result_state]
        for slider in sliders:   # input: user changes only (dragging or typing), not the preset's programmatic updates
            slider.input(apply_verdict_settings, [result_state] + settings + [focus] + verdict_inputs, rederive_outputs,
                         trigger_mode="always_last", **common)
        for radio in choices:
            radio.input(apply_verdict_settings, [result_state] + settings + [focus] + verdict_inputs, rederive_outputs,
                        trigger_mode="always_last", **common)
        for box in numbers:
            for event in (box.submit, box.blur):
                event(apply_verdict_settings, [result_state] + settings + [focus] + verdict_inputs, rederive_outputs,
                      trigger_mode="always_last", **common)
        preset.input(change_preset, [result_state] + settings + [focus], verdict_inputs + rederive_outputs, **common)
        for widget in (engine, tau, pfcr):
            widget.input(needs_run, [result_state, engine, tau, pfcr], status, api_visibility="private")
        focus.input(select_focus, [result_state, focus], view_outputs, api_visibility="private")
        for view in (heatmap, claims, verdicts):
            view.click(click_view, [result_state], [focus] + view_outputs, api_visibility="private")

        with gr.Accordion("About this build", open=False, elem_id="gv-about"):
            gr.HTML(about(), elem_id="gv-about-html")

        gr.api(api_ground, api_name="ground")
        gr.api(api_rederive, api_name="rederive")
        gr.api(api_report, api_name="report")
        gr.api(api_trace, api_name="trace")
        wire_trace_tab(*trace_parts)
    return demo


def main() -> None:
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(name)s: %(message)s")
    try:   # load the models (and spaCy) before serving, so the first Run is not slowed by it
        ground("The library opens at nine.", "The library opens at nine.", GroundingConfig(models_dir=MODELS_DIR))
        log.info("models loaded from %s", MODELS_DIR)
    except Exception as err:   # the app still starts and shows the error on Run
        log.warning("models not loaded from %s: %s", MODELS_DIR, err)
    demo = build()
    demo.queue(default_concurrency_limit=1).launch(
        server_name=os.environ.get("GRADIO_SERVER_NAME", "127.0.0.1"),
        server_port=int(os.environ.get("GRADIO_SERVER_PORT", "7860")),
        theme=THEME, css=APP_CSS, footer_links=["api"], show_error=False)


if __name__ == "__main__":
    main()
