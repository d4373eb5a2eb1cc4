"""The claim read in the source's own words where both say one thing in other words (grounding.wording)."""
from __future__ import annotations

from pathlib import Path

import pytest

from grounding import GroundingConfig, ground
from grounding.explain import explain
from grounding.runtime import Entailment
from grounding.types import CONTRADICTED, SUPPORTED
from grounding.wording import align, phrases

MODELS = Path(__file__).resolve().parent.parent / "exported_models"


@pytest.mark.parametrize("premise, claim, expected", [
    # lengths of time in another unit of the same size
    ("Claims are handled within 30 days.", "Claims are handled within a month.", "Claims are handled within 30 days."),
    ("The warranty covers two years.", "The warranty covers 24 months.", "The warranty covers two years."),
    ("It will be closed for 18 months.", "It will be closed for a year and a half.", "It will be closed for 18 months."),
    ("The meeting lasted half an hour.", "The meeting lasted 30 minutes.", "The meeting lasted half an hour."),
    ("Results come within 14 days.", "Results come within two weeks.", "Results come within 14 days."),
    ("The obesity rate rose over three decades.", "It rose over the past 30 years.", "It rose over the past three decades."),
    # the claim's "about" allows 10 % (a share 2 points): "about 26 months" against "just over two years"
    ("It took just over two years to build.", "Construction took about 26 months.", "Construction took about two years."),
    ("A third of voters agreed.", "Roughly 35% of voters agreed.", "Roughly a third of voters agreed."),
    # metric units, exactly
    ("The bridge is 1.2 km long.", "The bridge is 1,200 metres long.", "The bridge is 1.2 km long."),
    ("Take a dose of 500 mg.", "Take a dose of 0.5 g.", "Take a dose of 500 mg."),
    # shares: a fraction and the percentage it equals, "of" where grammar needs it
    ("Half of the patients improved.", "50% of the patients improved.", "Half of the patients improved."),
    ("50% of the patients improved.", "Half the patients improved.", "50% of the patients improved."),
    ("One in four patients improved.", "25% of patients improved.", "One in four patients improved."),
    ("25% of patients improved.", "One in four patients improved.", "25% of patients improved."),
    ("A third of voters agreed.", "33% of voters agreed.", "A third of voters agreed."),
    ("Four out of five dentists recommend it.", "80% of dentists recommend it.", "Four out of five dentists recommend it."),
    ("One in five said they had changed jobs in the past year.", "About 20% had changed jobs in the last twelve months.",
     "About one in five had changed jobs in the last year."),
    # times of day, numbers with and without a scale word
    ("The meeting starts at 15:00.", "The meeting starts at 3 pm.", "The meeting starts at 15:00."),
    ("The meeting starts at 3 p.m.", "It starts at 15:00 sharp.", "It starts at 3 p.m. sharp."),
    # one 24-hour time written otherwise ("It departs at 8:15" against "Departure is at 08:15" was P(c) 0.95)
    ("Departure is at 08:15 from Terminal 3.", "It departs at 8:15.", "It departs at 08:15."),
    ("It opens at noon.", "It opens at 12 pm.", "It opens at noon."),
    ("It will end at 15:15.", "The day will now end at 3.15 pm.", "The day will now end at 15:15."),
    # a calendar month is 28 to 31 days (a vaccine's doses "a month apart" were Contradicted by "four weeks apart")
    ("It is given as two doses, four weeks apart.", "It needs two shots given a month apart.",
     "It needs two shots given four weeks apart."),
    ("The course lasts 12 weeks.", "The course lasts three months.", "The course lasts 12 weeks."),
    # areas (a park's "1,200 hectares" was Unsupported against "12 square kilometres")
    ("The park extends over 12 square kilometres.", "The park covers 1,200 hectares.", "The park covers 12 square kilometres."),
    ("The lake covers 12 km².", "The lake covers 1,200 ha.", "The lake covers 12 km²."),
    # late in a day ("The volcano erupted on Sunday night" against "… began erupting late on Sunday": P(c) 0.79)
    ("The volcano began erupting late on Sunday.", "The volcano erupted on Sunday night.",
     "The volcano erupted late on Sunday."),
    ("The storm hit on Friday evening.", "The storm arrived late on Friday.", "The storm arrived on Friday evening."),
    # quarters of a year (an earnings answer's "the first time in two years" against "the first drop in eight
    # quarters" was Partially supported)
    ("Operating profit declined 3%, the first drop in eight quarters.",
     "Operating profit fell for the first time in two years.", "Operating profit fell for the first time in eight quarters."),
    # a value the claim rounds (a marathon's "42.2 km course" was Contradicted by "42.195 km long", P(c) 0.93)
    ("The marathon route is 42.195 km long.", "The 42.2 km course starts at 9 a.m.",
     "The 42.195 km course starts at 9 a.m."),
    ("Prevalence was 2.81% (95CI 2.24-3.37%).", "Between 1.5 percent and 2.8 percent had been infected.",
     "Between 1.5 percent and 2.81% had been infected."),
    ("It peaked at 3.83 log10 copies/mL.", "It peaked at 3.8 log copies.", "It peaked at 3.83 log copies."),
    # a whole percentage for one with two decimals, within 1 % of it ("The council tax rise is 5%" was Contradicted on
    # every engine by "Council tax will rise by 4.99% from April", P(c) 0.91); not "5%" for "4.9%", nor a price
    ("Council tax will rise by 4.99% from April.", "The council tax rise is 5%.", "The council tax rise is 4.99%."),
    ("Inflation was 4.9% in May.", "Inflation was 5% in May.", "Inflation was 5% in May."),
    ("It costs £1.99.", "It costs £2.", "It costs £2."),
    # closing at the time the premise is open until ("It closes at 8 pm" was P(c) 0.95)
    ("The library is open from 9 am to 8 pm.", "It closes at 8 pm.", "It is open until 8 pm."),
    ("The library is open from 9 am to 8 pm on weekdays.", "On weekdays it will close at 8 pm.",
     "On weekdays it will be open until 8 pm."),
    ("The shop is open 09:00–20:00.", "It closes at 8 pm.", "It is open until 20:00."),
    # "cost less" where the premise says "cheaper" ("They cost less to run" was P(c) 0.92 against the premise below)
    ("Electric cars cost more to buy than petrol cars, but they are cheaper to run.", "They cost less to run.",
     "They are cheaper to run."),
    ("The tablet is cheaper than the laptop.", "The tablet will cost less than the laptop.",
     "The tablet will be cheaper than the laptop."),
    ("The city has 1,500,000 residents.", "The city has 1.5 million residents.", "The city has 1,500,000 residents."),
    ("It has collected 24 rock samples.", "It has gathered two dozen rock samples.", "It has gathered 24 rock samples."),
    ("It has 12 eggs.", "It has a dozen eggs.", "It has 12 eggs."),
    ("A thousand people came.", "1,000 people came.", "A thousand people came."),
    # a word negated by its prefix, where the source says "not" before the word itself
    ("Most cases were in children who had not been vaccinated.", "Most cases were among unvaccinated children.",
     "Most cases were among not vaccinated children."),
    ("The drug was not effective.", "The drug was ineffective.", "The drug was not effective."),
])
def test_a_phrase_that_says_what_the_source_says_is_read_in_its_words(premise, claim, expected):
    assert align(premise, claim) == expected


