"""Stronger than the source (grounding.overclaim, overrides.overclaim_partial): a claim that states as total or certain
what its evidence hedges is Partially supported, whatever the entailment model made of the shared words."""
from __future__ import annotations

from pathlib import Path

import pytest

from conftest import all_supported, contradicted_and_backed
from grounding import GroundingConfig, ground
from grounding.explain import explain
from grounding.overclaim import Overclaim, stronger
from grounding.pipeline import rederive
from grounding.types import PARTIAL, SUPPORTED

MODELS = Path(__file__).resolve().parent.parent / "exported_models"
ENGINES = ("claims", "context", "context-fast")
EXERCISE = "Regular exercise may reduce the risk of heart disease."


@pytest.mark.parametrize("claim, sentence, expected", [
    ("Regular exercise eliminates the risk of heart disease.", EXERCISE, ("eliminates", "may reduce")),
    ("Regular exercise prevents heart disease in all cases.", EXERCISE, ("in all cases", "may reduce")),
    ("The new filter always removes lead from tap water.", "The new filter usually removes lead from tap water.",
     ("always", "usually")),
    ("The trial proved that the drug shortens hospital stays.",
     "The trial suggests that the drug shortens hospital stays.", ("proved", "suggests")),
    ("The treatment completely restores lung function.", "The treatment partly restores lung function.",
     ("completely", "partly")),
    # a rank the sentence gives as shared (a plural is the same word: "cities", "city")
    ("Lake Baikal is the deepest lake in the world.", "Lake Baikal is one of the deepest lakes in the world.",
     ("the deepest", "one of the deepest")),
    ("Oslo is the most expensive city in Europe.", "Oslo is among the most expensive cities in Europe.",
     ("the most expensive", "among the most expensive")),
    # the whole against a part of it
    ("The EU is paying the whole cost of the tunnel.",
     "The European Union is paying up to 50% of the tunnel's cost.", ("the whole", "up to")),
    ("The company repaid the loan in full.", "The company repaid half of the loan.", ("in full", "half")),
    ("All of the patients recovered.", "About 80% of the patients recovered.", ("All of the", "80%")),
    # every day against some days (the scope after the most of the claim's words)
    ("It closes at 8 pm every day.", "It will open at 8 am instead of 9 am on weekdays, and close at 8 pm on Thursdays.",
     ("every day", "on Thursdays")),
    ("The museum is open daily from 10 am.", "The museum is open from 10 am on weekdays.", ("daily", "on weekdays")),
    # unanimous against a split vote
    ("The school board approved it unanimously.", "The change was approved by the school board by a vote of 5 to 2.",
     ("unanimously", "by a vote of 5 to 2")),
    # all against most or many; an obligation against a permission (both Supported on the context engines)
    ("All participants reported better sleep after four weeks.",
     "Most of the 120 participants reported better sleep after four weeks, although 15 dropped out of the study.",
     ("All", "Most")),
    ("All participants reported better sleep.", "Many participants reported better sleep.", ("All", "Many")),
    ("Visitors must bring their own food.", "Visitors may bring their own food into the park, but glass bottles are not "
     "allowed.", ("must", "may bring")),
    # a plain subject the sentence restricts by a clause or phrase after it ("Customers will receive compensation" was
    # Supported on every engine, P(e) 0.92)
    ("Customers will receive compensation.", "Customers who lost service for more than two days are entitled to "
     "automatic compensation.", ("Customers", "Customers who lost service for more than two days")),
    ("Patients had lower blood pressure.", "Patients with diabetes had lower blood pressure after 12 weeks.",
     ("Patients", "Patients with diabetes")),
    ("Students can borrow books.", "Students who have paid the fee can borrow up to ten books.",
     ("Students", "Students who have paid the fee")),
    # "any" against a limit with a figure: the source says it is not so beyond the limit ("Pets of any size may travel
    # in the cabin" was Supported on the context engine, P(e) 0.92)
    ("Pets of any size may travel in the cabin.", "Pets under 8 kg may travel in the cabin in an approved carrier.",
     ("of any size", "under 8 kg", True)),
    ("Passengers can claim compensation for any delay.", "Passengers whose trains are more than 15 minutes late can "
     "claim compensation.", ("for any delay", "more than 15 minutes late", True)),
    ("Delivery is free on all orders.", "Delivery is free on orders over 50 pounds within ten miles.",
     ("on all orders", "over 50 pounds within ten miles", True)),
    # "all" of a subject the sentence restricts by a clause ("All learners get a certificate" was Partially supported)
    ("All learners get a certificate.", "It costs 99 dollars, and learners who pass the final test get a certificate.",
     ("All learners", "learners who pass the final test", True)),
])
def test_a_claim_stronger_than_its_sentence_names_both_words(claim, sentence, expected):
    assert stronger(claim, sentence) == Overclaim(*expected)


