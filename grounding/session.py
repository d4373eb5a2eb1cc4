"""What the app's events do, as plain functions without the app framework: the settings widgets <-> a
GroundingConfig (from the config's field metadata), the evidence focus, the status lines, the views, and
the events themselves (their download files: grounding.downloads), each
returning a `Step` (the outputs in the wiring's order, KEEP for "leave this widget", and the messages to show).
`app.py` only lays out the page and wires its events to these; tests/test_session.py checks them without a browser.
"""
from __future__ import annotations

import copy
import functools
import time
from dataclasses import dataclass, field
from typing import Callable, Iterator, Optional

from grounding import render, report
from grounding.config import PRESETS, GroundingConfig, verdict_fields
from grounding.examples import EXAMPLES
from grounding.ingest import UploadError, context_items, read_uploads
from grounding.downloads import Downloads  # noqa: F401 -- the app makes its Downloads from here
from grounding.pipeline import ground, ground_stream, rederive
from grounding.types import GroundingResult, InputError

VERDICT_FIELDS = verdict_fields()   # the verdict settings in widget order; `control` says which widget


# ---------------------------------------------------------------------------- settings <-> config

def widget_values(preset: str) -> list:
    """The preset's verdict settings as the widgets show them: numbers for sliders, text for the optional
    thresholds (empty = rule off), the value for choices."""
    p = PRESETS[preset]
    return [_number_text(getattr(p, f.name)) if f.metadata["control"] == "optional" else getattr(p, f.name)
            for f in VERDICT_FIELDS]


def config_from_settings(engine: str, tau: float, preset: str, pfcr: bool, values: list,
                         models_dir: str) -> GroundingConfig:
    """The config the widgets describe; verdict settings that differ from the preset become overrides. Raises
    ValueError with a message for the user (a bad number, tau out of range)."""
    base = PRESETS[preset]
    overrides = {}
    for f, value in zip(VERDICT_FIELDS, values):
        default = getattr(base, f.name)
        if f.metadata["control"] == "choice":
            if value is not None and value != default:
                overrides[f.name] = value
            continue
        value = _parse_optional(f.name, value)
        if value is None and f.metadata["control"] == "slider":
            continue
        if (value is None) != (default is None) or (value is not None and abs(value - default) > 1e-9):
            overrides[f.name] = value
    return GroundingConfig(engine=engine, tau=float(tau), preset=preset, pfcr=bool(pfcr), overrides=overrides,
                           models_dir=models_dir).validate()


def _number_text(value: Optional[float]) -> str:
    return "" if value is None else f"{value:g}"


def _parse_optional(name: str, value) -> Optional[float]:
    if value is None or (isinstance(value, str) and not value.strip()):
        return None
    try:
        return round(float(value), 4)
    except (TypeError, ValueError):
        raise ValueError(f"{name} must be a number or empty (rule off), not '{value}'.") from None


def needs_run(result: Optional[GroundingResult], engine: str, tau: float, pfcr: bool) -> Optional[str]:
    """The status line when a setting that needs a new run differs from the shown result's (None: none does)."""
    if result is None or result.config is None:
        return None
    changed = [label for label, name, new in (("engine", "engine", engine), ("τ", "tau", float(tau)),
                                              ("PFCR", "pfcr", bool(pfcr))) if getattr(result.config, name) != new]
    if not changed:
        return None
    return report.status_html(f"{', '.join(changed)} changed: press Run to apply (the shown results use the earlier "
                              "setting).", "running")


def rederived_status(config: GroundingConfig) -> str:
    overrides = ", ".join(f"{k} = {v}" for k, v in config.overrides.items()) or "none"
    return report.status_html(f"Verdicts re-derived from the stored scores with preset '{config.preset}' "
                              f"(overrides: {overrides}); no model was run.", "done")


# ---------------------------------------------------------------------------- focus and views

def parse_focus(value: Optional[str]) -> tuple[Optional[int], Optional[int]]:
    """Dropdown value "r3" / "c5" / "all" -> (row, claim)."""
    if isinstance(value, str) and value[:1] in ("r", "c") and value[1:].isdigit():
        return (int(value[1:]), None) if value[0] == "r" else (None, int(value[1:]))
    return None, None


def focus_choices(result: Optional[GroundingResult]) -> list[tuple[str, str]]:
    """"All evidence", then each response sentence with its split claims below it."""
    choices = [("All evidence", "all")]
    if result is None:
        return choices
    for i, s in enumerate(result.response_sentences):
        choices.append((f"R{i + 1} · {render.short(s.text, 90)}", f"r{i}"))
        for k, c in enumerate(result.claims):
            if c.sentence == i and c.origin != "rejected" and c.note != "not assessed" and c.text != s.text:
                choices.append((f"   C{k + 1} · {render.short(c.text, 86)}", f"c{k}"))
    return choices


