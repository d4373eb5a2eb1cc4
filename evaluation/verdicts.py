"""Claim verdicts against the gold claim labels of the evidence sets: is "contradicted" told apart from
"not mentioned"?

    python -m evaluation.verdicts [--engine claims] [--split report|train|train-dev] [--limit N] [--group K]
                                          [--variant NAME:key=value,...] [--threads 2] [--save F] [--against F]

Every claim of an evidence instance is checked alone against the instance's documents, as a user would:
``ground(claim, documents)`` with decomposition and PFCR off (the gold label belongs to the whole claim).
Gold, from the sentence labels of the claim's row: a refuting sentence and no supporting one ->
Contradicted; a supporting one and no refuting one -> Supported; no labelled sentence -> Unsupported (the
sources do not settle it); both -> disputed, counted but left out of the scores. Predicted: Supported and
Partially supported count as Supported; a claim the segmenter split into several sentences is Contradicted
if any part is, Supported if every part is, otherwise Unsupported; Not assessed counts as a miss.

--group K checks the claims of K instances at a time as one answer (one claim per line) against all their
documents, as an answer of several sentences built from several sources; each claim is scored by the verdicts
of the sentences that overlap it.

Each --variant re-decides the stored scores under other verdict settings (``pipeline.rederive``: no model
runs again), e.g. ``--variant strict:supported=0.8``, ``--variant anchored:override_scope=anchor`` or another preset,
``--variant paper:preset=paper`` (the run's own fp32 rechecks near the default preset's thresholds stay); the
default preset is always the first row. Choose settings on ``--split train-dev`` (the train sets' dev carve; a
model trained with ``--joint-premises fit`` never read its joint premises, the shipped one did) or ``--split train``
(every train claim, whose pairs the entailment model was trained on: optimistic), and report them on ``--split report``.

--save writes every claim's gold label, predicted label (default variant), text and deciding rule as JSON;
--against an earlier --save (same split, limit and group) lists the claims whose verdict changed since, and how
many turned right or wrong: the audit after a rule change, chosen on --split train-dev.

Prints, per set and over all sets: claims, accuracy, F1 of Supported / Unsupported / Contradicted, their
macro mean, and the two errors a reader cares about: false alarms (Contradicted where the sources support or
do not mention the claim) and missed contradictions (gold Contradicted called Supported). Then how sure the
verdicts said they were (grounding.sureness): per set, the claims with a figure, how well the figures held (expected
calibration error, Brier score) and the share right among the sure, fairly sure and unsure verdicts.
"""
from __future__ import annotations

import argparse
import dataclasses
import json
import re
import sys
import time
from dataclasses import dataclass, field
from pathlib import Path

import numpy as np

from evaluation import datasets
from grounding.config import GroundingConfig
from grounding.types import CONTRADICTED, NOT_ASSESSED, PARTIAL, SUPPORTED, UNSUPPORTED

CLASSES = (SUPPORTED, UNSUPPORTED, CONTRADICTED)
DISPUTED = "disputed"


def gold_label(row: list[int]) -> str:
    """The claim's label from its sentence labels (+1 support, -1 refute, 0 neither)."""
    pos, neg = any(g == 1 for g in row), any(g == -1 for g in row)
    if pos and neg:
        return DISPUTED
    return SUPPORTED if pos else CONTRADICTED if neg else UNSUPPORTED


def claim_label(verdict_labels: list[str]) -> str:
    """One label for a checked claim from the verdicts of its sentence(s)."""
    if not verdict_labels or NOT_ASSESSED in verdict_labels:
        return NOT_ASSESSED
    if CONTRADICTED in verdict_labels:
        return CONTRADICTED
    if all(v in (SUPPORTED, PARTIAL) for v in verdict_labels):
        return SUPPORTED
    return UNSUPPORTED


