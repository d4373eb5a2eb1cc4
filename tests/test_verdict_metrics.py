"""Verdict fusion, the override, metrics on hand-made inputs, and JSON round trips."""
import dataclasses

import pytest

from grounding import metrics
from grounding.config import PRESETS, GroundingConfig
from grounding.types import (CONTRADICTED, PARTIAL, SUPPORTED, UNSUPPORTED, EntityDiff, GroundingResult, PairScore)
from grounding.verdict import decide, fused_score

PAPER, CODE = PRESETS["paper"], PRESETS["code"]


def pair(col, cos, pe, pc, ent=None):
    psi = 1 if pe >= max(pc, 1 - pe - pc) else (-1 if pc >= 1 - pe - pc else 0)
    return PairScore(claim=0, column=col, cosine=cos, entail=pe, neutral=1 - pe - pc, contradict=pc, psi=psi,
                     signed=cos * psi, judged=True, entity_overlap=ent)


def test_paper_fusion_formula_and_entity_weight_shared_out():
    assert fused_score(PAPER, 0.8, 0.9, 0.05, 1.0) == pytest.approx(0.35 * 0.8 + 0.20 * 1.0 + 0.45 * 0.85)
    # no entities: the 0.20 goes to the other channels in proportion, so F is not capped at 0.80
    assert fused_score(PAPER, 0.8, 0.9, 0.05, None) == pytest.approx((0.35 * 0.8 + 0.45 * 0.85) / 0.8)
    assert fused_score(CODE, 0.8, 0.9, 0.05, 0.5) == pytest.approx(0.25 * 0.8 + 0.45 * 0.9 - 0.35 * 0.05 + 0.15 * 0.5)


def test_bands():
    assert decide(0, [pair(0, 0.9, 0.95, 0.02, 1.0)], PAPER, {}, 0, 0.9, 0.5).label == SUPPORTED
    assert decide(0, [pair(0, 0.7, 0.55, 0.05, 0.5)], PAPER, {}, 0, 0.7, 0.5).label == PARTIAL
    assert decide(0, [pair(0, 0.6, 0.10, 0.10, 0.0)], PAPER, {}, 0, 0.6, 0.5).label == UNSUPPORTED


def test_override_fires_on_lexically_close_contradiction():
    # cosine 0.95 and full entity overlap would make F high without the override
    close = pair(3, 0.95, 0.02, 0.97, 1.0)
    v = decide(0, [close, pair(1, 0.6, 0.3, 0.1, None)], PAPER, {3: EntityDiff(claim_only=["70%"], context_only=["30%"])},
               3, 0.95, 0.5)
    assert v.label == CONTRADICTED and v.anchor == 3 and "override" in v.rule
    assert decide(0, [pair(3, 0.95, 0.30, 0.65, 1.0)], CODE, {}, 3, 0.95, 0.5).label == CONTRADICTED


def test_contradiction_wins_but_keeps_the_supporting_source():
    v = decide(0, [pair(0, 0.9, 0.95, 0.01, 1.0), pair(5, 0.8, 0.03, 0.95, 1.0)], PAPER, {}, 0, 0.9, 0.5)
    assert v.label == CONTRADICTED and v.anchor == 5 and v.conflicting == 0


def test_override_scope_anchor_only_lets_the_most_similar_sentence_fire():
    import dataclasses
    anchored = dataclasses.replace(PAPER, override_scope="anchor")
    support, off_side = pair(0, 0.9, 0.95, 0.01, 1.0), pair(5, 0.6, 0.03, 0.95, 1.0)
    # "any": a less similar contradicting sentence still makes the claim Contradicted
    assert decide(0, [support, off_side], PAPER, {}, 0, 0.9, 0.5).label == CONTRADICTED
    # "anchor": only the claim's most similar judged sentence (the supporting one here) may fire
    v = decide(0, [support, off_side], anchored, {}, 0, 0.9, 0.5)
    assert v.label == SUPPORTED and v.anchor == 0
    # ... and when that one contradicts, the override fires as before
    close = pair(3, 0.95, 0.02, 0.97, 1.0)
    assert decide(0, [close, pair(1, 0.6, 0.9, 0.05, None)], anchored, {}, 3, 0.95, 0.5).label == CONTRADICTED
    assert GroundingConfig(overrides={"override_scope": "anchor"}).verdict_preset().override_scope == "anchor"
    with pytest.raises(ValueError, match="override_scope"):
        GroundingConfig(overrides={"override_scope": "nearby"}).validate()


