"""Who or what a value's verb speaks of, where the parse hides it (grounding.values.same_quantity): a verb taken for a
plural noun at the root ("The last bus leaves at 11pm": "last bus leaves" as one noun phrase), the first or last
journey of a day by any name ("The last bus" / "The last departure"), and the noun a measure joined to its number by
a hyphen measures ("a 10-inch screen" / "an 11-inch display"), or a length its subject has ("The bridge is 1.2 miles
long" / "the 1.8-mile bridge"); what is hoped or asked for (`hoped`), a number named by its label ("a grade 7") or
counted in a phrase ("in two instalments"), which of two values answers which (`second_of_two`), whether two values'
subjects name two things (`_two_subjects`), two amounts a total and a unit price (`scales_apart`) and two frequencies
of one span of the day (`same_window`)."""
from __future__ import annotations

import re

from grounding.units import OWN_VALUE

_PRONOUNS = frozenset("it they he she this that these those which who we you i one".split())


def governor(token):
    """The verb (or auxiliary) governing a value's token, or the root of its parse."""
    while token.pos_ not in ("VERB", "AUX") and token.head.i != token.i:
        token = token.head
    return token


# what is hoped for, not what is: "expects renewables to supply over 80% … by 2026", "a target of 80%"
_HOPING = frozenset("expect aim plan hope target forecast project predict want intend".split())
_HOPES = frozenset("target goal aim ambition forecast projection".split())


# what is asked for, not what is decided: "The applicant asked to extend the sale of alcohol … to 2am" / "may be sold
# until 1am"; not an instruction ("Customers are asked to leave by 11pm")
_ASKING = frozenset("ask request seek demand propose bid petition".split())   # and "apply for", not "applies"


def hoped(token) -> bool:
    """Whether a value's token stands under a verb of hoping or expecting ("The Agency expects renewables to supply
    over 80% of electricity by 2026") or in a target ("a target of 80%"): another figure than what a sentence says is
    ("Renewable sources supplied 71% of electricity", which had Contradicted the forecast), or under "could", "might",
    "would", "can" or "may" with an "if" ("your pot could be worth around £212,000 at 67 if you keep paying in": not what
    it was worth); or under a verb of asking
    in the active voice ("had asked to sell alcohol until 2am", "sought £12,000"): what was asked for, not what was
    granted ("Alcohol may be sold until 1am")."""
    verb = governor(token)
    if verb.dep_ in ("xcomp", "ccomp") and verb.head.lemma_.lower() in _HOPING:
        return True
    if any(c.lower_ in ("could", "might", "would", "can", "may") for c in verb.children) and any(   # "your pot could be worth
            c.dep_ == "advcl" and any(m.lower_ == "if" for m in c.children) for c in verb.children):   # … if you keep
        return True                                                                     # paying in"
    return any(t.lemma_.lower() in _HOPES and t.pos_ == "NOUN" for t in token.ancestors) or any(
        t.pos_ == "VERB" and (t.lemma_.lower() in _ASKING or t.lemma_.lower() == "apply" and any(
            c.lower_ == "for" for c in t.children)) and not any(c.dep_ in ("nsubjpass", "auxpass") for c in t.children)
        for t in (token, *token.ancestors))


def hoped_alike(claim: str, claim_value: str, sentence: str, their_value: str) -> bool:
    """Whether two values are both, or neither, hoped for or asked for (`hoped`); True where the parse cannot place one."""
    from grounding.decompose import parse
    from grounding.values import _value_token
    a, b = _value_token(parse(claim), claim_value), _value_token(parse(sentence), their_value)
    return a is None or b is None or hoped(a) == hoped(b)


# a verb the parse took for a plural noun at the root ("The last bus leaves at 11pm": "last bus leaves" as one noun
# phrase), by its lemma; not "costs", whose prices grounding.prices reads ("A check-up costs £25")
_NOUN_VERBS = {"leaves": "leave", "opens": "open", "closes": "close", "starts": "start",
               "runs": "run", "departs": "depart", "arrives": "arrive", "ends": "end", "lasts": "last",
               "takes": "take", "sails": "sail", "finishes": "finish", "begins": "begin", "returns": "return"}


