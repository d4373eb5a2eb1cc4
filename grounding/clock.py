"""Clock times as written ("6am", "9:30 a.m.", "17:30", "noon", "midnight") and their minutes after midnight: a value
of its own kind for the entity comparison and the quantity rule ("The shop closes at 6pm" against "The shop is open
from 9am to 5pm"; "The marathon starts at 9am" against "The race starts at 9:30am" stays the model's, P(e) 0.44: two
subjects the rules cannot tell are one), and the ends of a span of hours (grounding.hours)."""
from __future__ import annotations

import re

TIME = r"(?:\d{1,2}(?:[:.]\d{2})?\s*(?:am|pm|a\.m\.|p\.m\.)|\d{1,2}[:.]\d{2}|noon|midday|midnight)"
# a time as a mention: "9.30" and "2.50" without "am" or "pm" are numbers, "17:30" a time
CLOCK = re.compile(r"(?<![\w:.£$€])(?:\d{1,2}(?:[:.]\d{2})?\s*(?:am|pm|a\.m\.|p\.m\.)|\d{1,2}:\d{2}|noon|midday|midnight)"
                   r"(?![\w:])", re.IGNORECASE)


def minutes(time: str) -> int:
    """Minutes after midnight of a clock time as written ("6am", "11.30pm", "17:30", "noon"); midnight is 0; -1 where
    it is no time."""
    t = time.lower().replace(".", ":").replace(" ", "").replace("a:m:", "am").replace("p:m:", "pm")
    if t in ("noon", "midday"):
        return 720
    if t == "midnight":
        return 0
    m = re.fullmatch(r"(\d{1,2})(?::(\d{2}))?(am|pm)?", t)
    if m is None:
        return -1
    hour, minute, half = int(m.group(1)), int(m.group(2) or 0), m.group(3)
    if minute > 59 or hour > (12 if half else 24) or (half and hour == 0):   # "25:00", "13pm", "9:75": no time
        return -1
    if half:                       # "12am" is midnight, "12pm" noon
        hour = hour % 12 + (12 if half == "pm" else 0)
    return (hour % 24) * 60 + minute


def key(time: str) -> str | None:
    """"09:30" of "9:30am", or None where it is no time of day ("25:00")."""
    n = minutes(time)
    return None if n < 0 else f"{n // 60:02d}:{n % 60:02d}"
