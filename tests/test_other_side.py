"""What a Contradicted verdict names besides its anchor: the sentence on the other side ("another source supports
it", `Verdict.conflicting`) and the differences it lists, when the sentences read together decided."""
from __future__ import annotations

import dataclasses
from pathlib import Path

import pytest

from grounding import GroundingConfig, ground
from grounding.config import PRESETS
from grounding.explain import explain
from grounding.overrides import alone_override, move_anchor
from grounding.stages.verdict import read_together
from grounding.types import CONTRADICTED, Claim, EntityDiff, PairScore, Verdict
from grounding.verdict import decide

MODELS = Path(__file__).resolve().parent.parent / "exported_models"

EARNINGS = ("Northfield Foods reported third-quarter revenue of 2.4 billion dollars, up 5% from a year earlier. Net "
            "income fell 12% to 180 million dollars, as higher costs for grain and packaging cut margins. The company "
            "kept its full-year revenue forecast unchanged. Chief executive Lena Park said demand for frozen meals "
            "remained strong. Shares fell 3% in early trading.")
COUNCIL = ("The Harrow City Council voted 7 to 2 on Tuesday to approve a new bike lane network. The plan adds 35 "
           "kilometres of protected lanes over four years. It will cost 18 million euros, half of it paid by a "
           "national transport grant. Councillor Maria Jensen, who opposed the plan, said it would remove too many "
           "parking spaces. Construction of the first section, along King Street, is expected to begin next spring.")


def _pair(column, cosine, e, c, psi):
    return PairScore(claim=0, column=column, cosine=cosine, entail=e, neutral=round(1 - e - c, 4), contradict=c,
                     psi=psi, signed=cosine * psi, judged=True)


# the scorer's numbers (context engines): column 0 read as support, column 1 as contradiction, column 2 as support
REVENUE, INCOME, SHARES = _pair(0, 0.62, 0.80, 0.05, 1), _pair(1, 0.70, 0.10, 0.85, -1), _pair(2, 0.55, 0.60, 0.10, 1)
TEXTS = ["Revenue rose 5%.", "Net income fell 12% to 180 million dollars.", "Net income was 180 million dollars."]


def _contradicted(alone_support, alone=(0.02, 0.03, 0.95), alone_column=1):
    claim = Claim(text="Net income rose to 180 million dollars.", sentence=0, joint=[0.03, 0.03, 0.94],
                  joint_columns=[0, 1], alone=list(alone), alone_column=alone_column, alone_support=alone_support)
    pairs = [REVENUE, INCOME, SHARES]
    v = decide(0, pairs, PRESETS["joint"], {}, None, None, 0.5, joint=claim.joint, joint_columns=claim.joint_columns)
    assert v.label == CONTRADICTED and v.rule.startswith("read together, ")
    return alone_override(v, PRESETS["joint"], claim, pairs, TEXTS, {})


def test_the_other_side_of_a_contradiction_is_a_sentence_that_alone_entails_the_claim():
    # the scorer's best support (column 0) alone does not entail the claim; column 2 does: it is named instead
    v = _contradicted(alone_support=[2])
    assert v.anchor == 1 and v.conflicting == 2
    # none entails it alone: no other side is named
    assert _contradicted(alone_support=[]).conflicting is None
    # the scorer's choice stands where the entailment model agrees with it
    assert _contradicted(alone_support=[0, 2]).conflicting == 0
    # not read alone (the claims engine, whose pairs are such readings): the pairs' choice stands
    assert _contradicted(alone_support=None).conflicting == 0


def test_a_sentence_is_never_the_other_side_of_itself():
    v = Verdict(claim=0, label=CONTRADICTED, score=0.1, anchor=1, cosine=0.7, rule="read together, …", conflicting=0)
    move_anchor(v, REVENUE, PRESETS["joint"], {})
    assert v.anchor == 0 and v.conflicting is None
    # moving elsewhere keeps it
    v = Verdict(claim=0, label=CONTRADICTED, score=0.1, anchor=1, cosine=0.7, rule="read together, …", conflicting=0)
    move_anchor(v, SHARES, PRESETS["joint"], {})
    assert v.anchor == 2 and v.conflicting == 0


