"""Two steps in the other order (grounding.step_order, one of the forms of overrides.reversal_override)."""
from __future__ import annotations

import pytest

from conftest import contradicted_and_backed
from grounding.step_order import reversed_steps

CREAM = ("If you also use a moisturiser (emollient), apply the moisturiser first and wait about 30 minutes before "
         "applying Dermacort.")


@pytest.mark.parametrize("claim, sentence, expected", [
    ("Dermacort should be applied before the moisturiser, with a 30-minute wait in between.", CREAM,
     [("before the moisturiser", "before applying Dermacort")]),
    ("Rinse the filter before the jug is filled.", "Fill the jug with water after rinsing the filter.", []),
    # the sentence's order; negated; one thing before one event (opposite_order's); the claim's way said too
    ("Dermacort should be applied after the moisturiser.", CREAM, []),
    ("Dermacort should not be applied before the moisturiser.", CREAM, []),
    ("The tablet is taken before breakfast.", "Take the tablet 30 minutes before breakfast.", []),
    ("Dermacort goes on before the moisturiser.", CREAM + " Never put Dermacort on before the moisturiser.", []),
])
def test_two_steps_in_the_other_order(claim, sentence, expected):
    assert reversed_steps(claim, sentence) == expected


@pytest.mark.parametrize("engine", ("claims", "context", "context-fast"))
def test_a_cream_applied_before_the_moisturiser_the_source_puts_first_is_contradicted(engine):
    """"Dermacort should be applied before the moisturiser, with a 30-minute wait in between" was Supported on every
    engine (read together, P(e) 0.84)."""
    context = ("Dermacort 1% cream is a mild steroid used to calm flare-ups of eczema. Apply a thin layer once or twice a "
               "day. " + CREAM)
    wrong, _ = contradicted_and_backed(engine, "Dermacort should be applied before the moisturiser, with a 30-minute "
                                       "wait in between. Dermacort is a mild steroid.", context, 2, 0)
    assert "the claim says “before the moisturiser”, the source “before applying Dermacort”" in wrong.rule