@dataclass
class Scores:
    gold: list[str] = field(default_factory=list)
    pred: list[str] = field(default_factory=list)
    disputed: int = 0
    sure: list = field(default_factory=list)   # each scored claim's Verdict.sureness (None: no figure, or several verdicts)
    keys: list = field(default_factory=list)   # "set#n": the set's n-th claim in reading order (--save, --against)
    texts: list = field(default_factory=list)
    rules: list = field(default_factory=list)  # the rule(s) that decided the claim's verdict(s), if any

    def row(self) -> dict:
        g, p = np.array(self.gold), np.array(self.pred)
        out = {"claims": len(g), "disputed_left_out": self.disputed,
               "accuracy": round(float((g == p).mean()), 4) if len(g) else None}
        f1s = []
        for c in CLASSES:
            tp, denom = float(((p == c) & (g == c)).sum()), float((p == c).sum() + (g == c).sum())
            f1 = 2 * tp / denom if denom else 0.0
            f1s.append(f1)
            out[f"f1_{c.lower().replace(' ', '_')}"] = round(f1, 4)
        out["macro_f1"] = round(float(np.mean(f1s)), 4)
        not_contra = g != CONTRADICTED
        out["false_alarms"] = f"{int(((p == CONTRADICTED) & not_contra).sum())}/{int(not_contra.sum())}"
        out["missed_contradictions"] = f"{int(((p == SUPPORTED) & ~not_contra).sum())}/{int((~not_contra).sum())}"
        out["not_assessed"] = int((p == NOT_ASSESSED).sum())
        return out

    def confusion(self) -> str:
        """'gold -> predicted counts' per gold class, e.g. 'Unsupported: 20 Supported, 9 Unsupported, 4 Contradicted'."""
        g, p = np.array(self.gold), np.array(self.pred)
        lines = []
        for c in CLASSES:
            counts = ", ".join(f"{int(((g == c) & (p == q)).sum())} {q}" for q in CLASSES + (NOT_ASSESSED,)
                               if ((g == c) & (p == q)).any())
            lines.append(f"gold {c} ({int((g == c).sum())}): {counts or 'none'}")
        return "; ".join(lines)


def instances(split: str) -> dict[str, list[datasets.EvidenceInstance]]:
    if split == "report":
        return datasets.evidence_report_instances()
    return datasets.evidence_train_instances({"train": "all", "train-fit": "fit", "train-dev": "dev"}[split])


def parse_variant(text: str) -> tuple[str, dict]:
    """'name:key=value,key=value' -> (name, overrides); values are numbers, true / false, 'none' or words."""
    name, _, body = text.partition(":")
    out = {}
    for item in filter(None, body.split(",")):
        key, _, value = item.partition("=")
        value = value.strip()
        if value.lower() == "none":
            out[key.strip()] = None
        elif value.lower() in ("true", "false"):
            out[key.strip()] = value.lower() == "true"
        else:
            try:
                out[key.strip()] = int(value) if re.fullmatch(r"[+-]?\d+", value) else float(value)
            except ValueError:
                out[key.strip()] = value
    return name, out


def checks(insts, group: int):
    """(response, documents, [(start, end, gold row)]) per check: every claim alone against its instance's
    documents (group 1), or the claims of `group` instances in turn as one answer, one claim per line, against
    all their documents (a document two of them share, the same id and text, is given once; documents that only share
    an id, such as SciFact's "rationale" or a Climate-FEVER article's other sentences, are kept apart under
    "id (2)", ...)."""
    if group <= 1:
        for inst in insts:
            for claim, row in zip(inst.claims, inst.gold):
                yield claim, inst.context_items(), [(0, len(claim), row)]
        return
    for g in range(0, len(insts) - group + 1, group):
        members, text, spans, docs = insts[g:g + group], "", [], {}
        for inst in members:
            for claim, row in zip(inst.claims, inst.gold):
                text += ("\n" if text else "")
                spans.append((len(text), len(text) + len(claim), row))
                text += claim
            for d in inst.context_items():
                key, n = d["id"], 1
                while key in docs and (docs[key]["title"], docs[key]["text"]) != (d["title"], d["text"]):
                    n += 1
                    key = f'{d["id"]} ({n})'
                docs[key] = {**d, "id": key}
        yield text, list(docs.values()), spans


def variant_configs(base: GroundingConfig, variants: list[tuple[str, dict]]) -> list[tuple[str, GroundingConfig]]:
    """("default", base) and one config per variant: its overrides on base's verdict settings, and another preset
    where it names one (preset=paper): the same scores, decided by that preset. The machine's settings (the model
    folder set, threads) stay base's: a learned preset reads the verdict model of the run's own model set."""
    return [("default", base)] + [
        (name, GroundingConfig(**{**base.to_dict(), "preset": ov.get("preset", base.preset),
                                  "overrides": {**base.overrides, **{k: v for k, v in ov.items() if k != "preset"}}},
                               models_dir=base.models_dir, threads=base.threads).validate())
        for name, ov in variants]


