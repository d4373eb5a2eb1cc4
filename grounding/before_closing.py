"""A time the source gives as so long before closing: "On an ordinary day, the last chance to get into the temporary
exhibition is 4:15pm" against "Last entry to the temporary exhibition is 45 minutes before closing" beside "The
Whitlock is open Tuesday to Sunday, 10am to 5pm" (Contradicted on every engine, P(c) 0.76: no model does the sum;
everyday batch 139).

A claim the model's reading left Contradicted (no rule found a conflict), Unsupported or Partially supported that gives
one clock time, against a context sentence saying something is N minutes (or an hour, half an hour) before closing
that shares a content word with the claim beside the time words (by its first five letters), and closing times the
other sentences of its document give (the end of a span of hours: "10am to 5pm", "until 8pm"): where the claim's time
is one of those closing times less N, Supported, anchored on that sentence; where the document gives one closing time
and the claim's time is another, Contradicted.
"""
from __future__ import annotations

import re

from grounding.clock import CLOCK, minutes
from grounding.config import VerdictPreset
from grounding.types import CONTRADICTED, PARTIAL, SUPPORTED, UNSUPPORTED, EntityDiff, PairScore, Sentence, Verdict

BEFORE_CLOSING_RULE = "worked out from the closing time"

_BEFORE = re.compile(r"\b(?P<n>\d+|an|a|half\s+an)\s*(?P<unit>minutes?|mins?|hours?)\s+before\s+(?:closing|close|"
                     r"(?:the\s+)?[a-z]+(?:\s+[a-z]+)?\s+closes?)\b", re.IGNORECASE)
_CLOSES = re.compile(rf"(?:\bto|\buntil|\btill|-|–)\s*(?P<t>{CLOCK.pattern})", re.IGNORECASE)
_TIME_WORDS = frozenset("minut hours befor closi close last time entry chanc ordin usual".split())


def _offset(m: re.Match) -> int:
    n = m.group("n").lower()
    count = 0.5 if n.startswith("half") else 1 if n in ("a", "an") else int(n)
    return int(count * (60 if m.group("unit").lower().startswith("hour") else 1))


def before_closing_override(v: Verdict, preset: VerdictPreset, claim_text: str, sentences: list[Sentence],
                            pairs: list[PairScore], entity_diffs: dict[int, EntityDiff]) -> Verdict:
    """See the module docstring. On with the preset's reversal_override."""
    from grounding.overclaim import _stems
    from grounding.overrides import move_anchor
    if preset.reversal_override is None or v.anchor_conflict or v.label not in (CONTRADICTED, UNSUPPORTED, PARTIAL):
        return v
    times = CLOCK.findall(claim_text)
    if len(times) != 1 or _BEFORE.search(claim_text):
        return v
    said = minutes(times[0])
    words = _stems(claim_text) - _TIME_WORDS
    for s in sentences:
        m = _BEFORE.search(s.text)
        if m is None or not words & (_stems(s.text) - _TIME_WORDS):
            continue
        closing = {minutes(c.group("t")) for o in sentences if o.source == s.source and o is not s
                   for c in _CLOSES.finditer(o.text)}
        if not closing:
            continue
        worked = {c - _offset(m) for c in closing}
        if said in worked:
            label, how = SUPPORTED, "the claim's time is"
        elif len(closing) == 1:
            label, how = CONTRADICTED, "the claim gives another time than"
        else:
            continue
        close = min(closing, key=lambda c: abs(c - _offset(m) - said))
        v.label, v.conflicting = label, None
        v.rule = (f"{BEFORE_CLOSING_RULE}: {how} {m.group(0)} ({close // 60}:{close % 60:02d} less {_offset(m)} "
                  f"minutes) (context sentence {s.column + 1}); {v.rule}")
        if label == CONTRADICTED:
            v.anchor_conflict = f"{m.group(0)} is {(close - _offset(m)) // 60}:{(close - _offset(m)) % 60:02d}"
        move_anchor(v, next((p for p in pairs if p.column == s.column and p.judged), None), preset, entity_diffs)
        return v
    return v