def test_differences_leave_out_what_another_sentence_read_together_states():
    five = EntityDiff(shared=["35 kilometres"], claim_only=["five", "18 million euros"], context_only=["four"])
    diffs = {1: five, 2: EntityDiff(shared=["18 million euros"], claim_only=["five", "35 kilometres"])}
    v = Verdict(claim=0, label=CONTRADICTED, score=0.1, anchor=1, cosine=0.7, entities=five,
                rule="read together, context sentences 2, 3 contradict the claim: P(c) = 0.96 >= 0.7")
    e = read_together(v, [1, 2], diffs)
    assert (e.claim_only, e.context_only, e.shared) == (["five"], ["four"], ["35 kilometres"])
    assert five.claim_only == ["five", "18 million euros"]   # the pair's own differences are left as they were
    # a verdict the pairs decided, or an anchor outside the sentences read: the anchor's differences as they are
    assert read_together(Verdict(claim=0, label=CONTRADICTED, score=0.1, anchor=1, entities=five,
                                 rule="contradiction override: …"), [1, 2], diffs) is five
    assert read_together(v, [0, 2], diffs) is five


@pytest.mark.parametrize("engine", ["context", "context-fast"])
def test_a_contradicted_claim_names_no_false_support(engine):
    """The scorer read the revenue sentence as supporting "Net income rose to 180 million dollars"; the explanation
    had said "Another source supports it: “Northfield Foods reported third-quarter revenue …”"."""
    config = GroundingConfig(engine=engine, models_dir=str(MODELS)).validate()
    res = ground("Net income rose to 180 million dollars.", [EARNINGS], config)
    (v,), claim = res.verdicts, res.claims[0]
    assert v.label == CONTRADICTED and v.anchor == 1, v.rule
    assert claim.alone_support is not None and 0 not in claim.alone_support
    assert v.conflicting is None and "Another source supports it" not in explain(res, v, claim)
    # the map: a green the entailment model does not share is no evidence; the anchor is red whatever the scorer read
    assert res.sentence_map.labels[0][1] == -1
    for p in res.pairs:
        if p.column != v.anchor and p.psi == 1:
            assert p.column in claim.alone_cleared and res.sentence_map.labels[0][p.column] == 0
    if engine == "context":   # the scorer read the revenue sentence as support
        assert next(p.psi for p in res.pairs if p.column == 0) == 1 and res.sentence_map.labels[0][0] == 0


@pytest.mark.parametrize("engine", ["claims", "context", "context-fast"])
def test_a_contradicted_figure_lists_only_the_figure_in_dispute(engine):
    """"over five years at a cost of 18 million euros" against "over four years" read with "It will cost 18 million
    euros": the explanation and the card name five against four, not the cost; the anchor is never also the sentence
    said to support the claim."""
    from grounding import render
    config = GroundingConfig(engine=engine, models_dir=str(MODELS)).validate()
    res = ground("The network will add 35 kilometres of lanes over five years at a cost of 18 million euros.",
                 [COUNCIL], config)
    v = next(v for v in res.verdicts if v.label == CONTRADICTED)
    claim = res.claims[v.claim]
    assert v.anchor == 1 and v.conflicting != v.anchor, v.rule
    assert "five" in v.entities.claim_only and "18 million euros" not in v.entities.claim_only
    text = explain(res, v, claim)
    assert "the context says four; the claim says five" in text and "the claim says five, 18" not in text
    card = render.verdicts_html(res)
    assert '<mark class="diff-claim">18 million euros</mark>' not in card


TUNNEL = ("The new high-speed line between Lyon and Turin will be 270 kilometres long, including a 57.5-kilometre tunnel "
          "under the Alps. The tunnel is due to open in 2032. Once complete, the journey between the two cities will "
          "take about two hours, down from nearly four.")


