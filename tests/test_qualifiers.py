"""A value said under another qualifier (grounding.qualifiers, read by the binding rule) and the gap between doses
(values.same_quantity) with the claim's own value stated only with another unit (number_rules.quantity_together)."""
from __future__ import annotations

from pathlib import Path

import pytest
from conftest import all_supported, contradicted_and_backed

from grounding import GroundingConfig, ground
from grounding.binding import found_in
from grounding.explain import explain
from grounding.learned import quantity_conflicts
from grounding.qualifiers import misbound_qualifiers
from grounding.types import CONTRADICTED, SUPPORTED

MODELS = Path(__file__).resolve().parent.parent / "exported_models"
BAGS = "Checked bags cost £35 each when booked online, or £50 at the airport."
COURSE = "It costs 240 pounds, or 180 pounds for students and people over 65."
BAKERY = "The bakery opens at 7am on weekdays and 8am at weekends."
CRUISE = "Tickets cost 18 euros for adults and 9 euros for children."
PERMITS = "Residents' parking permits cost 60 pounds a year for the first car and 120 pounds for a second car."
GROOMING = "The dog grooming salon charges 40 pounds for small dogs and 60 pounds for large dogs."


@pytest.mark.parametrize("claim, sentence, expected", [
    ("A checked bag costs £50 when booked online.", BAGS,
     ["the source gives £35 for “when booked online”; £50 goes with “at the airport”"]),
    ("A checked bag costs £35 at the airport.", BAGS,
     ["the source gives £50 for “at the airport”; £35 goes with “when booked online”"]),
    ("Tickets cost £15 on weekdays.", "Tickets cost £10 on weekdays and £15 at weekends.",
     ["the source gives £10 for “on weekdays”; £15 goes with “at weekends”"]),
    # the value's own case; no qualifier in the claim; the case not given another value
    ("A checked bag costs £35 when booked online.", BAGS, []),
    ("A checked bag costs £50.", BAGS, []),
    ("Tickets cost £10 on weekdays.", "Tickets cost £10 on weekdays and £15 at weekends.", []),
    ("A checked bag costs £50 on the phone.", BAGS, []),
    # a value with no qualifier is the rest's beside another for the claim's case; the value's unit word passed over;
    # a plural subject that pays is the claim's case
    ("Students pay 240 pounds.", COURSE, ["the source gives 180 pounds for “students”; 240 pounds goes with “the rest”"]),
    ("The course costs 240 pounds for students.", COURSE,
     ["the source gives 180 pounds for “for students”; 240 pounds goes with “the rest”"]),
    ("Students pay 180 pounds.", COURSE, []),
    ("The course costs 240 pounds.", COURSE, []),
    ("Adults pay 240 pounds.", COURSE, []),
    # days of the week that hold the claim's ("The bakery opens at 7am on Saturdays" was Supported on every engine)
    ("The bakery opens at 7am on Saturdays.", BAKERY,
     ["the source gives 8am for “at weekends”; 7am goes with “on weekdays”"]),
    ("The bakery opens at 7am on Mondays.", BAKERY, []),
    ("The bakery opens at 8am on Sundays.", BAKERY, []),
    # a case said in the claim's subject ("A permit for a second car costs 60 pounds" was Supported on every engine)
    ("A permit for a second car costs 60 pounds.", PERMITS,
     ["the source gives 120 pounds for “for a second car”; 60 pounds goes with “for the first car”"]),
    ("A permit for a second car costs 120 pounds.", PERMITS, []),
    ("A permit costs 60 pounds.", PERMITS, []),
    # whose the subject is ("Children's tickets cost 18 euros" was Supported on every engine)
    ("Children's tickets cost 18 euros.", CRUISE,
     ["the source gives 9 euros for “for children”; 18 euros goes with “for adults”"]),
    ("Children's tickets cost 9 euros.", CRUISE, []),
    ("Tickets cost 18 euros.", CRUISE, []),
    # what a deed that is the subject is done to, plural or singular ("Grooming a large dog costs 40 pounds" was
    # Supported on every engine, P(e) 0.95)
    ("Grooming a large dog costs 40 pounds.", GROOMING,
     ["the source gives 60 pounds for “for large dog”; 40 pounds goes with “for small dogs”"]),
    ("Grooming a large dog costs 60 pounds.", GROOMING, []),
    ("Grooming a small dog costs 40 pounds.", GROOMING, []),
])
def test_a_value_said_for_another_case(claim, sentence, expected):
    assert found_in(claim, sentence) == expected
    assert len(misbound_qualifiers(claim, sentence)) == len(expected)


