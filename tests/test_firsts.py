"""A first time against a before (grounding/firsts.py): the pair, when it is none, and the verdict."""
from __future__ import annotations

import pytest

from conftest import contradicted_and_backed
from grounding.firsts import first_against_before
from grounding.negate import other_state

TOUR = ("The orchestra's winter tour visits six cities, starting in Leeds on 2 December. The conductor, Anna Berg, is "
        "leading the tour for the first time. Tickets are on sale now and start at 15 pounds.")
BAND = ("The band's new album, Northern Lights, comes out on 3 March. The band will tour the UK in April, playing 14 "
        "dates. It is their first album in six years.")


def test_a_before_against_a_first_time():
    assert first_against_before("Anna Berg has led the tour many times before.", TOUR.split(". ")[1]) == [
        ("many times before", "for the first time")]
    assert first_against_before("The ice rink has been at the market for years.", "An ice rink will be set up next "
                                "to the market for the first time.") == [("for years", "for the first time")]
    assert first_against_before("The team won the cup again.", "The team won the cup for the first time.") == [
        ("again", "for the first time")]
    assert first_against_before("The band released an album last year.", BAND.split(". ")[2]) == [
        ("last year", "first album in six years")]
    assert ("again", "for the first time") in other_state("The team won the cup again.",
                                                          "The team won the cup for the first time.")


@pytest.mark.parametrize("claim, sentence", [
    ("Anna Berg is leading the tour for the first time.", TOUR.split(". ")[1]),     # the same first
    ("The band will tour again in April.", "The band will tour the UK in April."),   # no first in the sentence
    ("The band released an album last year.", "The band released its first album in 2001."),   # a year, not years
    ("Anna Berg has not led the tour before.", TOUR.split(". ")[1]),                # the claim denies a before
    ("The choir sang again.", "The orchestra played in Leeds for the first time."),  # another deed
])
def test_no_pair(claim, sentence):
    assert first_against_before(claim, sentence) == []


@pytest.mark.parametrize("engine", ("claims", "context", "context-fast"))
def test_many_times_before_against_the_first_time_is_contradicted(engine):
    wrong, _ = contradicted_and_backed(engine, "Anna Berg has led the tour many times before. The tour visits six "
                                       "cities.", TOUR, 1, backed_anchor=0)
    assert "for the first time" in wrong.explanation


@pytest.mark.parametrize("engine", ("claims", "context", "context-fast"))
def test_an_album_last_year_against_the_first_in_six_years_is_contradicted(engine):
    contradicted_and_backed(engine, "The band released an album last year. The band will tour the UK in April.", BAND,
                            2, backed_anchor=1)


def test_every_year_against_the_first_time_with_another_form_of_the_verb():
    assert first_against_before("The festival sells out every year.", "The festival has sold out for the first time "
                                "in its ten-year history.") == [("every year", "for the first time")]


def test_a_before_against_its_first():
    sentence = "The county cricket club has appointed Sarah Khan as its first female head coach."
    assert first_against_before("The club has had a female head coach before.", sentence) == [
        ("before", "its first female head coach")]
    assert first_against_before("The club has had a male head coach before.", sentence) == []   # not all its words
    assert first_against_before("The shop sold books before.", "The shop opened its first branch in 1985.") == []


RACE = "The women's race was won by Sarah Quinn in 2:27:50, her third victory in four years."


def test_a_first_where_the_source_counts_a_later_one():
    """"Sarah Quinn won the women's race … for the first time" was Supported on the context engines (P(e) 0.97)."""
    assert first_against_before("Sarah Quinn won the women's race at the Dunhaven Marathon for the first time.",
                                RACE) == [("for the first time", "her third victory")]
    assert first_against_before("The Rovers won the cup for the first time.",
                                "The Rovers won the cup for the second time in three years.") == [
        ("for the first time", "for the second time")]
    # another subject's count; the claim's own count; no first
    assert first_against_before("Anna Smith won the women's race for the first time.", RACE) == []
    assert first_against_before("Sarah Quinn won the women's race for the third time.", RACE) == []
    assert first_against_before("Sarah Quinn won the women's race.", RACE) == []


@pytest.mark.parametrize("engine", ("claims", "context", "context-fast"))
def test_a_first_win_against_a_third_is_contradicted(engine):
    from conftest import contradicted_and_backed
    context = ("Kenyan runner Joseph Kiprotich won the Dunhaven Marathon on Sunday in 2 hours 9 minutes 14 seconds, "
               "breaking the course record by 38 seconds. " + RACE + " The event raised an estimated £3.4 million for "
               "charity.")
    contradicted_and_backed(engine, "Sarah Quinn won the women's race at the Dunhaven Marathon for the first time. Joseph "
                            "Kiprotich won the Dunhaven Marathon on Sunday.", context, 1, 0)
