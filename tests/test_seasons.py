"""All year against part of it (grounding/seasons.py): the pair, when it is none, and the verdict."""
from __future__ import annotations

import pytest

from grounding import GroundingConfig, ground
from grounding.learned import quantity_conflicts
from grounding.seasons import season_conflicts
from grounding.types import CONTRADICTED, SUPPORTED


@pytest.mark.parametrize("claim, sentence, expected", [
    ("The site is open all year.", "The site is open from March to October.", [("all year", "March to October")]),
    # early, mid or late in a month ("The outdoor pool is open all year" was Supported on every engine)
    ("The outdoor pool is open all year.", "The park's outdoor pool is open from late May to early September.",
     [("all year", "late May to early September")]),
    # a month the sentence closes the claim's subject in ("The castle is open in January" was Unsupported on every
    # engine)
    ("The castle is open in January.", "The castle is closed from December to February, and the gardens stay open all "
     "year.", [("open in January", "closed from December to February")]),
    ("The castle is open in March.", "The castle is closed from December to February.", []),
    ("The gardens are open in January.", "The castle is closed from December to February, and the gardens stay open "
     "all year.", []),
    ("The pool is open year-round.", "The outdoor pool is open between May and September.",
     [("year-round", "May and September")]),
    ("The ferry runs all year round.", "The ferry season runs April–October.", [("all year round", "April–October")]),
    ("The site is open all year round.", "The site is closed in winter.", [("all year round", "closed in winter")]),
    # feasts as the months they fall in ("The visitor centre is open all year" had been Supported on every engine,
    # P(e) 0.78)
    ("The visitor centre is open all year.", "The visitor centre is open daily from Easter to October.",
     [("all year", "Easter to October")]),
    ("The visitor centre is open all year.", "The visitor centre is open from Easter until Christmas.",
     [("all year", "Easter until Christmas")]),
    # the other way round: the claim's months against the sentence's "all year"
    ("The site is open from April to September.", "The site is open all year round.",
     [("April to September", "all year round")]),
    # months that go round the year, another place, a negated claim, months of something else: none
    ("The site is open all year.", "The site is open from January to December.", []),
    ("The café is open all year.", "The campsite is open from March to October.", []),
    ("The site is not open all year.", "The site is open from March to October.", []),
    ("The site is not open from April to September.", "The site is open all year round.", []),
    ("The museum is open all year.", "The museum opened in May 2019 and welcomed 20,000 visitors from June to August.", []),
    ("The site is open all year.", "The site is open all year, with a reduced service from November to February.", []),
    # the months anywhere in a timetable, days allowed ("Tours run on Fridays and Saturdays all year round" was
    # Supported on every engine, P(e) 0.79); not in a sentence about the past
    ("Tours run on Fridays and Saturdays all year round.", "Tours start at 10:30am outside the Corn Exchange every "
     "Friday and Saturday from March to November.", [("all year round", "March to November")]),
    ("The tours run all year.", "Tours run daily at 11am and 2pm from 1 May to 30 September.",
     [("all year", "1 May to 30 September")]),
    ("The museum is open all year.", "The museum has welcomed school groups from June to August.", []),
    ("The museum is open all year.", "The museum welcomed school groups from June to August.", []),
    ("The tours run all year.", "Tours run from 1 January to 31 December.", []),
])
def test_all_year_against_part_of_it(claim, sentence, expected):
    assert season_conflicts(claim, sentence) == expected
    assert quantity_conflicts(claim, sentence, same_figure=True) == expected   # the quantity rule reads it
    assert quantity_conflicts(claim, sentence) == []                          # the learned model's features do not


CAMPSITE = ("We have 40 grass pitches, 25 of them with electric hook-up. Hook-ups are charged at £6 per night. Fire pits "
            "are available to hire, and campfires are permitted in them. The site is open from March to October. Our "
            "small shop sells basics, firewood and local produce.")


@pytest.mark.parametrize("engine", ("claims", "context", "context-fast"))
def test_a_campsite_open_all_year_against_its_season_is_contradicted(engine):
    """A user's answer: "The site is open all year" was Supported on every engine (P(e) 0.67) against "The site is
    open from March to October"."""
    res = ground("Hook-ups are charged at £6 per night. The site is open all year.", CAMPSITE, GroundingConfig(engine=engine))
    hook_ups, season = res.verdicts
    assert season.label == CONTRADICTED and season.anchor == 3, season.rule
    assert "the claim says all year, the source March to October" in season.rule, season.rule
    assert hook_ups.label == SUPPORTED and hook_ups.anchor == 1, hook_ups.rule



@pytest.mark.parametrize("engine", ("claims", "context", "context-fast"))
def test_a_pool_open_all_year_against_late_may_to_early_september_is_contradicted(engine):
    context = ("The park's outdoor pool is open from late May to early September. Swimming is free for children under "
               "5, and adults pay 6 pounds.")
    (v,) = ground("The outdoor pool is open all year.", [context], GroundingConfig(engine=engine)).verdicts
    assert v.label == CONTRADICTED and v.anchor == 0, v.rule


FOOD_WALK = ("Our old-town food walk visits six family-run stops. Tours start at 10:30am outside the Corn Exchange every "
             "Friday and Saturday from March to November. The price is £55 per person and covers all tastings.")


@pytest.mark.parametrize("engine", ("claims", "context", "context-fast"))
def test_tours_all_year_against_a_timetable_from_march_to_november_are_contradicted(engine):
    res = ground("Tours run on Fridays and Saturdays all year round, starting at 10:30am from the Corn Exchange. "
                 "The walk visits six family-run stops.", FOOD_WALK, GroundingConfig(engine=engine))
    tours, stops = res.verdicts
    assert tours.label == CONTRADICTED and tours.anchor == 1, tours.rule
    assert "the claim says all year round, the source March to November" in tours.rule
    assert stops.label == SUPPORTED and stops.anchor == 0, stops.rule


CASTLE = ("Visitors to the castle must book a time slot online. Adult tickets cost 18 pounds, and children under 16 go "
          "free with an adult. The castle is closed from December to February, and the gardens stay open all year.")


@pytest.mark.parametrize("engine", ("claims", "context", "context-fast"))
def test_a_castle_closed_from_december_to_february_is_not_open_in_january(engine):
    from grounding import GroundingConfig, ground
    january, children = ground("The castle is open in January. Children under 16 pay half price.", [CASTLE],
                               GroundingConfig(engine=engine)).verdicts
    assert january.label == CONTRADICTED and january.anchor == 2, january.rule
    assert children.label == CONTRADICTED and children.anchor == 1, children.rule
    (gardens,) = ground("The gardens are open all year.", [CASTLE], GroundingConfig(engine=engine)).verdicts
    assert gardens.label == SUPPORTED and gardens.anchor == 2, gardens.rule
