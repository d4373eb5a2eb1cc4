"""A value bounded the other way (values.opposite_bounds), a figure of the quantity rule, and how bounds are read."""
from __future__ import annotations

from pathlib import Path

import pytest
from conftest import all_supported, contradicted_and_backed

from grounding import GroundingConfig, ground
from grounding.entities import mentions
from grounding.learned import quantity_conflicts
from grounding.types import CONTRADICTED, SUPPORTED
from grounding.values import moved_from, opposite_bounds, values_agree

MODELS = Path(__file__).resolve().parent.parent / "exported_models"


def _bounds(claim, sentence):
    return [b for m in mentions(claim) if (b := opposite_bounds(claim, m, sentence))]


@pytest.mark.parametrize("claim, sentence, expected", [
    ("People under 55 should first be given a calcium channel blocker.",
     "For people over 55, a calcium channel blocker is recommended first.", [("under 55", "over 55")]),
    ("You can borrow at least 12 books.", "Members can borrow up to 12 books at a time.", [("at least 12", "up to 12")]),
    ("Take no more than 4 doses a day.", "Take more than 4 doses a day.", [("no more than 4", "more than 4")]),
    ("More than 50% of voters backed it.", "Less than 50% of voters backed it.", [("More than 50%", "Less than 50%")]),
    ("Flights over 1,500 km get 250 euros.", "For flights under 1,500 km the amount is 250 euros.",
     [("over 1,500", "under 1,500")]),
    # the same side; a negated bound ("do not store above" is below); the sentence gives both sides; another unit
    ("People over 55 are offered a calcium channel blocker.", "For people over 55, a blocker is recommended.", []),
    ("Store below 25 degrees.", "Do not store above 25 degrees.", []),
    ("Take no more than 4 doses a day.", "Do not take more than 4 doses a day.", []),
    ("Bags can weigh up to 20 kg.", "Bags must not weigh more than 20 kg.", []),
    ("Bags must weigh at least 20 kg.", "Bags must not weigh less than 20 kg.", []),
    ("Children under 5 travel free.", "Children over 5 pay 3 pounds and those under 5 travel free.", []),
    ("It took over 5 years.", "The site is under 5 km away.", []),
    ("Children under 12 go free.", "Children over 12 pay full price, and under-12s go free.", []),
    # a comparative of size or age bounds a value too ("files larger than 20 MB"); negated, the other side
    ("A crash importing files under 20 MB was fixed.", "Fixed a crash importing files larger than 20 MB.",
     [("under 20", "larger than 20")]),
    ("Children older than 5 pay full fare.", "Children younger than 5 pay full fare.", [("older than 5", "younger than 5")]),
    ("Uploads can be up to 10 MB.", "Uploads must be no larger than 10 MB.", []),
    ("Uploads can be up to 10 MB.", "Uploads must not be larger than 10 MB.", []),
    ("Files under 10 MB upload fast.", "Files smaller than 10 MB upload fast.", []),
])
def test_a_value_bounded_the_other_way(claim, sentence, expected):
    assert _bounds(claim, sentence) == expected
    assert [c for c in quantity_conflicts(claim, sentence, same_figure=True) if c in expected] == expected


def test_no_more_than_is_an_upper_bound():
    """"no more than 5" had been read as "more than 5" (a lower bound): 3 fell outside it."""
    claim, sentence = "Use 3 devices.", "The plan covers no more than 5 devices."
    assert values_agree(claim, mentions(claim)[0], sentence, mentions(sentence)[0])
    claim = "Use 7 devices."
    assert not values_agree(claim, mentions(claim)[0], sentence, mentions(sentence)[0])
    sentence = "The plan covers no fewer than 5 devices."
    assert values_agree(claim, mentions(claim)[0], sentence, mentions(sentence)[0])


def test_no_larger_than_is_an_upper_bound():
    claim, sentence = "Attach a 12 MB file.", "Attachments can be no larger than 10 MB."
    assert not values_agree(claim, mentions(claim)[0], sentence, mentions(sentence)[0])
    claim = "Attach an 8 MB file."
    assert values_agree(claim, mentions(claim)[0], sentence, mentions(sentence)[0])


RELEASE = ("Version 5.2 adds recurring invoices every month. Fixed a crash that occurred when importing CSV files larger "
           "than 20 MB. Dark mode is now available on Windows.")


