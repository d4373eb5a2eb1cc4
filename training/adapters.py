"""Low-rank adapters (LoRA, via peft): a training stage whose result travels light.

A stage trained with ``--lora R`` (training.entailment) changes every linear layer of the encoder by a rank-R
product and the classification head in full; the run saves both the adapter (``adapter/``: tens of MB for a
12-layer model, where the whole model is 440 MB) and the merged model (``final/``). The adapter is what comes
back from a machine that can send little (a lent GPU: README, "Entailment on a lent GPU"); merged here onto the
same base it gives the trained model exactly:

    python -m training.adapters --base build/recovered/entailment --adapter runs/x/adapter --out build/merged
"""
from __future__ import annotations

import argparse
import json
import shutil
from pathlib import Path

HEAD = "classifier"          # the sequence-classification head of BERT / MPNet models: trained in full


def encoder_linears(model) -> list[str]:
    """The short names of the encoder's linear layers (query, key, value, dense ... for BERT; q, k, v, o, dense for
    MPNet), the classification head left out."""
    import torch
    names = {name.rsplit(".", 1)[-1] for name, module in model.named_modules()
             if isinstance(module, torch.nn.Linear) and not name.startswith(HEAD) and ".encoder." in f".{name}"}
    if not names:
        raise ValueError("no linear layer found inside the model's encoder")
    return sorted(names)


def with_lora(model, rank: int, alpha: float | None = None, dropout: float = 0.05):
    """`model` with rank-`rank` adapters on every encoder linear layer; the head trains in full."""
    from peft import LoraConfig, TaskType, get_peft_model
    inside = rf".*\.encoder\..*\.({'|'.join(encoder_linears(model))})"   # not the head's own `dense` (MPNet)
    config = LoraConfig(task_type=TaskType.SEQ_CLS, r=rank, lora_alpha=alpha or 2 * rank, lora_dropout=dropout,
                        target_modules=inside, modules_to_save=[HEAD])
    return get_peft_model(model, config)


def merge(base: str | Path, adapter: str | Path, out: str | Path) -> Path:
    """The base model with the adapter merged in, saved with the base's tokenizer and the adapter run's
    training record (training.json, when the adapter folder holds one)."""
    from peft import PeftModel
    from transformers import AutoModelForSequenceClassification, AutoTokenizer
    out = Path(out)
    model = PeftModel.from_pretrained(AutoModelForSequenceClassification.from_pretrained(str(base)), str(adapter))
    merged = model.merge_and_unload()
    merged.save_pretrained(str(out))
    AutoTokenizer.from_pretrained(str(base)).save_pretrained(str(out))
    record = Path(adapter) / "training.json"
    if record.is_file():
        shutil.copy(record, out / "training.json")
    return out


def main(argv=None) -> None:
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--base", required=True, help="the model folder the adapter was trained on")
    p.add_argument("--adapter", required=True, help="the adapter folder (adapter_config.json, adapter_model.*)")
    p.add_argument("--out", required=True)
    args = p.parse_args(argv)
    out = merge(args.base, args.adapter, args.out)
    print(json.dumps({"merged": str(out)}))


if __name__ == "__main__":
    main()
