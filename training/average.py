"""Average the weights of two checkpoints of one architecture (WiSE-FT style): w * A + (1 - w) * B.

    python -m training.average runs/entailment_joint/checkpoints/checkpoint-703 build/recovered/entailment --weight 0.85 --out DIR

A stage fine-tuned on a narrow set (the joint premises) can lose some of what the earlier stage knew (SNLI);
interpolating towards the earlier stage's weights keeps most of the gain and gives back most of the loss. The
result is a Hugging Face checkpoint (config and tokenizer of A) with a training.json naming both parents.
"""
from __future__ import annotations

import argparse
import json
import shutil
import sys
from pathlib import Path

from export.recover import TOKENIZER_FILES


def average_states(a: dict, b: dict, weight: float) -> dict:
    """{name: weight * a + (1 - weight) * b} for floating tensors; other tensors (integer buffers) from a. The two
    must hold the same names and shapes."""
    if set(a) != set(b):
        raise ValueError(f"the checkpoints differ in parameters: {sorted(set(a) ^ set(b))[:5]}")
    out = {}
    for name, x in a.items():
        y = b[name]
        if tuple(x.shape) != tuple(y.shape):
            raise ValueError(f"{name}: shape {tuple(x.shape)} vs {tuple(y.shape)}")
        out[name] = weight * x + (1 - weight) * y if x.is_floating_point() else x.clone()
    return out


def training_record(folder: Path) -> dict:
    """The training record (training.json) of a model folder; for a checkpoint of a training run that has none
    (runs/X/checkpoints/checkpoint-N), the run's own record (runs/X/final) with the checkpoint named."""
    own = folder / "training.json"
    if own.is_file():
        return json.loads(own.read_text())
    run = folder.parent.parent / "final" / "training.json"
    if folder.parent.name == "checkpoints" and run.is_file():
        return {**json.loads(run.read_text()), "checkpoint": folder.name}
    return {}


def average(a: str | Path, b: str | Path, weight: float, out: str | Path) -> Path:
    import torch
    from transformers import AutoModelForSequenceClassification

    if not 0.0 <= weight <= 1.0:
        raise ValueError(f"--weight must lie in [0, 1], got {weight}")
    a, b, out = Path(a), Path(b), Path(out)
    model_a = AutoModelForSequenceClassification.from_pretrained(str(a), dtype=torch.float32)
    model_b = AutoModelForSequenceClassification.from_pretrained(str(b), dtype=torch.float32)
    model_a.load_state_dict(average_states(model_a.state_dict(), model_b.state_dict(), weight))
    out.mkdir(parents=True, exist_ok=True)
    model_a.save_pretrained(str(out))
    for name in TOKENIZER_FILES:
        if (a / name).is_file():
            shutil.copy(a / name, out / name)
    record = training_record(a)
    record["weight_average"] = {"a": str(a), "b": str(b), "weight_of_a": weight,
                                "note": f"weights = {weight} * a + {round(1 - weight, 6)} * b (training.average)"}
    (out / "training.json").write_text(json.dumps(record, indent=2))
    return out


def main(argv=None) -> int:
    p = argparse.ArgumentParser(prog="python -m training.average", description=__doc__,
                                formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("a", help="checkpoint A (its config and tokenizer are kept)")
    p.add_argument("b", help="checkpoint B")
    p.add_argument("--weight", type=float, required=True, help="weight of A in [0, 1]")
    p.add_argument("--out", required=True)
    args = p.parse_args(argv)
    for folder in (args.a, args.b):
        if not (Path(folder) / "config.json").is_file():
            print(f"error: {folder} is not a checkpoint folder (no config.json)", file=sys.stderr)
            return 2
    print(f"wrote {average(args.a, args.b, args.weight, args.out)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
