"""Words of opposite sense that the other of two states (negate.other_state) reads beside its fixed pairs: the other
grade of a noun ("severe asthma" / "mild asthma"), a disruption against running as normal ("Trains were cancelled" /
"… but trains ran normally"), a word against its "un-" or "non-" form ("heated" / "unheated"), a switch the other way
("turn on" / "turn off"), with food against without ("with food" / "on an empty stomach"), and only some against all
("Only some rooms have sea views" / "64 rooms, all with sea views").
"""
from __future__ import annotations

import re

from grounding.negate import _ANTONYMS, _NEGATION


_DISRUPTED = re.compile(r"\b(?:cancelled|canceled|delayed|disrupted|suspended|postponed|closed|stopped|halted)\b", re.I)
_NORMAL = r"(?:ran|run|runs|running|operated|operating|operate|opened|open|opens|went\s+ahead|worked|working|continued)"
_AS_NORMAL = re.compile(rf"\b{_NORMAL}\s+(?:normally|as\s+(?:normal|usual)|as\s+planned|on\s+time)\b", re.IGNORECASE)


def as_normal(claim: str, sentence: str) -> list[tuple[str, str]]:
    """(the claim's disruption, the sentence's "ran normally") where the claim, not negated, says its subject was
    cancelled, delayed, closed, … and the sentence says that subject ran, opened or went ahead as normal: "Trains were
    cancelled" against "Two ferry crossings were cancelled, but trains ran normally" (Supported on every engine, the
    model reading the ferries' "cancelled" for the trains')."""
    from grounding.binding import claim_subject
    hit, subject = _DISRUPTED.search(claim), claim_subject(claim)
    if hit is None or subject is None or _NEGATION.search(claim):
        return []
    words = {w.lower() for w in re.findall(r"[A-Za-z]+", sentence)}
    if _ANTONYMS.get(hit.group(0).lower(), frozenset()) & words:
        return []       # "closed" / "opened as normal": the other of two states says it already
    head = subject[0][:max(3, len(subject[0]) - 2)]
    for m in _AS_NORMAL.finditer(sentence):
        before = sentence[max(0, m.start() - 40):m.start()]
        if re.search(rf"\b{re.escape(head)}\w*\s+(?:\w+\s+){{0,2}}$", before, re.IGNORECASE) \
                and not _NEGATION.search(before[-15:]):
            return [(hit.group(0), m.group(0))]
    return []


# grades of one thing that exclude each other, said right before its noun ("severe asthma" / "mild asthma")
_GRADES = (("mild", "severe"), ("acute", "chronic"), ("benign", "malignant"), ("temporary", "permanent"),
           ("part-time", "full-time"))
_OTHER_GRADE = {a: b for a, b in _GRADES} | {b: a for a, b in _GRADES}
_GRADE = re.compile(r"\b(" + "|".join(_OTHER_GRADE) + r")\s+([a-z]{4,})\b", re.IGNORECASE)


def other_grade(claim: str, sentence: str) -> list[tuple[str, str]]:
    """(the claim's graded noun, the sentence's) where the sentence, not negated, gives the claim's noun only the
    other grade: "Participants had severe asthma" against "… 412 adults with mild asthma were …" (Supported on every
    engine, P(e) 0.9). A range of grades ("mild to severe asthma") writes the claim's own."""
    from grounding.overclaim import _stems, holds_most   # not "Part-time staff can buy … extra days of holiday" /
    if _NEGATION.search(sentence) or _NEGATION.search(claim):   # "Full-time staff are entitled to 22 days' … holiday"
        return []
    out = []
    for m in _GRADE.finditer(claim):
        grade, noun = m.group(1).lower(), m.group(2).lower()
        own = re.compile(rf"\b{grade}\b", re.IGNORECASE)
        other = re.search(rf"\b{_OTHER_GRADE[grade]}\s+{re.escape(noun[:-1])}\w*", sentence, re.IGNORECASE)
        rest = claim[:m.start()] + " " + claim[m.end():]     # what a longer claim says of them, said there too:
        if other and not own.search(sentence) and (len(_stems(rest)) <= 2 or holds_most(rest, sentence, 2 / 3)):
            out.append((m.group(0), other.group(0)))
    return out


