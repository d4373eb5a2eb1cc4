"""The entailment model's training pairs: every NLI and evidence train source, capped, split, augmented; and the
pairs file that carries one such split to a machine without the data (a lent GPU).

    python -m training.entailment --write-pairs build/pairs.jsonl.xz [the data options]   # here, beside the data
    python -m training.entailment --pairs build/pairs.jsonl.xz --out runs/x ...           # anywhere

The file is xz-compressed JSON lines: a header line with the per-source counts, then one line per pair with
its split ("train" / "dev"). It holds train-role data only (never the report files) and is never committed.
"""
from __future__ import annotations

import json
import lzma
import random
import re
from collections import Counter
from pathlib import Path

from evaluation import datasets
from evaluation.contrasts import direction_pairs
from evaluation.datasets import NLIPair

_NUMBER = re.compile(r"(?<![\w.])(\d{1,3}(?:,\d{3})+|\d+(?:\.\d+)?)(?![\w])")


def numeric_contrasts(pairs: list[NLIPair], rng: random.Random, limit: int) -> list[NLIPair]:
    """Contradictions made from entailment pairs by changing a number the hypothesis shares with the
    premise ("30 percent" -> "70 percent"): small NLI models otherwise read such pairs as neutral."""
    out = []
    for p in pairs:
        if p.label != "entailment":
            continue
        shared = [m for m in _NUMBER.finditer(p.hypothesis) if m.group(1) in p.premise]
        if not shared:
            continue
        m = rng.choice(shared)
        value = float(m.group(1).replace(",", ""))
        new = value * rng.choice([2, 3, 0.5]) + rng.choice([0, 1, 10]) if value else rng.choice([1, 5, 10])
        text = f"{new:.1f}" if "." in m.group(1) else f"{int(round(new)):,}" if "," in m.group(1) else str(int(round(new)))
        if text == m.group(1):
            continue
        out.append(NLIPair(p.premise, p.hypothesis[: m.start(1)] + text + p.hypothesis[m.end(1):], "contradiction",
                           "numeric_contrast"))
        if len(out) >= limit:
            break
    return out


def swapped_contradictions(pairs: list[NLIPair], rng: random.Random, limit: int) -> list[NLIPair]:
    """Contradiction is symmetric: (hypothesis, premise) of a 3-way contradiction pair is a contradiction too.
    Adds contradiction examples in the NLI domain without new annotation."""
    cands = [p for p in pairs if p.label == "contradiction" and p.source != "numeric_contrast"]
    rng.shuffle(cands)
    return [NLIPair(p.hypothesis, p.premise, "contradiction", "swapped_contradiction") for p in cands[:limit]]


