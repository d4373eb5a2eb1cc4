"""Training runs in stages: a run continued from an earlier one keeps that stage's record."""
from __future__ import annotations

import json
from pathlib import Path
from typing import Callable, Optional


def with_previous_stage(summary: dict, backbone: Optional[str], accept: Optional[Callable[[dict], bool]] = None,
                        lean: Optional[Callable[[dict], dict]] = None) -> dict:
    """summary plus ``previous_stage`` (the backbone's training.json, passed through ``lean``) and
    ``training_seconds_all_stages``, when the backbone folder holds a training record that ``accept`` takes;
    else summary unchanged."""
    previous = Path(backbone) / "training.json" if backbone else None
    if previous is None or not previous.is_file():
        return summary
    prev = json.loads(previous.read_text())
    if accept is not None and not accept(prev):
        return summary
    out = dict(summary, previous_stage=lean(prev) if lean else prev)
    out["training_seconds_all_stages"] = round(summary["training_seconds"] + prev.get(
        "training_seconds_all_stages", prev.get("training_seconds", 0.0)), 1)
    return out


def time_budget(seconds: float | None):
    """A Trainer callback that ends training once `seconds` of wall-clock time have passed since the first step
    (a lent machine's minutes are counted): the run then evaluates, saves and keeps its best checkpoint as at
    the end of its planned steps. None: no callback."""
    if not seconds:
        return None
    import time

    from transformers import TrainerCallback

    class _Budget(TrainerCallback):
        start: float | None = None
        stopped_at: int | None = None

        def on_train_begin(self, args, state, control, **kwargs):
            self.start = time.time()

        def on_step_end(self, args, state, control, **kwargs):
            if time.time() - self.start >= seconds:
                control.should_training_stop = True
                control.should_evaluate = control.should_save = True
                self.stopped_at = state.global_step
            return control

    return _Budget()
