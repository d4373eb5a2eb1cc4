"""A price as it is now, where the source gives it as it was and as it is now: "The larger 8 ft by 10 ft Elmstead is
now £899" against "Elmstead 8 ft x 10 ft: was £999, now £849", and "The peat-free ericaceous compost has been cut from
£7.49 to £5.49" against "Peat-free Ericaceous Compost, 40 litres: was £7.49, now £5.99" (each Supported on every
engine: the quantity rule paired the claim's price with the old one, which the claim says is no longer the price, and
read them as two figures).

The sentence gives one price after "now" (or "reduced to", "cut to") and one or more after "was", "previously",
"originally" or "from"; the claim gives a price the sentence does not, after "now", or after "to" where a "from" and a
price come before it (the end of its change), and the six words before it share one with the sentence's words
before its first price (the thing: "Elmstead", not the "Hawkridge … apex shed" line). The pair is ("now" and the claim's price, "now" and the sentence's).
"""
from __future__ import annotations

import re

_NOW = re.compile(r"\b(?:now|reduced\s+to|cut\s+to)\s+(?:only\s+|just\s+)?$", re.IGNORECASE)
_WAS = re.compile(r"\b(?:was|were|previously|originally|from)\s+$", re.IGNORECASE)


def now_conflicts(claim: str, context: str) -> list[tuple[str, str]]:
    """[("now" and the claim's price, "now" and the sentence's)] (see the module's text)."""
    if "now" not in context.lower() and " to " not in context.lower():
        return []
    from grounding.entities import mentions
    prices = [m for m in mentions(context) if m.kind == "money"]
    now = [m for m in prices if _NOW.search(context[max(0, m.start - 20):m.start])]
    if len(now) != 1 or not any(_WAS.search(context[max(0, m.start - 20):m.start]) for m in prices):
        return []
    from grounding.measured import lead_words, stems5
    keys, named = {m.key for m in prices}, stems5(context[:prices[0].start])
    out = []
    for c in (m for m in mentions(claim) if m.kind == "money" and m.key not in keys):
        before = claim[max(0, c.start - 20):c.start]
        if not lead_words(claim, c.start) & named:
            continue        # another thing's prices: "Hawkridge 10 ft x 8 ft apex shed: was £1,199, now £999"
        if re.search(r"\bnow\s+(?:only\s+|just\s+)?$", before, re.IGNORECASE) or re.search(r"\bto\s+$", before) \
                and re.search(r"\bfrom\s+[£$€]", claim[:c.start], re.IGNORECASE):
            out.append((f"now {c.surface}", f"now {now[0].surface}"))
    return out
