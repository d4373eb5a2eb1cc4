"""Command line:

    python -m grounding run --input in.jsonl --output out.jsonl [--engine claims|context|context-fast] [--tau 0.5]
                            [--preset learned|joint|paper|code] [--csv pairs.csv] [--no-pfcr] [--overwrite]
                            [--ray [--address auto|ray://host:10001] [--workers N] [--batch-size K]
                                   [--runtime-env JSON]]
    python -m grounding check --response "..." --context "doc one --- doc two"
    python -m grounding trace --input dag.json --output out.json [--q 3] [--tau 0.5]

`trace` reads a generation DAG (a JSON object, a list of them, or JSON Lines; see grounding/trace/dag.py) and
writes its TraceResult as JSON (a list for several DAGs; JSON Lines of {"id", "result"} when --output ends in
.jsonl).
`run` --input: a .jsonl / .json file, a .parquet file, or a folder of them. --output: a JSON Lines file, or a
Parquet folder when it ends in .parquet. Each output line: {"id", "result": GroundingResult as JSON}, or
{"id", "error"} for a record that is malformed or whose grounding raised (the batch goes on). A re-run
with the same --output skips the ids already there. See grounding/io.py for the input format and
grounding/batch/ for both batch paths.
"""
from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

from grounding.config import GroundingConfig, add_cli_arguments, config_from_cli
from grounding.io import RecordError, write_pairs_csv
from grounding.pipeline import InputError, ground


def _config(a) -> GroundingConfig:
    return config_from_cli(a)


def _run(a) -> int:
    """Ground every record of --input into --output (resuming what an earlier run wrote there); 0 when every
    record in --output was grounded, 1 when some failed (their lines hold the error; an earlier run's count
    too) or, on Ray, were not written, 2 when the batch could not start."""
    from grounding.batch import BatchError
    from grounding.runtime import ModelLoadError
    config = _config(a)
    try:
        if a.ray:
            from grounding.batch.on_ray import RayConfig, run_on_ray
            sink, summary, elapsed, startup = run_on_ray(
                a.input, a.output, config, RayConfig(address=a.address, workers=a.workers, batch_size=a.batch_size,
                                                     runtime_env=a.runtime_env), overwrite=a.overwrite)
        else:
            from grounding.batch.local import run_local
            (sink, summary, elapsed), startup = run_local(a.input, a.output, config, overwrite=a.overwrite), None
    except (RecordError, BatchError, InputError, ModelLoadError) as err:
        print(f"error: {err}", file=sys.stderr)
        return 2
    if a.csv:
        with open(a.csv, "w", encoding="utf-8", newline="") as fh:
            write_pairs_csv(sink.results(), fh)
    print(summary.text(elapsed, startup, sink.failed_before), file=sys.stderr)
    return 1 if summary.failed or summary.not_written or sink.failed_before else 0


def _check(a) -> int:
    """0 when the response was assessed, 2 when it could not be (the notes say why)."""
    res = ground(a.response, a.context.replace(" --- ", "\n---\n"), _config(a))
    for m in res.coverage.messages:
        print(f"note: {m}")
    if not res.coverage.assessed:
        print("error: the response was not assessed (see the notes above)", file=sys.stderr)
        return 2
    for v in res.verdicts:
        print(f"[{v.label}] {res.claims[v.claim].text}\n    {v.explanation}")
    m = res.metrics
    print(f"FCR {m.fcr:.2f}  HCR {m.hcr:.2f}  ACR {m.acr:.2f}  UCR {m.ucr:.2f}  CER {m.cer}  ECSS {m.ecss}  "
          f"PFCR {m.pfcr}  integrity {m.integrity:.2f}")
    return 0


def _read_text(path: Path) -> str | None:
    if not path.is_file():
        print(f"error: input file {path} not found", file=sys.stderr)
        return None
    try:
        return path.read_bytes().decode("utf-8")
    except UnicodeDecodeError:
        print(f"error: {path} is not UTF-8 text (binary file?)", file=sys.stderr)
        return None


