"""VeriTrail over a generation DAG with the project's own models: `trace(dag, config) -> TraceResult`.

For each claim of the final output (the pipeline's decomposition and self-check), starting at the final
node's inputs, every iteration

1. selects evidence in the candidate nodes: their sentences (the project's segmenter, exact offsets) whose
   cosine to the claim is above tau (the most similar MAX_JUDGED) go to the entailment model; a sentence
   whose polarity is support or contradiction is evidence, and is kept only if its offsets slice back to
   its text in its node (the paper's ID check);
2. decides a verdict from the VeriGround verdict of the judged sentences (see `iteration_verdict`):
   Fully Supported, Not Fully Supported, or Inconclusive (mixed evidence);
3. moves the candidates one level toward the sources (`next_candidates`) or stops (`trace_claim`).

Error localisation and provenance are read off the trail afterwards (`error_location`, `provenance`).
"""
from __future__ import annotations

import dataclasses
import json
import time
from dataclasses import dataclass, field
from typing import Generator, Optional

import numpy as np

from grounding import judge, verdict
from grounding.config import GroundingConfig, VerdictPreset
from grounding.steps import finish
from grounding.trace.dag import DAG
from grounding.types import CONTRADICTED, SUPPORTED, Claim, PairScore, Sentence

FULLY_SUPPORTED, NOT_FULLY_SUPPORTED, INCONCLUSIVE = "Fully Supported", "Not Fully Supported", "Inconclusive"
NOT_TRACED = "Not traced"   # the time budget ran out before the claim: nothing is said about it
TRACE_VERDICTS = (FULLY_SUPPORTED, NOT_FULLY_SUPPORTED, INCONCLUSIVE, NOT_TRACED)
MAX_JUDGED = 24   # sentences judged per claim and iteration: the most similar ones (an LLM prompt's share)
NO_EVIDENCE, Q_REACHED, NO_CANDIDATES, SOURCES_REACHED = (
    "no evidence selected", "q consecutive Not Fully Supported", "no candidate nodes left",
    "only evidence-bearing sources remain")


@dataclass
class Evidence:
    """One selected sentence: `text == dag.nodes[node].text[start:end]`."""
    node: str
    stage: str
    sentence: int            # index of the sentence in its node
    text: str
    start: int
    end: int
    polarity: int            # +1 supports the claim, -1 contradicts it
    score: float             # VeriGround's fused F of (claim, sentence)
    cosine: float
    entail: float
    contradict: float


@dataclass
class Iteration:
    number: int              # 1 = the final node's inputs
    candidates: list[str]    # nodes searched (sources carried over from the last iteration included)
    evidence: list[Evidence]
    verdict: str
    rule: str                # why this verdict

    @property
    def evidence_nodes(self) -> list[str]:
        return list(dict.fromkeys(e.node for e in self.evidence))


@dataclass
class ClaimTrace:
    claim: int               # index among the judged claims
    text: str
    sentence: int            # sentence of the final node it came from
    start: Optional[int]     # offsets in the final node's text when the claim is a literal span
    end: Optional[int]
    origin: str              # decomposed | sentence
    verdict: str = NOT_FULLY_SUPPORTED
    termination: str = ""    # which rule stopped the loop
    iterations: list[Iteration] = field(default_factory=list)
    provenance: list[list[str]] = field(default_factory=list)   # Fully Supported: paths source -> ... -> final
    error_stages: list[str] = field(default_factory=list)       # otherwise: the stage(s) where it came in
    error_nodes: list[str] = field(default_factory=list)

    @property
    def interim_verdicts(self) -> list[str]:
        return [it.verdict for it in self.iterations]


