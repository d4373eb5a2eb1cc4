"""A difference the source says is none: "The effect was strongest in women" against "The association was similar in
men and women" (P(e) 0.41 on the claims engine: Partially supported on every engine). The claim compares a group
with others (a comparative or superlative, then "in", "among" or "for" and the group: "strongest in women", "more
common among children", "higher for smokers"); the sentence finds the groups alike ("similar in men and women", "no
difference between smokers and non-smokers", "did not differ between children and adults", "comparable in …").
The sentence answers the claim where the claim's group is one of the two it names alike (by the first five letters)
and the sentence names no difference of its own between them (no comparative of the claim's before its groups).
Groups may be named by their kind too: "The higher dose worked faster" against "Time to pain relief did not differ
between the two doses" (P(e) 0.27 read together on the context engines, which called it Supported).
Neither is read when negated ("was not strongest in women", "not similar"). Also a link to a better or worse
measure against none in it ("linked to better maths scores" / "no difference in maths scores", `_no_change_in`), and
the same time against a gap ("closes at the same time as the gym" / "closes 30 minutes before the gym",
`_gap_against_same`), and a difference in a measure against none ("fewer falls" / "no difference in the number of
falls", `_differs_where_none`), and more of a quality against equally so ("much tastier than" / "equally tasty",
`_equally`). The reversal rule
(reversal.reversals, overrides.reversal_override) turns such a claim Contradicted.
"""
from __future__ import annotations

import re

from grounding.reversal import _NEGATION as _NOT

_COMPARED = re.compile(
    r"\b(?P<word>(?:more|less|most|least)\s+[a-z]+|(?:high|low|great|strong|weak|larg|small|bett|wors|common|rar)"
    r"[a-z]*(?:er|est)|better|worse)\b[^.;:]{0,40}?\b(?:in|among|for)\s+(?:the\s+)?(?:[a-z]+\s+)??(?P<group>[a-z]{3,})\b",
    re.IGNORECASE)
_ALIKE = re.compile(
    r"\b(?P<word>similar|comparable|alike|the same|no (?:significant |statistically significant |clear )?differences?"
    r"|did not differ(?: significantly)?|were not different|was not different)\b[^.;:]{0,30}?"
    r"\b(?:in|among|between|for|across)\s+(?:the\s+)?(?P<a>[a-z-]{3,})\s+(?:and|or|versus|vs\.?)\s+(?:the\s+)?"
    r"(?P<b>[a-z-]{3,})\b", re.IGNORECASE)
# groups named by their kind: "did not differ between the two doses", "similar across all three arms"
_ALIKE_KIND = re.compile(
    r"\b(?P<word>similar|comparable|the same|no (?:significant |statistically significant |clear )?differences?"
    r"|did not differ(?: significantly)?|were not different|was not different)\b[^.;:]{0,30}?"
    r"\b(?:between|among|across|in|for)\s+(?:the\s+)?(?:two|both|all|three|the)\s+(?:\w+\s+)?(?P<kind>[a-z]{3,}s)\b",
    re.IGNORECASE)
_COMPARATIVE = re.compile(r"\b(?:faster|slower|sooner|later|better|worse|more|less|higher|lower|greater|stronger|weaker"
                          r"|longer|shorter|larger|smaller)\b", re.IGNORECASE)


def _stem(word: str) -> str:
    return word.lower()[:5]


def no_difference(claim: str, sentence: str) -> list[tuple[str, str]]:
    """(the claim's difference, the sentence's sameness) where the sentence finds the claim's group alike with
    another (see the module's text), as written; or the claim's thing alike with the standard the claim compares it
    with (`_alike_to`)."""
    out = _kinds_alike(claim, sentence) or _alike_to(claim, sentence) or _no_change_in(claim, sentence) \
        or _gap_against_same(claim, sentence) or _differs_where_none(claim, sentence) or _equally(claim, sentence)
    if out:
        return out
    alike = [m for m in _ALIKE.finditer(sentence)
             if not (m.group("word").lower().startswith(("similar", "comparable", "alike", "the same"))
                     and _NOT.search(sentence[max(0, m.start() - 20):m.start()]))]
    if not alike:
        return []
    for m in _COMPARED.finditer(claim):
        if _NOT.search(claim[max(0, m.start() - 20):m.start()]) or not _measured_alike(
                m.group("word").split()[-1] if " " in m.group("word") else "", sentence):
            continue
        group = _stem(m.group("group"))
        for same in alike:
            if group in (_stem(same.group("a")), _stem(same.group("b"))) \
                    and not _COMPARED.search(sentence[max(0, same.start() - 60):same.end()]):
                out.append((m.group(0), same.group(0)))
                break
    return out


