"""Said the other way round (grounding.reversal, overrides.reversal_override): two named parties in each other's
places, the opposite comparison against the same standard, or the claim's verb of its subject negated, contradict
the claim whatever the entailment model made of the shared words."""
from __future__ import annotations

from pathlib import Path

import pytest

from grounding import GroundingConfig, ground
from grounding.groups import opposite_groups
from grounding.reversal import (comparisons, denied_predicate, opposite_comparisons, opposite_conditions,
                                reversals)
from grounding.slots import role_swaps
from grounding.step_order import opposite_order
from grounding.types import CONTRADICTED, SUPPORTED

MODELS = Path(__file__).resolve().parent.parent / "exported_models"
ENGINES = ("claims", "context", "context-fast")

DEAL = "Northwind Labs was acquired by Helix Group in March 2021 for 240 million dollars."
CUP = ("Ashworth Rovers won the County Senior Cup for the first time in 22 years, beating holders Millbeck Town 3-1 in "
       "Saturday's final at Greyfield Park.")
MAYOR = "Ruth Kamara has been elected mayor of Hollingbury, beating the sitting mayor, Geoffrey Platt, by 212 votes."
BREWERY = ("Family-owned Tanner's Brewery of Holme Bridge has been bought by the larger Redcastle Brewing Group for £27 "
           "million, the two companies announced on Monday.")
SENSOR = "The Tern sensor is smaller than a matchbox and runs for two years on one battery."
DOCUMENT = (f"{DEAL} The deal was approved by the European Commission in June 2021. Northwind's main product, the "
            f"Tern sensor, measures air quality every 5 minutes. {SENSOR}")


@pytest.mark.parametrize("claim, sentence, expected", [
    # the active and the passive voice are one event
    ("Northwind Labs acquired Helix Group in March 2021.", DEAL, [("Northwind Labs", "Helix Group", "acquire")]),
    # a proper noun the entity recogniser missed ("Pfizer" at the start) is a party too
    ("Pfizer sued Moderna over patents.", "Moderna sued Pfizer in 2022.", [("Pfizer", "Moderna", "sue")]),
    ("Brazil defeated Germany 7-1 in 2014.", "In 2014 Germany defeated Brazil 7-1 in Belo Horizonte.",
     [("Brazil", "Germany", "defeat")]),
    # a participle's doer is the subject of the verb it hangs on, active or passive; a name beside a noun ("holders
    # Millbeck Town") is that noun's party; a past form that changes the stem ("bought") is the verb's
    ("Millbeck Town beat Ashworth Rovers 3-1.", CUP, [("Millbeck Town", "Ashworth Rovers", "beat")]),
    ("Geoffrey Platt beat Ruth Kamara.", MAYOR, [("Geoffrey Platt", "Ruth Kamara", "beat")]),
    ("Tanner's Brewery has bought Redcastle Brewing Group.", BREWERY, [("Brewery", "Redcastle Brewing Group", "buy")]),
    # a capitalised noun with a capitalised compound is a party ("Wolves" tagged a common noun)
    ("Hanbury Saints beat Carrbridge Wolves 26-24.", "Carrbridge Wolves came from 18 points down to beat Hanbury Saints "
     "26-24 on Friday night.", [("Hanbury Saints", "Carrbridge Wolves", "beat")]),
])
def test_two_parties_in_each_others_places_are_found(claim, sentence, expected):
    assert [tuple(s) for s in role_swaps(claim, sentence)] == expected


@pytest.mark.parametrize("claim, sentence", [
    ("Helix Group acquired Northwind Labs.", DEAL),                       # the same way round
    ("Ashworth Rovers beat Millbeck Town 3-1.", CUP),
    ("Ruth Kamara beat Geoffrey Platt.", MAYOR),
    ("Helix acquired Northwind.", DEAL),                                  # shorter names of the same parties
    ("Northwind Labs bought Helix Group.", DEAL),                         # another verb: not read here
    ("Alice met Bob in Paris.", "Bob met Alice in Paris."),               # parties that can trade places
    ("Pfizer sued Moderna.", "Moderna sued Pfizer, and Pfizer sued Moderna."),   # said both ways round
    ("Pfizer sued Moderna.", "Moderna did not sue Pfizer."),             # a negated verb
    ("The vaccine was developed by Oxford University and AstraZeneca.",
     "AstraZeneca and Oxford University developed the vaccine."),
])
def test_no_swap_where_the_roles_agree_or_can_trade_places(claim, sentence):
    assert role_swaps(claim, sentence) == []