@pytest.mark.parametrize("engine", ("claims", "context", "context-fast"))
def test_files_under_a_size_against_files_larger_than_it_are_contradicted(engine):
    wrong, _ = contradicted_and_backed(
        engine, "A bug that made the app crash when importing CSV files under 20 MB has been fixed. "
                "Dark mode is now available on Windows.", RELEASE, 1, 2)
    assert "under 20" in wrong.rule and "larger than 20" in wrong.rule


GUIDELINE = ("Adults with a blood pressure above 140/90 mmHg on repeated readings are diagnosed with hypertension. "
             "First-line treatment for people under 55 is an ACE inhibitor. For people over 55, a calcium channel "
             "blocker is recommended first.")


@pytest.mark.parametrize("engine", ("claims", "context", "context-fast"))
def test_a_treatment_for_the_other_age_group_is_contradicted(engine):
    """A user's guideline answer: "People under 55 should first be given a calcium channel blocker" was Supported on
    every engine (the last two sentences read together, P(e) 0.96), though the guideline gives it to people over 55."""
    res = ground("People under 55 should first be given a calcium channel blocker. People over 55 are first offered a "
                 "calcium channel blocker.", [GUIDELINE], GroundingConfig(models_dir=str(MODELS), engine=engine).validate())
    under, over = res.verdicts
    assert under.label == CONTRADICTED and under.anchor == 2, under.rule
    assert "the claim says under 55, the source over 55" in under.rule
    assert over.label == SUPPORTED and over.anchor == 2, over.rule


@pytest.mark.parametrize("claim, sentence, expected", [
    ("Revenue rose to $4 million.", "Revenue rose to $5 million from $4 million.", [("to $4 million", "to $5 million")]),
    ("Revenue rose to $4 million.", "Revenue rose from $4 million to $5 million.", [("to $4 million", "to $5 million")]),
    # the claim's start is the sentence's start; its end the sentence's end; two ends
    ("Revenue rose from $4 million.", "Revenue rose from $4 million to $5 million.", []),
    ("Revenue rose to $5 million.", "Revenue rose from $4 million to $5 million.", []),
    ("Unemployment fell to 4.1%.", "Unemployment fell from 4.1% in May to 3.9% in June and to 3.8% in July.", []),
])
def test_the_start_of_a_change_taken_for_its_end(claim, sentence, expected):
    assert [found for m in mentions(claim) if (found := moved_from(claim, m, sentence, list(mentions(sentence))))] \
        == expected
    assert [c for c in quantity_conflicts(claim, sentence, same_figure=True) if c in expected] == expected


def test_widening_and_narrowing_are_directions():
    """"Operating margin widened to 14%" against "Operating margin narrowed to 12% from 14%" was Supported on every
    engine (P(e) 0.92 alone): neither verb gave a direction."""
    assert quantity_conflicts("Operating margin widened to 14%.", "Operating margin narrowed to 12% from 14%.",
                              same_figure=True) == [("14% (widened)", "14% (narrowed)")]
    assert quantity_conflicts("The economy contracted by 2%.", "The economy expanded by 2%.", same_figure=True) == [
        ("2% (contracted)", "2% (expanded)")]
    assert quantity_conflicts("Operating margin narrowed to 12%.", "Operating margin narrowed to 12% from 14%.",
                              same_figure=True) == []


def test_a_year_that_dates_a_cited_work_is_no_value():
    """A report claim had turned Contradicted by "(Daly and Robinson, 2021b)" against "(e.g. Daly et al., 2020; …)":
    years of references, not of what is said."""
    assert quantity_conflicts("Distress peaked at the end of March (Daly and Robinson, 2021b).",
                              "Distress rose from mid-March to early April (Daly et al., 2020).", same_figure=True) == []
    assert quantity_conflicts("The library opened in 2022.", "The library opened in 2023.", same_figure=True) == [
        ("2022", "2023")]


LIBRARY = ("The new central library cost £42 million and opened in September 2023. It holds 250,000 books across five "
           "floors.")


@pytest.mark.parametrize("engine", ("claims", "context", "context-fast"))
def test_another_date_in_the_sentence_the_model_read_as_backing_is_contradicted(engine):
    """A user's library answer: "It opened in September 2022" was Supported on every engine (the sentence alone, P(e)
    0.91): the quantity rule asked cosine 0.6 of the anchor and "It" gave 0.51. Where the entailment model's reading
    of the anchor decided the claim backed, the anchor speaks of the claim's figure from cosine 0.3
    (number_rules.READ_LEAST; 0.5 until 2026-12-05)."""
    res = ground("The library cost £42 million. It opened in September 2022.", [LIBRARY],
                 GroundingConfig(models_dir=str(MODELS), engine=engine).validate())
    cost, opened = res.verdicts
    assert cost.label == SUPPORTED and cost.anchor == 0, cost.rule
    assert opened.label == CONTRADICTED and opened.anchor == 0, opened.rule
    assert opened.rule.startswith("quantity override: the claim says September 2022, the source September 2023 "
                                  "(anchor cosine 0.5"), opened.rule


