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
