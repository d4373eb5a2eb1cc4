"""Quantize a shipped int8 model folder again, from its own weights dequantized (the training checkpoints are
not kept), with other quantization settings:

    python -m export --role entailment --source exported_models/entailment --out exported_models/entailment --u8-weights

int8 folder -> fp32 checkpoint and ONNX graph (export/recover.py) -> dynamic quantization with the card's
kernel preset and the settings given -> checked against that fp32 graph on the probe set (export/probe.py;
refused when the check fails) -> model.onnx replaced, the card's quantization updated and its probe
reference recorded again. The card's other sections (training, evaluation, ...) are kept: with the same
per-channel int8 grid (the default) the weights come back exactly, so --u8-weights changes only how they are
stored, and the exact-kernel outputs stay what they were (the card says so under quantization.requantized).
"""
from __future__ import annotations

import json
import shutil
import tempfile
import time
from pathlib import Path

import numpy as np

from export import convert, probe
from export.card import sha256, update_card
from export.recover import RUNTIME_FILES, fp32_folder


class RequantizeError(RuntimeError):
    """The re-quantized model fails the probe check against the fp32 graph of the same weights."""


def requantize(folder: Path, out: Path, role: str, per_channel: bool = True, reduce_range: bool = False,
               u8_weights: bool = True, opset: int = 18, threads: int = 2, command: str = "",
               preset: str | None = None, per_token: bool = True) -> dict:
    """Write out/model.onnx re-quantized from folder's weights and update out's card; returns the card's
    quantization section."""
    folder, out = Path(folder), Path(out)
    card = json.loads((folder / "card.json").read_text())
    before = {"sha256": sha256(folder / "model.onnx"), "quantization": card.get("quantization", {})}
    preset = preset or card.get("quantization", {}).get("kernel_preset")   # the card's: the same int8 grid
    with tempfile.TemporaryDirectory() as tmp:
        tmp = Path(tmp)
        fp32_dir = fp32_folder(folder, role, tmp, opset)
        int8_dir = tmp / "int8"
        int8_dir.mkdir()
        quant = convert.quantize_int8(fp32_dir, int8_dir, per_channel, preset, reduce_range, u8_weights=u8_weights,
                                      per_token=per_token)
        for name in ("config.json", *RUNTIME_FILES):
            if (folder / name).is_file():
                shutil.copy(folder / name, int8_dir / name)
        d = probe.drift(probe.outputs(fp32_dir, role, threads), probe.outputs(int8_dir, role, threads), role)
        ok, why = probe.acceptable(d, role)
        print(f"[requantize] {folder.name} vs the fp32 graph of its weights: {why}", flush=True)
        if not ok:
            raise RequantizeError(f"Refusing to write {out}: the re-quantized model fails the probe check ({why}).")
        quant["requantized"] = {"from": f"{folder.name}/model.onnx sha256 {before['sha256']}, its weights "
                                        f"dequantized (export/recover.py)",
                                "same_weights": same_weights(folder / "model.onnx", int8_dir / "model.onnx"),
                                "previous_quantization": before["quantization"], "command": command,
                                "date": time.strftime("%Y-%m-%d")}
        out.mkdir(parents=True, exist_ok=True)
        for f in int8_dir.iterdir():
            if f.name != "card.json" and (f.name == "model.onnx" or not (out / f.name).is_file()):
                shutil.copy(f, out / f.name)
        if not (out / "card.json").is_file():
            shutil.copy(folder / "card.json", out / "card.json")
        # the probe measurements were of the previous file: kept with its record, measured again below
        previous_probe = json.loads((out / "card.json").read_text()).get("probe", {})
        quant["requantized"]["previous_probe_measured"] = previous_probe.get("measured", [])
        update_card(out, quantization=quant, **({"probe": {**previous_probe, "measured": []}} if previous_probe else {}))
        probe.record(out, fp32_dir, "fp32 ONNX export of the int8 weights dequantized (export/recover.py)", threads)
    return quant


def same_weights(a: Path, b: Path) -> bool:
    """Whether two int8 ONNX models hold the same weights on the same grids (int8 or shifted to uint8)."""
    from export.recover import dequantized_state
    sa, sb = dequantized_state(a), dequantized_state(b)
    return sa.keys() == sb.keys() and all(np.array_equal(sa[k], sb[k]) for k in sa)
