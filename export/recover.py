"""Rebuild a PyTorch (Hugging Face) checkpoint from a shipped int8 ONNX folder, its weights dequantized.

    python -m export.recover --folder exported_models/entailment --out build/recovered/entailment
    python -m export.recover --folder exported_models/entailment --out build/fp32/entailment --twin   # fp32 ONNX

The project ships only int8 models; their fp32 training checkpoints are not kept. This gives back a
checkpoint whose weights are exactly the int8 weights times their scales, so it can serve as
  * the fp32 reference of the shipped model (what it computes without activation quantization: the gap
    between the two is the int8 runtime's own error, kernels included; see export/probe.py),
  * the source of an fp16 / fp32 ONNX variant for a GPU (python -m export --precision fp16),
  * the starting point of a further training stage.

Mapping (optimum's BERT export, dynamic quantization): a MatMulInteger weight ``W[in, out]`` belongs to the
Linear named by its node (``/bert/encoder/layer.0/attention/self/query/MatMul_quant`` ->
``bert.encoder.layer.0.attention.self.query.weight``, transposed); ``*_Transposed`` initializers are a Gemm's
weight already named; a DequantizeLinear'd ``*.weight_quantized`` (embeddings) keeps its name; every other
named float initializer (biases, LayerNorm) is copied. Every parameter of the model must be found.
"""
from __future__ import annotations

import argparse
import json
import shutil
import sys
from pathlib import Path

import numpy as np

from grounding.precise import PER_TOKEN

TOKENIZER_FILES = ("tokenizer.json", "tokenizer_config.json", "special_tokens_map.json", "vocab.txt")


def _dequantize(q: np.ndarray, scale: np.ndarray, zero: np.ndarray, axis: int) -> np.ndarray:
    q, scale, zero = q.astype(np.float32), scale.astype(np.float32), zero.astype(np.float32)
    if scale.ndim == 1 and scale.size > 1:   # per channel: one scale per index along `axis`
        shape = [1] * q.ndim
        shape[axis] = -1
        scale, zero = scale.reshape(shape), zero.reshape(shape)
    return (q - zero) * scale


def dequantized_state(onnx_path: Path) -> dict[str, np.ndarray]:
    """{parameter name: float32 array in PyTorch layout} for every weight of a dynamic-int8 BERT graph."""
    import onnx
    from onnx import numpy_helper

    graph = onnx.load(str(onnx_path)).graph
    init = {i.name: numpy_helper.to_array(i) for i in graph.initializer}
    # small weights (biases, LayerNorm) can also sit in Constant nodes named by the parameter
    for node in graph.node:
        if node.op_type == "Constant" and node.output[0] not in init:
            value = next((a.t for a in node.attribute if a.name == "value"), None)
            if value is not None:
                init[node.output[0]] = numpy_helper.to_array(value)
    # the exporter shares equal tensors (e.g. zero biases) and names the copies through Identity nodes
    for node in graph.node:
        if node.op_type == "Identity" and node.input[0] in init and node.output[0] not in init:
            init[node.output[0]] = init[node.input[0]]
    state: dict[str, np.ndarray] = {}
    for node in graph.node:
        if node.op_type != "MatMulInteger" or node.input[1] not in init:
            continue   # activation x activation (attention scores) has no weight
        base = node.input[1][: -len("_quantized")]
        w = _dequantize(init[node.input[1]], init[base + "_scale"], init[base + "_zero_point"], axis=1)
        if base.endswith("_Transposed"):
            name = base[: -len("_Transposed")]
        else:
            # a per-token product (export/activations.py) is named after the node it replaced, plus the mark
            name = node.name.replace(f"/{PER_TOKEN}", "").strip("/").rsplit("/", 1)[0].replace("/", ".") + ".weight"
        state[name] = w.T.copy()
    for name, value in init.items():
        if name.endswith(".weight_quantized") and not name.endswith("_Transposed_quantized"):
            base = name[: -len("_quantized")]
            if base not in state:
                state[base] = _dequantize(value, init[base + "_scale"], init[base + "_zero_point"], axis=0)
        elif value.dtype == np.float32 and "." in name and not name.startswith("onnx::") \
                and not name.endswith(("_scale", "_zero_point")):
            state[name] = value
    return state


