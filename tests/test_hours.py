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


@pytest.mark.parametrize("claim, sentence, expected", [
    # a start or an end against the sentence's one span for the claim's subject
    ("The school day ends at 3pm.", "The school day runs from 8:45am to 3:15pm.", [("3pm", "3:15pm")]),
    ("The school day starts at 9am.", "The school day runs from 8:45am to 3:15pm.", [("9am", "8:45am")]),
    ("The school day starts at 8:45am.", "The school day runs from 8:45am to 3:15pm.", []),
    ("The pool opens at 7am.", "The gym is open from 6am to 10pm.", []),                    # another subject
    ("The museum does not close at 5pm.", "The museum is open from 10am to 5pm.", []),     # negated
    ("The shop closes at 6pm.", "Open Monday to Friday 9am to 5pm, Saturday 10am to 4pm.", []),   # two spans
    # all day against until a time early in the day; not against a span, nor until midnight
    ("It serves breakfast all day.", "Breakfast is served until 11:30am, lunch from 12pm.",
     [("all day", "until 11:30am")]),
    ("Parking is free all day.", "Parking is free until 10am.", [("all day", "until 10am")]),
    ("The museum is open all day.", "The museum is open from 10am to 5pm.", []),
    ("The bar is open all day.", "The bar is open until midnight.", []),
    ("It serves breakfast all day.", "Breakfast is served all day.", []),
])
def test_a_start_or_end_against_the_sources_span(claim, sentence, expected):
    from grounding.hours import span_end_conflicts
    assert span_end_conflicts(claim, sentence) == expected
    assert [c for c in quantity_conflicts(claim, sentence, same_figure=True) if c in expected] == expected


@pytest.mark.parametrize("engine", ("claims", "context", "context-fast"))
def test_a_school_days_end_and_breakfast_all_day_are_contradicted(engine):
    """A user's school and café answers: "The school day ends at 3pm" against "The school day runs from 8:45am to
    3:15pm" (P(e) 0.92–0.94) and "It serves breakfast all day" against "Breakfast is served until 11:30am, lunch from
    12pm" (P(e) 0.84–0.87) were Supported on every engine."""
    res = ground("The school day ends at 3pm. The café serves breakfast all day.",
                 "The primary school has around 420 pupils. The school day runs from 8:45am to 3:15pm. At the café "
                 "next door, breakfast is served until 11:30am, lunch from 12pm.", GroundingConfig(engine=engine))
    ends, breakfast = res.verdicts
    assert ends.label == CONTRADICTED and ends.anchor == 1, ends.rule
    assert "the claim says 3pm, the source 3:15pm" in ends.rule, ends.rule
    assert breakfast.label == CONTRADICTED and breakfast.anchor == 2, breakfast.rule
    assert "the claim says all day, the source until 11:30am" in breakfast.rule, breakfast.rule
