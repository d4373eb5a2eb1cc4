"""The check tab's gold mode: an uploaded JSON / JSONL file whose records carry `gold` labels is checked record by
record as the CLI would (each record's own response, question and context), and every record is scored with the
CLI's metric code (grounding.gold.score). The page shows the current record's views with its wrong cells marked,
its F1s with CIs and confusion matrix, and, for a file of several records, a table of them (a click opens one)."""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Callable, Iterator, Optional

from grounding import gold, panels, report
from grounding.config import GroundingConfig
from grounding.heatmap import Marks
from grounding.io import Record
from grounding.pipeline import ground, ground_stream
from grounding.session import KEEP, RUN_OUTPUTS, Choices, Downloads, Step, crashed, focus_choices, thinned, views
from grounding.types import GroundingResult


@dataclass
class RecordSet:
    """The records of a gold file as checked: per record its table row ({"id", "sentences", "scores"} or
    {"id", "error"}), result and gold labels; `current`: the record on show."""
    rows: list[dict] = field(default_factory=list)
    results: list[Optional[GroundingResult]] = field(default_factory=list)
    golds: list[Optional[list[list[int]]]] = field(default_factory=list)
    current: int = 0

    def wrong(self) -> list[gold.WrongCell]:
        result, labels = self.results[self.current], self.golds[self.current]
        if result is None or labels is None or "error" in self.rows[self.current]:
            return []
        return gold.wrong_cells(result.sentence_map.labels, labels)

    def marks(self) -> Optional[Marks]:
        """The current record's wrong cells as heatmap flags (None when it has no gold)."""
        return panels.gold_marks(self.wrong()) if self.golds[self.current] is not None else None

    def panel(self) -> str:
        """The gold panel: the current record's scores, confusion matrix and counts, then the records table."""
        row, result, labels = self.rows[self.current], self.results[self.current], self.golds[self.current]
        if row.get("error") or result is None or labels is None:
            note = row.get("error") or f"Record {row['id']} has no gold labels."
            body = panels.gold_html(None, None, 0, 0, note)
        else:
            wrong = self.wrong()
            body = panels.gold_html(result.metrics.gold, gold.confusion(result.sentence_map.labels, labels),
                                    len(wrong), sum(w.missed_contradiction for w in wrong),
                                    f"Record {row['id']}: scored as `python -m grounding run` scores it.")
        return body + panels.records_html(self.rows, self.current)


def check_record(rec: Record, config: GroundingConfig) -> tuple[dict, GroundingResult]:
    """Ground one record and score it against its gold (when it has one): (table row, result). A gold of the
    wrong shape is the row's error, the result still shows."""
    return scored(rec, ground(rec.response, rec.context, config, rec.question))


def scored(rec: Record, result: GroundingResult) -> tuple[dict, GroundingResult]:
    """Record `rec`'s complete result scored against its gold: (table row, result)."""
    row = {"id": rec.id, "sentences": len(result.response_sentences)}
    if rec.gold is not None:
        try:
            result.metrics.gold = gold.score(result, rec.gold)
            row["scores"] = {key: getattr(result.metrics.gold, key) for key, _ in panels.F1_NAMES}
        except ValueError as err:
            row["error"] = f"gold not scored: {err}"
    else:
        row["error"] = "no gold labels"
    return row, result


def run_records(records: list[Record], config: GroundingConfig, downloads: Downloads,
                cancelled: Optional[Callable[[], bool]] = None) -> Iterator[Step]:
    """Check every record; the status counts them, the table grows, the first record's views come with it.
    `cancelled` (Stop): the record being checked is dropped (a partly checked record is not scored) and the run
    ends with the records checked before it."""
    shown = RecordSet()
    for k, rec in enumerate(records):
        try:   # while a record is checked, a step that changes nothing at most every CANCEL_POLL s (where a closed tab
            # ends the run)
            for result in thinned(ground_stream(rec.response, rec.context, config, rec.question, cancelled=cancelled,
                                                ticks=True)):
                if not result.complete:
                    yield Step((KEEP,) * RUN_OUTPUTS)
            if cancelled is not None and cancelled():
                yield _stopped(shown, len(records), downloads)
                return
            row, result = scored(rec, result)
        except Exception as err:   # noqa: BLE001 -- one record's failure is its row, like the CLI's
            if len(records) == 1:
                yield crashed(err)
                return
            row, result = {"id": rec.id, "error": f"{type(err).__name__}: {err}"}, None
        shown.rows.append(row)
        shown.results.append(result)
        shown.golds.append(rec.gold)
        done = k + 1 == len(records)
        text = (f"Checked {len(records)} record(s) against their gold labels (each record's own response and "
                f"context, as the CLI checks them)." if done else f"Checking record {k + 2}/{len(records)}…")
        status = report.status_html(text, "done" if done else "running", k + 1, len(records))
        if k == 0 or done:
            yield Step((status,) + record_outputs(shown, downloads)[1:])
        else:
            yield Step((status,) + (KEEP,) * 9 + (shown.panel(), shown))


def _stopped(shown: RecordSet, total: int, downloads: Downloads) -> Step:
    """Stop: the records checked before it, the status says how many."""
    status = report.status_html(f"Stopped: {len(shown.rows)} of {total} record(s) were checked against their gold labels "
                                "before Stop. Press Run to check again.", "idle", len(shown.rows), total)
    return Step((status,) + (record_outputs(shown, downloads)[1:] if shown.rows else (KEEP,) * (RUN_OUTPUTS - 1)))


def record_outputs(shown: RecordSet, downloads: Downloads) -> tuple:
    """The run's outputs for the current record (status, views, focus, downloads, result, panel, records)."""
    result = shown.results[shown.current]
    if result is None:
        return (report.status_html(shown.rows[shown.current]["error"], "error"),) + (KEEP,) * 8 + (
            shown.panel(), shown)
    return ((report.status_html(f"Record {shown.rows[shown.current]['id']}.", "done"),) + views(result, marks=shown.marks())
            + (Choices(focus_choices(result), "all"), downloads.result_files(result), result, shown.panel(), shown))


def open_record(shown: Optional[RecordSet], data: dict, downloads: Downloads) -> Step:
    """A click on a row of the records table: that record on show (the run's outputs)."""
    k = data.get("record") if isinstance(data, dict) else None
    if shown is None or not isinstance(k, int) or not 0 <= k < len(shown.rows):
        return Step((KEEP,) * 11)
    shown.current = k
    return Step(record_outputs(shown, downloads))
