"""A refund the source rules out (grounding/refunds.py): the pair, when there is none, and the verdict."""
from __future__ import annotations

import pytest
from conftest import contradicted_and_backed

from grounding.refunds import refund_conflicts
from grounding.reversal import reversals

FEE = "The application fee is £120 and is non-refundable."


@pytest.mark.parametrize("claim, sentence, expected", [
    ("The application costs £120, and you get this back if your application is turned down.", FEE,
     [("get this back", "non-refundable")]),
    ("You get the £120 application fee back if you are refused.", FEE,
     [("get the £120 application fee back", "non-refundable")]),
    ("Tickets can be refunded.", "Tickets are non-refundable unless the event is cancelled.",
     [("refunded", "non-refundable")]),
    # the claim rules it out where the source gives it with no condition
    ("The deposit is non-refundable.", "The deposit is refunded in full.", [("non-refundable", "refunded")]),
    # the claim rules it out too; a refund the source gives under a condition; one it gives and rules out; no
    # shared thing
    ("The application fee is £120 and you will not get it back.", FEE, []),
    ("The deposit is non-refundable.", "The deposit is refunded in full when you return the keys.", []),
    ("Your deposit is refundable.", "Deposits are refundable up to 48 hours before, after which no refunds are given.",
     []),
    ("Parking is refunded.", FEE, []),
])
def test_a_refund_the_source_rules_out(claim, sentence, expected):
    assert refund_conflicts(claim, sentence) == expected
    assert all(f"the claim says “{c}”, the source “{x}”" in reversals(claim, sentence) for c, x in expected)


@pytest.mark.parametrize("engine", ("claims", "context", "context-fast"))
def test_a_fee_said_to_come_back_against_a_non_refundable_one_is_contradicted(engine):
    """A council answer: "… and you get this back if your application is turned down" was Partially supported on
    every engine against "The application fee is £120 and is non-refundable"."""
    context = ("To apply for a dropped kerb, fill in the online form. " + FEE +
               " An officer will then visit to survey the kerb.")
    contradicted_and_backed(engine, "You get the £120 application fee back if your application is turned down. An "
                                    "officer will survey the kerb.", context, 1, 2)
