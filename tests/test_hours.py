"""Around the clock against opening hours (grounding/hours.py): the pair, when it is none, and the verdict."""
from __future__ import annotations

import pytest

from grounding import GroundingConfig, ground
from grounding.clock import minutes
from grounding.hours import hours_conflicts, span_end_conflicts
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


CAMP = ("Camp runs Monday to Friday, 9am to 4pm, and costs £175 per week; early drop-off from 8am and late pick-up "
        "until 6pm are available for £6 per session.")


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
    # the claim's time given outside the span, after the claim's own words: another thing's end ("Late pick-up … is
    # available until 6pm" was Contradicted on every engine, 6pm against 4pm); the span's thing still ends at 4pm
    ("Late pick-up at Camp Kestrel is available until 6pm.", CAMP, []),
    ("Camp ends at 6pm.", CAMP, [("6pm", "4pm")]),
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


@pytest.mark.parametrize("claim, sentence, expected", [
    ("Blood tests are done in the morning only.", "Blood tests are carried out between 8:30am and 11:30am, Monday to "
     "Friday.", ("in the morning only", "between 8:30am and 11:30am")),
    ("The clinic is open in the evenings.", "The clinic is open from 6pm to 9pm.", ("in the evenings", "from 6pm to 9pm")),
    # hours past the part of the day, another part, another subject's hours, a negated claim: none
    ("Blood tests are done in the morning only.", "Blood tests are carried out between 8:30am and 1:30pm.", None),
    ("Blood tests are done in the afternoon.", "Blood tests are carried out between 8:30am and 11:30am.", None),
    ("Blood tests are done in the morning only.", "The surgery is open from 8am to 11am.", None),
    ("Blood tests are not done in the morning.", "Blood tests are carried out between 8:30am and 11:30am.", None),
])
def test_hours_within_the_claims_part_of_the_day(claim, sentence, expected):
    from grounding.hours import within_part_of_day
    assert within_part_of_day(claim, sentence) == expected


CLINIC = ("Opening hours: Monday to Friday 8am to 6:30pm, with late opening until 8pm on Thursdays. The practice is "
          "closed at weekends. Blood tests are carried out between 8:30am and 11:30am, Monday to Friday. Blood tests are "
          "by appointment only; please book online or by phone.")


@pytest.mark.parametrize("engine", ("claims", "context", "context-fast"))
def test_blood_tests_in_the_morning_only_are_backed_by_morning_hours(engine):
    """A user's answer: "Blood tests are done in the morning only" was Contradicted on every engine (read together
    with the appointments sentence, P(c) 0.82; the hours sentence alone 0.94): the model reads no clock in "morning"."""
    res = ground("Blood tests are done in the morning only.", CLINIC, GroundingConfig(engine=engine))
    (v,) = res.verdicts
    assert v.label == SUPPORTED and v.anchor == 2, v.rule
    assert v.rule.startswith("the hours it gives: context sentence 3: it says “between 8:30am and 11:30am”, and the "
                             "claim “in the morning only”"), v.rule


def test_the_ends_of_a_span_of_hours_are_no_values_of_their_own():
    """values.in_range with a time's am / pm: "The bakery opens at 7am" had been Contradicted on `claims` against "On
    Sundays we open from 8am to 1pm" ("the claim says 7am, the source 1pm"), the span's end taken for an opening
    time. A start against the span's start is still read where the sentence names the claim's subject."""
    assert quantity_conflicts("The bakery opens at 7am.", "On Sundays we open from 8am to 1pm.", same_figure=True) == []
    assert quantity_conflicts("The bakery opens at 7am.", "The bakery is open from 8am to 1pm.", same_figure=True) == \
        [("7am", "8am")]
    assert quantity_conflicts("The shop closes at 6pm.", "The shop is open from 9am to 5pm.", same_figure=True) == \
        [("6pm", "5pm")]


TWO_SOURCES = ["Group study rooms may be booked for a maximum of 3 hours per day. Bookings open 7 days ahead.",
               "Blood tests are carried out between 8:30am and 11:30am, Monday to Friday. Blood tests are by appointment "
               "only."]


