import pytest

from grounding.negate import negate


@pytest.mark.parametrize("claim, negated", [
    ("Drug X lowers blood pressure.", "Drug X does not lower blood pressure."),
    ("The drug raised liver enzymes.", "The drug did not raise liver enzymes."),
    ("They lower blood pressure.", "They do not lower blood pressure."),
    ("The drug is safe.", "The drug is not safe."),
    ("The results were significant.", "The results were not significant."),
    ("Drug X has lowered blood pressure.", "Drug X has not lowered blood pressure."),
    ("It can be used in children.", "It cannot be used in children."),
    ("Patients will benefit.", "Patients will not benefit."),
    ("Aspirin, which is cheap, reduces fever.", "Aspirin, which is cheap, does not reduce fever."),
])
def test_adds_negation(claim, negated):
    assert negate(claim) == negated


@pytest.mark.parametrize("claim, positive", [
    ("The drug is not safe.", "The drug is safe."),
    ("Patients won't benefit.", "Patients will benefit."),
    ("It can't be used in children.", "It can be used in children."),
    ("The drug cannot be used in children.", "The drug can be used in children."),
    ("The drug never causes nausea.", "The drug causes nausea."),
    ("No patients died.", "Patients died."),
])
def test_removes_existing_negation(claim, positive):
    assert negate(claim) == positive


def test_falls_back_when_no_rule_applies():
    assert negate("Higher doses in children.") == "It is not the case that higher doses in children."
    assert negate("Nobody died.") == "It is not the case that nobody died."
    # the parser's root is the infinitive "borrow", not the clause's verb "need": no "To do not borrow"
    assert negate("To borrow books you need a library card, which is free for residents.") == \
        "It is not the case that to borrow books you need a library card, which is free for residents."


FARMS = ("Researchers counted bees on 48 farms in East Anglia, half of which had sown wildflower strips at least six "
         "metres wide.")


@pytest.mark.parametrize("claim, sentence, expected", [
    ("It is open on Sundays.", "It is closed on Sundays and public holidays.", True),
    # the sentence's day holds the claim's afternoons: half the other words, every name among them
    ("It is open on Sunday afternoons.", "It is closed on Sundays.", True),
    ("The Leeds store is open on Sundays.", "The York store is closed on Sundays.", False),
    ("The pool is open until 10 pm.", "The gym is closed on Mondays.", False),
])
def test_the_other_of_two_states(claim, sentence, expected):
    from grounding.negate import opposite_polarity
    assert opposite_polarity(claim, sentence) is expected


@pytest.mark.parametrize("claim, sentence, expected", [
    ("Arctic sea ice has grown since 2000.", "Arctic sea ice extent has declined in every decade since 1979.", True),
    ("Wind generation fell last year.", "Wind generation rose last year.", True),
    # the sentence says it the claim's way too ("rising"): not only the other way
    ("Sales rose in 2022.", "Sales fell in 2023, after rising in 2022.", False),
    # another subject's change
    ("The population of York grew.", "The population of Leeds declined.", False),
    # no change word in the sentence, or both directions in the claim
    ("Arctic sea ice has grown since 2000.", "Arctic sea ice covers less area than in 1979.", False),
    ("Exports rose while imports fell.", "Exports fell while imports fell.", False),
    # "up 8%", "down by 0.2 points": a change by a figure; "up to 8%" is a bound
    ("Revenue fell compared with a year earlier.", "Revenue was $4.2 billion, up 8% from a year earlier.", True),
    ("Unemployment rose in March.", "Unemployment was down by 0.2 points in March.", True),
    ("Revenue fell compared with a year earlier.", "Revenue could be up to 8% above last year's.", False),
])
def test_a_change_the_other_way(claim, sentence, expected):
    from grounding.negate import opposite_polarity
    assert opposite_polarity(claim, sentence) is expected


RESULTS_H1 = ("The company made a profit of 45 million euros in the first half, down from 60 million a year earlier. "
              "Sales grew by 4% to 1.2 billion euros.")


