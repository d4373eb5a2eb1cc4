"""What the app's "Trace a pipeline" tab does, without the app framework (app.py wires it to the widgets)."""
from __future__ import annotations

from pathlib import Path
from typing import Callable, Generator, Iterator, Optional

from grounding import report, session
from grounding.session import KEEP, Choices, Step, upload_paths
from grounding.config import GroundingConfig
from grounding.steps import finish
from grounding.trace import view
from grounding.trace.method import NOT_TRACED, TraceResult, first_dag, trace_steps


def trace_config(q, models_dir: str) -> GroundingConfig:
    """The config of a trace with `q` consecutive Not Fully Supported verdicts to stop (a whole number >= 1)."""
    if q is None or float(q) != int(float(q)):
        raise ValueError(f"q must be a whole number of at least 1, not '{q}'.")
    return GroundingConfig(trace_q=int(float(q)), models_dir=models_dir).validate()


def trace_views(res: TraceResult, value: Optional[str] = None) -> tuple[str, str, str]:
    """(DAG drawing, claim list, evidence trail) with claim `value` ("t<k>") selected."""
    k = view.parse_choice(value)
    return view.dag_svg(res, k), view.claims_html(res, k), view.trail_html(res, k)


def run_trace(text: str, upload: Optional[str], q, models_dir: str) -> tuple[TraceResult, list[str], Optional[str]]:
    """(trace, notes, the claim to select first: the first one not Fully Supported). The upload wins over the
    text; a bad DAG or file raises ValueError / OSError with a message for the user."""
    return finish(trace_run_steps(text, upload, q, models_dir))


def trace_run_steps(text: str, upload: Optional[str], q,
                    models_dir: str) -> Generator[tuple[str, int, int], None, tuple[TraceResult, list[str], Optional[str]]]:
    """`run_trace` giving way: the DAG is read (a bad one raises before the first yield), then it yields the trace's
    progress (trace.method.trace_steps) and returns what run_trace does."""
    if upload:
        text = Path(upload).read_text(encoding="utf-8")
    config = trace_config(q, models_dir)
    dag, notes = first_dag(text or "", "the DAG")
    res = yield from trace_steps(dag, config)
    first = next((c for c in res.claims if c.verdict != view.FULLY_SUPPORTED), res.claims[0] if res.claims else None)
    return res, notes, (f"t{first.claim}" if first else None)


def done_status(res: TraceResult) -> str:
    left = res.counts.get(NOT_TRACED, 0)
    if left:
        return report.status_html(f"Traced {len(res.claims) - left} of {view.plural(len(res.claims), 'claim')} of "
                                  f"'{res.dag.id}' in {sum(res.timings.values()):.1f} s: the time budget ran out, and "
                                  f"{left} are listed as Not traced.", "done")
    return report.status_html(f"Traced {view.plural(len(res.claims), 'claim')} of '{res.dag.id}' in "
                              f"{sum(res.timings.values()):.1f} s.", "done")


def trace_files(res: TraceResult, downloads) -> list[str]:
    """The trace as JSON and its self-contained HTML report (a grounding.session.Downloads writes them)."""
    return downloads.write({"trace_result.json": res.to_json(indent=1), "trace_report.html": view.report_html(res)})


def trace_event(text, upload, q, models_dir: str, downloads,
                cancelled: Optional[Callable[[], bool]] = None) -> Iterator[Step]:
    """Trace: (status, counts, DAG, claims, trail, claim choices, downloads, trace) with the first claim that is
    not Fully Supported selected; a bad DAG or file: the status says why. An earlier trace's views are cleared at
    the start; while it runs, the status says how far it is (at most every CANCEL_POLL s: where a closed tab ends
    it, and where `cancelled`, Stop's flag (grounding.stops), is read: the run then ends saying so)."""
    steps = session.thinned(trace_run_steps(text, upload_paths([upload])[0] if upload else None, q, models_dir))
    started = False
    try:   # DAGError is a ValueError (raised before the first step); a binary upload fails to decode
        while True:
            try:
                phase, k, n = next(steps)
            except StopIteration as done:
                res, notes, value = done.value
                break
            if cancelled is not None and cancelled():
                steps.close()
                yield Step((report.status_html("Stopped: press Trace to trace the DAG again.", "idle"),) + (KEEP,) * 7)
                return
            yield Step((progress_status(phase, k, n),) + ((KEEP,) * 7 if started else (
                "", "", "", "", Choices([], None), None, None)))
            started = True
    except (ValueError, OSError) as err:
        yield Step((report.status_html(str(err), "error"),) + (KEEP,) * 7, warnings=[str(err)])
        return
    yield Step((done_status(res), view.counts_html(res)) + trace_views(res, value)
               + (Choices(view.claim_choices(res), value), trace_files(res, downloads), res), infos=list(notes))


def progress_status(phase: str, k: int, n: int) -> str:
    """The status while a trace runs: the final output split into claims, then the claims traced one by one."""
    text = f"Splitting the final output into claims: {k}/{n} sentences done…" if phase == "decompose" else \
        f"Tracing the claims toward the sources: {k}/{n} done…"
    return report.status_html(text, "running", k, n)


def select_claim(res: Optional[TraceResult], value: Optional[str]) -> Step:
    return Step(trace_views(res, value) if res is not None else (KEEP,) * 3)


def click_claim(res: Optional[TraceResult], data: dict) -> Step:
    """A click on a listed claim: (claim value, DAG, claims, trail)."""
    claim = (data or {}).get("claim")
    if res is None or not str(claim).isdigit():
        return Step((KEEP,) * 4)
    return Step((f"t{claim}",) + trace_views(res, f"t{claim}"))
