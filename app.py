"""Gradio app: check a generated answer against its source documents. Layout and event wiring only: the events'
logic is `grounding.session` / `grounding.trace.session`, the API `grounding.api`. Runs offline: `python app.py`
serves on port 7860 (GRADIO_SERVER_NAME / _PORT honoured; GROUNDING_MODELS_DIR: another model folder set)."""
from __future__ import annotations

import os

# Before gradio is imported: no analytics, no Hub look-ups.
os.environ["GRADIO_ANALYTICS_ENABLED"] = "False"
os.environ["HF_HUB_OFFLINE"] = "1"
# Gradio's queue rebuilds a pandas table of every event so far after each request (its monitoring summary): 2-6 ms a
# request, growing with the events served; every 1,000 events is enough for that summary
os.environ.setdefault("GRADIO_ANALYTICS_CACHE_FREQUENCY", "1000")

import json  # noqa: E402
import logging  # noqa: E402

import gradio as gr  # noqa: E402

from grounding import api, assets, report  # noqa: E402
from grounding import compare_session as cs  # noqa: E402
from grounding import gold_session as gs  # noqa: E402
from grounding import session as ss  # noqa: E402
from grounding.config import GroundingConfig, environment, run_fields  # noqa: E402
from grounding.examples import EXAMPLES  # noqa: E402
from grounding.ingest import EXTENSIONS  # noqa: E402
from grounding.trace import session as ts  # noqa: E402
from grounding.trace import view as trace_view  # noqa: E402
from grounding.trace.examples import EXAMPLES as TRACE_EXAMPLES  # noqa: E402

from app_gradio import (clicked, endpoint, event, forget_finished_events, stop_event, submit_event,  # noqa: E402
                         widget)

log = logging.getLogger("grounding.app")
MODELS_DIR = environment().models_dir
# requests served at once: ONNX Runtime sessions are shared and thread-safe, and each request is bounded (README,
# "Limits"), so a big input cannot hold the others up
CONCURRENCY = environment().concurrency
DEFAULT = GroundingConfig()
DOWNLOADS = ss.Downloads()
THEME = gr.themes.Default(font=["system-ui", "sans-serif"], font_mono=["ui-monospace", "monospace"])
APP_CSS = assets.CSS + trace_view.TRACE_CSS + assets.APP_CSS


def examples(w: dict, button: str) -> None:
    gr.Examples([[e["response"], e["context"], e["question"]] for e in EXAMPLES], [w["response"], w["context"],
                w["question"]], example_labels=[e["label"] for e in EXAMPLES], label=f"Examples (click one, then {button})")


