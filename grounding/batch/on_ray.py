"""The Ray path of `python -m grounding run --ray`: Ray Data reads the input files, actors that each load the
models once ground the records (the same `ground_item` as the single-process path), and this process writes
the lines in input order to the same sinks (so resume and the summary are the same too).

    input files --read_binary_files, flat_map(_file_items)--> items --drop the ids already written, one block
    per batch, materialize--> map_batches(GroundWorker, ActorPoolStrategy(size=workers), num_cpus=threads)
    --iter_batches, in input order--> sink

ray is imported only here, when --ray is given; it is an optional dependency (requirements-ray.txt).
"""
from __future__ import annotations

import json
import logging
import os
import re
import sys
import time
import warnings
from dataclasses import dataclass
from functools import partial
from pathlib import Path
from typing import Optional, TextIO

from grounding.batch.output import BatchError, Summary, open_sink
from grounding.batch.records import Item, Outcome, ground_item, input_files, load_models_for, read_items
from grounding.config import MODELS_DIR, GroundingConfig
from grounding.io import RecordError
from grounding.runtime import ModelLoadError

WORKER_MEMORY = 800 * 2**20   # bytes Ray reserves per actor: one held ~650 MB (models, spaCy, pyarrow) here
TASK_RETRIES = 3              # tries of a batch whose worker died, before its records are left for a re-run
RAY_MISSING = ("--ray needs Ray, which is not installed: pip install -r requirements-ray.txt "
               "(ray[data], pinned; the app and the Space never need it).")


@dataclass
class RayConfig:
    address: Optional[str] = None       # None: start a local Ray; "auto" or "ray://head:10001": an existing cluster
    workers: Optional[int] = None       # model-holding actors; None: one per CPU of the cluster
    batch_size: int = 8                 # records per actor call
    runtime_env: Optional[str] = None   # a Ray runtime_env as JSON (e.g. {"working_dir": "."})
    num_cpus: Optional[int] = None      # a local Ray's CPUs (None: all of this machine's)


def import_ray():
    """The ray module, or a BatchError that says how to install it."""
    try:
        import ray
        import ray.data  # noqa: F401
    except ImportError:
        raise BatchError(RAY_MISSING) from None
    return ray