@dataclass
class TraceResult:
    dag: DAG
    claims: list[ClaimTrace]
    rejected: list[Claim] = field(default_factory=list)   # split parts that failed the self-check (not traced)
    counts: dict[str, int] = field(default_factory=dict)  # verdict -> claims
    nodes_read: list[str] = field(default_factory=list)   # nodes whose sentences were searched, in order
    q: int = 3
    config: dict = field(default_factory=dict)
    timings: dict[str, float] = field(default_factory=dict)

    def to_dict(self) -> dict:
        out = dataclasses.asdict(self)
        out["dag"] = self.dag.to_dict()
        for c, data in zip(self.claims, out["claims"]):
            data["interim_verdicts"] = c.interim_verdicts
        out["nodes_total"] = len(self.dag.nodes)
        return out

    def to_json(self, **kw) -> str:
        return json.dumps(self.to_dict(), ensure_ascii=False, **kw)


class NodeReader:
    """Sentences (exact offsets) and embeddings of DAG nodes, computed once per node; records what was read."""

    def __init__(self, dag: DAG, embedder):
        self.dag, self.embedder = dag, embedder
        self.sentences: dict[str, list[Sentence]] = {}
        self.embeddings: dict[str, np.ndarray] = {}

    def read(self, node_ids: list[str]) -> None:
        from grounding.segment import split_sentences
        new = [n for n in node_ids if n not in self.sentences]
        for n in new:
            self.sentences[n] = split_sentences(self.dag.nodes[n].text, n)
        texts = [s.text for n in new for s in self.sentences[n]]
        emb = self.embedder.encode(texts) if texts else np.zeros((0, 0), dtype=np.float32)
        at = 0
        for n in new:
            k = len(self.sentences[n])
            self.embeddings[n] = emb[at:at + k]
            at += k

    @property
    def read_order(self) -> list[str]:
        return list(self.sentences)


def trace(dag: DAG, config: Optional[GroundingConfig] = None, models=None) -> TraceResult:
    """Trace every claim of `dag`'s final node back toward its sources (see the module docstring)."""
    return finish(trace_steps(dag, config, models))


def trace_steps(dag: DAG, config: Optional[GroundingConfig] = None,
                models=None) -> Generator[tuple[str, int, int], None, TraceResult]:
    """`trace` as a generator: it yields ("decompose", i, n) after each of the final output's n sentences is split
    into claims and ("trace", k, n) after each of its n claims is traced (points where a caller can stop: one that
    stops iterating starts no more model work), and returns the TraceResult."""
    from grounding.pipeline import load_models
    from grounding.stages.self_check import checked_claims
    from grounding.segment import split_response
    config = (config or GroundingConfig()).validate()
    embedder, entailment = models or load_models(config.models_dir, config.threads)
    t0 = time.perf_counter()
    final_text = dag.nodes[dag.final].text
    rejected: list[Claim] = []
    claims: list[Claim] = []
    sentences = split_response(final_text)
    for i, sent in enumerate(sentences):
        dropped, kept = checked_claims(sent, i, final_text, config, entailment)
        rejected += dropped
        claims += kept
        yield "decompose", i + 1, len(sentences)
    t1 = time.perf_counter()
    reader = NodeReader(dag, embedder)
    claim_emb = embedder.encode([c.text for c in claims]) if claims else np.zeros((0, 0), dtype=np.float32)
    traces = []
    # the budget counts from here, as a check's counts from its model work (config.time_budget)
    deadline = time.monotonic() + config.time_budget if config.time_budget else None
    for k, c in enumerate(claims):
        if deadline is not None and time.monotonic() > deadline:
            traces += [not_traced(k2, c2, config.time_budget) for k2, c2 in enumerate(claims[k:], k)]
            break
        traces.append(trace_claim(dag, k, c, claim_emb[k], reader, entailment, config))
        yield "trace", k + 1, len(claims)
    counts = {v: sum(1 for c in traces if c.verdict == v) for v in TRACE_VERDICTS}
    return TraceResult(dag=dag, claims=traces, rejected=rejected, counts=counts, nodes_read=reader.read_order,
                       q=config.trace_q, config=config.to_dict(),
                       timings={"decompose": round(t1 - t0, 3), "trace": round(time.perf_counter() - t1, 3)})


