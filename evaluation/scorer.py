"""Context-aware scorer vs the pairwise entailment baseline on the evidence report sets (never trained on).

    python -m evaluation.scorer [--scorer exported_models/scorer] [--baseline exported_models/entailment]
                                        [--replicates 10000] [--long-per-set 40] [--limit N] [--write-card]

Both engines run as shipped (int8 ONNX) on every (response sentence, context sentence) pair:
  * context  -- ContextScorer.score(claims, documents): one forward pass per window;
  * pairwise -- Entailment.predict(premise = context sentence, hypothesis = claim) for each of the n x m
    pairs (one forward pass each): entailment -> support, contradiction -> contradict, neutral -> irrelevant.
Support F1 and Contradict F1 are computed over all pairs, Citation F1 is their mean (eTracer §6.2). 95 %
CIs: paired bootstrap over response sentences -- every replicate draws the same response sentences for both
engines, which also gives the CI of the difference (context - pairwise).

Speed: forward passes and wall-seconds per instance for each engine, measured in the same run (same
threads), over all instances and over instances with >= 20 context sentences. The report sets hold few of
those, so the long subset adds distractor documents from the same corpus (other abstracts; for
Climate-FEVER other held-out claims' evidence articles) until the context has 20-30 sentences; added
sentences are gold-irrelevant.
"""
from __future__ import annotations

import argparse
import json
import random
import sys
import time
from dataclasses import dataclass, field
from pathlib import Path

import numpy as np

from evaluation import datasets
from evaluation.datasets import EvidenceDocument, EvidenceInstance
from grounding.metrics import f1_from_counts, row_counts
from grounding.runtime import MODELS_DIR, NLI_ORDER, Entailment

METRICS = ("support_f1", "contradict_f1", "citation_f1")
ENGINES = ("context", "pairwise")
LONG_MIN = 20


@dataclass
class EngineRun:
    """Predictions of one engine on a list of instances: one row per (instance, response sentence)."""
    rows: list[list[int]] = field(default_factory=list)
    seconds: list[float] = field(default_factory=list)       # per instance
    passes: list[int] = field(default_factory=list)          # forward passes per instance
    windows: list[int] = field(default_factory=list)
    unscored: int = 0
    truncated: int = 0


class PairwiseEngine:
    """The shipped entailment model on every (context sentence, claim) pair."""

    sign = {NLI_ORDER.index("entailment"): 1, NLI_ORDER.index("neutral"): 0, NLI_ORDER.index("contradiction"): -1}

    def __init__(self, folder: Path, threads: int):
        self.model = Entailment(folder, threads=threads)

    def run(self, inst: EvidenceInstance, out: EngineRun) -> None:
        ctx = inst.context_sentences
        premises, hypotheses = inst.pairs()
        start = time.perf_counter()
        probs = self.model.predict(premises, hypotheses)
        out.seconds.append(time.perf_counter() - start)
        out.passes.append(len(premises))
        out.truncated += len(self.model.truncated)
        labels = [self.sign[int(k)] for k in probs.argmax(1)] if len(premises) else []
        out.rows += [labels[i * len(ctx) : (i + 1) * len(ctx)] for i in range(len(inst.claims))]


class ContextEngine:
    def __init__(self, folder: Path, threads: int):
        from grounding.scorer import ContextScorer
        self.model = ContextScorer(folder, threads=threads)

    def run(self, inst: EvidenceInstance, out: EngineRun) -> None:
        start = time.perf_counter()
        scored = self.model.score(inst.claims, [d.sentences for d in inst.documents])
        out.seconds.append(time.perf_counter() - start)
        out.passes.append(scored.coverage.forward_passes)
        out.windows.append(scored.coverage.windows)
        out.unscored += len(scored.coverage.unscored_context) + len(scored.coverage.unscored_response)
        out.truncated += len(scored.coverage.truncated_context) + len(scored.coverage.truncated_response)
        out.rows += scored.labels.astype(int).tolist()


# ---------------------------------------------------------------------------- long instances

