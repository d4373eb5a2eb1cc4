"""`ground(response, context, config) -> GroundingResult`, and its streaming form.

Stages in data-flow order: check inputs -> segment -> decompose (+ self-check) -> retrieve (cosine, tau)
-> judge (entailment polarity psi) -> signed maps -> verdicts + explanations -> metrics.
"""
from __future__ import annotations

import dataclasses
import functools
import time
from pathlib import Path
from typing import Iterator, Optional

import numpy as np

from grounding import explain, judge, metrics, verdict
from grounding.config import GroundingConfig
from grounding.types import (NOT_ASSESSED, Claim, Coverage, EntityDiff, GroundingResult, PairScore, Sentence,
                             SignedMap, Verdict)


class InputError(ValueError):
    """Input that cannot be assessed at all (the message says why and what to do)."""


@functools.lru_cache(maxsize=4)
def load_models(models_dir: str, threads: Optional[int] = None):
    """(Embedder, Entailment) from the exported folders; cached per folder and thread count."""
    from grounding.runtime import Embedder, Entailment
    base = Path(models_dir)
    return Embedder(base / "embedder", threads=threads), Entailment(base / "entailment", threads=threads)


@functools.lru_cache(maxsize=4)
def load_scorer(models_dir: str, threads: Optional[int] = None, name: str = "scorer"):
    """The context-aware scorer folder `name` (engines "context" / "context-fast", see config.ENGINES), or
    an InputError saying it is not there."""
    folder = Path(models_dir) / name
    if not (folder / "model.onnx").is_file():
        raise InputError(f"The context-aware engine needs {folder}, which this build does not ship yet; "
                         "use engine 'claims'.")
    from grounding.scorer import ContextScorer
    return ContextScorer(folder, threads=threads)


def runtime_info(models_dir: str, threads: Optional[int] = None) -> dict:
    """CPU, int8 kernel and, per shipped model, the file, precision and execution provider that run it."""
    from grounding.config import ENGINES
    from grounding.runtime import describe_models
    embedder, entailment = load_models(models_dir, threads)
    models = {"embedder": embedder, "entailment": entailment}
    for folder in sorted({f for f in ENGINES.values() if f}):
        try:
            models[folder] = load_scorer(models_dir, threads, folder)
        except InputError:
            pass
    return describe_models(models)


# ---------------------------------------------------------------------------- stage 0: inputs

def _looks_binary(text: str) -> bool:
    if "\x00" in text:
        return True
    sample = text[:4000]
    ctrl = sum(1 for ch in sample if ord(ch) < 32 and ch not in "\n\r\t\f")
    return bool(sample) and ctrl / len(sample) > 0.05


def prepare(response: str, context, question: str, config: GroundingConfig) -> GroundingResult:
    """Segment response and context, and decide whether they can be assessed (coverage says why not)."""
    from grounding.language import detect_language
    from grounding.segment import parse_context, split_response

    cov = Coverage()
    response = response if isinstance(response, str) else ""
    if isinstance(context, str) and _looks_binary(context) or _looks_binary(response):
        cov.assessed = False
        cov.messages.append("The input looks like binary data, not text: upload a .txt, .md, .pdf, .docx or .json file instead.")
        return GroundingResult(response=response if not _looks_binary(response) else "", documents=[], question=question,
                               engine=config.engine, coverage=cov, config=config)
    if len(response) > config.max_response_chars:
        cov.messages.append(f"The response has {len(response):,} characters; only the first {config.max_response_chars:,} "
                            "are checked, the sentences after that are listed as not assessed.")
    documents = parse_context(context if context is not None else "")
    result = GroundingResult(response=response, documents=documents, question=question, engine=config.engine,
                             coverage=cov, config=config)
    result.response_sentences = split_response(response)
    if not response.strip():
        cov.assessed = False
        cov.messages.append("The response is empty: paste the answer to check.")
    if not documents:
        cov.assessed = False
        cov.messages.append("No context was given: paste or upload the documents the answer was based on.")
    if cov.assessed:
        lang, conf = detect_language(response)
        cov.language, cov.language_confidence = lang, round(conf, 3)
        if lang != "en" and conf >= config.min_english_confidence:
            cov.assessed = False
            cov.messages.append(f"The response appears to be in '{lang}' (confidence {conf:.2f}); the models are "
                                "English-only, so it is not assessed.")
    columns = result.context_sentences
    limit = scored_context(result, config)
    if limit < len(columns):
        cov.unscored += [f"{result.document_of(s.column).id}#{s.index + 1}" for s in columns[limit:]]
        if limit == config.max_context_sentences:
            cov.messages.append(f"The context has {len(columns):,} sentences; only the first {config.max_context_sentences:,} "
                                f"are scored, {len(columns) - config.max_context_sentences:,} are not.")
        else:
            chars = sum(len(d.text) for d in result.documents)
            cov.messages.append(f"The context has {chars:,} characters; only the sentences within the first "
                                f"{config.max_context_chars:,} are scored, {len(columns) - limit:,} are not.")
    return result


