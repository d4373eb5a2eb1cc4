"""The rules that read numbers to amend a verdict (see grounding.overrides for all the rules and their order):
another value of the claim's figure (quantity_override, quantity_together, quantity_note), a comparison of two
groups read against their figures (figures_override, grounding.compared), the date of another event
(event_override) and a limit said as a prohibition (limit_override).
"""
from __future__ import annotations

import re

from grounding.config import VerdictPreset
from grounding.invisible import judged_text
from grounding.overrides import DONE_ALREADY, move_anchor
from grounding.types import (CONTRADICTED, PARTIAL, SUPPORTED, UNSUPPORTED, Claim, EntityDiff, PairScore, Verdict)

QUANTITY_NOTE_COSINE = 0.6


def quantity_note(v: Verdict, preset: VerdictPreset, claim_text: str, pairs: list[PairScore],
                  context_texts: list[str], entity_diffs: dict[int, EntityDiff]) -> Verdict:
    """A backed claim that names no conflicting sentence yet names a judged one (not its anchor) that gives another
    value for the same quantity ("50 mg" vs "25 mg, not 50 mg"; learned.quantity_conflicts, where the same verb or
    the same measured noun governs both values, values.same_quantity: not "reach 20 gigawatts … by 2030" against
    "added 1.8 gigawatts … in 2023") with cosine at least QUANTITY_NOTE_COSINE, the most similar such, when the
    note is on (the preset's conflict_note), and none that backs the claim in a way the model reads the other way
    round (conditions.backing: "open Tuesday to Sunday" for "closed on Mondays"). The label stays, unless that
    sentence names the claim's subject and the anchor does not (`own_subject`: "Electronics … within 14 days" beside
    "most items … within 30 days"; figures, `_FIGURE`: digits, or a count or frequency in words; an anchor that does
    not open with a pronoun): then Contradicted, anchored there, the anchor named as the other side, with the
    quantity_override on. A Contradicted claim's other side (named as backing it) that gives another value of its
    figure, with cosine at least quantity_override, becomes the anchor ("The school expects to reopen on Monday": "We
    hope to reopen on Tuesday" had been named as backing it, P(e) 0.93)."""
    from grounding.learned import quantity_conflicts
    if v.label == CONTRADICTED and v.conflicting is not None and preset.quantity_override is not None:
        side = next((p for p in pairs if p.column == v.conflicting and p.judged), None)
        found = quantity_conflicts(claim_text, context_texts[side.column], same_figure=True) \
            if side is not None and side.cosine >= preset.quantity_override else []
        if found:
            v.anchor_conflict = ", ".join(f"the claim says {c}, the source {x}" for c, x in found)
            v.rule = (f"quantity override: {v.anchor_conflict} (context sentence {side.column + 1}, "
                      f"cosine {side.cosine:.2f} >= {preset.quantity_override})")
            move_anchor(v, side, preset, entity_diffs)
        return v
    if v.label not in (SUPPORTED, PARTIAL) or preset.conflict_note is None:
        return v
    from grounding.conditions import backing       # "open Tuesday to Sunday" backs "closed on Mondays": no other side
    if v.conflicting is not None and backing(claim_text, context_texts[v.conflicting]) is not None:
        v.conflicting = None
    against = [(p, found) for p in pairs if p.judged and p.column != v.anchor and p.cosine >= QUANTITY_NOTE_COSINE
               and (v.conflicting is None or p.column == v.conflicting)
               and (found := quantity_conflicts(claim_text, context_texts[p.column], same_figure=True))
               and backing(claim_text, context_texts[p.column]) is None]
    if not against:
        return v
    side, found = max(against, key=lambda x: x[0].cosine)
    v.conflicting = side.column
    if preset.quantity_override is not None and v.anchor is not None and all(_FIGURE.search(c) for c, _ in found) \
            and (named := own_subject(claim_text, context_texts[side.column], context_texts[v.anchor])):
        what = ", ".join(f"the claim says {c}, the source {x}" for c, x in found)
        v.label, v.anchor_conflict = CONTRADICTED, what
        v.rule = (f"{OWN_SUBJECT_RULE}: {what} (context sentence {side.column + 1} names “{named}”, context "
                  f"sentence {v.anchor + 1} does not); {v.rule}")
        general = v.anchor
        move_anchor(v, side, preset, entity_diffs)
        v.conflicting = general          # named as the other side: it backs the claim, of things in general
    return v


