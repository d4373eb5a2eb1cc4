"""Comparisons turned round (grounding.swapped): the two sides swapped, or the other way with no "than"."""
from __future__ import annotations

import pytest

from grounding import GroundingConfig, ground
from grounding.reversal import reversals
from grounding.swapped import bare_opposite, from_to_reversed, swapped_comparisons
from grounding.types import CONTRADICTED, SUPPORTED

ONLINE = "Tickets bought online are 10% cheaper than at the station."
BOTTLED = "Bottled water is widely available but more expensive."


@pytest.mark.parametrize("claim, sentence, expected", [
    ("Tickets are cheaper at the station than online.", ONLINE,
     [("cheaper at the station than online", "cheaper than at the station")]),
    # the sentence's way round, or said with the other comparative (the same thing)
    ("Tickets are cheaper online than at the station.", ONLINE, []),
    ("Tickets are more expensive at the station than online.", ONLINE, []),
])
def test_a_comparison_with_its_sides_swapped(claim, sentence, expected):
    assert swapped_comparisons(claim, sentence) == expected
    said = reversals(claim, sentence)
    assert all(f"the claim says {c}, the source {x}" in said for c, x in expected), said


@pytest.mark.parametrize("claim, sentence, expected", [
    ("Bottled water is cheaper than tap water.", BOTTLED, [("cheaper than tap water", "more expensive")]),
    ("The new model is lighter than the old one.", "The new model is heavier and faster.",
     [("lighter than the old one", "heavier")]),
    # the claim's way; another subject; negated; the sentence names the claim's standard (it may be the other side)
    ("Bottled water is more expensive than tap water.", BOTTLED, []),
    ("Tap water is cheaper than juice.", BOTTLED, []),
    ("The new model is lighter than the old one.", "The new model is not heavier.", []),
    ("Mortality was higher in group A than in group B.", "Mortality was lower in group B.", []),
    ("Bottled water is cheaper than tap water.", "Bottled water is more expensive than juice.", []),
])
def test_the_other_way_with_no_than(claim, sentence, expected):
    assert bare_opposite(claim, sentence) == expected


@pytest.mark.parametrize("engine", ("claims", "context", "context-fast"))
def test_comparisons_turned_round_are_contradicted(engine):
    """Everyday answers: "Tickets are cheaper at the station than online" and "Bottled water is cheaper than tap
    water" were Supported on every engine."""
    config = GroundingConfig(engine=engine)
    fares = "Children aged 5 to 11 pay half price; under-5s travel free. " + ONLINE
    (v,) = ground("Tickets are cheaper at the station than online.", fares, config).verdicts
    assert v.label == CONTRADICTED and v.anchor == 1, v.rule
    assert ground("Tickets are cheaper online than at the station.", fares, config).verdicts[0].label == SUPPORTED
    water = "Tap water in the city is safe to drink. " + BOTTLED
    (v,) = ground("Bottled water is cheaper than tap water.", water, config).verdicts
    assert v.label == CONTRADICTED and v.anchor == 1, v.rule


BREAKFAST = ("Children who ate breakfast daily had higher reading scores than those who skipped it, but there was no "
             "difference in maths scores.")


@pytest.mark.parametrize("claim, sentence, expected", [
    ("Children who skipped breakfast had higher reading scores.", BREAKFAST,
     [("Children who skipped breakfast had higher reading scores", "had higher reading scores than those who skipped it")]),
    ("Those who did not exercise had lower blood pressure.", "Those who exercised had lower blood pressure than those "
     "who did not.", [("Those who did not exercise had lower blood pressure",
                       "had lower blood pressure than those who did not")]),
    # the sentence's own group; the other way; another measure; a claim with its own "than"
    ("Children who ate breakfast daily had higher reading scores.", BREAKFAST, []),
    ("Children who skipped breakfast had lower reading scores.", BREAKFAST, []),
    ("Children who skipped breakfast had higher maths scores.", BREAKFAST, []),
    ("Children who skipped breakfast had higher reading scores than others.", BREAKFAST, []),
])
def test_the_claims_group_is_the_one_the_sentence_compares_with(claim, sentence, expected):
    from grounding.swapped import other_group_higher
    assert other_group_higher(claim, sentence) == expected
    # higher maths scores against "no difference in maths scores" is the sameness rule's (grounding.sameness)
    said = [r for r in reversals(claim, sentence) if "no difference" not in r]
    assert bool(said) == bool(expected)
    assert any("no difference in maths scores" in r for r in reversals(claim, sentence)) == ("maths" in claim)


@pytest.mark.parametrize("engine", ("claims", "context", "context-fast"))
def test_higher_scores_for_the_group_the_source_compares_with_are_contradicted(engine):
    """A user's study answer: "Children who skipped breakfast had higher reading scores" was Supported on every
    engine against "Children who ate breakfast daily had higher reading scores than those who skipped it"."""
    context = "The study followed 2,300 children for ten years. " + BREAKFAST
    (v,) = ground("Children who skipped breakfast had higher reading scores.", [context],
                  GroundingConfig(engine=engine)).verdicts
    assert v.label == "Contradicted" and v.anchor == 1, v.rule


MOVE = "Pelham Engineering has announced that it will move its head office from Bristol to Swindon in January."


@pytest.mark.parametrize("claim, sentence, expected", [
    ("The head office is moving from Swindon to Bristol.", MOVE, [("from Swindon to Bristol", "from Bristol to Swindon")]),
    ("Collections change from weekly to fortnightly.", "Collections change from fortnightly to weekly.",
     [("from weekly to fortnightly", "from fortnightly to weekly")]),
    # the same way; both ways in the sentence; negated; one end only
    ("The office moves from Bristol to Swindon.", MOVE, []),
    ("Trains run from York to Leeds.", "Trains run from Leeds to York and from York to Leeds.", []),
    ("The head office is not moving from Swindon to Bristol.", MOVE, []),
    ("The head office is moving to Bristol.", MOVE, []),
])
def test_from_one_end_to_the_other_the_other_way_round(claim, sentence, expected):
    assert from_to_reversed(claim, sentence) == expected


@pytest.mark.parametrize("engine", ("claims", "context", "context-fast"))
def test_a_move_the_other_way_round_is_contradicted(engine):
    """A company announcement: "The head office is moving from Swindon to Bristol" was Supported on every engine."""
    context = MOVE + " The company's 140 office staff will be offered relocation."
    (v,) = ground("The head office is moving from Swindon to Bristol.", [context],
                  GroundingConfig(engine=engine).validate()).verdicts
    assert v.label == CONTRADICTED and v.anchor == 0, v.rule
    assert "from Bristol to Swindon" in v.anchor_conflict, v.rule
