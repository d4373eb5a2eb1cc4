"""A value said to have moved against the same value said to have stayed (learned.held, the quantity rule), and a
number counted past a word that leaves what it counts (units._unit_after: "ten unused days")."""
from __future__ import annotations

from pathlib import Path

import pytest

from grounding import GroundingConfig, ground
from grounding.learned import held, quantity_conflicts
from grounding.types import CONTRADICTED, SUPPORTED

MODELS = Path(__file__).resolve().parent.parent / "exported_models"


@pytest.mark.parametrize("text, value, expected", [
    ("The board approved a dividend of $0.40 per share, unchanged from the previous quarter.", "$0.40", "unchanged"),
    ("The bank held rates at 5% for a third month.", "5%", "held"),
    ("Inflation remained at 2.1% in May.", "2.1%", "remained"),
    ("Unemployment was 4.2%, unchanged.", "4.2%", "unchanged"),
    ("The party held 5% of seats.", "5%", ""),                       # possession: "held" without "at"
    ("Sales were up 5% in March while costs were flat.", "5%", ""),  # "flat" is the costs', four words on
    ("The bank raised rates to 5%.", "5%", ""),
])
def test_a_value_said_not_to_move(text, value, expected):
    start = text.index(value)
    assert held(text, start, start + len(value)) == expected


@pytest.mark.parametrize("claim, sentence, expected", [
    ("The dividend was raised to $0.40 per share.",
     "The board approved a dividend of $0.40 per share, unchanged from the previous quarter.",
     [("$0.40 (raised)", "$0.40 (unchanged)")]),
    ("The bank raised rates to 5%.", "The bank held rates at 5% for a third month.", [("5% (raised)", "5% (held)")]),
    ("The dividend stayed at $0.40 per share.",
     "The board approved a dividend of $0.40 per share, unchanged from the previous quarter.", []),
    ("The bank raised rates to 5%.", "The bank raised rates to 5%, and has held them there since.", []),
    # a number counted past "unused": days against days
    ("Up to ten unused days can be carried over.",
     "Unused leave of up to five days can be carried over into the next year.", [("ten days", "five days")]),
    ("You get 3 extra days off.", "Staff get 5 days off.", []),          # "extra": a difference, not the days
])
def test_moved_against_held_and_counted_nouns(claim, sentence, expected):
    assert quantity_conflicts(claim, sentence, same_figure=True) == expected


RESULTS = ("Q3 results: Revenue rose 12% year over year to $4.2 billion. Operating margin fell to 18% from 21% a year "
           "earlier, as the company increased spending on research. The board approved a dividend of $0.40 per share, "
           "unchanged from the previous quarter. Headcount grew to 15,300 employees.")
LEAVE = ("Employees accrue 1.5 days of paid leave per month, up to 18 days a year. Unused leave of up to five days can "
         "be carried over into the next year; any remaining days expire on 31 March. Sick leave is separate and does "
         "not count against paid leave.")


@pytest.mark.parametrize("engine", ("claims", "context", "context-fast"))
def test_a_raised_dividend_against_an_unchanged_one_is_contradicted(engine):
    """A user's results answer: "The dividend was raised to $0.40 per share" was Supported on every engine (P(e)
    0.86) against "a dividend of $0.40 per share, unchanged from the previous quarter"; "Up to ten unused days can be
    carried over" was Unsupported on the context engine against "up to five days" (days after "ten unused" had been
    the unit "unused")."""
    config = GroundingConfig(models_dir=str(MODELS), engine=engine).validate()
    res = ground("The dividend was raised to $0.40 per share. The dividend stayed at $0.40 per share.", [RESULTS],
                 config)
    raised, stayed = res.verdicts
    assert raised.label == CONTRADICTED and raised.anchor == 2, raised.rule
    assert raised.anchor_conflict == "the claim says $0.40 (raised), the source $0.40 (unchanged)"
    assert stayed.label == SUPPORTED and stayed.anchor == 2, stayed.rule
    (days,) = ground("Up to ten unused days can be carried over.", [LEAVE], config).verdicts
    assert days.label == CONTRADICTED and days.anchor == 1, days.rule
