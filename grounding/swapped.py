"""A comparison turned round without its words changing direction: "Tickets are cheaper at the station than online"
against "Tickets bought online are 10% cheaper than at the station" (P(e) 0.95, Supported on every engine): both say
"cheaper", but what is compared and what it is compared with have changed places. And a comparison the sentence
makes the other way with no "than": "Bottled water is cheaper than tap water" against "Bottled water is widely
available but more expensive" (Supported on every engine).

`swapped_comparisons`: a comparison of the claim (reversal.comparisons) and one of the sentence on one scale in one
direction, the claim's standard among the words before the sentence's "than" and the sentence's standard among the
words before the claim's, the two standards apart. `bare_opposite`: the sentence has no "than", and says the
claim's scale the other way (a comparative, or "more" / "less" and the word it grades), holding every word of the
claim's subject and of the words up to its "than" and none of its standard's own, not negated. `other_group_higher`:
the claim gives its group, with no "than", what the sentence gives another group "than those who" do as the claim's
group does. The reversal rule (reversal.reversals) gives the pairs.
"""
from __future__ import annotations

import re

from grounding.invisible import judged_text


def swapped_comparisons(claim: str, sentence: str) -> list[tuple[str, str]]:
    """[(the claim's comparison, the sentence's)] where the two compare the same things the other way round."""
    from grounding.reversal import comparisons
    out = []
    theirs = comparisons(sentence)
    for c in comparisons(claim):
        for x in theirs:
            if (x.scale, x.sign) != (c.scale, c.sign) or set(c.standard) & set(x.standard):
                continue
            if set(c.standard) <= set(x.subject) | set(x.between) and set(x.standard) <= set(c.subject) | set(c.between):
                out.append((c.surface, x.surface))
                break
    return out


_WORD = re.compile(r"[A-Za-z][A-Za-z'-]*")


def bare_opposite(claim: str, sentence: str) -> list[tuple[str, str]]:
    """[(the claim's comparison, the sentence's comparative)] where the sentence, with no "than", says the claim's
    scale the other way of the claim's subject."""
    from grounding.reversal import _IRREGULAR, _LESS, _MORE, _NEGATION, BASE, _comparative, _singular, comparisons
    sentence = judged_text(sentence)
    if re.search(r"\bthan\b", sentence, re.IGNORECASE):
        return []
    words = list(_WORD.finditer(sentence))
    held = {_singular(w.group(0)) for w in words}
    out = []
    for c in comparisons(claim):
        # the claim's subject and the words up to its "than", none of its standard's ("Mortality was lower in group
        # B" agrees with "higher in group A than in group B")
        if not c.subject or not set(c.subject) | set(c.between) <= held or (set(c.standard) - set(c.subject)) & held:
            continue
        for i, w in enumerate(words):
            lower = w.group(0).lower()
            if lower in _MORE | _LESS and i + 1 < len(words) and words[i + 1].group(0).lower() in BASE:
                scale, sign = BASE[words[i + 1].group(0).lower()]
                found, end = (scale, sign * (1 if lower in _MORE else -1)), words[i + 1].end()
            elif lower in _IRREGULAR or lower.endswith("er"):
                found, end = _comparative(lower), w.end()
            else:
                continue
            if found == (c.scale, -c.sign) and not _NEGATION.search(sentence[max(0, w.start() - 30):w.start()]):
                out.append((c.surface, sentence[w.start():end]))
                break
    return out


_HAD = r"(?:had|have|has|showed|show|shows|got|get|gets|scored|score|scores|were|was|are|is)"
_MORE_LESS = r"(?P<comp>higher|lower|better|worse|more|fewer|less|greater|smaller|larger)"
# a group against those who did otherwise: "Children who ate breakfast daily had higher reading scores than those who
# skipped it"
_THAN_THOSE = re.compile(rf"(?P<subj>[^,.;:]+?)\s+{_HAD}\s+{_MORE_LESS}\s+(?P<measure>(?:[a-z-]+\s+){{0,3}}?)than\s+"
                         r"(?:those|people|children|patients|participants|ones|the\s+ones)\s+(?:who|that)\s+"
                         r"(?P<std>[^,.;:]+)", re.IGNORECASE)
# the claim's group with no "than": "Children who skipped breakfast had higher reading scores"
_GROUP_HAD = re.compile(rf"^(?P<subj>[^,.;:]+?)\s+{_HAD}\s+{_MORE_LESS}\s+(?P<measure>[^,.;:]+?)[.!]?$", re.IGNORECASE)


def _stems(text: str) -> set[str]:
    from grounding.overclaim import _stems as stems
    return stems(text)


def other_group_higher(claim: str, sentence: str) -> list[tuple[str, str]]:
    """[(the claim's comparison, the sentence's)] where the claim gives its group the sentence's comparative with no
    "than", and the sentence gives it to another group "than those who" did as the claim's group does: "Children who
    skipped breakfast had higher reading scores" against "Children who ate breakfast daily had higher reading scores
    than those who skipped it" (Supported on every engine). The claim's group is told from the sentence's by the words
    the sentence's group lacks, all among the words after "those who"; the measure's words are the sentence's."""
    claim, sentence = judged_text(claim).strip(), judged_text(sentence)
    mine = _GROUP_HAD.match(claim)
    if mine is None or re.search(r"\bthan\b", claim, re.IGNORECASE):
        return []
    from grounding.reversal import _NEGATION
    for m in _THAN_THOSE.finditer(sentence):
        if m.group("comp").lower() != mine.group("comp").lower() or _NEGATION.search(m.group("subj")) \
                or not _stems(mine.group("measure")) <= _stems(m.group("measure")) | _stems(m.group("std")):
            continue
        own = _stems(mine.group("subj")) - _stems(m.group("subj"))
        if own and own <= _stems(m.group("std")):
            return [(f"{mine.group('subj')} {mine.group(0)[len(mine.group('subj')):].strip().rstrip('.!')}",
                     m.group(0)[len(m.group("subj")):].strip())]
    return []


# a move or a change between two ends: "from Bristol to Swindon", "from the old site to the new one"
_FROM_TO = re.compile(r"\bfrom\s+(?:the\s+)?(?P<a>[A-Za-z][\w'-]*(?:\s+[A-Z][\w'-]*)*)\s+(?:to|into)\s+(?:the\s+)?"
                      r"(?P<b>[A-Za-z][\w'-]*(?:\s+[A-Z][\w'-]*)*)")


def from_to_reversed(claim: str, sentence: str) -> list[tuple[str, str]]:
    """(the claim's ends, the sentence's) where the claim goes from one end to the other and the sentence the other
    way round: "The head office is moving from Swindon to Bristol" against "… will move its head office from Bristol to
    Swindon in January" (Supported on every engine, P(e) 0.9: the model reads the two names, not their order).
    Ends are words or names, compared by their first five letters; neither text negated."""
    from grounding.lists import NEGATION_WORD
    if NEGATION_WORD.search(claim) or NEGATION_WORD.search(sentence):
        return []
    def ends(m):
        return m.group("a").lower()[:5], m.group("b").lower()[:5]
    theirs = [(ends(m), m.group(0)) for m in _FROM_TO.finditer(sentence)]
    out = []
    for m in _FROM_TO.finditer(claim):
        a, b = ends(m)
        if a != b and any(t == (b, a) for t, _ in theirs) and not any(t == (a, b) for t, _ in theirs):
            out.append((m.group(0), next(said for t, said in theirs if t == (b, a))))
    return out
