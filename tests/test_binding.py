"""Said of another subject (grounding.binding, overrides.binding_override): a sentence that gives the claim's value for
another named subject, and another value for the claim's own, contradicts the claim whatever the entailment model
made of the shared words."""
from __future__ import annotations

from pathlib import Path

import pytest
from conftest import all_supported, contradicted_and_backed

from grounding import GroundingConfig, ground
from grounding.binding import describe, found_in, misbindings, misbound_kinds
from grounding.verb_binding import misbound_verbs
from grounding.siblings import about_another
from grounding.explain import explain
from grounding.types import SUPPORTED

MODELS = Path(__file__).resolve().parent.parent / "exported_models"
ENGINES = ("claims", "context", "context-fast")

OFFICES = "The office in Leeds closes at 6 pm; the London office is open until 8 pm."
TRIAL = "In the trial, drug A lowered systolic pressure by 12 mmHg, while drug B lowered it by 5 mmHg."
DOCUMENT = f"{OFFICES} Both offices are closed on Sundays. {TRIAL} Both drugs were well tolerated."


@pytest.mark.parametrize("claim, sentence, expected", [
    ("The London office closes at 6 pm.", OFFICES, "the source gives 8 pm for London; 6 pm is said of Leeds"),
    ("Drug B lowered systolic pressure by 12 mmHg.", TRIAL, "the source gives 5 mmHg for Drug B; 12 mmHg is said of drug A"),
    ("Drug A lowered systolic pressure by 5 mmHg.", TRIAL, "the source gives 12 mmHg for Drug A; 5 mmHg is said of drug B"),
    # a capitalised word inside the sentence is a name even where the entity recogniser misses it
    ("Moderna reported revenue of $100 billion in 2022.",
     "In 2022 Pfizer reported revenue of $100 billion, while Moderna reported $19 billion.",
     "the source gives $19 billion for Moderna; $100 billion is said of Pfizer"),
    # a value written without its unit word where its clause holds no other number
    ("Lyon has 2.1 million inhabitants.", "Paris has 2.1 million inhabitants and Lyon has 0.5 million.",
     "the source gives 0.5 million for Lyon; 2.1 million inhabitants is said of Paris"),
    ("Group B received 50 mg daily.", "Group A received 50 mg daily and group B 25 mg.",
     "the source gives 25 mg for Group B; 50 mg is said of Group A"),
    ("Apple was founded in 1975.", "Microsoft was founded in 1975 by Bill Gates and Paul Allen, and Apple in 1976.",
     "the source gives 1976 for Apple; 1975 is said of Microsoft"),
    # the name after its value, and two sentences read together
    ("In Italy 12% of patients responded.", "In Spain 12% responded, compared with 5% in Italy.",
     "the source gives 5% for Italy; 12% is said of Spain"),
    ("The London office closes at 6 pm.", "The Leeds office closes at 6 pm. The London office is open until 8 pm.",
     "the source gives 8 pm for London; 6 pm is said of Leeds"),
    # a group of a study by what it was given ("Nausea affected 5% of patients taking glucorin" was Supported on every
    # engine, read together with the trial's other sentences, P(e) 0.82)
    ("Nausea affected 5% of patients taking glucorin.",
     "Mild nausea was the most common side effect, reported by 14% of patients on glucorin and 5% on placebo.",
     "the source gives 14% for glucorin; 5% is said of placebo"),
    ("Side effects occurred in 10% of patients on the drug.",
     "Side effects occurred in 15% of patients on the drug and 10% of those on placebo.",
     "the source gives 15% for drug; 10% is said of placebo"),
])
def test_a_value_said_of_another_subject_is_found(claim, sentence, expected):
    assert [describe(m) for m in misbindings(claim, sentence)] == [expected]


