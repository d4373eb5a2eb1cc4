"""Who pays, and for what: the readers grounding.prices takes a thing's price state from where "pay", "buy" and
their kin name it. "Members pay for parking" (`paid_for`: parking is paid); "older children pay a reduced fare"
(`fare`: the payers' own); "Visitors must pay 5 pounds to enter the gallery" (`paid_to`: the gallery is paid, which
"Entry to the gallery is free" contradicts; the model read it as support, P(e) 0.75); "Shoppers can buy a reusable
bag for 50p" (`bought`: the bag is paid, against "Reusable bags are free", Supported on every engine).
"""
from __future__ import annotations

import re

MONEY = re.compile(r"(?:euro|dollar|pound|cent|penny|pence|yen|franc|fee|charge)s?$|[£$€]|^\d[\d.,]*p$", re.I)
PRICE_NOUNS = frozenset({"fee", "price", "cost", "charge", "fare", "rent", "rate", "subscription", "premium"})
_BUYING = frozenset({"buy", "purchase", "hire", "rent", "order", "book", "borrow"})


def fare(verb) -> str | None:
    """What "pay" pays as its object, where that is a price or an amount ("a reduced fare", "£2"), as written."""
    for obj in (c for c in verb.children if c.dep_ == "dobj"):
        if obj.lemma_.lower() in PRICE_NOUNS or MONEY.search(obj.text) or any(t.like_num for t in obj.subtree):
            return obj.doc[obj.left_edge.i:obj.right_edge.i + 1].text
    return None


def paid_for(verb):
    """The noun of "pay for …" that names no amount ("pay for parking"; not "pay for a year", "pay £5 for it")."""
    for prep in (c for c in verb.children if c.dep_ == "prep" and c.lower_ == "for"):
        noun = next((p for p in prep.children if p.dep_ == "pobj" and p.pos_ == "NOUN"), None)
        if noun is not None and not MONEY.search(noun.lemma_) and not any(t.like_num for t in noun.subtree) \
                and noun.lemma_.lower() not in ("year", "month", "week", "day", "hour", "it", "them"):
            return noun
    return None


def paid_to(verb):
    """The thing of "pay <amount> to <verb> <thing>" ("pay 5 pounds to enter the gallery", "pay 2 pounds to use the
    car park"), the noun the clause under the payment or under its amount does something to; None without one."""
    amounts = [c for c in verb.children if c.dep_ == "dobj"]
    for clause in (c for h in [verb, *amounts] for c in h.children if c.dep_ in ("advcl", "xcomp", "relcl")
                   and c.pos_ == "VERB" and any(a.lower_ == "to" for a in c.children if a.dep_ == "aux")):
        thing = next((c for c in clause.children if c.dep_ == "dobj" and c.pos_ == "NOUN"), None)
        if thing is not None:
            return thing
    return None


_A_FEE = frozenset({"fee", "charge"})     # "borrow binoculars for a small fee": a price with no amount


def bought(verb) -> tuple[object, str] | None:
    """(the thing, the words) of "buy / hire / rent … <thing> for <amount>" ("can buy a reusable bag for 50p", "hire a
    bike for 10 pounds a day", "borrow binoculars for a small fee"); None without an amount or a fee."""
    if verb.lemma_.lower() not in _BUYING or any(c.dep_ == "neg" for c in verb.children):
        return None
    thing = next((c for c in verb.children if c.dep_ == "dobj" and c.pos_ == "NOUN"), None)
    for prep in (c for c in verb.children if thing is not None and c.dep_ == "prep" and c.lower_ in ("for", "at")):
        money = [t for c in prep.children if c.dep_ == "pobj" for t in c.subtree]
        if any(MONEY.search(t.text) or MONEY.search(t.lemma_) for t in money) and any(
                t.like_num or t.text[:1].isdigit() or t.text[:1] in "£$€" for t in money) \
                or prep.lower_ == "for" and any(t.lemma_.lower() in _A_FEE for t in money):   # "for a small fee"
            return thing, verb.doc[verb.i:max(t.i for t in money) + 1].text
    return None