def _corpus_documents(name: str, key: str) -> dict[str, EvidenceDocument]:
    path = datasets.data_dir() / "evidence" / name / "corpus.jsonl"
    out = {}
    with open(path, encoding="utf-8") as fh:
        for line in fh:
            if line.strip():
                r = json.loads(line)
                sents = [" ".join(s.split()) for s in r["abstract"] if s.strip()]
                if sents:
                    out[str(r[key])] = EvidenceDocument(str(r[key]), " ".join(r.get("title", "").split()), sents)
    return out


def long_instances(report: dict[str, list[EvidenceInstance]], per_set: int, seed: int = 0) -> list[EvidenceInstance]:
    """Instances with >= 20 context sentences: the report instances that already have them, plus `per_set`
    instances of each multi-sentence set padded with distractor documents from the same corpus."""
    rng = random.Random(seed)
    out = [i for insts in report.values() for i in insts if len(i.context_sentences) >= LONG_MIN]
    pools = {"check_covid_dev": list(_corpus_documents("check_covid", "cord_id").values()),
             "citation_integrity_dev": list(_corpus_documents("citation_integrity", "doc_id").values()),
             "climate_fever_held_out": [d for i in report.get("climate_fever_held_out", []) for d in i.documents]}
    for name, pool in pools.items():
        candidates = [i for i in report.get(name, []) if len(i.context_sentences) < LONG_MIN]
        for inst in rng.sample(candidates, min(per_set, len(candidates))):
            target = rng.randint(LONG_MIN, 30)
            own = {d.id for d in inst.documents} | {d.title for d in inst.documents}
            docs = [EvidenceDocument(d.id, d.title, list(d.sentences)) for d in inst.documents]
            m = sum(len(d.sentences) for d in docs)
            tries = 0
            while m < target and tries < 200:
                tries += 1
                cand = pool[rng.randrange(len(pool))]
                if cand.id in own or cand.title in own or len(cand.sentences) > 16:
                    continue
                own |= {cand.id, cand.title}
                docs.append(EvidenceDocument(cand.id, cand.title, list(cand.sentences)))
                m += len(cand.sentences)
            rng.shuffle(docs)                     # the source abstract is not always first
            gold = []
            for row_idx in range(len(inst.claims)):
                old = dict(zip([(d.id, k) for d in inst.documents for k in range(len(d.sentences))], inst.gold[row_idx]))
                gold.append([old.get((d.id, k), 0) if d.id in {x.id for x in inst.documents} else 0
                             for d in docs for k in range(len(d.sentences))])
            if m >= LONG_MIN:
                out.append(EvidenceInstance(f"{inst.id}+distractors", f"{name}_long", list(inst.claims), docs, gold))
    return out


# ---------------------------------------------------------------------------- scoring

def paired_bootstrap(stats: dict[str, np.ndarray], replicates: int, seed: int = 0, chunk: int = 500) -> dict:
    """95 % CIs of each engine's F1s and of the difference context - pairwise, with the same resampled
    response sentences for every engine in every replicate. stats: engine -> (rows, 6) counts."""
    names = list(stats)
    n = len(next(iter(stats.values())))
    rng = np.random.default_rng(seed)
    draws = {k: [] for k in names}
    for start in range(0, replicates, chunk):
        idx = rng.integers(0, n, (min(chunk, replicates - start), n))
        for k in names:
            sums = stats[k][idx].sum(1)                              # (chunk, 6)
            draws[k].append(np.array([f1_from_counts(s) for s in sums]))
    draws = {k: np.concatenate(v) for k, v in draws.items()}
    ci = lambda a: [round(float(x), 4) for x in np.percentile(a, [2.5, 97.5], axis=0).T.ravel()]  # noqa: E731
    out = {k: {m: ci(draws[k][:, j]) for j, m in enumerate(METRICS)} for k in names}
    if len(names) == 2:
        diff = draws[names[0]] - draws[names[1]]
        out["difference"] = {m: ci(diff[:, j]) for j, m in enumerate(METRICS)}
    return out


