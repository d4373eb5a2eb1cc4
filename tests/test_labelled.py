"""A list line's label named by the claim makes the line's one date, price or share the claim's figure
(grounding.measured.labelled_alike, through values.same_quantity)."""
from __future__ import annotations

import pytest

from conftest import all_supported, contradicted_and_backed
from grounding.learned import quantity_conflicts

AFTERNOON = "- Afternoon session (1:00pm to 6:00pm): £38 for all ages"
NEXT_DAY = "Next Day: Monday 22 December, before 4pm"


@pytest.mark.parametrize("claim, sentence, expected", [
    ("A morning session is £40, while the afternoon session is a little cheaper at £36.", AFTERNOON,
     [("£36", "£38")]),
    ("For Next Day delivery before Christmas, you need to book by 4pm on Tuesday 23 December.", NEXT_DAY,
     [("23 December", "22 December")]),
    ("Winter cover crops pay £151 per hectare.", "Winter cover crop: £129 per hectare", [("£151", "£129")]),
    # the label's own value; another label; an amount added on; the label before another value of the kind
    ("The afternoon session costs £38.", AFTERNOON, []),
    ("The morning session costs £36.", AFTERNOON, []),
    ("Next Day delivery costs £3 extra on Saturdays.", "Next Day: £7.50, delivered by 1pm", []),
    ("The afternoon session is £38 and lunch is £4.", AFTERNOON, []),
    # a total of several (everyday batch 187) or so many of the line's (batch 141) had turned Contradicted
    ("Together, you, your employer and the government's tax relief added £5,280 during the year.",
     "Tax relief added by the government: £660.00", []),
    ("A full three-dose rabies course would cost £225.", "Rabies: £75 (3 doses over 21 or 28 days)", []),
    ("A full rabies course would cost £220.", "Rabies: £75 (3 doses over 21 or 28 days)", [("£220", "£75")]),
])
def test_a_list_lines_label_named_by_the_claim(claim, sentence, expected):
    assert quantity_conflicts(claim, sentence, same_figure=True) == expected


NURSERY = ("# Sessions and fees\n- Full day (7:30am to 6:00pm): £68 for children under 2, £62 for children aged 2 and "
           "over\n- Morning session (7:30am to 1:00pm): £40 for all ages\n" + AFTERNOON + "\nFees include breakfast, "
           "a hot lunch, afternoon tea and nappies.")


@pytest.mark.parametrize("engine", ("claims", "context", "context-fast"))
def test_the_afternoon_sessions_price_is_its_lines(engine):
    """Everyday batch 204: "A morning session is £40, while the afternoon session is a little cheaper at £36" was
    Supported on every engine (the afternoon's line is £38: its price stood unattached to any word)."""
    wrong, _ = contradicted_and_backed(engine, "The afternoon session is a little cheaper at £36. The morning "
                                       "session costs £40.", NURSERY, 3, backed_anchor=2)
    assert "£36" in wrong.anchor_conflict and "£38" in wrong.anchor_conflict, wrong.rule
    all_supported(engine, "The afternoon session costs £38.", NURSERY)