OWN_SUBJECT_RULE = "said of the claim's own subject"
# a figure: digits, or a count or frequency in words ("every three weeks", "weekly")
_FIGURE = re.compile(r"\d|\b(?:one|two|three|four|five|six|seven|eight|nine|ten|twelve|twenty|hundred|daily|weekly"
                     r"|monthly|yearly|annually|fortnightly|twice|once)\b", re.IGNORECASE)
# what says a sentence speaks in general terms: "You can return most items …", "All orders …", "Standard delivery …"
_GENERAL = re.compile(r"\b(?:most|all|every|any|other|others|everything|anything|generally|usually|normally|standard|"
                      r"in general|as a rule|you|your)\b", re.IGNORECASE)


def own_subject(claim_text: str, named: str, general: str) -> str:
    """The claim's subject (binding.claim_subject: its head word, and the words that qualify it) as `named` writes
    it, the subject there too, where `general` does not write them all and speaks in general terms (`_GENERAL`:
    "most", "all", "you", "standard", …; not a figure of another scope, "acidity has increased 6 percent in the upper
    100 meters of the Pacific"), or does not write the subject's head at all (a sentence of another thing: "Food
    waste will be collected every three weeks" against "Food waste will still be collected weekly" beside "… black bins
    will be emptied every three weeks"): "Electronics can be returned within 30 days" against "Electronics can be
    returned within 14 days" beside "You can return most items within 30 days"; else ""."""
    from grounding.binding import claim_subject
    from grounding.values import OPENING_PRONOUN
    subject = claim_subject(claim_text)
    if subject is None:
        return ""
    head, marks = subject
    stem = re.compile(rf"(?<!\w){re.escape(head[:max(3, len(head) - 2)])}\w*", re.IGNORECASE)
    def written(text: str):      # where the head and every word qualifying it are written: (start, end), else None
        found = stem.search(text)
        spots = [re.search(rf"\b{re.escape(m)}\b", text, re.I) for m in marks]
        return None if found is None or None in spots else (min([found.start()] + [x.start() for x in spots]), found.end())
    span = written(named)
    if span is None or written(general) is not None or OPENING_PRONOUN.match(general) \
            or not _GENERAL.search(general) and stem.search(general):   # of another scope, not general; or of another
        return ""       # thing ("black bins … every three weeks" for food waste); "It is closed …": the subject
    from grounding.decompose import parse         # the subject there too, not a word on the way ("48,600 individuals")
    if not any(t.lemma_.lower() == head and t.dep_ in ("nsubj", "nsubjpass") for t in parse(named)):
        return ""
    return named[span[0]:span[1]] if span[1] - span[0] <= 40 else named[stem.search(named).start():span[1]]


def quantity_override(v: Verdict, preset: VerdictPreset, claim_text: str, anchor_text: str | None,
                      said: str | None = None, context_texts: list[str] | None = None) -> Verdict:
    """A backed or unsupported claim whose anchor gives another value for the same quantity is Contradicted (the
    preset's quantity_override: the least anchor cosine at which the sentence counts as speaking of the same thing;
    "Hackers stole the data of 2 million customers" against "… the personal data of about 1.2 million customers …
    had been copied" was Unsupported, P(c) 0.59); with direction_override only the same value moving the other way
    does ("rose by 6%" vs "6% less"): a sentence stating the claim's own value and denying its direction contradicts
    it, whatever the entailment model made of the pair (it read "rose by 6%" against "6% less than in 2022" as P(e)
    0.30, neither support nor contradiction). `anchor_conflict` keeps what it found: the maps show the anchor's cell
    contradicting (stages.verdict.show_rules). `said`: the claim with its opening pronoun named (grounding.referents:
    "It is taught over 12 weeks" after "The course costs £1,200" is "The course is taught over 12 weeks"), read where
    the claim as written gives no conflict: a pronoun names no subject to tie its figure to the sentence's ("The
    course runs for 10 weeks" was Supported, P(e) 0.91). `context_texts`: a value another sentence states of the
    same thing is no conflict (grounding.elsewhere: "late pick-up until 5:30pm" against "Core day: 9:00am to 4:00pm",
    where "Late pick-up: until 5:30pm" follows)."""
    from grounding.learned import quantity_conflicts
    backed = v.label in (SUPPORTED, PARTIAL)
    if not (backed or v.label == UNSUPPORTED) or anchor_text is None or v.cosine is None:
        return v
    least = _least(v, preset.quantity_override)
    values = least is not None and v.cosine >= least
    moves = preset.direction_override is not None and v.cosine >= _least(v, preset.direction_override)
    # "over 65" against "under 65" turns only a claim the model read as backed: a sentence on the other group alone
    # does not say the claim's group lacks what the claim gives it
    conflicts = quantity_conflicts(claim_text, anchor_text, values=values, same_figure=True,
                                   bounds=backed) if values or moves else []
    if not conflicts and said and (values or moves):
        conflicts = quantity_conflicts(said, anchor_text, values=values, same_figure=True, bounds=backed)
    if conflicts and context_texts:
        from grounding.elsewhere import stated_elsewhere
        conflicts = [c for c in conflicts if stated_elsewhere(claim_text, c, anchor_text, context_texts) is None]
    from grounding.conditions import backing
    if not conflicts or backing(said or claim_text, anchor_text) is not None:   # "closed on Mondays" / "open
        return v                                                                # Tuesday to Sunday" backs it
    what = ", ".join(f"the claim says {c}, the source {x}" for c, x in conflicts)
    least = least if values else _least(v, preset.direction_override)
    v.label, v.rule = CONTRADICTED, f"quantity override: {what} (anchor cosine {v.cosine:.2f} >= {least})"
    v.conflicting, v.anchor_conflict = None, what
    return v


