"""A state the source says held until a time (grounding.ended.held_until): the pair, when it is none, and the verdict."""
from __future__ import annotations

import pytest

from grounding import GroundingConfig, ground
from grounding.ended import held_until
from grounding.types import CONTRADICTED, SUPPORTED


@pytest.mark.parametrize("claim, sentence, expected", [
    ("It is the tallest building in the city.", "It was the tallest building in the city until 2011.",
     [("is the tallest building in the city", "was … until 2011")]),
    ("The bridge is the longest in Europe.", "The bridge was the longest in Europe until it was overtaken in 1998.",
     [("is the longest in Europe", "was … until it was overtaken in 1998")]),
    ("The tower is the tallest building in the city.", "It was the tallest building in the city until 2011.",
     [("is the tallest building in the city", "was … until 2011")]),
    ("The museum is free.", "The museum was free until 2015.", [("is free", "was … until 2015")]),
    # the claim in the past, negated, another subject, another complement, no end: none
    ("It was the tallest building in the city.", "It was the tallest building in the city until 2011.", []),
    ("It is not the tallest building.", "It was the tallest building in the city until 2011.", []),
    ("Smith is the chair.", "Jones was the chair until March.", []),
    ("The museum is free.", "The museum was closed until 2015.", []),
    ("The museum is free.", "The museum was free in 2015.", []),
])
def test_a_state_that_held_until_a_time(claim, sentence, expected):
    assert held_until(claim, sentence) == expected


@pytest.mark.parametrize("engine", ("claims", "context", "context-fast"))
def test_the_tallest_building_until_2011_is_contradicted(engine):
    """A user's answer: "It is the tallest building in the city" was Supported on every engine (P(e) 0.96)."""
    res = ground("The building has 52 floors. It is the tallest building in the city.",
                 "The building has 52 storeys and a rooftop viewing platform. It was the tallest building in the city "
                 "until 2011. It was designed by the architect Maria Lopez.", GroundingConfig(engine=engine))
    floors, tallest = res.verdicts[0], res.verdicts[-1]
    assert tallest.label == CONTRADICTED and tallest.anchor == 1, tallest.rule
    assert "the claim says “is the tallest building in the city”, the source “was … until 2011”" in tallest.rule
    assert floors.label == SUPPORTED, floors.rule
