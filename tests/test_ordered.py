"""Two things a claim compares, ordered by the figures a sentence gives each (grounding.ordered)."""
from __future__ import annotations

import pytest

from conftest import contradicted_and_backed
from grounding.compared import against_figures
from grounding.ordered import ordered

CAMERA = "The main camera is 50 megapixels, and the front camera is 12 megapixels."
TRIAL = ("Side effects, mainly a sore throat, were reported by 8% of Respiral users and 7% of the standard group.")
PASSPORT = "Online renewal costs £88.50 and the postal form costs £100."


@pytest.mark.parametrize("claim, sentence, expected", [
    ("The front camera has fewer megapixels than the main camera.", CAMERA,
     (True, "fewer megapixels than the main camera", "12 against 50")),
    ("The front camera has more megapixels than the main camera.", CAMERA,
     (False, "more megapixels than the main camera", "12 against 50")),
    ("Side effects were slightly more common among Respiral users than in the comparison group.", TRIAL,
     (True, "more common among Respiral users than in the comparison group", "8% against 7%")),
    ("Renewing by post is cheaper than renewing online.", PASSPORT,
     (False, "cheaper than renewing online", "£100 against £88.50")),
    # a figure for one thing only; a part naming both things; a negated claim; no "than"
    ("Women were more likely than men to be admitted.", "Of the 200 patients, 120 were women.", None),
    ("The front camera has fewer megapixels than the main camera.",
     "The main and front cameras are 50 and 12 megapixels.", None),
    ("The front camera does not have more megapixels than the main camera.", CAMERA, None),
    ("The front camera has 12 megapixels.", CAMERA, None),
])
def test_two_things_ordered_by_their_figures(claim, sentence, expected):
    assert ordered(claim, sentence) == expected
    assert against_figures(claim, sentence) == ([expected] if expected else [])


@pytest.mark.parametrize("engine", ("claims", "context", "context-fast"))
def test_fewer_megapixels_on_the_front_camera_is_supported(engine):
    """A phone's specifications: "The front camera has fewer megapixels than the main camera" was Contradicted on
    every engine."""
    context = "The S9 has a 6.1-inch screen and 128GB of storage. " + CAMERA + " It costs 699 pounds."
    wrong, right = contradicted_and_backed(
        engine, "The S9 has 256GB of storage. The front camera has fewer megapixels than the main camera.",
        context, 0, backed_anchor=1)
    assert right.rule.startswith("borne out by the figures"), right.rule


def test_a_bound_is_no_second_thing_and_a_thousands_comma_splits_nothing():
    """"Quillon has more than 1,900 customers" had been Contradicted by "… ended the quarter with 1,930 customers" on
    the claims engine as two things ordered "1 against 930" (everyday batch 133)."""
    from grounding.reversal import reversals
    assert ordered("Quillon has more than 1,900 customers.", "Quillon ended the quarter with 1,930 customers, of which "
                   "212 pay more than $250,000 a year.") is None
    assert reversals("Quillon has more than 1,900 customers.", "Quillon ended the quarter with 1,930 customers.") == []
    assert ordered("Renewing by post is more expensive than renewing online.",
                   "Online renewal costs £1,088.50 and the postal form costs £1,100.")[0] is True
