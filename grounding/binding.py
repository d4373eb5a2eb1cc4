"""Said of another subject: a sentence that gives the claim's value, but for another named subject, and another
value for the claim's own. The entailment model reads such a pair by its shared words and calls it support: "The
London office closes at 6 pm" against "The office in Leeds closes at 6 pm; the London office is open until 8 pm"
(P(e) 0.96), "Drug B lowered systolic pressure by 12 mmHg" against "drug A lowered systolic pressure by 12 mmHg,
while drug B lowered it by 5 mmHg" (0.94). Values swapped between two named things are a common error of generated
answers, and the quantity rule (learned.quantity_conflicts) leaves them alone: the sentence states the claim's value,
so which of its values answers which is unknown to it.

Here the words say which: the sentence (or the sentences read together) is cut into clauses, each built around its
values (cut at ";", ",", dashes, brackets, "while", "whereas", "but", "and", "versus", "compared with/to" and
sentence ends; a piece without a value joins the next). A clause's names are its named entities (entities.mentions;
none with a number of its own: "UI 15-28"), its letter designators ("drug B", "group A") and the capitalised words
inside a sentence the entity recogniser did not call entities; no parse is needed. The claim's value is "said of
another subject" when
- a value's subject is the name nearest before it in its clause (else the nearest after it there), in the claim as in
  the sentence: "The office in Leeds closes at 6 pm" says 6 pm of Leeds;
- the sentence says the claim's value (same kind, and for a bare number the same unit word) only of names the claim
  does not hold, at least one of the same kind as the claim's subject (two names, or two designators of one noun:
  "drug A" and "drug B"), and the claim's subject appears in none of those clauses;
- and it says another value of that kind and unit of the claim's subject, one that is not also among the claim's
  values and cannot also be true (values.values_agree: not "about 12").
"Respectively" leaves a sentence alone (its values pair with its names by order), and so do a sentence with more
than MAX_VALUES values of the kind (statistics: estimates with their intervals) and a claim without a name. The
verdict rule (overrides.binding_override) turns such a claim Contradicted and says which value the source gives for
which subject. It reads two more forms the same way (grounding.verb_binding a third: the value said with another
verb, "The bridge opened in 2015" against "… opened in 1998 and was renovated in 2015"): of another kind of the claim's thing
(`misbound_kinds`: "The higher rate is 45%" against "The higher rate of 40% applies …, and the additional rate of
45% above that") and for another case (grounding.qualifiers: "£50 when booked online" against "£35 … when booked
online, or £50 at the airport").
"""
from __future__ import annotations

import functools
import re
from typing import NamedTuple

from grounding.entities import Mention, mentions, occurrences
from grounding.ranges import in_range
from grounding.values import values_agree
from grounding.invisible import judged_text
from grounding.units import UNIT

_CUT = re.compile(r";|,|[()]|\s[—–-]\s|—|\b(?:while|whereas|but|and|versus|vs\.?|compared (?:with|to))\b", re.IGNORECASE)
_SENTENCE = re.compile(r".+?(?:[.!?](?=\s+[A-Z(\d])|$)", re.DOTALL)
# a capital letter naming one of several things ("drug B", "Group A", "arm C"), not the article "A"
_DESIGNATOR = re.compile(r"(?<=[A-Za-z]{3} )([A-Z])(?![\w'-])")
_NOT_BEFORE_DESIGNATOR = frozenset("of in at for to and or with as is was be by from on that than what into are were "
                                   "has had have the".split())
# a capitalised word that does not open its sentence or clause (a name the entity recogniser missed)
_CAPITALISED = re.compile(r"(?<=[a-z,;] )[A-Z][a-z]+(?:[A-Z][a-z]+)*\b")
# a group of a study by what it was given or has, after its people or its value: "14% of patients on glucorin and 5% on
# placebo", "those taking metformin", "in the placebo group"
_ARM = re.compile(r"(?:\d%?|\b(?:patients|participants|people|those|subjects|adults|children|women|men|users|volunteers"
                  r"|individuals|mice|rats))\s+(?:on|taking|receiving|given|with)\s+(?:the\s+)?(?P<arm>[a-z][a-z0-9-]{2,})\b"
                  r"|\bin\s+the\s+(?P<group>[a-z][a-z0-9-]{2,})\s+(?:group|arm)\b")
