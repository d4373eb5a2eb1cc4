"""Every day against some days of the week (grounding/weekdays.py): the pair, when it is none, and the verdict."""
from __future__ import annotations

import pytest

from conftest import contradicted_and_backed
from grounding import GroundingConfig, ground
from grounding.learned import quantity_conflicts
from grounding.types import CONTRADICTED, SUPPORTED
from grounding.weekdays import named_days, weekday_conflicts

SWIM = "Lane swimming sessions run on Monday, Wednesday and Friday evenings from 7pm."


MUSEUM = "The museum is open Tuesday to Sunday, 10am to 5pm, and closed on Mondays except on bank holidays."


@pytest.mark.parametrize("claim, sentence, expected", [
    ("Lane swimming is available every evening.", SWIM, [("every evening", "Monday, Wednesday and Friday")]),
    ("The museum is open daily.", "The museum is open Tuesday to Sunday, 10am to 5pm.", [("daily", "Tuesday to Sunday")]),
    ("The pharmacy is open seven days a week.", "The pharmacy is open 9am to 6pm Monday to Saturday.",
     [("seven days a week", "Monday to Saturday")]),
    ("The market is held every day.", "The market is held at weekends.", [("every day", "at weekends")]),
    ("The café is open every weekday.", "The café is open Monday to Thursday.", [("every weekday", "Monday to Thursday")]),
    # a value per night beside one per weekend day (everyday batch 165: Contradicted on every engine)
    ("Repairs staff on the rota get £25 for each night on standby.", "Repairs staff on the rota receive a standby "
     "allowance of £25 per night and £45 per weekend day.", []),
    # the claim's subject with its own days right after it ("Lunch is served every day" was Unsupported on context,
    # Partially supported on context-fast)
    ("Lunch is served every day.", "The restaurant is open for dinner from Tuesday to Saturday and for lunch on Sundays "
     "only.", [("every day", "Sundays")]),
    ("Dinner is served every day.", "The restaurant is open for dinner from Tuesday to Saturday and for lunch on "
     "Sundays only.", [("every day", "Tuesday to Saturday")]),
    # a day of them without the claim's subject ("There are shows every day" was Unsupported on every engine)
    ("There are shows every day.", "The run lasts six weeks, from 3 March to 12 April, with no shows on Mondays.",
     [("every day", "no shows on Mondays")]),
    ("Tours run every day.", "There are no tours on Mondays.", [("every day", "no tours on Mondays")]),
    ("The museum is open daily.", "There are no tours on Mondays.", []),
    # a negated claim, another thing, the sentence's own every day, all the claim's days, days as dates, days in two
    # clauses, another thing said of the subject: none
    ("Lane swimming is not available every evening.", SWIM, []),
    ("Aqua aerobics is available every evening.", SWIM, []),
    ("The museum is open daily.", "The museum is open every day from 10am; late opening on Thursdays.", []),
    ("The café is open every weekday.", "The café is open Monday to Friday.", []),
    ("The festival runs every day.", "The festival runs from Friday 14 to Sunday 16 July.", []),
    ("It closes at 8 pm every day.", "It will open at 8 am instead of 9 am on weekdays, and close at 8 pm on Thursdays.", []),
    ("The museum is open daily.", "The museum offers free entry on Mondays.", []),
    ("Bins are collected every week.", "Bins are collected on Tuesdays.", []),
    # open every day against a day closed, the claim's subject or a pronoun there ("The salon is open every day of
    # the week" was Unsupported on every engine against "We are closed on Mondays"); another's closed day is none
    ("The salon is open every day of the week.", "We are closed on Mondays.", [("every day", "closed on Mondays")]),
    ("The new shop will be open seven days a week.", "The new shop will open 7am to 4pm Monday to Saturday and will "
     "be closed on Sundays.", [("seven days a week", "closed on Sundays")]),
    ("The museum is open daily.", "The café is closed on Mondays.", []),
    ("The salon is open every day of the week.", "We are closed on 25 December.", []),
    # every day but the days the claim leaves out itself ("open … every day except Monday" had been Contradicted on
    # the context engine by "closed on Mondays"); a day it does not leave out still conflicts
    ("The museum is open from 10am to 5pm every day except Monday.", MUSEUM, []),
    ("The museum is open daily, apart from Mondays.", MUSEUM, []),
    ("The museum is open every day except Tuesday.", MUSEUM, [("every day", "closed on Mondays")]),
])
def test_every_day_against_fewer_days(claim, sentence, expected):
    assert weekday_conflicts(claim, sentence) == expected
    assert quantity_conflicts(claim, sentence, same_figure=True) == expected   # the quantity rule reads it
    assert quantity_conflicts(claim, sentence) == []                          # the learned model's features do not


