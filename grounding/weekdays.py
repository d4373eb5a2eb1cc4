"""Every day against some days of the week: "Lane swimming is available every evening" against "Lane swimming
sessions run on Monday, Wednesday and Friday evenings from 7pm", which the entailment model read as support (P(e)
0.92, Supported on every engine). One of the two says a thing happens every day ("every evening", "each morning",
"daily", "seven days a week") or every weekday ("every weekday", "Monday to Friday"), the other names the days of the
week it happens on, and they are fewer ("on Monday, Wednesday and Friday", "Tuesday to Saturday", "at weekends");
the same thing is meant where the claim's subject noun is in the sentence ("Lane swimming" / "Lane swimming
sessions"), not where it is another's. A sentence that says every day itself ("open every day; late on Thursdays"),
a negated claim ("is not available every evening"), days named as dates ("Friday 14 July") and days named in two
clauses ("opens at 8 am on weekdays, and closes at 8 pm on Thursdays": the other days' closing is not said; the
overclaim rule reads such a claim as Partially supported) are no conflict. The
quantity rule (learned.quantity_conflicts with `same_figure`) gives the pair as a conflict of figures.
"""
from __future__ import annotations

import re

from grounding.hours import _subject
from grounding.invisible import judged_text
from grounding.reversal import _NEGATION

_NAMES = ("monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday")
_DAY = r"(?:monday|tuesday|wednesday|thursday|friday|saturday|sunday|mon|tues?|wed|thu(?:rs?)?|fri|sat|sun)s?"
_PART = r"(?:day|morning|afternoon|evening|night|lunchtime)"
# every day, said any way (also the overclaim rule's "every day" against "on Thursdays")
EVERY_DAY = re.compile(rf"\b(?:every|each)\s+(?:single\s+)?{_PART}\b|\bdaily\b|\bnightly\b|\b(?:seven|7)\s+days\s+a\s+week\b"
                        r"|\ball\s+week\b|\b(?:every|each)\s+day\s+of\s+the\s+week\b", re.IGNORECASE)
_EVERY_WEEKDAY = re.compile(r"\b(?:every|each)\s+weekday\b|\bon\s+weekdays\b|\bweekdays\b", re.IGNORECASE)
_RANGE = re.compile(rf"\b(?P<a>{_DAY})\.?\s*(?:to|until|till|through|thru|-|–|—)\s*(?P<b>{_DAY})\b", re.IGNORECASE)
_ONE = re.compile(rf"\b(?P<d>{_DAY})\b(?!\s+\d)(?!\s+(?:the\s+)?\d)", re.IGNORECASE)   # not a date: "Friday 14 July"
_WEEKDAY_PART = re.compile(rf"\bweekday\s+{_PART}s?\b", re.IGNORECASE)     # "on weekday afternoons"
_WEEKEND = re.compile(r"\b(?:at\s+|on\s+|during\s+)?(?:the\s+)?weekends?\b", re.IGNORECASE)


def _index(word: str) -> int:
    w = word.lower().rstrip(".")
    return next((i for i, name in enumerate(_NAMES) if w.startswith(name[:3])), -1)


def named_days(text: str) -> tuple[frozenset, str]:
    """(the days of the week `text` names, as 0-6 from Monday, and the words that name them, from the first to the
    last); an empty set where it names none. Ranges wrap ("Friday to Monday"); "weekends" is Saturday and Sunday,
    "weekdays" (and "weekday afternoons") Monday to Friday."""
    days: set[int] = set()
    spans = []
    for m in _RANGE.finditer(text):
        a, b = _index(m.group("a")), _index(m.group("b"))
        if a >= 0 and b >= 0:
            days |= {(a + k) % 7 for k in range((b - a) % 7 + 1)}
            spans.append(m.span())
    for m in _ONE.finditer(text):
        if any(s <= m.start() < e for s, e in spans) or _index(m.group("d")) < 0:
            continue
        if len(m.group("d")) <= 4 and m.group("d")[0].islower():    # "sat", "wed" as words
            continue
        days.add(_index(m.group("d")))
        spans.append(m.span())
    for pattern, named in ((_WEEKEND, {5, 6}), (_EVERY_WEEKDAY, set(range(5))), (_WEEKDAY_PART, set(range(5)))):
        for m in pattern.finditer(text):
            days |= named
            spans.append(m.span())
    if not spans:
        return frozenset(), ""
    return frozenset(days), text[min(s for s, _ in spans):max(e for _, e in spans)].strip()


