"""Multi-step traceability on synthetic generation DAGs with known injected errors.

    python -m evaluation.trace --split report --q 1 3          # the README table
    python -m evaluation.trace --split dev --q 1 3             # tuning material (Check-COVID train)

No public multi-step set with intermediate outputs is available offline, so the DAGs are built from
Check-COVID (``evaluation.datasets.check_covid``): "dev" from its train split, "report" from its dev split
(the evidence report role, never tuned on). Each DAG takes two abstracts:

* sources: each abstract cut into two chunks (stage "source chunk");
* one summary per abstract (stage "document summary", inputs: its chunks): a human-written Check-COVID claim
  that the abstract SUPPORTs (a rewritten sentence), then one sentence copied from the abstract (extractive);
* the final summary (stage "final summary", inputs: both summaries): the summaries' sentences, copied.

The clean DAG's final sentences are the negatives. Each positive is a copy of the DAG with one error injected
into one sentence, either in a document summary (and copied into the final summary) or in the final summary
only: a changed number, a reversed direction word, an entity swapped for one of the other abstract, an
unsupported addition (a sentence of an abstract outside the DAG), or the claim replaced by its human-written
REFUTE twin from Check-COVID. A final sentence is predicted "flagged" when any claim decomposed from it is
Not Fully Supported or Inconclusive; localisation is right when the stages named for its flagged claims are
exactly the stage the error was injected at.
"""
from __future__ import annotations

import argparse
import json
import random
import re
import sys
import time
from dataclasses import dataclass, field

from grounding.config import GroundingConfig
from evaluation.datasets import DataMissingError, check_covid
from grounding.trace import INCONCLUSIVE, NOT_FULLY_SUPPORTED, parse_dag, trace

SPLITS = {"dev": "train", "report": "dev"}   # our split -> Check-COVID file (see ../shared/data/README.md)
SUMMARY, FINAL = "document summary", "final summary"
ERRORS = ("number", "direction", "entity", "addition", "refuted")
_DIRECTIONS = [("increased", "decreased"), ("increase", "decrease"), ("increases", "decreases"),
               ("increasing", "decreasing"), ("higher", "lower"), ("more", "less"), ("reduced", "increased"),
               ("reduces", "increases"), ("reduce", "increase"), ("improved", "worsened"), ("improves", "worsens"),
               ("positive", "negative"), ("effective", "ineffective"), ("greater", "smaller"), ("better", "worse"),
               ("elevated", "reduced"), ("upregulated", "downregulated"), ("inhibits", "promotes"),
               ("lowered", "raised"), ("rise", "fall"), ("enhanced", "impaired"), ("protective", "harmful")]
SWAP = {a: b for a, b in _DIRECTIONS} | {b: a for a, b in _DIRECTIONS if b not in dict(_DIRECTIONS)}
_WORD = re.compile(r"\b(" + "|".join(sorted(SWAP, key=len, reverse=True)) + r")\b", re.I)
_BOILERPLATE = re.compile(r"^[A-Z][A-Z /&-]{2,}:|copyright|©|rights reserved|funded by|funding|registration", re.I)
_NUMBER = re.compile(r"(?<![\w.-])(\d+(?:\.\d+)?)(?![\w.]*\d)(?!-)")


@dataclass
class Doc:
    id: str
    sentences: list[str]
    support: str
    refute: str | None


@dataclass
class Case:
    """One DAG and the gold label of each final-summary sentence (by its character span)."""
    dag: dict
    spans: list[tuple[int, int, bool, str]]   # (start, end, has an error, stage injected at or "")
    error: str = ""                            # error type, "" for a clean DAG
    meta: dict = field(default_factory=dict)


def documents(split: str) -> list[Doc]:
    """Abstracts with a SUPPORT claim (and its REFUTE twin where Check-COVID has one)."""
    docs: dict[str, Doc] = {}
    claims = check_covid(SPLITS[split])
    by_id = {c.id: c for c in claims}
    for c in claims:
        row = c.gold[0]
        if 1 not in row or len(c.documents[0].sentences) < 4:
            continue
        d = c.documents[0]
        twin = _twin(c.id, by_id)
        if d.id not in docs or (docs[d.id].refute is None and twin):
            docs[d.id] = Doc(d.id, [re.sub(r"^Abstract\s+", "", s) for s in d.sentences], c.claims[0], twin)
    return [docs[k] for k in sorted(docs)]


def _twin(claim_id: str, by_id: dict) -> str | None:
    """The REFUTE claim written from the same SUPPORT claim (Check-COVID ids <batch>_<n>: neighbours)."""
    stem, _, n = claim_id.rpartition("_")
    for k in (int(n) - 1, int(n) + 1) if n.isdigit() else ():
        other = by_id.get(f"{stem}_{k}")
        if other is not None and -1 in other.gold[0] and other.documents[0].id == by_id[claim_id].documents[0].id:
            return other.claims[0]
    return None