@pytest.mark.parametrize("premise, claim", [
    ("The bridge is 1.2 km long.", "The bridge is 1,300 metres long."),      # another length
    ("The bridge is 1.2 km long.", "The bridge is 2 km long."),              # one unit: the model compares them
    ("A third of voters agreed.", "34% of voters agreed."),                  # not a third
    ("The course lasts three weeks.", "The course lasts a month."),          # 21 days are not a month
    ("It met twice a month.", "It met every 30 days."),                      # "a month" of a rate is no length
    ("Costs fell by more than half.", "We may need 50 percent more grain."),  # a change, not a share
    ("He did not inform them.", "He was disinformed."),                      # not an adjective's prefix
    ("The test was not positive.", "The test was unclear."),                 # another word
    ("Unvaccinated children were most at risk.", "Unvaccinated children were most at risk."),
    ("The meeting starts at 15:00.", "The meeting starts at 4 pm."),               # another time
    ("It opens at 8 am.", "It opens at 8:00 am."),
    ("Departure is at 08:15.", "It departs at 8:30."),                                 # another time
    ("The day ends at 15:15.", "The day ends at 3.45 pm."),                       # another time, written with a dot
    ("It weighs 3.15 kg.", "It weighs 3.15 kg."),
    ("The library is open from 9 am to 8 pm.", "The library closes at 6 pm."),     # another time
    ("The tablet is more expensive than the laptop.", "The tablet costs less than the laptop."),   # the other way
    ("Cheaper seats cost less online than at the door.", "They cost less online."),   # "cost less" said as such
    ("The meeting runs from 9 am to 8 pm.", "It closes at 8 pm."),                  # nothing said open
    ("It is open from 9 am to 8 pm, and on Saturdays from 10 am to 4 pm.",        # two closing times
     "It closes at 8 pm on Saturdays."),
    ("Inflation was 2.36% in April.", "Inflation was 2.3% in April."),          # not its rounding
    ("The dose is 2.4 mg.", "The dose is 2 mg."),                                # a whole number: a value of its own
    ("It has warmed by 0.155 degrees per decade.", "It has warmed by 0.2 degrees per decade."),   # 29 % off                               # one way of writing it
    ("A million people came.", "A million people came."),
    ("It opens next month.", "It opens in 30 days."),                            # a date, not a length of time
    ("It took two years to build.", "Construction took 26 months."),             # no "about" in the claim
    ("About a third of voters agreed.", "35% of voters agreed."),                # the source's "about" is not the claim's
    ("It took two years to build.", "Construction took about 30 months."),       # more than 10 % apart
    ("Sales rose 5% last year.", "Sales rose 5% in the past twelve months."),     # a calendar year
    ("The storm hit late on Saturday.", "The storm arrived on Sunday night."),     # another day
    ("The site covers 3 hectares.", "The site covers 3,000 square metres."),       # another area
    ("Three quarters of the patients improved.", "Three quarters of the patients improved."),   # a share ...
    ("A quarter of the patients had side effects.", "A quarter of the patients had side effects."),
    ("Sales rose in the third quarter.", "Sales rose in the third quarter."),    # ... and a period, not lengths
])
def test_nothing_is_rewritten_where_the_phrases_differ_or_say_one_thing_alike(premise, claim):
    assert align(premise, claim) == claim


