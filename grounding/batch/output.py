"""Where batch results go, and what is said about them at the end.

A sink appends output lines in the order it is given them and knows which ids an earlier run already wrote,
so a re-run with the same output path resumes instead of starting over:
- `*.jsonl` (or any other name): one file, one line per record, {"id", "result"} or {"id", "error"};
- `*.parquet`: a folder of part files (part-00001.parquet, ...), columns id, result (the result's JSON
  text, null when failed) and error (null when grounded); read it in order with pyarrow / pandas / Ray.
"""
from __future__ import annotations

import json
import time
from collections import Counter
from pathlib import Path
from typing import Iterator, Optional

import numpy as np

from grounding.batch.records import SUMMARY_METRICS, Outcome
from grounding.config import GroundingConfig
from grounding.types import GroundingResult


class BatchError(RuntimeError):
    """The batch cannot start (the message says what to change)."""


def open_sink(path: str | Path, config: GroundingConfig, overwrite: bool = False):
    """The sink for `path` (Parquet folder when it ends in .parquet, else a JSON Lines file). Without
    `overwrite`, what an earlier run wrote there is kept and its ids are in `sink.done`; raises BatchError
    when that run used another config."""
    path = Path(path)
    sink = ParquetSink(path) if path.suffix.lower() == ".parquet" else JsonlSink(path)
    sink.open(config.to_dict(), overwrite)
    return sink


def _config_differences(recorded: dict, config: dict) -> list[str]:
    return [f"{k} {recorded.get(k)!r} -> {config.get(k)!r}" for k in sorted(set(recorded) | set(config))
            if recorded.get(k) != config.get(k)]


class _Sink:
    path: Path
    done: set[str]
    failed_before: int

    def _check_config(self, recorded: Optional[dict], config: dict) -> None:
        diffs = _config_differences(recorded, config) if recorded is not None else []
        if diffs:
            raise BatchError(f"{self.path} holds results of another configuration ({'; '.join(diffs)}). "
                             "Write to another --output, or pass --overwrite to start over.")

    def results(self) -> Iterator[tuple[str, GroundingResult]]:
        """(id, result) of every grounded record in the output, one at a time (for the pair table)."""
        for rid, result in self._stored():
            if result is not None:
                yield rid, GroundingResult.from_dict(result)


class JsonlSink(_Sink):
    def __init__(self, path: Path):
        self.path, self.done, self.failed_before = path, set(), 0

    def open(self, config: dict, overwrite: bool) -> None:
        if self.path.is_dir():
            raise BatchError(f"--output {self.path} is a folder; a JSON Lines output is a file (a Parquet output "
                             "is a folder whose name ends in .parquet).")
        if overwrite or not self.path.is_file():
            self.path.parent.mkdir(parents=True, exist_ok=True)
            self.path.write_text("", encoding="utf-8")
        else:
            self._resume(config)
        self._out = open(self.path, "a", encoding="utf-8")

    def _resume(self, config: dict) -> None:
        raw = self.path.read_bytes()
        if raw and not raw.endswith(b"\n"):  # the earlier run stopped mid-line: drop the partial line
            raw = raw[: raw.rfind(b"\n") + 1]
            with open(self.path, "r+b") as fh:
                fh.truncate(len(raw))
        recorded = None
        for n, line in enumerate(raw.decode("utf-8").splitlines(), 1):
            try:
                obj = json.loads(line)
                rid = str(obj["id"])
            except (json.JSONDecodeError, KeyError, TypeError):
                raise BatchError(f"{self.path} line {n} is not an output line of this command; write to another "
                                 "--output, or pass --overwrite to replace the file.") from None
            self.done.add(rid)
            if "error" in obj:
                self.failed_before += 1
            elif recorded is None:
                recorded = obj["result"].get("config", {})
        self._check_config(recorded, config)

    def write(self, outcomes: list[Outcome]) -> None:
        self._out.write("".join(o.line + "\n" for o in outcomes))
        self._out.flush()

    def close(self) -> None:
        self._out.close()

    def _stored(self) -> Iterator[tuple[str, Optional[dict]]]:
        with open(self.path, encoding="utf-8") as fh:
            for line in fh:
                obj = json.loads(line)
                yield str(obj["id"]), obj.get("result")


