"""A part of one whole counted otherwise (grounding.portions)."""
from __future__ import annotations

import pytest
from conftest import contradicted_and_backed

from grounding.portions import portion_conflicts, portions

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

