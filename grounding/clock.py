"""Clock times as written ("6am", "9:30 a.m.", "17:30", "noon", "midnight", "half past eleven at night") and their minutes after midnight: a value
of its own kind for the entity comparison and the quantity rule ("The shop closes at 6pm" against "The shop is open
from 9am to 5pm"; "The marathon starts at 9am" against "The race starts at 9:30am" stays the model's, P(e) 0.44: two
subjects the rules cannot tell are one), and the ends of a span of hours (grounding.hours)."""
from __future__ import annotations

import re

TIME = r"(?:\d{1,2}(?:[:.]\d{2})?\s*(?:am|pm|a\.m\.|p\.m\.)|\d{1,2}[:.]\d{2}|noon|midday|midnight)"
# a time as a mention: "9.30" and "2.50" without "am" or "pm" are numbers, "17:30" a time
_HOURS = "one two three four five six seven eight nine ten eleven twelve".split()
# a time in words with its part of the day: "half past eleven at night", "a quarter to nine in the morning", "seven
# o'clock in the evening" (without the part of the day it could be either half of the day: no time)
_PART = r"(?:in\s+the\s+(?:morning|afternoon|evening)|at\s+night)"
_SAID = (rf"(?:(?:(?:a\s+)?quarter|half)\s+(?:past|to)\s+(?:\d{{1,2}}|{'|'.join(_HOURS)})"
         rf"|(?:\d{{1,2}}|{'|'.join(_HOURS)})\s+o['’]clock)\s+{_PART}")
CLOCK = re.compile(rf"(?<![\w:.£$€])(?:\d{{1,2}}(?:[:.]\d{{2}})?\s*(?:am|pm|a\.m\.|p\.m\.)|\d{{1,2}}:\d{{2}}|noon|midday"
                   rf"|midnight|{_SAID})(?![\w:])", re.IGNORECASE)


def minutes(time: str) -> int:
    """Minutes after midnight of a clock time as written ("6am", "11.30pm", "17:30", "noon"); midnight is 0; -1 where
    it is no time."""
    said = re.fullmatch(rf"(?:(?:a\s+)?(?P<part>quarter|half)\s+(?P<way>past|to)\s+)?(?P<hour>\d{{1,2}}|[a-z]+)"
                        rf"(?:\s+o['’]clock)?\s+(?P<when>{_PART})", time.strip().lower())
    if said:        # "half past eleven at night": 23:30
        hour = int(said.group("hour")) if said.group("hour").isdigit() else _HOURS.index(said.group("hour")) + 1 \
            if said.group("hour") in _HOURS else -1
        later = said.group("when").endswith(("afternoon", "evening")) or said.group("when").endswith("night") \
            and hour >= 6
        past = {"quarter": 15, "half": 30}.get(said.group("part") or "", 0) * (-1 if said.group("way") == "to" else 1)
        return -1 if not 1 <= hour <= 12 else ((hour % 12 + (12 if later else 0)) * 60 + past) % 1440
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
