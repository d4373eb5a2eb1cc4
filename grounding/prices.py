"""Free against a price: "Printing is free" against "Entry remains free, but printing now costs 10 cents per page",
which the entailment model reads as support (P(e) 0.86): the sentence's "free" is the entry's; printing has a price.

A thing's *price state*, by spaCy's parse: "free" when it is the subject of "be", "remain", "stay", "get", "go",
"come" or "become" with "free" or "complimentary" (or "free of charge") as its complement or under it ("Children
under 12 get in free"), of a passive "included" ("Breakfast is included in the room rate"), or of "cost" with
"nothing"; "paid" when it is the subject of "cost" with an amount ("costs 10 cents per page", "costs extra"; the subject of the
first of two joined verbs is the second's too: "Breakfast is served from 7am and costs £14"), or
of another verb with "for" or "at" an amount or a fee ("Breakfast is available for 18 euros per person", "Pets are
welcome for a fee"), or sold separately ("A USB-C cable is included, but the charger is sold separately"). A noun
qualified by "free" is free ("Annual membership … includes free parking", `_free_of`; not "free radicals"), what a
thing comes with or includes is included ("It comes with a lock", `_given`; a price "including lunch"), and so is
what comes with a plan, a ticket or a package ("Priority support comes with the premium plan"), what
someone pays for or is charged for is paid ("Members pay for parking", "charges a £35 fee for installation",
grounding.paying), and so are the payers of a fare or an amount
("older children pay a reduced fare": against "Children travel free"). "free of symptoms" or
"free from" something else is no price. A thing is its subject noun's lemma with the words that qualify it ("adult
ticket"); the claim's thing matches the sentence's where the claim's qualifying words are among the sentence's
("tickets" and "adult tickets", not "child tickets" and "adult tickets"), or where one is the other sold by the unit
("personal training" and "personal training sessions"). The way in to a thing is the thing ("Entry to the shipwrecks
exhibition" is "the exhibition on shipwrecks"). grounding.free compares the states of a claim and a sentence.
A negated state ("is not free") is left to the model.

`same_price` tells the quantity rule (values.same_quantity) whether two amounts price one thing, where the verbs
alone do not say: "The extension costs £99" against "It can be extended to three years for £79" (the entailment
model read it as support, P(e) 0.93), "The course fee is £450" against "The course costs £400", and not "Child
tickets cost £12" against "Adult tickets cost £10" or "£20 a week" against "£15 a night"; a course or package
of the claim's thing prices it ("A puppy vaccination course costs £65" / "Vaccinations for puppies cost £60").
"""
from __future__ import annotations

import functools
import re
from typing import NamedTuple

from grounding.decompose import parse
from grounding.entities import _number_value
from grounding import paying
from grounding.price_lists import age_group, list_lines
from grounding.paying import MONEY as _MONEY, PRICE_NOUNS as _PRICE_NOUNS
from grounding.invisible import judged_text

_STATE_VERBS = {"be", "remain", "stay", "get", "go", "come", "become", "travel", "ride", "enter", "fly", "park"}
_PRICE_WORDS = re.compile(r"\bfree\b|\bcomplimentary\b|\bincluded\b|\bincludes?\b|\bcomes?\s+with\b"
                          r"|\bcosts?\b|\bcosting\b|[£$€]|\bpa(?:y|ys|id)\b"
                          r"|\bseparately\b|\b\d[\d.,]*p\b"
                          r"|\b(?:euro|dollar|pound|cent|penny|pence|yen|franc|fee|charge)s?\b", re.I)


class PriceState(NamedTuple):
    noun: str             # the thing's noun lemma
    words: frozenset      # the lemmas that qualify it
    free: bool
    said: str             # as written: "free", "costs 10 cents per page"


def _free_word(verb):
    """The "free" of a verb of state: its complement, or under a preposition of it ("get in free")."""
    for t in verb.subtree:
        if t.lower_ not in ("free", "complimentary") or t.pos_ != "ADJ":
            continue
        if t.head.i != verb.i and t.head.head.i != verb.i:
            continue
        other = [p for p in t.children if p.dep_ == "prep" and p.lower_ in ("of", "from")
                 and not any(c.lemma_.lower() in ("charge", "cost") for c in p.children)]
        if not other:             # "free of symptoms", "free from bias": no price
            return t
    return None


