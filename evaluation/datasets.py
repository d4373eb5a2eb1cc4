"""Readers for the public data in ``../shared/data`` (see its README for the split convention).

Two shapes come out of here:

* ``NLIPair`` -- (premise, hypothesis, label) for training and evaluating the entailment model.
  ``label`` is one of ``entailment`` / ``neutral`` / ``contradiction`` or, for the 2-way sets,
  ``not_entailment`` (which says nothing about *which* of neutral / contradiction holds).
* ``EvidenceInstance`` -- a response (one or more claims) against context documents split into
  sentences, with a gold label per (claim, context sentence): +1 support, -1 contradict, 0 irrelevant.

Only the "train" roles may be used for training; the "report" roles are for evaluation only.
"""
from __future__ import annotations

import csv
import hashlib
import json
import os
import random
import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Iterator

NLI_LABELS = ("entailment", "neutral", "contradiction")

DEFAULT_DATA_DIR = Path(__file__).resolve().parent.parent.parent / "shared" / "data"


class DataMissingError(FileNotFoundError):
    """Raised when ../shared/data (or one of its files) is not where it should be."""


def data_dir() -> Path:
    """The shared data folder: $GROUNDING_DATA_DIR, else ../shared/data beside the checkout."""
    path = Path(os.environ.get("GROUNDING_DATA_DIR", DEFAULT_DATA_DIR))
    if not path.is_dir():
        raise DataMissingError(
            f"The public data folder was not found at {path}. Put the shared data there "
            "(see the README, 'Data') or set GROUNDING_DATA_DIR to its location."
        )
    return path


def _file(rel: str) -> Path:
    path = data_dir() / rel
    if not path.exists():
        raise DataMissingError(f"Data file {path} is missing (expected by the split convention in {data_dir()}/README.md).")
    return path


@dataclass(frozen=True)
class NLIPair:
    premise: str
    hypothesis: str
    label: str  # entailment | neutral | contradiction | not_entailment
    source: str


def _clean(text: str) -> str:
    return re.sub(r"\s+", " ", text or "").strip()


def _detok(text: str) -> str:
    """SNLI files are tokenised ("a man , who ..."): undo the spaces before punctuation."""
    text = re.sub(r"\s+([.,!?;:%)'])", r"\1", text)
    text = re.sub(r"([($])\s+", r"\1", text)
    text = text.replace(" n't", "n't").replace(" 's", "'s")
    return _clean(text)


def _pair(premise: str, hypothesis: str, label: str, source: str) -> NLIPair | None:
    premise, hypothesis = _clean(premise), _clean(hypothesis)
    if not premise or not hypothesis:
        return None
    return NLIPair(premise, hypothesis, label, source)


# ---------------------------------------------------------------------------- NLI files

def _jsonl(path: Path) -> Iterator[dict]:
    with open(path, encoding="utf-8") as fh:
        for line in fh:
            line = line.strip()
            if line:
                yield json.loads(line)


def _tsv(path: Path) -> Iterator[dict]:
    with open(path, encoding="utf-8", newline="") as fh:
        yield from csv.DictReader(fh, delimiter="\t", quoting=csv.QUOTE_NONE)


_LABEL_MAP = {
    "entailment": "entailment", "neutral": "neutral", "contradiction": "contradiction",
    "not_entailment": "not_entailment", "not_entail": "not_entailment",
    "supports": "entailment", "refutes": "contradiction",
}


def snli(split: str) -> list[NLIPair]:
    base = f"nli/snli_{split}"
    prem = _file(f"{base}.premise.txt").read_text(encoding="utf-8").splitlines()
    hyp = _file(f"{base}.hypothesis.txt").read_text(encoding="utf-8").splitlines()
    lab = _file(f"{base}.labels.txt").read_text(encoding="utf-8").splitlines()
    out = [_pair(_detok(p), _detok(h), l.strip(), f"snli_{split}") for p, h, l in zip(prem, hyp, lab)]
    return [p for p in out if p and p.label in NLI_LABELS]