@pytest.mark.parametrize("claim, sentence", [
    ("The Leeds office closes at 6 pm.", OFFICES),                         # right
    ("The London office closes at 8 pm.", OFFICES),                        # right ("open until 8 pm")
    ("Drug A lowered systolic pressure by 12 mmHg.", TRIAL),               # right
    ("The London office closes at 6 pm.", "The London and Leeds offices close at 6 pm and 8 pm respectively."),
    ("Pfizer reported revenue of $58 billion in 2022.",                    # not stated at all: the quantity rule's
     "Pfizer reported revenue of $100 billion in 2022, while Moderna reported $19 billion."),
    ("In Italy, 12% of patients responded.",                               # said of Italy too
     "In Spain and Italy 12% responded, compared with 5% in France."),
    ("A total of 12% of patients in Spain responded.", "In Spain 12% responded, compared with 5% in Italy."),
    ("The rate was 5% in 2021.", "In 2020 the rate was 5%, and in 2021 it was 7%."),        # no named subject
    # the groups' own values; a group said of its value; "on average" is no group
    ("Nausea affected 14% of patients taking glucorin.",
     "Mild nausea was the most common side effect, reported by 14% of patients on glucorin and 5% on placebo."),
    ("The drug reduced pain by 30% in patients with arthritis.",
     "The drug reduced pain by 30% in patients with arthritis and by 20% in patients with back pain."),
    ("Prices rose 5% on average.", "Prices rose 5% in March and 3% on average."),
    # the other value is one of the claim's own ("by 2035" is the claim's too)
    ("The panel retracted a statement in its 2007 report saying all Himalayan glaciers could melt by 2035.",
     "A paragraph in the 2007 Working Group II report projected that Himalayan glaciers could disappear by 2035."),
    # a value of the claim's subject that agrees ("about 12 mmHg")
    ("Drug B lowered systolic pressure by 12 mmHg.",
     "Drug A lowered systolic pressure by 12 mmHg, while drug B lowered it by about 12 mmHg."),
    # two names of another kind: an uncertainty interval is no subject
    ("About 22 percent of the world's population is at risk of severe COVID-19.",
     "We estimated that 22% (UI 15–28) of the global population is at increased risk of severe COVID-19 (<5% of "
     "those younger than 20 years)."),
    # a year of a life is no value of a deed (everyday batch 199: "the source gives 1981 for Hartvig")
    ("Hartvig wrote it in 2019, and it was first performed in Norway by the Bergholm Chamber Orchestra the following "
     "January.", "Lena Hartvig: Northern Lights (first UK performance), about 12 minutes Karl Ostheim: Cello Concerto "
     "in E minor, about 28 minutes Lena Hartvig (born 1981) wrote Northern Lights in 2019 for the Bergholm Chamber "
     "Orchestra, which gave the first performance in Norway in January 2020."),
])
def test_no_misbinding_where_the_value_is_the_subjects_own_or_unplaced(claim, sentence):
    assert misbindings(claim, sentence) == ()


@pytest.mark.parametrize("engine", ENGINES)
@pytest.mark.parametrize("claim, column, found", [
    ("The London office closes at 6 pm.", 0, "the source gives 8 pm for London; 6 pm is said of Leeds"),
    ("Drug B lowered systolic pressure by 12 mmHg.", 2, "the source gives 5 mmHg for Drug B; 12 mmHg is said of drug A"),
])
def test_a_value_said_of_another_subject_is_contradicted_named_and_shown_red(engine, claim, column, found,
                                                                           ruled_contradiction):
    """The entailment model reads both pairs by their shared words as support (P(e) 0.96 and 0.94); the rule
    contradicts them on every engine, says which value is whose and paints the anchor's cell; re-derived without the
    rule, the cell is the model's again."""
    ruled_contradiction(engine, claim, DOCUMENT, column, found, "said of another subject",
                        "it gives the claim's value for another subject", "binding_override")


@pytest.mark.parametrize("engine", ENGINES)
@pytest.mark.parametrize("claim", ["The office in Leeds closes at 6 pm.", "Drug A lowered systolic pressure by 12 mmHg."])
def test_the_value_said_of_its_own_subject_stays_supported(engine, claim):
    res = ground(claim, [DOCUMENT], GroundingConfig(models_dir=str(MODELS), engine=engine).validate())
    assert res.verdicts[0].label == SUPPORTED, res.verdicts[0].rule


