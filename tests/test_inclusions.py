"""A thing the claim counts in that the source leaves out (grounding/inclusions.py): the pair, when there is none,
and the verdict."""
from __future__ import annotations

import pytest
from conftest import contradicted_and_backed

from grounding.inclusions import left_out
from grounding.reversal import reversals

WALK = "The price is £55 per person and covers all tastings; extra drinks are not included."
RENT = "The rent covers water and heating but does not include electricity."


@pytest.mark.parametrize("claim, sentence, expected", [
    ("The £55 price covers all the food and drink, including any extra drinks you order.", WALK,
     [("including any extra drinks you order", "extra drinks are not included")]),
    ("Extra drinks are included in the price.", WALK, [("Extra drinks are included", "extra drinks are not included")]),
    ("The rent includes electricity.", RENT, [("includes electricity", "does not include electricity")]),
    ("The fare includes a meal.", "The fare includes a seat reservation, not including meals.",
     [("includes a meal", "not including meals")]),
    # what the sentence counts in; the claim leaving it out too; a thing named less fully than the sentence's; the
    # sentence counting it in elsewhere
    ("The £55 price covers all the tastings.", WALK, []),
    ("The rent includes heating.", RENT, []),
    ("Extra drinks are not included.", WALK, []),
    ("The price includes drinks.", WALK, []),
    ("The fare includes meals.", "Meals are not included, but drinks and meals on long routes are included.", []),
])
def test_a_thing_counted_in_that_the_source_leaves_out(claim, sentence, expected):
    assert left_out(claim, sentence) == expected
    assert all(f"the claim says “{c}”, the source “{x}”" in reversals(claim, sentence) for c, x in expected)


@pytest.mark.parametrize("engine", ("claims", "context", "context-fast"))
def test_extra_drinks_said_to_be_included_are_contradicted(engine):
    """A food-walk answer: "… including any extra drinks you order" was Supported on every engine against "… covers
    all tastings; extra drinks are not included"."""
    context = "Our food walk visits six stops. Tours start at 10:30am outside the Corn Exchange. " + WALK
    contradicted_and_backed(engine, "The £55 price includes any extra drinks you order. Tours start at 10:30am.",
                            context, 2, 1)
