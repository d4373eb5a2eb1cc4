"""The Gradio side of the library's events, for app.py: a library `Step` shown as component updates (messages
popped up, KEEP as "leave it", Choices as a drop-down update), event and click handlers around the library's
functions, API endpoints whose ValueError reaches the client, and a setting's widget from its field metadata.
No layout and no logic of the check itself: that is app.py's and grounding's."""
from __future__ import annotations

import functools
import threading
import time

import gradio as gr

from grounding import session as ss
from grounding.stops import STOPS


def shown(step: ss.Step):
    """A library Step as Gradio outputs: its messages pop up, KEEP leaves a widget, Choices update a drop-down."""
    for message in step.warnings:
        gr.Warning(message)
    for message in step.infos:
        gr.Info(message)
    out = tuple(gr.skip() if x is ss.KEEP else gr.update(choices=x.choices, value=x.value) if isinstance(x, ss.Choices)
                else x for x in step.outputs)
    return out[0] if len(out) == 1 else out


def event(fn, n_fixed: int = 0, many: bool = False, stoppable: str = "", **bound):
    """An event handler calling library event `fn`: the first `n_fixed` inputs as they are, any further ones (the
    verdict widgets) as one list, plus this app's `bound` arguments; `many`: `fn` yields steps (shown as they come);
    `stoppable`: the kind of run ("check", ...) that `stop_event(kind)` stops: `fn` gets `cancelled=`, the flag of
    this browser session's run (grounding.stops)."""
    def arguments(inputs: tuple) -> tuple:
        return inputs[:n_fixed] + (list(inputs[n_fixed:]),) if n_fixed else inputs

    def handler(*inputs):
        return shown(fn(*arguments(inputs), **bound))

    def streamed(*inputs):
        yield from map(shown, fn(*arguments(inputs), **bound))

    def stoppable_run(request: gr.Request, *inputs):   # Gradio passes the request to a first parameter typed so
        session = getattr(request, "session_hash", None) or f"anonymous-{id(request)}"
        cancelled = STOPS.start(session, stoppable)
        try:
            yield from map(shown, fn(*arguments(inputs), **bound, cancelled=cancelled))
        finally:
            STOPS.end(session, stoppable, cancelled)
    return (stoppable_run if stoppable else streamed) if many else handler


def submit_event(kind: str):
    """Run clicked (an event outside the queue, before the run waits in it): the run of `kind` is registered, so that
    Stop reaches it while it waits too."""
    def submit(request: gr.Request):
        if getattr(request, "session_hash", None):
            STOPS.submit(request.session_hash, kind)
    return submit


def stop_event(kind: str):
    """Stop: this browser session's run of `kind` stops where it next checks its flag (between the scorer's windows,
    model batches and sentences) and ends by itself with a step that says so (no Gradio cancellation: it marked the
    stopped run's outputs "Error" now and then)."""
    def stop(request: gr.Request):
        if getattr(request, "session_hash", None):
            STOPS.stop(request.session_hash, kind)
    return stop


def clicked(fn, n_states: int = 1, **bound):
    """A click in an HTML view: the view's state(s), then the JS hook's data ({"row"} / {"claim"} / {"record"}),
    go to library event `fn`."""
    def one(state, evt: gr.EventData):
        return shown(fn(state, getattr(evt, "_data", None) or {}, **bound))

    def two(state, extra, evt: gr.EventData):
        return shown(fn(state, extra, getattr(evt, "_data", None) or {}, **bound))
    return two if n_states == 2 else one


def endpoint(fn):
    """A library endpoint whose ValueError reaches the client as an AppError with its message."""
    @functools.wraps(fn)
    def wrapper(*args, **kwargs):
        try:
            return fn(*args, **kwargs)
        except ValueError as err:
            raise gr.Error(str(err)) from None
    return wrapper


def widget(f, value, **layout):
    """A setting's widget, from its field metadata (control, label, help, range, choices)."""
    meta = f.metadata
    kw = dict(label=meta["label"] or f.name, elem_id=f"gv-{f.name}",
              info=meta["help"] + ("; needs Run" if meta["needs_run"] else ""), **layout)
    if meta["control"] == "slider":
        return gr.Slider(meta["low"], meta["high"], value=value, step=0.01, **kw)
    if meta["control"] in ("choice", "dropdown"):
        return (gr.Radio if meta["control"] == "choice" else gr.Dropdown)(list(meta["choices"]), value=value, **kw)
    if meta["control"] == "check":
        return gr.Checkbox(value=value, **kw)
    # a text box, not gr.Number: an empty box must mean "rule off", not 0
    return gr.Textbox(value=value, max_lines=1, **{**kw, "info": kw["info"] + "; Enter to apply"})


def forget_finished_events(demo, every: float = 5.0) -> threading.Thread:
    """Gradio 6.17 keeps every served event, with its request payload (a 5 MB paste included), in
    `Queue.event_ids_to_events` for the life of the process (fixed upstream in gradio PR #13756; the newer
    releases need huggingface-hub 2, which tokenizers does not accept). A daemon thread drops the events that
    are neither waiting nor running, every `every` seconds, so memory returns after a big request."""
    def finished(queue) -> list[str]:
        waiting = {e._id for q in list(queue.event_queue_per_concurrency_id.values()) for e in list(q.queue)}
        running = {e._id for job in list(queue.active_jobs) if job for e in job}
        return [i for i in list(queue.event_ids_to_events) if i not in waiting and i not in running]

    def loop() -> None:
        while True:
            time.sleep(every)
            queue = getattr(demo, "_queue", None)
            try:
                for event_id in finished(queue):
                    queue.event_ids_to_events.pop(event_id, None)
            except (AttributeError, RuntimeError):   # another Gradio's internals, or a dict resized meanwhile
                continue

    thread = threading.Thread(target=loop, name="forget-finished-events", daemon=True)
    thread.start()
    return thread
