"""How many times a deed is done (frequencies.times_conflicts, a figure of the quantity rule)."""
from __future__ import annotations

from pathlib import Path

import pytest

from grounding import GroundingConfig, ground
from grounding.frequencies import times_conflicts
from grounding.types import CONTRADICTED, SUPPORTED

MODELS = Path(__file__).resolve().parent.parent / "exported_models"


@pytest.mark.parametrize("claim, sentence, expected", [
    ("Loans can be renewed three times online.",
     "Loans can be renewed twice online, as long as no one else has reserved the book.", [("three times", "twice")]),
    ("She won the title three times.", "She won the title twice and lost once.", [("three times", "twice")]),
    ("You can resit the exam 2 times.", "You can resit the exam once.", [("2 times", "once")]),
    # the same count; another verb; a multiple; a rate
    ("Loans can be renewed twice.", "Loans can be renewed twice online.", []),
    ("You can resit the exam twice.", "Students may retake the exam once.", []),
    ("It is three times as large.", "It is twice as large.", []),
    ("Take it three times a day.", "Take it twice a day.", []),
])
def test_a_count_of_times_of_one_deed(claim, sentence, expected):
    assert times_conflicts(claim, sentence) == expected


LIBRARY = ("Library members can borrow up to 10 books at a time for three weeks. Loans can be renewed twice online, as "
           "long as no one else has reserved the book. Late returns are charged at 25 cents per book per day, up to a "
           "maximum of $5 per book.")


@pytest.mark.parametrize("engine", ("claims", "context", "context-fast"))
def test_renewed_three_times_against_twice_is_contradicted(engine):
    """A user's library answer: "Loans can be renewed three times online" was Supported on the context engines (by
    the borrowing sentence's "three weeks") and Unsupported on the claims engine."""
    config = GroundingConfig(models_dir=str(MODELS), engine=engine).validate()
    three, twice = ground("Loans can be renewed three times online. Loans can be renewed twice online.", [LIBRARY],
                          config).verdicts
    assert three.label == CONTRADICTED and three.anchor == 1, three.rule
    assert three.anchor_conflict == "the claim says three times, the source twice"
    assert twice.label == SUPPORTED and twice.anchor == 1, twice.rule