READ_LEAST = 0.3


def _least(v: Verdict, least: float | None) -> float | None:
    """The least anchor cosine at which the anchor speaks of the claim's figure: the preset's, or READ_LEAST where
    the entailment model, reading the anchor (alone or with the others), decided the claim backed, or leaned to
    contradiction, its anchor alone or the sentences read together (verdict.DOUBTED): "Trains run once an hour"
    against "… runs every half hour during the day", cosine 0.49, P(c) 0.59."""
    from grounding.verdict import DOUBTED
    leans = v.contradict is not None and v.contradict >= 0.5 and v.contradict > (v.entail or 0.0)
    if least is None or not (leans or v.rule.startswith(("judged alone, ", "read together, ", DOUBTED))):
        return least
    return min(least, READ_LEAST)


def _own_key(own: dict, said: str, theirs: str = ""):
    """The (key, unit) of the claim's value a conflict names with its unit or direction ("150 minutes", "6% (rose)"),
    or within its words ("within 14 days", "over one to seven years"; not a value the source's side names too: "at
    least eight" / "do not take more than eight" is the same figure bounded the other way)."""
    def within(surface: str, text: str) -> bool:
        return re.search(rf"(?<![\w.,]){re.escape(surface)}(?![\w.,])", text) is not None
    found = [surface for surface in own if said.split(" (")[0] == surface or said.startswith(surface + " ")] or \
        [surface for surface in own if within(surface, said) and not within(surface, theirs)]
    return own[max(found, key=len)] if found else None


def _agreed(claim: str, said: str, texts: list[str]) -> bool:
    """Whether a sentence read together gives the value a conflict names of the claim as the claim can hold it
    (values.values_agree: "a standing charge of about 48p a day" / "standing charge 48.20p per day", where the gas
    line's "5.87p" had been named against it)."""
    from grounding.entities import mentions
    from grounding.ranges import in_range
    from grounding.units import _unit_after, same_unit
    from grounding.values import values_agree
    from grounding.bounds import _side
    ours = [m for m in mentions(claim) if (said.split(" (")[0] == m.surface or said.startswith(m.surface + " "))
            and not _side(" ".join(claim[max(0, m.start - 30):m.start].split()))]   # a bound agrees with too much
    # of its kind and unit ("aged 6 to 8 years" gives no "at least 6 hours"), no end of a range
    return any(values_agree(claim, c, text, x) for c in ours for text in texts for x in mentions(text)
               if x.kind == c.kind and not in_range(text, x)
               and (c.kind != "number" or same_unit(_unit_after(claim, c.end), _unit_after(text, x.end), True)))


