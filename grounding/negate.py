"""Rule-based negation of a claim, for the PFCR check (a claim and its negation must not both be supported).

The main clause is found with spaCy (its ROOT) and only that clause's polarity changes; the rest of the text
is kept character for character.
"""
from __future__ import annotations

import functools
import re

from grounding.decompose import parse

_NEGATORS = {"not", "n't", "never"}
_NEGATIVE_WORDS = {"nobody", "nothing", "none", "nowhere", "neither", "nor"}
_CONTRACTED = {"ca": "can", "wo": "will", "sha": "shall"}      # what "ca" of "can't" is without "n't"
_DO_SUPPORT = {"VBZ": "does", "VBD": "did", "VBP": "do", "VB": "do"}
_FALLBACK = "It is not the case that "


@functools.lru_cache(maxsize=4096)   # a pure function of the claim: a repeated claim is not parsed again
def negate(claim: str) -> str:
    """The claim with the polarity of its main clause flipped.

    An existing negation of the main clause ("not", "n't", "never", or "no" before its subject or
    object) is removed ("The drug is not safe." -> "The drug is safe."). Otherwise "not" goes after the
    first auxiliary or the copula ("is not", "has not been", "cannot"), or a main verb gets do-support
    ("lowers" -> "does not lower", "raised" -> "did not raise", "lower" -> "do not lower"). When no
    such rule applies the result is "It is not the case that <claim>".
    """
    text = claim.strip()
    if not text:
        return claim
    doc = parse(text)   # the parse decomposition made of the same text, when the claim is a whole sentence
    sent = next(iter(doc.sents))
    root = sent.root
    if root.pos_ not in ("VERB", "AUX") or any(t.lower_ in _NEGATIVE_WORDS for t in sent):
        return _fallback(text, doc)
    if any(c.tag_ == "TO" and c.i < root.i for c in root.children):
        # an infinitive as the root ("To borrow books you need a card": the parser's root is "borrow", the
        # clause's verb is "need"): negating the infinitive would say something else ("To do not borrow ...")
        return _fallback(text, doc)

    negators = [c for c in root.children if c.dep_ == "neg" and c.lower_ in _NEGATORS]
    if not negators:
        negators = [d for c in root.children if c.dep_ in ("nsubj", "nsubjpass", "dobj", "attr")
                    for d in c.children if d.dep_ == "det" and d.lower_ == "no"]
    if negators:
        return _remove(text, negators[0])

    auxiliaries = [c for c in root.children if c.dep_ in ("aux", "auxpass") and c.i < root.i and c.tag_ != "TO"]
    if auxiliaries:
        return _insert_not(text, auxiliaries[0])
    if root.lemma_.lower() == "be":
        return _insert_not(text, root)
    if root.tag_ in _DO_SUPPORT and root.lemma_:
        do = _DO_SUPPORT[root.tag_]
        if root.i == sent.start and root.text[:1].isupper():
            do = do.capitalize()            # an imperative: "Take ..." -> "Do not take ..."
        return text[:root.idx] + f"{do} not {root.lemma_.lower()}" + text[root.idx + len(root.text):]
    return _fallback(text, doc)


def _remove(text: str, token) -> str:
    """Drop a negator with the space after it, mending contractions ("can't" -> "can")."""
    start, end = token.idx, token.idx + len(token.text)
    if token.lower_ == "n't":
        before = token.doc[token.i - 1] if token.i > 0 else None
        if before is not None and before.lower_ in _CONTRACTED and before.idx + len(before.text) == start:
            fixed = _CONTRACTED[before.lower_]
            fixed = fixed.capitalize() if before.text[:1].isupper() else fixed
            return text[:before.idx] + fixed + text[end:]
        return text[:start] + text[end:]
    glued = start > 0 and not text[start - 1].isspace()      # "cannot": drop "not", keep the space after it
    while not glued and end < len(text) and text[end] == " ":
        end += 1
    result = text[:start] + text[end:]
    if start == 0 and result:
        result = result[0].upper() + result[1:]     # "No patients died." -> "Patients died."
    return result


def _insert_not(text: str, token) -> str:
    end = token.idx + len(token.text)
    if token.lower_ == "can":
        return text[:end] + "not" + text[end:]       # "cannot"
    return text[:end] + " not" + text[end:]


def _fallback(text: str, doc) -> str:
    first = doc[0]
    keep_case = first.pos_ == "PROPN" or first.text == "I" or re.match(r"[A-Z]{2}|[A-Z]\b", first.text)
    return _FALLBACK + (text if keep_case else text[0].lower() + text[1:])


