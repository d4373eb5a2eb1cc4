"""Traceability over a generation DAG (grounding/trace): validation errors, the VeriTrail loop's rules
(Inconclusive, the three terminations, next candidates, error localisation, provenance), offsets, escaping,
and end to end on the shipped models with the hand-made three-level DAG."""
from __future__ import annotations

import copy
import json

import numpy as np
import pytest

from grounding.config import GroundingConfig
from grounding.trace import dag as dagmod
from grounding.trace import method
from grounding.trace.dag import DAGError, parse_dag, parse_dags
from grounding.trace.examples import HIERARCHICAL, MAP_REDUCE
from grounding.trace.method import (FULLY_SUPPORTED as FS, INCONCLUSIVE as INC, NOT_FULLY_SUPPORTED as NFS,
                                    Evidence, Iteration)
from grounding.types import PairScore


def dag_of(*nodes, **extra):
    return {"id": "t", "nodes": [dict(n) for n in nodes], **extra}


def node(node_id, text="Some text.", inputs=None, stage=None):
    out = {"id": node_id, "text": text}
    if inputs is not None:
        out["inputs"] = inputs
    if stage is not None:
        out["stage"] = stage
    return out


# A three-level DAG: c1, c2 -> s1; c3 -> s2; s1, s2 -> f
LEVELS = dag_of(node("c1"), node("c2"), node("c3"), node("s1", inputs=["c1", "c2"], stage="summary"),
                node("s2", inputs=["c3"], stage="summary"), node("f", inputs=["s1", "s2"], stage="final"))


# ---------------------------------------------------------------------------- validation

@pytest.mark.parametrize("data, message", [
    (dag_of(node("a"), node("b", inputs=["a"]), node("c", inputs=["b", "zz"])),
     "node 'c' lists input 'zz', which is not a node id"),
    (dag_of(node("a"), node("b", inputs=["a", "c"]), node("c", inputs=["b"]), node("d", inputs=["c"])),
     "is part of a cycle"),
    (dag_of(node("a"), node("b", inputs=["b"])), "node 'b' lists itself as input"),
    (dag_of(node("a", inputs=["b"]), node("b", inputs=["a"])), "has no source node"),
    (dag_of(node("a"), node("b", inputs=["a"]), node("c", inputs=["a"])),
     "several nodes are not used as input by any other node (b, c)"),
    (dag_of(node("a"), node("b", text="   ", inputs=["a"])), "node 'b' has empty text"),
    (dag_of(node("a"), node("a", inputs=["a"])), "two nodes have the id 'a'"),
    (dag_of(node("a"), node("b", inputs=["a"]), final="x"), "'final' names 'x', which is not a node id"),
    (dag_of(node("a"), node("b", inputs=["a"]), final="a"), "the final node 'a' is a source"),
    ({"id": "t", "nodes": []}, "'nodes' must be a non-empty list"),
    (dag_of({"text": "no id"}), "node 1 needs an 'id'"),
    (dag_of(node("a"), node("b", inputs="a"), {"id": "c", "text": "x", "inputs": [["a"]]}),
     "node 'c' has 'inputs' that are not a list of node ids"),
])
def test_bad_dags_are_named(data, message):
    with pytest.raises(DAGError) as err:
        parse_dag(data)
    assert message in str(err.value)
    assert "DAG 't'" in str(err.value)


def test_cycle_message_lists_the_cycle():
    with pytest.raises(DAGError, match=r"'b' is part of a cycle \(b -> c -> b\)|'c' is part of a cycle \(c -> b -> c\)"):
        parse_dag(dag_of(node("a"), node("b", inputs=["a", "c"]), node("c", inputs=["b"]), node("d", inputs=["c"])))


def test_defaults_stage_depth_and_final():
    dag = parse_dag(dag_of(node("c1"), node("c2"), node("s1", inputs=["c1"]), node("f", inputs=["s1", "c2"])))
    assert dag.final == "f"
    assert [(n.id, n.depth, n.stage) for n in dag.nodes.values()] == [("c1", 0, "0"), ("c2", 0, "0"), ("s1", 1, "1"),
                                                                     ("f", 2, "2")]
    assert dag.sources == ["c1", "c2"]
    assert dag.stages() == ["0", "1", "2"]


def test_named_final_and_unused_nodes_noted():
    dag = parse_dag(dag_of(node("a"), node("b", inputs=["a"]), node("side", inputs=["a"]), final="b"))
    assert dag.final == "b"
    assert dag.notes and "side" in dag.notes[0]


