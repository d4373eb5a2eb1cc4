"""A thing the sources never mention is not contradicted: "The hotel has a gym" against a hotel's description that names
no gym, "Dogs are allowed on board" against "Bikes travel free, but cars must be booked in advance" (P(c) 0.7 and more:
the entailment model reads a sentence on other things as denying the claim). Users ask exactly this of a checker: is
contradiction told apart from "not mentioned"?

The claim says a thing is there or to be had (its main verb "have", "offer", "sell", "provide", "include", "allow",
"accept", …: `_HAVING`; not negated), as a description of a place, a product or a service would name it; a finding
("Cognitive behavioral therapy is an ineffective treatment", "There is no relationship between …") is said in the
source's own words too often (on the train sets' dev carve, read for every claim, the rule turned 22 right
contradictions Unsupported and mended 11 false ones). The claim's thing is the head noun of that verb's object or
complement, or of its passive subject ("gym", "dogs" of "Dogs are allowed on board", "spaces" of "The car park has 500
spaces"); not an active verb's subject, which a source names in its own words more often ("Staff can work from home
three days a week" against "Employees may work from home up to two days a week": a contradiction); it is never mentioned
where no sentence of the context writes it (by its first letters, plural and singular alike). Not a unit of measure or
of time ("The trial lasted six months" against "… for 12 weeks": the claim's figure, said in another unit), nor a word
every text has ("people", "thing"). The rule (`unmentioned_override`) makes a Contradicted verdict the model's reading
alone decided (no rule found a conflict) Unsupported, unless its anchor denies, restricts or lists: a "not", "no",
"only" or "except" there may deny the claim's thing by its kind ("Pets are not allowed" against "Dogs are allowed"), and
a list of names may be the whole of them ("courses in Spanish, French and Italian" against "The school teaches German").
"""
from __future__ import annotations

import re
from typing import Optional

from grounding.invisible import judged_text

UNMENTIONED_RULE = "never mentioned"
_ROLES = ("nsubjpass", "dobj", "attr")     # not the subject of an active verb: "Staff" for the source's "Employees"
_UNITS = re.compile(r"(?:second|minute|hour|day|week|fortnight|month|year|decade|time|percent|per|cent|kg|kilo|gram|"
                    r"metre|meter|mile|litre|liter|pound|euro|dollar|pence|cent|point|level|rate|number|amount|"
                    r"people|person|thing|way|lot|part|one|kind|type|side|case|use)s?$", re.IGNORECASE)
# verbs that say a thing is there or to be had: what a description of a place, a product or a service would name
_HAVING = frozenset("have get offer sell provide include feature serve stock allow permit accept welcome come".split())
# of these only the passive says a thing is to be had ("Dogs are allowed"; "a loss … allowed a partial repair" is a
# finding)
_PASSIVE_ONLY = frozenset("allow permit accept welcome".split())
_RESTRICTS = re.compile(r"\b(?:not|no|never|n't|none|nothing|neither|nor|without|only|except|excluding|but)\b",
                        re.IGNORECASE)
_LISTS = re.compile(r",[^,]+\band\b", re.IGNORECASE)


def unmentioned(claim: str, context_texts: list[str]) -> Optional[str]:
    """The claim's thing (see the module's docstring) that no context sentence writes, as the claim writes it; else
    None."""
    from grounding.decompose import parse
    doc = parse(judged_text(claim))
    root = next((t for t in doc if t.dep_ == "ROOT"), None)
    if root is None or root.lemma_.lower() not in _HAVING or _RESTRICTS.search(judged_text(claim)):
        return None
    source = " ".join(judged_text(t) for t in context_texts)
    for t in doc:
        if t.dep_ not in _ROLES or t.head.i != root.i or t.pos_ not in ("NOUN", "PROPN") or len(t.text) < 3 \
                or _UNITS.match(t.lower_) or not t.text.isalpha() \
                or root.lemma_.lower() in _PASSIVE_ONLY and t.dep_ != "nsubjpass":
            continue
        if not _written(t.lower_, source):
            return " ".join([w.text for w in t.subtree if w.dep_ in ("compound", "amod") and w.i < t.i] + [t.text])
    return None


