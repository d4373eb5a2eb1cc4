"""Said the other way round: a sentence that shares the claim's words but turns what it says. The entailment model
reads such a pair by its shared words and calls it support ("The sensor is larger than a matchbox" against "The
sensor is smaller than a matchbox": P(e) 0.95; "Northwind Labs acquired Helix Group" against "Northwind Labs was
acquired by Helix Group": 0.95). Two forms are found here, both by the words alone (no model):

- the claim's two named parties of one verb in each other's places (grounding.slots.role_swaps);
- the opposite comparison against the same standard: "larger than a matchbox" / "smaller than a matchbox",
  "more expensive than the laptop" / "cheaper than the laptop" / "costs more than the laptop", "more deaths than" /
  "fewer deaths than"; and the same comparison with its two sides swapped, or made the other way with no "than"
  (grounding.swapped). A
  comparison is a comparative (or more / less / fewer and the word it grades), the words up to "than" and the
  first words of the standard after it; the two must measure one thing (the same scale, the same words between,
  the same standard) in opposite directions, neither negated, and the sentence must not also say it the claim's way.

`reversals` also gives the opposite condition of the claim's subject (`opposite_conditions`: "without a prescription" /
"only with a prescription"), its main verb negated (`denied_predicate`), the other side of one event (`opposite_order`:
"after breakfast" / "before breakfast"; two steps in the other order: grounding.step_order), a difference between groups
the source finds none of (grounding.sameness: "strongest in women" / "similar in men and women"), a state that has ended
(grounding.ended: "has been closed since 1965" / "reopened in 2019"; "sells fresh bread" / "no longer sells bread"),
none left against some left (grounding.availability: "is fully booked" / "a few places remain"), free against a price
(grounding.prices: "Printing is free" / "printing now costs 10 cents per page"), and a payment or dose at another
interval (frequencies.other_recurrence: "a monthly allowance" / "a one-off allowance"), needed against only welcome
(grounding.wanted: "is required" / "is a plus"), a predicate denied by ellipsis (grounding.ellipsis: "is covered" / "…
but damage caused by gradual leaks is not"), most against less than half (grounding.most), the other of two amounts
chosen (grounding.whichever: "whichever is lower" / "the greater of") and two groups compared the other way by the
sentence's figures (grounding.compared: "fewer infections in the vaccine group than in the placebo group" / "12 … in
the vaccine group and 48 in the placebo group" backs it; 48 and 12 turn it).

The verdict rule (overrides.reversal_override) turns a claim Contradicted where its evidence says it the other way
round; what it found is the verdict's `anchor_conflict`.
"""
from __future__ import annotations

import functools
import re
from typing import NamedTuple

from grounding.invisible import judged_text

# base word -> (scale, direction)
_SCALES = {
    "size": ("large big great huge", "small little tiny"), "length": ("long", "short"), "height": ("tall high", "low"),
    "width": ("wide broad", "narrow"), "speed": ("fast quick rapid", "slow"), "weight": ("heavy", "light"),
    "age": ("old", "young"), "price": ("expensive costly dear", "cheap inexpensive"), "quality": ("good", "bad"),
    "temperature": ("hot warm", "cold cool"), "strength": ("strong", "weak"), "thickness": ("thick", "thin"),
    "time": ("late", "early"), "likelihood": ("likely probable", "unlikely improbable"), "safety": ("safe", "dangerous risky"),
    "depth": ("deep", "shallow"), "distance": ("far distant", "near close"), "difficulty": ("hard difficult", "easy"),
}
BASE = {w: (scale, sign) for scale, (up, down) in _SCALES.items() for sign, words in ((1, up), (-1, down))
        for w in words.split()}
_IRREGULAR = {"better": ("good", 1), "worse": ("good", -1), "further": ("far", 1), "farther": ("far", 1),
              "elder": ("old", 1)}