def quantity_together(v: Verdict, preset: VerdictPreset, claim: Claim, pairs: list[PairScore], context_texts: list[str],
                      entity_diffs: dict[int, EntityDiff]) -> Verdict:
    """`quantity_override` for the other sentences read together, when they decided a backed verdict: one of them
    (cosine at least quantity_override, or the sentence right after the anchor going on with a pronoun: "They last 45
    minutes" after "Free highlights tours leave … every Saturday") gives another value of the claim's figure that
    cannot also be true, and none of them, nor a sentence nearer the claim than that one, states the claim's own as
    the same figure ("due to open in 2030" against "The tunnel is due to open in 2032", read with the sentence on the
    tunnel's length: P(e) 0.96; "Recycling will be collected every three weeks" against "Recycling will still be
    collected every two weeks", read with "general waste will be collected every three weeks": another subject's
    value, values.another_subject). Contradicted, anchored on that sentence (judged; else the anchor stays)."""
    if preset.quantity_override is None or v.label not in (SUPPORTED, PARTIAL) or len(claim.joint_columns) < 2 \
            or not v.rule.startswith("read together, "):
        return v
    from grounding.entities import mentions
    from grounding.learned import quantity_conflicts
    judged = {p.column: p for p in pairs if p.judged}
    from grounding.units import _unit_after     # a number is stated with its unit: "aged 6" does not state "6 hours"
    def keyed(text: str, m, end=None):
        return m.key, _unit_after(text, m.end if end is None else end) if m.kind == "number" else ""
    own = {m.surface: keyed(claim.text, m) for m in mentions(claim.text)}
    from grounding.entities import occurrences     # every place a value is written: "every four to six hours, no more
    # than four tablets" states four tablets
    # the claim's own value stated, but not of another subject: "general waste … every three weeks" does not state
    # "Recycling will be collected every three weeks" (values.another_subject: one verb, two named subjects)
    from grounding.values import another_subject
    from grounding.elsewhere import stated_elsewhere   # of the same thing, however far ("(parcels up to 2kg)")
    surfaces = {key: surface for surface, key in own.items()}
    def stated(columns) -> set:      # a day's date states its month's too ("1 September 2021" / "September 2021")
        found = {key for c in columns for m in mentions(context_texts[c]) for x in occurrences(m.surface, context_texts[c])
                 if (key := keyed(context_texts[c], m, x.end())) not in surfaces
                 or not another_subject(claim.text, surfaces[key], context_texts[c], m.surface)}
        return found | {(key[:7], unit) for key, unit in found if re.fullmatch(r"\d{4}-\d\d-\d\d", key)}
    read = stated(claim.joint_columns)
    from grounding.values import OPENING_PRONOUN   # a sentence that goes on of the anchor's subject ("They last 45
    # minutes" after "Free highlights tours leave … every Saturday"), however unlike the claim its pronoun makes it
    every = {p.column: p for p in pairs}
    def cosine(c: int) -> float:
        return every[c].cosine if c in every else 0.0
    def goes_on(c: int) -> bool:
        return v.anchor is not None and c == v.anchor + 1 and OPENING_PRONOUN.match(context_texts[c]) is not None
    for column in sorted((c for c in claim.joint_columns if c != v.anchor and (
            c in judged and judged[c].cosine >= preset.quantity_override or goes_on(c))), key=lambda c: (-cosine(c), c)):
        conflicts = quantity_conflicts(claim.text, context_texts[column], values=True, same_figure=True)
        # nor by a sentence nearer the claim than the one that differs, read or not: "Gifts that haven't been
        # activated can be refunded within 14 days of purchase" against "… activate the gift within 12 months of
        # purchase", the source's own words for the claim's a sentence further on
        nearer = [p.column for p in pairs if p.cosine > cosine(column) and p.column not in claim.joint_columns]
        said = read | stated(nearer) if conflicts and nearer else read
        conflicts = [(c, x) for c, x in conflicts if _own_key(own, c, x) not in said
                     and not _agreed(claim.text, c, [context_texts[j] for j in claim.joint_columns])
                     and stated_elsewhere(claim.text, (c, x), context_texts[column], context_texts) is None]
        if conflicts:
            what = ", ".join(f"the claim says {c}, the source {x}" for c, x in conflicts)
            v.label, v.conflicting, v.anchor_conflict = CONTRADICTED, None, what
            how = (f"cosine {cosine(column):.2f} >= {preset.quantity_override}" if column in judged
                   and judged[column].cosine >= preset.quantity_override else f"going on from context sentence {v.anchor + 1}")
            v.rule = f"quantity override: {what} (context sentence {column + 1}, read together with the others, {how})"
            move_anchor(v, judged.get(column), preset, entity_diffs)
            return v
    return v


