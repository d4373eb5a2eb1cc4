"""Unit words after numbers: the word after a bare number ("4 mg", "two onions"), the units of one dimension ("mg"
and "g" are two units of mass, "g" and "grams" one), a count noun and its plural, and a number that a sentence states
only as a count of another thing (grounding.learned.quantity_conflicts)."""
from __future__ import annotations

import functools
import re

UNIT = re.compile(r"\s*([a-zA-Z%µ]+)")      # the unit word after a bare number
HYPHENED = re.compile(r"-([a-zA-Z]+)\b(?!-)")   # or joined to it by a hyphen ("a 10-inch screen", "a 5-year plan")
# nouns with a value of their own, which a hyphened measure before them tells apart ("the 5-year survival rate was
# 60%": a 5-year rate, not 5 years of anything)
OWN_VALUE = frozenset("rate rates risk risks survival mortality incidence ratio odds mean average median outcome outcomes "
                      "change follow-up".split())

# words between a number and what it counts that leave what is counted ("up to ten unused days" counts days; not
# "3 extra days", a difference)
_COUNTED_AS = frozenset("unused full whole consecutive clear calendar equal separate".split())   # "two equal instalments"


_SIDE = re.compile(r"\s+(over|above|older|more|upwards|higher|greater|under|below|younger|less|fewer|lower)\b",
                   re.IGNORECASE)
_UNDER = frozenset("under below younger less fewer lower".split())


def _unit_after(text: str, end: int, hyphen: bool = False) -> str:
    """The unit word after a number ending at `end`; with `hyphen`, a unit joined to it by a hyphen too (the quantity
    rule's reading; the learned model's features were fitted without it), but not before a noun of `OWN_VALUE` in
    the next two words; with it, a word of `_COUNTED_AS` before the unit is passed over ("ten unused days"), and "or"
    / "and" before a bound's word is that side ("7 or under": "or under"; "16 and over": "or over")."""
    m = UNIT.match(text, end)
    if m is not None and hyphen and m.group(1).lower() in _COUNTED_AS and (n := UNIT.match(text, m.end())) is not None:
        m = n                # "ten unused days": days
    if m is None and hyphen and (m := HYPHENED.match(text, end)) is not None \
            and OWN_VALUE & set(re.findall(r"[a-z-]+", text[m.end():].lower())[:2]):
        return ""
    if m is not None and hyphen and m.group(1).lower() in ("or", "and") \
            and (side := _SIDE.match(text, m.end())) is not None:   # "aged 7 or under", "16 or over": the bound's
        return "or under" if side.group(1).lower() in _UNDER else "or over"     # side, no unit "or" that both share
    if m is not None and m.group(1).lower() in ("square", "cubic", "sq") and (n := UNIT.match(text, m.end())):
        return f"{m.group(1).lower()} {n.group(1).lower()}"     # "96 square metres" / "96 square feet": area
    return m.group(1).lower() if m else ""


# unit words of one dimension, each spelling to one unit: "4 mg" and "4 g" are not one dose, "4 g" and "4 grams" are
_UNITS = {dimension: {spelling: unit for unit, spellings in units.items() for spelling in spellings.split()}
          for dimension, units in {
    "mass": {"µg": "µg ug mcg microgram micrograms", "mg": "mg milligram milligrams", "g": "g gram grams gramme grammes",
             "kg": "kg kilogram kilograms kilo kilos", "lb": "lb lbs pound pounds", "oz": "oz ounce ounces"},
    "volume": {"ml": "ml millilitre millilitres milliliter milliliters", "cl": "cl", "dl": "dl",
               "l": "l litre litres liter liters"},
    "length": {"mm": "mm millimetre millimetres millimeter millimeters", "cm": "cm centimetre centimetres centimeter "
               "centimeters", "km": "km kilometre kilometres kilometer kilometers", "mile": "mile miles",
               "metre": "metre metres meter meters"},
    "time": {"second": "s sec secs second seconds", "minute": "min mins minute minutes", "hour": "h hr hrs hour hours",
             "day": "day days", "week": "week weeks wk", "month": "month months", "year": "year years yr yrs"},
    "data": {"kb": "kb", "mb": "mb", "gb": "gb", "tb": "tb"},
}.items()}
_UNITS["area"] = {spelling: unit for unit, spellings in {"m2": "square metre|square metres|square meter|square meters|sq m",
                                                        "ft2": "square foot|square feet|sq ft", "acre": "acre|acres",
                                                        "hectare": "hectare|hectares|ha"}.items()
                  for spelling in spellings.split("|")}