def un_prefixed(claim: str, sentence: str) -> list[tuple[str, str]]:
    """(the claim's word, the sentence's) where one says a word and the other only its "un-" or "non-" form, negated
    alike, the sentence holding most of the claim's other words: "The pool is heated" against "The pool is unheated,
    so the water is usually between 18 and 22 degrees" (Supported on every engine). Not where the claim's word is one
    of the fixed pairs' (negate._ANTONYMS) or says what can be done ("refundable": negate._able_or_not)."""
    from grounding.overclaim import holds_most
    if bool(_NEGATION.search(claim)) != bool(_NEGATION.search(sentence)):
        return []
    theirs = {w.lower() for w in re.findall(r"[A-Za-z][A-Za-z-]+", sentence)}
    ours = {w.lower() for w in re.findall(r"[A-Za-z][A-Za-z-]+", claim)}
    for m in re.finditer(r"[A-Za-z][A-Za-z-]+", claim):
        word = m.group(0).lower()
        bare = re.sub(r"^(?:un|non-)", "", word)
        others = {f"un{word}", f"non-{word}"} if bare == word else {bare}
        # not where the claim says both ("Surgical treatment is not superior to non-surgical treatment")
        if len(bare) < 5 or word in theirs or not others & theirs or word in _ANTONYMS or bare.endswith("able") \
                or others & ours:
            continue
        other = sorted(others & theirs)[0]
        at = re.search(rf"(?<![\w-]){re.escape(other)}(?![\w-])", sentence, re.IGNORECASE)
        if at is not None and _negated_at(claim, m.start()) != _negated_at(sentence, at.start()):
            continue     # "… but treated timber … cannot [be burned]" / "untreated plant material … may be burned"
        if holds_most(claim[:m.start()] + " " + claim[m.end():], sentence):
            return [(m.group(0), other)]
    return []


def _negated_at(text: str, start: int) -> bool:
    """Whether the verb a word at `start` hangs from (through its noun) is negated: "treated" in "… but treated timber
    and old carpet cannot", not "untreated" in "untreated plant material that cannot be composted may be burned"."""
    from grounding.decompose import parse
    token = next((t for t in parse(text) if t.idx <= start < t.idx + len(t.text)), None)
    while token is not None and token.dep_ in ("amod", "compound") and token.head is not token:
        token = token.head         # "treated" of "treated timber"
    while token is not None and token.pos_ not in ("VERB", "AUX") and token.head is not token:
        token = token.head
    return token is not None and any(c.dep_ == "neg" for c in token.children)


# a switch the other way: "turn on" / "turn off", "switch on" / "switch off", "log in" / "log out"
_SWITCH = re.compile(r"\b(?P<verb>turn|turns|turned|turning|switch|switches|switched|switching|power|powers|powered|"
                     r"powering|log|logs|logged|logging|sign|signs|signed|signing)\s+(?P<way>on|off|in|out)\b",
                     re.IGNORECASE)
_OTHER_WAY = {"on": "off", "off": "on", "in": "out", "out": "in"}


def other_way(claim: str, sentence: str) -> list[tuple[str, str]]:
    """(the claim's switch, the sentence's) where the sentence, negated alike, switches the claim's verb only the other
    way and holds most of the claim's other words: "The switch may fail to turn on" against "The switch can fail to
    turn off, which may cause overheating" (Supported on every engine, P(e) 0.88). "on" / "off" only after a verb of
    switching ("turn", "switch", "power"), "in" / "out" after "log" or "sign"."""
    from grounding.overclaim import holds_most
    if bool(_NEGATION.search(claim)) != bool(_NEGATION.search(sentence)):
        return []
    theirs = [(m.group("verb").lower()[:3], m.group("way").lower(), m.group(0)) for m in _SWITCH.finditer(sentence)]
    for m in _SWITCH.finditer(claim):
        verb, way = m.group("verb").lower()[:3], m.group("way").lower()
        if (verb in ("log", "sig")) != (way in ("in", "out")):
            continue
        same = [t for v, w, t in theirs if v == verb and w == way]
        other = [t for v, w, t in theirs if v == verb and w == _OTHER_WAY[way]]
        if other and not same and holds_most(claim[:m.start()] + " " + claim[m.end():], sentence):
            return [(m.group(0), other[0])]
    return []