@pytest.mark.parametrize("claim, sentence", [
    # the same strength, said the same way or in another form of the word
    # "any" where the sentence sets no limit, says "any" too, or the claim gives its own figure
    ("Pets of any size may travel in the hold.", "Pets may travel in the hold in an approved carrier."),
    ("Pets of any size may travel in the cabin.", "Pets of any size under 8 kg may travel in the cabin."),
    ("Pets of any breed under 8 kg may travel in the cabin.", "Pets under 8 kg may travel in the cabin."),
    ("Children of any age can join the club.", "The museum opens at 10 am for visitors over 18."),
    ("Regular exercise may reduce the risk of heart disease.", EXERCISE),
    ("The vaccine eliminates the virus.", "The vaccine may lead to the elimination of the virus."),
    ("The new filter always removes lead.", "The new filter may always remove lead."),
    # the claim hedges too, or the sentence does not
    ("Exercise may eliminate the risk of heart disease.", EXERCISE),
    ("Regular exercise eliminates the risk of heart disease.", "Regular exercise eliminates the risk of heart disease."),
    # the sentence hedges something else: it holds few of the claim's other words
    ("School closures can halt the transmission of COVID-19 completely.",
     "While proactive school closures cannot interrupt transmission on their own, they can reduce peak incidence by "
     "40-60% and delay the epidemic."),
    # nothing absolute in the claim
    ("Regular exercise lowers the risk of heart disease.", EXERCISE),
    # the rank shared on both sides, or held alone on both
    ("Oslo is one of the most expensive cities in Europe.", "Oslo is among the most expensive cities in Europe."),
    ("Lake Baikal is the deepest lake in the world.", "Lake Baikal is the deepest lake in the world."),
    # another rank, or few of the claim's other words
    ("Lake Baikal is the deepest lake in the world.", "Lake Baikal is one of the oldest lakes in the world."),
    ("The first patient was treated in May.", "One of the first patients was treated in June at another site."),
    # every day on both sides, days in the claim too, or few of the claim's words
    ("Take one tablet daily.", "Take one tablet daily with food."),
    ("It is open daily except on Mondays.", "It is open from 10 am on weekdays."),
    ("Patients received the drug daily for 12 weeks.", "Patients received 10 mg on Mondays and Thursdays."),
    # unanimous on both sides, a vote with none against, a range that is no vote
    ("The council approved the plan unanimously.", "The council approved the plan unanimously on Monday."),
    ("The board approved the budget unanimously.", "The board approved the budget by a vote of 7-0."),
    ("The council approved the plan unanimously.", "The council approved the plan, which will cost 5 to 7 million."),
    # "all" that is no quantifier of a noun, or said as "every"; an obligation on both sides
    ("All-cause mortality was reduced.", "All-cause mortality may be reduced."),
    ("It rained all day in the north.", "It may rain in the north."),
    ("The most common side effect is nausea.", "Nausea may be the most common side effect."),
    ("Diarrhoea is a leading cause of early death in all sub-Saharan Africa.",
     "For every country in sub-Saharan Africa, the leading cause of early death was one of four diseases, lower "
     "respiratory infection among them."),
    ("Dogs have to be on a lead at all times.", "Dogs must be kept on a lead at all times."),
    ("Visitors must not bring glass bottles.", "Visitors may not bring glass bottles into the park."),   # prohibited
    # "all" before a singular, and the month May, which is no modal
    ("The outdoor pool is open all summer.", "The outdoor pool is open from May to September."),
    ("The outdoor pool is always open in summer.", "The outdoor pool opens in May and closes in September."),
    # the clause after a comma adds, the claim restricts its subject too, or the rest of the claim is not held
    ("Patients had lower blood pressure.", "Patients, who were all over 60, had lower blood pressure."),
    ("Customers who lost service will receive compensation.", "Customers who lost service for more than two days are "
     "entitled to automatic compensation."),
    ("Customers will receive a refund.", "Customers who lost service for more than two days are entitled to automatic "
     "compensation."),
    # the restriction is what the claim says ("The appointment is with Dr Patel" was Partially supported on every
    # engine)
    ("The appointment is with Dr Patel.", "Your appointment with Dr Patel is on Monday 9 June at 2.30pm."),
    # a claim's subject told apart already (train claims the rule had read as stronger), a participle after the noun
    ("COVID-19 patients typically are at high risk for delirium.", "Older patients with COVID-19 are at high risk for "
     "delirium."),
    ("Polar bear numbers are increasing.", "The numbers taken in the survey are increasing."),
    ("Residents can park for free.", "Residents living in zone A can park for free."),
    # the text says it of them all too (sentences read together: "Members can bring a guest for free twice a month"
    # had been Partially supported on context-fast)
    ("Members can bring a guest for free twice a month.", "Members of the gym can bring a guest twice a month for "
     "free. Classes must be booked in advance, and members who miss three classes are blocked from booking."),
    # "any" where the text says "every" of them, with a limit on another rule read together (everyday batch 213:
    # Contradicted on the context engines)
    ("Any movement of cattle on or off a holding has to be reported within three days.", "Every movement of cattle on "
     "or off a holding must be reported to the registry within three days of the move. Calves under 42 days old are "
     "exempt from pre-movement testing."),
])
def test_no_overclaim_where_the_strengths_match_or_the_words_differ(claim, sentence):
    assert stronger(claim, sentence) is None


