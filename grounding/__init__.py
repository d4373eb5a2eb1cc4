"""Check a generated answer against its sources: claims, signed evidence maps, verdicts, metrics.

    from grounding import ground, GroundingConfig
    result = ground(response, context, GroundingConfig(tau=0.5))

Nothing here imports torch or transformers: the models run on onnxruntime + tokenizers.
"""
from grounding.config import PRESETS, GroundingConfig, VerdictPreset
from grounding.pipeline import InputError, ground, ground_stream, rederive
from grounding.types import GroundingResult

__all__ = ["ground", "ground_stream", "rederive", "GroundingConfig", "GroundingResult", "VerdictPreset",
           "PRESETS", "InputError"]
