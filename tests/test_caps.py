"""No limit against a cap (grounding.caps), a figure of the quantity rule."""
from __future__ import annotations

from pathlib import Path

import pytest
from conftest import contradicted_and_backed

from grounding import GroundingConfig, ground
from grounding.caps import cap_conflicts
from grounding.learned import quantity_conflicts
from grounding.types import CONTRADICTED, SUPPORTED

MODELS = Path(__file__).resolve().parent.parent / "exported_models"


@pytest.mark.parametrize("claim, sentence, expected", [
    ("You can make unlimited claims.", "You can make up to two claims in any 12-month period.",
     [("unlimited claims", "up to two claims")]),
    ("There is no limit on the number of devices.", "The plan can be used on no more than 5 devices.",
     [("no limit on the number of devices", "no more than 5 devices")]),
    ("You can book as many sessions as you like.", "Each member is limited to four sessions a week.",
     [("as many sessions as you like", "limited to four sessions")]),
    # negated, another thing capped, nothing capped
    ("The plan is not unlimited.", "You can make up to two claims.", []),
    ("You can make unlimited calls.", "You can make up to two claims in any 12-month period.", []),
    ("You can make unlimited claims.", "Each claim has an excess of 75 pounds.", []),
    # an allowance given as an amount ("It includes unlimited data" was Supported on every engine, P(e) 0.95)
    ("It includes unlimited data.", "This is a 24-month contract with unlimited calls and texts and 100GB of data "
                                    "each month.", [("unlimited data", "100GB of data")]),
    ("It includes unlimited calls.", "This is a 24-month contract with unlimited calls and texts and 100GB of data "
                                     "each month.", []),
    ("The plan has unlimited minutes.", "The plan includes 500 minutes and unlimited texts.",
     [("unlimited minutes", "500 minutes")]),
    # a word before the thing in each ("as many club rides as they like" / "up to three club rides": everyday batch
    # 179, Supported on every engine, P(e) 0.84)
    ("People can come on as many club rides as they like as guests.", "Prospective members may join up to three club "
     "rides as guests before they are asked to join.", [("as many club rides as they like", "up to three club rides")]),
    ("People can come on as many club rides as they like.", "Guests may join up to three club socials.", []),
])
def test_no_limit_against_a_cap_of_the_same_thing(claim, sentence, expected):
    assert cap_conflicts(claim, sentence) == expected
    assert [c for c in quantity_conflicts(claim, sentence, same_figure=True) if c in expected] == expected


POLICY = ("The policy covers accidental damage to your phone, theft and loss. Each claim has an excess of 75 pounds. "
          "You can make up to two claims in any 12-month period.")


@pytest.mark.parametrize("engine", ("claims", "context"))
def test_unlimited_claims_against_a_cap_are_contradicted(engine):
    """A user's insurance answer: "You can make unlimited claims" was Unsupported on every engine (F 0.15 on context).
    (On context-fast the scorer anchors it on the excess sentence, which caps nothing: Partially supported.)"""
    res = ground("You can make unlimited claims. Each claim has an excess of 75 pounds.", [POLICY],
                 GroundingConfig(models_dir=str(MODELS), engine=engine).validate())
    unlimited, excess = res.verdicts
    assert unlimited.label == CONTRADICTED and unlimited.anchor == 2, unlimited.rule
    assert unlimited.rule.startswith("quantity override: the claim says unlimited claims, the source up to two claims")
    assert excess.label == SUPPORTED and excess.anchor == 1, excess.rule


@pytest.mark.parametrize("engine", ("claims", "context", "context-fast"))
def test_as_many_club_rides_as_they_like_against_three_is_contradicted(engine):
    """Everyday batch 179: Supported on every engine (P(e) 0.84, read together)."""
    wrong, _ = contradicted_and_backed(
        engine, "People can come on as many club rides as they like as guests before joining. Club rides leave at 9am "
        "on Sundays.", "Club rides leave at 9am on Sundays from the Market Cross. Prospective members may join up to "
        "three club rides as guests before they are asked to join. Helmets must be worn on all club rides.", 1, 0)
    assert "up to three club rides" in wrong.rule, wrong.rule
