"""GPTQ rounding of an int8 model's weights on its own grid (Frantar et al., "GPTQ: Accurate Post-Training
Quantization for Generative Pre-trained Transformers", ICLR 2023).

Rounding each weight to its nearest grid point makes Q close to W; what the model needs is X·Q close to X·W for
the inputs X its layers see. GPTQ rounds a matrix one input dimension (row of the ONNX MatMul weight, [in, out])
at a time and moves the rows not yet rounded to make up for the error, in proportion to the inverse of the
layer's Hessian H = XᵀX from calibration inputs: the error of one row is absorbed by the correlated ones. The grid
(per-channel scales, zero points, the integer range) stays the quantizer's, so the graph, the kernels and the
"same answers on every CPU" argument do not change; only which integer each weight gets does.

Why here: the entailment model's later stages are fine-tuned from weights dequantized from an int8 model
(export.recover), and their updates are smaller than half a grid step. Nearest rounding gives back the earlier
model's integers; stochastic rounding (export.convert.stochastic_rounding) follows the fine-tuned weights on
average but adds twice nearest's error. GPTQ follows the fine-tuned function with less error than either.

`calibration` feeds are batches of the model's own inputs (input_ids, attention_mask[, token_type_ids]) made from
training-side pairs (never an evaluation set): `python -m training.calibration` writes them.
"""
from __future__ import annotations

from pathlib import Path
from typing import Iterable

import numpy as np


def layer_inputs(fp32_model, weights: set[str]) -> dict[str, tuple[str, bool]]:
    """{weight initializer name: (the name of the activation it multiplies, transposed?)} for the MatMul / Gemm
    nodes of the fp32 graph whose weight is one of `weights` (a Gemm's weight is [out, in]: transposed)."""
    out = {}
    for node in fp32_model.graph.node:
        if node.op_type == "MatMul" and len(node.input) == 2 and node.input[1] in weights:
            out[node.input[1]] = (node.input[0], False)
        elif node.op_type == "Gemm" and node.input[1] in weights:
            trans_b = any(a.name == "transB" and a.i == 1 for a in node.attribute)
            out[node.input[1]] = (node.input[0], trans_b)
    return out


def hessians(fp32_path: Path, activations: set[str], feeds: Iterable[dict], threads: int = 2) -> dict[str, np.ndarray]:
    """{activation name: XᵀX / tokens} over the non-padding tokens of the calibration feeds (float64)."""
    import onnx
    import onnxruntime as ort

    model = onnx.load(str(fp32_path))
    known = {o.name for o in model.graph.output}
    for name in sorted(activations - known):
        model.graph.output.append(onnx.helper.make_tensor_value_info(name, onnx.TensorProto.FLOAT, None))
    opts = ort.SessionOptions()
    opts.intra_op_num_threads = threads
    opts.graph_optimization_level = ort.GraphOptimizationLevel.ORT_DISABLE_ALL   # keep the names
    session = ort.InferenceSession(model.SerializeToString(), opts, providers=["CPUExecutionProvider"])
    names = sorted(activations)
    sums = {n: None for n in names}
    tokens = 0
    for feed in feeds:
        mask = feed["attention_mask"].astype(bool)
        outs = session.run(names, feed)
        tokens += int(mask.sum())
        for n, x in zip(names, outs):
            x = x[mask] if x.ndim == 3 else x          # [tokens, in]; a pooled (2-D) input is taken whole
            x = x.astype(np.float64)
            sums[n] = x.T @ x if sums[n] is None else sums[n] + x.T @ x
    return {n: h / max(tokens, 1) for n, h in sums.items() if h is not None}


def gptq_round(w: np.ndarray, h: np.ndarray, scale: np.ndarray, zero: np.ndarray, lo: int, hi: int,
               damp: float = 0.01, block: int = 128) -> np.ndarray:
    """Integers for weight `w` [in, out] on the grid q = clip(round(w / scale) + zero, lo, hi) (scale, zero: per
    output column, shape [out]), rounded with GPTQ against Hessian `h` [in, in]; input dimensions in order of
    decreasing H diagonal ("act order"), lazy batch updates of `block` rows; `damp`: each diagonal entry of H grows
    by that share of itself."""
    w = w.astype(np.float64).copy()
    h = h.astype(np.float64).copy()
    d = w.shape[0]
    dead = np.diag(h) <= 0
    h[dead, dead] = 1.0
    w[dead] = 0.0
    # damping relative to each input's own variance: a few outlier dimensions of a transformer's activations carry
    # most of the trace, and damping by the mean diagonal would swamp every other dimension (GPTQ then ~ nearest)
    h[np.diag_indices(d)] *= 1.0 + damp
    order = np.argsort(-np.diag(h), kind="stable")
    w, h = w[order], h[np.ix_(order, order)]
    # the upper Cholesky factor of H^-1: row i holds how the error of input i spreads over the later ones
    u = np.linalg.cholesky(np.linalg.inv(h)).T
    q = np.zeros(w.shape, dtype=np.int64)
    scale = scale.astype(np.float64).reshape(1, -1)
    zero = zero.astype(np.int64).reshape(1, -1)
    for start in range(0, d, block):
        end = min(start + block, d)
        wb = w[start:end].copy()
        errors = np.zeros_like(wb)
        for i in range(end - start):
            row = wb[i:i + 1]
            qi = np.clip(np.rint(row / scale) + zero, lo, hi)
            q[start + i] = qi[0].astype(np.int64)
            err = (row - (qi - zero) * scale) / u[start + i, start + i]
            wb[i + 1:] -= u[start + i, start + i + 1:end, None] * err
            errors[i] = err[0]
        w[end:] -= u[start:end, end:].T @ errors
    out = np.empty_like(q)
    out[order] = q
    return out


