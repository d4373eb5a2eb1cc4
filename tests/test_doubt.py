"""A claim F backs whose sentences read together lean to contradiction (verdict.doubted, the preset's joint_doubt):
Unsupported, or Contradicted where one of them alone contradicts it (overrides.alone_override, _doubted)."""
from __future__ import annotations

import dataclasses
from pathlib import Path

import pytest

from grounding import GroundingConfig, ground
from grounding.config import PRESETS
from grounding.overrides import alone_override
from grounding.stages.verdict import show_rules
from grounding.types import CONTRADICTED, PARTIAL, SUPPORTED, UNSUPPORTED, Claim, PairScore, SignedMap
from grounding.verdict import DOUBTED, decide, doubted

MODELS = Path(__file__).resolve().parent.parent / "exported_models"
COUNCIL = ("The council approved a 4.99% rise in council tax for the coming year. The increase will fund adult social "
           "care, while spending on libraries will be cut by £1.2 million. Three libraries will close in April. "
           "Parking charges will stay the same.")


def _pair(column, cosine, e, c, psi):
    return PairScore(claim=0, column=column, cosine=cosine, entail=e, neutral=round(1 - e - c, 4), contradict=c,
                     psi=psi, signed=cosine * psi, judged=True)


# the scorer's reading of "Library spending will increase" against the council tax sentences: both support
TAX, LIBRARIES = _pair(0, 0.30, 0.84, 0.03, 1), _pair(1, 0.64, 0.99, 0.00, 1)
TEXTS = ["The council approved a 4.99% rise in council tax.", "Spending on libraries will be cut by £1.2 million."]
LEAN = [0.28, 0.12, 0.60]       # read together: P(c) at least joint_doubt and above P(e), below joint_contradict


def _decided(joint, columns=(0, 1), preset=PRESETS["joint"], **alone):
    """The preset's verdict on "Library spending will increase" from the scorer's pairs, then alone_override."""
    v = decide(0, [TAX, LIBRARIES], preset, {}, None, None, 0.5, joint=joint, joint_columns=list(columns))
    claim = Claim(text="Library spending will increase.", sentence=0, joint=joint, joint_columns=list(columns), **alone)
    return alone_override(v, preset, claim, [TAX, LIBRARIES], TEXTS, {})


def test_a_doubted_claim_is_contradicted_by_the_sentence_that_alone_contradicts_it():
    v = _decided(LEAN, alone=[0.02, 0.03, 0.95], alone_column=1, alone_support=[])
    assert v.label == CONTRADICTED and v.anchor == 1 and v.conflicting is None
    assert v.rule == ("read alone, context sentence 2 contradicts the claim: P(c) = 0.95 >= 0.7, and context sentences "
                      "1, 2 read together lean to it (P(c) = 0.60, P(e) = 0.28)")
    # alone it leans to contradiction less than alone_override: Unsupported, F's reading named after the doubt
    v = _decided(LEAN, alone=[0.10, 0.25, 0.65], alone_column=1, alone_support=[])
    assert v.label == UNSUPPORTED and v.anchor == 1
    assert v.rule == f"{DOUBTED}: P(c) = 0.60 >= {PRESETS['joint'].joint_doubt} and above P(e) = 0.28; F 0.84 >= 0.72"
    # one sentence, read together = read alone: Unsupported (P(c) 0.66 is under joint_contradict)
    assert _decided([0.27, 0.07, 0.66], columns=[1]).label == UNSUPPORTED


@pytest.mark.parametrize("joint, alone", [
    (LEAN, dict(alone=[0.02, 0.86, 0.12], alone_column=1, alone_support=[])),    # each alone neutral: only together
    (LEAN, dict(alone=[0.02, 0.03, 0.95], alone_column=1, alone_support=[0])),   # one of them alone entails it
    (LEAN, dict(alone=[0.02, 0.03, 0.95], alone_column=1)),                      # not read alone (claims engine)
    ([0.30, 0.32, 0.38], dict(alone=[0.02, 0.03, 0.95], alone_column=1, alone_support=[])),   # P(c) < joint_doubt
    ([0.50, 0.00, 0.50], dict(alone=[0.02, 0.03, 0.95], alone_column=1, alone_support=[])),   # not above P(e)
])
def test_f_backs_the_claim_where_the_doubt_does_not_hold(joint, alone):
    v = _decided(joint, **alone)
    assert v.label == SUPPORTED and v.rule == "F 0.84 >= 0.72"


