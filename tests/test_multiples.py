"""Multiples and fractions as figures of the quantity rule (grounding.multiples, learned.quantity_conflicts)."""
from __future__ import annotations

from pathlib import Path

import pytest

from grounding import GroundingConfig, ground
from grounding.learned import quantity_conflicts
from grounding.multiples import multiple_conflicts
from grounding.types import CONTRADICTED, SUPPORTED

MODELS = Path(__file__).resolve().parent.parent / "exported_models"
BIKES = "Sales of electric bikes doubled between 2019 and 2023."
BUYERS = "About a third of buyers were over 60."
UNIVERSITY = "The university has 28,000 students, a quarter of them from outside the UK."
WALK = ("Walkers chose between a 6-mile route and a 13-mile route, and just under two-thirds chose the longer "
        "walk.")


@pytest.mark.parametrize("claim, sentence, expected", [
    ("Electric bike sales tripled from 2019 to 2023.", BIKES, ("tripled", "doubled")),
    ("Roughly a quarter of buyers were over 60.", BUYERS, ("a quarter", "a third")),
    ("A third of buyers were over 60.", "About 25% of buyers were over 60.", ("A third", "25%")),
    ("The drug was three times more effective than placebo.", "The drug was twice as effective as placebo.",
     ("three times more", "twice as")),
    ("Prices halved in a year.", "Prices doubled in a year.", ("halved", "doubled")),
    # a change given as two amounts ("has doubled since 1990" was Supported on every engine against x1.59)
    ("The city's population has doubled since 1990.",
     "The city's population reached 652,000 in 2024, according to the statistics office, up from 410,000 in 1990.",
     ("doubled", "652,000, up from 410,000 (×1.59)")),
    ("Ticket prices halved.", "Ticket prices fell from 10 euros to 4 euros.", ("halved", "from 10 to 4 (×0.40)")),
    # the approximation and "come from" are not what the sentence must hold besides the share
    ("About half of them come from outside the UK.", UNIVERSITY, ("half", "a quarter")),
    # a choice of two: the rest said of the side the sentence's share is of, or a share that is no rest
    ("About a third of the walkers chose the longer walk.", WALK, ("a third", "two-thirds")),
    ("About half of the walkers did the 6-mile route.", WALK, ("half", "two-thirds")),
])
def test_another_multiple_or_fraction_is_a_conflict(claim, sentence, expected):
    assert multiple_conflicts(claim, sentence) == [expected]
    assert expected in quantity_conflicts(claim, sentence, same_figure=True)


@pytest.mark.parametrize("claim, sentence", [
    ("Electric bike sales doubled from 2019 to 2023.", BIKES),                        # the same
    ("It doubled the risk of serious bleeding.", "They were twice as likely to experience serious bleeding."),
    ("Roughly a third of buyers were over 60.", "About 30% of buyers were over 60."),   # approximately one share
    ("Half of the patients improved.", "50% of the patients improved."),
    ("Half of the patients improved.", "A third of the patients improved, and half had side effects."),
    ("Take it three times a day.", "Take it twice a day."),                            # a frequency, not a multiple
    ("House prices tripled in London.", "Rents doubled in Paris over ten years."),     # few of the claim's words
    ("25% of buyers were over 60.", "30% of buyers were over 60."),                    # percentages: the quantity rule's
    ("Revenue has doubled.", "Revenue has grown from 1.1 billion to 2.3 billion euros."),   # x2.09: within 15 %
    ("Sales tripled from 2019 to 2023.", "Sales rose from 2019 to 2023."),            # years are no amounts
    ("About a quarter of them come from outside the UK.", UNIVERSITY),                 # the same share
    ("Half of them are women.", UNIVERSITY),                                           # a share of another thing
    ("About half of them come from the city.", UNIVERSITY),
    # the rest of a choice of two, said of the other side (everyday batch 211: Contradicted on every engine)
    ("About a third of the walkers did the 6-mile route.", WALK),
])
def test_no_multiple_conflict_for_the_same_figure_or_another_thing(claim, sentence):
    assert multiple_conflicts(claim, sentence) == []


def test_the_learned_features_do_not_see_multiples():
    assert quantity_conflicts("Electric bike sales tripled from 2019 to 2023.", BIKES) == []


@pytest.mark.parametrize("engine", ("claims", "context", "context-fast"))
def test_a_claim_with_another_multiple_is_contradicted(engine):
    """A user's answer: "tripled" against "doubled" was Supported on every engine (P(e) 0.94), "roughly a quarter"
    against "about a third" Partially supported."""
    config = GroundingConfig(models_dir=str(MODELS), engine=engine).validate()
    res = ground("Electric bike sales tripled from 2019 to 2023. Roughly a quarter of buyers were over 60. Sales "
                 "doubled over those four years.", [f"{BIKES} {BUYERS}"], config)
    assert [v.label for v in res.verdicts] == [CONTRADICTED, CONTRADICTED, SUPPORTED], [v.rule for v in res.verdicts]
    assert res.verdicts[0].rule.startswith("quantity override: the claim says tripled, the source doubled")