def test_a_change_the_other_way_with_the_claims_other_words_in_the_sentences_read_together():
    """"Sales fell in the first half" was Supported on the context engine (P(e) 0.59 reading both sentences; the sales
    sentence alone P(c) 0.79): its "first half" is in the profit sentence only."""
    from grounding.negate import opposite_polarity
    claim, sales = "Sales fell in the first half.", "Sales grew by 4% to 1.2 billion euros."
    assert opposite_polarity(claim, sales) is False
    assert opposite_polarity(claim, sales, RESULTS_H1) is True
    assert opposite_polarity("Sales grew in the first half.", sales, RESULTS_H1) is False
    assert opposite_polarity("Profit fell in the first half.", "Profit grew by 4%.",
                             "Profit grew by 4%. Sales rose in the first half.") is True   # the direction is the
    # sentence's own; the claim's words anywhere read together
    assert opposite_polarity("Profit fell in the first half.", "Costs grew by 4%.", RESULTS_H1) is False


@pytest.mark.parametrize("engine", ["claims", "context", "context-fast"])
def test_sales_that_fell_against_sales_that_grew_are_contradicted(engine):
    from grounding import GroundingConfig, ground
    context = RESULTS_H1 + " The company kept its forecast for the full year and said it would not cut jobs."
    (v,) = ground("Sales fell in the first half.", [context], GroundingConfig(engine=engine)).verdicts
    assert v.label == "Contradicted" and v.anchor == 1, v.rule


@pytest.mark.parametrize("engine", ("claims", "context", "context-fast"))
def test_open_on_a_day_it_is_closed(engine):
    """A user's library answer: "It is open on Sunday afternoons" was Partially supported on every engine against
    "It is closed on Sundays" (read with the opening hours, P(e) 0.42; the scorer 0.99 support). Read alone the
    sentence contradicts it (0.81), and it says the claim's state the other way: Contradicted."""
    from pathlib import Path
    from grounding import GroundingConfig, ground
    context = ("The central library is open from 9 am to 8 pm on weekdays and from 10 am to 4 pm on Saturdays. It is "
               "closed on Sundays. Members can borrow up to 12 items for three weeks, and renew them online twice.")
    models = Path(__file__).resolve().parent.parent / "exported_models"
    res = ground("The library opens at 9 am on weekdays. It is open on Sunday afternoons.", [context],
                 GroundingConfig(models_dir=str(models), engine=engine).validate())
    by = {res.claims[v.claim].sentence: v for v in res.verdicts}
    assert by[0].label == "Supported", by[0].rule
    assert by[1].label == "Contradicted" and by[1].anchor == 1, by[1].rule
    assert by[1].rule.startswith("read alone, context sentence 2 contradicts the claim"), by[1].rule


ASTHMA = ("In the trial, 412 adults with mild asthma were randomly assigned to the new inhaler or a placebo for 12 "
          "weeks.")
MUSEUM = "The museum is open from 10am to 6pm, Tuesday to Sunday, and closed on Mondays."
TICKETS = "Tickets are non-refundable, but they can be transferred to another person."
CARS_OF = "Sales of electric cars rose by 18% last year, while sales of petrol cars fell by 9%."
CARS = "Sales of electric cars rose by 35% last year, while sales of petrol cars fell by 12%."
NORVIK = "Chief executive Anna Berg said demand in Europe had weakened, while sales in Asia continued to grow."