def noun_verb(node) -> str:
    """The verb lemma of a root the parse took for a plural noun that is a verb (`_NOUN_VERBS`), else ""."""
    return _NOUN_VERBS.get(node.lower_, "") if node.dep_ == "ROOT" and node.pos_ == "NOUN" else ""


def subject_of(node):
    """The subject of a governing verb, or of a verb parsed as a noun (its compound: "bus" of "bus leaves"), or None."""
    deps = ("nsubj", "nsubjpass") if node.pos_ in ("VERB", "AUX") else ("compound", "nmod", "nsubj")
    return next((c for c in node.children if c.dep_ in deps and (node.pos_ in ("VERB", "AUX")
                                                                 or c.pos_ in ("NOUN", "PROPN"))), None)


# the first or last of a day's journeys, by any name ("The last bus leaves at 11pm" / "The last departure … is at
# 11:30pm"): one figure
_JOURNEYS = frozenset("bus train tram ferry coach flight boat service departure sailing shuttle".split())
_ENDS_OF_DAY = {"first": "first", "earliest": "first", "last": "last", "latest": "last", "final": "last"}


def journey(token) -> str:
    """"first" or "last" where the value's verb (or verb parsed as a noun) has for subject the first or last journey
    of a kind (`_JOURNEYS`), else ""."""
    node = governor(token)
    if node.pos_ not in ("VERB", "AUX") and not noun_verb(node):
        return ""
    subject = subject_of(node)
    if subject is None or subject.lemma_.lower() not in _JOURNEYS:
        return ""
    marks = [c.lower_ for c in (*subject.children, *(node.children if noun_verb(node) else ())) if c.dep_ == "amod"]
    return next((_ENDS_OF_DAY[m] for m in marks if m in _ENDS_OF_DAY), "")


# nouns named alike for a measure joined to them by a hyphen ("a 10-inch screen" / "an 11-inch display"); a noun
# that has a value of its own says which figure, not how big ("the 5-year survival rate was 60%")
_SAME_NOUN = {"display": "screen", "monitor": "screen", "touchscreen": "screen", "guarantee": "warranty"}


def hyphened(token) -> str:
    """The noun a value joined to its unit by a hyphen measures ("a 10-inch screen": screen), by `_SAME_NOUN`, or ""."""
    unit = token.head
    if token.dep_ != "nummod" or unit.dep_ not in ("compound", "nmod", "amod") or unit.head.pos_ != "NOUN" \
            or token.doc.text[token.idx + len(token.text):unit.idx] != "-":
        return ""
    noun = unit.head.lemma_.lower()
    return "" if noun in OWN_VALUE else _SAME_NOUN.get(noun, noun)


_DIMENSIONS = frozenset("long wide tall high deep thick heavy".split())


def measure_of(token) -> str:
    """The noun a length or size is of: a measure joined by a hyphen ("the 1.8-mile bridge", `hyphened`), or "be"'s
    subject measured by its adjective ("The bridge is 1.2 miles long": bridge); or the noun a value is given for,
    with its own qualifying words, as "of" its value or "be"'s subject with the value ("a top speed of 120 mph" and
    "Top speed is 112 mph": "speed|top"; not "a capacity of 50 litres" and "Boot capacity is 500 litres"); ""
    otherwise."""
    if hyphened(token):
        return hyphened(token)
    unit = token.head if token.dep_ == "nummod" else token
    if unit.dep_ == "npadvmod" and unit.head.lower_ in _DIMENSIONS and unit.head.dep_ == "acomp" \
            and unit.head.head.lemma_ == "be":
        subject = subject_of(unit.head.head)
        return "" if subject is None else _SAME_NOUN.get(subject.lemma_.lower(), subject.lemma_.lower())
    if unit.dep_ == "pobj" and unit.head.lower_ == "of" and unit.head.head.pos_ == "NOUN" \
            and unit.head.head.dep_ != "pobj":
        return _keyed(unit.head.head)
    if unit.dep_ == "attr" and unit.head.lemma_ == "be" and (subject := subject_of(unit.head)) is not None \
            and subject.pos_ == "NOUN":
        return _keyed(subject)
    return ""


_GENERIC = frozenset("official total overall estimated claimed quoted stated approximate rated average".split())