def test_override_margin_lets_a_much_closer_entailing_sentence_outrank_a_contradiction():
    """long_context R1: the report's own sentence (cosine 0.98, P(e) 0.89) against a pipeline sentence about other
    numbers (cosine 0.58, P(c) 0.88). With override_margin 0.3 that one cannot fire; one within the margin still
    does; off (the paper preset's default) any judged sentence may."""
    import dataclasses
    support, loose, near = pair(0, 0.98, 0.89, 0.10), pair(7, 0.58, 0.02, 0.88), pair(4, 0.80, 0.02, 0.90)
    margin = dataclasses.replace(PAPER, override_margin=0.3)
    assert PAPER.override_margin is None
    assert decide(0, [support, loose], PAPER, {}, 0, 0.98, 0.5).label == CONTRADICTED
    v = decide(0, [support, loose], margin, {}, 0, 0.98, 0.5)
    assert v.label == SUPPORTED and v.anchor == 0
    v = decide(0, [support, loose, near], margin, {}, 0, 0.98, 0.5)
    assert v.label == CONTRADICTED and v.anchor == 4 and v.conflicting == 0
    assert decide(0, [loose], margin, {}, 7, 0.58, 0.5).label == CONTRADICTED   # nothing entails: it fires


def test_backed_claim_names_a_sentence_that_leans_against_it():
    import dataclasses
    support = pair(0, 0.95, 0.96, 0.02, 1.0)
    strong, weak = pair(4, 0.9, 0.30, 0.65, 1.0), pair(5, 0.9, 0.40, 0.55, 1.0)   # both psi -1, no override
    assert strong.psi == weak.psi == -1
    v = decide(0, [support, strong, weak], PAPER, {}, 0, 0.95, 0.5)
    assert v.label == SUPPORTED and v.anchor == 0 and v.conflicting == 4
    assert decide(0, [support, weak], PAPER, {}, 0, 0.95, 0.5).conflicting is None        # P(c) 0.55 < 0.6
    off = dataclasses.replace(PAPER, conflict_note=None)
    assert decide(0, [support, strong], off, {}, 0, 0.95, 0.5).conflicting is None
    # an Unsupported claim names nothing: there is no backing to disagree with
    assert decide(0, [pair(0, 0.6, 0.1, 0.1, 0.0), strong], PAPER, {}, 0, 0.9, 0.5).conflicting is None
    # a sentence below tau is not named, however the context engines' scorer labelled it ("Tablets should be taken
    # with food" against "The dose may be increased after four weeks": cosine 0.31, P(c) 0.67 on context-fast)
    far = pair(6, 0.31, 0.20, 0.62, 0.0)     # below the override (P(e) - P(c) = -0.42)
    assert decide(0, [support, far], PAPER, {}, 0, 0.95, 0.5).conflicting is None
    assert decide(0, [support, far], PAPER, {}, 0, 0.95, 0.3).conflicting == 6      # at tau 0.3 it is similar enough
    joint = PRESETS["joint"]    # read together: a lone contradiction is named only above tau too
    assert decide(0, [support, far], joint, {}, 0, 0.95, 0.5, joint=[0.9, 0.05, 0.05], joint_columns=[0, 6]).conflicting is None
    assert decide(0, [support, strong], joint, {}, 0, 0.95, 0.5, joint=[0.9, 0.05, 0.05],
                  joint_columns=[0, 4]).conflicting == 4


def test_no_pair_above_tau_is_unsupported_with_closest_anchor():
    v = decide(0, [], PAPER, {}, 2, 0.31, 0.5)
    assert v.label == UNSUPPORTED and v.anchor == 2 and v.score is None and "tau" in v.rule


def test_code_preset_off_topic_gate():
    v = decide(0, [pair(0, 0.10, 0.9, 0.0, 1.0)], CODE, {}, 0, 0.10, 0.0)
    assert v.label == UNSUPPORTED and "off-topic" in v.rule


def test_overrides_change_thresholds_and_reject_unknown_names():
    cfg = GroundingConfig(overrides={"supported": 0.95})
    assert cfg.verdict_preset().supported == 0.95
    with pytest.raises(ValueError, match="Unknown verdict settings"):
        GroundingConfig(overrides={"bogus": 1}).validate()
    with pytest.raises(ValueError, match="tau"):
        GroundingConfig(tau=1.5).validate()


def test_metrics_of_hand_made_maps():
    labels = [[1, 0, 0], [0, -1, 0], [1, -1, 0], [0, 0, 0]]  # faithful, contradicted, ambiguous, ungrounded
    m = metrics.compute(labels, [True] * 4, [True, True, False, True], [0.8, 0.6], (3, 4),
                        [SUPPORTED, SUPPORTED, PARTIAL, CONTRADICTED], None)
    assert m.sentence_classes == ["Faithful", "Contradicted", "Ambiguous", "Ungrounded"]
    assert (m.fcr, m.hcr, m.acr, m.ucr) == (0.25, 0.25, 0.25, 0.25)
    assert m.cer == 0.75 and m.ecss == pytest.approx(0.7) and m.pfcr == 0.75
    assert m.integrity == pytest.approx((2 + 0.5 - 1) / 4)


