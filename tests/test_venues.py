"""The same deed at another named place (grounding/venues.py): the pair, when there is none, and the verdict."""
from __future__ import annotations

import pytest
from conftest import contradicted_and_backed

from grounding.reversal import reversals
from grounding.venues import elsewhere

COUNT = "Votes will be counted overnight at Dunmore Leisure Centre, with results expected by 4am on Friday 8 May."


@pytest.mark.parametrize("claim, sentence, expected", [
    ("Votes will be counted at Dunmore Town Hall.", COUNT, [("Dunmore Town Hall", "Dunmore Leisure Centre")]),
    ("The concert will be held at Wembley Stadium.", "The concert will be held at the O2 Arena in London.",
     [("Wembley Stadium", "the O2 Arena in London")]),
    # the same place; a place the sentence's holds; another preposition; the claim's place given too; another verb
    ("Votes will be counted at Dunmore Leisure Centre.", COUNT, []),
    ("Votes will be counted at the Leisure Centre.", COUNT, []),
    ("Votes will be counted in Dunmore.", COUNT, []),
    ("Votes will be counted at the Town Hall.", "Votes will be counted at the Town Hall and at the Leisure Centre.", []),
    ("Votes will be cast at Dunmore Town Hall.", COUNT, []),
])
def test_the_same_deed_at_another_named_place(claim, sentence, expected):
    assert elsewhere(claim, sentence) == expected
    assert all(f"the claim says “{c}”, the source “{x}”" in reversals(claim, sentence) for c, x in expected)


@pytest.mark.parametrize("engine", ("claims", "context", "context-fast"))
def test_votes_counted_at_another_hall_are_contradicted(engine):
    """An election answer: "Votes will be counted at Dunmore Town Hall" was Supported on every engine against "…
    counted overnight at Dunmore Leisure Centre" (the town hall is where nominations go)."""
    context = ("Polling stations open at 7am and close at 10pm. " + COUNT +
               " Nominations must be handed in at Dunmore Town Hall.")
    contradicted_and_backed(engine, "Votes will be counted at Dunmore Town Hall. Polling stations open at 7am.",
                            context, 1, 0)