@pytest.mark.parametrize("engine", ENGINES)
def test_a_stronger_claim_is_partially_supported_and_says_why(engine):
    config = GroundingConfig(engine=engine, models_dir=str(MODELS)).validate()
    res = ground("Regular exercise eliminates the risk of heart disease.", [EXERCISE], config)
    (v,) = res.verdicts
    assert v.label == PARTIAL and v.anchor == 0, v.rule
    assert v.anchor_conflict == "the claim says “eliminates”, the source “may reduce”"
    assert v.rule.startswith("stronger than the source: the claim says “eliminates”, the source “may reduce” (")
    assert explain(res, v, res.claims[0]) == (
        "Partly backed by “Regular exercise may reduce the risk of heart disease.” (Document 1, sentence 1): the claim "
        "is stronger than the source (it says “eliminates”, the source “may reduce”). The source backs what the claim "
        "says, not how strongly it says it.")
    # the entailment model reads the pair as support: with the rule off the claim is Supported
    off = rederive(res, GroundingConfig(engine=engine, models_dir=str(MODELS),
                                        overrides={"overclaim_partial": None}).validate())
    assert off.verdicts[0].label == SUPPORTED
    # the claim at the source's own strength stays Supported
    assert ground(EXERCISE, [EXERCISE], config).verdicts[0].label == SUPPORTED


@pytest.mark.parametrize("engine", ENGINES)
def test_a_claim_of_all_customers_against_some_is_partially_supported(engine):
    config = GroundingConfig(engine=engine, models_dir=str(MODELS)).validate()
    res = ground("The outage affected customers in Leeds. Customers will receive compensation.",
                 ["A broadband outage affected around 12,000 customers in Leeds and Bradford on Tuesday. Customers who "
                  "lost service for more than two days are entitled to automatic compensation."], config)
    leeds, paid = res.verdicts[0], res.verdicts[-1]
    assert leeds.label == SUPPORTED, leeds.rule
    assert paid.label == PARTIAL and paid.anchor == 1, paid.rule
    assert paid.anchor_conflict == "the claim says “Customers”, the source “Customers who lost service for more than two days”"


