"""The trace evaluation's error injection and scoring (evaluation/trace.py), and its DAGs when the shared data is
there. No model runs here."""
from __future__ import annotations

import pytest

from evaluation import trace as ev
from evaluation.datasets import DataMissingError
from grounding.trace import parse_dag


def doc(**kw):
    base = dict(id="d1", sentences=["Masks reduced infections by 30% in Boston.", "x"], support="S.", refute=None)
    return ev.Doc(**{**base, **kw})


def test_mutations_change_what_they_say():
    other = doc(id="d2", sentences=["The trial ran in Paris."])
    s = "Masks reduced infections by 30% in Boston in 2020."
    assert ev.mutate("number", s, doc(), other, "") == "Masks reduced infections by 63% in Boston in 2020."
    assert ev.mutate("number", "COVID-19 spreads.", doc(), other, "") is None
    assert ev.mutate("direction", s, doc(), other, "") == "Masks increased infections by 30% in Boston in 2020."
    assert ev.mutate("direction", "Higher doses work.", doc(), other, "") == "Lower doses work."
    assert ev.mutate("entity", s, doc(), other, "") == "Masks reduced infections by 30% in Paris in 2020."
    assert ev.mutate("addition", "A.", doc(), other, "Unrelated.") == "A. Unrelated."
    assert ev.mutate("refuted", "S.", doc(refute="Not S."), other, "") == "Not S."
    assert ev.mutate("refuted", "S.", doc(), other, "") is None


def test_score_counts_and_rates():
    items = [(True, True)] * 3 + [(True, False)] + [(False, True)] + [(False, False)] * 3
    s = ev.score(items)
    assert (s["tp"], s["fn"], s["fp"], s["tn"]) == (3, 1, 1, 3)
    assert s["precision"] == s["recall"] == s["f1"] == 0.75 and s["balanced_accuracy"] == 0.75


def test_cases_are_valid_dags_with_one_error_each():
    try:
        cases = ev.cases("report", limit=2)
    except DataMissingError as err:
        pytest.skip(str(err))
    clean = [c for c in cases if not c.error]
    assert len(clean) == 2
    for c in cases:
        dag = parse_dag(c.dag)
        assert [n.stage for n in dag.nodes.values()].count(ev.FINAL) == 1
        final = dag.nodes["final"].text
        assert all(final[a:b] for a, b, _, _ in c.spans)
        assert sum(wrong for _, _, wrong, _ in c.spans) == (1 if c.error else 0)
        if c.error:
            a, b, _, stage = next(s for s in c.spans if s[2])
            assert final[a:b] == c.meta["changed"]
            summaries = " ".join(n.text for n in dag.nodes.values() if n.stage == ev.SUMMARY)
            assert (c.meta["changed"] in summaries) == (stage == ev.SUMMARY)