def test_units_are_looked_up_the_way_the_patterns_match_them():
    """The patterns ignore case the Unicode way: "μg" (Greek mu) matches the table's "µg" (micro sign), "ΜG" too, and
    "weekſ" (a long s) "weeks"; a lookup by .lower() raised KeyError on them, and every engine failed on the text."""
    assert align("Adults should take 25 μg of vitamin D daily.", "The daily dose is 0.025 mg.") == \
        "The daily dose is 25 μg."
    assert [(p.kind, p.unit) for p in phrases("Give 5 ΜG every 2 weekſ.")] == [("mass", "µg"), ("time", "week")]


def test_phrases_are_read_with_their_sizes():
    got = [(p.kind, p.value, p.unit) for p in phrases("For a year and a half, half the 2 kg bags (about 25%) sold.")]
    assert got == [("time", 547.5, "year"), ("share", 0.5, "fraction"), ("mass", 2000, "kg"), ("share", 0.25, "%")]


def test_the_entailment_model_reads_the_claim_in_the_sources_words():
    """Read as written, the model calls "within a month" against "within 30 days" a contradiction (P(c) 0.96)."""
    ent = Entailment(MODELS / "entailment", threads=1)
    premise = "The airline said compensation claims would be handled within 30 days."
    (as_written,) = ent.predict([premise], ["Compensation claims will be handled within a month."], words=False)
    (read,) = ent.predict([premise], ["Compensation claims will be handled within a month."])
    assert as_written[2] > 0.8 and read[0] > 0.8      # words=False: the model's own evaluation reads it as written


