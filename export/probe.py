"""Reference outputs on a fixed probe set, stored in each card, and the check that the int8 model still
gives them on whatever CPU it runs on.

    python -m export.probe --folder exported_models/entailment --reference build/fp32/entailment   # record
    python -m export.probe --folder exported_models/entailment                                     # check
    python -m export.probe --folder exported_models/entailment --measure   # add this CPU to probe.measured

The reference is the model's fp32 ONNX graph (for the shipped models whose training checkpoints are not
kept: the int8 weights dequantized, export/recover.py, so the reference differs from the int8 model only by
activation quantization and kernels). Recording also measures the int8 model on this CPU with the exact
kernels and with the saturating u8s8 path (where the CPU has one) and keeps both in the card, so the
tolerance below is read off measurements, not guessed.

Two checks (``check_folder``):
  * quantization: the int8 outputs against the fp32 reference (``drift``): probabilities (entailment, scorer
    cells) within MAX_ABS_DIFF, or embeddings within MIN_COSINE; the label of every item whose reference is
    clear (top class ahead of the second by >= CLEAR_MARGIN) must agree;
  * kernels: the int8 outputs against the int8 outputs recorded with exact kernels (``int8_expected``) within
    KERNEL_TOLERANCE. Exact int8 kernels (VNNI, AMX, u8u8, ARM) sum the same integers, so only float rounding
    may differ; the saturating u8s8 path of AVX2-only CPUs moves outputs by 0.03-0.21 on this probe.
"""
from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

import numpy as np

from grounding import runtime

# App and README examples whose verdicts users see: the probe must cover them
EXAMPLE_PAIRS = [
    ("Drug X significantly lowered systolic blood pressure.", "Drug X lowers blood pressure."),
    ("In the trial, Drug X lowered blood pressure in all patients.", "Drug X lowers blood pressure."),
    ("Drug X had no effect on liver enzymes.", "Drug X lowers blood pressure."),
    ("Drug X had no effect on liver enzymes.", "Drug X raises liver enzymes."),
    ("Liver enzyme levels did not rise.", "Drug X raises liver enzymes."),
    ("Liver enzymes were unchanged.", "Drug X raises liver enzymes."),
    ("The recommended starting dose of Zentrovir is 50 mg once daily.", "The starting dose is 50 mg once daily."),
    ("As of 2023, the recommended starting dose is 25 mg once daily.", "The starting dose is 50 mg once daily."),
    ("Wind generation fell by 6% in 2023.", "Wind generation rose by 6%."),
    ("The company aims to reach 20 GW of renewable capacity by 2030.", "It aims to reach 20 GW by 2030."),
    ("30% of patients reached remission.", "70% of patients reached remission."),
]

CLEAR_MARGIN = 0.3          # a reference label this far ahead of the runner-up must not change
# Tolerances from the recorded measurements (card "probe.measured"): the exact int8 kernels on an AVX2-only
# CPU stay within ~0.2 of the fp32 reference; the saturating path moves clear items by 0.5 and more.
MAX_ABS_DIFF = {"entailment": 0.30, "scorer": 0.35}
MIN_COSINE = {"embedder": 0.97}
# exact kernels agree to float rounding (measured: 0.0 between 1 and 2 threads); saturation moves the probe's
# outputs by 0.029 (embedder) to 0.21 (scorer), see the card's probe.measured
KERNEL_TOLERANCE = 0.01


def role_of(folder: Path) -> str:
    card = json.loads((folder / "card.json").read_text())
    return card["role"]


def probe_items(role: str) -> list:
    from export import check
    if role == "scorer":
        from export.scorer import PROBE_INSTANCES
        return PROBE_INSTANCES
    if role == "embedder":
        return check.PROBE_SENTENCES
    return check.PROBE_PAIRS + EXAMPLE_PAIRS


def runner(folder: Path, role: str, threads: int = 2):
    """The runtime's model in `folder` as a function of probe-style items (see probe_items) returning (n, 3)
    probabilities in NLI_ORDER, (cells, 3) scorer probabilities, or (n, d) unit embeddings. The session picks
    up runtime.INT8_PRECISE and INT8_VNNI now, at creation."""
    if role == "embedder":
        return runtime.Embedder(folder, threads=threads).encode
    if role == "scorer":
        from grounding.scorer import ContextScorer
        scorer = ContextScorer(folder, threads=threads)
        return lambda items: np.concatenate([scorer.score(r, docs).probabilities.reshape(-1, 3) for r, docs in items])
    ent = runtime.Entailment(folder, threads=threads)
    return lambda items: ent.predict([p for p, _ in items], [h for _, h in items])