def calibration_feeds(fp32_dir: Path, pairs: list[dict], batch: int = 16, threads: int = 2) -> list[dict]:
    """The model's inputs for calibration pairs ({"premise", "hypothesis"}), tokenized as the runtime does
    (grounding.runtime.OnnxModel: the same window and cuts), in batches of `batch`."""
    from grounding.runtime import OnnxModel

    model = OnnxModel(fp32_dir, threads=threads, prefer_gpu=False)
    feeds = []
    for i in range(0, len(pairs), batch):
        chunk = pairs[i:i + batch]
        b = model.tokenize([x["premise"] for x in chunk], [x["hypothesis"] for x in chunk])
        feed = {"input_ids": b.input_ids, "attention_mask": b.attention_mask}
        if "token_type_ids" in model.input_names:
            feed["token_type_ids"] = b.token_type_ids
        feeds.append(feed)
    return feeds


def read_calibration(path: Path) -> list[dict]:
    """The pairs of a calibration file (python -m training.calibration): one {"premise", "hypothesis"} per line."""
    import json

    pairs = [json.loads(line) for line in Path(path).read_text().splitlines() if line.strip()]
    bad = [i + 1 for i, x in enumerate(pairs) if not (isinstance(x, dict) and isinstance(x.get("premise"), str)
                                                      and isinstance(x.get("hypothesis"), str))]
    if bad or not pairs:
        raise ValueError(f"{path}: every line must be a JSON object with string 'premise' and 'hypothesis' "
                         f"({'lines ' + str(bad[:5]) if bad else 'no pairs'})")
    return pairs


def gptq_rounding(int8_path: Path, fp32_path: Path, feeds: Iterable[dict], damp: float = 0.01,
                  threads: int = 2) -> dict:
    """Round every per-channel int8 weight of int8_path again, in place, by GPTQ against the inputs its layer sees
    on the calibration `feeds` in the fp32 model fp32_path; returns {"matrices", "weights_changed", "tokens"}."""
    import onnx
    from onnx import numpy_helper

    model = onnx.load(str(int8_path))
    fp32_model = onnx.load(str(fp32_path))
    fp32 = {i.name: i for i in fp32_model.graph.initializer}
    init = {i.name: i for i in model.graph.initializer}
    bases = {}
    for name in init:
        if name.endswith("_quantized") and name[: -len("_quantized")] + "_scale" in init:
            base = name[: -len("_quantized")]
            source = base[: -len("_Transposed")] if base.endswith("_Transposed") and base not in fp32 else base
            if source in fp32:
                bases[base] = source
    where = layer_inputs(fp32_model, set(bases.values()))
    feeds = list(feeds)
    hs = hessians(fp32_path, {where[s][0] for s in bases.values() if s in where}, feeds, threads)
    changed = matrices = 0
    for base, source in sorted(bases.items()):
        if source not in where or where[source][0] not in hs:
            continue
        act, gemm_transposed = where[source]
        q_old = numpy_helper.to_array(init[base + "_quantized"])
        w = numpy_helper.to_array(fp32[source])
        if gemm_transposed:
            w = w.T                                        # Gemm with transB: [out, in] -> [in, out]
        scale = numpy_helper.to_array(init[base + "_scale"])
        zero = numpy_helper.to_array(init[base + "_zero_point"])
        if w.ndim != 2 or scale.size != w.shape[1]:
            continue                                       # not a per-output-channel [in, out] weight
        stored_transposed = q_old.shape != w.shape
        info = np.iinfo(q_old.dtype)
        lo, hi = max(int(q_old.min()), info.min), min(int(q_old.max()), info.max)
        q = gptq_round(w, hs[act], scale.reshape(-1), zero.reshape(-1), lo, hi, damp)
        q = (q.T if stored_transposed else q).astype(q_old.dtype)
        changed += int((q != q_old).sum())
        matrices += 1
        init[base + "_quantized"].CopyFrom(numpy_helper.from_array(q, base + "_quantized"))
    onnx.save(model, str(int8_path))
    tokens = int(sum(f["attention_mask"].sum() for f in feeds))
    return {"matrices": matrices, "weights_changed": changed, "tokens": tokens, "damp": damp}