FLIGHT = ("Flight AZ204 from Rome to Boston was delayed by four hours on Tuesday because of a technical fault. "
          "Passengers were offered meal vouchers but no hotel rooms. The airline said compensation claims would be "
          "handled within 30 days.")


@pytest.mark.parametrize("engine", ("claims", "context", "context-fast"))
def test_a_departure_time_without_its_leading_zero_is_supported(engine):
    """A user's flight answer: "It departs at 8:15" against "Departure is at 08:15" was Contradicted on every engine
    (P(c) 0.95); 8:30 still is not that time."""
    context = ["The flight stops in Dubai for two hours before continuing to Singapore. Departure is at 08:15 from "
               "Terminal 3."]
    config = GroundingConfig(models_dir=str(MODELS), engine=engine).validate()
    same = ground("It departs at 8:15.", context, config).verdicts[0]
    assert same.label == SUPPORTED and same.anchor == 1, same.rule
    assert ground("It departs at 8:30.", context, config).verdicts[0].label != SUPPORTED


@pytest.mark.parametrize("engine", ("claims", "context", "context-fast"))
def test_a_user_answer_in_other_words_is_supported_and_a_real_difference_still_contradicted(engine):
    """A user's flight answer: "within a month" was Contradicted on every engine (P(c) 0.96), and "among
    unvaccinated children" against "children who had not been vaccinated" Unsupported or Contradicted."""
    res = ground("Compensation claims will be handled within a month. Passengers received hotel rooms.", [FLIGHT],
                 GroundingConfig(models_dir=str(MODELS), engine=engine).validate())
    month, rooms = res.verdicts
    assert month.label == SUPPORTED and month.anchor == 2, month.rule
    text = explain(res, month, res.claims[month.claim])
    assert text.startswith("Supported by “The airline said compensation claims would be handled within 30 days.”")
    assert "The claim was read in the source's words: “Compensation claims will be handled within 30 days.”" in text
    assert "days.”." not in text
    assert rooms.label == CONTRADICTED and rooms.anchor == 1
    res = ground("Most cases were among unvaccinated children.",
                 ["Measles cases in the region rose from 40 in 2023 to 210 in 2024. Most cases were in children who "
                  "had not been vaccinated."], GroundingConfig(models_dir=str(MODELS), engine=engine).validate())
    assert res.verdicts[0].label == SUPPORTED and res.verdicts[0].anchor == 1
    res = ground("Compensation claims will be handled within two months.", [FLIGHT],
                 GroundingConfig(models_dir=str(MODELS), engine=engine).validate())
    assert res.verdicts[0].label == CONTRADICTED


@pytest.mark.parametrize("engine", ("claims", "context", "context-fast"))
def test_closing_at_the_hour_the_source_is_open_until_is_supported(engine):
    """"It closes at 8 pm" against "The library is open from 9 am to 8 pm" was Contradicted on every engine (P(c)
    0.95), as were a marathon's rounded "42.2 km" and a vaccine's doses "a month apart" against "four weeks apart"."""
    config = GroundingConfig(models_dir=str(MODELS), engine=engine).validate()
    res = ground("It closes at 8 pm. It closes at 6 pm.", ["The library is open from 9 am to 8 pm."], config)
    assert [v.label for v in res.verdicts] == [SUPPORTED, CONTRADICTED], [v.rule for v in res.verdicts]
    assert "The claim was read in the source's words: “It is open until 8 pm.”" in \
        explain(res, res.verdicts[0], res.claims[0])
    res = ground("The 42.2 km course starts at 9 a.m. The vaccine requires two shots given a month apart.",
                 ["The marathon route is 42.195 km long and starts at 9:00 am. The vaccine is given as two doses, "
                  "four weeks apart."], config)
    assert [v.label for v in res.verdicts] == [SUPPORTED, SUPPORTED], [v.rule for v in res.verdicts]