def focus_of_click(result: GroundingResult, data: dict) -> Optional[str]:
    """The focus value a click on a heatmap row or a claim selects ({"row": i} / {"claim": k}); None: none."""
    row, claim = (_index(data.get(key)) for key in ("row", "claim"))
    if row is None and claim is None:
        return None
    value = f"c{claim}" if claim is not None else f"r{row}"
    if value not in {v for _, v in focus_choices(result)}:   # an unsplit claim is its sentence
        value = f"r{result.claims[claim].sentence}" if claim is not None else "all"
    return value


def _index(value) -> Optional[int]:
    return int(value) if isinstance(value, (int, float, str)) and str(value).isdigit() else None


def views(result: GroundingResult, row: Optional[int] = None, claim: Optional[int] = None,
          marks: Optional[render.Marks] = None) -> tuple[str, ...]:
    """(heatmap, claims, verdicts, metrics, context) HTML with a sentence or claim selected (the verdict cards of a
    selected sentence are marked too); `marks`: flags on the heatmap (the cells that miss the gold labels)."""
    hm_row = result.claims[claim].sentence if claim is not None and row is None and 0 <= claim < len(result.claims) \
        else row
    return (render.heatmap_html(result, hm_row, marks), render.claims_html(result, row, claim),
            render.verdicts_html(result, claim, hm_row), render.metrics_html(result),
            render.context_html(result, row, claim))


def progress_status(result: GroundingResult, stopped: bool = False) -> str:
    """The status line while streaming (result incomplete) or when done; `stopped`: the run was stopped (Stop)."""
    n = len(result.response_sentences)
    if stopped and result.complete and result.coverage.assessed:
        done = render.row_states(result).count("done")
        return report.status_html(f"Stopped: {done} of {n} sentences were checked before Stop; the rest are listed as "
                                  "not assessed (the metrics cover the checked ones). Press Run to check again.",
                                  "idle", done, n)
    if not result.complete:
        done = rows_done(result)
        return report.status_html(f"Checking sentence {min(done + 1, n)}/{n}…" if n else "Segmenting…",
                                  "running", done, n)
    if result.coverage.assessed:
        return report.status_html(f"Done: {n}/{n} sentences, {len(result.verdicts)} verdicts in "
                                  f"{result.timings.get('total', 0):.1f} s.", "done", n, n)
    return report.status_html("Not assessed: " + " ".join(result.coverage.messages), "error", n, n)


def input_warning(response: str, items: list) -> Optional[str]:
    if not (response or "").strip():
        return "The response is empty: paste the answer to check (or pick an example)."
    if not items:
        return "No context: paste the source documents or upload files."
    return None


# ---------------------------------------------------------------------------- uploads (downloads: grounding.downloads)

def upload_paths(files) -> list[str]:
    return [f if isinstance(f, str) else getattr(f, "name", str(f)) for f in (files or [])]


# ---------------------------------------------------------------------------- events

KEEP = object()   # an output the event leaves as it is


def stream_interval(result: GroundingResult) -> float:
    """Seconds between streamed updates of a running check: 1 s, plus 1 s per 40 response sentences, since a browser
    needs longer to draw a bigger result (and must stay free to take a click on Stop)."""
    return 1.0 + len(result.response_sentences) / 40


# Seconds of work at most between two yields of a running check: Gradio ends a run whose tab was closed only where it
# yields (it checks the event after each step it sends on), so between shown updates the check yields a step that
# changes nothing (all KEEP) this often (Stop does not need it: it sets the run's flag, grounding.stops)
CANCEL_POLL = 0.5


def thinned(stream: Iterator, last: Callable[[object], bool] = lambda item: getattr(item, "complete", False)):
    """A long run's steps (`ground_stream(..., ticks=True)`, `trace_steps`) for an event that shows only its end and
    its progress: the last item, and before it an item at most every CANCEL_POLL s (a point where Gradio can end a
    closed tab's run, and where the event reads Stop's flag); what `stream` returns, it returns."""
    polled_at = time.monotonic()
    while True:
        try:
            item = next(stream)
        except StopIteration as done:
            return done.value
        if last(item) or time.monotonic() - polled_at >= CANCEL_POLL:
            polled_at = time.monotonic()
            yield item


def rows_done(result: GroundingResult) -> int:
    """Response sentences checked so far (assessed or not) in a streaming result."""
    return sum(1 for s in render.row_states(result) if s != "pending")


