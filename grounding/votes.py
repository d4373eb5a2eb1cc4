"""A vote's tally said otherwise: "The vote was 6 in favour and 4 against" against "On being put to the vote there
were 6 votes for, 3 against and 1 abstention" (Supported on the context engine, P(e) 0.54; the quantity rule leaves
it alone, the sentence stating the claim's 6 too, so which of its numbers answers which is unknown to it).

A tally is how many voted for, against and abstained, each where the text says it:
- "6 votes for", "6 in favour", "6 councillors voting for"; "3 against", "one councillor voting against"; "1
  abstention", "two councillors abstaining";
- "by 31 votes to 19" after a word of passing ("carried", "passed", "approved", "agreed": the larger number for) or of
  failing ("lost", "defeated", "rejected", "refused": the larger number against), read so whichever the order: "lost by
  2 votes to 5" and "defeated by five votes to two" are one tally;
- "unanimously", "unanimous", "every councillor in favour", "nobody voted against": none against.
A text of two tallies (an amendment lost and a motion carried, in one sentence) gives none: which answers the claim's
is unknown. `vote_conflicts` gives (the claim's count, the sentence's) for each side both give a count of, where they
differ: a figure conflict of the quantity rule (figure_rules).
"""
from __future__ import annotations

import re

_NUMBER = r"\d+|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|none|no"
_N = rf"(?<!\bno\s)\b(?P<n>{_NUMBER})"          # not "no one voted against"
_WHO = r"(?:\s+(?:councillors?|members?|people|votes?|of\s+them))?"
_SIDES = (
    ("for", re.compile(rf"{_N}{_WHO}\s+(?:voting\s+|voted\s+)?(?:for|in\s+favour)\b", re.I)),
    ("against", re.compile(rf"{_N}{_WHO}\s+(?:voting\s+|voted\s+)?against\b", re.I)),
    ("abstained", re.compile(rf"{_N}{_WHO}\s+(?:abstentions?\b|abstain(?:ing|ed)\b)", re.I)),
)
_BY = re.compile(rf"\b(?P<way>carried|passed|approved|agreed|adopted|accepted|won|lost|defeated|rejected|refused|fell)"
                 rf"\b[^.;]{{0,40}}?\bby\s+(?P<a>{_NUMBER})\s+(?:votes?\s+)?to\s+(?P<b>{_NUMBER})\b", re.I)
_NONE_AGAINST = re.compile(r"\b(?:unanimous(?:ly)?|every\s+(?:councillor|member)\s+(?:voting\s+|voted\s+)?(?:for|in\s+favour)"
                           r"|(?:nobody|no\s+one|no\s+councillors?)\s+voted\s+against)\b", re.I)
_PASSED = frozenset("carried passed approved agreed adopted accepted won".split())
_WORDS = {w: i for i, w in enumerate("no one two three four five six seven eight nine ten eleven twelve".split())}
_WORDS["none"] = 0
_VOTE = re.compile(r"\b(?:vot\w*|abstain\w*|abstentions?|unanimous\w*|in\s+favour|carried|motion)\b", re.I)


def _count(word: str) -> int:
    return int(word) if word.isdigit() else _WORDS[word.lower()]


def tally(text: str) -> dict[str, tuple[int, str]]:
    """{side: (count, as written)} of the text's one tally (module text); {} where it gives none or two."""
    if not _VOTE.search(text):
        return {}
    out: dict[str, tuple[int, str]] = {}
    by = list(_BY.finditer(text))
    if len(by) > 1:
        return {}
    for m in by:
        a, b = _count(m.group("a")), _count(m.group("b"))
        high, low = max(a, b), min(a, b)
        said = m.group(0)[m.start("a") - m.start():]
        passed = m.group("way").lower() in _PASSED
        out["for"], out["against"] = ((high, said), (low, said)) if passed else ((low, said), (high, said))
    for side, pattern in _SIDES:
        found = list(pattern.finditer(text))
        if len(found) > 1 or found and side in out:
            return {}        # two tallies: which is whose is unknown
        for m in found:
            out[side] = (_count(m.group("n")), m.group(0))
    if _NONE_AGAINST.search(text):
        if out.get("against", (0,))[0]:
            return {}
        out.setdefault("against", (0, _NONE_AGAINST.search(text).group(0)))
    return out


def vote_conflicts(claim: str, sentence: str) -> list[tuple[str, str]]:
    """[(the claim's count as written, the sentence's)] for each side of a vote both give another count of."""
    mine = tally(claim)
    theirs = tally(sentence) if mine else {}
    return [(mine[side][1], theirs[side][1]) for side in ("for", "against", "abstained")
            if side in mine and side in theirs and mine[side][0] != theirs[side][0]]
