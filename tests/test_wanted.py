"""Wanted, not required (grounding.wanted): a thing the sentence only welcomes, said by the claim to be needed."""
from __future__ import annotations

import pytest

from grounding import GroundingConfig, ground
from grounding.reversal import reversals
from grounding.types import CONTRADICTED, SUPPORTED
from grounding.wanted import wanted_not_required

AD = ("We are hiring a part-time data analyst to work 20 hours a week. Applicants need at least two years of "
      "experience with SQL; knowledge of Python is a plus. The salary is 28,000 euros a year.")
SKILLS = "Applicants need at least two years of experience with SQL; knowledge of Python is a plus."


@pytest.mark.parametrize("claim, sentence, expected", [
    ("Python experience is required.", SKILLS, [("is required", "is a plus")]),
    ("A driving licence is essential.", "A full driving licence would be an advantage.",
     [("is essential", "would be an advantage")]),
    # what the sentence asks for; no word that names the thing; a negated claim; the claim says it is welcome
    ("SQL experience is required.", SKILLS, []),
    ("Experience is required.", SKILLS, []),
    ("Python experience is not required.", SKILLS, []),
    ("Knowledge of Python is a plus.", SKILLS, []),
    # another thing welcomed: "a van licence" is not "a driving licence"
    ("A driving licence is essential.", "A full driving licence is required and a van licence would be an advantage.",
     []),
])
def test_needed_against_only_welcome(claim, sentence, expected):
    assert wanted_not_required(claim, sentence) == expected
    said = reversals(claim, sentence)
    assert all(f"the claim says “{c}”, the source “{x}”" in said for c, x in expected), said


@pytest.mark.parametrize("engine", ("claims", "context", "context-fast"))
def test_a_skill_only_welcomed_is_not_required(engine):
    """An everyday answer: "Python experience is required" was Supported on every engine (P(e) 0.83) by the
    sentence that asks for SQL and calls Python a plus."""
    config = GroundingConfig(engine=engine)
    (v,) = ground("Python experience is required.", AD, config).verdicts
    assert v.label == CONTRADICTED and v.anchor == 1, v.rule
    assert "the claim says “is required”, the source “is a plus”" in v.rule
    assert ground("SQL experience is required.", AD, config).verdicts[0].label == SUPPORTED