@pytest.mark.parametrize("claim, sentence, expected", [
    ("The sensor is larger than a matchbox.", SENSOR, ("larger than a matchbox", "smaller than a matchbox")),
    ("The tablet is more expensive than the laptop.", "The tablet is cheaper than the laptop.",
     ("more expensive than the laptop", "cheaper than the laptop")),
    ("The river is narrower than it was in 1900.", "The river is wider than it was in 1900.",
     ("narrower than it was in 1900", "wider than it was in 1900")),
    ("There were more deaths than in 2020.", "There were fewer deaths than in 2020.",
     ("more deaths than in 2020", "fewer deaths than in 2020")),
    ("Vaccinated patients had a higher risk of hospitalisation than unvaccinated patients.",
     "Vaccinated patients had a lower risk of hospitalisation than unvaccinated patients.",
     ("higher risk of hospitalisation than unvaccinated patients", "lower risk of hospitalisation than unvaccinated patients")),
    ("The 2023 harvest was worse than the 2022 harvest.", "The 2023 harvest was better than the 2022 harvest.",
     ("worse than the 2022 harvest", "better than the 2022 harvest")),
    ("Electric cars are cheaper to buy than petrol cars.",         # "cost more" is dearer; the other half agrees
     "Electric cars cost more to buy than petrol cars, but they are cheaper to run.",
     ("cheaper to buy than petrol cars", "cost more to buy than petrol cars")),
    ("The tablet costs less than the laptop.", "The tablet costs more than the laptop.",
     ("costs less than the laptop", "costs more than the laptop")),
])
def test_the_opposite_comparison_against_the_same_standard_is_found(claim, sentence, expected):
    assert opposite_comparisons(claim, sentence) == [expected]


@pytest.mark.parametrize("claim, sentence", [
    ("The sensor is larger than a coin.", "The sensor is smaller than a matchbox but larger than a coin."),  # agrees
    ("The sensor is larger than a coin.", "The sensor is smaller than a matchbox."),        # another standard
    ("The sensor is larger than a matchbox.", "The sensor is not smaller than a matchbox."),   # negated
    ("The sensor is larger than a matchbox.", "The sensor is heavier than a matchbox."),    # another scale
    ("Drug A had a higher response rate than placebo.", "Drug B had a lower response rate than placebo."),  # another subject
    ("Tom is older than Ann.", "Ann is younger than Tom."),                                  # the same, said from Ann
    ("The new bridge is longer.", "The new bridge is shorter than the old one."),           # no standard in the claim
    ("Electric cars are cheaper to run than petrol cars.",                                   # the half that agrees
     "Electric cars cost more to buy than petrol cars, but they are cheaper to run than petrol cars."),
])
def test_no_opposite_comparison_where_it_is_another_comparison(claim, sentence):
    assert opposite_comparisons(claim, sentence) == []


def test_a_comparison_keeps_its_subject_scale_and_standard():
    (c,) = comparisons("The Tern sensor is much smaller than a matchbox, the company says.")
    assert (c.subject, c.scale, c.sign, c.between, c.standard) == (("sensor", "tern"), "size", -1, (), ("matchbox",))


@pytest.mark.parametrize("engine", ENGINES)
@pytest.mark.parametrize("claim, column, found", [
    ("Northwind Labs acquired Helix Group in March 2021.", 0,
     "the claim has Northwind Labs acquire Helix Group, the source has Helix Group acquire Northwind Labs"),
    ("The sensor is larger than a matchbox.", 3, "the claim says larger than a matchbox, the source smaller than a matchbox"),
])
def test_a_claim_said_the_other_way_round_is_contradicted_named_and_shown_red(engine, claim, column, found,
                                                                            ruled_contradiction):
    """The entailment model reads both pairs by their shared words as support (P(e) 0.95 and 0.89 read alone); the
    rule contradicts them on every engine, names what was turned, and paints the anchor's cell; re-derived without
    the rule, the cell is the model's again."""
    ruled_contradiction(engine, claim, DOCUMENT, column, found, "said the other way round",
                        "it says the claim the other way round", "reversal_override")


