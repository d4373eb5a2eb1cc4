"""How a value is read where it is written: what it measures (the verb, subject or noun that governs it, for
whether two values are one figure), whether it is a bound or an approximation ("more than 50%", "about 40%");
whether it is an end of a range ("1–2%") is grounding.ranges'. grounding.entities finds the values; the number rules
(learned.quantity_conflicts, grounding.binding) ask these questions of them.
"""
from __future__ import annotations

import re
from decimal import Decimal, InvalidOperation
from typing import Optional

from grounding.bounds import (_ABOUT, _AT_LEAST, _AT_MOST, _NOT_THAN, NEGATED_BOUND, _denied_side, _side, _side_after,
                              _time_reading, both_sides)
from grounding.entities import Mention, occurrences
from grounding.measured import (_PRONOUNS, _alike, _names_a_thing, _subject_adjectives, _two_subjects, governor,  # noqa: F401
                                journey, measure_of, noun_verb, same_window, scales_apart, subject_of)   # (others' imports)

# a money value: a currency sign or word ("£99", "99 dollars")
_MONEY = re.compile(r"[£$€¥]|\b(?:euros?|dollars?|pounds?|pence|cents?|yen|francs?)\b", re.I)

# a change by a value: "rose by 19%", "up 9%", "fell 3%"
_CHANGE_BY = (r"\b(?:rose|rise|rises|risen|rising|grew|grow|grows|grown|increased|climbed|fell|fall|falls|fallen"
              r"|dropped|declined|decreased|up|down)\s+(?:by\s+)?(?:about\s+|almost\s+|nearly\s+|some\s+)?")
_CHANGE = re.compile(_CHANGE_BY + "$", re.I)


def _changes(claim: str, claim_value: str, context: str, context_value: str) -> bool:
    """Whether both values are changes, the sentence's its one, of the claim's subject ("Revenue rose by 19%" / "…
    revenue of 2.1 billion euros for 2025, up 9% on the year before": the parse gives "up 9%" no verb)."""
    from grounding.binding import claim_subject
    spots, ours = ([m.start() for m in re.finditer(re.escape(v), t)] for v, t in ((context_value, context),
                                                                                 (claim_value, claim)))
    subject = claim_subject(claim)
    return bool(ours) and len(spots) == 1 and subject is not None and _CHANGE.search(claim[:ours[0]]) is not None \
        and _CHANGE.search(context[:spots[0]]) is not None and subject[0][:5] in context.lower() \
        and len(re.findall(_CHANGE_BY + r"[$£€]?\d", context, re.I)) == 1


def _value_token(doc, surface: str):
    """The token of `doc` where `surface` first occurs as a whole, or None."""
    m = next(occurrences(surface, doc.text), None)
    return next((t for t in doc if t.idx <= m.start() < t.idx + len(t.text)), None) if m else None


def _what_it_measures(token) -> tuple[str, str, str, frozenset]:
    """(governing verb lemma, that verb's own subject lemma, measured noun lemma, its modifiers) of a value's token:
    "aims to reach 20 gigawatts of renewable capacity" -> ("reach", "", "capacity", {"renewable"}); "Sales were $4
    million" -> ("be", "sale", "", {})."""
    node = governor(token)
    verb = node.lemma_.lower() if node.pos_ in ("VERB", "AUX") else noun_verb(node)
    subject = subject_of(node).lemma_.lower() if verb and subject_of(node) is not None else ""
    money = token.text in ("£", "$", "€", "¥") and token.head.pos_ == "NUM"    # "an income of £42,875": its number
    unit = token.head if token.dep_ == "nummod" or money else token
    measured = next((p for c in unit.children if c.dep_ == "prep" and c.lower_ == "of"
                     for p in c.children if p.dep_ == "pobj"), None) or _counted(token)
    if measured is None and unit.dep_ == "pobj" and unit.head.lower_ == "of" and unit.head.head.pos_ == "NOUN" \
            and (MEASURES.match(unit.lower_) or money) and unit.head.head.dep_ != "pobj":    # the noun a measure is of: "a
        # range of 400 miles" measures the range (not "over the age of 70 years": a bound, by its preposition)
        owner = unit.head.head
        return verb, subject, owner.lemma_.lower(), frozenset(
            c.lemma_.lower() for c in owner.children if c.dep_ in ("amod", "compound") and c.lower_ not in _PLAIN) | {OWNED}
    if measured is None:
        return verb, subject, "", frozenset()
    mods = frozenset(c.lemma_.lower() for c in measured.children if c.dep_ in ("amod", "compound"))
    if measured.dep_ == "pobj" and measured.head.lower_ == "of" and measured.head.head.pos_ == "NOUN":
        mods |= {"of " + measured.head.head.lemma_.lower()}     # counted: what it is of ("data of … customers")
    return verb, subject, measured.lemma_.lower(), mods


