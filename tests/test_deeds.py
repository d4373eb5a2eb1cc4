"""One deed told of another doer or another place (grounding.deeds, overrides.deed_override)."""
from __future__ import annotations

import dataclasses
from pathlib import Path

import pytest

from conftest import contradicted_and_backed
from grounding import GroundingConfig, ground, rederive
from grounding.deeds import another_doer, another_object, another_owner, another_place, deeds, does_it
from grounding.explain import explain
from grounding.types import CONTRADICTED, SUPPORTED

MODELS = Path(__file__).resolve().parent.parent / "exported_models"


@pytest.mark.parametrize("claim, sentence, expected", [
    ("Ana Lopes called the budget a missed opportunity.",
     "The opposition leader, Rui Costa, called the budget \"a missed opportunity\".", ("Ana Lopes", "Rui Costa")),
    ("Sam Reyes will step down at the end of June.",                  # the doer beside its subject ("its chief …")
     "Northwind Bank announced that its chief executive, Dana Ortiz, will step down at the end of June.",
     ("Sam Reyes", "Dana Ortiz")),
    ("Dr Smith led the study at Leeds.", "The study at Leeds was led by Dr Jones.", ("Dr Smith", "Dr Jones")),  # passive
    ("Dr Smith led the study at Leeds.", "Dr Jones led the study at Leeds.", ("Dr Smith", "Dr Jones")),   # titles aside
    ("Sam Reyes will step down as chief executive in June.",        # the claim's doer named in another deed
     "Its chief executive, Dana Ortiz, will step down in June and be replaced by the chief financial officer, Sam Reyes.",
     ("Sam Reyes", "Dana Ortiz")),
])
def test_a_deed_given_to_another_named_doer_is_found(claim, sentence, expected):
    """The context names the claim's doer elsewhere (one of its people, given another's deed)."""
    source = f"{sentence} {expected[0]} was also there."
    assert another_doer(claim, sentence, source)[:2] == expected


@pytest.mark.parametrize("claim, sentence", [
    ("Pfizer developed the vaccine with BioNTech.", "BioNTech developed the vaccine with Pfizer."),  # both named in both
    ("She will remain an adviser to the board.", "Ortiz will remain an adviser to the board until December."),  # pronoun
    ("Ortiz will remain an adviser to the board.", "Dana Ortiz will remain an adviser to the board until December."),
    ("Ana Lopes praised the budget.", "Rui Costa called the budget a missed opportunity."),    # another deed
    ("Ana Lopes called the budget a missed opportunity.", "Rui Costa did not call the budget a missed opportunity."),
    ("Patients should restart it after surgery.", "Doctors restart it after surgery."),       # common nouns
    ("Ana Lopes spoke first.", "Rui Costa spoke first."),                  # a deed of too few words to tell
    ("Rui Costa called the budget a missed opportunity.",                  # both did it
     "Ana Lopes and Rui Costa called the budget a missed opportunity."),
    ("Pfizer developed the vaccine.", "BioNTech developed the vaccine with Pfizer."),    # a party of the deed
    ("Apollo 11 landed on the Moon on 20 July 1969.",                      # a numbered name: a mission, whose
     "The lunar module Eagle landed on 20 July, and Neil Armstrong stepped onto the surface."),   # part landed
    ("The Greens won 12 seats, their best ever result.",                   # one party, two spellings
     "The Green Party won 12 seats, its best result ever, while the Liberals lost 9 of their 20 seats."),
    # a name compounding a common noun is no doer ("Hive Works" against a misparsed "Wi-Fi … costs": Contradicted on
    # every engine)
    ("Both Hive Works plans come with two hours of meeting room time a month.",
     "Both plans include Wi-Fi, tea and coffee, and 2 hours of meeting room time a month; extra meeting room time "
     "costs £15 an hour."),
])
def test_no_other_doer_where_it_is_the_same_doer_or_not_one_deed(claim, sentence):
    assert another_doer(claim, sentence, f"{sentence} {claim}") is None


def test_a_doer_the_context_never_names_is_left_to_the_model():
    """"John attended the meeting" against "Maria attended the meeting": John may have attended too."""
    claim, sentence = "John Smith attended the board meeting.", "Maria Lopez attended the board meeting."
    assert another_doer(claim, sentence) is None
    assert another_doer(claim, sentence, f"{sentence} John Smith chaired the finance committee.")[:2] == \
        ("John Smith", "Maria Lopez")


