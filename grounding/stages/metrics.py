"""Stage `metrics` (last): FCR / HCR / ACR / UCR from the sentence map, ECSS, integrity, Support / Contradict /
Citation F1 against gold when given, and the metrics the engine declares it can compute honestly: CER (share
of split claims the sentence entails; needs the self-check) and PFCR (negate each claim, re-judge its evidence
with the same model, share of flips; needs the entailment model). The others stay None: not applicable."""
from __future__ import annotations

from grounding import judge, metrics
from grounding.negate import negate
from grounding.stages import Run
from grounding.types import GroundingResult


def run(state: Run) -> None:
    result, config = state.result, state.config
    flips = None
    if "pfcr" in state.metrics and config.pfcr and result.coverage.assessed and "entailment" in state.models:
        flips = pfcr(result, state.models["entailment"], stop=state.over_budget)
        if flips[1] < flips[2]:
            state.budget_spent(f"during PFCR: {flips[1]} of {flips[2]} evidence pairs were re-judged; PFCR is "
                               "over those")
        flips = flips[:2]
    # CER over every claim checked (a sentence that did not split counts as one claim that passes)
    checked = [c for c in result.claims if c.note != "not assessed" and not c.note.startswith("replaces")]
    passed = [c.passed for c in checked] if "cer" in state.metrics else []
    evidence = [s.cosine for s in result.pairs if s.psi != 0]
    labels = [v.label for v in result.verdicts if result.claims[v.claim].origin != "rejected"]
    result.metrics = metrics.compute(result.sentence_map.labels, state.rows_ok, passed, evidence, flips, labels,
                                     state.gold)


def pfcr(result: GroundingResult, entailment, stop=None) -> tuple[int, int, int]:
    """(flips, evidence pairs re-judged, evidence pairs): negate each claim and re-judge its evidence pairs
    (psi != 0). `stop` (the time budget) is checked between the model's batches; pairs it leaves are not counted."""
    evidence = [s for s in result.pairs if s.psi != 0]
    if not evidence:
        return (0, 0, 0)
    ctx = result.context_sentences
    negated = {k: negate(result.claims[k].text) for k in {s.claim for s in evidence}}
    probs = entailment.predict([ctx[s.column].text for s in evidence], [negated[s.claim] for s in evidence], stop=stop)
    left = set(entailment.unfinished)
    psi = judge.polarity(probs)
    done = [(s, p) for i, (s, p) in enumerate(zip(evidence, psi)) if i not in left]
    return int(sum(1 for s, p in done if p == -s.psi)), len(done), len(evidence)
