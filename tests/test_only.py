"""What a sentence says holds only for one thing, said by the claim of another (grounding.only)."""
from __future__ import annotations

from pathlib import Path

import pytest
from conftest import all_supported, contradicted_and_backed

from grounding import GroundingConfig, ground
from grounding.only import only_channel, only_for
from grounding.reversal import reversals
from grounding.types import CONTRADICTED, SUPPORTED

MODELS = Path(__file__).resolve().parent.parent / "exported_models"
FESTIVAL = ("The festival runs over three days in late July and features more than 60 bands. Day tickets cost £75 and "
            "weekend tickets £180. Camping is included with weekend tickets only. Under-12s go free with a paying adult.")


EV_BAYS = ("Electric vehicle bays at Riverside are only for vehicles that are actively charging, with a maximum stay of "
           "3 hours.")


@pytest.mark.parametrize("claim, sentence, expected", [
    ("Camping is included with day tickets.", "Camping is included with weekend tickets only.",
     [("with day tickets", "with weekend tickets only")]),
    ("Discounts are available for pensioners.", "Discounts are available only for students.",
     [("for pensioners", "only for students")]),
    ("The lounge is open to guests.", "The lounge is open to members only.", [("to guests", "to members only")]),
    ("The drug reduced pain in children.", "The drug reduced pain only in adults.", [("in children", "only in adults")]),
    # the phrase the parse hangs on "is", the claim's on "available" ("Camping is available with day tickets" was
    # Supported on every engine)
    ("Camping is available with day tickets.", "Camping is available only with weekend tickets.",
     [("with day tickets", "only with weekend tickets")]),
    # the thing it holds for, a wider word for it, negated, another subject, no "only"
    ("Camping is included with weekend tickets.", "Camping is included only with weekend tickets.", []),
    ("Camping is included with tickets.", "Camping is included with weekend tickets only.", []),
    ("Camping is not included with day tickets.", "Camping is included with weekend tickets only.", []),
    ("Parking is included with day tickets.", "Camping is included with weekend tickets only.", []),
    ("Camping is included with day tickets.", "Camping is included with weekend tickets.", []),
    # one of the things listed before "only" ("The shop delivers to Ireland" was Contradicted on every engine)
    ("The shop delivers to Ireland.", "Our online shop delivers to the UK and Ireland only.", []),
    ("The shop delivers to France.", "Our online shop delivers to the UK and Ireland only.",
     [("to France", "to the UK and Ireland only")]),
    # one group by another word, defined by the same verb (everyday batch 182: Contradicted on every engine)
    ("The EV bays at Riverside are only for cars that are charging.", EV_BAYS, []),
    ("The EV bays at Riverside are for cars that are parked.", EV_BAYS,
     [("for cars that are parked", "only for vehicles that are actively charging , with a maximum stay of 3 hours")]),
])
def test_only_for_another_thing(claim, sentence, expected):
    assert only_for(claim, sentence) == expected
    said = reversals(claim, sentence)
    assert all(f"the claim says “{c}”, the source “{x}”" in said for c, x in expected), said


@pytest.mark.parametrize("engine", ("claims", "context", "context-fast"))
def test_camping_with_day_tickets_is_contradicted(engine):
    """A user's festival answer: "Camping is included with day tickets" was Supported on every engine (the festival's
    sentences read together, P(e) 0.94-0.95)."""
    res = ground("Weekend tickets cost £180. Camping is included with day tickets.", [FESTIVAL],
                 GroundingConfig(models_dir=str(MODELS), engine=engine).validate())
    price, camping = res.verdicts
    assert price.label == SUPPORTED, price.rule
    assert camping.label == CONTRADICTED and camping.anchor == 2, camping.rule
    assert camping.rule.startswith("said the other way round: the claim says “with day tickets”, the source “with "
                                   "weekend tickets only”"), camping.rule