# a negation as written: negate's own words, "no", "without" and "cannot" ("not only" adds, it does not deny)
_NEGATION = re.compile(r"\b(?:not(?! only\b)|cannot|" + "|".join(sorted((_NEGATORS | _NEGATIVE_WORDS | {"no", "without"})
                                                                  - {"not", "n't"})) + r")\b|n't\b", re.IGNORECASE)


# words that say the other of two states ("It is open on Sundays" / "It is closed on Sundays": the model, reading the
# sentence with another that says "is open", called the claim entailed, P(e) 0.92; alone, P(c) 0.96)
_PAIRS = (
    ("open", "closed"), ("opened", "closed"), ("alive", "dead"), ("legal", "illegal"), ("allowed", "banned"),
    ("allowed", "forbidden"), ("permitted", "prohibited"), ("safe", "unsafe"), ("available", "unavailable"),
    ("present", "absent"), ("possible", "impossible"), ("effective", "ineffective"), ("successful", "unsuccessful"),
    ("accepted", "rejected"), ("approved", "rejected"), ("included", "excluded"), ("includes", "excludes"),
    ("include", "exclude"), ("including", "excluding"), ("includes", "excluding"), ("include", "excluding"),
    ("included", "excluding"),
    ("true", "false"),
    ("required", "optional"), ("mandatory", "voluntary"), ("positive", "negative"), ("visible", "invisible"),
    ("active", "inactive"), ("correct", "incorrect"), ("public", "private"), ("full", "empty"),
    # the weather and speed, as states or compared ("The weekend will be wetter" / "The weekend should be drier and
    # brighter": P(e) 0.89)
    ("wet", "dry"), ("wetter", "drier"), ("warm", "cold"), ("warmer", "colder"), ("warmer", "cooler"),
    ("hot", "cold"), ("hotter", "colder"), ("hotter", "cooler"), ("faster", "slower"),
    # money and weight the other way ("The change will cost 1.2 million pounds a year" / "… is expected to save 1.2
    # million pounds a year": P(e) 0.65, Supported on every engine)
    ("cost", "save"), ("costs", "saves"), ("gain", "lose"), ("gained", "lost"), ("gains", "loses"),
    # an end against going on ("Flights to Porto will end" / "Flights to Porto will continue, but …": Supported on
    # every engine)
    ("end", "continue"), ("ends", "continues"), ("ended", "continued"),
    # paying against free ("Business class passengers pay for their second bag" / "… can check two bags for free":
    # read with "A second bag costs 60 dollars" the model called it entailed, P(e) 0.84; alone P(c) 0.85), and a
    # thing taken away against staying ("The cash machine will be removed" / "… will stay in place")
    ("pay", "free"), ("pays", "free"), ("paid", "free"), ("removed", "stay"), ("removed", "stays"),
    ("removed", "remain"), ("removed", "remains"),
    # a result the other side of nothing ("The company made a net profit of $6.1 million" / "… recorded a net loss of
    # $6.1 million": Supported on every engine)
    ("profit", "loss"), ("profits", "losses"), ("surplus", "deficit"))
_BOTH_WAYS = _PAIRS + tuple((y, x) for x, y in _PAIRS)
_ANTONYMS = {w: frozenset(b for a, b in _BOTH_WAYS if a == w) for w, _ in _BOTH_WAYS}
_STATE = re.compile(r"\b(?:" + "|".join(sorted(_ANTONYMS)) + r")\b", re.IGNORECASE)


# words of a change and its direction: a trend said the other way ("Arctic sea ice has grown since 2000" / "Arctic
# sea ice extent has declined in every decade since 1979": the model, reading it with three other sentences of the
# report, called the claim entailed, P(e) 0.51; alone, P(c) 0.95). Only the verbs and nouns of a change: "more",
# "higher", "cut" or "lost" say other things too.
_RISE = frozenset("rise rises rising rose risen grow grows growing grew grown increase increases increasing increased "
                  "climb climbs climbing climbed surge surges surged soar soars soared".split())
_FALL = frozenset("fall falls falling fell fallen decline declines declining declined decrease decreases decreasing "
                  "decreased drop drops dropping dropped shrink shrinks shrinking shrank shrunk plunge plunges plunged "
                  "slump slumps slumped".split())
