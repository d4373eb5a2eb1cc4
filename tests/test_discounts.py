"""A discount said otherwise (grounding.discounts): a percentage off against a share of the price."""
from fractions import Fraction

import pytest
from conftest import contradicted_and_backed

from grounding.discounts import discount_conflicts, discounts
from grounding.learned import quantity_conflicts

PERMITS = "Permits for fully electric vehicles are half the standard price."


def test_discounts_are_read_as_the_share_taken_off():
    assert [(share, said) for share, said, _ in discounts(
        "Concessions pay 80% of the full price. A third off for groups. Half-price entry. 15% discount online.")] == [
        (Fraction(1, 5), "pay 80% of the full price"), (Fraction(1, 3), "A third off"), (Fraction(1, 2), "Half-price"),
        (Fraction(3, 20), "15% discount")]


@pytest.mark.parametrize("claim, sentence, expected", [
    ("Electric vehicle owners get a 25% reduction on the permit price.", PERMITS,
     [("25% reduction", "half the standard price")]),
    ("Students get a third off tickets.", "Students get 20% off tickets.", [("a third off", "20% off")]),
    # the same share; another group; two percentages (the plain values compare them)
    ("Electric vehicle owners get a 50% reduction on the permit price.", PERMITS, []),
    ("Students get a third off tickets.", "Pensioners get 20% off tickets.", []),
    ("Students get 10% off tickets.", "Students get 20% off tickets.", []),
])
def test_a_discount_said_otherwise(claim, sentence, expected):
    assert discount_conflicts(claim, sentence) == expected
    assert all(pair in quantity_conflicts(claim, sentence, same_figure=True) for pair in expected)


@pytest.mark.parametrize("engine", ("claims", "context", "context-fast"))
def test_a_quarter_off_against_half_price_is_contradicted(engine):
    """Everyday batch 182: Unsupported on every engine."""
    wrong, _ = contradicted_and_backed(
        engine, "Electric vehicle owners get a 25% reduction on the permit price. A resident permit costs £120 a year.",
        "A resident permit costs £120 a year. " + PERMITS + " A second permit for the same household costs £180.", 1, 0)
    assert "half the standard price" in wrong.rule, wrong.rule
