"""Two things the sentence tells apart, crossed: "Sandwich prices have risen by 20p" against "Coffee prices have gone
up by 20p, but sandwiches stay at 4.50 pounds"; "Glass goes in the blue bin" against "Put paper and cardboard in the
blue bin, and glass, cans and plastic bottles in the green box"; "The Mill Lane stop is being removed" against "The
stop on Carlton Road will be removed because of roadworks, and passengers should use the stop on Mill Lane instead"
(each Supported on every engine: the model reads the shared words, not which thing they are said of).

The sentence's clauses: split at ", but", ", while", ", whereas", "; " and ", and" (not inside brackets), two or three of them, the
sentence thirty words at most (on the train sets' dev carve, long sentences of several findings gave four false
alarms); no later clause of the first one's subject (opening with a verb or a pronoun: "… were cancelled on Sunday
but resumed on Monday"). The claim (one clause of fifteen words at most, not negated) names its thing by its
subject's telling words (the compound or adjective words before its head, else the head, and the words after it:
"Adults over 55"): they stand in one clause only (the thing's) and in none of the others. What the claim says of it
(its other content words, those in every clause left out; not a figure alone, the binding rule's) stands in another
clause, half of it at least, and none of it in the thing's clause; that clause neither denies it ("Food is not
allowed …, but drinks … are permitted") nor names the claim's head bare ("… and 30 spaces will be lost"); and the
place rule finds no other place (it names the two). Then the claim says of its thing what the sentence says of
another: the reversal rule reads the pair (ellipsis.contrasted_or_crossed).
"""
from __future__ import annotations

import re

from grounding.ellipsis import _short
from grounding.lists import DENIAL

_CLAUSES = re.compile(r"\s*(?:,\s*(?:but|while|whereas|and)\s+|;\s+|\s+but\s+|\s+whereas\s+)", re.IGNORECASE)
_JOINED = re.compile(r"\b(?:and|but|or|while|whereas)\b|[,;]", re.IGNORECASE)
_LIGHT = frozenset("goes go going put puts placed kept keep keeps have has had been being will would can could may "
                   "might should must also still just instead".split())


def crossed(claim: str, sentence: str) -> list[tuple[str, str]]:
    """[(the claim's thing, the clause of the sentence that is about it)] where the claim says of its thing what the
    sentence says of another (see the module docstring); else []."""
    from grounding.binding import main_subject
    clauses = [c for c in _CLAUSES.split(sentence.rstrip(" .")) if c.strip()]
    if not 2 <= len(clauses) <= 3 or len(sentence.split()) > 30 or len(claim.split()) > 15 \
            or any(c.count("(") != c.count(")") for c in clauses) \
            or _JOINED.search(claim.rstrip(" .")) or DENIAL.search(claim):
        return []       # a plain pair of things: not a long sentence of several findings, nor split inside brackets
    from grounding.decompose import parse
    starts = {t.idx: t for t in parse(sentence)}
    if any(re.match(r"(?:they|it|he|she|we|you)\b", c.strip(), re.I)
           or (t := starts.get(sentence.find(c.strip()))) is not None and t.pos_ in ("VERB", "AUX")
           or c.strip().lower().startswith("to ") and (t := starts.get(sentence.find(c.strip()) + 3)) is not None
           and t.pos_ == "VERB" for c in clauses[1:]):
        return []       # a clause of the first one's subject ("… are not allowed in the gym but may use the pool", "…
        # cannot be refunded, but they can be changed …", "… were cancelled on Sunday but resumed on Monday", "asked
        # to extend the sale of alcohol …, and to add recorded music …")
    head = main_subject(claim)
    if head is None:
        return []
    marks = [t for t in head.children if t.dep_ in ("compound", "amod") and t.i < head.i]
    after = " ".join(t.text for t in head.subtree if t.i > head.i)      # "Adults over 55": "over 55" tells it too
    telling = _short(" ".join(t.text for t in marks) if marks else head.text) | _short(after)
    subject = {t.i for t in head.subtree}
    rest = _short(" ".join(t.text for t in head.doc if t.i not in subject)) - {w[:4] for w in _LIGHT}
    words = [_short(c) for c in clauses]
    everywhere = set.intersection(*words)
    rest -= everywhere
    if not telling or telling & everywhere or not rest or all(w[:1].isdigit() for w in rest):
        return []       # a figure alone said of another is the binding rule's ("The higher rate is 45%")
    own = [i for i, w in enumerate(words) if telling <= w]
    if len(own) != 1 or any(telling & w for i, w in enumerate(words) if i != own[0]):
        return []
    thing = own[0]
    if thing == 0 and ":" in clauses[0] and telling <= _short(clauses[0].split(":")[0]):
        return []       # the line's label, over all its clauses: "Emergency medical expenses: Essentials €2 million;
        # Premier €10 million" says "Emergency medical cover is €10 million on Premier"
    if rest & words[thing] or not _named_there(claim, sentence, clauses[thing].strip(), telling, starts):
        return []
    # most of what it says is said of another (half its words at least): "2" of "closes on 2 March" in "at 2pm" is not
    others = [i for i, w in enumerate(words) if i != thing and 2 * len(rest & w) >= len(rest)]
    # … nor is the claim's head bare there: "30 spaces will be lost" is what "30 parking spaces will be lost" says
    bare = re.compile(rf"(?:^|\b(?:the|a|an|its|their|\d[\d,.]*|[a-z]+ty|[a-z]+teen)\s+){re.escape(head.text[:4])}", re.I)
    # … nor denied of another ("Food is not allowed …, but drinks … are permitted" backs "Drinks … are allowed")
    if not others or any(bare.search(clauses[i].strip()) or DENIAL.search(clauses[i]) for i in others):
        return []
    from grounding.deeds import another_place, other_verbs_place
    if another_place(claim, sentence) or other_verbs_place(claim, sentence):
        return []       # the place rule's, which names the two places
    chunk = next((c for c in head.doc.noun_chunks if c.start <= head.i < c.end), None)   # "The Mill Lane stop"
    said = chunk.text if chunk is not None else " ".join(t.text for t in head.subtree if t.i <= head.i)
    return [(said, clauses[thing].strip())]


def _named_there(claim: str, sentence: str, clause: str, telling: set[str], starts: dict) -> bool:
    """Whether the clause names the claim's thing as a thing ("but sandwiches stay at 4.50 pounds"), not only as a
    word of a name the claim does not write ("the rest were supported at home by our Hospice at Home team": not
    "The hospice plans …")."""
    lo = sentence.find(clause)
    tokens = [t for i, t in starts.items() if lo <= i < lo + len(clause) and _short(t.text) & telling]
    return any(not (t.text[:1].isupper() and not t.is_sent_start) or re.search(rf"(?<!^)\b{re.escape(t.text)}\b",
                                                                                  claim.strip()) for t in tokens)