def not_traced(k: int, claim: Claim, budget: float) -> ClaimTrace:
    """Claim k, which the time budget left: listed as Not traced, with no iteration, path or error stage."""
    return ClaimTrace(claim=k, text=claim.text, sentence=claim.sentence, start=claim.start, end=claim.end,
                      origin=claim.origin, verdict=NOT_TRACED,
                      termination=f"the time budget ({budget:g} s) ran out before this claim was traced")


def trace_claim(dag: DAG, k: int, claim: Claim, claim_emb: np.ndarray, reader: NodeReader, entailment,
                config: GroundingConfig) -> ClaimTrace:
    """The VeriTrail loop for one claim. Stops when (1) only sources that held evidence in this iteration
    remain (the latest verdict stands), (2) no candidates remain (Not Fully Supported), or (3) `trace_q`
    consecutive verdicts were Not Fully Supported (Not Fully Supported)."""
    out = ClaimTrace(claim=k, text=claim.text, sentence=claim.sentence, start=claim.start, end=claim.end,
                     origin=claim.origin)
    preset = config.verdict_preset()
    candidates = list(dag.nodes[dag.final].inputs)
    run = 0
    for number in range(1, len(dag.nodes) + 2):   # each iteration moves toward the sources: this bound is never hit
        reader.read(candidates)
        evidence, label, rule = select_and_decide(dag, claim.text, claim_emb, candidates, reader, entailment,
                                                  config, preset)
        it = Iteration(number=number, candidates=list(candidates), evidence=evidence, verdict=label, rule=rule)
        out.iterations.append(it)
        run = run + 1 if label == NOT_FULLY_SUPPORTED else 0
        nxt = next_candidates(dag, it)
        if label == NOT_FULLY_SUPPORTED and run >= config.trace_q:
            out.verdict, out.termination = NOT_FULLY_SUPPORTED, f"{Q_REACHED} (q = {config.trace_q})"
            break
        if not nxt:
            out.verdict, out.termination = NOT_FULLY_SUPPORTED, NO_CANDIDATES
            break
        if all(dag.nodes[n].is_source and n in it.evidence_nodes for n in nxt):
            out.verdict, out.termination = label, SOURCES_REACHED
            break
        candidates = nxt
    if out.verdict == FULLY_SUPPORTED:
        out.provenance = provenance(dag, out.iterations)
    else:
        out.error_stages, out.error_nodes = error_location(dag, out.iterations)
    return out


def select_and_decide(dag: DAG, claim_text: str, claim_emb: np.ndarray, candidates: list[str], reader: NodeReader,
                      entailment, config: GroundingConfig, preset: VerdictPreset) -> tuple[list[Evidence], str, str]:
    """(evidence, verdict, rule) of one iteration over the sentences of `candidates`."""
    from grounding.entities import entity_overlap
    sents = [s for n in candidates for s in reader.sentences[n]]
    if not sents:
        return [], NOT_FULLY_SUPPORTED, NO_EVIDENCE
    cos = judge.cosine_matrix(claim_emb[None, :], np.concatenate([reader.embeddings[n] for n in candidates]))
    order = np.argsort(-cos[0], kind="stable")
    chosen = [int(j) for j in order if cos[0, j] > config.tau][:MAX_JUDGED]
    texts = [s.text for s in sents]
    pairs, _ = judge.judge(entailment, [claim_text], texts, cos, [(0, j) for j in sorted(chosen)])
    for p in pairs:
        overlap, _ = entity_overlap(claim_text, texts[p.column])
        p.entity_overlap = None if overlap is None else round(overlap, 4)
    evidence = verified([_evidence(dag, sents[p.column], p, preset) for p in pairs if p.psi != 0], dag)
    kept = {(e.node, e.sentence) for e in evidence}
    judged = [p for p in pairs if p.psi == 0 or (sents[p.column].source, sents[p.column].index) in kept]
    label, rule = iteration_verdict(judged, preset, config.tau)
    if label == FULLY_SUPPORTED:
        missing = missing_numbers(claim_text, [dag.nodes[n].text for n in dict.fromkeys(e.node for e in evidence
                                                                                       if e.polarity == 1)])
        if missing:
            label, rule = NOT_FULLY_SUPPORTED, f"not fully: {', '.join(missing)} of the claim in no supporting node"
    return evidence, label, rule