OWNED = "(its measure)"   # a measured noun the value is of: of one subject's (the tank's capacity, not the boot's)

# words that say how a figure is given, not which figure it is ("an official range of up to 310 miles")
_PLAIN = frozenset("official total overall estimated claimed quoted stated approximate rated".split())

# nouns a number measures rather than counts: units, currencies, shares ("20 gigawatts" by 2030 and "1.8 gigawatts" in
# 2023 are two figures; "2 million customers" and "1.2 million customers" one)
MEASURES = re.compile(r"(?:[a-z]*watts?|[a-z]*metres?|[a-z]*meters?|[a-z]*grams?|[a-z]*litres?|[a-z]*liters?|%|percent|"
                       r"dollars?|euros?|pounds?|yen|francs?|pence|cents?|degrees?|points?|times?|[a-z]*bytes?|tonnes?|"
                       r"tons?|miles?|hours?|minutes?|seconds?|days?|weeks?|months?|years?|decades?|kg|km|mg|ml|cm|mm|"
                       r"gb|mb|tb|kwh|mph|fold|hundreds?|thousands?|millions?|billions?|trillions?|dozens?)$")


def unit_after(text: str, m: Mention) -> str:
    """The unit or share written after a value ("kg", "%"), or "" (a counted noun is none)."""
    word = re.match(r"\s*([A-Za-z%]*)", text[m.end:]).group(1).lower()
    return word if MEASURES.match(word) else ""


def _counted(token):
    """The noun a number counts where it is what another noun is of ("the data of 2 million customers" ->
    customers), or None: a unit or share is no thing counted, and a count elsewhere ("founded by three engineers",
    "Two engineers left") is another figure unless its verb or subject says it is the same."""
    node = token
    while node.dep_ in ("compound", "nummod", "quantmod") and node.head.i != node.i and node.head.pos_ in ("NUM", "NOUN"):
        node = node.head
        if node.pos_ == "NOUN":
            break
    if node.pos_ != "NOUN" or node is token or MEASURES.match(node.lower_):
        return None
    return node if node.dep_ == "pobj" and node.head.lower_ == "of" and node.head.head.pos_ == "NOUN" else None


def _count_of(token) -> str:
    """The lemma of the noun a number counts as its modifier ("two onions", "1 onion"; not a unit or share), or ''."""
    noun = token.head if token.dep_ == "nummod" and token.head.pos_ == "NOUN" else None
    return "" if noun is None or MEASURES.match(noun.lower_) else noun.lemma_.lower()


def _listed(token) -> bool:
    """Whether a value counts an item of a list no verb governs ("Ingredients: 1 onion, 2 carrots")."""
    noun = token.head if token.dep_ == "nummod" else token
    return noun.dep_ in ("appos", "conj") and not any(t.pos_ in ("VERB", "AUX") for t in noun.ancestors)


_ANY = frozenset("a an the any every each all".split())


def _same_frame(claim: str, claim_value: str, context: str, context_value: str) -> bool:
    """Whether both values stand in the same words: the word before each (not an article) and the next four after it,
    "any", "every", "each", "all" read alike ("pay the first £100 of any escape of water claim" / "The first £350 of
    every escape of water claim": Supported on every engine, read with "For all other claims … the excess is £100")."""
    def frame(text: str, value: str):
        at = text.find(value)
        if at < 0:
            return None
        before = re.findall(r"[a-z]+", text[:at].lower())[-1:]
        after = [w for w in re.findall(r"[a-z]+", text[at + len(value):].lower())[:5] if w not in _ANY][:4]
        return (before, after) if before and before[0] not in _ANY and len(after) == 4 else None
    ours = frame(claim, claim_value)
    return ours is not None and ours == frame(context, context_value)