# "up 8%", "down 0.2 points", "up by $3 million": a change by a figure ("up to 8%" is a bound)
_UP_DOWN = re.compile(r"\b(up|down)\s+(?:by\s+)?(?:about\s+|almost\s+|nearly\s+)?[$£€]?\d", re.IGNORECASE)
_BY_FIGURE = {"up": "rose", "down": "fell"}
_TREND = re.compile(r"\b(?:" + "|".join(sorted(_RISE | _FALL)) + r")\b", re.IGNORECASE)


def opposite_polarity(claim: str, sentence: str, together: str = "") -> bool:
    """Whether the sentence says the claim's words with the other polarity: one of the two is negated, the other
    not, and the sentence holds most of the claim's other words ("The vaccine is not recommended for adults over
    65" against "The vaccine is recommended for adults over 65"); or, negated alike, the sentence has the other of
    two states where the claim has one ("open" / "closed", "legal" / "illegal": "It is open on Sundays" against "It
    is closed on Sundays and public holidays"), or a change the other way and none the claim's way ("has grown" /
    "has declined"; the claim's other words looked for in `together`, the sentences read with it, where given: "Sales
    fell in the first half" against "Sales grew by 4% …" read with "… a profit … in the first half, down from 60
    million", P(e) 0.59 together, P(c) 0.79 alone). Words only, no parse."""
    from grounding.overclaim import holds_most
    negated = bool(_NEGATION.search(claim)) != bool(_NEGATION.search(sentence))
    if negated:
        return holds_most(_NEGATION.sub(" ", claim), sentence)
    words = {w.lower() for w in re.findall(r"[A-Za-z]+", sentence)}
    return any(_ANTONYMS[m.group(0).lower()] & words and _holds_rest(claim[:m.start()] + " " + claim[m.end():], sentence)
               for m in _STATE.finditer(claim)) or _other_trend(claim, sentence, words) \
        or bool(together) and _other_trend(claim, sentence, words, together)


def _other_trend(claim: str, sentence: str, words: set[str], together: str = "") -> bool:
    """The claim's one direction of change (_RISE or _FALL), the sentence's words only the other, and the sentence
    (or `together`, the sentences read with it) holding the claim's other words (`_holds_rest`)."""
    found = list(_TREND.finditer(claim))
    up = {m.group(0).lower() in _RISE for m in found}
    if len(up) != 1:
        return False
    own, other = (_RISE, _FALL) if up.pop() else (_FALL, _RISE)
    words = words | {_BY_FIGURE[m.group(1).lower()] for m in _UP_DOWN.finditer(sentence)}
    if words & own or not words & other:
        return False
    rest = _TREND.sub(" ", claim)
    if together:    # read with others, the sentence still names the claim's subject ("Sales …", not "Costs grew")
        from grounding.binding import claim_subject
        subject = claim_subject(claim)
        if subject is None or subject[0][:4] not in sentence.lower():
            return False
    return _holds_rest(rest, together or sentence)


def other_state(claim: str, sentence: str) -> list[tuple[str, str]]:
    """(the claim's state, the sentence's) where the sentence, negated alike, has the other of two states and never
    the claim's, and holds most of the claim's other words (overclaim.holds_most, not `_holds_rest`'s half: this one
    decides without the model): "The weekend will be wetter" / "The weekend should be drier and brighter" (P(e)
    0.89); also the same day against the next ("arrive the same day" / "arrives the next working day"), where the
    claim does not name both ("… arrive the same day, and later transfers arrive … the next working day")."""
    from grounding import opposites        # words of opposite sense beside the fixed pairs
    from grounding.colours import other_colour              # "an amber warning" / "a yellow warning"
    from grounding.paying import other_payer                # "Customers pay the postage" / "we pay postage"
    from grounding.firsts import first_against_before      # "for the first time" / "many times before"
    from grounding.only import one_of_many                 # "entirely by the government" / "by … and a charity"
    from grounding.overclaim import holds_most
    if bool(_NEGATION.search(claim)) != bool(_NEGATION.search(sentence)):   # negated otherwise: only "but not dinner"
        return opposites.but_not(claim, sentence)
    words = {w.lower() for w in re.findall(r"[A-Za-z]+", sentence)}
    days = {_day_key(m): m.group(0) for m in _WHICH_DAY.finditer(sentence)}
    def said_with(other: set) -> str:     # the parts of the sentence (at ";") that say the other state: "…; a pension
        return " ".join(p for p in sentence.split(";")       # with employer contributions of 7%; free on-site parking"
                        if {w.lower() for w in re.findall(r"[A-Za-z]+", p)} & other)
    return [(m.group(0), sorted(other)[0]) for m in _STATE.finditer(claim)
            if (other := _ANTONYMS[m.group(0).lower()] & words) and m.group(0).lower() not in words
            and (holds_most(claim[:m.start()] + " " + claim[m.end():], said_with(other))
                 or _same_figure_after(claim, m, sentence, other))] + \
        [(m.group(0), next(iter(days.values()))) for m in _WHICH_DAY.finditer(claim)   # not where the claim names
         if days and _day_key(m) not in days and not days.keys() & _days_of(claim)       # both, nor of another case
         and not _other_case(claim, sentence)
         and holds_most(claim[:m.start()] + " " + claim[m.end():], sentence)] + \
        _other_state_when(claim, sentence) + _able_or_not(claim, sentence) + _other_trend_in_clause(claim, sentence) \
        + opposites.other_grade(claim, sentence) + opposites.as_normal(claim, sentence) \
        + opposites.un_prefixed(claim, sentence) + opposites.other_way(claim, sentence) \
        + opposites.fed_or_fasted(claim, sentence) + opposites.some_of_all(claim, sentence) \
        + first_against_before(claim, sentence) + one_of_many(claim, sentence) \
        + opposites.shut_or_open(claim, sentence) + other_colour(claim, sentence) + other_payer(claim, sentence) \
        + opposites.for_good_or_now(claim, sentence) + opposites.banned_use(claim, sentence)