def _bought_for(verb) -> str | None:
    """"for 18 euros" / "at 18 euros" / "for a fee" under a verb other than "cost" (or under its "available"), as
    written; None without one."""
    if verb.lemma_.lower() == "cost":
        return None
    heads = [verb] + [c for c in verb.children if c.dep_ == "acomp"]
    for prep in (c for h in heads for c in h.children if c.dep_ == "prep" and c.lower_ in ("for", "at")):
        money = [t for c in prep.children if c.dep_ == "pobj" for t in c.subtree]
        if any(_MONEY.search(t.lemma_) or _MONEY.search(t.text) for t in money if t.pos_ in ("NOUN", "SYM", "PROPN")) \
                and (any(t.like_num for t in money) or any(t.lemma_.lower() in ("fee", "charge") for t in money)):
            return " ".join(t.text for t in [prep] + sorted(money, key=lambda t: t.i))
    return None


# the way in to a thing, priced as the thing: "Entry to the shipwrecks exhibition is free" prices the exhibition
_WAYS_IN = frozenset({"entry", "admission", "access", "entrance", "ticket"})


def _word(token) -> str:
    """A qualifying word's lemma, with the number its own modifier gives it ("ten-class" and "10-class" are
    "10-class"; "5-class" is another pass)."""
    count = next((c for c in token.children if c.dep_ == "nummod"), None)
    value = _number_value(count.lower_) if count is not None else None
    return f"{value:g}-{token.lemma_.lower()}" if value is not None else token.lemma_.lower()


def _thing(subject) -> tuple[str, frozenset]:
    """(noun lemma, the lemmas that qualify it: compounds, adjectives, what an "on" / "about" / "towards" phrase says
    it is of) of a price's subject; the way in to a thing is that thing ("Entry to the shipwrecks exhibition")."""
    into = next((p for c in subject.children if c.dep_ == "prep" and c.lower_ in ("to", "for", "into")
                 for p in c.children if p.dep_ == "pobj" and p.pos_ in ("NOUN", "PROPN")), None)
    if subject.lemma_.lower() in _WAYS_IN and into is not None:
        subject = into
    told = [c for c in subject.children if c.dep_ in ("compound", "amod") and c.lower_ != "free"]
    told += [g for c in told if c.dep_ == "compound" for g in c.children   # "Child day tickets": child, day
             if g.dep_ in ("compound", "amod") and g.lower_ != "free"]
    words = {_word(c) for c in told}
    words |= {p.lemma_.lower() for c in subject.children if c.dep_ == "prep" and c.lower_ in ("on", "about", "towards")
              for p in c.children if p.dep_ == "pobj"}
    said = [subject.head] + [c for c in subject.head.children if c.dep_ == "acomp"] if subject.dep_ == "nsubj" else []
    words |= {p.lemma_.lower() for h in said for c in h.children if c.dep_ == "prep" and c.lower_ == "towards"
              for p in c.children if p.dep_ == "pobj"}    # "A payment of £250 is available towards equipment"
    return age_group(subject.text) or subject.lemma_.lower(), frozenset(words)