def _keyed(noun) -> str:
    """A noun with its own qualifying words (compounds and adjectives but `_GENERIC`): "speed|top", "capacity|boot"."""
    words = sorted(c.lemma_.lower() for c in noun.children if c.dep_ in ("compound", "amod")
                   and c.lemma_.lower() not in _GENERIC)
    return f"{_SAME_NOUN.get(noun.lemma_.lower(), noun.lemma_.lower())}|{','.join(words)}"


# a number named by the noun before it, not counted by it: "a grade 7 in the relevant GCSE", "from platform 3"
_LABELS = frozenset("grade level band stage tier phase category class zone platform gate terminal step".split())


def label_of(token) -> str:
    """The label noun a number follows ("grade" of "a grade 7"), or ""."""
    head = token.head
    return head.lemma_.lower() if token.dep_ == "nummod" and head.i < token.i and head.lemma_.lower() in _LABELS else ""


# a list line's label: "Next Day: Monday 22 December, before 4pm", "- Late pick-up (after 4pm): £6"
_LINE_LABEL = re.compile(r"\s*(?:[-*•]\s*)?([A-Z][\w&'’/ -]{1,40}?)\s*(?:\([^)]*\)\s*)?:\s")
_TOTAL = re.compile(r"\b(?:together|in\s+total|altogether|combined|total|between\s+them)\b", re.I)


def _times_of(value, claim: str, context: str) -> bool:
    """Whether the claim's value is a whole number of times the line's one value of its kind, that number written in
    either ("three-dose" / "3 doses")."""
    from decimal import Decimal, InvalidOperation
    from grounding.entities import mentions
    theirs = next(m for m in mentions(context) if m.kind == value.kind)
    try:
        ratio = Decimal(value.key.strip("$€£¥%")) / Decimal(theirs.key.strip("$€£¥%"))
    except (InvalidOperation, ArithmeticError):
        return False
    if ratio != ratio.to_integral_value() or not 2 <= ratio <= 100:
        return False
    from grounding.entities import _WORDS, _number_value    # the entity reader's number words ("three-dose")
    both = claim + " " + context
    written = {_number_value(w.group(0)) for w in re.finditer(rf"\b\d+\b|\b{_WORDS}\b", both, re.IGNORECASE)}
    return ratio in written or ratio == 2 and re.search(r"\b(?:double|twice)\b", both, re.IGNORECASE) is not None


_ADDED = re.compile(r"\s*(?:extra|more|less|off|on\s+top|surcharge|discount|cheaper|dearer)\b", re.I)
_LABEL_STOP = frozenset("the and for with your our all".split())


def labelled_alike(a, b, claim: str, claim_value: str, context: str) -> bool:
    """Whether two value tokens are one figure by how they are labelled: the same label noun (`label_of`: "grade 6" /
    "grade 7"), counted in the same phrase (`counted_in`), or a date, price or share of a list line whose label the
    claim names, the line's one value of its kind ("For Next Day delivery …, book by 4pm on Tuesday 23 December" /
    "Next Day: Monday 22 December, before 4pm"; "the afternoon session is … £36" / "Afternoon session (1:00pm to
    6:00pm): £38 for all ages")."""
    if label_of(a) and label_of(a) == label_of(b) or counted_in(a) and counted_in(a) == counted_in(b):
        return True
    from grounding.entities import mentions
    line = _LINE_LABEL.match(context)
    ours = mentions(claim)
    value = next((m for m in ours if m.surface == claim_value or claim_value.startswith(m.surface + " ")), None)
    if line is None or value is None or value.kind not in ("date", "money", "percent") \
            or sum(m.kind == value.kind for m in mentions(context)) != 1 or _ADDED.match(claim, value.end):
        return False    # not an amount added or taken off ("costs £3 extra on Saturdays" / "Next Day: £7.50")
    # the label named in the claim's words that lead to the value, since its value of the kind before ("A morning
    # session is £40, while the afternoon session is … £36": the afternoon's is £36 alone)
    since = max((m.end for m in ours if m.end <= value.start and m.kind == value.kind), default=0)
    if _TOTAL.search(claim[since:value.start]) or _times_of(value, claim, context):
        return False    # a total ("Together, you, your employer and … tax relief added £5,280" / "Tax relief …:
        # £660.00"), or so many of the line's ("A full three-dose rabies course would cost £225" / "Rabies: £75")
    def stems(text: str) -> set[str]:    # "Winter cover crop" / "Winter cover crops"
        return {w.rstrip("s")[:6] for w in re.findall(r"[a-z]+", text.lower()) if len(w) > 2 and w not in _LABEL_STOP}
    words = stems(line.group(1))
    return bool(words) and words <= stems(claim[since:value.start])