_STD = r"(?:(?:at|in|on|for|with)\s+)?(?:that\s+of\s+|those\s+of\s+)?(?:the\s+|a\s+|an\s+)?(?P<std>(?:[a-z-]+\s+){0,3}[a-z-]+)"
_ALIKE_TO = re.compile(r"\b(?P<word>similar\s+to|comparable\s+(?:to|with)|equal\s+to|equivalent\s+to|identical\s+to"
                       r"|the\s+same\s+as|in\s+line\s+with|on\s+a\s+par\s+with)\s+" + _STD, re.IGNORECASE)
_THAN = re.compile(r"\b(?P<word>more|less|fewer|higher|lower|cheaper|dearer|bigger|smaller|larger|greater)"
                   r"(?P<graded>(?:\s+[a-z]+){0,3}?)\s+than\s+" + _STD, re.IGNORECASE)
_QUALIFIED = re.compile(r"\s+(?:in|for|on)\s+(?:terms\s+of\s+)?(?:the\s+)?(?P<what>[a-z]{3,})", re.IGNORECASE)
_STD_STOP = frozenset("in on at for of and or but to by with from since during which who as while when because "
                      "it is was were are".split())


def _standard(phrase: str) -> list[str]:
    words = []
    for w in phrase.lower().split():
        if w in _STD_STOP:
            break
        words.append(w[:5])
    return words


def _alike_to(claim: str, sentence: str) -> list[tuple[str, str]]:
    """The claim's thing compared with a standard ("They usually cost much less to run than a gas boiler") where the
    sentence finds its measure alike with that standard ("Running costs are usually similar to a modern gas boiler"):
    the claim's standard words all among the sentence's, its last the same, a word before "similar" sharing its
    first four letters with the claim's measure (the three words before "more", "less" or "fewer" and the words it
    grades: "costs" / "cost"), and no other measure named after the standard ("similar to the old one in size");
    neither negated."""
    out = []
    for same in _ALIKE_TO.finditer(sentence):
        if _NOT.search(sentence[max(0, same.start() - 20):same.start()]):
            continue
        theirs = _standard(same.group("std"))
        before = {w.lower()[:4] for w in re.findall(r"[A-Za-z]{4,}", sentence[:same.start()])}
        std_end = same.start("std") + len(" ".join(same.group("std").split()[:len(theirs)]))
        qualified = _QUALIFIED.match(sentence, std_end)
        for m in _THAN.finditer(claim):
            mine = _standard(m.group("std"))
            # the measure: the words just before the comparative and those it grades ("cost much less to run")
            measure = {w.lower()[:4] for w in re.findall(r"[A-Za-z]{4,}", " ".join(claim[:m.start()].split()[-3:])
                                                         + m.group("graded"))}
            if not mine or not theirs or _NOT.search(claim[max(0, m.start() - 20):m.start()]) \
                    or mine[-1] not in theirs \
                    or not set(mine) <= set(theirs) or not before & measure \
                    or qualified and qualified.group("what").lower()[:4] not in measure:
                continue
            out.append((claim[m.start():m.end()], sentence[same.start():same.end()]))
            break
    return out


_UNGRADED = frozenset("than often likely frequently common commonly rare rarely quickly slowly".split())


def _measured_alike(after: str, sentence: str) -> bool:
    """Whether what a comparative grades ("more infections": the noun right after it) is named in the sentence, by
    its first five letters; a comparative that grades no noun ("worked faster", "more often") is not checked."""
    graded = re.match(r"\s*([A-Za-z]{4,})", after)
    if graded is None or graded.group(1).lower() in _UNGRADED:
        return True
    return _stem(graded.group(1)) in {_stem(w) for w in re.findall(r"[A-Za-z]+", sentence)}


