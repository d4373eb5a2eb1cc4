"""The shipped int8 models give the answers recorded in their cards on whatever CPU the suite runs on.

Each card stores fp32 reference outputs and exact-kernel int8 outputs on a fixed probe set (export/probe.py).
A failure names this machine's CPU flags and int8 kernel.
"""
from __future__ import annotations

import json
from pathlib import Path

import numpy as np
import pytest

from export import probe
from grounding import runtime

ROOT = Path(__file__).resolve().parent.parent
MODELS = ["embedder", "entailment", "scorer", "scorer_fast"]


@pytest.mark.parametrize("name", MODELS)
def test_int8_model_matches_its_card_on_this_cpu(name):
    ok, message, drift = probe.check_folder(ROOT / "exported_models" / name)
    assert ok, message
    assert drift["kernel_max_abs_diff"] <= probe.KERNEL_TOLERANCE


@pytest.mark.parametrize("name", MODELS)
def test_card_records_reference_and_measurements(name):
    card = json.loads((ROOT / "exported_models" / name / "card.json").read_text())
    p = card["probe"]
    assert len(p["reference"]) == len(p["int8_expected"]) == p["items"] > 0
    assert p["int8_expected_kernel"] != "u8s8 without VNNI (saturating)"
    kernels = {m["int8_kernel"] for m in p["measured"]}
    assert any(k.startswith("u8u8") or "VNNI" in k for k in kernels)
    assert all(m["cpu"] and isinstance(m["flags"], list) for m in p["measured"])


def test_exact_kernels_are_the_default():
    opts = runtime.session_options(1)
    assert opts.get_session_config_entry("session.x64quantprecision") == "1"
    assert runtime.cpu_description()["int8_kernel"] != "u8s8 without VNNI (saturating)"


_SATURATING_CPU = (
    "avx2" in runtime.cpu_flags() and not runtime.cpu_flags() & {"avx512_vnni", "avx_vnni", "amx_int8"})


@pytest.mark.skipif(not _SATURATING_CPU, reason="this CPU has exact int8 kernels (VNNI / AMX / not x86): there is no "
                                                "saturating path to catch here")
@pytest.mark.parametrize("name", ["entailment", "scorer", "embedder"])
def test_parity_check_catches_the_saturating_kernel(name, monkeypatch):
    """What failed before: the u8s8 path of AVX2-only CPUs. Forced back on, the check must fail, naming the CPU."""
    monkeypatch.setattr(runtime, "INT8_PRECISE", False)
    ok, message, drift = probe.check_folder(ROOT / "exported_models" / name)
    assert not ok
    assert "saturating" in message and "avx2" in message
    assert drift["kernel_max_abs_diff"] > 2 * probe.KERNEL_TOLERANCE


def test_drift_measures_labels_only_where_the_reference_is_clear():
    ref = np.array([[0.9, 0.05, 0.05], [0.4, 0.35, 0.25], [0.1, 0.1, 0.8]])
    got = np.array([[0.2, 0.1, 0.7], [0.3, 0.45, 0.25], [0.1, 0.1, 0.8]])
    d = probe.drift(ref, got, "entailment")
    assert d["clear_items"] == 2 and d["clear_flipped"] == [0]
    assert d["label_agreement"] == pytest.approx(1 / 3, abs=1e-4)
    ok, why = probe.acceptable(d, "entailment")
    assert not ok and "1 clear label(s) flipped" in why
