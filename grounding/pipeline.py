"""`ground(response, context, config) -> GroundingResult`, its streaming form, and `rederive`.

The stages (grounding/stages) in data-flow order: segment -> decompose -> self_check -> retrieve -> judge |
score_windows + read_windows -> entities -> verdict -> explain -> metrics; which of them run, on which models,
is the engine's declaration (grounding/engines).
"""
from __future__ import annotations

import dataclasses
import time
from typing import Callable, Iterator, Optional

from grounding.config import GroundingConfig
from grounding.engines import ENGINES, run
from grounding.models import load, load_roles
from grounding.stages import Run
from grounding.stages import explain as explain_stage
from grounding.stages.segment import assessed_rows, segment
from grounding.stages.claim_map import claim_rows
from grounding.stages.verdict import clear_rules, decide_claim, show_rules
from grounding.types import NOT_ASSESSED, GroundingResult, InputError, PairScore

BIG_REQUEST_CELLS = 50_000   # a map this large: its memory is handed back once the request is done

__all__ = ["ground", "ground_stream", "rederive", "load_models", "runtime_info", "InputError"]


def load_models(models_dir: str, threads: Optional[int] = None):
    """(Embedder, Entailment) from the exported folders (cached): what the claims engine and the trace run on."""
    return load(f"{models_dir}/embedder", threads), load(f"{models_dir}/entailment", threads)


def usable_learned(config: GroundingConfig, engine: str) -> None:
    """An InputError saying what to do where the preset decides by a learned verdict model that the set in
    config.models_dir lacks, or that was fitted on other models than it holds (grounding.fitted)."""
    if config.verdict_preset().learned:
        from grounding import learned
        try:
            learned.load(config.models_dir, engine)
        except ValueError as err:
            raise InputError(str(err)) from None


def prepare_twins(models_dir: str, threads: Optional[int] = None) -> int:
    """Load every engine's models and build their fp32 twins now (grounding.precise), so that no request pays for
    building one and a server's memory settles with them in it (nor the first to read a learned verdict model, or the
    sha256 of the models it was fitted on: grounding.fitted); returns how many twins were built."""
    built = 0
    for folder in dict.fromkeys(f for e in ENGINES.values() for f in e.models.values()):
        try:   # the very objects the engines use (load_roles: cached per folder and threads)
            model = load_roles(models_dir, (folder,), threads)[folder]
        except InputError:
            continue
        (model.encoder if hasattr(model, "encoder") else model.model).fp32_session()
        built += 1
    from grounding import learned
    for name in ENGINES:   # and read the learned verdict models and the digests of the models they were fitted on
        learned.unusable(models_dir, name)
    return built


def runtime_info(models_dir: str, threads: Optional[int] = None) -> dict:
    """CPU, int8 kernel and, per shipped model, the file, precision and execution provider that run it."""
    from grounding.runtime import describe_models
    folders = dict.fromkeys(f for e in ENGINES.values() for f in e.models.values())
    models = {}
    for folder in folders:
        try:
            models[folder] = load(f"{models_dir}/{folder}", threads)
        except InputError:
            pass
    return describe_models(models)


def ground_stream(response: str, context, config: Optional[GroundingConfig] = None, question: str = "",
                  gold: Optional[list[list[int]]] = None, models=None,
                  cancelled: Optional[Callable[[], bool]] = None, ticks: bool = False) -> Iterator[GroundingResult]:
    """Yield the (same, growing) result after segmentation and after each response sentence; the last
    yield has `complete=True` with verdicts, maps and metrics for everything assessed. `models`: an
    (Embedder, Entailment) pair to use instead of loading them (the claims engine's). `cancelled`: checked
    wherever the time budget is (between scorer windows, model batches and rows); once True, no more model work
    starts and what is left is listed as not assessed ("The check was stopped …"), as a spent budget would be.
    `ticks`: also yield the result, unchanged, between the model calls of a long pass (the context engines' scorer
    reads every window before the first sentence's verdict): a caller that stops iterating there (the app, on
    Stop) starts no more model work."""
    config = (config or GroundingConfig()).validate()
    engine = ENGINES[config.engine]
    scorer_folder = engine.models.get("scorer")
    if scorer_folder:   # a missing scorer is refused before anything runs
        load(f"{config.models_dir}/{scorer_folder}", config.threads)
    usable_learned(config, config.engine)   # so is a learned preset the model set cannot use
    t0 = time.perf_counter()
    result = segment(response, context, question, config)
    result.timings["segment"] = time.perf_counter() - t0
    yield result
    rows_ok = assessed_rows(result, config)
    loaded = {}
    if result.coverage.assessed and any(rows_ok):
        given = dict(zip(("embedder", "entailment"), models)) if models else {}
        needed = {role: folder for role, folder in engine.models.items() if role not in given}
        loaded = {**{r: given[r] for r in engine.models if r in given},
                  **{role: m for role, m in zip(needed, load_roles(config.models_dir, tuple(needed.values()),
                                                                   config.threads).values())}}
        from grounding.cache import MODEL_OUTPUTS
        from grounding.runtime import describe_models
        result.coverage.runtime = describe_models(loaded)
        # the stages add, per model role, how many items their calls found cached ("hits") or ran ("misses")
        result.coverage.runtime["cache"] = {"budget_mb": MODEL_OUTPUTS.stats()["budget_mb"]}
    if loaded:   # spaCy (claims and entities) loads once per process, before the budget starts
        from grounding.decompose import load_nlp
        load_nlp()
    # the budget counts the models' work from here: reading the input is bounded by the limits, and loading the
    # models (once per process) is not the request's doing
    deadline = time.monotonic() + config.time_budget if config.time_budget else None
    state = Run(result=result, config=config, models=loaded, rows_ok=rows_ok, metrics=engine.metrics, gold=gold,
                deadline=deadline, cancelled=cancelled)
    for step in run(engine, state):
        if step is not None or ticks:
            yield result
    result.timings["total"] = time.perf_counter() - t0
    result.complete = True
    yield result
    from grounding.memory import release_memory
    release_memory(collect=len(result.context_sentences) * max(1, len(result.response_sentences)) > BIG_REQUEST_CELLS)


