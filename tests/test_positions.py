"""Above against below a named standard (grounding.positions) and another grade of one scale (grounding.grades)."""
from __future__ import annotations

from pathlib import Path

import pytest

from grounding import GroundingConfig, ground
from grounding.grades import grade_conflicts
from grounding.learned import quantity_conflicts
from grounding.positions import opposite_positions
from grounding.reversal import reversals
from grounding.types import CONTRADICTED, SUPPORTED

MODELS = Path(__file__).resolve().parent.parent / "exported_models"


@pytest.mark.parametrize("claim, sentence, expected", [
    ("Writing results were above the national average.", "Writing results were slightly below the national average.",
     [("above the national average", "below the national average")]),
    ("Inflation stayed above target in March.", "Inflation fell below target in March for the first time.",
     [("above target", "below target")]),
    ("The flat above the shop is for rent.", "The flat below the shop is for rent.", [("above the shop", "below the shop")]),
    # another subject; the same side; negated; a number's bound ("under the age of 16"); a numeric standard
    ("Reading results were above the national average.", "Writing results were slightly below the national average.", []),
    ("Writing results were below the national average.", "Writing results were slightly below the national average.", []),
    ("Sales were above expectations.", "Sales were not below expectations.", []),
    ("Children under the age of 16 travel free.", "Children over the age of 16 pay full fare; those under 16 travel free.", []),
    ("Inflation stayed above 3% in March.", "Inflation fell below 3% in March.", []),
])
def test_a_standard_on_the_other_side(claim, sentence, expected):
    assert opposite_positions(claim, sentence) == expected
    assert [r for r in reversals(claim, sentence) if "national average" in r or "target" in r or "shop" in r] == [
        f"the claim says “{c}”, the source “{x}”" for c, x in expected]


@pytest.mark.parametrize("claim, sentence, expected", [
    ("Inspectors rated the school outstanding in March.", "The school was rated good by inspectors in March.",
     [("outstanding", "good")]),
    ("She won a silver medal.", "She won gold in the 800 metres.", [("silver", "gold")]),
    ("The hotel was rated good.", "The hotel was rated excellent by guests.", [("good", "excellent")]),
    # the claim's grade written too; another thing graded; negated
    ("The nursery was rated outstanding.", "The school was rated good, and its nursery was rated outstanding.", []),
    ("She won silver.", "She won gold in the 800 metres and silver in the 1500 metres.", []),
    ("The hospital was rated outstanding.", "The school was rated good.", []),
    ("The school is not rated good.", "The school was rated outstanding.", []),
])
def test_another_grade_of_one_scale(claim, sentence, expected):
    assert grade_conflicts(claim, sentence) == expected
    assert [c for c in quantity_conflicts(claim, sentence, same_figure=True) if c in expected] == expected


SCHOOL = ("Pupils at Oakfield Primary achieved above the national average in reading and maths this year. Writing "
          "results were slightly below the national average. The school was rated good by inspectors in March. It has "
          "420 pupils and 18 teachers.")


@pytest.mark.parametrize("engine", ("claims", "context", "context-fast"))
def test_a_school_report_read_the_other_way_is_contradicted(engine):
    """A user's school answer: "Writing results were above the national average" was Supported on the context engines
    (read with the reading-and-maths sentence, P(e) 0.93) and "Inspectors rated the school outstanding in March"
    Supported on every engine (P(e) 0.82 alone)."""
    res = ground("Oakfield pupils beat the national average in reading and maths. Writing results were above the "
                 "national average. Inspectors rated the school outstanding in March. The school has 420 pupils.",
                 [SCHOOL], GroundingConfig(models_dir=str(MODELS), engine=engine).validate())
    reading, writing, rated, pupils = res.verdicts
    assert reading.label == SUPPORTED and reading.anchor == 0, reading.rule
    assert writing.label == CONTRADICTED and writing.anchor == 1, writing.rule
    assert rated.label == CONTRADICTED and rated.anchor == 2, rated.rule
    assert rated.rule.startswith("quantity override: the claim says outstanding, the source good")
    assert pupils.label == SUPPORTED and pupils.anchor == 3, pupils.rule
