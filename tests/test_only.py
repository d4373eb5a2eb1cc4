"""What a sentence says holds only for one thing, said by the claim of another (grounding.only)."""
from __future__ import annotations

from pathlib import Path

import pytest

from grounding import GroundingConfig, ground
from grounding.only import only_for
from grounding.reversal import reversals
from grounding.types import CONTRADICTED, SUPPORTED

MODELS = Path(__file__).resolve().parent.parent / "exported_models"
FESTIVAL = ("The festival runs over three days in late July and features more than 60 bands. Day tickets cost £75 and "
            "weekend tickets £180. Camping is included with weekend tickets only. Under-12s go free with a paying adult.")


@pytest.mark.parametrize("claim, sentence, expected", [
    ("Camping is included with day tickets.", "Camping is included with weekend tickets only.",
     [("with day tickets", "with weekend tickets only")]),
    ("Discounts are available for pensioners.", "Discounts are available only for students.",
     [("for pensioners", "for students only")]),
    ("The lounge is open to guests.", "The lounge is open to members only.", [("to guests", "to members only")]),
    ("The drug reduced pain in children.", "The drug reduced pain only in adults.", [("in children", "in adults only")]),
    # the thing it holds for, a wider word for it, negated, another subject, no "only"
    ("Camping is included with weekend tickets.", "Camping is included only with weekend tickets.", []),
    ("Camping is included with tickets.", "Camping is included with weekend tickets only.", []),
    ("Camping is not included with day tickets.", "Camping is included with weekend tickets only.", []),
    ("Parking is included with day tickets.", "Camping is included with weekend tickets only.", []),
    ("Camping is included with day tickets.", "Camping is included with weekend tickets.", []),
])
def test_only_for_another_thing(claim, sentence, expected):
    assert only_for(claim, sentence) == expected
    said = reversals(claim, sentence)
    assert all(f"the claim says “{c}”, the source “{x}”" in said for c, x in expected), said


@pytest.mark.parametrize("engine", ("claims", "context", "context-fast"))
def test_camping_with_day_tickets_is_contradicted(engine):
    """A user's festival answer: "Camping is included with day tickets" was Supported on every engine (the festival's
    sentences read together, P(e) 0.94-0.95)."""
    res = ground("Weekend tickets cost £180. Camping is included with day tickets.", [FESTIVAL],
                 GroundingConfig(models_dir=str(MODELS), engine=engine).validate())
    price, camping = res.verdicts
    assert price.label == SUPPORTED, price.rule
    assert camping.label == CONTRADICTED and camping.anchor == 2, camping.rule
    assert camping.rule.startswith("said the other way round: the claim says “with day tickets”, the source “with "
                                   "weekend tickets only”"), camping.rule
