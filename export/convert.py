"""HF checkpoint folder -> ONNX fp32 (optimum) -> ONNX int8 (dynamic quantization, kernel from CPU flags)."""
from __future__ import annotations

import platform
import shutil
from pathlib import Path

import numpy as np

from grounding import int8_weights
from grounding.runtime import cpu_flags

# the task optimum exports for each model role
# (the scorer's encoder is a plain encoder, BertModel or MPNetModel: its pair head is exported separately, see export/scorer.py)
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


def fp32_matmuls(onnx_path: Path, attention: bool = False, patterns: tuple[str, ...] = ()) -> list[str]:
    """Names of the MatMul nodes to leave in fp32: with `attention`, those that multiply two activations
    (attention scores and their weighted sum: dynamic quantization would quantize both operands per call);
    and those whose name matches one of the regular expressions `patterns` (e.g. "layer\\.1/output/dense")."""
    import re

    import onnx

    graph = onnx.load(str(onnx_path), load_external_data=False).graph
    constants = {i.name for i in graph.initializer} | {n.output[0] for n in graph.node if n.op_type == "Constant"}
    return [n.name for n in graph.node if n.op_type == "MatMul" and (
        (attention and not constants & set(n.input)) or any(re.search(p, n.name) for p in patterns))]


ROUNDINGS = ("nearest", "stochastic", "gptq")


def quantize_int8(fp32_dir: Path, out_dir: Path, per_channel: bool, kernel: str | None = None,
                  reduce_range: bool = False, fp32_attention: bool = False, u8_weights: bool = False,
                  keep_fp32: tuple[str, ...] = (), per_token: bool = False, rounding: str = "nearest",
                  calibration: list[dict] | None = None) -> dict:
    """Dynamic int8 quantization of fp32_dir/model.onnx into out_dir/model.onnx; returns the settings used.

    kernel: one of optimum's presets (None: the one that fits this CPU). reduce_range: 7-bit weights
    (-64..64), so that a pair of u8 x s7 products fits the 16-bit register of the u8s8 kernel of AVX2-only
    CPUs: the saturating and the exact int8 kernels then sum the same integers (README, "Same answers on
    every CPU"). fp32_attention, keep_fp32: MatMul nodes left in fp32 (fp32_matmuls).
    u8_weights: the s8 weights stored shifted to u8 afterwards (shift_weights), the same numbers.
    per_token: activations quantized per token, attention products in fp32 (export/activations.py).
    rounding: "nearest" (the quantizer's), "stochastic" (stochastic_rounding: for a model fine-tuned from weights
    dequantized from an int8 model) or "gptq" (export.gptq: on the same grid, against the layer inputs of the
    `calibration` pairs, {"premise", "hypothesis"} each; needs the tokenizer in fp32_dir)."""
    if rounding not in ROUNDINGS:
        raise ValueError(f"rounding must be one of {ROUNDINGS}, got {rounding!r}")
    if rounding == "gptq" and not calibration:
        raise ValueError("rounding 'gptq' needs calibration pairs (python -m training.calibration)")
    import dataclasses

    from optimum.onnxruntime import ORTQuantizer
    from optimum.onnxruntime.configuration import AutoQuantizationConfig

    kernel = kernel or kernel_for_cpu()
    qconfig = getattr(AutoQuantizationConfig, kernel)(is_static=False, per_channel=per_channel)
    # the avx512_vnni and arm64 presets take no reduce_range argument; the setting is the quantizer's all the same
    qconfig = dataclasses.replace(qconfig, reduce_range=reduce_range)
    excluded = fp32_matmuls(fp32_dir / "model.onnx", fp32_attention, keep_fp32)
    if excluded:
        qconfig = dataclasses.replace(qconfig, nodes_to_exclude=excluded)
    tmp = out_dir / "_quant"
    quantizer = ORTQuantizer.from_pretrained(str(fp32_dir), file_name="model.onnx")
    quantizer.quantize(save_dir=str(tmp), quantization_config=qconfig)
    produced = next(tmp.glob("*.onnx"))
    shutil.move(str(produced), out_dir / "model.onnx")
    shutil.rmtree(tmp, ignore_errors=True)
    weight_type = f"{'int8' if qconfig.weights_dtype.name == 'QInt8' else 'uint8'} ({qconfig.weights_dtype.name})"
    if u8_weights and qconfig.weights_dtype.name == "QInt8":
        shift_weights(out_dir / "model.onnx", "uint8")
        weight_type = "int8 grid stored as uint8 (q + 128, zero point 128): u8u8 kernels on every x86 CPU"
    activations = "uint8, dynamic per batch"
    if per_token:
        from export.activations import DESCRIPTION, per_token as per_token_graph
        path = out_dir / "model.onnx"
        path.write_bytes(per_token_graph(path.read_bytes()))
        activations = DESCRIPTION
    changed = stochastic_rounding(out_dir / "model.onnx", fp32_dir / "model.onnx") if rounding == "stochastic" else 0
    if rounding == "gptq":
        from export.gptq import calibration_feeds, gptq_rounding
        done = gptq_rounding(out_dir / "model.onnx", fp32_dir / "model.onnx", calibration_feeds(fp32_dir, calibration))
        described = (f"gptq ({done['matrices']} weight matrices on the quantizer's grid against {len(calibration)} "
                     f"calibration pairs, {done['tokens']:,} tokens, damping {done['damp']}; {done['weights_changed']:,} "
                     "weights rounded otherwise than to nearest; export.gptq)")
    else:
        described = rounding if rounding == "nearest" else \
            f"stochastic (seed 0; {changed:,} weights rounded the other way; export.convert.stochastic_rounding)"
    return {"method": "dynamic", "weight_type": weight_type, "activations": activations, "rounding": described,
            "per_channel": per_channel, "kernel_preset": kernel, "reduce_range": bool(qconfig.reduce_range),
            "fp32_attention": fp32_attention, "u8_weights": u8_weights,
            **({"fp32_matmuls": excluded} if excluded else {}),
            "operators": sorted(qconfig.operators_to_quantize)}


