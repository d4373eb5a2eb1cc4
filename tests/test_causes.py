"""Another cause of one event (grounding.causes, overrides.cause_override)."""
from __future__ import annotations

import dataclasses
from pathlib import Path

import pytest

from grounding import GroundingConfig, ground, rederive
from grounding.causes import causes, other_cause
from grounding.explain import explain
from grounding.types import CONTRADICTED, SUPPORTED

MODELS = Path(__file__).resolve().parent.parent / "exported_models"


@pytest.mark.parametrize("claim, sentence, expected", [
    ("The match was cancelled because of the rain.", "The match was cancelled due to a waterlogged pitch.",
     ("the rain", "a waterlogged pitch")),
    ("The plant closed because demand fell.", "The plant closed due to rising energy costs.",
     ("demand fell", "rising energy costs")),
    ("The delay was caused by bad weather.", "The delay was caused by a technical fault.",
     ("bad weather", "a technical fault")),
    ("Sales rose thanks to strong demand in China.", "Sales rose because of a weaker dollar.",
     ("strong demand in China", "a weaker dollar")),
])
def test_another_cause_of_the_same_event_is_found(claim, sentence, expected):
    assert other_cause(claim, sentence) == expected


@pytest.mark.parametrize("claim, sentence", [
    ("The match was cancelled because of the rain.", "The match was cancelled due to heavy rain."),   # one cause
    ("The flight was delayed because of bad weather.",                # a chain names the claim's cause too
     "The flight was delayed because of a technical fault caused by bad weather."),
    ("The school closed because of flooding.", "The school closed because of a storm that flooded its ground floor."),
    ("Sales rose because of lower prices.", "Profits fell because of higher costs."),       # another event
    ("Ice loss is accelerating due to global warming.",                                     # another subject
     "Deglaciation has been accelerating as a result of climate change."),
    ("Pigs are more valuable due to their heart rates.", "Pigs are important because they impart rigor."),  # "be"
    ("The flight was not delayed because of weather.", "The flight was delayed because of a fault."),   # negated
    ("Deliveries are due to begin in March.", "Deliveries are due to begin in May."),        # "due to" + verb
    ("The flight was delayed by four hours.", "The flight was delayed because of a fault."),  # no cause in the claim
])
def test_no_other_cause_where_it_is_one_cause_or_not_one_event(claim, sentence):
    assert other_cause(claim, sentence) is None


def test_a_cause_is_read_with_its_event():
    (c,) = causes("Flight AZ204 was delayed by four hours on Tuesday because of a technical fault.")
    assert c.event == ("delay", "AZ204".lower()) and c.text == "a technical fault" and c.words == {"techn", "fault"}


FLIGHT = ("Flight AZ204 from Rome to Boston was delayed by four hours on Tuesday because of a technical fault. "
          "Passengers were offered meal vouchers but no hotel rooms.")


@pytest.mark.parametrize("engine", ("claims", "context", "context-fast"))
def test_a_claim_giving_the_event_another_cause_is_contradicted(engine):
    """A user's flight answer: "… because of bad weather" was Supported on the context engines (F 0.93; the
    entailment model reads the pair as neutral, P(n) 0.81) and Partially supported on the claims engine."""
    config = GroundingConfig(models_dir=str(MODELS), engine=engine).validate()
    res = ground("Flight AZ204 to Boston was delayed by four hours on Tuesday because of bad weather.", [FLIGHT], config)
    (v,) = res.verdicts
    assert v.label == CONTRADICTED and v.anchor == 0, v.rule
    assert v.rule == "another cause: the claim says “bad weather”, the source “a technical fault” (context sentence 1)"
    assert explain(res, v, res.claims[0]).startswith(
        "Contradicted by “Flight AZ204 from Rome to Boston was delayed by four hours on Tuesday because of a technical "
        "fault.” (Document 1, sentence 1): it gives another cause: the claim says “bad weather”, the source “a "
        "technical fault”")
    assert res.sentence_map.labels[0][0] == -1        # the map shows the cell as the verdict reads it
    assert res.sentence_map.ruled_notes()[(0, 0)] == "the cause rule: the claim says “bad weather”, the source “a technical fault”"
    off = rederive(res, dataclasses.replace(config, overrides={**config.overrides, "cause_override": None}))
    assert off.verdicts[0].label != CONTRADICTED
    same = ground("Flight AZ204 to Boston was delayed by four hours on Tuesday because of a technical problem.",
                  [FLIGHT], config)
    assert same.verdicts[0].label == SUPPORTED, same.verdicts[0].rule
