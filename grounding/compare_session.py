"""The "Compare engines" tab: the check tab's input run by two engines, shown side by side with the cells and
verdicts that differ flagged (grounding.compare), and one selection for both sides."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Optional

from grounding import panels, render, report
from grounding.compare import Comparison, compare
from grounding.ingest import UploadError, context_items, read_uploads
from grounding.pipeline import ground
from grounding.session import KEEP, Step, config_from_settings, input_warning, upload_paths
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
                models_dir: str) -> Step:
    """Run both engines on the input: (status and summary, heatmap A, heatmap B, verdicts A, verdicts B, state)."""
    def failed(message: str) -> Step:
        return Step((report.status_html(message, "error"),) + (KEEP,) * (N_OUTPUTS - 1), warnings=[message])
    if engine_a == engine_b:
        return failed("Pick two different engines to compare.")
    try:
        configs = [config_from_settings(e, tau, preset, pfcr, values, models_dir) for e in (engine_a, engine_b)]
        paths = upload_paths(files)
        upload = read_uploads(paths) if paths else None
    except (UploadError, ValueError) as err:
        return failed(str(err))
    items = context_items(context or "", upload.documents if upload else [])
    warning = input_warning(response, items)
    if warning:
        return failed(warning)
    try:
        a, b = (ground(response, items, config, question or "") for config in configs)
    except Exception as err:   # noqa: BLE001 -- a missing model folder: say which, keep the app alive
        return failed(f"The comparison failed: {type(err).__name__}: {err}")
    shown = Compared(engine_a, engine_b, a, b, compare(a, b))
    status = report.status_html(f"Compared in {a.timings.get('total', 0) + b.timings.get('total', 0):.1f} s.", "done")
    return Step((status + panels.compare_summary_html(shown.comparison, engine_a, engine_b),) + sides(shown) + (shown,))


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
