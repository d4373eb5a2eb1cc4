"""The parts of a whole-sentence claim weighed against the whole's verdict (context engines: stage judge_parts reads
each part against its own nearest sentences; `parts_override` is the verdict rule, run by stages.verdict with the
preset's parts_override). A contradicted part makes the claim Contradicted, an unbacked one a Supported claim
Partially supported, and a backed one an Unsupported whole (the model's band, no rule) Partially supported.
"""
from __future__ import annotations

from grounding.config import VerdictPreset
from grounding.overrides import _sentences, move_anchor
from grounding.types import CONTRADICTED, PARTIAL, SUPPORTED, UNSUPPORTED, Claim, EntityDiff, PairScore, Verdict
from grounding.verdict import fused_score, joint_label


def parts_override(v: Verdict, preset: VerdictPreset, claim: Claim, pairs: list[PairScore],
                   entity_diffs: dict[int, EntityDiff], context_texts: list[str] = ()) -> Verdict:
    """A claim its evidence backs as a whole, whose parts (`Claim.parts`, stage judge_parts: the context engines'
    whole sentence split as the claims engine splits it), each read against its own most similar sentences, say
    otherwise, when the preset's parts_override is set:
    - a part contradicted with P(c) at least parts_override and above its P(e): Contradicted ("Metformin is the
      first-line drug … and works by increasing insulin production in the pancreas" against "It lowers blood sugar
      by reducing glucose production in the liver"). The anchor becomes the part's sentence that alone contradicts
      it most (the most similar, when it was read with one), with its pair's numbers where it has a pair.
    - else, a Supported claim with a part that its sentences do not entail (its reading neither backs nor
      contradicts it under the preset, verdict.joint_label): Partially supported, naming the part.
    Only where at least one part is backed (its reading entails it with P(e) at least joint_partial, above the weak
    band): where none is, the split or the readings are not to be trusted (a part cut out of a subordinate clause,
    "PINK1 senses recruits" at P(e) 0.45), and the whole's verdict stands."""
    unread = v.label == UNSUPPORTED and not v.anchor_conflict and v.rule.startswith(_MODELS_OWN) \
        and claim.nearest is None       # not where only a sentence below τ was near enough to read
    if preset.parts_override is None or not claim.parts or v.label not in (SUPPORTED, PARTIAL) and not unread:
        return v
    read = [p for p in claim.parts if p.reading is not None]
    strong = preset.joint_partial if preset.joint_partial is not None else preset.joint_support
    backed = [p for p in read if joint_label(preset, p.reading) == SUPPORTED and p.reading[0] >= strong]
    from grounding.lists import extends_open_list   # a part that extends an open list: not mentioned, not contradicted
    against = [p for p in read if p.reading[2] >= preset.parts_override and p.reading[2] > p.reading[0]
               and not any(extends_open_list(p.text, context_texts[j]) for j in p.columns if j < len(context_texts))]
    if not backed:          # no part stands where the whole did: a split or a reading not to be trusted
        return v
    unbacked = [p for p in read if joint_label(preset, p.reading) != SUPPORTED]
    if unread:
        return v if against or not unbacked else _part_backed(v, preset, backed[0], unbacked[0], pairs, entity_diffs)
    if against:
        part = max(against, key=lambda p: p.reading[2])
        e, _, c = part.reading
        alone = part.alone_contradict if len(part.alone_contradict) == len(part.columns) else [0.0] * len(part.columns)
        j = part.columns[max(range(len(part.columns)), key=lambda i: (alone[i], part.cosines[i], -i))]
        pair = next((p for p in pairs if p.column == j and p.judged), None)
        where = _sentences(part.columns)
        v.label, v.conflicting = CONTRADICTED, None
        v.anchor_conflict = f"the part “{part.text}” is contradicted: P(c) {c:.2f}"
        v.rule = f"a part contradicted: “{part.text}” against {where}: P(c) = {c:.2f} >= {preset.parts_override}; {v.rule}"
        if pair is not None:      # the anchor pair's own numbers (the context engines': the scorer's)
            move_anchor(v, pair, preset, entity_diffs)
        else:                     # a sentence only the part's reading weighed: its cosine and that reading
            v.anchor, v.cosine, v.entity_overlap = j, part.cosines[part.columns.index(j)], None
            v.entail, v.contradict, v.entities = None, None, entity_diffs.get(j, EntityDiff())
            v.score = round(fused_score(preset, v.cosine, e, c, None), 4)
        return v
    if unbacked and v.label == SUPPORTED:
        part = unbacked[0]
        v.label = PARTIAL
        v.rule = (f"only part backed: “{part.text}”: read against {_sentences(part.columns)}, P(e) = "
                  f"{part.reading[0]:.2f} (< {preset.joint_support}); {v.rule}")
    return v


# the rules of the model's own band (verdict.band, verdict.decide_learned): no rule found the claim unsupported
_MODELS_OWN = ("F ", "learned: ")


def _part_backed(v: Verdict, preset: VerdictPreset, part, unbacked, pairs: list[PairScore],
                 entity_diffs: dict[int, EntityDiff]) -> Verdict:
    """An Unsupported whole (the model's band, no rule) of which one part is backed and none contradicted: Partially
    supported, anchored on the backed part's most similar judged sentence ("The job pays £28,000 a year and comes
    with a company car" against "The salary is £28,000 a year, plus a 15% staff discount": the whole F 0.25, the
    pay P(e) 0.96, the car not in the sources)."""
    j = max(part.columns, key=lambda c: (part.cosines[part.columns.index(c)] if part.cosines else 0.0, -c))
    move_anchor(v, next((p for p in pairs if p.column == j and p.judged), None), preset, entity_diffs)
    v.label = PARTIAL
    v.rule = (f"only part backed: “{unbacked.text}”: read against {_sentences(unbacked.columns)}, P(e) = "
              f"{unbacked.reading[0]:.2f} (< {preset.joint_support}); “{part.text}” backed by "
              f"{_sentences(part.columns)}, P(e) = {part.reading[0]:.2f}; {v.rule}")
    return v
