"""A count of colours against the colours a sentence names (grounding.colours), a figure of the quantity rule."""
from __future__ import annotations

import pytest

from grounding import GroundingConfig, ground
from grounding.colours import colour_conflicts, other_colour
from grounding.learned import quantity_conflicts
from grounding.types import CONTRADICTED, SUPPORTED

SHOP = "Choose from black, silver or navy."


@pytest.mark.parametrize("claim, sentence, expected", [
    ("They are available in four colours.", SHOP, [("four colours", "black, silver, navy")]),
    ("It comes in 2 colors.", SHOP, [("2 colors", "black, silver, navy")]),
    # a run of colour words is one colour ("rose gold")
    ("It comes in two colours.", "It comes in space grey, rose gold and silver.",
     [("two colours", "grey, rose gold, silver")]),
    ("It comes in three colours.", "It comes in space grey, rose gold and silver.", []),
    ("It comes in three colours.", "It is available in black, white and blue.", []),
    # an open list, a bound, a negation, no count, one colour named
    ("It comes in four colours.", "Colours include black, white and blue.", []),
    ("It comes in four colours.", "It comes in black, white, blue and other colours.", []),
    ("It comes in up to four colours.", SHOP, []),
    ("It does not come in four colours.", SHOP, []),
    ("The car is red.", SHOP, []),
    ("It comes in three colours.", "The black model costs more.", []),
])
def test_a_count_of_colours_against_those_named(claim, sentence, expected):
    assert colour_conflicts(claim, sentence) == expected
    assert [c for c in quantity_conflicts(claim, sentence, same_figure=True) if c in expected] == expected
    assert not any(c in expected for c in quantity_conflicts(claim, sentence))   # not the learned model's features


@pytest.mark.parametrize("engine", ("claims", "context", "context-fast"))
def test_four_colours_against_three_named_is_contradicted(engine):
    """A user's headphones answer: "They are available in four colours" was Supported on every engine (P(e) 0.63)
    against "Choose from black, silver or navy"."""
    res = ground("The headphones offer active noise cancelling. They are available in four colours.",
                 "These over-ear headphones offer active noise cancelling. The ear cups fold flat for easy travel. "
                 + SHOP, GroundingConfig(engine=engine).validate())
    anc, colours = res.verdicts
    assert anc.label == SUPPORTED and anc.anchor == 0, anc.rule
    assert colours.label == CONTRADICTED and colours.anchor == 2, colours.rule
    assert "the claim says four colours, the source black, silver, navy" in colours.rule, colours.rule


WARNING = ("The Met Office has issued a yellow warning for snow and ice covering the Pennines from 6pm on Wednesday "
           "until 11am on Thursday.")


@pytest.mark.parametrize("claim, sentence, expected", [
    ("It is an amber warning for snow and ice.", WARNING, [("amber warning", "yellow warning")]),
    # the sentence's own colour; a colour that tells the subject apart (another line: the sibling rule's); negated
    ("It is a yellow warning for snow and ice.", WARNING, []),
    ("The blue line runs to the airport.", "The red line runs to the city centre.", []),
    ("It is not an amber warning.", WARNING, []),
    ("It is an amber warning for snow and ice.", WARNING + " An amber warning is possible.", []),
])
def test_another_colour_of_the_same_noun(claim, sentence, expected):
    assert other_colour(claim, sentence) == expected


@pytest.mark.parametrize("engine", ("claims", "context", "context-fast"))
def test_an_amber_warning_where_a_yellow_one_was_issued_is_contradicted(engine):
    """A weather warning answer: "It is an amber warning for snow and ice" was Supported on every engine."""
    context = (WARNING + " Drivers should allow extra time, as some roads may be closed. An amber warning has not been "
               "ruled out.")
    (v,) = ground("It is an amber warning for snow and ice.", [context], GroundingConfig(engine=engine)).verdicts
    assert v.label == "Contradicted" and v.anchor == 0, v.rule