def same_quantity(claim: str, claim_value: str, context: str, context_value: str, when: bool = False) -> bool:
    """Whether two values of one kind and unit speak of the same quantity: the same verb governs them ("70% …
    reached remission" / "30% … reached remission"; not "be" or "have"), their verbs have the same subject
    ("Sales reached $5 million" / "Sales were $4 million"; not "The basic rate is 20%" / "The higher rate of 40%
    applies": each subject qualified otherwise), they measure or count the same noun with the same
    modifiers ("of solar capacity" both; "2 million customers" and "about 1.2 million customers"), or they qualify
    the same noun by the same preposition ("the lowest rate since 2008" / "since 2005"), or they are the gap between
    the same things ("at least 6 hours apart" of doses / "at least 4 hours between doses"), or one measures the noun the
    other's "be" has as subject ("a range of 400 miles" / "The official range is up to 300 miles"; not another
    owner's: "The tank has a capacity of 50 litres" / "Boot capacity is 500 litres"); one verb of two named
    subjects of one voice (`_two_subjects`) is two figures unless they measure the same noun ("Adults should do at
    least 150 minutes a week" / "Children … should do … at least 60 minutes a day"). "aims to reach 20 gigawatts of renewable capacity by 2030" and "added 1.8 gigawatts
    of solar capacity in 2023" do not: another target is not another value of the same figure. `when`: the values
    are dates or years, the times of events, and two verbs that say something (not "be" or "have") name two events
    whatever their subject: "Apollo 11 landed … on 20 July 1969" is not "Apollo 11 launched on 16 July 1969". A value
    the parse cannot place counts as the same quantity, and so do two that are all the sentences differ in."""
    said = re.findall(r"\w+", claim.replace(claim_value, context_value, 1).lower())
    from grounding.events import named_date    # "close on 15 June" / "The closing date … is 15 May"
    if said == re.findall(r"\w+", context.lower()) or _changes(claim, claim_value, context, context_value) \
            or when and named_date(claim, claim_value, context, context_value) \
            or _same_frame(claim, claim_value, context, context_value):
        return True
    from grounding.decompose import parse
    from grounding.prices import same_price
    a = _value_token(parse(claim), claim_value) or _value_token(parse(claim), claim_value.split(" ")[0])
    b = _value_token(parse(context), context_value) or _value_token(parse(context), context_value.split(" ")[0])
    if a is None or b is None:
        return True
    from grounding.measured import hoped, labelled_alike
    if hoped(a) != hoped(b):     # a forecast or target is not what is: "expects … over 80% by 2026" / "supplied 71%"
        return False
    if same_window(claim, claim_value, context, context_value):   # "Between 7am and 7pm …, every 15 minutes" /
        return True                                                 # "every 12 minutes from 07:00 to 19:00"
    if labelled_alike(a, b, claim, claim_value, context):   # "a grade 6 in the relevant GCSE" / "need a grade 7 in
        return True      # …"; "in three instalments" / "in two …"; a list line's label ("Next Day: Monday 22 December")
    if _MONEY.search(claim_value) and (priced := same_price(a, b)) is not None:   # what each prices, where both say
        return priced
    if _MONEY.search(claim_value) and scales_apart(claim_value, context_value):   # "raises around £40 million a year"
        return False                                                              # / "The daily charge is £12.50"
    (verb_a, subj_a, noun_a, mods_a), (verb_b, subj_b, noun_b, mods_b) = _what_it_measures(a), _what_it_measures(b)
    # "be" and "have" say nothing of what is measured ("is one of the deepest in 100 years" / "there have been 18
    # minima in the last 8,000 years"), and a value as its verb's subject ("70% of patients fail" / "81.2% did not
    # achieve") names no thing: those need the subject or the measured noun to agree
    if when and verb_a != verb_b and not {verb_a, verb_b} & {"", "be", "have"}:
        return False
    # the share of a group that does one thing is not its share that does another ("About 20% of residents … did
    # not take their tablets" / "38% of residents … had at least one acute respiratory infection")
    if subj_a == "%" == subj_b and verb_a != verb_b and "be" not in (verb_a, verb_b) and verb_a and verb_b:
        return False
    if (_listed(a) or _listed(b)) and _count_of(a) and _count_of(a) == _count_of(b):   # a list's count of the same
        return True                                    # thing: "You need two onions" / "Ingredients: 1 onion, 2 carrots"
    if verb_a == verb_b and _two_subjects(a, b):   # one verb, two subjects: "Adults should do … 150 minutes" /
        return bool(noun_a) and (noun_a, mods_a) == (noun_b, mods_b) and OWNED not in mods_a   # "Children … should do
                                                                                           # … 60 minutes"
    return ((verb_a not in ("", "be", "have") and verb_a == verb_b)
            or (_names_a_thing(subj_a) and subj_a == subj_b and _alike(_subject_adjectives(a), _subject_adjectives(b)))
            or (bool(noun_a) and (noun_a, mods_a) == (noun_b, mods_b)) or _attached(a) == _attached(b) != ()
            or _gap(a) == _gap(b) != "" or journey(a) == journey(b) != "" or measure_of(a) == measure_of(b) != ""
            or _measured_is_subject((verb_a, subj_a, noun_a, mods_a), verb_b, b)
            or _measured_is_subject((verb_b, subj_b, noun_b, mods_b), verb_a, a))