def test_days_named():
    assert named_days("Friday to Monday") == (frozenset({4, 5, 6, 0}), "Friday to Monday")     # a range wraps
    assert named_days("open weekends and bank holidays")[0] == frozenset({5, 6})
    assert named_days("on Wed and Sat") == (frozenset({2, 5}), "Wed and Sat")
    assert named_days("we sat down on the sun lounger") == (frozenset(), "")                 # words, not days
    assert named_days("Friday 14 July")[0] == frozenset()                                      # a date


@pytest.mark.parametrize("engine", ("claims", "context", "context-fast"))
def test_lane_swimming_every_evening_against_three_evenings_is_contradicted(engine):
    """A user's answer: "Lane swimming is available every evening" was Supported on every engine (P(e) 0.92)."""
    res = ground("The pool opens at 6:30am on weekdays. Lane swimming is available every evening.",
                 "Weekday opening: 6:30am to 9pm. " + SWIM + " Swimming caps are recommended but not required.",
                 GroundingConfig(engine=engine))
    opens, lanes = res.verdicts[0], res.verdicts[-1]
    assert lanes.label == CONTRADICTED and lanes.anchor == 1, lanes.rule
    assert "the claim says every evening, the source Monday, Wednesday and Friday" in lanes.rule
    assert opens.label == SUPPORTED, opens.rule


@pytest.mark.parametrize("claim, sentence, expected", [
    ("It is closed on Mondays.", "The museum is open Tuesday to Sunday, 10am to 5pm.",
     ("is closed on Mondays", "open Tuesday to Sunday")),
    ("The shop is closed on Sundays.", "Open Monday to Saturday, 9am to 5pm.", ("is closed on Sundays",
                                                                                "open Monday to Saturday")),
    # a day it opens, fewer than five days named, another subject, a closing in the sentence
    ("The museum is closed on Sundays.", "The museum is open Tuesday to Sunday, 10am to 5pm.", None),
    ("It is closed on Mondays.", "The museum is open Tuesday to Thursday.", None),
    ("The café is closed on Mondays.", "The museum is open Tuesday to Sunday.", None),
    ("It is closed on Mondays.", "The museum is open Tuesday to Sunday; the café is closed on Sundays.", None),
])
def test_closed_on_the_days_a_place_does_not_open(claim, sentence, expected):
    from grounding.weekdays import closed_outside
    assert closed_outside(claim, sentence) == expected


@pytest.mark.parametrize("engine", ("claims", "context", "context-fast"))
def test_closed_on_mondays_against_open_tuesday_to_sunday_is_supported(engine):
    """A user's museum answer: "It is closed on Mondays" was Contradicted on every engine (P(c) 0.95) by "The museum is
    open Tuesday to Sunday, 10am to 5pm"; "closed on Sundays" stays Contradicted."""
    from grounding import GroundingConfig, ground
    context = ("Admission to the museum is free, though donations are welcome. The museum is open Tuesday to Sunday, "
               "10am to 5pm.")
    res = ground("The museum is free to enter. It is closed on Mondays.", context, GroundingConfig(engine=engine))
    monday = res.verdicts[-1]
    assert monday.label == SUPPORTED and monday.anchor == 1, monday.rule
    assert monday.rule.startswith("the days it opens: context sentence 2: it says “open Tuesday to Sunday”, and the "
                                  "claim “is closed on Mondays”"), monday.rule
    sunday = ground("The museum is free to enter. It is closed on Sundays.", context,
                    GroundingConfig(engine=engine)).verdicts[-1]
    assert sunday.label == CONTRADICTED, sunday.rule