def build_check_tab() -> dict:
    w = {"result": gr.State(None), "records": gr.State(None)}
    with gr.Row():
        with gr.Column(scale=5):
            w["response"] = gr.Textbox(EXAMPLES[0]["response"], label="Response to check", lines=6, elem_id="gv-response",
                                       placeholder="The generated answer…")   # the example on_arrival shows the result of
            w["question"] = gr.Textbox(EXAMPLES[0]["question"], label="Question (optional)", lines=1, elem_id="gv-question")
        with gr.Column(scale=5):
            w["context"] = gr.Textbox(EXAMPLES[0]["context"], label="Context documents (separate documents with a line "
                                      "containing only ---)", lines=8, elem_id="gv-context-input",
                                      placeholder="# Title of document 1\nText…\n---\nText of document 2…")
            w["files"] = gr.File(label=f"…or upload documents ({' '.join(EXTENSIONS)}; 10 MB each)",
                                 file_count="multiple", file_types=list(EXTENSIONS), elem_id="gv-files", height=150)
            w["upload_info"] = gr.HTML("", elem_id="gv-upload-info")
    with gr.Accordion("Settings", open=False, elem_id="gv-settings"):
        with gr.Row():
            w["settings"] = [widget(f, getattr(DEFAULT, f.name)) for f in run_fields()]
        gr.Markdown("Verdict weights and thresholds: changes re-derive the verdicts from the stored scores at once.")
        pairs = list(zip(ss.VERDICT_FIELDS, ss.widget_values(DEFAULT.preset)))
        with gr.Row():
            w["verdict"] = [widget(f, v, min_width=150) for f, v in pairs if f.metadata["control"] == "slider"]
        with gr.Row():
            w["verdict"] += [widget(f, v, min_width=220 if f.metadata["control"] == "choice" else 150)
                             for f, v in pairs if f.metadata["control"] != "slider"]
    with gr.Row():
        w["run"] = gr.Button("Run", variant="primary", elem_id="gv-run", scale=1)
        w["stop"] = gr.Button("Stop", variant="stop", elem_id="gv-stop", scale=0, min_width=80)
        w["status"] = gr.HTML(report.status_html("Paste a response and its context, or pick an example below."),
                              elem_id="gv-status")
    examples(w, "Run")
    with gr.Row():
        with gr.Column(scale=3):
            w["metrics"] = gr.HTML(report.metrics_placeholder(), elem_id="gv-metrics")
        with gr.Column(scale=2):
            w["focus"] = gr.Dropdown([("All evidence", "all")], value="all", label="Show evidence for",
                                     info="or click a heatmap row / a claim", elem_id="gv-focus", interactive=True)
            w["downloads"] = gr.File(label="Downloads: result JSON, pairs CSV, HTML report", file_count="multiple",
                                     interactive=False, elem_id="gv-downloads", height=120)
    w["gold"] = gr.HTML("", elem_id="gv-gold", js_on_load=assets.CLICK_JS)   # gold mode: scores, records table
    gr.Markdown("### Evidence map")
    w["heatmap"] = gr.HTML("", elem_id="gv-heatmap", js_on_load=assets.CLICK_JS)
    with gr.Row(equal_height=False):
        for key, scale, js in (("claims", 2, assets.CLICK_JS), ("verdicts", 3, assets.CLICK_JS + assets.FOLLOW_JS),
                               ("context", 3, assets.SCROLL_JS)):
            with gr.Column(scale=scale, min_width=280 if key == "claims" else 320):
                gr.Markdown(f"### {key.capitalize()}")
                w[f"{key}_view"] = gr.HTML("", elem_id=f"gv-{key}", js_on_load=js)
    return w


def wire_check_tab(w: dict) -> list:
    """The check tab's events; returns the run's outputs (what a page's arrival fills too)."""
    settings, verdict_inputs, result, focus, status = w["settings"], w["verdict"], w["result"], w["focus"], w["status"]
    views = [w["heatmap"], w["claims_view"], w["verdicts_view"], w["metrics"], w["context_view"]]
    app = dict(models_dir=MODELS_DIR, downloads=DOWNLOADS)
    common = dict(api_visibility="private", concurrency_id="grounding", concurrency_limit=CONCURRENCY)
    run_outputs = [status] + views + [focus, w["downloads"], result, w["gold"], w["records"]]
    w["run"].click(submit_event("check"), None, None, queue=False, api_visibility="private")   # Stop reaches it queued
    w["run"].click(event(ss.run_check, 8, many=True, stoppable="check", **app),
                   [w["response"], w["context"], w["files"], w["question"]] + settings + verdict_inputs,
                   run_outputs, show_progress="minimal", **common)
    # Stop ends the server-side work at its next model call and the run shows what it checked (grounding.stops); a
    # closed tab ends it where it next yields
    w["stop"].click(stop_event("check"), None, None, api_visibility="private", queue=False)
    w["gold"].click(clicked(gs.open_record, downloads=DOWNLOADS), [w["records"]], run_outputs, **common)
    w["files"].upload(event(ss.load_files), [w["files"], w["response"], w["question"], w["context"]],
                      [w["response"], w["question"], w["context"], w["upload_info"]], api_visibility="private")
    w["files"].clear(lambda: "", None, w["upload_info"], api_visibility="private")
    gr.on([w["response"].change, w["context"].change], None, [w["response"], w["context"], w["question"]], w["question"],
          js=assets.stale_question_js(EXAMPLES), queue=False, api_visibility="private")   # in the page: no round trip
    rederive_io = dict(fn=event(ss.apply_verdict_settings, 6, **app), inputs=[result] + settings + [focus] + verdict_inputs,
                       outputs=[status] + views[1:] + [w["downloads"], result], trigger_mode="always_last", **common)
    # one listener for every verdict box (input: user changes only, not the preset's programmatic updates), so that
    # "always_last" orders them: a textbox's blur and the radio clicked next re-derive one after the other and the
    # last settings are the ones shown (two listeners could finish in either order and show the older settings)
    gr.on([on for box in verdict_inputs
           for on in ((box.submit, box.blur) if isinstance(box, gr.Textbox) else (box.input,))], **rederive_io)
    engine, tau, preset, pfcr = settings
    preset.input(event(ss.change_preset, **app), [result] + settings + [focus], verdict_inputs + rederive_io["outputs"],
                 **common)
    for box in (engine, tau, pfcr):
        box.input(event(ss.setting_changed), [result, engine, tau, pfcr], status, api_visibility="private")
    focus.input(event(ss.select_focus), [result, focus, w["records"]], views, api_visibility="private")
    for view in views[:3]:
        view.click(clicked(ss.click_view, 2), [result, w["records"]], [focus] + views, api_visibility="private")
    return run_outputs


