"""Free against a price (grounding.prices, one of the forms of overrides.reversal_override)."""
from __future__ import annotations

from pathlib import Path

import pytest

from conftest import all_supported, contradicted_and_backed
from grounding import GroundingConfig, ground
from grounding.explain import explain
from grounding.free import free_against_price, free_for_a_while
from grounding.paying import other_payer
from grounding.prices import price_states
from grounding.types import CONTRADICTED, SUPPORTED

MODELS = Path(__file__).resolve().parent.parent / "exported_models"
LIBRARY = ("The Central Library will extend its opening hours from 1 March. Entry remains free, but printing now costs "
           "10 cents per page. The library holds about 250,000 books.")


@pytest.mark.parametrize("claim, sentence, expected", [
    ("Printing is free.", "Entry remains free, but printing now costs 10 cents per page.",
     [("free", "costs 10 cents per page")]),
    # "parking costs 15 euros" parsed as one noun phrase still gives parking a price
    ("Parking is free.", "Breakfast is included in the room rate, but parking costs 15 euros per night.",
     [("free", "costs 15 euros per night")]),
    ("Breakfast costs extra.", "Breakfast is included in the room rate, but parking costs 15 euros per night.",
     [("costs extra", "included")]),
    ("Parking costs 10 euros.", "Parking is free of charge for guests.", [("costs 10 euros", "free")]),
    ("The app costs nothing.", "The app costs 2 dollars a month.", [("free", "costs 2 dollars a month")]),
    # a price said with another verb ("Breakfast is included" was Supported on every engine against this one)
    ("Breakfast is included.", "Breakfast is available for 18 euros per person.",
     [("included", "for 18 euros per person")]),
    # sold separately is a price ("A charger is included in the box" was Supported on every engine, P(e) 0.91)
    ("A charger is included in the box.", "A USB-C cable is included, but the charger is sold separately.",
     [("included", "sold separately")]),
    ("A cable is included in the box.", "A USB-C cable is included, but the charger is sold separately.", []),
    ("Parking is free.", "Parking is charged at 15 euros a day.", [("free", "at 15 euros a day")]),
    ("Priority support comes with the plan.", "Priority support costs 5 dollars a month.",
     [("comes with the plan", "costs 5 dollars a month")]),
    ("Pets stay free.", "Pets are welcome for a fee of 20 euros per night.", [("free", "for a fee of 20 euros per night")]),
    # a service and the same sold by the session ("Personal training is included in the membership" was Supported on
    # every engine: the sentences read together, "Classes are included in the membership" beside it, P(e) 0.96)
    ("Personal training is included in the membership.", "Personal training sessions cost extra.",
     [("included", "cost extra")]),
    ("Yoga classes are free for members.", "Yoga classes cost 5 pounds each.", [("free", "cost 5 pounds each")]),
    # the way in to a thing is the thing ("Entry to the shipwrecks exhibition is free" was Supported on every engine,
    # P(e) 0.91: the sentence's "free" is the entry's)
    ("Entry to the shipwrecks exhibition is free.",
     "Entry remains free, although the special exhibition on shipwrecks costs 8 pounds.", [("free", "costs 8 pounds")]),
    ("Admission to the gardens is free.", "The gardens cost 5 pounds to visit.", [("free", "cost 5 pounds to visit")]),
    # the parse put the claim's price outside "costs" ("Entry to the permanent collection costs 14 euros" was
    # Supported on every engine: the sentence's 14 euros are the exhibition's)
    ("Entry to the permanent collection costs 14 euros.",
     "Admission to the permanent collection is free; the special exhibition costs 14 euros.",
     [("costs 14 euros", "free")]),
    ("Entry to the special exhibition costs 14 euros.",
     "Admission to the permanent collection is free; the special exhibition costs 14 euros.", []),
    # a price "including" a thing includes it ("Lunch costs extra" was Supported on every engine); not "including"
    # after a thing that costs extra
    ("Lunch costs extra.", "Fees are 65 pounds a day, including lunch and snacks.", [("costs extra", "including lunch")]),
    ("Chargers are free.", "Several accessories cost extra, including chargers.", []),
    # a thing the sentence qualifies no further, the claim's word for it in the sentence ("The van permit costs 20
    # pounds" was Unsupported on every engine)
    ("The van permit costs 20 pounds.", "Vans need a permit, which is free.", [("costs 20 pounds", "free")]),
    ("Child tickets cost 5 pounds.", "Child tickets cost 5 pounds; adult tickets are free.", []),
    # a traveller's price: "travel free" against the same people paying a fare or an amount ("Children travel free"
    # was Supported on every engine against this sentence, P(e) 0.88-0.93)
    ("Children travel free.", "Under-5s travel free; older children pay a reduced fare.",
     [("free", "pay a reduced fare")]),
    ("Children travel free.", "Children pay £2.", [("free", "pay £2")]),
    ("Children travel free.", "Adults pay a full fare.", []),
    ("Older children travel free.", "Children pay a reduced fare.", []),
    # what a thing comes with or includes is included ("It comes with a lock" was Supported on every engine against
    # this sentence, P(e) 0.92)
    ("It comes with a lock.", "Lights and a bell are included; locks are sold separately.",
     [("comes with a lock", "sold separately")]),
    ("The room rate includes breakfast.", "Breakfast costs £15 per person.",
     [("includes breakfast", "costs £ 15 per person")]),
    ("It comes with a cable.", "A USB-C cable is included, but the charger is sold separately.", []),
    ("It does not come with a lock.", "Locks are sold separately.", []),
    # "cost extra at …" ("extra" parsed as an adverb); an amount or a fee charged for a thing
    ("Buoyancy aids cost extra at Riverbend.", "Buoyancy aids and paddles are included in the price.",
     [("cost extra", "included")]),
    ("Skyline charges a £35 fee for installation.", "Installation is free, but there is a £35 charge if a visit is "
     "missed.", [("charges a £35 fee for installation", "free")]),
    ("The gym does not charge for towels.", "Towels are free.", []),
    # one qualifying word parsed two ways ("Packed" an adjective here, a verb there): the same thing
    ("Packed lunches come free with the holiday.", "Packed lunches can be ordered for £9 a day.",
     [("free", "for £ 9 a day")]),
    # a fee with no amount is a price too ("for a small fee"); borrowing for one is hiring
    ("You can hire a bike for a small fee.", "Bikes can be hired free of charge.", [("hire a bike for a small fee", "free")]),
    ("Members can borrow a racket for a fee.", "Rackets can be borrowed free of charge.",
     [("borrow a racket for a fee", "free")]),
    ("You can borrow a racket for free.", "Rackets can be borrowed free of charge.", []),
    # the claim's price given too, the sentence's free only on a condition (everyday batch 215: Contradicted on every
    # engine); free with no condition still answers it
    ("Delivery within 15 miles costs £6, but a family box is delivered free.", "Home delivery is available within 15 "
     "miles for £6, or free on orders over £90.", []),
    ("Delivery within 15 miles costs £6.", "Home delivery within 15 miles is free.", [("costs £ 6", "free")]),
])
def test_free_against_a_price_of_the_same_thing(claim, sentence, expected):
    assert free_against_price(claim, sentence) == expected


