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


def test_a_value_instead_of_another_is_the_things_own():
    """Everyday batch 236: "until 8pm on Thursdays instead of 7pm" gave 8pm to "Thursdays instead of" and 7pm to
    Thursdays, so "close at 8pm on Thursdays" was crossed."""
    sentence = ("Central Library will stay open until 8pm on Thursdays instead of 7pm, and will open on Sundays from "
                "11am to 3pm for the first time.")
    assert crossed_values("Central Library will close at 8pm on Thursdays.", sentence) == []
    assert crossed_values("In winter the last boat back leaves at 6:40pm.",
                          "The last boat back leaves at 6:40pm in summer and 4:30pm in winter.") \
        == [("6:40pm (winter)", "4:30pm (winter)")]


MILES = ("# Mileage\nCars come with unlimited mileage. Extra miles are charged at 22p per mile for cars and 28p per mile "
         "for vans. Vans come with 100 miles a day.")
PRICES = ("# Price list\nPrices depend on your stylist's level.\n- Ladies' cut and blow-dry: Graduate £38, Senior £52, "
          "Director £68\n- Half head highlights: Senior £85, Director £98\n- Full head tint: from £70")


@pytest.mark.parametrize("claim, sentence, expected", [
    # everyday batches 240, 171 and 244: a value after its unit and "per …" before its thing, a thing named in the
    # singular, a claim's two values each with its thing, a list line's labels
    ("Extra miles cost 28p each in a car and 22p each in a van.",
     "Extra miles are charged at 22p per mile for cars and 28p per mile for vans.",
     [("28 (cars)", "22 (cars)"), ("22 (vans)", "28 (vans)")]),
    ("If it goes under a worktop, leave at least 5 cm on each side and 2 cm behind it.",
     "When the machine is built in under a worktop, leave at least 2 cm at each side and 5 cm at the rear.",
     [("5 (side)", "2 (side)")]),
    ("Half head highlights are £98 with a Senior stylist.", "Half head highlights: Senior £85, Director £98",
     [("£98 (senior)", "£85 (senior)")]),
    # "£72 per term for members" is for members; a coordinated subject is no pair of things (everyday batches 178, 134)
    ("A 10-week term of lessons costs members £72, which is £13 less than non-members pay.",
     "Lessons run in 10-week terms and cost £72 per term for members and £85 for non-members.", []),
    ("Around 70 firefighters and 12 fire engines were at the scene when the fire was at its worst.",
     "Firefighters were called at 11.40pm, and at the height of the blaze 12 fire engines and around 70 firefighters "
     "were at the scene.", []),
    # a part that names a word of another thing does not borrow the claim's one thing (everyday batch 124)
    ("Adults pay £32, and children of any age can join for £20.",
     "Tickets cost £32 for adults and £20 for children aged 4–14; children under 4 are not permitted on board.", []),
    # a thing three words after its value is none of its (the train audit's citation_integrity_train#218)
    ("Mass spectrometry revealed that all 22 N-glycosylation sites were occupied with oligomannose-type, hybrid-type or "
     "complex-type N-glycans.", "Of the 22 sites on the S protein, 8 contain substantial populations of "
     "oligomannose-type glycans, highlighting how the processing of the S glycans is divergent.", []),
    # the prices of a sentence that also gives a count once ("up to a maximum of three bins per household")
    ("The first brown bin costs £38 a year.", "The annual charge is £52 for the first brown bin and £38 for each "
     "additional bin, up to a maximum of three bins per household.", [("£38 (brown first)", "£52 (brown first)")]),
])
def test_values_and_their_things_read_more_ways(claim, sentence, expected):
    assert crossed_values(claim, sentence) == expected


@pytest.mark.parametrize("engine", ("claims", "context", "context-fast"))
def test_swapped_mileage_rates_are_contradicted(engine):
    contradicted_and_backed(engine, "Extra miles cost 28p each in a car and 22p each in a van. Vans come with 100 "
                            "miles a day.", MILES, 2, backed_anchor=3)


@pytest.mark.parametrize("engine", ("claims", "context", "context-fast"))
def test_the_directors_price_said_of_a_senior_stylist_is_contradicted(engine):
    contradicted_and_backed(engine, "Half head highlights are £98 with a Senior stylist. A ladies' cut and blow-dry is "
                            "£52 with a Senior stylist.", PRICES, 3, backed_anchor=2)
