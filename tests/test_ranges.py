"""Two spans of one quantity whose ends differ (grounding.ranges.range_conflicts), a figure of the quantity rule."""
from __future__ import annotations

import pytest

from conftest import contradicted_and_backed
from grounding.learned import quantity_conflicts
from grounding.ranges import range_conflicts

QUOTE = ("If your application is approved, the council will send you a quote for the construction work, which "
         "typically costs between £1,200 and £2,500. Only the council's approved contractor may carry out the work.")


@pytest.mark.parametrize("claim, sentence, expected", [
    ("The construction work usually costs somewhere between £1,200 and £3,500.", QUOTE,
     [("between £1,200 and £3,500", "between £1,200 and £2,500")]),
    ("The work typically takes between 2 and 7 days.", "The work typically takes between 2 and 5 days.",
     [("between 2 and 7 days", "between 2 and 5 days")]),
    ("From 20 to 40% of staff work from home.", "Between 20% and 35% of staff work from home.",
     [("20 to 40%", "Between 20% and 35%")]),
    # the same span written otherwise; a span the sentence also gives; the other end stated elsewhere
    ("Tickets cost £10-£15 a night.", "Tickets cost £10–£15 a night.", []),
    ("Rooms cost £80 to £120.", "Rooms cost £80 to £120 and suites £150 to £200.", []),
    ("Rooms cost £80 to £150.", "Rooms cost £80 to £120 and suites £150 to £200.", []),
    # ages sharing an end are one group's (everyday batch 142); another group's ages are not; two numbers with no unit
    # are no span of a quantity; "and" without "between" joins two values
    ("Participants were aged between 16 and 65.", "A total of 412 adults aged 18 to 65 were recruited.",
     [("aged between 16 and 65", "aged 18 to 65")]),
    ("Children aged 4 to 14 pay £5.", "Children aged 4 to 12 pay £5.", [("aged 4 to 14", "aged 4 to 12")]),
    ("Children aged 4 to 12 pay £5.", "Adults aged 18 to 65 pay £10.", []),
    ("Groups of 4 to 14 pay £5.", "Groups of 4 to 12 pay £5.", []),
    ("Adults pay £10 and £12.", "Adults pay between £10 and £15.", []),
])
def test_two_spans_of_one_quantity(claim, sentence, expected):
    assert range_conflicts(claim, sentence) == expected


def test_the_quantity_rule_names_the_span_once():
    """The lower end differs: the plain values' pair ("£1,500" / "£1,200") is named, not the span again."""
    pairs = quantity_conflicts("The work costs between £1,500 and £2,500.", "The work costs between £1,200 and £2,500.",
                               same_figure=True)
    assert pairs == [("£1,500", "£1,200")]


@pytest.mark.parametrize("engine", ("claims", "context", "context-fast"))
def test_a_range_stretched_at_its_top_is_contradicted(engine):
    """Everyday batch 118: "between £1,200 and £3,500" against "between £1,200 and £2,500" was Supported on every
    engine (P(e) 0.96); the claims engine had split the span into two claims."""
    wrong, _ = contradicted_and_backed(engine, "The construction work usually costs somewhere between £1,200 and £3,500."
                                       " Only the council's approved contractor may do the work.", QUOTE, 0, 1)
    assert "between £1,200 and £3,500" in wrong.rule and "between £1,200 and £2,500" in wrong.rule, wrong.rule

