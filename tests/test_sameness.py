"""A difference between groups that the source finds none of (grounding.sameness, via the reversal rule)."""
from __future__ import annotations

from pathlib import Path

import pytest

from grounding import GroundingConfig, ground
from grounding.sameness import no_difference
from grounding.types import CONTRADICTED, SUPPORTED

MODELS = Path(__file__).resolve().parent.parent / "exported_models"
ALIKE = "The association was similar in men and women."


@pytest.mark.parametrize("claim, sentence, expected", [
    ("The effect was strongest in women.", ALIKE, ("strongest in women", "similar in men and women")),
    ("The effect was stronger in women than in men.", ALIKE, ("stronger in women", "similar in men and women")),
    ("Side effects were more common among children.", "Side effects did not differ between children and adults.",
     ("more common among children", "did not differ between children and adults")),
    ("Risk was higher for smokers.", "There was no significant difference between smokers and non-smokers.",
     ("higher for smokers", "no significant difference between smokers and non-smokers")),
    ("The drug worked better in women.", "Efficacy was comparable in men and women.",
     ("better in women", "comparable in men and women")),
    # groups named by their kind ("The higher dose worked faster" was Supported on the context engines)
    ("The higher dose worked faster.", "Time to pain relief did not differ between the two doses.",
     ("higher dose worked faster", "did not differ between the two doses")),
    ("The higher dose worked faster than the lower dose.", "Time to relief did not differ between the two doses.",
     ("higher dose worked faster", "did not differ between the two doses")),
])
def test_a_difference_the_source_finds_none_of_is_found(claim, sentence, expected):
    assert no_difference(claim, sentence) == [expected]


@pytest.mark.parametrize("claim, sentence", [
    ("The effect was strongest in older adults.", ALIKE),                   # another group
    ("The effect was not stronger in women.", ALIKE),                       # the claim negated
    ("The effect was strongest in women.", "The effect was not similar in men and women."),
    ("The effect was strongest in women.",                                  # the sentence's own difference
     "The effect was larger in women, but similar in men and women over 60."),
    ("The effect was similar in men and women.", ALIKE),                   # no difference claimed
    ("Patients on both doses improved more than those on placebo.",         # the kind together, against another
     "Time to pain relief did not differ between the two doses."),
    ("The higher dose worked faster than placebo.", "Time to pain relief did not differ between the two doses."),
    ("The higher dose did not work faster.", "Time to pain relief did not differ between the two doses."),
])
def test_no_sameness_conflict_where_groups_or_polarity_differ(claim, sentence):
    assert no_difference(claim, sentence) == []


@pytest.mark.parametrize("engine", ("claims", "context", "context-fast"))
def test_a_difference_the_source_finds_none_of_is_contradicted(engine):
    """A user's answer: "The effect was strongest in women" against "The association was similar in men and women"
    was Partially supported on every engine (P(e) 0.41)."""
    source = ("Researchers followed about 48,000 adults for an average of 18 years. Those with the highest fibre intake "
              "had a 22% lower risk of stroke than those with the lowest. The association was similar in men and women.")
    res = ground("People who ate the most fibre had a 22% lower risk of stroke. The effect was strongest in women.",
                 [source], GroundingConfig(models_dir=str(MODELS), engine=engine).validate())
    right, wrong = res.verdicts
    assert right.label == SUPPORTED, right.rule
    assert wrong.label == CONTRADICTED and wrong.anchor == 2, wrong.rule
    assert wrong.anchor_conflict == "the claim says “strongest in women”, the source “similar in men and women”"



