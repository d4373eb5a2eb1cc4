"""Two places' hours compared in words against their times (grounding.hours_compared)."""
from __future__ import annotations

import pytest
from conftest import contradicted_and_backed

from grounding.hours_compared import against_hours

HOTEL = ("Breakfast is served from 7:30am to 10:30am. The outdoor pool is open from 8am to 7pm and the indoor pool from "
         "7am to 9pm. The indoor pool is for adults only after 6pm. Check-out is at 11am.")
POOLS = HOTEL.split(". ")[1] + "."


def test_each_comparison_is_read_against_both_spans():
    assert [a for a, _, _ in against_hours("The indoor pool opens earlier and closes later than the outdoor pool.",
                                            POOLS)] == [True, True]
    assert [a for a, _, _ in against_hours("The outdoor pool closes later than the indoor pool.", POOLS)] == [False]
    assert against_hours("The spa opens earlier than the gym.", POOLS) == []     # neither named: nothing read


@pytest.mark.parametrize("engine", ("claims", "context", "context-fast"))
def test_hours_compared_are_borne_out_or_turned_by_the_times(engine):
    """"The indoor pool opens earlier and closes later than the outdoor pool" had been Contradicted on every engine
    (P(c) 0.80; everyday batch 137); its reverse is said the other way round."""
    wrong, right = contradicted_and_backed(engine, "The outdoor pool opens earlier than the indoor pool. The indoor "
                                                   "pool opens earlier and closes later than the outdoor pool.", HOTEL, 1)
    assert "opens earlier" in wrong.rule and "borne out by the figures" in right.rule
