"""Stage `verdict`: each claim of the row decided from its judged pairs by the preset's rule (VeriGround's fused
score, bands and contradiction override, grounding.verdict; or the learned model of the engine).

A Contradicted verdict whose anchor pair the model did not read as a contradiction (the quantity rule: "rose by
6%" against "6% less", a pair the model read as support or as nothing; the sentences read together; a preset's
lowest band) also shows in the maps: the anchor's cell turns contradicting, so a user never sees green or
nothing under a Contradicted verdict, and the map's rates (HCR) and the gold Citation F1 count what the verdict
says. So does an Unsupported verdict of the denial rule: the supporting cell of the sentence that names the claim
only as not done or still to come turns to no evidence. The model's own reading of the cell is kept (`SignedMap.ruled`) and put back when the verdict settings
change (pipeline.rederive).
"""
from __future__ import annotations

from typing import Callable, Iterable, Optional

from grounding import (before_closing, clauses, conditions, exceptions, excluded, number_rules, overclaim, overrides,
                       parts, siblings, stated, superlatives, sureness, unmentioned, verdict)
from grounding.config import GroundingConfig, VerdictPreset
from grounding.events import EVENT_RULE
from grounding.prohibited import LIMIT_RULE
from grounding.stages import Run
from grounding.types import (CONTRADICTED, PARTIAL, SUPPORTED, UNSUPPORTED, EntityDiff, GroundingResult, PairScore, RuledCell,
                             SignedMap, Verdict)


NEAREST_NOTE = "its most similar context sentence, read because no other reached it"   # Claim.nearest


