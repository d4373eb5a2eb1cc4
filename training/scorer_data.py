"""The scorer's training instances: units read from the train roles of ../shared/data, distractors, contrasts
(negation / direction swaps) and the dev split. The recipe is INSTANCE_RECIPE (written into training.json);
`python -m training.scorer` builds them with `build_instances`.
"""
from __future__ import annotations

import hashlib
import itertools
import json
import random
import re
from collections import Counter, defaultdict
from dataclasses import dataclass
from pathlib import Path
from typing import Callable

from evaluation import datasets
from evaluation.contrasts import direction_swap
from grounding.scorer import LABELS, clean_text

LABEL_ID = {1: 0, -1: 1, 0: 2}          # map label -> column in LABELS (support, contradict, irrelevant)
IGNORE = -100
INSTANCE_RECIPE = [
    "Check-COVID train: claims grouped by abstract (cord_id), at most 4 claims per response (their SUPPORT / REFUTE "
    "/ NOTENOUGHINFO variants of the same abstract land in one response); context = that abstract.",
    "Citation-Integrity train: one citing claim per response (citation marks stripped); context = its cited abstract.",
    "Climate-FEVER train (claim_id % 5 != 0): one claim; context = its five labelled Wikipedia sentences, one "
    "document per article.",
    "SciFact rationales train: claims with all their rationales, each rationale a document (split into sentences, "
    "every rationale sentence labelled with the rationale's polarity).",
    "Factcheck-GPT stance: one claim with its web passages, each passage one context unit (completely support -> "
    "support, refute -> contradict, irrelevant -> irrelevant; partially support passages dropped).",
    "WiCE dev (its 'supported' claims only): one claim; context = a span of at most ~12 evidence sentences around "
    "the supporting ones (supporting -> support, others irrelevant).",
    "Labels per (claim, sentence): SUPPORT -> support, REFUTE -> contradict, everything else irrelevant.",
    "Distractors: 0-max_distractors abstracts (2-14 sentences) from the Check-COVID / Citation-Integrity corpora, never one cited "
    "by a report claim, added while the packed sequence fits 512 tokens (a distractor sharing most words with a "
    "claim is not used); all their pairs are irrelevant. Evidence units are drawn evidence_copies times with fresh "
    "distractors.",
    "NLI (3-way: MNLI dev matched, SNLI dev, SICK, CAD train + dev, HealthVer; entailment pairs of FEVER / CovidFact / "
    "SciTail / RTE 2-way): up to 4 hypotheses sharing a premise form the response; context = that premise plus 0-6 "
    "other premises; entailment -> support, contradiction -> contradict, neutral -> irrelevant, other premises -> "
    "irrelevant; 2-way not_entailment pairs skipped. At most nli_cap premises per 3-way set, half that per 2-way set. "
    "With nli_rows 'independent' every hypothesis is its own row instead, and 1-4 rows of different premises form "
    "a response whose context holds their premises (a row is irrelevant to the others' premises).",
    "Negation contrasts (negation_share of the train units): one supported claim without contradicting "
    "sentences is negated by grounding.negate and added as a response row; its supporting sentences are "
    "labelled contradict, the rest irrelevant.",
    "Evidence negations (evidence_negation of the train units): a copy of the unit with one supporting sentence "
    "negated by grounding.negate, now labelled contradict for the claims it supported (the original stays).",
    "Both contrasts use a direction swap instead of the negation for half of the texts that have a direction word "
    "(increased <-> decreased, lowered <-> raised, rose <-> fell, improved <-> worsened, higher <-> lower, ...).",
    "Window mode 'document' (the shipped scorer's): every assembled instance is split into one instance per "
    "document (the response with that document), as the runtime scores it.",
    "Augmentation: document order re-shuffled every time an instance is drawn (seed, instance, epoch); sentence "
    "order inside a document kept.",
    "Sentences are cut at max_sentence_tokens tokens; at most max_rows claims and max_columns context sentences.",
    "At most evidence_cap units per evidence source (a seeded sample; Check-COVID has fewer and is used whole).",
    "Dev split: 5 % of the groups (abstract / claim / premise) of every source, by a stable hash; no report file "
    "is read by the training code.",
]


# ---------------------------------------------------------------------------- instances

@dataclass
class Unit:
    """A response with its own documents before distractors: labels[d][i][k] for claim i, sentence k of doc d."""
    source: str
    group: str
    response: list[str]
    documents: list[list[str]]
    labels: list[list[list[int]]]


