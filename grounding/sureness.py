"""How sure a verdict is (`Verdict.sureness`): the chance that a verdict given this way is right, read off verdicts
given the same way to evidence train claims the models had not been fitted on.

A verdict is not sure or unsure by its own wording: "Supported" from a sentence that says the same thing and
"Supported" because nothing read against a vague claim both read "Supported". What tells them apart is how far
the engine's learned verdict model (grounding.learned: calibrated probabilities over Supported / Unsupported /
Contradicted from the pipeline's signals) agrees with the verdict shown. For each shown class (Partially supported
counts as Supported) a logistic curve maps two numbers to the chance the verdict is right:

    sureness = sigmoid(a + b * logit(P(shown class)) + c * [the model's most likely class is the shown one])

`a`, `b`, `c` per engine, preset and shown class, fitted by ``python -m training.sureness`` on every evidence train
claim (each claim's probabilities from a learned model fitted on the other folds, its verdict the runtime's own)
and kept in ``exported_models/verdicts/sureness_<engine>.json`` with the held-out figures they reached. The
runtime needs numpy only.

No figure is given (None, with the reason in `Verdict.sureness_note`) where the calibration does not speak for
the verdict: a rule after the preset's own decision changed its label (those rules were written against hand-made
cases, not measured on enough claims to calibrate), the claim was read only in part, the run's settings are not
those the calibration was fitted under (another tau, changed verdict settings, ...), or no calibration exists for
the engine and preset.
"""
from __future__ import annotations

import functools
import hashlib
import json
from pathlib import Path
from typing import Optional

import numpy as np

from grounding import learned
from grounding.types import PARTIAL, SUPPORTED, Verdict

SURE = 0.75      # at or above: "sure"
UNSURE = 0.5     # below: "unsure" (a wrong verdict is at least as likely as a right one)

# settings that never change how one claim that was read whole is decided: the calibration holds for any value
NOT_DECIDING = frozenset({"preset", "overrides", "decompose", "pfcr", "time_budget", "trace_q", "min_english_confidence",
                          "max_response_chars", "max_response_sentences", "max_context_chars", "max_context_sentences",
                          "max_documents", "max_claims_per_sentence", "engine"})


def path_of(models_dir: str, engine: str) -> Path:
    return Path(models_dir) / "verdicts" / f"sureness_{engine}.json"


def shown_class(label: str) -> str:
    """The class of CLASSES a shown label is scored as (Partially supported: Supported)."""
    return SUPPORTED if label == PARTIAL else label


def features(probs: np.ndarray, label: str) -> np.ndarray:
    """(1, logit P(shown class), model agrees) for one verdict; `probs` over learned.CLASSES."""
    p = np.clip(np.asarray(probs, dtype=np.float64), 1e-4, 1 - 1e-4)
    k = learned.CLASSES.index(shown_class(label))
    return np.array([1.0, float(np.log(p[k] / (1 - p[k]))), float(int(np.argmax(p)) == k)])


def model_digest(models_dir: str, engine: str) -> str:
    """sha256 of the learned verdict model the calibration read (its probabilities are the curves' input)."""
    return hashlib.sha256((Path(models_dir) / "verdicts" / f"{engine}.json").read_bytes()).hexdigest()


class Calibration:
    """The curves of one engine: {preset: {shown class: (a, b, c)}}, the settings they hold under, the learned
    model they were fitted on (its digest) and the held-out figures."""

    def __init__(self, path: str | Path):
        self.path = Path(path)
        data = json.loads(self.path.read_text())
        self.engine = data["engine"]
        self.settings = dict(data["settings"])
        self.model_sha256 = data["learned_model_sha256"]
        self.curves = {preset: {label: np.asarray(coef, dtype=np.float64) for label, coef in by_label.items()}
                       for preset, by_label in data["curves"].items()}
        for preset, by_label in self.curves.items():
            if set(by_label) != set(learned.CLASSES) or any(c.shape != (3,) for c in by_label.values()):
                raise ValueError(f"{self.path}: preset {preset!r} needs three numbers for each of {learned.CLASSES}")
        self.card = {k: v for k, v in data.items() if k != "curves"}

    def chance(self, preset: str, probs: np.ndarray, label: str) -> float:
        coef = self.curves[preset][shown_class(label)]
        return float(1.0 / (1.0 + np.exp(-float(coef @ features(probs, label)))))