@pytest.mark.parametrize("claim, sentence, expected", [
    ("Doses should be at least 6 hours apart.", "Leave at least 4 hours between doses.", [("6 hours", "4 hours")]),
    # another thing apart; a value within the bound
    ("Meals should be 6 hours apart.", "Leave at least 4 hours between doses.", []),
    ("Leave 6 hours between doses.", "Take doses at least 4 hours apart.", []),
    # "24 hours" in both does not hide "6 doses" against "4 doses" (a value of one kind and unit shared)
    ("Up to 6 doses can be given in 24 hours.", "Do not give more than 4 doses in 24 hours.", [("6 doses", "4 doses")]),
])
def test_the_gap_between_doses_is_one_figure(claim, sentence, expected):
    assert quantity_conflicts(claim, sentence, same_figure=True) == expected


LEAFLET = ("Paracetamol can be given to children from 2 months of age. Children aged 6 to 8 years can have 250 mg up to "
           "4 times in 24 hours. Leave at least 4 hours between doses. Do not give more than 4 doses in 24 hours.")
AIRLINE = ("Economy passengers may bring one cabin bag of up to 10 kg. " + BAGS + " Online check-in opens 24 hours "
           "before departure.")


@pytest.mark.parametrize("engine", ("claims", "context", "context-fast"))
def test_a_dosing_answer_with_the_wrong_gap_and_count_is_contradicted(engine):
    """A user's paracetamol answer: "Doses should be at least 6 hours apart" and "Up to 6 doses can be given in 24
    hours" were Supported on every engine (the last three sentences read together, P(e) 0.87 and 0.62, anchored on
    "Children aged 6 to 8 …", whose "6" is an age)."""
    res = ground("Paracetamol can be given from 2 months of age. Doses should be at least 6 hours apart. Up to 6 doses "
                 "can be given in 24 hours.", [LEAFLET], GroundingConfig(models_dir=str(MODELS), engine=engine).validate())
    age, gap, count = res.verdicts
    assert age.label == SUPPORTED and age.anchor == 0, age.rule
    assert gap.label == CONTRADICTED and gap.anchor == 2, gap.rule
    assert gap.rule.startswith("quantity override: the claim says 6 hours, the source 4 hours"), gap.rule
    assert count.label == CONTRADICTED and count.anchor == 3, count.rule
    assert count.rule.startswith("quantity override: the claim says 6 doses, the source 4 doses"), count.rule


@pytest.mark.parametrize("engine", ("claims", "context", "context-fast"))
def test_the_airport_price_for_an_online_booking_is_contradicted(engine):
    """A user's airline answer: "A checked bag costs £50 when booked online" was Supported on every engine (P(e)
    0.96)."""
    res = ground("A checked bag costs £50 when booked online.", [AIRLINE],
                 GroundingConfig(models_dir=str(MODELS), engine=engine).validate())
    (bag,) = res.verdicts
    assert bag.label == CONTRADICTED and bag.anchor == 1, bag.rule
    assert bag.rule.startswith("said for another case: the source gives £35 for “when booked online”; £50 goes with "
                               "“at the airport” (context sentence 2)"), bag.rule
    assert "it gives the claim's value for another case" in explain(res, bag, res.claims[0])


@pytest.mark.parametrize("engine", ("claims", "context", "context-fast"))
def test_the_full_price_said_of_those_who_pay_less_is_contradicted(engine):
    """An everyday answer: "Students pay 240 pounds" was Supported on every engine (P(e) 0.95)."""
    config = GroundingConfig(engine=engine, models_dir=str(MODELS)).validate()
    context = ["The course runs for ten weeks. " + COURSE]
    (v,) = ground("Students pay 240 pounds.", context, config).verdicts
    assert v.label == CONTRADICTED and v.anchor == 1, v.rule
    assert "the source gives 180 pounds for “students”; 240 pounds goes with “the rest”" in v.rule
    assert ground("Students pay 180 pounds.", context, config).verdicts[0].label == SUPPORTED