@pytest.mark.parametrize("claim, sentence, expected", [
    ("The museum is open on Sundays.", "The museum is open from 10am to 6pm, Tuesday to Sunday, and closed on Mondays.",
     ("is open on Sundays", "open Tuesday to Sunday")),
    ("The museum is open at weekends.", "The museum is open 10am to 6pm, Tuesday to Sunday, and closed on Mondays.",
     ("is open at weekends", "open Tuesday to Sunday")),
    ("It opens on Tuesdays.", "Open Monday to Friday, 9am to 5pm.", ("opens on Tuesdays", "open Monday to Friday")),
    # a day the span does not hold, or only after "closed" / "but"; a negation; another place
    ("The museum is open on Mondays.", "The museum is open from 10am to 6pm, Tuesday to Sunday, and closed on Mondays.",
     None),
    ("The pool is open on Saturdays.", "The pool is open Monday to Friday, but not on Saturdays.", None),
    ("The museum is not open on Sundays.", "The museum is open Tuesday to Sunday.", None),
    ("The pool is open on Saturdays.", "The pool is not open Monday to Saturday.", None),
    ("The shop is open on Sundays.", "The museum is open Tuesday to Sunday.", None),
])
def test_open_within_the_days_the_sentence_gives(claim, sentence, expected):
    from grounding.weekdays import open_within
    assert open_within(claim, sentence) == expected


@pytest.mark.parametrize("engine", ("claims", "context", "context-fast"))
def test_open_on_a_day_of_the_span_is_supported(engine):
    """An everyday answer: "The museum is open on Sundays" was Unsupported on two engines against "… open …, Tuesday
    to Sunday, and closed on Mondays" (the model leaning to contradiction, P(c) 0.64-0.66)."""
    from grounding import GroundingConfig, ground
    context = ("The museum is open from 10am to 6pm, Tuesday to Sunday, and closed on Mondays. The café on the ground "
               "floor closes at 5pm.")
    (v,) = ground("The museum is open on Sundays.", context, GroundingConfig(engine=engine)).verdicts
    assert v.label == SUPPORTED and v.anchor == 0, v.rule
    (v,) = ground("The museum is open on Mondays.", context, GroundingConfig(engine=engine)).verdicts
    assert v.label == CONTRADICTED, v.rule


@pytest.mark.parametrize("engine", ("claims", "context", "context-fast"))
def test_shows_every_day_against_no_shows_on_mondays_are_contradicted(engine):
    context = ("Tickets for the play go on sale on Monday at 9 am and cost between 15 and 45 pounds. The run lasts six "
               "weeks, from 3 March to 12 April, with no shows on Mondays. There is a relaxed performance on 22 March.")
    contradicted_and_backed(engine, "There are shows every day. There is a relaxed performance on 22 March.", context, 1,
                            backed_anchor=2)


def test_daily_flights_against_three_days_and_open_hours_that_differ():
    from grounding.weekdays import open_within
    assert weekday_conflicts("There will be daily flights.", "There will be three flights a week, on Mondays, "
                             "Wednesdays and Fridays.") == [("daily", "Mondays, Wednesdays and Fridays")]
    assert weekday_conflicts("There will be daily flights.", "Flights run daily in summer.") == []
    # the days agree but the hour does not: not backed as "open on weekdays"
    library = "The library reopens with longer hours: it will be open until 8 pm on weekdays."
    assert open_within("The library will be open until 9 pm on weekdays.", library) is None
    assert open_within("The library will be open until 8 pm on weekdays.", library) is not None