@pytest.mark.parametrize("claim, sentence, expected", [
    ("The weekend will be wetter.", "The weekend should be drier and brighter.", [("wetter", "drier")]),
    ("The museum is open on Mondays.", "The museum is closed on Mondays.", [("open", "closed")]),
    # the claim's own state in the sentence too, the claim's other words not there, one of the two negated
    ("The museum is open on Mondays.", "The museum is open every day except Mondays, when it is closed.", []),
    ("Temperatures will be warmer in the south.", "Temperatures will be colder in the north.", []),
    ("The museum is not open on Mondays.", "The museum is closed on Mondays.", []),
    # what a price includes ("excluding bills"); the claim's own word there too
    ("The rent includes bills.", "The rent is 1,450 pounds a month, excluding bills.", [("includes", "excluding")]),
    ("The fare includes breakfast.", "The fare includes breakfast, excluding drinks.", []),
    # the same day against the next
    ("Express orders placed before 2pm arrive the same day.",
     "Express delivery arrives the next working day if you order before 2pm.", [("the same day", "the next working day")]),
    ("Express delivery arrives the next day.", "Express delivery arrives the next working day if you order before 2pm.", []),
    ("Standard orders ship the same day.", "Express delivery arrives the next working day if you order before 2pm.", []),
    # the claim's state said too, of another time: the other state at the claim's time decides ("The museum is open
    # on Mondays" was Supported on every engine, P(e) 0.84)
    ("The museum is open on Mondays.", MUSEUM, [("open on Mondays", "closed on Mondays")]),
    ("The pool is open during the holidays.", "The pool is closed during the school holidays but open at weekends.",
     [("open during the holidays", "closed during the school holidays")]),
    ("The museum is closed on Mondays.", MUSEUM, []),
    ("The museum is open on Tuesdays.", "The museum is open on Tuesdays and closed on Mondays.", []),
    ("The shop is open on Mondays.", MUSEUM, []),
    ("The pool is open at weekends.", "The pool is closed during the school holidays but open at weekends.", []),
    # cannot, in one word ("Tickets can be refunded" was Partially supported on two engines)
    ("Tickets can be refunded.", TICKETS, [("can be refunded", "non-refundable")]),
    ("Tickets are refundable.", TICKETS, [("are refundable", "non-refundable")]),
    ("The battery can be replaced.", "The battery is unreplaceable.", [("can be replaced", "unreplaceable")]),
    ("Tickets can be transferred.", TICKETS, []),
    ("Deposits can be refunded.", TICKETS, []),
    ("Tickets cannot be refunded.", TICKETS, []),
    # a change the other way in the clause that holds the claim's words ("Sales in Asia fell" was Supported on
    # context-fast against this sentence)
    ("Sales in Asia fell.", NORVIK, [("fell", "grow")]),
    ("Sales in Asia fell.", "Sales in Europe fell, while sales in Asia rose by 5%.", [("fell", "rose")]),
    ("Revenue fell.", "Revenue was up 8% from a year earlier.", [("fell", "up 8%")]),
    ("Sales in Asia grew.", NORVIK, []),
    ("Sales in Europe fell.", "Sales in Europe fell, while sales in Asia rose by 5%.", []),
    ("Sales in Asia fell.", "Sales in Asia did not grow, while sales in Europe rose.", []),
    # the clause holds the claim's subject with the words that tell it apart, the sentence the rest ("Petrol car
    # sales rose last year" was Supported on every engine); not a subject both clauses hold
    ("Petrol car sales rose last year.", CARS, [("rose", "fell")]),
    ("Electric car sales rose last year.", CARS, []),
    ("Car sales rose last year.", CARS, []),
    # the subject told apart by an "of" phrase, and only the clause that names it ("Sales of petrol cars fell" had
    # been read against the electric cars' clause)
    ("Sales of petrol cars rose last year.", CARS_OF, [("rose", "fell")]),
    ("Sales of electric cars fell last year.", CARS_OF, [("fell", "rose")]),
    ("Sales of petrol cars fell last year.", CARS_OF, []),
    ("Sales of electric cars rose last year.", CARS_OF, []),
    # the other grade of the claim's noun ("Participants had severe asthma" was Supported on every engine, P(e) 0.9)
    ("Participants had severe asthma.", ASTHMA, [("severe asthma", "mild asthma")]),
    ("The damage is permanent damage.", "The nerve damage was temporary damage in most patients.",
     [("permanent damage", "temporary damage")]),
    ("Participants had mild asthma.", ASTHMA, []),
    ("Participants had severe asthma.", "Adults with mild to severe asthma took part.", []),
    ("Participants had severe asthma.", "Adults with mild asthma were not included.", []),
    ("Participants had severe attacks.", ASTHMA, []),
    # what a longer claim says of its group is said there too (everyday batch 165: Contradicted on every engine)
    ("Part-time staff can buy up to five extra days of holiday each year.", "Full-time staff are entitled to 22 days' "
     "paid holiday per year, plus the eight bank holidays.", []),
    # money and weight the other way
    ("The change will cost 1.2 million pounds a year.", "The change is expected to save 1.2 million pounds a year.",
     [("cost", "save")]),
    ("Patients on placebo gained weight.", "Patients on placebo lost 3% of their weight.", [("gained", "lost")]),
    ("The change will cost 1.2 million pounds a year.", "It will cost 1.2 million pounds but save time.", []),
    # an end against going on ("Flights to Porto will end" was Supported on every engine)
    ("Flights to Porto will end.", "Flights to Porto will continue, but will drop from daily to four times a week.",
     [("end", "continue")]),
    ("Flights to Lisbon will end.", "Flights to Porto will continue, but will drop from daily to four times a week.", []),
    # cancelled against running as normal ("Trains were cancelled" was Supported on every engine)
    ("Trains were cancelled.", "Two ferry crossings were cancelled, but trains ran normally.",
     [("cancelled", "ran normally")]),
    ("Ferry crossings were cancelled.", "Two ferry crossings were cancelled, but trains ran normally.", []),
    ("Trains were not cancelled.", "Two ferry crossings were cancelled, but trains ran normally.", []),
    ("The school was closed on Monday.", "The school opened as normal on Monday.", [("closed", "opened")]),
    # a word against its "un-" form ("The pool is heated" was Supported on every engine)
    ("The pool is heated.", "The pool is unheated, so the water is usually between 18 and 22 degrees.",
     [("heated", "unheated")]),
    ("The pool is unheated.", "The pool is unheated, so the water is usually between 18 and 22 degrees.", []),
    ("The gym is heated.", "The pool is unheated, so the water is usually between 18 and 22 degrees.", []),
    # a switch the other way ("The switch may fail to turn on" was Supported on every engine, P(e) 0.88)
    ("The switch may fail to turn on.", "The switch can fail to turn off, which may cause overheating.",
     [("turn on", "turn off")]),
    ("The switch may fail to turn off.", "The switch can fail to turn off, which may cause overheating.", []),
    ("The switch may fail to turn on.", "The switch can fail to turn off or turn on by itself.", []),
    # paying against free; taken away against staying
    ("Business class passengers pay for their second bag.", "Passengers flying business class can check two bags for "
     "free.", [("pay", "free")]),
    ("Adults pay for swimming.", "Swimming is free for children under 5, and adults pay 6 pounds.", []),
    ("The cash machine will be removed.", "Customers can still use the cash machine outside, which will stay in place "
     "until the end of the year.", [("removed", "stay")]),
    # with food against without ("… taken on an empty stomach" was Unsupported on every engine)
    ("The tablets should be taken on an empty stomach.", "Tablets should be taken twice a day with food.",
     [("on an empty stomach", "with food")]),
    ("Take the tablets with meals.", "Take the tablets before meals.", [("with meals", "before meals")]),
    ("The tablets should be taken with food.", "Tablets should be taken twice a day with food.", []),
    # only some against all ("Only some rooms have sea views" was Supported on context, P(e) 0.86)
    ("Only some rooms have sea views.", "The hotel has 64 rooms, all with sea views.",
     [("Only some rooms", "rooms, all with")]),
    ("Only a few staff work from home.", "All staff work from home on Fridays.", [("Only a few staff", "All staff")]),
    ("Only some rooms have sea views.", "The hotel has 64 rooms, all with a balcony.", []),
    # all against a part ("All 48 farms in the Ellingham study had sown wildflower strips" was Supported on every
    # engine); what the sentence says of all of them
    ("All 48 farms in the Ellingham study had sown wildflower strips.", FARMS, [("All 48 farms", "half of which")]),
    ("All farms were in East Anglia.", FARMS, []),
    # the other state in another part of a list (everyday batch 164: "free on-site parking" had contradicted the
    # employer's pension contributions on the claims engine)
    ("The employer pays 7% into your pension.", "Benefits: 26 days' annual leave; a pension with employer contributions "
     "of 7%; free on-site parking.", []),
])
def test_the_other_state_decides_without_the_model(claim, sentence, expected):
    """A forecast: "The weekend will be wetter" was Supported on every engine against "The weekend should be drier
    and brighter" (P(e) 0.89); the reversal rule now reads the other state (negate.other_state), asking most of the
    claim's other words (not opposite_polarity's half, which only lets the model's own contradiction decide)."""
    from grounding.negate import other_state
    from grounding.reversal import reversals
    assert other_state(claim, sentence) == expected
    said = reversals(claim, sentence)
    assert all(f"the claim says “{c}”, the source “{x}”" in said for c, x in expected), said