@pytest.mark.parametrize("engine", ("claims", "context"))
def test_a_contradiction_from_a_sentence_with_no_time_does_not_stand_against_the_hours_that_back_it(engine):
    """conditions.backed_override beyond the anchor: in the app, with the hours in a document of their own, "Blood tests
    are done in the morning only" was Contradicted by "Blood tests are by appointment only" (P(c) 0.75, the more
    similar sentence, its "only" taken for the claim's); that sentence names no time, and the hours sentence backs the
    claim."""
    res = ground("Blood tests are done in the morning only.", TWO_SOURCES, GroundingConfig(engine=engine))
    (v,) = res.verdicts
    assert v.label == SUPPORTED and v.anchor == 2, v.rule
    assert v.rule.startswith("the hours it gives: context sentence 3: it says “between 8:30am and 11:30am”, and the "
                             "claim “in the morning only”; the model's contradiction came from context sentence 4, "
                             "which names none of the claim's days or times"), v.rule


@pytest.mark.parametrize("engine", ("claims", "context", "context-fast"))
def test_a_sentence_that_names_another_part_of_the_day_still_contradicts(engine):
    res = ground("Blood tests are done in the morning only.", ["Blood tests are carried out between 8:30am and 11:30am, "
                 "Monday to Friday. On Thursdays blood tests are also done in the afternoon."],
                 GroundingConfig(engine=engine))
    (v,) = res.verdicts
    assert v.label == CONTRADICTED and v.anchor == 1, v.rule


@pytest.mark.parametrize("engine", ("claims", "context", "context-fast"))
def test_late_pick_up_until_the_time_the_source_gives_it_is_supported(engine):
    from conftest import contradicted_and_backed
    context = "Camp Kestrel is a summer day camp for children aged 5 to 11 in Marston. " + CAMP
    contradicted_and_backed(engine, "Camp Kestrel costs £195 per week. Late pick-up at Camp Kestrel is available "
                            "until 6pm for £6 a session.", context, 1)


CLINICS = "There are also weekday clinics on Tuesday and Thursday afternoons, from 2pm to 5pm, throughout October."


@pytest.mark.parametrize("claim, sentence, expected", [
    ("The weekday clinics are held on Tuesday and Thursday mornings during October.", CLINICS,
     [("mornings", "afternoons")]),
    ("The weekday clinics are held on Tuesday and Thursday afternoons during October.", CLINICS, []),
    # another deed; closed against open; hours within the claim's part; no weekday in common
    ("The library is open on Saturday mornings.", "On Saturday afternoons the library hosts a book club.", []),
    ("The library is open on Saturday mornings.", "The library is closed on Saturday afternoons.", []),
    ("Clinics are held on Tuesday mornings.", "Clinics run on Tuesday afternoons and from 9am to 11am.", []),
    ("Clinics are held on Monday mornings.", CLINICS, []),
])
def test_another_part_of_the_day(claim, sentence, expected):
    from grounding.hours import other_part_of_day
    assert other_part_of_day(claim, sentence) == expected


@pytest.mark.parametrize("engine", ("claims", "context", "context-fast"))
def test_mornings_against_afternoons_are_contradicted(engine):
    """Everyday batch 141: Unsupported on the context engines (the model leaned to contradiction, P(c) 0.57)."""
    from conftest import contradicted_and_backed
    context = ("# Millbrook Health Centre: autumn flu vaccination clinics\nOur Saturday flu clinics will run on 5 October, "
               "19 October and 2 November, from 8:30am to 12:30pm, at the main surgery on Kestrel Road. " + CLINICS +
               "\n## Booking\nSaturday clinics are by appointment only. Weekday clinics accept walk-ins, but patients "
               "with a booking are seen first.")
    wrong, _ = contradicted_and_backed(engine, "The weekday clinics are held on Tuesday and Thursday mornings during "
                                       "October. Weekday clinics accept walk-ins.", context, 2, 5)
    assert "the claim says mornings, the source afternoons" in wrong.rule, wrong.rule


LIBRARY = ("Central Library will stay open until 8pm on Thursdays instead of 7pm, and will open on Sundays from 11am "
           "to 3pm for the first time.")


def test_a_closing_time_the_sentence_gives_beside_the_claims_day_is_no_span_end():
    """Everyday batch 236: "close at 8pm on Thursdays" was Contradicted against the Sunday hours' end (3pm) and the
    old Thursday closing ("instead of 7pm"). Another Sunday closing time still conflicts."""
    claim = "Central Library will close at 8pm on Thursdays and will start opening on Sundays."
    assert span_end_conflicts(claim, LIBRARY) == []
    assert quantity_conflicts(claim, LIBRARY, same_figure=True) == []
    assert span_end_conflicts("On Sundays, Central Library will close at 5pm.", LIBRARY) == [("5pm", "3pm")]