def ground(response: str, context, config: Optional[GroundingConfig] = None, question: str = "",
           gold: Optional[list[list[int]]] = None, models=None,
           cancelled: Optional[Callable[[], bool]] = None) -> GroundingResult:
    """Check `response` against `context` (str with '---' separated documents, or a list of texts or
    {"id","title","text"} dicts). Never raises for bad text: the coverage says what was not assessed."""
    for result in ground_stream(response, context, config, question, gold, models, cancelled):
        pass
    return result


def rederive(result: GroundingResult, config: GroundingConfig) -> GroundingResult:
    """Re-run only verdict -> explain -> metrics (integrity, verdict counts; the map's rates when a rule's cell
    came or went, stages.verdict.show_rules) from the stored scores under the verdict settings of `config` (preset,
    overrides), without running any model. Every setting that needs a run
    (tau, the engine, ...) stays that of the run that made the scores, whatever `config` says."""
    run_config = dataclasses.replace(result.config or GroundingConfig(engine=result.engine), models_dir=config.models_dir)
    config = run_config.with_verdict_settings(config.preset, config.overrides)
    if not result.coverage.assessed:
        return result
    usable_learned(config, result.engine)
    preset = config.verdict_preset()
    by_claim: dict[int, list[PairScore]] = {}
    for s in result.pairs:
        by_claim.setdefault(s.claim, []).append(s)
    from grounding.entities import entity_overlap
    ctx = result.context_sentences
    before = [list(r) for r in result.sentence_map.labels] if result.sentence_map else []
    for smap in (result.sentence_map, result.claim_map):
        clear_rules(smap)
    for v in list(result.verdicts):
        if v.label == NOT_ASSESSED:
            continue
        k = v.claim
        diffs = {s.column: entity_overlap(result.claims[k].text, ctx[s.column].text)[1] for s in by_claim.get(k, [])}
        if v.anchor is not None and v.anchor not in diffs:
            diffs[v.anchor] = entity_overlap(result.claims[k].text, ctx[v.anchor].text)[1]
        best = v.anchor if v.score is None else None
        nv = decide_claim(result, config, preset, k, by_claim.get(k, []), diffs, best,
                          v.cosine if best is not None else None)
        explain_stage.finalise(result, nv)
    show_rules(result.sentence_map, result.verdicts, lambda v: result.claims[v.claim].sentence,
               lambda v: result.claims[v.claim].alone_cleared or ())
    rows = claim_rows(result)
    show_rules(result.claim_map, result.verdicts, lambda v: rows.get(v.claim))
    result.config = config
    from grounding import metrics
    labels = [v.label for v in result.verdicts if result.claims[v.claim].origin != "rejected"]
    result.metrics.integrity = round(metrics.integrity(labels), 4)
    result.metrics.verdict_counts = {x: labels.count(x) for x in dict.fromkeys(labels)}
    if result.sentence_map and result.sentence_map.labels != before:   # a rule's cell came or went: the map's rates
        assessed = {result.claims[v.claim].sentence for v in result.verdicts if v.label != NOT_ASSESSED}
        rates = metrics.faithfulness(result.sentence_map.labels, [i in assessed for i in range(len(before))])
        result.metrics.sentence_classes = rates["sentence_classes"]
        for name in ("fcr", "hcr", "acr", "ucr"):
            setattr(result.metrics, name, round(rates[name], 4))
    return result