def scored_context(result: GroundingResult, config: GroundingConfig) -> int:
    """How many context sentences (map columns, in order) are scored: at most `max_context_sentences`, and only
    those ending within the first `max_context_chars` characters of the documents' texts taken in order."""
    limit = min(len(result.context_sentences), config.max_context_sentences)
    offset = 0
    for d in result.documents:
        for s in d.sentences:
            if s.column < limit and offset + s.end > config.max_context_chars:
                return s.column
        offset += len(d.text)
    return limit


def _assessed_rows(result: GroundingResult, config: GroundingConfig) -> list[bool]:
    if not result.coverage.assessed:
        return [False] * len(result.response_sentences)
    return [s.end <= config.max_response_chars for s in result.response_sentences]


# ---------------------------------------------------------------------------- streaming driver

def ground_stream(response: str, context, config: Optional[GroundingConfig] = None, question: str = "",
                  gold: Optional[list[list[int]]] = None, models=None) -> Iterator[GroundingResult]:
    """Yield the (same, growing) result after segmentation and after each response sentence; the last
    yield has `complete=True` with verdicts, maps and metrics for everything assessed."""
    config = (config or GroundingConfig()).validate()
    scorer = load_scorer(config.models_dir, config.threads, config.scorer_folder) if config.scorer_folder else None
    t0 = time.perf_counter()
    result = prepare(response, context, question, config)
    result.timings["segment"] = time.perf_counter() - t0
    ctx_sents = result.context_sentences
    n, m = len(result.response_sentences), len(ctx_sents)
    result.sentence_map = SignedMap(rows=[f"r{i + 1}" for i in range(n)],
                                    columns=[f"{result.document_of(s.column).id}#{s.index + 1}" for s in ctx_sents],
                                    values=[[0.0] * m for _ in range(n)], labels=[[0] * m for _ in range(n)],
                                    engine=config.engine)
    yield result
    rows_ok = _assessed_rows(result, config)
    if result.coverage.assessed:
        _exclude_headings(result)
    if result.coverage.assessed and any(rows_ok):
        embedder, entailment = models or load_models(config.models_dir, config.threads)
        from grounding.runtime import describe_models
        result.coverage.runtime = describe_models({"embedder": embedder, "entailment": entailment,
                                                   "scorer": scorer})
        if scorer is not None:
            yield from _context_engine(result, config, scorer, embedder, rows_ok)
        else:
            yield from _claims_engine(result, config, embedder, entailment, rows_ok)
    _finish(result, config, rows_ok, gold, models=None if not result.coverage.assessed else (models or load_models(config.models_dir, config.threads)))
    result.timings["total"] = time.perf_counter() - t0
    result.complete = True
    yield result


def ground(response: str, context, config: Optional[GroundingConfig] = None, question: str = "",
           gold: Optional[list[list[int]]] = None, models=None) -> GroundingResult:
    """Check `response` against `context` (str with '---' separated documents, or a list of texts or
    {"id","title","text"} dicts). Never raises for bad text: the coverage says what was not assessed."""
    for result in ground_stream(response, context, config, question, gold, models):
        pass
    return result


