"""Two places' hours compared in words against their times: "The indoor pool opens earlier and closes later than the
outdoor pool" against "The outdoor pool is open from 8am to 7pm and the indoor pool from 7am to 9pm" (Contradicted on
every engine, P(c) 0.80: no model reads the clock; everyday batch 137).

The claim: a subject, one or more of "opens / starts earlier or later" and "closes / shuts / ends / finishes earlier or
later" joined by "and", then "than" and the other thing. The sentence gives each thing's hours as a span of clock
times ("from 8am to 7pm", "7am–9pm"), the thing named in the words between the span and the span before it (or the
clause's start); a thing is known by its words the other thing lacks ("indoor" / "outdoor"). Each comparison agrees
when the times bear it out.
"""
from __future__ import annotations

import re

from grounding.clock import CLOCK, minutes

_WAY = r"(?P<verb{n}>opens?|starts?|begins?|closes?|shuts?|ends?|finishes)\s+(?P<way{n}>earlier|later)"
_CLAIM = re.compile(rf"^(?P<x>.+?)\s+{_WAY.format(n=1)}(?:\s*,?\s*and\s+{_WAY.format(n=2)})?\s+than\s+(?P<y>[^,.;]+)",
                    re.IGNORECASE)
_SPAN = re.compile(rf"(?:from\s+)?(?P<a>{CLOCK.pattern})\s*(?:to|until|till|-|–)\s*(?P<b>{CLOCK.pattern})", re.IGNORECASE)
_STOP = frozenset("the a an is are open opens from and its their our it".split())


def _words(text: str) -> set[str]:
    return {w for w in re.findall(r"[a-z]+", text.lower()) if w not in _STOP}


def against_hours(claim: str, sentence: str) -> list[tuple[bool, str, str]]:
    """[(agrees, the claim's words, the times)] per comparison the claim makes (module doc); [] where the sentence does
    not give both things' hours."""
    m = _CLAIM.match(claim.strip())
    if m is None:
        return []
    x, y = _words(m.group("x")), _words(m.group("y"))
    own_x, own_y = x - y, y - x
    if not own_x or not own_y:
        return []
    hours, last = {}, 0
    for span in _SPAN.finditer(sentence):
        named = _words(sentence[last:span.start()])
        last = span.end()
        for key, own in (("x", own_x), ("y", own_y)):
            if own & named and key not in hours:
                hours[key] = (minutes(span.group("a")), minutes(span.group("b")), span.group(0))
    if len(hours) < 2:
        return []
    out = []
    for n in (1, 2):
        verb, way = m.group(f"verb{n}"), m.group(f"way{n}")
        if verb is None:
            continue
        at = 0 if verb.lower().startswith(("open", "start", "begin")) else 1
        sign = -1 if way.lower() == "earlier" else 1
        agrees = (hours["x"][at] - hours["y"][at]) * sign > 0
        out.append((agrees, f"{verb} {way}", f"{hours['x'][2]} against {hours['y'][2]}"))
    return out