def recover_checkpoint(folder: Path, out: Path) -> Path:
    """Write a Hugging Face checkpoint (config, tokenizer, safetensors) rebuilt from folder/model.onnx."""
    import torch
    from transformers import AutoConfig, AutoModel, AutoModelForSequenceClassification

    folder, out = Path(folder), Path(out)
    card = json.loads((folder / "card.json").read_text()) if (folder / "card.json").is_file() else {}
    config = AutoConfig.from_pretrained(str(folder))
    classifier = card.get("role") == "entailment" or bool(config.architectures and
                                                           "SequenceClassification" in config.architectures[0])
    # a feature extractor's pooler is not part of its graph (the runtime reads last_hidden_state)
    model = AutoModelForSequenceClassification.from_config(config) if classifier else \
        AutoModel.from_config(config, add_pooling_layer=False)
    state = dequantized_state(folder / "model.onnx")
    expected = model.state_dict()
    # BertModel alone has no "bert." prefix; a classifier's encoder has it
    tensors = {k: torch.tensor(np.ascontiguousarray(v)) for k, v in state.items()}
    missing = [k for k in expected if k not in tensors and not k.endswith("position_ids")]
    if missing:
        raise RuntimeError(f"{folder}/model.onnx lacks weights for {missing[:5]} (+{max(0, len(missing) - 5)} more)")
    for k, v in tensors.items():
        if k in expected and tuple(expected[k].shape) != tuple(v.shape):
            raise RuntimeError(f"{k}: shape {tuple(v.shape)} in the ONNX graph, {tuple(expected[k].shape)} in the model")
    model.load_state_dict({k: v for k, v in tensors.items() if k in expected}, strict=False)
    out.mkdir(parents=True, exist_ok=True)
    model.save_pretrained(str(out))
    for name in TOKENIZER_FILES + ("head.onnx",):
        if (folder / name).is_file():
            shutil.copy(folder / name, out / name)
    if card.get("training"):   # keeps the stage record (training.stages) when training continues from here
        (out / "training.json").write_text(json.dumps(card["training"], indent=2))
    (out / "recovered_from.json").write_text(json.dumps({
        "folder": folder.name, "card_source": card.get("source"), "sha256": card.get("files", {}).get("model.onnx", {}).get("sha256"),
        "note": "weights dequantized from the int8 ONNX model; activations were never quantized here"}, indent=2))
    return out


RUNTIME_FILES = ("head.onnx", "card.json", *TOKENIZER_FILES)


def fp32_folder(folder: Path, role: str, work_dir: Path, opset: int = 18) -> Path:
    """The fp32 ONNX model folder of a shipped int8 folder: its checkpoint recovered (recover_checkpoint),
    exported again with optimum, with the int8 folder's head, card and tokenizer beside it, so the runtime
    runs it like the int8 one. Returns work_dir/"fp32"."""
    from export import convert

    folder, work_dir = Path(folder), Path(work_dir)
    model_dir = recover_checkpoint(folder, work_dir / "recovered")
    fp32_dir = work_dir / "fp32"
    convert.export_fp32(model_dir, role, fp32_dir, opset)
    for name in RUNTIME_FILES:
        if (folder / name).is_file() and not (fp32_dir / name).is_file():
            shutil.copy(folder / name, fp32_dir / name)
    return fp32_dir


def twin_folder(folder: Path, out: Path) -> Path:
    """The fp32 twin of an int8 model folder as a folder the runtime loads like the int8 one: its graph with every
    int8 product replaced by the fp32 product of the dequantized weights (grounding.precise, what the runtime's
    recheck runs in memory), beside the folder's config, head, card and tokenizer. No PyTorch needed."""
    from grounding.precise import fp32_graph

    folder, out = Path(folder), Path(out)
    out.mkdir(parents=True, exist_ok=True)
    (out / "model.onnx").write_bytes(fp32_graph((folder / "model.onnx").read_bytes()))
    for name in RUNTIME_FILES + ("config.json",):
        if (folder / name).is_file():
            shutil.copy(folder / name, out / name)
    return out


def main(argv=None) -> int:
    p = argparse.ArgumentParser(prog="python -m export.recover", description=__doc__,
                                formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--folder", required=True, type=Path, help="an exported int8 model folder")
    p.add_argument("--out", required=True, type=Path)
    p.add_argument("--twin", action="store_true", help="write the fp32 twin ONNX folder (twin_folder) instead of a "
                                                       "PyTorch checkpoint")
    a = p.parse_args(argv)
    if not (a.folder / "model.onnx").is_file():
        print(f"error: {a.folder} has no model.onnx", file=sys.stderr)
        return 2
    print(f"wrote {twin_folder(a.folder, a.out) if a.twin else recover_checkpoint(a.folder, a.out)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
