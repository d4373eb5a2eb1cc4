"""A value one clause of a sentence gives, said of what the other clause speaks of (grounding.clause_values)."""
from __future__ import annotations

import pytest
from conftest import contradicted_and_backed

from grounding.clause_values import clause_values
from grounding.learned import quantity_conflicts

FACIAL = ("# After your treatment\nAfter a massage, drink plenty of water for the rest of the day. After a facial, avoid "
          "make-up for 6 hours and stay out of direct sun for 24 hours. After a body wrap, do not shower for 8 hours.")
PRINTING = ("# Computers and printing\nEvery library has free public computers, bookable for up to two hours a day. "
            "Black-and-white printing costs 15p per page and colour printing costs 60p per page. Scanning is free.")
FACIAL_LINE = "After a facial, avoid make-up for 6 hours and stay out of direct sun for 24 hours."
PRINTING_LINE = "Black-and-white printing costs 15p per page and colour printing costs 60p per page."


@pytest.mark.parametrize("claim, sentence, expected", [
    # everyday batches 246 and 236: Supported on every engine before
    ("Don't wear make-up for 24 hours after your facial.", FACIAL_LINE,
     [("24 hours (make-up facial)", "6 hours (make-up facial)")]),
    ("Printing costs 15p per page in colour.", PRINTING_LINE, [("15p (colour)", "60p (colour)")]),
    ("The school opens at 3pm.", "The school opens at 8am and closes at 3pm.",
     [("3pm (school opens)", "8am (school opens)")]),
    ("Children pay £10.", "Adults pay £10 and children pay £5.", [("£10 (Children)", "£5 (Children)")]),
    # each clause's own value, or a claim naming both clauses' things, or none
    ("Stay out of direct sun for 24 hours after a facial.", FACIAL_LINE, []),
    ("Colour printing costs 60p per page.", PRINTING_LINE, []),
    ("The school closes at 3pm.", "The school opens at 8am and closes at 3pm.", []),
    ("Tickets cost £10.", "Adults pay £10 and children pay £5.", []),
    # a second part that leaves its verb, or its thing, to the first (everyday batch 240's valeting fee)
    ("The museum is open until 8pm.", "The museum is open until 5pm on weekdays and until 8pm on Fridays.", []),
    ("Smoking in the car will cost you a £150 fee.",
     "A valeting fee of £40 applies if the car is returned excessively dirty, and £150 if anyone has smoked in it.", []),
])
def test_a_value_of_one_clause_said_of_the_others_thing(claim, sentence, expected):
    assert clause_values(claim, sentence) == expected


def test_the_quantity_rule_reads_it():
    assert quantity_conflicts("Don't wear make-up for 24 hours after your facial.", FACIAL_LINE, same_figure=True) \
        == [("24 hours (make-up facial)", "6 hours (make-up facial)")]


@pytest.mark.parametrize("engine", ("claims", "context", "context-fast"))
def test_make_up_for_the_sun_rules_hours_is_contradicted(engine):
    contradicted_and_backed(engine, "Don't wear make-up for 24 hours after your facial. After a body wrap, don't "
                            "shower for 8 hours.", FACIAL, 2, backed_anchor=3)


@pytest.mark.parametrize("engine", ("claims", "context", "context-fast"))
def test_colour_printing_at_the_black_and_white_price_is_contradicted(engine):
    contradicted_and_backed(engine, "Printing costs 15p per page in colour. Scanning is free.", PRINTING, 2,
                            backed_anchor=3)
