"""The other of two amounts chosen (grounding.whichever): "whichever is lower" against "the greater of"."""
import pytest
from conftest import contradicted_and_backed

from grounding.reversal import reversals
from grounding.whichever import other_extreme

CARD = "The greater of 1% of the balance plus interest and any default fees, or £25."


@pytest.mark.parametrize("claim, sentence, expected", [
    ("Your minimum monthly payment is either 1% of the balance plus interest and fees, or £25, whichever is lower.",
     CARD, [("whichever is lower", "The greater of")]),
    ("Cover ends at 70 or after 10 years, whichever comes first.",
     "Cover ends at age 70 or after 10 years, whichever is later.", [("whichever comes first", "whichever is later")]),
    ("The deposit is the higher of £500 or six weeks' rent.", "The deposit is £500 or five weeks' rent, whichever is "
     "less.", [("the higher of", "whichever is less")]),
    # the same side; no shared value to choose between; no choice in the sentence
    ("Your minimum payment is 1% of the balance plus interest, or £25, whichever is higher.", CARD, []),
    ("Pay £30 or 2%, whichever is lower.", CARD, []),
    ("Your minimum payment is 1% of the balance or £25, whichever is lower.", "The minimum payment is £25 or 1% of "
     "the balance.", []),
])
def test_the_other_of_two_amounts_chosen(claim, sentence, expected):
    assert other_extreme(claim, sentence) == expected
    assert all(f"the claim says “{c}”, the source “{x}”" in reversals(claim, sentence) for c, x in expected)


@pytest.mark.parametrize("engine", ("claims", "context", "context-fast"))
def test_whichever_is_lower_against_the_greater_of_is_contradicted(engine):
    """Everyday batch 185: Supported on every engine (P(e) 0.68, read together)."""
    wrong, _ = contradicted_and_backed(
        engine, "Your minimum monthly payment is either 1% of the balance plus interest and fees, or £25, whichever is "
        "lower. The standard purchase rate is 24.9% APR.", "The standard purchase rate is 24.9% APR. Your minimum "
        "payment each month is the greater of 1% of the balance plus interest and any default fees, or £25. If you pay "
        "late, a £12 fee is charged.", 1, 0)
    assert "“whichever is lower”, the source “the greater of”" in wrong.rule, wrong.rule