def test_entities_are_compared_as_the_claim_was_read():
    """The card had listed "20%" and "twelve" as the claim's differences from "One in five … in the past year",
    under a Supported verdict that read them as the same."""
    from grounding.entities import entity_overlap
    overlap, diff = entity_overlap("About 20% had changed jobs in the last twelve months.",
                                   "One in five said they had changed jobs in the past year.")
    assert overlap == 1.0 and diff.claim_only == [] and diff.shared == ["five"]
    overlap, diff = entity_overlap("Claims will be handled within two months.", "Claims are handled within 30 days.")
    assert overlap == 0.0 and diff.claim_only == ["two"] and diff.context_only == ["30"]


@pytest.mark.parametrize("engine", ("claims", "context", "context-fast"))
def test_a_whole_percentage_for_one_just_under_it_is_supported(engine):
    """A user's council tax answer: "The council tax rise is 5%" was Contradicted on every engine by "Council tax will
    rise by 4.99% from April" (P(c) 0.91); "will rise by 4%" still is not that rise."""
    context = ["Council tax will rise by 4.99% from April. Most of the extra income will go to adult social care."]
    config = GroundingConfig(models_dir=str(MODELS), engine=engine).validate()
    same = ground("The council tax rise is 5%.", context, config).verdicts[0]
    assert same.label == SUPPORTED and same.anchor == 0, same.rule
    assert ground("Council tax will rise by 4% from April.", context, config).verdicts[0].label == CONTRADICTED


def test_a_length_of_time_read_as_the_span_of_dates_that_makes_it():
    library = "The city library will close for repairs from 3 May to 17 May."
    assert align(library, "The library will close for two weeks in May.") == \
        "The library will close from 3 May to 17 May in May."
    assert align(library, "The library will close for 15 days.") == "The library will close from 3 May to 17 May."
    assert align(library, "The library will close for three weeks.") == "The library will close for three weeks."
    assert align("The market runs from 28 November to 23 December.", "The market runs for two weeks.") == \
        "The market runs for two weeks."


@pytest.mark.parametrize("engine", ("claims", "context", "context-fast"))
def test_two_weeks_against_the_dates_that_span_them_is_supported(engine):
    context = ("The city library will close for repairs from 3 May to 17 May. During the closure, books can be "
               "returned at the town hall.")
    (v,) = ground("The library will close for two weeks in May.", context, GroundingConfig(engine=engine)).verdicts
    assert v.label == "Supported" and v.anchor == 0, v.rule
    assert "from 3 May to 17 May in May" in v.explanation


def test_closing_on_the_day_it_runs_until():
    """"The exhibition closes on 2 March" was Contradicted on every engine against "… opens on 18 October and runs
    until 2 March" (P(c) 0.77): read as "runs until 2 March"."""
    source = "The Halden Museum's new exhibition opens on 18 October and runs until 2 March."
    assert align(source, "The exhibition closes on 2 March.") == "The exhibition runs until 2 March."
    assert align(source, "The exhibition will end on 2 March.") == "The exhibition runs until 2 March."
    assert align(source, "The exhibition closes on 3 March.") == "The exhibition closes on 3 March."
    assert align("It opens on 2 March.", "The exhibition closes on 2 March.") == "The exhibition closes on 2 March."


@pytest.mark.parametrize("engine", ("claims", "context", "context-fast"))
def test_closing_on_the_day_it_runs_until_is_supported(engine):
    context = ("The Halden Museum's new exhibition, 'Threads of Time', opens on 18 October and runs until 2 March. The "
               "exhibition is in the East Gallery, and guided tours run every Wednesday at 2pm.")
    (v,) = ground("The exhibition closes on 2 March.", [context],
                  GroundingConfig(models_dir=str(MODELS), engine=engine).validate()).verdicts
    assert v.label == SUPPORTED and v.anchor == 0, v.rule