@pytest.mark.parametrize("engine", ENGINES)
def test_the_claim_said_the_same_way_round_stays_supported(engine):
    res = ground("Helix Group acquired Northwind Labs in March 2021.", [DOCUMENT],
                 GroundingConfig(models_dir=str(MODELS), engine=engine).validate())
    assert res.verdicts[0].label == SUPPORTED, res.verdicts[0].rule


def test_reversals_words_both_forms():
    assert reversals("Northwind Labs acquired Helix Group.", DEAL) == [
        "the claim has Northwind Labs acquire Helix Group, the source has Helix Group acquire Northwind Labs"]
    assert reversals("The sensor is larger than a matchbox.", SENSOR) == [
        "the claim says larger than a matchbox, the source smaller than a matchbox"]
    assert reversals("The sensor is smaller than a matchbox.", SENSOR) == []


PHARMACY = ("Antibiotics are available only with a prescription. Painkillers such as ibuprofen can be bought without a "
            "prescription. Employees can work from home two days a week with their manager's approval.")


@pytest.mark.parametrize("claim, sentence, expected", [
    ("Antibiotics can be bought without a prescription.", "Antibiotics are available only with a prescription.",
     ("without a prescription", "with a prescription")),
    ("Ibuprofen requires a prescription.", "Painkillers such as ibuprofen can be bought without a prescription.",
     ("requires a prescription", "without a prescription")),
    ("Employees can work from home without any approval.",
     "Employees can work from home two days a week with their manager's approval.",
     ("without any approval", "with their manager's approval")),
    # a negated verb turns the condition: "cannot be bought without" requires it
    ("Antibiotics can be bought without a prescription.", "Antibiotics cannot be bought without a prescription.",
     ("without a prescription", "not without a prescription")),
    ("The tablets should be taken without food.", "Take the tablets with food, since the drug is absorbed better then.",
     ("without food", "with food")),
])
def test_the_opposite_condition_of_the_claims_subject_is_found(claim, sentence, expected):
    assert opposite_conditions(claim, sentence) == [expected]


@pytest.mark.parametrize("claim, sentence", [
    # another subject's condition
    ("Antibiotics can be bought without a prescription.", "Painkillers such as ibuprofen can be bought without a prescription."),
    ("Ibuprofen requires a prescription.", "Antibiotics are available only with a prescription."),
    # the same condition, also through a negated verb
    ("Ibuprofen can be bought without a prescription.", "Painkillers such as ibuprofen can be bought without a prescription."),
    ("Antibiotics require a prescription.", "Antibiotics cannot be bought without a prescription."),
    ("Employees need their manager's approval to work from home.", "Employees can work from home with their manager's approval."),
    # "with" on a noun names a group, not a condition; "with or without" is both
    ("Patients without diabetes had a higher risk.", "Patients with diabetes had a higher risk."),
    ("The tablets can be taken with food.", "The tablets can be taken with or without food."),
    # a requirement for another purpose
    ("The device works without an internet connection.", "The device needs an internet connection for updates."),
])
def test_no_opposite_condition_for_another_subject_purpose_or_group(claim, sentence):
    assert opposite_conditions(claim, sentence) == []


@pytest.mark.parametrize("engine", ENGINES)
@pytest.mark.parametrize("claim, column, found", [
    ("Antibiotics can be bought without a prescription.", 0, "the claim says without a prescription, the source with a prescription"),
    ("Ibuprofen requires a prescription.", 1, "the claim says requires a prescription, the source without a prescription"),
])
def test_a_claim_with_the_opposite_condition_is_contradicted(engine, claim, column, found):
    """The entailment model read "without a prescription" against "only with a prescription" as support (P(e) 0.78
    alone, 0.96 read with the painkiller sentence), and "requires a prescription" read with both sentences as
    support (0.71)."""
    res = ground(claim, [PHARMACY], GroundingConfig(models_dir=str(MODELS), engine=engine).validate())
    (v,) = res.verdicts
    assert v.label == CONTRADICTED and v.anchor == column and v.anchor_conflict == found, v.rule
    assert res.sentence_map.labels[0][column] == -1


