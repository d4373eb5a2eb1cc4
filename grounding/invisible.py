"""Characters a reader cannot see but a model reads: zero-width and bidirectional controls (Unicode category Cf,
e.g. U+200B ZERO WIDTH SPACE, U+202E RIGHT-TO-LEFT OVERRIDE) and other control characters (Cc).

They are kept in the texts (so every offset still slices back to what the user gave) and removed from what a model
reads (`judged_text`), and the coverage says where they were: a U+202E inside "2‮03" shows "230" on screen while
the characters are 2, 0, 3, so what was checked and what was seen could differ.
"""
from __future__ import annotations

import re
import unicodedata

# Cf (format) characters and C0/C1 controls other than tab / newline / carriage return / form feed (Unicode 14,
# the ranges checked against unicodedata by tests/test_limits.py)
HIDDEN_RANGES = ("\x00-\x08\x0b\x0e-\x1f\x7f-\x9f\xad\u0600-\u0605\u061c\u06dd\u070f\u0890-\u0891\u08e2\u180e"
                 "\u200b-\u200f\u202a-\u202e\u2060-\u2064\u2066-\u206f\ufeff\ufff9-\ufffb\U000110bd\U000110cd"
                 "\U00013430-\U00013438\U0001bca0-\U0001bca3\U0001d173-\U0001d17a\U000e0001\U000e0020-\U000e007f")
_HIDDEN = re.compile(f"[{HIDDEN_RANGES}]")
_BIDI = frozenset("\u061c\u200e\u200f\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069")


def judged_text(text: str) -> str:
    """`text` as the models read it: invisible format and control characters removed."""
    return _HIDDEN.sub("", text) if text else text


def hidden_characters(text: str) -> list[tuple[int, str]]:
    """(offset, "U+202E RIGHT-TO-LEFT OVERRIDE") of every invisible format / control character in `text`."""
    return [(m.start(), f"U+{ord(m.group()):04X} {unicodedata.name(m.group(), 'CONTROL CHARACTER')}")
            for m in _HIDDEN.finditer(text or "")]


def describe(text: str, where: str) -> str:
    """A coverage message naming the hidden characters of `text` (empty when there are none)."""
    found = hidden_characters(text)
    if not found:
        return ""
    bidi = sum(1 for off, _ in found if text[off] in _BIDI)
    first = ", ".join(f"{name} at offset {off}" for off, name in found[:3]) + (" …" if len(found) > 3 else "")
    warn = (" Direction controls can make the text on screen read differently from the characters checked."
            if bidi else "")
    return (f"The {where} contains {len(found)} invisible character(s) ({first}); the models read the text "
            f"without them.{warn}")