@functools.lru_cache(maxsize=8)
def load(models_dir: str, engine: str) -> Optional[Calibration]:
    path = path_of(models_dir, engine)
    return Calibration(path) if path.is_file() else None


def why_not(config, engine: str) -> str:
    """'' where a calibration of `engine` speaks for verdicts under `config`, else the reason it does not."""
    cal = load(config.models_dir, engine)
    if cal is None:
        return f"no calibration for engine '{engine}' in this model set"
    if config.preset not in cal.curves:
        return f"no calibration for preset '{config.preset}'"
    if config.overrides:
        return "the verdict settings were changed from the preset's own (" + ", ".join(sorted(config.overrides)) + ")"
    changed = sorted(k for k, v in cal.settings.items() if k not in NOT_DECIDING and getattr(config, k, v) != v)
    if changed:
        return "the run's settings differ from those it was calibrated under (" + ", ".join(changed) + ")"
    try:
        if model_digest(config.models_dir, engine) != cal.model_sha256:
            return "the learned verdict model changed after the calibration (refit: python -m training.sureness)"
    except OSError:
        return "the learned verdict model is missing"
    unfit = learned.unusable(config.models_dir, engine)
    if unfit:
        return f"the learned verdict model it reads does not fit this model set: {unfit}"
    return ""


_REASONS: dict[tuple, str] = {}


def reason_missing(config, engine: str) -> str:
    """`why_not`, computed once per distinct configuration (it reads files)."""
    key = (config.models_dir, engine, json.dumps(config.to_dict(), sort_keys=True, default=str))
    if key not in _REASONS:
        if len(_REASONS) > 256:
            _REASONS.clear()
        _REASONS[key] = why_not(config, engine)
    return _REASONS[key]


def forget() -> None:
    """Drop what was read from the calibration files (after one was written)."""
    load.cache_clear()
    _REASONS.clear()


PARTLY_READ = "the claim was read only in part"
NEAREST = ("it was read only against its most similar sentence, below τ (nothing_floor), which the calibration has not "
           "seen (refit: python -m training.sureness)")
RULED = "a rule after the preset's decision changed the verdict"
LEFT_OUT = (PARTLY_READ, RULED)   # verdicts the calibration never speaks for, whatever the settings


def attach(v: Verdict, config, engine: str, probs: Optional[np.ndarray], base_label: str, partly_read: bool,
           nearest: bool = False) -> Verdict:
    """Set v.sureness (or None), v.sureness_note and v.alternative. `probs`: the learned model's probabilities for
    the claim (None where the model set has no such model); `base_label`: the preset's own label before the rules
    after it; `nearest`: the claim was read only against its most similar sentence (Claim.nearest), which curves
    fitted before nothing_floor existed have not seen."""
    v.sureness, v.sureness_note, v.alternative = None, "", ""
    cal = load(config.models_dir, engine)
    if partly_read:
        reason = PARTLY_READ
    elif nearest and cal is not None and "nothing_floor" not in cal.settings:
        reason = NEAREST
    elif v.label != base_label:
        reason = f"{RULED} from {base_label}; those rules are not calibrated"
    else:
        reason = reason_missing(config, engine) or ("" if probs is not None else "the learned verdict model is missing")
    if reason:
        v.sureness_note = reason
        return v
    v.sureness = round(cal.chance(config.preset, probs, v.label), 4)
    v.alternative = max((float(p), c) for p, c in zip(probs, learned.CLASSES) if c != shown_class(v.label))[1]
    return v


def band(sureness: Optional[float]) -> str:
    """'sure', 'fairly sure', 'unsure' or '' (no figure)."""
    if sureness is None:
        return ""
    return "sure" if sureness >= SURE else "unsure" if sureness < UNSURE else "fairly sure"


def describe(v: Verdict) -> str:
    """The sentence the verdict card shows, e.g. 'How sure: 84 % (sure): verdicts given this way were right 84 % of
    the time on held-out train claims.' (plain text; the caller escapes it)."""
    if v.sureness is None:
        return f"How sure: not measured ({v.sureness_note})." if v.sureness_note else ""
    pct = round(100 * v.sureness)
    text = (f"How sure: {pct} % ({band(v.sureness)}): verdicts given this way were right {pct} % of the time on "
            "held-out evidence train claims.")
    if band(v.sureness) == "unsure" and v.alternative:
        text += f" It may be {v.alternative} (the learned verdict model's next most likely verdict)."
    return text

