"""A difference the source says is none: "The effect was strongest in women" against "The association was similar in
men and women" (P(e) 0.41 on the claims engine: Partially supported on every engine). The claim compares a group
with others (a comparative or superlative, then "in", "among" or "for" and the group: "strongest in women", "more
common among children", "higher for smokers"); the sentence finds the groups alike ("similar in men and women", "no
difference between smokers and non-smokers", "did not differ between children and adults", "comparable in …").
The sentence answers the claim where the claim's group is one of the two it names alike (by the first five letters)
and the sentence names no difference of its own between them (no comparative of the claim's before its groups).
Groups may be named by their kind too: "The higher dose worked faster" against "Time to pain relief did not differ
between the two doses" (P(e) 0.27 read together on the context engines, which called it Supported).
Neither is read when negated ("was not strongest in women", "not similar"). The reversal rule
(reversal.reversals, overrides.reversal_override) turns such a claim Contradicted.
"""
from __future__ import annotations

import re

from grounding.reversal import _NEGATION as _NOT

_COMPARED = re.compile(
    r"\b(?P<word>(?:more|less|most|least)\s+[a-z]+|(?:high|low|great|strong|weak|larg|small|bett|wors|common|rar)"
    r"[a-z]*(?:er|est)|better|worse)\b[^.;:]{0,40}?\b(?:in|among|for)\s+(?:the\s+)?(?:[a-z]+\s+)??(?P<group>[a-z]{3,})\b",
    re.IGNORECASE)
_ALIKE = re.compile(
    r"\b(?P<word>similar|comparable|alike|the same|no (?:significant |statistically significant |clear )?differences?"
    r"|did not differ(?: significantly)?|were not different|was not different)\b[^.;:]{0,30}?"
    r"\b(?:in|among|between|for|across)\s+(?:the\s+)?(?P<a>[a-z-]{3,})\s+(?:and|or|versus|vs\.?)\s+(?:the\s+)?"
    r"(?P<b>[a-z-]{3,})\b", re.IGNORECASE)
# groups named by their kind: "did not differ between the two doses", "similar across all three arms"
_ALIKE_KIND = re.compile(
    r"\b(?P<word>similar|comparable|the same|no (?:significant |statistically significant |clear )?differences?"
    r"|did not differ(?: significantly)?|were not different|was not different)\b[^.;:]{0,30}?"
    r"\b(?:between|among|across|in|for)\s+(?:the\s+)?(?:two|both|all|three|the)\s+(?:\w+\s+)?(?P<kind>[a-z]{3,}s)\b",
    re.IGNORECASE)
_COMPARATIVE = re.compile(r"\b(?:faster|slower|sooner|later|better|worse|more|less|higher|lower|greater|stronger|weaker"
                          r"|longer|shorter|larger|smaller)\b", re.IGNORECASE)


def _stem(word: str) -> str:
    return word.lower()[:5]


def no_difference(claim: str, sentence: str) -> list[tuple[str, str]]:
    """(the claim's difference, the sentence's sameness) where the sentence finds the claim's group alike with
    another (see the module's text), as written."""
    out = _kinds_alike(claim, sentence)
    if out:
        return out
    alike = [m for m in _ALIKE.finditer(sentence)
             if not (m.group("word").lower().startswith(("similar", "comparable", "alike", "the same"))
                     and _NOT.search(sentence[max(0, m.start() - 20):m.start()]))]
    if not alike:
        return []
    for m in _COMPARED.finditer(claim):
        if _NOT.search(claim[max(0, m.start() - 20):m.start()]):
            continue
        group = _stem(m.group("group"))
        for same in alike:
            if group in (_stem(same.group("a")), _stem(same.group("b"))) \
                    and not _COMPARED.search(sentence[max(0, same.start() - 60):same.end()]):
                out.append((m.group(0), same.group(0)))
                break
    return out


def _kinds_alike(claim: str, sentence: str) -> list[tuple[str, str]]:
    """One of a kind compared with the others ("The higher dose worked faster") where the sentence finds the kind's
    members alike ("Time to pain relief did not differ between the two doses"): the claim's comparative after the
    kind's noun, neither negated."""
    out = []
    for same in _ALIKE_KIND.finditer(sentence):
        kind = _stem(same.group("kind").removesuffix("s"))
        noun = re.search(rf"\b{re.escape(kind)}[a-z]*\b", claim, re.IGNORECASE)
        more = _COMPARATIVE.search(claim, noun.end()) if noun else None
        if more is None or _NOT.search(claim[max(0, more.start() - 20):more.start()]) \
                or _NOT.search(sentence[max(0, same.start() - 20):same.start()]):
            continue
        than = re.search(r"\bthan\b(?P<rest>[^.;:]*)", claim[more.end():], re.IGNORECASE)
        if re.search(r"\b(?:both|either|each|all)\s+(?:\w+\s+)?$", claim[:noun.start()], re.IGNORECASE) \
                or (than and kind not in than.group("rest").lower() and "other" not in than.group("rest").lower()):
            continue    # the kind's members together, or against something else ("both doses … more than placebo")
        before = re.search(r"(?<![\w-])(?!(?:the|a|an|this|that)\s)([\w-]+)\s+$", claim[:noun.start()], re.IGNORECASE)
        out.append((claim[before.start() if before else noun.start():more.end()], same.group(0)))   # "higher dose …"
    return out
