"""Library functions behind the app's compare and gold modes, the heatmap's linear cost and document labels:
grounding.compare, grounding.gold, grounding.heatmap, grounding.panels, the gold / compare sessions."""
from __future__ import annotations

import copy
import html
import json
import time

import pytest

from grounding import GroundingConfig, ground, panels, render
from grounding.batch.records import Item, ground_item
from grounding.compare import compare, sentence_verdicts
from grounding.compare_session import click_side, run_compare
from grounding.examples import BY_NAME
from grounding.gold import check_shape, confusion, score, wrong_cells
from grounding.gold_session import check_record
from grounding.io import Record
from grounding.session import KEEP, widget_values
from grounding.types import Document, GroundingResult, Sentence, SignedMap


@pytest.fixture(scope="module")
def config(models_dir):
    return GroundingConfig(models_dir=str(models_dir))


@pytest.fixture(scope="module")
def long_pair(config):
    e = BY_NAME["long_context"]
    return tuple(ground(e["response"], e["context"], GroundingConfig(engine=engine, models_dir=config.models_dir),
                        e["question"]) for engine in ("claims", "context"))


def test_compare_finds_exactly_the_cells_whose_labels_differ(long_pair):
    a, b = long_pair
    c = compare(a, b)
    expected = [(i, j) for i in range(6) for j in range(66) if a.sentence_map.labels[i][j] != b.sentence_map.labels[i][j]]
    assert c.cells == expected and c.cells_compared == 6 * 66
    assert c.sentences == [i for i in range(6) if sentence_verdicts(a)[i] != sentence_verdicts(b)[i]]
    assert c.summary() == f"{len(expected)} of 396 cells differ, {len(c.sentences)} of 6 sentences' verdicts differ"
    assert compare(a, a).cells == [] and compare(a, a).sentences == []


def test_compare_changes_with_one_cell_and_refuses_other_inputs(long_pair, config):
    a, _ = long_pair
    b = copy.deepcopy(a)
    b.sentence_map.labels[2][7] = -1 if a.sentence_map.labels[2][7] != -1 else 1
    b.verdicts[0].label = "Contradicted" if a.verdicts[0].label != "Contradicted" else "Supported"
    c = compare(a, b)
    assert c.cells == [(2, 7)] and c.sentences == [a.claims[a.verdicts[0].claim].sentence]
    other = ground("The clinic opens at 8 am.", "The clinic opens at 8 am.", config)
    with pytest.raises(ValueError, match="different response sentences"):
        compare(a, other)


def test_compare_marks_flag_the_differing_cells_on_both_maps(long_pair):
    a, b = long_pair
    c = compare(a, b)
    markup = render.heatmap_html(a, None, panels.compare_marks(c, a, b, "context"), compact=True)
    flagged = [int(x.split('data-col="')[1].split('"')[0]) for x in markup.split("<td ")[1:] if "mark-diff" in x.split(">")[0]]
    assert len(flagged) == len(c.cells) and sorted(flagged) == sorted(j for _, j in c.cells)
    assert markup.count('class="row-flag"') == len(c.sentences)


def _gold_from(result: GroundingResult) -> list[list[int]]:
    """The prediction with two cells changed: one missed contradiction, one false support (when any)."""
    gold = [list(map(int, row)) for row in result.sentence_map.labels]
    i, j = next((i, j) for i, row in enumerate(gold) for j, x in enumerate(row) if x == 0)
    gold[i][j] = -1
    support = [(i, j) for i, row in enumerate(gold) for j, x in enumerate(row) if x == 1]
    if support:
        gold[support[0][0]][support[0][1]] = 0
    return gold


def test_gold_confusion_and_wrong_cells(config):
    e = BY_NAME["contradiction"]
    res = ground(e["response"], e["context"], config, e["question"])
    gold = _gold_from(res)
    wrong = wrong_cells(res.sentence_map.labels, gold)
    assert 1 <= len(wrong) <= 2 and sum(w.missed_contradiction for w in wrong) == 1
    counts = confusion(res.sentence_map.labels, gold)
    assert sum(map(sum, counts)) == 3 * 6
    assert sum(counts[k][k] for k in range(3)) == 18 - len(wrong)
    assert counts[1][2] == 1   # gold contradict, predicted irrelevant: the missed contradiction
    with pytest.raises(ValueError, match="gold labels are 1 × 6"):
        check_shape(res, [[0] * 6])