_NOT_ARMS = frozenset("""average top time behalf board site day days week weeks month months year years this that these
those their its his her which whom both all each either other others same such most some many more less than one two
three four five six ten hundreds dozens respect regard weekday weekdays weekend weekends request demand arrival
purpose foot sale display""".split()) | {d + "day" + s for d in "mon tues wednes thurs fri satur sun".split() for s in ("", "s")}
MAX_VALUES = 4      # values of the claim's kind in a sentence the rule still reads
_LIFE = re.compile(r"\((?:born|died|b\.|d\.)\s*$", re.IGNORECASE)   # a year of a life, no value of a deed


class Misbinding(NamedTuple):
    claim_value: str     # the claim's value, as written (with its unit word for a bare number)
    claim_name: str      # the claim's subject, as written in the claim
    their_value: str     # the value the source gives for it
    other_name: str      # whom the source gives the claim's value for


class _Name(NamedTuple):
    start: int
    key: str
    surface: str
    kind: str            # "named" or "designator:<noun>"


class _Value(NamedTuple):
    start: int
    kind: str
    key: str
    surface: str         # with its unit word for a bare number
    unit: str            # lower case, "" but for a bare number
    mention: Mention
    end: int             # after its unit word ("10 cents per page": after "cents")


@functools.lru_cache(maxsize=4096)
def misbindings(claim: str, sentence: str) -> tuple[Misbinding, ...]:
    """Each of the claim's values the sentence gives for another named subject while giving another value for the
    claim's own (see the module's text)."""
    claim, sentence = judged_text(claim), judged_text(sentence)
    values = _values(claim)     # the claim first (read once per sentence): a value said of a name in its clause
    names = _names(claim) if values else ()
    own = {v.start: _owner(v.start, k[0]) for k in _clauses(claim) for v in k[1]} if names else {}
    ours = tuple(v for v in values if own.get(v.start) is not None)
    if not ours or not _may_bind(ours, sentence):       # then the sentence, by its words first
        return ()
    clauses = _clauses(sentence)
    if len(clauses) < 2:
        return ()
    keys = {(v.kind, v.key) for v in values}
    out = []
    for c in ours:
        owner = own.get(c.start)
        said = [(k, v) for k in clauses for v in k[1] if (v.kind, v.key, v.unit) == (c.kind, c.key, c.unit)]
        if owner is None or not said or sum(v.kind == c.kind for k in clauses for v in k[1]) > MAX_VALUES:
            continue       # a sentence of statistics (estimates, intervals, p-values): whose value is whose is unclear
        whose = [_owner(v.start, k[0]) for k, v in said]
        if any(w is None or w.key in {n.key for n in names} for w in whose):
            continue
        # a name and its longer form are one holder ("Quillon" / "Quillon Systems")
        others = [w for w in whose if _same_kind(owner, w) and not _written_in(w.key, claim)
                  and not _one_holder(owner, w, sentence)]
        if not others or any(owner.key in {n.key for n in k[0]} for k, _ in said):
            continue
        given = [(v, k) for k in clauses for v in k[1] if v.kind == c.kind and (v.kind, v.key) not in keys
                 and (v.unit == c.unit or not v.unit and sum(x.kind == c.kind for x in k[1]) == 1)
                 and (w := _owner(v.start, k[0])) is not None and w.key == owner.key
                 and not values_agree(claim, c.mention, sentence, v.mention)
                 and not _LIFE.search(sentence, 0, v.start)]     # "Lena Hartvig (born 1981) wrote … in 2019"
        if given:
            out.append(Misbinding(c.surface, owner.surface, given[0][0].surface, others[0].surface))
    return tuple(out)