def other_unit(claim_unit: str, context_unit: str) -> bool:
    """Whether two unit words name two units of one dimension ("mg" and "g", "weeks" and "days"; not "g" and
    "grams", not "mg" and "patients")."""
    return any(claim_unit in units and context_unit in units and units[claim_unit] != units[context_unit]
               for units in _UNITS.values())


def _singular(word: str) -> str:
    """A count noun's singular, roughly: "onions" onion, "berries" berry, "boxes" box."""
    if word.endswith("ies") and len(word) > 4:
        return word[:-3] + "y"
    if word.endswith(("ches", "shes", "xes", "sses", "oes")):
        return word[:-2]
    return word[:-1] if word.endswith("s") and not word.endswith("ss") else word


# count nouns that count anything: "15 items" counts the books a claim's "ten books" counts
_ANY_THING = frozenset({"item", "items", "thing", "things", "article", "articles", "piece", "pieces"})
# count nouns that count one thing: "two games" are "two matches"
_ALIKE = {word: group for group in (frozenset({"game", "match", "fixture"}),) for word in group}


def same_unit(a: str, b: str, plural: bool) -> bool:
    """Whether two unit words after numbers are one; with `plural`, a noun and its plural too ("1 onion", "two onions"),
    and a count noun of anything against a count noun ("up to ten books" / "up to 15 items"; not a unit of measure)."""
    if a == b or (plural and bool(a) and _singular(b) in _ALIKE.get(_singular(a), {_singular(a)})):
        return True
    return plural and bool(a) and bool(b) and bool({a, b} & _ANY_THING) and a.isalpha() and b.isalpha() \
        and not any(u in units for u in (a, b) for units in _UNITS.values()) and not {a, b} <= _ANY_THING \
        and not {a, b} & _stop_words()


def counts_another(claim: str, c, context: str, xm) -> bool:
    """Whether the sentence states claim number `c` only as a count of another thing: "2 carrots" against "two
    onions" (a recipe's "1 onion, 2 carrots" had left "You need two onions" Supported)."""
    if c.kind != "number":
        return False
    unit = _unit_after(claim, c.end)
    theirs = [_unit_after(context, x.end) for x in xm if x.key == c.key]
    return bool(unit) and bool(theirs) and all(u and u.isalpha() and u not in _stop_words() and not same_unit(u, unit, True)
                                               and not any(u in units for units in _UNITS.values()) for u in theirs)


@functools.lru_cache(maxsize=1)
def _stop_words() -> frozenset:
    """spaCy's English stop words ("3 of 5 games": "of" counts nothing), read once, when first needed: importing
    spaCy at import time would load its machine-learning stack into a process that never parses."""
    from spacy.lang.en.stop_words import STOP_WORDS
    return frozenset(STOP_WORDS)



# one of a count noun, which the entity reader leaves alone (a lone "one" is mostly a pronoun): "one bathroom"
_ONE = r"\b(?:one|a\s+single|only\s+one|just\s+one)\s+"
_AFTER_WORD = re.compile(r"\b(?:after|with|following|per|in|on|at|from|by|than|of|for|to|into|within|as)\s+$",
                         re.IGNORECASE)      # "count as one serving": what one is, not how many there are
# what a thing has: "It comes with one cartridge"
_COMES_WITH = re.compile(r"\b(?:comes?|came|supplied|equipped|fitted|sold|shipped|provided|delivered)\s+with\s+$", re.I)
# nouns that measure rather than count ("one degree", "one part in 10,000", "one point")
_MEASURES = frozenset("degree part point unit percent time cause factor".split())




