"""Around the clock against opening hours (grounding/hours.py): the pair, when it is none, and the verdict."""
from __future__ import annotations

import pytest

from grounding import GroundingConfig, ground
from grounding.clock import minutes
from grounding.hours import hours_conflicts
from grounding.learned import quantity_conflicts
from grounding.types import CONTRADICTED, SUPPORTED


@pytest.mark.parametrize("claim, sentence, expected", [
    ("The gym is open 24 hours a day.", "Fitline Gym is open from 6am to 11pm every day.",
     [("24 hours a day", "from 6am to 11pm")]),
    ("The pharmacy is open around the clock.", "The pharmacy opens 8:30-18:00 on weekdays.",
     [("around the clock", "8:30-18:00")]),
    ("The library is open 24 hours.", "Library opening hours: 9am - 8pm Monday to Friday.", [("24 hours", "9am - 8pm")]),
    # the other way round: the claim's hours against the sentence's "24 hours a day"
    ("The gym is open from 6am to 11pm.", "The gym is open 24 hours a day, seven days a week.",
     [("from 6am to 11pm", "24 hours a day")]),
    # another place's hours, hours of the whole day, a negated claim, no hours at all: none
    ("The helpline is open 24 hours a day.", "The office is open from 9am to 5pm.", []),
    ("The gym is open 24/7.", "The gym is open from midnight to midnight.", []),
    ("The gym is not open 24 hours a day.", "Fitline Gym is open from 6am to 11pm every day.", []),
    ("The gym is open 24 hours a day.", "Fitline Gym has a pool and a sauna.", []),
])
def test_around_the_clock_against_hours_that_end(claim, sentence, expected):
    assert hours_conflicts(claim, sentence) == expected
    assert quantity_conflicts(claim, sentence, same_figure=True) == expected   # the quantity rule reads it
    assert quantity_conflicts(claim, sentence) == []                          # the learned model's features do not


def test_clock_times_in_minutes():
    assert [minutes(t) for t in ("6am", "11pm", "12am", "12pm", "noon", "midnight", "17:30", "11.30pm", "9 a.m.")] == \
        [360, 1380, 0, 720, 720, 0, 1050, 1410, 540]


@pytest.mark.parametrize("engine", ("claims", "context", "context-fast"))
def test_a_gym_open_all_day_against_its_hours_is_contradicted(engine):
    """A user's answer: "The gym is open 24 hours a day" was Supported on every engine (P(e) 0.61)."""
    res = ground("The gym is open 24 hours a day. Classes must be booked online.",
                 "Fitline Gym is open from 6am to 11pm every day. All group classes must be booked in advance through "
                 "the app or website.", GroundingConfig(engine=engine))
    hours, classes = res.verdicts[0], res.verdicts[-1]
    assert hours.label == CONTRADICTED and hours.anchor == 0, hours.rule
    assert "the claim says 24 hours a day, the source from 6am to 11pm" in hours.rule
    assert classes.label == SUPPORTED, classes.rule
