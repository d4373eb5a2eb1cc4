"""Stronger than the source: a claim that states as total or certain what its evidence states as partial or
possible. "Regular exercise eliminates the risk of heart disease" against "Regular exercise may reduce the risk of
heart disease" shares every word but the two that matter, and the entailment model reads the pair as support
(P(e) 0.80); so it did "… prevents heart disease in all cases" (0.56). The source backs the direction of the claim,
not its strength: the verdict rule (overrides.overclaim_partial) makes such a Supported claim Partially supported
and says which words differ.

Read by the words alone (no model, no parse):
- the claim's **absolute** words: a total effect (eliminate, eradicate, cure, guarantee, abolish; "no risk",
  "risk-free"), a total degree or reach (completely, entirely, totally, fully, always, never, "in all cases",
  "in every case", "without exception", "the whole", "in full", "all of the", "all" before a plural: "all
  participants", not "all summer"), certainty (proves, proven, certainly, definitely, undoubtedly), or an obligation (must, has to:
  "Visitors must bring their own food" against "Visitors may bring their own food");
- the sentence's **hedges**: a modal of possibility (may, might, could, possibly, potentially, perhaps, likely,
  probably), a reporting hedge (suggests, indicates, appears to, seems to, is associated with, is linked to), a
  partial effect or reach (reduce, lower, decrease, help, contribute, partly, partially, some, often, usually,
  generally, mostly, in most, most of, many, rarely, seldom, sometimes), a part (up to, half, part of, a share of, a percentage
  below 100: "the whole cost" against "up to 50% of the tunnel's cost").
The rule finds one when the claim has an absolute word and no hedge, the sentence a hedge and no absolute word (nor
the claim's word in another form: "elimination", "cured"), and the sentence holds most of the claim's other words
(`COVERAGE`, by their first five letters, plurals made singular): the two say one thing at two strengths. A second
form reads a rank: the claim says "the deepest", "the most expensive", "the only", the sentence "one of the
deepest" or "among the most expensive" (`_shared_rank`), with the same share of the claim's other words; a third
reads days: the claim says "every day" or "daily", the sentence "on Thursdays" or "on weekdays" (`_some_days`); a
fourth a vote: "unanimously" against "by a vote of 5 to 2" (`_split_vote`); a fifth a subject the sentence restricts:
"Customers will receive compensation" against "Customers who lost service for more than two days are entitled to
automatic compensation" (`_restricted`; the model read it as support, P(e) 0.92).
"""
from __future__ import annotations

import functools
import re
from typing import NamedTuple

from grounding.invisible import judged_text

# absolute words of a claim: pattern -> the family a sentence may state it in (then the claim is not stronger)
_ABSOLUTE = (
    (r"eliminat\w*", "eliminat"), (r"eradicat\w*", "eradicat"), (r"cur(?:e|es|ed|ing)", "cur"),
    (r"guarantee\w*", "guarantee"), (r"abolish\w*", "abolish"), (r"no risk", "no risk"), (r"risk-free", "risk-free"),
    (r"completely", "complete"), (r"entirely", "entire"), (r"totally", "total"), (r"fully", "full"),
    (r"always", "always"), (r"never", "never"), (r"in (?:all|every) cases?", "all case"),
    (r"without exception", "exception"), (r"prov(?:e|es|ed|en)", "prov"), (r"certainly", "certain"),
    (r"definitely", "definite"), (r"undoubtedly", "doubt"), (r"(?:the|its|their) whole", "whole"),
    (r"in full", "in full"), (r"all of (?:the|its|their)", "all of"),
    (r"all(?= [a-z]+s\b)(?! (?:this|its|his|has|was|is|as|us|times|days|weeks|years)\b)", " all "),   # "All participants …"
    (r"must(?! not)", "must"), (r"(?:has|have) to", " to "),   # an obligation against a permission: "must" / "may"
                                                                 # ("must not" is "may not", a prohibition)
)
ABSOLUTE = re.compile(r"\b(?:" + "|".join(p for p, _ in _ABSOLUTE) + r")\b", re.IGNORECASE)
HEDGE = re.compile(
    r"\b(?:may|might|could|possibly|potentially|perhaps|likely|probably|suggest(?:s|ed|ing)?|indicat(?:e|es|ed|ing)|"
    r"appears? to|seems? to|associated with|linked (?:to|with)|reduc(?:e|es|ed|ing)|lower(?:s|ed|ing)?|"
    r"decreas(?:e|es|ed|ing)|helps?|helped|contribut(?:e|es|ed|ing)|partly|partially|some|often|usually|"
    r"generally|mostly|in most|(?<!the )most(?= (?:of|[a-z]+s)\b)|many|rarely|seldom|sometimes|up to|half|part of|"
    r"a (?:share|portion|fraction) of)\b"
    r"|\b\d{1,2}(?:\.\d+)?\s?%", re.IGNORECASE)   # a share below 100%: part of it


