"""An open list is no closed one (grounding.lists; overrides.list_override, parts.parts_override)."""
from __future__ import annotations

from pathlib import Path

import pytest

from grounding import GroundingConfig, ground
from grounding.explain import explain
from grounding.lists import extends_open_list
from grounding.types import CONTRADICTED, PARTIAL, SUPPORTED, UNSUPPORTED

MODELS = Path(__file__).resolve().parent.parent / "exported_models"
FESTIVAL = ("The festival runs from 12 to 14 July in Victoria Park. Tickets cost £65 for a day or £150 for the weekend. "
            "Headliners include The Vales and Mira Stone. Children under 12 go free with a paying adult.")


@pytest.mark.parametrize("claim, sentence, expected", [
    ("Headliners include The Vales, Mira Stone and Tom Reed.", "Headliners include The Vales and Mira Stone.",
     ("Tom Reed", "include The Vales and Mira Stone")),
    ("Side effects include nausea and rash.", "Common side effects include nausea, headache and dizziness.",
     ("rash", "include nausea, headache and dizziness")),
    # every member named; another subject; negated; a clause after the cue is no list of things
    ("Headliners include Mira Stone.", "Headliners include The Vales and Mira Stone.", None),
    ("Symptoms include fever.", "Headliners include The Vales and Mira Stone.", None),
    ("Headliners include Tom Reed.", "Headliners do not include The Vales or Mira Stone.", None),
    ("Factors include age.", "Factors may include inflammatory cytokine release and critical illness in older patients "
                             "who were admitted to intensive care units.", None),
])
def test_a_claim_that_extends_an_open_list(claim, sentence, expected):
    assert extends_open_list(claim, sentence) == expected


@pytest.mark.parametrize("engine", ("claims", "context", "context-fast"))
def test_a_headliner_the_source_does_not_name_is_not_contradicted(engine):
    """A user's festival answer: "Headliners include The Vales, Mira Stone and Tom Reed" was Contradicted on every
    engine ("Headliners include Tom Reed" against "Headliners include The Vales and Mira Stone": P(c) 0.93). The
    source does not mention Tom Reed; that is not saying he is no headliner. The other mistakes of the answer stay
    Contradicted: another month, the weekend's price for a day ticket."""
    res = ground("The festival runs from 12 to 14 June. A day ticket costs £150. Headliners include The Vales, Mira "
                 "Stone and Tom Reed.", [FESTIVAL], GroundingConfig(models_dir=str(MODELS), engine=engine).validate())
    by_sentence = {}
    for v in res.verdicts:
        by_sentence.setdefault(res.claims[v.claim].sentence, []).append(v)
    (june,), (day,) = by_sentence[0], by_sentence[1]
    assert june.label == CONTRADICTED and june.anchor == 0, june.rule
    assert day.label == CONTRADICTED and day.anchor == 1, day.rule
    assert day.rule.startswith("said of another subject: the source gives £65 for “day ticket”; £150 goes with "
                               "“weekend ticket”"), day.rule
    headliners = by_sentence[2]
    assert all(v.label != CONTRADICTED for v in headliners), [v.rule for v in headliners]
    if engine == "claims":      # one claim per member: two backed, Tom Reed not mentioned
        assert [v.label for v in headliners] == [SUPPORTED, SUPPORTED, UNSUPPORTED]
        reed = headliners[2]
        assert reed.rule.startswith("an open list: the source names “include The Vales and Mira Stone”, not all "
                                    "members, and not “Tom Reed” (context sentence 3)"), reed.rule
        assert res.sentence_map.labels[2][2] == 1      # the row keeps the support of its two backed members
        assert explain(res, reed, res.claims[reed.claim]).startswith(
            "Unsupported: “Headliners include The Vales and Mira Stone.” (Document 1, sentence 3): it lists some "
            "members (“include The Vales and Mira Stone”), not “Tom Reed”. “include” and “such as” do not say a list "
            "is complete")
    else:                       # the whole sentence: backed but for the member the source does not name
        (whole,) = headliners
        assert whole.label == PARTIAL, whole.rule
        assert whole.rule.startswith("only part backed: “Headliners include Tom Reed.”"), whole.rule