def counted_in(token) -> tuple:
    """(preposition, noun) of a count of a noun in a preposition's phrase ("paid in three instalments": ("in",
    "instalment")), or (): two such of one noun and preposition are one figure ("made in two equal instalments")."""
    from grounding.values import MEASURES      # a unit is no thing counted: "the age of 80 years", "of 50 litres"
    noun = token.head
    if token.dep_ != "nummod" or noun.pos_ != "NOUN" or noun.dep_ != "pobj" or noun.head.dep_ != "prep" \
            or noun.head.lower_ == "of" or MEASURES.match(noun.lower_):
        return ()
    return noun.head.lower_, noun.lemma_.lower()


_LEAD_STOP = frozenset("the a an and or of for at to in on is are was were will be been also would could come comes cost "
                       "costs your its their this that with".split())


def stems5(text: str) -> set[str]:
    """Every word of `text` by its first five letters: how the readers of what a value is of compare words."""
    return {w[:5] for w in re.findall(r"[a-z]+", text.lower())}


def lead_words(text: str, at: int, stop: frozenset = _LEAD_STOP) -> set[str]:
    """The content words of the six before a value at `at` (by their first five letters, none of `stop`)."""
    return {w[:5] for w in re.findall(r"[a-z]+", text[:at].lower())[-6:] if w not in stop and len(w) > 2}


def led_alike(claim: str, claim_at: int, sentence: str, sentence_at: int) -> bool:
    """Whether the six words before two values share a content word (`lead_words`): the second of two prices answers
    the other's where both speak of one thing ("a second permit will also be cheaper, at £140" / "the second permit
    charge stays at £160"), not "would come to £504" (twelve at £42 a head) / "prosecco … for £6.50"."""
    return bool(lead_words(claim, claim_at) & lead_words(sentence, sentence_at))


_EDGES = (("start", re.compile(r"\b(?:from|after|since|starting|beginning)\s+(?:on\s+)?$", re.I)),
          ("end", re.compile(r"\b(?:by|until|till|before|no\s+later\s+than)\s+(?:on\s+)?$", re.I)))


def _edge(text: str, at: int) -> str:
    """"start" or "end" where the words before a date or time make it one ("from", "after"; "by", "until"), else ""."""
    return next((edge for edge, pattern in _EDGES if pattern.search(text[max(0, at - 25):at])), "")


def second_of_two(claim: str, cm: list, context: str, xm: list, c):
    """The sentence's value in the place of the claim's `c` (entities.Mention), where each gives two of its kind in the
    same order and the other one is the same ("apply from 1 November 2025, … the deadline is 15 February 2026" /
    "open on 1 November 2025 and the closing date is 15 January 2026"): which answers which is then known; else None.
    A price, share or measure only where the two are led alike (`led_alike`: "cut to £70, and a second permit … at
    £140" / "reduced to £70 …, and the second permit charge stays at £160"), both differences or neither ("£50 more"),
    a measure of one unit ("within 2 metres …, the eaves can be up to 4 metres" / "… no higher than 3 metres"); not
    a change the claim gives by its size ("going up by £1 a month, to £10.99" / "go up from £9.99 to £10.99")."""
    from grounding.differences import _CHANGE
    from grounding.ranges import is_difference
    from grounding.units import _unit_after
    ours, theirs = [m for m in cm if m.kind == c.kind], [m for m in xm if m.kind == c.kind]
    if c.kind not in ("date", "time", "money", "percent", "number") or len(ours) != 2 or len(theirs) != 2 \
            or ours[0].key == ours[1].key or _CHANGE.search(claim[max(0, c.start - 40):c.start]):
        return None
    i = ours.index(c)
    if ours[1 - i].key != theirs[1 - i].key or theirs[i].key in (ours[0].key, ours[1].key):
        return None
    x = theirs[i]
    if c.kind in ("date", "time"):   # not a start against an end: "arriving after 9pm" / "check-out is by 11am"
        return None if {_edge(claim, c.start), _edge(context, x.start)} == {"start", "end"} else x
    if c.kind == "number" and (not (unit := _unit_after(claim, c.end, hyphen=True)) or unit != _unit_after(
            context, x.end, hyphen=True) or {_unit_after(claim, m.end, hyphen=True) for m in ours} != {unit}):
        return None
    return x if led_alike(claim, c.start, context, x.start) and is_difference(claim, c) == is_difference(context, x) \
        else None