def test_the_paper_preset_has_no_binding_rule():
    res = ground("The London office closes at 6 pm.", [DOCUMENT],
                 GroundingConfig(models_dir=str(MODELS), engine="claims", preset="paper").validate())
    assert not res.verdicts[0].rule.startswith("said of another subject")


CLINIC = ("Flu vaccines are given without an appointment. Travel vaccines are given only with an appointment, booked "
          "at least two weeks ahead.")


@pytest.mark.parametrize("claim, sentence, expected", [
    ("Flu vaccines need no appointment.", "Travel vaccines are given only with an appointment.", True),
    ("Flu vaccines need no appointment.", "Flu vaccines are given without an appointment.", False),
    ("Severe patients had higher IL-6 levels.", "Mild patients had lower IL-6 levels.", True),
    ("The London clinic closes at 6 pm.", "The Leeds clinic closes at 6 pm.", True),
    # the claim's own subject is in the sentence too
    ("The London clinic closes at 6 pm.", "The Leeds clinic closes at 6 pm; the London clinic is open until 8 pm.", False),
    # a subject the claim does not tell apart from its kind
    ("The policy applies to all staff.", "The new policy was updated in 2023.", False),
    ("The new policy applies to all staff.", "The policy was updated in 2023.", False),
])
def test_a_sentence_about_another_of_the_claims_kind_is_told(claim, sentence, expected):
    assert about_another(claim, sentence) is expected


@pytest.mark.parametrize("engine", ("claims", "context"))
def test_sentences_about_another_subject_are_not_read_together(engine):
    """Read with the travel vaccines' sentence, "Flu vaccines need no appointment" was Contradicted (P(c) 0.93):
    the premise joined two subjects. Without it, the flu vaccines' sentence backs the claim; with joint_siblings off
    the two are read together again. (context-fast reads other sentences its scorer labelled with it and says
    Unsupported.)"""
    res = ground("Flu vaccines need no appointment.", [CLINIC],
                 GroundingConfig(models_dir=str(MODELS), engine=engine).validate())
    assert res.claims[0].joint_columns == [0] and res.verdicts[0].label == SUPPORTED, res.verdicts[0].rule
    # the context engine's scorer reads that sentence in its document as contradicting (a red cell under a
    # Supported claim): the explanation says so; the claims engine's map is the entailment model's own reading
    red = "In its document the scorer reads this sentence as contradicting the claim (red in the map"
    text = explain(res, res.verdicts[0], res.claims[0])
    assert (red in text) == (engine == "context") and (res.sentence_map.labels[0][0] == -1) == (engine == "context")
    mixed = ground("Flu vaccines need no appointment.", [CLINIC],
                   GroundingConfig(models_dir=str(MODELS), engine=engine, joint_siblings=False).validate())
    assert mixed.claims[0].joint_columns == [0, 1]


@pytest.mark.parametrize("engine", ENGINES)
def test_another_subjects_sentence_is_not_named_as_the_other_side(engine):
    """"Travel vaccines are given without an appointment" is contradicted by the travel vaccines' sentence, which
    the entailment model reads alone as a contradiction; the flu vaccines' sentence does not support it, so the
    verdict names no other side (it said "Another source supports it: Flu vaccines are given without an
    appointment" before)."""
    from grounding.examples import MIXED_UP
    res = ground("Travel vaccines are given without an appointment.", MIXED_UP["context"],
                 GroundingConfig(models_dir=str(MODELS), engine=engine).validate())
    (v,) = res.verdicts
    assert v.label == "Contradicted" and v.anchor == 4 and v.rule.startswith("judged alone"), v.rule
    assert v.conflicting is None


