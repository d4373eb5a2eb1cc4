"""The shipped embedder, as shipped, and the runtime layer's guarantees."""
import os
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest

from grounding.runtime import Embedder, ModelLoadError, OnnxModel

ROOT = Path(__file__).resolve().parent.parent
EMBEDDER = ROOT / "exported_models" / "embedder"


@pytest.fixture(scope="module")
def embedder():
    return Embedder(EMBEDDER, threads=2)


def test_shipped_embedder_ranks_paraphrase_above_unrelated(embedder):
    q, para, unrelated = embedder.encode([
        "The drug lowered the patients' blood pressure.",
        "Blood pressure fell in patients who took the medication.",
        "The football match was cancelled because of heavy rain.",
    ])
    assert float(q @ para) > float(q @ unrelated) + 0.3
    assert float(q @ para) > 0.6


def test_embeddings_are_unit_length_and_batch_independent(embedder):
    texts = ["Short claim.", "A somewhat longer sentence about liver enzymes and blood pressure in adults.", "Rain fell."]
    together = embedder.encode(texts)
    alone = np.stack([embedder.encode([t])[0] for t in texts])
    assert together.dtype == np.float32 and together.shape == (3, 384)
    assert np.allclose(np.linalg.norm(together, axis=1), 1.0, atol=1e-5)
    # int8 activations are quantized per batch (dynamic range), so batch-mates shift values slightly;
    # the direction must stay the same
    assert float(np.min((together * alone).sum(1))) > 0.97


def test_cpu_batch_size_default_and_batches_cover_every_item():
    from grounding.runtime import CPU_BATCH_SIZE, Entailment
    emb, nli = Embedder(EMBEDDER, threads=1), Entailment(threads=1)
    assert (emb.batch_size, nli.batch_size) == (CPU_BATCH_SIZE["embedder"], CPU_BATCH_SIZE["entailment"]) == (4, 4)
    assert Entailment(threads=1, batch_size=32).batch_size == 32
    # 9 pairs in batches of 4 (sorted by length): every row is filled, in the caller's order
    premises = [f"The trial enrolled {k} adults and drug X lowered blood pressure." for k in range(20, 28)] + ["It rained."]
    hypotheses = ["Drug X lowered blood pressure."] * 8 + ["Drug X lowered blood pressure."]
    probs = nli.predict(premises, hypotheses)
    wide = Entailment(threads=1, batch_size=32).predict(premises, hypotheses)
    assert probs.shape == (9, 3) and np.allclose(probs.sum(1), 1.0, atol=1e-5)
    assert (probs.argmax(1) == wide.argmax(1)).all() and probs[:8, 0].min() > 0.5 and probs[8, 0] < 0.5


def test_long_text_is_truncated_and_recorded(embedder):
    long = "word " * 2000
    embedder.encode(["short one", long])
    assert embedder.truncated == [1]


def test_card_shows_parity_and_speed():
    import json
    card = json.loads((EMBEDDER / "card.json").read_text())
    assert card["parity"]["onnx_int8_vs_pytorch_fp32"]["cosine_mean"] >= 0.99
    assert set(card["speed"]["rate"]) == {"pytorch_fp32", "onnx_fp32", "onnx_int8"}
    from export.card import sha256
    assert card["files"]["model.onnx"]["sha256"] == sha256(EMBEDDER / "model.onnx")


def test_missing_folder_gives_actionable_error(tmp_path):
    with pytest.raises(ModelLoadError, match="model.onnx is missing"):
        OnnxModel(tmp_path)


def test_grounding_imports_without_torch():
    code = ("import sys, grounding, grounding.pipeline, grounding.runtime; "
            "bad = [m for m in ('torch', 'transformers', 'optimum') if m in sys.modules]; "
            "sys.exit(1 if bad else 0)")
    assert subprocess.run([sys.executable, "-c", code], cwd=ROOT).returncode == 0
    lines = [l.split("#")[0].strip().lower() for l in (ROOT / "requirements.txt").read_text().splitlines()]
    names = {l.split("==")[0].split("[")[0] for l in lines if l}
    assert not names & {"torch", "transformers", "optimum", "sentence-transformers"}


def test_sessions_do_not_spin_by_default_and_the_environment_switches_it_on():
    """Worker threads that busy-wait after a call take the cores the next stage needs
    (benchmarks/spinning.py): every session the app opens, the scorer's head included, has spinning off."""
    from grounding.runtime import Entailment
    from grounding.scorer import ContextScorer

    key = "session.intra_op.allow_spinning"
    nli, scorer = Entailment(threads=1), ContextScorer(threads=1)
    for session in (nli.model.session, scorer.encoder.session, scorer.head, Embedder(EMBEDDER, threads=1).model.session):
        assert session.get_session_options().get_session_config_entry(key) == "0"
    code = ("from grounding.runtime import ALLOW_SPINNING, Entailment; "
            f"print(ALLOW_SPINNING, Entailment(threads=1).model.session.get_session_options().get_session_config_entry('{key}'))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True,
                         env={**os.environ, "GROUNDING_ORT_SPINNING": "1"}, cwd=str(ROOT))
    assert out.stdout.split() == ["True", "1"]


def _pretend_cpu(monkeypatch, flags: set, machine: str = "x86_64"):
    import platform

    from grounding import runtime
    monkeypatch.setattr(runtime, "cpu_flags", lambda: flags)
    monkeypatch.setattr(platform, "machine", lambda: machine)


VNNI_SHIFT = "u8s8 with VNNI (exact; uint8-stored weights shifted to int8 at load)"
AMX_SHIFT = "u8s8 with AMX (exact; uint8-stored weights shifted to int8 at load)"