@functools.lru_cache(maxsize=4096)
def price_states(text: str) -> tuple[PriceState, ...]:
    """The price states `text` gives (see the module docstring)."""
    text = judged_text(text)
    if not _PRICE_WORDS.search(text):
        return ()
    out = []
    for verb in parse(text):
        lemma = verb.lemma_.lower()
        subject = next((c for c in verb.children if c.dep_ in ("nsubj", "nsubjpass", "csubj", "csubjpass")), None)
        if subject is None and lemma == "cost":     # ("Roaming in Europe is included": a gerund, a clause's subject)      # "parking costs 15 euros" parsed as one noun phrase
            subject = next((c for c in verb.children if c.dep_ == "compound"), None)
        if subject is not None and subject.lower_ in ("which", "that") and verb.dep_ == "relcl":
            subject = verb.head                      # "the special exhibition, which costs £9": the exhibition
        if subject is None and verb.dep_ == "conj" and verb.pos_ in ("VERB", "AUX"):   # "is served … and costs £14"
            subject = next((c for c in verb.head.children if c.dep_ in ("nsubj", "nsubjpass")), None)
        if verb.pos_ == "NOUN" and (free := _free_of(verb)) is not None:   # "includes free parking"; "a free
            whole = verb.head if verb.dep_ == "compound" and verb.head.pos_ == "NOUN" else verb   # replacement phone"
            noun, words = _thing(whole)
            out.append(PriceState(noun, words, True, verb.doc[min(free.i, whole.i):max(free.i, whole.i) + 1].text))
            continue
        if lemma == "pay" and subject is not None and not any(c.dep_ == "neg" for c in verb.children) \
                and (paid := paying.paid_for(verb)) is not None:     # "Members pay for parking"
            noun, words = _thing(paid)
            out.append(PriceState(noun, words, False, f"{verb.text} for {paid.text}"))
            continue
        if lemma == "pay" and subject is not None and subject.pos_ in ("NOUN", "PROPN") \
                and not any(c.dep_ == "neg" for c in verb.children) and (fare := paying.fare(verb)) is not None:
            noun, words = _thing(paying.paid_to(verb) or subject)   # "older children pay a reduced fare": the payer's,
            out.append(PriceState(noun, words, False, f"{verb.text} {fare}"))   # as "Children travel free" is the
            continue                # traveller's; "pay 5 pounds to enter the gallery": the gallery's
        if (bought := paying.bought(verb)) is not None:      # "can buy a reusable bag for 50p": the bag's
            out.append(PriceState(*_thing(bought[0]), False, bought[1]))
            continue
        if (charged := paying.charged_for(verb)) is not None:   # "charges a £35 fee for installation": installation's
            out.append(PriceState(*_thing(charged[0]), False, charged[1]))
            continue
        if (given := _given(verb)) is not None:       # "It comes with a lock", "The kit includes a lock": included
            noun, words = _thing(given)
            end = given.i if given.i > verb.i else verb.right_edge.i      # "comes with the premium plan"
            out.append(PriceState(noun, words, True, verb.doc[verb.i:end + 1].text.rstrip(" .")))
            continue
        if subject is None or subject.pos_ not in ("NOUN", "PROPN", "VERB") and not age_group(subject.text) \
                or any(c.dep_ == "neg" for c in verb.children):    # "Printing", a gerund, names a thing; "not free"
            continue
        noun, words = _thing(subject)
        if (lemma in _STATE_VERBS or subject.dep_ == "nsubjpass") and (free := _free_word(verb)) is not None:
            out += [PriceState(*_thing(s), True, free.text)     # "can be taken free of charge"; each of two joined
                    for s in [subject] + [c for c in subject.children if c.dep_ == "conj" and c.pos_ == "NOUN"]]
        elif lemma == "include" and subject.dep_ in ("nsubjpass", "csubjpass"):   # "Breakfast is included in …"
            out.append(PriceState(noun, words, True, "included"))
        elif lemma == "sell" and subject.dep_ == "nsubjpass" and any(c.lower_ == "separately" for c in verb.children):
            out.append(PriceState(noun, words, False, f"{verb.text} separately"))    # "the charger is sold separately"
        elif (bought := _bought_for(verb)) is not None:   # "is available for 18 euros", "is charged at 18 euros"
            out.append(PriceState(noun, words, False, bought))
        elif lemma == "cost":
            amount = [c for c in verb.children if c.dep_ in ("dobj", "npadvmod", "attr", "acomp", "oprd")
                      or c.dep_ == "advmod" and c.lower_ == "extra"] or [
                t.head if t.dep_ == "nummod" else t for t in verb.doc[verb.i + 1:verb.i + 2] if t.like_num]  # misparse
            if any(c.lemma_.lower() in ("nothing", "zero") for c in amount):
                out.append(PriceState(noun, words, True, "free"))
            elif any(t.like_num or t.lemma_.lower() in ("extra", "money", "more") for c in amount for t in c.subtree):
                tokens = sorted({verb.i} | {t.i for c in amount for t in c.subtree})
                out.append(PriceState(noun, words, False, " ".join(verb.doc[i].text for i in tokens)))
    paid = _PAID.search(text)     # "Children pay nothing"; "Electric cars and vehicles that meet the standard pay
    root = next((t for t in parse(text) if t.dep_ == "ROOT"), None)     # nothing" with "pay" parsed as a noun
    payer = root if root is None or root.pos_ == "NOUN" else next(
        (c for c in root.children if c.dep_ == "nsubj" and c.pos_ in ("NOUN", "PROPN")), None)
    # the payer is the root's, not another's: "Children under 5 travel free …, and those aged 5 to 15 pay £1.50"
    own = next((c for t in parse(text) if paid and t.idx == paid.start() for c in t.children if c.dep_ == "nsubj"), None)
    if paid and payer is not None and payer.idx < paid.start() and (own is None or own.i == payer.i) \
            and not any(x.said.startswith(paid.group(0)) for x in out):
        out.append(PriceState(*_thing(payer), paid.group("what").lower() == "nothing", paid.group(0)))
    return tuple(out) + _added_for(text) + tuple(PriceState(noun, frozenset(), free, said)
                                               for noun, free, said in list_lines(text))


