"""A state the source says has ended (grounding.ended), one of the forms of the reversal rule."""
from __future__ import annotations

from pathlib import Path

import pytest

from grounding import GroundingConfig, ground
from grounding.ended import state_ended
from grounding.reversal import reversals
from grounding.types import CONTRADICTED, SUPPORTED

MODELS = Path(__file__).resolve().parent.parent / "exported_models"
STATION = "The railway station, closed in 1965, reopened in 2019 after a community campaign."
BUSES = "The night bus service, which was suspended in 2020, {} on 15 March."


@pytest.mark.parametrize("claim, sentence, expected", [
    ("The railway station has been closed since 1965.", STATION, [("has been closed since 1965", "reopened in 2019")]),
    ("The railway station is still closed.", STATION, [("is still closed", "reopened in 2019")]),
    ("The station remains closed.", STATION, [("remains closed", "reopened in 2019")]),
    ("The night bus service has been suspended since 2020.", BUSES.format("resumed"),
     [("has been suspended since 2020", "resumed on 15 March")]),
    # a closing that is past, not lasting; an undoing still to come; another thing undone; an undoing negated
    ("The railway station closed in 1965.", STATION, []),
    ("The night bus service has been suspended since 2020.", BUSES.format("will resume"), []),
    ("The museum has been closed since 2019.", "The museum closed in 2019; its café reopened in 2021.", []),
    ("The bridge has been closed since May.", "The bridge has not reopened since it closed in May.", []),
    # a thing told apart by a word the claim lacks; a closing that comes back (both had been Contradicted)
    ("The library has been closed since 2018.", "The children's library reopened in May after a refurbishment.", []),
    ("The library has been closed on Mondays since 2018.", "The library reopened in May after a refurbishment.", []),
])
def test_a_lasting_state_the_source_says_was_undone(claim, sentence, expected):
    assert state_ended(claim, sentence) == expected
    assert bool(reversals(claim, sentence)) == bool(expected)


TOWN = ("Millbrook has a population of about 18,000. Today its largest employer is the district hospital. " + STATION)


@pytest.mark.parametrize("engine", ("claims", "context", "context-fast"))
def test_a_closure_the_source_says_was_undone_is_contradicted(engine):
    """A user's town answer: "The railway station has been closed since 1965" was Supported on every engine (P(e)
    0.92) against "The railway station, closed in 1965, reopened in 2019"."""
    res = ground("The railway station has been closed since 1965. The district hospital is the largest employer.", [TOWN],
                 GroundingConfig(models_dir=str(MODELS), engine=engine).validate())
    closed, hospital = res.verdicts
    assert closed.label == CONTRADICTED and closed.anchor == 2, closed.rule
    assert closed.rule == ("said the other way round: the claim says “has been closed since 1965”, the source "
                           "“reopened in 2019” (context sentence 3)")
    assert hospital.label == SUPPORTED and hospital.anchor == 1, hospital.rule
