"""Age limits said the other way round, read in the source's words (grounding.ages via wording.align)."""
from __future__ import annotations

import pytest

from grounding import GroundingConfig, ground
from grounding.wording import align

ROWING = "Participants must be at least 12 years old and able to swim 50 metres."
MUSEUM = "Tickets cost £14 for adults and £7 for students; children aged 11 and under go free."


@pytest.mark.parametrize("premise, claim, read", [
    (ROWING, "Nobody under twelve can take part.", "You must be 12 or older to take part."),
    ("Riders must be 16 or over.", "You said no one under 16 can hire a bike.",
     "You said you must be 16 or older to hire a bike."),
    (MUSEUM, "Under-12s get into the temporary exhibitions free.",
     "Children aged 11 and under get into the temporary exhibitions free."),
    ("Adults aged 65 and over travel free.", "Over-64s travel free.", "Adults aged 65 and over travel free."),
    # another age: left as written, for the model and the number rules to see
    ("Riders must be 18 or over.", "No one under 16 can hire a bike.", "No one under 16 can hire a bike."),
    (MUSEUM, "Under-14s get in free.", "Under-14s get in free."),
])
def test_an_age_limit_read_in_the_sources_words(premise, claim, read):
    assert align(premise, claim) == read


@pytest.mark.parametrize("engine", ("claims", "context", "context-fast"))
def test_nobody_under_twelve_against_at_least_12_is_supported(engine):
    """A rowing club notice: "Nobody under twelve can take part, and participants need to be able to swim 50 metres"
    was Contradicted on every engine (the model read the negation, P(c) 0.96)."""
    context = ("Taster sessions on the water last 45 minutes and are free, but places must be booked online. " + ROWING
               + " The club was founded in 1896.")
    verdicts = ground("Nobody under twelve can take part, and participants need to be able to swim 50 metres.",
                      [context], GroundingConfig(engine=engine).validate()).verdicts
    assert verdicts and all(v.label == "Supported" and v.anchor == 1 for v in verdicts), [v.rule for v in verdicts]