MUSEUM = ("The museum reopened in June after a two-year renovation costing £40 million. The new wing houses the "
          "Egyptian collection, which had been in storage since 2019.")


@pytest.mark.parametrize("engine", ("claims", "context", "context-fast"))
def test_another_price_in_a_long_sentence_the_model_read_as_backing_is_contradicted(engine):
    """A user's museum answer: "The work cost £14 million" was Supported on every engine (the sentence alone, P(e)
    0.80) at anchor cosine 0.37, under the 0.5 the rule then asked where the model decided the claim backed. Of the
    evidence train claims (4,640 per engine) the lower floor (0.3) changes 2 on context (one to the gold label, one
    from one wrong label to another) and none on claims and context-fast."""
    res = ground("The museum reopened after a two-year renovation. The work cost £14 million.", [MUSEUM],
                 GroundingConfig(models_dir=str(MODELS), engine=engine).validate())
    reopened, cost = res.verdicts
    assert reopened.label == SUPPORTED, reopened.rule
    assert cost.label == CONTRADICTED and cost.anchor == 0, cost.rule
    assert cost.rule.startswith("quantity override: the claim says £14 million, the source £40 million (anchor "
                                "cosine 0.3"), cost.rule


def test_a_sentence_on_the_other_group_alone_turns_only_a_backed_claim():
    """"Adults over 65 get the vaccine" against "People under 65 get it only if they are at risk" alone: the sentence
    says nothing of the over-65s, so an Unsupported claim stays Unsupported (the bound is asked only of a claim the
    model read as backed)."""
    from grounding.config import PRESETS
    from grounding.number_rules import quantity_override
    from grounding.types import UNSUPPORTED, Verdict
    claim, sentence = "Adults over 65 get the vaccine.", "People under 65 get it only if they are at risk."
    assert quantity_conflicts(claim, sentence, same_figure=True) == [("over 65", "under 65")]
    assert quantity_conflicts(claim, sentence, same_figure=True, bounds=False) == []
    unread = quantity_override(Verdict(claim=0, label=UNSUPPORTED, score=0.3, anchor=0, cosine=0.7, rule="F 0.30 < 0.4"),
                               PRESETS["joint"], claim, sentence)
    assert unread.label == UNSUPPORTED, unread.rule
    backed = quantity_override(Verdict(claim=0, label=SUPPORTED, score=0.8, anchor=0, cosine=0.7, rule="F 0.80 >= 0.72"),
                               PRESETS["joint"], claim, sentence)
    assert backed.label == CONTRADICTED and "the claim says over 65, the source under 65" in backed.rule, backed.rule


@pytest.mark.parametrize("engine", ("claims", "context", "context-fast"))
def test_up_to_a_limit_the_sentence_forbids_going_past_is_supported(engine):
    """An everyday answer: "Bags can weigh up to 20 kg" was Contradicted on every engine by "Bags must not weigh
    more than 20 kg" (read as the other bound, and as the verb denied)."""
    from grounding import GroundingConfig, ground
    from grounding.types import CONTRADICTED, SUPPORTED
    context = ("Residents can put out up to three bags of garden waste every other Tuesday from April to November. "
               "Bags must not weigh more than 20 kg.")
    (v,) = ground("Bags can weigh up to 20 kg.", context, GroundingConfig(engine=engine)).verdicts
    assert v.label == SUPPORTED and v.anchor == 1, v.rule
    (v,) = ground("Bags can weigh up to 25 kg.", context, GroundingConfig(engine=engine)).verdicts
    assert v.label == CONTRADICTED, v.rule


FEES = "Students pay half the standard fee of 400 euros."


