"""The side the source passes over ("A rather than B"; grounding.preferences, read by the reversal rule)."""
from __future__ import annotations

from pathlib import Path

import pytest

from grounding import GroundingConfig, ground
from grounding.preferences import passed_over
from grounding.reversal import reversals
from grounding.types import CONTRADICTED, SUPPORTED

MODELS = Path(__file__).resolve().parent.parent / "exported_models"
WATER = "Water them deeply twice a week rather than a little every day."
MEETING = "The meeting is on Monday rather than Tuesday."
MILK = "Doctors recommend that children aged 1 to 2 drink whole milk rather than semi-skimmed."


@pytest.mark.parametrize("claim, sentence, found", [
    ("It is better to water them a little every day.", WATER, True),
    ("Watering a little every day is fine.", WATER, True),
    ("The meeting is on Tuesday.", MEETING, True),
    # the side the source prefers; a claim that says not to, or to avoid, the passed-over side; none of the other
    # side's words (another matter); "instead of" reads the same
    ("Water them deeply twice a week.", WATER, False),
    ("Do not water them a little every day.", WATER, False),
    ("Avoid watering them a little every day.", WATER, False),
    ("Tuesday is a holiday.", MEETING, False),
    ("A little rain every day helps.", WATER, False),
    ("Pay by card.", "Pay by card instead of cash.", False),
    ("Pay in cash.", "Pay by card instead of cash.", True),
    # A long, its other side two words ("whole milk"); the claim's own matter, not the sentence's ("Semi-skimmed
    # milk can be introduced from age 2" was Contradicted on every engine)
    ("Children aged 1 to 2 should drink semi-skimmed milk.", MILK, True),
    ("Children aged 1 to 2 should drink whole milk.", MILK, False),
    ("Semi-skimmed milk can be introduced from age 2.", MILK, False),
])
def test_the_claim_that_says_the_passed_over_side(claim, sentence, found):
    got = passed_over(claim, sentence)
    assert bool(got) is found, got
    assert not found or any(f"the source “{got[0][1]}”" in r for r in reversals(claim, sentence))


@pytest.mark.parametrize("engine", ("claims", "context", "context-fast"))
def test_watering_a_little_every_day_is_contradicted(engine):
    """An everyday answer: "It is better to water them a little every day" was Unsupported or Supported (context-fast,
    P(e) 0.80) against the sentence that passes it over."""
    config = GroundingConfig(engine=engine, models_dir=str(MODELS)).validate()
    context = ["Tomatoes need at least six hours of direct sunlight a day. " + WATER]
    (v,) = ground("It is better to water them a little every day.", context, config).verdicts
    assert v.label == CONTRADICTED and v.anchor == 1, v.rule
    assert "the source “Water them deeply twice a week rather than a little every day”" in v.rule
    assert ground("Water them deeply twice a week.", context, config).verdicts[0].label == SUPPORTED
