"""Evaluate shipped models on the "report" sets of ../shared/data (never used for training).

    python -m evaluation.entailment entailment [--model exported_models/entailment] [--fp32 build/entailment_fp32]
                                            [--limit N] [--write-card]

Prints one table: SNLI test accuracy and per-class F1; counterfactual NLI (CAD) test accuracy; Check-COVID
dev and Climate-FEVER held-out claims as (claim, evidence sentence) 3-way accuracy and macro-F1; SciFact
rationale dev support-vs-contradict accuracy; the nli_extra dev sets (LingNLI, New Protocols, semi-automatic NLI,
ConjNLI, MPE); and direction_report: the entailment pairs of those sets that
state a direction, each followed by its reversal ("lowered" -> "raised") as a contradiction -- for the int8
model and, given --fp32, the fp32 model.
"""
from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path

import numpy as np

from evaluation import datasets
from grounding.runtime import MODELS_DIR, NLI_ORDER, Entailment

REPORT_SETS = {
    "snli_test": lambda: datasets.snli("test"),
    "cad_test": lambda: datasets.cad("test"),
    "check_covid_dev": lambda: datasets.check_covid_pairs("dev"),
    "climate_fever_held_out": lambda: datasets.climate_fever_pairs(held_out=True),
    "scifact_dev": lambda: datasets.scifact_rationales("dev"),
    "direction_report": lambda: direction_report_pairs(),
}


# "NLI dev" sets of the split convention (nli_extra/): never trained on here, so they are evaluation rows too
DEV_SETS = {
    "lingnli_dev": lambda: datasets.lingnli("val"),
    "new_protocols_dev": lambda: datasets.new_protocols("val"),
    "semi_automatic_dev": lambda: datasets.semi_automatic("test"),
    "conjnli_dev": lambda: datasets.conjnli("dev"),
    "mpe_dev": lambda: datasets.mpe("dev"),
}


def direction_report_pairs() -> list:
    """Every entailment pair of the sets above whose hypothesis states a direction the premise also states,
    followed by its reversal ("lowered" -> "raised", labelled contradiction; evaluation.contrasts)."""
    from evaluation.contrasts import with_originals
    pairs = [p for name, load in REPORT_SETS.items() if name != "direction_report" for p in load()]
    return with_originals(pairs)


def f1_per_class(pred: np.ndarray, gold: np.ndarray, n: int = 3) -> list[float]:
    out = []
    for c in range(n):
        tp = float(((pred == c) & (gold == c)).sum())
        denom = float((pred == c).sum() + (gold == c).sum())
        out.append(0.0 if denom == 0 else 2 * tp / denom)
    return out