@pytest.mark.parametrize("claim, sentence, expected", [
    ("The bridge opened in 2015.", "The bridge opened in 1998 and was renovated in 2015.",
     "the source gives 1998 for “opened”; 2015 goes with “renovated”"),
    ("The company was listed in 1990.", "The company was founded in 1990 and listed in 2004.",
     "the source gives 2004 for “listed”; 1990 goes with “founded”"),
    # days of the week, and subjects that share a word ("Ferry services were still cancelled on Monday" was Supported
    # on every engine, F 0.90 on context)
    ("Ferry services were still cancelled on Monday.",
     "All ferry crossings to the islands were cancelled on Sunday but resumed on Monday morning.",
     "the source gives Sunday for “cancelled”; Monday goes with “resumed”"),
    # a relative clause's "which" is its noun ("Brenham Airport handled 5 million passengers last year" was Supported on
    # every engine)
    ("Brenham Airport handled 5 million passengers last year.", "The airport, which handled 3.1 million passengers last "
     "year, says the extension would allow it to reach 5 million passengers a year by 2035.",
     "the source gives 3.1 million passengers for “handled”; 5 million passengers goes with “reach”"),
])
def test_a_value_said_with_another_verb_is_found(claim, sentence, expected):
    assert found_in(claim, sentence) == [expected]


@pytest.mark.parametrize("claim, sentence", [
    ("The bridge opened in 1998.", "The bridge opened in 1998 and was renovated in 2015."),         # right
    ("The bridge was inaugurated in 2015.", "The bridge opened in 1998 and was renovated in 2015."),  # another verb
    ("The drug reduced mortality by 20%.", "The drug reduced mortality by 20% and hospital stays by 30%."),
    ("The bridge opened in 2015.", "The two bridges opened in 1998 and 2015 respectively."),
    # the claim's verb, but another subject's value ("Adults should do at least 150 minutes" was Contradicted on every
    # engine by sentences read together: "… 60 minutes for “do”; 150 minutes goes with “aim”")
    ("Adults should do at least 150 minutes of exercise a week.",
     "Adults should aim for at least 150 minutes of activity a week. Children should do at least 60 minutes a day."),
    # a kind of thing, not a deed ("Flight BA117 was delayed by three hours" was Contradicted on context-fast)
    ("Flight BA117 was delayed by three hours.", "BA117 departed three hours late. Passengers on flights delayed by "
     "more than four hours may claim 520 pounds."),
    # the claim's value with another subject's verb: whose opening it was is not said
    ("The bridge opened in 2015.", "The tunnel opened in 1998 and the bridge was renovated in 2015."),
    ("Trains were cancelled on Monday.", "Flights were cancelled on Sunday and trains were cancelled on Monday."),
    ("Ferry crossings resumed on Monday.",
     "All ferry crossings to the islands were cancelled on Sunday but resumed on Monday morning."),
    # the claim's verb of a clause as subject: another subject ("The plan costs 15 pounds a month" was Contradicted on
    # the context engines: "the source gives 2 pounds for “costs”")
    ("The plan costs 15 pounds a month.", "The phone plan includes unlimited calls and 20GB of data a month for 15 "
     "pounds. Using the phone abroad costs 2 pounds a day in the EU."),
    # "It" may be either car; the other's verb has the Cito for subject, through "and" (everyday batch 180)
    ("It also charges faster, needing 29 minutes to go from 10 to 80 percent on a rapid charger.", "The Pika charges "
     "at up to 85 kW on a rapid charger, taking 29 minutes from 10 to 80 percent, while the Cito manages 60 kW and "
     "needs 35 minutes."),
    # a value set apart from the verb by "except" (everyday batch 205: Contradicted on every engine)
    ("Kestrel Park Holiday Club runs from 28 July to 29 August, except for the bank holiday on 25 August.",
     "Kestrel Park Holiday Club runs from Monday 28 July to Friday 29 August 2025. The club is closed on the bank "
     "holiday, Monday 25 August."),
])
def test_no_verb_misbinding_where_the_value_goes_with_the_claims_verb_or_none_other(claim, sentence):
    assert misbound_verbs(claim, sentence) == ()


