"""Entities of a sentence as normalised keys, and how many of a claim's entities its anchor sentence shares.

Keys are written so that equal facts compare equal whatever their spelling:

- numbers: "1,000" / "1000" -> "1000", "3.50" -> "3.5", "thirty" -> "30", "30 million" -> "30000000";
- percentages: "30%", "30 percent", "30 per cent" -> "30%";
- money: "$4.2 billion", "USD 4.2bn", "4.2 billion dollars" -> "$4200000000" (likewise € and £);
- dates: "March 3, 2020", "3 March 2020", "2020-03-03" -> "2020-03-03"; "March 2020" -> "2020-03";
  "15 January" (no year) -> "--01-15";
  lone years "2020" -> "2020"; decades "the 1950s", "the '90s" -> "1950s", "90s" (a span of years, not a year);
- named entities (spaCy NER: people, organisations, places, products, events, works, laws, facilities):
  lower-cased, whitespace collapsed, a leading "the" and a trailing "'s" dropped.

A number inside a percentage, an amount or a date is not listed again on its own, and citation markers
("[3]") are not numbers of the sentence.
"""
from __future__ import annotations

import functools
import re
from decimal import Decimal, InvalidOperation
from typing import NamedTuple, Optional

from grounding.aliases import canonical
from grounding.clock import CLOCK
from grounding.clock import key as clock_key
from grounding.decompose import load_nlp
from grounding.frequencies import frequencies
from grounding.invisible import judged_text
from grounding.types import EntityDiff

NAMED_LABELS = frozenset({"PERSON", "ORG", "GPE", "LOC", "NORP", "PRODUCT", "EVENT", "WORK_OF_ART", "LAW", "FAC"})
_NER_ONLY = ("tok2vec", "tagger", "parser", "attribute_ruler", "lemmatizer")   # NER has its own embedding layer

_UNITS = ["zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "eleven", "twelve",
          "thirteen", "fourteen", "fifteen", "sixteen", "seventeen", "eighteen", "nineteen"]
_TENS = ["twenty", "thirty", "forty", "fifty", "sixty", "seventy", "eighty", "ninety"]
_SMALL = {w: i for i, w in enumerate(_UNITS)} | {w: 20 + 10 * i for i, w in enumerate(_TENS)}
_SCALES = {"dozen": 12, "hundred": 100, "thousand": 10**3, "million": 10**6, "billion": 10**9, "trillion": 10**12}
_SHORT_SCALES = {"k": 10**3, "m": 10**6, "mn": 10**6, "bn": 10**9}    # only after a currency: "$5m", "$4.2bn"
_MONTHS = {m: i for i, m in enumerate(["january", "february", "march", "april", "may", "june", "july", "august",
                                       "september", "october", "november", "december"], 1)}
_MONTH_ABBR = {"jan": 1, "feb": 2, "mar": 3, "apr": 4, "jun": 6, "jul": 7, "aug": 8, "sep": 9, "sept": 9,
               "oct": 10, "nov": 11, "dec": 12}
_CURRENCY = {"$": "$", "us$": "$", "usd": "$", "dollar": "$", "dollars": "$", "€": "€", "eur": "€", "euro": "€",
             "euros": "€", "£": "£", "gbp": "£", "¥": "¥", "jpy": "¥", "yen": "¥"}

_DIGITS = r"(?:\d{1,3}(?:,\d{3})+(?:\.\d+)?|\d+(?:\.\d+)?|\.\d+)"
_WORD = "|".join(sorted(_SMALL, key=len, reverse=True) + list(_SCALES))
_WORDS = rf"(?:{_WORD})(?:(?:[ \t]+and[ \t]+|[ \t]+|-)(?:{_WORD}))*"
_SCALE = "|".join(_SCALES)
# A number: digits (optionally scaled: "4.2 billion") or number words, not glued to letters ("COVID-19", "H1N1").
_NUMBER = rf"(?:(?<![A-Za-z]-)(?<![\w.,]){_DIGITS}(?![\d])(?:[ \t]*(?:{_SCALE})\b)?|\b{_WORDS}\b)"
_MONTH = (r"(?:January|February|March|April|May|June|July|August|September|October|November|December"
          r"|(?:Jan|Feb|Mar|Apr|Jun|Jul|Aug|Sept|Sep|Oct|Nov|Dec)\.?)")
_DAY = r"(?:[12]\d|3[01]|0?[1-9])(?:st|nd|rd|th)?"
_YEAR = r"(?:1[0-9]\d\d|20\d\d|2100)"

