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


DEFAULT_PRESET = GroundingConfig().preset   # the API's defaults are the library's
DEFAULT_ENGINE = GroundingConfig().engine


def ground_endpoint(response: str, context: str, question: str = "", tau: float = 0.5, preset: str = DEFAULT_PRESET,
                    engine: str = DEFAULT_ENGINE) -> dict:
    """Check `response` against `context` (documents separated by a line with only ---); returns the full
    GroundingResult as JSON (see grounding/types.py)."""
    for name, value in (("response", response), ("context", context), ("question", question)):
        if value is not None and not isinstance(value, str):
            raise ValueError(f"{name} must be a string (documents in `context` separated by a line holding only ---), "
                             f"not {type(value).__name__}.")
    config = GroundingConfig(engine=engine, tau=tau, preset=preset).validate()
    return ground(response or "", context or "", config, question=question or "").to_dict()


def rederive_endpoint(result: dict, preset: str = DEFAULT_PRESET, overrides: Optional[dict] = None) -> dict:
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
    """A /ground result checked by shape (pydantic, against the dataclasses of grounding.types) and for consistency
    (every index points at something), so that no view of it can fail half-way."""
    from pydantic import TypeAdapter, ValidationError
    if not isinstance(data, dict):
        raise ValueError(f"Not a grounding result: expected the JSON object /ground returns, not {type(data).__name__}.")
    try:
        result = TypeAdapter(GroundingResult).validate_python({k: v for k, v in data.items() if k != "config"})
    except ValidationError as err:
        first = err.errors()[0]
        where = ".".join(str(x) for x in first["loc"]) or "the result"
        raise ValueError(f"Not a grounding result: {where}: {first['msg']} (send the JSON object /ground "
                         "returned).") from None
    config = data.get("config") or {}
    machine = {"models_dir", "threads"}
    result.config = GroundingConfig.from_dict({k: v for k, v in config.items() if k not in machine}
                                              if isinstance(config, dict) else config)
    problem = _inconsistency(result)
    if problem:
        raise ValueError(f"Not a grounding result: {problem}.")
    return result


def _inconsistency(r: GroundingResult) -> str:
    """What in `r` points nowhere (empty when every index is in range), checked in one pass over its parts."""
    n, m, k = len(r.response_sentences), len(r.context_sentences), len(r.claims)
    for c in r.claims:
        if not 0 <= c.sentence < n:
            return f"claim '{c.text[:40]}' names response sentence {c.sentence}, but there are {n}"
    for v in r.verdicts:
        if not 0 <= v.claim < k or (v.anchor is not None and not 0 <= v.anchor < m) \
                or (v.conflicting is not None and not 0 <= v.conflicting < m):
            return f"a verdict names claim {v.claim} / context sentence {v.anchor}, outside the result's {k} / {m}"
    for p in r.pairs:
        if not (0 <= p.claim < k and 0 <= p.column < m):
            return f"a pair names claim {p.claim}, column {p.column}, outside the result's {k} claims / {m} sentences"
    for name, smap, rows in (("sentence_map", r.sentence_map, n), ("claim_map", r.claim_map, None)):
        if smap is None:
            continue
        shape_ok = len(smap.values) == len(smap.labels) == len(smap.rows) and (rows is None or len(smap.rows) == rows) \
            and len(smap.columns) == m and all(len(x) == m for x in smap.values) and all(len(x) == m for x in smap.labels)
        if not shape_ok:
            return f"{name} is not {len(smap.rows)} rows × {m} columns"
        if any(not (0 <= c.row < len(smap.rows) and 0 <= c.column < m) for c in smap.ruled):
            return f"{name} has a ruled cell outside its {len(smap.rows)} rows × {m} columns"
    if any(not 0 <= j < m for j in r.coverage.not_evidence):
        return "coverage.not_evidence names a context sentence the result does not have"
    for d in r.documents:
        for s in d.sentences:
            if not (0 <= s.start <= s.end <= len(d.text)):
                return f"a sentence of document {d.id} lies outside its text"
    return ""