def one_conflicts(claim: str, sentence: str) -> list[tuple[str, str]]:
    """(the claim's count, the sentence's one) where one says two or more of a count noun and the other one of it,
    and the one saying more does not also say one: "It has two bathrooms" against "… two bedrooms, one bathroom and a
    balcony" (P(e) 0.95), and "It has one bathroom" against "… three bathrooms". Not where the one is said twice or
    beside "another", "each", "per" or "every" ("one tablet in the morning and one at night" may be two), nor after a
    preposition ("after one dose": an event), nor against at most so many ("Do not take more than four tablets"
    allows one), nor for more than twelve or a noun that measures ("one degree"), nor where the side saying one says
    so many of it too, of another case ("misses one match, whereas a straight red card means … at least two games":
    "game", "match" and "fixture" count one thing)."""
    from grounding.entities import _WORDS, _number_value, mentions
    from grounding.values import _reading
    out = []
    for many, single, flip in ((claim, sentence, False), (sentence, claim, True)):
        for m in mentions(many):
            unit = _unit_after(many, m.end)
            if m.kind != "number" or not unit.isalpha() or _singular(unit) == unit or unit in _stop_words() \
                    or any(unit in units for units in _UNITS.values()):
                continue
            try:
                if not 2 <= float(m.key) <= 12 or _singular(unit) in _MEASURES:
                    continue
            except ValueError:
                continue
            if (bound := _reading(many, m)) and bound[1] < 1:   # "not more than four tablets" allows one
                continue
            ones = list(re.finditer(_ONE + rf"{re.escape(_singular(unit))}\b", single, re.IGNORECASE))
            one = ones[0] if len(ones) == 1 else None      # "one tablet in the morning and one at night": two
            if one and _AFTER_WORD.search(single[:one.start()]) and not _COMES_WITH.search(single[:one.start()]):
                continue            # "after one dose", "with one child": an event or a case, not what there is
            if one and any(same_unit(n.group(2).lower(), unit, True) and _number_value(n.group(1)) == float(m.key)
                           for n in re.finditer(rf"\b(\d+|{_WORDS})\s+([a-z]+)", single, re.IGNORECASE)):
                continue            # the one side says so many too, of another case ("one match …, two games")
            if one and not re.search(_ONE + rf"{re.escape(_singular(unit))}\b", many, re.IGNORECASE) \
                    and not re.search(r"\b(?:another|each|per|every|a\s+further)\b", single, re.IGNORECASE):
                pair = (f"{m.surface} {unit}", one.group(0).strip())
                out.append(pair[::-1] if flip else pair)
    return out


# a value per period: "120 pounds a term", "35 euros per month", "2 pounds each visit", "£20 per half hour"
_PER = re.compile(r"(?P<value>[£$€]?\d[\d,.]*(?:\s*(?:pounds?|euros?|dollars?|pence|p|%))?)\s+(?:a|an|per|each|every)\s+"
                  r"(?P<period>half[ -](?:day|hour)|day|night|week|fortnight|month|term|quarter|season|semester|year|hour"
                  r"|session|lesson|class|visit)\b", re.IGNORECASE)


_ADJECTIVE_PERIOD = {"daily": "day", "nightly": "night", "weekly": "week", "monthly": "month", "annual": "year",
                     "yearly": "year", "hourly": "hour"}
_PERIODIC = re.compile(r"\b(?P<adj>daily|nightly|weekly|monthly|annual|yearly|hourly)\s+(?:[a-z]+\s+){0,2}?(?:charge|fee|"
                       r"rent|price|cost|rate|subscription|allowance|pass|ticket|payment|premium|membership)s?\b", re.I)
_VALUE = re.compile(r"[£$€]?\d[\d,.]*(?:\s*(?:pounds?|euros?|dollars?|pence|p)\b)?", re.IGNORECASE)


def _period(m: re.Match) -> str:
    return m.group("period").lower().replace("-", " ")     # "per half-hour" is "per half hour", not "per hour"


def period_conflicts(claim: str, sentence: str) -> list[tuple[str, str]]:
    """(the claim's value per period, the sentence's) where the sentence gives the claim's value per another period
    and never per the claim's: "Membership is 120 pounds a year" against "Membership is 120 pounds a term" (Supported
    on every engine, P(e) 0.74); a period said by an adjective counts for the values of its clause ("The standing
    charge will rise to 60p per month" against "The daily standing charge, however, will rise from 53p to 60p")."""
    theirs = [(m.group("value").lower().replace(" ", ""), _period(m), m.group(0)) for m in _PER.finditer(sentence)]
    for m in _PERIODIC.finditer(sentence):      # "The daily standing charge … will rise from 53p to 60p": per day
        clause = re.split(r"[;.]|\bbut\b", sentence[m.end():], maxsplit=1)[0][:100]
        theirs += [(v.group(0).lower().replace(" ", ""), _ADJECTIVE_PERIOD[m.group("adj").lower()], m.group(0))
                   for v in _VALUE.finditer(clause)]
    out = []
    for m in _PER.finditer(claim):
        value, period = m.group("value").lower().replace(" ", ""), _period(m)
        same = [(p, said) for v, p, said in theirs if v == value]
        if same and all(p != period for p, _ in same):
            out.append((m.group(0), same[0][1]))
    return out