def summarise(name: str, instances: list[EvidenceInstance], runs: dict[str, EngineRun], replicates: int,
              seed: int) -> list[dict]:
    gold = [row for inst in instances for row in inst.gold]
    stats = {k: row_counts(r.rows, gold) for k, r in runs.items()}
    cis = paired_bootstrap(stats, replicates, seed) if replicates else {}
    rows = []
    points = {}
    for k, r in runs.items():
        points[k] = f1_from_counts(stats[k].sum(0))
        long_idx = [i for i, inst in enumerate(instances) if len(inst.context_sentences) >= LONG_MIN]
        rows.append({
            "set": name, "engine": k, "instances": len(instances), "response_sentences": len(gold),
            "pairs": int(sum(len(g) for g in gold)),
            **{m: f"{points[k][j]:.4f} [{cis[k][m][0]:.4f}, {cis[k][m][1]:.4f}]" if cis else f"{points[k][j]:.4f}"
               for j, m in enumerate(METRICS)},
            "passes_per_instance": round(float(np.mean(r.passes)), 2),
            "s_per_instance": round(float(np.mean(r.seconds)), 4),
            "s_per_instance_ge20": round(float(np.mean([r.seconds[i] for i in long_idx])), 4) if long_idx else "",
            "windows_per_instance": round(float(np.mean(r.windows)), 2) if r.windows else "",
            "unscored": r.unscored, "truncated": r.truncated,
        })
    if len(runs) == 2 and cis:
        a, b = list(runs)
        rows.append({"set": name, "engine": f"{a} - {b}", "instances": len(instances), "response_sentences": len(gold),
                     "pairs": int(sum(len(g) for g in gold)),
                     **{m: f"{points[a][j] - points[b][j]:+.4f} [{cis['difference'][m][0]:+.4f}, {cis['difference'][m][1]:+.4f}]"
                        for j, m in enumerate(METRICS)}})
    return rows


SIZE_GROUPS = (("1", 1, 1), ("2-3", 2, 3), (">=4", 4, 10 ** 6))


def speed_by_response_size(instances: list[EvidenceInstance], runs: dict[str, EngineRun]) -> list[dict]:
    """Seconds per instance of both engines by number of response sentences n: the pairwise baseline
    costs n x m pair passes, the scorer about (context tokens + n x response tokens) / window, so the
    speed-up grows with n (for n = 1 it is bounded by the ratio of pair tokens to context tokens)."""
    out = []
    for name, lo, hi in SIZE_GROUPS:
        idx = [i for i, inst in enumerate(instances) if lo <= len(inst.claims) <= hi]
        if not idx:
            continue
        sec = {k: float(np.mean([r.seconds[i] for i in idx])) for k, r in runs.items()}
        out.append({"response_sentences": name, "instances": len(idx),
                    "context_sentences_mean": round(float(np.mean([len(instances[i].context_sentences) for i in idx])), 1),
                    **{f"s_{k}": round(v, 4) for k, v in sec.items()},
                    "speedup": round(sec["pairwise"] / sec["context"], 2) if sec.get("context") else None})
    return out


def evaluate(scorer_dir: Path, baseline_dir: Path, replicates: int = 10000, long_per_set: int = 40,
             limit: int | None = None, threads: int = 2, seed: int = 0) -> dict:
    report = datasets.evidence_report_instances()
    if limit:
        report = {k: v[:limit] for k, v in report.items()}
    engines = {"context": ContextEngine(scorer_dir, threads), "pairwise": PairwiseEngine(baseline_dir, threads)}
    sets = dict(report)
    sets["long_ge20"] = long_instances(report, long_per_set if not limit else min(long_per_set, 5), seed)
    runs = {s: {k: EngineRun() for k in engines} for s in sets}
    for s, instances in sets.items():
        for k, engine in engines.items():
            if instances:
                engine.run(instances[0], EngineRun())      # warm-up, not timed
            for inst in instances:
                engine.run(inst, runs[s][k])
            print(f"[evaluate_scorer] {s}: {k} done ({sum(runs[s][k].seconds):.1f} s)", file=sys.stderr, flush=True)
    rows = []
    pooled_sets = list(report)
    pooled = {k: EngineRun() for k in engines}
    for s in pooled_sets:
        for k in engines:
            r = runs[s][k]
            pooled[k].rows += r.rows
            pooled[k].seconds += r.seconds
            pooled[k].passes += r.passes
            pooled[k].windows += r.windows
            pooled[k].unscored += r.unscored
            pooled[k].truncated += r.truncated
    all_instances = [i for s in pooled_sets for i in report[s]]
    rows += summarise("all_report_sets", all_instances, pooled, replicates, seed)
    for s in pooled_sets:
        rows += summarise(s, report[s], runs[s], replicates, seed)
    rows += summarise("long_ge20", sets["long_ge20"], runs["long_ge20"], replicates, seed)
    return {"rows": rows, "long_instances": len(sets["long_ge20"]),
            "long_speed_by_response_size": speed_by_response_size(sets["long_ge20"], runs["long_ge20"]),
            "long_context_sentences_mean": round(float(np.mean([len(i.context_sentences) for i in sets["long_ge20"]])), 1)
            if sets["long_ge20"] else 0}