# with food against without it: "Take with food" / "Take on an empty stomach"
_FED = re.compile(r"\b(?:with|after)\s+(?:food|meals?|a\s+meal|eating)\b", re.IGNORECASE)
_FASTED = re.compile(r"\bon\s+an\s+empty\s+stomach\b|\bwithout\s+food\b|\bbefore\s+(?:food|meals?|a\s+meal|eating)\b",
                     re.IGNORECASE)


def fed_or_fasted(claim: str, sentence: str) -> list[tuple[str, str]]:
    """(the claim's words, the sentence's) where one says to take a thing with food and the other without ("on an
    empty stomach", "before meals"), negated alike, the sentence never the claim's way and holding most of the claim's
    other words: "The tablets should be taken on an empty stomach" against "Tablets should be taken twice a day with
    food" (Unsupported on every engine)."""
    from grounding.overclaim import holds_most
    if bool(_NEGATION.search(claim)) != bool(_NEGATION.search(sentence)):
        return []
    for own, other in ((_FED, _FASTED), (_FASTED, _FED)):
        m, theirs = own.search(claim), other.search(sentence)
        if m and theirs and not own.search(sentence) and holds_most(claim[:m.start()] + " " + claim[m.end():],
                                                                      sentence):
            return [(m.group(0), theirs.group(0))]
    return []


# some against all: "Only some rooms have sea views" / "The hotel has 64 rooms, all with sea views"
_SOME = re.compile(r"\b(?:only\s+some|not\s+all|only\s+a\s+few|only\s+part)\s+(?:of\s+)?(?:the\s+|its\s+|their\s+)?"
                   r"(?P<noun>[a-z]{3,})", re.IGNORECASE)


def some_of_all(claim: str, sentence: str) -> list[tuple[str, str]]:
    """(the claim's words, the sentence's) where the claim says only some of a thing ("only some", "not all", "only a
    few") and the sentence says it of all of them ("all 64 rooms", "64 rooms, all with …", "every room"), holding most
    of the claim's other words: "Only some rooms have sea views" against "The hotel has 64 rooms, all with sea views"
    (Supported on the context engine, P(e) 0.86); or the other way round (`_all_of_some`)."""
    from grounding.overclaim import holds_most
    m = _SOME.search(claim)
    if m is None:
        return _all_of_some(claim, sentence)
    noun = m.group("noun").lower()
    stem = re.escape(noun[:max(3, len(noun) - 2)])
    said = re.search(rf"\ball\s+(?:of\s+)?(?:the\s+|its\s+|their\s+)?(?:\d[\d,]*\s+)?{stem}\w*|\b{stem}\w*,\s+all\s+"
                     rf"(?:with|of|have|are|had|were)\b|\bevery\s+{stem}\w*", sentence, re.IGNORECASE)
    if said is None or not holds_most(claim[:m.start()] + " " + noun + " " + claim[m.end():], sentence):
        return []
    return [(m.group(0), said.group(0))]


_ALL = re.compile(r"\b(?:all|every|each)\s+(?:of\s+)?(?:the\s+|its\s+|their\s+)?(?:\d[\d,]*\s+)?(?P<noun>[a-z]{3,})",
                  re.IGNORECASE)
_PART = r"(?:half|some|most|many|a\s+few|few|one|two|three|four|five|a\s+third|a\s+quarter|\d[\d,]*)"


