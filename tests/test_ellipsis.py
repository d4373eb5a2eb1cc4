"""A predicate denied by ellipsis (grounding.ellipsis): "A is covered, but B is not"."""
from __future__ import annotations

import pytest

from conftest import contradicted_and_backed
from grounding import GroundingConfig, ground
from grounding.ellipsis import elided_denial
from grounding.reversal import reversals
from grounding.types import CONTRADICTED, SUPPORTED

LEAKS = "Flood damage is covered, but damage caused by gradual leaks is not."
FIRE = "Flood damage is not covered, but fire damage is."
SALE = "Sale items can only be exchanged, not refunded."


@pytest.mark.parametrize("claim, sentence, expected", [
    ("Damage from gradual leaks is covered.", LEAKS, [("is covered", "damage caused by gradual leaks is not")]),
    ("Fire damage is not covered.", FIRE, [("is not covered", "fire damage is")]),
    ("Dogs are allowed.", "Cats are allowed inside, but dogs are not.", [("are allowed", "dogs are not")]),
    # the first clause's own thing; the claim says it the sentence's way; another thing
    ("Flood damage is covered.", LEAKS, []),
    ("Damage from gradual leaks is not covered.", LEAKS, []),
    ("Fire damage is covered.", LEAKS, []),
    ("Fire damage is covered.", FIRE, []),
    # the second of two deeds denied ("Sale items can be refunded" was Supported on the context engine)
    ("Sale items can be refunded.", SALE, [("can be refunded", "can only be exchanged, not refunded")]),
    ("Sale items can be exchanged.", SALE, []),
    ("Other items can be refunded.", SALE, []),
])
def test_a_predicate_denied_by_ellipsis(claim, sentence, expected):
    assert elided_denial(claim, sentence) == expected
    said = reversals(claim, sentence)
    assert all(f"the claim says “{c}”, the source “{x}”" in said for c, x in expected), said


@pytest.mark.parametrize("engine", ("claims", "context", "context-fast"))
def test_what_the_but_clause_denies_is_contradicted(engine):
    """An insurance answer: "Damage from gradual leaks is covered" was Supported on every engine (P(e) 0.63) by the
    sentence that says it is not."""
    context = ("The policy covers your home contents up to 50,000 pounds. " + LEAKS + " The excess is 250 pounds per "
               "claim.")
    (v,) = ground("Damage from gradual leaks is covered.", context, GroundingConfig(engine=engine)).verdicts
    assert v.label == CONTRADICTED and v.anchor == 1, v.rule
    (v,) = ground("Flood damage is covered.", context, GroundingConfig(engine=engine)).verdicts
    assert v.label == SUPPORTED, v.rule


STALLS = "The theatre has step-free access to the stalls but not to the balcony."


@pytest.mark.parametrize("claim, expected", [
    ("The balcony has step-free access.", [("balcony", "but not to the balcony")]),
    ("There is step-free access to the balcony.", [("balcony", "but not to the balcony")]),
    # the first object, a negated claim, another predicate
    ("The stalls have step-free access.", []),
    ("The balcony does not have step-free access.", []),
    ("The balcony has a bar.", []),
])
def test_a_phrases_second_object_denied(claim, expected):
    assert elided_denial(claim, STALLS) == expected
    # a verb's last object denied ("The insurance covers loss" was Unsupported on two engines)
    cover = "The insurance covers theft and accidental damage, but not loss."
    assert elided_denial("The insurance covers loss.", cover) == [("loss", "but not loss")]
    assert elided_denial("The insurance covers theft.", cover) == []
    # an object of several words ("The fee covers travel to the camp" was Supported on every engine)
    camp = "The fee of 650 pounds covers all meals and equipment, but not travel to the camp."
    assert elided_denial("The fee covers travel to the camp.", camp) == [("travel to the camp",
                                                                         "but not travel to the camp")]
    assert elided_denial("The fee covers all meals.", camp) == []


VOLUNTEERS = "Volunteers can claim travel expenses but are not paid for their time."


@pytest.mark.parametrize("claim, expected", [
    ("Volunteers are paid for their time.", [("are paid for their time", "but are not paid for their time")]),
    # the claim says it as the sentence does; another subject; another predicate
    ("Volunteers are not paid for their time.", []),
    ("Staff are paid for their time.", []),
    ("Volunteers are paid for travel.", []),
])
def test_a_predicate_denied_after_but_with_the_subject_left_out(claim, expected):
    """"Volunteers are paid for their time" was Supported on the context engines (P(e) 0.99 by "Training … is paid
    for by the charity")."""
    assert elided_denial(claim, VOLUNTEERS) == expected
    assert bool(reversals(claim, VOLUNTEERS)) == bool(expected)