def decide_claim(result: GroundingResult, config: GroundingConfig, preset: VerdictPreset, k: int,
                 pairs: list[PairScore], diffs: dict[int, EntityDiff], best: Optional[int],
                 best_cosine: Optional[float]) -> Verdict:
    """Claim k's verdict; `best` / `best_cosine`: its most similar context sentence, for when nothing was judged."""
    ctx = result.context_sentences
    claim = result.claims[k]
    # their reading together took one's words for another's
    mixed = verdict.mixed_up(preset, claim, pairs, config.tau, [s.text for s in ctx])
    joint = None if mixed else claim.joint
    together = claim.joint_columns and any(p.judged for p in pairs) and verdict.joint_label(preset, joint)
    probs = learned_reading(result, config, claim, pairs, best_cosine)
    if not preset.learned or together:   # the sentences read together decide first, when the preset says so
        v = verdict.decide(k, pairs, preset, diffs, best, best_cosine, config.tau, joint, claim.joint_columns)
        if mixed:
            v.rule += f"; not read together: {mixed}"
    else:
        from grounding import learned
        model = learned.load(config.models_dir, result.engine)
        v = verdict.decide_learned(k, claim.text, pairs, preset, model, diffs, [s.text for s in ctx],
                                   best, best_cosine, claim.joint, tau=config.tau, probs=probs)
    base_label = v.label
    v = overrides.alone_override(v, preset, claim, pairs, [s.text for s in ctx], diffs)
    v = clauses.clause_override(v, preset, claim, [s.text for s in ctx])
    v = exceptions.exception_override(v, preset, claim.text, pairs, claim.joint_columns, [s.text for s in ctx], diffs)
    v = conditions.backed_override(v, preset, claim.text, [s.text for s in ctx], pairs, config.tau)
    v = stated.stated_override(v, preset, claim.text, pairs, [s.text for s in ctx], diffs)
    v = overrides.list_override(v, preset, claim.text, [s.text for s in ctx])
    v = unmentioned.unmentioned_override(v, preset, claim.text, [s.text for s in ctx])
    v = number_rules.event_override(v, preset, claim)
    v = number_rules.other_kind_override(v, preset, claim.text,
                                         ctx[v.anchor].text if v.anchor is not None and v.score is not None else None)
    v = number_rules.limit_override(v, preset, claim, [s.text for s in ctx], pairs, diffs)
    v = number_rules.quantity_override(v, preset, result.claims[k].text,
                                  ctx[v.anchor].text if v.anchor is not None and v.score is not None else None,
                                  said=_resolved(result, k), context_texts=[s.text for s in ctx])
    v = number_rules.quantity_together(v, preset, claim, pairs, [s.text for s in ctx], diffs)
    v = overrides.denial_override(v, preset, claim.text, pairs, claim.joint_columns, [s.text for s in ctx], diffs)
    v = overrides.reversal_override(v, preset, claim.text, pairs, claim.joint_columns, [s.text for s in ctx], diffs)
    v = number_rules.figures_override(v, preset, claim.text, pairs, claim.joint_columns, [s.text for s in ctx], diffs)
    v = before_closing.before_closing_override(v, preset, claim.text, ctx, pairs, diffs)   # "45 minutes before closing"
    v = overrides.binding_override(v, preset, claim.text, pairs, claim.joint_columns, [s.text for s in ctx], diffs)
    v = siblings.sibling_override(v, preset, claim.text, pairs, [s.text for s in ctx], config.tau)
    v = overrides.cause_override(v, preset, claim.text, pairs, claim.joint_columns, [s.text for s in ctx], diffs)
    v = overrides.deed_override(v, preset, claim.text, pairs, claim.joint_columns, [s.text for s in ctx], diffs)
    v = superlatives.superlative_override(v, preset, claim.text, pairs, claim.joint_columns, [s.text for s in ctx],
                                          diffs)
    v = parts.parts_override(v, preset, claim, pairs, diffs, [s.text for s in ctx])
    v = excluded.excluded_override(v, preset, claim.text, ctx, pairs, claim.joint_columns, diffs)   # "What is not covered"
    v = overrides.overclaim_partial(v, preset, claim.text, pairs, claim.joint_columns, [s.text for s in ctx], diffs,
                                    whole=claim.alone_column if claim.alone_entails else None)
    if v.conflicting is not None and v.label in (SUPPORTED, PARTIAL) and v.conflicting in (claim.alone_cleared or ()):
        v.conflicting = None   # the scorer's lean against it, which the entailment model reading it alone does not share
    v = number_rules.quantity_note(v, preset, result.claims[k].text, pairs, [s.text for s in ctx], diffs)
    if v.conflicting is not None and config.joint_siblings:
        from grounding.siblings import about_another
        if about_another(claim.text, ctx[v.conflicting].text):   # not the other side: another subject's sentence
            v.conflicting = None
    if v.label == CONTRADICTED and v.conflicting is not None and v.anchor is not None \
            and v.rule.startswith(("read together, ", "judged alone, ")) \
            and verdict.subject_apart(claim.text, ctx[v.anchor].text, ctx[v.conflicting].text):
        v.conflicting = None   # the model's backing side never names what the claim is about: no disagreement
    v.entities = read_together(v, claim.joint_columns, diffs)
    v = partly_read(v, result.claims[k].truncated)
    if claim.nearest is not None and v.anchor == claim.nearest and v.cosine is not None:
        v = _far_nearest(v, config, preset, claim.joint, claim.text, [s.text for s in ctx])
        v.rule += f" ({NEAREST_NOTE}: cosine {v.cosine:.2f}, below τ {config.tau:g})"
    return sureness.attach(v, config, result.engine, probs, base_label, result.claims[k].truncated,
                           nearest=claim.nearest is not None)


FAR_NEAREST = "too far to contradict it"
# below this cosine the one sentence read speaks of other things where the claim's subject is nowhere in the sources;
# chosen on the evidence train sets: at 0.45 to 0.49 the rule had turned five right contradictions of claims whose
# subject the sources say in other words ("Medications to treat obesity", "Evidence suggests …")
FAR_SUBJECT = 0.4