@pytest.mark.parametrize("claim, sentence, expected", [
    ("They usually cost much less to run than a gas boiler.", "Running costs are usually similar to a modern gas boiler.",
     [("less to run than a gas boiler", "similar to a modern gas boiler")]),
    ("The new model uses less power than the old one.", "Power use of the new model is similar to the old one.",
     [("less power than the old one", "similar to the old one")]),
    # another measure named after the standard, or before "similar"; negated; an adjective's comparison
    ("The new model uses less power than the old one.", "The new model is similar to the old one in size.", []),
    ("Heat pumps are less noisy than a gas boiler.", "Running costs are usually similar to a modern gas boiler.", []),
    ("They cost much less to run than a gas boiler.", "Running costs are not similar to a modern gas boiler.", []),
    # a graded adjective and a standard after "at" ("higher than at the old centre"); another measure is not it
    ("Prices will be higher than at the old centre.", "Prices will be the same as at the old centre.",
     [("higher than at the old centre", "the same as at the old centre")]),
    ("Fees will be lower than last year.", "Fees will be the same as last year.",
     [("lower than last year", "the same as last year")]),
    ("The new hall is bigger than the old one.", "Prices will be the same as at the old hall.", []),
])
def test_a_comparison_with_a_standard_the_source_finds_alike(claim, sentence, expected):
    """A user's heat pump answer: "They usually cost much less to run than a gas boiler" was Unsupported (F 0.35)
    against "Running costs are usually similar to a modern gas boiler"."""
    assert no_difference(claim, sentence) == expected


BREAKFAST = ("Children who ate breakfast daily had higher reading scores than those who skipped it, but there was no "
             "difference in maths scores.")


@pytest.mark.parametrize("claim, expected", [
    ("Eating breakfast was linked to better maths scores.",
     [("linked to better maths scores", "no difference in maths scores")]),
    ("Breakfast is associated with higher maths scores.",
     [("associated with higher maths scores", "no difference in maths scores")]),
    ("Eating breakfast was linked to better reading scores.", []),
    ("Eating breakfast was not linked to better maths scores.", []),
])
def test_a_link_to_a_measure_the_source_finds_no_difference_in(claim, expected):
    assert no_difference(claim, BREAKFAST) == expected


@pytest.mark.parametrize("engine", ("claims", "context", "context-fast"))
def test_better_maths_scores_the_study_found_no_difference_in_are_contradicted(engine):
    """A user's study answer: "Eating breakfast was linked to better maths scores" was Supported on every engine."""
    context = "The study followed 2,300 children for ten years. " + BREAKFAST
    (v,) = ground("Eating breakfast was linked to better maths scores.", [context],
                  GroundingConfig(models_dir=str(MODELS), engine=engine).validate()).verdicts
    assert v.label == CONTRADICTED and v.anchor == 1, v.rule
    assert "the claim says “linked to better maths scores”, the source “no difference in maths scores”" in v.rule


@pytest.mark.parametrize("claim, sentence, expected", [
    ("The pool closes at the same time as the gym.", "The pool closes 30 minutes before the gym.",
     [("at the same time as the gym", "30 minutes before the gym")]),
    ("The second film starts at the same time as the first.", "The second film starts two hours after the first.",
     [("at the same time as the first", "two hours after the first")]),
    # another verb, another thing, negated
    ("The pool opens at the same time as the gym.", "The pool closes 30 minutes before the gym.", []),
    ("The pool closes at the same time as the cafe.", "The pool closes 30 minutes before the gym.", []),
    ("The pool does not close at the same time as the gym.", "The pool closes 30 minutes before the gym.", []),
])
def test_the_same_time_against_a_gap(claim, sentence, expected):
    assert no_difference(claim, sentence) == expected


@pytest.mark.parametrize("engine", ("claims", "context", "context-fast"))
def test_closing_with_the_gym_where_the_pool_closes_earlier_is_contradicted(engine):
    """A user's gym answer: "The pool closes at the same time as the gym" was Partially supported on every engine."""
    context = ("Members of the gym can bring a guest twice a month for free. Classes must be booked at least 24 hours "
               "in advance. The pool closes 30 minutes before the gym.")
    (v,) = ground("The pool closes at the same time as the gym.", [context],
                  GroundingConfig(models_dir=str(MODELS), engine=engine).validate()).verdicts
    assert v.label == CONTRADICTED and v.anchor == 2, v.rule