FIGURES_RULE = "borne out by the figures"


def figures_override(v: Verdict, preset: VerdictPreset, claim_text: str, pairs: list[PairScore], joint_columns,
                     context_texts: list[str], entity_diffs: dict[int, EntityDiff]) -> Verdict:
    """A claim the model's reading left Partially supported, Unsupported or Contradicted (no rule decided it: no
    `anchor_conflict`, no overclaim, part or denial) that compares two groups on one measure in words, where one of
    its evidence sentences (judged with cosine at least the preset's reversal_override, or judged and read together)
    gives both groups' figures and they bear the comparison out (grounding.compared: "Fewer infections occurred in
    the vaccine group than in the placebo group" against "… 12 people in the vaccine group and 48 in the placebo
    group had caught the infection", which the context engine's scorer read as contradicting it, P(c) 0.87), and
    that sentence holds most of the claim's words (half, two at least): Supported, anchored on it; the maps show its
    cell as support; so do two places' hours compared (grounding.hours_compared: "The indoor pool opens earlier and
    closes later than the outdoor pool"). Figures that turn the comparison are the reversal rule's (reversal.reversals)."""
    if preset.reversal_override is None or v.label not in (PARTIAL, UNSUPPORTED, CONTRADICTED) or v.anchor_conflict \
            or v.rule.startswith(("stronger than the source", "only part backed", "denied mention", DONE_ALREADY)):
        return v
    from grounding.compared import against_figures, comparisons
    if not comparisons(claim_text) and not re.search(r"\bthan\b", claim_text, re.IGNORECASE):
        return v
    from grounding.overclaim import holds_most
    judged = {p.column: p for p in pairs if p.judged}
    columns = sorted((c for c, p in judged.items()
                      if p.cosine >= preset.reversal_override or c in (joint_columns or ())),
                     key=lambda c: (-judged[c].cosine, c))
    from grounding.hours_compared import against_hours      # or two places' hours ("opens earlier than …")
    for column in columns:
        found = against_figures(claim_text, context_texts[column]) or against_hours(claim_text, context_texts[column])
        if found and all(agrees for agrees, _, _ in found) and holds_most(claim_text, context_texts[column], 0.5, 2):
            what = "; ".join(f"the claim says “{said}”, the source gives {figures}" for _, said, figures in found)
            v.label, v.conflicting = SUPPORTED, None
            v.rule = f"{FIGURES_RULE}: {what} (context sentence {column + 1}); {v.rule}"
            move_anchor(v, judged[column], preset, entity_diffs)
            return v
    return v


def event_override(v: Verdict, preset: VerdictPreset, claim: Claim) -> Verdict:
    """A claim the model's reading made Contradicted (no rule found a conflict: no `anchor_conflict`) that dates one
    event, whose anchor, read with the claim's date in place of its own (`Claim.swapped`, stage judge_joint), neither
    entails nor contradicts it (neutral its most likely class), is Unsupported: the sentence dates another event ("The
    club was founded in 1902" against "In 2021 the club finished first in the league", P(c) 0.74; with 1902 in its
    place, P(n) 0.63), and the source does not say when the claim's happened (grounding.events). On with the preset's
    quantity_override."""
    from grounding.events import EVENT_RULE, dated_once
    if preset.quantity_override is None or v.label != CONTRADICTED or v.anchor_conflict or claim.swapped is None \
            or v.anchor is None or v.anchor != claim.swapped_column or dated_once(claim.text) is None:
        return v
    e, n, c = claim.swapped
    if n < max(e, c):
        return v
    return v.made_unsupported(f"{EVENT_RULE}: read with the claim's date in place of its own, context sentence "
                              f"{v.anchor + 1} neither entails nor contradicts the claim (P(n) = {n:.2f}, "
                              f"P(e) = {e:.2f}, P(c) = {c:.2f})", "it dates another event, not the claim's")


OTHER_KIND_RULE = "figures of another kind"
# a year is a date said to the year; a count, a share and an amount of money can be one figure ("120 of 400" / "30%")
_KIND = {"year": "date", "decade": "date", "percent": "number", "money": "number"}


