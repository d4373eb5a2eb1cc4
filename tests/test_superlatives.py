"""The one thing a superlative names (grounding.superlatives), read by the superlative rule."""
from __future__ import annotations

from pathlib import Path

import pytest

from grounding import GroundingConfig, ground
from grounding.explain import explain
from grounding.superlatives import other_holder, superlatives
from grounding.types import CONTRADICTED, SUPPORTED

MODELS = Path(__file__).resolve().parent.parent / "exported_models"
SIDE_EFFECT = "The most common side effect was a sore throat, reported by 6% of users."
TRIAL = ("In the trial, 412 adults with mild asthma were randomly assigned to the new inhaler or a placebo for 12 weeks. "
         "Severe attacks occurred in 9% of the inhaler group and 21% of the placebo group. " + SIDE_EFFECT +
         " The study was funded by the manufacturer.")


def test_a_superlative_names_its_holder_grade_noun_and_scope():
    assert superlatives("Headache was the most common side effect.") == (
        ("Headache", "most common", "side effect", ""),)
    assert superlatives(SIDE_EFFECT) == (("a sore throat", "most common", "side effect", ""),)
    assert superlatives("The largest city in France is Paris.") == (("Paris", "largest", "city", "France"),)
    assert superlatives("Headache was one of the most common side effects.") == ()
    assert superlatives("Headache was the second most common side effect.") == ()


@pytest.mark.parametrize("claim, sentence, expected", [
    ("Headache was the most common side effect.", SIDE_EFFECT,
     ("Headache is the most common side effect", "a sore throat")),
    # grades that say one thing ("Litter was the most frequently mentioned complaint" had been Supported on every
    # engine against "The most common complaint was potholes, …, followed by litter at 38%")
    ("Litter was the most frequently mentioned complaint.", "The most common complaint was potholes, mentioned by 45% "
     "of people, followed by litter at 38%.", ("Litter is the most frequently mentioned complaint", "potholes")),
    ("Potholes were the most frequently mentioned complaint.", "The most common complaint was potholes, mentioned by "
     "45% of people, followed by litter at 38%.", None),
    ("The most common side effect was headache.", SIDE_EFFECT,
     ("headache is the most common side effect", "a sore throat")),
    ("Lyon is the largest city in France.", "Paris is the largest city in France.", ("Lyon is the largest city", "Paris")),
    # the sentence goes on after its noun phrase ("Headache was the most frequent side effect" was Supported on
    # context-fast, P(e) 0.91)
    ("Headache was the most frequent side effect.", "Nausea was the most frequent side effect and usually eased after "
     "the first month.", ("Headache is the most frequent side effect", "Nausea")),
    ("Lyon is the largest city in France.", "Paris is the largest city in France, with 2 million people.",
     ("Lyon is the largest city", "Paris")),
    # named after the grade, as the next ("Sewage overflows were the main cause" was Supported on every engine)
    ("Sewage overflows were the main cause.", "Farm runoff was the main cause, followed by sewage overflows.",
     ("Sewage overflows is the main cause", "Farm runoff")),
    # one of several holders
    ("Headache was the most common side effect.", "Headache and nausea were the most common side effects.", None),
    # the claim's own holder; another grade, noun or scope; one of several; hedged
    ("A sore throat was the most common side effect.", SIDE_EFFECT, None),
    ("Headache was the most serious side effect.", SIDE_EFFECT, None),
    ("Headache was the most common complaint.", SIDE_EFFECT, None),
    ("Lyon is the largest city in the region.", "Paris is the largest city in France.", None),
    ("Headache was one of the most common side effects.", SIDE_EFFECT, None),
    ("Headache was the most common side effect.", "The most common side effect may have been a sore throat.", None),
])
def test_another_holder_of_the_claims_superlative(claim, sentence, expected):
    assert other_holder(claim, sentence) == expected


@pytest.mark.parametrize("engine", ("claims", "context", "context-fast"))
def test_another_holder_of_the_superlative_contradicts_the_claim(engine):
    """A user's trial answer: "Headache was the most common side effect" was Unsupported on both context engines
    against "The most common side effect was a sore throat" (P(n) 0.6)."""
    config = GroundingConfig(models_dir=str(MODELS), engine=engine).validate()
    res = ground("Headache was the most common side effect.", [TRIAL], config)
    (v,) = res.verdicts
    assert v.label == CONTRADICTED and v.anchor == 2, v.rule
    if v.rule.startswith("another holder"):     # the claims engine's model reads it so already
        assert v.anchor_conflict == ("the claim says “Headache is the most common side effect”, the source names "
                                     "“a sore throat”")
        assert res.sentence_map.labels[0][2] == -1
        assert "only one thing can be that, and it names another" in explain(res, v, res.claims[0])
    assert engine == "claims" or v.rule.startswith("another holder"), v.rule
    (v,) = ground("A sore throat was the most common side effect.", [TRIAL], config).verdicts
    assert v.label == SUPPORTED and v.anchor == 2, v.rule