def test_parse_dags_accepts_object_list_and_json_lines():
    one = json.dumps(LEVELS)
    assert [d.id for d in parse_dags(one)] == ["t"]
    other = dict(copy.deepcopy(LEVELS), id="u")
    assert [d.id for d in parse_dags(json.dumps([LEVELS, other]))] == ["t", "u"]
    assert [d.id for d in parse_dags(one + "\n\n" + json.dumps(other) + "\n")] == ["t", "u"]
    with pytest.raises(DAGError, match="line 2: not valid JSON"):
        parse_dags(one + "\n{oops\n")
    with pytest.raises(DAGError, match="two DAGs have the id 't'"):
        parse_dags(one + "\n" + one)
    with pytest.raises(DAGError, match="is empty"):
        parse_dags("  \n")


# ---------------------------------------------------------------------------- rules, without models

def ev(node_id, polarity=1, text="x"):
    return Evidence(node=node_id, stage="s", sentence=0, text=text, start=0, end=len(text), polarity=polarity,
                    score=0.9, cosine=0.9, entail=0.9, contradict=0.05)


def it(number, candidates, held, verdict):
    return Iteration(number=number, candidates=candidates, evidence=[ev(n) for n in held], verdict=verdict, rule="")


def pair(column, entail, contradict, cosine=0.9, entity=None):
    neutral = max(0.0, 1 - entail - contradict)
    probs = [entail, neutral, contradict]
    psi = [1, 0, -1][int(np.argmax(probs))]
    return PairScore(claim=0, column=column, cosine=cosine, entail=entail, neutral=neutral, contradict=contradict,
                     psi=psi, signed=cosine * psi, judged=True, entity_overlap=entity)


PRESET = GroundingConfig().verdict_preset()


def test_iteration_verdict_rules():
    assert method.iteration_verdict([pair(0, 0.95, 0.02)], PRESET, 0.5)[0] == FS
    assert method.iteration_verdict([pair(0, 0.1, 0.1)], PRESET, 0.5) == (NFS, method.NO_EVIDENCE)
    assert method.iteration_verdict([pair(0, 0.05, 0.9)], PRESET, 0.5)[0] == NFS            # contradicted
    assert method.iteration_verdict([pair(0, 0.55, 0.05, cosine=0.6)], PRESET, 0.5)[0] == NFS  # partial
    # mixed: strong support and a sentence leaning against it (P(c) >= conflict_note 0.6, below the override)
    label, rule = method.iteration_verdict([pair(0, 0.95, 0.02), pair(1, 0.3, 0.65, cosine=0.7)], PRESET, 0.5)
    assert (label, rule.startswith("mixed evidence")) == (INC, True)
    # mixed: the contradiction override fires, but another sentence alone is Supported
    label, rule = method.iteration_verdict([pair(0, 0.95, 0.02), pair(1, 0.05, 0.9)], PRESET, 0.5)
    assert (label, "contradiction override" in rule) == (INC, True)
    # contradicted with only weak support: not mixed
    assert method.iteration_verdict([pair(0, 0.5, 0.3, cosine=0.55), pair(1, 0.05, 0.9)], PRESET, 0.5)[0] == NFS


def test_missing_numbers_need_a_supporting_node_holding_them():
    claim = "HbA1c fell by 2.1 points in 24 weeks."
    assert method.missing_numbers(claim, ["After 24 weeks HbA1c fell by 1.2 points."]) == ["2.1"]
    assert method.missing_numbers(claim, ["It fell by 2.1 points.", "The trial ran 24 weeks."]) == []
    assert method.missing_numbers("The drug is safe.", []) == []


def test_next_candidates_follow_the_latest_verdict():
    dag = parse_dag(LEVELS)
    # Fully Supported / Inconclusive: inputs of the evidence nodes only
    assert method.next_candidates(dag, it(1, ["s1", "s2"], ["s1"], FS)) == ["c1", "c2"]
    assert method.next_candidates(dag, it(1, ["s1", "s2"], ["s2"], INC)) == ["c3"]
    # Not Fully Supported: inputs of every node checked
    assert method.next_candidates(dag, it(1, ["s1", "s2"], ["s1"], NFS)) == ["c1", "c2", "c3"]
    # a source stays only when it held evidence
    assert method.next_candidates(dag, it(2, ["c1", "c2"], ["c2"], FS)) == ["c2"]
    assert method.next_candidates(dag, it(2, ["c1", "c2"], [], NFS)) == []


class FakeEmbedder:
    def encode(self, texts):
        return np.ones((len(texts), 4), dtype=np.float32) / 2.0


def run_loop(monkeypatch, script, q=3, dag=LEVELS):
    """trace_claim with select_and_decide replaced by `script`: {frozenset(candidates): (evidence nodes, verdict)}."""
    d = parse_dag(dag)

    def fake(dag, claim_text, claim_emb, candidates, reader, entailment, config, preset):
        held, verdict = script[frozenset(candidates)]
        return [ev(n) for n in held], verdict, "scripted"

    monkeypatch.setattr(method, "select_and_decide", fake)
    reader = method.NodeReader(d, FakeEmbedder())
    claim = method.Claim("claim.", 0, 0, 6, origin="sentence")
    return method.trace_claim(d, 0, claim, np.ones(4), reader, None, GroundingConfig(trace_q=q))