def build_compare_tab(w: dict) -> None:
    """Two engines on the check tab's input (its boxes, uploads and settings), side by side."""
    gr.Markdown("The input of the tab “Check an answer” (or an example below), checked by two engines side by side: "
                "cells the engines label differently are outlined, sentences whose verdicts differ are marked ≠.")
    choices = list(next(f for f in run_fields() if f.name == "engine").metadata["choices"])
    with gr.Row():
        engines = [gr.Dropdown(choices, value=v, label=f"Engine {k}", elem_id=f"gv-cmp-{k.lower()}")
                   for k, v in (("A", "claims"), ("B", "context"))]
        run = gr.Button("Compare", variant="primary", elem_id="gv-cmp-run")
        stop = gr.Button("Stop", variant="stop", elem_id="gv-cmp-stop", scale=0, min_width=80)
    examples(w, "Compare")
    status = gr.HTML(report.status_html("Pick two engines and press Compare."), elem_id="gv-cmp-status")
    side = {}
    with gr.Row(equal_height=False):
        for k in "ab":
            with gr.Column(min_width=400):
                side[f"heatmap_{k}"] = gr.HTML("", elem_id=f"gv-cmp-heatmap-{k}", js_on_load=assets.CLICK_JS)
                side[f"verdicts_{k}"] = gr.HTML("", elem_id=f"gv-cmp-verdicts-{k}",
                                                js_on_load=assets.CLICK_JS + assets.FOLLOW_JS)
    state, shown = gr.State(None), [side[k] for k in ("heatmap_a", "heatmap_b", "verdicts_a", "verdicts_b")]
    run.click(submit_event("compare"), None, None, queue=False, api_visibility="private")
    run.click(event(cs.run_compare, 9, many=True, stoppable="compare", models_dir=MODELS_DIR),
              [w["response"], w["context"], w["files"], w["question"]] + engines + w["settings"][1:] + w["verdict"],
              [status] + shown + [state], api_visibility="private", concurrency_id="grounding",
              concurrency_limit=CONCURRENCY, show_progress="minimal")
    stop.click(stop_event("compare"), None, None, api_visibility="private", queue=False)
    for key, view in side.items():
        view.click(clicked(cs.click_side, side=key[-1]), [state], shown, api_visibility="private")


