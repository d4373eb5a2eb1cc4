"""How often, as one key: "three times a day", "3 times daily", "twice a day", "every 8 hours", "every 30 minutes"
are all so many times per day ("3 per day", "2 per day", "3 per day"), and so is an adverb alone ("collected
fortnightly": "1/14 per day"), so the entity comparison (grounding.entities, kind "frequency") and
the quantity rule tell "three times a day" from "twice a day" (a leaflet's dose: the entailment model read the two
as the same, P(e) 0.96) and see "every 12 hours" as "twice a day". `other_recurrence` reads how often a payment
or dose comes by the adjective of its noun ("a monthly allowance" against "a one-off allowance", for the reversal
rule)."""
from __future__ import annotations

import re
from fractions import Fraction
from typing import Iterator

_COUNTS = {"once": 1, "twice": 2, "thrice": 3}
_WORDS = {w: i for i, w in enumerate("zero one two three four five six seven eight nine ten eleven twelve".split())}
# a month is a twelfth of the year, so "every 12 months" is once a year and "every six months" twice a year (a month of
# 30 days had made "Hybrid arrangements are reviewed once a year" Contradicted by "… every 12 months" on every engine)
_DAYS = {"minute": Fraction(1, 1440), "hour": Fraction(1, 24), "day": Fraction(1), "week": Fraction(7), "fortnight": Fraction(14),
         "month": Fraction(365, 12), "year": Fraction(365)}
_ADVERBS = {"hourly": "hour", "daily": "day", "nightly": "day", "weekly": "week", "fortnightly": "fortnight",
            "monthly": "month", "yearly": "year", "annually": "year"}
_COUNT = r"(?P<count>once|twice|thrice|(?P<n>\d+|" + "|".join(_WORDS) + r")[ \t]+times)"
_PERIOD = r"(?P<period>minute|hour|day|week|fortnight|month|year)"
_PATTERNS = (
    re.compile(rf"\b{_COUNT}[ \t]+(?:a|an|per|each|every)[ \t]+{_PERIOD}\b", re.I),
    re.compile(rf"\b{_COUNT}[ \t]+(?P<adverb>{'|'.join(_ADVERBS)})\b", re.I),
    re.compile(rf"\bevery[ \t]+(?P<every>\d+|{'|'.join(_WORDS)})[ \t]+{_PERIOD}s\b", re.I),
    re.compile(rf"\bevery[ \t]+(?:(?P<other>other)[ \t]+)?{_PERIOD}\b", re.I),
    re.compile(r"\bevery[ \t]+(?P<half>half)[ \t-]+hour\b", re.I),
    # a day of the week, every week or every other one ("collected every Monday" / "every other Monday")
    re.compile(r"\bevery[ \t]+(?:(?P<other_week>other|second|alternate)[ \t]+)?(?P<weekday>(?:Mon|Tues|Wednes|Thurs|Fri|"
               r"Satur|Sun)day)\b", re.I),
    # one day of the week a month ("on the first Sunday of each month", "the last Friday of every month")
    re.compile(r"\b(?:first|second|third|fourth|last)[ \t]+(?P<monthday>(?:Mon|Tues|Wednes|Thurs|Fri|Satur|Sun)day)"
               r"[ \t]+(?:of|in)[ \t]+(?:each|every|the|a)[ \t]+month\b", re.I),
    # an adverb alone, as a verb's ("collected fortnightly on Tuesdays", "published monthly."): not an adjective
    # before its noun ("a daily dose", "the weekly newsletter"), so only before punctuation, the end or a word
    # that opens what follows the verb
    re.compile(rf"(?<![\w-])(?<!\ba )(?<!\ban )(?<!\bthe )(?P<bare>{'|'.join(_ADVERBS)})\b(?=[ \t]*(?:[.,;:!?)]|$|"
               r"(?:on|at|in|from|with|by|for|and|or|but|until|till|between|except|during|throughout|to|after|before|"
               r"since|unless|if|when|while|as|through|via|starting|including)\b))", re.I),
)


def _number(word: str) -> int:
    return int(word) if word.isdigit() else _WORDS[word.lower()]


