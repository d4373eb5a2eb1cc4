"""Input files -> items (one per record, not yet parsed) -> one output line per record.

`ground_item` is the one per-record function of both batch paths: a record that is malformed or whose
grounding raises becomes an output line with its error instead of stopping the job.
"""
from __future__ import annotations

import json
import time
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any, Optional

from grounding.config import GroundingConfig
from grounding.io import RecordError, json_items, record_id, to_record
from grounding.pipeline import ground
from grounding.sureness import band
from grounding.types import NOT_ASSESSED

INPUT_SUFFIXES = (".jsonl", ".json", ".parquet")
SUMMARY_METRICS = ("fcr", "hcr", "acr", "ucr", "integrity", "cer", "ecss", "pfcr")


@dataclass
class Item:
    """One input record as read: where it came from ("in.jsonl line 3"), the id it is written under, and
    its JSON text; `error` is set when the line is not JSON at all (the record is then written as failed)."""
    where: str
    id: str
    text: str
    error: str = ""


@dataclass
class Outcome:
    """What grounding one record gave: the output line (JSON, no newline) and what the summary needs."""
    id: str
    line: str
    error: str = ""                 # "" when grounded, else "<ExceptionType>: <message>"
    seconds: float = 0.0            # wall time of this record's grounding
    assessed: bool = False          # coverage.assessed of the result
    metrics: dict = field(default_factory=dict)   # SUMMARY_METRICS of the result (None where undefined)
    verdicts: int = 0               # assessed verdicts, of which
    unsure: int = 0                 # ... How sure below 50 % (grounding.sureness)
    no_figure: int = 0              # ... with no How sure figure

    def to_row(self) -> dict:
        """Flat columns (a Ray dataset row): metrics as JSON text."""
        return {**asdict(self), "metrics": json.dumps(self.metrics)}

    @classmethod
    def from_row(cls, row: dict) -> "Outcome":
        return cls(**{**row, "metrics": json.loads(row["metrics"]), "seconds": float(row["seconds"]),
                      "assessed": bool(row["assessed"]),
                      **{k: int(row.get(k, 0)) for k in ("verdicts", "unsure", "no_figure")}})


def input_files(path: str | Path) -> list[Path]:
    """The input file itself, or the .jsonl / .json / .parquet files of a folder (sorted by name).
    Raises RecordError when there is nothing to read."""
    path = Path(path)
    if path.is_file():
        return [path]
    if path.is_dir():
        files = sorted(p for p in path.iterdir() if p.is_file() and p.suffix.lower() in INPUT_SUFFIXES)
        if not files:
            raise RecordError(f"folder {path} holds no {' / '.join(INPUT_SUFFIXES)} files.")
        return files
    raise RecordError(f"input {path} not found.")


def read_items(name: str, data: bytes) -> list[Item]:
    """The items of one input file's bytes: Parquet when `name` ends in .parquet (one row = one record), else
    JSON Lines or a JSON list (see grounding.io). A file that cannot be read at all raises RecordError."""
    if name.lower().endswith(".parquet"):
        pairs = _parquet_rows(name, data)
    else:
        try:
            text = data.decode("utf-8")
        except UnicodeDecodeError:
            raise RecordError(f"{name} is not UTF-8 text (binary file?).") from None
        pairs = json_items(text, name)
    items = []
    for where, obj in pairs:
        if isinstance(obj, RecordError):
            items.append(Item(where, where, "", f"RecordError: {obj}"))
        else:
            items.append(Item(where, record_id(obj, where), json.dumps(obj, ensure_ascii=False, default=str)))
    return items


def _parquet_rows(name: str, data: bytes) -> list[tuple[str, Any]]:
    try:
        import pyarrow as pa
        import pyarrow.parquet as pq
    except ImportError:
        raise RecordError(f"{name}: reading Parquet needs pyarrow (pip install -r requirements-ray.txt).") from None
    try:
        rows = pq.read_table(pa.BufferReader(data)).to_pylist()
    except pa.ArrowException as err:
        raise RecordError(f"{name}: not a readable Parquet file ({err}).") from None
    # Parquet has no "absent": a null question / gold / document id is the field left out
    return [(f"{name} row {n}", {k: v for k, v in row.items() if v is not None} if isinstance(row, dict) else row)
            for n, row in enumerate(rows, 1)]


def ground_item(item: Item, config: GroundingConfig, models_dir: Optional[str] = None) -> Outcome:
    """Ground one record under `config`. The line is {"id", "result"} (the result as JSON), or {"id", "error"}
    when the record is malformed or grounding it raises; never raises for a bad record. `models_dir`: where
    this process finds the models when they are not at config.models_dir (a copy shipped to a Ray worker);
    the result still records config.models_dir, so the line does not depend on the machine."""
    if item.error:
        return _failed(item.id, item.error)
    start = time.perf_counter()
    try:
        rec = to_record(json.loads(item.text), item.where)
        result = ground(rec.response, rec.context, _models_at(config, models_dir), rec.question, rec.gold)
    except Exception as err:  # noqa: BLE001 -- any failure of one record is that record's, the batch goes on
        return _failed(item.id, f"{type(err).__name__}: {err}", time.perf_counter() - start)
    result.config = config   # the run's config (its JSON leaves models_dir out): the line does not depend on the machine
    seconds = time.perf_counter() - start
    m = result.metrics
    line = json.dumps({"id": rec.id, "result": result.to_dict()}, ensure_ascii=False)
    assessed = [v for v in result.verdicts if v.label != NOT_ASSESSED and result.claims[v.claim].origin != "rejected"]
    return Outcome(rec.id, line, seconds=seconds, assessed=result.coverage.assessed,
                   metrics={k: getattr(m, k) for k in SUMMARY_METRICS}, verdicts=len(assessed),
                   unsure=sum(band(v.sureness) == "unsure" for v in assessed),
                   no_figure=sum(v.sureness is None for v in assessed))


def _failed(rid: str, error: str, seconds: float = 0.0) -> Outcome:
    return Outcome(rid, json.dumps({"id": rid, "error": error}, ensure_ascii=False), error=error, seconds=seconds)


def load_models_for(config: GroundingConfig, models_dir: Optional[str] = None) -> None:
    """Load (and cache) the models `config` runs and warm the pipeline up on one short record, before the
    first real one: a missing or broken model then fails the batch at once instead of every record, and
    the first record's time is not the loading. Raises ModelLoadError / InputError."""
    from grounding.engines import ENGINES
    from grounding.models import load_roles
    run_config = _models_at(config, models_dir)
    load_roles(run_config.models_dir, tuple(ENGINES[config.engine].models.values()), config.threads)
    ground("The clinic opens at 8 am.", "The clinic opens at 8 am on weekdays.", run_config)


def _models_at(config: GroundingConfig, models_dir: Optional[str]) -> GroundingConfig:
    return GroundingConfig.from_dict({**config.to_dict(), "models_dir": models_dir}) if models_dir else config