_STOP = frozenset("the and for with that this these those from into than then there their they them its was were are "
                  "has have had been being not but also which who whom what when where will would can all any each "
                  "every case cases".split())
_WORD = re.compile(r"[a-z][a-z-]{2,}|\d+(?:[.,]\d+)*")
# a claim's words (without its absolute word) that the sentence must hold, at least this share: the two say the
# same thing but for the claim's strength (a long sentence that hedges something else is not the claim's source)
COVERAGE = 0.7


def _stem(word: str) -> str:
    """The word's first five letters, a plural made singular first ("cities" and "city" are one)."""
    if word.endswith("ies") and len(word) > 4:
        word = word[:-3] + "y"
    elif word.endswith("s") and not word.endswith(("ss", "us", "is")) and len(word) > 3:
        word = word[:-1]
    return word[:5]


def _stems(text: str) -> set[str]:
    return {_stem(w) for w in _WORD.findall(text.lower()) if w not in _STOP}


def holds_most(claim: str, sentence: str, share: float = COVERAGE, least: int = 1) -> bool:
    """Whether the sentence holds at least `share` of the claim's content words (by their first five letters), and
    at least `least` of them."""
    own = _stems(claim)
    held = len(own & _stems(sentence))
    return bool(own) and held >= share * len(own) and held >= least


class Overclaim(NamedTuple):
    claim_word: str      # as written in the claim: "eliminates"
    hedge: str           # as written in the sentence: "may"
    against: bool = False   # the claim says "any" where the sentence sets a limit: it says the claim is not so


_MODAL = frozenset("may might could possibly potentially perhaps likely probably".split())


def _with_verb(sentence: str, hedge: re.Match) -> str:
    """The hedge as written, with the word after it when it is a modal ("may reduce", not "may")."""
    if hedge.group(0).lower() not in _MODAL:
        return hedge.group(0)
    after = re.match(r"\s+([A-Za-z-]+)", sentence[hedge.end():])
    return hedge.group(0) + (f" {after.group(1)}" if after else "")


def _family(word: str) -> str:
    return next(f for p, f in _ABSOLUTE if re.fullmatch(p.split("(?=")[0], word, re.IGNORECASE))   # the word, not what follows


# a rank ("the deepest", "the most expensive", "the only", "the first") and the same rank shared ("one of the deepest")
_RANK = re.compile(r"\bthe\s+((?:most|least)\s+[a-z-]+|[a-z]+est|only|first|last|best|worst|biggest|largest)\b",
                   re.IGNORECASE)
_SHARED = r"\b(?:one of|among|some of) the\s+"


def _shared_rank(claim: str, sentence: str) -> Overclaim | None:
    """The claim's rank that the sentence gives as shared: "the deepest lake" against "one of the deepest lakes"."""
    for rank in _RANK.finditer(claim):
        if re.search(_SHARED + r"$", claim[:rank.start() + 4], re.IGNORECASE):
            continue   # the claim shares the rank itself
        said = re.search(_SHARED + re.escape(rank.group(1)) + r"\b", sentence, re.IGNORECASE)
        if said and holds_most(claim[:rank.start()] + claim[rank.end():], sentence):
            return Overclaim(rank.group(0), said.group(0))
    return None


# every day against some days: "It closes at 8 pm every day" against "… and close at 8 pm on Thursdays"
_SOME_DAYS = re.compile(r"\b(?:(?:on|at)\s+)?(?:(?:Mon|Tues|Wednes|Thurs|Fri|Satur|Sun)days?|weekdays|weekends?)\b",
                        re.IGNORECASE)


def _some_days(claim: str, sentence: str) -> Overclaim | None:
    """The claim's "every day" ("daily", "seven days a week") that the sentence says of some days only ("on
    Thursdays", "on weekdays"; the one after the most of the claim's words), the two otherwise saying one thing."""
    from grounding.weekdays import EVERY_DAY, each_part_said
    every = EVERY_DAY.search(claim)
    if every is None or _SOME_DAYS.search(claim) or EVERY_DAY.search(sentence) or each_part_said(every.group(0), sentence):
        return None
    own = _stems(claim[:every.start()] + claim[every.end():])
    scopes = list(_SOME_DAYS.finditer(sentence))
    if not scopes or not holds_most(claim[:every.start()] + claim[every.end():], sentence):
        return None
    best = max(scopes, key=lambda m: (len(own & _stems(sentence[max(0, m.start() - 60):m.start()])), -m.start()))
    return Overclaim(every.group(0), best.group(0))