def _one_list(text: str, said: str) -> bool:
    """Whether the days are named in one list or range ("Monday, Wednesday and Friday"), not in two clauses ("on
    weekdays, and close at 8 pm on Thursdays": what the other days do is not said)."""
    return all(re.fullmatch(r"[\s,]*(?:and|or|&|to)?[\s,]*", gap, re.IGNORECASE)
               for gap in re.split(rf"\b(?:{_DAY}|weekends?|weekdays)\b", said, flags=re.IGNORECASE)[1:-1])


def _every(text: str) -> tuple[frozenset, str]:
    """(the days a text says a thing happens on, every one of them: all seven or Monday to Friday, and as written), or
    (empty, "")."""
    m = EVERY_DAY.search(text)
    if m:
        return frozenset(range(7)), m.group(0)
    m = _EVERY_WEEKDAY.search(text) or re.search(r"\bmonday\s+(?:to|until|till|through|-|–)\s+friday\b", text, re.I)
    return (frozenset(range(5)), m.group(0)) if m else (frozenset(), "")


_BUT = re.compile(r"\s*,?\s*(?:except|apart\s+from|other\s+than|but\s+not)\s+(?:on\s+)?[^,.;:]+", re.IGNORECASE)


def each_part_said(said: str, sentence: str) -> bool:
    """Whether the sentence gives the claim's every-day part per each one too ("£25 for each night" / "£25 per night and
    £45 per weekend day"): a value of each night beside one of weekend days is no "some days only"."""
    part = re.search(_PART, said, re.IGNORECASE)
    return part is not None and bool(re.search(rf"\b(?:per|each|every)\s+{part.group(0)}\b", sentence, re.IGNORECASE))


def weekday_conflicts(claim: str, sentence: str) -> list[tuple[str, str]]:
    """[(the claim's words, the sentence's)] where the claim says every day (or every weekday) and the sentence names
    a day of them without its subject ("There are shows every day" / "… with no shows on Mondays"), or names
    fewer days of the week for the same thing: the claim's subject in the sentence, and its part of the day or what
    its verb says of it too ("every evening" / "… evenings"; "is open daily" / "is open Tuesday to Sunday"; not
    "The museum is open daily" / "The museum offers free entry on Mondays")."""
    claim, sentence = judged_text(claim), judged_text(sentence)
    every, said = _every(claim)
    if not every:
        return _shut_on_open_days(claim, sentence)
    at = claim.lower().find(said.lower())
    if (but := _BUT.match(claim, at + len(said))) is not None:   # "every day except Monday": the days it leaves
        every = every - named_days(but.group(0))[0]
    if _NEGATION.search(claim[max(0, at - 30):at]) or EVERY_DAY.search(sentence) \
            or (len(every) == 5 and _every(sentence)[0] == every) or each_part_said(said, sentence):
        return []
    if (shut := _open_on_shut_days(claim, sentence, every)):
        return [(said, shut)]
    noun = _subject(claim) or next((_lemma(w) for w in re.findall(r"^\s*there\s+(?:are|is|will\s+be)\s+(?:daily\s+"
                                                                   r"|nightly\s+)?([a-z]+)", claim, re.I)), "")
    none = re.search(rf"\bno\s+{re.escape(noun[:max(3, len(noun) - 1)])}\w*\s+on\s+[^,.;:]+", sentence,
                     re.IGNORECASE) if noun else None
    if none is not None and named_days(none.group(0))[0] & every:   # "with no shows on Mondays": not every day
        return [(said, none.group(0))]
    own = re.search(rf"\b{re.escape(noun[:max(3, len(noun) - 1)])}\w*\s+(?:\w+\s+)?(?:on|from)\s+[^,.;:]+?"
                    r"(?=\s+and\s+(?:for|on|at|in|from)\b|[,.;:]|$)", sentence, re.IGNORECASE) if noun else None
    if own is not None and (days := named_days(own.group(0))[0]) and days < every:   # its own days, right after it:
        return [(said, named_days(own.group(0))[1])]                                 # "… and for lunch on Sundays only"
    days, theirs = named_days(sentence)
    if not days or not days < every or not _one_list(sentence, theirs):
        return []
    lemmas = _lemmas(sentence)
    part = re.search(_PART, said, re.IGNORECASE)
    same_doing = (part is not None and part.group(0).lower() != "day" and part.group(0).lower() in lemmas) \
        or _predicate(claim) in lemmas
    return [(said, theirs)] if noun and noun in lemmas and same_doing else []