@pytest.mark.parametrize("claim, sentence, expected", [
    # a price in a relative clause is its noun's ("which costs £9": the exhibition's)
    ("Entry to the special exhibition is free.", "Admission is free for everyone, except for the special exhibition, "
                                                 "which costs £9 for adults.", [("free", "costs £ 9")]),
    # each says when its state holds, and the two differ: no conflict (the source says free after 6 pm elsewhere)
    ("Parking is free after 6 pm.", "During the day, parking costs £1.20 an hour, up to a maximum of four hours.", []),
    ("Parking is free at weekends.", "Parking costs £2 an hour.", [("free", "costs £ 2 an hour")]),
    # the second of two joined verbs has the first one's subject ("Breakfast is included in the room rate" was
    # Partially supported on every engine against a hotel's breakfast sentence)
    ("Breakfast is included in the room rate.", "Breakfast is served from 7am to 10am and costs £14 per person.",
     [("included", "costs £ 14 per person")]),
    ("Parking is free.", "Parking is available on site and costs £10 per night.", [("free", "costs £ 10 per night")]),
    ("Breakfast is free.", "Breakfast is served from 7am and is free for children.", []),
    # the thing as the claim qualifies it, where the sentence names it so ("Postal returns are free" was Supported on
    # every engine, P(e) 0.94); a plain price against free at some times only is none ("Parking costs 1.50 pounds an
    # hour" was Contradicted on every engine)
    # the time of something else is not when the price holds ("The shuttle bus costs £2 per journey" was Unsupported
    # on every engine)
    ("The shuttle bus costs £2 per journey.", "A free shuttle bus will run between Elm Street and Kingsmead every 30 "
     "minutes on weekdays.", [("costs £ 2 per journey", "free shuttle bus")]),
    ("Postal returns are free.", "Returns are free in store, but postal returns cost 3.95 pounds.",
     [("free", "cost 3.95 pounds")]),
    ("Returns are free.", "Returns are free in store, but postal returns cost 3.95 pounds.", []),
    ("Parking costs 1.50 pounds an hour.", "Parking in the town centre is free on Sundays and after 6 pm on other days.",
     []),
    ("Parking costs 1.50 pounds an hour on Sundays.", "Parking in the town centre is free on Sundays and after 6 pm on "
     "other days.", [("costs 1.50 pounds an hour", "free")]),
    # a payer who pays nothing, also where the parse takes "pay" for a noun ("Electric cars pay 12.50 pounds a day" was
    # Supported on every engine)
    ("Electric cars pay 12.50 pounds a day.", "Electric cars and vehicles that meet the standard pay nothing.",
     [("pay 12.50 pounds a day", "pay nothing")]),
    ("Children pay 2 pounds.", "Children pay nothing.", [("pay 2 pounds", "pay nothing")]),
    ("Older diesel cars pay 12.50 pounds a day.", "Electric cars and vehicles that meet the standard pay nothing.", []),
    ("Children under 16 pay half price.", "Adult tickets cost 18 pounds, and children under 16 go free with an adult.",
     [("pay half price", "free")]),
    # a gerund parsed as a clause's subject ("Roaming in Europe costs extra" was Supported on every engine)
    ("Roaming in Europe costs extra.", "Roaming in Europe is included, but calls to other countries cost extra.",
     [("costs extra", "included")]),
    ("Calls to other countries cost extra.", "Roaming in Europe is included, but calls to other countries cost extra.",
     []),
])
def test_a_price_said_in_a_clause_or_for_another_time(claim, sentence, expected):
    assert free_against_price(claim, sentence) == expected