# a value's holder written just before it: a modifier and a noun, and a link ("the higher rate of 40%", "the adult
# fare is 4 euros", "the maximum dose 100 mg")
_HOLDER = re.compile(r"\b(?P<mod>[a-z][a-z-]+)\s+(?P<head>[a-z]+)\s*"
                     r"(?:\bof|\bis|\bwas|\bare|\bwere|\bat|\bcosts?|:)?\s*$", re.I)
# or the kind in a "for" phrase after the value, of a holder noun the sentence names ("Tickets cost £65 for a day")
_FOR = re.compile(r"\s*(?:for|per)\s+(?:a|an|the|each|one)?\s*(?P<mod>[a-z][a-z-]+)\b", re.I)
_NOT_MODIFIERS = frozenset("the a an its their his her our this that these those of and or to in for with by on at is was are were be been per".split())


def _holder(text: str, value: _Value) -> tuple[str, str] | None:
    """(modifier, head noun), lower case, of the value's holder written just before it (`_HOLDER`); None without."""
    from grounding.decompose import parse
    m = _HOLDER.search(text, max(0, value.start - 48), value.start)
    if m is None or m.group("mod").lower() in _NOT_MODIFIERS:
        return None
    tokens = {t.idx: t for t in parse(text)}
    mod, head = tokens.get(m.start("mod")), tokens.get(m.start("head"))
    if mod is None or head is None or head.pos_ != "NOUN" or mod.pos_ not in ("ADJ", "NOUN"):
        return None
    return mod.lower_, head.lemma_.lower()


@functools.lru_cache(maxsize=4096)
def misbound_kinds(claim: str, sentence: str) -> tuple[Misbinding, ...]:
    """The claim's value the sentence gives only for another kind of the claim's thing (one noun, another modifier),
    while it gives another value of that kind and unit for the claim's own: "The higher rate is 45%" against "The
    higher rate of 40% applies …, and the additional rate of 45% above that" ("the source gives 40% for “higher
    rate”; 45% goes with “additional rate”"). A holder is a modifier and a noun written just before the value
    ("the adult fare is 4 euros", "the maximum dose 100 mg"; `_holder`), or for the sentence the kind in a "for"
    phrase after the value where it names the claim's noun ("A day ticket costs £150" against "Tickets cost £65 for a
    day or £150 for the weekend")."""
    claim, sentence = judged_text(claim), judged_text(sentence)
    values = _values(claim)
    if not values or not _may_bind(values, sentence):
        return ()
    keys = {(v.kind, v.key) for v in values}
    out = []
    for c in values:
        mine = _holder(claim, c)
        if mine is None:
            continue
        named = re.search(rf"\b{re.escape(mine[1][:5])}", sentence, re.IGNORECASE)
        theirs = [(v, _holder(sentence, v) or ((f.group("mod").lower(), mine[1]) if named and (
            f := _FOR.match(sentence, v.end)) else None)) for v in _values(sentence)]
        said = [h for v, h in theirs if (v.kind, v.key, v.unit) == (c.kind, c.key, c.unit)]
        given = [v for v, h in theirs if h == mine and v.kind == c.kind and v.unit == c.unit
                 and (v.kind, v.key) not in keys and not values_agree(claim, c.mention, sentence, v.mention)]
        if given and said and all(h is not None and h[1] == mine[1] and h[0] != mine[0] for h in said):
            out.append(Misbinding(c.surface, " ".join(mine), given[0].surface, " ".join(said[0])))
    return tuple(out)


def describe(found: Misbinding, verbs: bool = False) -> str:
    """The explanation's words: "the source gives 8 pm for London; 6 pm is said of Leeds", or for verbs
    (verb_binding.misbound_verbs) "the source gives 1998 for "opened"; 2015 goes with "renovated"."""
    if verbs:
        return (f"the source gives {found.their_value} for “{found.claim_name}”; {found.claim_value} goes with "
                f"“{found.other_name}”")
    return f"the source gives {found.their_value} for {found.claim_name}; {found.claim_value} is said of {found.other_name}"


