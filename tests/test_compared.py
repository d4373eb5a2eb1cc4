"""Two groups compared in words against their figures (grounding.compared), read by the figures rule
(number_rules.figures_override) and the reversal rule (reversal.reversals)."""
from __future__ import annotations

from pathlib import Path

import pytest

from grounding import GroundingConfig, ground
from grounding.compared import against_figures, comparisons
from grounding.explain import explain
from grounding.reversal import reversals
from grounding.sameness import no_difference
from grounding.types import CONTRADICTED, SUPPORTED

MODELS = Path(__file__).resolve().parent.parent / "exported_models"
TRIAL = ("In the trial, 1,200 adults were randomly assigned to the new vaccine or a placebo. After six months, 12 "
         "people in the vaccine group and 48 in the placebo group had caught the infection. Serious side effects were "
         "rare and similar in both groups.")
FIGURES = "After six months, 12 people in the vaccine group and 48 in the placebo group had caught the infection."


def test_a_comparison_names_its_groups_and_measure():
    (c,) = comparisons("Fewer infections occurred in the vaccine group than in the placebo group.")
    assert (c.direction, c.first, c.second, c.measure) == (-1, {"vaccine"}, {"placebo"}, {"infec"})
    assert (c.first_text, c.second_text) == ("vaccine group", "placebo group")
    (s,) = comparisons("The placebo group had more infections than the vaccine group.")
    assert (s.direction, s.first, s.second, s.measure) == (1, {"placebo"}, {"vaccine"}, {"infec"})
    (m,) = comparisons("Mortality was lower in the treated group than in the control group.")
    assert (m.first, m.second, m.measure) == ({"treated"}, {"control"}, {"morta"})
    (d,) = comparisons("Response rates were higher with drug A than with drug B.")    # told apart by a letter
    assert (d.first, d.second) == ({"A"}, {"B"})
    assert comparisons("The vaccine group did not have fewer infections than the placebo group.") == []


@pytest.mark.parametrize("claim, sentence, expected", [
    ("Fewer infections occurred in the vaccine group than in the placebo group.", FIGURES,
     [(True, "Fewer infections occurred in the vaccine group than in the placebo group",
       "12 for vaccine group, 48 for placebo group")]),
    ("More infections occurred in the vaccine group than in the placebo group.", FIGURES,
     [(False, "More infections occurred in the vaccine group than in the placebo group",
       "12 for vaccine group, 48 for placebo group")]),
    ("Response rates were lower with drug A than with drug B.",
     "The response rate was 45% (90 of 200) with drug A and 30% (60 of 200) with drug B.",
     [(False, "lower with drug A than with drug B", "45% for drug A, 30% for drug B")]),
    ("Mortality was lower among patients given aspirin than among those given placebo.",
     "Mortality was 5.2% with aspirin and 9.1% with placebo.",
     [(True, "lower among patients given aspirin than among those given placebo",
       "5.2% for patients given aspirin, 9.1% for given placebo")]),
    # the measure not named; denominators ("of 300 women"); counts beside other numbers; one figure per group only
    ("Mortality was lower in the vaccine group than in the placebo group.", FIGURES, []),
    ("Women had more infections than men.", "Of 300 women, 12 had infections, against 30 of 200 men.", []),
    ("More infections occurred in the vaccine group than in the placebo group.",
     "Of the 1,000 participants, 600 in the vaccine group and 400 in the placebo group were followed for infections.", []),
    ("Fewer infections occurred in the vaccine group than in the placebo group.",
     "Infections: 12 or 20 in the vaccine group and 48 in the placebo group.", []),
])
def test_figures_for_both_groups_bear_a_comparison_out_or_turn_it(claim, sentence, expected):
    assert against_figures(claim, sentence) == expected


def test_the_figures_that_turn_a_comparison_are_a_reversal():
    assert reversals("More infections occurred in the vaccine group than in the placebo group.", FIGURES) == [
        "the claim says “More infections occurred in the vaccine group than in the placebo group”, the source gives "
        "12 for vaccine group, 48 for placebo group"]
    assert reversals("Fewer infections occurred in the vaccine group than in the placebo group.", FIGURES) == []