COLUMNS = ("set", "engine", "response_sentences", "pairs", "support_f1", "contradict_f1", "citation_f1",
           "passes_per_instance", "s_per_instance", "windows_per_instance")


def table(rows: list[dict]) -> str:
    out = ["| " + " | ".join(COLUMNS) + " |", "|" + "---|" * len(COLUMNS)]
    out += ["| " + " | ".join(str(r.get(c, "")) for c in COLUMNS) + " |" for r in rows]
    return "\n".join(out)


def main(argv=None) -> int:
    p = argparse.ArgumentParser(prog="python -m evaluation.scorer", description=__doc__,
                                formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--scorer", type=Path, default=MODELS_DIR / "scorer")
    p.add_argument("--baseline", type=Path, default=MODELS_DIR / "entailment")
    p.add_argument("--replicates", type=int, default=10000)
    p.add_argument("--long-per-set", type=int, default=40, help="report instances per set padded to >= 20 context sentences")
    p.add_argument("--limit", type=int, default=None, help="at most this many instances per report set (smoke runs)")
    p.add_argument("--threads", type=int, default=2)
    p.add_argument("--seed", type=int, default=0)
    p.add_argument("--write-card", action="store_true", help="store the table in the scorer's card")
    a = p.parse_args(argv)
    for what, folder in (("scorer", a.scorer), ("baseline", a.baseline)):
        if not (folder / "model.onnx").is_file():
            print(f"error: no exported {what} in {folder}; export it first (python -m export --role "
                  f"{'scorer' if what == 'scorer' else 'entailment'} ...) or pass --{what}.", file=sys.stderr)
            return 2
    start = time.perf_counter()
    result = evaluate(a.scorer, a.baseline, a.replicates, a.long_per_set, a.limit, a.threads, a.seed)
    print(table(result["rows"]))
    print("\nlong_ge20 speed by response size (seconds per instance, same run):")
    for r in result["long_speed_by_response_size"]:
        print("  " + ", ".join(f"{k} {v}" for k, v in r.items()))
    if a.write_card:
        from export.card import update_card
        cmd = ("python -m evaluation.scorer" + (f" --scorer {a.scorer}" if a.scorer.resolve() != (MODELS_DIR / "scorer").resolve() else "")
               + (f" --limit {a.limit}" if a.limit else ""))
        update_card(a.scorer, evaluation={
            "command": cmd, "rows": [{c: r.get(c, "") for c in COLUMNS} for r in result["rows"]],
            "notes": (f"Report sets only (Check-COVID dev, Citation-Integrity dev, Climate-FEVER held-out, SciFact dev). "
                      f"Baseline: {a.baseline.name} int8 run on every pair (premise = context sentence). F1 over all "
                      f"pairs with 95% paired bootstrap CIs over response sentences ({a.replicates} replicates); "
                      f"'context - pairwise' rows give the difference and its CI. long_ge20: "
                      f"{result['long_instances']} instances with >= 20 context sentences (mean "
                      f"{result['long_context_sentences_mean']}), padded with distractor documents from the same corpus. "
                      f"Speed: {a.threads} threads, one process, windows scored one per forward pass."),
            "speed_by_response_size": result["long_speed_by_response_size"],
            "benchmark": {"seconds_total": round(time.perf_counter() - start, 1)}})
        print(f"[evaluate_scorer] wrote the evaluation into {a.scorer}/card.json and README.md", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