def shift_weights(onnx_path: Path, to: str = "uint8") -> int:
    """Store every MatMulInteger weight of an int8 grid as uint8 (q + 128, zero point + 128; to="uint8") or
    back as int8 (to="int8"), in place; returns how many weights moved (grounding.int8_weights). The products
    are the same integers, so the model's maths does not change; but with uint8 weights ONNX Runtime runs its
    exact u8u8 kernels on every x86 CPU, never the u8s8 path that saturates on AVX2-only CPUs (the runtime
    shifts them back to int8 at load time where the CPU has VNNI, whose u8s8 kernels are exact)."""
    import onnx
    from onnx import numpy_helper

    model = onnx.load(str(onnx_path))
    for tensor in model.graph.initializer:   # the shift edits raw data; quantizers write small zero points otherwise
        if tensor.data_type in (onnx.TensorProto.INT8, onnx.TensorProto.UINT8) and not tensor.raw_data:
            tensor.CopyFrom(numpy_helper.from_array(numpy_helper.to_array(tensor), tensor.name))
    shifted, moved = int8_weights.shift_weights(model.SerializeToString(), to)
    Path(onnx_path).write_bytes(shifted)
    return moved


def to_fp16(fp32_path: Path, out_path: Path) -> Path:
    """fp16 weights and activations, fp32 inputs/outputs (onnxruntime's transformer float16 converter)."""
    import onnx
    from onnxruntime.transformers.float16 import convert_float_to_float16

    model = convert_float_to_float16(onnx.load(str(fp32_path)), keep_io_types=True)
    onnx.save(model, str(out_path))
    return out_path


def stochastic_rounding(int8_path: Path, fp32_path: Path, seed: int = 0) -> int:
    """Round every int8 weight of int8_path again from the fp32 weights of fp32_path on the same grid (the same
    scales and zero points), stochastically: w / s = n + f (0 <= f < 1) becomes n + 1 with probability f, else n.
    Returns how many weights changed.

    Why: a model fine-tuned from weights dequantized from an int8 model (export/recover.py) starts exactly on that
    model's grid, and a short stage moves most weights by less than half a step: rounding to nearest then gives
    back the earlier model's integers (99.9 % of them for the entailment model's stage 3, whose int8 model lost
    the whole fp32 gain). Stochastic rounding is unbiased (the expected weight is the fp32 one) and, for weights
    close to a grid point, has a small variance f (1 - f) s^2, so the int8 model follows the fine-tuned weights."""
    import onnx
    from onnx import numpy_helper

    model = onnx.load(str(int8_path))
    fp32 = {i.name: numpy_helper.to_array(i) for i in onnx.load(str(fp32_path)).graph.initializer}
    init = {i.name: i for i in model.graph.initializer}
    rng = np.random.default_rng(seed)
    changed = 0
    for name, tensor in list(init.items()):
        if not name.endswith("_quantized"):
            continue
        base = name[: -len("_quantized")]
        transposed = base.endswith("_Transposed") and base not in fp32   # a Gemm's weight, stored [in, out] here
        w = fp32.get(base[: -len("_Transposed")] if transposed else base)
        if w is None or base + "_scale" not in init:
            continue
        q = numpy_helper.to_array(tensor)
        if transposed:
            w = w.T
        if w.shape != q.shape:
            continue
        scale = numpy_helper.to_array(init[base + "_scale"]).astype(np.float64)
        zero = numpy_helper.to_array(init[base + "_zero_point"]).astype(np.int64)
        if scale.size > 1:   # per channel: the axis whose length is the number of scales
            axis = 1 if q.ndim > 1 and q.shape[1] == scale.size else 0
            shape = [1] * q.ndim
            shape[axis] = -1
            scale, zero = scale.reshape(shape), zero.reshape(shape)
        x = w.astype(np.float64) / scale
        low = np.floor(x)
        new = low + (rng.random(x.shape) < (x - low)) + zero
        info = np.iinfo(q.dtype)
        lo, hi = max(int(q.min()), info.min), min(int(q.max()), info.max)
        new = np.clip(new, lo, hi).astype(q.dtype)
        changed += int((new != q).sum())
        tensor.CopyFrom(numpy_helper.from_array(new, name))
    onnx.save(model, str(int8_path))
    return changed