RESULTS = ("The school's exam results improved this year: 78% of pupils achieved grade 4 or above in English, up from "
           "71%, while maths stayed at 65%.")


@pytest.mark.parametrize("claim, expected", [
    ("Maths results improved.", [("improved", "stayed at 65%")]),
    ("English results improved.", []),
    ("Results improved.", []),
])
def test_a_change_against_the_clause_that_keeps_the_claims_subject_as_it_was(claim, expected):
    """negate.changed_against_unchanged: "Maths results improved" was Supported on every engine (the sentence says
    results improved, and in its last clause that maths stayed at 65%)."""
    from grounding.negate import changed_against_unchanged
    assert changed_against_unchanged(claim, RESULTS) == expected


EVERYDAY = [
    # (claim, context, anchor, the words the rule quotes or None, a claim the context backs): everyday answers the
    # words now turn. "The museum is open on Mondays" was Supported on every engine (P(e) 0.84: the sentence says
    # "open" too, of Tuesday to Sunday); "Sales in Asia fell" Supported on context-fast; "Tickets can be refunded"
    # Partially supported on the context engines, Unsupported on claims.
    ("The museum is open on Mondays.", MUSEUM + " The café on the ground floor closes at 5pm.", 0,
     "the claim says “open on Mondays”, the source “closed on Mondays”", "The museum opens at 10am."),
    ("Sales in Asia fell.", "Shares in Norvik fell 12% on Tuesday after the company cut its profit forecast. " + NORVIK,
     1, None, "Demand in Europe has weakened."),
    ("Tickets can be refunded.", "Tickets for the concert go on sale on Friday at 10am. " + TICKETS, 1,
     "the claim says “can be refunded”, the source “non-refundable”", "Tickets can be transferred."),
    ("Participants had severe asthma.", ASTHMA + " Severe attacks occurred in 9% of the inhaler group and 21% of "
     "the placebo group.", 0, "the claim says “severe asthma”, the source “mild asthma”",
     "Participants had mild asthma."),
    ("The change will cost 1.2 million pounds a year.", "Bins will be collected fortnightly from April. Food waste will "
     "still be collected every week. The change is expected to save 1.2 million pounds a year.", 2,
     "the claim says “cost”, the source “save”", "Food waste will still be collected every week."),
    ("Flights to Porto will end.", "The airline will stop flying to Lisbon from 1 November because of low demand. "
     "Flights to Porto will continue, but will drop from daily to four times a week.", 1,
     "the claim says “end”, the source “continue”", "Porto flights will run four times a week."),
    ("Trains were cancelled.", "The storm brought winds of up to 90 mph to the coast on Thursday. Around 30,000 homes "
     "lost power. Two ferry crossings were cancelled, but trains ran normally.", 2,
     "the claim says “cancelled”, the source “ran normally”", "Two ferry crossings were cancelled."),
    ("The pool is heated.", "The park's outdoor pool is open from late May to early September. Adults pay 6 pounds. "
     "The pool is unheated, so the water is usually between 18 and 22 degrees.", 2,
     "the claim says “heated”, the source “unheated”", "Adults pay 6 pounds."),
    ("The switch may fail to turn on.", "The recall covers 20,000 electric kettles sold between March and June. The "
     "switch can fail to turn off, which may cause overheating.", 1, "the claim says “turn on”, the source “turn off”",
     "The recall covers 20,000 kettles."),
    ("Business class passengers pay for their second bag.", "Checked bags on the airline must weigh no more than 23 "
     "kg. A second bag costs 60 dollars each way. Passengers flying business class can check two bags for free.", 2,
     None, "A second bag costs 60 dollars each way."),
]


