"""The scorer-vs-pairwise evaluation: bootstrap, summaries and the speed breakdown on hand-made runs."""
import numpy as np

from evaluation.datasets import EvidenceDocument, EvidenceInstance
from evaluation.scorer import EngineRun, paired_bootstrap, speed_by_response_size, summarise
from grounding.metrics import row_counts


def _instance(k: int, claims: int, sentences: int) -> EvidenceInstance:
    doc = EvidenceDocument(f"d{k}", "", [f"Sentence {j}." for j in range(sentences)])
    gold = [[1 if j == 0 else -1 if j == 1 else 0 for j in range(sentences)] for _ in range(claims)]
    return EvidenceInstance(f"i{k}", "hand", [f"Claim {i}." for i in range(claims)], [doc], gold)


def test_identical_engines_have_a_zero_difference_ci():
    gold = [[1, -1, 0], [1, 0, 0], [0, -1, 0]]
    pred = [[1, 0, 0], [1, 1, 0], [0, -1, 0]]
    stats = row_counts(pred, gold)
    ci = paired_bootstrap({"context": stats, "pairwise": stats.copy()}, replicates=200)
    assert ci["difference"]["citation_f1"] == [0.0, 0.0]
    lo, hi = ci["context"]["support_f1"]
    assert lo <= 0.8 <= hi          # support: tp 2, fp 1, fn 0 -> F1 = 4 / 5


def test_summary_point_values_equal_hand_computed_f1():
    insts = [_instance(0, 1, 3), _instance(1, 1, 3)]
    perfect = EngineRun(rows=[[1, -1, 0], [1, -1, 0]], seconds=[0.1, 0.1], passes=[1, 1], windows=[1, 1])
    blind = EngineRun(rows=[[0, 0, 0], [1, 0, 0]], seconds=[0.3, 0.3], passes=[3, 3])
    rows = summarise("hand", insts, {"context": perfect, "pairwise": blind}, replicates=0, seed=0)
    by_engine = {r["engine"]: r for r in rows}
    assert by_engine["context"]["citation_f1"] == "1.0000"
    # pairwise: support tp 1 fn 1 -> 2/3; contradict tp 0 -> 0; citation 1/3
    assert by_engine["pairwise"]["support_f1"] == "0.6667" and by_engine["pairwise"]["citation_f1"] == "0.3333"
    assert by_engine["pairwise"]["passes_per_instance"] == 3


def test_speed_breakdown_groups_by_response_size():
    insts = [_instance(0, 1, 25), _instance(1, 2, 22), _instance(2, 5, 30), _instance(3, 1, 21)]
    runs = {"context": EngineRun(seconds=[0.05, 0.05, 0.06, 0.07]),
            "pairwise": EngineRun(seconds=[0.10, 0.20, 0.60, 0.11])}
    groups = {g["response_sentences"]: g for g in speed_by_response_size(insts, runs)}
    assert groups["1"]["instances"] == 2 and groups["1"]["context_sentences_mean"] == 23.0
    assert groups["1"]["speedup"] == round(0.105 / 0.06, 2)
    assert groups["2-3"]["speedup"] == 4.0 and groups[">=4"]["speedup"] == 10.0
    assert np.isclose(groups[">=4"]["s_pairwise"], 0.6)


def test_instance_pairs_and_context_items_follow_the_gold_layout():
    from evaluation.datasets import EvidenceDocument, EvidenceInstance
    inst = EvidenceInstance("i", "hand", ["c1", "c2"], [EvidenceDocument("d1", "T1", ["s1", "s2"]),
                                                        EvidenceDocument("d2", "T2", ["s3"])], [[1, 0, 0], [0, 0, -1]])
    premises, hypotheses = inst.pairs()
    # claim-major: row i of the gold is pairs[i * m : (i + 1) * m]
    assert premises == ["s1", "s2", "s3"] * 2 and hypotheses == ["c1"] * 3 + ["c2"] * 3
    assert inst.context_items() == [{"id": "d1", "title": "T1", "text": "s1\ns2"}, {"id": "d2", "title": "T2", "text": "s3"}]


# ---------------------------------------------------------------------------- answers of several sentences

def test_grouped_instances_put_each_members_gold_on_the_diagonal():
    from evaluation.responses import grouped
    a, b, c = _instance(0, 1, 2), _instance(1, 2, 1), _instance(2, 1, 1)
    (merged, blocks), = grouped([a, b, c], 2)               # the tail (c) is dropped
    assert merged.claims == a.claims + b.claims and [d.id for d in merged.documents] == ["d0", "d1"]
    assert merged.gold == [[1, -1, 0], [0, 0, 1], [0, 0, 1]]
    assert blocks == [(slice(0, 1), slice(0, 2), slice(0, 1)), (slice(1, 3), slice(2, 3), slice(1, 2))]


