"""Everyday batches: hand-written answers with planted mistakes against their sources, every answer sentence's
allowed verdicts declared, checked on every engine.

    python -m evaluation.everyday [BATCH ...] [--engines claims context context-fast] [--preset P] [--show]
                                  [--save FILE] [--against FILE]

A batch is a JSON file in evaluation/everyday/ (``116.json``; a BATCH argument is its number, a range such as
``116-127`` or a path): ``{"batch", "genre", "examples": [...]}``, each example in the app examples' format
(grounding.examples: ``name``, ``question``, ``context`` with documents separated by a line holding only ``---``,
``response``, ``expect`` in words, and ``expect_labels``: per answer sentence, 1-based, the verdict labels a careful
reader accepts). The batches were written by people who were given only that format, the four labels and the kinds
of mistakes a summariser makes, never the rules; each was first run on the code of its day before any rule was
written from it (README, "Everyday batches").

Counts one verdict per answer sentence and engine: wrong when the sentence's label is not one its declaration allows,
or the answer splits into another number of sentences than it declares. A sentence the claims engine splits into
several claims is labelled from theirs (`sentence_label`: a backed claim beside an unmentioned one is the sentence
Partially supported, as the claims list shows it); a sentence of one claim has that claim's label (a Supported one
that names a source against it may be declared "Supported (conflict named)", as the app examples do). Prints per batch the wrong count per engine and in all, --show every wrong line (batch-example,
sentence, engine, label and rule, the allowed labels, the sentence). --save writes every line's outcome as JSON;
--against an earlier --save lists the lines that turned right or wrong since (the check after a rule change: no
right line may turn wrong).
"""
from __future__ import annotations

import argparse
import json
import re
import sys
import time
from pathlib import Path

from grounding.config import ENGINES, GroundingConfig
from grounding.examples import claim_label
from grounding.types import CONTRADICTED, NOT_ASSESSED, PARTIAL, SUPPORTED, UNSUPPORTED

BATCH_DIR = Path(__file__).resolve().parent / "everyday"


def batch_paths(specs: list[str]) -> list[Path]:
    """The batch files named by numbers (116), ranges (116-127) or paths; every batch when none is named."""
    if not specs:
        return sorted(BATCH_DIR.glob("*.json"), key=lambda p: (len(p.stem), p.stem))
    out = []
    for spec in specs:
        if m := re.fullmatch(r"(\d+)-(\d+)", spec):
            out += [p for n in range(int(m[1]), int(m[2]) + 1) if (p := BATCH_DIR / f"{n}.json").exists()]
        elif spec.isdigit():
            out.append(BATCH_DIR / f"{spec}.json")
        else:
            out.append(Path(spec))
    missing = [str(p) for p in out if not p.exists()]
    if missing:
        raise ValueError(f"no such batch: {', '.join(missing)}")
    return out


def load_batch(path: Path) -> list[dict]:
    """The batch's examples, `expect_labels` keyed by int; a declaration that is not a label list is refused."""
    data = json.loads(path.read_text(encoding="utf-8"))
    examples = []
    for ex in data["examples"]:
        labels = {int(k): list(v) for k, v in ex["expect_labels"].items()}
        bad = [k for k, v in labels.items() if not v or not set(v) <= ALLOWED]
        if bad:
            raise ValueError(f"{path.name} {ex['name']}: sentence(s) {bad} declare no known label")
        examples.append({**ex, "expect_labels": labels})
    return examples


ALLOWED = {"Supported", "Partially supported", "Unsupported", "Contradicted", "Supported (conflict named)"}


def sentence_label(labels: list[str]) -> str:
    """One label for an answer sentence from its claims' verdicts (the claims engine splits a sentence into claims):
    Contradicted if any claim is; Supported if every claim is; Unsupported if every claim is (Not assessed if any is
    and none is Contradicted); otherwise, some of it backed and some not, Partially supported."""
    if CONTRADICTED in labels:
        return CONTRADICTED
    if NOT_ASSESSED in labels:
        return NOT_ASSESSED
    if labels and all(x == SUPPORTED for x in labels):
        return SUPPORTED
    if labels and all(x == UNSUPPORTED for x in labels):
        return UNSUPPORTED
    return PARTIAL