@pytest.mark.parametrize("engine", ("claims", "context", "context-fast"))
def test_daily_flights_and_another_closing_hour_are_contradicted(engine):
    flights = ("The airline will start flights from Bristol to Lisbon on 1 June. There will be three flights a week, on "
               "Mondays, Wednesdays and Fridays. Fares start at 39 pounds one way.")
    contradicted_and_backed(engine, "There will be daily flights. Fares start at 39 pounds one way.", flights, 1,
                            backed_anchor=2)
    library = ("The city library will close for repairs from 3 May to 17 May. During the closure, books can be returned "
               "at the town hall. The library reopens with longer hours: it will be open until 8 pm on weekdays.")
    contradicted_and_backed(engine, "The library will be open until 9 pm on weekdays. Books can be returned at the "
                            "town hall during the closure.", library, 2, backed_anchor=1)


def test_closed_on_a_day_against_open_every_day_and_a_day_an_event_took_place():
    from grounding.weekdays import other_days
    every = "The centres are open from 8 am to 5 pm, seven days a week."
    assert weekday_conflicts("The centres are closed on Sundays.", every) == [("are closed on Sundays",
                                                                               "seven days a week")]
    assert weekday_conflicts("The café is closed on Sundays.", every) == []          # another place
    assert weekday_conflicts("The centres are closed on Sundays.", "The centres are open daily except Sundays.") == []
    # "happened" only says the thing took place: the sentence holds the rest
    assert other_days("The landslide happened on Tuesday night.", "Police have closed the coast road after a "
                      "landslide on Monday night.") == [("Tuesday", "Monday")]
    assert other_days("The meeting took place on Tuesday.", "The council met on Monday.") == []


@pytest.mark.parametrize("engine", ("claims", "context", "context-fast"))
def test_closed_on_sundays_against_open_seven_days_a_week_is_contradicted(engine):
    context = ("Each bag of rubble will cost 3 pounds. Household rubbish and garden waste can still be taken free of "
               "charge. The centres are open from 8 am to 5 pm, seven days a week.")
    contradicted_and_backed(engine, "The centres are closed on Sundays. Each bag of rubble will cost 3 pounds.",
                            context, 2, backed_anchor=0)


@pytest.mark.parametrize("engine", ("claims", "context", "context-fast"))
def test_open_every_day_where_it_is_closed_on_mondays_is_contradicted(engine):
    context = ("Pawfect Grooming offers a full groom from £40 for small dogs. A bath-only service costs £25. We are "
               "closed on Mondays.")
    (v,) = ground("The salon is open every day of the week.", [context],
                  GroundingConfig(engine=engine).validate()).verdicts
    assert v.label == CONTRADICTED and v.anchor == 2, v.rule


@pytest.mark.parametrize("engine", ("claims", "context", "context-fast"))
def test_open_every_day_except_monday_against_closed_on_mondays_is_supported(engine):
    context = MUSEUM + " Entry is free for everyone. The café is on the ground floor."
    res = ground("The museum is open from 10am to 5pm every day except Monday. Entry is free.", [context],
                 GroundingConfig(engine=engine))
    days, entry = res.verdicts
    assert days.label == SUPPORTED and days.anchor == 0, days.rule
    assert entry.label == SUPPORTED and entry.anchor == 1, entry.rule


@pytest.mark.parametrize("engine", ("claims", "context", "context-fast"))
def test_an_allowance_for_each_night_beside_one_per_weekend_day_is_supported(engine):
    """Everyday batch 165: Contradicted on every engine ("each night" against "weekend"), then Partially supported
    ("stronger than the source")."""
    from grounding import GroundingConfig, ground
    res = ground("Repairs staff on the out-of-hours rota get £25 for each night on standby. Overtime is paid at time "
                 "and a half.", ["Repairs staff on the out-of-hours rota receive a standby allowance of £25 per night "
                 "and £45 per weekend day. Overtime is paid at time and a half."], GroundingConfig(engine=engine).validate())
    assert [v.label for v in res.verdicts] == ["Supported", "Supported"], [v.rule for v in res.verdicts]