@pytest.mark.parametrize("engine", ("claims", "context", "context-fast"))
def test_a_multiple_the_sources_amounts_do_not_make_is_contradicted(engine):
    """A user's answer: "It has doubled since 1990" against 410,000 -> 652,000 was Supported on every engine."""
    config = GroundingConfig(models_dir=str(MODELS), engine=engine).validate()
    source = ("The city's population reached 652,000 in 2024, according to the statistics office, up from 410,000 in "
              "1990. The council has approved a second tram line, due to open in 2031.")
    res = ground("The city's population has doubled since 1990. A second tram line has been approved.", [source], config)
    assert [v.label for v in res.verdicts] == [CONTRADICTED, SUPPORTED], [v.rule for v in res.verdicts]
    assert res.verdicts[0].anchor_conflict == "the claim says doubled, the source 652,000, up from 410,000 (×1.59)"


@pytest.mark.parametrize("engine", ("claims", "context", "context-fast"))
def test_a_share_of_them_after_the_group_is_read_against_its_share(engine):
    """A user's answer: "About half of them come from outside the UK" after "The university has 28,000 students" was
    Unsupported on every engine: read alone it reached no sentence above tau, and once read with its group named
    ("About half of 28,000 students …", grounding.referents) the sentences read together backed it (P(e) 0.89)."""
    config = GroundingConfig(models_dir=str(MODELS), engine=engine).validate()
    source = (f"{UNIVERSITY} It was founded in 1905 as a technical college. Tuition for international students starts "
              "at £22,000 a year.")
    res = ground("The university has 28,000 students. About half of them come from outside the UK. About a quarter of "
                 "them come from outside the UK.", [source], config)
    assert [v.label for v in res.verdicts] == [SUPPORTED, CONTRADICTED, SUPPORTED], [v.rule for v in res.verdicts]
    assert "the claim says half, the source a quarter" in res.verdicts[1].rule


SUPPORT = "Support was strongest in the streets closest to Tollbridge station, where 68% of respondents were in favour."


@pytest.mark.parametrize("share, conflict", [
    ("over two thirds", False), ("more than two thirds", False), ("at least two thirds", False), ("over half", False),
    ("about two thirds", False),
    ("two thirds", True),             # 68% is not two thirds within half a point
    ("just over half", True),         # up to 5 points over half
    ("almost three quarters", True),  # 7 points short
    ("under two thirds", True), ("less than half", True),
])
def test_a_share_as_a_bound_allows_its_side(share, conflict):
    """Everyday batch 159: "over two thirds of respondents were in favour" against 68% was Contradicted on every
    engine (the share read as two thirds exactly)."""
    claim = f"Support was highest near Tollbridge station, where {share} of respondents were in favour."
    assert bool(multiple_conflicts(claim, SUPPORT)) is conflict


def test_a_bound_in_the_sentence_allows_its_side():
    sentence = "More than 60% of respondents near Tollbridge station were in favour."
    assert multiple_conflicts("Near Tollbridge station two thirds of respondents were in favour.", sentence) == []
    assert multiple_conflicts("Near Tollbridge station half of respondents were in favour.", sentence) == [("half", "60%")]


def test_times_a_baseline_is_a_multiple_and_times_a_week_a_frequency():
    from grounding.multiples import _multiples
    assert [v for *_, v in _multiples("9,800 calls, roughly eight times a normal Saturday evening")] == [8]
    assert [v for *_, v in _multiples("about twice the usual volume")] == [2]
    assert _multiples("calls twice a week, three times a day") == []


@pytest.mark.parametrize("engine", ("claims", "context", "context-fast"))
def test_a_share_over_a_bound_is_supported_and_more_than_half_of_fewer_contradicted(engine):
    """Everyday batches 159 and 155: "over two thirds" against 68% was Contradicted, "more than half of entries" against
    41.5% Supported, on every engine."""
    from conftest import contradicted_and_backed
    context = SUPPORT + " In Mathematics, 41.5% of entries achieved grade A or above."
    wrong, right = contradicted_and_backed(engine, "In maths, more than half of entries achieved grade A or above. Support "
                                           "was highest near Tollbridge station, where over two thirds of respondents "
                                           "were in favour.", context, 1, 0)
    assert "41.5%" in wrong.rule, wrong.rule


@pytest.mark.parametrize("engine", ("claims", "context", "context-fast"))
def test_the_rest_of_a_choice_of_two_is_supported(engine):
    """Everyday batch 211: "About a third of the walkers did the 6-mile route" was Contradicted on every engine ("a
    third" against "two-thirds", which the sentence gives the longer walk)."""
    from conftest import all_supported
    all_supported(engine, "About a third of the walkers did the 6-mile route.", (
        "# Midnight Walk 2024: the results\nOn Saturday 8 June, 1,086 walkers set off from Harnley Racecourse at "
        "10pm for our ninth Midnight Walk. " + WALK + " The first walkers on the 13-mile route were back by 1:40am."))
