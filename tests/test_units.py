"""Unit words after numbers (grounding.units): one of a count noun against two or more of it."""
from __future__ import annotations

from pathlib import Path

import pytest

from conftest import all_supported, contradicted_and_backed
from grounding import GroundingConfig, ground
from grounding.learned import quantity_conflicts
from grounding.types import CONTRADICTED, SUPPORTED
from grounding.units import _unit_after, one_conflicts

MODELS = Path(__file__).resolve().parent.parent / "exported_models"
FLAT = ("The apartment has two bedrooms, one bathroom and a balcony facing south. The rent is 1,450 pounds a month, "
        "excluding bills.")


@pytest.mark.parametrize("claim, sentence, expected", [
    ("It has two bathrooms.", "The apartment has two bedrooms, one bathroom and a balcony.",
     [("two bathrooms", "one bathroom")]),
    ("It has one bathroom.", "The house has three bathrooms.", [("one bathroom", "three bathrooms")]),
    ("It has a single bedroom.", "The apartment has two bedrooms.", [("a single bedroom", "two bedrooms")]),
    # the same count; another noun; one said twice or beside "each" (may add up); a unit of measure
    ("It has one bathroom.", "The apartment has two bedrooms, one bathroom and a balcony.", []),
    ("It has two bedrooms.", "The apartment has two bedrooms, one bathroom and a balcony.", []),
    ("Take two tablets.", "Take one tablet in the morning and one tablet at night.", []),
    ("Take two tablets a day.", "Take one tablet each morning.", []),
    ("Bake for two hours.", "Bake for one hour.", []),
    # at most so many allows one ("The dose is one tablet" was Contradicted by a daily cap); at least two does not
    ("The dose is one tablet twice a day.", "Do not take more than four tablets in 24 hours.", []),
    ("Take one tablet.", "Take up to three tablets.", []),
    ("It has one bathroom.", "It has at least two bathrooms.", [("one bathroom", "two bathrooms")]),
    # after a preposition (an event or a case); a noun that measures; a count of many (a scope, not a thing had)
    ("Both vaccines require two doses.", "Reactions after one dose were mild.", []),
    # what a thing comes with is had, not a case ("The jug comes with three cartridges" had been Supported)
    ("The jug comes with three cartridges.", "It comes with one cartridge, and a pack of three replacements costs "
     "$24.99.", [("three cartridges", "one cartridge")]),
    ("It rose by two degrees.", "It rose by one degree.", []),
    # what one is, not how many there are ("count as one serving" / "about three servings a day"; everyday batch 143)
    ("Three slices of wholegrain bread count as one serving.", "People in the highest fifth of intake ate about "
     "three servings a day or more.", []),
    ("The study covers 249 causes of death.", "It estimates burden based on one cause of death.", []),
    # the one side says so many of it too, of another case: "two games" are "two matches" (everyday batch 176)
    ("A player sent off for two bookings misses one match, whereas a straight red card means a ban of at least two "
     "games.", "A player shown a straight red card serves a suspension of at least two matches.", []),
    ("A player shown a straight red card misses one match.", "A player shown a straight red card misses two "
     "matches.", [("one match", "two matches")]),
])
def test_one_of_a_thing_against_more(claim, sentence, expected):
    assert one_conflicts(claim, sentence) == expected


@pytest.mark.parametrize("engine", ("claims", "context", "context-fast"))
def test_two_bathrooms_against_one_is_contradicted(engine):
    """An everyday answer: "It has two bathrooms" was Supported on every engine (P(e) 0.95), the sentence's "two"
    being the bedrooms'."""
    config = GroundingConfig(engine=engine, models_dir=str(MODELS)).validate()
    (v,) = ground("It has two bathrooms.", [FLAT], config).verdicts
    assert v.label == CONTRADICTED and v.anchor == 0, v.rule
    assert v.rule.startswith("quantity override: the claim says two bathrooms, the source one bathroom")
    assert ("two bathrooms", "one bathroom") in quantity_conflicts("It has two bathrooms.", FLAT, same_figure=True)
    assert ground("It has two bedrooms.", [FLAT], config).verdicts[0].label == SUPPORTED


@pytest.mark.parametrize("engine", ("claims", "context", "context-fast"))
def test_one_tablet_within_a_daily_cap_is_supported(engine):
    """An everyday answer: "The dose is one tablet twice a day" was Contradicted on every engine by "Do not take
    more than four tablets in 24 hours" (one tablet against four), beside the sentence that says it."""
    config = GroundingConfig(engine=engine, models_dir=str(MODELS)).validate()
    leaflet = ["Take one tablet twice a day with food. Do not take more than four tablets in 24 hours."]
    (v,) = ground("The dose is one tablet twice a day.", leaflet, config).verdicts
    assert v.label == SUPPORTED and v.anchor == 0, v.rule
    assert ground("You can take up to six tablets a day.", leaflet, config).verdicts[0].label == CONTRADICTED