_MORE, _LESS, _COST = {"more", "greater"}, {"less", "fewer", "lesser"}, {"cost", "costs", "costing"}
_SAME_VERB = {"permit": "allow", "begin": "start", "finish": "end", "purchase": "buy"}   # one deed in other words
_NEGATION = re.compile(r"\b(?:not|no|never|n't|neither|nor)\b[\w\s]{0,20}$", re.IGNORECASE)
_STOP = frozenset("the a an that those this these it its their his her our was were is are be been being did do does had has "
                  "have of in on at for among with by to as much far slightly significantly considerably even still "
                  "somewhat substantially markedly lot bit times twice generally usually often now also".split())
_BREAK = frozenset("and but while whereas because which who although though if when so".split())
_WORD = re.compile(r"[A-Za-z][A-Za-z'-]*|\d+(?:[.,]\d+)*")


class Comparison(NamedTuple):
    subject: tuple      # content words before the comparison, in its clause
    scale: str          # "size", "price", "amount of deaths", ...
    sign: int           # +1 up the scale, -1 down
    between: tuple      # content words between the comparative and "than"
    standard: tuple     # the first content words after "than"
    surface: str        # as written, for the explanation: "smaller than a matchbox"


def _comparative(word: str):
    """(scale, sign) of a comparative form ("larger", "wider", "bigger", "easier", "better"), else None."""
    w = word.lower()
    if w in _IRREGULAR:
        base, sign = _IRREGULAR[w]
        return BASE[base][0], sign
    if not w.endswith("er") or len(w) < 5:
        return None
    stem = w[:-2]
    for base in (stem, stem + "e", stem[:-1] if len(stem) > 2 and stem[-1] == stem[-2] else None,
                 stem[:-1] + "y" if stem.endswith("i") else None):
        if base in BASE:
            return BASE[base]
    return None


def _singular(word: str) -> str:
    w = word.lower()
    return w[:-1] if len(w) > 3 and w.endswith("s") and not w.endswith("ss") else w


@functools.lru_cache(maxsize=4096)
def comparisons(text: str) -> tuple[Comparison, ...]:
    """The comparisons "… than …" the text makes."""
    text = judged_text(text)
    words = [(m.group(), m.start(), m.end()) for m in _WORD.finditer(text)]
    out = []
    for i, (w, start, _) in enumerate(words):
        found, k, first = None, i + 1, i
        lower = w.lower()
        if lower in _MORE | _LESS and k < len(words):
            sign = 1 if lower in _MORE else -1
            nxt = words[k][0].lower()
            if nxt in BASE:                                  # "more expensive", "less likely"
                scale, direction = BASE[nxt]
                found, k = (scale, sign * direction), k + 1
            elif i and words[i - 1][0].lower() in _COST:       # "cost more to buy than": dearer
                found, first = ("price", sign), i - 1
            elif nxt != "than" and nxt not in _STOP:         # "more deaths", "fewer patients"
                found, k = (f"amount of {_singular(nxt)}", sign), k + 1
        elif (c := _comparative(w)) is not None:
            found = c
        if found is None or _NEGATION.search(text[max(0, start - 30):start]):
            continue
        than = next((j for j in range(k, min(k + 6, len(words))) if words[j][0].lower() == "than"), None)
        if than is None or re.search(r"[.;:,]", text[words[k - 1][2]:words[than][1]]):
            continue
        between = tuple(_singular(x) for x, _, _ in words[k:than] if x.lower() not in _STOP)
        tail, last = [], than
        for j in range(than + 1, min(than + 8, len(words))):
            if re.search(r"[.;:,]", text[words[last][2]:words[j][1]]) or words[j][0].lower() in _BREAK:
                break
            last = j
            if words[j][0].lower() not in _STOP:
                tail.append(_singular(words[j][0]))
                if len(tail) == 2:
                    break
        if tail:
            out.append(Comparison(_subject(text, words, first), found[0], found[1], between, tuple(tail),
                                  text[words[first][1]:words[last][2]]))
    return tuple(out)