# unanimous against a split vote: "The school board approved it unanimously" against "… by a vote of 5 to 2"
_UNANIMOUS = re.compile(r"\bunanimous(?:ly)?\b|\bwithout (?:a single )?(?:dissent|opposition)\b", re.IGNORECASE)
_TALLY = re.compile(r"\b(?:(?:by )?a vote of |voted? )?(?P<for>\d{1,4})\s*(?:-|–|to)\s*(?P<against>\d{1,4})\b"
                    r"(?!\s*(?:%|per|percent|years?|months?|weeks?|days?|hours?|minutes?|[ap]\.?m\b))", re.IGNORECASE)
_VOTE_WORDS = re.compile(r"\bvot\w*|\bmajority\b|\bruled?\b|\bruling\b|\bapprov\w*|\bpass(?:ed|es)?\b|"
                         r"\breject\w*|\bdecision\b|\bverdict\b", re.IGNORECASE)


def _split_vote(claim: str, sentence: str) -> Overclaim | None:
    """The claim's "unanimously" that the sentence gives as a split vote ("by a vote of 5 to 2", "ruled 6-3"), the
    two otherwise saying one thing."""
    word = _UNANIMOUS.search(claim)
    if word is None or _UNANIMOUS.search(sentence) or not _VOTE_WORDS.search(sentence):
        return None
    tally = next((t for t in _TALLY.finditer(sentence) if int(t.group("against")) > 0
                  and int(t.group("for")) > int(t.group("against"))), None)
    if tally is None or not holds_most(claim[:word.start()] + claim[word.end():], sentence):
        return None
    return Overclaim(word.group(0), tally.group(0))


ANY_RULE = "said of any"     # the verdict rule's name for `_any_bound` (overrides.overclaim_partial)
# "of any size", "for any delay", "any household", "on all orders": the claim says it of every one of a kind
_ANY = re.compile(r"\b(?:(?:of|for|with|at|in|to)\s+)?any\s+(?!more\b|longer\b|other\b|of\b)[a-z-]+"
                  r"|\b(?:on|for|to|of|at|in)\s+all\s+(?!the\b|of\b)(?:[a-z-]+\s+)?[a-z-]+s\b"   # "free on all orders"
                  r"|^\s*(?:all|every|any)\s+(?!the\b|of\b)(?:[a-z-]+\s+)?[a-z-]+(?=\s+(?:can|may|must|will|get|gets|are|is"
                  r"|have|has|pay|pays|need|needs|qualify|qualifies|receive|receives)\b)", re.IGNORECASE)  # "All … orders get"
# a limit with a figure: "under 8 kg", "more than 15 minutes", "aged 18 or over", "at least 3 years"
_BOUND = re.compile(r"\b(?:under|over|below|above|(?:more|less|fewer|longer|shorter|older|younger|heavier|lighter)"
                    r"\s+than|at\s+(?:least|most)|up\s+to|no\s+more\s+than|aged|weighing|between)\s+"
                    r"(?:\d[\d.,]*|one|two|three|four|five|six|seven|eight|nine|ten|twelve|fifteen|twenty|thirty)\b"
                    r"[^,.;:]*?(?=[,.;:]|\s+(?:may|can|must|are|is|will|get|pay|qualify)\b|$)"
                    r"|\b(?:\d[\d.,]*|two|three|four|five|six|seven|eight|nine|ten)\s+or\s+(?:more|over|older)\b[^,.;:]*"
                    r"|\b(?:its|their)\s+(?:\d+|two|three|four|five|six|seven|eight|nine|ten)\s+[a-z]+est\b[^,.;:]*?"
                    r"(?=[,.;:]|\s+(?:from|in|on|at)\b|$)",   # "at its five busiest car parks"
                    re.IGNORECASE)


def _any_bound(claim: str, sentence: str) -> Overclaim | None:
    """The claim's "any" ("Pets of any size may travel in the cabin", "… compensation for any delay") where the
    sentence sets a limit with a figure ("Pets under 8 kg may travel …", "… more than 15 minutes late can claim
    compensation"), has no "any" and holds most of the claim's other words (three in five: "Charges will apply at all
    car parks" / "… will introduce parking charges at its five busiest car parks"): the source says it holds only
    within the limit, so of the rest it does not (the model had read the pets as entailed, P(e) 0.92). Not where the claim
    gives a figure or a limit itself, nor where the sentence says it of every one ("Any movement of cattle …" /
    "Every movement of cattle …", read with a limit on another rule: "Calves under 42 days old are exempt …"), nor a
    denied "any" ("don't have any alcohol for at least half a day")."""
    word = _ANY.search(claim)
    if word is not None and re.search(r"(?:\b(?:not|no|never|without)|n[’']t)\s+(?:[a-z]+\s+){0,2}$",
                                      claim[:word.start()], re.I):
        return None     # "don't have any alcohol": none at all, no "any" to bound
    if word is None or _ANY.search(sentence) or re.search(r"\d", claim) or _BOUND.search(claim) \
            or re.search(rf"\b(?:every|all|each)\s+{re.escape(word.group(0).split()[-1])}", sentence, re.I):
        return None
    bound = _BOUND.search(sentence)
    if bound is None or not holds_most(claim[:word.start()] + claim[word.end():], sentence, share=0.6):
        return None
    return Overclaim(word.group(0), bound.group(0).strip(), against=True)