def _all_of_some(claim: str, sentence: str) -> list[tuple[str, str]]:
    """(the claim's "All 48 farms", the sentence's "half of which") where the claim says a thing of all of them and
    the sentence counts only a part of them that it holds for ("48 farms in East Anglia, half of which had sown
    wildflower strips": "All 48 farms in the study had sown wildflower strips" was Supported on every engine), the
    sentence holding most of the claim's other words; neither negated."""
    from grounding.lists import DENIAL
    from grounding.overclaim import holds_most
    m = _ALL.search(claim)
    if m is None or DENIAL.search(claim) or DENIAL.search(sentence):
        return []
    noun = m.group("noun").lower()
    stem = re.escape(noun[:max(3, len(noun) - 2)])
    said = re.search(rf"\b{stem}\w*\b[^.;:]{{0,40}}?,?\s+(?P<part>{_PART})\s+of\s+(?:which|whom|them)\b", sentence,
                     re.IGNORECASE)
    if said is None:
        return []
    # what the claim says of them is what the part's clause says: "had sown wildflower strips" (not "were in East
    # Anglia", which the sentence says of all 48)
    if not holds_most(claim[m.end():], re.split(r"[,.;:]", sentence[said.end():], maxsplit=1)[0], share=0.5):
        return []
    return [(m.group(0), said.group(0)[said.start("part") - said.start():])]


# shutting against staying open: "The gym will also close" / "The gym and classes will stay open as normal"
_SHUTS = re.compile(r"\b(?:will|would|to|must|may|should|could)\s+(?:also\s+|now\s+|then\s+)?(?:close|shut)\b"
                    r"(?!\s+(?:at|by|early|earlier|later|until|till|from)\b)", re.IGNORECASE)   # not an hour
_STAYS_OPEN = re.compile(r"\b(?:will|to|would)\s+(?:stay|remain|be\s+kept|keep)\s+open\b|\b(?:stays|remains)\s+open\b",
                         re.IGNORECASE)
# stopping against going on: "The paper will still be printed on Fridays" / "… will stop printing on Fridays"
_STOPS = re.compile(r"\b(?:stop|stops|cease|ceases|end|ends)\s+(?P<verb>[a-z]{3,}?)(?:ing)\b", re.IGNORECASE)
_GOES_ON = re.compile(r"\b(?:still\s+(?:be\s+)?|continue\s+to\s+(?:be\s+)?|keep\s+(?:on\s+)?)(?P<verb>[a-z]{3,})",
                      re.IGNORECASE)


def shut_or_open(claim: str, sentence: str) -> list[tuple[str, str]]:
    """(the claim's words, the sentence's) where one says a thing will close and the other that it stays open (not a
    closing hour: "closes at 10 pm"), or one that it stops doing a thing and the other that it still does it, neither
    negated, the sentence holding half of the claim's other words at least: "The gym will also close" against "The gym
    and classes will stay open as normal" (Supported on every engine), "The paper will still be printed on Fridays"
    against "The local newspaper will stop printing on Fridays" (Supported on two engines)."""
    from grounding.overclaim import holds_most
    if _NEGATION.search(claim) or _NEGATION.search(sentence):
        return []
    # not where the sentence says both: "will close to vehicles … but will remain open to pedestrians"
    for own, other in ((_SHUTS, _STAYS_OPEN), (_STAYS_OPEN, _SHUTS)):
        m, theirs = own.search(claim), other.search(sentence)
        if m and theirs and not own.search(sentence) \
                and holds_most(claim[:m.start()] + " " + claim[m.end():], sentence, share=0.5):
            return [(m.group(0), theirs.group(0))]
    for own, other in ((_STOPS, _GOES_ON), (_GOES_ON, _STOPS)):
        m, theirs = own.search(claim), other.search(sentence)
        if m and theirs and not own.search(sentence) \
                and m.group("verb").lower()[:4] == theirs.group("verb").lower()[:4] \
                and holds_most(claim[:m.start()] + " " + claim[m.end():], sentence, share=0.5):
            return [(m.group(0), theirs.group(0))]
    return []


