"""Which models a fitted verdict model read (grounding/fitted.py): the shipped learned models and their feature
caches record the shipped ONNX models' sha256, and a model set holding another model cannot use them: preset
learned is refused with what to do, no "How sure" figure is given, and training refuses features of other models."""
from __future__ import annotations

import json
import shutil
from pathlib import Path

import numpy as np
import pytest

from grounding import GroundingConfig, fitted, ground, learned, sureness
from grounding.engines import ENGINES
from grounding.examples import BY_NAME

ROOT = Path(__file__).resolve().parent.parent
SHIPPED = ROOT / "exported_models"


def _set_with(tmp_path: Path, engine: str = "context", changed: str = "", record=True) -> str:
    """A model set of `engine`: the shipped folders linked, the shipped learned verdict model and calibration
    copied; the `changed` role's model.onnx re-saved with another doc string (the same network, other bytes)."""
    for folder in ENGINES[engine].models.values():
        if folder == changed:
            import onnx
            (tmp_path / folder).mkdir()
            for f in (SHIPPED / folder).iterdir():
                if f.name != "model.onnx":
                    shutil.copy(f, tmp_path / folder / f.name)
            model = onnx.load(str(SHIPPED / folder / "model.onnx"))
            model.doc_string = "fine-tuned further by a user"
            onnx.save(model, str(tmp_path / folder / "model.onnx"))
        else:
            (tmp_path / folder).symlink_to(SHIPPED / folder, target_is_directory=True)
    (tmp_path / "verdicts").mkdir()
    data = json.loads((SHIPPED / "verdicts" / f"{engine}.json").read_text())
    if not record:
        del data["models"]
    (tmp_path / "verdicts" / f"{engine}.json").write_text(json.dumps(data))
    cal = json.loads(sureness.path_of(str(SHIPPED), engine).read_text())
    cal["learned_model_sha256"] = sureness.model_digest(str(tmp_path), engine)   # the copy is what it reads
    sureness.path_of(str(tmp_path), engine).write_text(json.dumps(cal))
    learned.load.cache_clear()
    sureness.forget()
    return str(tmp_path)


@pytest.mark.parametrize("engine", sorted(ENGINES))
def test_the_shipped_learned_models_record_the_shipped_onnx_models(engine):
    """Swapping a shipped ONNX model without refitting the learned verdicts (and their calibration) fails here."""
    recorded = json.loads((SHIPPED / "verdicts" / f"{engine}.json").read_text())["models"]
    assert set(recorded) == set(ENGINES[engine].models)
    assert recorded == fitted.fingerprints(str(SHIPPED), engine)
    card = json.loads((SHIPPED / "entailment" / "card.json").read_text())
    assert recorded["entailment"] == card["files"]["model.onnx"]["sha256"]   # the same digest the card states
    assert fitted.differences(recorded, str(SHIPPED), engine) == ""
    assert learned.unusable(str(SHIPPED), engine) == ""


def test_the_digest_is_the_files_and_follows_a_change(tmp_path):
    f = tmp_path / "model.onnx"
    f.write_bytes(b"abc")
    first = fitted.file_digest(f)
    assert first == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"
    f.write_bytes(b"abcd")
    assert fitted.file_digest(f) != first and fitted.file_digest(tmp_path / "none") == ""


def test_a_changed_entailment_model_stops_the_learned_preset_and_the_figures(tmp_path):
    models = _set_with(tmp_path, "context", changed="entailment")
    reason = "the entailment model in this set differs from the one it was fitted on"
    assert learned.unusable(models, "context") == reason
    with pytest.raises(ValueError, match=r"do not fit this model set: the entailment model .* Refit them "
                                         r"\(python -m training\.verdicts --engine context --refresh\) or use preset 'joint'"):
        learned.load(models, "context")
    ex = BY_NAME["contradiction"]
    result = ground(ex["response"], ex["context"], GroundingConfig(engine="context", models_dir=models))
    assessed = [v for v in result.verdicts if v.label != "Not assessed"]
    assert assessed and all(v.sureness is None for v in assessed)
    assert all(v.sureness_note == f"the learned verdict model it reads does not fit this model set: {reason}"
               or v.sureness_note.startswith(sureness.LEFT_OUT) for v in assessed)
    with pytest.raises(ValueError, match="do not fit this model set"):
        ground(ex["response"], ex["context"], GroundingConfig(engine="context", preset="learned", models_dir=models))
    # the shipped set, read beside it in the same process, is unaffected
    shipped = ground(ex["response"], ex["context"], GroundingConfig(engine="context"))
    assert any(v.sureness is not None for v in shipped.verdicts)


def test_a_missing_record_or_model_is_said(tmp_path):
    (tmp_path / "a").mkdir()
    models = _set_with(tmp_path / "a", "claims", record=False)
    assert learned.unusable(models, "claims") == "it does not record which models it was fitted on"
    recorded = fitted.fingerprints(str(SHIPPED), "context")
    assert fitted.differences(recorded, models, "context") == "this model set has no scorer model"
    two = dict(recorded, embedder="0" * 64, scorer="1" * 64)
    assert fitted.differences(two, str(SHIPPED), "context") == \
        "the embedder and scorer models in this set differ from those it was fitted on"


def test_evaluation_refuses_a_learned_variant_the_set_cannot_use(tmp_path, capsys):
    from evaluation.verdicts import main
    models = _set_with(tmp_path, "claims", changed="entailment")
    assert main(["--engine", "claims", "--split", "report", "--limit", "1", "--variant", "learned:preset=learned",
                 "--set", f"models_dir={models}"]) == 2
    assert "do not fit this model set: the entailment model" in capsys.readouterr().err


def test_training_refuses_features_of_other_models(tmp_path, capsys):
    from training import verdicts as tv
    cache = tmp_path / "verdict_features_context.npz"
    n = 12
    other = dict(fitted.fingerprints(str(SHIPPED), "context"), entailment="0" * 64)
    np.savez(cache, X=np.zeros((n, len(learned.FEATURES))), y=np.zeros(n, dtype=int), dev=np.zeros(n, dtype=bool),
             set=np.array(["scifact_train"] * n), inst=np.arange(n), models=np.array(json.dumps(other)))
    assert tv.main(["--engine", "context", "--features", str(cache), "--out", str(tmp_path / "out")]) == 2
    err = capsys.readouterr().err
    assert "does not fit the model set: the entailment model in this set differs" in err and "--refresh" in err
    assert not (tmp_path / "out").exists()


def test_the_app_says_so_when_the_learned_preset_is_chosen_on_such_a_set(tmp_path):
    """Run with preset learned is refused before any model runs; switching a finished run to it keeps the run
    and says what to do (the status line and a pop-up), rather than failing the event."""
    from grounding import session as ss
    models = _set_with(tmp_path, "claims", changed="entailment")
    ex = BY_NAME["contradiction"]
    values = ss.widget_values("learned")
    steps = list(ss.run_check(ex["response"], ex["context"], None, "", "claims", 0.5, "learned", True, values, models,
                              ss.Downloads()))
    assert len(steps) == 1 and "do not fit this model set: the entailment model" in steps[0].warnings[0]
    result = ground(ex["response"], ex["context"], GroundingConfig(engine="claims", models_dir=models))
    step = ss.change_preset(result, "claims", 0.5, "learned", True, "all", models, ss.Downloads())
    assert "do not fit this model set" in step.outputs[len(values)]   # the status line
    assert step.warnings and "Refit them (python -m training.verdicts --engine claims --refresh)" in step.warnings[0]
    assert step.outputs[-1] is ss.KEEP   # the run's result stays as it was