def test_a_doer_is_known_to_the_source_by_every_name_the_claim_gives():
    """"Marie Curie was born in Warsaw" was Contradicted on every engine by "Maria Sklodowska was born in Warsaw":
    the source named "Pierre Curie", not her."""
    claim, sentence = "Marie Curie was born in Warsaw in 1867.", "Maria Sklodowska was born in Warsaw on 7 November 1867."
    assert another_doer(claim, sentence, f"{sentence} Pierre Curie was killed in a street accident in 1906.") is None
    assert another_doer(claim, sentence, f"{sentence} Marie Curie was her married name.")[:2] == \
        ("Marie Curie", "Maria Sklodowska")


def test_a_capitalised_first_word_is_a_name_where_the_source_writes_it_as_one():
    """The tagger reads "Reyes" opening the claim as a noun; the source writes "Sam Reyes" mid-sentence."""
    claim = "Reyes will stay on as an adviser to the board until December."
    sentence = "Ortiz will remain an adviser to the board until December."
    assert another_doer(claim, sentence) is None          # the sentence alone does not make "Reyes" a name
    assert another_doer(claim, sentence, "The board appointed Sam Reyes. " + sentence) == ("Reyes", "Ortiz", "remain")
    (deed,) = deeds(claim, "The board appointed Sam Reyes.")
    assert deed.names == {"Reyes"} and deed.words == {"stay", "advis", "board", "decem"}


def test_the_claims_own_doer_doing_it_is_found():
    claim = "Reyes will remain an adviser to the board."
    assert does_it(claim, "Sam Reyes will also remain an adviser to the board until 2027.")
    assert not does_it(claim, "Ortiz will remain an adviser to the board until December.")


QUOTE = ("\"We will not raise taxes this year,\" said the finance minister, Ana Lopes. The opposition leader, "
         "Rui Costa, called the budget \"a missed opportunity\".")


@pytest.mark.parametrize("engine", ("claims", "context", "context-fast"))
def test_a_claim_giving_the_deed_to_another_doer_is_contradicted(engine):
    """A user's answer: "Ana Lopes called the budget a missed opportunity" was Supported on the context engines
    (P(e) 0.95 read with the minister's sentence)."""
    config = GroundingConfig(models_dir=str(MODELS), engine=engine).validate()
    res = ground("Rui Costa described the budget as a missed opportunity. Ana Lopes called the budget a missed "
                 "opportunity.", [QUOTE], config)
    right, wrong = res.verdicts
    assert right.label == SUPPORTED, right.rule
    assert wrong.label == CONTRADICTED and wrong.anchor == 1, wrong.rule
    if engine != "claims":      # the claims engine's model contradicts it by itself (P(c) 0.73)
        assert wrong.rule == "another doer: the claim says “Ana Lopes”, the source “Rui Costa” (context sentence 2)"
        assert "it gives the deed to someone else: the claim says “Ana Lopes”, the source “Rui Costa”" in \
            explain(res, wrong, res.claims[1])
        assert res.sentence_map.ruled_notes()[(1, 1)] == \
            "the doer rule: the claim says “Ana Lopes”, the source “Rui Costa”"
        off = rederive(res, dataclasses.replace(config, overrides={**config.overrides, "deed_override": None}))
        assert off.verdicts[1].label == SUPPORTED


def test_a_deed_the_context_also_gives_to_the_claims_doer_stays_supported():
    config = GroundingConfig(models_dir=str(MODELS), engine="context").validate()
    res = ground("Reyes will remain an adviser to the board until December.",
                 ["The board appointed Sam Reyes as her successor. Ortiz will remain an adviser to the board until "
                  "December. Sam Reyes will also remain an adviser to the board until December."], config)
    (v,) = res.verdicts
    assert v.label == SUPPORTED, v.rule


FESTIVAL = ("The festival takes place in Edinburgh every August. Most performances are held in the Old Town, and the "
            "closing concert is held in Princes Street Gardens.")


@pytest.mark.parametrize("claim, sentence, expected", [
    ("The closing concert takes place in the Old Town.", FESTIVAL.split(". ")[1], ("the Old Town", "Princes Street Gardens")),
    ("The summit will be held in Geneva.", "The summit will be held in Vienna, and the next one is in Geneva.",
     ("Geneva", "Vienna")),
    ("The company is based in London.", "The company is based in Paris, while its largest factory is located in London.",
     ("London", "Paris")),
])
def test_a_thing_placed_elsewhere_and_its_place_taken_is_found(claim, sentence, expected):
    assert another_place(claim, sentence) == expected


