"""Per-token activation quantization for a dynamic-int8 model: the weights stay as they are, each token's
activation vector gets its own scale.

    python -m export.activations --folder exported_models/entailment       # rewrite a shipped folder in place

ONNX Runtime's dynamic quantization (DynamicQuantizeLinear) gives a whole activation tensor one scale and zero
point, the batch and the padding included: one outlying token (BERT's [CLS] and [SEP] carry activations far
larger than the rest) coarsens every other token's grid, and a pair's numbers move with its batch-mates. On 2,000
SNLI / CAD test pairs the shipped entailment model's probabilities were 0.083 from its fp32 twin at the 90th
percentile and 0.20 at the 99th, with 4 % of labels differing (benchmarks/recheck.py). Here every weight product
``x @ W`` becomes

    s = max(|x|, over the hidden axis) / 127           one scale per token (ReduceMax, keepdims)
    q = uint8(clip(round(x / s) + 128, 0, 255))          symmetric, zero point 128 (QuantizeLinear per row)
    y = MatMulInteger(q, W_q, 128, W_zero) * s * W_scale

and the products of two activations (attention scores and their weighted sum) run in fp32 (they hold no
weight, and quantizing both operands per tensor cost the most). The integer products are the same kind as
before (u8 activations against the same u8-stored or s8 weights: ONNX Runtime's exact u8u8 and VNNI kernels),
so the answers stay the same on every CPU; grounding/precise.py builds the fp32 twin of either form.
Node names carry "pt_quant" so that the twin (and this module, run twice) can find the chains.
"""
from __future__ import annotations

import argparse
import json
import shutil
import sys
import tempfile
from pathlib import Path

import numpy as np

MARK = "pt_quant"
DESCRIPTION = ("uint8 per token (symmetric, zero point 128, one scale per token vector), attention products in "
               "fp32 (export/activations.py)")


def per_token(model_bytes: bytes) -> bytes:
    """The serialized model with every dynamically quantized weight product quantized per token and every
    activation x activation product in fp32 (see the module's text). A model already in that form comes back
    unchanged."""
    import onnx
    from onnx import TensorProto, helper, numpy_helper

    model = onnx.load_from_string(model_bytes)
    graph = model.graph
    producer = {o: n for n in graph.node for o in n.output}
    consumers: dict[str, list] = {}
    for n in graph.node:
        for i in n.input:
            consumers.setdefault(i, []).append(n)
    constants = {f"{MARK}/axes": np.array([-1], dtype=np.int64), f"{MARK}/eps": np.array(1e-8, dtype=np.float32),
                 f"{MARK}/127": np.array(127.0, dtype=np.float32), f"{MARK}/flat": np.array([-1], dtype=np.int64),
                 f"{MARK}/zero_point": np.array(128, dtype=np.uint8)}
    quantized: dict[str, tuple[str, str]] = {}     # fp32 activation -> (its uint8 tensor, its per-token scale)
    before: dict[int, list] = {}                   # nodes to insert before a node (by id)
    replace: dict[int, list] = {}
    drop: set[int] = set()

    def quantize(x: str, at) -> tuple[str, str]:
        if x not in quantized:
            p = f"{x}/{MARK}"
            c = f"{MARK}/"
            # rows = every token (the leading axes flattened); QuantizeLinear per row (axis 0) rounds, shifts by the
            # zero point 128 and saturates in one pass
            before.setdefault(id(at), []).extend([
                helper.make_node("Abs", [x], [p + "/abs"], name=p + "/Abs"),
                helper.make_node("ReduceMax", [p + "/abs", c + "axes"], [p + "/max"], name=p + "/ReduceMax", keepdims=1),
                helper.make_node("Max", [p + "/max", c + "eps"], [p + "/max_eps"], name=p + "/Max"),
                helper.make_node("Div", [p + "/max_eps", c + "127"], [p + "/scale"], name=p + "/Scale"),
                helper.make_node("Reshape", [p + "/scale", c + "flat"], [p + "/row_scale"], name=p + "/RowScale"),
                helper.make_node("Shape", [p + "/row_scale"], [p + "/rows"], name=p + "/Rows"),
                helper.make_node("ConstantOfShape", [p + "/rows"], [p + "/row_zero"], name=p + "/RowZero",
                                 value=numpy_helper.from_array(np.array([128], dtype=np.uint8))),
                helper.make_node("Flatten", [x], [p + "/x2d"], name=p + "/Flatten", axis=-1),
                helper.make_node("QuantizeLinear", [p + "/x2d", p + "/row_scale", p + "/row_zero"], [p + "/q2d"],
                                 name=p + "/QuantizeLinear", axis=0),
                helper.make_node("Shape", [x], [p + "/shape"], name=p + "/Shape"),
                helper.make_node("Reshape", [p + "/q2d", p + "/shape"], [p + "/q"], name=p + "/Reshape")])
            quantized[x] = (p + "/q", p + "/scale")
        return quantized[x]

    changed = False
    for node in graph.node:
        if node.op_type != "MatMulInteger" or MARK in node.name:
            continue
        a = producer.get(node.input[0])
        cast = consumers.get(node.output[0], [None])[0]
        mul = consumers.get(cast.output[0], [None])[0] if cast is not None else None
        if a is None or a.op_type != "DynamicQuantizeLinear" or cast is None or cast.op_type != "Cast" \
                or mul is None or mul.op_type != "Mul":
            raise ValueError(f"{node.name}: not a dynamic quantization chain (DynamicQuantizeLinear -> "
                             "MatMulInteger -> Cast -> Mul)")
        changed = True
        drop.update({id(node), id(cast), id(mul)})
        b = producer.get(node.input[1])
        if b is not None and b.op_type == "DynamicQuantizeLinear":      # two activations: fp32
            replace[id(node)] = [helper.make_node("MatMul", [a.input[0], b.input[0]], [mul.output[0]],
                                                  name=f"{node.name}/{MARK}/fp32")]
            continue
        weight = node.input[1][: -len("_quantized")] if node.input[1].endswith("_quantized") else node.input[1]
        q, s = quantize(a.input[0], node)
        o = f"{node.name}/{MARK}"
        replace[id(node)] = [
            helper.make_node("MatMulInteger", [q, node.input[1], f"{MARK}/zero_point", node.input[3]], [o + "/int"],
                             name=o),
            helper.make_node("Cast", [o + "/int"], [o + "/float"], name=o + "/Cast", to=TensorProto.FLOAT),
            helper.make_node("Mul", [o + "/float", s], [o + "/token_scaled"], name=o + "/TokenScale"),
            helper.make_node("Mul", [o + "/token_scaled", weight + "_scale"], [mul.output[0]], name=o + "/WeightScale")]
    if not changed:
        return model_bytes
    nodes = []
    for n in graph.node:
        nodes += before.get(id(n), [])
        if id(n) in replace:
            nodes += replace[id(n)]
        elif id(n) not in drop:
            nodes.append(n)
    from grounding.precise import rebuild
    rebuild(graph, nodes, [numpy_helper.from_array(v, k) for k, v in constants.items()])
    return model.SerializeToString()


