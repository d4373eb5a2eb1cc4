"""Two groups compared in words against their figures: "Fewer infections occurred in the vaccine group than in the
placebo group" against "After six months, 12 people in the vaccine group and 48 in the placebo group had caught the
infection". No model reads the arithmetic: the context engine called that faithful claim Contradicted (the scorer,
P(c) 0.87) and its reverse, "More infections occurred in the vaccine group …", Partially supported.

The claim compares two groups on one measure: a comparative of amount (more, fewer, less, higher, lower, greater,
smaller, larger) with "than", the measure the words the comparative grades ("fewer infections"; or the subject when
it grades nothing: "Mortality was lower in …"), one group the phrase after "than" ("than in the placebo group",
"than those given placebo"), the other the phrase that a preposition opens just before "than" ("in the vaccine
group") or else the subject ("The placebo group had more infections than …"). A group is known by its own words,
less the words every group has ("group", "arm", "patients", "those", "given" …): "vaccine", "placebo".

The sentence gives the figures when it names the measure (a word of it, by its first five letters), both groups,
and for each group one value (a count or a share, of one kind for both) just before the group's words ("12 people
in the vaccine group", "9.1% with placebo") or just after them ("the placebo group (48 cases)"), no other group's
words between. The claim is then backed or turned by the sign of the difference: fewer where the figure is smaller.
A negated comparison ("did not have fewer"), two values for one group, or a measure the sentence does not name
reads nothing.
"""
from __future__ import annotations

import re
from decimal import Decimal, InvalidOperation
from typing import NamedTuple, Optional

from grounding.differences import _number
from grounding.entities import mentions
from grounding.invisible import judged_text
from grounding.lists import NEGATION_WORD as _NEGATED

_DIRECTION = {"more": 1, "higher": 1, "greater": 1, "larger": 1, "fewer": -1, "less": -1, "lower": -1, "smaller": -1}
_COMPARISON = re.compile(r"\b(?P<comp>more|fewer|less|higher|lower|greater|smaller|larger)\b(?P<between>[^.;:]{0,80}?)"
                         r"\bthan\s+(?P<standard>[^,.;:()]{1,60})", re.IGNORECASE)
_PREP = r"(?:in|among|amongst|with|for|on)"
_OPENED = re.compile(rf"\b{_PREP}\s+(?P<group>[^,.;:]+?)\s*$", re.IGNORECASE)
_STANDARD = re.compile(rf"^(?:{_PREP}\s+)?(?P<group>.+?)(?:\s+(?:and|but|who|which|that|after|at|during|over|in|"
                       r"with|to|while|when|because)\b.*)?$", re.IGNORECASE)
_SUBJECT = re.compile(r"^(?P<group>.+?)\s+(?:had|has|have|showed|show|shows|reported|report|reports|experienced|"
                      r"experience|experiences|saw|see|sees|got|get|gets|developed|develop|develops|suffered|used|"
                      r"use|uses|needed|need|needs|lost|lose|loses|gained|gain|gains|scored|score|scores)\b",
                      re.IGNORECASE)
# words every group has: they tell no group from another
_GENERIC = frozenset("the a an this that those these group groups arm arms cohort cohorts patients patient people "
                     "participants participant subjects subject individuals persons adults children who were was "
                     "given receiving received taking took on in with of and recipients users".split())
_MEASURE_STOP = frozenset("the a an than of in on with among for were was had has have occurred occur occurring were "
                          "been likely often frequently common people patients participants group groups cases "
                          "reported seen found observed".split())
_WORD = re.compile(r"[A-Za-z][A-Za-z-]*|\d[\d.,]*%?")


class Comparison(NamedTuple):
    direction: int            # +1: the first group's figure is the larger, -1 the smaller
    first: frozenset          # the first group's own words
    second: frozenset         # the standard's ("than …") own words
    measure: frozenset        # the measure's words, by their first five letters
    text: str                 # as the claim says it
    first_text: str           # the groups as the claim names them: "the vaccine group", "the placebo group"
    second_text: str


def _norm(word: str) -> str:
    """A word as groups are told apart by: lower case, but a capital letter alone ("drug A") stays one."""
    return word if len(word) == 1 and word.isupper() else word.lower()


def _own(phrase: str) -> frozenset:
    return frozenset(_norm(w) for w in re.findall(r"[A-Za-z][A-Za-z-]*", phrase)
                     if _norm(w) not in _GENERIC and (len(w) > 1 or w.isupper()))


def _bare(phrase: str) -> str:
    return re.sub(r"^(?:the|those|a|an)\s+", "", phrase.strip(), flags=re.IGNORECASE)


def _stems(words) -> frozenset:
    return frozenset(w.lower()[:5] for w in words if len(w) >= 4 and w.lower() not in _MEASURE_STOP)