def _measured_is_subject(measures: tuple, verb: str, b) -> bool:
    """Whether a value measures a noun ("has a range of 400 miles": range) that the other value's "be" has as its
    subject ("The official WLTP range is up to 300 miles"), the first's qualifying words among the subject's (not "a
    battery capacity of 80 kWh" / "The usable capacity is 77 kWh"), and no other owner named for a measure of the
    claim's subject ("The tank has a capacity of 50 litres" / "Boot capacity is 500 litres")."""
    _, owner, noun, mods = measures     # one value's _what_it_measures; `verb`: the other's (its token `b`)
    if not noun or verb != "be":
        return False
    if (subject := subject_of(governor(b))) is None or subject.lemma_.lower() != noun:
        return False
    # a measure of the claim's subject (OWNED: "The tank has a capacity of …") is not another owner's ("Boot capacity",
    # "the boot's capacity")
    others = {c.lemma_.lower() for c in subject.children
              if (c.dep_ == "compound" and c.pos_ == "NOUN") or c.dep_ == "poss" and c.pos_ != "PRON"}   # not "Your"
    if OWNED in mods and others - {owner} - mods:      # "household income" both: no other owner
        return False
    return mods - {OWNED} <= {c.lemma_.lower() for c in subject.children if c.dep_ in ("amod", "compound")}


def another_subject(claim: str, claim_value: str, context: str, context_value: str) -> bool:
    """Whether one verb gives the two values to two named subjects of one voice that measure no common noun
    (`_two_subjects`): "Recycling will be collected every three weeks" / "general waste will be collected every
    three weeks". False wherever the parse cannot tell (a value it cannot place, a pronoun, another verb)."""
    from grounding.decompose import parse
    a, b = _value_token(parse(claim), claim_value), _value_token(parse(context), context_value)
    if a is None or b is None:
        return False
    (verb_a, _, noun_a, mods_a), (verb_b, _, noun_b, mods_b) = _what_it_measures(a), _what_it_measures(b)
    return verb_a == verb_b and _two_subjects(a, b) and not (noun_a and (noun_a, mods_a) == (noun_b, mods_b))

_GAP = re.compile(r"^\s*[a-z]+\s+(?:apart\b|between\s+(?:the\s+|each\s+|two\s+|your\s+)?(?P<noun>[a-z]+))", re.I)


def _gap(token) -> str:
    """What a length is the gap between ("at least 4 hours between doses": dose; "6 hours apart" of doses: its verb's
    subject), by the first four letters of the word as written, or ""."""
    m = _GAP.match(token.doc.text[token.idx + len(token.text):])
    if m is None:
        return ""
    subject = next((c.lower_ for c in governor(token).children if c.dep_ in ("nsubj", "nsubjpass", "dobj")
                    and c.pos_ in ("NOUN", "PROPN")), "")      # "Doses should be … apart", "Take doses … apart"
    return (m.group("noun") or subject).lower()[:4]


def _attached(token) -> tuple:
    """(preposition, noun lemma, the noun's modifiers) of a time in a phrase that bounds a noun ("the lowest rate
    since 2008" -> ("since", "rate", {"lowest"}); "since", "until", "till"); () otherwise."""
    node = token.head if token.dep_ in ("nummod", "compound") else token
    prep = node.head if node.dep_ == "pobj" else None
    if prep is None or prep.dep_ != "prep" or prep.head.pos_ != "NOUN" or prep.lower_ not in ("since", "until", "till"):
        return ()     # "the age of 80 years" / "over the age of 70 years": "of" qualifies too much to tell
    noun = prep.head
    return prep.lower_, noun.lemma_.lower(), frozenset(c.lower_ for c in noun.children if c.dep_ in ("amod", "compound"))


