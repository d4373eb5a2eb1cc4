"""A figure of a claim that opens with a pronoun, read with the subject the pronoun names (number_rules.quantity_override's
`said`, grounding.referents)."""
from __future__ import annotations

import pytest

from grounding import GroundingConfig, ground
from grounding.types import CONTRADICTED, SUPPORTED


COURSE = ("Course fee: £1,200, payable in two instalments. The course runs for 10 weeks, with one evening session per "
          "week. Class size is capped at 12 learners.")


def test_a_pronoun_claims_figure_is_read_with_the_subject_it_names():
    """number_rules.quantity_override's `said`: "It is taught over 12 weeks" names no subject to tie its 12 weeks to
    the course's 10; read as "The course is taught over 12 weeks" it does."""
    from grounding.config import PRESETS
    from grounding.number_rules import quantity_override
    from grounding.types import Verdict
    claim, anchor = "It is taught over 12 weeks.", "The course runs for 10 weeks, with one evening session per week."
    backed = Verdict(claim=0, label=SUPPORTED, score=0.9, anchor=1, cosine=0.62, rule="read together, context sentences 1, 2")
    assert quantity_override(backed, PRESETS["joint"], claim, anchor).label == SUPPORTED
    v = quantity_override(backed, PRESETS["joint"], claim, anchor, said="The course is taught over 12 weeks.")
    assert v.label == CONTRADICTED and v.anchor_conflict == "the claim says 12 weeks, the source 10 weeks", v.rule


@pytest.mark.parametrize("engine", ("claims", "context", "context-fast"))
def test_a_course_taught_over_more_weeks_than_it_runs_is_contradicted(engine):
    """A user's answer: "It is taught over 12 weeks", after "The course costs £1,200", was Supported on every engine
    (read together, P(e) 0.91) against "The course runs for 10 weeks"."""
    res = ground("The course costs £1,200. It is taught over 12 weeks.", COURSE, GroundingConfig(engine=engine))
    fee, weeks = res.verdicts
    assert weeks.label == CONTRADICTED and weeks.anchor == 1, weeks.rule
    assert "the claim says 12 weeks, the source 10 weeks" in weeks.rule, weeks.rule
    assert fee.label == SUPPORTED and fee.anchor == 0, fee.rule


MUSEUM = ("Admission to the museum is free, though donations are welcome. The museum is open Tuesday to Sunday, 10am to "
          "5pm. Our café is on the ground floor next to the shop.")


@pytest.mark.parametrize("engine", ("claims", "context", "context-fast"))
def test_a_pronoun_claim_the_sentence_backs_is_not_contradicted_by_its_figures(engine):
    """"It is closed on Mondays", read as "The museum is closed on Mondays", gives Mondays against the sentence's
    Tuesday, an end of the days it opens: a sentence that backs the claim (conditions.backing: closed on the days it
    does not open) gives no conflict of figures."""
    res = ground("The museum is free to enter. It is closed on Mondays.", MUSEUM, GroundingConfig(engine=engine))
    free, mondays = res.verdicts
    assert mondays.label == SUPPORTED and mondays.anchor == 1, mondays.rule
    assert free.label == SUPPORTED and free.anchor == 0, free.rule