def _kinds_alike(claim: str, sentence: str) -> list[tuple[str, str]]:
    """One of a kind compared with the others ("The higher dose worked faster") where the sentence finds the kind's
    members alike ("Time to pain relief did not differ between the two doses"): the claim's comparative after the
    kind's noun, neither negated."""
    out = []
    for same in _ALIKE_KIND.finditer(sentence):
        kind = _stem(same.group("kind").removesuffix("s"))
        noun = re.search(rf"\b{re.escape(kind)}[a-z]*\b", claim, re.IGNORECASE)
        more = _COMPARATIVE.search(claim, noun.end()) if noun else None
        if more is None or _NOT.search(claim[max(0, more.start() - 20):more.start()]) \
                or _NOT.search(sentence[max(0, same.start() - 20):same.start()]):
            continue
        if not _measured_alike(claim[more.end():], sentence):
            continue    # "more infections" is not what "Serious side effects were … similar in both groups" measures
        than = re.search(r"\bthan\b(?P<rest>[^.;:]*)", claim[more.end():], re.IGNORECASE)
        if re.search(r"\b(?:both|either|each|all)\s+(?:\w+\s+)?$", claim[:noun.start()], re.IGNORECASE) \
                or (than and kind not in than.group("rest").lower() and "other" not in than.group("rest").lower()):
            continue    # the kind's members together, or against something else ("both doses … more than placebo")
        before = re.search(r"(?<![\w-])(?!(?:the|a|an|this|that)\s)([\w-]+)\s+$", claim[:noun.start()], re.IGNORECASE)
        out.append((claim[before.start() if before else noun.start():more.end()], same.group(0)))   # "higher dose …"
    return out


# a link to a change of a measure: "Eating breakfast was linked to better maths scores"
_LINKED = re.compile(r"\b(?:linked|associated|tied|related)\s+(?:to|with)\s+(?P<word>better|higher|lower|worse|improved|"
                     r"greater|more|less|fewer|reduced|increased|decreased)\s+(?P<measure>(?:[a-z-]+\s+){0,2}[a-z-]+)",
                     re.IGNORECASE)
# none in the measure: "there was no difference in maths scores", "no significant change in weight"
_NONE_IN = re.compile(r"\bno\s+(?:significant\s+|statistically\s+significant\s+|clear\s+|real\s+)?(?:difference|change|"
                      r"improvement|effect|link|association)s?\s+(?:in|on|for|with)\s+(?P<measure>(?:[a-z-]+\s+){0,2}"
                      r"[a-z-]+)", re.IGNORECASE)


def _no_change_in(claim: str, sentence: str) -> list[tuple[str, str]]:
    """(the claim's link, the sentence's none) where the claim links something to a change of a measure and the
    sentence finds none in it, the measure's words the same (by their first five letters): "Eating breakfast was
    linked to better maths scores" against "…, but there was no difference in maths scores" (Supported on every
    engine). Not a negated claim."""
    from grounding.overclaim import _stems
    found = _LINKED.search(claim)
    if found is None or _NOT.search(claim[:found.start()]):
        return []
    measure = _stems(found.group("measure"))
    for m in _NONE_IN.finditer(sentence):
        if measure and measure <= _stems(m.group("measure")):
            return [(found.group(0), m.group(0))]
    return []


# the same time as another thing: "The pool closes at the same time as the gym"
_SAME_TIME = re.compile(r"\b(?:at\s+)?the\s+same\s+time\s+as\s+(?:the\s+)?(?P<other>[a-z-]+)", re.IGNORECASE)
# a gap of time before or after it: "The pool closes 30 minutes before the gym"
_GAP = re.compile(r"\b(?P<gap>(?:\d+|[a-z]+|half\s+an?)\s+(?:minutes?|hours?|days?|weeks?)\s+(?:before|after|earlier\s+than|"
                  r"later\s+than))\s+(?:the\s+)?(?P<other>[a-z-]+)", re.IGNORECASE)


def _gap_against_same(claim: str, sentence: str) -> list[tuple[str, str]]:
    """(the claim's sameness, the sentence's gap) where the claim says a thing happens at the same time as another and
    the sentence gives a gap of time between them, the other thing the same word: "The pool closes at the same time
    as the gym" against "The pool closes 30 minutes before the gym" (Partially supported on every engine). Neither
    negated, and the claim's verb (its word before "at the same time") in the sentence."""
    from grounding.lists import NEGATION_WORD
    same = _SAME_TIME.search(claim)
    if same is None or NEGATION_WORD.search(claim) or NEGATION_WORD.search(sentence):
        return []
    verb = re.findall(r"[a-z]+", claim[:same.start()].lower())[-1:]
    for m in _GAP.finditer(sentence):
        if _stem(m.group("other")) == _stem(same.group("other")) and verb \
                and re.search(rf"\b{re.escape(verb[0][:4])}", sentence, re.IGNORECASE):
            return [(same.group(0).strip(), m.group(0).strip())]
    return []