@pytest.mark.parametrize("claim, sentence, expected", [
    ("Students pay 200 euros.", FEES, []),
    ("Students pay 300 euros.", FEES, [("300 euros", "400 euros")]),
    ("Members pay 40 dollars.", "Members pay twice the usual price of $20.", []),
    ("Members pay 30 dollars.", "Members pay twice the usual price of $20.", [("30 dollars", "$20")]),
])
def test_a_value_the_sentence_gives_a_share_of(claim, sentence, expected):
    """ranges.share_of: "half the standard fee of 400 euros" gives the students' 200 euros (the quantity rule had
    called "Students pay 200 euros" Contradicted on every engine)."""
    assert quantity_conflicts(claim, sentence, same_figure=True) == expected


@pytest.mark.parametrize("claim, sentence, agree", [
    ("The app failed from just before 8am.", "From 07:55 the app was unable to connect.", True),
    ("The app failed from around 8am.", "From 07:50 the app was unable to connect.", True),
    ("The app failed from shortly after 8am.", "From 08:10 the app was unable to connect.", True),
    # a deadline is a time of its own ("by half past six" is not "by 7am")
    ("Bins must be out by 6:30am.", "Bins must be out by 7am.", False),
    # the time said exactly, the other side of it, or further than the word reaches
    ("The app failed from 8am.", "From 07:55 the app was unable to connect.", False),
    ("The app failed from just after 8am.", "From 07:55 the app was unable to connect.", False),
    ("The app failed from just before 8am.", "From 07:15 the app was unable to connect.", False),
])
def test_a_time_said_roughly_holds_the_times_it_reaches(claim, sentence, agree):
    (c,), (x,) = [m for m in mentions(claim) if m.kind == "time"], [m for m in mentions(sentence) if m.kind == "time"]
    assert values_agree(claim, c, sentence, x) is agree
    assert (quantity_conflicts(claim, sentence, same_figure=True) == []) is agree


@pytest.mark.parametrize("engine", ("claims", "context", "context-fast"))
def test_an_outage_from_just_before_8am_against_07_55_is_supported(engine):
    """A status report answer: "… from just before 8am" was Contradicted on the context engine ("the claim says 8am,
    the source 07:55")."""
    context = ("From 07:55 BST on Saturday 12 April, the Brightwell Home app was unable to connect to some appliances. "
               "Engineers confirmed the issue at 08:20 and posted the first status update.")
    res = ground("On Saturday 12 April, the Brightwell Home app lost its connection to some appliances from just "
                 "before 8am.", [context], GroundingConfig(models_dir=str(MODELS), engine=engine).validate())
    (v,) = res.verdicts
    assert v.label == SUPPORTED and v.anchor == 0, v.rule


SHED = ("# Sheds and greenhouses\nShed installation costs £149 for sheds up to 8 ft x 6 ft and £229 for larger "
        "sheds. Greenhouse bases are laid for £95.")


@pytest.mark.parametrize("claim, sentence, expected", [
    # everyday batches 228 and 244: the consequence of a notice period missed, against the notice asked for
    ("If you cancel with less than 24 hours' notice, you lose that session.",
     "Give your trainer at least 24 hours' notice.", None),
    ("Cancelling with less than 48 hours' notice means your deposit is kept.",
     "If you need to cancel, please give us at least 48 hours' notice.", None),
    # the sentence names the claim's side by its bare comparative (everyday batch 234)
    ("Having a shed larger than 8 ft by 6 ft installed costs £229, against £149 for smaller ones.",
     "Shed installation costs £149 for sheds up to 8 ft x 6 ft and £229 for larger sheds.", None),
    # an age limit told the other way is still one
    ("People under 55 should first be given a calcium channel blocker.",
     "For people over 55, a calcium channel blocker is recommended first.", ("under 55", "over 55")),
    ("You can borrow up to 12 books.", "Members must borrow at least 12 books.", ("up to 12", "at least 12")),
])
def test_two_sides_of_one_threshold_are_no_opposite_bounds(claim, sentence, expected):
    value = next(m for m in mentions(claim) if m.kind in ("number", "money") and m.surface[0].isdigit()
                 and m.key in {"24", "48", "8", "55", "12"})
    assert opposite_bounds(claim, value, sentence) == expected


@pytest.mark.parametrize("engine", ("claims", "context", "context-fast"))
def test_a_price_for_larger_sheds_is_supported(engine):
    """Everyday batch 234: "a shed larger than 8 ft by 6 ft … £229, against £149 for smaller ones" was Contradicted on
    every engine ("larger than 8" against "up to 8")."""
    all_supported(engine, "Having a shed larger than 8 ft by 6 ft installed costs £229, against £149 for smaller ones. "
                  "Greenhouse bases are laid for £95.", SHED)
