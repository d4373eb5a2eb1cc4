"""The scorer's optimisation pieces: the class-weighted pair loss, distillation, the dataset / collator, dev
Citation F1 and the post-hoc class-weight tuning baked into the head (`python -m training.scorer --retune RUN`).
"""
from __future__ import annotations

import math
import random
from typing import Callable

import numpy as np

from grounding.scorer import pack
from training.scorer_data import IGNORE, LABEL_ID, ScorerInstance

PAPER_WEIGHTS = (1.0, 10.0, 1.0)        # [w_sup, w_irr, w_con]
IRR_GRID = (0.4, 0.5, 1, 2, 4, 6, 8, 10, 12)   # the paper's sweep of w_irr (App. C.3)


def weighted_loss(logits, labels, weights):
    """sum(w_y * nll) / sum(w_y) over labelled pairs (label != -100); weights in LABELS order."""
    import torch
    flat, gold = logits.float().reshape(-1, logits.shape[-1]), labels.reshape(-1)
    keep = gold != IGNORE
    if not keep.any():
        return flat.sum() * 0.0
    return torch.nn.functional.cross_entropy(flat[keep], gold[keep], weight=weights.to(flat.device))


def distillation_loss(student_logits, teacher_logits, labels, temperature: float):
    """T^2 * KL(teacher || student) at temperature T, averaged over the labelled pairs (label != -100):
    the student learns the teacher's full distribution over (support, contradict, irrelevant)."""
    import torch
    keep = labels.reshape(-1) != IGNORE
    if not keep.any():
        return student_logits.float().sum() * 0.0
    s = student_logits.float().reshape(-1, student_logits.shape[-1])[keep] / temperature
    t = teacher_logits.float().reshape(-1, teacher_logits.shape[-1])[keep] / temperature
    return torch.nn.functional.kl_div(torch.log_softmax(s, -1), torch.log_softmax(t, -1), reduction="batchmean",
                                      log_target=True) * temperature ** 2


class ScorerDataset:
    """Packed instances; documents are re-ordered every epoch (document-order shuffling) when augment."""

    def __init__(self, instances: list[ScorerInstance], token_ids: Callable[[str], list[int]], special: dict,
                 max_sentence_tokens: int, augment: bool, seed: int):
        self.instances, self.special, self.augment, self.seed, self.epoch = instances, special, augment, seed, 0
        self.encoded = [([token_ids(s)[:max_sentence_tokens] for s in inst.response],
                         [[token_ids(s)[:max_sentence_tokens] for s in doc] for doc in inst.documents])
                        for inst in instances]

    def __len__(self):
        return len(self.instances)

    def __getitem__(self, i: int) -> dict:
        inst, (r_ids, docs) = self.instances[i], self.encoded[i]
        order = list(range(len(docs)))
        if self.augment:
            random.Random(f"{self.seed}|{i}|{self.epoch}").shuffle(order)
        c_ids = [s for d in order for s in docs[d]]
        labels = [[LABEL_ID[v] for d in order for v in inst.labels[d][row]] for row in range(len(r_ids))]
        p = pack(r_ids, c_ids, **self.special)
        return {"input_ids": p.input_ids, "token_type_ids": p.token_type_ids, "r_pos": p.response_positions,
                "s_pos": p.context_positions, "r_start": p.response_starts, "s_start": p.context_starts,
                "labels": labels}


def collate(max_rows: int | None = None, max_columns: int | None = None):
    """Pad a batch; boundary positions and labels go to (max_rows, max_columns), or to the batch's own
    largest n and m when those are None (training: the pair head then runs on no more pairs than needed)."""
    import torch

    def fn(items: list[dict]) -> dict:
        width = max(len(x["input_ids"]) for x in items)
        b = len(items)
        rows = max_rows or max(1, max(len(x["r_pos"]) for x in items))
        cols = max_columns or max(1, max(len(x["s_pos"]) for x in items))
        ids = torch.zeros((b, width), dtype=torch.long)
        types = torch.zeros((b, width), dtype=torch.long)
        mask = torch.zeros((b, width), dtype=torch.long)
        r_pos = torch.zeros((b, rows), dtype=torch.long)
        s_pos = torch.zeros((b, cols), dtype=torch.long)
        r_start = torch.zeros((b, rows), dtype=torch.long)
        s_start = torch.zeros((b, cols), dtype=torch.long)
        labels = torch.full((b, rows, cols), IGNORE, dtype=torch.long)
        for k, x in enumerate(items):
            n, m, L = len(x["r_pos"]), len(x["s_pos"]), len(x["input_ids"])
            ids[k, :L] = torch.tensor(x["input_ids"])
            types[k, :L] = torch.tensor(x["token_type_ids"])
            mask[k, :L] = 1
            r_pos[k, :n] = torch.tensor(x["r_pos"])
            s_pos[k, :m] = torch.tensor(x["s_pos"])
            r_start[k, :n] = torch.tensor(x["r_start"])
            s_start[k, :m] = torch.tensor(x["s_start"])
            if n and m:
                labels[k, :n, :m] = torch.tensor(x["labels"])
        return {"input_ids": ids, "token_type_ids": types, "attention_mask": mask, "r_pos": r_pos, "s_pos": s_pos,
                "r_start": r_start, "s_start": s_start, "labels": labels}
    return fn


