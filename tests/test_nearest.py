"""The sentence read because nothing else reached the claim (Claim.nearest): too far from the claim, its reading
against it is no contradiction (stages.verdict._far_nearest)."""
from __future__ import annotations

from pathlib import Path

import pytest

from grounding import GroundingConfig, ground
from grounding.stages.verdict import FAR_NEAREST, NEAREST_NOTE
from grounding.types import CONTRADICTED, UNSUPPORTED, Verdict

MODELS = Path(__file__).resolve().parent.parent / "exported_models"
RESULTS = ("The company reported revenue of $4.2 billion for the third quarter, up 8% from a year earlier. The company "
           "kept its full-year forecast unchanged. It also announced plans to cut 1,200 jobs in Europe by the end of "
           "next year.")


@pytest.mark.parametrize("engine", ("claims", "context", "context-fast"))
def test_a_far_sentence_on_another_matter_does_not_contradict_the_claim(engine):
    """An everyday answer: "The company will open a new factory in Asia" was Contradicted on the claims engine by
    the job-cuts sentence, the only one read (cosine 0.29, P(c) 0.60, below the sure 0.7): not mentioned is not
    contradicted."""
    config = GroundingConfig(engine=engine, models_dir=str(MODELS)).validate()
    res = ground("The company will open a new factory in Asia.", [RESULTS], config)
    (v,), claim = res.verdicts, res.claims[0]
    assert v.label == UNSUPPORTED and v.anchor == claim.nearest == 2, v.rule
    assert v.cosine < config.judge_floor and NEAREST_NOTE in v.rule
    # where the model leaned against it, the rule says so and the map shows no contradiction there
    if v.contradict is not None and v.contradict > max(v.entail, 0.5):
        assert v.rule.startswith(f"{FAR_NEAREST} (cosine {v.cosine:.2f} < judge_floor 0.35): ")
        assert res.sentence_map.labels[0][2] == 0
        (cell,) = res.sentence_map.ruled
        assert cell.label == -1 and cell.note.startswith("the distance rule: too far to contradict it")
    else:
        assert engine != "claims", v.rule


def test_only_a_far_sentence_and_only_the_models_own_contradiction():
    from grounding.stages.verdict import _far_nearest
    config = GroundingConfig(models_dir=str(MODELS)).validate()
    preset = config.verdict_preset()

    def verdict(cosine, conflict=None):
        return Verdict(claim=0, label=CONTRADICTED, score=-0.2, anchor=2, cosine=cosine, entity_overlap=None,
                       entail=0.03, contradict=0.6, rule="contradiction override", anchor_conflict=conflict)
    claim, named = "The company will open a new factory in Asia.", ["The company plans to cut 1,200 jobs in Europe."]
    assert _far_nearest(verdict(0.29), config, preset, [0.03, 0.37, 0.6], claim, named).label == UNSUPPORTED
    assert _far_nearest(verdict(0.29), config, preset, None, claim, named).label == UNSUPPORTED   # the pair's own
    assert _far_nearest(verdict(0.41), config, preset, [0.03, 0.37, 0.6], claim, named).label == CONTRADICTED  # near
    assert _far_nearest(verdict(0.29, "the claim says 2021, the source 2023"), config, preset,
                        [0.03, 0.37, 0.6], claim, named).label == CONTRADICTED
    # a sure reading stands ("It opened on schedule" against "… two years later than planned": P(c) 0.92)
    assert _far_nearest(verdict(0.27), config, preset, [0.01, 0.07, 0.92], claim, named).label == CONTRADICTED
    # unless the sources never name the claim's subject, below FAR_SUBJECT ("Trains will be cancelled")
    schools = ["Schools in the area will stay open unless the council says otherwise."]
    assert _far_nearest(verdict(0.36), config, preset, [0.01, 0.10, 0.89], "Trains will be cancelled.",
                        schools).label == UNSUPPORTED
    assert _far_nearest(verdict(0.45), config, preset, [0.01, 0.10, 0.89], "Trains will be cancelled.",
                        schools).label == CONTRADICTED
    assert _far_nearest(verdict(0.36), config, preset, [0.01, 0.10, 0.89], "Schools will close.",
                        schools).label == CONTRADICTED
