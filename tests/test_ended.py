"""A state the source says has ended (grounding.ended), one of the forms of the reversal rule."""
from __future__ import annotations

from pathlib import Path

import pytest

from grounding import GroundingConfig, ground
from grounding.ended import no_longer, state_ended
from grounding.reversal import reversals
from grounding.types import CONTRADICTED, SUPPORTED

MODELS = Path(__file__).resolve().parent.parent / "exported_models"
STATION = "The railway station, closed in 1965, reopened in 2019 after a community campaign."
BUSES = "The night bus service, which was suspended in 2020, {} on 15 March."


@pytest.mark.parametrize("claim, sentence, expected", [
    ("The railway station has been closed since 1965.", STATION, [("has been closed since 1965", "reopened in 2019")]),
    ("The railway station is still closed.", STATION, [("is still closed", "reopened in 2019")]),
    ("The station remains closed.", STATION, [("remains closed", "reopened in 2019")]),
    ("The night bus service has been suspended since 2020.", BUSES.format("resumed"),
     [("has been suspended since 2020", "resumed on 15 March")]),
    # a closing that is past, not lasting; an undoing still to come; another thing undone; an undoing negated
    ("The railway station closed in 1965.", STATION, []),
    ("The night bus service has been suspended since 2020.", BUSES.format("will resume"), []),
    ("The museum has been closed since 2019.", "The museum closed in 2019; its café reopened in 2021.", []),
    ("The bridge has been closed since May.", "The bridge has not reopened since it closed in May.", []),
    # a thing told apart by a word the claim lacks; a closing that comes back (both had been Contradicted)
    ("The library has been closed since 2018.", "The children's library reopened in May after a refurbishment.", []),
    ("The library has been closed on Mondays since 2018.", "The library reopened in May after a refurbishment.", []),
])
def test_a_lasting_state_the_source_says_was_undone(claim, sentence, expected):
    assert state_ended(claim, sentence) == expected
    assert bool(reversals(claim, sentence)) == bool(expected)


TOWN = ("Millbrook has a population of about 18,000. Today its largest employer is the district hospital. " + STATION)


@pytest.mark.parametrize("engine", ("claims", "context", "context-fast"))
def test_a_closure_the_source_says_was_undone_is_contradicted(engine):
    """A user's town answer: "The railway station has been closed since 1965" was Supported on every engine (P(e)
    0.92) against "The railway station, closed in 1965, reopened in 2019"."""
    res = ground("The railway station has been closed since 1965. The district hospital is the largest employer.", [TOWN],
                 GroundingConfig(models_dir=str(MODELS), engine=engine).validate())
    closed, hospital = res.verdicts
    assert closed.label == CONTRADICTED and closed.anchor == 2, closed.rule
    assert closed.rule == ("said the other way round: the claim says “has been closed since 1965”, the source "
                           "“reopened in 2019” (context sentence 3)")
    assert hospital.label == SUPPORTED and hospital.anchor == 1, hospital.rule


@pytest.mark.parametrize("claim, sentence, expected", [
    ("Late returns are fined 20p per day.", "We no longer charge fines for late returns.",
     [("are fined 20p", "no longer charge fines")]),
    ("The shop sells fresh bread.", "The shop no longer sells bread.", [("sells fresh bread", "no longer sells bread")]),
    ("The museum offers free guided tours.", "Free guided tours are no longer offered at the museum.",
     [("offers free guided tours", "no longer offered")]),
    ("It is open on Sundays.", "It is no longer open on Sundays.", [("is open", "no longer open")]),
    # the claim in the past or negated; another object, day or thing fined; another verb
    ("The shop sold bread until 2020.", "The shop no longer sells bread.", []),
    ("The library charges no fines.", "We no longer charge fines for late returns.", []),
    ("The café offers breakfast.", "The café no longer offers lunch.", []),
    ("The museum offers free tours on Sundays.", "The museum no longer offers free tours on weekdays.", []),
    ("Late returns are fined 20p per day.", "We no longer charge fines for lost books.", []),
    ("The station is closed.", "The station is no longer used by freight trains.", []),
])
def test_a_deed_the_source_says_has_stopped(claim, sentence, expected):
    assert no_longer(claim, sentence) == expected
    assert bool(reversals(claim, sentence)) == bool(expected)


