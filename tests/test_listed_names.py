"""A named member of a closed list swapped for another (grounding/listed_names.py): the pair, when there is none,
and the verdict."""
from __future__ import annotations

import pytest
from conftest import contradicted_and_backed

from grounding.listed_names import swapped_names
from grounding.reversal import reversals

BANKS = "Bank feed support has been extended to 38 additional banks in Canada and Ireland."


@pytest.mark.parametrize("claim, sentence, expected", [
    ("Bank feeds now cover 38 more banks in Canada and Australia.", BANKS, [("Canada and Australia", "Canada and Ireland")]),
    ("The tour visits Paris, Rome and Vienna.", "The tour visits Paris, Rome and Prague.",
     [("Paris, Rome and Vienna", "Paris, Rome and Prague")]),
    # the same names; one of them only; a name added, none left out (not mentioned, not contradicted); an open list;
    # a name the sentence gives elsewhere
    ("Bank feeds now cover 38 more banks in Canada and Ireland.", BANKS, []),
    ("Bank feeds cover banks in Canada.", BANKS, []),
    ("Dark mode has arrived on Windows, macOS and Linux.", "Dark mode is now available on Windows and macOS.", []),
    ("Offices include London and Paris.", "Offices include London and Berlin.", []),
    ("The study was run in Kenya and Uganda.", "Sites in Kenya and Tanzania took part; Uganda joined later.", []),
    # one place's names ("the United States" / "the US"; a train claim had been Contradicted by the first form)
    ("The first cases were found in Europe and the United States.", "The first cases were found in the US and Europe.",
     []),
    ("The first cases were found in Europe and the United States.", "The first cases were found in the UK and Europe.",
     [("Europe and United States", "UK and Europe")]),
    # the two ends of a stretch are no list: another stretch is another line (everyday batch 150 had been Contradicted
    # on every engine)
    ("No trains will run between Dunmere and Polwyn.", "Trains will run as normal between Polwyn and St Ivel Quay.", []),
])
def test_a_named_member_of_a_list_swapped(claim, sentence, expected):
    assert swapped_names(claim, sentence) == expected
    assert all(f"the claim says “{c}”, the source “{x}”" in reversals(claim, sentence) for c, x in expected)


@pytest.mark.parametrize("engine", ("claims", "context", "context-fast"))
def test_banks_in_canada_and_australia_against_canada_and_ireland_are_contradicted(engine):
    """A release-notes answer: "… 38 more banks in Canada and Australia" was Supported on every engine (P(e) 0.50)."""
    context = "Version 5.2 adds recurring invoices. " + BANKS + " Dark mode is now available on Windows."
    wrong, _ = contradicted_and_backed(engine, "Bank feeds now cover 38 more banks in Canada and Australia. Dark mode is "
                                               "now available on Windows.", context, 1, 2)
    assert "the claim says “Canada and Australia”, the source “Canada and Ireland”" in wrong.rule


TRIAL = ("The trial enrolled 1,184 adults aged 18 to 65 across 96 clinics in Europe and North America. Patients took "
         "the tablet once a day for 12 weeks.")


@pytest.mark.parametrize("engine", ("claims", "context", "context-fast"))
def test_places_across_and_in_stand_under_one_word(engine):
    """"96 clinics across Europe and Asia" against "96 clinics in Europe and North America" had been Supported on
    every engine (P(e) 0.69; everyday batch 132): "across" and "in" were two governing words."""
    assert swapped_names("The trial included 1,184 adults from 96 clinics across Europe and Asia.", TRIAL.split(". ")[0]) \
        == [("Europe and Asia", "Europe and North America")]
    contradicted_and_backed(engine, "The trial included 1,184 adults from 96 clinics across Europe and Asia. Patients "
                                    "took the tablet once a day for 12 weeks.", TRIAL, 0, 1)
