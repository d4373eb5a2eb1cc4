"""A line under a heading that rules it out (grounding.excluded): "What is not covered", "Exclusions"."""
from __future__ import annotations

import pytest
from conftest import contradicted_and_backed

from grounding import GroundingConfig, ground
from grounding.types import SUPPORTED

# headings as plain lines, as a policy pasted from a web page reads
POLICY = ("Brackenridge Home Insurance: Buildings\nWhat is covered\nWe will pay for loss or damage to your buildings "
          "caused by escape of water from any fixed water or heating installation.\nWhat is not covered\nThe first £350 "
          "of every escape of water claim (your excess).\nThe cost of repairing the appliance or pipe that the water "
          "escaped from.\nAny loss or damage that happens while your home is unoccupied for more than 60 consecutive days.")

# as the everyday batch wrote it: Markdown headings and list items
WORDING = """# Brackenridge Home Insurance: Policy Wording, Section 1 (Buildings)
# What is covered
We will pay for loss or damage to your buildings caused by escape of water or oil from any fixed water or heating installation, washing machine, dishwasher or fish tank. We will also pay up to £5,000 for the cost of finding the source of the leak and repairing the damage caused by that search (trace and access).
# What is not covered
- The first £350 of every escape of water claim (your excess). For all other claims under this section the excess is £100.
- Damage caused by water escaping from baths, showers or sinks because of failed grouting or sealant.
- The cost of repairing the appliance or pipe that the water escaped from.
- Any loss or damage that happens while your home is unoccupied for more than 60 consecutive days.
# Alternative accommodation
If your home cannot be lived in because of damage covered by this section, we will pay reasonable costs of alternative accommodation for you, your family and your pets. We will pay up to 20% of the buildings sum insured, for a maximum of 12 months."""


@pytest.mark.parametrize("engine", ("claims", "context", "context-fast"))
def test_a_line_under_what_is_not_covered_contradicts_cover(engine):
    """"The policy will also pay to repair the pipe or appliance that the water leaked from" had been Supported on
    every engine by the line under "What is not covered" (P(e) 0.93; everyday batch 130)."""
    wrong, _ = contradicted_and_backed(engine, "The policy will also pay to repair the pipe or appliance that the water "
                                               "leaked from. There is no cover if your home has been empty for more "
                                               "than 60 days in a row.", POLICY, 5, 6)
    assert "What is not covered" in wrong.rule and wrong.anchor_conflict
    if engine == "context":      # the explanation says why, not the model's contradiction of the line
        from grounding.explain import explain
        result = ground("The policy will also pay to repair the pipe or appliance that the water leaked from.", [POLICY],
                        GroundingConfig(engine=engine).validate())
        (v,) = result.verdicts
        assert "stands under “What is not covered”, so the source rules it out" in explain(result, v,
                                                                                              result.claims[v.claim])


@pytest.mark.parametrize("engine", ("claims", "context", "context-fast"))
def test_what_the_reader_pays_and_what_the_source_never_names_are_left(engine):
    backed, unnamed, other = ground("You pay the first £350 of every escape of water claim. Damage from a leaking "
                                    "washing machine hose is covered. Damage from slow leaks that build up over several "
                                    "months is covered in the same way as a sudden burst pipe.", [WORDING],
                                    GroundingConfig(engine=engine).validate()).verdicts
    assert backed.label == SUPPORTED, backed.rule
    assert unnamed.label != "Contradicted", unnamed.rule
    # another line under the heading (failed grouting) is no line of the claim's thing (everyday batch 130)
    assert other.label != "Contradicted", other.rule


@pytest.mark.parametrize("engine", ("claims", "context", "context-fast"))
def test_a_denial_of_cover_read_against_the_excluded_line_is_supported(engine):
    """"There is no cover if your home has been empty for more than 60 days in a row when the damage happens" had been
    Contradicted on every engine by the list line under "What is not covered" (P(c) 0.91: the model read the line as
    cover); a denial with another figure still is not backed."""
    (v,) = ground("There is no cover if your home has been empty for more than 60 days in a row when the damage "
                  "happens.", [WORDING], GroundingConfig(engine=engine).validate()).verdicts
    assert v.label == SUPPORTED and "What is not covered" in v.rule, v.rule
    (w,) = ground("There is no cover if your home has been empty for more than 30 days in a row when the damage "
                  "happens.", [WORDING], GroundingConfig(engine=engine).validate()).verdicts
    assert w.label != SUPPORTED, w.rule