def _shut_on_open_days(claim: str, sentence: str) -> list[tuple[str, str]]:
    """[(the claim's closed days, the sentence's every day)] where the claim says a place is closed on days and the
    sentence, saying nothing closed, that it is open every day ("The centres are closed on Sundays" against "The
    centres are open from 8 am to 5 pm, seven days a week", read as figures of another kind: Unsupported), the
    claim's subject named there (or a pronoun, or none)."""
    shut, every = _CLOSED.search(claim), EVERY_DAY.search(sentence)
    if shut is None or every is None or not _OPEN.search(sentence) or re.search(r"\b(?:closed|shut|closes|except)\b",
                                                                            sentence, re.IGNORECASE):
        return []
    ours, said = named_days(claim[shut.end():])
    from grounding.values import _PRONOUNS
    noun = _subject(claim)
    if not ours or _NEGATION.search(claim) or (noun and noun not in _PRONOUNS and noun not in _lemmas(sentence)):
        return []
    return [(f"{shut.group(0)} on {said}", every.group(0))]


_SHUT_ON = re.compile(rf"\b(?:closed|shut)\s+(?:all\s+day\s+)?(?:on\s+|every\s+|at\s+)?(?:{_DAY}|weekends?)"
                      rf"(?:\s*(?:,|and|or)\s*(?:{_DAY}|weekends?))*\b", re.IGNORECASE)


def _open_on_shut_days(claim: str, sentence: str, every: frozenset) -> str:
    """The sentence's closed days where the claim says a place is open on all of `every` and the sentence that it is
    closed on one of them ("The salon is open every day of the week" / "We are closed on Mondays"; "… will be open
    seven days a week" / "… Monday to Saturday and will be closed on Sundays": Unsupported on every engine), the
    claim's subject named there (or a pronoun, or none); else ""."""
    shut = _SHUT_ON.search(sentence)
    if shut is None or not re.search(r"\bopen\b", claim, re.IGNORECASE) or not named_days(shut.group(0))[0] & every:
        return ""
    from grounding.values import _PRONOUNS
    noun = _subject(claim)
    subject = re.match(r"\s*(\w+)", sentence)
    return shut.group(0) if not noun or noun in _lemmas(sentence) \
        or subject is not None and subject.group(1).lower() in _PRONOUNS else ""


def _predicate(text: str) -> str:
    """The lemma of what the main clause says of its subject: its verb, or with "be" the complement ("is open": open)."""
    from grounding.decompose import parse
    root = next((t for t in parse(text) if t.dep_ == "ROOT"), None)
    if root is None:
        return ""
    if root.lemma_.lower() != "be":
        return root.lemma_.lower()
    return next((c.lemma_.lower() for c in root.children if c.dep_ in ("acomp", "attr")), "")


def _lemma(word: str) -> str:
    from grounding.decompose import parse
    return next((t.lemma_.lower() for t in parse(word)), word.lower())


def _lemmas(text: str) -> set[str]:
    from grounding.decompose import parse
    return {t.lemma_.lower() for t in parse(text)}


_CLOSED = re.compile(r"\b(?:is|are)\s+(?:always\s+)?(?:closed|shut)\b|\bcloses\b|\bdoes\s+not\s+open\b", re.IGNORECASE)
_OPEN = re.compile(r"\bopens?\b", re.IGNORECASE)


