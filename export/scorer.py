"""Scorer-specific export steps (role "scorer").

The trained checkpoint (training/scorer.py) is one PyTorch model: an encoder (BertModel, MPNetModel, ...) with
the resized vocabulary plus a pair head. The export splits it:

* the encoder is saved as a plain encoder folder (tokenizer with [R_SEP] / [S_SEP] included) and goes
  through the same optimum export + dynamic int8 quantization as every other role (task
  feature-extraction, output last_hidden_state);
* the pair head becomes head.onnx (torch.onnx.export, fp32: 0.6 M parameters, inputs ``response`` (n, H)
  and ``context`` (m, H) sentence vectors, output ``logits`` (n, m, 3)). The sentence vectors are read
  from last_hidden_state by the runtime (grounding.scorer.sentence_vectors, pooling named in the card).

The parity check compares the full n x m probabilities of the PyTorch model against the exported folder
run by grounding.scorer.ContextScorer on PROBE_INSTANCES (one of them needs several windows).
"""
from __future__ import annotations

from pathlib import Path

import numpy as np

from grounding.scorer import LABELS, R_SEP, S_SEP, clean_text, pack, plan_windows

HEAD_FILE = "head.onnx"

_FILLER = [
    "The committee reviewed the budget for the coming year.",
    "Several new parks were opened in the northern district.",
    "The museum extended its opening hours during the summer.",
    "Local farmers reported an early harvest of apples.",
    "A new train line connects the airport with the city centre.",
    "The library started lending electronic books in 2019.",
]

PROBE_INSTANCES: list[tuple[list[str], list[list[str]]]] = [
    (["Drug X lowers blood pressure.", "Drug X has no effect on liver enzymes."],
     [["In the trial, drug X significantly lowered systolic blood pressure.",
       "Liver enzymes rose in 30% of the patients taking drug X.", "The trial ran for twelve weeks."],
      ["Drug X did not change blood pressure in a second cohort.", "Patients were recruited in three hospitals."]]),
    (["The Eiffel Tower is in Paris."],
     [["The Eiffel Tower is a wrought-iron tower in Paris, France.", "It was completed in 1889."],
      ["The Eiffel Tower stands in Berlin, Germany."]]),
    (["Vaccination reduced hospital admissions by 70 percent.", "The vaccine was tested in children."],
     [["Admissions fell by 70 percent among vaccinated adults.", "Only adults over 18 were enrolled."]]),
    (["Global temperatures have risen since 1900."],
     [["Average surface temperature has increased by about 1.1 degrees Celsius since 1900."],
      ["Global temperatures have fallen steadily since 1900."], ["The Arctic sea ice extent is shrinking."]]),
    (["A man is playing a guitar on stage.", "The audience is cheering."],
     [["A man is performing music with a guitar in front of a crowd."], ["Nobody is playing any instrument."],
      ["The crowd applauds loudly."]]),
    # long: one response against many documents -> several windows
    (["The new train line connects the airport with the city centre."],
     [[f"{s} ({k})" for s in _FILLER] for k in range(12)] + [["The airport has been linked to the city centre by rail since May."]]),
]


def load_model(source_dir: Path):
    """The trained PyTorch scorer and its tokenizer."""
    from export.scorer_model import load_scorer
    return load_scorer(source_dir)


def prepare_encoder(source_dir: Path, out_dir: Path, opset: int = 18) -> Path:
    """Write the encoder as a plain encoder folder (+ tokenizer) and head.onnx into out_dir; returns out_dir."""
    model, tokenizer = load_model(source_dir)
    missing = [t for t in (R_SEP, S_SEP) if tokenizer.convert_tokens_to_ids(t) == tokenizer.unk_token_id]
    if missing:
        raise ValueError(f"{source_dir} has no {missing} in its tokenizer: is it a trained scorer folder?")
    out_dir.mkdir(parents=True, exist_ok=True)
    encoder = model.encoder_model
    encoder.config.architectures = [type(encoder).__name__]
    encoder.save_pretrained(out_dir)
    tokenizer.save_pretrained(out_dir)
    export_head(model.head, out_dir / HEAD_FILE, model.config.hidden_size, opset)
    return out_dir


def export_head(head, path: Path, hidden: int, opset: int = 18) -> Path:
    import torch
    head = head.eval()
    example = (torch.randn(2, hidden), torch.randn(3, hidden))
    torch.onnx.export(head, example, str(path), input_names=["response", "context"], output_names=["logits"],
                      dynamic_axes={"response": {0: "n"}, "context": {0: "m"}, "logits": {0: "n", 1: "m"}},
                      opset_version=min(opset, 18), dynamo=False)
    return path