def _exclude_headings(result: GroundingResult) -> None:
    """Titles and headings that state no fact are never evidence (grounding.headings); say so in the coverage."""
    from grounding.headings import non_evidence_columns
    result.coverage.not_evidence = non_evidence_columns(result.context_sentences)
    if result.coverage.not_evidence:
        names = [result.sentence_map.columns[j] for j in result.coverage.not_evidence]
        result.coverage.messages.append(
            f"{len(names)} title or heading line(s) ({', '.join(names[:8])}{' …' if len(names) > 8 else ''}) "
            "name a topic and state no fact: they are not used as evidence.")


def _mask_columns(cos: np.ndarray, columns: list[int]) -> np.ndarray:
    """Cosines with the non-evidence columns set below any tau, so they are never retrieved or cited."""
    if columns and cos.shape[1]:
        cos = cos.copy()
        cos[:, [j for j in columns if j < cos.shape[1]]] = -1.0
    return cos


def _tick(result: GroundingResult, stage: str, since: float) -> float:
    now = time.perf_counter()
    result.timings[stage] = result.timings.get(stage, 0.0) + now - since
    return now


def _claims_engine(result: GroundingResult, config: GroundingConfig, embedder, entailment, rows_ok: list[bool]):
    from grounding.entities import entity_overlap

    t = time.perf_counter()
    limit = scored_context(result, config)
    ctx_texts = [s.text for s in result.context_sentences]
    ctx_emb = embedder.encode(ctx_texts[:limit])
    result.coverage.truncated += [f"context {result.sentence_map.columns[j]} (embedding window)" for j in embedder.truncated]
    t = _tick(result, "embed_context", t)
    for i, sent in enumerate(result.response_sentences):
        if not rows_ok[i]:
            result.claims.append(Claim(text=sent.text, sentence=i, start=sent.start, end=sent.end, passed=False,
                                       origin="sentence", note="not assessed"))
            continue
        rejected, found = checked_claims(sent, i, result.response, config, entailment)
        result.claims += rejected   # listed (and counted in CER), never judged
        t = _tick(result, "decompose", t)
        first = len(result.claims)
        result.claims += found
        idx = list(range(first, len(result.claims)))
        # stage 3: retrieval
        emb = embedder.encode([result.claims[k].text for k in idx])
        cos = _mask_columns(judge.cosine_matrix(emb, ctx_emb), result.coverage.not_evidence)
        pairs = judge.candidates(cos, config.tau)
        t = _tick(result, "retrieve", t)
        skipped: list[PairScore] = []
        if config.entity_prefilter:
            pairs, skipped = _entity_prefilter(result, idx, pairs, cos, ctx_texts, first)
        # stage 4: polarity on the kept pairs
        scores, truncated = judge.judge(entailment, [result.claims[k].text for k in idx], ctx_texts, cos, pairs, first)
        scores += skipped
        result.coverage.truncated += [f"pair ({result.claims[scores[q].claim].text[:40]}…, {result.sentence_map.columns[scores[q].column]})"
                                      for q in truncated]
        t = _tick(result, "judge", t)
        diffs: dict[int, dict[int, EntityDiff]] = {}
        for s in scores:
            s.entity_overlap, diff = entity_overlap(result.claims[s.claim].text, ctx_texts[s.column])
            s.entity_overlap = None if s.entity_overlap is None else round(s.entity_overlap, 4)
            diffs.setdefault(s.claim, {})[s.column] = diff
        result.pairs += scores
        # best-cosine sentence of each claim, for explanations when nothing passes tau
        for local, k in enumerate(idx):
            if cos.shape[1]:
                j = int(cos[local].argmax())
                diffs.setdefault(k, {}).setdefault(j, entity_overlap(result.claims[k].text, ctx_texts[j])[1])
        _update_maps(result, i, scores)
        _decide(result, config, idx, cos, diffs)
        t = _tick(result, "verdict", t)
        yield result
    _claim_map(result)