@pytest.mark.parametrize("engine", ["claims", "context", "context-fast"])
@pytest.mark.parametrize("claim, context, anchor, quoted, backed", EVERYDAY)
def test_said_the_other_way_in_everyday_answers(engine, claim, context, anchor, quoted, backed):
    from grounding import GroundingConfig, ground
    config = GroundingConfig(engine=engine)
    (v,) = ground(claim, [context], config).verdicts
    assert v.label == "Contradicted" and v.anchor == anchor, v.rule
    assert quoted is None or quoted in v.rule
    (v,) = ground(backed, [context], config).verdicts
    assert v.label == "Supported", v.rule


@pytest.mark.parametrize("engine", ["claims", "context", "context-fast"])
def test_the_same_day_against_the_next_is_contradicted(engine):
    """An everyday answer: "Express orders placed before 2pm arrive the same day" was Supported on every engine
    against "Express delivery arrives the next working day if you order before 2pm" (P(e) 0.92)."""
    from pathlib import Path

    from grounding import GroundingConfig, ground
    models = Path(__file__).resolve().parent.parent / "exported_models"
    config = GroundingConfig(engine=engine, models_dir=str(models)).validate()
    context = ["Standard delivery takes three to five working days. Express delivery arrives the next working day if "
               "you order before 2pm and costs 9.95 euros."]
    (v,) = ground("Express orders placed before 2pm arrive the same day.", context, config).verdicts
    assert v.label == "Contradicted" and v.anchor == 1, v.rule
    assert "the claim says “the same day”, the source “the next working day”" in v.rule
    (v,) = ground("Express orders placed before 2pm arrive the next working day.", context, config).verdicts
    assert v.label == "Supported", v.rule