def charged_for(verb):
    """(the thing, as written) of "charge(s) an amount or a fee for a thing" ("Skyline charges a £35 fee for
    installation", "charges £5 for towels"), the verb not negated; else None."""
    if verb.lemma_.lower() != "charge" or verb.pos_ != "VERB" or any(c.dep_ == "neg" for c in verb.children):
        return None
    fee = next((c for c in verb.children if c.dep_ == "dobj" and (c.lemma_.lower() in ("fee", "charge", "price") or any(
        t.like_num for t in c.subtree))), None)
    prep = next((p for h in ([verb, fee] if fee is not None else []) for p in h.children
                 if p.dep_ == "prep" and p.lower_ == "for"), None)
    thing = next((c for c in prep.children if c.dep_ == "pobj" and c.pos_ == "NOUN"), None) if prep else None
    return (thing, verb.doc[verb.i:thing.i + 1].text) if thing is not None else None


def payer(token) -> tuple[bool, str]:
    """(whether a money value's token is what "pay" pays, the payer's lemma or "") of the subject of "pay" ("Adults pay
    8 pounds") or the noun of "for" right after the amount ("Swimming costs 6 pounds for adults"): values.same_quantity
    reads two such amounts as one price where the payers are one ("… and 3 pounds for children" is the children's)."""
    from grounding.prices import _amount
    from grounding.values import governor
    amount = _amount(token)
    verb = governor(amount)
    if verb is not None and verb.lemma_.lower() == "pay":
        subject = next((c for c in verb.children if c.dep_ == "nsubj" and c.pos_ in ("NOUN", "PROPN")), None)
        return True, subject.lemma_.lower() if subject is not None else ""
    after = amount.doc[amount.i + 1:amount.i + 4]
    at = next((i for i, t in enumerate(after) if t.lower_ == "for"), None)
    if at is None or any(t.pos_ not in ("NOUN", "SYM") for t in after[:at]):   # "6 pounds for", "£6 for"
        return False, ""
    noun = next((t for t in amount.doc[after[at].i + 1:after[at].i + 4] if t.pos_ in ("NOUN", "PROPN")), None)
    return False, noun.lemma_.lower() if noun is not None and noun.lower_ not in ("year", "month", "week", "day") else ""


# who pays: the business or body that sells or runs the thing, or its customers
_SELLERS = frozenset({"we", "us", "company", "shop", "store", "retailer", "seller", "landlord", "council", "school",
                      "airline", "hotel", "club", "firm", "operator", "manufacturer", "employer", "insurer", "agency"})
_BUYERS = frozenset({"you", "customer", "buyer", "tenant", "passenger", "member", "patient", "guest", "resident",
                     "student", "parent", "visitor", "user", "client", "owner", "traveller", "employee", "applicant"})


def _payments(text: str) -> list[tuple[str, str, bool, str]]:
    """(the payer's side, what is paid, negated, as written) for each "pay" of the text with a subject of either side
    and an object ("pay the return postage", "pay for delivery")."""
    from grounding.decompose import parse
    out = []
    for verb in parse(text):
        if verb.lemma_.lower() != "pay":
            continue
        subject = next((c for c in verb.children if c.dep_ == "nsubj"), None)
        if subject is None and verb.dep_ == "xcomp":      # "Customers have to pay …": the subject of "have"
            subject = next((c for c in verb.head.children if c.dep_ == "nsubj"), None)
        what = next((c for c in verb.children if c.dep_ == "dobj"), None) or paid_for(verb)
        side = None if subject is None else "seller" if subject.lemma_.lower() in _SELLERS else \
            "buyer" if subject.lemma_.lower() in _BUYERS else None
        if side is None or what is None or what.pos_ != "NOUN":
            continue
        negated = any(c.dep_ == "neg" for c in (*verb.children, *verb.head.children))
        out.append((side, what.lemma_.lower(), negated, f"{subject.text} {verb.text}"))
    return out


def other_payer(claim: str, sentence: str) -> list[tuple[str, str]]:
    """[(the claim's payer and verb, the sentence's)] where the claim has one side pay for a thing (the business or
    its customers) and the sentence the other: "Customers have to pay the return postage" against "Repairs are
    carried out at our service centre in Leeds, and we pay return postage" (Supported on every engine, P(e) 0.80).
    The same thing paid (its noun), neither negated. A form of the reversal rule (negate.other_state)."""
    theirs = [(side, what, said) for side, what, negated, said in _payments(sentence) if not negated]
    return [(said, next(x for s, w, x in theirs if w == what))
            for side, what, negated, said in _payments(claim)
            if not negated and any(w == what and s != side for s, w, _ in theirs)
            and not any(w == what and s == side for s, w, _ in theirs)]