def test_sameness_of_another_measure_is_no_answer_to_a_difference():
    """"Serious side effects were … similar in both groups" had contradicted "The placebo group had more infections than
    the vaccine group" on context-fast: the sameness rule did not ask what was alike."""
    assert no_difference("The placebo group had more infections than the vaccine group.",
                         "Serious side effects were rare and similar in both groups.") == []
    assert no_difference("The placebo group had more side effects than the vaccine group.",
                         "Serious side effects were rare and similar in both groups.") == [
        ("placebo group had more", "similar in both groups")]


@pytest.mark.parametrize("engine", ("claims", "context", "context-fast"))
def test_a_trial_comparison_is_decided_by_its_figures(engine):
    """A user's trial answer: "Fewer infections occurred in the vaccine group than in the placebo group" was
    Contradicted on `context` (the scorer, P(c) 0.87) and Unsupported on the others; its reverse was Partially
    supported or Supported. The figures decide both now, and the map shows the figures' sentence as the verdict
    reads it."""
    config = GroundingConfig(models_dir=str(MODELS), engine=engine).validate()
    res = ground("Fewer infections occurred in the vaccine group than in the placebo group.", [TRIAL], config)
    (fewer,) = res.verdicts
    assert fewer.label == SUPPORTED and fewer.anchor == 1, fewer.rule
    assert fewer.rule.startswith("borne out by the figures: the claim says “Fewer infections occurred in the vaccine "
                                 "group than in the placebo group”, the source gives 12 for vaccine group, 48 for "
                                 "placebo group (context sentence 2)")
    assert res.sentence_map.labels[0][1] == 1
    assert explain(res, fewer, res.claims[0]).startswith(
        "Supported by “After six months, 12 people in the vaccine group and 48 in the placebo group had caught the "
        "infection.” (Document 1, sentence 2): its figures bear the comparison out")
    res = ground("More infections occurred in the vaccine group than in the placebo group.", [TRIAL], config)
    (more,) = res.verdicts
    assert more.label == CONTRADICTED and more.anchor == 1, more.rule
    assert more.rule.startswith("said the other way round: the claim says “More infections occurred in the vaccine")
    assert res.sentence_map.labels[0][1] == -1


ASTHMA = ("In the trial, 412 adults with mild asthma were randomly assigned to the new inhaler or a placebo for 12 "
          "weeks. Severe attacks occurred in 9% of the inhaler group and 21% of the placebo group. The most common side "
          "effect was a sore throat, reported by 6% of users. The study was funded by the manufacturer.")
ATTACKS = "Severe attacks occurred in 9% of the inhaler group and 21% of the placebo group."


@pytest.mark.parametrize("claim, expected", [
    ("Severe attacks were more common with the inhaler.",
     [(False, "more common with the inhaler", "9% for inhaler, 21% for placebo group")]),
    ("Severe attacks were less common with the inhaler.",
     [(True, "less common with the inhaler", "9% for inhaler, 21% for placebo group")]),
    ("Severe attacks were less common in the placebo group.",
     [(False, "less common in the placebo group", "21% for placebo group, 9% for inhaler group")]),
    # negated, or a measure the sentence does not name
    ("Severe attacks were not more common with the inhaler.", []),
    ("Hospital stays were more common with the inhaler.", []),
])
def test_a_comparison_with_no_than_is_read_against_the_sentences_other_group(claim, expected):
    assert against_figures(claim, ATTACKS) == expected
    assert bool(reversals(claim, ATTACKS)) == any(not agrees for agrees, _, _ in expected)
    # with three groups in the sentence the other one is not known
    assert against_figures(claim, "Severe attacks occurred in 9% of the inhaler group, 15% of the tablet group and "
                                  "21% of the placebo group.") == []


