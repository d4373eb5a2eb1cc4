#!/usr/bin/env bash
# One entailment stage on a lent GPU machine (README, "Entailment on a lent GPU"): the shipped int8 model,
# recovered to fp32 there (export.recover), continued with rank-64 adapters (training.adapters) on a pairs file
# written here (training.entailment --write-pairs). One call to such a machine carries at most 64 MiB and
# brings back at most 64 MiB in files of 16 MiB, so the model travels in two calls and only the adapter comes
# back:
#   bash training/lent_gpu.sh stash     # call 1: keeps the first part of the model and the wheels
#   bash training/lent_gpu.sh train     # call 2 (while the machine is warm): the rest, then trains
#   RUN=b PAIRS=OTHER TRAIN_ARGS=... bash training/lent_gpu.sh train   # call 3, warm: another run, same model
# Prepared here (folders ignored by git): .gpu/model.xz.1, .gpu/model.xz.2 (xz of
# exported_models/entailment/model.onnx, split), .gpu/entailment/ (its other files), .gpu/pairs.jsonl.xz,
# (or $PAIRS), .whl/ (transformers, tokenizers, huggingface_hub and peft at requirements-dev.txt's versions: the machine's
# own are newer). Back in $OUT: adapter_model.part.*, adapter_config.json, training.json, train.log.
# Merge here: cat adapter_model.part.* > adapter_model.safetensors, then python -m training.adapters.
set -euo pipefail
STASH=/root/stash
PAIRS=${PAIRS:-.gpu/pairs.jsonl.xz}
RUN=${RUN:-a}   # names the run: a second call on the same warm machine trains another from the same model
TRAIN_ARGS=${TRAIN_ARGS:---lora 64 --lr 1e-4 --batch 64 --epochs 2 --max-length 256 --eval-limit 3000 \
--eval-every 0.25 --bf16 --threads 8 --time-budget 300 --eval-before}
case "${1:-}" in
stash)
    mkdir -p $STASH && cp .gpu/model.xz.1 $STASH/ && cp -r .whl $STASH/
    nvidia-smi -L; python3 --version; ls -la $STASH $STASH/.whl ;;
train)
    python3 -m pip install -q --no-index --no-deps --no-compile --no-cache-dir --upgrade --target /tmp/site \
        $STASH/.whl/*.whl
    export PYTHONPATH=/tmp/site:$PWD PYTHONUNBUFFERED=1 HF_HUB_OFFLINE=1 GRADIO_ANALYTICS_ENABLED=False
    if [ ! -d /tmp/recovered ]; then   # a later call on the same warm machine trains from it again
        mkdir -p /tmp/ent && cp .gpu/entailment/* /tmp/ent/
        python3 -c "import lzma, shutil, sys
with open('/tmp/ent/model.onnx', 'wb') as out:
    d = lzma.LZMADecompressor()
    for part in sys.argv[1:]:
        out.write(d.decompress(open(part, 'rb').read()))" $STASH/model.xz.1 .gpu/model.xz.2
        sha256sum /tmp/ent/model.onnx
        python3 -c "import torch, transformers, peft; print(torch.__version__, transformers.__version__, peft.__version__)"
        python3 -m export.recover --folder /tmp/ent --out /tmp/recovered
    fi
    set -o pipefail
    python3 -m training.entailment --backbone /tmp/recovered --pairs $PAIRS --out /tmp/run_$RUN \
        $TRAIN_ARGS 2>&1 | tee $OUT/train.log
    cd /tmp/run_$RUN/adapter && split -b 15m adapter_model.safetensors $OUT/adapter_model.part.
    cp adapter_config.json training.json $OUT/ ;;
*)
    echo "usage: bash training/lent_gpu.sh stash|train" >&2; exit 2 ;;
esac