def build_splits(cap: int, dev_share: float, seed: int, limit: int | None = None, contrasts: int = 3000,
                 source_caps: dict[str, int] | None = None, swaps: int = 0, directions: int = 0,
                 direction_copies: int = 1, direction_neutrals: bool = False, nli_extra: bool = False,
                 joint_premises: bool | str = False):
    """(train, dev, per-source counts): capped, shuffled with a fixed seed, dev held out per source.
    The dev split depends only on the seed and dev_share, so continued stages never see earlier dev pairs."""
    rng = random.Random(seed)
    train, dev, counts = [], [], {}
    sources = datasets.nli_train_sources() | (datasets.nli_extra_train_sources() if nli_extra else {})
    if joint_premises:   # what stage judge_joint reads (training.joint_premises): never capped by --cap
        from training.joint_premises import SOURCE, evidence_joint_source
        sources[SOURCE] = evidence_joint_source(part="fit" if joint_premises == "fit" else "all")
        source_caps = {SOURCE: len(sources[SOURCE]), **(source_caps or {})}
    for name, pairs in sorted(sources.items()):
        pairs = list(pairs)
        rng.shuffle(pairs)
        n_dev = max(1, int(len(pairs) * dev_share))
        src_dev, src_train = pairs[:n_dev], pairs[n_dev:][:(source_caps or {}).get(name, cap)]
        if limit:
            src_dev, src_train = src_dev[: max(1, limit // 10)], src_train[:limit]
        train += src_train
        dev += src_dev
        counts[name] = {"available": len(pairs), "train": len(src_train), "dev": len(src_dev),
                        "labels": dict(Counter(p.label for p in src_train))}
    contrasts = numeric_contrasts(train, rng, limit=min(contrasts, limit or contrasts)) if contrasts else []
    counts["numeric_contrast"] = {"available": len(contrasts), "train": len(contrasts), "dev": 0,
                                  "labels": {"contradiction": len(contrasts)},
                                  "built_from": "entailment pairs of the train split with a shared number changed"}
    train += contrasts
    swapped = swapped_contradictions(train, rng, min(swaps, limit or swaps)) if swaps else []
    if swapped:
        counts["swapped_contradiction"] = {"available": len(swapped), "train": len(swapped), "dev": 0,
                                           "labels": {"contradiction": len(swapped)},
                                           "built_from": "3-way contradiction pairs of the train split, premise and hypothesis swapped"}
    train += swapped
    if directions:
        # drawn from the train split only; the dev split's own reversals (never trained on) are the held-out
        # direction check (with_originals in train()). Each reversal comes with its original (already in the
        # split once): repeating only the reversals would teach "a direction word means contradiction"
        both = direction_pairs(train, rng, min(directions, limit or directions))
        paired, made = [o for o, _ in both], [r for _, r in both]
        counts["direction_contrast"] = {"available": len(made), "train": len(made) * direction_copies, "dev": 0,
                                        "copies": direction_copies,
                                        "originals_repeated": len(paired) * (direction_copies - 1),
                                        "labels": {"contradiction": len(made)},
                                        "built_from": "entailment pairs of the train split with the hypothesis's "
                                                      "direction word reversed where the premise states that direction"}
        train += made * direction_copies + paired * (direction_copies - 1)
        if direction_neutrals:
            # the same reversed hypotheses against another premise of their source: neutral. A reversal contradicts
            # only a premise that states the direction; this also keeps the added contradictions from shifting
            # the class prior
            by_source: dict[str, list[str]] = {}
            for x in train:
                by_source.setdefault(x.source, []).append(x.premise)
            neutrals = []
            for original, m in both:
                other = rng.choice(by_source[original.source])
                if other != m.premise:
                    neutrals.append(NLIPair(other, m.hypothesis, "neutral", "direction_neutral"))
            counts["direction_neutral"] = {"available": len(neutrals), "train": len(neutrals) * direction_copies,
                                           "dev": 0, "labels": {"neutral": len(neutrals)},
                                           "built_from": "direction contrasts' reversed hypotheses against another "
                                                         "premise of the same source"}
            train += neutrals * direction_copies
    rng.shuffle(train)
    return train, dev, counts


def write_pairs(path: str | Path, train: list[NLIPair], dev: list[NLIPair], counts: dict) -> Path:
    """One split (build_splits' result) as a pairs file; the parent folder is made."""
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    with lzma.open(path, "wt", encoding="utf-8") as f:
        f.write(json.dumps({"counts": counts, "train": len(train), "dev": len(dev)}) + "\n")
        for split, pairs in (("train", train), ("dev", dev)):
            for p in pairs:
                f.write(json.dumps([split, p.premise, p.hypothesis, p.label, p.source], ensure_ascii=False) + "\n")
    return path


def read_pairs(path: str | Path) -> tuple[list[NLIPair], list[NLIPair], dict]:
    """(train, dev, counts) as written by write_pairs, in the written order; a file cut short is refused."""
    with lzma.open(path, "rt", encoding="utf-8") as f:
        header = json.loads(f.readline())
        out: dict[str, list[NLIPair]] = {"train": [], "dev": []}
        for line in f:
            split, premise, hypothesis, label, source = json.loads(line)
            out[split].append(NLIPair(premise, hypothesis, label, source))
    if (len(out["train"]), len(out["dev"])) != (header["train"], header["dev"]):
        raise ValueError(f"{path}: {len(out['train'])} train / {len(out['dev'])} dev pairs, the header says "
                         f"{header['train']} / {header['dev']}")
    return out["train"], out["dev"], header["counts"]
