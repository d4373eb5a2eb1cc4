"""The "Compare engines" tab: the check tab's input run by two engines, shown side by side with the cells and
verdicts that differ flagged (grounding.compare), and one selection for both sides."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Callable, Iterator, Optional

from grounding import panels, render, report
from grounding.compare import Comparison, compare
from grounding.ingest import UploadError, context_items, read_uploads
from grounding.pipeline import ground_stream
from grounding.session import KEEP, Step, config_from_settings, input_warning, rows_done, thinned, upload_paths
from grounding.types import GroundingResult

N_OUTPUTS = 6   # status + summary, heatmap A, heatmap B, verdicts A, verdicts B, then the state


@dataclass
class Compared:
    """Two results of the same input and where they differ (the tab's state)."""
    name_a: str
    name_b: str
    a: GroundingResult
    b: GroundingResult
    comparison: Comparison


def sides(shown: Compared, row: Optional[int] = None) -> tuple[str, str, str, str]:
    """(heatmap A, heatmap B, verdicts A, verdicts B) with response sentence `row` selected on both sides."""
    c, a, b = shown.comparison, shown.a, shown.b
    return (render.heatmap_html(a, row, panels.compare_marks(c, a, b, shown.name_b), compact=True),
            render.heatmap_html(b, row, panels.compare_marks(c, b, a, shown.name_a), compact=True),
            render.verdicts_html(a, None, row, panels.compare_flags(c, a, c.claims_a, b, shown.name_b)),
            render.verdicts_html(b, None, row, panels.compare_flags(c, b, c.claims_b, a, shown.name_a)))


def run_compare(response, context, files, question, engine_a, engine_b, tau, preset, pfcr, values,
                models_dir: str, cancelled: Optional[Callable[[], bool]] = None) -> Iterator[Step]:
    """Run both engines on the input, one after the other: (status and summary, heatmap A, heatmap B, verdicts A,
    verdicts B, state). The views of an earlier comparison are cleared at the start; while the engines run, the
    status counts the sentences checked (an update at most every CANCEL_POLL s: a point where a closed tab ends the
    run); the last step shows both sides. `cancelled` (Stop, grounding.stops): no more model work starts and the
    run ends saying so."""
    def failed(message: str) -> Step:
        return Step((report.status_html(message, "error"),) + (KEEP,) * (N_OUTPUTS - 1), warnings=[message])
    if engine_a == engine_b:
        yield failed("Pick two different engines to compare.")
        return
    try:
        configs = [config_from_settings(e, tau, preset, pfcr, values, models_dir) for e in (engine_a, engine_b)]
        paths = upload_paths(files)
        upload = read_uploads(paths) if paths else None
    except (UploadError, ValueError) as err:
        yield failed(str(err))
        return
    items = context_items(context or "", upload.documents if upload else [])
    warning = input_warning(response, items)
    if warning:
        yield failed(warning)
        return
    results = []
    yield Step((report.status_html(f"Comparing: engine A ({engine_a}) runs first…", "running"), "", "", "", "", None))
    try:
        for side, config in zip("AB", configs):
            for result in thinned(ground_stream(response, items, config, question or "", cancelled=cancelled,
                                                ticks=True)):
                if not result.complete:
                    yield Step((_progress(side, config.engine, result, results),) + (KEEP,) * (N_OUTPUTS - 1))
            if cancelled is not None and cancelled():
                yield Step((report.status_html("Stopped: press Compare to run the comparison again.", "idle"),)
                           + (KEEP,) * (N_OUTPUTS - 1))
                return
            results.append(result)
    except Exception as err:   # noqa: BLE001 -- a missing model folder: say which, keep the app alive
        yield failed(f"The comparison failed: {type(err).__name__}: {err}")
        return
    a, b = results
    shown = Compared(engine_a, engine_b, a, b, compare(a, b))
    status = report.status_html(f"Compared in {a.timings.get('total', 0) + b.timings.get('total', 0):.1f} s.", "done")
    yield Step((status + panels.compare_summary_html(shown.comparison, engine_a, engine_b),) + sides(shown) + (shown,))


def _progress(side: str, engine: str, result: GroundingResult, before: list[GroundingResult]) -> str:
    """The status while comparing: which engine runs and how far it is (the bar counts both runs' sentences)."""
    n = len(result.response_sentences)
    done = rows_done(result)
    return report.status_html(f"Comparing: engine {side} ({engine}), sentence {min(done + 1, n)}/{n}…", "running",
                              done + n * len(before), 2 * n)


def click_side(shown: Optional[Compared], data: dict, side: str = "a") -> Step:
    """A click on side `side` ("a" / "b": a heatmap row, or a verdict card, which names its claim on that side):
    that response sentence selected on both sides: (heatmap A, heatmap B, verdicts A, verdicts B)."""
    if shown is None:
        return Step((KEEP,) * 4)
    result = shown.b if side == "b" else shown.a
    row, claim = (int(data[k]) if str(data.get(k, "")).isdigit() else None for k in ("row", "claim"))
    if row is None and claim is not None and claim < len(result.claims):
        row = result.claims[claim].sentence
    if row is None or row >= len(result.response_sentences):
        return Step((KEEP,) * 4)
    return Step(sides(shown, row))
