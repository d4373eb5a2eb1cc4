"""Engines: an engine is a named, declared sequence of stages plus the models it needs (a registry, ENGINES).

    claims        embed | decompose, self_check, retrieve, judge, entities, judge_joint, recheck, judge_clauses,
                  verdict, explain
    context       score_windows | read_windows, entities, judge_joint, recheck, judge_clauses, judge_parts, verdict,
                  explain                                                                      (per sentence)
    context-fast  the same with the scorer's 2-layer student

`run(engine, ...)` drives one: the `before` stages once, the `per_row` stages for each response sentence (the
stream yields after them), then the `after` stages (claim map, not-assessed verdicts, metrics). Each engine
declares the metrics it can honestly compute; the others are None ("not applicable", shown as "—").
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Iterator, Optional

from grounding.stages import (Run, Stage, claim_map, decompose, embed, entities, explain, judge, judge_clauses,
                              judge_joint, judge_parts, metrics, not_assessed, read_windows, recheck, retrieve,
                              score_windows, self_check, verdict)

ALWAYS = frozenset({"fcr", "hcr", "acr", "ucr", "ecss", "integrity", "gold"})
AFTER = (Stage("claim_map", claim_map.run), Stage("not_assessed", not_assessed.run), Stage("metrics", metrics.run))


@dataclass(frozen=True)
class Engine:
    name: str
    description: str
    models: dict              # role -> folder under models_dir, loaded with grounding.models.load
    before: tuple             # stages run once before the rows
    per_row: tuple            # stages run per response sentence; the stream yields after them
    metrics: frozenset        # what it computes honestly; the rest is not applicable (None)
    after: tuple = AFTER


CLAIMS = Engine(
    "claims", "decompose + retrieve + NLI: each claim against every context sentence above tau",
    models={"embedder": "embedder", "entailment": "entailment"},
    before=(Stage("embed_context", embed.run),),
    per_row=(Stage("decompose", decompose.run), Stage("self_check", self_check.run), Stage("retrieve", retrieve.run),
             Stage("judge", judge.run), Stage("entities", entities.run),
             Stage("judge_joint", judge_joint.run), Stage("recheck", recheck.run),
             Stage("judge_clauses", judge_clauses.run), Stage("verdict", verdict.run), Stage("explain", explain.run)),
    metrics=ALWAYS | {"cer", "pfcr"})

# Whole sentences are the claims (no split, so no CER) and the scorer is not an NLI model a negated claim could
# be re-judged with under the same polarity rule (so no PFCR): both are reported as not applicable.
_WINDOW_ROWS = (Stage("read_windows", read_windows.run), Stage("entities", entities.run),
                Stage("judge_joint", judge_joint.run), Stage("recheck", recheck.run),
                Stage("judge_clauses", judge_clauses.run), Stage("judge_parts", judge_parts.run),
                Stage("verdict", verdict.run), Stage("explain", explain.run))
CONTEXT = Engine(
    "context", "context-aware scorer (6 layers): every response sentence against whole documents in one pass",
    models={"embedder": "embedder", "scorer": "scorer", "entailment": "entailment"},
    before=(Stage("score_windows", score_windows.run),),
    per_row=_WINDOW_ROWS, metrics=ALWAYS)
CONTEXT_FAST = Engine(
    "context-fast", "the scorer's 2-layer student: faster per window, less accurate (see its card)",
    models={"embedder": "embedder", "scorer": "scorer_fast", "entailment": "entailment"},
    before=(Stage("score_windows", score_windows.run),),
    per_row=_WINDOW_ROWS, metrics=ALWAYS)

ENGINES = {e.name: e for e in (CLAIMS, CONTEXT, CONTEXT_FAST)}


def run(engine: Engine, state: Run) -> Iterator[Optional[Run]]:
    """Run `engine`'s stages on `state`, yielding the state after each assessed response sentence, and None inside a
    stage that gives way between its model calls (the scorer's pass, window by window: Stage.steps); a caller that
    stops iterating starts no more model work."""
    if state.result.coverage.assessed and any(state.rows_ok):
        for stage in engine.before:
            yield from stage.steps(state)
        for i in range(len(state.result.response_sentences)):
            if state.rows_ok[i] and state.out_of_time():
                _budget_spent(state, i)
            state.start_row(i)
            for stage in engine.per_row:
                yield from stage.steps(state)
            if not state.skip:
                yield state
        state.start_row(-1)
    for stage in engine.after:
        stage(state)


def _budget_spent(state: Run, row: int) -> None:
    """The time budget ran out before response sentence `row`: it and the rest are not assessed, and said so."""
    left = sum(state.rows_ok[row:])
    state.rows_ok = state.rows_ok[:row] + [False] * (len(state.rows_ok) - row)
    state.budget_spent(f"before response sentence {row + 1}: it and the {left - 1} assessable one(s) after it were not "
                       "checked and are listed as not assessed")


def applies(engine: str, metric: str) -> bool:
    """Whether `engine` computes `metric` ("cer", "pfcr", ...); an unknown engine name: assume it does."""
    return engine not in ENGINES or metric in ENGINES[engine].metrics