@pytest.mark.parametrize("engine", ("claims", "context", "context-fast"))
def test_step_free_access_to_the_balcony_is_contradicted(engine):
    """A user's theatre answer: "The balcony has step-free access" was Supported on every engine (P(e) 0.95)."""
    context = ("Tickets for the play go on sale on 3 March at 10am. The run is 12 to 30 April, with no performances on "
               "Mondays. " + STALLS)
    balcony, stalls = ground("The balcony has step-free access. The stalls have step-free access.", [context],
                             GroundingConfig(engine=engine)).verdicts
    assert balcony.label == CONTRADICTED and balcony.anchor == 2, balcony.rule
    assert stalls.label == SUPPORTED and stalls.anchor == 2, stalls.rule


@pytest.mark.parametrize("engine", ("claims", "context", "context-fast"))
def test_a_cover_the_policy_denies_by_name_is_contradicted(engine):
    context = ("The insurance covers theft and accidental damage, but not loss. Claims must be made within 30 days, "
               "and there is an excess of 50 pounds per claim.")
    loss, theft = ground("The insurance covers loss. The insurance covers theft.", [context],
                         GroundingConfig(engine=engine)).verdicts
    assert loss.label == CONTRADICTED and loss.anchor == 0, loss.rule
    assert theft.label == SUPPORTED and theft.anchor == 0, theft.rule


FERRY = "Cars must be booked in advance, but foot passengers can buy tickets at the port."


@pytest.mark.parametrize("claim, sentence, expected", [
    ("Foot passengers must book in advance.", FERRY, [("Foot passengers", "foot passengers can buy tickets at the port")]),
    ("Students get a discount.", "Members get a discount, but students pay full price.",
     [("Students", "students pay full price")]),
    # what "is" says of the subject ("The filter basket is dishwasher safe" was Supported on every engine, P(e) 0.94)
    ("The filter basket is dishwasher safe.", "The glass jug is dishwasher safe, but the filter basket should be "
     "washed by hand.", [("The filter basket", "the filter basket should be washed by hand")]),
    ("The jug is dishwasher safe.", "The glass jug is dishwasher safe, but the filter basket should be washed by hand.",
     []),
    # the first clause's subject, the claim's verb after "but", a subject named before "but" too, a negation
    ("Cars must be booked in advance.", FERRY, []),
    ("Bikes must be booked.", "Cars must be booked, but bikes can be booked online.", []),
    ("Children pay 10 pounds.", "Adults pay 10 pounds, but children pay 5 pounds.", []),
    ("Prices rose in March.", "Prices rose in February, but they fell in March.", []),
    # a subject of no word the rule can read ("Wi-Fi") is none after "but" (the hotel example had turned Contradicted)
    ("Wi-Fi is free throughout the hotel.", "The hotel has free Wi-Fi throughout, but parking costs £15 a night.", []),
    ("Foot passengers must book in advance.", "Cars must not be booked, but foot passengers can buy tickets.", []),
])
def test_the_subject_after_but_set_against_the_first_clause(claim, sentence, expected):
    from grounding.ellipsis import contrasted
    assert contrasted(claim, sentence) == expected
    assert (bool(reversals(claim, sentence)) or not expected)


@pytest.mark.parametrize("engine", ("claims", "context", "context-fast"))
def test_foot_passengers_who_buy_at_the_port_need_not_book(engine):
    """An everyday batch: "Foot passengers must book in advance" was Supported on every engine (P(e) 0.96)."""
    context = ("The ferry to the island runs four times a day in summer and twice a day in winter. The crossing takes "
               "45 minutes. " + FERRY + " Dogs travel free.")
    contradicted_and_backed(engine, "Foot passengers must book in advance. Cars must be booked in advance.", context, 2)



@pytest.mark.parametrize("engine", ("claims", "context", "context-fast"))
def test_a_filter_basket_to_wash_by_hand_is_not_dishwasher_safe(engine):
    context = ("The coffee machine makes up to 12 cups at a time and keeps coffee warm for two hours. The glass jug is "
               "dishwasher safe, but the filter basket should be washed by hand.")
    contradicted_and_backed(engine, "The filter basket is dishwasher safe. The jug can go in the dishwasher.", context, 1)
