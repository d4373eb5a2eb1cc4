"""The claim's own words before another value (grounding.verbatim), a change by a figure as one quantity
(values.same_quantity), and days of the week that are all others (weekdays.other_days)."""
from __future__ import annotations

import pytest

from grounding import GroundingConfig, ground
from grounding.learned import quantity_conflicts
from grounding.types import CONTRADICTED, SUPPORTED
from grounding.verbatim import own_words_conflicts
from grounding.weekdays import other_days

EARLY = "Early-bird tickets cost 350 euros until 30 September; after that the price is 450 euros."
PRICES = "Adult tickets cost 15 pounds and child tickets cost 12 pounds."
REVENUE = "The company reported revenue of 2.1 billion euros for 2025, up 9% on the year before."
SWIMS = "Family swims are on Saturday and Sunday afternoons."
REPAIRS = "Screen replacements usually take about two hours; battery replacements take 30 minutes."


@pytest.mark.parametrize("claim, sentence, expected", [
    ("Early-bird tickets cost 450 euros.", EARLY, [("450 euros", "350 euros")]),
    ("Adult tickets cost 12 pounds.", PRICES, [("12", "15")]),
    ("Child tickets cost 15 pounds.", PRICES, [("15", "12")]),
    # the claim's own value there; too few words to name it; words that start no clause of the sentence
    ("Early-bird tickets cost 350 euros.", EARLY, []),
    ("The price is 350 euros.", EARLY, []),
    ("Tickets cost 450 euros.", EARLY, []),
    ("Tickets cost 12 pounds.", PRICES, []),
    # lengths of time in other units ("Battery replacements take two hours" was Supported on every engine); what a
    # price is per
    ("Battery replacements take two hours.", REPAIRS, [("two hours", "30 minutes")]),
    ("Battery replacements take 30 minutes.", REPAIRS, []),
    ("Screen replacements take two hours.", REPAIRS, []),
    ("Parking costs £20 a night.", "Parking costs £15 a night.", [("£20", "£15")]),
    ("Parking costs £20 a week.", "Parking costs £15 a night.", []),
    # the claim's value and the words after it, said as the sentence's second value ("Tickets cost 6 pounds on
    # Tuesdays" had been Contradicted on every engine); the unit alone says too little
    ("Tickets cost 6 pounds on Tuesdays.", "Tickets cost 9 pounds, or 6 pounds on Tuesdays.", []),
    ("Tickets cost 6 pounds.", "Tickets cost 9 pounds, or 6 pounds on Tuesdays.", [("6", "9")]),
])
def test_the_claims_own_words_before_another_value(claim, sentence, expected):
    assert own_words_conflicts(claim, sentence) == expected
    assert all(pair in quantity_conflicts(claim, sentence, same_figure=True) for pair in expected)


@pytest.mark.parametrize("claim, sentence, expected", [
    ("Revenue rose by 19%.", REVENUE, [("19%", "9%")]),
    ("Revenue rose by 9%.", REVENUE, []),
    ("Profit rose by 19%.", REVENUE, []),
])
def test_a_change_by_a_figure_is_one_quantity(claim, sentence, expected):
    """"Revenue rose by 19%" was Partially supported on every engine against "… revenue …, up 9% on the year
    before": the parse gives "up 9%" no verb, so the two changes were not one figure."""
    assert quantity_conflicts(claim, sentence, same_figure=True) == expected


@pytest.mark.parametrize("claim, sentence, expected", [
    ("Family swims are on weekday afternoons.", SWIMS, [("weekday afternoons", "Saturday and Sunday")]),
    ("The market is held on Tuesdays.", "The market is held on Fridays.", [("Tuesdays", "Fridays")]),
    # a day the sentence names; another thing; negated
    ("Family swims are on Sunday afternoons.", SWIMS, []),
    ("Lane swims are on weekday mornings.", SWIMS, []),
    ("Family swims are not on weekdays.", SWIMS, []),
    ("The market is held on Tuesdays.", "The market is held on Tuesdays and Fridays.", []),
])
def test_days_of_the_week_all_others(claim, sentence, expected):
    assert other_days(claim, sentence) == expected


@pytest.mark.parametrize("engine", ("claims", "context", "context-fast"))
def test_everyday_figures_said_otherwise_are_contradicted(engine):
    """Everyday answers Supported (or Partially supported) on every engine before."""
    config = GroundingConfig(engine=engine)
    for claim, context, anchor in [
            ("Early-bird tickets cost 450 euros.", "The conference is on 18 and 19 November. " + EARLY, 1),
            ("Revenue rose by 19%.", REVENUE + " Operating profit fell slightly to 310 million euros.", 0),
            ("Family swims are on weekday afternoons.", "Lane sessions run from 6.30am on weekdays. " + SWIMS, 1),
            ("Battery replacements take two hours.", "The shop fixes phones and laptops. " + REPAIRS, 1),
            ("The van permit costs 20 pounds.", "The centre is shut on Wednesdays. Vans need a permit, which is free.", 1)]:
        (v,) = ground(claim, context, config).verdicts
        assert v.label == CONTRADICTED and v.anchor == anchor, (claim, v.rule)
    (v,) = ground("Early-bird tickets cost 350 euros.", EARLY, config).verdicts
    assert v.label == SUPPORTED, v.rule