def mnli_dev() -> list[NLIPair]:
    out = [_pair(r["premise"], r["hypothesis"], r["label"], "mnli_dev") for r in _jsonl(_file("nli/mnli_dev_matched.jsonl"))]
    return [p for p in out if p and p.label in NLI_LABELS]


def sick() -> list[NLIPair]:
    out = [_pair(r["sentence_A"], r["sentence_B"], r["entailment_judgment"].lower(), "sick") for r in _tsv(_file("nli/sick.tsv"))]
    return [p for p in out if p and p.label in NLI_LABELS]


def cad(split: str) -> list[NLIPair]:
    out = [_pair(r["sentence1"], r["sentence2"], r["gold_label"], f"cad_{split}") for r in _tsv(_file(f"nli/cad_{split}.tsv"))]
    return [p for p in out if p and p.label in NLI_LABELS]


def healthver() -> list[NLIPair]:
    labels = {"Supports": "entailment", "Refutes": "contradiction", "Neutral": "neutral"}
    with open(_file("nli/healthver_dev.csv"), encoding="utf-8", newline="") as fh:
        out = [_pair(r["evidence"], r["claim"], labels.get(r["label"], ""), "healthver") for r in csv.DictReader(fh)]
    return [p for p in out if p and p.label in NLI_LABELS]


def fever_2way() -> list[NLIPair]:
    ev = _file("nli/fever_dev.evidence.txt").read_text(encoding="utf-8").splitlines()
    cl = _file("nli/fever_dev.claim.txt").read_text(encoding="utf-8").splitlines()
    lab = _file("nli/fever_dev.labels.txt").read_text(encoding="utf-8").splitlines()
    out = [_pair(e, c, _LABEL_MAP.get(l.strip(), ""), "fever_2way") for e, c, l in zip(ev, cl, lab)]
    return [p for p in out if p and p.label in ("entailment", "not_entailment")]


def covidfact_2way() -> list[NLIPair]:
    out = []
    for r in _tsv(_file("nli/covidfact_rte_train.tsv")):
        out.append(_pair(r["sentence1"], r.get("Sentence2") or r.get("sentence2", ""), _LABEL_MAP.get(r["label"].strip(), ""), "covidfact_2way"))
    return [p for p in out if p and p.label in ("entailment", "not_entailment")]


def scitail_2way() -> list[NLIPair]:
    out = [_pair(r["premise"], r["hypothesis"], _LABEL_MAP.get(r["label"], ""), "scitail_2way") for r in _jsonl(_file("nli/scitail_test_2way.jsonl"))]
    return [p for p in out if p and p.label in ("entailment", "not_entailment")]


def rte_2way() -> list[NLIPair]:
    out = [_pair(r["premise"], r["hypothesis"], _LABEL_MAP.get(r["label"], ""), "rte_2way") for r in _jsonl(_file("nli/rte_2way.jsonl"))]
    return [p for p in out if p and p.label in ("entailment", "not_entailment")]


# ---------------------------------------------------------------------------- more 3-way NLI (nli_extra/)

_SHORT_LABELS = {"e": "entailment", "n": "neutral", "c": "contradiction"}


def lingnli(split: str) -> list[NLIPair]:
    """LingNLI, all three protocols and five rounds: split 'train' or 'val'."""
    files = sorted((data_dir() / "nli_extra" / "lingnli").glob(f"{split}_round*.jsonl"))
    if not files:
        raise DataMissingError(f"No nli_extra/lingnli/{split}_round*.jsonl files under {data_dir()}")
    out = [_pair(r["premise"], r["hypothesis"], r.get("label", ""), f"lingnli_{split}") for f in files for r in _jsonl(f)]
    return [p for p in out if p and p.label in NLI_LABELS]


