"""A value the sentence gives one thing said of another (grounding/crossed_values.py): the pair, when there is none,
and the verdict on every engine."""
from __future__ import annotations

import pytest
from conftest import contradicted_and_backed

from grounding.crossed_values import crossed_values
from grounding.learned import quantity_conflicts

FERRY = ("The first departure from Brannock is at 8:15am, and the last boat back from Varrow leaves at 6:40pm in summer "
         "and 4:30pm in winter.")
DESCALE = ("Descaling is needed typically every 200 cups in hard-water areas and every 500 cups in soft-water areas.")
TICKETS = "Tickets cost £10 for adults and £5 for children."
BOWL = "The 5.5-litre stainless steel bowl holds up to 2 kg of cake mixture or 1.2 kg of bread dough."


@pytest.mark.parametrize("claim, sentence, expected", [
    ("In winter the last boat back from the island leaves at 6:40pm.", FERRY, [("6:40pm (winter)", "4:30pm (winter)")]),
    ("In hard-water areas that is usually every 500 cups, and in soft-water areas every 200 cups.", DESCALE,
     [("500 (hard-water)", "200 (hard-water)"), ("200 (soft-water)", "500 (soft-water)")]),
    ("Children pay £10.", TICKETS, [("£10 (children)", "£5 (children)")]),
    # each value with its own thing; the thing's own value beside the other's; both things in one part; no thing named
    ("In summer the last boat back leaves at 6:40pm.", FERRY, []),
    ("The last boat leaves at 6:40pm in summer and 4:30pm in winter.", FERRY, []),
    ("In hard-water areas descaling is needed every 200 cups, and in soft-water areas every 500 cups.", DESCALE, []),
    ("Children pay £5, not £10.", TICKETS, []),
    ("Children and adults pay £10.", TICKETS, []),
    ("The last boat leaves at 6:40pm.", FERRY, []),
    # a value the claim says is for another thing the sentence speaks of (everyday batch 163: Contradicted on every
    # engine), not for a part of the day
    ("Starter backups are kept for a week, compared with 30 days on the larger plans.", "Daily backups are included on "
     "every plan and kept for 7 days on Starter and 30 days on Standard and Performance.", []),
    ("In winter the last boat back leaves at 6:40pm in the evening.", FERRY, [("6:40pm (winter)", "4:30pm (winter)")]),
    # a sentence that gives one value to each of two things of no telling words, or one thing twice: none
    ("In winter the boat leaves at 6:40pm.", "The boat leaves at 6:40pm in winter and at 4:30pm in the winter.", []),
    ("In winter the boat leaves at 6:40pm.", "The boat leaves at 6:40pm in summer and 6:40pm in winter.", []),
    # what a value is of ("2 kg of cake mixture or 1.2 kg of bread dough": everyday batch 216, Supported on every
    # engine)
    ("The bowl can take up to 2 kg of bread dough.", BOWL, [("2 (bread dough)", "1.2 (bread dough)")]),
    ("The bowl can take up to 1.2 kg of bread dough.", BOWL, []),
])
def test_a_value_given_one_thing_said_of_another(claim, sentence, expected):
    assert crossed_values(claim, sentence) == expected
    assert all(pair in quantity_conflicts(claim, sentence, same_figure=True) for pair in expected)


@pytest.mark.parametrize("engine", ("claims", "context", "context-fast"))
def test_the_summer_time_said_of_winter_is_contradicted(engine):
    """A travel answer: "In winter the last boat back leaves at 6:40pm" was Supported on every engine (P(e) 0.87),
    the summer time given for winter."""
    context = ("The Varrow ferry carries foot passengers and bicycles only. " + FERRY +
               " Tickets are sold on board.")
    wrong, _ = contradicted_and_backed(
        engine, "In winter the last boat back from the island leaves at 6:40pm. Tickets are sold on board.", context, 1, 2)
    assert "the claim says 6:40pm (winter), the source 4:30pm (winter)" in wrong.rule, wrong.rule


@pytest.mark.parametrize("engine", ("claims", "context", "context-fast"))
def test_swapped_descaling_intervals_are_contradicted(engine):
    context = ("Your coffee machine will tell you when it needs descaling. " + DESCALE +
               " Use only the descaling liquid supplied with the machine.")
    wrong, _ = contradicted_and_backed(
        engine, "In hard-water areas that is usually every 500 cups, and in soft-water areas every 200 cups. Use only "
                "the descaling liquid supplied with the machine.", context, 1, 2)
    assert "the claim says 500 (hard-water), the source 200 (hard-water)" in wrong.rule, wrong.rule


@pytest.mark.parametrize("engine", ("claims", "context", "context-fast"))
def test_a_value_said_for_the_larger_plans_is_not_the_starter_plans(engine):
    """Everyday batch 163: Contradicted on every engine ("the claim says 30 (starter), the source 7 (starter)")."""
    from grounding import GroundingConfig, ground
    res = ground("Starter backups are kept for a week, compared with 30 days on the larger plans. Point-in-time "
                 "recovery is available on Standard and Performance only.", ["Copperline Managed Postgres: plans and "
                 "pricing. Daily backups are included on every plan and kept for 7 days on Starter and 30 days on "
                 "Standard and Performance. Point-in-time recovery is available on Standard and Performance only."],
                 GroundingConfig(engine=engine).validate())
    assert [(v.label, v.anchor) for v in res.verdicts] == [("Supported", 1), ("Supported", 2)], \
        [v.rule for v in res.verdicts]


@pytest.mark.parametrize("engine", ("claims", "context", "context-fast"))
def test_the_cake_mixtures_weight_said_of_bread_dough_is_contradicted(engine):
    """Everyday batch 216: "The bowl … can take up to 2 kg of bread dough" was Supported on every engine (P(e) 0.96),
    the cake mixture's limit given for dough."""
    context = "# Your StandMix bowl\n" + BOWL + " Always fit the splash guard before mixing."
    wrong, _ = contradicted_and_backed(engine, "The bowl can take up to 2 kg of bread dough. Always fit the splash "
                                       "guard before mixing.", context, 1, 2)
    assert "2 (bread dough)" in wrong.anchor_conflict, wrong.rule