def found_in(claim: str, sentence: str) -> list[str]:
    """What the sentence says of another subject or another verb, as the explanation words it."""
    from grounding.qualifiers import misbound_qualifiers     # "£50 when booked online" / "£50 at the airport"
    from grounding.measured import hoped_alike    # not what was asked for against what was granted (measured.hoped)
    from grounding.verb_binding import misbound_verbs
    found = [(f, False) for f in misbindings(claim, sentence)] + [(f, True) for f in misbound_verbs(
        claim, sentence) + misbound_kinds(claim, sentence) + misbound_qualifiers(claim, sentence)]
    return [describe(f, verbs) for f, verbs in found if hoped_alike(claim, f.claim_value, sentence, f.their_value)]


def _owner(at: int, names) -> _Name | None:
    """The name a value at `at` is said of: the nearest before it, else the nearest after it."""
    before = [n for n in names if n.start < at]
    if before:
        return max(before, key=lambda n: n.start)
    after = [n for n in names if n.start > at]
    return min(after, key=lambda n: n.start) if after else None


def _same_kind(a: _Name, b: _Name) -> bool:
    """Two things of one kind: two designators of one noun ("drug A", "drug B"), or two names."""
    return a.kind == b.kind


@functools.lru_cache(maxsize=1024)
def _values(text: str) -> tuple[_Value, ...]:
    """Every occurrence of the text's values (percent, money, year, date, number; not a decade, not an end of a
    range), in order."""
    out = []
    for m in mentions(text):
        if m.kind in ("named", "decade") or in_range(text, m):
            continue
        for hit in occurrences(m.surface, text):
            unit = UNIT.match(text, hit.end()) if m.kind == "number" else None
            word = unit.group(1) if unit else ""
            out.append(_Value(hit.start(), m.kind, m.key, f"{m.surface} {word}" if word else m.surface, word.lower(),
                              m._replace(start=hit.start(), end=hit.end()), unit.end() if unit else hit.end()))
    return tuple(sorted(out, key=lambda v: v.start))


def _may_bind(values, sentence: str) -> bool:
    """The test by words before any sentence is read further: it states one of the claim's `values` beside another
    number, and does not pair its values by order ("respectively")."""
    return any(next(occurrences(v.mention.surface, sentence), None) for v in values) \
        and len(re.findall(r"\d+|\b(?:Mon|Tues|Wednes|Thurs|Fri|Satur|Sun)day\b", sentence)) >= 2 \
        and not re.search(r"\brespectively\b", sentence, re.IGNORECASE)


@functools.lru_cache(maxsize=1024)
def _names(text: str) -> tuple[_Name, ...]:
    """The text's named entities (entities.mentions, as the entity overlap has them), letter designators ("drug B"),
    the capitalised words inside a sentence the entity recogniser missed ("Moderna reported ..., while Pfizer
    ..."), and the groups of a study by what they were given or have (`_ARM`: "on placebo", "taking glucorin", "in
    the placebo group"), in order; no parse."""
    out: list[_Name] = []
    spans = [(v.start, v.mention.end) for v in _values(text)]      # "B 25 mg" is no name
    for d in _DESIGNATOR.finditer(text):
        before = re.search(r"([A-Za-z]+) $", text[:d.start()])
        if before and before.group(1).lower() not in _NOT_BEFORE_DESIGNATOR:
            start, noun = d.start() - len(before.group(0)), before.group(1).lower()
            out.append(_Name(start, f"{noun} {d.group(1).lower()}", f"{before.group(1)} {d.group(1)}", f"designator:{noun}"))
            spans.append((start, d.end()))
    for m in mentions(text):
        if m.kind == "named" and not re.search(r"(?<![\w-])\d", m.key) \
                and not any(m.start < b and a < m.end for a, b in spans):
            out.append(_Name(m.start, m.key, m.surface, "named"))
            spans.append((m.start, m.end))
    for w in _CAPITALISED.finditer(text):
        if not _inside(w.start(), spans) and not (w.group().isupper() and len(w.group()) <= 3):
            out.append(_Name(w.start(), w.group().lower(), w.group(), "named"))
            spans.append((w.start(), w.end()))
    for m in _ARM.finditer(text):
        at, arm = (m.start("arm"), m.group("arm")) if m.group("arm") else (m.start("group"), m.group("group"))
        if arm not in _NOT_ARMS and not _inside(at, spans):
            out.append(_Name(at, arm, arm, "arm"))
    return tuple(sorted(out, key=lambda n: n.start))