def new_protocols(split: str) -> list[NLIPair]:
    """Bowman et al. 2020 (base, contrast, edit_other, edit_premise): split 'train' or 'val'."""
    out = []
    for part in ("base", "contrast", "edit_other", "edit_premise"):
        for r in _tsv(_file(f"nli_extra/new_protocols/{part}_{split}.tsv")):
            out.append(_pair(r["sentence1"], r["sentence2"], (r.get("gold_label") or "").strip(), f"new_protocols_{split}"))
    return [p for p in out if p and p.label in NLI_LABELS]


def semi_automatic(split: str) -> list[NLIPair]:
    """Vania et al. 2020, the Wikipedia-premise parts: split 'train' or 'test' (the dev role)."""
    out = []
    for part in ("base_wiki", "sim_wiki", "translate_wiki"):
        for r in _jsonl(_file(f"nli_extra/semi_automatic/{part}_{split}.jsonl")):
            out.append(_pair(r["premise"], r["hypothesis"], _SHORT_LABELS.get(r.get("label", ""), ""), f"semi_automatic_{split}"))
    return [p for p in out if p and p.label in NLI_LABELS]


def conjnli(split: str) -> list[NLIPair]:
    """ConjNLI: split 'train' (adversarial_train_15k) or 'dev' (conj_dev). The files start with a BOM."""
    name = "adversarial_train_15k" if split == "train" else "conj_dev"
    with open(_file(f"nli_extra/conjnli/{name}.tsv"), encoding="utf-8-sig", newline="") as fh:
        rows = list(csv.DictReader(fh, delimiter="\t", quoting=csv.QUOTE_NONE))
    out = [_pair(r["Premise"], r["Hypothesis"], (r.get("Label") or "").strip().lower(), f"conjnli_{split}") for r in rows]
    return [p for p in out if p and p.label in NLI_LABELS]


def mpe(split: str) -> list[NLIPair]:
    """Multi-premise entailment: the four captions (image-id prefixes stripped) joined as one premise."""
    out = []
    for r in _tsv(_file(f"nli_extra/mpe/mpe_{split}.txt")):
        premise = " ".join(_clean(r[f"premise{i}"].split("/", 1)[-1]).rstrip(".") + "." for i in range(1, 5))
        out.append(_pair(premise, r["hypothesis"], (r.get("gold_label") or "").strip(), f"mpe_{split}"))
    return [p for p in out if p and p.label in NLI_LABELS]


def taxinli() -> list[NLIPair]:
    """TaxiNLI's MNLI pairs (label = MNLI gold), both files, without the pairs of nli/mnli_dev_matched.jsonl
    (already a source of their own) and without duplicates."""
    seen = {(p.premise, p.hypothesis) for p in mnli_dev()}
    out = []
    for name in ("taxinli10k.tsv", "taxinli10k_MNLIDev.tsv"):
        for r in _tsv(_file(f"nli_extra/taxinli/{name}")):
            p = _pair(r["prem"], r["hyp"], (r.get("label") or "").strip(), "taxinli")
            if p and p.label in NLI_LABELS and (p.premise, p.hypothesis) not in seen:
                seen.add((p.premise, p.hypothesis))
                out.append(p)
    return out


def nli_extra_train_sources() -> dict[str, list[NLIPair]]:
    """The "NLI train, more 3-way sets" role of the split convention."""
    return {"lingnli_train": lingnli("train"), "new_protocols_train": new_protocols("train"),
            "semi_automatic_train": semi_automatic("train"), "conjnli_train": conjnli("train"),
            "mpe_train": mpe("train"), "taxinli": taxinli()}


def nli_extra_dev_sets() -> dict[str, list[NLIPair]]:
    """The "NLI dev" role: model selection and evaluation rows (LingNLI, New Protocols, ...)."""
    return {"lingnli_dev": lingnli("val"), "new_protocols_dev": new_protocols("val"),
            "semi_automatic_dev": semi_automatic("test"), "conjnli_dev": conjnli("dev"), "mpe_dev": mpe("dev")}


# ---------------------------------------------------------------------------- evidence files

_CITATION_MARK = re.compile(r"\s*\[[^\]]*(<\|[a-z_]+\|>)[^\]]*\]|<\|[a-z_]+\|>")


