"""A change said by its size where the source gives its two ends (grounding.differences)."""
from __future__ import annotations

import pytest

from conftest import all_supported, contradicted_and_backed
from grounding.differences import by_difference, change_conflicts
from grounding.learned import quantity_conflicts
from grounding.wording import align

PRICE = "Brightwell Energy will cut its standard electricity price from 27p to 24p per kilowatt hour from 1 January."
WAITS = ("The number of patients waiting for planned treatment fell to 18,200 in May, from 21,500 in January. The "
         "number waiting more than a year dropped from 940 to 310.")
REVENUE = ("Harlow Outdoor reported revenue of 84 million pounds for the three months to June, up from 70 million "
           "pounds a year earlier.")


@pytest.mark.parametrize("premise, claim, read", [
    (PRICE, "The unit price will go down by 3p per kilowatt hour.",
     "The unit price will go down from 27p to 24p per kilowatt hour."),
    (WAITS, "The waiting list shrank by 3,300 patients between January and May.",
     "The waiting list shrank from 21,500 to 18,200 patients between January and May."),
    (WAITS, "The number of long waiters fell by more than 600.", "The number of long waiters fell from 940 to 310."),
    (REVENUE, "Quarterly revenue rose by 14 million pounds.",
     "Quarterly revenue rose from 70 million pounds to 84 million pounds."),
    ("Unemployment rose from 4.1% to 6.6%.", "Unemployment rose by 2.5 percentage points.",
     "Unemployment rose from 4.1% to 6.6%."),
    # the other direction, another size, a bound it fails, a share of the start or points (either), no move
    (PRICE, "The unit price will go up by 3p per kilowatt hour.", None),
    (PRICE, "The unit price will go down by 5p per kilowatt hour.", None),
    (WAITS, "The number of long waiters fell by more than 700.", None),
    ("Unemployment rose from 4.1% to 6.6%.", "Unemployment rose by 2.5%.", None),
    ("Unemployment was 6.6%, and 4.1% a year before.", "Unemployment rose by 2.5 percentage points.", None),
])
def test_a_change_by_its_size_is_read_as_the_sources_two_ends(premise, claim, read):
    assert align(premise, claim) == (read or claim)
    assert bool(by_difference(premise, claim)) == (read is not None)


def test_the_quantity_rule_reads_no_conflict_in_a_size_that_holds():
    assert quantity_conflicts("The unit price will go down by 3p per kilowatt hour.", PRICE, same_figure=True) == []
    assert quantity_conflicts("The unit price will go down by 5p per kilowatt hour.", PRICE, same_figure=True) != []


@pytest.mark.parametrize("engine", ("claims", "context", "context-fast"))
def test_down_by_3p_from_27p_to_24p_is_supported(engine):
    """An energy tariff answer: "The unit price of electricity will go down by 3p per kilowatt hour" was Contradicted
    on every engine (the quantity rule read 3 against 27 and 24)."""
    context = PRICE + " The daily standing charge, however, will rise from 53p to 60p."
    contradicted_and_backed(engine, "The standing charge will rise by 10p. The unit price of electricity will go down "
                            "by 3p per kilowatt hour.", context, 1, backed_anchor=0)


PLAN = "We're writing to let you know that the price of your Standard plan will go up from £9.99 to £10.99 a month."


@pytest.mark.parametrize("claim, sentence, expected", [
    ("Your Standard plan is going up by £2 a month, to £10.99.", PLAN, [("up by £2", "from £9.99 to £10.99")]),
    ("Your Standard plan is going down by £1 a month.", PLAN, [("down by £1", "from £9.99 to £10.99")]),
    ("The waiting list shrank by 3,000 patients.", "The waiting list fell to 18,200 in May, from 21,500 in January.",
     [("shrank by 3,000", "from 21,500 to 18,200")]),
    # the size holds (exactly, or within its bound); a share's change (points or a share of the start); two moves
    ("Your Standard plan is going up by £1 a month, to £10.99.", PLAN, []),
    ("The plan will rise by about £1.", PLAN, []),
    ("The waiting list shrank by 3,300 patients.", "The waiting list fell to 18,200 in May, from 21,500 in January.", []),
    ("The rate rose by 2%.", "The rate rose from 4% to 5%.", []),
    ("The fee rose by £2.", "The fee rose from £10 to £11 and the deposit from £20 to £22.", []),
])
def test_a_change_of_another_size_than_the_move(claim, sentence, expected):
    assert change_conflicts(claim, sentence) == expected
    assert all(pair in quantity_conflicts(claim, sentence, same_figure=True) for pair in expected)


