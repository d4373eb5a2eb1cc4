"""The fp32 twin of a shipped int8 model, built in memory from its own file (nothing more ships).

A dynamically quantized graph computes every matrix product as

    DynamicQuantizeLinear(x) -> MatMulInteger(x_q, W_q, x_zero, W_zero) -> Cast -> Mul(x_scale * W_scale)

or, quantized per token (export/activations.py), x_q = per-token quantization of x and
``MatMulInteger(x_q, W_q, 128, W_zero) -> Cast -> Mul(token scale) -> Mul(W_scale)``.
`fp32_graph` replaces each such chain by ``MatMul(x, W)`` with ``W = (W_q - W_zero) * W_scale`` (the int8 weights
dequantized; for an activation x activation product, both sides as they were before quantization). The result
is the model's own fp32 reference: the very weights, without activation quantization, so its outputs do not
depend on batch-mates, on the int8 kernel or on the CPU (up to fp32 rounding). The runtime uses it to re-check
the few judgements that sit within a margin of a decision threshold (`GroundingConfig.recheck_margin`,
grounding.stages.recheck), where the int8 error could otherwise move a verdict.
"""
from __future__ import annotations

import numpy as np

PER_TOKEN = "pt_quant"   # the mark of export/activations.py's per-token chains


def _dequantize(q: np.ndarray, scale: np.ndarray, zero: np.ndarray) -> np.ndarray:
    """W[in, out] from its quantized form; a per-channel scale has one entry per output column."""
    q, scale, zero = q.astype(np.float32), scale.astype(np.float32), zero.astype(np.float32)
    if scale.ndim == 1 and scale.size > 1:
        scale, zero = scale.reshape(1, -1), zero.reshape(1, -1)
    return ((q - zero) * scale).astype(np.float32)


def fp32_graph(model_bytes: bytes) -> bytes:
    """The serialized fp32 twin of a dynamic-int8 ONNX model (see the module's text). Raises ValueError when a
    quantized product does not follow the chain above (then the model was not made by `python -m export`)."""
    import onnx
    from onnx import helper, numpy_helper

    model = onnx.load_from_string(model_bytes)
    graph = model.graph
    init = {t.name: t for t in graph.initializer}
    producer = {o: n for n in graph.node for o in n.output}
    consumers: dict[str, list] = {}
    for n in graph.node:
        for i in n.input:
            consumers.setdefault(i, []).append(n)

    def constant(name: str) -> np.ndarray:
        if name in init:
            return numpy_helper.to_array(init[name])
        node = producer.get(name)
        if node is not None and node.op_type == "Constant":
            return numpy_helper.to_array(next(a.t for a in node.attribute if a.name == "value"))
        raise ValueError(f"{name} is neither an initializer nor a constant")

    def one(name: str, op: str, what: str):
        after = consumers.get(name, [])
        if len(after) != 1 or after[0].op_type != op:
            raise ValueError(f"{what}: its output does not go to one {op}")
        return after[0]

    new_weights, replaced, drop = [], [], set()
    for node in graph.node:
        if node.op_type != "MatMulInteger":
            continue
        a_q, b_q = node.input[0], node.input[1]
        cast = one(node.output[0], "Cast", node.name)
        mul = one(cast.output[0], "Mul", node.name)
        if PER_TOKEN in node.name:   # export/activations.py: q = "<x>/pt_quant/q", then * token scale * weight scale
            drop.add(id(mul))
            mul = one(mul.output[0], "Mul", node.name)
            a = a_q[: -len(f"/{PER_TOKEN}/q")]
        else:
            a_producer = producer.get(a_q)
            if a_producer is None or a_producer.op_type != "DynamicQuantizeLinear":
                raise ValueError(f"{node.name}: its first input is not a dynamically quantized activation")
            a = a_producer.input[0]
        b_producer = producer.get(b_q)
        if b_producer is not None and b_producer.op_type == "DynamicQuantizeLinear":
            b = b_producer.input[0]
        else:
            base = b_q[: -len("_quantized")] if b_q.endswith("_quantized") else b_q
            zero = node.input[3] if len(node.input) > 3 and node.input[3] else None
            scale_name = base + "_scale"
            w = _dequantize(constant(b_q), constant(scale_name),
                            constant(zero) if zero else np.zeros(1, dtype=np.float32))
            b = base + "_fp32"
            if all(t.name != b for t in new_weights):   # a weight two products share is dequantized once
                new_weights.append(numpy_helper.from_array(w, b))
        replaced.append((node, helper.make_node("MatMul", [a, b], [mul.output[0]], name=node.name + "_fp32")))
        drop.update({id(node), id(cast), id(mul)})
    if not replaced:
        return model_bytes
    swap = {id(old): new for old, new in replaced}
    kept = []
    for n in graph.node:
        if id(n) in swap:
            kept.append(swap[id(n)])
        elif id(n) not in drop:
            kept.append(n)
    rebuild(graph, kept, new_weights)
    return model.SerializeToString()


def rebuild(graph, nodes: list, new_initializers: list) -> None:
    """Give `graph` these nodes, less those no graph output depends on, and the initializers (old and new) that the
    nodes left still read."""
    nodes = without_dead(nodes, {o.name for o in graph.output})
    del graph.node[:]
    graph.node.extend(nodes)
    used = {i for n in nodes for i in n.input}
    kept = [t for t in list(graph.initializer) + list(new_initializers) if t.name in used]
    del graph.initializer[:]
    graph.initializer.extend(kept)


def without_dead(nodes: list, outputs: set[str]) -> list:
    """The nodes some graph output still depends on, in their order (the quantizers and scale products the
    rewrite left unused go)."""
    needed, keep = set(outputs), []
    for n in reversed(nodes):
        if any(o in needed for o in n.output):
            keep.append(n)
            needed.update(i for i in n.input if i)
    return list(reversed(keep))


def is_quantized(model_bytes: bytes) -> bool:
    """Whether the serialized model holds a dynamically quantized product (a cheap byte search)."""
    return b"MatMulInteger" in model_bytes


def fp32_session(path, int8_session, threads: int):
    """An ONNX Runtime session of the fp32 twin of the model in `path` (the same providers and threads as its
    int8 session, the shared session options); `int8_session` itself when the file holds no int8 product."""
    import onnxruntime as ort

    from grounding.runtime import session_options

    data = open(path, "rb").read()
    if not is_quantized(data):
        return int8_session
    return ort.InferenceSession(fp32_graph(data), sess_options=session_options(threads or None, False),
                                providers=int8_session.get_providers())
