"""Figures of another kind (number_rules.other_kind_override): a model-only contradiction from a sentence whose
figures are all of other kinds than the claim's is no contradiction."""
from __future__ import annotations

import pytest

from grounding import GroundingConfig, ground
from grounding.number_rules import OTHER_KIND_RULE
from grounding.types import CONTRADICTED, UNSUPPORTED

RACE = ("Registration for the marathon closes on 30 September or when 20,000 runners have signed up. The entry fee is "
        "60 euros, and it cannot be transferred to another runner.")


@pytest.mark.parametrize("engine", ("claims", "context", "context-fast"))
def test_a_time_against_a_date_and_a_count_is_unsupported(engine):
    """An everyday answer: "The race starts at 9am" was Contradicted on every engine (P(c) 0.78) by the sentence on
    when registration closes, which gives a date and a count and no time."""
    res = ground("The race starts at 9am.", RACE, GroundingConfig(engine=engine))
    (v,) = res.verdicts
    assert v.label == UNSUPPORTED and v.anchor == 0, v.rule
    assert v.rule.startswith(f"{OTHER_KIND_RULE}: the claim gives time, context sentence 1 date, number"), v.rule
    assert "gives figures of other kinds than the claim's" in v.explanation
    assert all(label >= 0 for label in res.sentence_map.labels[0])     # no red cell for it
    # a figure of the same kind still decides
    (v,) = ground("The entry fee is 80 euros.", RACE, GroundingConfig(engine=engine)).verdicts
    assert v.label == CONTRADICTED, v.rule
    (v,) = ground("Registration closes on 30 October.", RACE, GroundingConfig(engine=engine)).verdicts
    assert v.label == CONTRADICTED, v.rule


@pytest.mark.parametrize("engine", ("claims", "context", "context-fast"))
def test_a_length_against_times_ahead_is_unsupported(engine):
    """A hospital letter: "The operation takes an hour" was Contradicted on every engine by the fasting sentence,
    whose hours are times ahead of the operation, not its length."""
    from grounding.number_rules import _kinds
    fasting = ("Patients should not eat or drink anything for six hours before the operation, but may drink water "
               "until two hours before. Please remove all jewellery.")
    (v,) = ground("The operation takes an hour.", fasting, GroundingConfig(engine=engine)).verdicts
    assert v.label == UNSUPPORTED and v.anchor == 0, v.rule
    assert v.rule.startswith(f"{OTHER_KIND_RULE}: the claim gives length, context sentence 1 time ahead"), v.rule
    assert _kinds("Bake for 35 to 40 minutes.") == {"length"} == _kinds("The operation takes an hour.")
    # ages are no lengths ("Children aged 7 can attend" had turned Unsupported against this sentence)
    assert _kinds("Children aged between 6 months and 5 years can attend.") == {"number"}


@pytest.mark.parametrize("engine", ("claims", "context", "context-fast"))
def test_an_age_outside_the_ages_given_stays_contradicted(engine):
    nursery = "The nursery is open from 8am to 6pm. Children aged between 6 months and 5 years can attend."
    (v,) = ground("Children aged 7 can attend.", nursery, GroundingConfig(engine=engine)).verdicts
    assert v.label == CONTRADICTED and v.anchor == 1, v.rule