def _extract(doc: Doc) -> str:
    """A sentence copied from the abstract: the last one of ordinary length (the conclusion, usually)."""
    fits = [s for s in doc.sentences if 40 <= len(s) <= 300 and not _BOILERPLATE.search(s)]
    return (fits or doc.sentences)[-1]


def build_dag(dag_id: str, pair: list[Doc], summaries: dict[str, list[str]], final: list[str]) -> dict:
    nodes = []
    for d in pair:
        half = len(d.sentences) // 2
        for k, part in enumerate((d.sentences[:half], d.sentences[half:]), 1):
            nodes.append({"id": f"{d.id}-c{k}", "stage": "source chunk", "text": " ".join(part)})
        nodes.append({"id": f"{d.id}-sum", "stage": SUMMARY, "inputs": [f"{d.id}-c1", f"{d.id}-c2"],
                      "text": " ".join(summaries[d.id])})
    nodes.append({"id": "final", "stage": FINAL, "inputs": [f"{d.id}-sum" for d in pair], "text": " ".join(final)})
    return {"id": dag_id, "nodes": nodes, "final": "final"}


def mutate(kind: str, sentence: str, doc: Doc, other: Doc, outside: str) -> str | None:
    """`sentence` with one error of `kind`, or None when that error does not apply to it."""
    if kind == "number":
        m = next((m for m in _NUMBER.finditer(sentence) if m.group(1) not in ("19", "2")), None)
        if m is None:
            return None
        value = m.group(1)
        new = (f"{float(value) * 1.5 + 0.5:.{len(value.split('.')[1])}f}" if "." in value
               else str(int(value) * 2 + 3 if int(value) < 1900 else int(value) - 3))
        return sentence[:m.start(1)] + new + sentence[m.end(1):]
    if kind == "direction":
        m = _WORD.search(sentence)
        if m is None:
            return None
        word = SWAP[m.group(1).lower()]
        word = word.capitalize() if m.group(1)[0].isupper() else word
        return sentence[:m.start()] + word + sentence[m.end():]
    if kind == "entity":
        from grounding.entities import mentions
        mine = [m for m in mentions(sentence) if m.kind == "named"]
        keys = {m.key for m in mine}
        theirs = [m.surface for s in other.sentences for m in mentions(s) if m.kind == "named" and m.key not in keys]
        if not mine or not theirs:
            return None
        m = mine[0]
        return sentence[:m.start] + theirs[0] + sentence[m.end:]
    if kind == "addition":
        return sentence + " " + outside
    if kind == "refuted":
        return doc.refute if sentence == doc.support and doc.refute else None
    raise ValueError(kind)


def cases(split: str, limit: int | None = None, seed: int = 7) -> list[Case]:
    """The clean DAGs and their corrupted copies (see the module docstring)."""
    docs = documents(split)
    rng = random.Random(seed)
    rng.shuffle(docs)
    pairs = [docs[k:k + 2] for k in range(0, len(docs) - 1, 2)][:limit]
    out: list[Case] = []
    for n, pair in enumerate(pairs):
        outside = pairs[(n + 1) % len(pairs)][0]
        summaries = {d.id: [d.support, _extract(d)] for d in pair}
        final = [s for d in pair for s in summaries[d.id]]
        dag_id = f"{split}-{n:03d}"
        out.append(Case(build_dag(dag_id, pair, summaries, final), _spans(final, None, ""), meta={"dag": dag_id}))
        order = [(k, d) for k, d in enumerate(pair) for _ in (0, 1)]   # final index -> its document
        for kind in ERRORS:
            targets = list(range(len(final)))
            rng.shuffle(targets)
            for t in targets:
                doc = order[t][1]
                other = pair[1 - order[t][0]]
                wrong = mutate(kind, final[t], doc, other, _extract(outside))
                if wrong is None or wrong == final[t]:
                    continue
                for stage in (SUMMARY, FINAL):
                    new_final = final[:t] + [wrong] + final[t + 1:]
                    new_summaries = {k: list(v) for k, v in summaries.items()}
                    if stage == SUMMARY:
                        new_summaries[doc.id][t % 2] = wrong
                    out.append(Case(build_dag(f"{dag_id}-{kind}-{stage.split()[0]}", pair, new_summaries, new_final),
                                    _spans(new_final, t, stage), kind,
                                    {"dag": dag_id, "original": final[t], "changed": wrong}))
                break
    return out


def _spans(final: list[str], wrong: int | None, stage: str) -> list[tuple[int, int, bool, str]]:
    spans, at = [], 0
    for k, s in enumerate(final):
        spans.append((at, at + len(s), k == wrong, stage if k == wrong else ""))
        at += len(s) + 1
    return spans