def _far_nearest(v: Verdict, config: GroundingConfig, preset: VerdictPreset, joint: Optional[list[float]],
                 claim_text: str, context_texts: list[str]) -> Verdict:
    """A claim the model alone (no rule found a conflict) made Contradicted by the one sentence read because nothing
    else reached it, with cosine below judge_floor (the least a sentence below τ needs to be judged beside others),
    where the model is not sure of it (P(c) below the preset's joint_contradict), is Unsupported: so far from the
    claim, the sentence speaks of something else, and the model's lean against it is its reading of a sentence on
    another matter ("The company will open a new factory in Asia" against "It also announced plans to cut 1,200 jobs
    in Europe", cosine 0.29, P(c) 0.60). A sure reading stands: a short claim that opens with a pronoun is far from
    every sentence ("It opened on schedule" against "… opened to traffic in May 2024, two years later than planned",
    cosine 0.27, P(c) 0.92). Sure or not, a reading of it against a claim whose subject no context sentence names
    is Unsupported too, below FAR_SUBJECT (unmentioned.subject_unmentioned: "Trains will be cancelled" against
    "Schools in the area will stay open …", cosine 0.36, P(c) 0.89): the sources say nothing of it."""
    sure = preset.joint_contradict if preset.joint_contradict is not None else 0.7
    contradict = joint[2] if joint is not None else v.contradict
    if v.label != CONTRADICTED or v.anchor_conflict or contradict is None:
        return v
    if v.cosine < FAR_SUBJECT and (missing := unmentioned.subject_unmentioned(claim_text, context_texts)) is not None:
        return v.made_unsupported(f"{FAR_NEAREST}: the sources never name “{missing}”", sep=": ")
    if v.cosine >= config.judge_floor or contradict >= sure:
        return v
    return v.made_unsupported(f"{FAR_NEAREST} (cosine {v.cosine:.2f} < judge_floor {config.judge_floor:g})", sep=": ")


def _resolved(result: GroundingResult, k: int) -> Optional[str]:
    """Claim k with its opening pronoun named (grounding.referents), where it opens with one, else None."""
    from grounding import referents
    text = referents.resolved_claim(result, k)
    return text if text != result.claims[k].text else None


def learned_reading(result: GroundingResult, config: GroundingConfig, claim, pairs: list[PairScore],
                    best_cosine: Optional[float]):
    """The engine's learned verdict model's P(Supported), P(Unsupported), P(Contradicted) for the claim (what preset
    `learned` decides by, and what every preset's sureness reads), or None where the model set has none."""
    from grounding import learned
    try:
        model = learned.load(config.models_dir, result.engine)
    except ValueError:
        return None
    x = learned.claim_features(claim.text, pairs, [s.text for s in result.context_sentences], best_cosine, claim.joint)
    return model.probabilities(x)[0]


def read_together(v: Verdict, columns, diffs: dict[int, EntityDiff]) -> EntityDiff:
    """The anchor's differences, less the claim's entities that another of the sentences read together states, when
    those sentences decided (the explanation had said "the claim says five, 18 million euros" against "over four
    years" though the sentence read with it gives "18 million euros")."""
    e = v.entities
    if not e.claim_only or not v.rule.startswith("read together, ") or v.anchor not in columns:
        return e
    elsewhere = {t for c in columns if c != v.anchor and c in diffs for t in diffs[c].shared}
    if not elsewhere & set(e.claim_only):
        return e
    return EntityDiff(shared=list(e.shared), claim_only=[t for t in e.claim_only if t not in elsewhere],
                      context_only=list(e.context_only))


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
    show_rules(state.result.sentence_map, state.verdicts, lambda v: state.result.claims[v.claim].sentence,
               lambda v: state.result.claims[v.claim].alone_cleared or ())


