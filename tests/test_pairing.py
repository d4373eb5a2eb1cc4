"""Two things the sentence tells apart, crossed (grounding.pairing, via ellipsis.contrasted_or_crossed)."""
from __future__ import annotations

import pytest

from conftest import all_supported, contradicted_and_backed
from grounding.pairing import crossed

CAFE = "Coffee prices have gone up by 20p, but sandwiches stay at 4.50 pounds."
BINS = "Put paper and cardboard in the blue bin, and glass, cans and plastic bottles in the green box."
STOP = ("The stop on Carlton Road will be removed because of roadworks, and passengers should use the stop on Mill "
        "Lane instead.")


@pytest.mark.parametrize("claim, sentence, expected", [
    ("Sandwich prices have risen by 20p.", CAFE, [("Sandwich prices", "sandwiches stay at 4.50 pounds")]),
    ("Glass goes in the blue bin.", BINS, [("Glass", "glass, cans and plastic bottles in the green box")]),
    ("The Mill Lane stop is being removed because of roadworks.", STOP,      # the subject as the parser reads it
     [("The Mill Lane", "passengers should use the stop on Mill Lane instead")]),
    # each thing with its own; a claim of two clauses; negated; one clause only
    ("Coffee prices have gone up by 20p.", CAFE, []),
    ("Sandwiches stay at 4.50 pounds.", CAFE, []),
    ("Cardboard goes in the blue bin.", BINS, []),
    ("Plastic bottles go in the green box.", BINS, []),
    ("Glass goes in the blue bin and cans go in the green box.", BINS, []),
    ("Glass does not go in the blue bin.", BINS, []),
    ("Glass goes in the blue bin.", "Glass goes in the green box.", []),
    # the thing told by the words after its head; the claim's head bare in the other clause (two everyday answers
    # had turned Contradicted)
    ("Adults over 55 mostly read printed books.", "Younger adults were more likely to read e-books, while those over "
     "55 mostly read printed books.", []),
    ("30 parking spaces will be lost.", "Parking on one side of the street will be removed, and 30 spaces will be "
     "lost.", []),
    # what the other clause denies of another thing
    ("Drinks in closed containers are allowed.", "Food is not allowed anywhere in the library, but drinks in closed "
     "containers are permitted.", []),
    # a clause of the first one's subject
    ("Advance tickets can be changed before departure for a £10 fee.", "Advance tickets cannot be refunded, but they "
     "can be changed before departure for a £10 fee plus any difference in fare.", []),
    # a later clause of "to" and a verb is the first one's subject's (everyday batch 159: Contradicted on the claims engine)
    ("Alcohol sales will be allowed until 1am on those nights.", "The applicant asked to extend the sale of alcohol on "
     "Fridays and Saturdays from midnight to 2am, and to add recorded music indoors until 2am on the same nights.", []),
    # a number of another clause is not what the claim says ("The exhibition closes on 2 March" had turned Contradicted)
    ("The exhibition closes on 2 March.", "The exhibition is in the East Gallery, and guided tours run every "
     "Wednesday at 2pm.", []),
    # the claim's thing only as a word of a name the claim does not write (everyday batch 211: "The hospice plans to
    # expand …" was Contradicted on every engine)
    ("The hospice plans to expand the inpatient unit to 20 beds.", "Of these, 388 were admitted to our 16-bed "
     "inpatient unit; the rest were supported at home by our Hospice at Home team or through outpatient clinics.", []),
])
def test_what_the_sentence_says_of_another_thing(claim, sentence, expected):
    assert crossed(claim, sentence) == expected


@pytest.mark.parametrize("engine", ("claims", "context", "context-fast"))
def test_glass_in_the_blue_bin_is_contradicted(engine):
    """A recycling guide: "Glass goes in the blue bin" was Supported on every engine (entailment 0.82)."""
    context = ("Bins are collected every Tuesday. " + BINS + " Garden waste needs a separate permit.")
    wrong, _ = contradicted_and_backed(engine, "Glass goes in the blue bin. Paper goes in the blue bin.", context, 1)
    assert "glass, cans and plastic bottles in the green box" in wrong.anchor_conflict, wrong.rule


@pytest.mark.parametrize("engine", ("claims", "context", "context-fast"))
def test_a_thing_named_only_within_a_name_is_not_crossed(engine):
    """Everyday batch 211: "The hospice plans to expand the inpatient unit to 20 beds" was Contradicted on every
    engine, the hospice read as the thing of "the rest were supported … by our Hospice at Home team"; the sources say
    nothing of an expansion."""
    from grounding import GroundingConfig, ground
    config = GroundingConfig(engine=engine).validate()
    (v,) = ground("The hospice plans to expand the inpatient unit to 20 beds.", [(
        "# Kestrel House Hospice: Annual Review 2023/24\nDuring the year we cared for 1,642 patients, an increase of "
        "9% on the previous year. Of these, 388 were admitted to our 16-bed inpatient unit; the rest were supported at "
        "home by our Hospice at Home team or through outpatient clinics. The average length of stay on the inpatient "
        "unit was 11 days.")], config).verdicts
    assert v.label in ("Unsupported", "Partially supported") and not v.anchor_conflict, v.rule


FLEX = ("# Summer Flex\nSummer Flex costs £79 for three months. Summer Flex includes off-peak gym access (weekdays "
        "9:30am to 4:30pm and after 7:30pm, and all day at weekends), plus unlimited swimming during public sessions.")


@pytest.mark.parametrize("claim, sentence", [
    # everyday batch 231: the sentence split at ", and" inside its brackets
    ("Unlimited swimming during public sessions is included.", FLEX.split("\n")[1].split(". ")[1]),
    # the line's label over its clauses (grounding.qualifiers' table of benefits)
    ("Emergency medical cover is €10 million on Premier.",
     "- Emergency medical expenses: Essentials €2 million; Premier €10 million."),
])
def test_no_clause_of_brackets_or_of_a_lines_label_is_another_thing(claim, sentence):
    assert crossed(claim, sentence) == []


@pytest.mark.parametrize("engine", ("claims", "context", "context-fast"))
def test_unlimited_swimming_in_a_bracketed_list_of_hours_is_supported(engine):
    all_supported(engine, "Unlimited swimming during public sessions is included. Summer Flex costs £79 for three "
                  "months.", FLEX)