def outputs(folder: Path, role: str, threads: int = 2) -> np.ndarray:
    """The runtime's outputs on the probe set (see runner)."""
    return runner(folder, role, threads)(probe_items(role))


def drift(reference: np.ndarray, got: np.ndarray, role: str) -> dict:
    """How far `got` is from `reference`: max / mean |diff| and, for classifiers, label agreement on all items
    and on the clear ones (plus which clear items flipped); for the embedder, cosines."""
    ref, got = np.asarray(reference, np.float64), np.asarray(got, np.float64)
    out = {"items": int(len(ref)), "max_abs_diff": round(float(np.abs(ref - got).max()), 4),
           "mean_abs_diff": round(float(np.abs(ref - got).mean()), 4)}
    if role == "embedder":
        cos = (ref * got).sum(1) / (np.linalg.norm(ref, axis=1) * np.linalg.norm(got, axis=1))
        out.update(cosine_min=round(float(cos.min()), 4), cosine_mean=round(float(cos.mean()), 4))
        return out
    top2 = np.sort(ref, axis=1)[:, -2:]
    clear = (top2[:, 1] - top2[:, 0]) >= CLEAR_MARGIN
    same = ref.argmax(1) == got.argmax(1)
    out.update(label_agreement=round(float(same.mean()), 4), clear_items=int(clear.sum()),
               clear_label_agreement=round(float(same[clear].mean()), 4) if clear.any() else 1.0,
               clear_flipped=[int(i) for i in np.flatnonzero(clear & ~same)])
    return out


def acceptable(d: dict, role: str) -> tuple[bool, str]:
    """Whether a drift is within the tolerance, and a sentence saying why not."""
    if role == "embedder":
        ok = d["cosine_min"] >= MIN_COSINE["embedder"]
        return ok, f"min cosine {d['cosine_min']} (required >= {MIN_COSINE['embedder']})"
    limit = MAX_ABS_DIFF["scorer" if role == "scorer" else "entailment"]
    ok = not d["clear_flipped"] and d["max_abs_diff"] <= limit
    return ok, (f"max |Δp| {d['max_abs_diff']} (allowed {limit}), {len(d['clear_flipped'])} clear label(s) flipped "
                f"(items {d['clear_flipped'][:8]})")


def check_folder(folder: Path, threads: int = 2) -> tuple[bool, str, dict]:
    """Run the int8 model here and compare with the reference in its card. The message names this CPU."""
    folder = Path(folder)
    card = json.loads((folder / "card.json").read_text())
    probe = card.get("probe")
    if not probe:
        return False, f"{folder}/card.json has no probe reference (record one with python -m export.probe)", {}
    role = card["role"]
    got = outputs(folder, role, threads)
    d = drift(np.asarray(probe["reference"]), got, role)
    ok, why = acceptable(d, role)
    d["kernel_max_abs_diff"] = round(float(np.abs(got - np.asarray(probe["int8_expected"])).max()), 5)
    if d["kernel_max_abs_diff"] > KERNEL_TOLERANCE:
        ok = False
        why += (f"; int8 outputs differ from the exact-kernel outputs recorded in the card by "
                f"{d['kernel_max_abs_diff']} (allowed {KERNEL_TOLERANCE}): this CPU's int8 kernel is not exact")
    cpu = runtime.cpu_description()
    where = f"{cpu['cpu']}, flags {cpu['flags']}, int8 kernel {cpu['int8_kernel']}"
    return ok, f"{folder.name} on {where}: {why}", d


def with_runtime(fn, **settings):
    """fn() with grounding.runtime's module settings (INT8_PRECISE=..., INT8_VNNI=...) set for its duration:
    sessions created inside pick them up."""
    saved = {name: getattr(runtime, name) for name in settings}
    for name, value in settings.items():
        setattr(runtime, name, value)
    try:
        return fn()
    finally:
        for name, value in saved.items():
            setattr(runtime, name, value)


def with_int8_precision(precise: bool, fn):
    """fn() with runtime.INT8_PRECISE set to `precise` (sessions created inside pick it up)."""
    return with_runtime(fn, INT8_PRECISE=precise)


# the int8 paths a CPU can take: the default, session.x64quantprecision off, uint8 weights kept on a VNNI CPU
INT8_PATHS = ({"INT8_PRECISE": True}, {"INT8_PRECISE": False}, {"INT8_VNNI": False})


def _measured_key(m: dict) -> str:
    # the model name alone does not tell CPUs apart ("AMD EPYC" with and without VNNI): the flags do
    return f"{m['cpu']} ({', '.join(m['flags'])}) | {m['int8_kernel']}"