def card_fields(source_dir: Path) -> dict:
    import json
    config = json.loads((Path(source_dir) / "config.json").read_text())
    training = Path(source_dir) / "training.json"
    init = json.loads(training.read_text()).get("backbone", "") if training.is_file() else ""
    base = "sentence-transformers/all-MiniLM-L6-v2" + (f", initialised from {init}" if init and "PyPI" not in init else "")
    return {"base_model": base, "labels": list(LABELS), "special_tokens": [R_SEP, S_SEP], "head": HEAD_FILE,
            "encoder_layers": config.get("num_hidden_layers"),
            "pooling": config.get("scorer_pooling", "boundary"),
            "windows": config.get("scorer_windows", "packed"),
            "layout": "[CLS] r_1 [R_SEP] ... r_n [R_SEP] s_1 [S_SEP] ... s_m [S_SEP] [SEP]; token type 1 after the last [R_SEP]",
            "signed_value": "P(support) - P(contradict), in [-1, 1]; the label is the argmax of the three probabilities",
            "long_inputs": ("every document is its own window (the response with one document per forward pass; a "
                            "document over 512 tokens is cut at sentence boundaries into several)"
                            if config.get("scorer_windows") == "document" else
                            "over 512 tokens: the context is partitioned at document boundaries (then sentence "
                            "boundaries) into first-fit groups scored with the full response")
                           + ", maps concatenated along the context axis; a response leaving < 128 tokens is split "
                             "into row groups of <= half the window; an over-long sentence is cut to fit and reported "
                             "(coverage.truncated_*)"}


class TorchScorer:
    """The PyTorch fp32 model with the runtime's tokenisation, windows and packing (parity reference)."""

    def __init__(self, source_dir: Path, max_length: int | None = None):
        import torch
        self.torch = torch
        self.model, self.tokenizer = load_model(source_dir)
        self.max_length = max_length or min(int(self.model.config.max_position_embeddings), 512)  # as the export card
        t = self.tokenizer
        self.special = {"cls_id": t.cls_token_id, "sep_id": t.sep_token_id,
                        "r_sep_id": t.convert_tokens_to_ids(R_SEP), "s_sep_id": t.convert_tokens_to_ids(S_SEP)}

    def _ids(self, texts: list[str]) -> list[list[int]]:
        return [self.tokenizer(clean_text(s), add_special_tokens=False)["input_ids"] for s in texts]

    def probabilities(self, response: list[str], documents: list[list[str]]) -> np.ndarray:
        torch = self.torch
        flat = [s for d in documents for s in d]
        r_ids, c_ids = self._ids(response), self._ids(flat)
        lengths, start = [], 0
        for d in documents:
            lengths.append([len(x) for x in c_ids[start : start + len(d)]])
            start += len(d)
        plan = plan_windows([len(x) for x in r_ids], lengths, self.max_length,
                            mode=getattr(self.model.config, "scorer_windows", "packed"))
        out = np.full((len(response), len(flat), 3), np.nan, dtype=np.float32)
        for w in plan.windows:
            p = pack([r_ids[i][: plan.response_lengths[i]] for i in w.rows],
                     [c_ids[j][: plan.context_lengths[j]] for j in w.columns], **self.special)
            with torch.inference_mode():
                logits = self.model(input_ids=torch.tensor([p.input_ids]),
                                    attention_mask=torch.ones((1, len(p.input_ids)), dtype=torch.long),
                                    token_type_ids=torch.tensor([p.token_type_ids]),
                                    r_pos=torch.tensor([p.response_positions]),
                                    s_pos=torch.tensor([p.context_positions]),
                                    r_start=torch.tensor([p.response_starts]),
                                    s_start=torch.tensor([p.context_starts]))["logits"][0]
            out[np.ix_(w.rows, w.columns)] = torch.softmax(logits.float(), -1).numpy()
        return out


def window_consistency(folder: Path, threads: int | None = None) -> dict:
    """How much the exported model's numbers for a document move when it is scored alone vs inside the long
    (multi-window) probe context: max abs probability difference and label agreement over its cells."""
    from grounding.scorer import ContextScorer
    scorer = ContextScorer(folder, threads=threads)
    response, docs = PROBE_INSTANCES[0]
    long_docs = [[f"{s} ({k})" for s in _FILLER] for k in range(10)]
    long_docs = long_docs[:5] + [docs[0]] + long_docs[5:] + [docs[1]]
    inside = scorer.score(response, long_docs)
    alone = scorer.score(response, docs)
    starts = np.cumsum([0] + [len(d) for d in long_docs])
    cols = list(range(starts[5], starts[6])) + list(range(starts[-2], starts[-1]))
    a, b = inside.probabilities[:, cols], alone.probabilities
    return {"windows_long": inside.coverage.windows, "cells": int(b.shape[0] * b.shape[1]),
            "max_abs_diff": round(float(np.abs(a - b).max()), 4),
            "label_agreement": round(float((inside.labels[:, cols] == alone.labels).mean()), 4)}


def torch_reference(source_dir: Path):
    """instances -> (cells, 3) probabilities stacked over all instances (the parity check's shape)."""
    scorer = TorchScorer(source_dir)

    def run(instances):
        return np.concatenate([scorer.probabilities(r, d).reshape(-1, 3) for r, d in instances])
    return run


def onnx_runner(folder: Path, threads: int | None = None):
    from grounding.scorer import ContextScorer
    scorer = ContextScorer(folder, threads=threads)

    def run(instances):
        return np.concatenate([scorer.score(r, d).probabilities.reshape(-1, 3) for r, d in instances])
    return run