def build_trace_tab() -> None:
    gr.Markdown("Paste or upload a generation DAG (JSON: source nodes without `inputs`, intermediate outputs "
                "with `inputs`, the final output). Each claim of the final output is traced toward the sources.")
    with gr.Row():
        text = gr.Textbox(label="DAG (JSON)", lines=10, elem_id="gv-trace-json", scale=3)
        with gr.Column(scale=1):
            file = gr.File(label="…or upload a .json / .jsonl DAG", file_types=[".json", ".jsonl"], height=110,
                           elem_id="gv-trace-file")
            q = gr.Number(value=DEFAULT.trace_q, precision=0, minimum=1, label="q (consecutive Not Fully Supported "
                          "verdicts that stop the search)", elem_id="gv-trace-q")
            with gr.Row():
                btn = gr.Button("Trace", variant="primary", elem_id="gv-trace-run")
                stop = gr.Button("Stop", variant="stop", elem_id="gv-trace-stop", scale=0, min_width=80)
    gr.Examples([[json.dumps(d, indent=1)] for d in TRACE_EXAMPLES.values()], inputs=[text],
                example_labels=list(TRACE_EXAMPLES), label="Example DAGs (click one, then Trace)")
    status = gr.HTML(report.status_html("Paste a DAG or pick an example."), elem_id="gv-trace-status")
    counts = gr.HTML("", elem_id="gv-trace-counts")
    with gr.Row():
        claim = gr.Dropdown([], label="Claim", elem_id="gv-trace-claim", interactive=True, scale=3)
        downloads = gr.File(label="Downloads: trace JSON, HTML report", file_count="multiple", interactive=False,
                            elem_id="gv-trace-downloads", height=100, scale=2)
    svg = gr.HTML("", elem_id="gv-trace-dag")
    with gr.Row(equal_height=False):
        with gr.Column(scale=2):
            gr.Markdown("### Claims")
            claims = gr.HTML("", elem_id="gv-trace-claims", js_on_load=assets.CLICK_JS)
        with gr.Column(scale=3):
            gr.Markdown("### Evidence trail")
            trail = gr.HTML("", elem_id="gv-trace-trail")
    state = gr.State(None)
    btn.click(submit_event("trace"), None, None, queue=False, api_visibility="private")
    btn.click(event(ts.trace_event, many=True, stoppable="trace", models_dir=MODELS_DIR, downloads=DOWNLOADS),
              [text, file, q], [status, counts, svg, claims, trail, claim, downloads, state], api_visibility="private",
              concurrency_id="grounding", concurrency_limit=CONCURRENCY, show_progress="minimal")
    stop.click(stop_event("trace"), None, None, api_visibility="private", queue=False)
    claim.input(event(ts.select_claim), [state, claim], [svg, claims, trail], api_visibility="private")
    claims.click(clicked(ts.click_claim), [state], [claim, svg, claims, trail], api_visibility="private")


def build() -> gr.Blocks:
    with gr.Blocks(title="Grounding check") as demo:
        gr.Markdown("## Grounding check\nPaste an answer (e.g. a RAG response) and the documents it was based on; every "
                    "claim is checked against every context sentence. Nothing leaves this machine.")
        with gr.Tab("Check an answer", elem_id="gv-tab-check"):
            check = build_check_tab()
            run_outputs = wire_check_tab(check)
        with gr.Tab("Compare engines", elem_id="gv-tab-compare"):
            build_compare_tab(check)
        with gr.Tab("Trace a pipeline", elem_id="gv-tab-trace"):
            build_trace_tab()
        with gr.Accordion("About this build", open=False, elem_id="gv-about"):
            gr.HTML(report.about_html(MODELS_DIR), elem_id="gv-about-html")
        for name in ("ground", "rederive", "report", "trace"):
            gr.api(endpoint(getattr(api, f"{name}_endpoint")), api_name=name)
        demo.load(event(ss.on_arrival, models_dir=MODELS_DIR, downloads=DOWNLOADS), None, run_outputs,
                  api_visibility="private", queue=False)   # the result only: what was typed meanwhile stays
    return demo


def main() -> None:
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(name)s: %(message)s")
    ss.prepare_serving()   # memory comes back near its baseline after many concurrent requests (README, "Limits")
    try:   # load the models (and spaCy) and check the first example before serving: every page opens on its result
        ss.first_example_result(MODELS_DIR)
        ss.prepare_models(MODELS_DIR)   # and the fp32 twins of the recheck
        log.info("models loaded from %s", MODELS_DIR)
    except Exception as err:   # the app still starts and shows the error on Run
        log.warning("models not loaded from %s: %s", MODELS_DIR, err)
    host, port = os.environ.get("GRADIO_SERVER_NAME", "127.0.0.1"), int(os.environ.get("GRADIO_SERVER_PORT", "7860"))
    log.info("serving on http://%s:%d (a public copy: a Hugging Face Space, see README)", host, port)
    demo = build().queue(default_concurrency_limit=CONCURRENCY)
    forget_finished_events(demo)   # Gradio would keep every request's payload (README, "Load test")
    demo.launch(server_name=host, server_port=port, quiet=True, theme=THEME, css=APP_CSS, footer_links=["api"],
                show_error=False)


if __name__ == "__main__":
    main()
