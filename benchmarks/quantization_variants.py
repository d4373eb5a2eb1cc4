"""Which int8 quantization gives the same answers with and without session.x64quantprecision, and the fp32
model's: each shipped model re-quantized from its fp32 graph (build/fp32/ROLE) in several ways, each variant
run with the option on (exact kernels) and, on an AVX2-only CPU, off (the saturating u8s8 path for int8-stored
weights), against the card's fp32 probe reference, with speed on the probe set.

    python benchmarks/quantization_variants.py [--models ...] [--variants ...] [--threads 2]
    python benchmarks/example_verdicts.py --int8 build/quant/VARIANT      # the app's examples per variant

Writes each variant's model set to build/quant/VARIANT/ROLE (the shipped folder with model.onnx replaced).
The fp32 graph is the shipped int8 weights dequantized (export/recover.py; the embedder: its original fp32
weights), so "s8" reproduces the shipped weights and "s8_as_u8" (what ships) stores them as uint8; every
other variant moves them (see the README, "Same answers on every CPU").
"""
from __future__ import annotations

import argparse
import os
import json
import shutil
import sys
import tempfile
import time
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parent.parent

os.environ["GROUNDING_CACHE_MB"] = "0"   # the models' own speed: every call runs, none is found cached (grounding.cache)

from export import convert, probe  # noqa: E402
from grounding import runtime  # noqa: E402

# name -> (optimum preset, per_channel, reduce_range, fp32_attention, u8_weights: s8 stored shifted to u8)
VARIANTS = {
    "s8": ("avx512_vnni", True, False, False, False),               # s8 weights, per channel (shipped before)
    "reduce_range": ("avx512_vnni", True, True, False, False),      # s7 weights (-64..64), per channel
    "reduce_range_per_tensor": ("avx512_vnni", False, True, False, False),  # s7 weights, one scale per matrix
    "u8_weights": ("avx2", True, False, False, False),          # u8 weights on their own grid (optimum's avx2 preset)
    "reduce_range_fp32_attention": ("avx512_vnni", True, True, True, False),  # s7 weights; attention products in fp32
    "fp32_attention": ("avx512_vnni", True, False, True, False),     # the shipped weights; attention in fp32
    "s8_as_u8": ("avx512_vnni", True, False, False, True),           # the same s8 grid stored as u8 (shipped now)
}


# MatMul groups to leave in fp32 one at a time (--keep-fp32-groups): which one's quantization costs most
GROUPS = {"query": r"self/query/", "key": r"self/key/", "value": r"self/value/",
          "attention output": r"attention/output/dense/", "intermediate": r"intermediate/dense/",
          "output": r"layer\.\d+/output/dense/"}


def build(name: str, variant: str, out_root: Path, keep_fp32: tuple[str, ...] = (), tag: str = "") -> Path:
    """out_root/variant[+tag]/name: the shipped folder with model.onnx re-quantized from build/fp32/name,
    the MatMuls matching keep_fp32 left in fp32."""
    preset, per_channel, reduce_range, fp32_attention, u8_weights = VARIANTS[variant]
    variant = variant + (f"+{tag}" if tag else "")
    shipped, out = ROOT / "exported_models" / name, out_root / variant / name
    if (out / "model.onnx").is_file():
        return out
    out.mkdir(parents=True, exist_ok=True)
    for f in shipped.iterdir():
        if f.is_file() and f.name != "model.onnx":
            shutil.copy(f, out / f.name)
    with tempfile.TemporaryDirectory() as tmp:
        convert.quantize_int8(ROOT / "build" / "fp32" / name, Path(tmp), per_channel, preset, reduce_range, fp32_attention,
                              u8_weights, keep_fp32)
        shutil.move(str(Path(tmp) / "model.onnx"), out / "model.onnx")
    verdicts = out_root / variant / "verdicts"
    if not verdicts.exists():
        verdicts.symlink_to(ROOT / "exported_models" / "verdicts")
    return out


def _timed(fn, items, repeats: int):
    got = fn(items)   # also the warm-up
    start = time.perf_counter()
    for _ in range(repeats):
        fn(items)
    return got, (time.perf_counter() - start) / repeats


def measure(folder: Path, name: str, threads: int, repeats: int) -> dict:
    role = probe.role_of(folder)
    ref = np.asarray(json.loads((ROOT / "exported_models" / name / "card.json").read_text())["probe"]["reference"])
    items = probe.probe_items(role)
    paths = {"option_on": True}
    if runtime.cpu_description()["int8_kernel"].startswith("u8u8"):
        paths["option_off"] = False
    row, outs = {}, {}
    for path, precise in paths.items():
        fn = probe.with_int8_precision(precise, lambda: probe.runner(folder, role, threads))
        outs[path], seconds = _timed(fn, items, repeats)
        d = probe.drift(ref, outs[path], role)
        row[path] = {**{k: d[k] for k in ("label_agreement", "clear_label_agreement", "cosine_min", "max_abs_diff")
                        if k in d}, "probe_items_per_s": round(len(items) / seconds, 1)}
    if "option_off" in outs:
        row["on_vs_off_max_abs_diff"] = float(np.abs(outs["option_on"] - outs["option_off"]).max())
    return row


def main(argv=None) -> int:
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--models", nargs="+", default=["embedder", "entailment", "scorer", "scorer_fast"])
    p.add_argument("--variants", nargs="+", default=list(VARIANTS), choices=list(VARIANTS))
    p.add_argument("--out", type=Path, default=ROOT / "build" / "quant")
    p.add_argument("--threads", type=int, default=2)
    p.add_argument("--repeats", type=int, default=2)
    p.add_argument("--keep-fp32", nargs="+", default=(), metavar="REGEX",
                   help="leave the MatMuls whose node name matches in fp32 (written to VARIANT+fp32/...)")
    p.add_argument("--keep-fp32-groups", action="store_true",
                   help="each variant once per MatMul group of GROUPS left in fp32, to see which group costs most")
    a = p.parse_args(argv)
    cpu = runtime.cpu_description()
    print(f"CPU: {cpu['cpu']}; flags {cpu['flags']}; {a.threads} threads; probe sets of the cards "
          "(rate: probe items per second, after a warm-up call)", flush=True)
    runs = [(tuple(a.keep_fp32), "fp32" if a.keep_fp32 else "")]
    if a.keep_fp32_groups:
        runs = [((pattern,), "fp32 " + group) for group, pattern in GROUPS.items()]
    for name in a.models:
        for variant in a.variants:
            for keep, tag in runs:
                folder = build(name, variant, a.out, keep, tag)
                print(json.dumps({"model": name, "variant": variant, **({"fp32": keep} if keep else {}),
                                  **measure(folder, name, a.threads, a.repeats)}), flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