@pytest.mark.parametrize("claim, sentence, expected", [
    ("Pets can travel in the cabin.", "Only assistance dogs can travel in the cabin.", [("Pets", "only assistance dogs")]),
    ("Cards are accepted at the bar.", "Only cash is accepted at the bar.", [("Cards", "only cash")]),
    ("The bar accepts cards.", "The bar accepts only cash.", [("cards", "only cash")]),
    ("The museum accepts cash.", "The museum only accepts card payments.", [("cash", "only card payments")]),
    ("Visitors may park in Zone A.", "Only residents may park in Zone A.", [("Visitors", "only residents")]),
    ("The second floor is accessible by lift.", "Only the first floor is accessible by lift.",
     [("The second floor", "only the first floor")]),
    # the thing itself or a wider word for it (the generic "Dogs"), negated, another scope (the hold; before 8am),
    # a count restricted rather than a kind
    ("Assistance dogs can travel in the cabin.", "Only assistance dogs can travel in the cabin.", []),
    ("Dogs can travel in the cabin.", "Only assistance dogs can travel in the cabin.", []),
    ("The bar accepts cash.", "The bar accepts only cash.", []),
    ("Pets cannot travel in the cabin.", "Only assistance dogs can travel in the cabin.", []),
    ("Pets can travel in the hold.", "Only assistance dogs can travel in the cabin.", []),
    ("Visitors can use the gym.", "Only members can use the gym before 8am.", []),
    ("Three bags are allowed per passenger.", "Only two bags are allowed per passenger.", []),
    ("The study included 200 patients.", "Only 40 patients completed the study.", []),
])
def test_only_of_another_subject_or_object(claim, sentence, expected):
    test_only_for_another_thing(claim, sentence, expected)


AIRLINE = ("Every passenger may bring one small cabin bag free of charge, which must fit under the seat in front. "
           "Checked baggage is limited to 23 kg per bag. Only assistance dogs can travel in the cabin.")


@pytest.mark.parametrize("engine", ("claims", "context", "context-fast"))
def test_pets_in_the_cabin_where_only_assistance_dogs_travel_there_is_contradicted(engine):
    """A user's airline answer: "Pets can travel in the cabin" was Supported on every engine (the entailment model
    read the airline's sentences as entailing it, P(e) 0.94 together)."""
    res = ground("Each passenger can bring one cabin bag for free. Pets can travel in the cabin.", [AIRLINE],
                 GroundingConfig(models_dir=str(MODELS), engine=engine).validate())
    bag, pets = res.verdicts
    assert bag.label == SUPPORTED, bag.rule
    assert pets.label == CONTRADICTED and pets.anchor == 2, pets.rule
    assert pets.rule.startswith("said the other way round: the claim says “Pets”, the source “only assistance dogs”")


@pytest.mark.parametrize("engine", ("claims", "context", "context-fast"))
def test_camping_with_day_tickets_where_only_weekend_tickets_have_it_is_contradicted(engine):
    """A user's festival answer: "Camping is available with day tickets" was Supported on every engine against
    "Camping is available only with weekend tickets"."""
    context = ("The festival takes place over three days in late July. Day tickets cost 60 pounds and weekend tickets "
               "150 pounds; children under 12 go free. Camping is available only with weekend tickets.")
    (v,) = ground("Camping is available with day tickets.", [context],
                  GroundingConfig(models_dir=str(MODELS), engine=engine).validate()).verdicts
    assert v.label == CONTRADICTED and v.anchor == 2, v.rule
    assert "the claim says “with day tickets”, the source “only with weekend tickets”" in v.rule


def test_one_alone_against_one_and_another():
    from grounding.only import one_of_many
    sentence = "It cost 45 million pounds, paid for by the government and a local charity."
    assert one_of_many("The centre was paid for entirely by the government.", sentence) == [
        ("entirely by the government", "by the government and a local charity")]
    assert one_of_many("The bus is used only by students.", "The bus is used by students and staff.") == [
        ("only by students", "by students and staff")]
    assert one_of_many("The centre was paid for by the government.", sentence) == []        # no "only"
    assert one_of_many("The project was funded solely by the council.", "The project was funded by the council.") == []
    assert one_of_many("The bus is used only by students.", "The café is run by students and staff.") == []  # other words


