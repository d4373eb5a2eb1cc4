"""A word the entailment model misreads, glossed where the models read the context (grounding.glosses), and a
sentence read with others that narrows nothing the claim's own sentence says (overrides.overclaim_partial)."""
from __future__ import annotations

from pathlib import Path

import pytest

from grounding import GroundingConfig, ground
from grounding.glosses import glossed
from grounding.types import CONTRADICTED, SUPPORTED

MODELS = Path(__file__).resolve().parent.parent / "exported_models"
SCAN = ("Patients should fast for eight hours before the scan, but may drink water up to two hours beforehand. The "
        "scan itself takes about 40 minutes. Patients with a pacemaker must tell the clinic before booking, as the "
        "scan may not be safe for them.")


@pytest.mark.parametrize("response, sentence, expected", [
    ("Do not eat before the test.", "Fast for 12 hours before the test.", "Fast (not eat) for 12 hours before the test."),
    ("No food after midnight.", "You will be fasting from midnight.", "You will be fasting (not eat) from midnight."),
    # the response does not speak of eating; the word is not the verb of going without food; glossed already
    ("The test takes an hour.", "Fast for 12 hours before the test.", "Fast for 12 hours before the test."),
    ("Do not eat before the test.", "The fast train leaves at six.", "The fast train leaves at six."),
    ("Do not eat before the test.", "Fast (not eat) for 12 hours.", "Fast (not eat) for 12 hours."),
])
def test_the_gloss_is_written_where_the_response_asks_for_it(response, sentence, expected):
    assert glossed(response, [sentence]) == [expected]


@pytest.mark.parametrize("engine", ("claims", "context", "context-fast"))
def test_not_eating_is_fasting(engine):
    """An everyday answer: "Patients must not eat for eight hours before the scan" was Contradicted on every engine
    (P(c) 0.96: the model took "fast" for speed); then, read with the pacemaker sentence, Partially supported as
    "stronger than the source" though its own sentence, alone, entails it and hedges nothing."""
    config = GroundingConfig(engine=engine, models_dir=str(MODELS)).validate()
    res = ground("Patients must not eat for eight hours before the scan.", [SCAN], config)
    (v,) = res.verdicts
    assert v.label == SUPPORTED and v.anchor == 0, v.rule
    assert "fast (not eat)" not in v.explanation and "should fast for eight hours" in v.explanation
    (v,) = ground("Patients can eat normally before the scan.", [SCAN], config).verdicts
    assert v.label == CONTRADICTED and v.anchor == 0, v.rule