# the rule a Contradicted verdict's ruled cell is named after, by the verdict's rule text
RULE_NAMES = (("said the other way round", "the reversal rule"), ("said of another subject", "the binding rule"),
              ("said with another verb", "the binding rule"), ("said for another case", "the binding rule"),
              ("another cause", "the cause rule"),
              ("another doer", "the doer rule"), ("another place", "the place rule"), ("another object", "the object rule"),
              ("another owner", "the doer rule"), ("another holder", "the superlative rule"),
              ("a part contradicted", "the parts rule"), (overrides.DONE_ALREADY, "the denial rule"),
              (clauses.CLAUSE_RULE, "the clause rule"), (overclaim.ANY_RULE, "the any rule"))


def show_rules(smap: Optional[SignedMap], verdicts: list[Verdict], row_of: Callable[[Verdict], Optional[int]],
               cleared: Callable[[Verdict], Iterable[int]] = lambda v: ()) -> None:
    """The anchor cell of each verdict a rule decided against the model's reading of that cell, shown as the verdict
    reads it in `smap`, the model's reading and what decided kept in `smap.ruled`. `row_of`: the map row of a
    verdict's claim (None: the claim has no row there).
    - Contradicted where the cell is not contradicting (the quantity rule, `Verdict.anchor_conflict`; the sentences
      read together; a preset's lowest band): value -cosine, label -1.
    - Supported on the one sentence read because nothing else reached the claim (Claim.nearest), or because the
      sentence's figures bear the claim's comparison out (number_rules.figures_override), or one of its clauses backs
      the claim and none leans against it (clauses.clause_override),
      because it names the claim's subject as its exception (exceptions.exception_override), or because it backs
      the claim in a way the model reads the other way round (conditions.backed_override: a condition it lifts, a
      state's end), or because read as the limit it states it entails the claim (number_rules.limit_override),
      where the cell is not supporting: value +cosine, label +1.
    - Unsupported by the list rule (overrides.list_override), the date rule (number_rules.event_override), the
      limit rule (number_rules.limit_override) or as too far to contradict it (`_far_nearest`) where the cell is
      contradicting: value 0, label 0.
    - Unsupported by the denial rule where the cell is supporting ("will enroll 300 patients" against "enrolled 300
      patients"), or the kind rule (grounding.siblings: another of the claim's kind), or because the sentences read together lean to contradiction (verdict.doubted): value 0, label 0,
      no evidence; not where another claim of the same row is backed by that sentence (the claims engine's sentence
      map: the row's other claim keeps its support).
    - `cleared(v)`: the sentences whose scorer reading the entailment model, reading each alone against the claim,
      does not share (`Claim.alone_cleared`), where the scorer read support (green under a claim the sentences read
      together contradict), other than the verdict's anchor and the sentence it names as the other side: value 0,
      label 0. Its red under a claim they back stays (the explanation says whose reading it is): clearing those too
      cost the train sets' dev carve Citation F1 (0.4878 against 0.4905 for the greens alone, README)."""
    if smap is None:
        return
    for v in verdicts:
        row = row_of(v)
        for j in cleared(v) if row is not None and 0 <= row < len(smap.labels) else ():
            if j in (v.anchor, v.conflicting) or not 0 <= j < len(smap.labels[row]) or smap.labels[row][j] <= 0 \
                    or any(c.row == row and c.column == j for c in smap.ruled):
                continue
            note = ("read alone: the entailment model, reading this sentence alone against the claim, does not read it "
                    "as supporting it (the scorer did)")
            smap.ruled.append(RuledCell(row=row, column=j, value=smap.values[row][j], label=smap.labels[row][j], note=note))
            smap.values[row][j], smap.labels[row][j] = 0.0, 0
    for v in verdicts:
        red = v.label == CONTRADICTED and v.score is not None
        listed = v.label == UNSUPPORTED and (v.rule.startswith(("an open list: ", EVENT_RULE, LIMIT_RULE,
                                                                number_rules.OTHER_KIND_RULE, unmentioned.UNMENTIONED_RULE))
                                             and bool(v.anchor_conflict) or v.rule.startswith(FAR_NEAREST))
        denied = v.label == UNSUPPORTED and (v.rule.startswith(("denied mention: ", siblings.SIBLING_RULE))
                                             and bool(v.anchor_conflict)
                                             or v.rule.startswith(verdict.DOUBTED)) or listed
        borne = v.label == SUPPORTED and (v.rule.startswith((number_rules.FIGURES_RULE, exceptions.EXCEPTION_RULE,
                                                             stated.STATED_RULE, LIMIT_RULE, clauses.CLAUSE_RULE,
                                                             *conditions.NOTES))
                                          or NEAREST_NOTE in v.rule)
        decided = (red or denied or borne) and v.anchor is not None and v.cosine is not None
        row = row_of(v) if decided else None
        if row is None or not (0 <= row < len(smap.labels) and 0 <= v.anchor < len(smap.labels[row])):
            continue
        j = v.anchor
        if (smap.labels[row][j] < 0 if red else smap.labels[row][j] > 0 if borne else smap.labels[row][j] >= 0 if listed
                else smap.labels[row][j] <= 0) \
                or any(c.row == row and c.column == j for c in smap.ruled):
            continue
        if denied and any(o is not v and o.label in (SUPPORTED, PARTIAL) and o.anchor == j and row_of(o) == row
                          for o in verdicts):
            continue
        rule = ("the date rule" if v.rule.startswith(EVENT_RULE) else "the limit rule" if v.rule.startswith(LIMIT_RULE)
                else "the figures-of-another-kind rule" if v.rule.startswith(number_rules.OTHER_KIND_RULE)
                else "the mention rule" if v.rule.startswith(unmentioned.UNMENTIONED_RULE)
                else "the list rule") if listed else \
            "the kind rule" if v.rule.startswith(siblings.SIBLING_RULE) else "the denial rule" if denied else \
            next((name for prefix, name in RULE_NAMES if v.rule.startswith(prefix)), "the quantity rule")
        rule = "the exception rule" if v.rule.startswith(exceptions.EXCEPTION_RULE) else \
            "the condition rule" if v.rule.startswith((conditions.CONDITION_RULE, conditions.WITHHELD_RULE)) else \
            "the until rule" if v.rule.startswith(conditions.UNTIL_RULE) else rule
        note = f"the distance rule: {v.rule.split(' (', 1)[0]} (cosine {v.cosine:.2f}, below judge_floor): the " \
            "model's lean against it is no evidence" if v.rule.startswith(FAR_NEAREST) else \
            f"{rule}: {v.anchor_conflict}" if v.anchor_conflict else \
            f"the word-for-word rule: {v.rule.split(': ', 1)[1].split(' (')[0]}" \
            if v.rule.startswith(stated.STATED_RULE) else \
            "read alone by the entailment model, as the most similar sentence to a claim no other reached (the scorer "\
            "read nothing here)" if NEAREST_NOTE in v.rule else \
            "the limit rule: read as the limit it states, the sentence entails the claim (the model read its “not” as "\
            "a contradiction)" if v.rule.startswith(LIMIT_RULE) else \
            f"the figures rule: {v.rule.split(': ', 1)[1].split(' (context sentence')[0]}" if borne else \
            f"the verdict's rule: {v.rule}"
        smap.ruled.append(RuledCell(row=row, column=j, value=smap.values[row][j], label=smap.labels[row][j], note=note))
        cosine = round(abs(float(v.cosine)), 4)
        smap.values[row][j], smap.labels[row][j] = (0.0, 0) if denied else (cosine, 1) if borne else (-cosine, -1)


def clear_rules(smap: Optional[SignedMap]) -> None:
    """Put the model's reading back into every cell a rule set (before the verdicts are decided again)."""
    if smap is None:
        return
    for c in reversed(smap.ruled):
        smap.values[c.row][c.column], smap.labels[c.row][c.column] = c.value, c.label
    smap.ruled = []