def _evidence(dag: DAG, sent: Sentence, p: PairScore, preset: VerdictPreset) -> Evidence:
    return Evidence(node=sent.source, stage=dag.stage_of(sent.source), sentence=sent.index, text=sent.text,
                    start=sent.start, end=sent.end, polarity=p.psi,
                    score=round(verdict.fused_score(preset, p.cosine, p.entail, p.contradict, p.entity_overlap), 4),
                    cosine=p.cosine, entail=p.entail, contradict=p.contradict)


def verified(evidence: list[Evidence], dag: DAG) -> list[Evidence]:
    """The paper's ID check, by offsets: only sentences that exist verbatim at their offsets in their node."""
    return [e for e in evidence if e.node in dag.nodes and dag.nodes[e.node].text[e.start:e.end] == e.text]


def iteration_verdict(pairs: list[PairScore], preset: VerdictPreset, tau: float) -> tuple[str, str]:
    """(verdict, rule) from the judged pairs of one iteration (their entity overlap set).

    * no pair with support or contradiction polarity: Not Fully Supported (nothing selected);
    * Inconclusive when the evidence is mixed: VeriGround says Supported but a selected sentence leans
      against the claim (contradiction its most likely class, P(c) >= the preset's conflict_note), or it says
      Contradicted while another selected sentence would on its own be Supported (F >= the preset's
      `supported` band);
    * Fully Supported when VeriGround says Supported and nothing leans against it;
    * otherwise (Partially supported, Unsupported, Contradicted) Not Fully Supported.
    """
    if not any(p.psi != 0 for p in pairs):
        return NOT_FULLY_SUPPORTED, NO_EVIDENCE
    v = verdict.decide(0, pairs, preset, {}, None, None, tau)
    if v.label == SUPPORTED and v.conflicting is not None:
        return INCONCLUSIVE, f"mixed evidence: supported (F {v.score:.2f}) while another sentence contradicts it"
    if v.label == SUPPORTED:
        return FULLY_SUPPORTED, f"supported: {v.rule}"
    if v.label == CONTRADICTED:
        strong = [p for p in pairs if p.psi == 1 and p.column != v.anchor and verdict.fused_score(
            preset, p.cosine, p.entail, p.contradict, p.entity_overlap) >= preset.supported]
        if strong:
            return INCONCLUSIVE, f"mixed evidence: {v.rule}, while another sentence supports it"
    return NOT_FULLY_SUPPORTED, f"{v.label.lower()}: {v.rule}"


def missing_numbers(claim_text: str, supporting_texts: list[str]) -> list[str]:
    """The claim's numbers, percentages, amounts and dates (as written) that none of `supporting_texts` holds.

    The entailment model barely tells 1.2 from 2.1, so "Fully" needs every number of the claim somewhere in a
    node that supports it (the whole node, not just the selected sentence: a number may sit one sentence away).
    """
    from grounding.entities import entity_overlap, mentions
    numeric = list(dict.fromkeys(m.surface for m in mentions(claim_text) if m.kind != "named"))
    if not numeric:
        return []
    found: set[str] = set()
    for text in supporting_texts:
        found |= set(numeric) - set(entity_overlap(claim_text, text)[1].claim_only)
    return [n for n in numeric if n not in found]


