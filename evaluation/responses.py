"""The scorer's map for answers of several sentences: report claims scored alone and k at a time.

    python -m evaluation.responses [--scorers exported_models/scorer exported_models/scorer_fast ...]
                                   [--group 3] [--limit 60] [--replicates 2000] [--rows-per-window 0 1]
                                   [--gates -1 0.2 0.3 0.35] [--split report|train-dev]

The report sets hold one claim per instance, so evaluation.scorer (the cards' table) never shows what the other
sentences of an answer do to a sentence's row. Here every report set's instances are taken k at a time, in
order: their claims form one response and their documents one context, as an answer of k sentences built from
k sources. A row's gold is its own instance's labels; against the other instances' sentences it is irrelevant
(gold-irrelevant by construction). For each scorer, in one run:
  * alone -- Citation F1 of the rows scored one instance at a time (the cards' setting);
  * together -- Citation F1 over the whole grouped map, with a 95 % bootstrap CI over groups;
  * own block -- the rows against their own instance's sentences only, and the share of those cells whose
    label changed because the other rows were there;
  * others labelled -- cells of a row against the other instances' sentences that got a label (all wrong).
A scorer that reads each row on its own merits gives together = alone and changes nothing. --rows-per-window:
the response sentences read in one window (0: all, the layout the scorers were trained with; 1: each on its own,
the pipeline's default, GroundingConfig.rows_per_window), every value measured on every scorer in one run.
--gates: GroundingConfig.scorer_gate values (the embedder's cosines; windows below the gate are not read, through
ContextScorer.score as the pipeline does), with the share of windows not read; --split train-dev is where
settings are chosen.
"""
from __future__ import annotations

import argparse
import sys
from pathlib import Path

import numpy as np

from evaluation import datasets
from evaluation.datasets import EvidenceInstance
from grounding.metrics import bootstrap_ci, f1_from_counts, row_counts
from grounding.runtime import MODELS_DIR


def grouped(instances: list[EvidenceInstance], k: int) -> list[tuple[EvidenceInstance, list[tuple[slice, slice, slice]]]]:
    """Instances taken k at a time (a shorter tail is dropped) as one instance each, with every member's block:
    (its rows, its columns, its documents) as slices. Gold is the members' gold on the diagonal, 0 elsewhere."""
    out = []
    for g in range(0, len(instances) - k + 1, k):
        members = instances[g:g + k]
        n = sum(len(i.claims) for i in members)
        m = sum(len(i.context_sentences) for i in members)
        gold = np.zeros((n, m), dtype=int)
        blocks, r, c, d = [], 0, 0, 0
        for i in members:
            rows, cols, docs = len(i.claims), len(i.context_sentences), len(i.documents)
            gold[r:r + rows, c:c + cols] = np.asarray(i.gold, dtype=int).reshape(rows, cols)
            blocks.append((slice(r, r + rows), slice(c, c + cols), slice(d, d + docs)))
            r, c, d = r + rows, c + cols, d + docs
        out.append((EvidenceInstance(id="+".join(i.id for i in members), source=members[0].source,
                                     claims=[c for i in members for c in i.claims],
                                     documents=[d for i in members for d in i.documents], gold=gold.tolist()),
                    blocks))
    return out


def counts(labels: np.ndarray, gold: np.ndarray) -> np.ndarray:
    """(tp, fp, fn) for support, then contradict, over a block (grounding.metrics.row_counts of its cells)."""
    return row_counts([np.ravel(labels)], [np.ravel(gold)])[0]


def citation_f1(c: np.ndarray) -> float:
    return f1_from_counts(c)[2]


