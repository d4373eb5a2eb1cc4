"""Input records and exports: the JSONL input format, the pair table (CSV) and JSON results.

Input format (one JSON object per line, or a JSON list of them):
    {"id": "q1", "response": "...", "context": ["text", {"id": "d1", "title": "...", "text": "..."}],
     "question": "optional", "gold": [[1, 0, -1, ...], ...]}   # gold: optional, response sentences x context sentences
"""
from __future__ import annotations

import csv
import io
import json
from dataclasses import dataclass
from typing import Any, Iterable, Optional, TextIO

from grounding.types import GroundingResult


class RecordError(ValueError):
    """A malformed input record; the message names the line and the field."""


@dataclass
class Record:
    id: str
    response: str
    context: Any
    question: str = ""
    gold: Optional[list[list[int]]] = None


def to_record(obj: Any, where: str) -> Record:
    """The Record of one parsed JSON value; `where` ("in.jsonl line 3") names it in errors and is the id of
    a record without one. Raises RecordError naming the field."""
    if not isinstance(obj, dict):
        raise RecordError(f"{where}: expected a JSON object with 'response' and 'context', got {type(obj).__name__}.")
    missing = [k for k in ("response", "context") if k not in obj]
    if missing:
        raise RecordError(f"{where}: missing field(s) {', '.join(missing)}.")
    if not isinstance(obj["response"], str):
        raise RecordError(f"{where}: 'response' must be a string.")
    ctx = obj["context"]
    if isinstance(ctx, list):
        for k, item in enumerate(ctx):
            if not (isinstance(item, str) or (isinstance(item, dict) and (isinstance(item.get("text"), str)
                                                                          or isinstance(item.get("sentences"), list)))):
                raise RecordError(f"{where}: context[{k}] must be a string or an object with a 'text' string "
                                  "or a 'sentences' list.")
    elif not isinstance(ctx, str):
        raise RecordError(f"{where}: 'context' must be a string or a list.")
    gold = obj.get("gold")
    if gold is not None and not (isinstance(gold, list) and all(isinstance(r, list) for r in gold)):
        raise RecordError(f"{where}: 'gold' must be a list of rows of -1/0/1.")
    return Record(id=record_id(obj, where), response=obj["response"], context=ctx,
                  question=str(obj.get("question") or ""), gold=gold)


def record_id(obj: Any, where: str) -> str:
    """The id a record is written under: its "id" field, else `where` (also for a value that is no record)."""
    return str(obj["id"]) if isinstance(obj, dict) and obj.get("id") is not None else where


def json_items(text: str, name: str = "input") -> list[tuple[str, Any]]:
    """(where, value) for each record of JSONL text, or of a JSON list / single object. A JSONL line that is
    not valid JSON gives (where, RecordError) so that a batch can go on past it; empty text or a JSON
    document that does not parse raises RecordError."""
    stripped = text.strip()
    if not stripped:
        raise RecordError(f"{name} is empty.")
    if stripped[0] in "[{":
        # one JSON value (a list, or a single object, pretty-printed or not); else JSON Lines
        try:
            data = json.loads(stripped)
        except RecursionError:
            raise RecordError(f"{name}: nested too deeply to be a record (JSON arrays or objects inside each other "
                              "hundreds of levels deep).") from None
        except json.JSONDecodeError as err:
            data = None
            if stripped[0] == "[" or "\n" not in stripped:
                raise RecordError(f"{name}: not valid JSON ({err.msg} at line {err.lineno}, column {err.colno}).") from None
        if data is not None:
            items = data if isinstance(data, list) else [data]
            return [(f"{name} item {k + 1}", obj) for k, obj in enumerate(items)]
    out = []
    for n, line in enumerate(text.splitlines(), 1):
        if not line.strip():
            continue
        try:
            out.append((f"{name} line {n}", json.loads(line)))
        except RecursionError:
            out.append((f"{name} line {n}", RecordError(f"{name} line {n}: nested too deeply to be a record.")))
        except json.JSONDecodeError as err:
            out.append((f"{name} line {n}", RecordError(f"{name} line {n}: not valid JSON ({err.msg}, column {err.colno}).")))
    return out


def parse_records(text: str, name: str = "input") -> list[Record]:
    """Records from JSONL text, or from a JSON list / single object; the first bad one raises RecordError."""
    records = []
    for where, obj in json_items(text, name):
        if isinstance(obj, RecordError):
            raise obj
        records.append(to_record(obj, where))
    return records


PAIR_COLUMNS = ["result_id", "claim", "claim_text", "claim_start", "claim_end", "response_sentence",
                "response_start", "response_end", "document", "context_sentence", "sentence_in_document",
                "context_start", "context_end", "context_text", "cosine", "p_entail", "p_neutral",
                "p_contradict", "psi", "signed", "verdict"]


FORMULA_START = ("=", "+", "-", "@", "\t", "\r")


def csv_text(value: str) -> str:
    """A text cell that a spreadsheet will not run: one starting like a formula (= + - @, tab, CR) gets a leading
    apostrophe, as OWASP advises against CSV injection; the JSON result keeps the exact text."""
    return "'" + value if isinstance(value, str) and value.startswith(FORMULA_START) else value


def pair_rows(result: GroundingResult, result_id: str = "") -> list[dict]:
    """One row per judged (claim, context sentence) pair, with offsets on both sides."""
    ctx = result.context_sentences
    verdicts = {v.claim: v.label for v in result.verdicts}
    rows = []
    for p in result.pairs:
        c = result.claims[p.claim]
        r = result.response_sentences[c.sentence]
        s = ctx[p.column]
        rows.append({"result_id": csv_text(result_id), "claim": p.claim + 1, "claim_text": csv_text(c.text),
                     "claim_start": c.start,
                     "claim_end": c.end, "response_sentence": c.sentence + 1, "response_start": r.start,
                     "response_end": r.end, "document": csv_text(s.source), "context_sentence": p.column + 1,
                     "sentence_in_document": s.index + 1, "context_start": s.start, "context_end": s.end,
                     "context_text": csv_text(s.text), "cosine": p.cosine, "p_entail": p.entail, "p_neutral": p.neutral,
                     "p_contradict": p.contradict, "psi": p.psi, "signed": p.signed,
                     "verdict": verdicts.get(p.claim, "")})
    return rows


def write_pairs_csv(results: Iterable[tuple[str, GroundingResult]], out: TextIO) -> None:
    """The pair table of `results` ((result id, result) pairs, consumed one at a time) as CSV into `out`."""
    writer = csv.DictWriter(out, fieldnames=PAIR_COLUMNS)
    writer.writeheader()
    for rid, res in results:
        writer.writerows(pair_rows(res, rid))


def pairs_csv(results: list[tuple[str, GroundingResult]]) -> str:
    buf = io.StringIO()
    write_pairs_csv(results, buf)
    return buf.getvalue()