def _written(word: str, source: str, inside: bool = False) -> bool:
    """Whether `source` writes `word` by its first letters (all but two, four at least: plural and singular alike), as a
    word's start, or with `inside` anywhere in a word."""
    stem = word[:max(4, len(word) - 2)] if len(word) > 4 else word
    return re.search(("" if inside else r"(?<!\w)") + re.escape(stem), source, re.IGNORECASE) is not None


def _named(claim: str, thing: str) -> bool:
    """Whether the claim's thing is a name (a proper noun in the claim's parse)."""
    from grounding.decompose import parse
    return any(t.text == thing.split()[-1] and t.pos_ == "PROPN" for t in parse(judged_text(claim)))


def _described(claim: str) -> bool:
    """Whether the claim's subject is a name (a place, a product, a service: "Ashcombe Barn has rooms on site"), not a
    finding's common noun ("The motions of the massive oceans … provide variability": on the train sets' dev carve the
    rule had turned such a right backing Unsupported)."""
    from grounding.binding import main_subject
    head = main_subject(judged_text(claim))
    return head is not None and head.pos_ == "PROPN"


# the model's band for a partial backing ("0.4 <= F 0.54 < 0.72", verdict.band)
WEAK_BAND = re.compile(r"^[\d.]+ <= F ").match


def unmentioned_override(v, preset, claim_text: str, context_texts: list[str]):
    """A Contradicted verdict the model's reading alone decided (no `anchor_conflict`) whose claim's thing the context
    never mentions (`unmentioned`), its anchor neither denying, restricting nor listing names (`_RESTRICTS`,
    `_LISTS`), is Unsupported; so is a Partially supported one that only the model's weak reading or its F band gave,
    of a named subject (`_described`: "Ashcombe Barn has rooms on site …" against the venue's price sentence: rooms
    are in no sentence); `anchor_conflict` says what is never mentioned (the maps show the anchor's cell as no
    evidence). On with the preset's reversal_override."""
    from grounding.types import CONTRADICTED, PARTIAL
    weak = v.label == PARTIAL and (WEAK_BAND(v.rule) is not None or " only weakly: " in v.rule) \
        and _described(claim_text)
    if preset.reversal_override is None or v.label != CONTRADICTED and not weak or v.anchor_conflict or v.anchor is None:
        return v
    anchor = judged_text(context_texts[v.anchor])
    if _RESTRICTS.search(anchor) and not weak:
        return v
    thing = unmentioned(claim_text, context_texts)
    if thing is None or _LISTS.search(anchor) and _named(claim_text, thing):
        return v
    return v.made_unsupported(f"{UNMENTIONED_RULE}: “{thing}” is in no context sentence",
                              f"the sources never mention “{thing}”")


def subject_unmentioned(claim: str, context_texts: list[str]) -> Optional[str]:
    """The claim's main subject (binding.main_subject: a noun, not a pronoun or a name), as the claim writes it, where
    no context sentence writes its head (by its first letters, plural and singular alike, also inside a word); else
    None. "Trains will be cancelled" against a forecast that names schools, snow and temperatures, but no train."""
    from grounding.binding import main_subject
    head = main_subject(judged_text(claim))
    if head is None or head.pos_ != "NOUN" or len(head.text) < 3 or _UNITS.match(head.lower_) or not head.text.isalpha():
        return None
    source = " ".join(judged_text(t) for t in context_texts)
    if _written(head.lower_, source, inside=True):     # inside a word too: "smartphone" names a phone
        return None
    return " ".join([w.text for w in head.subtree if w.dep_ in ("compound", "amod") and w.i < head.i] + [head.text])