@pytest.mark.parametrize("engine", ("claims", "context", "context-fast"))
def test_a_fine_the_source_no_longer_charges_is_contradicted(engine):
    """A user's library answer: "Late returns are fined 20p per day" against "We no longer charge fines for late
    returns" was Unsupported or Partially supported (F 0.08–0.47); the loan period beside it stays Supported."""
    context = ("Members may borrow up to 12 items at once. The standard loan period is three weeks. We no longer "
               "charge fines for late returns. Free Wi-Fi is available throughout the building.")
    res = ground("Loans last three weeks. Late returns are fined 20p per day.", [context],
                 GroundingConfig(models_dir=str(MODELS), engine=engine).validate())
    loans, fined = res.verdicts
    assert loans.label == SUPPORTED and loans.anchor == 1, loans.rule
    assert fined.label == CONTRADICTED and fined.anchor == 2, fined.rule
    said = fined.rule == ("said the other way round: the claim says “are fined 20p”, the source “no longer charge "
                          "fines” (context sentence 3)")
    assert said or fined.rule.startswith("contradiction override: "), fined.rule   # where the model read it already


@pytest.mark.parametrize("claim, sentence, expected", [
    ("The library charges fines for late returns.", "Overdue fines were abolished in 2022.",
     [("charges fines for late returns", "Overdue fines were abolished")]),
    ("The council offers free parking.", "The council abolished free parking in March.",
     [("offers free parking", "abolished free parking")]),
    ("Fines are charged for late returns.", "Overdue fines were scrapped last year.",
     [("are charged", "Overdue fines were scrapped")]),
    # the claim in the past or negated; the sentence still to come or negated; another thing done away with
    ("The library charged fines in 2020.", "Overdue fines were abolished in 2022.", []),
    ("The library does not charge fines.", "Overdue fines were abolished in 2022.", []),
    ("The council offers free parking.", "The council will abolish free parking in March.", []),
    ("The council offers free parking.", "The council plans to abolish free parking.", []),
    ("The council offers free parking.", "Free parking was not abolished.", []),
    ("The library lends laptops.", "Overdue fines were abolished in 2022.", []),
    # the claim says it was done away with too (everyday batch 160: Contradicted on every engine)
    ("The Apple Watch app is discontinued but will keep working until the end of 2024.",
     "The Apple Watch companion app has been discontinued.", []),
    ("The Apple Watch app will keep working until the end of 2024.", "The Apple Watch companion app has been "
     "discontinued.", []),
])
def test_a_thing_the_source_says_was_abolished(claim, sentence, expected):
    from grounding.ended import abolished
    assert abolished(claim, sentence) == expected
    assert bool(reversals(claim, sentence)) == bool(expected)


@pytest.mark.parametrize("engine", ("claims", "context", "context-fast"))
def test_an_app_said_discontinued_and_working_until_a_date_is_not_contradicted(engine):
    """Everyday batch 160: Contradicted on every engine ("said the other way round": "is discontinued" against "…
    has been discontinued"; the claims engine's part "… will keep working until the end of 2024" too)."""
    from grounding import GroundingConfig, ground
    res = ground("The Apple Watch app is discontinued but will keep working until the end of 2024. Offline maps now "
                 "download twice as fast.", ["Pathfinch 7.3 release notes. Offline maps now download twice as fast. The "
                 "Apple Watch companion app has been discontinued. It will keep working until 31 December 2024 but will "
                 "receive no further updates."], GroundingConfig(engine=engine).validate())
    assert [v.label for v in res.verdicts] == ["Supported"] * len(res.verdicts), [v.rule for v in res.verdicts]