def _subject(text: str, words, i: int) -> tuple:
    """The content words before word i back to its clause's start (punctuation or a conjunction), at most 8 words."""
    out, first = [], i
    for j in range(i - 1, max(-1, i - 9), -1):
        if re.search(r"[.;:,]", text[words[j][2]:words[first][1]]) or words[j][0].lower() in _BREAK:
            break
        first, w = j, words[j][0]
        if w.lower() not in _STOP or (len(w) == 1 and w.isupper() and j > 0):    # "Drug A" names a drug
            out.append(_singular(w))
    return tuple(sorted(out))


def _same_subject(a: tuple, b: tuple) -> bool:
    """Both name no subject, or one's words are all among the other's ("sensor" / "Tern sensor")."""
    if not (a and b):
        return a == b
    return set(a) <= set(b) or set(b) <= set(a)


def opposite_comparisons(claim: str, sentence: str) -> list[tuple[str, str]]:
    """(the claim's comparison, the sentence's) pairs that measure one thing in opposite directions, where the
    sentence does not also make the claim's comparison."""
    theirs = comparisons(sentence)
    out = []
    for c in comparisons(claim):
        same = [x for x in theirs if (x.scale, x.between, x.standard) == (c.scale, c.between, c.standard)
                and _same_subject(x.subject, c.subject)]
        if same and all(x.sign == -c.sign for x in same):
            out.append((c.surface, same[0].surface))
    return out


class Condition(NamedTuple):
    noun: str           # the lemma of what an action is done with or without ("prescription")
    sign: int           # +1 with it (or requiring it), -1 without it
    surface: str        # as written: "without a prescription", "requires a prescription"
    words: frozenset    # the lemmas of the text's words, for its subject
    purpose: str        # what a requirement is for ("needs a connection for updates": "update"), else ""


_WITH = {"with": 1, "without": -1}
_REQUIRE = frozenset({"require", "need"})


@functools.lru_cache(maxsize=4096)
def conditions(text: str) -> tuple[Condition, ...]:
    """The conditions of actions the text states: "can be bought without a prescription" (-1), "available only with a
    prescription" (+1), "requires a prescription" (+1), "cannot be bought without a prescription" (+1: a negated
    verb turns "without" and "require"), "with no money" (-1). "with" on a noun ("patients with diabetes") names a
    group, not a condition, and is left out, as are "with or without" and "with" under a negated word ("not
    familiar with": "with" has other senses there)."""
    text = judged_text(text)
    if not re.search(r"\b(?:with|without|requir|need)", text, re.IGNORECASE) \
            or re.search(r"\bwith or without\b", text, re.IGNORECASE):
        return ()
    from grounding.decompose import parse
    doc = parse(text)
    words = frozenset(t.lemma_.lower() for t in doc if t.is_alpha)
    out = []
    for t in doc:
        if t.lower_ in _WITH and t.dep_ == "prep" and t.head.pos_ in ("VERB", "ADJ", "AUX"):
            head, sign = t.head, _WITH[t.lower_]
            obj = next((c for c in t.children if c.dep_ == "pobj"), None)
        elif t.lemma_.lower() in _REQUIRE and t.pos_ == "VERB":
            head, sign = t, 1
            obj = next((c for c in t.children if c.dep_ == "dobj"), None)
        else:
            continue
        if obj is None or obj.pos_ not in ("NOUN", "PROPN") \
                or any(c.i > obj.i and c.dep_ in ("appos", "amod") for c in obj.children):
            continue           # "with humidity usually greater than 90%" describes, it sets no condition
        surface = text[t.idx:obj.idx + len(obj.text)]
        if any(c.dep_ == "det" and c.lower_ == "no" for c in obj.children):     # "with no money" is without it
            sign = -sign
        negated = any(c.dep_ == "neg" for c in head.children) or \
            head.dep_ in ("acomp", "xcomp") and any(c.dep_ == "neg" for c in head.head.children)
        if negated:
            if t.lower_ == "with":      # "not familiar with", "not popular with": no condition to turn
                continue
            sign, surface = -sign, f"not {surface}"
        purpose = _purpose(t, obj) if t.lemma_.lower() in _REQUIRE else ""
        out.append(Condition(obj.lemma_.lower(), sign, surface, words, purpose))
    return tuple(out)