def test_gold_f1_by_hand():
    pred = [[1, 0, -1], [1, 1, 0]]
    gold = [[1, 0, 0], [0, 1, -1]]
    g = metrics.gold_scores(pred, gold, replicates=200)
    # support: tp 2, fp 1, fn 0 -> 0.8 ; contradict: tp 0 -> 0.0
    assert g.support_f1 == pytest.approx(0.8) and g.contradict_f1 == 0.0 and g.citation_f1 == pytest.approx(0.4)
    lo, hi = g.ci95["support_f1"]
    assert 0.0 <= lo <= 0.8 <= hi <= 1.0


def test_result_json_round_trip():
    r = GroundingResult(response="A. B.", documents=[])
    r.pairs = [PairScore(claim=0, column=1, cosine=0.7, entail=0.9, neutral=0.05, contradict=0.05, psi=1, signed=0.7,
                         judged=True, entity_overlap=None)]
    back = GroundingResult.from_json(r.to_json())
    assert back == r and isinstance(back.pairs[0], PairScore)


def test_quantity_note_names_another_value_of_the_same_figure_only():
    """A backed claim names a judged sentence (cosine >= 0.6) giving another value of its figure ("50 mg" against
    "now 25 mg"); the long-context example's "Northwind aims to reach 20 gigawatts … by 2030" is not disputed by
    "added 1.8 gigawatts … in 2023" (another figure: values.same_quantity)."""
    from grounding.types import Verdict
    from grounding.number_rules import quantity_note
    backed = Verdict(claim=0, label=SUPPORTED, score=0.8, anchor=0, cosine=0.99)
    dose = ["The recommended starting dose of Zentrovir is 50 mg once daily.",
            "The recommended starting dose of Zentrovir is now 25 mg once daily, not 50 mg."]
    v = quantity_note(dataclasses.replace(backed), PAPER, dose[0], [pair(0, 0.99, 0.9, 0.05), pair(1, 0.97, 0.3, 0.5)], dose,
                      {})
    assert v.conflicting == 1
    target = ["The company aims to reach 20 gigawatts of renewable capacity by 2030.",
              "Northwind Energy added 1.8 gigawatts of solar capacity in 2023, bringing its total installed solar "
              "capacity to 6.4 gigawatts."]
    claim = "Northwind aims to reach 20 gigawatts of renewable capacity by 2030."
    v = quantity_note(dataclasses.replace(backed), PAPER, claim, [pair(0, 0.79, 0.9, 0.05), pair(1, 0.78, 0.1, 0.38)],
                      target, {})
    assert v.conflicting is None


def test_the_other_side_of_a_contradicted_claim_giving_another_value_becomes_its_anchor():
    """A user's answer: "The school expects to reopen on Monday" was Contradicted (read together) by "… closed on
    Friday", with "We hope to reopen on Tuesday" named as backing it (P(e) 0.93): that sentence contradicts it by its
    value, and is the anchor."""
    from grounding.types import Verdict
    from grounding.number_rules import quantity_note
    texts = ["Due to a boiler failure, the school will be closed to all pupils on Friday.",
             "We hope to reopen on Tuesday once repairs are complete."]
    claim = "The school expects to reopen on Monday."
    pairs = [pair(0, 0.57, 0.02, 0.49), pair(1, 0.63, 0.93, 0.02)]
    against = Verdict(claim=0, label=CONTRADICTED, score=0.1, anchor=0, cosine=0.57, conflicting=1,
                      rule="read together, context sentences 1, 2 contradict the claim")
    v = quantity_note(dataclasses.replace(against), PRESETS["joint"], claim, pairs, texts, {})
    assert (v.label, v.anchor, v.conflicting) == (CONTRADICTED, 1, None)
    assert v.anchor_conflict == "the claim says Monday, the source Tuesday"
    assert v.rule == "quantity override: the claim says Monday, the source Tuesday (context sentence 2, cosine 0.63 >= 0.6)"
    # a backing sentence that states the claim's own value stays the other side
    texts[1] = "We hope to reopen on Monday once repairs are complete."
    v = quantity_note(dataclasses.replace(against), PRESETS["joint"], claim, pairs, texts, {})
    assert (v.anchor, v.conflicting) == (0, 1)