@pytest.mark.parametrize("claim, sentence, expected", [
    ("Property tax will go up.", "Property tax stays at its current rate.", [("go up", "stays at its current rate")]),
    ("The forecast was raised.", "The company kept its full-year forecast unchanged.", [("raised", "unchanged")]),
    # how much it changed, and roughly the same ("Hybrid sales rose sharply" was Supported on two engines)
    ("Hybrid sales rose sharply.", "Hybrid sales stayed roughly the same.", [("rose", "stayed roughly the same")]),
    ("The dividend was raised.", "The board proposed a dividend of 1.20 euros per share, the same as last year.",
     [("raised", "the same as last year")]),
    # the claim says it stays; another thing; a negated claim; the sentence names a change too
    ("Property tax will stay the same.", "Property tax stays at its current rate.", []),
    ("Income tax will go up.", "Property tax stays at its current rate.", []),
    ("Property tax will not rise.", "Property tax stays at its current rate.", []),
    ("Prices rose in 2023.", "Prices rose in 2022 and remained the same in 2023.", []),
])
def test_a_change_against_none(claim, sentence, expected):
    from grounding.negate import changed_against_unchanged
    from grounding.reversal import reversals
    assert changed_against_unchanged(claim, sentence) == expected
    assert all(f"the claim says “{c}”, the source “{x}”" in reversals(claim, sentence) for c, x in expected)


@pytest.mark.parametrize("engine", ["claims", "context", "context-fast"])
def test_a_tax_said_to_rise_where_it_stays_is_contradicted(engine):
    """An everyday answer: "Property tax will go up" against "Property tax stays at its current rate" was Supported
    on context-fast and Unsupported on context."""
    from pathlib import Path

    from grounding import GroundingConfig, ground
    models = Path(__file__).resolve().parent.parent / "exported_models"
    config = GroundingConfig(engine=engine, models_dir=str(models)).validate()
    context = ["The council approved a budget of 1.2 billion euros. Property tax stays at its current rate."]
    (v,) = ground("Property tax will go up.", context, config).verdicts
    assert v.label == "Contradicted" and v.anchor == 1, v.rule
    assert ground("Property tax will stay the same.", context, config).verdicts[0].label == "Supported"


@pytest.mark.parametrize("engine", ("claims", "context", "context-fast"))
def test_sales_of_petrol_cars_rising_against_their_fall_is_contradicted(engine):
    from conftest import contradicted_and_backed
    context = (CARS_OF + " Electric cars now make up one in five new cars sold. The most popular model was the Tesla "
               "Model Y.")
    contradicted_and_backed(engine, "Sales of petrol cars rose last year. The Tesla Model Y was the most popular model.",
                            context, 0, backed_anchor=2)


@pytest.mark.parametrize("claim, sentence, expected", [
    ("The gym will also close.", "The gym and classes will stay open as normal.", [("will also close", "will stay open")]),
    ("The pool will stay open in January.", "The swimming pool will close for four weeks in January.",
     [("will stay open", "will close")]),
    ("The paper will still be printed on Fridays.", "The local newspaper will stop printing on Fridays.",
     [("still be printed", "stop printing")]),
    ("The gym will stay open.", "The gym will close at 10 pm.", []),           # a closing hour, not a closing
    ("The café will close.", "The gym will stay open.", []),                   # another place
    ("The paper will stop printing on Fridays.", "The local newspaper will stop printing on Fridays.", []),
    # the sentence says both, of two kinds of users ("… will stay open to people on foot" was Contradicted on every
    # engine)
    ("Victoria Bridge will stay open to people on foot.", "The existing Victoria Bridge will close to vehicles once the "
     "new crossing opens but will remain open to pedestrians.", []),
])
def test_shutting_against_staying_open_and_stopping_against_going_on(claim, sentence, expected):
    from grounding.opposites import shut_or_open
    assert shut_or_open(claim, sentence) == expected
    from grounding.negate import other_state
    assert all(pair in other_state(claim, sentence) for pair in expected)