def _purpose(verb, obj) -> str:
    """The lemma of what a requirement is for: "to work from home" (the verb's clause), "for updates" (on the verb or
    on what it requires); "" when none is said."""
    for c in list(verb.children) + list(obj.children):
        if c.dep_ in ("xcomp", "advcl") and c.head is verb:
            return c.lemma_.lower()
        if c.dep_ == "prep" and c.lower_ == "for":
            return next((g.lemma_.lower() for g in c.children if g.dep_ == "pobj"), "")
    return ""


def opposite_conditions(claim: str, sentence: str) -> list[tuple[str, str]]:
    """(the claim's condition, the sentence's) pairs where the sentence does with what the claim does without (or
    requires what the claim does without), of the claim's subject (the subject of its main verb, a noun, and the
    words it is compounded with or qualified by are among the sentence's words),
    and does not also say it the claim's way. A requirement for a purpose the claim does not name ("needs an internet
    connection for updates" against "works without an internet connection") is another condition."""
    from grounding.binding import claim_subject
    ours = conditions(claim)
    found = claim_subject(judged_text(claim)) if ours else None
    if found is None:
        return []
    subject = {found[0]} | found[1]     # with the words that tell it from its kind: "flu vaccines", "travel vaccines"
    claim_words = ours[0].words
    # a sentence is parsed only when it holds a word of one of the claim's conditions ("prescription", "approv...")
    if not any(re.search(rf"(?<!\w){re.escape(c.noun[:max(4, len(c.noun) - 2)])}", sentence, re.IGNORECASE)
               for c in ours):
        return []
    theirs = [x for x in conditions(sentence) if subject <= x.words and (not x.purpose or x.purpose in claim_words)]
    out = []
    for c in ours:
        same = [x for x in theirs if x.noun == c.noun]
        if same and all(x.sign == -c.sign for x in same):
            out.append((c.surface, same[0].surface))
    return out


