"""A round figure said about, just over or nearly, read in the source's words (grounding.round_figures, through
wording.align)."""
from __future__ import annotations

import pytest

from grounding.round_figures import round_edits
from grounding.wording import align

VOTES = "Priya Desai of the Progressive Alliance has won the Kelsborough mayoral by-election, taking 14,206 votes."


@pytest.mark.parametrize("claim, read", [
    ("Priya Desai won with just over 14,000 votes.", "Priya Desai won with 14,206 votes."),
    ("Priya Desai won with about 14,000 votes.", "Priya Desai won with 14,206 votes."),
    ("Priya Desai won with just under 14,300 votes.", "Priya Desai won with 14,206 votes."),
    ("Priya Desai won with about 14,200 votes.", "Priya Desai won with 14,206 votes."),
    # as written: "nearly" below the source's figure, "just over" above it, more than a tenth away, no rounder
    ("Priya Desai won with nearly 14,000 votes.", None),
    ("Priya Desai won with just over 14,300 votes.", None),
    ("Priya Desai won with about 12,000 votes.", None),
    ("Priya Desai won with about 14,206 votes.", None),
    ("Priya Desai won with 14,000 votes.", None),
])
def test_a_round_figure_said_about_is_read_as_the_sources(claim, read):
    assert align(VOTES, claim) == (read or claim)


def test_a_percentage_and_an_amount_in_one_unit_and_two_figures_in_reach():
    assert align("Turnout was 43% this year.", "Turnout was about 40% this year.") == "Turnout was 43% this year."
    assert align("The trial lasted 14 months.", "The trial lasted about 15 months.") == "The trial lasted 14 months."
    # two of the source's figures within reach: which one the claim rounds is unknown
    assert round_edits("It took 14,000 votes.", "It took about 14,206 votes.") == []      # not the rounder one
    # a year is no count ("About 2,000 people attend the show" had been read as "1952 people attend the show")
    assert round_edits("The show has been running since 1952.", "About 2,000 people attend the show each year.") == []
    assert round_edits("It took 14,206 votes in May and 13,950 in June.", "It took about 14,000 votes.") == []


@pytest.mark.parametrize("engine", ("claims", "context", "context-fast"))
def test_an_election_answer_that_rounds_the_votes_is_supported(engine):
    """"… with just over 14,000 votes" was Contradicted on the context and claims engines (P(c) 0.82): the model
    read 14,000 against 14,206. The same answer with "just over 15,000" stays Contradicted."""
    from tests.conftest import contradicted_and_backed
    context = VOTES + " Tom Hargreave came second with 11,904 votes."
    _, right = contradicted_and_backed(
        engine, "Tom Hargreave came second with 15,904 votes. Priya Desai won the Kelsborough mayoral by-election "
        "with just over 14,000 votes.", context, 1, 0)
    assert "read in the source's words: “Priya Desai won the Kelsborough mayoral by-election with 14,206 votes.”" \
        in right.explanation


@pytest.mark.parametrize("hypothesis, expected", [
    ("The app failed from just before 8am.", [(20, 35, "07:55")]),
    ("The app failed from around 8am.", [(20, 30, "07:55")]),
    # the other side, the time itself, a time out of reach, "by" (a bound the quantity rule reads)
    ("The app failed from just after 8am.", []),
    ("The app failed from 8am.", []),
    ("The app failed from just before 9am.", []),
    ("The app failed by 8am.", []),
])
def test_a_time_said_roughly_reads_as_the_sources_time(hypothesis, expected):
    premise = "From 07:55 BST on Saturday 12 April, the app was unable to connect."
    assert round_edits(premise, hypothesis) == expected
    for start, end, said in expected:
        assert hypothesis[start:end].endswith("8am") and said in premise
