"""Batch grounding of record files (`python -m grounding run`).

One per-record function, `records.ground_item`, is shared by the single-process loop (`local.run_local`)
and the Ray path (`on_ray.run_on_ray`, which imports ray only when called), so both write the same JSON
for the same record and config. `output` holds the result sinks (JSON Lines file or Parquet folder) that
resume an interrupted run, and the end-of-run summary.
"""
from grounding.batch.output import BatchError, Summary, open_sink
from grounding.batch.records import Item, Outcome, ground_item, input_files, read_items

__all__ = ["BatchError", "Item", "Outcome", "Summary", "ground_item", "input_files", "open_sink", "read_items"]
