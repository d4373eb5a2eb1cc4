"""A day of each month (grounding.monthdays), a figure of the quantity rule."""
from __future__ import annotations

from pathlib import Path

import pytest

from grounding import GroundingConfig, ground
from grounding.learned import quantity_conflicts
from grounding.monthdays import month_day_conflicts, month_days
from grounding.types import CONTRADICTED, SUPPORTED

MODELS = Path(__file__).resolve().parent.parent / "exported_models"


def test_days_of_the_month_are_read_as_numbers():
    assert month_days("Rent is due on the 15th of each month, salaries on the twenty-first day of every month, "
                      "reports on the last working day of each month and fees on day 28 of each month.") == [
        (15, "the 15th of each month"), (21, "the twenty-first day of every month"),
        (99, "the last working day of each month"), (28, "day 28 of each month")]
    assert month_days("Rent is due on the first day of the month.") == [(1, "the first day of the month")]
    assert month_days("Salaries are paid on the 1st, 10th and 20th of every month.") == [
        (20, "20th of every month"), (10, "the 10th of every month"), (1, "the 1st of every month")]
    assert month_days("The 15th of March was a Monday. The first month was hard. Paid at the end of the month.") == []


@pytest.mark.parametrize("claim, sentence, expected", [
    ("Rent is due on the 15th of each month.", "Rent of £1,150 is due on the first day of each month.",
     [("the 15th of each month", "the first day of each month")]),
    ("Salaries are paid on the last day of each month.", "Salaries are paid on the 28th of every month.",
     [("the last day of each month", "the 28th of every month")]),
    # the same day written two ways; another subject and verb; the sentence names the claim's day too
    ("Rent is due on the 1st of each month.", "Rent of £1,150 is due on the first day of each month.", []),
    ("Statements are sent on the 1st of each month.", "Payment is due on the 15th of each month.", []),
    ("Rent is due on the 1st of each month.", "Rent is due on the 1st or the 15th of each month.", []),
])
def test_another_day_of_each_month_for_the_same_figure(claim, sentence, expected):
    assert month_day_conflicts(claim, sentence) == expected
    assert [c for c in quantity_conflicts(claim, sentence, same_figure=True) if c in expected] == expected


TENANCY = ("The tenancy runs for 12 months from 1 September. Rent of £1,150 is due on the first day of each month. The "
           "landlord must give at least two months' notice to end the tenancy.")


@pytest.mark.parametrize("engine", ("claims", "context", "context-fast"))
def test_rent_due_on_another_day_is_contradicted(engine):
    """A user's tenancy answer: "Rent is due on the 15th of each month" was Partially supported on every engine (read
    together, P(e) 0.48): no value reader compared "the 15th" with "the first day"."""
    res = ground("The tenancy lasts a year from 1 September. Rent is due on the 15th of each month.", [TENANCY],
                 GroundingConfig(models_dir=str(MODELS), engine=engine).validate())
    year, rent = res.verdicts
    assert year.label == SUPPORTED and year.anchor == 0, year.rule
    assert rent.label == CONTRADICTED and rent.anchor == 1, rent.rule
    assert "the claim says the 15th of each month, the source the first day of each month" in rent.rule