def same_verb(claim: str, claim_value: str, context: str, context_value: str) -> bool:
    """Whether one verb (not "be" or "have") governs both values: of the values of one figure, the one to name
    ("frozen for up to three months" against "keeps for up to three days … can be frozen for a month": a month)."""
    from grounding.decompose import parse
    a, b = _value_token(parse(claim), claim_value), _value_token(parse(context), context_value)
    if a is None or b is None:
        return False
    verb = _what_it_measures(a)[0]
    return verb not in ("", "be", "have") and verb == _what_it_measures(b)[0]


# a text that opens with a pronoun subject ("It is closed on Mondays", "It was the year's highest-grossing film")
OPENING_PRONOUN = re.compile(r"\W*(it|they|this|these|he|she|we)\b", re.IGNORECASE)


def opposite_bounds(claim: str, claim_value: Mention, context: str) -> Optional[tuple[str, str]]:
    """(the claim's bound, the sentence's) where the claim bounds a value one way and the sentence gives the same
    value only bounded the other way: "People under 55 should first be given a calcium channel blocker" against "For
    people over 55, a calcium channel blocker is recommended first", "up to 12 books" against "at least 12 books".
    Every place the sentence writes the value counts. A number must have the same unit after it in both ("under 5
    years" is no bound of "over 5 km"). A bound under a negated verb is the other one (`NEGATED_BOUND`: "Do not take
    more than 8 tablets" is at most 8, against "at least 8 tablets"; "Do not store above 25 degrees" says below);
    another negated bound is none. Not two sides of one threshold (bounds.both_sides: a notice period, or the sentence
    naming the claim's side too)."""
    def read(text: str, m: Mention) -> tuple[int, str]:
        before = " ".join(text[max(0, m.start - 30):m.start].split())
        side = _side(before)
        word = side and (_NOT_THAN.search(before) or _AT_LEAST.search(before) or _AT_MOST.search(before)).group(0)
        from grounding.reversal import _NEGATION
        if side and (forbidden := NEGATED_BOUND.search(" ".join(text[max(0, m.start - 60):m.start].split()))):
            said = forbidden.group(0).strip()                                 # "Do not take more than 8": at most 8
            return _denied_side(forbidden), f"{said[0].lower()}{said[1:]} {m.surface}"
        if not side or _NEGATION.search(" ".join(text[max(0, m.start - 60):m.start].split())[:-len(word)].rstrip()):
            return 0, ""
        return side, f"{word} {m.surface}"

    side, mine = read(claim, claim_value)
    if side and re.search(rf"\b(?:{'over|above' if side > 0 else 'under|below'})-{re.escape(claim_value.surface)}s?\b",
                          context, re.IGNORECASE):
        return None     # "under-12s go free": the sentence gives the claim's own side too
    context_values = [Mention(x.start(), x.end(), claim_value.kind, claim_value.key, x.group(0))
                      for x in occurrences(claim_value.surface, context)]     # every place the sentence writes it
    theirs = [read(context, x) for x in context_values]
    if not side or not theirs or any(s != -side for s, _ in theirs) or claim_value.kind == "number" and any(
            unit_after(context, x) != unit_after(claim, claim_value) for x in context_values) \
            or both_sides(claim, side, claim_value, context):
        return None
    return mine, theirs[0][1]


_TO = re.compile(r"\b(?:to|now)\s+(?:about\s+|around\s+|roughly\s+|nearly\s+|almost\s+)?$", re.I)   # "is now 30 seconds"
_FROM = re.compile(r"\b(?:from|previously|formerly)\s+(?:about\s+|around\s+|roughly\s+|nearly\s+|almost\s+)?$", re.I)