def reversals(claim: str, sentence: str) -> list[str]:
    """What the sentence says the other way round, as the explanation words it."""
    from grounding.slots import role_swaps
    out = [f"the claim has {s.agent} {s.verb} {s.patient}, the source has {s.patient} {s.verb} {s.agent}"
           for s in role_swaps(claim, sentence)]
    out += [f"the claim says {c}, the source {x}" for c, x in opposite_comparisons(claim, sentence)]
    from grounding.swapped import bare_opposite, from_to_reversed, other_group_higher, swapped_comparisons   # the
    out += [f"the claim says {c}, the source {x}" for c, x in swapped_comparisons(claim, sentence)   # other way round,
            + bare_opposite(claim, sentence) + from_to_reversed(claim, sentence)]       # with no "than"; from and to
    out += [f"the claim says “{c}”, the source “{x}”" for c, x in other_group_higher(claim, sentence)]
    from grounding.groups import opposite_groups        # the claim's group at the other end of a scale
    out += [f"the claim says “{c}”, the source “{x}”" for c, x in opposite_groups(claim, sentence)]
    out += [f"the claim says {c}, the source {x}" for c, x in opposite_conditions(claim, sentence)]
    from grounding.free import free_against_price, free_for_a_while   # free where the source gives a price, or free
    out += [f"the claim says {c}, the source {x}" for c, x in free_against_price(claim, sentence)] + [   # for a while
        f"the claim says “{c}”, the source “{x}”" for c, x in free_for_a_while(claim, sentence)]
    from grounding.listed_names import swapped_names    # a named member of a list swapped ("Canada and Australia"),
    from grounding.venues import elsewhere              # the same deed at another named place
    out += [f"the claim says “{c}”, the source “{x}”" for c, x in swapped_names(claim, sentence) + elsewhere(claim, sentence)]
    from grounding.inclusions import left_out           # counted in where the source leaves it out ("not included");
    from grounding.refunds import refund_conflicts      # money back where the source rules it out ("non-refundable")
    out += [f"the claim says “{c}”, the source “{x}”" for c, x in left_out(claim, sentence) + refund_conflicts(claim, sentence)]
    from grounding.negate import changed_against_unchanged, other_state   # the other of two states ("wetter" /
    out += [f"the claim says “{c}”, the source “{x}”" for c, x in other_state(claim, sentence)]   # "drier"), a change
    out += [f"the claim says “{c}”, the source “{x}”" for c, x in changed_against_unchanged(claim, sentence)]   # / none
    from grounding.only import only_for                 # "with day tickets" where it is "with weekend tickets only"
    out += [f"the claim says “{c}”, the source “{x}”" for c, x in only_for(claim, sentence)]
    from grounding.frequencies import other_recurrence  # "a monthly allowance" where it is "a one-off allowance"
    out += [f"the claim says “{c}”, the source “{x}”" for c, x in other_recurrence(claim, sentence)]
    from grounding.step_order import opposite_order, reversed_steps   # one event on the other side; two steps in
    # the other order
    out += [f"the claim says “{c}”, the source “{x}”" for c, x in opposite_order(claim, sentence)
            + reversed_steps(claim, sentence)]
    from grounding.sameness import no_difference        # a difference the source finds none of
    out += [f"the claim says “{c}”, the source “{x}”" for c, x in no_difference(claim, sentence)]
    from grounding.ended import abolished, held_until, no_longer, state_ended   # a state the source says was undone
    out += [f"the claim says “{c}”, the source “{x}”" for c, x in state_ended(claim, sentence)   # ("reopened in
            + held_until(claim, sentence)]                            # 2019") or held until a time ("… until 2011")
    out += [f"the claim says “{c}”, the source “{x}”" for c, x in no_longer(claim, sentence) + abolished(claim, sentence)]
    from grounding.availability import not_yet, other_availability   # none left where some are ("sold out" / "still
    out += [f"the claim says “{c}”, the source “{x}”" for c, x in other_availability(claim, sentence)  # available"),
            + not_yet(claim, sentence)]                                # there already where it is to come
    from grounding.positions import opposite_positions  # a standard on the other side ("above the national average")
    from grounding.whichever import other_extreme       # the other of two amounts ("whichever is lower" / "the greater of")
    out += [f"the claim says “{c}”, the source “{x}”" for c, x in opposite_positions(claim, sentence)
            + other_extreme(claim, sentence)]
    from grounding.compared import against_figures      # two groups compared the other way by their figures
    from grounding.hours_compared import against_hours   # or two places' hours ("opens earlier than …")
    out += [f"the claim says “{c}”, the source gives {x}" for agrees, c, x in against_figures(claim, sentence)
            + against_hours(claim, sentence) if not agrees]
    from grounding.preferences import passed_over       # the side the source passes over ("A rather than B")
    out += [f"the claim says “{c}”, the source “{x}”" for c, x in passed_over(claim, sentence)]
    from grounding.wanted import wanted_not_required     # needed where the source only welcomes it ("is a plus")
    out += [f"the claim says “{c}”, the source “{x}”" for c, x in wanted_not_required(claim, sentence)]
    from grounding.ellipsis import contrasted_or_crossed, elided_denial   # denied by ellipsis ("A is covered, but B
    out += [f"the claim says “{c}”, the source “{x}”" for c, x in elided_denial(claim, sentence)   # is not"); set
            + ([] if out else contrasted_or_crossed(claim, sentence))]   # against A by "but" or crossed, else
    from grounding.most import most_or_bound_against_share   # most against less than half ("Most teachers" / "18%")
    out += [f"the claim says “{c}”, the source “{x}”" for c, x in most_or_bound_against_share(claim, sentence)]
    denied = denied_predicate(claim, sentence)
    out += [f"the claim says “{denied[0]}”, the source “{denied[1]}”"] if denied else []
    return out


_NAMES = ("GPE", "ORG", "PERSON", "LOC", "NORP", "FAC")


