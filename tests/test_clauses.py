"""A context sentence's clauses, for retrieval (grounding.clauses, through referents.similarities)."""
from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

from grounding import GroundingConfig, ground
from grounding.clauses import clauses, reaching_none
from grounding.referents import similarities
from grounding.types import CONTRADICTED, SUPPORTED

MODELS = Path(__file__).resolve().parent.parent / "exported_models"
HOTEL = ("The hotel has 120 rooms, a spa and an indoor pool. Breakfast is served from 7 to 10.30 am and costs £18. "
         "Check-in is from 3 pm and check-out by 11 am. Parking is available for £12 a night, and dogs are welcome in "
         "selected rooms.")


@pytest.mark.parametrize("sentence, expected", [
    ("Parking is available for £12 a night, and dogs are welcome in selected rooms.",
     ["Parking is available for £12 a night", "dogs are welcome in selected rooms."]),
    ("The drug lowered blood pressure; liver enzymes did not rise.",
     ["The drug lowered blood pressure", "liver enzymes did not rise."]),
    ("The post is based in Bristol, with up to two days a week of home working.",
     ["The post is based in Bristol", "with up to two days a week of home working."]),
    ("Sales rose in May, but profits fell sharply in June.", ["Sales rose in May", "profits fell sharply in June."]),
    ("Salt and pepper are spices.", []),                          # no comma before the conjunction
    ("It rained, and so it goes.", []),                           # "It rained" is under MIN_WORDS words
    ("Apples, pears and plums grow here.", []),                   # a list, not clauses
    ("The hotel has 120 rooms.", []),
])
def test_a_sentence_is_cut_at_a_semicolon_or_a_comma_before_a_joining_word(sentence, expected):
    assert clauses(sentence) == expected


class _Embedder:
    """Unit vectors by the text's first word: "Dogs"/"dogs" on one axis, "Parking" on another, "The" on a third."""
    AXES = {"dogs": 0, "parking": 1, "the": 2}

    def encode(self, texts, stop=None, fp32=False):
        out = np.zeros((len(texts), 3), dtype=np.float32)
        for i, t in enumerate(texts):
            out[i, self.AXES[t.split()[0].lower()]] = 1.0
        return out


def test_a_text_reaching_no_sentence_takes_the_cosine_of_its_nearest_clause():
    context_texts = ["Parking is free, and dogs are welcome.", "The pool is open."]
    context = np.array([[0.6, 0.8, 0.0], [0.0, 0.0, 1.0]], dtype=np.float32)   # the whole: 0.6 from "Dogs …"
    texts = ["Dogs are not allowed.", "The pool is closed."]
    widened = set()
    cos = similarities(_Embedder(), texts, texts, context, 0.7, context_texts=context_texts, widened=widened)
    assert np.allclose(cos, [[1.0, 0.0], [0.0, 1.0]])     # "dogs are welcome." is the first text's own axis
    assert widened == {"Dogs are not allowed."}             # the second found its sentence as written
    # without the texts, or where the whole passes tau (0.6 > 0.5), the cosines are the wholes'
    assert np.allclose(similarities(_Embedder(), texts, texts, context, 0.7), [[0.6, 0.0], [0.0, 1.0]])
    assert np.allclose(similarities(_Embedder(), texts, texts, context, 0.5, context_texts=context_texts),
                       [[0.6, 0.0], [0.0, 1.0]])
    # tau None (the recheck's fp32 cosines of a text read so): every text is read against the clauses
    assert np.allclose(similarities(_Embedder(), texts[:1], texts[:1], context, None, context_texts=context_texts),
                       [[1.0, 0.0]])
    assert reaching_none(np.array([[0.2, 0.4], [0.9, 0.1]]), 0.5) == [0] and reaching_none(np.zeros((2, 0)), 0.5) == [0, 1]


@pytest.mark.parametrize("engine", ("claims", "context", "context-fast"))
def test_a_claim_against_the_second_clause_of_a_sentence_is_judged(engine):
    """A user's answer: "Dogs are not allowed" against "Parking is available for £12 a night, and dogs are welcome
    in selected rooms" was Unsupported on the claims and context engines ("no context sentence above tau": 0.45 to
    the whole sentence); its second clause is at 0.53, and the entailment model reads the whole as contradicting."""
    config = GroundingConfig(models_dir=str(MODELS), engine=engine).validate()
    res = ground("The hotel has 120 rooms. Dogs are not allowed.", [HOTEL], config)
    assert [v.label for v in res.verdicts] == [SUPPORTED, CONTRADICTED], [v.rule for v in res.verdicts]
    assert res.verdicts[1].anchor == 3 and 0.5 < res.verdicts[1].cosine < 0.6, res.verdicts[1].cosine
    assert res.sentence_map.labels[1][3] == -1