_BUT_NOT = re.compile(r",?\s+(?:but|and)\s+not\s+(?:the\s+|a\s+|an\s+)?(?P<what>[a-z][a-z -]*?)\s*(?=[.,;]|$)",
                      re.IGNORECASE)


def but_not(claim: str, sentence: str) -> list[tuple[str, str]]:
    """(the claim's thing, the sentence's "but not …") where the sentence says its verb of some things "but not" the
    claim's ("They will serve breakfast and lunch, but not dinner"), the claim, not negated, says it of that thing
    ("The café will serve dinner": Supported on every engine, read with two other sentences), and the words before
    "but not" hold half of the claim's other words at least."""
    from grounding.overclaim import _stems, holds_most
    m = _BUT_NOT.search(sentence)
    if m is None or _NEGATION.search(claim):
        return []
    what = _stems(m.group("what"))
    found = re.search(rf"\b{re.escape(m.group('what'))}\b", claim, re.IGNORECASE)
    if not what or found is None or not holds_most(claim[:found.start()] + " " + claim[found.end():],
                                                   sentence[:m.start()], share=0.5):
        return []
    return [(found.group(0), m.group(0).strip(" ,"))]


# adverbs and phrases (the adjectives "permanent" / "temporary" are a fixed pair of negate._ANTONYMS)
_FOR_GOOD = re.compile(r"\b(?:permanently|for\s+good|forever|for\s+ever)\b", re.IGNORECASE)
_FOR_NOW = re.compile(r"\b(?:temporarily|for\s+now|for\s+the\s+time\s+being|will\s+(?:return|be\s+back|reopen|"
                      r"resume|come\s+back)|(?:is|are)\s+(?:due|expected|set)\s+to\s+(?:return|reopen|resume))\b",
                      re.IGNORECASE)


def for_good_or_now(claim: str, sentence: str) -> list[tuple[str, str]]:
    """(the claim's, the sentence's) where one says a change is for good and the other that it is for a while, the
    sentence holding most of the claim's other words: "Sausage rolls have been permanently dropped from the menu"
    against "The bakery's famous sausage rolls have been removed from the menu, though they will return in the
    winter" (Unsupported on two engines); "The pool is temporarily closed" against "The pool has closed permanently"."""
    from grounding.overclaim import holds_most
    for ours, theirs in ((_FOR_GOOD, _FOR_NOW), (_FOR_NOW, _FOR_GOOD)):
        mine, other = ours.search(claim), theirs.search(sentence)
        if mine and other and not ours.search(sentence) \
                and holds_most(claim[:mine.start()] + " " + claim[mine.end():], sentence):
            return [(mine.group(0), other.group(0))]
    return []


_BANNED = re.compile(r"\b(?P<noun>[a-z-]{3,})\s+(?:is|are)\s+(?:now\s+|strictly\s+)?(?:banned|prohibited|forbidden|not\s+"
                     r"allowed|not\s+permitted)\b", re.IGNORECASE)
_PERMITS = re.compile(r"\b(?:may|can|are\s+allowed\s+to|is\s+allowed\s+to|are\s+permitted\s+to)\b", re.IGNORECASE)


def banned_use(claim: str, sentence: str) -> list[tuple[str, str]]:
    """(the claim's permission, the sentence's ban) where the claim lets its subject do something with a thing the
    sentence bans by name: "Tenants may water their plots with a hosepipe" against "Hosepipes are banned; water must be
    taken from the site troughs in cans" (Supported on the context engines). The thing by its first five letters,
    the claim not negated."""
    from grounding.lists import DENIAL
    allowed = _PERMITS.search(claim)
    if allowed is None or DENIAL.search(claim):
        return []
    from grounding.overclaim import _stems
    words = _stems(claim[allowed.end():])
    for m in _BANNED.finditer(sentence):
        if _stems(m.group("noun")) <= words and _stems(m.group("noun")):
            return [(allowed.group(0), m.group(0))]
    return []