@pytest.mark.parametrize("claim, sentence, expected", [
    # "free" before the noun; what someone pays for ("Members pay for parking" was Supported on every engine against
    # the zoo's membership sentence, P(e) 0.88; "Children pay for treatment" against the dentist's, P(e) 0.52)
    ("Members pay for parking.", "Annual membership costs £95 for adults and includes free parking.",
     [("pay for parking", "free parking")]),
    ("Children pay for treatment.", "Children under 18 receive free dental treatment.",
     [("pay for treatment", "free dental treatment")]),   # as written
    ("Members pay for parking.", "Parking is free.", [("pay for parking", "free")]),
    # the claim's own state, both paid, a noun "free" says no price of, a thing qualified otherwise
    ("Parking is free for members.", "Annual membership costs £95 for adults and includes free parking.", []),
    ("The council pays for repairs.", "Tenants pay for repairs.", []),
    ("Researchers paid for the equipment.", "Free radicals damage the equipment.", []),
    ("Patients paid for their own transport.", "The hospital provides free transport for patients over 80.", []),
])
def test_free_before_a_noun_and_paying_for_it(claim, sentence, expected):
    assert free_against_price(claim, sentence) == expected


@pytest.mark.parametrize("claim, sentence", [
    ("Entry is free.", "Entry remains free, but printing now costs 10 cents per page."),     # the claim's own state
    ("Breakfast is included.", "Breakfast is included in the room rate, but parking costs 15 euros per night."),
    ("The patients were free of symptoms.", "The patients' treatment costs 500 dollars."),     # no price
    ("Children under 12 still get in free.",                                                   # another thing
     "Admission remains free for children under 12, while adult tickets rise from 15 to 18 dollars."),
    ("Child tickets are free.", "Adult tickets cost 18 dollars."),                             # another kind of it
    ("The study included 300 patients.", "The study costs 3 million dollars."),                # active "include"
    ("Entry is free.", "The museum is open at 9 am for two weeks."),                          # no amount of money
    ("Parking is not free.", "Parking costs 15 euros per night."),                              # negated: no state
    ("Classes are included in the membership.", "Personal training sessions cost extra."),       # another service
    ("Entry is free.", "Entry remains free, although the special exhibition on shipwrecks costs 8 pounds."),
    ("Entry to the museum is free.", "Entry is free for children."),                          # the museum's unsaid
    # what comes with a plan is included in it, not the plan free ("comes with the premium plan" was read as the plan
    # costing nothing, and the claim Contradicted on every engine)
    ("Priority support comes with the premium plan.",
     "The premium plan costs $25 per month and includes 1 TB of storage plus priority support."),
])
def test_no_conflict_for_the_claims_own_state_or_another_thing(claim, sentence):
    assert free_against_price(claim, sentence) == []


def test_price_states_name_the_thing_and_how_it_is_said():
    got = [(s.noun, sorted(s.words), s.free, s.said) for s in price_states("Entry remains free, but adult tickets "
                                                                            "cost 18 dollars.")]
    assert got == [("entry", [], True, "free"), ("ticket", ["adult"], False, "cost 18 dollars")]


@pytest.mark.parametrize("engine", ("claims", "context", "context-fast"))
def test_a_claim_that_something_is_free_is_contradicted_by_its_price(engine):
    """A user's library answer: "Printing is free" was Supported on every engine (P(e) 0.86: the sentence's "free"
    is the entry's)."""
    res = ground("Printing is free. Entry is free.", [LIBRARY],
                 GroundingConfig(models_dir=str(MODELS), engine=engine).validate())
    printing, entry = res.verdicts
    assert printing.label == CONTRADICTED and printing.anchor == 1, printing.rule
    assert printing.rule == "said the other way round: the claim says free, the source costs 10 cents per page " \
                            "(context sentence 2)"
    assert "it says the claim the other way round: the claim says free, the source costs 10 cents per page" in \
        explain(res, printing, res.claims[printing.claim])
    assert entry.label == SUPPORTED and entry.anchor == 1, entry.rule


@pytest.mark.parametrize("claim, sentence, expected", [
    ("Employees receive a monthly home-office allowance of 300 euros.",
     "The company provides a one-off allowance of 300 euros for home office equipment.",
     [("monthly allowance", "one-off allowance")]),
    ("Patients took a daily dose of 5 mg.", "Patients took a weekly dose of 35 mg.", [("daily dose", "weekly dose")]),
    # another thing at the interval ("the first monthly salary"), both intervals, a thing that is no payment or dose
    ("Employees receive a monthly home-office allowance of 300 euros.",
     "The allowance is paid with the first monthly salary after the request is approved.", []),
    ("Members pay a monthly fee.", "Members pay a monthly or annual fee.", []),
    ("The annual report was published in May.", "The quarterly report was published in May.", []),
    # an adverb of the verb, of the same thing: the subject of a passive, a participle's noun, an object
    ("Interest is paid annually.", "The savings account pays 4.1% interest a year, paid monthly.",
     [("paid annually", "paid monthly")]),
    ("Bins are emptied monthly.", "Bins are emptied weekly, and garden waste is collected monthly.",
     [("emptied monthly", "emptied weekly")]),
    ("Garden waste is collected weekly.", "Bins are emptied weekly, and garden waste is collected monthly.",
     [("collected weekly", "collected monthly")]),
    ("The company pays dividends quarterly.", "The company pays its dividends annually.",
     [("pays quarterly", "pays annually")]),
    # the claim's interval said of that thing, another thing, another verb
    ("Bins are emptied weekly.", "Bins are emptied weekly, and garden waste is collected monthly.", []),
    ("The newsletter is published weekly.", "The report is published monthly.", []),
    ("Interest is paid annually.", "Interest is calculated daily.", []),
])
def test_a_payment_at_another_interval(claim, sentence, expected):
    """A user's policy answer: "a monthly home-office allowance" was Supported on every engine against "a one-off
    allowance … paid with the first monthly salary"; a savings page: "Interest is paid annually" against "… 4.1%
    interest a year, paid monthly" was Supported on every engine (read together, P(e) 0.92)."""
    from grounding.frequencies import other_recurrence
    assert other_recurrence(claim, sentence) == expected