_CITATION = re.compile(r"\[\d+(?:\s*[,–-]\s*\d+)*\]")
_WEEKDAY = re.compile(r"\b(?P<day>Monday|Tuesday|Wednesday|Thursday|Friday|Saturday|Sunday)s?\b")
_DECADE = re.compile(r"(?<![\w.,])['’]?(?P<digits>(?:1[0-9]|20)?\d0)['’]?s\b")
_DATE_PATTERNS = [
    (re.compile(rf"\b(?P<month>{_MONTH})[ \t]+(?P<day>{_DAY}),?[ \t]+(?P<year>{_YEAR})\b"), "ymd"),
    (re.compile(rf"\b(?P<day>{_DAY})[ \t]+(?:of[ \t]+)?(?P<month>{_MONTH}),?[ \t]+(?P<year>{_YEAR})\b"), "ymd"),
    (re.compile(r"\b(?P<year>\d{4})-(?P<month>\d{2})-(?P<day>\d{2})\b"), "ymd"),
    (re.compile(rf"\b(?P<month>{_MONTH})[ \t]+(?:of[ \t]+)?(?P<year>{_YEAR})\b"), "ym"),
    # a day of a month with no year ("15 January", "January 15th"): key "--01-15"
    (re.compile(rf"\b(?P<month>{_MONTH})[ \t]+(?P<day>{_DAY})\b(?![.,:]\d)"), "md"),
    (re.compile(rf"\b(?P<day>{_DAY})[ \t]+(?:of[ \t]+)?(?P<month>{_MONTH})(?!\w)"), "md"),
]
_MONEY = re.compile(
    rf"(?P<pre>US\$|[$€£¥]|\b(?:USD|EUR|GBP|JPY)\b)[ \t]*(?P<num>{_DIGITS}|{_WORDS})"
    rf"(?:[ \t]*(?P<scale>{_SCALE}|bn|mn|m|k)\b)?"
    rf"|(?P<num2>{_NUMBER})[ \t]*(?P<post>dollars?|euros?|yen|USD|EUR|GBP|JPY)\b", re.I)
_PERCENT = re.compile(rf"(?P<num>{_NUMBER})(?:[ \t]*%|[ \t-]*(?:percent|per[ \t]+cent|pct)\b)", re.I)
_PLAIN_NUMBER = re.compile(_NUMBER, re.I)
_FORMAT = re.compile(r"[DKG](?![\w-])")
# "a quarter of a million", "half a million", "two thirds of a billion": a share of a scale word, one number
_SHARE_OF_SCALE = re.compile(rf"\b(?:(?P<numer>a|one|two|three)[ -](?P<denom>quarters?|thirds?|half)[ \t]+of[ \t]+(?:a|one)"
                             rf"|half[ \t]+(?:a|one))[ \t]+(?P<scale>{_SCALE})\b", re.I)
_SHARES = {"half": 2, "third": 3, "thirds": 3, "quarter": 4, "quarters": 4}


class Mention(NamedTuple):
    start: int
    end: int
    kind: str       # number | year | decade | percent | money | date | time | frequency | weekday | named
    key: str        # normalised form (see the module docstring)
    surface: str    # the text as written


def extract_entities(text: str) -> list[str]:
    """Normalised entity keys of `text` in order of first appearance, without duplicates."""
    return [m.key for m in mentions(text)]


@functools.lru_cache(maxsize=65536)
def mentions(text: str) -> tuple[Mention, ...]:
    """The entity mentions of `text`, in order, one per key (the first spelling is kept as surface)."""
    found: list[Mention] = []
    taken: list[tuple[int, int]] = [m.span() for m in _CITATION.finditer(text)]
    written = text
    text = _plain_digits(text)

    def add(start: int, end: int, kind: str, key: Optional[str], within: tuple = ()) -> None:
        if key is not None and not any(start < e and s < end and (s, e) not in within for s, e in taken):
            taken.append((start, end))
            found.append(Mention(start, end, kind, key, written[start:end]))

    for pattern, shape in _DATE_PATTERNS:
        for m in pattern.finditer(text):
            add(m.start(), m.end(), "date", _date_key(m, shape))
    weekly = []      # "every Monday" / "every other Monday": how often, and the day too ("every Tuesday")
    for start, end, key in frequencies(text):   # before the numbers: "three times a day" is one value
        add(start, end, "frequency", key)
        if _WEEKDAY.search(text, start, end):
            weekly.append((start, end))
    for m in _WEEKDAY.finditer(text):   # "closed until Monday" / "reopened on Friday": a day, of its own kind
        add(m.start(), m.end(), "weekday", m.group("day"), within=tuple(weekly))
    for m in _DECADE.finditer(text):
        add(m.start(), m.end(), "decade", m.group("digits") + "s")
    for m in _SHARE_OF_SCALE.finditer(text):
        numer = {"two": 2, "three": 3}.get((m.group("numer") or "").lower(), 1)
        share = Decimal(numer) / _SHARES[(m.group("denom") or "half").lower()]
        add(m.start(), m.end(), "number", _format((share * _SCALES[m.group("scale").lower()]).to_integral_value()))
    for m in _MONEY.finditer(text):
        add(m.start(), m.end(), "money", _money_key(m))
    for m in _PERCENT.finditer(text):
        value = _number_value(m.group("num"))
        add(m.start(), m.end(), "percent", None if value is None else _format(value) + "%")
    for m in CLOCK.finditer(text):       # a time of day: "starts at 9am" / "at 9:30am" (grounding.clock)
        add(m.start(), m.end(), "time", clock_key(m.group(0)))
    for m in _PLAIN_NUMBER.finditer(text):
        if _FORMAT.match(text, m.end()):     # a format's name, no count: "3D and IMAX films", "4K", "5G"
            continue
        for start, end, value in _split_number_words(m):
            key = _format(value)
            year = re.fullmatch(_YEAR, text[start:end]) is not None
            add(start, end, "year" if year else "number", key)
    for ent in _named(text):
        add(*ent)

    found.sort(key=lambda m: m.start)
    seen: set[str] = set()
    unique = []
    for m in found:
        if m.key not in seen:
            seen.add(m.key)
            unique.append(m)
    return tuple(unique)