def moved_from(claim: str, claim_value: Mention, context: str,
               context_values: list[Mention]) -> Optional[tuple[str, str]]:
    """(the claim's end value, the sentence's) where the claim gives a value as where a change ended ("widened to
    14%", "rose to $4 million") and the sentence gives it only as where the change started ("narrowed to 12% from
    14%", "from $4 million to $5 million"), with one other value of the kind as the end: the claim took the start
    for the end."""
    if not _TO.search(claim[max(0, claim_value.start - 20):claim_value.start]):
        return None
    spots = [m.start() for m in occurrences(claim_value.surface, context)]
    ends = [x for x in context_values if x.kind == claim_value.kind and x.key != claim_value.key
            and _TO.search(context[max(0, x.start - 20):x.start])]
    if not spots or len(ends) != 1 or not all(_FROM.search(context[max(0, s - 20):s]) for s in spots):
        return None
    return f"to {claim_value.surface}", f"to {ends[0].surface}"


def values_agree(claim: str, claim_value: Mention, context: str, context_value: Mention) -> bool:
    """Whether two different values of one kind (percent, money or number) can both be true as written: "43%"
    is within "about 40%" (an approximate value covers what rounds to it at its last non-zero digit: 35-45), "62%"
    within "more than 50%", "$750 million" within "up to $5 billion", "56%" within 2 % of "57%" (rounding; a value
    written to decimals no further than half a unit of its last: "3.95% AER" is not "3.90% AER"). Two
    bounds agree only when equal; years never ("1946" vs "1924"), dates where one holds the other ("October 2023"
    holds "2 October 2023": a release date said to the month was Contradicted; "15 January" holds "15 January
    2027"), amounts in two currencies never; times where one is said roughly and holds the other ("just before 8am"
    holds 07:55; a deadline, "by 6pm", is a time of its own); how often, on which days against how often in a day
    (frequencies.other_scales)."""
    if claim_value.kind == "date" == context_value.kind:
        if "--" in (claim_value.key[:2], context_value.key[:2]):     # a day of a month, the year not given
            return claim_value.key[-6:] == context_value.key[-6:]
        short, long = sorted((claim_value.key, context_value.key), key=len)
        return long.startswith(short + "-")
    if claim_value.kind == "time" == context_value.kind:   # "just before 8am" holds 07:55
        a, b = _time_reading(claim, claim_value), _time_reading(context, context_value)
        return a is not None and b is not None and a[0] <= b[1] and b[0] <= a[1]
    if claim_value.kind == "frequency" == context_value.kind:   # "twice a day at weekends" / "every Saturday"
        from grounding.frequencies import other_scales
        return other_scales(claim_value, context_value)
    if claim_value.kind not in ("percent", "money", "number") or claim_value.kind != context_value.kind:
        return False
    if claim_value.kind == "money" and claim_value.key[:1] != context_value.key[:1]:   # "$61 million" / "€61 million"
        return False
    a, b = _reading(claim, claim_value), _reading(context, context_value)
    if a is None or b is None or (a[0] != "point" and b[0] != "point"):
        return False
    return a[1] <= b[2] and b[1] <= a[2]     # the two spans of values meet


def _reading(text: str, m: Mention) -> Optional[tuple[str, Decimal, Decimal]]:
    """(point | bound, low, high): the values `m` as written in `text` allows."""
    try:
        value = Decimal(m.key.strip("$€£¥%"))
    except InvalidOperation:
        return None
    before = " ".join(text[max(0, m.start - 30):m.start].split())
    side = _side(before) or _side_after(text[m.end:m.end + 30])
    if side:
        return ("bound", value, Decimal("Infinity")) if side > 0 else ("bound", Decimal("-Infinity"), value)
    if _ABOUT.search(before):
        digits = value.normalize().as_tuple()   # the place of the last non-zero digit: 40 -> 10, 4.2e9 -> 1e8
        half = Decimal(5).scaleb(digits.exponent - 1) if value else Decimal("0.5")
        return "point", value - half, value + half
    # rounding: 57% for 13 of 23 (56.5%); a value written to its decimals no further than half a unit of the last
    # ("3.95% AER" is not "3.90% AER")
    spread, written = abs(value) * Decimal("0.02"), re.search(r"\d[\d,]*\.(\d+)", m.surface)   # "3.90%": key "3.9%"
    if written and (number := Decimal(written.group(0).replace(",", ""))):      # "1.52 million": a unit is 10,000
        spread = min(spread, Decimal(5).scaleb(-len(written.group(1)) - 1) * abs(value / number))
    return "point", value - spread, value + spread