def checked_claims(sent: Sentence, i: int, response: str, config: GroundingConfig,
                   entailment) -> tuple[list[Claim], list[Claim]]:
    """(rejected, judged) claims of response sentence `i`: decompose it (stage 2), then self-check
    P(sentence |= claim) per part; when a part fails, every part is rejected (kept for the record) and the
    whole sentence is the one claim judged."""
    from grounding.decompose import decompose
    found = decompose(sent, response) if config.decompose else []
    whole = Claim(text=sent.text, sentence=i, start=sent.start, end=sent.end, entailed=1.0, origin="sentence")
    if not found or (len(found) == 1 and found[0].origin == "sentence"):
        return [], [whole]
    probs = entailment.predict([sent.text] * len(found), [c.text for c in found])
    for c, p in zip(found, probs):
        c.sentence, c.entailed = i, round(float(p[0]), 4)
        c.passed = c.entailed >= config.self_check_threshold
    if all(c.passed for c in found):
        return [], found
    failed = "; ".join(c.text for c in found if not c.passed)
    for c in found:
        c.origin, c.note = "rejected", f"self-check failed for: {failed}; the whole sentence is judged instead"
    whole.note = "replaces a split that failed the self-check"
    return found, [whole]


def _entity_prefilter(result: GroundingResult, idx: list[int], pairs: list[tuple[int, int]], cos: np.ndarray,
                      ctx_texts: list[str], first: int) -> tuple[list[tuple[int, int]], list[PairScore]]:
    """Optional: skip NLI on pairs whose claim names entities of which the sentence shares none. Not
    provably lossless (such a sentence can still contradict the claim), hence off by default;
    benchmarks/prefilter.py measures the pairs it saves and the labels it changes."""
    from grounding.entities import entity_overlap
    keep, skipped = [], []
    for i, j in pairs:
        overlap, _ = entity_overlap(result.claims[idx[i]].text, ctx_texts[j])
        if overlap == 0.0:
            skipped.append(PairScore(claim=i + first, column=j, cosine=round(float(cos[i, j]), 4), judged=False,
                                     entity_overlap=0.0))
        else:
            keep.append((i, j))
    if skipped:
        result.coverage.messages.append(f"Entity pre-filter: {len(skipped)} pair(s) of response sentence "
                                        f"{result.claims[idx[0]].sentence + 1} were not judged (no shared entity).")
    return keep, skipped


def _context_engine(result: GroundingResult, config: GroundingConfig, scorer, embedder, rows_ok: list[bool]):
    """Engine "context": one scorer call reads every (response sentence, context sentence) pair; each
    response sentence is one claim, judged with the scorer's P(support) / P(contradict) as its NLI channel."""
    from grounding.entities import entity_overlap

    t = time.perf_counter()
    rows = [i for i, ok in enumerate(rows_ok) if ok]
    limit = scored_context(result, config)
    ctx_texts = [s.text for s in result.context_sentences]
    docs = [[s.text for s in d.sentences if s.column < limit] for d in result.documents]
    scored = scorer.score([result.response_sentences[i].text for i in rows], [d for d in docs if d])
    t = _tick(result, "score_context", t)
    cov = scored.coverage
    result.coverage.windows = cov.windows
    names = result.sentence_map.columns
    result.coverage.truncated += [f"context {names[j]} (scorer window)" for j in cov.truncated_context]
    result.coverage.truncated += [f"response r{rows[i] + 1} (scorer window: scored on its start)"
                                  for i in cov.truncated_response]
    result.coverage.unscored += [f"context {names[j]} (scorer window)" for j in cov.unscored_context]
    result.coverage.unscored += [f"response r{rows[i] + 1} (scorer window)" for i in cov.unscored_response]
    sent_emb = embedder.encode([result.response_sentences[i].text for i in rows])
    cos_all = _mask_columns(judge.cosine_matrix(sent_emb, embedder.encode(ctx_texts[:limit])), result.coverage.not_evidence)
    excluded = set(result.coverage.not_evidence)
    t = _tick(result, "embed", t)
    for local, i in enumerate(rows):
        sent = result.response_sentences[i]
        k = len(result.claims)
        result.claims.append(Claim(text=sent.text, sentence=i, start=sent.start, end=sent.end, entailed=1.0,
                                   origin="sentence", note=f"engine '{config.engine}' judges whole sentences"))
        diffs: dict[int, EntityDiff] = {}
        scores = []
        for j in range(limit):
            p = scored.probabilities[local, j]
            label = 0 if j in excluded else int(scored.labels[local, j])
            c = float(cos_all[local, j])
            # the map shows labelled cells only, as in the claims engine (irrelevant = 0)
            result.sentence_map.values[i][j] = round(float(scored.values[local, j]), 4) if label else 0.0
            result.sentence_map.labels[i][j] = label
            if label == 0 and c <= config.tau or np.isnan(p).any():
                continue
            overlap, diffs[j] = entity_overlap(sent.text, ctx_texts[j])
            scores.append(PairScore(claim=k, column=j, cosine=round(c, 4), entail=round(float(p[0]), 4),
                                    neutral=round(float(p[2]), 4), contradict=round(float(p[1]), 4), psi=label,
                                    signed=round(float(scored.values[local, j]), 4), judged=True,
                                    entity_overlap=None if overlap is None else round(overlap, 4)))
        result.pairs += scores
        best = int(cos_all[local].argmax()) if cos_all.shape[1] else None
        if best is not None and best not in diffs:
            diffs[best] = entity_overlap(sent.text, ctx_texts[best])[1]
        v = _judge_claim(result, config, config.verdict_preset(), k, scores, diffs, best,
                         round(float(cos_all[local, best]), 4) if best is not None else None)
        _finalise_verdict(result, v)
        t = _tick(result, "verdict", t)
        yield result
    _claim_map(result)