def comparisons(claim: str) -> list[Comparison]:
    """The claim's comparisons of two groups on one measure (see the module's docstring)."""
    text, out = judged_text(claim), []
    for m in _COMPARISON.finditer(text):
        if _NEGATED.search(text[max(0, m.start() - 30):m.start()]) or _NEGATED.search(m.group("between")):
            continue
        standard = _STANDARD.match(m.group("standard").strip())
        second = _own(standard.group("group")) if standard else frozenset()
        opened = _OPENED.search(m.group("between"))
        if opened:     # "fewer infections occurred in the vaccine group than …": the measure is what "fewer" grades
            first, first_text = _own(opened.group("group")), opened.group("group")
            graded = m.group("between")[:opened.start()]
        else:          # "The placebo group had more infections than …"
            subject = _SUBJECT.match(text[:m.start()].strip())
            first, first_text = (_own(subject.group("group")), subject.group("group")) if subject else (frozenset(), "")
            graded = m.group("between")
        measure = _stems(re.findall(r"[A-Za-z]+", graded))
        if not measure and opened:   # "Mortality was lower in …": the subject is the measure
            measure = _stems(re.findall(r"[A-Za-z]+", text[:m.start()]))
        first, second = first - second, second - first     # "drug A" / "drug B": told apart by "A" and "B"
        if first and second and measure:
            out.append(Comparison(_DIRECTION[m.group("comp").lower()], first, second, measure, m.group(0).strip(),
                                  _bare(first_text), _bare(standard.group("group"))))
    return out or _against_the_other(text)


# a comparison with no "than", the other group left to the sentence: "Severe attacks were more common with the inhaler"
_NO_THAN = re.compile(r"^(?P<measure>[^,;:]+?)\s+(?:was|were|is|are)\s+(?P<comp>more|less)\s+(?:common|frequent|likely|"
                      rf"prevalent)\s+{_PREP}\s+(?P<group>[^,.;:()]+?)\s*[.!]?$", re.IGNORECASE)


def _against_the_other(text: str) -> list[Comparison]:
    """A claim that compares one group with the other unnamed (`_NO_THAN`): its second group is empty, and the
    sentence's one other group stands for it (`_other_group`)."""
    m = _NO_THAN.match(text.strip())
    if m is None or re.search(r"\bthan\b", text, re.IGNORECASE) or _NEGATED.search(m.group("measure")):
        return []
    first, measure = _own(m.group("group")), _stems(re.findall(r"[A-Za-z]+", m.group("measure")))
    if not first or not measure:
        return []
    return [Comparison(_DIRECTION[m.group("comp").lower()], first, frozenset(), measure,
                       text[m.start("comp"):].strip().rstrip(".!"), _bare(m.group("group")), "")]


# a group as a sentence names it beside its figure: "the placebo group", "the drug A arm"
_GROUP = re.compile(r"\b([A-Za-z][A-Za-z-]*(?:\s+[A-Z])?)\s+(?:group|arm|cohort)s?\b")


def _other_group(sentence: str, first: frozenset) -> tuple[frozenset, str] | None:
    """The one group the sentence names besides `first` (`_GROUP`), as (its own words, its phrase), or None."""
    others = {own: m.group(0) for m in _GROUP.finditer(sentence) if (own := _own(m.group(1))) and not own & first}
    return next(iter(others.items())) if len(others) == 1 else None


def _value(text: str, start: int, end: int, last: bool) -> Optional[tuple[str, Decimal, str]]:
    """The value nearest the group's words in text[start:end] (the last one before them, the first after)."""
    found = [m for m in mentions(text[start:end]) if m.kind in ("number", "percent")]
    found = [m for m in found if m.kind == "percent"] or found     # "45% (90 of 200) with drug A": the share
    if not found:
        return None
    m = found[-1] if last else found[0]
    try:
        return m.kind, Decimal(m.key.strip("%")), m.surface
    except InvalidOperation:
        return None


def _figure(sentence: str, own: frozenset, other: frozenset) -> Optional[tuple[str, Decimal, str]]:
    """The one value the sentence gives for a group: just before its words (up to six words back, no word of the
    other group between) or just after them (up to five words on: "the drug lost an average of 12%")."""
    words = [(w.group(0), w.start(), w.end()) for w in _WORD.finditer(sentence)]
    values = set()
    for i, (w, start, end) in enumerate(words):
        if _norm(w) not in own:
            continue
        back = words[max(0, i - 6):i]
        cut = max((k for k, (x, _, _) in enumerate(back) if _norm(x) in other), default=-1)
        back = back[cut + 1:]
        value = _value(sentence, back[0][1], start, True) if back else None
        if value is None:
            on = words[i + 1:i + 6]
            stop = next((k for k, (x, _, _) in enumerate(on) if _norm(x) in other), len(on))
            value = _value(sentence, end, on[stop - 1][2], False) if stop else None
        if value is not None:
            values.add(value)
    return values.pop() if len({(k, v) for k, v, _ in values}) == 1 else None


