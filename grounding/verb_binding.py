"""The claim's value said with another verb: "The bridge opened in 2015" against "The bridge opened in 1998 and was
renovated in 2015" ("the source gives 1998 for "opened"; 2015 goes with "renovated""), one of the forms of a value
bound to another thing (grounding.binding; the verdict rule, overrides.binding_override, calls it "said with another
verb"). A claim whose value's verb has a pronoun for subject, or no subject under a main verb that has one ("It …
charges faster, needing 29 minutes"), says nothing of whose value the sentence's names give (`pronoun_subject`, which
grounding.durations asks too); a verb joined by "and" takes its subject from the first ("the Cito manages 60 kW and
needs 35 minutes").
"""
from __future__ import annotations

import functools
import re

from grounding.binding import MAX_VALUES, Misbinding, _may_bind, _values
from grounding.invisible import judged_text
from grounding.values import values_agree

# a subject that names nothing of its own: "They last 45 minutes" after "Free highlights tours leave …" speaks of the
# tours ("The highlights tours last an hour and a half" had been Supported on every engine)
PRONOUNS = frozenset("it they this these those he she we you one".split())

# verbs that say who said or saw a value, not what it is of ("reported 88%", "found a rate of 46.9%")
_NOT_PREDICATES = frozenset("""_ be have report find show observe say state note estimate suggest indicate reveal
demonstrate describe record measure see give""".split()) | {""}


# words that set a value apart from the verb: "runs … except for the bank holiday on 25 August"
_EXCEPT = re.compile(r"\b(?:except(?:\s+for)?|apart\s+from|other\s+than|excluding|but\s+not)\b[^,;.]*$", re.I)


@functools.lru_cache(maxsize=4096)

def misbound_verbs(claim: str, sentence: str) -> tuple[Misbinding, ...]:
    """The claim's value the sentence gives only for another verb, while it gives another value of that kind and
    unit for the claim's verb: "The bridge opened in 2015" against "The bridge opened in 1998 and was renovated in
    2015" ("the source gives 1998 for "opened"; 2015 goes with "renovated""). The verb is the one governing the value
    in the parse (entities._what_it_measures), never "be" or "have"; a sentence is parsed only when it states one of the
    claim's values beside another of its kind. Verbs that only say who said or saw a value ("report", "find",
    "show", ...: _NOT_PREDICATES) bind nothing."""
    from grounding.decompose import parse
    from grounding.values import _value_token, _what_it_measures, governor
    claim, sentence = judged_text(claim), judged_text(sentence)
    values = _values(claim)
    if not values or not _may_bind(values, sentence):
        return ()
    theirs = _values(sentence)
    keys = {(v.kind, v.key) for v in values}
    out = []
    for c in values:
        same = [v for v in theirs if (v.kind, v.key, v.unit) == (c.kind, c.key, c.unit)]
        other = [v for v in theirs if v.kind == c.kind and v.unit == c.unit and (v.kind, v.key) not in keys
                 and not values_agree(claim, c.mention, sentence, v.mention)]
        if not same or not other or len([v for v in theirs if v.kind == c.kind]) > MAX_VALUES:
            continue
        token = _value_token(parse(claim), c.mention.surface)
        verb = _verb(token) if token is not None else ""
        if verb in _NOT_PREDICATES or _EXCEPT.search(claim[max(0, c.mention.start - 40):c.mention.start]):
            continue      # a value set apart from the verb ("runs … except for the bank holiday on 25 August")
        subject = _subject_words(token) or (PRONOUNS if pronoun_subject(claim, frozenset()) else frozenset())
        doc = parse(sentence)
        tokens = {v.start: t for v in same + other
                  if (t := next((x for x in doc if x.idx <= v.start < x.idx + len(x.text)), None)) is not None}
        verb_of = {start: _verb(t) for start, t in tokens.items()}
        said = [verb_of.get(v.start, "") for v in same]
        # the claim's verb with the claim's subject, where both name one (a word of it): "Children … should do … 60
        # minutes" is not what "Adults should do at least 150 minutes" says
        given = [v for v in other if verb_of.get(v.start) == verb and v.start in tokens
                 and (not subject or not (words := _subject_words(tokens[v.start], joined=True)) or subject & words)
                 and governor(tokens[v.start]).dep_ != "acl"]   # not a kind of thing: "flights delayed by … four hours"
        if given and all(w not in _NOT_PREDICATES and w != verb and not _one_deed(verb, w, claim) for w in said):
            word = next(t.text for t in parse(claim) if t.lemma_.lower() == verb)
            their = next(t.text for t in doc if t.lemma_.lower() == said[0])
            out.append(Misbinding(c.surface, word, given[0].surface, their))
    return tuple(out)


def pronoun_subject(claim: str, subject: frozenset) -> bool:
    """Whether a length's verb, or the claim's main verb where its own has none ("It charges faster, needing 29
    minutes"), has a pronoun for subject: whose length it is, the sentence's names decide."""
    from grounding.decompose import parse
    return not subject - PRONOUNS if subject else any(
        t.dep_ == "nsubj" and t.head.dep_ == "ROOT" and t.lower_ in PRONOUNS for t in parse(claim))


def _one_deed(verb: str, other: str, claim: str) -> bool:
    """Whether the sentence's `other` verb says what the claim's `verb` does: both of a rise or both of a fall
    ("Revenue grew by 12%" / "Total revenue rose 12%", negate._RISE), or the claim names it too ("payment is made …
    within five working days" / "we will pay … within five working days")."""
    from grounding.negate import _FALL, _RISE
    return {verb, other} <= _RISE or {verb, other} <= _FALL or len(other) >= 3 and re.search(
        rf"\b{re.escape(other)}", claim, re.IGNORECASE) is not None


def _subject_words(token, joined: bool = False) -> frozenset:
    """The lemmas of the subject of the verb governing a value's token, with the nouns compounded with it ("Ferry
    services" and "All ferry crossings" share "ferry"; "Children" and "Adults" share nothing); empty without one. With
    `joined`, a verb joined by "and" has the first one's ("the Cito manages 60 kW and needs 35 minutes"); a length's
    verb does not (grounding.durations: "… is held on contactless payments and released within three working days",
    whose parse made "pre" of "pre-authorisation" the subject)."""
    from grounding.values import governor
    verb = governor(token)
    found = next((c for c in verb.children if c.dep_ in ("nsubj", "nsubjpass", "csubj")), None)
    if found is None and joined and verb.dep_ == "conj":   # "the Cito manages 60 kW and needs 35 minutes": the Cito's
        found = next((c for c in verb.head.children if c.dep_ in ("nsubj", "nsubjpass")), None)
    if found is None or token in found.subtree:     # a clause as subject too: "Using the phone abroad costs …"
        return frozenset()
    if verb.dep_ == "relcl" and found.lower_ in ("which", "that", "who"):   # "The airport, which handled …": the
        found = verb.head                                                    # airport
    return frozenset(t.lemma_.lower() for t in [found] + [c for c in found.children if c.dep_ == "compound"])


def _verb(token) -> str:
    """The lemma of the verb governing a value's token (entities._what_it_measures); "" for a capitalised word, which
    the parse takes for a verb inside a title ("the album I Stand With You (1988)")."""
    from grounding.values import _what_it_measures, governor
    return "" if governor(token).text[:1].isupper() else _what_it_measures(token)[0]