_AMOUNT = re.compile(r"(\d[\d,]*(?:\.\d+)?)\s*(million|billion|bn|m\b|k\b)?", re.I)
_SCALE = {"million": 1e6, "m": 1e6, "billion": 1e9, "bn": 1e9, "k": 1e3}


def scales_apart(a: str, b: str) -> bool:
    """Whether two amounts of money lie 100,000 times apart or more: a total and a unit price, not one figure."""
    def amount(text):
        m = _AMOUNT.search(text)
        return float(m.group(1).replace(",", "")) * _SCALE.get((m.group(2) or "").lower(), 1) if m else None
    x, y = amount(a), amount(b)
    return bool(x and y) and max(x, y) / min(x, y) >= 1e5


def _two_subjects(a, b) -> bool:
    """Whether the verbs governing two values' tokens have subjects of one voice that name two things: not pronouns, not
    the values ("Five of the singers were …" / "Three of the 53 … were …"), not an agent against a patient, not one joined
    to or compounding the other ("Recycling" / "Recycling and food waste"; "Shuttle buses" / "shuttles"), nor two with
    one adjective ("Late projects" / "late submissions": one thing in two words)."""
    def subject(token):
        found = next((c for c in governor(token).children if c.dep_ in ("nsubj", "nsubjpass")), None)
        return None if found is None or token in found.subtree else found
    x, y = subject(a), subject(b)
    return x is not None and y is not None and x.dep_ == y.dep_ and x.lemma_.lower() != y.lemma_.lower() \
        and not {c.lower_ for c in x.children if c.dep_ == "amod"} & {c.lower_ for c in y.children if c.dep_ == "amod"} \
        and not {x.lemma_.lower(), y.lemma_.lower()} & _PRONOUNS and {x.pos_, y.pos_} <= {"NOUN", "PROPN"} \
        and not {x.lemma_.lower(), y.lemma_.lower()} & {t.lemma_.lower() for t in (*x.subtree, *y.subtree)
                                                        if t.dep_ in ("conj", "nmod", "compound")}


def _subject_adjectives(token) -> frozenset:
    """The adjectives that qualify the subject of a value's verb ("The basic rate is 20%": {"basic"}). Compounds are
    left out: "DR prevalence" against "the age-standardized prevalence of any DR" is one figure."""
    node = governor(token)
    subject = next((c for c in node.children if c.dep_ in ("nsubj", "nsubjpass")), None)
    return frozenset(c.lemma_.lower() for c in subject.children if c.dep_ == "amod") if subject else frozenset()


def _alike(a: frozenset, b: frozenset) -> bool:
    """Two subjects of one noun are one thing unless each is qualified otherwise ("basic rate" / "higher rate")."""
    return a <= b or b <= a


def _names_a_thing(subject: str) -> bool:
    return bool(subject) and subject not in ("%", "percent", "per cent") and not re.fullmatch(r"[\d.,]+", subject)


def same_window(claim: str, claim_value: str, context: str, context_value: str) -> bool:
    """Whether two frequencies are said for one span of the day, two times each text gives beside its value ("Between 7am
    and 7pm on weekdays, a bus comes every 15 minutes" / "then every 12 minutes from 07:00 to 19:00"): one figure."""
    from grounding.entities import mentions
    if not (claim_value.lower().startswith("every") and context_value.lower().startswith("every")):
        return False
    def near(text: str, value: str) -> set:
        at = text.find(value)
        return {m.key for m in mentions(text) if m.kind == "time" and at - 60 <= m.start <= at + len(value) + 30} \
            if at >= 0 else set()
    return len(near(claim, claim_value) & near(context, context_value)) >= 2