def strip_citation_marks(text: str) -> str:
    """Citation-integrity claims carry markers like ``[<|multi_cit|>,7]``: drop them."""
    return _clean(_CITATION_MARK.sub("", text))


def _corpus(path: Path, key: str) -> dict[str, dict]:
    return {str(r[key]): r for r in _jsonl(path)}


def climate_fever_held_out(claim_id: str) -> bool:
    """The split convention: Climate-FEVER claims with int(claim_id) % 5 == 0 are report-only."""
    return int(claim_id) % 5 == 0


def scifact_rationales(split: str) -> list[NLIPair]:
    """SciFact rationales: ``not_entailment`` there means SciFact CONTRADICT, so it maps to contradiction."""
    out = []
    for r in _tsv(_file(f"evidence/scifact_rationales_{split}.tsv")):
        lab = {"entailment": "entailment", "not_entailment": "contradiction"}.get(r["entailment"].strip(), "")
        out.append(_pair(r["sentence1"], r["sentence2"], lab, f"scifact_{split}"))
    return [p for p in out if p and p.label in NLI_LABELS]


def factcheck_gpt() -> list[NLIPair]:
    labels = {"completely support": "entailment", "completely-support": "entailment", "refute": "contradiction", "irrelevant": "neutral"}
    out = [_pair(r["evidence"], r["claim"], labels.get(r["stance"], ""), "factcheck_gpt") for r in _jsonl(_file("evidence/factcheck_gpt_stance.jsonl"))]
    return [p for p in out if p and p.label in NLI_LABELS]


def wice_dev() -> list[NLIPair]:
    """WiCE: supported -> entailment (its first supporting set); otherwise not_entailment (2-way):
    "not supported" by Wikipedia evidence is not a contradiction."""
    out = []
    for r in _jsonl(_file("evidence/wice_dev.jsonl")):
        sents = r["evidence"]
        sets = r.get("supporting_sentences") or []
        idx = sets[0] if sets else []
        premise = " ".join(sents[i] for i in idx if 0 <= i < len(sents))
        if not premise:
            continue
        label = "entailment" if r["label"] == "supported" else "not_entailment"
        out.append(_pair(premise, r["claim"], label, "wice_dev"))
    return [p for p in out if p]


@dataclass
class EvidenceDocument:
    id: str
    title: str
    sentences: list[str]


@dataclass
class EvidenceInstance:
    """A response (claims) against documents, with gold[i][j] in {+1, 0, -1} over all context sentences
    (documents concatenated in order)."""
    id: str
    source: str
    claims: list[str]
    documents: list[EvidenceDocument]
    gold: list[list[int]] = field(default_factory=list)

    @property
    def context_sentences(self) -> list[str]:
        return [s for d in self.documents for s in d.sentences]

    def pairs(self) -> tuple[list[str], list[str]]:
        """(premises, hypotheses) of every (context sentence, claim) pair, claim-major: the pairwise baseline's input."""
        ctx = self.context_sentences
        return [s for _ in self.claims for s in ctx], [c for c in self.claims for _ in ctx]

    def context_items(self) -> list[dict]:
        """The documents as the pipeline's context input ({id, title, text}, one sentence per line)."""
        return [{"id": d.id, "title": d.title, "text": "\n".join(d.sentences)} for d in self.documents]


def check_covid(split: str) -> list[EvidenceInstance]:
    corpus = _corpus(_file("evidence/check_covid/corpus.jsonl"), "cord_id")
    out = []
    for r in _jsonl(_file(f"evidence/check_covid/{split}.jsonl")):
        doc = corpus.get(str(r["cord_id"]))
        if not doc:
            continue
        sents = [_clean(s) for s in doc["abstract"]]
        polarity = {"SUPPORT": 1, "REFUTE": -1}.get(r["label"], 0)
        row = [0] * len(sents)
        for ev in r.get("evidence_set", []):
            if 0 <= ev["sent_index"] < len(sents):
                row[ev["sent_index"]] = polarity
        out.append(EvidenceInstance(str(r["id"]), f"check_covid_{split}", [_clean(r["claim"])],
                                    [EvidenceDocument(str(r["cord_id"]), _clean(doc.get("title", "")), sents)], [row]))
    return out