# a count that is a denominator ("12 of 300 women", "Of 300 women, 12 …") or a fraction is no figure of the measure
_SHARE_OF = re.compile(r"(?:\bof|\bout\s+of|/)\s*$", re.IGNORECASE)
_OF_AFTER = re.compile(r"^\s*(?:of|out\s+of|/)\s*\d", re.IGNORECASE)
_TIME = re.compile(r"^\s*(?:[a-z]+\s+)?(?:seconds?|minutes?|hours?|days?|weeks?|months?|years?)\b", re.IGNORECASE)


def _counts_only(sentence: str, a: tuple, b: tuple) -> bool:
    """Whether two counts are the only numbers of the sentence, but for lengths of time ("after six months") and
    neither is a denominator or a fraction: otherwise which count is the measure's is not known."""
    for m in mentions(sentence):
        if m.kind == "year" or _TIME.match(sentence[m.end:]):
            continue
        if m.surface not in (a[2], b[2]) or _SHARE_OF.search(sentence[max(0, m.start - 8):m.start]) \
                or _OF_AFTER.match(sentence[m.end:]):
            return False
    return True


def against_figures(claim: str, sentence: str) -> list[tuple[bool, str, str]]:
    """(whether the figures bear it out, the claim's comparison, the sentence's figures) for each comparison of the
    claim that the sentence gives both groups' figures of: two shares, or two counts that are the sentence's only
    numbers (`_counts_only`); else two things each given its figure in a part of the sentence (grounding.ordered)."""
    sentence = judged_text(sentence)
    words = {w.lower()[:5] for w in re.findall(r"[A-Za-z]+", sentence)}
    out = []
    for c in comparisons(claim):
        if not c.measure & words:
            continue
        if not c.second:     # the claim's other group unnamed: the sentence's one other group
            other = _other_group(sentence, c.first)
            if other is None:
                continue
            c = c._replace(second=other[0], second_text=_bare(other[1]))
        a, b = _figure(sentence, c.first, c.second), _figure(sentence, c.second, c.first)
        if a is None or b is None or a[0] != b[0] or a[1] == b[1] \
                or a[0] == "number" and not _counts_only(sentence, a, b):
            continue
        agrees = (a[1] - b[1]) * c.direction > 0
        out.append((agrees, c.text, f"{a[2]} for {c.first_text}, {b[2]} for {c.second_text}"))
    if not out:     # two things, each with its figure in a part of the sentence ("the front camera is 12 megapixels")
        from grounding.ordered import ordered
        found = ordered(claim, sentence)
        out += [found] if found is not None else []
    return out


# a value the claim sets beside another it names, with a comma: "0.41 chicks on average, more than the 0.7 needed"
_BESIDE = re.compile(r"[^,;:.]{0,40},\s*(?:well\s+|much\s+|far\s+|slightly\s+|just\s+)?(?P<comp>more|fewer|less|higher"
                     r"|lower|greater|smaller|larger|above|below|over|under)\s+(?:than\s+)?(?:the\s+)?", re.IGNORECASE)
_SIDE = dict(_DIRECTION, above=1, over=1, below=-1, under=-1)


def beside_figures(claim: str, sentence: str) -> list[tuple[str, str]]:
    """(the claim's comparison, the sentence's two values) where the claim gives a value and, after a comma, how it
    stands to another value it names ("Pairs fledged 0.41 chicks on average, more than the 0.7 needed"), the
    sentence states both, and the arithmetic says the other way (0.41 is below 0.7; the entailment model had read
    "… 0.41 chicks fledged per pair, well below the 0.7 thought necessary" as entailing it, P(e) 0.95)."""
    claim, sentence = judged_text(claim), judged_text(sentence)
    found = [m for m in mentions(claim) if m.kind in ("number", "percent", "money")]
    keys = {m.key for m in mentions(sentence)}
    out = []
    for a, b in zip(found, found[1:]):
        beside = _BESIDE.fullmatch(claim, a.end, b.start)
        if beside is None or a.kind != b.kind or a.key not in keys or b.key not in keys:
            continue
        x, y = _number(a.key), _number(b.key)
        if x is not None and y is not None and x != y and (x > y) != (_SIDE[beside.group("comp").lower()] > 0):
            said = claim[beside.start("comp"):beside.end()].strip()
            out.append((f"{a.surface}, {said} {b.surface}", f"{a.surface} and {b.surface}"))
    return out
