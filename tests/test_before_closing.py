"""A time the source gives as so long before closing (grounding.before_closing)."""
from __future__ import annotations

import pytest

from grounding import GroundingConfig, ground
from grounding.types import CONTRADICTED, SUPPORTED

VISIT = ("The Whitlock is open Tuesday to Sunday, 10am to 5pm. Entry to the permanent collection is free. Last entry "
         "to the temporary exhibition is 45 minutes before closing. Bags larger than A3 must be left in the cloakroom.")


@pytest.mark.parametrize("engine", ("claims", "context", "context-fast"))
def test_a_time_worked_out_from_the_closing_time(engine):
    """"On an ordinary day, the last chance to get into the temporary exhibition is 4:15pm" had been Contradicted on
    every engine (P(c) 0.76; everyday batch 139); 4:30pm is not what the sum gives."""
    config = GroundingConfig(engine=engine).validate()
    (right,) = ground("On an ordinary day, the last chance to get into the temporary exhibition is 4:15pm.", [VISIT],
                      config).verdicts
    assert right.label == SUPPORTED and right.anchor == 2 and "17:00 less 45 minutes" in right.rule, right.rule
    if engine == "context":
        from grounding.explain import explain
        result = ground("On an ordinary day, the last chance to get into the temporary exhibition is 4:15pm.", [VISIT],
                        config)
        assert "the claim's time is 45 minutes before closing (17:00 less 45 minutes)" in explain(
            result, result.verdicts[0], result.claims[0])
    (wrong,) = ground("On an ordinary day, the last chance to get into the temporary exhibition is 4:30pm.", [VISIT],
                      config).verdicts
    assert wrong.label == CONTRADICTED and wrong.anchor == 2, wrong.rule
