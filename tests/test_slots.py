"""Another name in the claim's slot (grounding.slots): the sentence is handed to the models below τ, and the
entailment model decides."""
from __future__ import annotations

from pathlib import Path

import pytest

from grounding import GroundingConfig, ground
from grounding.explain import explain
from grounding.slots import slot_conflicts
from grounding.types import CONTRADICTED, SUPPORTED, UNSUPPORTED

MODELS = Path(__file__).resolve().parent.parent / "exported_models"
ENGINES = ("claims", "context", "context-fast")

SPONSOR = "The phase III trial of Zentrovir was sponsored by Moderna and enrolled 1,200 adults."
DOCUMENT = ("Zentrovir is an oral antiviral developed for adults with chronic hepatitis. " + SPONSOR
            + " Patients took one tablet a day for 48 weeks. The primary endpoint was viral suppression at week 48.")


@pytest.mark.parametrize("claim, sentence, expected", [
    ("The trial was sponsored by Pfizer.", SPONSOR, [("Pfizer", "Moderna", "sponsored (by whom)")]),
    # a past participle after its noun is that noun's verb
    ("The report was published by the WHO.", "The report, published by UNICEF in March, surveyed 40 countries.",
     [("WHO", "UNICEF", "published (by whom)")]),
    # the active and the passive voice are one slot
    ("Moderna sponsored the trial.", "The trial was sponsored by Pfizer.", [("Moderna", "Pfizer", "sponsored (by whom)")]),
    ("The study was conducted in Brazil.", "The study was conducted in Argentina between 2019 and 2021.",
     [("Brazil", "Argentina", "conducted in")]),
])
def test_another_name_in_the_same_slot_is_found(claim, sentence, expected):
    assert [tuple(c) for c in slot_conflicts(claim, sentence)] == expected


@pytest.mark.parametrize("claim, sentence", [
    # the claim's name is in the sentence too: two sponsors
    ("The trial was sponsored by Pfizer.", "The trial, sponsored by Moderna and Pfizer, enrolled 1,200 adults."),
    # a name that only modifies a noun: two vaccines, not two names for one
    ("The Pfizer vaccine was approved.", "The Moderna vaccine was approved in 2021."),
    # a negated verb says what did not happen
    ("The trial was sponsored by Pfizer.", "The trial was not sponsored by Moderna."),
    # another patient: another discovery
    ("Marie Curie discovered radium.", "Polonium was discovered by Marie Curie."),
    ("Marie Curie discovered radium.", "Radium was discovered in 1898 by Marie Curie and Pierre Curie."),
    # "be" says nothing of the slot; a verb without its other argument cannot be placed
    ("The CEO is John Smith.", "The CEO is Jane Doe."),
    ("The trial was sponsored by Pfizer.", "Moderna sponsored it."),
    # no name in the claim
    ("The trial enrolled adults.", SPONSOR),
])
def test_no_conflict_where_the_names_can_both_hold_or_the_slot_differs(claim, sentence):
    assert slot_conflicts(claim, sentence) == []


@pytest.mark.parametrize("engine", ENGINES)
def test_a_sentence_naming_another_sponsor_is_read_and_contradicts(engine):
    """Below τ (cosine 0.41) and read as nothing by the scorers, the sponsor sentence was never judged and the claim
    came out Unsupported; handed to the models, it contradicts the claim, on every engine."""
    config = GroundingConfig(models_dir=str(MODELS), engine=engine).validate()
    res = ground("The trial was sponsored by Pfizer.", [DOCUMENT], config)
    (v,) = res.verdicts
    assert v.label == CONTRADICTED, v.rule
    assert res.context_sentences[v.anchor].text == SPONSOR
    assert v.cosine < config.tau
    assert res.sentence_map.labels[0][v.anchor] == -1
    # the explanation quotes the entailment model's reading that decided (in the context engines the pair's own
    # numbers are the scorer's, which read the pair as nothing)
    claim = res.claims[v.claim]
    assert claim.joint[2] > 0.9
    assert explain(res, v, claim) == (f"Contradicted by “{SPONSOR}” (Document 1, sentence 2): the context says "
                                      f"Zentrovir, Moderna, 1,200; the claim says Pfizer; the entailment model gives "
                                      f"contradiction {claim.joint[2]:.2f}.")
    off = ground("The trial was sponsored by Pfizer.", [DOCUMENT], GroundingConfig(
        models_dir=str(MODELS), engine=engine, slot_floor=None, nothing_floor=None).validate())
    assert off.verdicts[0].label == UNSUPPORTED
    assert not any(p.column == v.anchor and p.judged for p in off.pairs)


@pytest.mark.parametrize("engine", ENGINES)
def test_the_claims_name_among_the_sentences_names_is_support(engine):
    config = GroundingConfig(models_dir=str(MODELS), engine=engine).validate()
    res = ground("The trial was sponsored by Pfizer.",
                 ["The phase III trial, sponsored by Moderna and Pfizer, enrolled 1,200 adults."], config)
    assert res.verdicts[0].label == SUPPORTED, res.verdicts[0].rule


ACME = ("Acme Corp was founded in 2012 by two engineers in Berlin. The company makes industrial sensors and employs "
        "about 480 people. In 2023, Acme's revenue fell by 4% to 61 million euros, mainly because orders from the car "
        "industry dropped.")


def test_another_value_of_the_figure_is_found_only_in_a_sentence_with_a_word_of_it():
    from grounding.slots import value_conflicts
    founded = "Acme Corp was founded in 2012 by two engineers in Berlin."
    assert value_conflicts("It was founded by three engineers.", founded) == [("three engineers", "two engineers")]
    # no word of the figure ("found", "engineer"): not read for it, whatever numbers it gives
    assert value_conflicts("It was founded by three engineers.", "Two engineers left in 2020.") == []
    assert value_conflicts("It was founded by two engineers.", founded) == []


@pytest.mark.parametrize("engine", ENGINES)
def test_a_claim_nothing_else_is_judged_on_is_read_against_another_value_of_its_figure(engine):
    """"It was founded by three engineers." (cosine 0.47 to the founding sentence, below τ: nothing was judged, so it
    was Unsupported) is read against the sentence giving two engineers, which contradicts it. A claim with evidence
    of its own is not read against such sentences (they would cost a parse each on every answer)."""
    config = GroundingConfig(models_dir=str(MODELS), engine=engine).validate()
    res = ground("It was founded by three engineers.", [ACME], config)
    (v,) = res.verdicts
    assert v.label == CONTRADICTED and v.anchor == 0 and v.cosine < config.tau, v.rule
    off = ground("It was founded by three engineers.", [ACME], GroundingConfig(
        models_dir=str(MODELS), engine=engine, slot_floor=None, nothing_floor=None).validate())
    # scorer_fast labels the pair itself, so there the rule has nothing to add
    assert off.verdicts[0].label == (CONTRADICTED if engine == "context-fast" else UNSUPPORTED)


@pytest.mark.parametrize("engine", ENGINES)
def test_an_amount_in_another_currency_contradicts(engine):
    """"61 million dollars" against "61 million euros": the two amounts read as equal (the same number) and
    "4% to 61 million euros" as the end of a range; neither holds, so the quantity rule contradicts the claim."""
    res = ground("Acme's revenue was 61 million dollars in 2023.", [ACME],
                 GroundingConfig(models_dir=str(MODELS), engine=engine).validate())
    (v,) = res.verdicts
    assert v.label == CONTRADICTED and v.anchor == 2
    assert v.rule.startswith("quantity override: the claim says 61 million dollars, the source 61 million euros")