@pytest.mark.parametrize("engine", ENGINES)
def test_a_date_said_with_another_verb_is_contradicted(engine):
    res = ground("The bridge opened in 2015.", ["The bridge opened in 1998 and was renovated in 2015. It carries a railway."],
                 GroundingConfig(models_dir=str(MODELS), engine=engine).validate())
    (v,) = res.verdicts
    assert v.label == "Contradicted" and v.anchor_conflict == "the source gives 1998 for “opened”; 2015 goes with “renovated”"
    assert v.rule == ("said with another verb: the source gives 1998 for “opened”; 2015 goes with “renovated” "
                      "(context sentence 1)")
    assert res.sentence_map.ruled_notes().get((0, 0), "the binding rule: " + v.anchor_conflict) == \
        "the binding rule: " + v.anchor_conflict
    assert explain(res, v, res.claims[0]).endswith(
        "it gives the claim's value with another verb: the source gives 1998 for “opened”; 2015 goes with “renovated”.")


TAX = ("The higher rate of 40% applies between 50,271 and 125,140 pounds, and the additional rate of 45% above "
       "that.")


@pytest.mark.parametrize("claim, sentence, expected", [
    ("The higher rate is 45%.", TAX, "the source gives 40% for “higher rate”; 45% goes with “additional rate”"),
    ("The child fare is 4 euros.", "The adult fare is 4 euros and the child fare is 2 euros.",
     "the source gives 2 euros for “child fare”; 4 euros goes with “adult fare”"),
    ("The maximum dose is 50 mg.", "The standard dose is 50 mg, and the maximum dose 100 mg.",
     "the source gives 100 mg for “maximum dose”; 50 mg goes with “standard dose”"),
    # the kind in a "for" phrase after the value, where the sentence names the claim's noun (a user's festival answer)
    ("A day ticket costs £150.", "Tickets cost £65 for a day or £150 for the weekend.",
     "the source gives £65 for “day ticket”; £150 goes with “weekend ticket”"),
])
def test_a_value_said_of_another_kind_of_the_claims_thing_is_found(claim, sentence, expected):
    assert found_in(claim, sentence) == [expected]


@pytest.mark.parametrize("claim, sentence", [
    ("The higher rate is 40%.", TAX),                                                  # its own value
    ("The additional rate is 45%.", TAX),
    ("The top rate is 45%.", "The additional rate of 45% applies above 125,140 pounds."),   # no other value for "top"
    ("The child fare is 4 euros.", "Adults pay 4 euros and children 2 euros."),         # no holder written so
    ("The adult fare is 4 euros.", "The adult fare is 4 euros and the child fare is 2 euros."),
    ("A weekend ticket costs £150.", "Tickets cost £65 for a day or £150 for the weekend."),
    ("A day pass costs £150.", "Tickets cost £65 for a day or £150 for the weekend."),   # no "pass" in the sentence
])
def test_no_kind_misbinding_where_the_value_is_the_kinds_own_or_unheld(claim, sentence):
    assert misbound_kinds(claim, sentence) == ()


@pytest.mark.parametrize("engine", ENGINES)
def test_a_price_per_kind_after_its_unit_word_is_that_kinds(engine):
    """An everyday answer: "Colour printing costs 10 cents a page" against the sentence below was Supported on every
    engine (P(e) 0.96): the kind comes after the value's unit word ("10 cents per black-and-white page")."""
    sentence = "Printing costs 10 cents per black-and-white page and 50 cents per colour page."
    found = misbound_kinds("Colour printing costs 10 cents a page.", sentence)
    assert [describe(f) for f in found] == ["the source gives 50 cents for colour printing; 10 cents is said of "
                                            "black-and-white printing"]
    assert misbound_kinds("Colour printing costs 50 cents a page.", sentence) == ()
    config = GroundingConfig(models_dir=str(MODELS), engine=engine).validate()
    context = ["Group study rooms can be booked for up to three hours. " + sentence]
    (v,) = ground("Colour printing costs 10 cents a page.", context, config).verdicts
    assert v.label == "Contradicted" and v.anchor == 1, v.rule
    assert "the source gives 50 cents for “colour printing”; 10 cents goes with “black-and-white printing”" in v.rule
    assert ground("Colour printing costs 50 cents a page.", context, config).verdicts[0].label == SUPPORTED