@dataclass
class ScorerInstance:
    id: str
    source: str
    response: list[str]
    documents: list[list[str]]
    labels: list[list[list[int]]]      # per document: n x len(doc), +1 / -1 / 0
    distractors: int = 0

    def flat_labels(self) -> list[list[int]]:
        n = len(self.response)
        return [[v for doc in self.labels for v in doc[i]] for i in range(n)]


def _jsonl(path: Path):
    with open(path, encoding="utf-8") as fh:
        for line in fh:
            if line.strip():
                yield json.loads(line)


def _clean(text: str) -> str:
    return re.sub(r"\s+", " ", text or "").strip()


def is_dev(source: str, group: str, share: float) -> bool:
    """Stable hash split: the same group always lands on the same side."""
    h = int(hashlib.sha1(f"{source}|{group}".encode()).hexdigest()[:8], 16)
    return (h % 10000) < share * 10000


def _units_check_covid() -> list[Unit]:
    by_doc: dict[str, list[datasets.EvidenceInstance]] = defaultdict(list)
    for inst in datasets.check_covid("train"):
        by_doc[inst.documents[0].id].append(inst)
    out = []
    for cord, insts in sorted(by_doc.items()):
        for start in range(0, len(insts), 4):     # at most 4 claims per response
            chunk = insts[start : start + 4]
            if len(chunk) == 1 and start:        # fold a lone last claim into the previous response
                out[-1].response.append(chunk[0].claims[0])
                out[-1].labels[0].append(chunk[0].gold[0])
                continue
            out.append(Unit("check_covid_train", cord, [i.claims[0] for i in chunk], [chunk[0].documents[0].sentences],
                            [[i.gold[0] for i in chunk]]))
    return out


def _units_split_docs(insts: list[datasets.EvidenceInstance], source: str) -> list[Unit]:
    out = []
    for inst in insts:
        docs, labels, start = [], [], 0
        for d in inst.documents:
            docs.append(list(d.sentences))
            labels.append([row[start : start + len(d.sentences)] for row in inst.gold])
            start += len(d.sentences)
        out.append(Unit(source, inst.id, list(inst.claims), docs, labels))
    return out


def _units_scifact() -> list[Unit]:
    by_claim: dict[str, list] = defaultdict(list)
    for p in datasets.scifact_rationales("train"):
        by_claim[p.hypothesis].append(p)
    out = []
    for claim, pairs in sorted(by_claim.items()):
        docs, labels = [], []
        for p in pairs:
            sents = _sentences(p.premise)
            docs.append(sents)
            labels.append([[1 if p.label == "entailment" else -1] * len(sents)])
        out.append(Unit("scifact_train", claim, [claim], docs, labels))
    return out


def _sentences(text: str) -> list[str]:
    parts = re.split(r"(?<=[.!?])\s+(?=[A-Z(\[])", _clean(text))
    return [p for p in parts if p]


def _units_factcheck() -> list[Unit]:
    polarity = {"completely-support": 1, "completely support": 1, "refute": -1, "irrelevant": 0}
    by_claim: dict[str, list] = defaultdict(list)
    for r in _jsonl(datasets.data_dir() / "evidence" / "factcheck_gpt_stance.jsonl"):
        if r["stance"] in polarity:               # partial support says neither support nor irrelevant: dropped
            by_claim[_clean(r["claim"])].append((_clean(r["evidence"]), polarity[r["stance"]]))
    return [Unit("factcheck_gpt", claim, [claim], [[ev] for ev, _ in rows], [[[pol]] for _, pol in rows])
            for claim, rows in sorted(by_claim.items())]


def _units_wice(span: int = 12) -> list[Unit]:
    out = []
    for r in _jsonl(datasets.data_dir() / "evidence" / "wice_dev.jsonl"):
        if r["label"] != "supported":             # partial / not supported: no sentence-level polarity to learn
            continue
        sents = [_clean(s) for s in r["evidence"]]
        support = sorted({i for s in r.get("supporting_sentences") or [] for i in s if 0 <= i < len(sents)})
        if not support:
            continue
        lo = max(0, min(support) - 2)
        hi = min(len(sents), max(max(support) + 3, lo + span))
        keep = [i for i in range(lo, hi) if sents[i]]
        if not all(i in keep for i in support):
            continue
        out.append(Unit("wice_dev", r["claim"], [_clean(r["claim"])], [[sents[i] for i in keep]],
                        [[[1 if i in support else 0 for i in keep]]]))
    return out


