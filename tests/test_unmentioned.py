"""A thing the sources never mention is not contradicted (grounding.unmentioned, the mention rule)."""
from __future__ import annotations

from pathlib import Path

import pytest

from grounding import GroundingConfig, ground
from grounding.config import PRESETS
from grounding.explain import explain
from grounding.types import CONTRADICTED, SUPPORTED, UNSUPPORTED, Verdict
from grounding.unmentioned import unmentioned, unmentioned_override

MODELS = Path(__file__).resolve().parent.parent / "exported_models"
TRAINS = ("Trains to the airport leave every 15 minutes from platform 4 between 5am and midnight. The journey takes 22 "
          "minutes. After midnight, a night bus replaces the train and runs every hour. Tickets bought on board cost 2 "
          "euros more than tickets from the machines.")


@pytest.mark.parametrize("claim, context, expected", [
    ("The hotel has a gym.", "The hotel has 120 rooms and a rooftop pool.", "gym"),
    ("Dogs are allowed on board.", "Bikes travel free, but cars must be booked in advance.", "Dogs"),
    ("The car park has 500 spaces.", "The hospital car park charges 2 pounds for the first hour.", "spaces"),
    ("The trains have free wifi.", TRAINS, "free wifi"),
    ("Volunteers get a free lunch.", "Volunteers can claim travel expenses but are not paid for their time.",
     "free lunch"),
    # written there, as a plural or singular; a unit of time or measure; a complement that is no noun
    ("The hotel has a pool.", "The hotel has 120 rooms and a rooftop pool.", None),
    ("The hotel has two pools.", "The hotel has 120 rooms and a rooftop pool.", None),
    ("The trial lasted six months.", "The trial ran for 12 weeks.", None),
    ("The X200 is cordless.", "The X200 vacuum cleaner weighs 2.4 kg.", None),
    ("Cognitive behavioral therapy is an ineffective treatment.", "CBT improved sleep.", None),
    ("There is no relationship between growth rates and ultraviolet light.", "Growth rates fell.", None),
])
def test_the_claims_thing_that_no_sentence_writes(claim, context, expected):
    assert unmentioned(claim, [context]) == expected


FORECAST = ("Heavy snow is expected across the north from Tuesday evening, with up to 20 cm on high ground. Temperatures "
            "will drop to minus 8 overnight. Schools in the area will stay open unless the council says otherwise. The "
            "snow should clear by Thursday.")


@pytest.mark.parametrize("claim, expected", [
    ("Trains will be cancelled.", "Trains"),
    ("Local buses will stop running.", "Local buses"),
    # named there (plural or singular), a pronoun, a name, a unit
    ("Schools will close.", None),
    ("The school will close.", None),
    ("It will snow on Tuesday.", None),
    ("London will get snow.", None),
    # written inside a word ("The phone is available in red" against "The smartphone …", an everyday batch)
    ("The phone is available in red.", None),
])
def test_the_claims_subject_that_no_sentence_writes(claim, expected):
    from grounding.unmentioned import subject_unmentioned
    assert subject_unmentioned(claim, [FORECAST + " The smartphone app shows the warnings."]) == expected


@pytest.mark.parametrize("engine", ("claims", "context", "context-fast"))
def test_trains_a_forecast_never_names_are_not_contradicted(engine):
    """An everyday batch: "Trains will be cancelled" was Contradicted on two engines by "Schools in the area will stay
    open …", the one sentence read (cosine 0.36, below τ; P(c) 0.89). The schools' sentence still decides theirs."""
    config = GroundingConfig(models_dir=str(MODELS), engine=engine).validate()
    trains, schools = ground("Trains will be cancelled. All schools in the area will close.", [FORECAST],
                             config).verdicts
    assert trains.label == UNSUPPORTED, trains.rule
    assert schools.label == CONTRADICTED and schools.anchor == 2, schools.rule


def _contradicted(anchor: int = 0) -> Verdict:
    return Verdict(claim=0, label=CONTRADICTED, score=-0.5, anchor=anchor, cosine=0.45, entail=0.05, contradict=0.8,
                   rule="judged alone, context sentence 1 contradicts the claim: P(c) = 0.80 >= 0.7")