def _update_maps(result: GroundingResult, row: int, scores: list[PairScore]) -> None:
    """Sentence-map cell = the claim pair with the largest |signed score| (label from its psi)."""
    values, labels = result.sentence_map.values[row], result.sentence_map.labels[row]
    for s in scores:
        if s.psi != 0 and abs(s.signed) > abs(values[s.column]):
            values[s.column], labels[s.column] = s.signed, s.psi


def _claim_map(result: GroundingResult) -> None:
    m = len(result.context_sentences)
    judged = [k for k, c in enumerate(result.claims) if c.origin not in ("rejected",) and c.note != "not assessed"]
    pos = {k: r for r, k in enumerate(judged)}
    values = [[0.0] * m for _ in judged]
    labels = [[0] * m for _ in judged]
    for s in result.pairs:
        if s.claim in pos:
            values[pos[s.claim]][s.column], labels[pos[s.claim]][s.column] = s.signed, s.psi
    result.claim_map = SignedMap(rows=[f"c{k + 1}" for k in judged], columns=list(result.sentence_map.columns),
                                 values=values, labels=labels, engine="claims")


def _decide(result: GroundingResult, config: GroundingConfig, idx: list[int], cos: np.ndarray,
            diffs: dict[int, dict[int, EntityDiff]]) -> None:
    preset = config.verdict_preset()
    by_claim: dict[int, list[PairScore]] = {}
    for s in result.pairs:
        by_claim.setdefault(s.claim, []).append(s)
    for local, k in enumerate(idx):
        best = int(cos[local].argmax()) if cos.shape[1] else None
        v = _judge_claim(result, config, preset, k, by_claim.get(k, []), diffs.get(k, {}), best,
                         round(float(cos[local, best]), 4) if best is not None else None)
        _finalise_verdict(result, v)


def _judge_claim(result: GroundingResult, config: GroundingConfig, preset, k: int, pairs: list[PairScore],
                 diffs: dict[int, EntityDiff], best: Optional[int], best_cosine: Optional[float]) -> Verdict:
    """Claim k's verdict by the preset's rule: VeriGround's fused score and bands, or the learned model of the
    result's engine."""
    if preset.learned:
        from grounding import learned
        model = learned.load(config.models_dir, result.engine)
        return verdict.decide_learned(k, result.claims[k].text, pairs, preset, model, diffs,
                                      [s.text for s in result.context_sentences], best, best_cosine)
    return verdict.decide(k, pairs, preset, diffs, best, best_cosine, config.tau)


def _finalise_verdict(result: GroundingResult, v: Verdict) -> None:
    v.provenance = explain.provenance(result, v)
    v.explanation = explain.explain(result, v, result.claims[v.claim])
    result.verdicts = [x for x in result.verdicts if x.claim != v.claim] + [v]
    result.verdicts.sort(key=lambda x: x.claim)