def evaluate(split: str, engine: str, variants: list[tuple[str, dict]], limit: int | None, threads: int,
             preset: str | None = None, settings: dict | None = None, group: int = 1) -> dict[str, dict[str, Scores]]:
    """{variant: {set: Scores}} (set "all" pools every set). `settings`: run settings (GroundingConfig fields,
    e.g. judge_top_k, tau, models_dir) for every variant; a verdict setting among them (joint_doubt=0.45) is the
    run's own, read by the stages that run the models. `group`: see `checks`."""
    from grounding.pipeline import ground, load_models, rederive

    fields = {f.name for f in dataclasses.fields(GroundingConfig)}
    run = {k: v for k, v in (settings or {}).items() if k in fields}
    verdict = {k: v for k, v in (settings or {}).items() if k not in fields}   # a verdict setting read in the run
    base = GroundingConfig(**{"engine": engine, "preset": preset or GroundingConfig().preset, "decompose": False,
                              "pfcr": False, "threads": threads, **run, "overrides": verdict}).validate()
    configs = variant_configs(base, variants)
    from grounding import learned
    for _, config in configs:   # a learned preset the model set cannot use is refused before any claim is read
        if config.verdict_preset().learned:
            learned.load(config.models_dir, engine)
    models = load_models(base.models_dir, threads)
    out: dict[str, dict[str, Scores]] = {name: {} for name, _ in configs}
    for set_name, insts in instances(split).items():
        start = time.perf_counter()
        n = 0
        for response, docs, spans in checks(insts[:limit] if limit else insts, group):
            result = ground(response, docs, base, models=models)
            first = n
            n += len(spans)
            for name, config in configs:
                if name != "default":
                    result = rederive(result, config)
                for k, (begin, end, row) in enumerate(spans):
                    gold = gold_label(row)
                    overlap = [v for v in result.verdicts      # the sentences that overlap the claim
                               if (sent := result.response_sentences[result.claims[v.claim].sentence]).start < end
                               and sent.end > begin]
                    labels = [v.label for v in overlap]
                    sure = overlap[0].sureness if len(overlap) == 1 else None   # several verdicts: no one figure
                    for key in (set_name, "all"):
                        s = out[name].setdefault(key, Scores())
                        if gold == DISPUTED:
                            s.disputed += 1
                            continue
                        s.gold.append(gold)
                        s.pred.append(claim_label(labels))
                        s.sure.append(sure)
                        s.keys.append(f"{set_name}#{first + k}")
                        s.texts.append(response[begin:end])
                        s.rules.append(" / ".join(v.rule for v in overlap if v.rule)[:200])
        print(f"[evaluate_verdicts] {set_name}: {time.perf_counter() - start:.1f} s", file=sys.stderr, flush=True)
    return out


def reliability(chance: np.ndarray, right: np.ndarray, bins: int = 10) -> dict:
    """How well stated chances of being right match the share right: expected calibration error (`bins` equal
    bins), Brier score, and per band of grounding.sureness (sure / fairly sure / unsure) the claims and the share
    right."""
    from grounding.sureness import band
    chance, right = np.asarray(chance, dtype=float), np.asarray(right, dtype=float)
    total = 0.0
    for lo in np.linspace(0, 1, bins, endpoint=False):
        m = (chance > lo) & (chance <= lo + 1 / bins) if lo > 0 else (chance <= 1 / bins)
        if m.any():
            total += m.mean() * abs(float(right[m].mean()) - float(chance[m].mean()))
    out = {"claims": int(len(right)), "accuracy": round(float(right.mean()), 4) if len(right) else None,
           "ece": round(float(total), 4), "brier": round(float(np.mean((chance - right) ** 2)), 4) if len(right) else None}
    for name in ("sure", "fairly sure", "unsure"):
        m = np.array([band(float(c)) == name for c in chance], dtype=bool)
        out[name] = {"claims": int(m.sum()), "right": round(float(right[m].mean()), 4) if m.any() else None}
    return out


def sureness_table(results: dict[str, dict[str, "Scores"]]) -> str:
    """Per set and variant: how many verdicts got a sureness figure, and how well those figures held
    (`reliability`), with the accuracy of the verdicts that got none."""
    cols = ("set", "variant", "claims", "with a figure", "their accuracy", "ECE", "Brier", "sure: claims / right",
            "fairly sure", "unsure", "no figure: claims / right")
    lines = ["| " + " | ".join(cols) + " |", "|" + "---|" * len(cols)]
    sets = list(next(iter(results.values())))
    for set_name in ["all"] + [s for s in sets if s != "all"]:
        for variant, by_set in results.items():
            s = by_set[set_name]
            has = np.array([x is not None for x in s.sure], dtype=bool)
            right = np.array(s.gold) == np.array(s.pred)
            r = reliability(np.array([x for x in s.sure if x is not None]), right[has]) if has.any() else None
            cell = lambda b: f"{r[b]['claims']} / {r[b]['right']}" if r and r[b]["claims"] else "0"
            none = f"{int((~has).sum())} / {round(float(right[~has].mean()), 4)}" if (~has).any() else "0"
            lines.append("| " + " | ".join(str(x) for x in (
                set_name, variant, len(s.gold), int(has.sum()), r["accuracy"] if r else "", r["ece"] if r else "",
                r["brier"] if r else "", cell("sure"), cell("fairly sure"), cell("unsure"), none)) + " |")
    return "\n".join(lines)


