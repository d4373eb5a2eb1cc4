"""Traceability over a generation DAG (grounding/trace): validation errors, the VeriTrail loop's rules
(Inconclusive, the three terminations, next candidates, error localisation, provenance), offsets, escaping,
and end to end on the shipped models with the hand-made three-level DAG."""
from __future__ import annotations

import copy
import json

import numpy as np
import pytest

from grounding.config import GroundingConfig
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


PRESET = GroundingConfig(preset="paper").verdict_preset()   # the rules below are paper's (override from any sentence)


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


# ---------------------------------------------------------------------------- views: escaping

def test_views_escape_user_strings_and_draw_the_trail():
    from grounding.trace import view
    evil = '<img src=x onerror="window.__xss=1">'
    data = dag_of(node("c<1>", text=evil + " Source."), node("s&1", text="Summary " + evil, inputs=["c<1>"], stage=evil),
                  node("f", text="Final " + evil, inputs=["s&1"]), id=evil)
    dag = parse_dag(data)
    claim = method.ClaimTrace(claim=0, text="Final " + evil, sentence=0, start=0, end=6, origin="sentence",
                              verdict=NFS, termination="x", error_stages=[evil], error_nodes=["s&1"],
                              iterations=[Iteration(1, ["s&1"], [Evidence("s&1", evil, 0, "Summary " + evil, 0, 8,
                                                                          1, 0.9, 0.9, 0.9, 0.0)], FS, evil),
                                          Iteration(2, ["c<1>"], [], NFS, "none")])
    res = method.TraceResult(dag=dag, claims=[claim], counts={NFS: 1})
    for html in (view.dag_svg(res, 0), view.claims_html(res, 0), view.trail_html(res, 0), view.counts_html(res),
                 view.report_html(res)):
        assert "<img" not in html and "onerror=\"" not in html
        assert "&lt;img" in html or "c&lt;1&gt;" in html
    svg = view.dag_svg(res, 0)
    assert 'class="node on-trail evidence-support error-entered" data-node="s&amp;1"' in svg
    assert 'class="edge on-trail" fill="none" stroke="#b6bec8" data-edge="s&amp;1→f"' in svg
    assert "<script" not in view.report_html(res) and "http" not in svg.replace("http://www.w3.org/2000/svg", "")


# ---------------------------------------------------------------------------- CLI errors (no model runs)

def cli(*args):
    import subprocess
    import sys
    from conftest import ROOT
    return subprocess.run([sys.executable, "-m", "grounding", "trace", *args], cwd=ROOT, capture_output=True,
                          text=True, timeout=120)


def test_cli_errors_are_clear(tmp_path):
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps(dag_of(node("a"), node("b", inputs=["a", "ghost"]))))
    for args, message in [((str(bad),), "node 'b' lists input 'ghost', which is not a node id"),
                          ((str(tmp_path / "missing.json"),), "not found"),
                          ((str(bad), "--q", "0"), "--q must be a whole number of at least 1")]:
        proc = cli("--input", args[0], "--output", str(tmp_path / "out.json"), *args[1:])
        assert proc.returncode == 2 and message in proc.stderr and "Traceback" not in proc.stderr
    assert not (tmp_path / "out.json").exists()


# ---------------------------------------------------------------------------- end to end on the shipped models

@pytest.fixture(scope="module")
def traced(models_dir):
    from grounding.trace import trace
    config = GroundingConfig(models_dir=str(models_dir), trace_q=3)
    return trace(parse_dag(HIERARCHICAL), config), trace(parse_dag(MAP_REDUCE), config)


def test_number_changed_in_an_intermediate_summary_is_located_there(traced):
    res, _ = traced
    by_text = {c.text: c for c in res.claims}
    wrong = by_text["HbA1c fell by 2.1 percentage points with glucarin."]
    assert wrong.verdict == NFS and wrong.interim_verdicts[0] == FS
    assert (wrong.error_stages, wrong.error_nodes) == (["chunk summary"], ["s1"])
    first = wrong.iterations[0].evidence[0]
    assert first.node == "s1" and first.polarity == 1 and first.score >= 0.8       # copied verbatim: clear support
    assert "2.1" in wrong.iterations[1].rule or wrong.iterations[1].verdict == NFS
    right = by_text["Nausea was reported by 14% of patients on glucarin."]
    assert right.verdict == FS and right.provenance == [["c2", "s2", "final"]]
    assert all(e.score >= 0.8 and e.polarity == 1 for it in right.iterations for e in it.evidence)
    assert res.counts == {FS: 1, NFS: 1, INC: 0, method.NOT_TRACED: 0}
    assert set(res.nodes_read) == {"s1", "s2", "c1", "c2", "c3"}
    # every evidence sentence slices back out of its node
    for ct in res.claims:
        for it in ct.iterations:
            for e in it.evidence:
                assert res.dag.nodes[e.node].text[e.start:e.end] == e.text
    data = json.loads(json.dumps(res.to_dict()))
    assert data["claims"][0]["interim_verdicts"] == wrong.interim_verdicts and data["nodes_total"] == 6


def test_entity_swapped_in_the_final_step_is_located_at_the_final_stage(traced):
    _, res = traced
    by_text = {c.text: c for c in res.claims}
    swapped = by_text["The city council approved a new container terminal."]
    assert swapped.verdict == NFS and swapped.error_stages == ["answer"]
    assert by_text["Construction costs 300 million euros."].provenance == [["a1", "n1", "answer"]]