def gold_and_predicted(name: str, pairs, probs: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Class ids per pair; scifact_dev is support vs contradict only, so its prediction compares those two columns."""
    gold = np.array([NLI_ORDER.index(p.label) for p in pairs])
    pred = np.where(probs[:, 0] >= probs[:, 2], 0, 2) if name == "scifact_dev" else probs.argmax(1)
    return gold, pred


def correct(name: str, pairs, probs: np.ndarray) -> np.ndarray:
    """Per pair, whether the prediction is right, as score_set counts it."""
    gold, pred = gold_and_predicted(name, pairs, probs)
    return pred == gold


def score_set(name: str, pairs, probs: np.ndarray) -> dict:
    gold, pred = gold_and_predicted(name, pairs, probs)
    if name == "scifact_dev":
        return {"set": name, "pairs": len(pairs), "accuracy": round(float((pred == gold).mean()), 4)}
    f1 = f1_per_class(pred, gold)
    return {"set": name, "pairs": len(pairs), "accuracy": round(float((pred == gold).mean()), 4),
            "macro_f1": round(float(np.mean(f1)), 4),
            **{f"f1_{lab}": round(f, 4) for lab, f in zip(NLI_ORDER, f1)}}


def paired_difference(right_a: np.ndarray, right_b: np.ndarray, replicates: int = 2000, seed: int = 0) -> dict:
    """Accuracy of A minus accuracy of B on the same pairs, in points, with a 95 % paired bootstrap interval and the
    number of pairs only one of the two gets right (a set of 207 pairs moves 0.48 points per pair)."""
    diff = right_a.astype(float) - right_b.astype(float)
    draws = np.random.default_rng(seed).integers(0, len(diff), (replicates, len(diff)))
    lo, hi = np.percentile(diff[draws].mean(1), [2.5, 97.5])
    return {"points": round(100 * float(diff.mean()), 2), "ci95": [round(100 * float(lo), 2), round(100 * float(hi), 2)],
            "only_a_right": int((diff > 0).sum()), "only_b_right": int((diff < 0).sum())}


def evaluate_entailment(model_dirs: dict[str, Path], limit: int | None = None, threads: int = 2,
                        sets: list[str] | None = None) -> list[dict]:
    """One row per set and model; `sets`: only these rows (a quick gate for a candidate), in the card's order.
    With an "int8" and an "fp32" model, the int8 row carries `int8_minus_fp32` (paired_difference)."""
    rows = []
    loaded = {tag: Entailment(path, threads=threads) for tag, path in model_dirs.items()}
    for name, load in {**REPORT_SETS, **DEV_SETS}.items():
        if sets and name not in sets:
            continue
        pairs = load()[:limit] if limit else load()
        right, by_tag = {}, {}
        for tag, model in loaded.items():
            start = time.perf_counter()
            probs = model.predict([p.premise for p in pairs], [p.hypothesis for p in pairs], words=False)   # the model
            row = {"model": tag, **score_set(name, pairs, probs),
                   "pairs_per_s": round(len(pairs) / (time.perf_counter() - start), 1),
                   "truncated": len(model.truncated)}
            right[tag], by_tag[tag] = correct(name, pairs, probs), row
            rows.append(row)
            print(json.dumps(row), flush=True)
        if {"int8", "fp32"} <= set(right):
            by_tag["int8"]["int8_minus_fp32"] = paired_difference(right["int8"], right["fp32"])
            print(json.dumps({"set": name, "int8_minus_fp32": by_tag["int8"]["int8_minus_fp32"]}), flush=True)
    return rows


def table(rows: list[dict]) -> str:
    cols = ["set", "model", "pairs", "accuracy", "macro_f1", "f1_entailment", "f1_neutral", "f1_contradiction"]
    out = ["| " + " | ".join(cols) + " |", "|" + "---|" * len(cols)]
    for r in rows:
        out.append("| " + " | ".join(str(r.get(c, "")) for c in cols) + " |")
    return "\n".join(out)


def main(argv=None) -> int:
    p = argparse.ArgumentParser(prog="python -m evaluation.entailment", description=__doc__,
                                formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("what", choices=["entailment"])
    p.add_argument("--model", type=Path, default=MODELS_DIR / "entailment")
    p.add_argument("--fp32", type=Path, default=None, help="an fp32 ONNX folder (python -m export ... --keep-fp32 DIR)")
    p.add_argument("--limit", type=int, default=None)
    p.add_argument("--threads", type=int, default=2)
    p.add_argument("--write-card", action="store_true", help="store the table in the model's card")
    p.add_argument("--sets", nargs="+", choices=[*REPORT_SETS, *DEV_SETS], default=None,
                   help="only these rows (a quick check of a candidate; the card takes every row)")
    a = p.parse_args(argv)
    try:
        datasets.data_dir()
    except datasets.DataMissingError as err:
        print(f"error: {err}", file=sys.stderr)
        return 2
    dirs = {"int8": a.model, **({"fp32": a.fp32} if a.fp32 else {})}
    rows = evaluate_entailment(dirs, a.limit, a.threads, a.sets)
    print(table(rows))
    if a.write_card:
        from export.card import update_card
        cmd = "python -m evaluation.entailment entailment" + (" --fp32 build/entailment_fp32" if a.fp32 else "")
        update_card(a.model, evaluation=card_evaluation(rows, cmd, previous(a.model) if a.sets else None))
    return 0


CARD_COLUMNS = ("set", "model", "pairs", "accuracy", "macro_f1", "f1_entailment", "f1_neutral", "f1_contradiction")


def previous(folder: Path) -> dict | None:
    card = folder / "card.json"
    return json.loads(card.read_text()).get("evaluation") if card.is_file() else None


def card_evaluation(rows: list[dict], command: str, before: dict | None = None) -> dict:
    """The card's evaluation section: the rows, and per set int8 − fp32 accuracy in points with its paired 95 %
    interval. `before`: the card's earlier section, whose rows of the sets not measured now are kept (--sets)."""
    measured = {r["set"] for r in rows}
    kept = [r for r in (before or {}).get("rows", []) if r["set"] not in measured]
    notes = (before or {}).get("notes") or {}
    deltas = {k: v for k, v in notes.get("int8_minus_fp32_accuracy_points", {}).items() if k not in measured}
    intervals = {k: v for k, v in notes.get("int8_minus_fp32_paired_ci95", {}).items() if k not in measured}
    for r in rows:
        if "int8_minus_fp32" in r:
            deltas[r["set"]] = r["int8_minus_fp32"]["points"]
            intervals[r["set"]] = r["int8_minus_fp32"]
    order = [*REPORT_SETS, *DEV_SETS]
    merged = sorted(kept + [{k: r.get(k, "") for k in CARD_COLUMNS} for r in rows],
                    key=lambda r: (order.index(r["set"]) if r["set"] in order else len(order), r["model"] != "int8"))
    other = {k: v for k, v in notes.items() if k not in ("int8_minus_fp32_accuracy_points", "int8_minus_fp32_paired_ci95")}
    return {"command": command, "rows": merged,
            "notes": {**other, "int8_minus_fp32_accuracy_points": deltas,
                      **({"int8_minus_fp32_paired_ci95": intervals} if intervals else {})} if deltas else other or ""}


if __name__ == "__main__":
    sys.exit(main())