def measure(folder: Path, role: str, reference: np.ndarray, threads: int = 2,
            recorded: np.ndarray | None = None) -> list[dict]:
    """This CPU's rows for the card's probe.measured: the int8 model's drift from `reference` on each int8 path
    with a kernel of its own here (INT8_PATHS: the default first); how far each is from the default path's
    outputs and, given `recorded` (the card's int8_expected, measured on another CPU), from those."""
    folder = Path(folder)
    from export.card import sha256
    cpu = runtime.cpu_description()
    kernels = {}
    for settings in INT8_PATHS:
        kernels.setdefault(with_runtime(runtime.cpu_description, **settings)["int8_kernel"], settings)
    outs = {kernel: with_runtime(lambda: outputs(folder, role, threads), **settings)
            for kernel, settings in kernels.items()}
    exact = next(iter(outs.values()))   # the default path's
    rows = []
    for kernel, got in outs.items():
        d = drift(reference, got, role)
        d["vs_exact_int8_max_abs_diff"] = round(float(np.abs(got - exact).max()), 4)
        if recorded is not None:
            d["vs_recorded_int8_max_abs_diff"] = round(float(np.abs(got - recorded).max()), 5)
        d.update(cpu=cpu["cpu"], flags=cpu["flags"], int8_kernel=kernel, passes=acceptable(d, role)[0],
                 model_sha256=sha256(folder / "model.onnx"))
        rows.append(d)
    return rows


def add_measurement(folder: Path, threads: int = 2) -> list[dict]:
    """Measure this CPU against the reference and int8 outputs already in the card and add its rows to
    probe.measured (earlier CPUs kept); the recorded outputs stay as they are. Returns the new rows."""
    from export.card import write_card
    folder = Path(folder)
    card = json.loads((folder / "card.json").read_text())
    probe = card["probe"]
    rows = measure(folder, card["role"], np.asarray(probe["reference"]), threads, np.asarray(probe["int8_expected"]))
    measured = {_measured_key(m): m for m in probe["measured"] + rows}
    probe["measured"] = sorted(measured.values(), key=_measured_key)
    write_card(folder, card)
    return rows


def record(folder: Path, reference_folder: Path, reference_note: str, threads: int = 2) -> dict:
    """Store the fp32 reference outputs, the exact-kernel int8 outputs and this CPU's measured drift (exact and
    saturating kernels) in the card; returns the probe section."""
    from export.card import write_card
    folder = Path(folder)
    card = json.loads((folder / "card.json").read_text())
    role = card["role"]
    ref = outputs(Path(reference_folder), role, threads)
    exact = with_int8_precision(True, lambda: outputs(folder, role, threads))
    measured = {_measured_key(m): m for m in card.get("probe", {}).get("measured", [])}
    measured |= {_measured_key(m): m for m in measure(folder, role, ref, threads)}
    decimals = 5
    card["probe"] = {
        "items": len(ref), "reference_model": reference_note,
        "reference": np.round(ref, decimals).tolist(),
        "int8_expected": np.round(exact, decimals).tolist(),
        "int8_expected_kernel": with_int8_precision(True, runtime.cpu_description)["int8_kernel"],
        "tolerance": ({"min_cosine": MIN_COSINE["embedder"]} if role == "embedder" else
                      {"max_abs_diff": MAX_ABS_DIFF["scorer" if role == "scorer" else "entailment"],
                       "clear_margin": CLEAR_MARGIN, "clear_labels_must_agree": True}) |
                     {"kernel_max_abs_diff": KERNEL_TOLERANCE},
        "measured": sorted(measured.values(), key=_measured_key),
        "check": "tests/test_parity.py (python -m export.probe --folder FOLDER)",
    }
    write_card(folder, card)
    return card["probe"]


def main(argv=None) -> int:
    p = argparse.ArgumentParser(prog="python -m export.probe", description=__doc__,
                                formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--folder", required=True, type=Path, help="an exported int8 model folder")
    p.add_argument("--reference", type=Path, default=None, help="fp32 ONNX folder: record its outputs in the card")
    p.add_argument("--reference-note", default="fp32 ONNX export of the int8 weights dequantized (export/recover.py)")
    p.add_argument("--measure", action="store_true",
                   help="add this CPU's drift against the recorded outputs to probe.measured (keeps the record)")
    p.add_argument("--threads", type=int, default=2)
    a = p.parse_args(argv)
    if a.reference:
        probe = record(a.folder, a.reference, a.reference_note, a.threads)
        for m in probe["measured"]:
            print(json.dumps({k: v for k, v in m.items() if k != "flags"}))
        return 0
    if a.measure:
        for m in add_measurement(a.folder, a.threads):
            print(json.dumps({k: v for k, v in m.items() if k not in ("flags", "clear_flipped")}))
        return 0
    ok, message, _ = check_folder(a.folder, a.threads)
    print(("ok: " if ok else "DRIFT: ") + message)
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
