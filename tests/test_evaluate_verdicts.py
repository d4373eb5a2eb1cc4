"""The claim-verdict evaluation: gold labels from sentence labels, claim labels from verdicts, the scores,
and a run of the shipped pipeline on hand-made instances (the real data sets are not needed)."""
import pytest

from evaluation import verdicts as ev
from evaluation.datasets import EvidenceDocument, EvidenceInstance
from grounding.config import PRESETS, GroundingConfig
from grounding.types import CONTRADICTED, NOT_ASSESSED, PARTIAL, SUPPORTED, UNSUPPORTED


def test_gold_label_from_sentence_labels():
    assert ev.gold_label([0, 1, 0]) == SUPPORTED
    assert ev.gold_label([0, -1]) == CONTRADICTED
    assert ev.gold_label([0, 0, 0]) == UNSUPPORTED
    assert ev.gold_label([1, -1]) == ev.DISPUTED


def test_claim_label_from_sentence_verdicts():
    assert ev.claim_label([SUPPORTED, PARTIAL]) == SUPPORTED
    assert ev.claim_label([SUPPORTED, UNSUPPORTED]) == UNSUPPORTED
    assert ev.claim_label([SUPPORTED, CONTRADICTED]) == CONTRADICTED
    assert ev.claim_label([NOT_ASSESSED]) == ev.claim_label([]) == NOT_ASSESSED


def test_scores_by_hand():
    s = ev.Scores(gold=[SUPPORTED, SUPPORTED, CONTRADICTED, UNSUPPORTED], pred=[SUPPORTED, CONTRADICTED, SUPPORTED, UNSUPPORTED])
    r = s.row()
    assert r["accuracy"] == 0.5
    assert r["f1_supported"] == pytest.approx(0.5)          # tp 1, 2 predicted, 2 gold
    assert r["f1_contradicted"] == 0.0 and r["f1_unsupported"] == 1.0
    assert r["false_alarms"] == "1/3" and r["missed_contradictions"] == "1/1"
    assert s.confusion() == ("gold Supported (2): 1 Supported, 1 Contradicted; gold Unsupported (1): 1 Unsupported; "
                             "gold Contradicted (1): 1 Supported")


def test_parse_variant():
    name, settings = ev.parse_variant("together:rows_per_window=0,tau=0.5")     # whole numbers stay int fields
    assert name == "together" and settings == {"rows_per_window": 0, "tau": 0.5}
    assert type(settings["rows_per_window"]) is int
    assert ev.parse_variant("strict:supported=0.8,nli_override=none,override_scope=anchor") == (
        "strict", {"supported": 0.8, "nli_override": None, "override_scope": "anchor"})
    # a bool field takes true / false (the config refuses 1.0 for a bool)
    assert ev.parse_variant("learned:learned=true,quantity_override=0.6") == (
        "learned", {"learned": True, "quantity_override": 0.6})
    assert ev.parse_variant("paper:learned=False") == ("paper", {"learned": False})


def test_evaluate_runs_the_shipped_pipeline_and_rederives_variants(monkeypatch):
    doc = EvidenceDocument("d1", "Trial", ["In the trial, drug X significantly lowered systolic blood pressure.",
                                           "The trial ran for twelve weeks in three hospitals."])
    insts = {"hand_made": [
        EvidenceInstance("a", "hand_made", ["Drug X lowered blood pressure."], [doc], [[1, 0]]),
        EvidenceInstance("b", "hand_made", ["Drug X had no effect on systolic blood pressure."], [doc], [[-1, 0]]),
        EvidenceInstance("c", "hand_made", ["The trial ran in Paris and Berlin."], [doc], [[1, -1]]),   # disputed
    ]}
    monkeypatch.setattr(ev, "instances", lambda split: insts)
    out = ev.evaluate("report", "claims", [("never", {"nli_override": None, "joint_contradict": None})], limit=None,
                      threads=1)
    default, never = out["default"]["hand_made"], out["never"]["hand_made"]
    assert default.disputed == 1 and default.gold == [SUPPORTED, CONTRADICTED]
    assert default.pred == [SUPPORTED, CONTRADICTED]
    # with the override and the joint reading's contradiction switched off, it falls to the bands: not Contradicted
    assert never.pred[0] == SUPPORTED and never.pred[1] != CONTRADICTED
    assert out["default"]["all"].row()["accuracy"] == 1.0
    assert "| all | default | 2 | 1.0 |" in ev.table(out)


def test_a_variant_may_name_another_preset_beside_its_overrides():
    base = GroundingConfig(engine="claims", decompose=False, pfcr=False).validate()
    configs = dict(ev.variant_configs(base, [ev.parse_variant("paper:preset=paper"),
                                             ev.parse_variant("c6:preset=joint,joint_contradict=0.6")]))
    assert configs["default"].verdict_preset().name == base.preset == "joint"
    assert configs["paper"].verdict_preset() == PRESETS["paper"] and configs["paper"].overrides == {}
    c6 = configs["c6"].verdict_preset()
    assert c6.joint_contradict == 0.6 and c6.joint_support == PRESETS["joint"].joint_support