NLI_THREE_WAY = {"mnli_dev": datasets.mnli_dev, "snli_dev": lambda: datasets.snli("dev"), "sick": datasets.sick,
                 "cad_train": lambda: datasets.cad("train"), "cad_dev": lambda: datasets.cad("dev"),
                 "healthver": datasets.healthver}
NLI_TWO_WAY = {"fever_2way": datasets.fever_2way, "covidfact_2way": datasets.covidfact_2way,
               "scitail_2way": datasets.scitail_2way, "rte_2way": datasets.rte_2way}
NLI_SIGN = {"entailment": 1, "contradiction": -1, "neutral": 0}


def _units_nli(cap: int, seed: int) -> list[Unit]:
    """Hypotheses sharing a premise -> one response; the premise is one context unit (labels per hypothesis)."""
    rng = random.Random(seed)
    out = []
    for name, load in {**NLI_THREE_WAY, **NLI_TWO_WAY}.items():
        by_premise: dict[str, list] = defaultdict(list)
        for p in load():
            if p.label in NLI_SIGN:               # 2-way not_entailment: skipped
                by_premise[p.premise].append(p)
        groups = sorted(by_premise.items())
        rng.shuffle(groups)
        for premise, pairs in groups[: cap if name in NLI_THREE_WAY else cap // 2]:
            pairs = list({p.hypothesis: p for p in pairs}.values())[:4]
            out.append(Unit(name, premise, [p.hypothesis for p in pairs], [[premise]],
                            [[[NLI_SIGN[p.label]] for p in pairs]]))
    return out


def evidence_corpora() -> dict[str, dict[str, list[str]]]:
    """Abstracts of the Check-COVID and Citation-Integrity corpora (id -> sentences)."""
    out = {}
    for name, key in (("check_covid", "cord_id"), ("citation_integrity", "doc_id")):
        out[name] = {str(r[key]): [_clean(s) for s in r["abstract"] if _clean(s)]
                     for r in _jsonl(datasets.data_dir() / "evidence" / name / "corpus.jsonl")}
    return out


def report_document_ids() -> set[str]:
    """Abstracts cited by a report claim: never used in training, not even as distractors."""
    ids = {str(r["cord_id"]) for r in _jsonl(datasets.data_dir() / "evidence" / "check_covid" / "dev.jsonl")}
    ids |= {str(d) for r in _jsonl(datasets.data_dir() / "evidence" / "citation_integrity" / "dev.jsonl")
            for d in r.get("cited_doc_ids", [])}
    return ids


def collect_units(nli_cap: int, seed: int) -> list[Unit]:
    return (_units_check_covid() + _units_split_docs(datasets.citation_integrity("train"), "citation_integrity_train")
            + _units_split_docs(datasets.climate_fever(held_out=False), "climate_fever_train") + _units_scifact()
            + _units_factcheck() + _units_wice() + _units_nli(nli_cap, seed))


def independent_nli_rows(units: list[Unit], rng: random.Random, dev_share: float, max_rows: int) -> list[Unit]:
    """NLI units with independent rows: every hypothesis becomes its own row, and 1..max_rows rows of different
    premises (same source, same split side) form a response whose context holds their premises, each row
    labelled against its own premise and irrelevant to the others. A 3-way premise's hypotheses (one per label
    in SNLI / MNLI) then never share a response, so the model cannot learn that rows about the same thing get
    different labels -- in a real answer they often all hold."""
    out, pools = [], defaultdict(list)
    for u in units:
        if u.source not in NLI_THREE_WAY and u.source not in NLI_TWO_WAY:
            out.append(u)
            continue
        pool = pools[u.source, is_dev(u.source, u.group, dev_share)]
        pool += [(u.group, hyp, u.documents[0][0], u.labels[0][i][0]) for i, hyp in enumerate(u.response)]
    for (source, _), rows in sorted(pools.items()):
        rng.shuffle(rows)
        while rows:
            take, seen, rest = [], set(), []
            size = rng.randint(1, max(1, min(4, max_rows)))
            for row in rows:
                if len(take) < size and row[2] not in seen:
                    take.append(row)
                    seen.add(row[2])
                else:
                    rest.append(row)
            rows = rest
            premises = list(dict.fromkeys(r[2] for r in take))
            labels = [[[r[3] if r[2] == p else 0] for r in take] for p in premises]
            out.append(Unit(source, take[0][0], [r[1] for r in take], [[p] for p in premises], labels))
    return out


def _words(text: str) -> set[str]:
    return set(re.findall(r"[a-z0-9]+", text.lower()))


def assemble(unit: Unit, rng: random.Random, lengths: Callable[[str], int], budget: int,
             distractor_docs: list[list[str]], max_distractors: int, max_columns: int, tag: str) -> ScorerInstance | None:
    """Own documents (trimmed to fit) + distractor documents while the packed sequence stays within budget."""
    cost = 2 + sum(lengths(s) + 1 for s in unit.response)
    docs, labels = [], []
    for doc, lab in zip(unit.documents, unit.labels):
        c = sum(lengths(s) + 1 for s in doc)
        if cost + c > budget or sum(map(len, docs)) + len(doc) > max_columns:
            continue                              # an own document that does not fit is left out (with its labels)
        docs.append(list(doc))
        labels.append([list(r) for r in lab])
        cost += c
    if not docs:
        return None
    words = set().union(*(_words(s) for s in unit.response))
    added = 0
    for _ in range(rng.randint(0, max_distractors)):
        cand = distractor_docs[rng.randrange(len(distractor_docs))]
        c = sum(lengths(s) + 1 for s in cand)
        if cost + c > budget or sum(map(len, docs)) + len(cand) > max_columns:
            continue
        if any(len(_words(s) & words) > 0.6 * max(1, len(_words(s))) for s in cand):
            continue                              # a near-copy of a claim would be a wrong "irrelevant"
        docs.append(list(cand))
        labels.append([[0] * len(cand) for _ in unit.response])
        cost += c
        added += 1
    return ScorerInstance(tag, unit.source, list(unit.response), docs, labels, added)


def negation_contrast(unit: Unit, rng: random.Random, negate: Callable[[str], str], max_rows: int) -> Unit:
    """The unit with one more response row: a supported claim negated by the rule-based negator
    (grounding.negate), whose supporting sentences become contradicting ones (other sentences stay
    irrelevant). Only claims without any contradicting sentence are negated, so no label is guessed.
    Original and negated claim then face the same evidence: the model must read polarity, not topic."""
    n = len(unit.response)
    ok = [i for i in range(n) if any(doc[i][k] == 1 for doc in unit.labels for k in range(len(doc[i])))
          and not any(doc[i][k] == -1 for doc in unit.labels for k in range(len(doc[i])))]
    if not ok or n >= max_rows:
        return unit
    i = rng.choice(ok)
    negated = negate(unit.response[i])
    if not negated or negated == unit.response[i] or negated in unit.response:
        return unit
    labels = [[*doc, [-v for v in doc[i]]] for doc in unit.labels]
    return Unit(unit.source, unit.group, [*unit.response, negated], unit.documents, labels)


def contrast_maker(rng: random.Random, negate: Callable[[str], str], direction_share: float = 0.5):
    """text -> its contradiction: a direction swap (when the text has a direction word, with probability
    direction_share) or the rule-based negation."""
    def make(text: str) -> str:
        swapped = direction_swap(text)
        return swapped if swapped != text and rng.random() < direction_share else negate(text)
    return make


def negated_evidence(unit: Unit, rng: random.Random, negate: Callable[[str], str]) -> Unit | None:
    """A copy of the unit in which one supporting context sentence is negated (grounding.negate): claims it
    supported are now contradicted by it. Only sentences that contradict no claim are used. The original
    unit stays in the data, so the two form a contrast pair on the evidence side."""
    cands = [(d, k) for d, doc in enumerate(unit.labels) for k in range(len(unit.documents[d]))
             if any(row[k] == 1 for row in doc) and not any(row[k] == -1 for row in doc)]
    if not cands:
        return None
    d, k = rng.choice(cands)
    negated = negate(unit.documents[d][k])
    if not negated or negated == unit.documents[d][k]:
        return None
    docs = [list(doc) for doc in unit.documents]
    docs[d][k] = negated
    labels = [[list(row) for row in doc] for doc in unit.labels]
    for row in labels[d]:
        row[k] = -row[k]
    return Unit(unit.source, unit.group, list(unit.response), docs, labels)


def split_by_document(inst: ScorerInstance) -> list[ScorerInstance]:
    """Window mode "document": the response with each of its documents as its own instance."""
    return [ScorerInstance(f"{inst.id}:d{d}", inst.source, list(inst.response), [doc], [lab],
                           int(d >= len(inst.documents) - inst.distractors))
            for d, (doc, lab) in enumerate(zip(inst.documents, inst.labels))]


def build_instances(lengths: Callable[[str], int], max_length: int, dev_share: float, seed: int, nli_cap: int,
                    evidence_copies: int, max_rows: int, max_columns: int, limit: int | None = None,
                    evidence_cap: int = 0, max_distractors: int = 3, negation_share: float = 0.0,
                    evidence_negation: float = 0.0, windows: str = "packed", direction_share: float = 0.5,
                    nli_rows: str = "shared"):
    """(train, dev, counts): at most `evidence_cap` units per evidence source (0: all), each drawn
    `evidence_copies` times (NLI once) with fresh distractors. nli_rows "independent": see independent_nli_rows."""
    rng = random.Random(seed)
    units = [u for u in collect_units(nli_cap, seed) if u.response and u.documents]
    if nli_rows == "independent":
        units = independent_nli_rows(units, rng, dev_share, max_rows)
    elif nli_rows != "shared":
        raise ValueError(f"nli_rows must be 'shared' or 'independent', not {nli_rows!r}")
    if evidence_cap:
        by_source: dict[str, list[Unit]] = defaultdict(list)
        for u in units:
            by_source[u.source].append(u)
        units = []
        for src, us in by_source.items():
            if src not in NLI_THREE_WAY and src not in NLI_TWO_WAY and len(us) > evidence_cap:
                us = random.Random(f"{seed}|{src}").sample(us, evidence_cap)
            units += us
    for u in units:                               # keep responses within max_rows claims
        if len(u.response) > max_rows:
            u.response = u.response[:max_rows]
            u.labels = [doc[:max_rows] for doc in u.labels]
    corpora = evidence_corpora()
    banned = report_document_ids()
    abstracts = [sents for corpus in corpora.values() for doc_id, sents in corpus.items()
                 if doc_id not in banned and 2 <= len(sents) <= 14]
    premises = sorted({doc[0] for u in units if u.source in NLI_THREE_WAY or u.source in NLI_TWO_WAY
                       for doc in u.documents})
    if limit:
        by_source = defaultdict(list)
        for u in units:
            by_source[u.source].append(u)
        units = [u for us in by_source.values() for u in us[:limit]]
    train, dev = [], []
    counts: dict[str, Counter] = defaultdict(Counter)
    make_contrast = None
    if negation_share or evidence_negation:
        from grounding.negate import negate
        make_contrast = contrast_maker(rng, negate, direction_share)
    for k, u in enumerate(units):
        nli = u.source in NLI_THREE_WAY or u.source in NLI_TWO_WAY
        pool = [[p] for p in premises] if nli else abstracts
        side = "dev" if is_dev(u.source, u.group, dev_share) else "train"
        copies = 1 if (nli or side == "dev") else evidence_copies
        if side == "train" and negation_share and rng.random() < negation_share:
            augmented = negation_contrast(u, rng, make_contrast, max_rows)
            if augmented is not u:
                counts[u.source]["train_negation_contrasts"] += 1
            u = augmented
        variants = [u]
        if side == "train" and evidence_negation and rng.random() < evidence_negation:
            contrast = negated_evidence(u, rng, make_contrast)
            if contrast is not None:
                variants.append(contrast)
                counts[u.source]["train_evidence_negations"] += 1
        for c, (v_idx, unit) in itertools.product(range(copies), enumerate(variants)):
            inst = assemble(unit, rng, lengths, max_length, pool, (6 if windows == "packed" else 2) if nli else max_distractors,
                            max_columns,
                            f"{u.source}:{k}:{c}" + (f":neg{v_idx}" if v_idx else ""))
            if inst is None:
                counts[u.source]["skipped"] += 1
                continue
            for part in (split_by_document(inst) if windows == "document" else [inst]):
                (dev if side == "dev" else train).append(part)
                counts[u.source][f"{side}_instances"] += 1
                flat = [v for row in part.flat_labels() for v in row]
                counts[u.source][f"{side}_pairs"] += len(flat)
                for v in flat:
                    counts[u.source][f"{side}_{LABELS[LABEL_ID[v]]}"] += 1
    rng.shuffle(train)
    return train, dev, {k: dict(v) for k, v in sorted(counts.items())}


def token_counter(tokenizer):
    """A cached text -> token ids function (special-token strings in the text neutralised, as at run time)."""
    cache: dict[str, list[int]] = {}

    def token_ids(text: str) -> list[int]:
        if text not in cache:
            cache[text] = tokenizer(clean_text(text), add_special_tokens=False)["input_ids"]
        return cache[text]
    return token_ids
