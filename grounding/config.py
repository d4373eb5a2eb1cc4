"""All thresholds, weights and model paths in one configuration object (the UI and CLI are views of it)."""
from __future__ import annotations

import dataclasses
import os
from dataclasses import dataclass, field
from pathlib import Path
from typing import Optional

MODELS_DIR = Path(__file__).resolve().parent.parent / "exported_models"


@dataclass(frozen=True)
class VerdictPreset:
    """How cosine, entity overlap and NLI fuse into F, and the bands that turn F into a verdict.

    F = w_cos*cos + w_entity*entity + w_nli*(P(e) - P(c)) + w_entail*P(e) - w_contradict*P(c)
    Contradicted when (P(e) - P(c)) <= nli_override or P(c) > contradict_override  (wins over all others);
    Unsupported when cos < off_topic (gate); else Supported if F >= supported, Partially supported if
    F >= partial, otherwise Unsupported.
    """
    name: str
    w_cos: float
    w_entity: float
    w_nli: float = 0.0
    w_entail: float = 0.0
    w_contradict: float = 0.0
    supported: float = 0.72
    partial: float = 0.40
    unsupported_floor: Optional[float] = None   # code preset: F below this is "off the scale" (still Unsupported)
    nli_override: Optional[float] = None        # P(e) - P(c) at or below this => Contradicted
    contradict_override: Optional[float] = None  # P(c) above this => Contradicted
    off_topic: Optional[float] = None           # cosine below this => Unsupported
    override_scope: str = "any"                 # which judged sentences may fire the override: "any", or
                                                # "anchor" (only the claim's most similar one, VeriGround's anchor chunk)
    learned: bool = False                       # decide with the learned model (grounding.learned) instead of F;
                                                # then `supported` is the least P(Supported) for Supported
    quantity_override: Optional[float] = None   # a Supported / Partially supported claim whose anchor (cosine at
                                                # least this) gives another value of the same kind and unit (30% vs
                                                # 70%, 50 mg vs 25 mg, 2021 vs 2023) is Contradicted; None = off
    conflict_note: Optional[float] = 0.6        # a Supported / Partially supported claim names a judged sentence
                                                # whose most likely class is contradiction with P(c) at or above this
                                                # as conflicting (the label stays); None = never


OVERRIDE_SCOPES = ("any", "anchor")

PRESETS = {
    # VeriGround paper: F = 0.35 sim + 0.20 ent + 0.45 (P(e) - P(c)); H = 0.72, L = 0.40.
    # "strongly negative" NLI is not given a number in the paper: -0.5 is our documented choice.
    "paper": VerdictPreset("paper", w_cos=0.35, w_entity=0.20, w_nli=0.45, supported=0.72, partial=0.40,
                           nli_override=-0.5),
    # The public VeriGround code: 0.25 cos + 0.45 P(e) - 0.35 P(c) + 0.15 ent; cos < 0.15 off-topic;
    # P(c) > 0.60 contradicted; bands 0.70 / 0.40 / 0.10.
    "code": VerdictPreset("code", w_cos=0.25, w_entity=0.15, w_entail=0.45, w_contradict=0.35, supported=0.70,
                          partial=0.40, unsupported_floor=0.10, contradict_override=0.60, off_topic=0.15),
    # a multinomial logistic model over the pipeline's signals, fitted per engine on the evidence train sets
    # (exported_models/verdicts/<engine>.json, training/verdicts.py); Supported needs P(Supported) >= 0.5
    "learned": VerdictPreset("learned", w_cos=0.0, w_entity=0.0, learned=True, supported=0.5, partial=0.0,
                             quantity_override=0.6),
}


# engine -> the scorer folder (under models_dir) it runs; None: the claims engine (decompose + retrieve + NLI)
ENGINES = {
    "claims": None,
    "context": "scorer",              # context-aware scorer, 6 layers: the most accurate map
    "context-fast": "scorer_fast",    # its 2-layer student: ~2.5x faster per window, less accurate (see its card)
}


@dataclass
class GroundingConfig:
    engine: str = "claims"              # a key of ENGINES
    tau: float = 0.5                    # cosine threshold for a (claim, context sentence) pair to be judged
    preset: str = "paper"               # verdict preset name (see PRESETS)
    overrides: dict = field(default_factory=dict)   # per-field changes to the preset, e.g. {"supported": 0.8}
    decompose: bool = True              # split sentences into atomic claims
    self_check_threshold: float = 0.5   # P(sentence |= claim) a claim needs to be kept
    pfcr: bool = True                   # negate claims and re-judge (costs one more NLI pass)
    entity_prefilter: bool = False      # skip NLI on pairs with no shared entity (see verdict docs)
    max_response_chars: int = 20000
    max_context_chars: int = 400000
    max_context_sentences: int = 4000
    min_english_confidence: float = 0.5
    threads: Optional[int] = None
    # trace (grounding/trace, VeriTrail over a generation DAG)
    trace_q: int = 3                    # stop after this many consecutive Not Fully Supported verdicts
    models_dir: str = field(default_factory=lambda: os.environ.get("GROUNDING_MODELS_DIR", str(MODELS_DIR)))

    def verdict_preset(self) -> VerdictPreset:
        if self.preset not in PRESETS:
            raise ValueError(f"Unknown verdict preset '{self.preset}'; choose one of {sorted(PRESETS)}.")
        base = PRESETS[self.preset]
        allowed = {f.name for f in dataclasses.fields(VerdictPreset)} - {"name"}
        unknown = set(self.overrides) - allowed
        if unknown:
            raise ValueError(f"Unknown verdict settings {sorted(unknown)}; allowed: {sorted(allowed)}.")
        preset = dataclasses.replace(base, **self.overrides)
        if preset.override_scope not in OVERRIDE_SCOPES:
            raise ValueError(f"override_scope must be one of {OVERRIDE_SCOPES}, not '{preset.override_scope}'.")
        return preset

    def validate(self) -> "GroundingConfig":
        if self.engine not in ENGINES:
            raise ValueError(f"engine must be one of {', '.join(repr(e) for e in ENGINES)}, not '{self.engine}'.")
        if not 0.0 <= self.tau <= 1.0:
            raise ValueError(f"tau must lie in [0, 1], got {self.tau}.")
        if isinstance(self.trace_q, bool) or not isinstance(self.trace_q, int) or self.trace_q < 1:
            raise ValueError(f"q (trace_q) must be a whole number of at least 1, got {self.trace_q!r}.")
        self.verdict_preset()
        return self

    @property
    def scorer_folder(self) -> Optional[str]:
        """The scorer folder name of a context engine (None for the claims engine)."""
        return ENGINES[self.engine]

    def to_dict(self) -> dict:
        return dataclasses.asdict(self)

    @classmethod
    def from_dict(cls, data: dict) -> "GroundingConfig":
        names = {f.name for f in dataclasses.fields(cls)}
        return cls(**{k: v for k, v in data.items() if k in names}).validate()