def test_another_value_in_a_sentence_read_together_decides():
    """"due to open in 2030" was Supported by the tunnel's length and "due to open in 2032" read together (P(e) 0.96)."""
    from grounding.number_rules import quantity_together
    claim = Claim(text="The line will include a 57.5 km tunnel, due to open in 2030.", sentence=0,
                  joint=[0.96, 0.02, 0.02], joint_columns=[0, 1])
    texts = TUNNEL.split(". ")
    pairs = [_pair(0, 0.86, 0.9, 0.02, 1), _pair(1, 0.66, 0.5, 0.1, 1)]
    decided = lambda: decide(0, pairs, PRESETS["joint"], {}, None, None, 0.5, joint=claim.joint,
                             joint_columns=claim.joint_columns)
    v = quantity_together(decided(), PRESETS["joint"], claim, pairs, texts, {})
    assert v.label == CONTRADICTED and v.anchor == 1 and v.anchor_conflict == "the claim says 2030, the source 2032"
    assert v.rule.startswith("quantity override: the claim says 2030, the source 2032 (context sentence 2, read together")
    # a sentence read together that states the claim's value too: the sources name both, no conflict decided
    both = texts[:1] + ["The tunnel is due to open in 2032, the line in 2030."]
    assert quantity_together(decided(), PRESETS["joint"], claim, pairs, both, {}).label != CONTRADICTED
    # a far sentence (cosine under quantity_override), or the rule off: the reading together stands
    far = [pairs[0], _pair(1, 0.55, 0.5, 0.1, 1)]
    assert quantity_together(decided(), PRESETS["joint"], claim, far, texts, {}).label != CONTRADICTED
    off = dataclasses.replace(PRESETS["joint"], quantity_override=None)
    assert quantity_together(decided(), off, claim, pairs, texts, {}).label != CONTRADICTED


@pytest.mark.parametrize("engine", ["claims", "context", "context-fast"])
def test_a_year_read_together_contradicts_through_the_pipeline(engine):
    config = GroundingConfig(engine=engine, models_dir=str(MODELS)).validate()
    res = ground("The Lyon–Turin line will include a 57.5 km tunnel under the Alps, due to open in 2030.", [TUNNEL], config)
    v = next(v for v in res.verdicts if "2030" in res.claims[v.claim].text)
    assert v.label == CONTRADICTED and v.anchor == 1, v.rule
    text = explain(res, v, res.claims[v.claim])
    assert text == ("Contradicted by “The tunnel is due to open in 2032.” (Document 1, sentence 2): the claim says 2030, "
                    "the source 2032.")
    assert res.sentence_map.labels[0][1] == -1   # the map shows the cell the verdict reads as contradicting


LEAFLET = ("Take one 500 mg tablet twice a day with meals. Do not take more than 2 tablets in 24 hours. The tablets may "
           "cause nausea and diarrhoea, which usually pass after a few weeks. Do not drink alcohol while taking this "
           "medicine. Tell your doctor if you are pregnant or breastfeeding. Store below 25 degrees Celsius.")


@pytest.mark.parametrize("engine", ["context", "context-fast"])
def test_a_backed_claim_names_as_leaning_against_it_only_what_the_entailment_model_reads_so(engine):
    """The scorer reads "Do not take more than 2 tablets in 24 hours" as contradicting "Store the tablets below 25
    degrees" (P(contradict) 0.99); the entailment model, reading it alone, as neutral. The card had said it "leans
    against it"; it now says whose reading the red cell is."""
    config = GroundingConfig(engine=engine, models_dir=str(MODELS)).validate()
    res = ground("Store the tablets below 25 degrees.", [LEAFLET], config)
    (v,), claim = res.verdicts, res.claims[0]
    assert v.label == "Supported" and v.anchor == 5, v.rule
    pair = next(p for p in res.pairs if p.column == 1)
    assert pair.psi == -1 and pair.contradict > 0.9          # the scorer's reading
    assert claim.alone_cleared == [1] and v.conflicting is None
    text = explain(res, v, claim)
    assert "leans against it" not in text
    assert ("The scorer reads Document 1, sentence 2 as contradicting it (red in the map); the entailment model, "
            "reading it alone, does not.") in text
    # the map keeps the scorer's red (clearing reds cost the dev carve's Citation F1); only greens are cleared
    assert res.sentence_map.labels[0][1] == -1 and res.sentence_map.ruled == []
    # the claims engine's pairs are the entailment model's own readings: nothing is read again
    claims = ground("Store the tablets below 25 degrees.", [LEAFLET], GroundingConfig(engine="claims", models_dir=str(MODELS)))
    assert all(c.alone_cleared is None and c.alone_support is None for c in claims.claims)