_CLAUSES = re.compile(r"[;:]|,?\s+\b(?:while|whereas|but|although|though|yet)\b", re.IGNORECASE)


def _figure_written(text: str, m: re.Match) -> str:
    """A change by a figure as written, to the figure's end: "up 8%" (it reads as "rose")."""
    return (m.group(0) + re.match(r"[\d.,]*%?", text[m.end():]).group(0)).rstrip(".,")


def _other_trend_in_clause(claim: str, sentence: str) -> list[tuple[str, str]]:
    """(the claim's change, the sentence's) where a clause of the sentence, not negated, says the claim's one
    direction of change (_RISE or _FALL) only the other way and holds most of the claim's other words: "Sales in
    Asia fell" against "… demand in Europe had weakened, while sales in Asia continued to grow" (Supported on
    context-fast); or holds the claim's subject with the words that tell it apart, the sentence most of the claim's
    other words ("Petrol car sales rose last year" against "Sales of electric cars rose by 35% last year, while sales
    of petrol cars fell by 12%"). Words only: the clause decides without the model."""
    from grounding.binding import claim_subject
    from grounding.overclaim import _stems, holds_most
    found = list(_TREND.finditer(claim))
    up = {m.group(0).lower() in _RISE for m in found}
    if len(up) != 1:
        return []
    own, other = (_RISE, _FALL) if up.pop() else (_FALL, _RISE)
    rest = _TREND.sub(" ", claim)
    named = claim_subject(claim, of=True)    # its subject with the words that tell it apart ("petrol car sales",
    subject = _stems(" ".join([named[0], *named[1]])) if named and named[1] else set()   # "sales of petrol cars")
    clauses = _CLAUSES.split(sentence)
    owned = [c for c in clauses if subject and subject <= _stems(c)]   # the clauses that name the claim's subject
    for clause in owned or clauses:     # not the other's ("Sales of petrol cars fell" / "Sales of electric cars rose")
        said = [(w.lower(), w) for w in re.findall(r"[A-Za-z]+", clause) if w.lower() in own | other] + \
            [(_BY_FIGURE[m.group(1).lower()], _figure_written(clause, m)) for m in _UP_DOWN.finditer(clause)]
        if said and not {w for w, _ in said} & own and not _NEGATION.search(clause) and (holds_most(rest, clause) or (
                len(owned) == 1 and holds_most(rest, sentence))):    # "last year" said once, in the other clause
            return [(found[0].group(0), said[0][1])]
    return []


# can be done, and cannot in one word: "can be refunded", "is refundable" / "non-refundable", "unrepairable"
_CAN_BE = re.compile(r"\b(?:(?:can|may)\s+be\s+(?P<done>[a-z]{4,}?)(?:ed|d)"
                     r"|(?:is|are)\s+(?P<able>[a-z]{4,}?)[ai]ble)\b", re.IGNORECASE)
_CANNOT_BE = re.compile(r"\b(?:non-?|un)(?P<stem>[a-z]{4,}?)[ai]ble\b", re.IGNORECASE)


