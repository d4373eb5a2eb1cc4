"""Retrieval reach on the evidence sets: how many gold supporting, refuting and other (claim, context sentence) pairs
pass tau by the embedder's cosine, read three ways: the whole sentence; the whole or its nearest clause for the claims
that reach no sentence whole (the shipped reading, grounding.clauses); the whole or its nearest clause for every claim.

    python -m evaluation.reach --split train-dev [--tau 0.5] [--limit N]
"""
from __future__ import annotations

import argparse

import numpy as np

from evaluation.verdicts import instances
from grounding.clauses import reaching_none, widen
from grounding.config import GroundingConfig
from grounding.judge import cosine_matrix
from grounding.pipeline import load_models

KINDS = ("supports", "refutes", "neither")
READINGS = ("whole", "clauses where none reached", "clauses for every claim")


def reach(insts, embedder, tau: float) -> np.ndarray:
    """(3 gold kinds, 1 + 3 readings): pairs, then pairs above tau by each reading."""
    counts = np.zeros((len(KINDS), 1 + len(READINGS)), dtype=int)
    for inst in insts:
        ctx = inst.context_sentences
        if not ctx or not inst.claims:
            continue
        queries = embedder.encode(list(inst.claims))
        whole = cosine_matrix(queries, embedder.encode(ctx))
        widest, shipped = whole.copy(), whole.copy()
        widen(embedder, widest, range(len(inst.claims)), [queries], ctx)
        widen(embedder, shipped, reaching_none(whole, tau), [queries], ctx)
        for i in range(len(inst.claims)):
            for j in range(len(ctx)):
                gold = inst.gold[i][j] if inst.gold else 0
                kind = {1: 0, -1: 1}.get(gold, 2)
                counts[kind] += (1, whole[i, j] > tau, shipped[i, j] > tau, widest[i, j] > tau)
    return counts


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--split", default="train-dev", choices=("train-dev", "train-fit", "train", "report"))
    parser.add_argument("--tau", type=float, default=GroundingConfig().tau)
    parser.add_argument("--limit", type=int, default=None, help="instances per set")
    args = parser.parse_args(argv)
    config = GroundingConfig()
    embedder = load_models(config.models_dir, config.threads)[0]
    insts = [i for per_set in instances(args.split).values() for i in per_set[:args.limit]]
    counts = reach(insts, embedder, args.tau)
    print(f"{len(insts)} instances, {int(counts[:, 0].sum())} pairs, tau {args.tau}")
    print("| gold | pairs | " + " | ".join(READINGS) + " |")
    print("|---|---|" + "---|" * len(READINGS))
    for kind, row in zip(KINDS, counts):
        print(f"| {kind} | {row[0]} | " + " | ".join(str(x) for x in row[1:]) + " |")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
