"""Most against a share (grounding.most): "most" is more than half, "few" and "a minority" less."""
from __future__ import annotations

import pytest

from grounding import GroundingConfig, ground
from grounding.most import most_against_share, share_bound
from grounding.reversal import reversals
from grounding.types import CONTRADICTED, SUPPORTED

TIME = "Only 18% said they had enough time to plan lessons."
SURVEY = ("The survey of 1,500 teachers found that 62% work more than 50 hours a week. " + TIME + " Two thirds said "
          "they were considering leaving the profession within five years.")


@pytest.mark.parametrize("claim, sentence, expected", [
    ("Most teachers said they had enough time to plan lessons.", TIME, [("Most", "18%")]),
    ("The majority of patients recovered.", "A third of patients recovered within a week.",
     [("The majority of", "A third")]),
    ("Few teachers are considering leaving.", "Two thirds of teachers are considering leaving.",
     [("Few", "Two thirds")]),
    ("Most adults eat five portions of fruit and vegetables a day.",
     "Only one in four adults eats five portions of fruit and vegetables a day.", [("Most", "one in four")]),
    # more than half; the claim negated; a bounded share; another predicate; two shares
    ("Most teachers work more than 50 hours a week.", "62% work more than 50 hours a week.", []),
    ("Most teachers did not have enough time to plan lessons.", TIME, []),
    ("Most patients recovered.", "More than 40% of patients recovered.", []),
    ("Most teachers work long hours.", TIME, []),
    ("Most patients recovered.", "Of the patients, 30% recovered at once and 45% later.", []),
])
def test_most_against_a_share(claim, sentence, expected):
    assert most_against_share(claim, sentence) == expected
    said = reversals(claim, sentence)
    assert all(f"the claim says “{c}”, the source “{x}”" in said for c, x in expected), said


@pytest.mark.parametrize("engine", ("claims", "context", "context-fast"))
def test_most_where_the_survey_gives_18_percent_is_contradicted(engine):
    """A survey answer: "Most teachers said they had enough time to plan lessons" was Partially supported or
    Unsupported on every engine against "Only 18% said they had enough time to plan lessons"."""
    config = GroundingConfig(engine=engine)
    (v,) = ground("Most teachers said they had enough time to plan lessons.", SURVEY, config).verdicts
    assert v.label == CONTRADICTED and v.anchor == 1, v.rule
    (v,) = ground("Most teachers work more than 50 hours a week.", SURVEY, config).verdicts
    assert v.label == SUPPORTED, v.rule


POTHOLES = "The most common complaint was potholes, mentioned by 45% of people, followed by litter at 38%."


@pytest.mark.parametrize("claim, expected", [
    ("Fewer than half of the people surveyed complained about potholes.", (True, "Fewer than half", "45%")),
    ("More than half of the people surveyed complained about potholes.", (False, "More than half", "45%")),
    ("Over 40% complained about litter.", (False, "Over 40%", "38%")),       # the share right after "litter"
    # no share after the claim's words; a negated claim
    ("Fewer than half of the people surveyed complained about noise.", None),
    ("Fewer than half of the people surveyed did not complain about potholes.", None),
])
def test_a_bounded_share_against_the_share_given(claim, expected):
    assert share_bound(claim, POTHOLES) == expected
    reversed_ = expected is not None and not expected[0]
    assert bool(reversals(claim, POTHOLES)) == reversed_


@pytest.mark.parametrize("engine", ("claims", "context", "context-fast"))
def test_fewer_than_half_against_45_percent_is_not_contradicted(engine):
    """A survey answer: "Fewer than half of the people surveyed complained about potholes" was Contradicted on two
    engines (the model read "fewer than half" against 45%)."""
    context = "The council surveyed 2,000 residents in May. " + POTHOLES
    (fewer, more) = ground("Fewer than half of the people surveyed complained about potholes. More than half of the "
                           "people surveyed complained about potholes.", [context],
                           GroundingConfig(engine=engine)).verdicts
    assert fewer.label != CONTRADICTED, fewer.rule
    assert more.label == CONTRADICTED and more.anchor == 1, more.rule