def check_covid_pairs(split: str) -> list[NLIPair]:
    """(evidence sentence, claim) pairs with the claim's 3-way label, from the annotated evidence set."""
    corpus = _corpus(_file("evidence/check_covid/corpus.jsonl"), "cord_id")
    labels = {"SUPPORT": "entailment", "REFUTE": "contradiction", "NOTENOUGHINFO": "neutral"}
    out = []
    for r in _jsonl(_file(f"evidence/check_covid/{split}.jsonl")):
        doc = corpus.get(str(r["cord_id"]))
        if not doc:
            continue
        idx = [e["sent_index"] for e in r.get("evidence_set", []) if 0 <= e["sent_index"] < len(doc["abstract"])]
        premise = " ".join(doc["abstract"][i] for i in idx)
        out.append(_pair(premise, r["claim"], labels[r["label"]], f"check_covid_{split}"))
    return [p for p in out if p]


def citation_integrity(split: str) -> list[EvidenceInstance]:
    corpus = _corpus(_file("evidence/citation_integrity/corpus.jsonl"), "doc_id")
    out = []
    for r in _jsonl(_file(f"evidence/citation_integrity/{split}.jsonl")):
        docs, rows = [], []
        for doc_id in r.get("cited_doc_ids", []):
            doc = corpus.get(str(doc_id))
            if not doc:
                continue
            sents = [_clean(s) for s in doc["abstract"]]
            row = [0] * len(sents)
            for ev in r.get("evidence", {}).get(str(doc_id), []):
                pol = {"SUPPORT": 1, "REFUTE": -1}.get(ev["label"], 0)
                for i in ev["sentences"]:
                    if 0 <= i < len(sents):
                        row[i] = pol
            docs.append(EvidenceDocument(str(doc_id), _clean(doc.get("title", "")), sents))
            rows.extend(row)
        if docs:
            out.append(EvidenceInstance(str(r["id"]), f"citation_integrity_{split}", [strip_citation_marks(r["claim"])], docs, [rows]))
    return out


def citation_integrity_pairs(split: str, seed: int = 13) -> list[NLIPair]:
    """Annotated (evidence sentences, claim) pairs, plus one non-evidence sentence of the cited abstract as neutral."""
    rng = random.Random(seed)
    out = []
    for inst in citation_integrity(split):
        claim = inst.claims[0]
        flat = inst.context_sentences
        row = inst.gold[0]
        for pol, lab in ((1, "entailment"), (-1, "contradiction")):
            idx = [j for j, g in enumerate(row) if g == pol]
            if idx:
                out.append(_pair(" ".join(flat[j] for j in idx), claim, lab, f"citation_integrity_{split}"))
        other = [j for j, g in enumerate(row) if g == 0]
        if other:
            out.append(_pair(flat[rng.choice(other)], claim, "neutral", f"citation_integrity_{split}"))
    return [p for p in out if p]


def climate_fever(held_out: bool) -> list[EvidenceInstance]:
    """Climate-FEVER claims with their five labelled sentences (one document per Wikipedia article)."""
    out = []
    for r in _jsonl(_file("evidence/climate_fever.jsonl")):
        if climate_fever_held_out(r["claim_id"]) != held_out:
            continue
        docs: dict[str, EvidenceDocument] = {}
        labels: dict[str, list[int]] = {}
        for ev in r["evidences"]:
            art = ev.get("article") or "article"
            docs.setdefault(art, EvidenceDocument(art, art, []))
            labels.setdefault(art, [])
            docs[art].sentences.append(_clean(ev["evidence"]))
            labels[art].append({"SUPPORTS": 1, "REFUTES": -1}.get(ev["evidence_label"], 0))
        row = [g for art in docs for g in labels[art]]
        out.append(EvidenceInstance(str(r["claim_id"]), "climate_fever_" + ("held_out" if held_out else "train"),
                                    [_clean(r["claim"])], list(docs.values()), [row]))
    return out