@pytest.mark.parametrize("engine", ("claims", "context", "context-fast"))
def test_the_gym_closing_against_it_staying_open_is_contradicted(engine):
    from conftest import contradicted_and_backed
    context = ("The gym's swimming pool will close for four weeks in January for repairs to the roof. The gym and "
               "classes will stay open as normal. The pool reopens on 3 February.")
    contradicted_and_backed(engine, "The gym will also close. The pool reopens on 3 February.", context, 1,
                            backed_anchor=2)


def test_but_not_the_claims_thing():
    from grounding.negate import other_state
    from grounding.opposites import but_not
    meals = "They will serve breakfast and lunch, but not dinner."
    assert but_not("The café will serve dinner.", meals) == [("dinner", "but not dinner")]
    assert other_state("The café will serve dinner.", meals) == [("dinner", "but not dinner")]
    assert but_not("The café will serve lunch.", meals) == []               # one it does serve
    assert but_not("The café will not serve dinner.", meals) == []          # the claim says so too
    assert but_not("The bar will serve dinner.", "The shop sells bread, but not cakes.") == []   # other words


@pytest.mark.parametrize("engine", ("claims", "context", "context-fast"))
def test_serving_dinner_against_but_not_dinner_is_contradicted(engine):
    from conftest import contradicted_and_backed
    context = ("The café on the pier has been bought by a local couple, who plan to reopen it at Easter. They will serve "
               "breakfast and lunch, but not dinner. The café will seat 40 people inside and 20 outside.")
    contradicted_and_backed(engine, "The café will serve dinner. The café will seat 40 people inside.", context, 1,
                            backed_anchor=2)


SAUSAGE = ("The bakery's famous sausage rolls have been removed from the menu, though they will return in the winter.")


@pytest.mark.parametrize("claim, sentence, expected", [
    ("Sausage rolls have been permanently dropped from the menu.", SAUSAGE, [("permanently", "will return")]),
    ("The pool is temporarily closed.", "The pool has closed permanently.", [("temporarily", "permanently")]),
    # neither said; another thing for a while; both said in the sentence
    ("Sausage rolls have been removed from the menu.", SAUSAGE, []),
    ("The pool is permanently closed.", "The gym will reopen in May.", []),
    ("The pool is permanently closed.", "The pool is permanently closed, though the gym will reopen.", []),
])
def test_for_good_against_for_a_while(claim, sentence, expected):
    from grounding.negate import other_state
    from grounding.opposites import for_good_or_now
    assert for_good_or_now(claim, sentence) == expected
    assert all(pair in other_state(claim, sentence) for pair in expected)


@pytest.mark.parametrize("engine", ("claims", "context", "context-fast"))
def test_dropped_for_good_where_they_will_return_is_contradicted(engine):
    from grounding import GroundingConfig, ground
    context = "The bakery has a new lunch menu with four soups. " + SAUSAGE
    (v,) = ground("Sausage rolls have been permanently dropped from the menu.", [context],
                  GroundingConfig(engine=engine)).verdicts
    assert v.label == "Contradicted" and v.anchor == 1, v.rule


@pytest.mark.parametrize("engine", ("claims", "context", "context-fast"))
def test_a_bridge_that_stays_open_to_pedestrians_is_supported(engine):
    from conftest import contradicted_and_backed
    context = ("Work on the new Tolland river crossing is due to begin in March. The existing Victoria Bridge, built in "
               "1889, will close to vehicles once the new crossing opens but will remain open to pedestrians.")
    contradicted_and_backed(engine, "Victoria Bridge was built in 1899. Victoria Bridge will stay open to people on "
                            "foot after the new crossing opens.", context, 1)


@pytest.mark.parametrize("engine", ("claims", "context", "context-fast"))
def test_all_the_farms_where_half_of_them_did_it_is_contradicted(engine):
    from conftest import contradicted_and_backed
    context = ("Bumblebee numbers on farms that left wildflower strips were 60% higher, a three-year study by Ellingham "
               "University has found. " + FARMS)
    contradicted_and_backed(engine, "All 48 farms in the Ellingham study had sown wildflower strips. Bumblebee numbers "
                            "were 60% higher on farms with wildflower strips.", context, 1, 0)


HOSE = "Hosepipes are banned; water must be taken from the site troughs in cans."


@pytest.mark.parametrize("claim, expected", [
    ("Fenwick Road Allotments tenants may water their plots with a hosepipe.", [("may", "Hosepipes are banned")]),
    ("Tenants may water their plots with cans.", []),              # another thing
    ("Tenants may not use a hosepipe.", []),                       # negated
])
def test_a_permission_to_use_what_the_source_bans(claim, expected):
    from grounding.opposites import banned_use
    assert banned_use(claim, HOSE) == expected