@pytest.mark.parametrize("claim, context, label", [
    ("Dogs are allowed on board.", "Bikes travel free, but cars must be booked in advance.", CONTRADICTED),  # "but"
    ("Dogs are allowed on board.", "Bikes travel free, and cars must be booked in advance.", UNSUPPORTED),
    ("Dogs are allowed on board.", "Pets are not allowed on board.", CONTRADICTED),       # denied by their kind
    ("Dogs are allowed on board.", "Only guide animals are allowed on board.", CONTRADICTED),
    ("The school offers German.", "The school offers courses in Spanish, French and Italian.", CONTRADICTED),
    ("The school offers a cookery club.", "The school offers courses in pottery, painting and music.", UNSUPPORTED),
    # a finding, or a claim that denies
    ("Cognitive behavioral therapy is an ineffective treatment for insomnia.", "CBT improved sleep in 70% of "
     "patients.", CONTRADICTED),
    ("The hotel does not have a gym.", "The hotel has 120 rooms and a rooftop pool.", CONTRADICTED),
])
def test_the_mention_rule_leaves_an_anchor_that_denies_restricts_or_lists_names(claim, context, label):
    v = unmentioned_override(_contradicted(), PRESETS["joint"], claim, [context])
    assert v.label == label, v.rule
    assert (v.rule.startswith("never mentioned: ")) == (label == UNSUPPORTED)
    # a verdict a rule decided stays
    ruled = _contradicted()
    ruled.anchor_conflict = "the claim says “x”, the source “y”"
    assert unmentioned_override(ruled, PRESETS["joint"], claim, [context]).label == CONTRADICTED


@pytest.mark.parametrize("engine", ("claims", "context", "context-fast"))
def test_free_wifi_the_timetable_never_mentions_is_unsupported(engine):
    """A user's airport answer: "The trains have free wifi" was Contradicted on context-fast by the timetable's first
    sentence; the journey's length stays Supported."""
    config = GroundingConfig(models_dir=str(MODELS), engine=engine).validate()
    res = ground("The journey to the airport takes 22 minutes. The trains have free wifi.", [TRAINS], config)
    journey, wifi = res.verdicts
    assert journey.label == SUPPORTED and journey.anchor == 1, journey.rule
    assert wifi.label == UNSUPPORTED, wifi.rule
    if wifi.rule.startswith("never mentioned"):
        assert res.sentence_map.labels[1][wifi.anchor] == 0
        assert explain(res, wifi, res.claims[1]).startswith("Unsupported: the sources never mention “free wifi”.")


def test_a_weak_backing_of_a_thing_never_mentioned_is_unsupported():
    """"Ashcombe Barn has rooms on site …" was Partially supported on every engine (F 0.44–0.60) by the venue's price
    sentence: no sentence names rooms. A strong reading or a rule's verdict stays."""
    from grounding.types import PARTIAL
    context = ["Ashcombe Barn's wedding package costs £9,800 for up to 80 day guests.",
               "The package includes exclusive use of the barn and grounds from 11am to midnight."]

    def partial(rule):
        return Verdict(claim=0, label=PARTIAL, score=0.6, anchor=0, cosine=0.6, entail=0.4, contradict=0.1, rule=rule)
    claim = "Ashcombe Barn has rooms on site where the couple can stay on the wedding night."
    v = unmentioned_override(partial("0.4 <= F 0.60 < 0.72"), PRESETS["joint"], claim, context)
    assert v.label == UNSUPPORTED and v.rule.startswith("never mentioned: “rooms” is in no context sentence; 0.4 <= F")
    weak = "read together, context sentences 1, 2 entail the claim only weakly: P(e) = 0.41 < 0.5 (>= 0.3)"
    assert unmentioned_override(partial(weak), PRESETS["joint"], claim, context).label == UNSUPPORTED
    # the thing is named; a rule's Partially supported; a Supported verdict
    assert unmentioned_override(partial("0.4 <= F 0.60 < 0.72"), PRESETS["joint"], "Ashcombe Barn has grounds.",
                                context).label == PARTIAL
    assert unmentioned_override(partial("stronger than the source: …"), PRESETS["joint"], claim, context).label == PARTIAL
    backed = partial("judged alone, context sentence 1 entails the claim: P(e) = 0.9 >= 0.3")
    backed.label = SUPPORTED
    assert unmentioned_override(backed, PRESETS["joint"], claim, context).label == SUPPORTED


@pytest.mark.parametrize("engine", ("claims", "context", "context-fast"))
def test_rooms_a_wedding_venue_never_mentions_are_unsupported(engine):
    context = ("Ashcombe Barn's wedding package for 2025 costs £9,800 for up to 80 day guests, with each extra guest"
               " charged at £65, up to a maximum of 120. The package includes exclusive use of the barn and grounds "
               "from 11am to midnight, tables and chairs, and a three-course meal; drinks are charged separately. A "
               "non-refundable deposit of £2,000 is due when the booking is confirmed, and the balance must be paid "
               "12 weeks before the wedding. Couples may bring their own caterer only for evening food, and outside "
               "caterers must pay a £250 kitchen fee. Confetti is allowed outdoors only and must be biodegradable. "
               "If the couple cancels more than 12 months before the date, only the deposit is lost; after that, 50%"
               " of the total is payable.")
    (v,) = ground("Ashcombe Barn has rooms on site where the couple can stay on the wedding night.", [context],
                  GroundingConfig(models_dir=str(MODELS), engine=engine).validate()).verdicts
    assert v.label == UNSUPPORTED, v.rule