@pytest.mark.parametrize("engine", ENGINES)
def test_a_rate_said_of_another_kind_is_contradicted(engine):
    """A user's answer: "The higher rate is 45%" against the sentence above was Supported on every engine (P(e)
    0.95 on the claims engine): 45% is the additional rate there."""
    res = ground("The higher rate is 45%.", ["Income up to 50,270 pounds is taxed at the basic rate of 20%. " + TAX],
                 GroundingConfig(models_dir=str(MODELS), engine=engine).validate())
    (v,) = res.verdicts
    assert v.label == "Contradicted" and v.anchor == 1, v.rule
    assert v.rule.startswith("said of another subject: the source gives 40% for “higher rate”; 45% goes with "
                             "“additional rate”")


@pytest.mark.parametrize("engine", ENGINES)
def test_a_price_of_the_plan_is_not_bound_to_a_clause_subjects_verb(engine):
    """A user's phone-plan answer: "The plan costs 15 pounds a month" was Contradicted on the context engines, the
    binding rule reading "Using the phone abroad costs 2 pounds a day" as the plan's "costs"."""
    context = ("The phone plan includes unlimited calls and texts and 20GB of data a month for 15 pounds. There is no "
               "contract, so it can be cancelled at any time. Using the phone abroad costs 2 pounds a day in the EU.")
    (v,) = ground("The plan costs 15 pounds a month.", [context],
                  GroundingConfig(models_dir=str(MODELS), engine=engine).validate()).verdicts
    assert v.label == SUPPORTED and v.anchor == 0, v.rule


@pytest.mark.parametrize("engine", ENGINES)
def test_passengers_a_year_the_source_gives_for_another_verb_is_contradicted(engine):
    from conftest import contradicted_and_backed
    context = ("Brenham Airport has submitted plans to extend its runway by 450 metres. The airport, which handled 3.1 "
               "million passengers last year, says the extension would allow it to reach 5 million passengers a year "
               "by 2035.")
    wrong, _ = contradicted_and_backed(engine, "Brenham Airport handled 5 million passengers last year. Brenham Airport "
                                       "wants to extend its runway by 450 metres.", context, 1, 0)
    assert "5 million passengers goes with “reach”" in wrong.rule


def test_a_value_said_with_a_verb_of_one_meaning_or_named_in_the_claim_is_bound_alike():
    """The verb rule read "grew" against "rose" and "payment is made" against "we will pay" as other deeds: "Revenue
    grew by 12% to €286 million" was Contradicted by "Total revenue rose 12% … Ancillary revenue … grew faster, up
    19%" on every engine (everyday batch 133); "a bridge opened … renovated" still binds."""
    assert misbound_verbs("Once a claim is agreed, payment is made by bank transfer within five working days.",
                          "We aim to make a decision within 10 working days. Once your claim is agreed, we will pay by "
                          "bank transfer within five working days.") == ()
    assert misbound_verbs("Revenue grew by 12% to €286 million.", "Total revenue rose 12% to €286 million. Ancillary "
                          "revenue grew faster, up 19% to €61 million.") == ()
    assert misbound_verbs("The bridge opened in 2015.", "The bridge opened in 1998 and was renovated in 2015.")


AIRLINE = ("Total revenue rose 12% to €286 million. Ancillary revenue, which includes bag fees, grew faster, up 19% to "
           "€61 million. Fuel costs fell 7%.")


