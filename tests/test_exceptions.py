"""The exception a sentence makes of what it says (grounding.exceptions; exceptions.exception_override)."""
from __future__ import annotations

from pathlib import Path

import pytest
from conftest import all_supported, contradicted_and_backed

from grounding import GroundingConfig, ground
from grounding.exceptions import excepted
from grounding.explain import explain
from grounding.pipeline import rederive
from grounding.types import CONTRADICTED, SUPPORTED

MODELS = Path(__file__).resolve().parent.parent / "exported_models"
HOTEL = ("Check-in is from 3 pm and check-out is by 11 am. Breakfast is included in all rates and is served from 7 am "
         "to 10 am. The hotel has free Wi-Fi throughout, but parking costs £15 a night. Pets are not allowed, except "
         "assistance dogs.")
SHOP = ("All items can be returned within 30 days for a full refund, apart from sale items. Refunds are made to the "
        "original payment method. Delivery is free on orders over £50.")


BREAKFAST = "Breakfast is served from 7 to 10am and is included in all rates except the basic rate."
CARD = "The card can be used in all branches except those at airports and train stations."
GALLERY = "It runs from 14 June to 8 September and is open daily except Mondays."


PLAN = "From 1 June 2024, the monthly price of the Standard plan will rise from £18 to £21, excluding VAT."


@pytest.mark.parametrize("claim, sentence, expected", [
    ("Assistance dogs are welcome.", "Pets are not allowed, except assistance dogs.",
     ("assistance dogs", "except assistance dogs")),
    ("Sale items can be returned within 30 days.", "All items can be returned within 30 days, apart from sale items.",
     ("sale items", "apart from sale items")),
    ("Children under five do not pay the fee.", "Everyone must pay the fee, with the exception of children under five.",
     ("children under five", "with the exception of children under five")),
    ("Bottled water is allowed in the galleries.",
     "No food or drink may be taken into the galleries, other than bottled water.", ("bottled water", "other than bottled water")),
    ("Babies under one do not need to wear a swimming cap.",
     "All visitors must wear swimming caps, apart from babies under one year old.",
     ("babies under one year old", "apart from babies under one year old")),
    # the sentence's rule said of its exception, which is no subject
    ("Blue badge holders can park free in the multi-storey car park.",
     "Blue badge holders can park free at any time, except in the multi-storey car park.",
     ("in the multi-storey car park", "except in the multi-storey car park")),
    # the subject is more than the exception, or less, or not it: the sentence's rule is what speaks of it
    ("Children pay the fee.", "Everyone must pay the fee, with the exception of children under five.", None),
    ("Dogs are welcome.", "Pets are not allowed, except assistance dogs.", None),
    ("The museum is closed on Mondays.", "The museum is open daily except Mondays.", None),
    ("Assistance dogs are welcome.", "Pets are not allowed.", None),
    # less the exception, only the rule's words: "The museum is open on" / "The museum is open daily"
    ("The museum is open on Mondays.", "The museum is open daily except Mondays.", ("Mondays", "except Mondays")),
    ("Breakfast is included in the basic rate.", BREAKFAST, ("the basic rate", "except the basic rate")),
    ("Breakfast is not included in the basic rate.", BREAKFAST, ("the basic rate", "except the basic rate")),
    ("Breakfast is served in the basic rate.", "Breakfast is included in all rates except the basic rate.", None),
    ("Breakfast is included in all rates.", BREAKFAST, None),
    # the rule said of "it": the claim's subject is what "it" stands for
    ("The exhibition is open on Mondays.", GALLERY, ("Mondays", "except Mondays")),
    ("The exhibition is closed on Mondays.", GALLERY, None),
    # one of the things an exception lists
    ("The card can be used at airport branches.", CARD, ("those at airports", "except those at airports and train "
                                                         "stations")),
    ("The card can be used at train stations.", CARD, ("train stations", "except those at airports and train stations")),
    ("The card can be used in all branches.", CARD, None),
    # the claim leaves the exception out itself ("£21 a month before VAT" had been Contradicted on the context engine)
    ("The Standard plan goes up to £21 a month before VAT.", PLAN, None),
    ("The Standard plan costs £21 excluding VAT.", PLAN, None),
    ("The Standard plan costs £21 plus VAT.", PLAN, None),
    ("VAT is included in the Standard plan's price.", PLAN, ("VAT", "excluding VAT")),
    # the sentence says what holds in the exception itself (everyday batch 196: Contradicted on every engine)
    ("On bank holiday Mondays it opens as well, but closes an hour earlier, at 4pm.",
     "It is closed on Mondays, except bank holiday Mondays, when it opens from 10am to 4pm.", None),
])
def test_the_claims_subject_as_the_sentences_exception(claim, sentence, expected):
    found = excepted(claim, sentence)
    assert (tuple(found) if found else None) == expected


