"""The app's named API endpoints as plain functions (`/ground`, `/rederive`, `/report`, `/trace`): JSON in, JSON
or HTML out; bad input raises ValueError with a message saying what to change (the app turns it into an error
the client sees). The model folder is this machine's (GROUNDING_MODELS_DIR or the shipped one)."""
from __future__ import annotations

import json
from typing import Optional, Union

from grounding.config import GroundingConfig
from grounding.pipeline import ground, rederive
from grounding.report import report_html
from grounding.trace.method import trace_json
from grounding.trace.session import trace_config
from grounding.types import GroundingResult


def ground_endpoint(response: str, context: str, question: str = "", tau: float = 0.5, preset: str = "paper",
                    engine: str = "claims") -> dict:
    """Check `response` against `context` (documents separated by a line with only ---); returns the full
    GroundingResult as JSON (see grounding/types.py)."""
    config = GroundingConfig(engine=engine, tau=float(tau), preset=preset).validate()
    return ground(response or "", context or "", config, question=question or "").to_dict()


def rederive_endpoint(result: dict, preset: str = "paper", overrides: Optional[dict] = None) -> dict:
    """Re-derive verdicts and metrics of a result from /ground under another preset and overrides, e.g.
    {"supported": 0.8}; no model is run. The run's tau and engine stay."""
    try:
        res = _result(result)
        return rederive(res, GroundingConfig(preset=preset, overrides=_overrides(overrides)).validate()).to_dict()
    except ValueError as err:
        raise ValueError(f"Could not re-derive: {err}") from None


def report_endpoint(result: dict) -> str:
    """The standalone HTML report of a result from /ground."""
    return report_html(_result(result))


def trace_endpoint(dag: str, q: int = 3) -> dict:
    """Trace a generation DAG (JSON text: {"id", "nodes": [{"id", "text", "inputs", "stage", "title"}], "final"})
    with q consecutive Not Fully Supported verdicts to stop; returns the TraceResult as JSON."""
    text = dag if isinstance(dag, str) else json.dumps(dag)
    return trace_json(text, trace_config(q, GroundingConfig().models_dir), "the DAG")[0].to_dict()


def _overrides(data) -> dict:
    """Verdict overrides checked by shape (pydantic, which ships with the app): setting names to a number, a word
    ("anchor"), true / false or null; which names and values are allowed is GroundingConfig.validate's to say."""
    from pydantic import StrictBool, StrictFloat, StrictInt, StrictStr, TypeAdapter, ValidationError
    shape = TypeAdapter(dict[str, Optional[Union[StrictBool, StrictInt, StrictFloat, StrictStr]]])
    try:
        return shape.validate_python(data or {})
    except ValidationError as err:
        first = err.errors()[0]
        where = ".".join(str(x) for x in first["loc"][:1]) or "overrides"
        raise ValueError(f"overrides must map setting names to numbers, words or null, e.g. {{\"supported\": 0.8}} "
                         f"(not {where}: {first['input']!r})") from None


def _result(data) -> GroundingResult:
    if not isinstance(data, dict):
        raise ValueError(f"Not a grounding result: expected the JSON object /ground returns, not {type(data).__name__}.")
    try:
        return GroundingResult.from_dict(data)
    except (KeyError, TypeError, ValueError) as err:
        raise ValueError(f"Not a grounding result: {err}") from None