def closed_outside(claim: str, sentence: str) -> tuple[str, str] | None:
    """(the claim's closed days, the sentence's open days) where the claim says a place is closed on days ("It is
    closed on Mondays") and the sentence that it is open on the other days, in one list or range ("The museum is open
    Tuesday to Sunday, 10am to 5pm", which the entailment model read as contradicting it, P(c) 0.95 on every engine):
    the claim's days none of the sentence's, five days open at least, the claim's subject named in the sentence (or
    a pronoun, or no subject: "Open Tuesday to Sunday"), and the sentence saying nothing closed. None otherwise."""
    claim, sentence = judged_text(claim), judged_text(sentence)
    shut = _CLOSED.search(claim)
    if shut is None or _CLOSED.search(sentence) or re.search(r"\bclosed\b", sentence, re.IGNORECASE) \
            or not _OPEN.search(sentence) or _NEGATION.search(sentence):
        return None
    ours, said = named_days(claim[shut.end():])
    days, theirs = named_days(sentence)
    if not ours or len(days) < 5 or ours & days or not _one_list(sentence, theirs) \
            or not _figures(claim) <= _figures(sentence):
        return None
    from grounding.values import _PRONOUNS
    noun = _subject(claim)
    if noun and noun not in _PRONOUNS and _subject(sentence) and noun not in _lemmas(sentence):
        return None
    return f"{shut.group(0)} on {said}", f"open {theirs}"


def _figures(text: str) -> set[str]:
    return set(re.findall(r"\d+(?:[:.]\d+)?", text))


_OPEN_STATE = re.compile(r"\b(?:is|are)\s+(?:also\s+)?open\b|\bopens?\b", re.IGNORECASE)
_SHUT_OR_BUT = re.compile(r"\b(?:closed|shut|closes|except|but|apart\s+from)\b|[;.]", re.IGNORECASE)


def open_within(claim: str, sentence: str) -> tuple[str, str] | None:
    """(the claim's open days, the sentence's) where the claim says a place is open on days ("The museum is open on
    Sundays") and the sentence that it is open on days that hold them, in one list or range ("The museum is open from
    10am to 6pm, Tuesday to Sunday, and closed on Mondays", which the entailment model read as leaning against it,
    P(c) 0.64-0.66 on two engines): the days read after the sentence's "open" up to a closing, an exception or the
    clause's end, neither negated, the claim's subject named in the sentence (or a pronoun, or none). None
    otherwise."""
    from grounding.negate import _NEGATION as _DENIED     # reversal's reads only the words before a place
    claim, sentence = judged_text(claim), judged_text(sentence)
    own, there = _OPEN_STATE.search(claim), _OPEN_STATE.search(sentence)
    if own is None or there is None or _DENIED.search(claim) or _DENIED.search(sentence[:there.start()]):
        return None
    rest = claim[own.end():]
    ours, said = named_days(rest)
    stop = _SHUT_OR_BUT.search(sentence, there.end())
    days, theirs = named_days(sentence[there.end():stop.start() if stop else len(sentence)])
    if not ours or not ours <= days or not _one_list(sentence, theirs) or not _figures(claim) <= _figures(sentence):
        return None     # "open until 9 pm on weekdays" against "open until 8 pm on weekdays": more than days differ
    from grounding.values import _PRONOUNS
    noun = _subject(claim)
    if noun and noun not in _PRONOUNS and _subject(sentence) and noun not in _lemmas(sentence):
        return None
    return " ".join((own.group(0) + rest[:rest.find(said) + len(said)]).split()), f"open {theirs}"


def other_days(claim: str, sentence: str) -> list[tuple[str, str]]:
    """[(the claim's days, the sentence's)] where the claim names days of the week and the sentence, in one list or
    range, only others, neither negated nor saying every day, the sentence holding most of the claim's other words
    ("Family swims are on weekday afternoons" against "Family swims are on Saturday and Sunday afternoons", Supported
    on every engine)."""
    from grounding.negate import _NEGATION as _DENIED
    from grounding.overclaim import holds_most
    claim, sentence = judged_text(claim), judged_text(sentence)
    ours, said = named_days(claim)
    days, theirs = named_days(sentence)
    if not ours or not days or ours & days or not _one_list(sentence, theirs) or not _one_list(claim, said) \
            or _DENIED.search(claim) or _DENIED.search(sentence) or EVERY_DAY.search(sentence) or _every(claim)[0]:
        return []
    at = claim.find(said)      # a verb that only says a thing took place says nothing of it ("The landslide happened")
    rest = _HAPPENED.sub(" ", claim[:at] + " " + claim[at + len(said):])
    return [(said, theirs)] if holds_most(rest, sentence) else []


_HAPPENED = re.compile(r"\b(?:happen(?:s|ed)?|occur(?:s|red)?|t(?:ake|akes|ook)\s+place)\b", re.IGNORECASE)