def test_the_rule_is_off_without_joint_doubt_and_a_decided_reading_together_stands():
    off = dataclasses.replace(PRESETS["joint"], joint_doubt=None)
    assert _decided(LEAN, preset=off, alone=[0.02, 0.03, 0.95], alone_column=1, alone_support=[]).label == SUPPORTED
    assert _decided([0.1, 0.1, 0.8]).label == CONTRADICTED      # at joint_contradict the reading together decides
    assert doubted(PRESETS["joint"], [0.2, 0.3, 0.5]) and not doubted(PRESETS["joint"], [0.5, 0.0, 0.5])
    assert not doubted(PRESETS["joint"], None) and not doubted(off, LEAN)


def test_the_green_anchor_of_a_doubted_claim_shows_as_no_evidence():
    smap = SignedMap(rows=["r1"], columns=["D1:1", "D1:2"], values=[[0.81, 0.99]], labels=[[1, 1]])
    v = _decided(LEAN, alone=[0.10, 0.25, 0.65], alone_column=1, alone_support=[])
    show_rules(smap, [v], lambda _: 0)
    assert smap.values == [[0.81, 0.0]] and smap.labels == [[1, 0]]
    assert smap.ruled_notes()[(0, 1)].startswith(f"the verdict's rule: {DOUBTED}: P(c) = 0.60")


@pytest.mark.parametrize("engine", ("claims", "context"))
def test_library_spending_said_to_rise_against_a_cut_is_contradicted(engine):
    """A user's answer: "Library spending will increase" against "The increase will fund adult social care, while
    spending on libraries will be cut by £1.2 million" was Supported on `context` (the scorer: support 0.99, F 0.84;
    the entailment model, reading it with the council tax sentence, P(c) 0.60, and alone 0.95)."""
    config = GroundingConfig(models_dir=str(MODELS), engine=engine).validate()
    res = ground("Council tax will rise by 4.99%. Library spending will increase.", [COUNCIL], config)
    assert [v.label for v in res.verdicts] == [SUPPORTED, CONTRADICTED], [v.rule for v in res.verdicts]
    v = res.verdicts[1]
    assert v.anchor == 1 and res.sentence_map.labels[1][1] == -1
    assert "contradiction 0.9" in v.explanation, v.explanation


def test_a_sentence_neutral_alone_is_not_doubted_for_what_another_adds():
    """A user's recipe: "Bake the cake for 25 minutes until golden" against "Bake for 25 minutes, until golden", read
    together with "Cream the butter and sugar until pale …", leans to contradiction (P(c) 0.50); alone it is neutral
    (0.86): backed on every engine (Partially on `claims`, whose F reads the pair alone: 0.52)."""
    recipe = ("Preheat the oven to 180 degrees. Cream the butter and sugar until pale, then beat in the eggs one at a "
              "time. Fold in the flour and pour into a lined tin. Bake for 25 minutes, until golden.")
    for engine in ("claims", "context", "context-fast"):
        config = GroundingConfig(models_dir=str(MODELS), engine=engine).validate()
        res = ground("Bake the cake for 25 minutes until golden.", [recipe], config)
        assert [v.label for v in res.verdicts] == [PARTIAL if engine == "claims" else SUPPORTED], \
            (engine, [v.rule for v in res.verdicts])


@pytest.mark.parametrize("engine", ("context", "context-fast"))
def test_a_claim_the_models_disagree_on_is_unsupported_and_says_why(engine):
    """A user's answer: "Dogs can run off the lead" against "Dogs must be kept on a lead" was Supported on the context
    engines (the scorer's support, F 0.86); the entailment model reads the pair as leaning to contradiction (0.56)."""
    trail = ("The Ridge Trail is 14 kilometres long and climbs 850 metres. It is closed from November to March because "
             "of snow. Dogs must be kept on a lead. The trail starts at the Millbrook car park, which charges £5 a day.")
    config = GroundingConfig(models_dir=str(MODELS), engine=engine).validate()
    res = ground("Dogs can run off the lead.", [trail], config)
    v = res.verdicts[0]
    assert v.label == UNSUPPORTED and v.rule.startswith(DOUBTED) and v.anchor == 2, v.rule
    assert "the two readings disagree, so the claim is not called supported" in v.explanation, v.explanation
    assert res.sentence_map.labels[0][2] == 0 and (0, 2) in res.sentence_map.ruled_notes()   # no evidence, the rule said