def test_cli_on_the_hand_made_dag(tmp_path):
    src = tmp_path / "dag.json"
    src.write_text(json.dumps(HIERARCHICAL))
    proc = cli("--input", str(src), "--output", str(tmp_path / "out.json"), "--q", "1")
    assert proc.returncode == 0, proc.stderr
    assert "error entered at stage: chunk summary (node s1)" in proc.stdout
    assert "path: c2 -> s2 -> final" in proc.stdout
    out = json.loads((tmp_path / "out.json").read_text())
    assert out["q"] == 1 and out["counts"]["Not Fully Supported"] == 1


def test_a_trace_gives_way_after_each_sentence_and_claim_and_the_app_shows_it(traced, models_dir, monkeypatch):
    """trace_steps yields after each of the final output's sentences is split and after each claim is traced (a
    caller that stops there starts no more model work), and returns what `trace` returns. The app's Trace clears
    the earlier trace's views, says how far it is, and ends with the same trace; Stop says so unless it is done."""
    import grounding.session as ss
    from grounding.trace import session as ts
    config = GroundingConfig(models_dir=str(models_dir), trace_q=3)
    steps = method.trace_steps(parse_dag(HIERARCHICAL), config)
    seen = []
    while True:
        try:
            seen.append(next(steps))
        except StopIteration as done:
            res = done.value
            break
    n_sentences = len(parse_dag(HIERARCHICAL).nodes["final"].text.split(". "))
    assert seen == [("decompose", i, n_sentences) for i in range(1, n_sentences + 1)] + [("trace", 1, 2), ("trace", 2, 2)]
    assert res.to_dict()["claims"] == traced[0].to_dict()["claims"]
    monkeypatch.setattr(ss, "CANCEL_POLL", 0.0)
    app_steps = list(ts.trace_event(json.dumps(HIERARCHICAL), None, 3, str(models_dir), ss.Downloads()))
    first, last = app_steps[0].outputs, app_steps[-1].outputs
    assert first[1:5] == ("", "", "", "") and first[7] is None and "Splitting the final output" in first[0]
    assert [s.outputs[1:] == (ss.KEEP,) * 7 for s in app_steps[1:-1]] == [True] * (len(seen) - 1)
    assert "toward the sources: 1/2 done" in app_steps[-3].outputs[0] and 'data-done="1"' in app_steps[-3].outputs[0]
    assert last[7].to_dict()["claims"] == traced[0].to_dict()["claims"] and "Traced 2 claims" in last[0]
    bad = list(ts.trace_event("{not json", None, 3, str(models_dir), ss.Downloads()))
    assert len(bad) == 1 and bad[0].warnings and bad[0].outputs[1:] == (ss.KEEP,) * 7
    # Stop (its flag, grounding.stops) after the first claim is traced: the run ends saying so, no trace shown
    calls = []
    stopped = list(ts.trace_event(json.dumps(HIERARCHICAL), None, 3, str(models_dir), ss.Downloads(),
                                  cancelled=lambda: calls.append(1) or len(calls) > n_sentences))
    assert "Stopped: press Trace" in stopped[-1].outputs[0] and stopped[-1].outputs[1:] == (ss.KEEP,) * 7
    assert len(calls) == n_sentences + 1      # checked after each step: stopped after the first claim, the second not traced


def test_claims_the_time_budget_left_are_listed_as_not_traced(models_dir):
    """A trace has the check's time budget: the claims it did not reach are listed as Not traced (no iteration, no
    path, no error stage), counted, and said in the app's status, the views and the CLI's lines; 0 = no limit."""
    from grounding.trace import session as ts
    from grounding.trace import view
    dag = parse_dag(HIERARCHICAL)
    res = method.trace(dag, GroundingConfig(models_dir=str(models_dir), time_budget=1e-9))
    assert [c.verdict for c in res.claims] == [method.NOT_TRACED] * 2 and res.counts[method.NOT_TRACED] == 2
    assert all(not c.iterations and not c.error_stages and "time budget" in c.termination for c in res.claims)
    assert "Traced 0 of 2 claims" in ts.done_status(res) and "2 are listed as Not traced" in ts.done_status(res)
    assert "Error entered" not in view.trail_html(res, 0) and "badge-not-assessed" in view.trail_html(res, 0)
    assert "error entered" not in "\n".join(view.summary_lines(res)) and "Not traced 2" in view.summary_lines(res)[0]
    full = method.trace(dag, GroundingConfig(models_dir=str(models_dir), time_budget=0))
    assert full.counts[method.NOT_TRACED] == 0 and len(full.claims) == 2


def test_cli_time_budget_lists_the_claims_left(tmp_path):
    src = tmp_path / "dag.json"
    src.write_text(json.dumps(HIERARCHICAL))
    proc = cli("--input", str(src), "--output", str(tmp_path / "out.json"), "--time-budget", "1e-9")
    assert proc.returncode == 0, proc.stderr
    assert "Not traced 2" in proc.stdout and "[Not traced]" in proc.stdout
    assert json.loads((tmp_path / "out.json").read_text())["counts"]["Not traced"] == 2