def test_termination_sources_reached_keeps_latest_verdict(monkeypatch):
    ct = run_loop(monkeypatch, {frozenset({"s1", "s2"}): (["s1"], FS), frozenset({"c1", "c2"}): (["c2"], FS)})
    assert (ct.verdict, ct.termination, ct.interim_verdicts) == (FS, method.SOURCES_REACHED, [FS, FS])
    assert ct.provenance == [["c2", "s1", "f"]]
    assert ct.error_stages == [] and ct.error_nodes == []
    inc = run_loop(monkeypatch, {frozenset({"s1", "s2"}): (["s1"], FS), frozenset({"c1", "c2"}): (["c2"], INC)})
    assert (inc.verdict, inc.termination) == (INC, method.SOURCES_REACHED)
    assert inc.error_stages == ["summary"] and inc.provenance == []


def test_termination_no_candidates(monkeypatch):
    ct = run_loop(monkeypatch, {frozenset({"s1", "s2"}): (["s1"], FS), frozenset({"c1", "c2"}): ([], NFS)})
    assert (ct.verdict, ct.termination, ct.interim_verdicts) == (NFS, method.NO_CANDIDATES, [FS, NFS])


def test_termination_after_q_consecutive_nfs(monkeypatch):
    script = {frozenset({"s1", "s2"}): ([], NFS), frozenset({"c1", "c2", "c3"}): (["c1"], FS)}
    one = run_loop(monkeypatch, script, q=1)
    assert (one.verdict, one.termination, one.interim_verdicts) == (NFS, "q consecutive Not Fully Supported (q = 1)", [NFS])
    # q = 3: the search goes on to every input of the checked nodes, and a later Fully Supported stands
    three = run_loop(monkeypatch, script, q=3)
    assert (three.verdict, three.interim_verdicts, three.provenance) == (FS, [NFS, FS], [["c1", "s1", "f"]])
    # a deeper DAG: q = 2 stops at the second consecutive Not Fully Supported
    deep = dag_of(node("c1"), node("m1", inputs=["c1"]), node("m2", inputs=["m1"]), node("m3", inputs=["m2"]),
                  node("f", inputs=["m3"]))
    script = {frozenset({"m3"}): (["m3"], NFS), frozenset({"m2"}): (["m2"], NFS), frozenset({"m1"}): (["m1"], FS),
              frozenset({"c1"}): (["c1"], FS)}
    two = run_loop(monkeypatch, script, q=2, dag=deep)
    assert (two.verdict, two.termination, two.interim_verdicts) == (NFS, "q consecutive Not Fully Supported (q = 2)",
                                                                     [NFS, NFS])
    assert run_loop(monkeypatch, script, q=3, dag=deep).interim_verdicts == [NFS, NFS, FS, FS]


def test_error_localisation_rule():
    dag = parse_dag(LEVELS)
    # last Fully Supported iteration held evidence in s1 (non-source) and c3 is not involved: the error came in at s1
    assert method.error_location(dag, [it(1, ["s1", "s2"], ["s1"], FS), it(2, ["c1", "c2"], [], NFS)]) == (
        ["summary"], ["s1"])
    # never Fully Supported: the final step added it
    assert method.error_location(dag, [it(1, ["s1", "s2"], [], NFS), it(2, ["c1", "c2", "c3"], [], NFS)]) == (
        ["final"], ["f"])
    # the LAST Fully Supported iteration counts, and only its non-source evidence nodes
    mixed = dag_of(node("c1"), node("c2"), node("m", inputs=["c1"], stage="mid"), node("s", inputs=["m", "c2"], stage="top"),
                   node("f", inputs=["s"], stage="final"))
    d = parse_dag(mixed)
    trail = [it(1, ["s"], ["s"], FS), it(2, ["m", "c2"], ["m", "c2"], FS), it(3, ["c1", "c2"], ["c2"], NFS)]
    assert method.error_location(d, trail) == (["mid"], ["m"])
    # evidence only in sources in the last Fully Supported iteration: undetermined
    assert method.error_location(d, [it(1, ["s"], ["s"], NFS), it(2, ["m", "c2"], ["c2"], FS)]) == ([], [])


def test_verified_drops_evidence_that_does_not_slice_back():
    dag = parse_dag(LEVELS)
    good = Evidence("c1", "0", 0, "Some text.", 0, 10, 1, 0.9, 0.9, 0.9, 0.0)
    shifted = Evidence("c1", "0", 0, "ome text.", 0, 9, 1, 0.9, 0.9, 0.9, 0.0)
    unknown = Evidence("zz", "0", 0, "Some text.", 0, 10, 1, 0.9, 0.9, 0.9, 0.0)
    assert method.verified([good, shifted, unknown], dag) == [good]
