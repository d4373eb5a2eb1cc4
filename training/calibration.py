"""Calibration pairs for GPTQ rounding (export --rounding gptq): training-side NLI pairs only, never an evaluation
set, drawn with a fixed seed from every "NLI train" and "evidence train" source (evaluation.datasets.
nli_train_sources) so that short SNLI captions and long evidence premises are both among the inputs whose layer
statistics decide the rounding.

    python -m training.calibration --out build/calibration.jsonl [--pairs 512] [--seed 7]

One JSON object per line: {"premise", "hypothesis", "source"}.
"""
from __future__ import annotations

import argparse
import json
import random
import sys
from pathlib import Path


def calibration_pairs(n: int = 512, seed: int = 7) -> list[dict]:
    """`n` pairs drawn at random (seed) from the pool of every train source's pairs, in the pool's fixed order."""
    from evaluation import datasets

    sources = datasets.nli_train_sources()
    pool = [{"premise": p.premise, "hypothesis": p.hypothesis, "source": name}
            for name in sorted(sources) for p in sources[name]]
    random.Random(seed).shuffle(pool)
    return pool[:n]


def main(argv=None) -> int:
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--out", type=Path, required=True)
    p.add_argument("--pairs", type=int, default=512)
    p.add_argument("--seed", type=int, default=7)
    a = p.parse_args(argv)
    if a.pairs < 1:
        print("error: --pairs must be at least 1", file=sys.stderr)
        return 2
    pairs = calibration_pairs(a.pairs, a.seed)
    a.out.parent.mkdir(parents=True, exist_ok=True)
    a.out.write_text("".join(json.dumps(x) + "\n" for x in pairs))
    print(f"[calibration] {len(pairs)} pairs from {len({x['source'] for x in pairs})} train sources -> {a.out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