def other_kind_override(v: Verdict, preset: VerdictPreset, claim_text: str, anchor_text: str | None) -> Verdict:
    """A claim the model's reading made Contradicted (no rule found a conflict) whose figures are all of other kinds
    than its anchor's (a time of day against a date and a count: "The race starts at 9am" against "Registration …
    closes on 30 September or when 20,000 runners have signed up", P(c) high on every engine) is Unsupported: the
    sentence gives other facts, and none of the claim's figure. Both must give a figure (entities.mentions, names
    aside); a count, a share and an amount are one kind here, a year and a date another, a length of time another,
    and a time ahead another ("The operation takes an hour" against "… for six hours before the operation"), though
    every day and the days of the week are one ("open every day" / "closed on Mondays", grounding.weekdays). Not
    where another reading decided it, several sentences read together or the override on any judged sentence (on
    the train sets' dev carve three such claims were gold Contradicted). On with the preset's quantity_override."""
    if preset.quantity_override is None or v.label != CONTRADICTED or v.anchor_conflict or anchor_text is None \
            or not v.rule.startswith("judged alone, "):    # its anchor alone decided (not several read together)
        return v
    ours, theirs = _kinds(judged_text(claim_text)), _kinds(judged_text(anchor_text))
    from grounding.weekdays import weekday_conflicts    # every day against days closed: kinds of one figure
    if not ours or not theirs or ours & theirs or weekday_conflicts(claim_text, anchor_text):
        return v
    return v.made_unsupported(f"{OTHER_KIND_RULE}: the claim gives {', '.join(sorted(ours))}, context sentence "
                              f"{v.anchor + 1} {', '.join(sorted(theirs))}",
                              "it gives figures of other kinds, none of the claim's")


_AGED = re.compile(r"\b(?:aged|ages?|age\s+of)\b", re.IGNORECASE)


def _kinds(text: str) -> set[str]:
    """The kinds of the figures of a text (`_KIND`), a length of time one ("length"), or a time ahead ("time ahead":
    "six hours before the operation", no length of "The operation takes an hour")."""
    from grounding.durations import _LEAD, durations
    from grounding.entities import mentions
    spans = [(d.start, d.end, "time ahead" if _LEAD.match(text, d.end) else "length") for d in durations(text)
             if not _AGED.search(text[max(0, d.start - 25):d.start])]     # "aged between 6 months and 5 years": ages
    kinds = {kind for _, _, kind in spans}
    for m in mentions(text):
        if m.kind != "named" and not any(a <= m.start < b for a, b, _ in spans):
            kinds.add(_KIND.get(m.kind, m.kind))
    return kinds


def limit_override(v: Verdict, preset: VerdictPreset, claim: Claim, context_texts: list[str], pairs: list[PairScore],
                   entity_diffs: dict[int, EntityDiff]) -> Verdict:
    """A claim whose judged sentence forbids going past the claim's figure, and which that sentence, read as the limit
    it states (`Claim.swapped`, grounding.prohibited: "Do not take more than eight tablets" as "Take at most eight
    tablets"), entails (entailment its most likely class): a Contradicted claim anchored there (no rule found a
    conflict) is Supported; a Partially supported or Unsupported one, or a backed one that names it as the other side,
    is Supported on it (the anchor moves there). Where the rewritten sentence neither entails nor contradicts a
    Contradicted claim anchored there, Unsupported. The model read the negation, not the limit. On with the preset's
    quantity_override."""
    from grounding.prohibited import LIMIT_RULE, as_limit
    j = claim.swapped_column
    if preset.quantity_override is None or v.anchor_conflict or claim.swapped is None or j is None \
            or as_limit(claim.text, context_texts[j]) is None:
        return v
    e, n, c = claim.swapped
    if v.label == CONTRADICTED and v.anchor == j and c < max(e, n):
        v.label = SUPPORTED if e >= n else UNSUPPORTED
    elif v.label != CONTRADICTED and e >= max(n, c) and (v.label != SUPPORTED or v.conflicting == j):
        move_anchor(v, next((p for p in pairs if p.column == j), None), preset, entity_diffs)
        if v.anchor != j:
            return v
        v.label = SUPPORTED
    else:
        return v
    v.conflicting, v.entail = None, e
    if v.label == UNSUPPORTED:
        v.anchor_conflict = "it states a limit that neither backs nor contradicts the claim"
    v.rule = (f"{LIMIT_RULE}: read as the limit it states, context sentence {j + 1} "
              f"{'entails' if v.label == SUPPORTED else 'neither entails nor contradicts'} the claim (P(e) = {e:.2f}, "
              f"P(n) = {n:.2f}, P(c) = {c:.2f}); {v.rule}")
    return v