@pytest.mark.parametrize("engine", ("claims", "context", "context-fast"))
def test_paid_for_entirely_by_one_of_two_payers_is_contradicted(engine):
    context = ("The hospital's new cancer centre will treat 300 patients a week. It cost 45 million pounds, paid for by "
               "the government and a local charity. The centre has two radiotherapy machines and a garden for patients.")
    contradicted_and_backed(engine, "The centre was paid for entirely by the government. The centre has a garden for "
                            "patients.", context, 1, backed_anchor=2)


URGENT = "Urgent same-day appointments are only available by phone and are given out from 8am until they run out."


@pytest.mark.parametrize("claim, sentence, expected", [
    ("Urgent same-day appointments can be booked online through the app.", URGENT, [("online", "only by phone")]),
    ("You can pay in cash.", "Payment is by card or app only.", [("in cash", "only by card")]),
    # the sentence's own way; another thing of the kind; negated; no way in the claim
    ("Urgent same-day appointments can be booked by phone.", URGENT, []),
    ("Routine appointments can be booked online.", URGENT, []),
    ("Urgent same-day appointments cannot be booked online.", URGENT, []),
    ("Urgent same-day appointments are given out from 8am.", URGENT, []),
])
def test_a_way_the_sentence_rules_out(claim, sentence, expected):
    assert only_channel(claim, sentence) == expected
    assert only_for(claim, sentence) == expected


@pytest.mark.parametrize("engine", ("claims", "context", "context-fast"))
def test_urgent_appointments_online_where_only_by_phone_is_contradicted(engine):
    """A surgery's booking rules: "Urgent same-day appointments can be booked online through the app" was Supported
    on every engine."""
    context = ("Appointments at Millbrook Surgery can be booked by phone from 8am or through the online app. " + URGENT)
    contradicted_and_backed(engine, "Urgent same-day appointments can be booked online through the app. Appointments "
                            "can be booked through the online app.", context, 1, backed_anchor=0)


COVER = "Third-party liability cover of up to £2 million is included for dogs only."


@pytest.mark.parametrize("claim, sentence, expected", [
    ("Cats get third-party liability cover under PawSure Lifetime Plus.", COVER, [("Cats", "for dogs only")]),
    ("Residents get free parking.", "Free parking is available only for hotel guests.",
     [("Residents", "only for hotel guests")]),
    # those it is for; another thing; a negated claim
    ("Dogs get third-party liability cover.", COVER, []),
    ("Cats get cover for vet fees.", COVER, []),
    ("Cats do not get third-party liability cover.", COVER, []),
])
def test_a_thing_given_for_some_only_said_of_others(claim, sentence, expected):
    assert only_for(claim, sentence) == expected


@pytest.mark.parametrize("engine", ("claims", "context", "context-fast"))
def test_cover_for_dogs_only_said_of_cats_is_contradicted(engine):
    context = ("PawSure Lifetime Plus is a pet insurance policy for cats and dogs. It pays up to £7,000 a year for vet "
               "fees. " + COVER)
    contradicted_and_backed(engine, "Cats get third-party liability cover under PawSure Lifetime Plus. PawSure "
                            "Lifetime Plus pays up to £7,000 a year for vet fees.", context, 2, 1)


SHOW = ("# Light on the Water\nThe exhibition brings together 120 photographs taken between 1948 and 1979. The show "
        "also includes her only film, a 12-minute study of fishermen mending nets, and a selection of her notebooks.")


def test_her_only_film_restricts_nothing():
    """Everyday batch 238: "includes her only film, …" read as "includes only her film", so "The show also includes a
    reconstruction of her darkroom" was Contradicted (the source never mentions one: Unsupported)."""
    claim = "The show also includes a reconstruction of her darkroom."
    assert only_for(claim, SHOW.split("\n")[1].split(". ")[1]) == []
    assert only_for("The bar accepts cards.", "The bar accepts only cash.") != []


@pytest.mark.parametrize("engine", ("claims", "context", "context-fast"))
def test_her_only_film_is_supported(engine):
    all_supported(engine, "The show also includes her only film, a study of fishermen mending nets. The exhibition "
                  "brings together 120 photographs.", SHOW)