def climate_fever_pairs(held_out: bool) -> list[NLIPair]:
    labels = {"SUPPORTS": "entailment", "REFUTES": "contradiction", "NOT_ENOUGH_INFO": "neutral"}
    out = []
    for r in _jsonl(_file("evidence/climate_fever.jsonl")):
        if climate_fever_held_out(r["claim_id"]) != held_out:
            continue
        for ev in r["evidences"]:
            out.append(_pair(ev["evidence"], r["claim"], labels[ev["evidence_label"]], "climate_fever_" + ("held_out" if held_out else "train")))
    return [p for p in out if p]


def scifact_instances(split: str) -> list[EvidenceInstance]:
    """SciFact rationale pairs as one-sentence instances (+1 entailment, -1 contradiction)."""
    out = []
    for i, p in enumerate(scifact_rationales(split)):
        out.append(EvidenceInstance(f"scifact_{split}_{i}", f"scifact_{split}", [p.hypothesis],
                                    [EvidenceDocument("rationale", "", [p.premise])],
                                    [[1 if p.label == "entailment" else -1]]))
    return out


# ---------------------------------------------------------------------------- roles

def nli_train_sources() -> dict[str, list[NLIPair]]:
    """Every "NLI train" and "evidence train" source, as NLI pairs, keyed by source name."""
    return {
        "mnli_dev": mnli_dev(), "snli_dev": snli("dev"), "sick": sick(),
        "cad_train": cad("train"), "cad_dev": cad("dev"), "healthver": healthver(),
        "fever_2way": fever_2way(), "covidfact_2way": covidfact_2way(),
        "scitail_2way": scitail_2way(), "rte_2way": rte_2way(),
        "check_covid_train": check_covid_pairs("train"),
        "citation_integrity_train": citation_integrity_pairs("train"),
        "climate_fever_train": climate_fever_pairs(held_out=False),
        "scifact_train": scifact_rationales("train"),
        "factcheck_gpt": factcheck_gpt(), "wice_dev": wice_dev(),
    }


def evidence_report_instances() -> dict[str, list[EvidenceInstance]]:
    """The "evidence report" sets as instances -- evaluation only."""
    return {
        "check_covid_dev": check_covid("dev"),
        "citation_integrity_dev": citation_integrity("dev"),
        "climate_fever_held_out": climate_fever(held_out=True),
        "scifact_dev": scifact_instances("dev"),
    }


TRAIN_DEV_SHARE = 0.2    # the dev carve of the evidence train sets (training.verdicts, --split train-dev)


def in_train_dev(set_name: str, index: int, share: float = TRAIN_DEV_SHARE) -> bool:
    """Whether instance `index` of evidence train set `set_name` lies in the dev carve: a fixed hash of the pair,
    so every stage that holds the carve out (the learned verdicts, the entailment model's joint premises) and
    every evaluation of it (--split train-dev) agree on it."""
    key = f"{set_name}:{index}"
    return int(hashlib.sha1(key.encode()).hexdigest()[:8], 16) / 0xFFFFFFFF < share


def evidence_train_instances(part: str = "all") -> dict[str, list[EvidenceInstance]]:
    """The "evidence train" sets that carry sentence labels, as instances: for choosing settings (never the
    report sets). `part`: "all", "fit" (without the dev carve, `in_train_dev`) or "dev" (the carve only)."""
    sets = {
        "check_covid_train": check_covid("train"),
        "citation_integrity_train": citation_integrity("train"),
        "climate_fever_train": climate_fever(held_out=False),
        "scifact_train": scifact_instances("train"),
    }
    if part == "all":
        return sets
    if part not in ("fit", "dev"):
        raise ValueError(f"part must be 'all', 'fit' or 'dev', not {part!r}")
    return {name: [inst for n, inst in enumerate(insts) if in_train_dev(name, n) == (part == "dev")]
            for name, insts in sets.items()}
