"""One key for the names a text may give one place or body by ("the US" and "the United States", "UK" and "the United
Kingdom"), so the entity comparison (grounding.entities) does not list as a difference what only the spelling
changes. Keys are lower-case without a leading "the", as grounding.entities makes them; the table holds only names
with one common reading."""
from __future__ import annotations

_SAME = {   # key: its other names, separated by "|"
    "united states": "us|u.s.|usa|u.s.a.|united states of america",
    "united kingdom": "uk|u.k.|great britain|britain",
    "european union": "eu|e.u.",
    "united nations": "un|u.n.",
    "world health organization": "who|world health organisation",
    "united arab emirates": "uae|u.a.e.",
    "soviet union": "ussr|u.s.s.r.",
    "new york city": "nyc",
}
ALIASES = {alias: key for key, aliases in _SAME.items() for alias in aliases.split("|")}


def canonical(key: str) -> str:
    """The one key of a named entity's lower-case key (itself when it has no other common name)."""
    return ALIASES.get(key, key)