def _verdicts(response: str, context: str, engine: str):
    res = ground(response, [context], GroundingConfig(models_dir=str(MODELS), engine=engine).validate())
    by_sentence = {}
    for v in res.verdicts:
        by_sentence.setdefault(res.claims[v.claim].sentence, []).append(v)
    return res, by_sentence


@pytest.mark.parametrize("engine", ("claims", "context", "context-fast"))
def test_an_exception_is_read_the_other_way_round(engine):
    """A user's hotel answer: "Assistance dogs are welcome" was Contradicted on every engine against "Pets are not
    allowed, except assistance dogs" (P(c) 0.94-0.96: the model reads the exception as one of the pets). It is
    Supported, anchored on that sentence, whose cell the map shows green; "Dogs are welcome", which the sentence does
    not except, stays Contradicted. Preset paper (no rule after the fusion) keeps the model's reading."""
    res, by = _verdicts("Dogs are welcome. Assistance dogs are welcome. Check-out is by 11 am.", HOTEL, engine)
    (dogs,), (assistance,), (checkout,) = by[0], by[1], by[2]
    assert dogs.label == CONTRADICTED and not dogs.rule.startswith("the exception"), dogs.rule
    assert assistance.label == SUPPORTED and assistance.anchor == 3, assistance.rule
    assert assistance.rule.startswith("the exception: context sentence 4 names “assistance dogs” as the exception "
                                      "(“except assistance dogs”), which the model reads as included: Contradicted "
                                      "taken the other way round"), assistance.rule
    assert checkout.label == SUPPORTED
    assert res.sentence_map.labels[1][3] == 1 and res.sentence_map.values[1][3] > 0.5
    ruled = [c for c in res.sentence_map.ruled if (c.row, c.column) == (1, 3)]
    assert len(ruled) == 1 and ruled[0].label == -1 and ruled[0].note.startswith("the exception rule: it names")
    assert explain(res, assistance, res.claims[assistance.claim]).startswith(
        "Supported by “Pets are not allowed, except assistance dogs.” (Document 1, sentence 4): it names “assistance "
        "dogs” as the exception (“except assistance dogs”) to what it says of the rest, and the claim says of them "
        "the opposite")
    paper = rederive(res, GroundingConfig(models_dir=str(MODELS), engine=engine, preset="paper").validate())
    assert not any(v.rule.startswith("the exception") for v in paper.verdicts)
    assert paper.sentence_map.labels[1][3] == -1       # the model's own reading is back in the map


@pytest.mark.parametrize("engine", ("claims", "context", "context-fast"))
def test_a_backed_exception_is_contradicted(engine):
    """"Sale items can be returned within 30 days" against "All items can be returned within 30 days for a full
    refund, apart from sale items" was Supported on every engine (P(e) 0.96): the source says the opposite of them."""
    res, by = _verdicts("Sale items can be returned within 30 days. Delivery is free on orders over £50.", SHOP, engine)
    (sale,), (delivery,) = by[0], by[1]
    assert sale.label == CONTRADICTED and sale.anchor == 0, sale.rule
    assert sale.rule.startswith("the exception: context sentence 1 names “sale items” as the exception (“apart from "
                                "sale items”), which the model reads as included: Supported taken the other way round")
    assert res.sentence_map.labels[0][0] == -1
    assert "so what it says of the rest does not hold for them" in explain(res, sale, res.claims[sale.claim])
    assert delivery.label == SUPPORTED


def test_the_map_outlines_the_cell_the_exception_turned_green():
    """The heatmap draws a cell a rule turned green with its own outline and legend line (it had the dashed outline
    of "no evidence by the verdict's rule")."""
    from grounding.heatmap import heatmap_html
    res, by = _verdicts("Assistance dogs are welcome.", HOTEL, "context")
    html = heatmap_html(res)
    assert html.count('ruled ruled-green"') == 1 and 'class="cell ruled ruled-green" data-col="3"' in html
    assert "dark-green outline = green by the verdict's rule" in html
    assert "the exception rule: it names “assistance dogs” as the exception" in html