def test_gold_figures_equal_the_clis(config):
    """The app's record check scores with the CLI's code: the same F1 and CIs as `python -m grounding run`."""
    e = BY_NAME["contradiction"]
    gold = _gold_from(ground(e["response"], e["context"], config, e["question"]))
    record = {"id": "q1", "response": e["response"], "context": e["context"], "question": e["question"], "gold": gold}
    line = json.loads(ground_item(Item("in.jsonl line 1", "q1", json.dumps(record)), config).line)
    cli = line["result"]["metrics"]["gold"]
    row, result = check_record(Record("q1", e["response"], e["context"], e["question"], gold), config)
    assert row["scores"] == {k: cli[k] for k in ("support_f1", "contradict_f1", "citation_f1")}
    assert result.metrics.gold.ci95 == cli["ci95"] and 0 < cli["citation_f1"] < 1
    assert score(result, gold) == result.metrics.gold
    panel = panels.gold_html(result.metrics.gold, confusion(result.sentence_map.labels, gold), 2, 1)
    assert f'{cli["citation_f1"]:.4f}' in panel and f'{cli["ci95"]["citation_f1"][0]:.2f}' in panel


def test_gold_records_give_way_while_each_is_checked(config, monkeypatch):
    """A gold file's records are checked one after the other; while one is, the run yields steps that change nothing
    (at most every CANCEL_POLL s: points where Stop or a closed tab ends it), and the records' own steps as before,
    with the same scores as a record checked on its own."""
    import grounding.session as ss
    from grounding.gold_session import run_records
    e = BY_NAME["contradiction"]
    gold = _gold_from(ground(e["response"], e["context"], config, e["question"]))
    records = [Record(f"q{k}", e["response"], e["context"], e["question"], gold) for k in (1, 2)]

    def steps(poll):
        monkeypatch.setattr(ss, "CANCEL_POLL", poll)
        return list(run_records(records, config, ss.Downloads()))
    every = steps(0.0)
    shown = [s for s in every if not all(x is KEEP for x in s.outputs)]
    assert len(shown) == 2 and shown[-1] is every[-1] and len(every) > 2 + 2 * 3   # a poll per sentence and more
    assert 'data-done="1" data-total="2"' in shown[0].outputs[0] and 'data-done="2"' in shown[1].outputs[0]
    records_shown = every[-1].outputs[-1]
    assert [r["scores"] for r in records_shown.rows] == [check_record(records[0], config)[0]["scores"]] * 2
    assert len(steps(3600.0)) == 2            # no poll due: the records' steps only
    # Stop once the first record is scored: the second is dropped (never scored half checked), the first is shown
    from grounding import gold_session
    first_done = []
    real = gold_session.scored
    monkeypatch.setattr(gold_session, "scored", lambda rec, result: first_done.append(1) or real(rec, result))
    last = list(run_records(records, config, ss.Downloads(), cancelled=lambda: bool(first_done)))[-1]
    assert "Stopped: 1 of 2 record(s) were checked" in last.outputs[0] and len(first_done) == 1
    assert [r["id"] for r in last.outputs[-1].rows] == ["q1"]


