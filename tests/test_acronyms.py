"""An abbreviation on one side, its words on the other (grounding.acronyms; the models read the context sentences
with both, `Run.context_texts`)."""
from __future__ import annotations

from pathlib import Path

import pytest

from grounding import GroundingConfig, ground
from grounding.acronyms import abbreviations, as_read
from grounding.types import CONTRADICTED, SUPPORTED

MODELS = Path(__file__).resolve().parent.parent / "exported_models"
CAREER = ("Marta Silva joined the company as a junior engineer in 2012 and became chief technology officer in 2020. "
          "She left the company in March 2025 to found a start-up in Lisbon.")


@pytest.mark.parametrize("response, sentence, expected", [
    ("She became CTO in 2020.", "She became chief technology officer in 2020.",
     "She became chief technology officer (CTO) in 2020."),
    # the other way round: the sentence's abbreviation, the response's words
    ("She became chief technology officer in 2020.", "She became CTO in 2020.",
     "She became CTO (chief technology officer) in 2020."),
    # a hyphen joins two of the words; "and" spells nothing; a plural abbreviation
    ("He was moved to the PACU.", "He was moved to the post-anaesthesia care unit.",
     "He was moved to the post-anaesthesia care unit (PACU)."),
    ("It was approved by the FDA.", "The Food and Drug Administration approved it.",
     "The Food and Drug Administration (FDA) approved it."),
    ("Two CTOs left.", "Two chief technology officers left.", "Two chief technology officers (CTO) left."),
    # two letters only of capitalised words; a word it cannot stand for; defined already; not in the response
    ("AI will change work.", "As indicated, artificial intelligence will change work.",
     "As indicated, artificial intelligence will change work."),
    ("The CEO was fired.", "The chief was executive of one company.", "The chief was executive of one company."),
    ("The NHS will pay.", "The National Health Service (NHS) will pay.", "The National Health Service (NHS) will pay."),
    ("The board met.", "The chief technology officer met the CTO.", "The chief technology officer met the CTO."),
])
def test_the_sentence_as_the_models_read_it(response, sentence, expected):
    assert as_read(response, [sentence, "Nothing here."]) == [expected, "Nothing here."]


def test_abbreviations_are_capitals_with_a_plural_s():
    assert abbreviations("The CTOs and the NHS, not A or Iraq, met in the EU.") == {"CTO", "NHS", "EU"}


@pytest.mark.parametrize("engine", ("claims", "context", "context-fast"))
def test_an_abbreviation_the_source_spells_out_is_backed(engine):
    """An everyday answer: "She became CTO in 2020" against the career above was Contradicted on two engines (by the
    sentence on leaving, P(c) 0.76: the one that says "chief technology officer" was below tau) and Partially
    supported on the third. Read with "(CTO)" beside its words, that sentence entails it."""
    config = GroundingConfig(engine=engine, models_dir=str(MODELS)).validate()
    res = ground("She became CTO in 2020.", [CAREER], config)
    (v,) = res.verdicts
    assert v.label == SUPPORTED and v.anchor == 0, v.rule
    # what is quoted and shown is the sentence as written
    assert res.context_sentences[0].text.endswith("became chief technology officer in 2020.")
    assert "(CTO)" not in v.explanation
    (v,) = ground("She became CTO in 2022.", [CAREER], config).verdicts
    assert v.label == CONTRADICTED and v.anchor == 0, v.rule
