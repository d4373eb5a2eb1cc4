"""None left against some left (grounding.availability), one of the forms of the reversal rule."""
from __future__ import annotations

from pathlib import Path

import pytest

from conftest import contradicted_and_backed
from grounding import GroundingConfig, ground
from grounding.availability import not_yet, other_availability
from grounding.reversal import reversals
from grounding.types import CONTRADICTED, SUPPORTED

MODELS = Path(__file__).resolve().parent.parent / "exported_models"
BOX_OFFICE = "A limited number of tickets are still available at the box office."


@pytest.mark.parametrize("claim, sentence, expected", [
    ("Tickets are sold out.", BOX_OFFICE, [("sold out", "still available")]),
    ("The course is fully booked.", "A few places remain on the course.", [("fully booked", "places remain")]),
    ("Rooms are still available for Friday.", "The hotel is fully booked on Friday.",
     [("still available", "fully booked")]),
    ("Tickets are still available.", "Tickets are sold out.", [("still available", "sold out")]),
    ("The jacket is out of stock.", "The jacket is in stock in all sizes.", [("out of stock", "in stock")]),
    # a claim naming only what is had, against a whole said to have none of it
    ("Places are still available.", "The course is now fully booked; join the waiting list to hear about the next "
                                    "one.", [("still available", "fully booked")]),
    ("Tickets are still available.", "The show has sold out.", [("still available", "sold out")]),
    ("Tickets are still available.", "The car park is full.", []),
    # the same state; negated; another thing had, another day; a limit of time or place the claim does not name
    ("The course is fully booked.", "The course is fully booked.", []),
    ("The jacket is out of stock.", "The jacket is no longer available.", []),
    ("Tickets are not sold out.", BOX_OFFICE, []),
    ("Tickets are sold out.", "Parking spaces are still available.", []),
    ("Friday tickets are sold out.", "Saturday tickets are still available.", []),
    ("The car park is full.", "Spaces are available in the car park from 6pm.", []),
    ("Tickets are sold out.", "Tickets are available online only.", []),
    # "full" only as a state ("a full tank" is none); a thing named by neither
    ("The car comes with a full tank.", "Rooms are available.", []),
    ("The gym is full on Mondays.", "Free Wi-Fi is available throughout the building.", []),
])
def test_none_left_against_some_left(claim, sentence, expected):
    assert other_availability(claim, sentence) == expected
    assert bool(reversals(claim, sentence)) == bool(expected)


@pytest.mark.parametrize("engine", ("claims", "context", "context-fast"))
def test_a_sold_out_claim_against_tickets_still_available_is_contradicted(engine):
    """A user's concert answer: "Tickets are sold out" against "A limited number of tickets are still available at
    the box office" was Unsupported on the context engines (F 0.22–0.33), and "The course is fully booked" against
    "A few places remain on the course" Supported on every engine (read with the tickets sentence, P(e) 0.96)."""
    context = ("Doors open at 6:30pm and the concert begins at 7:30pm. " + BOX_OFFICE +
               " The venue has step-free access to all levels. A few places remain on the course.")
    res = ground("The concert starts at 7:30pm. Tickets are sold out. The course is fully booked.", [context],
                 GroundingConfig(models_dir=str(MODELS), engine=engine).validate())
    starts, sold, booked = res.verdicts
    assert starts.label == SUPPORTED and starts.anchor == 0, starts.rule
    assert sold.label == CONTRADICTED and sold.anchor == 1, sold.rule
    said = sold.rule == ("said the other way round: the claim says “sold out”, the source “still available” "
                         "(context sentence 2)")
    assert said or sold.rule.startswith("contradiction override: "), sold.rule   # where the model read it already
    assert booked.label == CONTRADICTED and booked.anchor == 3, booked.rule


@pytest.mark.parametrize("claim, sentence, expected", [
    ("E-bikes are already available.", "E-bikes will be added next spring.", [("are already available", "will be added")]),
    ("The new wing is already open.", "The museum said the new wing will open in May.", [("is already open", "will open")]),
    ("The red pandas are already on show.", "They will go on show to visitors in March.",
     [("are already on show", "will go")]),
    # not "already", another subject, the sentence says it is there
    ("E-bikes are available.", "E-bikes will be added next spring.", []),
    ("The new wing is already open.", "The cafe will open in May.", []),
    ("E-bikes are already available.", "E-bikes are already available and more will be added.", []),
])
def test_there_already_against_to_come(claim, sentence, expected):
    assert not_yet(claim, sentence) == expected
    assert bool(reversals(claim, sentence)) == bool(expected)


@pytest.mark.parametrize("engine", ("claims", "context", "context-fast"))
def test_e_bikes_to_be_added_next_spring_are_not_already_available(engine):
    """An everyday batch: "E-bikes are already available" was Partially supported (context, claims) or Supported
    (context-fast) by "E-bikes will be added next spring"."""
    context = ("The city's bike share scheme now has 1,200 bikes at 150 docking stations. Members pay 90 pounds a year. "
               "E-bikes will be added next spring.")
    contradicted_and_backed(engine, "E-bikes are already available. The scheme has 1,200 bikes.", context, 2,
                            backed_anchor=0)



def test_to_come_against_there_now():
    from grounding.availability import not_yet
    tour = "Tickets are on sale now and start at 15 pounds."
    assert not_yet("Tickets go on sale next month.", tour) == [("go on sale next month", "are on sale now")]
    assert not_yet("Tickets will go on sale in March.", "Tickets are now on sale.") == [
        ("will go on sale in March", "are now on sale")]
    assert not_yet("Tickets go on sale now.", tour) == []                        # no start to come
    assert not_yet("The museum will open next year.", "The café is now open.") == []     # another subject
    assert not_yet("Tickets go on sale next month.", "Tickets are not on sale now.") == []   # denied


@pytest.mark.parametrize("engine", ("claims", "context", "context-fast"))
def test_tickets_on_sale_next_month_against_on_sale_now_are_contradicted(engine):
    context = ("The orchestra's winter tour visits six cities, starting in Leeds on 2 December. Tickets are on sale now "
               "and start at 15 pounds. Students can buy tickets for 5 pounds.")
    contradicted_and_backed(engine, "Tickets go on sale next month. Students can buy tickets for 5 pounds.", context, 1,
                            backed_anchor=2)


def test_already_running_or_started_against_planned_or_starting_next_year():
    from grounding.availability import not_yet
    assert not_yet("A rail link to the city centre already runs.", "A new rail link to the city centre is planned "
                   "for 2030.") == [("already runs", "is planned for")]
    assert not_yet("Work on the extension has already started.", "Work starts next year and should take three "
                   "years.") == [("has already started", "starts next year")]
    # the sentence's subject is not the claim's head ("The extension", not "Work")
    assert not_yet("Work on the extension has already started.", "The extension will cost 400 million pounds.") == []
    assert not_yet("Work on the extension has already started.", "Work started last year.") == []


@pytest.mark.parametrize("engine", ("claims", "context", "context-fast"))
def test_a_rail_link_that_already_runs_against_one_planned_is_contradicted(engine):
    context = ("The airport's new terminal opened on Tuesday. It can handle 15 million passengers a year. A new rail "
               "link to the city centre is planned for 2030.")
    contradicted_and_backed(engine, "A rail link to the city centre already runs. The terminal can handle 15 million "
                            "passengers a year.", context, 2, backed_anchor=1)