def test_but_not_is_a_negation_the_model_reads_not_an_exception():
    """"Electricity is included in the rent" against "The rent includes water and heating but not electricity" is
    read right by the model (contradiction 0.76); the rule had turned it Supported."""
    assert excepted("Electricity is included in the rent.", "The rent includes water and heating but not electricity.") is None
    res, by = _verdicts("Electricity is included in the rent.", "The rent includes water and heating but not electricity.",
                        "context")
    assert [v.label for v in by[0]] == [CONTRADICTED]


@pytest.mark.parametrize("engine", ("claims", "context", "context-fast"))
def test_the_rule_said_of_its_exception_is_contradicted(engine):
    """"Blue badge holders can park free in the multi-storey car park" was Supported on every engine (read together,
    P(e) 0.81-0.94) against "… can park free at any time, except in the multi-storey car park"."""
    context = ("Residents can park in the town centre car parks free of charge after 6 pm. During the day, parking costs "
               "£1.20 an hour, up to a maximum of four hours. Blue badge holders can park free at any time, except in "
               "the multi-storey car park. Season tickets cost £450 a year.")
    res, by = _verdicts("Parking is free after 6 pm. Blue badge holders can park free in the multi-storey car park.",
                        context, engine)
    (evening,), (badge,) = by[0], by[1]
    assert evening.label == SUPPORTED, evening.rule     # the daytime price is for another time: no conflict
    assert badge.label == CONTRADICTED and badge.anchor == 2, badge.rule
    assert badge.rule.startswith("the exception: context sentence 3 names “in the multi-storey car park” as the "
                                 "exception"), badge.rule


RETURNS = ("Express delivery costs 9.95 euros. Items can be returned within 30 days, but underwear and earrings cannot "
           "be returned for hygiene reasons.")


@pytest.mark.parametrize("claim, expected", [
    ("Earrings can be returned within 30 days.", ("earrings", False)),
    ("Underwear cannot be returned.", ("underwear", True)),
    # not one of the named things; not what is denied of them; no subject named
    ("Shoes can be returned within 30 days.", None),
    ("Earrings can be exchanged within 30 days.", None),
    ("They can be returned within 30 days.", None),
])
def test_the_exception_the_sentence_denies_by_name(claim, expected):
    from grounding.exceptions import denied_exception
    found = denied_exception(claim, RETURNS.split(". ", 1)[1])
    assert (found and (found[0].what, found[1])) == expected
    assert found is None or found[0].cue == "but underwear and earrings cannot be returned for hygiene reasons"


@pytest.mark.parametrize("engine", ("claims", "context", "context-fast"))
def test_an_exception_denied_by_name_decides_by_what_the_claim_says_of_it(engine):
    """An everyday answer: "Earrings can be returned within 30 days" was Supported on every engine (the model read
    it, and "Earrings cannot be returned", as entailed: P(e) 0.93 both)."""
    config = GroundingConfig(engine=engine, models_dir=str(MODELS)).validate()
    (v,) = ground("Earrings can be returned within 30 days.", [RETURNS], config).verdicts
    assert v.label == CONTRADICTED and v.anchor == 1, v.rule
    assert v.rule.startswith("the exception: context sentence 2 names “earrings” as the exception (“but underwear and "
                             "earrings cannot be returned for hygiene reasons”), and the claim says the rest of it")
    (v,) = ground("Earrings cannot be returned.", [RETURNS], config).verdicts
    assert v.label == SUPPORTED and v.anchor == 1, v.rule


@pytest.mark.parametrize("engine", ("claims", "context", "context-fast"))
def test_the_rest_said_of_the_exception_stays_contradicted(engine):
    """An everyday answer: "The zoo is open on Christmas Day" against "The zoo is open every day except Christmas Day"
    was Supported on every engine: the model's contradiction (right) was taken the other way round. The claim says
    of the exception, in the sentence's words and negated alike, what the sentence says of the rest: it stands."""
    from grounding import GroundingConfig, ground
    zoo = "The zoo is open every day except Christmas Day. Adult tickets cost 24 pounds."
    (v,) = ground("The zoo is open on Christmas Day.", zoo, GroundingConfig(engine=engine)).verdicts
    assert v.label == CONTRADICTED and v.anchor == 0, v.rule
    assert not v.rule.startswith("the exception"), v.rule