def check(example: dict, result, engine: str) -> list[dict]:
    """One line per declared answer sentence: {key, ok, got, rule, allowed, text}."""
    by_sentence: dict[int, list] = {}
    for v in result.verdicts:
        claim = result.claims[v.claim]
        if claim.origin != "rejected":
            by_sentence.setdefault(claim.sentence + 1, []).append((v, claim))
    split_ok = len(result.response_sentences) == len(example["expect_labels"])
    lines = []
    for n, allowed in sorted(example["expect_labels"].items()):
        found = by_sentence.get(n, [])
        got = [claim_label(result, v) for v, _ in found]
        whole = sentence_label([v.label for v, _ in found])
        ok = split_ok and bool(found) and (whole in allowed if len(found) > 1 else got[0] in allowed
                                           or found[0][0].label in allowed)
        text = result.response_sentences[n - 1].text if n <= len(result.response_sentences) else ""
        lines.append({"key": f"{example['name'].split()[0]} R{n} {engine}", "ok": ok,
                      "got": (f"{whole} ({' / '.join(got)})" if len(got) > 1 else " / ".join(got)) or (
                          "no verdict" if split_ok else f"split into {len(result.response_sentences)} sentences"),
                      "rule": " / ".join((v.rule or "")[:90] for v, _ in found), "allowed": allowed, "text": text})
    return lines


def run(paths: list[Path], engines: list[str], preset: str | None, threads: int) -> dict[str, list[dict]]:
    """{batch file stem: lines} over every engine."""
    from grounding.pipeline import ground, load_models
    configs = {e: GroundingConfig(engine=e, threads=threads, **({"preset": preset} if preset else {})).validate()
               for e in engines}
    models = load_models(next(iter(configs.values())).models_dir, threads)
    out = {}
    for path in paths:
        start, lines = time.perf_counter(), []
        for ex in load_batch(path):
            for engine, config in configs.items():
                result = ground(ex["response"], ex["context"], config, ex.get("question", ""), models=models)
                lines += check(ex, result, engine)
        out[path.stem] = lines
        print(f"[everyday] {path.stem}: {time.perf_counter() - start:.1f} s", file=sys.stderr, flush=True)
    return out


def summary(results: dict[str, list[dict]], engines: list[str]) -> str:
    rows = ["| batch | " + " | ".join(engines) + " | wrong | lines |", "|---|" + "---|" * (len(engines) + 2)]
    totals = [0] * len(engines)
    for stem, lines in results.items():
        wrong = [sum(1 for x in lines if not x["ok"] and x["key"].endswith(" " + e)) for e in engines]
        totals = [a + b for a, b in zip(totals, wrong)]
        rows.append(f"| {stem} | " + " | ".join(map(str, wrong)) + f" | {sum(wrong)} | {len(lines)} |")
    n = sum(len(x) for x in results.values())
    rows.append("| all | " + " | ".join(map(str, totals)) + f" | {sum(totals)} | {n} |")
    return "\n".join(rows)


def changes(results: dict[str, list[dict]], before: dict[str, bool]) -> tuple[list[str], list[str]]:
    """(lines right before and wrong now, lines wrong before and right now) against an earlier --save."""
    now = {x["key"]: x["ok"] for lines in results.values() for x in lines}
    worse = sorted(k for k, ok in now.items() if before.get(k) is True and not ok)
    better = sorted(k for k, ok in now.items() if before.get(k) is False and ok)
    return worse, better


def main(argv=None) -> int:
    p = argparse.ArgumentParser(prog="python -m evaluation.everyday", description=__doc__,
                                formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("batches", nargs="*", help="batch numbers, ranges (116-127) or paths; all when none")
    p.add_argument("--engines", nargs="+", default=list(ENGINES), choices=ENGINES)
    p.add_argument("--preset", default=None)
    p.add_argument("--threads", type=int, default=2)
    p.add_argument("--show", action="store_true", help="print every wrong line")
    p.add_argument("--save", type=Path, default=None, help="write every line's outcome here (JSON)")
    p.add_argument("--against", type=Path, default=None, help="an earlier --save: list what turned right or wrong")
    a = p.parse_args(argv)
    try:
        paths = batch_paths(a.batches)
        for path in paths:
            load_batch(path)
        before = json.loads(a.against.read_text()) if a.against else None
    except (ValueError, OSError, KeyError, json.JSONDecodeError) as err:
        print(f"error: {err}", file=sys.stderr)
        return 2
    results = run(paths, a.engines, a.preset, a.threads)
    print(summary(results, a.engines))
    if a.show:
        for lines in results.values():
            for x in lines:
                if not x["ok"]:
                    print(f"{x['key']}: {x['got']} [{x['rule']}], expected {' or '.join(x['allowed'])}: {x['text']}")
    if a.save:
        a.save.write_text(json.dumps({x["key"]: x["ok"] for lines in results.values() for x in lines}, indent=0))
    if before is not None:
        worse, better = changes(results, before)
        print(f"against {a.against}: {len(worse)} right -> wrong, {len(better)} wrong -> right")
        for k in worse:
            print(f"  now wrong: {k}")
        for k in better:
            print(f"  now right: {k}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
