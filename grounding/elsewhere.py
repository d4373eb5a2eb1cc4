"""A value the claim gives that another context sentence states of the same thing: the quantity rule's anchor gave
another value, but of another of the claim's figures. "The core day is 9am to 4pm, with early drop-off from 8am and
late pick-up until 5:30pm" was Contradicted against the list line "Core day: 9:00am to 4:00pm" (5:30pm against
4:00pm), where the next line reads "Late pick-up: until 5:30pm"; "The new yearly price will be £109.90" against the
monthly price's "from £9.99 to £10.99 a month", where another sentence gives "the new annual price of £109.90".

*Of the same thing*: the words before the value there share a content word with the words before the claim's
(six words each, by their first five letters: "late pick-up until" / "Late pick-up: until"), one the words before
the anchor's value do not have ("Core day: 9:00am to"; with a unit glued to a value before a noun of something, that
something's words too: "three 50-litre bags of the multi-purpose compost" / "Multi-Purpose Compost, 50 litres"); and the claim's words before its value share none with the
anchor's that the other sentence's lack: "The Standard plan costs £10.99" against "Standard: £9.99" stays
Contradicted where "Premium plan: £10.99" follows (the claim's "Standard" leads the anchor's value).
"""
from __future__ import annotations

import re
from typing import Optional

from grounding.lists import DENIAL
from grounding.measured import _LEAD_STOP, lead_words, stems5

# words that lead a value in many senses, beyond the words no value is of: not what it is of
_STOP = _LEAD_STOP | frozenset("from until till by up per each over under about around after before between than "
                               "into within only just roughly which works out".split())


def _lead(text: str, at: int, end: int | None = None) -> set[str]:
    """The words before a value, and where its unit is glued to it before a noun of something ("three 50-litre bags
    of the multi-purpose compost"), that something's words too (given the value's `end`)."""
    words = lead_words(text, at, _STOP)
    of = re.match(r"-[a-z]+\s+[a-z]+\s+of\s+((?:the\s+)?[\w-]+(?:\s+[\w-]+){0,2})", text[end:]) if end else None
    return words | lead_words(of.group(1).replace("-", " ") + " .", len(of.group(1)) + 2, _STOP) if of else words


def _find(text: str, said: str):
    """The mention of `text` a conflict's side names ("5:30pm", "2 kg", "£1 (rose)"), the longest, else None."""
    from grounding.entities import mentions
    head = said.split(" (")[0]
    found = [m for m in mentions(text) if head == m.surface or head.startswith(m.surface + " ")
             or re.fullmatch(rf"{re.escape(m.surface)}\s*\S*", head)]
    return max(found, key=lambda m: m.end - m.start) if found else None


def stated_elsewhere(claim: str, conflict: tuple[str, str], anchor: str, context_texts: list[str]) -> Optional[int]:
    """The index of a context sentence other than the anchor that states the claim's value of a conflict (same value,
    and of a number the same unit) led as the claim leads it and the anchor's value is not, and not denied
    there ("There will be no shuttle service on Sundays"; see the module docstring); None where there is none."""
    from grounding.units import _unit_after
    ours, theirs = _find(claim, conflict[0]), _find(anchor, conflict[1])
    if ours is None:
        return None
    led, anchor_led = _lead(claim, ours.start, ours.end), _lead(anchor, theirs.start, theirs.end) \
        if theirs is not None else set()
    plain = (_lead(claim, ours.start), _lead(anchor, theirs.start) if theirs is not None else set())
    unit = _unit_after(claim, ours.end) if ours.kind == "number" else ""
    from grounding.entities import mentions
    for i, text in enumerate(context_texts):
        if text == anchor:
            continue
        for m in mentions(text):     # every place it is written, its unit glued or not ("up to 2kg")
            for x in re.finditer(rf"(?<![\w.]){re.escape(m.surface)}(?![.,]?\d)", text) if m.key == ours.key else ():
                if unit and _unit_after(text, x.end()) != unit:
                    continue
                own = _lead(text, x.start())
                if (led & own) - anchor_led and not (plain[0] & plain[1]) - own \
                        and not DENIAL.search(text[max(0, x.start() - 40):x.start()]) \
                        and not _anchors_subject(claim, anchor, text):
                    return i
    return None


def _anchors_subject(claim: str, anchor: str, text: str) -> bool:
    """Whether the anchor names the claim's subject and the other sentence does not, while the claim states none of
    the anchor's values: then the anchor's value is the claim's figure ("Grant decisions are taken by the full board
    of 12 trustees" / "Grant decisions are made by a grants committee of five trustees", where "a board of 12
    trustees" oversees the foundation); "The core day is 9am to 4pm, with … late pick-up until 5:30pm" gives the core
    day's line its own values."""
    from grounding.decompose import parse
    from grounding.entities import mentions
    subject = next((t.lemma_.lower()[:5] for t in parse(claim) if t.dep_ in ("nsubj", "nsubjpass")
                    and t.head.dep_ == "ROOT" and t.pos_ in ("NOUN", "PROPN")), None)
    def names(sentence: str) -> bool:
        return subject is not None and subject in stems5(sentence)
    return names(anchor) and not names(text) and not {m.key for m in mentions(claim)} & {m.key for m in mentions(anchor)}