def test_a_monthly_allowance_against_a_one_off_one_is_contradicted():
    policy = ("The company provides a one-off allowance of 300 euros for home office equipment. The allowance is paid "
              "with the first monthly salary after the request is approved.")
    res = ground("Employees receive a monthly home-office allowance of 300 euros.", [policy],
                 GroundingConfig(models_dir=str(MODELS)).validate())
    (v,) = res.verdicts
    assert v.label == CONTRADICTED and v.anchor == 0
    assert v.rule == "said the other way round: the claim says “monthly allowance”, the source “one-off allowance” " \
                     "(context sentence 1)"


GYM = ("FitHub's standard membership costs 29 pounds a month with no joining fee. Classes are included in the "
       "membership but must be booked through the app up to seven days in advance. Personal training sessions cost extra.")


@pytest.mark.parametrize("engine", ("claims", "context", "context-fast"))
def test_a_service_included_against_its_sessions_at_extra_cost_is_contradicted(engine):
    """A user's gym answer: "Personal training is included in the membership" was Supported on every engine."""
    res = ground("Personal training is included in the membership. Classes are included in the membership.", [GYM],
                 GroundingConfig(models_dir=str(MODELS), engine=engine).validate())
    training, classes = res.verdicts
    assert training.label == CONTRADICTED and training.anchor == 2, training.rule
    assert training.rule.startswith("said the other way round: the claim says included, the source cost extra")
    assert classes.label == SUPPORTED and classes.anchor == 1, classes.rule


@pytest.mark.parametrize("claim, sentence, expected", [
    # one thing priced twice: by "cost", by a price noun's thing, by the verb a "for" amount is under
    ("The extension costs £99.", "It can be extended to three years for £79.", [("£99", "£79")]),
    ("The course fee is £450.", "The course costs £400.", [("£450", "£400")]),
    ("Parking costs £20 a night.", "Parking costs £15 a night.", [("£20", "£15")]),     # "costs" parsed as a noun
    ("Parking is £20.", "The hotel has free Wi-Fi throughout, but parking costs £15 a night.", [("£20", "£15")]),
    ("Membership is £35.", "Membership costs £29 a month with a minimum term of 12 months.", [("£35", "£29")]),
    # an amount as its noun's modifier prices that noun, and a project named by what it is of prices that
    # ("The £2.4 million repair project" had been Supported against "The repairs will cost £3 million")
    ("The £2.4 million repair project will finish in May.", "The repairs will cost £3 million and are due to "
                                                            "finish in May.", [("£2.4 million", "£3 million")]),
    ("A £12 ticket gets you in.", "Tickets cost £10.", [("£12", "£10")]),
    # "costs" parsed as a noun with its subject, a thing told more closely by a word both share, "annual" as "a year"
    # ("A resident parking permit costs £60 a year" had been Unsupported against "Annual resident permits cost £85")
    ("A resident parking permit costs £60 a year.", "Annual resident permits cost £85.", [("£60", "£85")]),
    ("A resident permit costs £60.", "Annual resident permits cost £85.", [("£60", "£85")]),
    ("A visitor parking permit costs £60.", "Annual resident permits cost £85.", []),
    ("A resident permit costs £60 a month.", "Annual resident permits cost £85.", []),
    ("Adult day tickets cost £12.", "Child day tickets cost £6.", []),
    # a hyphenated thing before "costs" parsed as a noun ("check-up" as its "nmod"; "A check-up costs £25" had been
    # Supported against "A routine NHS check-up costs £26.80", P(e) 0.96 on every engine)
    ("A check-up costs £25.", "A routine NHS check-up costs £26.80.", [("£25", "£26.80")]),
    ("A check-up costs £25.", "A check-up costs £30.", [("£25", "£30")]),
    ("A check-up costs £25.", "A follow-up costs £30.", []),
    # a holder of the claim's thing ("Vaccinations for puppies cost £60" was Supported on every engine against "A
    # puppy vaccination course costs £65", P(e) 0.94), and "per calendar month" is a month ("Rent is £1,200 a month"
    # was Supported against "£1,250 per calendar month", P(e) 0.96)
    ("Vaccinations for puppies cost £60.", "A puppy vaccination course costs £65, including a health check.",
     [("£60", "£65")]),
    ("A health check costs £30.", "A puppy vaccination course costs £65, including a health check.", []),
    ("Driving lessons cost £30.", "A package of 10 driving lessons costs £280.", []),
    ("Rent is £1,200 a month.", "Rent is £1,250 per calendar month, excluding bills.", [("£1,200", "£1,250")]),
    ("Rent is £1,200 a week.", "Rent is £1,250 per calendar month, excluding bills.", []),
    # a number in a qualifying word, in words or digits ("A ten-class pass costs £90" was Supported on every engine
    # against "A 10-class pass is £95", P(e) 0.69-0.87)
    ("A ten-class pass costs £90.", "A 10-class pass is £95 and is valid for three months.", [("£90", "£95")]),
    ("A five-class pass costs £90.", "A 10-class pass is £95.", []),
    # prices that start at a figure are at least it; "the base price" is a price, not the base's
    ("The base price is £39,000.", "Prices start at £39,995.", [("£39,000", "£39,995")]),
    ("The base price is £41,000.", "Prices start at £39,995.", []),
    ("A £12 child ticket gets you in.", "Adult tickets cost £10.", []),
    ("The £2.4 million repair project will finish in May.", "The council received a £3 million grant.", []),
    # two nouns of a sum paid, and what a sum is towards ("Staff get a £300 equipment allowance" was Supported on every
    # engine against "A one-off payment of £250 is available towards home office equipment", P(e) 0.73)
    ("Staff get a £300 equipment allowance.", "A one-off payment of £250 is available towards home office equipment.",
     [("£300", "£250")]),
    ("Staff get a £300 travel allowance.", "A one-off payment of £250 is available towards home office equipment.", []),
    ("Students get a £300 travel bursary.", "A grant of £250 is available towards books.", []),
    # another thing, another qualifier, another period: two prices, no conflict
    ("Child tickets cost £12.", "Adult tickets cost £10.", []),
    ("Parking costs £20 a week.", "Parking costs £15 a night.", []),
    ("The renovation cost 6 million pounds.", "Entry remains free, although the special exhibition on shipwrecks "
                                              "costs 8 pounds.", []),
    ("A replacement card costs £10.", "Replacement cards are issued free of charge, and a new PIN costs £5.", []),
])
def test_another_price_of_the_same_thing(claim, sentence, expected):
    from grounding.learned import quantity_conflicts
    assert quantity_conflicts(claim, sentence, same_figure=True) == expected


