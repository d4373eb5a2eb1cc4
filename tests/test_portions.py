"""A part of one whole counted otherwise (grounding.portions)."""
from __future__ import annotations

import pytest
from conftest import contradicted_and_backed

from grounding.portions import every_against_part, portion_conflicts, portions

SHOW = ("This exhibition brings together 64 works by Edith Morrow, 22 of them borrowed from private collections. The "
        "exhibition runs until 31 August.")


@pytest.mark.parametrize("text, whole, part", [
    ("Of the 64 works on show, 32 come from private collections.", 64, 32),
    ("It brings together 64 works, 22 of them borrowed from private collections.", 64, 22),
    ("22 of the 64 works were borrowed.", 64, 22),
    ("The trial enrolled 1,184 adults, 590 of whom took the drug.", 1184, 590),
])
def test_a_whole_and_its_part_are_read_by_their_words(text, whole, part):
    (found,) = portions(text)
    assert (found.whole, found.part) == (whole, part)


def test_a_part_of_one_whole_counted_otherwise_conflicts():
    sentence = SHOW.split(". ")[0] + "."
    assert portion_conflicts("Of the 64 works on show, 32 come from private collections.", sentence) == [("32", "22")]
    assert portion_conflicts("Of the 64 works on show, 22 come from private collections.", sentence) == []
    # another thing of the whole, or a part the sentence writes too, is no conflict
    assert portion_conflicts("Of the 64 works on show, 32 are paintings.", sentence) == []
    assert portion_conflicts("Of the 120 patients, 45 had side effects.",
                             "Of the 120 patients, 60 improved and 45 had side effects.") == []


@pytest.mark.parametrize("engine", ("claims", "context", "context-fast"))
def test_the_part_counted_otherwise_is_contradicted(engine):
    """"Of the 64 works on show, 32 come from private collections" had been Supported on every engine against "64
    works …, 22 of them borrowed from private collections": the sentence states the claim's 64, and then its other
    numbers were not compared (everyday batch 139)."""
    wrong, _ = contradicted_and_backed(engine, "Of the 64 works on show, 32 come from private collections. The "
                                               "exhibition runs until 31 August.", SHOW, 0, 1)
    assert "32" in wrong.rule and "22" in wrong.rule



SURVEY = "Meadow pipit remained the most widespread species and was found in 40 of the 42 squares."


@pytest.mark.parametrize("claim, expected", [
    ("Meadow pipit was found in every survey square.", [("every survey square", "40 of 42")]),
    ("Meadow pipit was found in all the squares.", [("all the squares", "40 of 42")]),
    # a part itself; another species; a claim that denies it; every one of another thing
    ("Meadow pipit was found in 40 squares.", []),
    ("Skylarks were found in every survey square.", []),
    ("Meadow pipit was not found in every square.", []),
    ("Meadow pipit is the most widespread species in every region.", []),
])
def test_every_one_against_a_part(claim, expected):
    assert every_against_part(claim, SURVEY) == expected


@pytest.mark.parametrize("engine", ("claims", "context", "context-fast"))
def test_found_in_every_square_against_40_of_42_is_not_backed(engine):
    """Everyday batch 195: Unsupported on every engine, the entailment model leaning to contradiction (P(c) 0.54).
    The context engines now give the conflict of figures; the claims engine reads the survey's first sentence and
    stays Unsupported."""
    from grounding import GroundingConfig, ground
    context = ("The 2025 breeding bird survey covered 42 one-kilometre squares across the park. " + SURVEY
               + " Skylark numbers rose for the third year running.")
    wrong, right = ground("Meadow pipit was found in every survey square. Skylark numbers rose for the third year "
                          "running.", [context], GroundingConfig(engine=engine).validate()).verdicts
    if engine == "claims":
        assert wrong.label == "Unsupported", wrong.rule
    else:
        assert wrong.label == "Contradicted" and wrong.anchor == 1 and "40 of 42" in wrong.rule, wrong.rule
    assert right.label == "Supported", right.rule
