import pytest

from grounding.decompose import decompose, decompose_all
from grounding.segment import split_response


def claims_of(text):
    (sentence,) = split_response(text)
    claims = decompose(sentence, text)
    assert claims, "a non-empty sentence always gives at least one claim"
    for c in claims:
        assert c.sentence == 0
        if c.start is not None:
            assert text[c.start:c.end] == c.text
    return claims


def test_vp_coordination_restores_the_shared_subject():
    claims = claims_of("Drug X lowers blood pressure but raises liver enzymes.")
    assert [c.text for c in claims] == ["Drug X lowers blood pressure.", "Drug X raises liver enzymes."]
    assert all(c.origin == "decomposed" for c in claims)
    assert all(c.start is None for c in claims)      # neither claim is a literal span of the sentence


def test_a_simple_sentence_is_one_claim_with_its_offsets():
    text = "Intro. The drug lowers blood pressure in adults."
    sentence = split_response(text)[1]
    (claim,) = decompose(sentence, text)
    assert (claim.text, claim.origin, claim.sentence) == ("The drug lowers blood pressure in adults.", "sentence", 1)
    assert (claim.start, claim.end) == (sentence.start, sentence.end) == (7, len(text))


@pytest.mark.parametrize("text", [
    "Salt and pepper are spices.",
    "The difference between A and B was small.",
    "The study compared aspirin and ibuprofen.",
    "The drug lowers A or raises B.",                     # a disjunction does not assert either part
    "She neither confirmed nor denied the report.",
    "Adults pay 4 euros and children 2 euros.",          # a verb left out: "children 2 euros" is no object
    "It sells sourdough, rye and spelt loaves.",          # "spelt" read as a verb gave "It sells rye and."
    "Half received the vaccine and half a placebo.",      # a verb left out: "Half received half a placebo"
    "The blazer costs £32 and the tie £6.",               # a verb left out: "The blazer costs the tie £6" (batch 153)
    "Drivers caught speeding will not be fined.",         # "caught" read as the root gave "Drivers caught speeding."
    # one amount: "about an hour and a half" had become "… takes about an hour." and "… takes a half." (the first
    # Contradicted by "around 90 minutes"; everyday batch 126)
    "Walking the full trail takes about an hour and a half.",
    # one span: "between £1,200 and £3,500" had become "… costs somewhere between £1,200." and "… costs £3,500."
    # (everyday batch 118)
    "The construction work usually costs somewhere between £1,200 and £3,500.",
    # an elliptical clause has no claim of its own ("Neither are faults caused by equipment you own." had been read
    # alone and contradicted; everyday batch 149), nor has a fragment the parser cut off ("45W against 15W.")
    "Business customers aren't covered, and neither are faults caused by equipment you own.",
    "The battery is 4,800 mAh, and wired charging is rated at three times the power of wireless charging, 45W against "
    "15W.",
])
def test_sentences_that_stay_whole(text):
    (claim,) = claims_of(text)
    assert (claim.text, claim.origin) == (text, "sentence")


def test_clause_coordination_gives_literal_offsets_where_possible():
    text = "Patients took the drug, and the trial was stopped early."
    claims = claims_of(text)
    assert [c.text for c in claims] == ["Patients took the drug.", "The trial was stopped early."]
    assert claims[0].start is None                          # "drug," in the text, not "drug."
    assert claims[1].start is None                          # capitalised: not literal


def test_negation_and_auxiliaries_carry_over():
    claims = claims_of("The drug did not lower blood pressure or raise liver enzymes.")
    assert [c.text for c in claims] == ["The drug did not lower blood pressure.", "The drug did not raise liver enzymes."]


def test_shared_verb_with_coordinated_objects_and_openers():
    assert [c.text for c in claims_of("Drug X reduced total cholesterol and LDL but did not change HDL.")] == [
        "Drug X reduced total cholesterol.", "Drug X reduced LDL.", "Drug X did not change HDL."]
    assert [c.text for c in claims_of("In 2020, the drug was approved in Europe and marketed in Asia.")] == [
        "In 2020, the drug was approved in Europe.", "In 2020, the drug was marketed in Asia."]
    # a past form with an object is finite, not a participle of the first verb's passive
    assert [c.text for c in claims_of("The bridge was designed by Halvorsen & Pike and cost 420 million dollars.")] == [
        "The bridge was designed by Halvorsen & Pike.", "The bridge cost 420 million dollars."]


def test_subordinate_and_relative_clauses_stay_with_their_main_clause():
    assert [c.text for c in claims_of("Although the drug lowered pressure, it raised enzymes and caused nausea.")] == [
        "Although the drug lowered pressure, it raised enzymes.", "Although the drug lowered pressure, it caused nausea."]
    assert [c.text for c in claims_of("Aspirin, which is cheap and widely available, reduces fever and relieves pain!")] == [
        "Aspirin, which is cheap and widely available, reduces fever!",
        "Aspirin, which is cheap and widely available, relieves pain!"]


def test_a_trailing_citation_is_not_a_claim():
    (claim,) = claims_of("Blood pressure rose. [3]")
    assert claim.origin == "sentence"


def test_decompose_all_keeps_sentence_order_and_is_deterministic():
    text = "Drug X lowers blood pressure but raises liver enzymes. Salt and pepper are spices. A rose, and B fell."
    sentences = split_response(text)
    first = decompose_all(sentences, text)
    assert [c.sentence for c in first] == [0, 0, 1, 2, 2]
    assert first[3].text == "A rose." and first[4].text == "B fell."
    assert (first[4].start, first[4].end) == (text.index("B fell."), len(text))
    assert decompose_all(sentences, text) == first
    assert decompose_all([], text) == []


def test_a_misparsed_negation_stays_with_its_claim_on_the_claims_engine():
    """"Drivers caught speeding will not be fined" had been split into "Drivers caught speeding." (Supported) and
    "Drivers will not be fined." (Contradicted): the sentence shown as both."""
    from grounding import GroundingConfig, ground
    context = ("The council will introduce a 20 mph speed limit on all residential streets from March. Drivers caught "
               "speeding will face the usual fines.")
    res = ground("Drivers caught speeding will not be fined.", context, GroundingConfig(engine="claims"))
    assert [(res.claims[v.claim].text, v.label, v.anchor) for v in res.verdicts] == [
        ("Drivers caught speeding will not be fined.", "Contradicted", 1)]


def test_a_name_read_as_a_conjunction_keeps_the_sentence_whole():
    """Everyday batch 224: the parse read "Plus" (a level of cover) as a conjunction, and the claims engine checked
    "HomeGuard Standard goes up to £750,000" (Contradicted against the contents limit)."""
    text = "HomeGuard Standard will pay up to £500,000 to rebuild your home, while Plus goes up to £750,000."
    assert [c.text for c in decompose_all(split_response(text), text)] == [text]
    text = "The clinic opens at 9am and closes at 5pm."
    assert [c.text for c in decompose_all(split_response(text), text)] == ["The clinic opens at 9am.",
                                                                          "The clinic closes at 5pm."]
