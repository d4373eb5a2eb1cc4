"""HF checkpoint folder -> ONNX fp32 (optimum) -> ONNX int8 (dynamic quantization, kernel from CPU flags)."""
from __future__ import annotations

import platform
import shutil
from pathlib import Path

from grounding.runtime import cpu_flags

# the task optimum exports for each model role
# (the scorer's encoder is a BertModel: its pair head is exported separately, see export/scorer.py)
ROLE_TASKS = {"embedder": "feature-extraction", "entailment": "text-classification", "scorer": "feature-extraction"}


def export_fp32(model_dir: Path, role: str, out_dir: Path, opset: int) -> Path:
    """Export with optimum's ONNX exporter; returns the fp32 model.onnx path."""
    from optimum.exporters.onnx import main_export

    out_dir.mkdir(parents=True, exist_ok=True)
    main_export(str(model_dir), output=str(out_dir), task=ROLE_TASKS[role], opset=opset,
                library_name="transformers", do_validation=False, local_files_only=True)
    onnx = out_dir / "model.onnx"
    if not onnx.is_file():
        raise RuntimeError(f"optimum wrote no model.onnx into {out_dir}")
    return onnx


def kernel_for_cpu(flags: set[str] | None = None) -> str:
    """Which of optimum's quantization presets fits this CPU: avx512_vnni > avx512 > avx2 > arm64."""
    flags = cpu_flags() if flags is None else flags
    if platform.machine().lower() in ("aarch64", "arm64"):
        return "arm64"
    if "avx512_vnni" in flags:
        return "avx512_vnni"
    if "avx512f" in flags:
        return "avx512"
    return "avx2"


def quantize_int8(fp32_dir: Path, out_dir: Path, per_channel: bool, kernel: str | None = None) -> dict:
    """Dynamic int8 quantization of fp32_dir/model.onnx into out_dir/model.onnx; returns the settings used."""
    from optimum.onnxruntime import ORTQuantizer
    from optimum.onnxruntime.configuration import AutoQuantizationConfig

    kernel = kernel or kernel_for_cpu()
    qconfig = getattr(AutoQuantizationConfig, kernel)(is_static=False, per_channel=per_channel)
    tmp = out_dir / "_quant"
    quantizer = ORTQuantizer.from_pretrained(str(fp32_dir), file_name="model.onnx")
    quantizer.quantize(save_dir=str(tmp), quantization_config=qconfig)
    produced = next(tmp.glob("*.onnx"))
    shutil.move(str(produced), out_dir / "model.onnx")
    shutil.rmtree(tmp, ignore_errors=True)
    return {"method": "dynamic", "weight_type": "int8 (QInt8)", "activations": "uint8, dynamic per batch",
            "per_channel": per_channel, "kernel_preset": kernel, "reduce_range": bool(qconfig.reduce_range),
            "operators": sorted(qconfig.operators_to_quantize)}


def to_fp16(fp32_path: Path, out_path: Path) -> Path:
    """fp16 weights and activations, fp32 inputs/outputs (onnxruntime's transformer float16 converter)."""
    import onnx
    from onnxruntime.transformers.float16 import convert_float_to_float16

    model = convert_float_to_float16(onnx.load(str(fp32_path)), keep_io_types=True)
    onnx.save(model, str(out_path))
    return out_path