def test_variants_keep_the_runs_model_set(tmp_path):
    """A variant decided by preset learned reads the verdict model of the run's model set (--set models_dir=...),
    not the shipped one: the machine's settings carry over to every variant."""
    base = GroundingConfig(engine="claims", decompose=False, pfcr=False, models_dir=str(tmp_path), threads=1).validate()
    configs = dict(ev.variant_configs(base, [ev.parse_variant("lm:preset=learned,joint_support=none")]))
    assert configs["lm"].models_dir == str(tmp_path) and configs["lm"].threads == 1
    assert configs["lm"].verdict_preset().learned and configs["lm"].verdict_preset().joint_support is None


def test_checks_alone_and_as_answers_of_several_claims():
    shared = EvidenceDocument("d1", "", ["Cats purr.", "Dogs bark."])
    a = EvidenceInstance("a", "hand", ["Cats purr."], [shared], [[1, 0]])
    b = EvidenceInstance("b", "hand", ["Dogs meow.", "Dogs bark loudly."], [shared], [[0, -1], [0, 1]])
    c = EvidenceInstance("c", "hand", ["Fish swim."], [EvidenceDocument("d2", "", ["Fish swim fast."])], [[1]])
    alone = list(ev.checks([a, b], 1))
    assert [(r, [d["id"] for d in docs], spans) for r, docs, spans in alone] == [
        ("Cats purr.", ["d1"], [(0, 10, [1, 0])]), ("Dogs meow.", ["d1"], [(0, 10, [0, -1])]),
        ("Dogs bark loudly.", ["d1"], [(0, 17, [0, 1])])]
    (text, docs, spans), = ev.checks([a, b, c], 2)          # c is the tail: left out
    assert text == "Cats purr.\nDogs meow.\nDogs bark loudly." and [d["id"] for d in docs] == ["d1"]
    assert [text[s:e] for s, e, _ in spans] == ["Cats purr.", "Dogs meow.", "Dogs bark loudly."]
    # documents that share only an id (SciFact's are all "rationale") are two documents, the second renamed
    r1 = EvidenceInstance("r1", "hand", ["Cats purr."], [EvidenceDocument("rationale", "", ["Cats purr."])], [[1]])
    r2 = EvidenceInstance("r2", "hand", ["Fish swim."], [EvidenceDocument("rationale", "", ["Fish swim."])], [[1]])
    (text, docs, spans), = ev.checks([r1, r2], 2)
    assert [(d["id"], d["text"]) for d in docs] == [("rationale", "Cats purr."), ("rationale (2)", "Fish swim.")]


def test_save_and_against_name_the_claims_whose_verdict_changed(monkeypatch):
    """--save keeps each scored claim under "set#n" (the set's n-th claim, disputed ones counted but not kept) with
    gold, predicted label, text and rule; --against counts the changes that turned right or wrong."""
    doc = EvidenceDocument("d1", "Trial", ["In the trial, drug X significantly lowered systolic blood pressure.",
                                           "The trial ran for twelve weeks in three hospitals."])
    insts = {"hand_made": [
        EvidenceInstance("c", "hand_made", ["The trial ran in Paris and Berlin."], [doc], [[1, -1]]),   # disputed
        EvidenceInstance("a", "hand_made", ["Drug X lowered blood pressure."], [doc], [[1, 0]]),
        EvidenceInstance("b", "hand_made", ["Drug X had no effect on systolic blood pressure."], [doc], [[-1, 0]]),
    ]}
    monkeypatch.setattr(ev, "instances", lambda split: insts)
    pooled = ev.evaluate("report", "claims", [], limit=None, threads=1)["default"]["all"]
    kept = ev.saved(pooled)
    assert list(kept) == ["hand_made#1", "hand_made#2"]
    assert kept["hand_made#1"][:3] == [SUPPORTED, SUPPORTED, "Drug X lowered blood pressure."]
    assert kept["hand_made#2"][:2] == [CONTRADICTED, CONTRADICTED] and "contradict" in kept["hand_made#2"][3]
    assert ev.changed(kept, pooled) == ["0 changed: 0 now right, 0 now wrong, 0 wrong both ways"]
    before = {"hand_made#1": [SUPPORTED, UNSUPPORTED, "", ""], "hand_made#2": [CONTRADICTED, CONTRADICTED, "", ""]}
    lines = ev.changed(before, pooled)
    assert lines[0] == "1 changed: 1 now right, 0 now wrong, 0 wrong both ways"
    assert lines[1] == "  hand_made#1 gold Supported: Unsupported -> Supported: Drug X lowered blood pressure." + (
        f" [{kept['hand_made#1'][3][:100]}]" if kept["hand_made#1"][3] else "")
    before = {"hand_made#2": [CONTRADICTED, SUPPORTED, "", ""]}     # a key the earlier run lacks is left out
    pooled.pred[1] = UNSUPPORTED
    assert ev.changed(before, pooled)[0] == "1 changed: 0 now right, 0 now wrong, 1 wrong both ways"
    pooled.pred[1] = SUPPORTED
    assert ev.changed({"hand_made#2": [CONTRADICTED, CONTRADICTED, "", ""]}, pooled)[0] == \
        "1 changed: 0 now right, 1 now wrong, 0 wrong both ways"