@pytest.mark.parametrize("engine", ("claims", "context", "context-fast"))
def test_a_rise_by_its_size_is_not_read_against_the_start(engine):
    """Everyday batch 220: "Your Standard plan is going up by £1 a month, to £10.99" was Contradicted on every engine
    (the second of two prices read £1 in the place of £9.99); up by £2 is not the move's size."""
    context = ("# Your Lumora+ price is changing. " + PLAN + " The change applies from your first bill after 1 March. "
               "You can cancel at any time before then.")
    all_supported(engine, "Your Standard plan is going up by £1 a month, to £10.99.", context)
    wrong, _ = contradicted_and_backed(engine, "Your Standard plan is going up by £2 a month, to £10.99. You can "
                                       "cancel at any time before the change.", context, 1, backed_anchor=3)
    assert "from £9.99 to £10.99" in wrong.anchor_conflict, wrong.rule


LOAD = "The load factor, the share of seats filled, was 81.5%, compared with 79.0% a year ago."


@pytest.mark.parametrize("claim, sentence, expected", [
    # a value set beside an earlier one: it rose, so "dropped to" is the other way (everyday batch 133)
    ("The proportion of seats filled dropped to 81.5%.", LOAD, [("81.5% (dropped)", "81.5% (compared with 79.0% a year ago)")]),
    ("The proportion of seats filled rose to 81.5%.", LOAD, []),
    # beside another thing's value, not an earlier one: no change is said
    ("The load factor dropped to 81.5%.", "The load factor was 81.5%, compared with 85% for rival airlines.", []),
    ("Revenue fell to £4.2 million.", "Revenue was £4.2 million against £3.9 million in 2023.",
     [("£4.2 million (fell)", "£4.2 million (against £3.9 million in 2023)")]),
])
def test_a_value_beside_an_earlier_one_moved_its_way(claim, sentence, expected):
    assert quantity_conflicts(claim, sentence, same_figure=True) == expected


BUS = ("First bus: the first Monday to Saturday departure from Fellgate Hospital will be at 5:50am, 10 minutes "
       "earlier than in the current timetable.")


@pytest.mark.parametrize("claim, expected", [
    # "later" / "earlier" move the length they follow ("10 minutes later"), not the time before it (everyday batch 150)
    ("The first bus from Fellgate Hospital will leave at 5:50am, 10 minutes later than at present.",
     [("10 (later)", "10 (earlier)")]),
    ("The first bus from Fellgate Hospital will leave at 5:50am, 10 minutes earlier than at present.", []),
])
def test_a_length_later_against_earlier(claim, expected):
    assert quantity_conflicts(claim, BUS, same_figure=True) == expected


@pytest.mark.parametrize("engine", ("claims", "context", "context-fast"))
def test_a_first_bus_later_where_it_is_earlier_is_contradicted(engine):
    wrong, _ = contradicted_and_backed(engine, "The first bus from Fellgate Hospital will leave at 5:50am, 10 minutes "
                                       "later than at present. The first bus leaves Fellgate Hospital at 5:50am.",
                                       BUS, 0)
    assert "10 (later)" in wrong.rule and "10 (earlier)" in wrong.rule, wrong.rule


@pytest.mark.parametrize("engine", ("claims", "context", "context-fast"))
def test_a_value_both_deny_is_no_conflict(engine):
    """Everyday batch 150: "every quarter of an hour …, rather than every 20 minutes" against "every 15 minutes …,
    instead of every 20 minutes" was Contradicted on every engine (the claim's "every 20 minutes" against the
    source's "every 15 minutes")."""
    from grounding import GroundingConfig, ground
    from conftest import ROOT
    context = ("Monday to Saturday daytime: buses will run every 15 minutes between 7am and 6:30pm, instead of every 20 "
               "minutes.")
    config = GroundingConfig(engine=engine, models_dir=str(ROOT / "exported_models")).validate()
    right, wrong = ground("Daytime buses will run every quarter of an hour from Monday to Saturday, rather than every 20 "
                          "minutes. Daytime buses will run every 20 minutes from Monday to Saturday.", [context],
                          config).verdicts
    assert right.label == "Supported", right.rule
    assert wrong.label == "Contradicted" and "every 20 minutes" in wrong.rule, wrong.rule