_PAID = re.compile(r"\bpays?\s+(?P<what>nothing|(?:half|full|reduced)\s+(?:price|fare)|[£$€]\s?\d[\d.,]*|\d[\d.,]*\s*"
                   r"(?:pounds?|euros?|dollars?|pence))", re.IGNORECASE)


def _added_for(text: str) -> tuple[PriceState, ...]:
    """An amount added for a thing ("Rent is 1,200 euros a month, plus 150 euros for utilities"): the thing costs
    extra. "Rent includes utilities" had been Supported on every engine (P(e) 0.95)."""
    out = []
    for plus in (t for t in parse(text) if t.lower_ == "plus" and t.dep_ == "cc"):
        amount = next((c for c in plus.head.children if c.dep_ == "conj" and c.i > plus.i
                       and any(t.like_num for t in c.subtree)), None)
        prep = next((c for c in amount.children if c.dep_ == "prep" and c.lower_ == "for"), None) if amount else None
        thing = next((c for c in prep.children if c.dep_ == "pobj" and c.pos_ == "NOUN"), None) if prep else None
        if thing is not None:
            noun, words = _thing(thing)
            out.append(PriceState(noun, words, False, text[plus.idx:thing.idx + len(thing.text)]))
    return tuple(out)


# "free" before a noun that names no priced thing ("free radicals", "free time", "free speech"); bought as a whole,
# so that what "comes with" it is included in it (_OFFERS)
_NOT_PRICED = frozenset("radical acid time will speech trade kick throw agent market energy fall flow form hand range "
                        "rein spirit state world press software zone".split())
_OFFERS = frozenset("plan package subscription membership tier ticket pass purchase order booking account edition "
                    "bundle deal fare room contract licence license".split())


def _free_of(noun):
    """The "free" that qualifies a noun as costing nothing ("free parking", "free dental treatment"), or None."""
    if noun.lemma_.lower() in _NOT_PRICED:
        return None
    return next((c for c in noun.children if c.dep_ == "amod" and c.lower_ in ("free", "complimentary")
                 and not any(p.dep_ == "prep" and p.lower_ in ("of", "from") for p in c.children)), None)



def _given(verb):
    """The thing a verb says comes with something, as included in it: "comes with a lock", "includes a lock" (active,
    not negated, its object a noun), "Priority support comes with the plan" (_OFFERS), or None."""
    if verb.pos_ != "VERB" or any(c.dep_ == "neg" for c in verb.children):
        return None
    lemma = verb.lemma_.lower()
    if lemma == "come":
        held = next((p for c in verb.children if c.dep_ == "prep" and c.lower_ == "with"
                     for p in c.children if p.dep_ == "pobj" and p.pos_ == "NOUN"), None)
        if held is not None and held.lemma_.lower() in _OFFERS:
            return next((c for c in verb.children if c.dep_ == "nsubj" and c.pos_ == "NOUN"), None)
        return held
    if lemma == "include":     # "includes free parking" is the noun's own state ("free parking"); "including" only
        if verb.tag_ == "VBG" and not _a_price(verb.head):     # after a price: "65 pounds a day, including lunch", not
            return None                                        # "Several accessories cost extra, including chargers"
        return next((c for c in verb.children if c.dep_ in ("dobj", "pobj") and c.pos_ == "NOUN"
                     and _free_of(c) is None), None)
    return None


def _a_price(token) -> bool:
    """Whether a noun names a price or an amount ("fee", "65 pounds")."""
    return token.pos_ == "NOUN" and (token.lemma_.lower() in _PRICE_NOUNS or any(c.like_num for c in token.children))