@pytest.mark.parametrize("engine", ENGINES)
def test_the_same_condition_stays_supported(engine):
    res = ground("Ibuprofen can be bought without a prescription.", [PHARMACY],
                 GroundingConfig(models_dir=str(MODELS), engine=engine).validate())
    assert res.verdicts[0].label == SUPPORTED, res.verdicts[0].rule


@pytest.mark.parametrize("claim, sentence, expected", [
    ("The café reopened in May.", "Its café did not reopen with it, and the shop is still closed.",
     ("café reopened", "café did not reopen")),
    ("The planetarium reopened at the same time.", "The planetarium will not reopen until next summer.",
     ("planetarium reopened", "planetarium will not reopen")),
    ("Hydroxychloroquine reduces mortality in COVID-19 patients.", "Hydroxychloroquine did not reduce mortality.",
     ("Hydroxychloroquine reduces", "Hydroxychloroquine did not reduce")),
    # the other way: the claim denies what the sentence says
    ("The company did not raise prices.", "The company raised prices last spring.",
     ("company did not raise", "company raised")),
    # one deed in other words ("Bonfires are allowed in winter" was Unsupported on the claims engine)
    ("Bonfires are allowed in winter.", "Bonfires are not permitted at any time.",
     ("Bonfires are allowed", "Bonfires are not permitted")),
    ("The course did not begin in May.", "The course started in May.", ("course did not begin", "course started")),
])
def test_the_claims_verb_of_its_subject_negated_is_found(claim, sentence, expected):
    assert denied_predicate(claim, sentence) == expected
    assert reversals(claim, sentence) == [f"the claim says “{expected[0]}”, the source “{expected[1]}”"]


@pytest.mark.parametrize("claim, sentence", [
    # the sentence's subject is narrower than the claim's: an exception, not a denial
    ("Items can be returned within 30 days.", "Personalised items and opened software cannot be returned."),
    ("Dogs are allowed in the park.", "Large dogs are not allowed in the park."),
    # the negation bounds a value ("Bags can weigh up to 20 kg" was Contradicted on every engine by this sentence)
    ("Bags can weigh up to 20 kg.", "Bags must not weigh more than 20 kg."),
])
def test_a_narrower_subject_denied_is_no_denial_of_the_claim(claim, sentence):
    """A shop's returns page on engine context-fast: "Items can be returned within 30 days" was Contradicted by
    "Personalised items and opened software cannot be returned" (the anchor "most items within 30 days" backs it)."""
    assert denied_predicate(claim, sentence) is None
    assert reversals(claim, sentence) == []


def test_a_wider_subject_denied_is_a_denial_of_the_claim():
    assert denied_predicate("Personalised items can be returned.", "Items cannot be returned.") == \
        ("items can be returned", "items can not be returned")


@pytest.mark.parametrize("claim, sentence", [
    ("The company raised prices in the US.", "The company did not raise prices in Europe."),   # another place
    ("The company raised prices.", "The company did not raise wages."),                        # another object
    ("The café reopened in June.", "The café did not reopen in May, but the café reopened in June."),  # said too
    ("The museum reopened on Saturday.", "The planetarium will not reopen until next summer."),   # another subject
    ("The drug is safe.", "The drug is not safe for children."),                               # "be" says too little
    ("The café reopened in May.", "The café reopened in May."),
    # the way the sentence rules out, the claim rules out too (everyday batch 178: Contradicted on every engine)
    ("Cancellations must be made in writing rather than over the phone.", "Cancellations cannot be made by phone."),
    ("Cancellations must be made in writing, not by phone.", "Cancellations cannot be made by phone."),
])
def test_no_denied_predicate_for_another_case_or_the_same_polarity(claim, sentence):
    assert denied_predicate(claim, sentence) is None


MUSEUM = ("The Riverside Museum of Science reopened on Saturday after a two-year renovation that cost 42 million "
          "dollars. Admission remains free for children under 12. The planetarium will not reopen until next summer.")
