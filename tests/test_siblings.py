"""Another thing of the claim's kind backs nothing (grounding.siblings, another_kind)."""
from __future__ import annotations

from pathlib import Path

import pytest

from grounding import GroundingConfig, ground
from grounding.siblings import another_kind
from grounding.explain import explain
from grounding.pipeline import rederive
from grounding.siblings import SIBLING_RULE, claims_subject, named_sibling
from grounding.types import SUPPORTED, UNSUPPORTED

MODELS = Path(__file__).resolve().parent.parent / "exported_models"
BUS = "The final bus out of the city centre will now depart at half past eleven at night."


@pytest.mark.parametrize("claim, sentence, expected", [
    ("The basic plan includes priority support.",
     "The premium plan costs $25 per month and includes 1 TB of storage plus priority support.", "premium plan"),
    ("Flu vaccines need no appointment.", "Travel vaccines are given only with an appointment.", "Travel vaccines"),
    # the claim's own thing; a subject with no word telling it apart; a claim whose subject has none
    ("The basic plan includes 50 GB.", "Our basic plan costs $10 per month and includes 50 GB of storage.", ""),
    ("The basic plan includes 50 GB.", "Every plan includes 50 GB.", ""),
    ("Plans include 50 GB.", "The premium plan includes 50 GB.", ""),
    # words of kind that name one thing ("The final bus … will now depart at half past eleven at night" had been
    # Unsupported on every engine against "the last bus leaving … at 11.30pm"); another one still tells it apart
    (BUS, "Later, the last bus leaves the city centre at 11.30pm.", ""),
    (BUS, "The night bus leaves the city centre at 11.30pm.", "night bus"),
    # early, first and initial ("Early projects will focus on …" had been Unsupported on the context engine against
    # "The first projects will study …")
    ("Early projects will focus on proteins.", "The first projects will study proteins involved in disease.", ""),
    ("The initial phase costs £2 million.", "The first phase will cost £2 million.", ""),
    ("Early projects will focus on proteins.", "Later projects will study proteins involved in disease.",
     "Later projects"),
    # the claim's word of kind said of it in the plural ("The evening course starts on Monday 15 September" had been
    # Unsupported on the context engines against "The next course runs on Monday evenings …", everyday batch 207)
    ("The evening course starts on Monday 15 September.", "The next course runs on Monday evenings from 6:30pm to "
     "8:30pm, starting on 15 September 2025.", ""),
    ("The evening course starts on Monday 15 September.", "The next course runs on Friday mornings.", "next course"),
])
def test_another_thing_of_the_claims_kind(claim, sentence, expected):
    assert another_kind(claim, sentence) == expected


def test_the_claims_subject_as_written():
    assert claims_subject("The basic plan includes priority support.") == "basic plan"
    assert claims_subject("Priority support is included.") == "Priority support"
    assert claims_subject("It works.") == ""


PLANS = ("Our basic plan costs $10 per month and includes 50 GB of storage. The premium plan costs $25 per month and "
         "includes 1 TB of storage plus priority support. Both plans can be cancelled at any time, and annual billing "
         "gives a 20% discount.")


@pytest.mark.parametrize("engine", ("claims", "context", "context-fast"))
def test_a_feature_of_another_plan_does_not_back_the_claim(engine):
    """A user's plans answer: "The basic plan includes priority support" was Partially supported (context) or
    Supported (context-fast, P(e) 0.99) by the premium plan's sentence."""
    config = GroundingConfig(models_dir=str(MODELS), engine=engine).validate()
    res = ground("The basic plan includes priority support. The premium plan includes priority support. The basic "
                 "plan includes 50 GB of storage.", [PLANS], config)
    basic, premium, storage = res.verdicts
    assert basic.label != SUPPORTED
    if basic.label == UNSUPPORTED:          # the claims engine's pair reads contradiction (0.90): it stays so
        assert basic.rule.startswith(f"{SIBLING_RULE}: it speaks of “premium plan”, not of “basic plan” (context "
                                     "sentence 2)"), basic.rule
        assert basic.anchor == 1 and basic.conflicting is None
        assert explain(res, basic, res.claims[basic.claim]).startswith(
            f"Unsupported: “{res.context_sentences[1].text}” (Document 1, sentence 2) speaks of “premium plan”, not of "
            "“basic plan”")
        assert res.sentence_map.labels[0][1] == 0
        off = rederive(res, GroundingConfig(models_dir=str(MODELS), engine=engine,
                                            overrides={"binding_override": None}).validate())
        assert off.verdicts[0].label != UNSUPPORTED
    assert engine == "claims" or basic.label == UNSUPPORTED
    assert premium.label == SUPPORTED and premium.anchor == 1, premium.rule
    assert storage.label == SUPPORTED and storage.anchor == 0, storage.rule