def _inside(at: int, spans: list[tuple[int, int]]) -> bool:
    return any(a <= at < b for a, b in spans)


def _clauses(text: str) -> list[tuple[list[_Name], list[_Value]]]:
    """The text cut into clauses around its values, each with its names and values: within a sentence a piece with no
    value joins the next piece ("In London, the office closes at 8 pm"), one after the sentence's last value is
    left out, and a clause naming no one speaks of the previous clause's last name ("... opens at 8 am and closes
    at 6 pm")."""
    values, names = _values(text), _names(text)
    spans, out = [], []
    for sentence in _SENTENCE.finditer(text):
        cuts = [(m.start(), m.end()) for m in _CUT.finditer(text, sentence.start(), sentence.end())]
        bounds = [sentence.start()] + [x for cut in cuts for x in cut] + [sentence.end()]
        pending = None
        for a, b in zip(bounds[::2], bounds[1::2]):
            a = a if pending is None else pending
            if any(a <= v.start < b for v in values):
                spans.append((a, b))
                pending = None
            else:
                pending = a
        for k, (a, b) in enumerate(spans):
            own = [n for n in names if a <= n.start < b]
            if not own and k and out:          # "The Leeds clinic opens at 8 am and closes at 6 pm": still Leeds
                own = out[-1][0][-1:]
            out.append((own, [v for v in values if a <= v.start < b]))
        spans = []
    return out


def _written_in(key: str, text: str) -> bool:
    return re.search(rf"(?<!\w){re.escape(key)}(?!\w)", text.lower()) is not None


@functools.lru_cache(maxsize=1024)
def claim_subject(text: str, of: bool = False) -> tuple[str, frozenset] | None:
    """(head lemma, words compounding or qualifying it) of `main_subject`: ("vaccine", {"flu"}), "Flu vaccines …";
    `of`: and an "of" phrase's noun with its own such words ("Sales of petrol cars": {"car", "petrol"})."""
    head = main_subject(text)
    objs = [o for p in (head.children if of and head is not None else ()) if p.dep_ == "prep" and p.lower_ == "of"
            for o in p.children if o.dep_ == "pobj"]
    return None if head is None else (head.lemma_.lower(), frozenset(
        {c.lower_ for t in [head, *objs] for c in t.children if c.dep_ in ("compound", "amod")}
        | {o.lemma_.lower() for o in objs}))


def main_subject(text: str):
    """The token of the text's main subject (the root verb's, a noun), or None."""
    from grounding.decompose import parse
    return next((t for t in parse(text) if t.dep_ in ("nsubj", "nsubjpass") and t.head.dep_ == "ROOT"
                 and t.pos_ in ("NOUN", "PROPN")), None)


def _one_holder(owner: _Name, other: _Name, sentence: str) -> bool:
    """Whether two names are one holder: one holds the other's words ("Quillon" / "Quillon Systems"), or the sentence
    writes them as one ("Quillon Systems", where a heading run into the next line parsed the name "Systems")."""
    a, b = set(owner.key.split()), set(other.key.split())
    return a <= b or b <= a \
        or re.search(rf"\b{re.escape(owner.surface)}\s+{re.escape(other.surface)}\b", sentence) is not None