@pytest.mark.parametrize("engine", ("claims", "context", "context-fast"))
def test_watering_with_a_banned_hosepipe_is_contradicted(engine):
    from conftest import contradicted_and_backed
    context = "Plots at Fenwick Road Allotments cost £68 a year. " + HOSE
    contradicted_and_backed(engine, "Allotment tenants may water their plots with a hosepipe. Plots at Fenwick Road "
                            "Allotments cost £68 a year.", context, 1, 0)


TRANSFERS = ("Online transfers made before 3pm on a working day arrive the same day. Transfers made after 3pm arrive by "
             "10am the next working day. The minimum opening deposit is £100.")


def test_the_same_day_against_the_next_only_of_one_case():
    """"arrive the same day, and later transfers arrive … the next working day" names both days; "before 3pm" against
    "after 3pm" is another case (Contradicted on the context engines, everyday batch 131)."""
    from grounding.negate import other_state
    assert other_state("Transfers made before 3pm arrive the same day, and later ones arrive by 10am the next working "
                       "day.", TRANSFERS.split(". ")[0] + ".") == []
    assert other_state("Transfers made before 3pm arrive the same day.", TRANSFERS.split(". ")[1] + ".") == []
    assert other_state("Online transfers made before 3pm arrive the next working day.", TRANSFERS.split(". ")[0] + ".")


@pytest.mark.parametrize("engine", ("claims", "context", "context-fast"))
def test_both_days_named_are_not_contradicted(engine):
    from grounding import GroundingConfig, ground
    wrong, *right = ground("The minimum opening deposit is £50. Transfers made before 3pm on a working day arrive the "
                           "same day, and later ones arrive by 10am the next working day.", [TRANSFERS],
                           GroundingConfig(engine=engine).validate()).verdicts
    assert wrong.label == "Contradicted" and wrong.anchor == 2, wrong.rule
    assert right and all(v.label in ("Supported", "Partially supported") for v in right), [v.rule for v in right]


def test_a_profit_against_a_loss_is_the_other_state():
    """"The airline made an operating profit of €18 million" against "… reported an operating loss of €18 million"
    had been Supported on the context engines (everyday batch 133)."""
    from grounding.negate import other_state
    assert other_state("The airline made an operating profit of €18 million.",
                       "The airline reported an operating loss of €18 million.") == [("profit", "loss")]
    assert other_state("The airline made an operating profit of €18 million.",
                       "The airline turned last year's loss into an operating profit of €18 million.") == []
    # the same figure after each word, where the sentence's other words are not the claim's (everyday batch 133)
    loss = "The company recorded a net loss of $6.1 million, narrower than the $14.8 million loss a year earlier."
    assert other_state("The company made a net profit of $6.1 million in the quarter.", loss) == [("profit", "loss")]
    assert other_state("The company made a net profit of $7.1 million in the quarter.", loss) == []



def test_a_claim_that_says_both_words_turns_neither():
    """"Surgical treatment is not superior to non-surgical" against a sentence saying only "surgical" had been
    Contradicted (a train claim of SciFact, gold Supported): the claim says the word and its "non-" form both."""
    from grounding.opposites import un_prefixed
    sentence = "Surgical treatment did not improve outcomes at two years in adults with displaced fractures."
    assert un_prefixed("Surgical treatment is not superior to non-surgical treatment in adults with displaced "
                       "fractures.", sentence) == []
    assert un_prefixed("Non-surgical treatment did not improve outcomes at two years in adults with displaced "
                       "fractures.", sentence) == [("Non-surgical", "surgical")]


def test_un_prefixed_reads_each_words_own_verb():
    """Everyday batch 232: "… can be burned, but treated timber … cannot" against "Only dry, untreated plant material
    that cannot be composted may be burned" (each text has a negation, the two words' verbs differ in it)."""
    from grounding.opposites import un_prefixed
    assert un_prefixed("Woody prunings, bramble stems and diseased potato haulms can be burned, but treated timber and "
                       "old carpet cannot.", "Only dry, untreated plant material that cannot be composted may be "
                       "burned, such as diseased potato haulms, woody prunings and bramble stems.") == []
    assert un_prefixed("The pool is heated.", "The pool is unheated, so the water is usually between 18 and 22 "
                       "degrees.") == [("heated", "unheated")]
