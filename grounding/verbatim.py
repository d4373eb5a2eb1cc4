"""The claim's own words, then another value: "Early-bird tickets cost 450 euros" against "Early-bird tickets cost 350
euros until 30 September; after that the price is 450 euros" (P(e) 0.96, Supported on every engine). The sentence
says the claim's value too, so the quantity rule cannot tell which of its values answers the claim's
(learned.quantity_conflicts leaves a stated value alone); but it writes the claim's words before the value, word for
word, and another value after them.

A conflict: the words before a claim's value (not a name, nor a year or a date: verb_binding.misbound_verbs) from its
clause's start, two to six, two of them at least not stop words ("The price is" says too little: "… 350 euros until
30 September; after that the price is 450 euros"), start a clause of the sentence right before a value of the
same kind (and a number's unit word), another one that cannot also be true (values.values_agree), or a length of
time in any unit that does not overlap the claim's ("Battery replacements take two hours" against "Screen
replacements usually take about two hours; battery replacements take 30 minutes"), and stand nowhere before the
claim's own; what each is per the same where both say ("£20 a week" is no conflict with "£15 a night"). The
quantity rule (learned.quantity_conflicts with `same_figure`) gives the pair as a conflict of figures.
"""
from __future__ import annotations

import re

from grounding.entities import mentions
from grounding.invisible import judged_text

_STOP = frozenset("the a an is are was were be been of in on at for to and it its their this that by".split())
_WORD = re.compile(r"[A-Za-z0-9][\w'-]*")
# the claim's words from its clause's start must start a clause of the sentence: "Tickets cost" is not "Early-bird
# tickets cost"
_START = r"(?:^|[.;:,]\s*|\b(?:and|but|or|while|whereas|after\s+that|then)\s+)(?:the\s+|a\s+|an\s+)?"


def own_words_conflicts(claim: str, sentence: str) -> list[tuple[str, str]]:
    """[(the claim's value, the sentence's)] where the sentence writes the claim's words before another value."""
    from grounding.values import values_agree
    claim, sentence = judged_text(claim), judged_text(sentence)
    theirs = [m for m in mentions(sentence) if m.kind != "named"]
    out = []
    # a year or date said of another verb is the binding rule's ("opened in 1998 and was renovated in 2015")
    for c in (m for m in mentions(claim) if m.kind not in ("named", "year", "date", "decade")):
        words = _WORD.findall(re.split(r"[,;:(]", claim[:c.start])[-1])
        if not 2 <= len(words) <= 6 or sum(w.lower() not in _STOP for w in words) < 2:
            continue
        lead = re.compile(_START + r"\W+".join(map(re.escape, words)) + r"\W+$", re.IGNORECASE)
        after = [x for x in theirs if lead.search(sentence[max(0, x.start - 80):x.start])]
        if any(x.key == c.key for x in after) or any(_tail_follows(claim, c, sentence, x) for x in theirs):
            continue
        other = next((x for x in after if x.kind == c.kind and not values_agree(claim, c, sentence, x)
                      and (c.kind != "number" or _unit(sentence, x.end) == _unit(claim, c.end))
                      and len({_per(claim, c.end), _per(sentence, x.end)} - {""}) < 2), None)
        if other is not None:
            out.append((c.surface, other.surface))
        else:
            out.extend(next((pair for x in after if (pair := _apart(claim, c, sentence, x))), ()))
    return out


def _tail_follows(claim: str, c, sentence: str, x) -> bool:
    """Whether the sentence gives the claim's value `c` as `x` with the claim's words after it up to its clause's end
    (a unit and a qualifier, one not a stop word at least): "Tickets cost 6 pounds on Tuesdays" against "Tickets cost 9
    pounds, or 6 pounds on Tuesdays" says the sentence's second value, not its first."""
    if x.key != c.key or x.kind != c.kind:
        return False
    words = _WORD.findall(re.split(r"[,;:(.]", claim[c.end:])[0])[:4]
    if not words or all(w.lower() in _STOP for w in words[c.kind == "number":]):    # a unit alone says too little
        return False
    return re.match(r"\W+".join(map(re.escape, words)) + r"\b", sentence[x.end:].lstrip(), re.IGNORECASE) is not None


def _apart(claim: str, c, sentence: str, x) -> tuple:
    """((the claim's length, the sentence's),) where both values are lengths of time (grounding.durations, any units)
    that do not overlap: "two hours" / "30 minutes"; () otherwise."""
    from grounding.durations import durations
    ours = next((d for d in durations(claim) if d.start <= c.start < d.end), None)
    theirs = next((d for d in durations(sentence) if d.start <= x.start < d.end), None)
    apart = ours is not None and theirs is not None and (ours.high < theirs.low or theirs.high < ours.low)
    return ((ours.surface, theirs.surface),) if apart else ()


def _per(text: str, end: int) -> str:
    """What a value is per ("£15 a night": night), else ""."""
    per = re.match(r"\s*(?:a|an|per|each)\s+([a-z]+)", text[end:], re.IGNORECASE)
    return per.group(1).lower() if per else ""


def _unit(text: str, end: int) -> str:
    word = re.match(r"\s*([A-Za-z]+)", text[end:])
    return word.group(1).lower().rstrip("s") if word else ""
