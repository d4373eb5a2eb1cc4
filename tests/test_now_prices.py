"""A price now against the source's "was …, now …" (grounding.now_prices)."""
from __future__ import annotations

import pytest
from conftest import contradicted_and_backed

from grounding.learned import quantity_conflicts
from grounding.now_prices import now_conflicts

SALE = ("# Garden buildings clearance\nAll prices include delivery within 20 miles.\n"
        "- Elmstead 6 ft x 8 ft greenhouse: was £749, now £599\n- Elmstead 8 ft x 10 ft: was £999, now £849\n"
        "- Hawkridge 10 ft x 8 ft apex shed: was £1,199, now £999\nShed bases are laid for £95.")


@pytest.mark.parametrize("claim, sentence, expected", [
    # everyday batch 234: Supported on every engine before
    ("The larger 8 ft by 10 ft Elmstead is now £899.", "Elmstead 8 ft x 10 ft: was £999, now £849",
     [("now £899", "now £849")]),
    ("The peat-free ericaceous compost has been cut from £7.49 to £5.49.",
     "Peat-free Ericaceous Compost, 40 litres: was £7.49, now £5.99", [("now £5.49", "now £5.99")]),
    # the price now as the source gives it; another thing's line; no old price given
    ("The larger Elmstead is now £849.", "Elmstead 8 ft x 10 ft: was £999, now £849", []),
    ("The larger 8 ft by 10 ft Elmstead is now £899.", "Hawkridge 10 ft x 8 ft apex shed: was £1,199, now £999", []),
    ("The Elmstead is now £899.", "The Elmstead costs £849 and is now in stock.", []),
])
def test_a_price_now_against_the_sources_now(claim, sentence, expected):
    assert now_conflicts(claim, sentence) == expected


def test_the_quantity_rule_reads_it():
    assert quantity_conflicts("The larger 8 ft by 10 ft Elmstead is now £899.",
                              "Elmstead 8 ft x 10 ft: was £999, now £849", same_figure=True) == [("now £899", "now £849")]


@pytest.mark.parametrize("engine", ("claims", "context", "context-fast"))
def test_a_sale_price_misread_is_contradicted(engine):
    contradicted_and_backed(engine, "The larger 8 ft by 10 ft Elmstead is now £899. Shed bases are laid for £95.", SALE,
                            3, backed_anchor=5)