def _plain_digits(text: str) -> str:
    """`text` with the same length, its numbers in the form the patterns read: a raised decimal point ("1·3
    million", the Lancet's) as ".", digits grouped by spaces ("19 900", "499 000") with commas."""
    text = re.sub(r"(?<=\d)[·⋅](?=\d)", ".", text)
    return re.sub(r"(?<![\d,.])\d{1,3}(?:[ \u00a0\u2009\u202f]\d{3})+(?![\d,.]\d)",
                  lambda m: re.sub(r"[ \u00a0\u2009\u202f]", ",", m.group(0)), text)


def entity_overlap(claim: str, context: str) -> tuple[Optional[float], EntityDiff]:
    """Share (0..1) of the claim's entities that the context sentence also has, and the difference.

    Numbers, amounts and percentages must be equal; a claim's year or month matches a fuller date in the
    context ("2020" is in "2020-03-03"); named entities match when equal or when one contains the other as
    whole words ("pfizer" ~ "pfizer inc."). The share is None when the claim has no entities (the caller
    gives that weight to the other signals). The diff lists the entities as written in each text; the claim is
    read as the entailment model reads it, in the context's words where both say one thing in other words
    (grounding.wording: "About 20%" against "One in five" is no difference).
    """
    from grounding.wording import align
    claim_mentions, context_mentions = mentions(judged_text(align(context, claim))), mentions(judged_text(context))
    if not claim_mentions:
        return None, EntityDiff(context_only=[m.surface for m in context_mentions])
    shared, claim_only, used = [], [], set()
    words = " ".join(judged_text(context).lower().split())
    for c in claim_mentions:
        hits = [i for i, k in enumerate(context_mentions) if _matches(c, k)]
        # a name written in the sentence where the tagger missed it there ("Compound K" / "compound K") is in it
        found = hits or (c.kind == "named" and _contains_words(c.key, words))
        (shared if found else claim_only).append(c.surface)
        used.update(hits)
    # a day of the week the claim does not speak of is a detail, not a difference ("reopened on Saturday")
    days = any(c.kind == "weekday" for c in claim_mentions)
    context_only = [k.surface for i, k in enumerate(context_mentions)
                    if i not in used and (days or k.kind != "weekday")]
    return len(shared) / len(claim_mentions), EntityDiff(shared, claim_only, context_only)


def _matches(claim: Mention, context: Mention) -> bool:
    if claim.kind == "named" or context.kind == "named":
        if claim.kind != context.kind:
            return False
        return _contains_words(claim.key, context.key) or _contains_words(context.key, claim.key)
    if claim.key == context.key:
        return True
    if claim.kind == "date" == context.kind and claim.key.startswith("--"):     # "15 January" in "15 January 2027"
        return context.key.endswith(claim.key[1:])
    return claim.kind in ("year", "date") and context.kind == "date" and context.key.startswith(claim.key + "-")


def _contains_words(part: str, whole: str) -> bool:
    return re.search(rf"(?<!\w){re.escape(part)}(?!\w)", whole) is not None


def _named(text: str) -> list[tuple[int, int, str, str]]:
    """(start, end, "named", key) of spaCy's named entities of the labels in NAMED_LABELS."""
    if not re.search(r"[A-Za-z]", text):
        return []
    doc = load_nlp()(text, disable=list(_NER_ONLY))
    found = []
    for ent in doc.ents:
        if ent.label_ not in NAMED_LABELS:
            continue
        key = " ".join(ent.text.lower().split())
        key = canonical(re.sub(r"^the\s+|['’]s$", "", key).strip())
        if re.search(r"[^\W\d_]", key):             # letters, not a number the tagger called a name
            found.append((ent.start_char, ent.end_char, "named", key))
    return found


