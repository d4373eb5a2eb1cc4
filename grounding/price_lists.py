"""The lines of a price list and the age groups it prices (grounding.prices reads both into its price states): "Under-16s:
£2", "- Adults: £6.50", "Under-5s: free when accompanied by a paying adult". "Under-16s get in free" had been
Supported on every engine against "Under-16s: £2" (P(e) 0.89): a line with no verb gave no price state, and spaCy tags
"Under-16s" as punctuation.
"""
from __future__ import annotations

import re

from grounding.ages import _BOUNDED as _AGE_GROUP     # "under-16s", "over 65": the age limits' own reading
from grounding.decompose import parse

_LINE = re.compile(r"^[ \t]*(?:[-•*][ \t]*)?(?P<thing>[A-Za-z][\w'-]*(?:[ \t]+[A-Za-z][\w'-]*){0,2})[ \t]*:[ \t]*"
                   r"(?P<price>free\b|[£$€][ \t]?\d[\d.,]*|\d[\d.,]*[ \t]*(?:pounds?|euros?|dollars?|p)\b)",
                   re.IGNORECASE | re.MULTILINE)


def age_group(word: str) -> str:
    """One key for an age group written as one word ("Under-16s", "under-16": "under-16"), else ""."""
    m = _AGE_GROUP.fullmatch(word)
    return f"{m.group('way').lower()}-{m.group('n')}" if m else ""


def list_lines(text: str) -> list[tuple[str, bool, str]]:
    """(the thing's noun lemma, whether free, the line as written) of each price-list line: the thing before the
    colon, priced or free."""
    out = []
    for m in _LINE.finditer(text):
        last = m.group("thing").split()[-1]
        out.append((age_group(last) or parse(last)[0].lemma_.lower(), m.group("price").lower() == "free",
                    m.group(0).strip(" -•*\t")))
    return out