def denied_predicate(claim: str, sentence: str):
    """(the claim's, the sentence's wording) where the sentence says the claim's main verb of the claim's subject with
    the other polarity: the same verb (lemma; or `_SAME_VERB`'s: "allowed" / "not permitted"), a subject of the same
    noun (lemma) and the claim's object nouns under it, negated in one text and not in the other ("The café reopened
    in May" against "Its café did not reopen with it"; "The planetarium reopened at the same time" against "The
    planetarium will not reopen until next summer", where the claim's other words are not in the sentence, so
    negate.opposite_polarity, which asks for most of them, does not see it); else None. Not where a name or number
    under that verb is not in the claim ("did not raise prices in Europe" against "raised prices in the US"), nor
    where the sentence also says it the claim's way ("did not reopen in May; the café reopened in June"), nor of a
    narrower subject (`_qualifiers`: "Items can be returned" / "Personalised items … cannot be returned"). A claim
    whose main verb is "be" or "have" says too little in its verb to be denied."""
    from grounding.decompose import parse
    root = next(iter(parse(claim).sents)).root
    subject = next((c for c in root.children if c.dep_ in ("nsubj", "nsubjpass")), None)
    if root.pos_ != "VERB" or root.lemma_.lower() in ("be", "have") or subject is None \
            or subject.pos_ not in ("NOUN", "PROPN"):
        return None
    objects = {c.lemma_.lower() for c in root.children
               if c.dep_ in ("dobj", "attr", "oprd") and c.pos_ in ("NOUN", "PROPN")}
    words = {t.lower_ for t in root.doc}
    found, said = None, False
    for t in parse(sentence):
        if t.pos_ != "VERB" or _SAME_VERB.get(t.lemma_.lower(), t.lemma_.lower()) != _SAME_VERB.get(
                root.lemma_.lower(), root.lemma_.lower()) or not any(
                c.dep_ in ("nsubj", "nsubjpass") and c.lemma_.lower() == subject.lemma_.lower()
                and _qualifiers(c) <= _qualifiers(subject) for c in t.children):
            continue
        under = list(t.subtree)
        if not objects <= {u.lemma_.lower() for u in under} or any(
                (u.pos_ in ("PROPN", "NUM") or u.ent_type_ in _NAMES) and u.lower_ not in words for u in under):
            continue
        if _negated(t) == _negated(root):
            said = True
        elif any(_RATHER.search(claim, 0, m.start()) for p in t.children if p.dep_ in ("prep", "agent")
                 for o in p.children if o.dep_ == "pobj"
                 for m in re.finditer(rf"\b{re.escape(o.text)}\b", claim)):
            continue     # "cannot be made by phone" / "must be made in writing rather than over the phone"
        elif found is None and not _BOUND_AFTER.match(t.doc.text, t.idx + len(t.text)):
            # "Bags must not weigh more than 20 kg" bounds the weight; it does not deny "Bags can weigh up to 20 kg"
            found = (_said(subject, root), _said(subject, t))
    return None if said else found


_RATHER = re.compile(r"(?:\brather\s+than|\binstead\s+of|,\s*not)\s+(?:\w+\s+){0,3}$", re.IGNORECASE)   # denied in the claim
_BOUND_AFTER = re.compile(r"\s+(?:(?:more|less|fewer|greater)\s+than|in\s+excess\s+of|over|above|under|below)\s+"
                          r"(?:about\s+)?(?:[£$€]?\d|(?:one|two|three|four|five|six|seven|eight|nine|ten|twelve"
                          r"|twenty)\b)",
                          re.IGNORECASE)


def _qualifiers(noun) -> frozenset:
    """The words that narrow a noun ("Personalised items"): a sentence on a narrower subject than the claim's says
    nothing against the claim ("Items can be returned within 30 days" / "Personalised items and opened software
    cannot be returned"); on a wider one it does."""
    return frozenset(c.lemma_.lower() for c in noun.children if c.dep_ in ("amod", "compound"))


def _negated(verb) -> bool:
    return any(c.dep_ == "neg" for c in verb.children)


def _said(subject, verb) -> str:
    """The subject's noun and the verb with its auxiliaries and negation: "planetarium will not reopen"."""
    return " ".join([subject.text] + [c.text for c in verb.children if c.dep_ in ("aux", "auxpass", "neg")
                                      and c.i < verb.i] + [verb.text])