@dataclass
class Choices:
    """New choices (and the selected value) for a drop-down."""
    choices: list
    value: Optional[str]


@dataclass
class Step:
    """What an event shows: its outputs in the order the app wires them, and the messages to pop up."""
    outputs: tuple
    warnings: list[str] = field(default_factory=list)
    infos: list[str] = field(default_factory=list)


RUN_OUTPUTS = 11   # status, the five views, focus choices, downloads, result, gold panel, gold records


def _failed(message: str, n_outputs: int, clear: bool = False, toast: bool = True) -> Step:
    """The status line says what went wrong; `clear` also empties the views of a half-started run; `toast`:
    also pop the message up (not when the page already shows it elsewhere)."""
    status = report.status_html(message, "error")
    if clear:
        return Step((status, "", "", "", report.metrics_placeholder(), "", Choices(focus_choices(None), "all"), None,
                     None, "", None), warnings=[message])
    return Step((status,) + (KEEP,) * (n_outputs - 1), warnings=[message] if toast else [])


def run_check(response, context, files, question, engine, tau, preset, pfcr, values, models_dir: str,
              downloads: Downloads, cancelled: Optional[Callable[[], bool]] = None) -> Iterator[Step]:
    """Run: (status, heatmap, claims, verdicts, metrics, context, focus choices, downloads, result, gold panel,
    gold records) after the segmentation and after each response sentence; the downloads come with the complete
    result. An uploaded JSON file whose records carry `gold` is checked record by record against its gold labels
    instead, each record with its own response and context, as the CLI does (grounding.gold_session).
    `cancelled` (grounding.stops): once True (Stop), no more model work starts, and the last step shows what was
    checked, the rest listed as not assessed, with a status that says it was stopped."""
    try:
        config = config_from_settings(engine, tau, preset, pfcr, values, models_dir)
    except ValueError as err:
        yield _failed(str(err), RUN_OUTPUTS)
        return
    try:
        paths = upload_paths(files)
        upload = read_uploads(paths) if paths else None
    except UploadError:   # the message is already under the upload box (load_files): not a second time
        yield _failed("An uploaded file cannot be read (see the message under the upload box): remove or replace it.",
                      RUN_OUTPUTS, toast=False)
        return
    if upload is not None and any(r.gold is not None for r in upload.records):
        from grounding import gold_session
        yield from gold_session.run_records(upload.records, config, downloads, cancelled)
        return
    items = context_items(context or "", upload.documents if upload else [])
    warning = input_warning(response, items)
    step = Step((), warnings=[warning] if warning else [], infos=list(upload.notes if upload else []))
    shown_at = polled_at = 0.0
    drawn = -1   # verdicts in the last update drawn
    try:   # sentences already checked can be selected while the rest stream in; ticks: the scorer's pass gives way
        for result in ground_stream(response or "", items, config, question=question or "", cancelled=cancelled,
                                    ticks=True):
            # at most one update per STREAM_INTERVAL (and the last), and none that would show nothing new: every
            # update re-draws all views, and a long response streamed sentence by sentence would keep the browser
            # too busy to take a click on Stop
            now = time.monotonic()
            if shown_at and not result.complete and (now - shown_at < stream_interval(result)
                                                     or len(result.verdicts) == drawn):
                if now - polled_at >= CANCEL_POLL:   # nothing drawn: only a point where Gradio can end the run
                    polled_at = now
                    yield Step((KEEP,) * RUN_OUTPUTS)
                continue
            shown_at = polled_at = now
            drawn = len(result.verdicts)
            step.outputs = ((progress_status(result, bool(cancelled and cancelled())),) + views(result)
                            + (Choices(focus_choices(result), "all"),
                               downloads.result_files(result) if result.complete else None, result, "", None))
            yield step
            step = Step(())
    except InputError as err:
        yield _failed(str(err), RUN_OUTPUTS, clear=True)
    except Exception as err:   # a model folder missing, a broken file: say so, keep the app alive
        yield crashed(err)


def crashed(err: Exception) -> Step:
    """A run that raised (a model folder missing, a broken file): said in the status, logged, the app lives on."""
    import logging
    logging.getLogger("grounding.app").exception("run failed")
    return _failed(f"The check failed: {type(err).__name__}: {err}", RUN_OUTPUTS, clear=True)