def worker_plan(cpus: float, largest_node: float, workers: Optional[int]) -> tuple[int, int]:
    """(actors, ONNX threads per actor) so that actors x threads = the cluster's CPUs. An actor asks Ray for
    `threads` CPUs, so no node runs more threads than it has cores; at most one actor per CPU. The default is
    one single-threaded actor per CPU: the small int8 models gain little from a second thread and the rest
    of the pipeline (spaCy, Python) has one (python benchmarks/ray_batch.py)."""
    cpus, largest_node = max(1, int(cpus)), max(1, int(largest_node))
    if workers is not None and workers < 1:
        raise BatchError(f"--workers must be at least 1, got {workers}.")
    workers = min(workers or cpus, cpus)
    return workers, max(1, min(cpus // workers, largest_node))


class GroundWorker:
    """A Ray actor: loads the models once (with `threads` ONNX threads), then grounds batches of items."""

    def __init__(self, config: dict, threads: int):
        # before any model or tokenizer is made: the runtime and tokenizers read these once
        os.environ["GROUNDING_THREADS"] = str(threads)
        os.environ["RAYON_NUM_THREADS"] = str(threads)
        self.config = GroundingConfig.from_dict(config)
        self.models_dir = None if Path(self.config.models_dir).is_dir() else _shipped_models(self.config.models_dir)
        load_models_for(self.config, self.models_dir)

    def __call__(self, batch):
        import pyarrow as pa
        rows = [ground_item(Item(**row), self.config, self.models_dir).to_row() for row in batch.to_pylist()]
        return pa.Table.from_pylist(rows, schema=_outcome_schema())


def _outcome_schema():
    import pyarrow as pa
    return pa.schema([("id", pa.string()), ("line", pa.string()), ("error", pa.string()), ("seconds", pa.float64()),
                      ("assessed", pa.bool_()), ("metrics", pa.string())])


def _shipped_models(driver_dir: str) -> str:
    """The models a runtime_env shipped with the code (its working_dir holds exported_models), for a worker
    that cannot read the driver's models_dir."""
    if (MODELS_DIR / "embedder" / "model.onnx").is_file():
        return str(MODELS_DIR)
    import socket
    raise ModelLoadError(f"The models are not on Ray node {socket.gethostname()}: {driver_dir} is not there and "
                         "no runtime_env shipped them. Put exported_models on a path every node can read (and "
                         "set GROUNDING_MODELS_DIR to it), or pass --runtime-env '{\"working_dir\": \".\"}' "
                         "from the project folder (see the README, 'Batch on Ray').")


def _file_items(row: dict, names: dict[str, str]) -> list[dict]:
    """flat_map: one input file's bytes -> its items (as dataset rows), named as the single-process path names
    them (the path as given on the command line)."""
    return [vars(item) for item in read_items(names.get(row["path"], row["path"]), row["bytes"])]


def _not_written(batch, done: list[str]):
    """map_batches: the rows whose id is not in `done` (the ids the output already holds)."""
    import pyarrow as pa
    import pyarrow.compute as pc
    return batch.filter(pc.invert(pc.is_in(batch["id"], value_set=pa.array(done, pa.string()))))


def run_on_ray(input_path: str | Path, output: str | Path, config: GroundingConfig, rc: RayConfig,
               overwrite: bool = False, log: TextIO = sys.stderr):
    """Ground every record not yet in `output` on Ray and append its line there, in input order.
    Returns (sink, summary, seconds, Ray start-up seconds). Starts a local Ray when rc.address is None (and
    shuts it down after); reuses one this process already started."""
    ray = import_ray()
    try:
        runtime_env = json.loads(rc.runtime_env) if rc.runtime_env else None
    except json.JSONDecodeError as err:
        raise BatchError(f"--runtime-env is not valid JSON ({err.msg}): {rc.runtime_env}") from None
    files = input_files(input_path)
    sink = open_sink(output, config, overwrite)
    start = time.perf_counter()
    started_here = not ray.is_initialized()
    try:
        if started_here:
            try:
                ray.init(address=rc.address, num_cpus=rc.num_cpus if rc.address is None else None,
                         runtime_env=runtime_env, include_dashboard=False, logging_level="WARNING")
            except ConnectionError as err:
                raise BatchError(f"No Ray cluster at --address {rc.address} ({err}). Start one (`ray start --head`), "
                                 "or leave --address out to start a local Ray.") from None
        startup = time.perf_counter() - start
        summary = _run(ray, files, sink, config, rc, log)
    finally:
        sink.close()
        if started_here and ray.is_initialized():
            ray.shutdown()
    return sink, summary, time.perf_counter() - start, startup


def _run(ray, files: list[Path], sink, config: GroundingConfig, rc: RayConfig, log: TextIO) -> Summary:
    from tqdm import tqdm

    ctx = ray.data.DataContext.get_current()
    ctx.execution_options.preserve_order = True   # lines come back in input order
    ctx.enable_progress_bars = False              # one tqdm line below instead of a bar per operator
    ctx.max_errored_blocks = 0                    # an input file that cannot be read ends the batch
    logging.getLogger("ray.data").setLevel(logging.WARNING)
    paths = {str(f.resolve()): str(f) for f in files}
    read = ray.data.read_binary_files(list(paths), include_paths=True, label_selector=_this_node(ray))
    try:
        every = read.flat_map(partial(_file_items, names=paths)).materialize()
    except Exception as err:  # noqa: BLE001 -- Ray wraps the reader's RecordError; say what it said
        raise _record_error_in(err) or err
    todo = every.map_batches(partial(_not_written, done=sorted(sink.done)), batch_format="pyarrow").materialize() \
        if sink.done else every
    in_input, n_todo = every.count(), todo.count()
    summary = Summary(in_input, in_input - n_todo)
    if not n_todo:
        return summary
    nodes = [n["Resources"].get("CPU", 0) for n in ray.nodes() if n.get("Alive")]
    workers, threads = worker_plan(ray.cluster_resources().get("CPU", 1), max(nodes, default=1), rc.workers)
    print(f"Ray: {workers} worker(s) x {threads} thread(s) on {len(nodes)} node(s), {n_todo} records "
          f"({summary.skipped} already in the output)", file=log)
    # one block per actor call, so every actor gets work even from one input file (order is kept); materialized
    # now, as the actors below take every CPU and a lazy repartition would wait for one forever
    todo = todo.repartition(max(1, -(-n_todo // rc.batch_size))).materialize()
    # A worker that dies is restarted by Ray (Ray Data's default) and its batch retried up to TASK_RETRIES
    # times; a batch that still fails is left out instead of ending the job: its records are counted as not
    # written, and a re-run (resume) tries them again.
    # (Ray 2.60 has no named parameter for max_task_retries: it goes in the deprecated **ray_remote_args.)
    ctx.max_errored_blocks = -1
    with warnings.catch_warnings():
        warnings.filterwarnings("ignore", message=".*ray_remote_args.*is deprecated")
        outcomes = todo.map_batches(
            GroundWorker, fn_constructor_kwargs={"config": config.to_dict(), "threads": threads},
            compute=ray.data.ActorPoolStrategy(size=workers), num_cpus=threads, memory=WORKER_MEMORY,
            max_task_retries=TASK_RETRIES, batch_size=rc.batch_size, batch_format="pyarrow")
    with tqdm(total=n_todo, unit="rec", file=log, desc="grounding", smoothing=0.1) as bar:
        for batch in outcomes.iter_batches(batch_size=None, batch_format="pyarrow"):
            got = [Outcome.from_row(row) for row in batch.to_pylist()]
            sink.write(got)
            for outcome in got:
                summary.add(outcome)
            bar.update(len(got))
    summary.not_written = n_todo - summary.grounded - summary.failed
    return summary


def _record_error_in(err: BaseException) -> Optional[RecordError]:
    """The RecordError (an input file that cannot be read) behind an exception Ray raised, if one is: Ray
    passes the worker's exception on as text in its own exception types."""
    found = re.search(r"RecordError: (.+)", str(err))
    return RecordError(found.group(1).strip()) if found else None


def _this_node(ray) -> Optional[dict]:
    """A label selector that reads the input on this (the driver's) node, so --input need not be on every
    node. None under Ray Client (ray://), whose driver is not on the cluster."""
    if ray.util.client.ray.is_connected():
        return None
    return {"ray.io/node-id": ray.get_runtime_context().get_node_id()}