def f1_scores(pred: np.ndarray, gold: np.ndarray) -> dict:
    """Support / Contradict / Citation F1 over labelled pairs (label ids in LABELS order, -100 ignored)."""
    keep = gold != IGNORE
    pred, gold = pred[keep], gold[keep]
    out = {}
    for cls, name in ((0, "support_f1"), (1, "contradict_f1")):
        tp = float(((pred == cls) & (gold == cls)).sum())
        denom = float((pred == cls).sum() + (gold == cls).sum())
        out[name] = 0.0 if denom == 0 else 2 * tp / denom
    out["citation_f1"] = (out["support_f1"] + out["contradict_f1"]) / 2
    return out


def dev_metrics(eval_pred):
    logits, labels = eval_pred
    return f1_scores(np.asarray(logits).argmax(-1), np.asarray(labels))


CON_GRID = (1, 1.5, 2, 3, 4, 6)                # post-hoc contradict weights tried with each w_irr


def tune_class_weights(logits: np.ndarray, labels: np.ndarray, trained: tuple[float, float, float],
                       irr_grid=IRR_GRID, con_grid=CON_GRID) -> dict:
    """Dev Citation F1 for class weights [w_sup, w_irr', w_con'] over irr_grid x con_grid, each emulated by
    logit shifts log(w' / w) of the irrelevant and contradict logits (a model trained with weights w has
    posteriors ~ w_c p_c). trained: the weights used in training, paper order [w_sup, w_irr, w_con]."""
    w_sup, w_irr, w_con = trained
    rows = []
    for wi in irr_grid:
        for wc in con_grid:
            shift = np.array([0.0, math.log(wc / w_con), math.log(wi / w_irr)], dtype=np.float32)   # LABELS order
            scores = f1_scores((logits + shift).argmax(-1), labels)
            rows.append({"w_irr": wi, "w_con": wc, **{k: round(v, 4) for k, v in scores.items()},
                         "_distance": abs(math.log(wi / w_irr)) + abs(math.log(wc / w_con))})
    best = max(rows, key=lambda r: (r["citation_f1"], -r["_distance"]))
    for r in rows:
        r.pop("_distance")
    shift = [0.0, round(math.log(best["w_con"] / w_con), 6), round(math.log(best["w_irr"] / w_irr), 6)]
    return {"grid": rows, "chosen": [w_sup, best["w_irr"], best["w_con"]], "logit_shift": shift,
            "dev_at_chosen": {k: best[k] for k in ("support_f1", "contradict_f1", "citation_f1")}}


def tune_irrelevant_weight(logits: np.ndarray, labels: np.ndarray, trained_w_irr: float) -> dict:
    """The paper's one-dimensional sweep: w_irr over IRR_GRID with w_sup = w_con = 1."""
    return tune_class_weights(logits, labels, (1.0, trained_w_irr, 1.0), con_grid=(1.0,))


TUNING_METHOD = ("post-hoc logit shifts log(w'/w) on the irrelevant and contradict logits (equivalent to "
                 "re-weighting for a calibrated model), chosen on dev Citation F1 over w_irr in the paper's grid x "
                 "w_con in CON_GRID, baked into head.out.bias")


def _bake(model, shift) -> None:
    import torch
    with torch.no_grad():
        model.head.out.bias += torch.tensor(shift, dtype=model.head.out.bias.dtype)


def dev_logits(model, dataset, max_rows: int, max_columns: int, batch: int = 16) -> tuple[np.ndarray, np.ndarray]:
    """(logits, labels) of a dataset on the fixed (max_rows, max_columns) grid, fp32 inference."""
    import torch
    fn, out, gold = collate(max_rows, max_columns), [], []
    with torch.inference_mode():
        for start in range(0, len(dataset), batch):
            b = fn([dataset[k] for k in range(start, min(len(dataset), start + batch))])
            gold.append(b.pop("labels").numpy())
            out.append(model(**b)["logits"].float().numpy())
    return np.concatenate(out), np.concatenate(gold)
