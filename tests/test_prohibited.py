"""A limit said as a prohibition (grounding.prohibited; number_rules.limit_override), a negated bound read as the
other bound (values.NEGATED_BOUND), and the ends of a range in words (values.in_range)."""
from __future__ import annotations

from pathlib import Path

import pytest

from grounding import GroundingConfig, ground
from grounding.entities import mentions
from grounding.explain import explain
from grounding.learned import quantity_conflicts
from grounding.pipeline import rederive
from grounding.prohibited import LIMIT_RULE, as_limit, limit_target
from grounding.types import CONTRADICTED, SUPPORTED
from grounding.ranges import in_range
from grounding.bounds import NEGATED_BOUND

MODELS = Path(__file__).resolve().parent.parent / "exported_models"


@pytest.mark.parametrize("claim, sentence, expected", [
    ("Adults can take up to eight tablets in 24 hours.", "Do not take more than eight tablets in 24 hours.",
     "Take at most eight tablets in 24 hours."),
    ("You can bring up to two bags.", "You must not bring more than two bags.", "You may bring at most two bags."),
    ("Take up to 8 tablets a day.", "Take no more than 8 tablets a day.", "Take at most 8 tablets a day."),
    ("The daily dose is up to 4 g.", "The dose must not exceed 4 g a day.", "The dose may be at most 4 g a day."),
    ("The daily dose is up to 4 g.", "Do not exceed 4 g a day.", "Keep to at most 4 g a day."),
    ("Speed is limited to 30 mph.", "Drivers must not go over 30 mph.", "Drivers may go at most 30 mph."),
    # the claim's figure as a lower bound, or negated; another unit; a bound below; no prohibition
    ("You can take at least 8 tablets.", "Do not take more than 8 tablets.", None),
    ("Patients should never drive more than 2 hours.", "Patients should not drive more than 2 hours.", None),
    ("You can take up to 8 tablets.", "Do not take more than 8 hours.", None),
    ("Keep it at 5 degrees.", "Do not store below 5 degrees.", None),
    ("The hotel has 30 rooms.", "Groups of more than 30 are not allowed.", None),
])
def test_the_sentence_read_as_the_limit_it_states(claim, sentence, expected):
    assert as_limit(claim, sentence) == expected


def test_the_most_similar_prohibiting_sentence_is_read():
    texts = ["Paracetamol 500 mg tablets.", "Do not take more than eight tablets in 24 hours.",
             "Children: no more than four tablets in 24 hours."]
    assert limit_target("You can take up to four tablets in 24 hours.", [0, 1, 2], texts) == \
        (2, "Children: at most four tablets in 24 hours.")
    assert limit_target("You can take up to eight tablets in 24 hours.", [2, 0, 1], texts) == \
        (1, "Take at most eight tablets in 24 hours.")
    assert limit_target("Each tablet holds 500 mg.", [0, 1, 2], texts) is None


def test_a_negated_bound_is_the_other_bound():
    """"at least eight" against "Do not take more than eight" had been no conflict (the negated bound was none), and
    "Adults can take at least eight tablets a day" was Supported on the claims engine."""
    assert quantity_conflicts("Adults can take at least eight tablets a day.",
                              "Do not take more than eight tablets in 24 hours.", same_figure=True) == \
        [("at least eight", "do not take more than eight")]
    assert quantity_conflicts("Adults can take up to eight tablets a day.",
                              "Do not take more than eight tablets in 24 hours.", same_figure=True) == []
    assert quantity_conflicts("Keep it above 5 degrees.", "Never let it go below 5 degrees.", same_figure=True) == []
    # "over" after the verb's object is that object's age, no bound the negation turns
    assert NEGATED_BOUND.search("The vaccine is not recommended for adults over") is None
    assert NEGATED_BOUND.search("Do not store above") and NEGATED_BOUND.search("You must not bring more than")
    assert quantity_conflicts("The vaccine is not recommended for adults over 65.",
                              "The vaccine is recommended for adults over 65.", same_figure=True) == []
    assert quantity_conflicts("Keep it below 5 degrees.", "Never let it go below 5 degrees.", same_figure=True) == \
        [("below 5", "never let it go below 5")]