@pytest.mark.parametrize("engine", ("claims", "context", "context-fast"))
def test_a_projects_price_as_its_modifier_is_contradicted(engine):
    res = ground("The £2.4 million repair project will finish in May.",
                 ["The council has approved the bridge repairs. The repairs will cost £3 million and are due to finish "
                  "in May."], GroundingConfig(models_dir=str(MODELS), engine=engine).validate())
    (v,) = res.verdicts
    assert v.label == CONTRADICTED and v.anchor == 1 and "£2.4 million" in v.rule and "£3 million" in v.rule, v.rule


@pytest.mark.parametrize("engine", ("claims", "context", "context-fast"))
def test_a_permits_price_a_year_against_its_annual_price_is_contradicted(engine):
    res = ground("A resident parking permit costs £60 a year. Each household can have up to two permits.",
                 ["Annual resident permits cost £85. A maximum of two resident permits can be issued per household. "
                  "Visitor permits are sold in books of ten for £12."],
                 GroundingConfig(models_dir=str(MODELS), engine=engine).validate())
    price, count = res.verdicts[0], res.verdicts[-1]
    assert price.label == CONTRADICTED and price.anchor == 0, price.rule
    assert price.rule.startswith("quantity override: the claim says £60, the source £85"), price.rule
    assert count.label == SUPPORTED, count.rule


@pytest.mark.parametrize("engine", ("claims", "context", "context-fast"))
def test_a_price_said_with_another_word_is_contradicted(engine):
    """A user's laptop answer: "The extension costs £99" was Supported on every engine against "It can be extended to
    three years for £79" (P(e) 0.93): the quantity rule had not taken "extended … for £79" as the extension's price."""
    context = ("The laptop comes with a one-year manufacturer's warranty covering defects in materials and "
               "workmanship. Battery faults are covered for six months. The warranty does not cover damage caused by "
               "liquid spills or drops. It can be extended to three years for £79.")
    res = ground("The warranty can be extended to three years. The extension costs £99.", [context],
                 GroundingConfig(models_dir=str(MODELS), engine=engine).validate())
    labels = {res.claims[v.claim].sentence: v for v in res.verdicts}
    assert labels[0].label == SUPPORTED, labels[0].rule
    price = labels[1]
    assert price.label == CONTRADICTED and price.anchor == 3, price.rule
    assert price.rule.startswith("quantity override: the claim says £99, the source £79"), price.rule


@pytest.mark.parametrize("engine", ("claims", "context", "context-fast"))
def test_a_charger_included_against_one_sold_separately_is_contradicted(engine):
    res = ground("A charger is included in the box. It costs £799.",
                 ["The 128 GB model costs £799 and the 256 GB model £899. A USB-C cable is included, but the charger "
                  "is sold separately."], GroundingConfig(models_dir=str(MODELS), engine=engine).validate())
    charger, price = res.verdicts[0], res.verdicts[-1]
    assert charger.label == CONTRADICTED and charger.anchor == 1, charger.rule
    assert "the claim says included, the source sold separately" in charger.rule, charger.rule
    assert price.label == SUPPORTED, price.rule


@pytest.mark.parametrize("engine", ("claims", "context", "context-fast"))
def test_a_check_ups_price_is_contradicted_by_another(engine):
    """A user's dentist answer: "A check-up costs £25" was Supported on every engine (P(e) 0.96) against "A routine
    NHS check-up costs £26.80"."""
    res = ground("A check-up costs £25.", ["The practice is open Monday to Friday, 8am to 6pm. A routine NHS check-up "
                                           "costs £26.80. Emergency appointments are offered on the same day."],
                 GroundingConfig(models_dir=str(MODELS), engine=engine).validate())
    (v,) = res.verdicts
    assert v.label == CONTRADICTED and v.anchor == 1, v.rule
    assert v.rule.startswith("quantity override: the claim says £25, the source £26.80"), v.rule


@pytest.mark.parametrize("engine", ("claims", "context", "context-fast"))
def test_a_rent_per_calendar_month_and_a_course_of_vaccinations_are_priced(engine):
    """A user's flat and vet answers: "Rent is £1,200 a month" against "Rent is £1,250 per calendar month" (P(e)
    0.96) and "Vaccinations for puppies cost £60" against "A puppy vaccination course costs £65" (P(e) 0.94) were
    Supported on every engine."""
    res = ground("Rent is £1,200 a month. Vaccinations for puppies cost £60.",
                 ["A bright two-bedroom flat on the third floor. Rent is £1,250 per calendar month, excluding bills.",
                  "Our surgery is open Monday to Saturday. A puppy vaccination course costs £65, including a health "
                  "check."], GroundingConfig(models_dir=str(MODELS), engine=engine).validate())
    rent, jabs = res.verdicts
    assert rent.label == CONTRADICTED and rent.anchor == 1, rent.rule
    assert "the claim says £1,200, the source £1,250" in rent.rule, rent.rule
    assert jabs.label == CONTRADICTED and jabs.anchor == 3, jabs.rule
    assert "the claim says £60, the source £65" in jabs.rule, jabs.rule