def _able_or_not(claim: str, sentence: str) -> list[tuple[str, str]]:
    """(the claim's "can be refunded", the sentence's "non-refundable") where the sentence says in one word that the
    claim's deed cannot be done (by its first five letters), says nowhere that it can, and holds most of the claim's
    other words: "Tickets can be refunded" against "Tickets are non-refundable, but they can be transferred to another
    person" (Partially supported on two engines)."""
    from grounding.overclaim import holds_most
    out = []
    for m in _CAN_BE.finditer(claim):
        stem = (m.group("done") or m.group("able")).lower()[:5]
        said = any((x.group("done") or x.group("able")).lower()[:5] == stem for x in _CAN_BE.finditer(sentence))
        cannot = [x for x in _CANNOT_BE.finditer(sentence) if x.group("stem").lower()[:5] == stem]
        if cannot and not said and holds_most(claim[:m.start()] + " " + claim[m.end():], sentence):
            out.append((m.group(0), cannot[0].group(0)))
    return out


# a state and when or where it holds: "open on Mondays", "closed during the holidays"
_STATE_WHEN = re.compile(_STATE.pattern + r"\s+(?P<when>(?:on|at|in|during|over)\s+(?:(?!\b(?:but|while|whereas|except|"
                         r"though|although|yet)\b)[^,.;:()]){1,40})", re.IGNORECASE)


def _other_state_when(claim: str, sentence: str) -> list[tuple[str, str]]:
    """(the claim's state and when, the sentence's) where the sentence, saying the claim's state too (else the
    words alone decide), gives the other state at the claim's time or place and the claim's state there nowhere,
    holding most of the claim's other words: "The museum is open on Mondays" against "The museum is open from 10am
    to 6pm, Tuesday to Sunday, and closed on Mondays" (P(e) 0.84: the sentence also says "open")."""
    from grounding.overclaim import _stems, holds_most
    out = []
    for m in _STATE_WHEN.finditer(claim):
        state, when = m.group(0)[:m.start("when") - m.start()].strip().lower(), _stems(m.group("when"))
        prep = m.group("when").split()[0].lower()
        said = [(x.group(0)[:x.start("when") - x.start()].strip().lower(), x) for x in _STATE_WHEN.finditer(sentence)
                if x.group("when").split()[0].lower() == prep and when <= _stems(x.group("when"))]
        other = [x for s, x in said if s in _ANTONYMS[state]]
        if other and not any(s == state for s, _ in said) and re.search(rf"\b{state}\b", sentence, re.I) \
                and holds_most(claim[:m.start()] + " " + claim[m.end():], sentence):
            out.append((m.group(0).strip(), other[0].group(0).strip()))
    return out


# the same day or the next: "arrive the same day" against "arrives the next working day" (P(e) 0.92)
_WHICH_DAY = re.compile(r"\b(?:the\s+)?(?P<which>same|next|following)(?:\s+(?:working|business))?[\s-]+day\b",
                        re.IGNORECASE)


def _day_key(m: re.Match) -> str:
    return "same" if m.group("which").lower() == "same" else "next"


def _same_figure_after(claim: str, m: re.Match, sentence: str, other: set[str]) -> bool:
    """Whether the claim's state word and the sentence's other one are each followed, within three words, by the same
    figure ("made a net profit of $6.1 million in the quarter" / "recorded a net loss of $6.1 million, narrower than
    the $14.8 million loss a year earlier", whose other words the claim mostly lacks)."""
    figure = re.match(r"(?:\s+[a-z]+){0,3}?\s+([$£€]?\d[\d.,]*(?:\s+(?:million|billion|m|bn))?)", claim[m.end():])
    return figure is not None and any(re.match(rf"(?:\s+[a-z]+){{0,3}}?\s+{re.escape(figure.group(1))}",
                                               sentence[x.end():]) for x in re.finditer(
        r"\b(?:" + "|".join(map(re.escape, other)) + r")\b", sentence, re.IGNORECASE))


def _days_of(text: str) -> set[str]:
    return {_day_key(m) for m in _WHICH_DAY.finditer(text)}


def _other_case(claim: str, sentence: str) -> bool:
    """Whether the sentence speaks of the other side of the claim's time: "before 3pm" / "after 3pm" ("Transfers made
    before 3pm arrive the same day" against "Transfers made after 3pm arrive by 10am the next working day")."""
    ours = {w.lower() for w in re.findall(r"\b(?:before|after)\b", claim, re.I)}
    theirs = {w.lower() for w in re.findall(r"\b(?:before|after)\b", sentence, re.I)}
    return len(ours) == 1 and len(theirs) == 1 and ours != theirs


