"""A value another context sentence states of the same thing is no conflict of the anchor's (grounding.elsewhere)."""
from __future__ import annotations

import pytest

from conftest import all_supported, contradicted_and_backed
from grounding.elsewhere import stated_elsewhere

CORE = "Core day: 9:00am to 4:00pm"
TIMES = [CORE, "Early drop-off: from 8:00am", "Late pick-up: until 5:30pm"]
PRICE = "We're writing to let you know that the price of your Standard plan will go up from £9.99 to £10.99 a month."
ANNUAL = ("If you're on annual billing, your current price is locked until your next renewal date, and the new annual "
          "price of £109.90 will apply from then.")
KILOS = "Each additional kilogram, up to 10kg, costs £0.85 in Zone A and £1.40 in Zones B and C."
SHUTTLE = "Instead, a free shuttle bus will run every 20 minutes between 6am and 8pm, Monday to Saturday."
COMMITTEE = "Grant decisions are made by a grants committee of five trustees and four independent advisers."


@pytest.mark.parametrize("claim, conflict, anchor, texts, expected", [
    ("The core day is 9am to 4pm, with early drop-off from 8am and late pick-up until 5:30pm.", ("5:30pm", "4:00pm"),
     CORE, TIMES, 2),
    ("The new yearly price will be £109.90, which works out at roughly £9.16 a month.", ("£109.90", "£9.99"), PRICE,
     [PRICE, ANNUAL], 1),
    ("A Standard parcel of up to 2kg costs £4.20 when you book online.", ("2 kg", "10 kg"), KILOS,
     ["# Zones and prices (parcels up to 2kg)", KILOS], 0),
    # the claim leads its value as the anchor does (its own thing there), or the other sentence's value is of
    # another thing, or another unit
    ("The Standard plan costs £10.99.", ("£10.99", "£9.99"), "Standard plan: £9.99 a month.",
     ["Standard plan: £9.99 a month.", "Premium plan: £10.99 a month."], None),
    ("Late pick-up is until 6pm.", ("6pm", "5:30pm"), "Late pick-up: until 5:30pm",
     ["Late pick-up: until 5:30pm", "The office closes at 6pm."], None),
    ("A Standard parcel of up to 2kg costs £4.20.", ("2 kg", "10 kg"), KILOS, [KILOS, "Parcels up to 2 metres long."],
     None),
    # the value denied there (everyday batch 134 had turned Supported on the context engines), or the anchor names the
    # claim's subject and the other sentence does not (everyday batch 210)
    ("The shuttle will also run on Sundays, on a reduced timetable.", ("Sundays", "Monday"), SHUTTLE,
     [SHUTTLE, "There will be no shuttle service on Sundays."], None),
    ("Grant decisions are taken by the full board of 12 trustees.", ("12 trustees", "five trustees"), COMMITTEE,
     [COMMITTEE, "The Foundation has 11 staff and is overseen by a board of 12 trustees."], None),
])
def test_a_value_stated_elsewhere_of_the_same_thing(claim, conflict, anchor, texts, expected):
    assert stated_elsewhere(claim, conflict, anchor, texts) == expected


@pytest.mark.parametrize("engine", ("claims", "context", "context-fast"))
def test_the_late_pick_up_time_of_its_own_line_is_supported(engine):
    """Everyday batch 205: "… and late pick-up until 5:30pm" was Contradicted on every engine against the core day's
    line (5:30pm against 4:00pm); a late pick-up time the list gives otherwise is still Contradicted."""
    context = ("# A day at Kestrel Park Holiday Club\n- " + "\n- ".join(TIMES) + "\nLate pick-up costs £6 a day and "
               "must be booked by the Friday before.")
    all_supported(engine, "The core day is 9am to 4pm, with early drop-off from 8am and late pick-up until 5:30pm.",
                  context)
    contradicted_and_backed(engine, "Late pick-up is available until 6:30pm. The core day runs from 9am to 4pm.",
                            context, 3, backed_anchor=1)


@pytest.mark.parametrize("engine", ("claims", "context", "context-fast"))
def test_a_day_the_source_denies_elsewhere_is_still_contradicted(engine):
    """Everyday batch 134: "The shuttle will also run on Sundays" is Contradicted ("Monday to Saturday"); the sentence
    that denies a Sunday service states no Sunday for it (the first round of the rule had made it Supported)."""
    context = ("# Station closure\nThe station will be closed from 3 March. " + SHUTTLE + " There will be no shuttle "
               "service on Sundays. Tickets are valid on the shuttle.")
    contradicted_and_backed(engine, "The shuttle will also run on Sundays. Tickets are valid on the shuttle.", context,
                            2, backed_anchor=4)


COMPOST = ("# Spring Savings\n- Ploughshare Multi-Purpose Compost, 50 litres: £6.99 each, or 3 for £15\n"
           "- Peat-free Ericaceous Compost, 40 litres: was £7.49, now £5.99\n"
           "The 3 for £15 offer can be mixed with our 60-litre bags of topsoil.")


def test_a_size_glued_to_its_unit_is_of_the_thing_after_it():
    """Everyday batch 234: "Three 50-litre bags of the multi-purpose compost" was Contradicted against the topsoil's
    "60-litre bags" (the words before "50" were only "Three"); the compost's own list line states 50 litres."""
    texts = ["Ploughshare Multi-Purpose Compost, 50 litres: £6.99 each, or 3 for £15",
             "The 3 for £15 offer can be mixed with our 60-litre bags of topsoil."]
    claim = "Three 50-litre bags of the multi-purpose compost cost £15."
    assert stated_elsewhere(claim, ("50 litre", "60 litre"), texts[1], texts) == 0
    assert stated_elsewhere("Three 50-litre bags of topsoil cost £15.", ("50 litre", "60 litre"), texts[1], texts) \
        is None


@pytest.mark.parametrize("engine", ("claims", "context", "context-fast"))
def test_three_bags_of_compost_for_15_pounds_is_supported(engine):
    all_supported(engine, "Three 50-litre bags of the multi-purpose compost cost £15. The ericaceous compost is now "
                  "£5.99.", COMPOST)
