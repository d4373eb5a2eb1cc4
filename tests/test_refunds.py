"""A refund the source rules out (grounding/refunds.py): the pair, when there is none, and the verdict."""
from __future__ import annotations

import pytest
from conftest import all_supported, contradicted_and_backed

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
    # "aren't refunded" rules it out too; the claim rules it out where the source gives one (everyday batch 178)
    ("Missed lessons aren't refunded, but up to two per term can be made up.", "Missed lessons cannot be refunded, "
     "but up to two missed lessons per term can be made up in another class that has space.", []),
    ("Missed lessons aren't refunded.", "Missed lessons are refunded in full.", [("aren't refunded", "refunded")]),
    # another kind of the shared thing: "their season ticket" / "Unused Advance tickets" (everyday batch 181)
    ("They can also get part of their season ticket refunded after repeated disruption.", "Unused Advance tickets "
     "cannot be refunded, but they can be changed before departure for a £10 fee.", []),
    ("Advance tickets can be refunded.", "Unused Advance tickets cannot be refunded.",
     [("refunded", "cannot be refunded")]),
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


GIFTS = ("Gift passes are delivered by email as an e-voucher. Recipients must activate the gift within 12 months of "
         "purchase. The membership starts on the date of activation, not the date of purchase. Gift passes cannot be "
         "exchanged for cash and are non-refundable once activated. Gifts that haven't been activated can be refunded "
         "within 14 days of purchase.")


def test_a_refund_ruled_out_in_one_case_leaves_the_claims_own_case():
    assert refund_conflicts("Gifts that haven't been activated can be refunded within 14 days of purchase.",
                            "Gift passes are non-refundable once activated.") == []
    assert refund_conflicts("Gift passes can be refunded.", "Gift passes are non-refundable once activated.")


@pytest.mark.parametrize("engine", ("claims", "context", "context-fast"))
def test_the_source_stating_the_claim_outweighs_a_case_and_a_value_further_off(engine):
    """"Gifts that haven't been activated can be refunded within 14 days of purchase", the source's own sentence, had
    been Contradicted on the context engines by "… activate the gift within 12 months" read together, and on the
    claims engine by "non-refundable once activated" (everyday batch 138)."""
    contradicted_and_backed(engine, "Gift passes are sent by post. Gifts that haven't been activated can be refunded "
                                    "within 14 days of purchase.", GIFTS, 0, 4)


@pytest.mark.parametrize("engine", ("claims", "context", "context-fast"))
def test_lessons_that_arent_refunded_are_supported(engine):
    """Everyday batch 178: "Missed lessons aren't refunded" had been Contradicted ("refunded" / "cannot be
    refunded") on two engines."""
    all_supported(
        engine, "Missed lessons aren't refunded, but up to two per term can be made up in another class. Lessons last 30 "
        "minutes.",
        "Swimming lessons run in blocks of ten weeks and last 30 minutes. Missed lessons cannot be refunded, but "
        "up to two missed lessons per term can be made up in another class that has space.")

