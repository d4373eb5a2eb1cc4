#!/usr/bin/env bash
# The GPU path on a machine with an NVIDIA GPU: installs the GPU runtime set (onnxruntime-gpu in place of
# onnxruntime) plus the export tools into .venv-gpu, builds the fp16 variants, runs the model tests on the
# CUDA provider and prints the speed table (CPU int8 vs GPU fp16, same inputs).
#     bash benchmarks/gpu_check.sh
# Without a GPU it says so and exits 0 (CI has none; see the README, "GPU").
set -euo pipefail
cd "$(dirname "$0")/.."
if ! command -v nvidia-smi >/dev/null 2>&1 || ! nvidia-smi -L >/dev/null 2>&1; then
    echo "gpu_check: skipped: no NVIDIA GPU on this machine (nvidia-smi finds none)"
    exit 0
fi
nvidia-smi -L
PY=${PYTHON:-python3}
if [ ! -x .venv-gpu/bin/python ]; then
    $PY -m venv .venv-gpu
    .venv-gpu/bin/pip install -q --upgrade pip
    .venv-gpu/bin/pip install -q torch==2.13.0
    .venv-gpu/bin/pip install -q -r requirements-dev.txt
    .venv-gpu/bin/pip uninstall -q -y onnxruntime
    .venv-gpu/bin/pip install -q -r requirements-gpu.txt
fi
export GRADIO_ANALYTICS_ENABLED=False HF_HUB_OFFLINE=1
for pair in embedder:embedder entailment:entailment scorer:scorer scorer:scorer_fast; do
    role=${pair%%:*}; folder=${pair##*:}
    [ -f exported_models/$folder/model_fp16.onnx ] || \
        .venv-gpu/bin/python -m export --precision fp16 --role $role --source exported_models/$folder --out exported_models/$folder
done
GROUNDING_EXPECT_CUDA=1 .venv-gpu/bin/python -m pytest -q -p no:cacheprovider tests/test_gpu.py tests/test_pipeline.py tests/test_scorer.py
.venv-gpu/bin/python benchmarks/gpu_speed.py