# the claim's difference in a measure: "fewer falls", "more worker bees died", "weight gain"
_DIFFERS = re.compile(r"\b(?P<word>fewer|more|less|higher|lower|greater|bigger|smaller)\s+(?P<measure>(?:[a-z-]+\s+){0,2}?"
                      r"[a-z-]+)(?=\s+(?:than|in|among|for|each|per|with|near|next|on|at|from|after)\b|[,.;:]|$)"
                      r"|\b(?P<measure2>[a-z-]+)\s+(?P<word2>gain|loss|rise|increase|drop|fall|reduction)\b", re.IGNORECASE)
# the source's none: "no difference in the number of falls …", "the number of trips … was similar", "Body weight did
# not change in either group"
_NONE_OF = re.compile(r"\bno\s+(?:significant\s+|statistically\s+significant\s+|clear\s+|real\s+)?differences?\s+in\s+"
                      r"(?P<a>[^,.;:]+?)(?=\s+between\b|\s+in\s+either\b|[,.;:]|$)"
                      r"|(?:^|[,;]\s*(?:although|but|while|and)?\s*|\b(?:although|but|while)\s+)(?P<b>[^,.;:]+?)\s+(?:was|were|"
                      r"remained|stayed)\s+(?:similar|unchanged|the\s+same)\b|(?P<c>\b[^,.;:]+?)\s+did\s+not\s+change\b",
                      re.IGNORECASE)


def _differs_where_none(claim: str, sentence: str) -> list[tuple[str, str]]:
    """(the claim's difference, the sentence's none) where the claim says a measure differed ("Residents given vitamin
    D had fewer falls", "More worker bees died", "led to weight gain") and the sentence finds no difference in it or
    none changed ("There was also no difference in the number of falls … between the two groups", "the number of trips
    they made each day was similar", "Body weight did not change in either group"): the claim's measure word (the last
    word before "than", "in", … after the comparative; the word before "gain") in the sentence's measure, by its first
    four letters ("less anxious" / "no difference in anxiety"). Neither negated (Supported on every engine, read together)."""
    from grounding.ellipsis import _short
    from grounding.lists import DENIAL
    if DENIAL.search(claim):
        return []
    for m in _DIFFERS.finditer(claim):
        said = (m.group("measure") or m.group("measure2")).split()
        word, quals = _short(said[-1]), _short(" ".join(said[:-1]))    # "anxious" and "anxiety"; "reading scores"
        for n in _NONE_OF.finditer(sentence):
            measure = n.group("a") or n.group("b") or n.group("c")
            before = re.search(rf"(\w+)\s+{re.escape(said[-1][:4])}\w*", measure, re.IGNORECASE)
            other = _short(before.group(1)) - quals if before else set()   # "maths scores" is another measure
            if word and word <= _short(measure) and not (quals and other) and not DENIAL.search(measure):
                return [(m.group(0), n.group(0).strip(" ,;"))]
    return []


_MORE_ADJ = re.compile(r"\b(?:(?:much|far|a\s+lot|slightly|even)\s+)?(?:more\s+(?P<adj>[a-z]{3,})|(?P<er>[a-z]{3,}?)(?:ier|er))"
                       r"\s+than\b", re.IGNORECASE)
_EQUALLY = re.compile(r"\bequally\s+(?P<adj>[a-z]{3,})|\bas\s+(?P<adj2>[a-z]{3,})\s+as\s+each\s+other\b", re.IGNORECASE)


def _equally(claim: str, sentence: str) -> list[tuple[str, str]]:
    """(the claim's comparison, the sentence's "equally …") where the claim finds one thing more of a quality than
    another and the sentence both equally so, one adjective (by its first four letters) and a word of the claim's
    besides: "Participants found the unprocessed diet much tastier than the ultra-processed one" against
    "Participants rated both diets as equally tasty" (Unsupported on every engine). Neither negated."""
    from grounding.lists import DENIAL
    from grounding.overclaim import _stems
    if DENIAL.search(claim) or DENIAL.search(sentence):
        return []
    for m in _MORE_ADJ.finditer(claim):
        quality = (m.group("adj") or m.group("er")).lower()[:4]
        rest = _stems(claim[:m.start()] + " " + claim[m.end():])
        for e in _EQUALLY.finditer(sentence):
            if (e.group("adj") or e.group("adj2")).lower()[:4] == quality and rest & _stems(sentence):
                return [(m.group(0), e.group(0))]
    return []

