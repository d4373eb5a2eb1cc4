"""A change said by its size where the source gives its two ends (grounding.differences)."""
from __future__ import annotations

import pytest

from conftest import contradicted_and_backed
from grounding.differences import by_difference
from grounding.learned import quantity_conflicts
from grounding.wording import align

PRICE = "Brightwell Energy will cut its standard electricity price from 27p to 24p per kilowatt hour from 1 January."
WAITS = ("The number of patients waiting for planned treatment fell to 18,200 in May, from 21,500 in January. The "
         "number waiting more than a year dropped from 940 to 310.")
REVENUE = ("Harlow Outdoor reported revenue of 84 million pounds for the three months to June, up from 70 million "
           "pounds a year earlier.")


@pytest.mark.parametrize("premise, claim, read", [
    (PRICE, "The unit price will go down by 3p per kilowatt hour.",
     "The unit price will go down from 27p to 24p per kilowatt hour."),
    (WAITS, "The waiting list shrank by 3,300 patients between January and May.",
     "The waiting list shrank from 21,500 to 18,200 patients between January and May."),
    (WAITS, "The number of long waiters fell by more than 600.", "The number of long waiters fell from 940 to 310."),
    (REVENUE, "Quarterly revenue rose by 14 million pounds.",
     "Quarterly revenue rose from 70 million pounds to 84 million pounds."),
    ("Unemployment rose from 4.1% to 6.6%.", "Unemployment rose by 2.5 percentage points.",
     "Unemployment rose from 4.1% to 6.6%."),
    # the other direction, another size, a bound it fails, a share of the start or points (either), no move
    (PRICE, "The unit price will go up by 3p per kilowatt hour.", None),
    (PRICE, "The unit price will go down by 5p per kilowatt hour.", None),
    (WAITS, "The number of long waiters fell by more than 700.", None),
    ("Unemployment rose from 4.1% to 6.6%.", "Unemployment rose by 2.5%.", None),
    ("Unemployment was 6.6%, and 4.1% a year before.", "Unemployment rose by 2.5 percentage points.", None),
])
def test_a_change_by_its_size_is_read_as_the_sources_two_ends(premise, claim, read):
    assert align(premise, claim) == (read or claim)
    assert bool(by_difference(premise, claim)) == (read is not None)


def test_the_quantity_rule_reads_no_conflict_in_a_size_that_holds():
    assert quantity_conflicts("The unit price will go down by 3p per kilowatt hour.", PRICE, same_figure=True) == []
    assert quantity_conflicts("The unit price will go down by 5p per kilowatt hour.", PRICE, same_figure=True) != []


@pytest.mark.parametrize("engine", ("claims", "context", "context-fast"))
def test_down_by_3p_from_27p_to_24p_is_supported(engine):
    """An energy tariff answer: "The unit price of electricity will go down by 3p per kilowatt hour" was Contradicted
    on every engine (the quantity rule read 3 against 27 and 24)."""
    context = PRICE + " The daily standing charge, however, will rise from 53p to 60p."
    contradicted_and_backed(engine, "The standing charge will rise by 10p. The unit price of electricity will go down "
                            "by 3p per kilowatt hour.", context, 1, backed_anchor=0)