@pytest.mark.parametrize("engine", ("claims", "context", "context-fast"))
def test_breakfast_in_the_rate_the_source_excepts(engine):
    """A user's hotel answer: "Breakfast is included in the basic rate" was Supported on every engine against
    "… is included in all rates except the basic rate" (P(e) 0.91; its negation got 0.92). The words decide both."""
    context = ("The hotel has 120 rooms and a rooftop pool that is open from May to September. " + BREAKFAST +
               " Check-in is from 3pm and check-out by 11am.")
    config = GroundingConfig(models_dir=str(MODELS), engine=engine).validate()
    included, excluded = ground("Breakfast is included in the basic rate. Breakfast is not included in the basic rate.",
                                [context], config).verdicts
    assert included.label == CONTRADICTED and included.anchor == 1, included.rule
    assert included.anchor_conflict == ("it names “the basic rate” as the exception (“except the basic rate”) to what "
                                        "it says of the rest")
    assert excluded.label == SUPPORTED and excluded.anchor == 1, excluded.rule


@pytest.mark.parametrize("engine", ("claims", "context", "context-fast"))
def test_open_on_the_day_an_exhibition_excepts_is_contradicted(engine):
    """A user's gallery answer: "The exhibition is open on Mondays" was Supported on every engine against "It runs …
    and is open daily except Mondays" (the rule's subject a pronoun); its negation stays Supported."""
    context = ("The gallery's summer exhibition features 120 works by 45 artists. " + GALLERY + " Entry is 9 pounds.")
    open_, shut = ground("The exhibition is open on Mondays. The exhibition is not open on Mondays.", [context],
                         GroundingConfig(models_dir=str(MODELS), engine=engine).validate()).verdicts
    assert open_.label == CONTRADICTED and open_.anchor == 1, open_.rule
    assert shut.label == SUPPORTED and shut.anchor == 1, shut.rule


@pytest.mark.parametrize("engine", ("claims", "context", "context-fast"))
def test_one_of_the_listed_exceptions_is_contradicted(engine):
    """A user's loyalty-card answer: "The card can be used at airport branches" was Supported on every engine (the
    model's entailment 0.93) against "… in all branches except those at airports and train stations": the exception
    lists two things and the claim speaks of one."""
    from tests.conftest import contradicted_and_backed
    context = "The loyalty card gives one free coffee for every nine bought. Points expire after 12 months. " + CARD
    wrong, _ = contradicted_and_backed(engine, "The card can be used at airport branches. Points expire after a year.",
                                       context, 2, 1)
    assert "those at airports" in wrong.anchor_conflict


@pytest.mark.parametrize("engine", ("claims", "context", "context-fast"))
def test_a_price_before_vat_against_the_price_excluding_vat_is_supported(engine):
    context = PLAN + " The Premium plan stays at £36 a month. Annual billing saves two months."
    res, by_sentence = _verdicts("From 1 June 2024, the Standard plan goes up to £21 a month before VAT.", context,
                                 engine)
    (v,) = by_sentence[0]
    assert v.label == SUPPORTED and v.anchor == 0 and "exception" not in v.rule, v.rule


MUSEUM = ("The Whitlock is open Tuesday to Sunday, 10am to 5pm. We are closed on Mondays, except bank holiday Mondays, "
          "and on 24, 25 and 26 December.")


@pytest.mark.parametrize("engine", ("claims", "context", "context-fast"))
def test_an_exception_the_claim_makes_in_its_own_words_is_kept(engine):
    """"Apart from bank holidays, it's closed on Mondays" makes the source's exception itself (it had been
    Contradicted on every engine as about "bank holiday Mondays", everyday batch 139)."""
    contradicted_and_backed(engine, "The Whitlock opens at 9am. Apart from bank holidays, it is closed on Mondays.",
                            MUSEUM, 0, 1)
    assert excepted("Apart from bank holidays, it is closed on Mondays.", MUSEUM.split(". ")[1]) is None


@pytest.mark.parametrize("engine", ("claims", "context", "context-fast"))
def test_what_the_sentence_says_of_its_exception_is_not_turned(engine):
    """Everyday batch 196: "On bank holiday Mondays it opens as well … at 4pm" had been Contradicted on every
    engine: the exception rule took the model's support the other way round, though the sentence says it opens then."""
    all_supported(
        engine, "On bank holiday Mondays it opens as well, but closes an hour earlier, at 4pm. On other days it is open "
        "from 10am to 5pm.",
        "The museum is open Tuesday to Sunday, 10am to 5pm, with a late opening until 8:30pm on the first "
        "Thursday of each month. It is closed on Mondays, except bank holiday Mondays, when it opens from 10am "
        "to 4pm. Last entry to the exhibition is 45 minutes before closing.")

