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


COVER = "Illnesses that start in the first 14 days of cover are not covered, but accidents are covered from day one."


@pytest.mark.parametrize("claim, read", [
    # the second clause, with its own subject, where the claim speaks of that subject
    ("PawSure Lifetime Plus covers accidents from the very first day of the policy.",
     "Accidents are covered from day one."),
    # not where the claim names what the first clause denies, nor where it speaks of the first clause
    ("Accidents and illnesses are covered from day one.", COVER),
    ("Illnesses in the first 14 days of cover are not covered.", COVER),
])
def test_the_second_clause_with_its_own_subject(claim, read):
    assert focused(COVER, claim) == read


def test_a_clause_of_its_own_after_but_is_not_under_the_first_ones_negation():
    """grounding.denial read "accidents" as denied by the first clause's "not covered": the second clause has its
    own subject and verb."""
    from grounding.denial import denials
    assert denials("PawSure covers accidents from the first day.", {0: COVER}) == []
    # what the first clause's verb denies stays denied
    assert [d.cue for d in denials("The policy covers flood damage.",
                                   {0: "The policy does not cover flood damage, but fire damage is covered."})] == [
        "not cover"]


@pytest.mark.parametrize("engine", ("claims", "context", "context-fast"))
def test_accidents_covered_from_the_first_day_is_backed(engine):
    """"PawSure Lifetime Plus covers accidents from the very first day of the policy" was Unsupported on every engine
    ("names accidents only as … not covered")."""
    from grounding import GroundingConfig, ground
    context = ("PawSure Lifetime Plus is a pet insurance policy for cats and dogs aged between 8 weeks and 9 years. "
               + COVER + " Routine vaccinations and flea treatment are not covered.")
    (v,) = ground("PawSure Lifetime Plus covers accidents from the very first day of the policy.", [context],
                  GroundingConfig(engine=engine)).verdicts
    assert v.label in ("Supported", "Partially supported"), v.rule
    assert "not covered" not in v.rule, v.rule