def test_compare_session_selects_the_same_row_on_both_sides(config, monkeypatch):
    import grounding.session as ss
    monkeypatch.setattr(ss, "CANCEL_POLL", 0.0)   # a progress step at every yield of the runs
    e = BY_NAME["contradiction"]
    steps = list(run_compare(e["response"], e["context"], None, e["question"], "claims", "context", 0.5, "paper", True,
                             widget_values("paper"), config.models_dir))
    step = steps[-1]
    # first the earlier comparison's views and state are cleared, then progress in the status only (each step a
    # point where Stop or a closed tab ends the run), engine A's sentences, then B's after them
    assert steps[0].outputs[1:] == ("", "", "", "", None) and "engine A (claims) runs first" in steps[0].outputs[0]
    progress = [s.outputs[0] for s in steps[1:-1]]
    assert all(s.outputs[1:] == (KEEP,) * 5 for s in steps[1:-1])
    a_steps = [p for p in progress if "engine A (claims), sentence" in p]
    b_steps = [p for p in progress if "engine B (context), sentence" in p]
    assert a_steps and b_steps and progress == a_steps + b_steps
    assert 'data-done="0" data-total="6"' in a_steps[0] and 'data-done="3" data-total="6"' in b_steps[0]
    shown = step.outputs[-1]
    assert f'data-cells="{len(shown.comparison.cells)}"' in step.outputs[0]
    assert shown.comparison.summary() in html.unescape(step.outputs[0])
    heat_a, heat_b, verd_a, verd_b = click_side(shown, {"claim": 0}, "b").outputs
    row = shown.b.claims[0].sentence
    for heat in (heat_a, heat_b):
        assert f'class="row-done selected' in heat.split(f'data-row="{row}"')[0].rsplit("<tr", 1)[1]
    assert all(f'data-row="{row}"' in v.split("selected")[1][:200] for v in (verd_a, verd_b))
    assert "Pick two different engines" in next(run_compare("a", "b", None, "", "claims", "claims", 0.5, "paper",
                                                           True, widget_values("paper"), config.models_dir)).warnings[0]
    # Stop (its flag, grounding.stops) during engine A: B never runs, the last step says so
    calls = []
    stopped = list(run_compare(e["response"], e["context"], None, e["question"], "claims", "context", 0.5, "paper",
                               True, widget_values("paper"), config.models_dir,
                               cancelled=lambda: calls.append(1) or len(calls) > 3))
    assert "Stopped: press Compare" in stopped[-1].outputs[0] and stopped[-1].outputs[1:] == (KEEP,) * 5
    assert not any("engine B" in s.outputs[0] for s in stopped)


def _synthetic(n_rows: int, n_cols: int, n_docs: int) -> GroundingResult:
    per = n_cols // n_docs
    docs, col = [], 0
    for d in range(n_docs):
        sents = [Sentence(f"s{k}.", 0, 3, f"d{d}", k, col + k) for k in range(per)]
        col += per
        docs.append(Document(f"d{d}", f"A long document title number {d} that would not fit a header", "x", sents))
    res = GroundingResult("r", docs, response_sentences=[Sentence(f"R{i}.", 0, 3, "response", i) for i in range(n_rows)])
    res.sentence_map = SignedMap([], [], [[0.0] * col for _ in range(n_rows)], [[0] * col for _ in range(n_rows)])
    res.complete = True
    return res


def test_heatmap_costs_linear_time_in_cells():
    small, big = _synthetic(4, 400, 4), _synthetic(4, 4000, 4)
    times = []
    for res in (small, big):
        start = time.perf_counter()
        render.heatmap_html(res)
        times.append(time.perf_counter() - start)
    assert times[1] < 25 * times[0], times   # 10x the cells: ~10x the time (quadratic would be ~100x)


def test_heatmap_headers_are_short_labels_with_a_legend_and_unscored_columns_summarised(config):
    res = _synthetic(2, 60, 3)
    res.config = GroundingConfig(max_context_sentences=40)
    markup = render.heatmap_html(res)
    assert [h.split(">")[1].split("<")[0] for h in markup.split('<th class="doc-start" colspan=')[1:]] == ["D1", "D2"]
    assert markup.count('<td class="cell') == 2 * 40 and 'data-cols="40"' in markup
    assert "20 context sentences beyond the limit were not scored" in markup
    assert "<b>D1</b> A long document title number 0" in markup and "<b>D3</b>" not in markup
    assert "click a row" not in render.heatmap_html(res, interactive=False) and "click a row" in markup


def test_disagreement_says_what_disagrees():
    from grounding.explain import disagreement
    res = _synthetic(1, 6, 2)
    assert disagreement(res, 0, 2) == ("two sentences of the same document (A long document title number 0 that "
                                       "would not fit a header) disagree")
    assert disagreement(res, 0, 4).startswith("two documents disagree (A long document title number 0 that would "
                                              "not fit a header and A long document title number 1")


def test_coverage_names_windows_only_for_the_engines_that_have_them(long_pair):
    claims, context = long_pair
    assert "windows:" not in render.coverage_html(claims)
    assert f"windows: {context.coverage.windows}" in render.coverage_html(context) and context.coverage.windows > 0
    from grounding.report import report_html
    assert "click a row" not in report_html(claims) and "click a row" in render.heatmap_html(claims)