def score(items: list[tuple[bool, bool]]) -> dict:
    """NFS precision / recall / F1 and balanced accuracy of (gold has error, predicted flagged) items."""
    tp = sum(1 for g, p in items if g and p)
    fp = sum(1 for g, p in items if not g and p)
    fn = sum(1 for g, p in items if g and not p)
    tn = sum(1 for g, p in items if not g and not p)
    prec = tp / (tp + fp) if tp + fp else 0.0
    rec = tp / (tp + fn) if tp + fn else 0.0
    f1 = 2 * prec * rec / (prec + rec) if prec + rec else 0.0
    tnr = tn / (tn + fp) if tn + fp else 0.0
    return {"precision": prec, "recall": rec, "f1": f1, "balanced_accuracy": (rec + tnr) / 2,
            "tp": tp, "fp": fp, "fn": fn, "tn": tn}


def evaluate(all_cases: list[Case], config: GroundingConfig) -> dict:
    """Sentence-level items of every case: the clean DAGs' sentences and each corrupted DAG's changed one."""
    from grounding.segment import split_response
    items, located, per_kind, inconclusive = [], [], {}, 0
    for case in all_cases:
        res = trace(parse_dag(case.dag), config)
        sents = split_response(case.dag["nodes"][-1]["text"])
        for start, end, wrong, stage in case.spans:
            if case.error and not wrong:
                continue   # the untouched sentences of a corrupted copy repeat its clean DAG's negatives
            mine = [c for c in res.claims if sents[c.sentence].start < end and start < sents[c.sentence].end]
            flagged = [c for c in mine if c.verdict in (NOT_FULLY_SUPPORTED, INCONCLUSIVE)]
            inconclusive += sum(1 for c in mine if c.verdict == INCONCLUSIVE)
            items.append((wrong, bool(flagged)))
            if wrong:
                per_kind.setdefault((case.error, stage), []).append(bool(flagged))
                if flagged:
                    named = {s for c in flagged for s in c.error_stages}
                    located.append(named == {stage})
    out = score(items)
    out["localisation"] = sum(located) / len(located) if located else 0.0
    out["located"] = f"{sum(located)}/{len(located)}"
    out["inconclusive_claims"] = inconclusive
    out["recall_by_error"] = {f"{k} @ {s}": round(sum(v) / len(v), 3) for (k, s), v in sorted(per_kind.items())}
    return out


def main(argv=None) -> int:
    p = argparse.ArgumentParser(prog="python -m evaluation.trace", description=__doc__,
                                formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--split", choices=sorted(SPLITS), default="dev")
    p.add_argument("--q", type=int, nargs="+", default=[1, 3])
    p.add_argument("--tau", type=float, default=0.5)
    p.add_argument("--limit", type=int, default=None, help="at most this many base DAGs")
    p.add_argument("--override", action="append", default=[], metavar="NAME=VALUE",
                   help="a verdict preset field, e.g. supported=0.6 (repeatable)")
    p.add_argument("--output", default=None, help="also write the figures as JSON here")
    a = p.parse_args(argv)
    try:
        overrides = {k: float(v) for k, v in (o.split("=", 1) for o in a.override)}
        GroundingConfig(overrides=overrides).validate()
    except ValueError as err:
        print(f"error: --override: {err}", file=sys.stderr)
        return 2
    try:
        all_cases = cases(a.split, a.limit)
    except DataMissingError as err:
        print(f"error: {err}", file=sys.stderr)
        return 2
    clean = sum(1 for c in all_cases if not c.error)
    print(f"{a.split}: {clean} DAGs ({sum(len(c.spans) for c in all_cases if not c.error)} clean final sentences), "
          f"{len(all_cases) - clean} corrupted copies", file=sys.stderr)
    rows = {}
    for q in a.q:
        t = time.perf_counter()
        # no time budget: every claim of every DAG is traced and scored
        rows[q] = evaluate(all_cases, GroundingConfig(tau=a.tau, trace_q=q, overrides=overrides, time_budget=0))
        rows[q]["seconds"] = round(time.perf_counter() - t, 1)
    print("| q | NFS precision | NFS recall | NFS F1 | balanced accuracy | error localisation | TP / FP / FN / TN |")
    print("|---|---|---|---|---|---|---|")
    for q, r in rows.items():
        print(f"| {q} | {r['precision']:.3f} | {r['recall']:.3f} | {r['f1']:.3f} | {r['balanced_accuracy']:.3f} | "
              f"{r['localisation']:.3f} ({r['located']}) | {r['tp']} / {r['fp']} / {r['fn']} / {r['tn']} |")
    for q, r in rows.items():
        print(f"q = {q}: recall by error: " + ", ".join(f"{k} {v:.2f}" for k, v in r["recall_by_error"].items())
              + f"; Inconclusive claims: {r['inconclusive_claims']}; {r['seconds']} s")
    if a.output:
        with open(a.output, "w", encoding="utf-8") as fh:
            json.dump({"split": a.split, "tau": a.tau, "overrides": overrides, "results": rows}, fh, indent=1)
    return 0


if __name__ == "__main__":
    sys.exit(main())
