"""The single-process batch: every record in turn in this process (`python -m grounding run` without --ray)."""
from __future__ import annotations

import sys
import time
from pathlib import Path
from typing import TextIO

from grounding.batch.output import Summary, open_sink
from grounding.batch.records import Item, ground_item, input_files, load_models_for, read_items
from grounding.config import GroundingConfig


def read_all(input_path: str | Path) -> list[Item]:
    """Every item of the input file, or of the input folder's files in name order. Raises RecordError."""
    return [item for f in input_files(input_path) for item in read_items(str(f), f.read_bytes())]


def run_local(input_path: str | Path, output: str | Path, config: GroundingConfig, overwrite: bool = False,
              log: TextIO = sys.stderr):
    """Ground every record not yet in `output` and append its line there; returns (sink, summary, seconds).
    Raises RecordError (input unreadable), BatchError (output of another config) or a model load error."""
    start = time.perf_counter()
    items = read_all(input_path)
    sink = open_sink(output, config, overwrite)
    todo = [item for item in items if item.id not in sink.done]
    summary = Summary(len(items), len(items) - len(todo))
    load_models_for(config)
    try:
        for k, item in enumerate(todo, 1):
            outcome = ground_item(item, config)
            sink.write([outcome])
            summary.add(outcome)
            m = outcome.metrics
            state = f"failed: {outcome.error}" if outcome.error else "not assessed" if not outcome.assessed else \
                f"FCR {m['fcr']:.2f} HCR {m['hcr']:.2f} integrity {m['integrity']:.2f}"
            print(f"[{k}/{len(todo)}] {outcome.id}: {state}", file=log)
    finally:
        sink.close()
    return sink, summary, time.perf_counter() - start
