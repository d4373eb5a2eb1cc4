"""The app's Stop: the running check is told to stop through its result (grounding.running), then what it checked
is drawn. Two events, wired in app.py as Stop's click (which also has Gradio cancel the run) and its `.then`: a view
drawn while Gradio's cancel is still under way came out marked "Error" in chromium."""
from __future__ import annotations

from grounding import render, report
from grounding.downloads import Downloads
from grounding.running import RUNNING
from grounding.session import KEEP, Choices, Step, focus_choices, views


def stopped(result) -> Step:
    """Stop pressed: the running check is told to stop (grounding.running: the result state holds its result, which
    ground_stream fills); it sees it between scorer windows, model batches and sentences. `show_stopped` follows."""
    if result is not None and result.complete:
        return Step((KEEP,))
    if result is not None:
        RUNNING.stop(result)
    return Step((report.status_html("Stopped. Press Run to check again.", "idle"),))


def show_stopped(result, downloads: Downloads) -> Step:
    """After Stop (its own event, once Gradio's cancel of the run is through): (status, the five views, focus choices,
    downloads) of the stopped result: what was checked, the rest listed as not assessed, metrics for what was checked."""
    if result is None or not RUNNING.was_stopped(result):
        return Step((KEEP,) * 8)      # nothing was running, or it had finished before Stop
    RUNNING.wait(result)
    if not result.complete:
        return Step((KEEP,) * 8)
    states = render.row_states(result)
    done, n = states.count("done"), len(states)
    status = report.status_html(f"Stopped: {done} of {n} sentences were checked before Stop and are shown"
                                + ("; the others are listed as not assessed" if done < n else "")
                                + ". Press Run to check again.", "idle", done, n)
    return Step((status,) + views(result) + (Choices(focus_choices(result), "all"), downloads.result_files(result)))