def rewrite_folder(folder: Path, threads: int = 2) -> dict:
    """Rewrite folder/model.onnx per token (the weights untouched: checked), check it against the fp32 twin on the
    probe set (refused when the check fails), and record the card's quantization and probe again."""
    from export import probe
    from export.card import update_card
    from export.recover import twin_folder
    from export.requantize import RequantizeError, same_weights

    folder = Path(folder)
    card = json.loads((folder / "card.json").read_text())
    role = card["role"]
    with tempfile.TemporaryDirectory() as tmp:
        tmp = Path(tmp)
        fp32_dir = twin_folder(folder, tmp / "fp32")
        new_dir = tmp / "int8"
        shutil.copytree(folder, new_dir, ignore=shutil.ignore_patterns("model_fp16.onnx", "model_fp32.onnx"))
        (new_dir / "model.onnx").write_bytes(per_token((folder / "model.onnx").read_bytes()))
        if not same_weights(folder / "model.onnx", new_dir / "model.onnx"):
            raise RequantizeError(f"{folder}: the per-token rewrite changed the weights")
        reference = probe.outputs(fp32_dir, role, threads)
        old, new = (probe.drift(reference, probe.outputs(d, role, threads), role) for d in (folder, new_dir))
        ok, why = probe.acceptable(new, role)
        print(f"[activations] {folder.name}: per tensor {old}\n[activations] {folder.name}: per token {new}", flush=True)
        if not ok:
            raise RequantizeError(f"Refusing to rewrite {folder}: the per-token model fails the probe check ({why}).")
        shutil.copy(new_dir / "model.onnx", folder / "model.onnx")
        quant = {**card.get("quantization", {}), "activations": DESCRIPTION,
                 "activations_rewrite": {"previous": card.get("quantization", {}).get("activations"),
                                         "probe_drift_per_tensor": old, "probe_drift_per_token": new,
                                         "command": f"python -m export.activations --folder {folder}"}}
        previous_probe = card.get("probe", {})
        update_card(folder, quantization=quant, **({"probe": {**previous_probe, "measured": []}} if previous_probe else {}))
        probe.record(folder, fp32_dir, "fp32 twin of the int8 model: its weights dequantized, no activation quantization "
                                       "(grounding/precise.py; equal to the fp32 ONNX export of the same weights)", threads)
    return quant


def main(argv=None) -> int:
    p = argparse.ArgumentParser(prog="python -m export.activations", description=__doc__,
                                formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--folder", required=True, type=Path, help="an exported int8 model folder")
    p.add_argument("--threads", type=int, default=2)
    a = p.parse_args(argv)
    if not (a.folder / "model.onnx").is_file():
        print(f"error: {a.folder} has no model.onnx", file=sys.stderr)
        return 2
    rewrite_folder(a.folder, a.threads)
    print(f"rewrote {a.folder}/model.onnx")
    return 0


if __name__ == "__main__":
    sys.exit(main())