PLANS = ("Our basic plan costs $10 per month and includes 50 GB of storage. The premium plan costs $25 per month and "
         "includes 1 TB of storage plus priority support. Both plans can be cancelled at any time, and annual billing "
         "gives a 20% discount.")


@pytest.mark.parametrize("engine", ("claims", "context", "context-fast"))
def test_what_comes_with_a_plan_is_supported_by_the_plan_including_it(engine):
    """A user's answer about plans: "Priority support comes with the premium plan" was Contradicted on every engine,
    the premium plan read as free against its $25."""
    res = ground("Priority support comes with the premium plan.", [PLANS],
                 GroundingConfig(models_dir=str(MODELS), engine=engine).validate())
    (v,) = res.verdicts
    assert v.label == SUPPORTED and v.anchor == 1, v.rule


FLAT_RENT = "Rent is 1,200 euros a month, plus 150 euros for utilities."


@pytest.mark.parametrize("claim, sentence, expected", [
    ("Rent includes utilities.", FLAT_RENT, [("includes utilities", "plus 150 euros for utilities")]),
    ("Materials are included in the fee.", "The fee is 40 pounds plus 10 pounds for materials.",
     [("included", "plus 10 pounds for materials")]),
    # another thing; an amount the claim gives too
    ("Rent includes water.", FLAT_RENT, []),
    ("Utilities cost 150 euros a month.", FLAT_RENT, []),
])
def test_an_amount_added_for_a_thing_is_a_price_of_it(claim, sentence, expected):
    assert free_against_price(claim, sentence) == expected


@pytest.mark.parametrize("engine", ("claims", "context", "context-fast"))
def test_rent_that_includes_utilities_the_flat_charges_for_is_contradicted(engine):
    """A user's flat answer: "Rent includes utilities" was Supported on every engine (P(e) 0.95) against "Rent is
    1,200 euros a month, plus 150 euros for utilities"."""
    context = ("The apartment has two bedrooms and one bathroom. " + FLAT_RENT + " Pets are not allowed.")
    (v,) = ground("Rent includes utilities.", [context],
                  GroundingConfig(models_dir=str(MODELS), engine=engine).validate()).verdicts
    assert v.label == CONTRADICTED and v.anchor == 1, v.rule


PARKING = ("Parking in the town centre is free on Sundays and after 6 pm on other days. At all other times it costs 1.50 "
           "pounds an hour, up to a maximum of three hours. Blue badge holders can park free for as long as they need.")
RETURNS = ("Our returns policy lets you return most items within 30 days for a full refund. Sale items can only be "
           "exchanged, not refunded. Returns are free in store, but postal returns cost 3.95 pounds.")


@pytest.mark.parametrize("engine", ["claims", "context", "context-fast"])
def test_postal_returns_and_hourly_parking_are_read_for_their_own_price(engine):
    """Everyday batches: "Postal returns are free" was Supported on every engine (the sentence says returns are free in
    store); "Parking costs 1.50 pounds an hour" was Contradicted on every engine by parking free on Sundays."""
    config = GroundingConfig(engine=engine, models_dir=str(MODELS)).validate()
    (postal,) = ground("Postal returns are free.", [RETURNS], config).verdicts
    assert postal.label == CONTRADICTED and postal.anchor == 2, postal.rule
    (hourly,) = ground("Parking costs 1.50 pounds an hour.", [PARKING], config).verdicts
    assert hourly.label == SUPPORTED, hourly.rule


ZONE = ("Air pollution in the city centre fell by a quarter after the low emission zone began in 2023. Drivers of older "
        "diesel cars pay 12.50 pounds a day to enter the zone. Electric cars and vehicles that meet the standard pay "
        "nothing.")


@pytest.mark.parametrize("engine", ["claims", "context", "context-fast"])
def test_electric_cars_that_pay_nothing_do_not_pay_the_diesel_charge(engine):
    """An everyday batch: "Electric cars pay 12.50 pounds a day" was Supported on every engine (the diesel sentence's
    figure; the parse read "pay" in "… meet the standard pay nothing" as a noun)."""
    contradicted_and_backed(engine, "Electric cars pay 12.50 pounds a day. Drivers of older diesel cars pay 12.50 "
                            "pounds a day.", ZONE, 2, backed_anchor=1)


def test_what_is_bought_or_paid_to_enter_is_priced():
    from grounding.free import free_against_price
    from grounding.prices import price_states
    [bag] = price_states("Shoppers can buy a reusable bag for 50p.")
    assert (bag.noun, bag.words, bag.free, bag.said) == ("bag", frozenset({"reusable"}), False,
                                                         "buy a reusable bag for 50p")
    [gallery] = price_states("Visitors must pay 5 pounds to enter the gallery.")
    assert (gallery.noun, gallery.free) == ("gallery", False)
    [park] = price_states("Customers pay 2 pounds to use the car park.")
    assert (park.noun, park.words) == ("park", frozenset({"car"}))
    assert price_states("You cannot buy a bag for 50p.") == ()          # negated: no state
    assert free_against_price("Reusable bags are free.", "Shoppers can buy a reusable bag for 50p.") == [
        ("free", "buy a reusable bag for 50p")]
    assert free_against_price("Visitors must pay 5 pounds to enter the gallery.", "Entry to the gallery is free, but "
                              "the museum asks for a donation of 5 pounds.") == [("pay 5 pounds", "free")]
    assert free_against_price("Reusable bags cost 50p.", "Shoppers can buy a reusable bag for 50p.") == []