def _date_key(m: re.Match, shape: str) -> Optional[str]:
    month_text = m.group("month").rstrip(".").lower()
    month = int(month_text) if month_text.isdigit() else _MONTHS.get(month_text) or _MONTH_ABBR.get(month_text)
    if not month or not 1 <= month <= 12:
        return None
    if shape == "ym":
        return f"{m.group('year')}-{month:02d}"
    day = int(re.match(r"\d+", m.group("day")).group(0))
    year = "-" if shape == "md" else m.group("year")
    return f"{year}-{month:02d}-{day:02d}" if 1 <= day <= 31 else None


def _money_key(m: re.Match) -> Optional[str]:
    if m.group("pre"):
        value = _number_value(m.group("num"))
        scale = (m.group("scale") or "").lower()
        if value is not None and scale:
            value *= _SCALES.get(scale) or _SHORT_SCALES[scale]
        symbol = _CURRENCY[m.group("pre").lower()]
    else:
        value = _number_value(m.group("num2"))
        symbol = _CURRENCY[m.group("post").lower()]
    return None if value is None else symbol + _format(value)


def _number_value(text: str) -> Optional[Decimal]:
    """Value of one number phrase: digits with an optional scale word, or number words."""
    text = text.strip().lower()
    digits = re.match(rf"{_DIGITS}", text)
    if digits:
        try:
            value = Decimal(digits.group(0).replace(",", ""))
        except InvalidOperation:
            return None
        for word in re.findall(r"[a-z]+", text[digits.end():]):
            value *= _SCALES.get(word, 1)
        return value
    parts = _word_numbers(re.findall(r"[a-z]+", text))
    return Decimal(parts[0][2]) if len(parts) == 1 else None


def _split_number_words(m: re.Match) -> list[tuple[int, int, Decimal]]:
    """(start, end, value) of the numbers in one plain-number match ("five and ten" holds two)."""
    text = m.group(0)
    if text[0].isdigit() or text[0] == ".":
        value = _number_value(text)
        return [] if value is None else [(m.start(), m.end(), value)]
    words = list(re.finditer(r"[a-z]+", text.lower()))
    spans = []
    for first, last, value in _word_numbers([w.group(0) for w in words]):
        if first == last and words[first].group(0) == "one":
            continue        # a lone "one" is nearly always a pronoun or determiner ("one of", "one study")
        spans.append((m.start() + words[first].start(), m.start() + words[last].end(), Decimal(value)))
    return spans


def _word_numbers(words: list[str]) -> list[tuple[int, int, int]]:
    """Parse number words into (first word, last word, value) runs, starting a new number where the
    words stop forming one ("five ten" is two numbers, "twenty-five" and "two hundred and five" are one)."""
    runs: list[tuple[int, int, int]] = []
    total = current = 0
    first = last = None
    previous = None                     # kind of the previous word: unit | ten | scale | and

    def close():
        if first is not None and previous != "and":
            runs.append((first, last, total + current))

    for i, word in enumerate(words):
        if word == "and":
            if previous != "scale":
                close()
                first, total, current, previous = None, 0, 0, None
            else:
                previous = "and"
            continue
        kind = "scale" if word in _SCALES else ("ten" if word in _TENS else "unit")
        fits = first is not None and (
            (kind == "unit" and previous in ("ten", "scale", "and") and not (previous == "ten" and _SMALL[word] >= 10))
            or (kind == "ten" and previous in ("scale", "and"))
            or (kind == "scale" and previous in ("unit", "ten", "scale")))
        if not fits:
            close()
            first, total, current = i, 0, 0
            if kind == "scale":
                current = 1                 # a bare "hundred"/"million"
        if kind == "scale":
            scale = _SCALES[word]
            if scale in (12, 100):      # "two dozen", "five hundred": a multiplier within the number
                current = (current or 1) * scale
            else:
                total += (current or 1) * scale
                current = 0
        else:
            current += _SMALL[word]
        last, previous = i, kind
    close()
    return runs


def _format(value: Decimal) -> str:
    """Plain decimal without exponent or trailing zeros: 3.50 -> "3.5", 4.2e9 -> "4200000000"."""
    text = format(value.normalize(), "f")
    return text if text not in ("-0",) else "0"


def occurrences(surface: str, text: str):
    """Where a value as written occurs in the text as a whole (not "20" inside "2020"; a percentage may have a
    citation glued to it, "38%20"): an iterator of matches."""
    return re.finditer(r"(?<![\w.])" + re.escape(surface) + ("" if surface.endswith("%") else r"(?!\w)"), text)