class _FirstWordScorer:
    """Labels a pair support when the sentence starts with the claim's first word, contradict when it starts
    with "Not" + that word; and, to stand for a scorer that reads rows together, every pair contradict when
    the response holds a claim starting with "Noise"."""

    def score(self, claims, documents, rows_per_window=0, cosines=None, gate=None):
        from types import SimpleNamespace
        sents = [s for d in documents for s in d]
        noisy = any(c.startswith("Noise") for c in claims)
        lab = [[-1 if noisy else 1 if s.split()[0] == c.split()[0] else -1 if s.split()[:2] == ["Not", c.split()[0]]
                else 0 for s in sents] for c in claims]
        return SimpleNamespace(labels=np.asarray(lab), coverage=SimpleNamespace(forward_passes=len(documents), gated=[]))


def test_rows_scored_together_are_compared_with_rows_scored_alone():
    from evaluation.datasets import EvidenceDocument, EvidenceInstance
    from evaluation.responses import evaluate, grouped
    one = EvidenceInstance("a", "hand", ["Apples are red."], [EvidenceDocument("d", "", ["Apples grow.", "Not Apples here."])],
                           [[1, -1]])
    two = EvidenceInstance("b", "hand", ["Pears are green."], [EvidenceDocument("e", "", ["Pears grow.", "Rain fell."])],
                           [[1, 0]])
    clean = evaluate(_FirstWordScorer(), grouped([one, two], 2), replicates=50)
    assert clean["alone"] == clean["together"] == clean["own_block"] == 1.0
    assert clean["own_changed"] == 0.0 and clean["others_labelled"] == 0.0 and clean["others_cells"] == 4
    noise = EvidenceInstance("c", "hand", ["Noise is loud."], [EvidenceDocument("f", "", ["Noise rises."])], [[1]])
    mixed = evaluate(_FirstWordScorer(), grouped([one, noise], 2), replicates=50)
    assert abs(mixed["alone"] - 2 / 3) < 1e-9          # "Noise" reds its own row even alone: (2/3 + 2/3) / 2
    assert mixed["others_labelled"] == 1.0             # 3 cells against the other member, all red
    assert mixed["own_changed"] == 1 / 3               # of the 3 own cells only "Apples grow." turned
    # together: support tp 0 (all red); contradict tp 1 ("Not Apples here."), fp 5, fn 0 -> (0 + 2/7) / 2
    assert abs(mixed["together"] - 1 / 7) < 1e-9


def test_shipped_scorer_alone_and_in_groups_of_one_agree():
    from pathlib import Path

    import pytest
    folder = Path(__file__).resolve().parent.parent / "exported_models" / "scorer"
    if not (folder / "model.onnx").is_file():
        pytest.skip("exported_models/scorer is not exported")
    from evaluation.datasets import EvidenceDocument, EvidenceInstance
    from evaluation.responses import evaluate, grouped
    from grounding.scorer import ContextScorer
    inst = EvidenceInstance("a", "hand", ["Drug X lowered blood pressure."],
                            [EvidenceDocument("d", "", ["In a trial, drug X lowered blood pressure by 12 mmHg.",
                                                        "The football match was cancelled."])], [[1, 0]])
    r = evaluate(ContextScorer(folder, threads=1), grouped([inst], 1), replicates=20)
    assert r["alone"] == r["together"] == r["own_block"] == 0.5     # support found, no contradiction to find
    assert r["own_changed"] == 0.0 and r["others_cells"] == 0


def test_the_gate_in_the_evaluation_is_the_pipelines():
    """evaluation.responses --gates reads the embedder's cosines and ContextScorer.score's gate, as score_windows
    does: an off-topic document beside the claim is not read (its cells irrelevant) and what is read is unchanged."""
    from pathlib import Path

    import pytest
    folder = Path(__file__).resolve().parent.parent / "exported_models"
    if not (folder / "scorer" / "model.onnx").is_file():
        pytest.skip("exported_models/scorer is not exported")
    from evaluation.datasets import EvidenceDocument, EvidenceInstance
    from evaluation.responses import evaluate, grouped
    from grounding.runtime import Embedder
    from grounding.scorer import ContextScorer
    a = EvidenceInstance("a", "hand", ["Drug X lowered blood pressure."],
                         [EvidenceDocument("d", "", ["In a trial, drug X lowered blood pressure by 12 mmHg."])], [[1]])
    b = EvidenceInstance("b", "hand", ["Penguins live in Antarctica."],
                         [EvidenceDocument("e", "", ["Penguins live in Antarctica and eat krill."])], [[1]])
    scorer, embedder = ContextScorer(folder / "scorer", threads=1), Embedder(folder / "embedder", threads=1)
    off = evaluate(scorer, grouped([a, b], 2), replicates=20, rows_per_window=1)
    on = evaluate(scorer, grouped([a, b], 2), replicates=20, rows_per_window=1, gate=0.3, embedder=embedder)
    assert off["windows_not_read"] == 0.0 and on["windows_not_read"] == 0.5    # the two cross windows of four
    assert on["own_block"] == off["own_block"] and on["others_labelled"] == 0.0