@pytest.mark.parametrize("engine", ("claims", "context", "context-fast"))
def test_higher_prices_where_the_source_keeps_them_the_same_are_contradicted(engine):
    """A leisure centre answer: "Prices will be higher than at the old centre" was Unsupported on the context engines
    against "Prices will be the same as at the old centre"."""
    context = ("The new leisure centre will have a 25-metre pool with eight lanes and a gym with 120 machines. It "
               "replaces the old centre, which closed in 2022. Prices will be the same as at the old centre.")
    (v,) = ground("Prices will be higher than at the old centre.", [context],
                  GroundingConfig(models_dir=str(MODELS), engine=engine).validate()).verdicts
    assert v.label == CONTRADICTED and v.anchor == 2, v.rule


BEES = ("Worker bees from colonies near treated fields brought back less pollen per trip, although the number of trips "
        "they made each day was similar. There was no difference in the number of worker bees that died between the two "
        "groups.")


@pytest.mark.parametrize("claim, sentence, expected", [
    ("Residents given vitamin D had fewer falls than those given the dummy tablet.", "There was also no difference in "
     "the number of falls or hospital admissions between the two groups.",
     [("fewer falls", "no difference in the number of falls or hospital admissions")]),
    ("Worker bees near treated fields made fewer foraging trips each day.", BEES.split(". ")[0] + ".",
     [("fewer foraging trips", "although the number of trips they made each day was similar")]),
    ("More worker bees died in colonies next to treated fields.", BEES.split(". ")[1],
     [("More worker bees died", "no difference in the number of worker bees that died")]),
    ("Eating almonds every day led to weight gain.", "Body weight did not change in either group.",
     [("weight gain", "Body weight did not change")]),
    ("Three months after the trial ended, CalmPath users were still less anxious than the comparison group.",
     "Three months after the trial ended, there was no difference in anxiety between the two groups.",
     [("less anxious", "no difference in anxiety")]),
    ("Participants found the unprocessed diet much tastier than the ultra-processed one.",
     "Participants rated both diets as equally tasty.", [("much tastier than", "equally tasty")]),
    ("The new drug was more effective than metformin.", "The two drugs were equally effective.",
     [("more effective than", "equally effective")]),
    ("The unprocessed diet was cheaper than the ultra-processed one.", "Participants rated both diets as equally "
     "tasty.", []),
    ("Children who skipped breakfast had higher maths scores.", "… but there was no difference in maths scores.",
     [("higher maths scores", "no difference in maths scores")]),
    ("Children who skipped breakfast had higher reading scores.", "… but there was no difference in maths scores.",
     []),                                                             # another measure of one noun
    # the difference the sentence does give; another measure; a negated claim
    ("Worker bees near treated fields brought back less pollen per trip.", BEES.split(". ")[0] + ".", []),
    ("Residents given vitamin D had fewer chest infections.", "There was also no difference in the number of falls "
     "between the two groups.", []),
    ("Eating almonds did not lead to weight gain.", "Body weight did not change in either group.", []),
])
def test_a_difference_in_a_measure_the_source_finds_none_in(claim, sentence, expected):
    assert no_difference(claim, sentence) == expected


@pytest.mark.parametrize("engine", ("claims", "context", "context-fast"))
def test_more_bees_died_where_the_source_finds_no_difference_is_contradicted(engine):
    """"More worker bees died in colonies next to clothiazine-treated fields" was Supported on the context engines."""
    from conftest import contradicted_and_backed
    context = ("Scientists placed 40 bumblebee colonies next to fields of oilseed rape. Half of the fields had been "
               "treated with the pesticide clothiazine and half had not. " + BEES)
    contradicted_and_backed(engine, "More worker bees died in colonies next to clothiazine-treated fields. Half of the "
                            "fields had been treated with the pesticide clothiazine.", context, 3, 1)