# nouns that name a price, whose thing is what qualifies them: "The course fee is £450" prices the course
_PER = re.compile(r"^\s*(?:a|an|per|each)\s+(?:calendar\s+)?([a-z]+)", re.I)   # "per calendar month" is a month


def priced_thing(token) -> tuple[str, frozenset, str] | None:
    """(thing, the lemmas that qualify it, what it is priced per) of a money value's token, or None where the parse
    does not say: the subject of "cost" ("The extension costs £99"; "Parking costs £15 a night" parsed as one noun
    phrase: its first part), of "be" ("A ticket is £12"; a price noun's own thing: "The course fee is £450" prices
    the course), or of the verb a "for" / "at" amount is under ("An extension is available for £79"), where that
    subject is a pronoun the verb itself ("It can be extended for £79": extend). The per part is the word after
    "a", "an", "per" or "each" ("£15 a night": night)."""
    from grounding.values import _PRONOUNS, governor
    amount = _amount(token)
    per = _PER.match(token.doc.text[amount.idx + len(amount.text):])
    per = per.group(1).lower() if per else ""
    noun = _modified(amount)
    if noun is not None:   # "the £2.4 million repair project": the amount is the noun's, as its modifier
        thing, words = _thing(_owner(noun))
        return _priced(thing, words - {thing}, per)
    node = token     # up to the governing verb (values.governor), or a "costs" parsed as a noun on the way
    while node.pos_ not in ("VERB", "AUX") and node.head.i != node.i and node.lower_ not in ("cost", "costs"):
        node = node.head
    if node.pos_ == "NOUN" and node.lower_ in ("cost", "costs"):   # "parking costs £15" parsed as one noun phrase,
        subject = next((c for c in node.children if c.dep_ in ("compound", "nsubj")), None)  # or "A … permit costs £60"
        if subject is None:   # with "costs" as a noun and its subject; a hyphenated thing before it is its "nmod"
            subject = next((c for c in node.children if c.dep_ == "nmod" and c.pos_ in ("NOUN", "PROPN")
                            and c.i < node.i), None)                   # ("A routine NHS check-up costs £26.80")
            if subject is None:
                return None
            noun, words = _thing(_owner(subject))
            return _priced(noun, words - {noun}, per)
        if subject.dep_ == "compound":   # the compounds before it: the last names the thing, the others qualify it
            flat = [c for c in node.children if c.dep_ == "compound" and c.i < node.i and c.pos_ in ("NOUN", "PROPN")]
            if not flat:
                return subject.lemma_.lower(), frozenset(), per
            return flat[-1].lemma_.lower(), frozenset(_word(c) for c in flat[:-1]), per   # "A ten-class pass costs"
        noun, words = _thing(_owner(subject))
        return _priced(noun, words - {noun}, per)
    verb = governor(node)
    lemma = verb.lemma_.lower()
    subject = next((c for c in verb.children if c.dep_ in ("nsubj", "nsubjpass")), None)
    under = amount.head if amount.dep_ == "pobj" else None
    bought = under is not None and under.lower_ in ("for", "at") and lemma not in ("be", "cost")
    if lemma not in ("cost", "be") and not bought:
        return None
    if subject is None or subject.lemma_.lower() in _PRONOUNS or subject.pos_ == "PRON":
        return (lemma, frozenset(), per) if bought else None
    if subject.pos_ not in ("NOUN", "PROPN"):
        return None
    noun, words = _thing(_owner(subject))
    return _priced(noun, words - {noun}, per)


# an adjective of how often a thing is paid for is its per part: "Annual resident permits cost £85" prices a permit
# a year, as "A resident permit costs £60 a year" does
_PERIODIC = {"annual": "year", "yearly": "year", "monthly": "month", "weekly": "week", "daily": "day",
             "nightly": "night", "hourly": "hour"}


# words that say which of a thing's prices a price noun is, not whose ("the base price", "the starting price")
_WHICH_PRICE = frozenset("base starting start list retail full standard entry launch asking headline guide".split())


def _priced(noun: str, words: frozenset, per: str) -> tuple[str, frozenset, str]:
    """A priced thing with "annual" as its per part and without the words of which price it is ("base")."""
    timed = sorted(w for w in words if w in _PERIODIC)
    return noun, words - set(timed) - _WHICH_PRICE, per or (_PERIODIC[timed[0]] if timed else "")


