"""A sentence read as its clause that speaks of the claim (grounding.focus, via wording.read_as)."""
from __future__ import annotations

import pytest

from grounding import GroundingConfig, ground
from grounding.focus import focused
from grounding.wording import read_as

POOL = "Under-16s are not allowed in the gym but may use the pool if accompanied by an adult."


@pytest.mark.parametrize("claim, read", [
    ("Under-16s may use the pool as long as an adult is with them.",
     "Under-16s may use the pool if accompanied by an adult."),
    # the claim of the denied clause; a negated claim; too little of the second clause
    ("Under-16s may use the gym.", POOL),
    ("Under-16s may not use the pool alone.", POOL),
    ("Under-16s may swim.", POOL),
])
def test_the_clause_that_speaks_of_the_claim(claim, read):
    assert focused(POOL, claim) == read
    premises, _ = read_as([POOL], [claim])
    assert premises == [read]


def test_other_sentences_are_read_as_written():
    sentence = "Dogs are welcome on the terrace, but not inside the café."
    assert focused(sentence, "Dogs are welcome on the terrace.") == sentence


@pytest.mark.parametrize("engine", ("claims", "context", "context-fast"))
def test_the_pool_with_an_adult_is_supported_and_the_gym_is_not(engine):
    """A gym's terms: "Under-16s may use the pool as long as an adult is with them" was Contradicted on every engine
    (P(c) 0.74: the "not" of the gym)."""
    context = ("Membership costs £29 per month on a rolling contract. " + POOL + " Towels are available at reception "
               "for £1.")
    pool, gym = ground("Under-16s may use the pool as long as an adult is with them. Under-16s may use the gym.",
                       [context], GroundingConfig(engine=engine).validate()).verdicts
    assert pool.label == "Supported" and pool.anchor == 1, pool.rule
    assert gym.label == "Contradicted" and gym.anchor == 1, gym.rule