def test_a_payers_amount_against_the_price_for_them():
    from grounding.learned import quantity_conflicts
    pool = "Swimming costs 6 pounds for adults and 3 pounds for children."
    assert quantity_conflicts("Adults pay 8 pounds.", pool, same_figure=True) == [("8 pounds", "6 pounds")]
    assert quantity_conflicts("Adults pay 6 pounds.", pool, same_figure=True) == []
    assert quantity_conflicts("Children pay 3 pounds.", pool, same_figure=True) == []


@pytest.mark.parametrize("engine", ("claims", "context", "context-fast"))
def test_free_bags_against_bags_for_50p_are_contradicted(engine):
    from conftest import contradicted_and_backed
    context = ("The supermarket will stop selling single-use plastic bags from January. Shoppers can buy a reusable "
               "bag for 50p. Home delivery will be free on orders over 40 pounds.")
    contradicted_and_backed(engine, "Reusable bags are free. Delivery is free on orders over 40 pounds.", context, 1,
                            backed_anchor=2)


@pytest.mark.parametrize("engine", ("claims", "context", "context-fast"))
def test_paying_to_enter_a_free_gallery_is_contradicted(engine):
    from conftest import contradicted_and_backed
    context = ("The museum's new dinosaur gallery opened on Saturday. Its centrepiece is a 26-metre skeleton of a "
               "Diplodocus, found in Wyoming in 1899. Entry to the gallery is free, but the museum asks for a donation "
               "of 5 pounds.")
    contradicted_and_backed(engine, "Visitors must pay 5 pounds to enter the gallery. The skeleton was found in 1899.",
                            context, 2, backed_anchor=1)


@pytest.mark.parametrize("engine", ("claims", "context", "context-fast"))
def test_adults_paying_another_amount_are_contradicted(engine):
    from conftest import contradicted_and_backed
    context = ("The park's outdoor pool opens for the season on 25 May and closes on 8 September. The water is heated "
               "to 25 degrees. Swimming costs 6 pounds for adults and 3 pounds for children.")
    contradicted_and_backed(engine, "Adults pay 8 pounds. Children pay 3 pounds.", context, 2)


def test_a_passive_free_of_charge_prices_each_of_two_joined_subjects():
    from grounding.free import free_against_price
    from grounding.prices import price_states
    states = price_states("Household rubbish and garden waste can still be taken free of charge.")
    assert [(s.noun, s.words, s.free) for s in states] == [("rubbish", frozenset({"household"}), True),
                                                            ("waste", frozenset({"garden"}), True)]
    assert free_against_price("Garden waste will cost 3 pounds a bag.", "Household rubbish and garden waste can "
                              "still be taken free of charge.") == [("cost 3 pounds a bag", "free")]


def test_free_before_a_compound_prices_the_whole_noun():
    from grounding.free import free_against_price
    from grounding.prices import price_states
    [phone] = price_states("The company is offering a free replacement phone to customers who ask before 1 November.")
    assert (phone.noun, phone.words, phone.free, phone.said) == ("phone", frozenset({"replacement"}), True,
                                                                 "free replacement phone")
    assert free_against_price("Replacement phones cost 50 pounds.", "The company is offering a free replacement "
                              "phone.") == [("cost 50 pounds", "free replacement phone")]


PARK = "Visitors can park free for the first hour; after that it costs 2 pounds an hour."
RIDES = "The first 30 minutes of each ride are free; after that it costs 1 pound per half hour."


@pytest.mark.parametrize("claim, sentence, expected", [
    ("Visitors can park free all day.", PARK, [("free all day", "free for the first hour")]),
    ("Parking is free at all times.", PARK, [("free at all times", "free for the first hour")]),
    ("Every ride costs 1 pound.", RIDES, [("Every ride costs", "The first 30 minutes of each ride are free")]),
    ("The app is always free.", "The first month is free; after that the app costs 3 pounds a month.",
     [("always free", "The first month is free")]),
    # the claim's own stretch; a stretch the claim leaves open; another thing priced; no price after the stretch
    ("The first month is always free.", "The first month is free; after that the app costs 3 pounds a month.", []),
    ("Visitors can park free for an hour.", PARK, []),
    ("Every lesson costs 1 pound.", RIDES, []),
    ("Visitors can park free all day.", "Visitors can park free for the first hour.", []),
    ("Visitors cannot park free all day.", PARK, []),
    ("Blue badge holders park free at all times.", PARK, []),
])
def test_free_for_a_first_stretch_only(claim, sentence, expected):
    assert free_for_a_while(claim, sentence) == expected


@pytest.mark.parametrize("engine", ("claims", "context", "context-fast"))
@pytest.mark.parametrize("text, context, anchor, backed", [
    ("Visitors can park free all day. Blue badge holders park free at all times.",
     "The hospital car park will be free for patients from April, but staff will still pay. " + PARK
     + " Blue badge holders park free at all times.", 1, 2),
    ("Every ride costs 1 pound. The scheme has 400 bikes.",
     "The town's cycle hire scheme now has 400 bikes at 35 docking stations. " + RIDES + " Riders must be at least 16.",
     1, 0),
])
def test_free_all_day_where_only_the_first_hour_is_free_is_contradicted(engine, text, context, anchor, backed):
    """Everyday answers: "Visitors can park free all day" and "Every ride costs 1 pound" were Supported on every
    engine against a first stretch free and a price after it."""
    contradicted_and_backed(engine, text, context, anchor, backed_anchor=backed)