def frequencies(text: str) -> Iterator[tuple[int, int, str]]:
    """(start, end, key) of each frequency in `text`, the key its times per day ("2 per day", "1/7 per day")."""
    taken: list[tuple[int, int]] = []
    for pattern in _PATTERNS:
        for m in pattern.finditer(text):
            if any(m.start() < e and s < m.end() for s, e in taken):
                continue
            g = m.groupdict()
            if g.get("monthday"):             # "the first Sunday of each month": once a month
                per_day = 1 / _DAYS["month"]
            elif g.get("half"):                 # "every half hour": every 30 minutes
                per_day = Fraction(48)
            elif g.get("weekday"):            # "every Monday": once a week; "every other Monday": once a fortnight
                per_day = 1 / (_DAYS["week"] * (2 if g.get("other_week") else 1))
            elif g.get("bare"):
                per_day = 1 / _DAYS[_ADVERBS[g["bare"].lower()]]
            elif g.get("every"):
                per_day = 1 / (_number(g["every"]) * _DAYS[g["period"].lower()])
            elif "count" in g:
                times = _COUNTS.get(g["count"].lower()) or _number(g["n"])
                period = _ADVERBS[g["adverb"].lower()] if g.get("adverb") else g["period"].lower()
                per_day = times / _DAYS[period]
            else:
                per_day = 1 / (_DAYS[g["period"].lower()] * (2 if g.get("other") else 1))
            taken.append(m.span())
            yield m.start(), m.end(), f"{per_day} per day"


_ON_DAYS = re.compile(r"\b(?:Mon|Tues|Wednes|Thurs|Fri|Satur|Sun)day\b", re.I)


def other_scales(a, b) -> bool:
    """Whether two frequencies (entities' mentions of kind "frequency") answer two questions, both may be true: on
    which days of the week ("every Saturday") and how often within a day ("twice a day", "every 30 minutes"):
    "Highlights tours run twice a day at weekends" against "… at 11am and 2pm every Saturday and Sunday"."""
    def within_day(m) -> bool:
        return Fraction(m.key.split()[0]) > 1
    return any(_ON_DAYS.search(x.surface) and within_day(y) for x, y in ((a, b), (b, a)))


# how often a thing comes, said by an adjective of its noun: "a monthly allowance", "a one-off allowance"
_RECURRING = _ADVERBS | {"quarterly": "quarter", "annual": "year", "one-off": "once", "one-time": "once",
                         "onetime": "once"}
_RECURRING_WORDS = re.compile(r"\b(?:" + "|".join(_RECURRING) + r")\b", re.I)
# things paid or taken at an interval, whose interval is what they are ("the annual report" and "the quarterly
# report" are two reports, both of which may be true)
_PAID = frozenset("allowance payment fee subscription dose charge salary pension grant bonus stipend rent premium "
                  "contribution instalment installment benefit dividend deposit".split())


def _recurring(text: str) -> dict[str, set[tuple[str, str]]]:
    """noun lemma -> {(its period, the words as written)} for each noun with an adjective of how often it comes."""
    from grounding.decompose import parse
    out: dict[str, set[tuple[str, str]]] = {}
    doc = parse(text)
    for t in doc:
        word = "-".join(x.lower_ for x in doc[t.i:t.i + 3] if x.lower_ != "-") if t.lower_ == "one" else t.lower_
        period = _RECURRING.get(word) or _RECURRING.get(t.lower_)
        noun = t.head if t.dep_ in ("amod", "compound", "nmod", "nummod") else None     # "one-off": "one" a nummod
        if period and noun is not None and noun.pos_ == "NOUN" and noun.lemma_.lower() in _PAID:
            out.setdefault(noun.lemma_.lower(), set()).add((period, f"{t.text if period != 'once' else 'one-off'} {noun.text}"))
    return out


def _done_every(text: str) -> dict[tuple[str, str], set[tuple[str, str]]]:
    """(verb lemma, the thing it is done to) -> {(its period, the words as written)} for each verb with an adverb of
    how often ("Interest is paid annually": ("pay", "interest"); "4.1% interest a year, paid monthly": the noun a
    participle qualifies; "The bank pays interest monthly": the object). A verb whose thing the parse does not give
    is left out."""
    from grounding.decompose import parse
    out: dict[tuple[str, str], set[tuple[str, str]]] = {}
    for t in parse(text):
        period = _RECURRING.get(t.lower_) if t.dep_ == "advmod" and t.lower_ in _ADVERBS_OF_VERBS else None
        verb = t.head
        if period is None or verb.pos_ != "VERB":
            continue
        # "Bins are emptied weekly": the parse may give the subject as an nsubj, even of the auxiliary
        auxpass = [c for c in verb.children if c.dep_ == "auxpass"]
        near = list(verb.children) + [c for a in auxpass for c in a.children]
        thing = next((c for c in near if c.dep_ in ("nsubjpass", "dobj") or auxpass and c.dep_ == "nsubj"), None)
        if thing is None and verb.dep_ == "acl" and verb.head.pos_ == "NOUN":
            thing = verb.head
        if thing is not None and thing.pos_ == "NOUN":
            key = (verb.lemma_.lower(), thing.lemma_.lower())
            out.setdefault(key, set()).add((period, f"{verb.text} {t.text}"))
    return out