def _trace(a) -> int:
    from grounding.trace import DAGError, parse_dags, trace
    from grounding.trace.view import summary_lines
    path = Path(a.input)
    text = _read_text(path)
    if text is None:
        return 2
    try:
        dags = parse_dags(text, str(path))
        config = GroundingConfig(tau=a.tau, trace_q=a.q, time_budget=a.time_budget).validate()
    except (DAGError, ValueError) as err:
        print(f"error: {err}", file=sys.stderr)
        return 2
    results = []
    for dag in dags:
        res = trace(dag, config)
        results.append(res)
        print("\n".join(summary_lines(res)))
    out = Path(a.output)
    if out.suffix == ".jsonl":
        body = "".join(json.dumps({"id": r.dag.id, "result": r.to_dict()}, ensure_ascii=False) + "\n" for r in results)
    else:
        data = results[0].to_dict() if len(results) == 1 else [r.to_dict() for r in results]
        body = json.dumps(data, ensure_ascii=False, indent=1) + "\n"
    out.write_text(body, encoding="utf-8")
    return 0


def main(argv=None) -> int:
    p = argparse.ArgumentParser(prog="python -m grounding", description=__doc__,
                                formatter_class=argparse.RawDescriptionHelpFormatter)
    sub = p.add_subparsers(dest="cmd", required=True)
    for name in ("run", "check"):
        s = sub.add_parser(name)
        add_cli_arguments(s)   # --engine, --tau, --preset, --pfcr / --no-pfcr: from GroundingConfig's field metadata
        if name == "run":
            s.add_argument("--input", required=True)
            s.add_argument("--output", required=True)
            s.add_argument("--csv", default=None, help="also write the pair table of every record in --output here")
            s.add_argument("--overwrite", action="store_true",
                           help="start over; without it a re-run skips the ids --output already holds")
            s.add_argument("--ray", action="store_true", help="ground on Ray (pip install -r requirements-ray.txt)")
            s.add_argument("--address", default=None,
                           help="with --ray: an existing cluster (auto, ray://head:10001); default: start a local Ray")
            s.add_argument("--workers", type=int, default=None,
                           help="with --ray: model-holding actors (default: one per CPU of the cluster, 1 thread each)")
            s.add_argument("--batch-size", type=int, default=8, help="with --ray: records per actor call")
            s.add_argument("--runtime-env", default=None,
                           help='with --ray: a Ray runtime_env as JSON, e.g. \'{"working_dir": "."}\' to ship this '
                                "folder (code and exported_models) to the workers")
        else:
            s.add_argument("--response", required=True)
            s.add_argument("--context", required=True)
    s = sub.add_parser("trace", help="trace the claims of a multi-step pipeline's final output (VeriTrail)")
    s.add_argument("--input", required=True, help="a DAG as JSON, a list of DAGs, or JSON Lines of DAGs")
    s.add_argument("--output", required=True, help="where the trace goes (.json, or .jsonl for one line per DAG)")
    s.add_argument("--q", type=int, default=GroundingConfig().trace_q,
                   help="stop after q consecutive Not Fully Supported verdicts (default %(default)s)")
    s.add_argument("--tau", type=float, default=GroundingConfig().tau)
    s.add_argument("--time-budget", type=float, default=GroundingConfig().time_budget,
                   help="seconds of tracing per DAG; the claims not reached by then are listed as Not traced "
                        "(0 = no limit; default %(default)s)")
    a = p.parse_args(argv)
    try:
        _check_arguments(a)
        return {"run": _run, "check": _check, "trace": _trace}[a.cmd](a)
    except (ValueError, OSError) as err:   # a setting out of range, a path that cannot be written: no traceback
        print(f"error: {err}", file=sys.stderr)
        return 2


def _check_arguments(a) -> None:
    """Flags checked before any work: settings by GroundingConfig's metadata, counts, and the output folders."""
    if a.cmd in ("run", "check"):
        _config(a)
    for flag in ("workers", "batch_size", "q"):
        value = getattr(a, flag, None)
        if value is not None and value < 1:
            raise ValueError(f"--{flag.replace('_', '-')} must be a whole number of at least 1, got {value}.")
    for flag in ("output", "csv"):
        value = getattr(a, flag, None)
        if value and not Path(value).resolve().parent.is_dir():
            raise ValueError(f"the folder of --{flag} ({Path(value).resolve().parent}) does not exist; create it "
                             "first.")


if __name__ == "__main__":
    sys.exit(main())