def apply_verdict_settings(result, engine, tau, preset, pfcr, focus, values, models_dir: str,
                           downloads: Downloads) -> Step:
    """A verdict setting changed: (status, claims, verdicts, metrics, context, downloads, result) re-derived from
    the stored scores, no model run; the run's tau and engine stay whatever the widgets say now."""
    try:
        config = config_from_settings(engine, tau, preset, pfcr, values, models_dir)
    except ValueError as err:
        return _failed(str(err), 7)
    if result is None or not result.complete:
        return Step((KEEP,) * 7)
    try:
        result = rederive(result, config)
    except ValueError as err:   # a learned preset this model set cannot use
        return _failed(str(err), 7)
    _, claims, verdicts, metrics, ctx = views(result, *parse_focus(focus))
    return Step((rederived_status(config), claims, verdicts, metrics, ctx, downloads.result_files(result), result))


def change_preset(result, engine, tau, preset, pfcr, focus, models_dir: str, downloads: Downloads) -> Step:
    """Another preset: its values into the verdict widgets, then the verdicts re-derived under it."""
    values = widget_values(preset)
    after = apply_verdict_settings(result, engine, tau, preset, pfcr, focus, values, models_dir, downloads)
    return Step(tuple(values) + after.outputs, after.warnings)


def select_focus(result, focus, records=None) -> Step:
    """The focus drop-down changed: the five views; `records`: the gold records shown (their marks stay)."""
    marks = records.marks() if records is not None else None
    return Step(views(result, *parse_focus(focus), marks=marks) if result is not None else (KEEP,) * 5)


def click_view(result, records, data: dict) -> Step:
    """A click on a heatmap row or a claim: (focus value, the five views)."""
    value = focus_of_click(result, data) if result is not None else None
    marks = records.marks() if records is not None else None
    return Step((KEEP,) * 6 if value is None else (value,) + views(result, *parse_focus(value), marks=marks))


def setting_changed(result, engine, tau, pfcr) -> Step:
    """A setting that needs a run changed: the status says so (nothing else changes until Run)."""
    return Step((needs_run(result, engine, tau, pfcr) or KEEP,))


def load_files(files, response, question, context: str = "") -> Step:
    """Uploads read as soon as they arrive: (response, question, context, summary). A JSON record's response and
    question fill the boxes when the response box is empty or still holds an example; an example's context left in
    the context box is emptied (the uploads replace it); a file that cannot be read says why at once."""
    paths = upload_paths(files)
    if not paths:
        return Step((KEEP, KEEP, KEEP, ""))
    try:
        upload = read_uploads(paths)
    except UploadError as err:
        return Step((KEEP, KEEP, KEEP, report.status_html(str(err), "error")), warnings=[str(err)])
    example = any(response == e["response"] for e in EXAMPLES)
    fill = bool(upload.response) and (example or not (response or "").strip())
    replaces_example = bool(upload.documents) and any(context == e["context"] for e in EXAMPLES)
    if (fill and example) or (upload.question and not (question or "").strip()):
        new_question = upload.question
    else:   # an example's question goes with the example's context the uploads replace
        new_question = "" if replaces_example and question and any(question == e["question"] for e in EXAMPLES) \
            else KEEP
    return Step((upload.response if fill else KEEP, new_question, "" if replaces_example else KEEP,
                 report.upload_summary_html(upload.documents)), infos=list(upload.notes))


def prepare_serving() -> None:
    """Before the app serves many requests at once: at most 2 glibc heap arenas (each serving thread would otherwise
    keep a heap of its own at its peak)."""
    from grounding.memory import limit_heap_arenas
    limit_heap_arenas()


@functools.lru_cache(maxsize=2)
def prepare_models(models_dir: str) -> None:
    """Before serving: every engine's models and their fp32 twins (the recheck's), so that memory settles with them
    and no request waits for one to be built."""
    from grounding.pipeline import prepare_twins
    prepare_twins(models_dir)


def first_example_result(models_dir: str) -> GroundingResult:
    """The first example's result under the default settings, computed once (at start-up) for every arrival."""
    e = EXAMPLES[0]
    return ground(e["response"], e["context"], GroundingConfig(models_dir=models_dir), e["question"])


def on_arrival(models_dir: str, downloads: Downloads) -> Step:
    """A page opens on the first example's text (the layout's values): the run's outputs with its result, so the page
    never opens on empty panes; what a user typed before it came is left as it is (the inputs are no outputs here). A
    model that cannot load leaves the page as it is (Run says why)."""
    e = EXAMPLES[0]
    try:
        result = copy.deepcopy(first_example_result(models_dir))
    except Exception:   # noqa: BLE001 -- the About box and the first Run say what is wrong
        return Step((KEEP,) * RUN_OUTPUTS)
    status = report.status_html(f"Showing the example “{e['label']}”: edit the text or pick another example, then "
                                "Run.", "done")
    return Step((status,) + views(result)
                + (Choices(focus_choices(result), "all"), downloads.result_files(result), result, "", None))