class ParquetSink(_Sink):
    """A folder of part files; a part is written (to a temporary name, then renamed) every FLUSH_ROWS
    records or FLUSH_SECONDS, so an interrupted run loses at most that much."""
    FLUSH_ROWS = 1000
    FLUSH_SECONDS = 60.0

    def __init__(self, path: Path):
        self.path, self.done, self.failed_before = path, set(), 0
        self._buffer: list[Outcome] = []
        self._last_flush = time.monotonic()

    def open(self, config: dict, overwrite: bool) -> None:
        try:
            import pyarrow  # noqa: F401
        except ImportError:
            raise BatchError("A Parquet output needs pyarrow: pip install -r requirements-ray.txt.") from None
        if self.path.is_file():
            raise BatchError(f"--output {self.path} is a file; a Parquet output is a folder of part files.")
        self.path.mkdir(parents=True, exist_ok=True)
        for part in self._parts():
            if overwrite:
                part.unlink()
        for rid, error in self._rows("id", "error"):
            self.done.add(rid)
            self.failed_before += error is not None
        recorded = next((json.loads(r).get("config", {}) for (r,) in self._rows("result") if r is not None), None)
        self._check_config(recorded, config)

    def _parts(self) -> list[Path]:
        return sorted(self.path.glob("part-*.parquet"))

    def _rows(self, *columns: str) -> Iterator[tuple]:
        import pyarrow.parquet as pq
        for part in self._parts():
            table = pq.read_table(part, columns=list(columns)).to_pydict()
            yield from zip(*(table[c] for c in columns))

    def _stored(self) -> Iterator[tuple[str, Optional[dict]]]:
        for rid, result_json in self._rows("id", "result"):
            yield rid, json.loads(result_json) if result_json is not None else None

    def write(self, outcomes: list[Outcome]) -> None:
        self._buffer += outcomes
        if len(self._buffer) >= self.FLUSH_ROWS or time.monotonic() - self._last_flush >= self.FLUSH_SECONDS:
            self._flush()

    def _flush(self) -> None:
        self._last_flush = time.monotonic()
        if not self._buffer:
            return
        import pyarrow as pa
        import pyarrow.parquet as pq
        lines = [json.loads(o.line) for o in self._buffer]
        table = pa.table({"id": [o.id for o in self._buffer],
                          "result": [json.dumps(x["result"], ensure_ascii=False) if "result" in x else None for x in lines],
                          "error": [o.error or None for o in self._buffer]},
                         schema=pa.schema([("id", pa.string()), ("result", pa.string()), ("error", pa.string())]))
        parts = self._parts()
        number = int(parts[-1].stem.split("-")[1]) + 1 if parts else 1
        tmp = self.path / f".part-{number:05d}.parquet.tmp"
        pq.write_table(table, tmp)
        tmp.rename(self.path / f"part-{number:05d}.parquet")
        self._buffer = []

    def close(self) -> None:
        self._flush()


class Summary:
    """Counts, failure reasons, time per record and mean metrics of one run (printed at the end)."""

    def __init__(self, in_input: int, skipped: int):
        self.in_input, self.skipped = in_input, skipped
        self.grounded = 0
        self.failures: Counter[str] = Counter()
        self.failed_ids: dict[str, list[str]] = {}
        self.seconds: list[float] = []          # per grounded record
        self.metric_values: dict[str, list[float]] = {k: [] for k in SUMMARY_METRICS}
        self.not_assessed = 0
        self.not_written = 0    # Ray: records of batches whose worker died on every try (a re-run retries them)
        self.verdicts = self.unsure = self.no_figure = 0

    def add(self, o: Outcome) -> None:
        if o.error:
            self.failures[o.error] += 1
            self.failed_ids.setdefault(o.error, []).append(o.id)
            return
        self.grounded += 1
        self.seconds.append(o.seconds)
        self.verdicts, self.unsure, self.no_figure = (self.verdicts + o.verdicts, self.unsure + o.unsure,
                                                      self.no_figure + o.no_figure)
        if not o.assessed:
            self.not_assessed += 1
            return
        for k, v in o.metrics.items():
            if v is not None:
                self.metric_values[k].append(float(v))

    @property
    def failed(self) -> int:
        return sum(self.failures.values())

    def text(self, elapsed: float, startup: Optional[float] = None, failed_before: int = 0) -> str:
        """The end-of-run report (several lines)."""
        done = self.grounded + self.failed
        lines = [f"records: {self.in_input} in input, {self.skipped} already in the output (skipped), "
                 f"{self.grounded} grounded, {self.failed} failed"
                 + (f" (+{failed_before} failed in an earlier run)" if failed_before else "")
                 + (f", {self.not_written} not written (their worker died on every try: re-run to retry them)"
                    if self.not_written else "")]
        for error, count in self.failures.most_common(5):
            ids = self.failed_ids[error]
            lines.append(f"  failed x{count}: {error[:300]}  [{', '.join(ids[:3])}{', ...' if len(ids) > 3 else ''}]")
        if len(self.failures) > 5:
            lines.append(f"  ... and {len(self.failures) - 5} other failure reasons (see the error lines in the output)")
        if done:
            p50, p95 = np.percentile(self.seconds, [50, 95]) if self.seconds else (None, None)
            lines.append((f"time per grounded record: p50 {p50:.2f} s, p95 {p95:.2f} s; " if self.seconds else "")
                         + f"{done / elapsed:.2f} records/s over {elapsed:.1f} s"
                         + (f" (of which Ray start-up {startup:.1f} s)" if startup is not None else ""))
        means = {k: np.mean(v) for k, v in self.metric_values.items() if v}
        assessed = self.grounded - self.not_assessed
        if means:
            lines.append(f"mean metrics over {assessed} assessed records ({self.not_assessed} not assessed): "
                         + "  ".join(f"{k if k == 'integrity' else k.upper()} {v:.3f}" for k, v in means.items()))
        if self.verdicts:
            lines.append(f"verdicts: {self.verdicts}, of which {self.unsure} unsure (How sure below 50 %) and "
                         f"{self.no_figure} without a How sure figure (see each verdict's sureness_note)")
        return "\n".join(lines)