@pytest.mark.parametrize("claim, sentence, expected", [
    ("Membership is 120 pounds a year.", "Membership is 120 pounds a term, and the first session is free.",
     [("120 pounds a year", "120 pounds a term")]),
    ("Lessons cost 30 euros per week.", "Lessons cost 30 euros a month.", [("30 euros per week", "30 euros a month")]),
    # the claim's period there too, another value, a payer not a period
    ("The gym costs 35 pounds a month.", "Membership costs 35 pounds a month, or 350 pounds a year.", []),
    ("Membership is 100 pounds a year.", "Membership is 120 pounds a term.", []),
    ("Tickets cost 12 euros per person.", "Tickets cost 12 euros a day.", []),
    # a period said by an adjective ("The standing charge will rise to 60p per month" was Partially supported or
    # Supported against "The daily standing charge … will rise from 53p to 60p")
    ("The standing charge will rise to 60p per month.", "The daily standing charge, however, will rise from 53p to "
     "60p.", [("60p per month", "daily standing charge")]),
    ("The standing charge will rise to 60p a day.", "The daily standing charge, however, will rise from 53p to 60p.",
     []),
    # half an hour or a day ("Late returns are charged £20 an hour" was Supported on every engine, P(e) 0.91)
    ("Late returns are charged £20 an hour.", "Late returns are charged £20 per half hour.",
     [("£20 an hour", "£20 per half hour")]),
    ("Kayaks cost £30 a day.", "Kayaks cost £30 per half-day.", [("£30 a day", "£30 per half-day")]),
    ("Late returns are charged £20 per half-hour.", "Late returns are charged £20 per half hour.", []),
])
def test_a_value_per_another_period(claim, sentence, expected):
    """"Membership is 120 pounds a year" was Supported on every engine against "… 120 pounds a term" (P(e) 0.74); the
    quantity rule reads the pair."""
    from grounding.learned import quantity_conflicts
    from grounding.units import period_conflicts
    assert period_conflicts(claim, sentence) == expected
    assert all(pair in quantity_conflicts(claim, sentence, same_figure=True) for pair in expected)


@pytest.mark.parametrize("engine", ("claims", "context", "context-fast"))
def test_membership_a_year_against_a_term_is_contradicted(engine):
    context = ("The swimming club trains on Tuesday and Thursday evenings and Saturday mornings. Membership is 120 "
               "pounds a term, and the first session is free.")
    year, _ = contradicted_and_backed(engine, "Membership is 120 pounds a year. Membership is 120 pounds a term.",
                                      context, 1)
    assert "the claim says 120 pounds a year, the source 120 pounds a term" in year.rule


@pytest.mark.parametrize("engine", ("claims", "context", "context-fast"))
def test_a_late_fee_per_hour_against_per_half_hour_is_contradicted(engine):
    context = ("Riverbend Paddle Hire hires single kayaks for £30 per half day. Boats must be back at the base by 5pm, "
               "and late returns are charged £20 per half hour.")
    hour, _ = contradicted_and_backed(engine, "Late returns at Riverbend are charged £20 an hour. Boats must be back "
                                      "by 5pm.", context, 1)
    assert "the claim says £20 an hour, the source £20 per half hour" in hour.rule


@pytest.mark.parametrize("engine", ("claims", "context", "context-fast"))
def test_one_match_beside_two_games_is_supported(engine):
    """Everyday batch 176: "one match" for two bookings beside "at least two games" for a straight red had been
    Contradicted on every engine by "a suspension of at least two matches"."""
    all_supported(
        engine, "A player sent off for two bookings misses one match, whereas a straight red card means a ban of at "
        "least two games. Clubs are fined £10 for each caution.",
        "9.1 A player who receives five yellow cards in league and cup matches combined will be suspended for "
        "one match. 9.2 A player sent off for two yellow cards serves a one-match suspension. A player shown a "
        "straight red card serves a suspension of at least two matches. 9.3 Clubs are fined £10 for each caution "
        "and £25 for each dismissal.")


POOL = ("# Harrowmere pool rules\nChildren aged 7 and under must be accompanied in the water by a responsible "
        "person aged 16 or over. Children aged 8 to 10 may swim without an adult in the water, but a responsible "
        "person aged 16 or over must remain on the poolside. Lane swimming is for over-16s only.")


def test_or_and_and_before_a_bound_are_its_side_for_the_rule():
    """"aged 7 or under" had the unit "or", which "16 or over" shared: 7 against 16 (everyday batch 229); each is now
    its bound's side, so "16 or over" still meets "18 or over" (everyday batches 177 and 200) and "7 or higher" "8 or
    above" (batch 153). The learned model's features read as they were fitted."""
    text = "Children aged 7 or under must swim with someone aged 16 or over."
    assert _unit_after(text, text.index("7") + 1, hyphen=True) == "or under"
    assert _unit_after(text, text.index("16") + 2, hyphen=True) == "or over"
    assert _unit_after("a grade of 7 or higher", 12, hyphen=True) == "or over"
    assert quantity_conflicts("The race is open to anyone aged 16 or over.", "Runners must be aged 17 or over on race "
                              "day.", same_figure=True) == [("16 or over", "17 or over")]
    assert _unit_after(text, text.index("7") + 1) == "or"
    assert _unit_after("They walked 5 miles.", 13, hyphen=True) == "miles"


@pytest.mark.parametrize("engine", ("claims", "context", "context-fast"))
def test_a_child_aged_7_or_under_with_someone_at_least_16_is_supported(engine):
    """Everyday batch 229: Contradicted on every engine ("7 or" against "16 or")."""
    all_supported(engine, "Children aged 7 or under must be in the water with a responsible person who is at least 16. "
                  "Lane swimming is only for over-16s.", POOL)