CAFE = "The museum reopened in May after a long renovation. Its café did not reopen with it, and the shop is still closed."


@pytest.mark.parametrize("engine", ENGINES)
@pytest.mark.parametrize("claim, document, column, found", [
    ("The planetarium reopened at the same time.", MUSEUM, 2,
     "the claim says “planetarium reopened”, the source “planetarium will not reopen”"),
    ("The café reopened in May.", CAFE, 1, "the claim says “café reopened”, the source “café did not reopen”"),
])
def test_a_claim_whose_verb_the_source_negates_is_contradicted(engine, claim, document, column, found,
                                                                ruled_contradiction):
    """Read with "The museum … reopened on Saturday" the entailment model calls the planetarium claim entailed (P(e)
    0.75), and it reads the café sentence alone as neutral (P(n) 0.70); opposite_polarity, which asks for most of
    the claim's words, saw neither. The rule contradicts both on every engine and paints the anchor's cell."""
    ruled_contradiction(engine, claim, document, column, found, "said the other way round",
                        "it says the claim the other way round", "reversal_override")


TABLET = "It must be taken with a full glass of water at least 30 minutes before breakfast."


@pytest.mark.parametrize("claim, sentence, expected", [
    ("Take it with a full glass of water at least 30 minutes after breakfast.", TABLET,
     [("after breakfast", "before breakfast")]),
    ("Apply the cream after washing.", "Apply the cream before washing the area.", [("after washing", "before washing")]),
    # the same side, another event, both sides said, a negated side, few of the claim's words
    ("Take it with a full glass of water at least 30 minutes before breakfast.", TABLET, []),
    ("Patients should restart it before the operation.", "They can usually restart it 24 hours after surgery.", []),
    ("Levels were measured before and after treatment.", "Levels were measured before and after treatment.", []),
    ("Take it after meals.", "Take it before meals or after meals.", []),
    ("Take it after meals.", "Do not take it before meals.", []),
    ("Symptoms improved after treatment.", "Symptoms before treatment were severe.", []),
    # a date or a time is one event named alike: half the claim's other words, two at least ("A 20% discount applies to
    # anyone enrolling after 1 March" was Supported on every engine, P(e) 0.95)
    ("A 20% discount applies to anyone enrolling after 1 March.",
     "The course fee is 450 pounds, and a 20% discount is available to students who enrol before 1 March.",
     [("after 1 March", "before 1 March")]),
    ("Shops close after 9 pm.", "Shops close before 9 pm on Sundays.", [("after 9 pm", "before 9 pm")]),
    ("The museum was built after 1900.", "Most of the town was built before 1900, including the church.", []),
    ("The offer ends after 10 March.", "The offer is valid for bookings made before 1 March.", []),
])
def test_the_other_side_of_the_same_event_is_found(claim, sentence, expected):
    """A leaflet answer: "30 minutes after breakfast" against "30 minutes before breakfast" was Supported (P(e) 0.96)."""
    assert opposite_order(claim, sentence) == expected
    assert bool(reversals(claim, sentence)) == bool(expected)


SAVINGS = ("The savings account pays 4.1% interest a year, paid monthly. You can make up to three withdrawals a year "
           "without losing interest. The minimum deposit is £500.")
FORECAST = ("Heavy rain is expected across the north-west on Thursday, with up to 80 mm in places. A yellow warning is in "
            "force from 6 am until midnight. The weekend should be drier and brighter.")
RETURNS = ("You can return most items within 30 days of delivery for a full refund. Items must be unused and in their "
           "original packaging. Personalised items and opened software cannot be returned.")


