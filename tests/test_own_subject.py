"""A figure said of the claim's own subject outweighs the same figure said in general terms (number_rules.own_subject,
in quantity_note)."""
from __future__ import annotations

from pathlib import Path

import pytest

from grounding import GroundingConfig, ground
from grounding.explain import explain
from grounding.learned import quantity_conflicts
from grounding.number_rules import OWN_SUBJECT_RULE, own_subject
from grounding.types import CONTRADICTED, SUPPORTED

MODELS = Path(__file__).resolve().parent.parent / "exported_models"


@pytest.mark.parametrize("claim, named, general, expected", [
    ("Electronics can be returned within 30 days.", "Electronics can be returned within 14 days.",
     "You can return most items within 30 days of delivery for a full refund.", "Electronics"),
    ("The basic plan includes 50 GB.", "The basic plan includes 20 GB.", "Every plan includes 50 GB.", "basic plan"),
    # the general sentence names the subject too; the named one lacks a word that qualifies the claim's subject
    ("Electronics can be returned within 30 days.", "Electronics can be returned within 14 days.",
     "Electronics and most items can be returned within 30 days.", ""),
    ("The basic plan includes 50 GB.", "The premium plan includes 20 GB.", "Every offer includes 50 GB.", ""),
    # a figure of another scope beside it, not a sentence in general terms
    ("Acidity has increased by about 30 percent.", "Acidity has increased 6 percent in the upper 100 meters.",
     "Surface waters grew more acidic by 30 percent since 1850.", ""),
    # the anchor's subject a pronoun: the claim's own, not things in general
    ("The museum is closed on Mondays.", "The museum is open Tuesday to Sunday.", "It is closed on Mondays.", ""),
])
def test_the_claims_subject_named_in_one_sentence_only(claim, named, general, expected):
    assert own_subject(claim, named, general) == expected


def test_an_approximate_figure_and_a_subject_on_the_way_are_no_conflict():
    """A train claim the rule had turned Contradicted (gold Supported): "approximately another 50 000" is about 50,000
    and allows 48,600; and "individuals" was the subject only of the sentence's clause on the way."""
    claim = "Each year, approximately another 50 000 individuals become infected with HIV-1 in the United States."
    assert quantity_conflicts(claim, "Based on the approach, an estimated 48,600 individuals aged 13 years or older in "
                                     "the United States were infected with HIV in 2006.", same_figure=True) == []
    assert own_subject("Electronics can be returned within 30 days.", "Returns of electronics take 14 days.",
                       "Most items can be returned within 30 days.") == ""


RETURNS = ("Returns Policy\nYou can return most items within 30 days of delivery for a full refund. Items must be unused "
           "and in their original packaging. Electronics can be returned within 14 days. Refunds are issued to the "
           "original payment method within 5 to 7 business days.")


@pytest.mark.parametrize("engine", ("claims", "context", "context-fast"))
def test_a_figure_of_the_claims_own_subject_decides(engine):
    """A user's returns answer: "Electronics can be returned within 30 days" was Supported on every engine by "You can
    return most items within 30 days", the sentence on electronics (14 days) only named as leaning against it."""
    config = GroundingConfig(models_dir=str(MODELS), engine=engine).validate()
    res = ground("Electronics can be returned within 30 days. Electronics can be returned within 14 days.", [RETURNS],
                 config)
    thirty, fourteen = res.verdicts
    assert thirty.label == CONTRADICTED and thirty.anchor == 3 and thirty.conflicting == 1, thirty.rule
    assert thirty.rule.startswith(f"{OWN_SUBJECT_RULE}: the claim says 30 days, the source 14 days (context sentence 4 "
                                  "names “Electronics”, context sentence 2 does not)")
    text = explain(res, thirty, res.claims[thirty.claim])
    assert "it names the claim's own subject, “Electronics”, and gives another figure (the claim says 30 days, the " \
           "source 14 days)" in text and "backs it only in general terms" in text
    assert fourteen.label == SUPPORTED and fourteen.anchor == 3, fourteen.rule
    assert res.sentence_map.labels[0][3] == -1


MUSEUM = ("The museum is open Tuesday to Sunday from 10am to 6pm, and until 9pm on Fridays. It is closed on Mondays and "
          "on 25 December. Admission is free for children under 12.")


@pytest.mark.parametrize("engine", ("claims", "context", "context-fast"))
def test_the_claims_subject_as_a_pronoun_keeps_its_backing(engine):
    """The first version of the rule turned "The museum is closed on Mondays" Contradicted on every engine: "It is closed
    on Mondays" read as general, and "open Tuesday to Sunday" as another figure of the museum (a weekday: no digits)."""
    (v,) = ground("The museum is closed on Mondays.", [MUSEUM],
                  GroundingConfig(models_dir=str(MODELS), engine=engine).validate()).verdicts
    assert v.label == SUPPORTED and v.anchor == 1, v.rule


@pytest.mark.parametrize("engine", ("claims", "context", "context-fast"))
def test_the_open_days_are_not_named_against_the_closed_day(engine):
    """"The museum is open Tuesday to Sunday" backs "The museum is closed on Mondays" (conditions.backing, the days
    it opens), yet the quantity note named it as leaning against the claim ("it gives Tuesday where the claim says
    Mondays")."""
    museum = ("The museum is open Tuesday to Sunday, 10am to 5pm. It is closed on Mondays and on 25 December. "
              "Admission is free for children under 12.")
    res = ground("The museum is closed on Mondays.", [museum],
                 GroundingConfig(models_dir=str(MODELS), engine=engine).validate())
    (v,) = res.verdicts
    assert v.label == SUPPORTED and v.conflicting is None, v.rule
    assert "leans against it" not in explain(res, v, res.claims[v.claim])


@pytest.mark.parametrize("engine", ("claims", "context", "context-fast"))
def test_a_frequency_in_words_said_of_the_claims_subject_beside_another_things(engine):
    """"Food waste will be collected every three weeks" had been Supported by the black bins' sentence on every
    engine: the figure is in words, and that sentence does not name food waste at all."""
    from conftest import contradicted_and_backed
    context = ("The council's new waste plan means black bins will be emptied every three weeks instead of every two. "
               "Food waste will still be collected weekly. The change starts on 6 October.")
    contradicted_and_backed(engine, "Food waste will be collected every three weeks. The change starts on 6 October.",
                            context, 1, backed_anchor=2)
