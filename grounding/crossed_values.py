"""A value the sentence gives one of the things it tells apart, said of another: "In winter the last boat back
leaves at 6:40pm" against "… the last boat back leaves at 6:40pm in summer and 4:30pm in winter"; "In hard-water
areas that is every 500 cups" against "every 200 cups in hard-water areas and every 500 cups in soft-water areas"
(each Supported on every engine: the model reads that both values and both words are there, not which goes with
which).

The sentence gives two values of one kind or more (times, numbers, prices, shares; grounding.entities; values of
another kind given once are passed over: "… up to a maximum of three bins per household"), each followed by what it
is for, a unit glued to it and up to two words (a unit) between: "6:40pm in summer", "200 cups in hard-water areas", "£10 for adults",
"1.2 kg of bread dough", "22p per mile for cars" (the thing holds no preposition: "£72 per term for members" is for
members); or led by it in its own part of the sentence ("in summer at 6:40pm, and in winter at 4:30pm"), or, a price
in a list line, by a label of one word ("Half head highlights: Senior £85, Director £98"). The things are told apart
by their telling words (those not in every thing's phrase: "hard-water" / "soft-water", not "areas"), and no value
is given twice. The claim names one of the things (a word in the singular or plural: "in a car" names "cars") in a
part of it (split at ", and", "; ", "but", "while", "whereas", and "and" before a value and its thing: "3 points for
each gym visit and 2 points for each group class"), or names just one in all and no word of another in that part,
and gives there the value the sentence gives another of them, and not its own (nor a value it says is for another
thing: "…, compared with 30 days on the larger plans"): a conflict of figures (learned.quantity_conflicts with
`same_figure`), written as the value with the thing each text gives it to: ("6:40pm (winter)", "4:30pm (winter)").
"""
from __future__ import annotations

import re

from grounding.entities import Mention, mentions
from grounding.invisible import judged_text

_KINDS = frozenset({"time", "number", "money", "percent"})
_PREP = r"(?:in|for|on|during|at)\s+(?:the\s+|each\s+|every\s+)?"
# what a value is for, right after it: "6:40pm in summer and", "200 cups in hard-water areas and"
_NOT_PREP = r"(?!(?:in|for|on|during|at|per|of)\b)"     # "£72 per term for members": for members
_AFTER = re.compile(rf"[a-z]*\s*(?:[a-z]+\s+){{0,2}}?(?:of\s+|{_PREP})(?P<q>[A-Za-z][\w-]*(?:\s+{_NOT_PREP}[a-z][\w-]*){{0,2}}?)"
                    r"\s*(?=,|;|\.|\)|$|\b(?:and|but|or|while|whereas|instead|rather)\b)")   # "8pm on Thursdays instead of"
# what a value is for, leading its own part: "and in winter at 4:30pm", "; for children, £5"
_BEFORE = re.compile(rf"(?:^|,|;|\b(?:and|but|while|whereas)\b)\s*{_PREP}(?P<q>[A-Za-z][\w-]*(?:\s+[a-z][\w-]*){{0,2}}?)"
                     r"\s*,?\s*(?:[a-z]+\s+){0,3}?$")
# a list line's label right before its value: "Half head highlights: Senior £85, Director £98", "Essentials €1,500;
# Premier €5,000"
_LABEL = re.compile(r"(?:[^:;,]*[:;,])?\s*(?P<q>[A-Z][a-z-]+)\s*")
_PARTS = re.compile(r",\s*(?:and|but|while|whereas)\s+|;\s+|\s+(?:but|while|whereas)\s+"
                    r"|\s+and\s+(?=[£€$\d][\w.,]*\s+(?:[a-z]+\s+){0,2}(?:for|per|in|on|at|each|behind|under|over)\b)",
                    re.IGNORECASE)     # "… and 2 points for each group class": a value and its thing, a part
_GENERIC = frozenset({"the", "a", "an", "areas", "area", "months", "month", "days", "day", "time", "times", "season",
                      "seasons", "period", "periods"})