@pytest.mark.parametrize("engine", ENGINES)
def test_the_overstated_example_needs_both_rules(engine):
    """The app's "Overstated" example: R1 denies what the leaflet says of adults over 65 (its "not" is about babies;
    the context engines read the two sentences together as support, the first alone contradicts the claim), R2 says
    "eliminates" where the leaflet says "may reduce"."""
    from grounding.examples import OVERSTATED, expected_problems
    config = GroundingConfig(engine=engine, models_dir=str(MODELS)).validate()
    res = ground(OVERSTATED["response"], OVERSTATED["context"], config, OVERSTATED["question"])
    assert expected_problems(OVERSTATED, res) == []
    by_row = {res.claims[v.claim].sentence: v for v in res.verdicts}
    assert by_row[1].rule.startswith("stronger than the source: the claim says “eliminates”, the source “may reduce”")
    if engine != "claims":
        assert by_row[0].rule.startswith("read alone, context sentence 2 contradicts the claim")
    # (on the context engines R1's verb of its subject is also found negated, reversal_override: off as well)
    off = rederive(res, GroundingConfig(engine=engine, models_dir=str(MODELS), overrides={
        "overclaim_partial": None, "alone_override": None, "reversal_override": None}).validate())
    missed = expected_problems(OVERSTATED, off)
    assert any(m.startswith("R2 ") for m in missed) and (engine == "claims") != any(m.startswith("R1 ") for m in missed)


def test_a_sentence_that_alone_backs_the_claim_and_hedges_nothing_is_not_narrowed_by_another():
    """`whole`: the sentence the entailment model read alone as entailing the claim. Where it hedges nothing, another
    sentence read with it that narrows the subject does not make the claim stronger than the source; where it hedges
    itself, the rule stands."""
    from grounding.config import PRESETS
    from grounding.overrides import overclaim_partial
    from grounding.types import PairScore, Verdict
    preset = PRESETS["joint"]
    texts = ["Before the scan, nothing should be eaten for eight hours.",     # no subject "patients" of its own
             "Patients with a pacemaker must tell the clinic before booking."]
    pairs = [PairScore(claim=0, column=c, cosine=0.8, entail=0.9, neutral=0.05, contradict=0.05, psi=1, judged=True)
             for c in range(2)]

    def verdict():
        return Verdict(claim=0, label=SUPPORTED, score=0.9, anchor=0, cosine=0.8, entail=0.9, contradict=0.05,
                       rule="read together, context sentences 1, 2 entail the claim")
    claim = "Patients must not eat for eight hours before the scan."
    assert overclaim_partial(verdict(), preset, claim, pairs, [0, 1], texts, {}).label == PARTIAL
    assert overclaim_partial(verdict(), preset, claim, pairs, [0, 1], texts, {}, whole=0).label == SUPPORTED
    drug, said = "The drug eliminates the risk of stroke.", ["The drug may reduce the risk of stroke.", "It is taken daily."]
    hedged = overclaim_partial(verdict(), preset, drug, pairs, [0, 1], said, {}, whole=0)
    assert hedged.label == PARTIAL and stronger(drug, said[0]) is not None


BAGS = ("Checked bags on the airline must weigh no more than 23 kg. A second bag costs 60 dollars each way. Passengers "
        "flying business class can check two bags for free. Pets under 8 kg may travel in the cabin in an approved "
        "carrier.")


@pytest.mark.parametrize("engine", ENGINES)
def test_any_against_a_limit_is_contradicted_and_the_limit_backed(engine):
    """An everyday batch: "Pets of any size may travel in the cabin" was Supported on context (F 0.88) and Unsupported
    on the others; the source says only pets under 8 kg may."""
    anysize, _ = contradicted_and_backed(engine, "Pets of any size may travel in the cabin. Pets under 8 kg may travel "
                                         "in the cabin.", BAGS, 3)
    assert anysize.anchor_conflict == "the claim says “of any size”, the source “under 8 kg”"
    assert "the claim says it of all, the source only within a limit" in anysize.explanation


@pytest.mark.parametrize("engine", ENGINES)
def test_free_delivery_on_all_orders_against_a_minimum_order_is_contradicted(engine):
    """An everyday batch: "Delivery is free on all orders" was Unsupported on every engine (the context engine by the
    sentences read together leaning against it, P(c) 0.52)."""
    context = ("The garden centre is open from 9 am to 5 pm, Monday to Saturday, and from 10 am to 4 pm on Sundays. "
               "Delivery is free on orders over 50 pounds within ten miles.")
    contradicted_and_backed(engine, "Delivery is free on all orders. Delivery is free on orders over 50 pounds.", context,
                            1)


