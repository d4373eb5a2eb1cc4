"""Stage `verdict`: each claim of the row decided from its judged pairs by the preset's rule (VeriGround's fused
score, bands and contradiction override, grounding.verdict; or the learned model of the engine)."""
from __future__ import annotations

from typing import Optional

from grounding import verdict
from grounding.config import GroundingConfig, VerdictPreset
from grounding.stages import Run
from grounding.types import PARTIAL, SUPPORTED, UNSUPPORTED, EntityDiff, GroundingResult, PairScore, Verdict


def decide_claim(result: GroundingResult, config: GroundingConfig, preset: VerdictPreset, k: int,
                 pairs: list[PairScore], diffs: dict[int, EntityDiff], best: Optional[int],
                 best_cosine: Optional[float]) -> Verdict:
    """Claim k's verdict; `best` / `best_cosine`: its most similar context sentence, for when nothing was judged."""
    ctx = result.context_sentences
    claim = result.claims[k]
    together = claim.joint_columns and any(p.judged for p in pairs) and verdict.joint_label(preset, claim.joint)
    if not preset.learned or together:   # the sentences read together decide first, when the preset says so
        v = verdict.decide(k, pairs, preset, diffs, best, best_cosine, config.tau, claim.joint, claim.joint_columns)
    else:
        from grounding import learned
        model = learned.load(config.models_dir, result.engine)
        v = verdict.decide_learned(k, claim.text, pairs, preset, model, diffs, [s.text for s in ctx],
                                   best, best_cosine, claim.joint)
    v = verdict.quantity_override(v, preset, result.claims[k].text,
                                  ctx[v.anchor].text if v.anchor is not None and v.score is not None else None)
    v = verdict.quantity_note(v, preset, result.claims[k].text, pairs, [s.text for s in ctx])
    return partly_read(v, result.claims[k].truncated)


def partly_read(v: Verdict, truncated: bool) -> Verdict:
    """A claim the models read only the start of is never Supported or Partially supported: its unread part was
    not checked. It becomes Unsupported (a contradiction found in the read part stands)."""
    if truncated and v.label in (SUPPORTED, PARTIAL):
        v.rule = f"partly read: {v.label} on the part read, not on the whole claim ({v.rule})"
        v.label = UNSUPPORTED
    return v


def run(state: Run) -> None:
    preset = state.config.verdict_preset()
    by_claim: dict[int, list[PairScore]] = {}
    for s in state.result.pairs:
        by_claim.setdefault(s.claim, []).append(s)
    for k in state.claims:
        best, best_cosine = state.best.get(k, (None, None))
        state.verdicts.append(decide_claim(state.result, state.config, preset, k, by_claim.get(k, []),
                                           state.diffs.get(k, {}), best, best_cosine))