def _words(phrase: str) -> frozenset:
    return frozenset(w for w in re.findall(r"[a-z][\w-]*", phrase.lower()) if w not in _GENERIC)


def _given(sentence: str) -> dict[str, Mention]:
    """{the thing's phrase: its value} of the sentence's values that say what they are for; {} where fewer than two
    things of one kind, or a thing or value given twice."""
    out: dict[str, Mention] = {}
    ms = [m for m in mentions(sentence) if m.kind in _KINDS]
    for i, m in enumerate(ms):
        end = ms[i + 1].start if i + 1 < len(ms) else len(sentence)
        start = ms[i - 1].end if i else 0
        after = _AFTER.match(sentence[m.end:end])
        before = None if after else _BEFORE.search(sentence[start:m.start]) or (
            _LABEL.fullmatch(sentence[start:m.start]) if m.kind == "money" and ":" in sentence else None)
        found = after or before
        if found is None:
            continue
        q = found.group("q").lower()
        if q in out:
            return {}
        out[q] = m
    kinds = [k for k in {m.kind for m in out.values()} if sum(m.kind == k for m in out.values()) >= 2]
    out = {q: m for q, m in out.items() if kinds and m.kind == kinds[0]}    # one kind of two values or more ("£52 for
    if len(kinds) != 1 or len({m.key for m in out.values()}) != len(out):   # …, £38 for …, up to three bins per
        return {}                                                          # household": the prices)
    return out


def _telling(given: dict[str, Mention]) -> dict[str, frozenset]:
    """{phrase: the words that tell its thing from the others}; {} where two things share all their words."""
    common = frozenset.intersection(*(_words(q) for q in given))
    out = {q: _words(q) - common for q in given}
    return out if all(out.values()) else {}


def _names(text: str, words: frozenset) -> bool:
    """Whether `text` has every word, in the singular or plural ("in a car" names "cars")."""
    flat = text.lower().replace("-", " ")
    return all(re.search(rf"(?<![\w-]){re.escape(w.replace('-', ' ').removesuffix('s'))}s?(?![\w-])", flat)
               for w in words)


def crossed_values(claim: str, sentence: str) -> list[tuple[str, str]]:
    """[(the claim's value and thing, the sentence's value for that thing)] (module doc)."""
    claim, sentence = judged_text(claim), judged_text(sentence)
    given = _given(sentence)
    telling = _telling(given) if given else {}
    if not telling:
        return []
    named_in_all = [q for q, w in telling.items() if _names(claim, w)]
    stems = {w[:4] for w in _words(sentence)}     # a thing the sentence speaks of ("every plan"), not "in the evening"
    out, offset = [], 0
    for part in _PARTS.split(claim):
        begin = claim.find(part, offset)
        offset = begin + len(part)
        named = [q for q, w in telling.items() if _names(part, w)] or (
            named_in_all if len(named_in_all) == 1 and not any(   # not a part that names a word of another thing:
                _names(part, frozenset({x})) for q, w in telling.items() if q not in named_in_all for x in w) else [])
        # "…, and children of any age can join for £20" against "£32 for adults and £20 for children aged 4–14"
        if len(named) != 1:
            continue
        (q,) = named
        own = given[q]
        ms = mentions(part)
        for k, c in enumerate(ms):
            if c.kind != own.kind or c.key == own.key:
                continue
            # the claim says what the value is for, and it is another thing: "Starter backups are kept for a week,
            # compared with 30 days on the larger plans"
            said_for = _AFTER.match(part[c.end:ms[k + 1].start if k + 1 < len(ms) else len(part)])
            if said_for and not _names(said_for.group("q"), telling[q]) \
                    and {w[:4] for w in _words(said_for.group("q"))} & stems:
                continue
            other = next((o for o, m in given.items() if o != q and m.key == c.key), None)
            if other is not None and not any(m.key == own.key for m in mentions(part)):
                label = " ".join(sorted(telling[q]))
                out.append((f"{c.surface} ({label})", f"{own.surface} ({label})"))
    return out