# adverbs of a verb that say how often it is done ("paid monthly"); "daily" and "weekly" are adjectives too
_ADVERBS_OF_VERBS = frozenset(_ADVERBS) | {"quarterly"}


def other_recurrence(claim: str, sentence: str) -> list[tuple[str, str]]:
    """(the claim's words, the sentence's) where the sentence says the claim's thing comes at another interval, and
    never at the claim's: "a monthly home-office allowance" against "a one-off allowance of 300 euros" (the
    sentence's "first monthly salary" is another thing); "Interest is paid annually" against "… 4.1% interest a year,
    paid monthly" (the same verb of the same thing, `_done_every`)."""
    if not _RECURRING_WORDS.search(claim) or not _RECURRING_WORDS.search(sentence):
        return []
    out = []
    for mine, theirs in ((_recurring(claim), _recurring(sentence)), (_done_every(claim), _done_every(sentence))):
        for key, said in mine.items():
            other = theirs.get(key, set())
            if other and not {p for p, _ in said} & {p for p, _ in other}:
                out.append((sorted(said)[0][1], sorted(other)[0][1]))
    return out


# how many times a deed is done, with no period ("Loans can be renewed twice", "renewed three times"); not a
# multiple ("three times as much", "twice the size": grounding.multiples) nor a rate (`frequencies`)
_TIMES = re.compile(rf"\b{_COUNT}(?![ \t]+(?:a|an|per|each|every|as|more|less|higher|lower|larger|bigger|smaller|"
                    rf"faster|slower|greater|the|that|this|what|over)\b|[ \t]+(?:{'|'.join(_ADVERBS)})\b|-)", re.I)


def _counts(text: str) -> list[tuple[str, int, str]]:
    """(verb lemma, count, as written) of each count of times a verb is done (`_TIMES`), the verb by the parse."""
    from grounding.decompose import parse
    from grounding.measured import governor
    out, doc = [], None
    for m in _TIMES.finditer(text):
        doc = doc or parse(text)
        token = next((t for t in doc if t.idx <= m.start() < t.idx + len(t.text)), None)
        verb = governor(token) if token is not None else None
        if verb is not None and verb.pos_ in ("VERB", "AUX") and verb.lemma_.lower() not in ("be", "have"):
            out.append((verb.lemma_.lower(), _COUNTS.get(m.group("count").lower()) or _number(m.group("n")), m.group()))
    return out


def times_conflicts(claim: str, sentence: str) -> list[tuple[str, str]]:
    """(the claim's count of times, the sentence's) where one verb does both and the counts differ, the sentence giving
    that verb no count that agrees: "Loans can be renewed three times online" against "Loans can be renewed twice
    online" (Supported on the context engines, by the "three weeks" of another sentence)."""
    if not (_TIMES.search(claim) and _TIMES.search(sentence)):
        return []
    theirs = _counts(sentence)
    out = []
    for verb, n, said in _counts(claim):
        same = [(k, s) for v, k, s in theirs if v == verb]
        if same and all(k != n for k, _ in same):
            out.append((said, same[0][1]))
    return out


def same_recurrence(claim: str, sentence: str) -> list[tuple[str, str]]:
    """[(the claim's frequency, the sentence's)] where every frequency of the claim is one the sentence gives in other
    words ("every two weeks" / "fortnightly"), not as where a change started ("from weekly to fortnightly": weekly is
    no more), and the sentence holds most of the claim's other words (two at least): "Bins will be collected every two
    weeks from April" against "The council will cut the number of bin collections from weekly to fortnightly from
    April" (Unsupported on the context engines, the entailment model leaning to contradiction, P(c) 0.57)."""
    from grounding.overclaim import holds_most
    ours = list(frequencies(claim))
    theirs = [(s, e, key) for s, e, key in frequencies(sentence)     # nor as what it replaces ("every 20 minutes
              if not re.search(r"\b(?:from|instead\s+of|rather\s+than|not)\s+$", sentence[max(0, s - 14):s],
                               re.IGNORECASE)]                    # instead of every 30 minutes")
    out, rest = [], claim
    def days(phrase: str) -> set[str]:
        return {d.lower()[:3] for d in re.findall(r"(?:Mon|Tues|Wednes|Thurs|Fri|Satur|Sun)day", phrase, re.I)}
    for s, e, key in ours:     # as often, on the same days: "every Sunday" is not "every Saturday"
        said = next((sentence[a:b] for a, b, k in theirs if k == key and days(sentence[a:b]) == days(claim[s:e])),
                    None)
        if said is None or said.lower() == claim[s:e].lower():
            return []
        out.append((claim[s:e], said))
        rest = rest.replace(claim[s:e], " ")
    return out if out and holds_most(rest, sentence, 0.6, 2) else []