def evaluate(scorer, groups, replicates: int = 2000, seed: int = 0, rows_per_window: int = 0,
             gate: float | None = None, embedder=None) -> dict:
    """The figures of the module docstring for one ContextScorer over `groups` (from `grouped`). `gate` (with the
    `embedder` whose cosines it reads): the pipeline's scorer_gate, windows below it not read."""
    from grounding.judge import cosine_matrix
    alone, together, own = [], [], []
    changed = own_cells = others = other_cells = windows = not_read = 0
    for inst, blocks in groups:
        flat = [t for d in inst.documents for t in d.sentences]
        cos = (cosine_matrix(embedder.encode(list(inst.claims)), embedder.encode(flat))
               if gate is not None and inst.claims and flat else None)
        scored = scorer.score(inst.claims, [d.sentences for d in inst.documents], rows_per_window=rows_per_window,
                              cosines=cos, gate=gate)
        labels = scored.labels.astype(int)
        windows += scored.coverage.forward_passes + len(scored.coverage.gated)
        not_read += len(scored.coverage.gated)
        gold = np.asarray(inst.gold, dtype=int)
        together.append(counts(labels, gold))
        c_own = np.zeros(6)
        for rows, cols, docs in blocks:
            by_itself = scorer.score(inst.claims[rows], [d.sentences for d in inst.documents[docs]],
                                     rows_per_window=rows_per_window, gate=gate,
                                     cosines=None if cos is None else cos[rows, cols]).labels.astype(int)
            block, block_gold = labels[rows, cols], gold[rows, cols]
            alone.append(counts(by_itself, block_gold))
            c_own += counts(block, block_gold)
            changed += int((by_itself != block).sum())
            own_cells += block.size
            rest = np.delete(labels[rows], range(cols.start, cols.stop), axis=1)
            others += int((rest != 0).sum())
            other_cells += rest.size
        own.append(c_own)
    together = np.array(together)        # per answer: the bootstrap resamples answers
    return {"groups": len(groups), "alone": float(citation_f1(np.sum(alone, 0))),
            "together": float(citation_f1(together.sum(0))),
            "together_ci": bootstrap_ci(together, replicates, seed)["citation_f1"],
            "own_block": float(citation_f1(np.sum(own, 0))), "own_changed": changed / max(1, own_cells),
            "others_labelled": others / max(1, other_cells), "others_cells": other_cells,
            "windows_not_read": not_read / max(1, windows)}


def main(argv=None) -> int:
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--scorers", type=Path, nargs="+", default=[MODELS_DIR / "scorer", MODELS_DIR / "scorer_fast"])
    p.add_argument("--group", type=int, default=3, help="report instances per response (k)")
    p.add_argument("--limit", type=int, default=60, help="instances per report set")
    p.add_argument("--replicates", type=int, default=2000)
    p.add_argument("--threads", type=int, default=2)
    p.add_argument("--rows-per-window", type=int, nargs="+", default=[0, 1])
    p.add_argument("--gates", type=float, nargs="+", default=None,
                   help="scorer_gate values measured side by side (a negative value: no gate); default: no gate")
    p.add_argument("--split", choices=["report", "train-dev"], default="report",
                   help="train-dev: the evidence train sets' dev carve (where settings are chosen)")
    a = p.parse_args(argv)
    if a.group < 1:
        p.error("--group must be at least 1")
    from grounding.runtime import Embedder
    from grounding.scorer import ContextScorer
    sets = datasets.evidence_report_instances() if a.split == "report" else datasets.evidence_train_instances("dev")
    groups = [g for _, insts in sorted(sets.items()) for g in grouped(insts[:a.limit], a.group)]
    gates = [None if g is None or g < 0 else g for g in (a.gates or [None])]
    embedder = Embedder(MODELS_DIR / "embedder", threads=a.threads) if any(g is not None for g in gates) else None
    print(f"{len(groups)} responses of {a.group} {a.split} claims each (first {a.limit} instances per set)")
    print(f"{'scorer':38s} {'rows':>4s} {'gate':>5s} {'alone':>6s} {'together [95% CI]':>24s} {'own block':>9s} "
          f"{'own changed':>11s} {'others labelled':>15s} {'not read':>8s}")
    for folder in a.scorers:
        scorer = ContextScorer(folder, threads=a.threads)
        for k in a.rows_per_window:
            for gate in gates:
                r = evaluate(scorer, groups, a.replicates, rows_per_window=k, gate=gate, embedder=embedder)
                lo, hi = r["together_ci"]
                print(f"{str(folder):38s} {k if k else 'all':>4} {'-' if gate is None else f'{gate:.2f}':>5} "
                      f"{r['alone']:6.3f} {r['together']:8.3f} [{lo:.3f}, {hi:.3f}] {r['own_block']:9.3f} "
                      f"{r['own_changed']:11.1%} {r['others_labelled']:15.1%} {r['windows_not_read']:8.1%}", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