@pytest.mark.parametrize("engine", ("claims", "context", "context-fast"))
def test_a_weekday_opening_time_said_of_saturday_is_contradicted(engine):
    """An everyday answer: "The bakery opens at 7am on Saturdays" was Supported on every engine by "The bakery opens
    at 7am on weekdays and 8am at weekends" (Saturday is a day of the weekend)."""
    context = [BAKERY + " All our bread is baked on site every morning."]
    config = GroundingConfig(engine=engine, models_dir=str(MODELS)).validate()
    (v,) = ground("The bakery opens at 7am on Saturdays.", context, config).verdicts
    assert v.label == CONTRADICTED and v.anchor == 0, v.rule
    assert "the source gives 8am for “at weekends”; 7am goes with “on weekdays”" in v.rule
    assert ground("The bakery opens at 7am on Mondays.", context, config).verdicts[0].label == SUPPORTED


@pytest.mark.parametrize("engine", ("claims", "context", "context-fast"))
def test_a_large_dog_at_the_small_dogs_price_is_contradicted(engine):
    context = GROOMING + " Appointments last about two hours. The salon is closed on Sundays and Mondays."
    contradicted_and_backed(engine, "Grooming a large dog costs 40 pounds. Grooming a small dog costs 40 pounds.",
                            context, 0)


def test_one_subject_among_the_others_words_is_one_figure():
    """"Recycling and food waste will still be collected every week" (parsed as "waste" with "Recycling" under it)
    speaks of recycling: its "every week" is the claim's figure."""
    from grounding.learned import quantity_conflicts
    claim = "Recycling will be collected every three weeks."
    assert quantity_conflicts(claim, "Recycling and food waste will still be collected every week.",
                              same_figure=True) == [("every three weeks", "every week")]
    assert quantity_conflicts("Adults should do at least 150 minutes a week.",
                              "Children should do at least 60 minutes a day.", same_figure=True) == []


TRAVEL = ("# Table of Benefits\n- Emergency medical expenses: Essentials €2 million; Premier €10 million.\n"
          "- Cancellation and cutting short your trip: Essentials €1,500; Premier €5,000.\n# Excess\nAn excess of "
          "€100 per person applies to each section you claim under on Essentials, and €50 per person on Premier.")


def test_a_value_a_list_line_labels_is_said_for_its_own_case():
    """Everyday batch 226: "€5,000 on Premier" was said for another case: the excess sentence gives €50 "on Premier",
    and "Premier €5,000" had no qualifier after it. A label before a value is its case; a value said for another case
    after it still is one."""
    lines = ("Cancellation and cutting short your trip: Essentials €1,500; Premier €5,000. An excess of €100 per person "
             "applies to each section you claim under on Essentials, and €50 per person on Premier.")
    assert misbound_qualifiers("Cancellation cover is €1,500 on Essentials and €5,000 on Premier.", lines) == ()
    assert [m.claim_value for m in misbound_qualifiers("A checked bag costs £50 when booked online.",
            "Checked bags cost £35 each when booked online, or £50 at the airport.")] == ["£50"]
    assert [m.other_name for m in misbound_qualifiers("Students pay 240 pounds.",
            "It costs 240 pounds, or 180 pounds for students and people over 65.")] == ["the rest"]


@pytest.mark.parametrize("engine", ("claims", "context", "context-fast"))
def test_cover_limits_from_a_table_of_benefits_are_supported(engine):
    """Everyday batch 226: Contradicted on every engine, "said for another case"; the line's label over both of its
    clauses ("Emergency medical expenses: …; Premier €10 million") is no other thing (grounding.pairing)."""
    all_supported(engine, "Cancellation cover is €1,500 on Essentials and €5,000 on Premier. Emergency medical cover is "
                  "€10 million on Premier.", TRAVEL)