@pytest.mark.parametrize("engine", ("claims", "context", "context-fast"))
def test_grew_and_rose_say_one_rise(engine):
    wrong, *right = ground("Fuel costs fell 9%. Revenue grew by 12% to €286 million, and income from extras such as bag "
                           "fees grew even faster.", [AIRLINE], GroundingConfig(engine=engine).validate()).verdicts
    assert wrong.label == "Contradicted" and wrong.anchor == 2, wrong.rule
    assert right and all(v.label == SUPPORTED for v in right) and right[0].anchor == 0, [v.rule for v in right]


RESULTS = ("Quillon Systems reports third quarter of fiscal 2025\nQuillon Systems, which makes scheduling software for "
           "hospitals, posted third-quarter revenue of $118.4 million, an increase of 22% year on year. Its net revenue "
           "retention rate was 116%. For the fourth quarter, Quillon expects revenue of between $124 million and $126 "
           "million.")


@pytest.mark.parametrize("engine", ("claims", "context", "context-fast"))
def test_a_name_and_its_longer_form_hold_one_value(engine):
    """"Quillon's revenue … was $118.4 million" had been Contradicted on every engine as said of "Systems" (a heading
    run into the next line, "… fiscal 2025 Quillon Systems, which …") while "Quillon expects … $124 million" (everyday
    batch 133)."""
    contradicted_and_backed(engine, "Quillon expects fourth-quarter revenue of between $134 million and $136 million. "
                                    "Quillon's revenue for the third quarter was $118.4 million, 22% more than a year "
                                    "earlier.", RESULTS, 3, 1)


def test_a_heading_line_read_together_ends_its_sentence():
    """Everyday batch 153: read together with the list line before it, "The blazer costs £32 …" gave £32 to
    "Academy", the nearest name before it ("said of another subject" on the claims engine)."""
    from grounding.overrides import read_together
    lines = ["Navy blazer with the Academy crest (compulsory)", "The blazer costs £32 and the tie £6 from Castleford "
             "Schoolwear."]
    together = read_together(lines)
    assert together == lines[0] + ". " + lines[1]
    assert found_in("At Castleford Schoolwear the blazer costs £32.", together) == []
    assert found_in("At Castleford Schoolwear the blazer costs £32.", " ".join(lines)) != []   # as it was read


@pytest.mark.parametrize("engine", ("claims", "context", "context-fast"))
def test_what_was_asked_for_is_not_said_for_another_case(engine):
    """Everyday batch 159: "had asked to sell alcohol until 2am on Fridays and Saturdays" against "The applicant asked
    to extend the sale of alcohol … to 2am" and "Alcohol may be sold until 1am on Fridays and Saturdays" was
    Contradicted on every engine ("said for another case"); what may be sold is still read against what is granted."""
    from conftest import contradicted_and_backed
    wrong, _ = contradicted_and_backed(
        engine, "Alcohol may be sold until 2am on Fridays and Saturdays. Lantern Leisure had asked to sell alcohol "
        "until 2am on Fridays and Saturdays.", "The applicant asked to extend the sale of alcohol on Fridays and "
        "Saturdays from midnight to 2am, and to add recorded music indoors until 2am on the same nights. The "
        "sub-committee has decided to grant the application in part. Alcohol may be sold until 1am on Fridays and "
        "Saturdays, and the premises must close to the public at 1:30am.", 0)
    assert "1am" in wrong.rule, wrong.rule


@pytest.mark.parametrize("engine", ("claims", "context", "context-fast"))
def test_a_date_set_apart_by_except_is_supported(engine):
    """Everyday batch 205: "… runs … from 28 July to 29 August, except for the bank holiday on 25 August" was
    Contradicted on every engine ("25 August goes with “closed”")."""
    all_supported(engine, "Kestrel Park Holiday Club runs at Harnfield Primary School from 28 July to 29 August, "
                  "except for the bank holiday on 25 August.", (
                      "# Kestrel Park Holiday Club: Summer 2025\nKestrel Park Holiday Club runs at Harnfield Primary "
                      "School, Mill Lane, from Monday 28 July to Friday 29 August 2025. The club is closed on the "
                      "bank holiday, Monday 25 August. Children aged 5 to 11 can attend."))