@pytest.mark.parametrize("engine", ("claims", "context", "context-fast"))
def test_a_comparison_with_no_than_is_decided_by_the_figures(engine):
    """A user's trial answer: "Severe attacks were more common with the inhaler" was Supported on every engine by
    "Severe attacks occurred in 9% of the inhaler group and 21% of the placebo group"."""
    config = GroundingConfig(models_dir=str(MODELS), engine=engine).validate()
    more, less = ground("Severe attacks were more common with the inhaler. Severe attacks were less common with the "
                        "inhaler.", [ASTHMA], config).verdicts
    assert more.label == CONTRADICTED and more.anchor == 1, more.rule
    assert more.rule.startswith("said the other way round: the claim says “more common with the inhaler”, the source "
                                "gives 9% for inhaler, 21% for placebo group"), more.rule
    assert less.label == SUPPORTED and less.anchor == 1, less.rule


WEIGHT = ("Patients taking the drug lost an average of 12% of their body weight over 68 weeks, compared with 3% in the "
          "placebo group.")


@pytest.mark.parametrize("claim, expected", [
    ("The placebo group lost more weight than the drug group.",
     [(False, "more weight than the drug group", "3% for placebo group, 12% for drug group")]),
    ("The drug group lost more weight than the placebo group.",
     [(True, "more weight than the placebo group", "12% for drug group, 3% for placebo group")]),
])
def test_a_groups_figure_five_words_after_it_and_a_subject_that_lost(claim, expected):
    """The drug's 12% comes five words after "drug" ("the drug lost an average of 12%"), and "lost" says what a
    group had (a user's weight-loss answer: "The placebo group lost more weight than the drug group" was Supported on
    every engine)."""
    assert against_figures(claim, WEIGHT) == expected


@pytest.mark.parametrize("engine", ("claims", "context", "context-fast"))
def test_more_weight_lost_on_placebo_is_contradicted_by_the_figures(engine):
    context = WEIGHT + " Nausea was the most frequent side effect and usually eased after the first month."
    (v,) = ground("The placebo group lost more weight than the drug group.", [context],
                  GroundingConfig(models_dir=str(MODELS), engine=engine).validate()).verdicts
    assert v.label == CONTRADICTED and v.anchor == 0, v.rule


PUFFINS = ("Breeding success was also low, with an average of 0.41 chicks fledged per pair, well below the 0.7 thought "
           "necessary to keep the population stable.")


@pytest.mark.parametrize("claim, sentence, expected", [
    ("Pairs fledged 0.41 chicks on average, more than the 0.7 needed to keep the population stable.", PUFFINS,
     [("0.41, more than the 0.7", "0.41 and 0.7")]),
    ("Pairs fledged 0.41 chicks on average, below the 0.7 needed to keep the population stable.", PUFFINS, []),
    # no comma: "to more than" is where a change ended, not a comparison of the two
    ("Sales rose 5%, to more than 20%.", "Sales rose 5% to 20%.", []),
    ("Revenue was £5m, higher than the £4m of 2022.", "Revenue was £5m against £4m in 2022.", []),
    # a value the sentence does not state
    ("Pairs fledged 0.41 chicks on average, more than the 0.9 needed.", PUFFINS, []),
])
def test_a_value_set_beside_another_the_other_way(claim, sentence, expected):
    from grounding.compared import beside_figures
    assert beside_figures(claim, sentence) == expected


@pytest.mark.parametrize("engine", ("claims", "context", "context-fast"))
def test_a_figure_more_than_a_larger_one_is_contradicted(engine):
    """Everyday batch 147: Supported on every engine (P(e) 0.95)."""
    from conftest import contradicted_and_backed
    wrong, _ = contradicted_and_backed(engine, "Pairs fledged 0.41 chicks on average, more than the 0.7 needed to keep "
                                       "the population stable. Pairs fledged 0.41 chicks on average.", PUFFINS, 0)
    assert "0.41, more than the 0.7" in wrong.rule, wrong.rule
