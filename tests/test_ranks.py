"""Ranks as figures of the quantity rule (grounding.ranks, learned.quantity_conflicts with same_figure)."""
from __future__ import annotations

from pathlib import Path

import pytest

from grounding import GroundingConfig, ground
from grounding.learned import quantity_conflicts
from grounding.ranks import birth_order_conflicts, rank_conflicts, ranks
from grounding.types import CONTRADICTED, SUPPORTED

MODELS = Path(__file__).resolve().parent.parent / "exported_models"
WILLIS = "Chicago's Willis Tower, once the tallest building in the world, is now the third tallest in the country."
RACE = ("Kenya's Faith Kipyegon won the women's 1500 metres in 3 minutes 51 seconds, ahead of Australia's Jessica Hull "
        "in second and Britain's Laura Muir in third.")


@pytest.mark.parametrize("claim, sentence, expected", [
    ("The Willis Tower in Chicago is the second tallest in the country.", WILLIS, ("second tallest", "third tallest")),
    ("The Willis Tower is the tallest building in the country.", WILLIS, ("tallest", "third tallest")),
    ("Laura Muir finished second.", RACE, ("second", "third")),
    ("Lisbon is the second most visited city in Portugal.",
     "Porto is the second most visited city in Portugal, after Lisbon, which is the most visited.",
     ("second most visited", "most visited")),
    ("Lewis Hamilton came 3rd in the race.", "Lewis Hamilton finished fifth, two minutes behind.", ("3rd", "fifth")),
    # a place in a table, reached: "to third in the table" / "up to fourth," (the tagger finds no name in the
    # sentence: "United" as the claim writes it holds the rank)
    ("The win lifts United to third in the table.", "The result moves United up to fourth, two points behind City.",
     ("third", "fourth")),
])
def test_another_rank_of_the_claims_holder_is_a_conflict(claim, sentence, expected):
    assert rank_conflicts(claim, sentence) == [expected]
    assert expected in quantity_conflicts(claim, sentence, same_figure=True)


@pytest.mark.parametrize("claim, sentence", [
    ("Jessica Hull finished second.", RACE),                                             # her rank
    ("The Willis Tower is the tallest building in the world.", WILLIS),                  # another scope
    ("The Central Park Tower is the second tallest in the country.", WILLIS),            # another holder
    ("The Willis Tower is the third largest in the country.", WILLIS),                   # another measure
    ("The second test was negative.", "The first test was negative."),                   # no rank: no copula, no place
    ("Drug A was used in second-line therapy.", "Drug A was used in third-line therapy."),   # a line of therapy
    ("The virus was first described in 1990.", "The virus was second to be described."),
    ("Lisbon is the most visited city in Portugal.",                                     # the source says both
     "Porto is the second most visited city in Portugal, after Lisbon, which is the most visited."),
])
def test_no_rank_conflict_for_another_holder_measure_or_scope(claim, sentence):
    assert rank_conflicts(claim, sentence) == []


def test_a_rank_is_read_with_its_measure_and_scope():
    (r,) = ranks("The Willis Tower in Chicago is the second tallest in the country.")
    assert (r.value, r.measure, r.scope, r.surface) == (2, "tallest", "country", "second tallest")
    assert [(r.value, r.measure) for r in ranks(RACE)] == [(2, "place"), (3, "place")]
    assert quantity_conflicts("The Willis Tower is the second tallest in the country.", WILLIS) == []  # features: none


TOWERS = ("At 541 metres, One World Trade Center is the tallest building in the United States. The Central Park Tower "
          "in New York, at 472 metres, is the second tallest. " + WILLIS)


@pytest.mark.parametrize("engine", ("claims", "context", "context-fast"))
def test_a_claim_giving_another_rank_is_contradicted(engine):
    """A user's answer: "The Willis Tower in Chicago is the second tallest in the country" was Partially supported
    on every engine (read together with the tallest building's sentence, P(e) 0.47)."""
    config = GroundingConfig(models_dir=str(MODELS), engine=engine).validate()
    res = ground("One World Trade Center, 541 metres tall, is the tallest building in the US. The Willis Tower in "
                 "Chicago is the second tallest in the country.", [TOWERS], config)
    right, wrong = res.verdicts
    assert right.label == SUPPORTED, right.rule
    assert wrong.label == CONTRADICTED and wrong.anchor == 2, wrong.rule
    assert wrong.rule.startswith("quantity override: the claim says second tallest, the source third tallest")