def test_number_words_either_side_of_to_are_the_ends_of_a_range():
    """"every four to six hours" had given six hours as a value of its own, noted against "in 24 hours"."""
    text = "Adults and children over 16: take one or two tablets every four to six hours as needed."
    assert [(m.surface, in_range(text, m)) for m in mentions(text)] == \
        [("16", False), ("two", False), ("four", True), ("six", True)]
    assert quantity_conflicts("Adults can take up to eight tablets in 24 hours.", text, same_figure=True) == []


LEAFLET = ("Paracetamol 500 mg tablets. Adults and children over 16: take one or two tablets every four to six hours as "
           "needed. Do not take more than eight tablets in 24 hours. Do not take with other products containing "
           "paracetamol. Children aged 10 to 15: take one tablet every four to six hours, no more than four tablets "
           "in 24 hours.")


@pytest.mark.parametrize("engine", ("claims", "context", "context-fast"))
def test_a_limit_said_as_a_prohibition_supports_the_limit(engine):
    """A user's leaflet answer: "Adults can take up to eight tablets in 24 hours" was Contradicted on every engine by
    "Do not take more than eight tablets in 24 hours" (P(c) 0.87: the model read the "not"). Read as "Take at most
    eight tablets in 24 hours" the sentence entails it; "up to twelve" stays Contradicted, "at least eight" is
    Contradicted, and the children's own limit is no conflict."""
    config = GroundingConfig(models_dir=str(MODELS), engine=engine).validate()
    res = ground("Adults can take up to eight tablets in 24 hours. Adults can take up to twelve tablets in 24 hours. "
                 "Adults can take at least eight tablets a day. Children aged 10 to 15 can take up to four tablets in "
                 "24 hours.", [LEAFLET], config)
    eight, twelve, least, children = res.verdicts
    assert eight.label == SUPPORTED and eight.anchor == 2, eight.rule
    assert eight.rule.startswith(f"{LIMIT_RULE}: read as the limit it states, context sentence 3 entails the claim")
    claim = res.claims[eight.claim]
    assert claim.swapped_column == 2 and claim.swapped[0] > 0.7
    assert eight.conflicting is None
    assert explain(res, eight, claim).startswith(
        f"Supported by “{res.context_sentences[2].text}” (Document 1, sentence 3) forbids going past the claim's "
        "figure. Read as the limit it states, it backs the claim")
    assert res.sentence_map.labels[0][2] == 1                  # the map shows the sentence backing it
    assert twelve.label == CONTRADICTED and twelve.anchor == 2, twelve.rule
    assert least.label == CONTRADICTED and least.anchor == 2, least.rule
    assert "the claim says at least eight, the source do not take more than eight" in least.rule
    assert children.label == SUPPORTED and children.anchor == 4, children.rule
    off = rederive(res, GroundingConfig(models_dir=str(MODELS), engine=engine,
                                        overrides={"quantity_override": None}).validate())
    assert off.verdicts[0].label == CONTRADICTED and off.sentence_map.labels[0][2] == -1


@pytest.mark.parametrize("engine", ("claims", "context", "context-fast"))
def test_a_weakly_backed_claim_with_the_limit_beside_it_is_supported_on_the_limit(engine):
    """In the app, with the leaflet's first three sentences beside another document, the claim was Partially supported
    (the sentences read together: P(e) 0.47, P(c) 0.45), the prohibition named as leaning against it: the limit is
    read there too, and backs it."""
    config = GroundingConfig(models_dir=str(MODELS), engine=engine).validate()
    short = LEAFLET.split(" Do not take with")[0]
    res = ground("Adults can take up to eight tablets in 24 hours.",
                 [short, "You can return most items within 30 days of delivery for a full refund."], config)
    (v,) = res.verdicts
    assert v.label == SUPPORTED and v.anchor == 2 and v.conflicting is None, v.rule
    assert v.rule.startswith(f"{LIMIT_RULE}: read as the limit it states, context sentence 3 entails the claim")