REPAIRS = "Repairs are carried out at our service centre in Leeds, and we pay return postage."


@pytest.mark.parametrize("claim, sentence, expected", [
    ("Customers have to pay the return postage.", REPAIRS, [("Customers pay", "we pay")]),
    ("You pay the return postage.", REPAIRS, [("You pay", "we pay")]),
    # the same side; another thing paid; negated
    ("We pay the return postage.", REPAIRS, []),
    ("Customers have to pay the outward postage costs.", "We pay return postage.", []),
    ("Customers do not have to pay the return postage.", REPAIRS, []),
])
def test_the_other_side_pays(claim, sentence, expected):
    assert other_payer(claim, sentence) == expected


@pytest.mark.parametrize("engine", ("claims", "context", "context-fast"))
def test_customers_paying_the_postage_the_company_pays_is_contradicted(engine):
    """A warranty answer: "Customers have to pay the return postage" was Supported on every engine (P(e) 0.80)."""
    context = "The machine comes with a two-year warranty covering parts and labour. " + REPAIRS
    contradicted_and_backed(engine, "Customers have to pay the return postage. The warranty lasts two years.", context,
                            1, backed_anchor=0)


@pytest.mark.parametrize("engine", ("claims", "context", "context-fast"))
def test_a_hire_answer_that_charges_for_what_the_price_includes_is_contradicted(engine):
    """"Buoyancy aids cost extra at Riverbend Paddle Hire" was Supported on every engine (P(e) 0.52) against
    "Buoyancy aids and paddles are included in the price": "extra" was parsed as an adverb, no price state."""
    context = ("Riverbend Paddle Hire hires single kayaks for £30 per half day. Buoyancy aids and paddles are included "
               "in the price, and waterproof barrels can be hired for £5 each.")
    wrong, _ = contradicted_and_backed(engine, "Buoyancy aids cost extra at Riverbend Paddle Hire. Waterproof barrels "
                                       "can be hired for £5 each.", context, 1)
    assert wrong.rule.startswith("said the other way round: the claim says cost extra, the source included")


def test_a_payer_of_its_own_is_not_the_roots():
    """Everyday batch 150: "Children under 5 travel free …, and those aged 5 to 15 pay £1.50 for a return" gave the
    children (the root's noun) the price of "those aged 5 to 15", and the reversal rule Contradicted it against
    "Children under 5 travel free with a fare-paying adult", naming an empty source state."""
    claim = "Children under 5 travel free with a paying adult, and those aged 5 to 15 pay £1.50 for a return."
    states = price_states(claim)
    assert [(s.noun, s.free, s.said) for s in states if s.noun == "child"] == [
        ("child", True, "Children under 5 travel free")]
    assert free_against_price(claim, "Children under 5 travel free with a fare-paying adult.") == []
    assert [(s.noun, s.free) for s in price_states("Children pay nothing.")] == [("child", True)]


@pytest.mark.parametrize("engine", ("claims", "context", "context-fast"))
def test_free_children_and_a_fare_for_older_ones_are_supported(engine):
    context = ("- Children under 5 travel free with a fare-paying adult. Children aged 5 to 15 pay £1.50 return.\n"
               "- Ten-trip ticket: £32, valid for three months from first use.")
    config = GroundingConfig(engine=engine, models_dir=str(MODELS)).validate()
    verdicts = ground("Children under 5 travel free with a paying adult, and those aged 5 to 15 pay £1.50 for a return.",
                      [context], config).verdicts
    assert CONTRADICTED not in [v.label for v in verdicts], [v.rule for v in verdicts]


@pytest.mark.parametrize("text, expected", [
    ("Under-16s: £2", [("under-16", False, "Under-16s: £2")]),
    ("- Adults: £6.50", [("adult", False, "Adults: £6.50")]),
    ("Under-5s: free when accompanied by a paying adult", [("under-5", True, "Under-5s: free")]),
    ("Gates open: 7pm", []),                                  # a time, no price
    ("Season tickets cost £120.", []),                        # no list line
])
def test_the_lines_of_a_price_list(text, expected):
    from grounding.price_lists import list_lines
    assert list_lines(text) == expected


@pytest.mark.parametrize("engine", ("claims", "context", "context-fast"))
def test_free_where_the_price_list_gives_a_price_is_contradicted(engine):
    """Everyday batch 125: "Under-16s get in free" was Supported on every engine against "Under-16s: £2" (P(e) 0.89),
    a price-list line that gave no price state, "Under-16s" tagged punctuation."""
    context = ("# Matchday tickets\nAdults: £8\nUnder-16s: £2\nUnder-5s: free when accompanied by a paying adult\n"
               "Season tickets are available until 31 August.")
    wrong, _ = contradicted_and_backed(engine, "Under-16s get in free. Adults pay £8.", context, 2, 1)
    assert "Under-16s: £2" in wrong.rule, wrong.rule


@pytest.mark.parametrize("engine", ("claims", "context", "context-fast"))
def test_a_price_the_source_gives_beside_a_free_on_a_condition_is_supported(engine):
    """Everyday batch 215: "Delivery within 15 miles costs £6, but a family box is delivered free" was Contradicted on
    every engine ("costs £6" against the sentence's "free on orders over £90"; the box's own price against its free
    delivery)."""
    all_supported(engine, "Delivery within 15 miles costs £6, but a family box is delivered free.", (
        "# Meat box scheme\nBoxes can be collected from the farm shop on the first Friday of each month between 10am "
        "and 6pm. Home delivery is available within 15 miles for £6, or free on orders over £90. A family box costs "
        "£98 and a small box costs £55."))
