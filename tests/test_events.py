"""The date of another event is not the claim's (grounding.events; number_rules.event_override)."""
from __future__ import annotations

from pathlib import Path

import pytest

from conftest import contradicted_and_backed
from grounding import GroundingConfig, ground
from grounding.events import EVENT_RULE, dated_once, swap_target, with_claims_date
from grounding.explain import explain
from grounding.pipeline import rederive
from grounding.types import CONTRADICTED, UNSUPPORTED

MODELS = Path(__file__).resolve().parent.parent / "exported_models"


@pytest.mark.parametrize("claim, sentence, expected", [
    ("The club was founded in 1902.", "In 2021 the club finished first in the league.",
     "In 1902 the club finished first in the league."),
    ("Tolls were abolished in 2010.", "Tolls on the crossing were removed in 2018.",
     "Tolls on the crossing were removed in 2010."),
    # a date for a date: the year of another kind stays
    ("The law was passed on 3 May 2020.", "The bill was signed on 12 June 2020 and took effect in 2021.",
     "The bill was signed on 3 May 2020 and took effect in 2021."),
    # a year for a date's year ("March 2025"): the month stays
    ("She became chief technology officer in 2020.", "She left the company in March 2025 to found a start-up.",
     "She left the company in March 2020 to found a start-up."),
    # the sentence gives the claim's own date; no date there; the claim gives another figure too, or none
    ("The bridge opened in 1998.", "It was opened to traffic in 1998 after four years.", None),
    ("The bridge opened in 1998.", "It was opened to traffic after four years of work.", None),
    ("It has 300 staff and opened in 1990.", "It opened in 1991.", None),
    ("The bridge opened to traffic.", "It was opened to traffic in 1998.", None),
])
def test_the_sentence_read_with_the_claims_date(claim, sentence, expected):
    assert with_claims_date(claim, sentence) == expected


def test_the_most_similar_sentence_with_other_dates_is_read():
    texts = ["The club plays in red.", "In 2021 the club finished first.", "It moved grounds in 1950."]
    assert dated_once("The club was founded in 1902.").surface == "1902"
    assert swap_target("The club was founded in 1902.", [0, 2, 1], texts) == (2, "It moved grounds in 1902.")
    assert swap_target("The club plays in red.", [0, 1, 2], texts) is None


CLUB = ("In 2021 the club finished first in the league, four points clear. They scored 94 goals and conceded 31. Tolls "
        "on the nearby crossing were removed in 2018.")


@pytest.mark.parametrize("engine", ("claims", "context", "context-fast"))
def test_the_date_of_another_event_is_not_a_contradiction(engine):
    """A user's football answer: "The club was founded in 1902" was Contradicted on every engine by "In 2021 the club
    finished first in the league" (P(c) 0.74 alone), though the source never says when the club was founded. With
    1902 in that sentence the model reads it as neutral; "Tolls were abolished in 2010" read with 2010 in "… were
    removed in 2018" is entailed, so that contradiction stands."""
    config = GroundingConfig(models_dir=str(MODELS), engine=engine).validate()
    res = ground("The club was founded in 1902. Tolls were abolished in 2010.", [CLUB], config)
    founded, tolls = res.verdicts
    assert founded.label == UNSUPPORTED and founded.anchor == 0, founded.rule
    assert founded.rule.startswith(f"{EVENT_RULE}: read with the claim's date in place of its own, context sentence 1 "
                                   "neither entails nor contradicts the claim"), founded.rule
    claim = res.claims[founded.claim]
    assert claim.swapped_column == 0 and claim.swapped[1] > max(claim.swapped[0], claim.swapped[2]) + 0.2
    assert tolls.label == CONTRADICTED and tolls.anchor == 2, tolls.rule
    assert res.claims[tolls.claim].swapped[0] > 0.8          # read with 2010, the sentence entails the claim
    text = explain(res, founded, claim)
    assert text.startswith(f"Unsupported: “{res.context_sentences[0].text}” (Document 1, sentence 1) dates another "
                           "event. Read with the claim's date in place of its own, it neither backs nor contradicts")
    row = next(i for i, s in enumerate(res.response_sentences) if s.text.startswith("The club"))
    assert res.sentence_map.labels[row][0] == 0                 # no evidence either way
    note, notes = "the date rule: it dates another event, not the claim's", res.sentence_map.ruled_notes()
    assert notes.get((row, 0), note) == note and ((row, 0) in notes) == (engine == "claims")  # the pair's red kept
    # aside where the map showed it (the claims engine's map is its pairs; the scorer did not read that cell as red)
    off = rederive(res, GroundingConfig(models_dir=str(MODELS), engine=engine,
                                        overrides={"quantity_override": None}).validate())
    assert off.verdicts[0].label == CONTRADICTED and off.sentence_map.labels[row][0] == -1


@pytest.mark.parametrize("claim, claim_value, sentence, sentence_value, expected", [
    ("Applications close on 15 June.", "15 June", "The closing date for applications is 15 May.", "15 May", True),
    ("The closing date for applications is 15 May.", "15 May", "Applications close on 15 June.", "15 June", True),
    ("The shop opens on 3 March.", "3 March", "The opening day is 1 March.", "1 March", True),
    # another event's noun, or its "for" phrase another subject
    ("Applications close on 15 June.", "15 June", "The starting date for the job is 15 May.", "15 May", False),
    ("Applications close on 15 June.", "15 June", "The closing date for tenders is 15 May.", "15 May", False),
])
def test_a_date_named_by_the_noun_of_its_event(claim, claim_value, sentence, sentence_value, expected):
    from grounding.events import named_date
    assert named_date(claim, claim_value, sentence, sentence_value) is expected


@pytest.mark.parametrize("engine", ("claims", "context", "context-fast"))
def test_applications_closing_on_another_day_than_the_closing_date_are_contradicted(engine):
    """An everyday batch: "Applications close on 15 June" was Supported on every engine (P(e) 0.87) against "The
    closing date for applications is 15 May"; the parse had read "close" as an adjective."""
    context = ("The job is full-time and based in Leeds, with two days a week working from home. The closing date for "
               "applications is 15 May.")
    june, _ = contradicted_and_backed(engine, "Applications close on 15 June. Applications close on 15 May.", context, 1)
    assert june.rule.startswith("quantity override: the claim says 15 June, the source 15 May"), june.rule