def next_candidates(dag: DAG, it: Iteration) -> list[str]:
    """The next iteration's candidates: after Fully Supported / Inconclusive the inputs of the nodes that held
    evidence, after Not Fully Supported the inputs of every node checked; a source that held evidence stays."""
    basis = it.candidates if it.verdict == NOT_FULLY_SUPPORTED else it.evidence_nodes
    held = set(it.evidence_nodes)
    out: list[str] = []
    for n in basis:
        node = dag.nodes[n]
        out += ([n] if n in held else []) if node.is_source else node.inputs
    return list(dict.fromkeys(out))


def error_location(dag: DAG, iterations: list[Iteration]) -> tuple[list[str], list[str]]:
    """(stages, nodes) where an unsupported claim came in: the non-source nodes that held evidence in the last
    Fully Supported iteration (their content was not supported one level down); with no Fully Supported
    iteration, the final node itself. ([], []) when that iteration's evidence lay in sources only."""
    supported = [it for it in iterations if it.verdict == FULLY_SUPPORTED]
    if not supported:
        return [dag.stage_of(dag.final)], [dag.final]
    nodes = [n for n in supported[-1].evidence_nodes if not dag.nodes[n].is_source]
    return list(dict.fromkeys(dag.stage_of(n) for n in nodes)), nodes


def provenance(dag: DAG, iterations: list[Iteration], limit: int = 20) -> list[list[str]]:
    """Support paths source -> ... -> final through the nodes the trail went through: per iteration the
    evidence nodes, or every node checked after a Not Fully Supported verdict (the search widened through them);
    a source carried over from one iteration to the next appears once."""
    held = [_through(it) for it in iterations]
    paths: list[list[str]] = []

    def walk(node: str, t: int, path: list[str]) -> None:
        if len(paths) >= limit:
            return
        if t == len(held) - 1:
            if dag.nodes[node].is_source:
                paths.append(list(reversed(path)))
            return
        for child in held[t + 1]:
            if child == node:
                walk(child, t + 1, path)
            elif child in dag.nodes[node].inputs:
                walk(child, t + 1, path + [child])

    for first in held[0] if held else []:
        walk(first, 0, [dag.final, first])
    return paths


def _through(it: Iteration) -> list[str]:
    return it.candidates if it.verdict == NOT_FULLY_SUPPORTED else it.evidence_nodes


def trail_edges(dag: DAG, ct: ClaimTrace) -> list[tuple[str, str]]:
    """(input, user) edges the claim's trail followed, final first: from the final node to the evidence nodes
    of the first iteration, from those to the next iteration's evidence nodes among their inputs, and so on
    (after a Not Fully Supported verdict, through every node checked)."""
    steps = [[dag.final]] + [_through(it) for it in ct.iterations[:-1]] + [
        ct.iterations[-1].evidence_nodes if ct.iterations else []]
    edges = [(c, n) for a, b in zip(steps, steps[1:]) for n in a for c in b if c in dag.nodes[n].inputs]
    return list(dict.fromkeys(edges))


def trace_json(text: str, config: Optional[GroundingConfig] = None, name: str = "input",
               models=None) -> tuple[TraceResult, list[str]]:
    """(trace of the first DAG in `text`, notes): the app's entry point. `text` holds a DAG as JSON, a list of
    DAGs or JSON Lines; DAGError (a ValueError) for a bad one, before any model runs."""
    dag, notes = first_dag(text, name)
    return trace(dag, config, models), notes


def first_dag(text: str, name: str = "input") -> tuple[DAG, list[str]]:
    """(the first DAG in `text`, notes); DAGError (a ValueError) for a bad one."""
    from grounding.trace.dag import parse_dags
    dags = parse_dags(text, name)
    notes = list(dags[0].notes)
    if len(dags) > 1:
        notes.append(f"{name} holds {len(dags)} DAGs; the first ('{dags[0].id}') is traced here "
                     "(the CLI traces all of them).")
    return dags[0], notes