def _restricted(claim: str, sentence: str) -> Overclaim | None:
    """The claim's subject, plain ("Customers will receive compensation"; not "COVID-19 patients"), that the sentence
    restricts by a relative clause or a "with" phrase after it ("Customers who lost service for more than two days are
    entitled to …", "Patients with diabetes"; not after a comma), the two otherwise saying one thing: the source says
    it of some (and where the claim says "all", "every" or "any" of them, that it is not so of the rest: `against`). Not where the text also has the subject unrestricted as a subject (sentences read together:
    "Members can bring a guest …" had been Partially supported for "… members who miss three classes …" in the
    next one)."""
    from grounding.decompose import parse
    subject = next((t for t in parse(claim) if t.dep_ in ("nsubj", "nsubjpass") and t.head.dep_ == "ROOT"
                    and t.pos_ in ("NOUN", "PROPN")), None)
    if subject is None or any(c.dep_ != "det" for c in subject.children):    # plain: "Customers", "The patients"
        return None
    doc = parse(sentence)
    found = None
    for t in doc:
        if t.lemma_.lower() != subject.lemma_.lower() or t.dep_ not in ("nsubj", "nsubjpass"):
            continue
        tail = [c for c in t.children if c.i > t.i and (c.dep_ == "relcl" or c.dep_ == "prep" and c.lower_ == "with")
                and doc[c.left_edge.i - 1].text != ","]
        if not tail:      # the text says it of them all too ("Members of the gym can bring a guest …; … members who
            return None   # miss three classes …", read together)
        rest = claim[:subject.idx] + claim[subject.idx + len(subject.text):]    # the subject matched by the parse
        end = max((x.right_edge.i for x in tail), default=t.i)
        # a restriction the claim states itself picks out nothing: "The appointment is with Dr Patel" / "Your
        # appointment with Dr Patel is on Monday …"
        if found is None and holds_most(rest, sentence, share=0.5) \
                and not _stems(doc[t.i + 1:end + 1].text) <= _stems(claim):
            every = [c.text for c in subject.children if c.lower_ in ("all", "every", "each", "any")]   # "All learners
            found = Overclaim(" ".join(every + [subject.text]), doc[t.left_edge.i:end + 1].text,   # get a certificate"
                              against=bool(every))      # against "learners who pass the final test get …": not all do
    return found


@functools.lru_cache(maxsize=4096)
def stronger(claim: str, sentence: str) -> Overclaim | None:
    """What makes the claim stronger than the sentence ("eliminates" against "may", "the deepest" against "one of
    the deepest", "every day" against "on Thursdays"), or None: the claim has an absolute word and no hedge, the
    sentence a hedge and no absolute word, nor the claim's in another form; or the claim gives a rank the sentence
    gives as shared, or every day where the sentence names some days, or of all of a thing what the sentence says of
    those a clause picks out."""
    claim, sentence = judged_text(claim), judged_text(sentence)
    shared = _shared_rank(claim, sentence) or _some_days(claim, sentence) or _split_vote(claim, sentence) \
        or _any_bound(claim, sentence) or _restricted(claim, sentence)
    if shared is not None:
        return shared
    word = ABSOLUTE.search(claim)
    if word is None or HEDGE.search(claim):
        return None
    # the month is no modal: "open from May to September"
    hedge = next((h for h in HEDGE.finditer(sentence) if not (h.group(0) == "May" and h.start() > 0)), None)
    if hedge is None or ABSOLUTE.search(sentence) or _family(word.group(0)) in f" {sentence.lower()} " \
            or word.group(0).lower() == "all" and re.search(r"\b(?:every|each)\b", sentence, re.I):
        return None     # the claim's word in the sentence ("all" said as "for every country")
    if not holds_most(ABSOLUTE.sub(" ", claim), sentence):
        return None
    return Overclaim(word.group(0), _with_verb(sentence, hedge))
