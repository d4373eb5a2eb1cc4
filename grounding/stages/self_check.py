"""Stage `self_check`: the entailment model checks sentence |= claim for each part of a split; when a part
fails, every part is kept for the record (rejected, counted in CER) and the whole sentence is judged instead."""
from __future__ import annotations

from grounding.config import GroundingConfig
from grounding.decompose import decompose
from grounding.stages import Run, abandon_row
from grounding.types import Claim, Sentence


def self_check(sent: Sentence, i: int, parts: list[Claim], config: GroundingConfig,
               entailment, stop=None) -> tuple[list[Claim], list[Claim]]:
    """(rejected, judged) claims of response sentence `i` from its candidate `parts`."""
    whole = Claim(text=sent.text, sentence=i, start=sent.start, end=sent.end, entailed=1.0, origin="sentence")
    if not parts or (len(parts) == 1 and parts[0].origin == "sentence"):
        return [], [whole]
    probs = entailment.predict([sent.text] * len(parts), [c.text for c in parts], stop=stop)
    # a part this close to the threshold is judged again by the fp32 twin (grounding.stages.recheck)
    near = [n for n, p in enumerate(probs) if abs(p[0] - config.self_check_threshold) < config.recheck_margin]
    if near and not entailment.unfinished:
        again = entailment.predict([sent.text] * len(near), [parts[n].text for n in near], stop=stop, fp32=True)
        if entailment.unfinished:
            entailment.unfinished = []   # the time budget ran out: the int8 judgements stand
        else:
            probs[near] = again
    for c, p in zip(parts, probs):
        c.sentence, c.entailed = i, round(float(p[0]), 4)
        c.passed = c.entailed >= config.self_check_threshold
    if all(c.passed for c in parts):
        return [], parts
    failed = [n + 1 for n, c in enumerate(parts) if not c.passed]   # numbers, not texts: a note stays short
    for c in parts:
        c.origin, c.note = "rejected", (f"self-check failed for part(s) {', '.join(map(str, failed[:20]))}"
                                        f"{' …' if len(failed) > 20 else ''} of {len(parts)}; the whole sentence is "
                                        "judged instead")
    whole.note = "replaces a split that failed the self-check"
    return parts, [whole]


def checked_claims(sent: Sentence, i: int, response: str, config: GroundingConfig,
                   entailment) -> tuple[list[Claim], list[Claim]]:
    """Decompose and self-check in one call (the trace uses it on a DAG's final output)."""
    return self_check(sent, i, decompose(sent, response) if config.decompose else [], config, entailment)


def run(state: Run) -> None:
    result = state.result
    state.models["entailment"].unfinished = []   # self_check runs no model on an unsplit sentence
    rejected, found = self_check(result.response_sentences[state.row], state.row, state.parts, state.config,
                                 state.models["entailment"], stop=state.over_budget)
    if state.models["entailment"].unfinished:
        abandon_row(state, "checking its claims")
        return
    result.claims += rejected   # listed (and counted in CER), never judged
    first = len(result.claims)
    result.claims += found
    state.claims = list(range(first, len(result.claims)))