def _owner(noun):
    """A price noun's own thing ("the course fee", "the fee for the course": the course), else the noun ("the base
    price": a price)."""
    if noun.lemma_.lower() not in _PRICE_NOUNS:
        return noun
    of = next((p for c in noun.children if c.dep_ == "prep" and c.lower_ in ("of", "for")
               for p in c.children if p.dep_ == "pobj"), None)
    return of or next((c for c in noun.children if c.dep_ in ("compound", "poss")
                       and c.lemma_.lower() not in _WHICH_PRICE), None) or noun


def _modified(amount):
    """The noun an amount qualifies as its modifier ("a £12 ticket", "the £2.4 million repair project"), or None."""
    while amount.dep_ in ("compound", "quantmod") and amount.head.pos_ == "NUM" and amount.head.i != amount.i:
        amount = amount.head        # "2.4" of "million"
    noun = amount.head
    if amount.dep_ != "nummod" or noun.pos_ != "NOUN" or noun.i < amount.i or _MONEY.search(noun.lemma_):
        return None
    return noun


# nouns of one product's variants: "the 256 GB model" is "the 256 GB version"
_VARIANTS = frozenset({"model", "version", "edition", "variant", "plan", "tier", "package", "option"})
# sums paid to someone: "a £300 equipment allowance" / "a one-off payment of £250 … towards home office equipment"
_SUMS = frozenset({"allowance", "payment", "grant", "bursary", "stipend", "subsidy", "contribution"})


def _kin(a: str, b: str) -> bool:
    """One word, or a word and its noun ("extend" / "extension", "renew" / "renewal"): a shared start of five letters
    that is most of the shorter word; or two nouns of a product's variants ("model" / "version"), or of sums paid
    ("allowance" / "payment")."""
    if a == b or {a, b} <= _VARIANTS or {a, b} <= _SUMS:
        return True
    n = len(min(a, b, key=len))
    shared = next((i for i, (x, y) in enumerate(zip(a, b)) if x != y), n)
    return shared >= 5 and shared >= n - 1


def same_price(a, b) -> bool | None:
    """Whether two money values' tokens price one thing (`priced_thing`; None where either's thing is not known): the
    same noun, or a verb and its noun, the claim's qualifying words among the other's ("tickets" and "adult tickets",
    not "child tickets" and "adult tickets") or the other's among the claim's where they share one ("resident parking
    permit" and "resident permit"), and the same per part where both have one (not "£20 a week" and "£15 a night";
    "annual" is "a year")."""
    (pays_a, payer_a), (pays_b, payer_b) = paying.payer(a), paying.payer(b)
    if (pays_a or pays_b) and payer_a and payer_b:    # "Adults pay 8 pounds" / "costs 6 pounds for adults"
        return payer_a == payer_b
    x, y = priced_thing(a), priced_thing(b)
    if x is None or y is None:
        return None
    if x[2] and y[2] and x[2] != y[2]:
        return False
    if _kin(x[0], y[0]):     # the claim's words among the other's, or its thing told more closely by a shared word
        return x[1] <= y[1] or (bool(x[1] & y[1]) and y[1] <= x[1])
    # a project named by what it is of: "the £2.4 million repair project" prices "the repairs"
    return (_modified_here(a) and any(_kin(w, y[0]) for w in x[1])) or \
        (_modified_here(b) and any(_kin(w, x[0]) for w in y[1])) or _held(x, y) or _held(y, x)


# nouns that hold what their words name: "a puppy vaccination course" prices the vaccinations ("Vaccinations for
# puppies cost £60" was Supported on every engine against "A puppy vaccination course costs £65", P(e) 0.94)
_HOLDERS = frozenset({"course", "package", "pack", "bundle", "plan", "programme", "program", "set", "kit"})


def _held(x, y) -> bool:
    """Whether y is a holder (`_HOLDERS`) of x's thing: x's noun among y's words, x's own words among y's."""
    return y[0] in _HOLDERS and any(_kin(x[0], w) for w in y[1]) and x[1] <= y[1] | {y[0]}


def _modified_here(token) -> bool:
    return _modified(_amount(token)) is not None


def _amount(token):
    """The number of a money value's token ("£" "20": 20)."""
    return next((t for t in token.doc[token.i:token.i + 3] if t.like_num), token)