@pytest.mark.parametrize("flags, granted, kernel", [
    ({"avx2", "avx512_vnni", "amx_int8"}, True, AMX_SHIFT),
    ({"avx2", "avx512_vnni", "amx_int8"}, False, VNNI_SHIFT),    # the OS kept the tiles from ONNX Runtime
])
def test_an_amx_cpu_is_named_only_where_onnx_runtime_got_the_tiles(flags, granted, kernel, monkeypatch):
    """On a CPU with AMX the kernel named is AMX only where Linux granted this process the tile data (ONNX
    Runtime asks when it loads); otherwise its VNNI kernels run, and the description says so."""
    from grounding import runtime
    _pretend_cpu(monkeypatch, flags)
    monkeypatch.setattr(runtime, "INT8_VNNI", True)
    monkeypatch.setattr(runtime, "amx_granted", lambda f: granted and "amx_int8" in f)
    assert runtime.cpu_description()["int8_kernel"] == kernel


def test_amx_tiles_are_granted_once_onnx_runtime_loads_on_an_amx_cpu():
    """The check itself, on the CPU that runs the suite: True on Linux x86-64 with amx_int8 (ONNX Runtime asked for
    the tiles), False on every other CPU whatever the process holds."""
    import platform

    from grounding import int8_weights, runtime
    flags = runtime.cpu_flags()
    assert int8_weights.amx_granted(flags - {"amx_int8"}) is False
    if "amx_int8" not in flags or platform.system() != "Linux":
        pytest.skip(f"no AMX on this CPU ({sorted(flags & runtime.VNNI_FLAGS)}): only the negative case applies")
    assert int8_weights.amx_granted(flags) is True


@pytest.mark.parametrize("flags, machine, vnni, precise, weights, kernel", [
    ({"avx2", "avx512f", "avx512_vnni"}, "x86_64", True, True, "int8", VNNI_SHIFT),
    ({"avx2", "avx_vnni"}, "x86_64", True, False, "int8", VNNI_SHIFT),
    ({"avx2", "amx_int8"}, "x86_64", True, True, "int8", VNNI_SHIFT),
    ({"avx2", "avx512_vnni"}, "x86_64", False, True, "uint8", "u8u8 (exact; session.x64quantprecision)"),
    ({"avx2", "avx512_vnni"}, "x86_64", False, False, "uint8",
     "u8s8 with VNNI (exact) for int8 weights; u8u8 (exact) for uint8 weights"),
    ({"avx2", "avx512f"}, "x86_64", True, True, "uint8", "u8u8 (exact; session.x64quantprecision)"),
    ({"avx2"}, "x86_64", True, False, "uint8",
     "u8s8 without VNNI (saturating) for int8 weights; u8u8 (exact) for uint8 weights"),
    (set(), "aarch64", True, True, "uint8", "native (not x86: no u8s8 saturation)"),
])
def test_int8_weights_and_kernel_follow_the_cpu_flags(flags, machine, vnni, precise, weights, kernel, monkeypatch):
    """Whatever CPU runs the suite: only an x86 CPU with VNNI or AMX (and GROUNDING_INT8_VNNI not 0) gets its
    weights shifted to int8; every other keeps the shipped uint8 weights. The kernel named in coverage.runtime
    and the app's About says which."""
    from grounding import runtime
    _pretend_cpu(monkeypatch, flags, machine)
    monkeypatch.setattr(runtime, "INT8_VNNI", vnni)
    monkeypatch.setattr(runtime, "INT8_PRECISE", precise)
    monkeypatch.setattr(runtime, "amx_granted", lambda f: False)   # the AMX name: the test above
    assert runtime.int8_weights_here() == weights
    described = runtime.cpu_description()
    assert described["int8_kernel"] == kernel and set(described["flags"]) == flags


@pytest.mark.parametrize("flags, shifted, option", [({"avx2", "avx512f", "avx512_vnni"}, True, "0"),
                                                    ({"avx2", "avx512f"}, False, "1")])
def test_sessions_shift_the_weights_only_on_a_vnni_cpu(flags, shifted, option, monkeypatch):
    """On a VNNI CPU the session holds the weights as int8 and leaves session.x64quantprecision off (which would
    turn them into uint8 again); elsewhere it opens the shipped file as it is, the option on. (Only the session
    is opened here: its kernels are those of the CPU that runs the suite.)"""
    from grounding import runtime
    _pretend_cpu(monkeypatch, flags)
    monkeypatch.setattr(runtime, "INT8_VNNI", True)   # the default, whatever GROUNDING_INT8_VNNI says here
    model = runtime.Entailment(threads=1).model
    assert (model.int8_shifted > 0) == shifted
    assert model.session.get_session_options().get_session_config_entry("session.x64quantprecision") == option
    assert ("int8_weights" in model.describe()) == shifted


def test_int8_weight_shift_round_trips_in_the_serialized_model():
    """uint8 -> int8 -> uint8 gives back the very bytes of the shipped model; the int8 model has every
    MatMulInteger weight as int8 (the same numbers minus 128), read without the onnx package."""
    from grounding import int8_weights
    shipped = (ROOT / "exported_models" / "entailment" / "model.onnx").read_bytes()
    as_int8, moved = int8_weights.shift_weights(shipped, "int8")
    products = 12 * 6 + 2   # 12 layers x (q, k, v, out, two feed-forward) + the classifier's dense and out_proj
    assert moved == products and len(as_int8) == len(shipped) and as_int8 != shipped
    assert int8_weights.shift_weights(as_int8, "int8")[1] == 0    # nothing left to move
    back, moved_back = int8_weights.shift_weights(as_int8, "uint8")
    assert moved_back == products and back == shipped
    with pytest.raises(ValueError):
        int8_weights.shift_weights(shipped, "int4")