def test_the_claims_value_said_of_another_subject_does_not_stop_another_value_of_its_own():
    """A user's bin-collection answer: "Recycling will be collected every three weeks" was Supported on every engine,
    read together with "general waste will be collected every three weeks instead of every two" and "Recycling will
    still be collected every two weeks" (P(e) 0.95): the claim's value was stated, but of general waste (one verb,
    two named subjects: values.another_subject), so it does not say which value is recycling's."""
    from grounding.number_rules import quantity_together
    claim = Claim(text="Recycling will be collected every three weeks.", sentence=0, joint=[0.95, 0.03, 0.02],
                  joint_columns=[0, 1])
    texts = ["From 3 June, general waste will be collected every three weeks instead of every two.",
             "Recycling will still be collected every two weeks."]
    # the general-waste sentence is the anchor: its entities match the claim's ("every three weeks")
    pairs = [dataclasses.replace(_pair(0, 0.75, 0.97, 0.01, 1), entity_overlap=1.0),
             dataclasses.replace(_pair(1, 0.88, 0.91, 0.02, 1), entity_overlap=0.0)]
    decided = lambda: decide(0, pairs, PRESETS["joint"], {}, None, None, 0.5, joint=claim.joint,
                             joint_columns=claim.joint_columns)
    assert decided().anchor == 0
    v = quantity_together(decided(), PRESETS["joint"], claim, pairs, texts, {})
    assert v.label == CONTRADICTED and v.anchor == 1, v.rule
    assert v.anchor_conflict == "the claim says every three weeks, the source every two weeks"
    # said of recycling itself in the other sentence: the sources give both, nothing decided
    same = ["Recycling will be collected every three weeks from June.", texts[1]]
    assert quantity_together(decided(), PRESETS["joint"], claim, pairs, same, {}).label != CONTRADICTED


LOAN = ("Borrow from £1,000 to £25,000 over 1 to 7 years. You must be at least 21 and a UK resident. You have 14 days "
        "after your agreement is signed to withdraw from it. You must repay the amount borrowed, plus interest for the "
        "days you had the money, within 30 days.")


@pytest.mark.parametrize("engine", ("claims", "context", "context-fast"))
def test_a_value_the_nearest_sentence_states_is_not_turned_by_one_read_together(engine):
    """"repay it over one to seven years" is the first sentence's "over 1 to 7 years": the withdrawal's "within 30 days",
    read together and less like the claim, had made it Contradicted on every engine (everyday batch 131)."""
    wrong, *right = ground("You must be at least 18 to apply. You can borrow from £1,000 to £25,000 and repay it over "
                           "one to seven years.", [LOAN], GroundingConfig(engine=engine).validate()).verdicts
    assert wrong.label == CONTRADICTED and wrong.anchor == 1, wrong.rule
    assert right and all(v.label == "Supported" and v.anchor == 0 for v in right), [v.rule for v in right]


SCHOOL = ("Children born between 1 September 2021 and 31 August 2022 are due to start Reception in September 2026. Parents "
          "of summer-born children (born between 1 April and 31 August) can ask for their child to start Reception a "
          "year later. Applications close on 15 January 2026.")


@pytest.mark.parametrize("engine", ("claims", "context", "context-fast"))
def test_a_days_date_read_together_states_its_month(engine):
    """"born between September 2021 and the end of August 2022" is the first sentence's "1 September 2021 and 31 August
    2022": the summer-born sentence's "31 August", read together, had made it Contradicted on every engine (everyday
    batch 117)."""
    wrong, right = ground("Applications close on 15 February 2026. If your daughter was born between September 2021 and "
                          "the end of August 2022, she is due to start Reception in September 2026.", [SCHOOL],
                          GroundingConfig(engine=engine).validate()).verdicts
    assert wrong.label == CONTRADICTED and wrong.anchor == 2, wrong.rule
    assert right.label == "Supported" and right.anchor == 0, right.rule