@pytest.mark.parametrize("claim, sentence", [
    ("Most shows are in the Old Town.", FESTIVAL.split(". ")[1]),                     # another word for the thing
    ("Most performances are held in the Old Town.", FESTIVAL.split(". ")[1]),         # where the source puts them
    ("The summit will be held in Geneva.",                                           # a place inside the other
     "The summit will be held in Switzerland; the delegates will be housed in Geneva."),
    ("The summit will be held in Geneva.", "The summit will not be held in Geneva but in Vienna."),   # negated
])
def test_no_other_place_where_the_claims_place_is_not_taken(claim, sentence):
    assert another_place(claim, sentence) is None


@pytest.mark.parametrize("engine", ("claims", "context", "context-fast"))
def test_a_claim_placing_its_thing_elsewhere_is_contradicted(engine):
    """A user's answer: "The closing concert takes place in the Old Town" was Supported on every engine (P(e) 0.96)."""
    config = GroundingConfig(models_dir=str(MODELS), engine=engine).validate()
    res = ground("The festival is held each August in Edinburgh. The closing concert takes place in the Old Town. Most "
                 "shows are in the Old Town.", [FESTIVAL], config)
    labels = [v.label for v in res.verdicts]
    assert labels == [SUPPORTED, CONTRADICTED, SUPPORTED], [v.rule for v in res.verdicts]
    wrong = res.verdicts[1]
    assert wrong.anchor == 1 and wrong.rule == \
        "another place: the claim says “the Old Town”, the source “Princes Street Gardens” (context sentence 2)"
    assert "it puts it somewhere else: the claim says “the Old Town”, the source “Princes Street Gardens”" in \
        explain(res, wrong, res.claims[1])
    assert res.sentence_map.ruled_notes()[(1, 1)].startswith("the place rule: ")


@pytest.mark.parametrize("engine", ("claims", "context", "context-fast"))
def test_a_date_of_one_event_is_not_read_against_another_events(engine):
    """A user's answer: "Apollo 11 landed on the Moon on 20 July 1969" was Contradicted on every engine by "Apollo 11
    launched on 16 July 1969" (the quantity rule: one subject, so one figure), and then by the doer rule ("The
    lunar module Eagle landed on 20 July": a mission's part, not another doer). Launch and landing are two events,
    and a numbered name is no doer."""
    config = GroundingConfig(models_dir=str(MODELS), engine=engine).validate()
    source = ("Apollo 11 launched on 16 July 1969. The lunar module Eagle landed on 20 July, and Neil Armstrong "
              "stepped onto the surface about six hours later. Michael Collins remained in lunar orbit.")
    res = ground("Apollo 11 landed on the Moon on 20 July 1969. Michael Collins stayed in orbit.", [source], config)
    assert [v.label for v in res.verdicts] == [SUPPORTED, SUPPORTED], [v.rule for v in res.verdicts]


WEBB = ("The James Webb Space Telescope was launched on 25 December 2021 from French Guiana. Its primary mirror is 6.5 "
        "metres across. The telescope orbits the Sun near the second Lagrange point, about 1.5 million kilometres from "
        "Earth.")


@pytest.mark.parametrize("claim, sentence, expected", [
    ("It orbits the Earth at a distance of about 1.5 million kilometres.", WEBB.split(". ")[2],
     ("the Earth", "the Sun")),
    ("The company moved its headquarters to Berlin.",
     "The company moved its headquarters to Munich in 2019, after ten years in Berlin.", ("Berlin", "Munich")),
    # another subject's deed; the claim's thing a verb's object there too; a verb with no subject of its own
    ("The Moon orbits the Earth.", "The telescope orbits the Sun, about 1.5 million kilometres from Earth.", None),
    ("Apple acquired Beats in 2014.", "Apple acquired Shazam in 2018, four years after it bought Beats.", None),
    ("The river flows into the Black Sea.", "The river rises in the Black Forest and flows into the North Sea.", None),
    ("This activates PINK1's kinase activity.", "A model of PINK1 phosphorylation of ubiquitin to activate Parkin.", None),
    ("It orbits the Sun.", WEBB.split(". ")[2], None),
    # a strain's or a gene's code is no name here: science names things by each other's codes (a report claim, gold
    # Supported, had turned Contradicted)
    ("In most models, ferrets are infected with SARS-CoV-2 via the intranasal route.",
     "To assess the replication of SARS-CoV-2 in ferret organs, 12 ferrets were infected with NMC-nCoV02 or PBS.", None),
])
def test_a_deed_done_to_another_named_thing(claim, sentence, expected):
    assert another_object(claim, sentence) == expected