# a change (for a claim) against no change (a sentence): "Property tax will go up" / "Property tax stays at its
# current rate" (context-fast: Supported)
_CHANGED = re.compile(r"\b(?:go(?:es)?\s+(?:up|down)|went\s+(?:up|down)|gone\s+(?:up|down)|" + "|".join(sorted(
    _RISE | _FALL | {"raise", "raises", "raised", "lower", "lowers", "lowered", "cut", "cuts", "double", "doubles",
                     "doubled", "halve", "halves", "halved", "improve", "improves", "improved", "worsen", "worsens",
                     "worsened"})) + r")\b", re.IGNORECASE)
_UNCHANGED = re.compile(r"\b(?:unchanged|(?:stay|stays|stayed|remain|remains|remained)\s+at\s+\d[\d.,]*%?(?=\W|$)"
                        r"|(?:stay|stays|stayed|remain|remains|remained)\s+(?:(?:roughly|about|largely|"
                        r"broadly|much|more\s+or\s+less)\s+)?(?:at\s+(?:its|their|the)\s+"
                        r"current(?:\s+[a-z]+)?|the\s+same|level|flat|steady)"
                        r"|(?:is|are|was|were|be|been|will\s+be)\s+frozen|the\s+same\s+as\s+(?:last\s+year|the\s+year\s+before"
                        r"|(?:in\s+)?the\s+previous\s+year|a\s+year\s+(?:ago|earlier)))\b",
                        re.IGNORECASE)


def changed_against_unchanged(claim: str, sentence: str) -> list[tuple[str, str]]:
    """(the claim's change, the sentence's no change) where the claim, not negated, says a thing changes and the
    sentence, not negated and with no word of change, says it stays as it is, holding most of the claim's other words:
    "Property tax will go up" / "Property tax stays at its current rate"; or the clause of the sentence that holds
    the words telling the claim's subject apart says so ("Maths results improved" / "… results improved …: 78% … in
    English, up from 71%, while maths stayed at 65%", Supported on every engine)."""
    from grounding.overclaim import holds_most
    change = _CHANGED.search(claim)
    if change is None or _NEGATION.search(claim) or _NEGATION.search(sentence):
        return []
    rest = _DEGREE.sub(" ", _CHANGED.sub(" ", claim))
    for said in [sentence] + _subject_clauses(claim, sentence):   # the whole, or the clause of the claim's subject
        same = _UNCHANGED.search(said)
        if same is not None and not _CHANGED.search(said) and holds_most(rest, sentence):
            return [(change.group(0), same.group(0) + ("%" if said[same.end():same.end() + 1] == "%" else ""))]
    return []


def _subject_clauses(claim: str, sentence: str) -> list[str]:
    """The clauses of the sentence (`_CLAUSES`) that write the words telling the claim's subject apart ("maths" of
    "Maths results improved": "… English, up from 71%, while maths stayed at 65%"), where it has such words."""
    from grounding.binding import claim_subject
    subject = claim_subject(claim)
    marks = subject[1] if subject else frozenset()
    if not marks:
        return []
    clauses = _CLAUSES.split(sentence)
    return [c for c in clauses if all(re.search(rf"\b{re.escape(m)}\b", c, re.IGNORECASE) for m in marks)]


# how much a thing changed, which a sentence saying it did not change has no word for ("rose sharply")
_DEGREE = re.compile(r"\b(?:sharply|slightly|steeply|significantly|dramatically|rapidly|strongly|substantially|markedly"
                     r"|considerably|greatly|quickly|slowly|steadily|a\s+little|a\s+lot)\b", re.IGNORECASE)


def _holds_rest(rest: str, sentence: str) -> bool:
    """Whether the sentence holds most of the claim's other words (overclaim.holds_most), or half of them and every
    name and number among them: "It is open on Sunday afternoons" against "It is closed on Sundays" (the sentence's
    day holds the claim's afternoons), not "The Leeds store is open on Sundays" against "The York store is closed on
    Sundays"."""
    from grounding.overclaim import _stem, _stems, holds_most
    if holds_most(rest, sentence):
        return True
    held = _stems(sentence)
    named = [w for i, w in enumerate(re.findall(r"[A-Za-z]+|\d[\d.,]*", rest)) if w[0].isdigit() or (i and w[0].isupper())]
    return holds_most(rest, sentence, 0.5) and all(_stem(w.lower()) in held for w in named)