@pytest.mark.parametrize("engine", ("claims", "context", "context-fast"))
def test_another_interval_and_the_other_state_are_contradicted_and_an_exception_is_not(engine):
    """Users' answers that were wrong: "Interest is paid annually" (Supported on every engine, read together, P(e)
    0.92), "The weekend will be wetter" (Supported on every engine, P(e) 0.89), and on context-fast "Items can be
    returned within 30 days" (Contradicted by "Personalised items … cannot be returned")."""
    config = GroundingConfig(models_dir=str(MODELS), engine=engine).validate()
    paid = ground("The account pays 4.1% a year. Interest is paid annually.", [SAVINGS], config).verdicts
    assert [v.label for v in paid] == [SUPPORTED, CONTRADICTED], [v.rule for v in paid]
    # since "monthly" alone is a frequency, the quantity rule reads it first (grounding.frequencies)
    assert paid[1].rule.startswith("quantity override: the claim says annually, the source monthly"), paid[1].rule
    weekend = ground("Heavy rain is forecast for Thursday. The weekend will be wetter.", [FORECAST], config).verdicts
    assert [v.label for v in weekend] == [SUPPORTED, CONTRADICTED] and weekend[1].anchor == 2, [v.rule for v in weekend]
    assert weekend[1].rule.startswith("said the other way round: the claim says “wetter”, the source “drier”")
    returns = ground("Items can be returned within 30 days. Personalised items can be returned.", [RETURNS],
                     config).verdicts
    assert [v.label for v in returns] == [SUPPORTED, CONTRADICTED] and returns[1].anchor == 2, \
        [v.rule for v in returns]


@pytest.mark.parametrize("claim, sentence, expected", [
    ("Shorter routes have higher success rates.",
     "The success rate is higher on longer routes, because climbers have more time to acclimatise to the altitude.",
     [("Shorter routes", "longer routes")]),
    ("Older patients had higher mortality.", "Mortality was higher in younger patients.",
     [("Older patients", "younger patients")]),
    # another point; the claim's own group; the sentence names both; another noun; a comparison with "than"
    ("Shorter routes are cheaper.", "Longer routes are more scenic.", []),
    ("Longer routes have higher success rates.", "The success rate is higher on longer routes.", []),
    ("Shorter routes have higher success rates.", "Longer routes have higher success rates, while shorter routes are "
                                                  "cheaper.", []),
    ("Larger companies pay higher wages.", "Smaller firms pay higher wages.", []),
    ("Routes longer than 5 km are harder.", "Routes shorter than 5 km are harder.", []),
    # the claim names both ends: a shift from one group to the other
    ("There has been a shift in incidence from older to younger age groups.",
     "As incidence declined in older age groups, the share of cases aged 0-19 increased.", []),
])
def test_a_group_named_by_the_other_end_of_a_scale(claim, sentence, expected):
    assert opposite_groups(claim, sentence) == expected


KILIMANJARO = ("Mount Kilimanjaro in Tanzania is the highest mountain in Africa, at 5,895 metres above sea level. Most "
               "climbers take six to eight days to reach the summit and return. The success rate is higher on longer "
               "routes, because climbers have more time to acclimatise to the altitude.")


@pytest.mark.parametrize("engine", ("claims", "context", "context-fast"))
def test_shorter_routes_against_longer_ones_is_contradicted(engine):
    """A user's answer: "Shorter routes have higher success rates" was Unsupported on every engine."""
    config = GroundingConfig(models_dir=str(MODELS), engine=engine).validate()
    shorter, longer = ground("Shorter routes have higher success rates. Longer routes have higher success rates.",
                             [KILIMANJARO], config).verdicts
    assert shorter.label == CONTRADICTED and shorter.anchor == 2, shorter.rule
    assert "the claim says “Shorter routes”, the source “longer routes”" in shorter.rule
    assert longer.label == SUPPORTED and longer.anchor == 2, longer.rule


@pytest.mark.parametrize("engine", ENGINES)
def test_a_cup_final_answer_with_the_winner_and_loser_swapped_is_contradicted(engine):
    """"Millbeck Town beat Ashworth Rovers 3-1" was Supported on every engine (P(e) 0.91) against "Ashworth Rovers
    won …, beating holders Millbeck Town 3-1": the participle's doer is the sentence's subject."""
    from tests.conftest import contradicted_and_backed
    wrong, _ = contradicted_and_backed(engine, "Millbeck Town beat Ashworth Rovers 3-1 in the final. A crowd of 4,820 "
                                       "watched the match.", CUP + " A crowd of 4,820 watched the match.", 0, 1)
    assert "the claim has Millbeck Town beat Ashworth Rovers" in wrong.rule