COLUMNS = ("set", "variant", "claims", "accuracy", "f1_supported", "f1_unsupported", "f1_contradicted", "macro_f1",
           "false_alarms", "missed_contradictions", "not_assessed", "disputed_left_out")


def table(results: dict[str, dict[str, Scores]]) -> str:
    lines = ["| " + " | ".join(COLUMNS) + " |", "|" + "---|" * len(COLUMNS)]
    sets = list(next(iter(results.values())))
    for set_name in ["all"] + [s for s in sets if s != "all"]:
        for variant, by_set in results.items():
            r = {"set": set_name, "variant": variant, **by_set[set_name].row()}
            lines.append("| " + " | ".join(str(r.get(c, "")) for c in COLUMNS) + " |")
    return "\n".join(lines)


def main(argv=None) -> int:
    p = argparse.ArgumentParser(prog="python -m evaluation.verdicts", description=__doc__,
                                formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--engine", default="claims")
    p.add_argument("--preset", default=GroundingConfig().preset)
    p.add_argument("--split", choices=["report", "train", "train-fit", "train-dev"], default="report",
                   help="train-dev: the train sets' dev carve (evaluation.datasets.in_train_dev), which a model trained "
                        "with --joint-premises fit never read as joint premises: the place to choose settings")
    p.add_argument("--variant", action="append", default=[], help="NAME:key=value,... verdict settings to compare")
    p.add_argument("--limit", type=int, default=None, help="at most this many instances per set")
    p.add_argument("--threads", type=int, default=2)
    p.add_argument("--group", type=int, default=1,
                   help="check the claims of this many instances at a time as one answer (one claim per line)")
    p.add_argument("--save", type=Path, default=None,
                   help="write every claim's gold and predicted label (default variant) here, as JSON")
    p.add_argument("--against", type=Path, default=None,
                   help="an earlier --save of the same split and limit: list the claims whose verdict changed")
    p.add_argument("--set", action="append", default=[], metavar="KEY=VALUE",
                   help="a run setting for every variant (a GroundingConfig field: judge_top_k=0, tau=0.4, "
                   "models_dir=DIR; or a verdict setting the run reads: joint_doubt=0.45)")
    a = p.parse_args(argv)
    try:
        datasets.data_dir()
        variants = [parse_variant(v) for v in a.variant]
        settings = parse_variant("set:" + ",".join(a.set))[1] if a.set else {}   # whole numbers come back as int
        before = json.loads(a.against.read_text()) if a.against else None
        results = evaluate(a.split, a.engine, variants, a.limit, a.threads, a.preset, settings, a.group)
    except (datasets.DataMissingError, ValueError, OSError, json.JSONDecodeError) as err:
        print(f"error: {err}", file=sys.stderr)
        return 2
    print(f"engine {a.engine}, preset {a.preset}, split {a.split}" + (f", limit {a.limit}" if a.limit else "")
          + (f", {a.group} instances per answer" if a.group > 1 else "")
          + (f", settings {settings}" if settings else ""))
    print(table(results))
    for variant, by_set in results.items():
        print(f"confusion, all sets, {variant}: {by_set['all'].confusion()}")
    print("how sure (grounding.sureness): the chance of being right each verdict states, against the share right")
    print(sureness_table(results))
    pooled = results["default"]["all"]
    if a.save:
        a.save.write_text(json.dumps(saved(pooled), indent=0))
    if before is not None:
        print(f"against {a.against}:")
        print("\n".join(changed(before, pooled)))
    return 0


def saved(scores: Scores) -> dict:
    """{key: [gold, predicted, claim text, rule]} for --save."""
    return {k: [g, p, t, r] for k, g, p, t, r in zip(scores.keys, scores.gold, scores.pred, scores.texts, scores.rules)}


def changed(before: dict, scores: Scores) -> list[str]:
    """The claims whose predicted label differs from an earlier --save: a count of those now right, now wrong and
    wrong both ways, then one line each (key, gold, before -> now, claim). A key the earlier run lacks is left out."""
    now = saved(scores)
    moved = [(k, g, before[k][1], p, t, r) for k, (g, p, t, r) in now.items() if k in before and before[k][1] != p]
    gained = sum(1 for _, g, was, p, _, _ in moved if p == g)
    lost = sum(1 for _, g, was, p, _, _ in moved if was == g)
    lines = [f"{len(moved)} changed: {gained} now right, {lost} now wrong, {len(moved) - gained - lost} wrong both ways"]
    lines += [f"  {k} gold {g}: {was} -> {p}: {t[:120]}" + (f" [{r[:100]}]" if r else "") for k, g, was, p, t, r in moved]
    return lines


if __name__ == "__main__":
    sys.exit(main())
