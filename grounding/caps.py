"""Unlimited against a cap: "You can make unlimited claims" against "You can make up to two claims in any 12-month
period", which no reading of values compared (the claim gives no number) and the entailment model left neutral
(Unsupported on every engine). The claim says there is no limit on a thing ("unlimited claims", "an unlimited number
of visits", "no limit on the number of devices", "as many sessions as you like"); the sentence caps the same thing
("up to two claims", "a maximum of 3 devices", "no more than 5 visits", "limited to four sessions", "capped at 10
users") or gives it as an amount ("100GB of data", "500 minutes"), by the noun's first five letters,
singular. Neither is read when negated ("is not unlimited"). The quantity
rule (learned.quantity_conflicts with `same_figure`) gives the pair as a conflict of figures.
"""
from __future__ import annotations

import re

from grounding.entities import _WORDS as _NUMBER_WORDS
from grounding.invisible import judged_text
from grounding.reversal import _NEGATION

_FILLER = r"(?:(?:the\s+)?number\s+of\s+|amount\s+of\s+)?(?:[a-z-]+\s+)??"
_UNCAPPED = re.compile(
    rf"\b(?:(?P<word>unlimited|limitless)\s+{_FILLER}(?P<a>[a-z]{{3,}})"
    rf"|(?P<none>no\s+(?:limit|cap|maximum))\s+(?:on|to)\s+{_FILLER}(?P<b>[a-z]{{3,}})"
    r"|(?P<many>as\s+many)\s+(?:[a-z-]+\s+)?(?P<c>[a-z]{3,})\s+as\s+(?:you|they|he|she|we|members|users|customers)"
    r"\s+(?:like|want|need|wish))\b",
    re.IGNORECASE)
_NUMBER = rf"(?:\d+|{_NUMBER_WORDS})"
_CAPPED = re.compile(
    rf"\b(?P<cap>up\s+to|a\s+maximum\s+of|maximum\s+of|at\s+most|no\s+more\s+than|not\s+more\s+than|limited\s+to"
    rf"|capped\s+at|restricted\s+to)\s+(?P<n>{_NUMBER})\s+(?P<noun>[a-z-]{{3,}})(?:\s+(?P<then>[a-z]{{3,}}))?\b",
    re.IGNORECASE)      # "up to three club rides": rides, or club


# an allowance given as an amount is a cap too ("100GB of data each month", "500 minutes"): "It includes unlimited
# data" was Supported on every engine against "… unlimited calls and texts and 100GB of data each month", P(e) 0.95
_ALLOWANCE = re.compile(r"\b\d+(?:[.,]\d+)?\s*(?:(?:gb|mb|tb|gigabytes?|megabytes?|terabytes?)\s+(?:of\s+)?"
                        r"(?:[a-z-]+\s+)??(?P<noun>data|storage|space)|(?P<count>minutes|texts|calls))\b", re.IGNORECASE)


def _key(noun: str) -> str:
    noun = noun.lower()
    return (noun[:-1] if noun.endswith("s") and not noun.endswith("ss") else noun)[:5]


def cap_conflicts(claim: str, sentence: str) -> list[tuple[str, str]]:
    """(the claim's "no limit", the sentence's cap) for each thing the claim says is unlimited and the sentence caps."""
    claim, sentence = judged_text(claim), judged_text(sentence)
    caps = {}
    for m in _CAPPED.finditer(sentence):
        for noun in filter(None, (m.group("noun"), m.group("then"))):
            caps.setdefault(_key(noun), m.group(0))
    for m in _ALLOWANCE.finditer(sentence):
        caps.setdefault(_key(m.group("noun") or m.group("count")), m.group(0))
    out = []
    for m in _UNCAPPED.finditer(claim) if caps else ():
        noun = m.group("a") or m.group("b") or m.group("c")
        if _key(noun) in caps and not _NEGATION.search(claim[max(0, m.start() - 30):m.start()]):
            out.append((m.group(0), caps[_key(noun)]))
    return out