def test_the_reach_table_counts_pairs_above_tau_by_each_reading():
    """evaluation.reach: one claim reaching nothing whole ("Dogs …", 0.6 against the gold refuting sentence), one
    reaching its supporting sentence whole ("The pool …"); the shipped reading counts the refuting pair, and reading
    every claim so counts the "The pool …" claim's pair with the first clause ("The rooms are small") too."""
    from evaluation.datasets import EvidenceDocument, EvidenceInstance
    from evaluation.reach import reach

    class Embedder(_Embedder):
        def encode(self, texts, stop=None, fp32=False):
            out = super().encode(texts)
            for i, t in enumerate(texts):
                if "," in t:                               # a whole sentence of two clauses: between its axes
                    out[i] = [0.6, 0.8, 0.0]
            return out

    inst = EvidenceInstance(id="x", source="t", claims=["Dogs are not allowed.", "The pool is open."],
                            documents=[EvidenceDocument(id="d", title="", sentences=[
                                "The rooms are small, and dogs are welcome.", "The pool opens at 8."])],
                            gold=[[-1, 0], [0, 1]])
    counts = reach([inst], Embedder(), 0.7)
    # rows supports / refutes / neither; columns pairs, whole, clauses where none reached, clauses for every claim
    assert counts.tolist() == [[1, 1, 1, 1], [1, 0, 1, 1], [2, 0, 0, 1]]


def test_widen_cuts_and_embeds_nothing_when_no_row_needs_it():
    from grounding.clauses import widen

    class Refuses:
        def encode(self, texts, stop=None, fp32=False):
            raise AssertionError("encoded although no row needed the clauses")

    cos = np.array([[0.9, 0.1]], dtype=np.float32)
    assert widen(Refuses(), cos, [], [np.ones((1, 3))], ["A b c, and d e f.", "G h i."]) is False
    assert widen(_Embedder(), cos, [0], [np.ones((1, 3))], ["The pool is open.", "The sun is out."]) is False  # no clauses
    assert cos.tolist() == [[np.float32(0.9), np.float32(0.1)]]


BRIDGE = ("The new bridge will carry cyclists and pedestrians only; cars will not be allowed. It will cost 14 million "
          "pounds, paid for by the national government. Construction starts in spring and should take 18 months.")


@pytest.mark.parametrize("engine", ("claims", "context", "context-fast"))
def test_a_clause_that_backs_the_claim_outweighs_the_whole_sentences_contradiction(engine):
    """An everyday batch: "Cyclists will be able to use the bridge" was Contradicted on every engine (P(c) 0.88 for the
    whole sentence; its first clause alone P(e) 0.89, its second P(n) 0.52): read by its clauses it is Supported and
    the map shows the cell backing it. A claim a clause denies stays Contradicted."""
    config = GroundingConfig(engine=engine, models_dir=str(MODELS)).validate()
    res = ground("Cyclists will be able to use the bridge. The bridge will be open to cars.", [BRIDGE], config)
    cyclists, cars = res.verdicts
    assert cyclists.label == SUPPORTED and cyclists.anchor == 0, cyclists.rule
    assert cyclists.rule.startswith("read by its clauses: context sentence 1: its clause “The new bridge will carry "
                                    "cyclists and pedestrians only” entails the claim"), cyclists.rule
    assert set(res.claims[0].clause_readings) == {0} and len(res.claims[0].clause_readings[0]) == 2
    assert "taking its other clause's scene for the claim's" in cyclists.explanation
    assert res.sentence_map.labels[0][0] == 1
    assert cars.label == CONTRADICTED and cars.anchor == 0, cars.rule


def test_the_clause_rule_needs_a_backing_clause_and_none_against():
    from grounding.clauses import clause_override
    from grounding.config import PRESETS
    from grounding.types import Claim, Verdict

    def decided(readings):
        v = Verdict(claim=0, label=CONTRADICTED, score=-0.6, anchor=0, cosine=0.7, entail=0.04, contradict=0.88,
                    rule="judged alone, context sentence 1 contradicts the claim: P(c) = 0.88 >= 0.7")
        claim = Claim(text="Cyclists will be able to use the bridge.", sentence=0)
        claim.clause_readings = {0: readings}
        return clause_override(v, PRESETS["joint"], claim, [BRIDGE.split(". ")[0] + "."])
    assert decided([[0.89, 0.07, 0.04], [0.02, 0.52, 0.46]]).label == SUPPORTED
    assert decided([[0.89, 0.07, 0.04], [0.02, 0.30, 0.68]]).label == CONTRADICTED     # a clause against it
    assert decided([[0.60, 0.30, 0.10], [0.02, 0.52, 0.46]]).label == CONTRADICTED     # no clause backs it enough
    assert decided([[0.89, 0.07, 0.04]]).label == CONTRADICTED                          # not the sentence's clauses
