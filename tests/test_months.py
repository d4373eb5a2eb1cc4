"""A month against other months (grounding/months.py): the pair, when it is none, and the verdict."""
from __future__ import annotations

import pytest

from conftest import contradicted_and_backed
from grounding.learned import quantity_conflicts
from grounding.months import month_conflicts

LIBRARY = ("The city library will close for repairs from 3 May to 17 May. During the closure, books can be returned "
           "at the town hall. The library reopens with longer hours: it will be open until 8 pm on weekdays.")


def test_a_month_none_of_the_sentences_is_a_conflict():
    assert month_conflicts("The library will close in June.", LIBRARY.split(". ")[0]) == [("June", "3 May")]
    assert month_conflicts("The novel came out in March.", "The novel has sold 500,000 copies since it came out in "
                           "May.") == [("March", "May")]
    assert quantity_conflicts("The band will tour the UK in May.", "The band will tour the UK in April, playing 14 "
                              "dates.", same_figure=True) == [("May", "April")]


@pytest.mark.parametrize("claim, sentence", [
    ("The library will close in May.", LIBRARY.split(". ")[0]),                          # its own month
    ("The site is open in June.", "The site is open from March to October."),            # a span holds it
    ("The site is open in January.", "The site is open from November to February."),     # round the year's end
    ("The show will be held in September.", "Entries for the show close on 10 August."),  # another event
    ("The library will close on 3 June.", LIBRARY.split(". ")[0]),     # a full date: the value readers' own
    ("The library will close in June or July.", "The library will close in May."),       # two months: not one
    ("May I bring a dog?", "Dogs are welcome in June."),               # no month in the claim
    ("Ever since December temperatures have been lower.", "Temperatures rose in July."),   # a state since, no event
])
def test_no_conflict(claim, sentence):
    assert month_conflicts(claim, sentence) == []


def test_may_opening_a_sentence_is_no_month():
    assert month_conflicts("The fair opens in June.", "May we remind you that the fair opens soon.") == []


@pytest.mark.parametrize("engine", ("context", "context-fast"))
def test_closing_in_another_month_is_contradicted(engine):
    wrong, _ = contradicted_and_backed(engine, "The library will close in June. Books can be returned at the town hall "
                                       "during the closure.", LIBRARY, 0, backed_anchor=1)
    assert "June" in wrong.explanation and "May" in wrong.explanation


def test_closing_in_another_month_is_not_backed_on_the_claims_engine():
    """The claims engine anchors the claim on "During the closure, …" (F weighs down the sentence read as leaning
    against it), which gives no month: Unsupported there, never Supported. (Reading the most similar sentence too
    turned a right verdict of the train audit wrong, so it is not done.)"""
    from grounding import GroundingConfig, ground
    (v,) = ground("The library will close in June.", LIBRARY, GroundingConfig(engine="claims")).verdicts
    assert v.label == "Unsupported", v.rule


def test_this_against_next_and_last_against_next():
    assert month_conflicts("The school will move this September.", "The primary school will move to a new building "
                           "next September.") == [("this September", "next September")]
    assert month_conflicts("Mr Davies retired last year.", "The owner, Mr Davies, plans to retire next year.") == [
        ("last year", "next year")]
    assert month_conflicts("The school will move next September.", "The school will move next September.") == []
    assert month_conflicts("The café will open next week.", "Sales rose last week.") == []      # other words
    # the claim's month agrees, its year does not ("Talbot Foods will close the factory in March of this year" had been
    # Supported on every engine)
    factory = "The Brennick biscuit factory will close in March next year, its owner Talbot Foods has confirmed."
    assert month_conflicts("Talbot Foods will close the factory in March of this year.", factory) == [
        ("this year", "next year")]
    assert month_conflicts("Talbot Foods will close the factory in March next year.", factory) == []


@pytest.mark.parametrize("engine", ("claims", "context", "context-fast"))
def test_moving_this_september_against_next_september_is_contradicted(engine):
    context = ("The primary school will move to a new building next September. The new school will have room for 630 "
               "pupils, up from 420. It will include a sports hall and a library.")
    contradicted_and_backed(engine, "The school will move this September. The new school will have room for 630 "
                            "pupils.", context, 0, backed_anchor=1)


def test_the_months_of_the_other_state_agree():
    """"The castle is open in March" against "closed from December to February" (tests/test_seasons.py) had been
    read as March against December."""
    assert month_conflicts("The castle is open in March.", "The castle is closed from December to February.") == []
    assert month_conflicts("The castle will close in March.", "The castle will close in December.") == [
        ("March", "December")]


@pytest.mark.parametrize("engine", ("claims", "context", "context-fast"))
def test_closing_in_march_of_this_year_against_march_next_year_is_contradicted(engine):
    context = ("The Brennick biscuit factory in Castleford will close in March next year, its owner Talbot Foods has "
               "confirmed. The site employs 310 people.")
    contradicted_and_backed(engine, "Talbot Foods will close the factory in March of this year. The site employs 310 "
                            "people.", context, 0, backed_anchor=1)
