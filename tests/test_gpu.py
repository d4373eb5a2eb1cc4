"""The GPU path (onnxruntime-gpu + CUDA): each model's fp16 variant runs on the CUDA provider and gives the
card's fp32 reference answers. Runs where a GPU is (benchmarks/gpu_check.sh); elsewhere skipped, saying why.
The requirements files are checked everywhere."""
from __future__ import annotations

import json
import os
import re
from pathlib import Path

import numpy as np
import pytest

from export import probe
from grounding import runtime

ROOT = Path(__file__).resolve().parent.parent


def _cuda() -> bool:
    import onnxruntime as ort
    return "CUDAExecutionProvider" in ort.get_available_providers() and runtime._cuda_usable()


needs_gpu = pytest.mark.skipif(not _cuda() and not os.environ.get("GROUNDING_EXPECT_CUDA"),
                               reason="no CUDA execution provider here (onnxruntime-gpu + an NVIDIA GPU): "
                                      "run benchmarks/gpu_check.sh on a GPU machine")


def _packages(path: Path) -> dict[str, str]:
    out = {}
    for line in path.read_text().splitlines():
        line = line.split("#", 1)[0].strip()
        if line and not line.startswith("-"):
            name, _, version = line.partition("==")
            out[name.lower()] = version
    return out


def test_gpu_requirements_swap_onnxruntime_and_nothing_else():
    cpu, gpu = _packages(ROOT / "requirements.txt"), _packages(ROOT / "requirements-gpu.txt")
    assert "onnxruntime" in cpu and "onnxruntime-gpu" not in cpu
    assert "onnxruntime-gpu" in gpu and "onnxruntime" not in gpu
    assert {k: v for k, v in cpu.items() if k != "onnxruntime"} == {k: v for k, v in gpu.items() if k != "onnxruntime-gpu"}
    assert re.fullmatch(r"\d+\.\d+\.\d+", gpu["onnxruntime-gpu"])


@needs_gpu
@pytest.mark.parametrize("name", ["embedder", "entailment", "scorer", "scorer_fast"])
def test_fp16_variant_runs_on_cuda_with_the_reference_answers(name):
    folder = ROOT / "exported_models" / name
    assert _cuda(), "GROUNDING_EXPECT_CUDA is set but onnxruntime offers no usable CUDA provider"
    assert (folder / runtime.FP16_FILE).is_file(), f"build it: python -m export --precision fp16 ... --out {folder}"
    card = json.loads((folder / "card.json").read_text())
    role = card["role"]
    got = probe.outputs(folder, role)
    d = probe.drift(np.asarray(card["probe"]["reference"]), got, role)
    if role == "embedder":
        assert d["cosine_min"] >= 0.999, d
    else:
        assert not d["clear_flipped"] and d["max_abs_diff"] <= 0.02, d
    model = runtime.OnnxModel(folder)
    assert model.describe() == {"file": runtime.FP16_FILE, "precision": "fp16", "provider": "CUDAExecutionProvider"}