@pytest.mark.parametrize("engine", ("claims", "context", "context-fast"))
def test_a_deed_done_to_another_named_thing_is_contradicted(engine):
    """A user's telescope answer: "It orbits the Earth at a distance of about 1.5 million kilometres" was Supported on
    every engine (P(e) 0.95) against "The telescope orbits the Sun …, about 1.5 million kilometres from Earth"."""
    res = ground("It orbits the Earth at a distance of about 1.5 million kilometres. Its mirror is 6.5 metres across.",
                 [WEBB], GroundingConfig(models_dir=str(MODELS), engine=engine).validate())
    orbit, mirror = res.verdicts
    assert orbit.label == CONTRADICTED and orbit.anchor == 2, orbit.rule
    assert orbit.rule.startswith("another object: the claim says “the Earth”, the source “the Sun”"), orbit.rule
    assert "it says the deed was done to something else: the claim says “the Earth”, the source “the Sun”" in \
        explain(res, orbit, res.claims[orbit.claim])
    assert mirror.label == SUPPORTED and mirror.anchor == 1, mirror.rule


MATCH = ("Rovers beat City 3-1 on Saturday to move top of the league. Two goals from Okafor after the break sealed the "
         "win. City's goalkeeper was sent off in the 80th minute.")


@pytest.mark.parametrize("claim, sentence, expected", [
    ("Rovers' goalkeeper was sent off late in the game.", MATCH.split(". ")[2], ("Rovers' goalkeeper", "City's goalkeeper")),
    # the claim's own owner; an owner the source never names; another deed of the thing
    ("City's goalkeeper was sent off.", MATCH.split(". ")[2], None),
    ("United's goalkeeper was sent off.", MATCH.split(". ")[2], None),
    ("Rovers' goalkeeper saved a penalty.", MATCH.split(". ")[2], None),
])
def test_a_deed_of_another_owners_thing(claim, sentence, expected):
    assert another_owner(claim, sentence, MATCH) == expected


@pytest.mark.parametrize("engine", ("claims", "context", "context-fast"))
def test_a_deed_of_another_owners_thing_is_contradicted(engine):
    """A user's match report: "Rovers' goalkeeper was sent off late in the game" was Supported on every engine (read
    together with the match's other sentences, P(e) 0.75) against "City's goalkeeper was sent off in the 80th minute"."""
    res = ground("Rovers' goalkeeper was sent off late in the game. Rovers beat City 3-1.", [MATCH],
                 GroundingConfig(models_dir=str(MODELS), engine=engine).validate())
    sent_off, won = res.verdicts
    assert sent_off.label == CONTRADICTED and sent_off.anchor == 2, sent_off.rule
    assert sent_off.rule.startswith("another owner: the claim says “Rovers' goalkeeper”, the source “City's goalkeeper”")
    assert "it gives the deed to another's: the claim says “Rovers' goalkeeper”" in \
        explain(res, sent_off, res.claims[sent_off.claim])
    assert won.label == SUPPORTED and won.anchor == 0, won.rule


MARATHON = "The marathon starts at 9 am in the city park and finishes at the cathedral."


@pytest.mark.parametrize("claim, sentence, expected", [
    ("The marathon finishes in the city park.", MARATHON, ("finishes in the city park", "finishes at the cathedral")),
    ("The marathon starts in the city park.", MARATHON, None),
    ("The marathon finishes at the cathedral.", MARATHON, None),
    # the claim's place given to no other verb there: the verb may happen in both
    ("The concert starts in the park.", "The concert starts in the park and ends in the square.", None),
    ("The concert ends in the park.", "The concert ends in the square.", None),
])
def test_the_claims_verb_given_another_place_and_its_place_another_verb(claim, sentence, expected):
    from grounding.deeds import other_verbs_place
    assert other_verbs_place(claim, sentence) == expected


@pytest.mark.parametrize("engine", ("claims", "context", "context-fast"))
def test_a_marathon_that_starts_in_the_park_does_not_finish_there(engine):
    """An everyday batch: "The marathon finishes in the city park" was Supported on every engine (P(e) 0.96)."""
    context = MARATHON + " Runners must be 18 or older. The course closes after seven hours."
    finish, _ = contradicted_and_backed(engine, "The marathon finishes in the city park. The marathon starts in the "
                                        "city park.", context, 0)
    assert finish.anchor_conflict == "the claim says “finishes in the city park”, the source “finishes at the cathedral”"