@pytest.mark.parametrize("engine", ("claims", "context"))
def test_all_learners_against_those_who_pass_is_contradicted(engine):
    """An everyday batch ("All learners get a certificate": Partially supported on the context engines, Unsupported on
    claims); context-fast reads it only weakly backed, which no word rule turns."""
    context = ("The online course is self-paced and takes about 20 hours to complete. It costs 99 dollars, and learners "
               "who pass the final test get a certificate.")
    contradicted_and_backed(engine, "All learners get a certificate. Learners who pass the final test get a certificate.",
                            context, 1)



def test_all_or_any_as_the_subject_against_a_limit():
    assert stronger("All online orders get free delivery.", "Online orders over 50 pounds get free delivery.") == \
        Overclaim("All online orders", "over 50 pounds", against=True)
    assert stronger("Any household can ask for a larger bin.", "Households can ask for a larger bin if they have five "
                    "or more people.") == Overclaim("Any household", "five or more people", against=True)
    assert stronger("Any visitor can park for free.", "Visitors can park for free.") is None     # no limit
    assert stronger("All staff get a pay rise.", "Staff will get a 5% pay rise in February.") is None


@pytest.mark.parametrize("engine", ("claims", "context", "context-fast"))
def test_free_delivery_on_all_orders_against_orders_over_a_sum_is_contradicted(engine):
    context = ("The shop's summer sale starts on Friday, with up to 50% off clothes and shoes. The sale ends on 31 July. "
               "Online orders over 50 pounds get free delivery.")
    contradicted_and_backed(engine, "All online orders get free delivery. The sale ends on 31 July.", context, 2,
                            backed_anchor=1)


def test_all_car_parks_against_its_five_busiest():
    assert stronger("Charges will apply at all car parks in the park.", "The national park will introduce parking "
                    "charges at its five busiest car parks from May.") == \
        Overclaim("at all car parks", "its five busiest car parks", against=True)
CATTLE = ("# Cattle Movements: Guidance for Keepers\nEvery movement of cattle on or off a holding must be reported to the "
          "Cattle Tracing Registry within three days of the move. Both the departing keeper and the receiving keeper "
          "must report it.\nCattle from herds in annual testing areas must have had a negative pre-movement "
          "tuberculosis test within 60 days before the move. Calves under 42 days old are exempt from pre-movement "
          "testing, and so are animals moving directly to slaughter.")


@pytest.mark.parametrize("engine", ("claims", "context", "context-fast"))
def test_any_movement_where_the_guide_says_every_movement_is_supported(engine):
    """Everyday batch 213: "Any movement of cattle … within three days" was Contradicted on the context engines ("said
    of any" against the calves' exemption from testing, read together); "any" against a limit still is."""
    all_supported(engine, "Any movement of cattle on or off a holding has to be reported to the registry within "
                  "three days.", CATTLE)


SPA = ("# After your treatment\nAfter a massage, drink plenty of water for the rest of the day and avoid alcohol for "
       "at least 12 hours. Avoid saunas for an hour after hot stones.")


def test_a_denied_any_is_not_said_of_any():
    """Everyday batch 246: "don't have any alcohol for at least half a day" was "said of any" against "at least 12
    hours"; "Pets of any size" against a weight limit still is."""
    sentence = SPA.split("\n")[1].split(". ")[0] + "."
    assert stronger("Keep drinking water for the rest of the day and don't have any alcohol for at least half a day.",
                    sentence) is None
    found = stronger("Pets of any size may travel in the cabin.", "Pets under 8 kg may travel in the cabin.")
    assert found is not None and found.claim_word == "of any size"


@pytest.mark.parametrize("engine", ("claims", "context", "context-fast"))
def test_no_alcohol_for_half_a_day_is_supported(engine):
    all_supported(engine, "Keep drinking water for the rest of the day and don't have any alcohol for at least half a "
                  "day. Avoid saunas for an hour after hot stones.", SPA)