def _finish(result: GroundingResult, config: GroundingConfig, rows_ok: list[bool], gold, models) -> None:
    """Not-assessed verdicts, PFCR and metrics."""
    t = time.perf_counter()
    if not result.claims:  # nothing assessed: one not-assessed claim per sentence
        for i, s in enumerate(result.response_sentences):
            result.claims.append(Claim(text=s.text, sentence=i, start=s.start, end=s.end, passed=False,
                                       origin="sentence", note="not assessed"))
    reason = "; ".join(result.coverage.messages) or "outside the checked part of the response"
    for k, c in enumerate(result.claims):
        if c.note == "not assessed":
            _finalise_verdict(result, Verdict(claim=k, label=NOT_ASSESSED, rule=reason.rstrip(".")))
    if result.claim_map is None:
        _claim_map(result)
    flips = pfcr(result, models[1]) if config.pfcr and models and result.coverage.assessed else None
    # CER over every claim checked (a sentence that did not split counts as one claim that passes)
    checked = [c for c in result.claims if c.note != "not assessed" and not c.note.startswith("replaces")]
    evidence = [s.cosine for s in result.pairs if s.psi != 0]
    labels = [v.label for v in result.verdicts if not (result.claims[v.claim].origin == "rejected")]
    result.metrics = metrics.compute(result.sentence_map.labels, rows_ok, [c.passed for c in checked], evidence,
                                     flips, labels, gold)
    _tick(result, "metrics", t)


def pfcr(result: GroundingResult, entailment) -> tuple[int, int]:
    """(flips, evidence pairs): negate each claim and re-judge its evidence pairs (psi != 0)."""
    from grounding.negate import negate
    evidence = [s for s in result.pairs if s.psi != 0]
    if not evidence:
        return (0, 0)
    ctx = result.context_sentences
    negated = {k: negate(result.claims[k].text) for k in {s.claim for s in evidence}}
    probs = entailment.predict([ctx[s.column].text for s in evidence], [negated[s.claim] for s in evidence])
    psi = judge.polarity(probs)
    return int(sum(1 for s, p in zip(evidence, psi) if p == -s.psi)), len(evidence)


def rederive(result: GroundingResult, config: GroundingConfig) -> GroundingResult:
    """Re-decide verdicts, explanations and metrics from the stored scores under new verdict settings
    (preset, weights, thresholds) without running any model. tau changes need a new run."""
    # only the verdict settings are taken from `config`: tau, the engine and every other setting that needs a run
    # stay those of the run that made the scores; this machine's model folder applies
    run = result.config or GroundingConfig(engine=result.engine)
    config = dataclasses.replace(run, models_dir=config.models_dir).with_verdict_settings(config.preset, config.overrides)
    if not result.coverage.assessed:
        return result
    preset = config.verdict_preset()
    by_claim: dict[int, list[PairScore]] = {}
    for s in result.pairs:
        by_claim.setdefault(s.claim, []).append(s)
    from grounding.entities import entity_overlap
    ctx = result.context_sentences
    for v in list(result.verdicts):
        if v.label == NOT_ASSESSED:
            continue
        k = v.claim
        diffs = {s.column: entity_overlap(result.claims[k].text, ctx[s.column].text)[1] for s in by_claim.get(k, [])}
        if v.anchor is not None and v.anchor not in diffs:
            diffs[v.anchor] = entity_overlap(result.claims[k].text, ctx[v.anchor].text)[1]
        best = v.anchor if v.score is None else None
        nv = _judge_claim(result, config, preset, k, by_claim.get(k, []), diffs, best,
                          v.cosine if best is not None else None)
        _finalise_verdict(result, nv)
    # only the verdict settings changed: tau, engine and the rest stay those of the run that made the scores
    result.config = config
    labels = [v.label for v in result.verdicts if result.claims[v.claim].origin != "rejected"]
    result.metrics.integrity = round(metrics.integrity(labels), 4)
    result.metrics.verdict_counts = {x: labels.count(x) for x in dict.fromkeys(labels)}
    return result