WATER = "Water will be off in Elm Street on Thursday from 9am to 3pm while a pipe is replaced."


@pytest.mark.parametrize("claim, sentence, expected", [
    ("The work is on Oak Street.", WATER, ("Elm Street", "Oak Street")),
    ("Harvard University ran the trial.", "Yale University ran the trial.", ("Yale University", "Harvard University")),
    # the claim's own name; a name of one word; names that share a word before the last; the claim's name held
    ("The work is on Elm Street.", WATER, None),
    ("The work is in Elm.", WATER, None),
    ("The World Health Organization said so.", "The Pan American Health Organization said so.", None),
    ("Johns Hopkins University ran it.", "Hopkins University ran it.", None),
])
def test_another_thing_of_a_name_the_claim_gives(claim, sentence, expected):
    assert named_sibling(claim, sentence) == expected


@pytest.mark.parametrize("engine", ("claims", "context", "context-fast"))
def test_a_street_the_source_does_not_name_is_not_supported(engine):
    """An everyday answer: "The work is on Oak Street" was Supported on every engine (P(e) 0.61) by the notice that
    the water is off in Elm Street."""
    config = GroundingConfig(engine=engine, models_dir=str(MODELS)).validate()
    context = [WATER + " Residents are advised to store some water beforehand."]
    (v,) = ground("The work is on Oak Street.", context, config).verdicts
    assert v.label == UNSUPPORTED and v.anchor == 0, v.rule
    assert v.rule.startswith(f"{SIBLING_RULE}: it speaks of “Elm Street”, not of “Oak Street”"), v.rule
    assert ground("Water will be off in Elm Street on Thursday.", context, config).verdicts[0].label == SUPPORTED


@pytest.mark.parametrize("engine", ("claims", "context", "context-fast"))
def test_the_final_bus_at_half_past_eleven_at_night_is_the_last_bus_at_1130pm(engine):
    """A bus timetable answer, Unsupported on every engine ("speaks of “last bus”, not of “final bus”")."""
    context = ("From Sunday 1 September, the number 42 bus will run every 20 minutes. Evening services will be "
               "extended, with the last bus leaving the city centre at 11.30pm rather than 10pm.")
    (v,) = ground(BUS, [context], GroundingConfig(models_dir=str(MODELS), engine=engine).validate()).verdicts
    assert v.label == SUPPORTED and v.anchor == 1, v.rule


@pytest.mark.parametrize("engine", ("claims", "context", "context-fast"))
def test_the_evening_course_of_monday_evenings_is_supported(engine):
    """Everyday batch 207: "The evening course starts on Monday 15 September and runs from 6:30pm to 8:30pm at the
    Family Hub" was Unsupported on the context engines ("it speaks of “next course”, not of “evening course”"), and on
    every engine against this shorter guide."""
    from conftest import all_supported
    all_supported(engine, "The evening course starts on Monday 15 September and runs from 6:30pm to 8:30pm at the "
                  "Family Hub.", "# Parenting course\nThe Calm Start course is a free six-week course for parents of "
                  "children under five. The next course runs on Monday evenings from 6:30pm to 8:30pm, starting on 15 "
                  "September 2025, at Fenmoor Family Hub. A daytime course will run on Friday mornings, 10:00am to 12 "
                  "noon, from 9 January 2026.")