def test_to_an_ordinal_is_a_place_only_at_a_tables_end_or_a_sentences():
    assert [(r.value, r.measure) for r in ranks("She rose to first.")] == [(1, "place")]
    assert [(r.value, r.measure) for r in ranks("They climbed to 2nd in the league.")] == [(2, "place")]
    assert ranks("Data may be passed to third parties.") == []
    assert ranks("The drug moved to third-line use.") == []


@pytest.mark.parametrize("engine", ("claims", "context", "context-fast"))
def test_a_claim_giving_another_place_in_the_table_is_contradicted(engine):
    """A user's answer: "The win lifts United to third in the table" against "The result moves United up to
    fourth" was Supported on every engine (P(e) 0.86 on the claims engine)."""
    config = GroundingConfig(models_dir=str(MODELS), engine=engine).validate()
    report = ("United came from behind to beat City 2-1 at home on Saturday. Rashford equalised in the 58th minute and "
              "Fernandes scored the winner from the penalty spot in the 81st. The result moves United up to fourth, "
              "two points behind City.")
    res = ground("United beat City 2-1 on Saturday. The win lifts United to third in the table.", [report], config)
    right, wrong = res.verdicts
    assert right.label == SUPPORTED, right.rule
    assert wrong.label == CONTRADICTED and wrong.anchor == 2, wrong.rule
    assert wrong.rule.startswith("quantity override: the claim says third, the source fourth")


FILM = ("The film won four Oscars, including Best Picture and Best Director, but lost Best Actor to a rival. It earned "
        "$850 million worldwide on a budget of $90 million, and it was the year's third highest-grossing film.")


def test_a_rank_of_a_pronoun_in_a_possessive_scope():
    """"It was the year's highest-grossing film" was Supported on every engine by "… it was the year's third
    highest-grossing film": the possessive hid the rank, and "it" named no holder."""
    sentence = FILM.split(". ", 1)[1]
    assert rank_conflicts("It was the year's highest-grossing film.", sentence) == [("highest", "third highest")]
    assert rank_conflicts("It was the year's third highest-grossing film.", sentence) == []
    assert rank_conflicts("It is the tallest building in the city.",       # another holder, named by a noun
                          "The hotel is the second tallest building in the city.") == []


@pytest.mark.parametrize("engine", ("claims", "context", "context-fast"))
def test_the_years_highest_grossing_against_its_third_is_contradicted(engine):
    config = GroundingConfig(models_dir=str(MODELS), engine=engine).validate()
    top, third = ground("It was the year's highest-grossing film. It was the year's third highest-grossing film.",
                        [FILM], config).verdicts
    assert top.label == CONTRADICTED and top.anchor == 1, top.rule
    assert third.label == SUPPORTED and third.anchor == 1, third.rule


@pytest.mark.parametrize("claim, expected", [
    ("She was the eldest of five children.", [("eldest of five children", "third of five children")]),
    ("She was the youngest of five children.", [("youngest of five children", "third of five children")]),
    ("She was the first of five children.", [("first of five children", "third of five children")]),
    # the same place; as many said otherwise; another count of children
    ("She was the third of five children.", []),
    ("She was the 3rd of 5 children.", []),
    ("She was the eldest of four children.", []),
])
def test_a_place_among_brothers_and_sisters(claim, expected):
    sentence = "Edith Marrable was born in the market town of Sallowby, the third of five children of a rope-maker."
    assert birth_order_conflicts(claim, sentence) == expected
    assert all(pair in quantity_conflicts(claim, sentence, same_figure=True) for pair in expected)


@pytest.mark.parametrize("engine", ("claims", "context", "context-fast"))
def test_the_eldest_of_five_against_the_third_of_five_is_contradicted(engine):
    """The biography of everyday batch 126: "She was the eldest of five children" was Supported on every engine (P(e)
    0.68, the sentences read together), against "… the third of five children of a rope-maker"."""
    from evaluation.everyday import BATCH_DIR, load_batch
    (ex,) = [e for e in load_batch(BATCH_DIR / "126.json") if e["name"].startswith("126-1 ")]
    res = ground(ex["response"], ex["context"], GroundingConfig(models_dir=str(MODELS), engine=engine).validate())
    (v,) = [v for v in res.verdicts if res.claims[v.claim].sentence == 1]
    assert res.claims[v.claim].text == "She was the eldest of five children."
    assert v.label == CONTRADICTED, v.rule
    assert "the claim says eldest of five children, the source third of five children" in v.rule
