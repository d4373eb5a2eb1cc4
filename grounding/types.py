"""The data model: one ``GroundingResult`` that every stage enriches, JSON round-tripping.

Indices, not object references, link the parts: a ``Claim`` names its response sentence by index, a
``PairScore`` names a claim and a context sentence (its column in the maps) by index. Offsets are
character offsets into the original text (the response, or a document's text): ``text[start:end]``
gives the sentence back exactly.
"""
from __future__ import annotations

import copy
import dataclasses
import functools
import json
import types
import typing
from dataclasses import dataclass, field
from typing import Any, Optional

from grounding.config import GroundingConfig

SUPPORTED, PARTIAL, UNSUPPORTED, CONTRADICTED, NOT_ASSESSED = (
    "Supported", "Partially supported", "Unsupported", "Contradicted", "Not assessed")
VERDICTS = (SUPPORTED, PARTIAL, UNSUPPORTED, CONTRADICTED, NOT_ASSESSED)

FAITHFUL, HALLUCINATED, AMBIGUOUS, UNGROUNDED = "Faithful", "Contradicted", "Ambiguous", "Ungrounded"


@dataclass
class Sentence:
    text: str
    start: int            # offset in the source text
    end: int
    source: str           # "response" or a document id
    index: int            # position within its source
    column: int = -1      # position among all context sentences (the map column); -1 for the response
    heading: bool = False  # a Markdown heading or a document's title line (never evidence unless it states a fact)


@dataclass
class Document:
    id: str
    title: str
    text: str
    sentences: list[Sentence] = field(default_factory=list)


@dataclass
class ClaimPart:
    """One of the claims a whole response sentence joins (context engines, stage judge_parts: "Metformin is the
    first-line drug and works by increasing insulin production" -> its two predicates), read against the context
    sentences most similar to it: their columns and cosines, and P(e), P(n), P(c) of that reading (None: no
    sentence was near enough, or the time budget stopped it)."""
    text: str
    columns: list[int] = field(default_factory=list)
    cosines: list[float] = field(default_factory=list)
    reading: Optional[list[float]] = None
    rechecked: bool = False             # read by the entailment model's fp32 twin (near a threshold)
    # a part read as contradicted (P(c) at least the preset's parts_override, above P(e)) from several sentences:
    # each of them alone against it, P(c) per column, so the verdict can quote the sentence that says otherwise
    alone_contradict: list[float] = field(default_factory=list)


@dataclass
class Claim:
    text: str
    sentence: int                       # index of the response sentence it came from
    start: Optional[int] = None         # offsets in the response when the claim is a literal span
    end: Optional[int] = None
    entailed: Optional[float] = None    # P(response sentence |= claim) from the entailment model
    passed: bool = True                 # self-consistency check
    origin: str = "decomposed"          # decomposed | sentence (the whole sentence, after a failed split)
    note: str = ""
    truncated: bool = False             # only the claim's start fit a model's window: the rest was never read
    cut_short: bool = False             # the time budget held back some of its rereadings (stages.explain)
    # P(e), P(n), P(c) of the claim against its judged context sentences read together as one premise (stage
    # judge_joint), those sentences' columns, and whether the fp32 twin gave the numbers (near a joint threshold)
    joint: Optional[list[float]] = None
    joint_columns: list[int] = field(default_factory=list)
    joint_rechecked: bool = False
    # the most similar of those sentences read alone against the claim (judge_joint, when they are several and lean
    # to support together): P(e), P(n), P(c) and its column (overrides.alone_override)
    alone: Optional[list[float]] = None
    alone_column: Optional[int] = None
    # where the sentences read together contradict the claim (context engines): the judged sentences that, read alone
    # by the entailment model, entail it, the only ones named as the other side (None: not read so; the claims
    # engine's pairs are such readings already)
    alone_support: Optional[list[int]] = None
    # judged sentences whose scorer reading (support, contradiction) the entailment model, reading each alone against
    # the claim, does not share (context engines: those the scorer read as supporting a claim the sentences read
    # together contradict, as leaning against one they back): never named as the other side; the maps show such a
    # green as no evidence (stages.verdict.show_rules). None: not read so
    alone_cleared: Optional[list[int]] = None
    # the claims a whole sentence joins, each read against its own most similar sentences (context engines, stage
    # judge_parts, when the sentences read together do not contradict the whole; parts.parts_override)
    parts: list[ClaimPart] = field(default_factory=list)
    # the column judged only because no other sentence reached the claim: its most similar one, at a cosine below
    # what any other reading needs (nothing_floor; stages.retrieve.nearest). None: read as usual
    nearest: Optional[int] = None
    # a claim read as contradicted that dates one event (grounding.events): P(e), P(n), P(c) of the claim against its
    # most similar judged sentence that gives other dates, read with the claim's date in place of its own (stage
    # judge_joint), and that sentence's column; None: not read so (number_rules.event_override)
    swapped: Optional[list[float]] = None
    swapped_column: Optional[int] = None
    # a claim read as contradicted: P(e), P(n), P(c) of it against each clause of a judged sentence that leans against
    # it and joins several ({column: [reading per clause]}, stage judge_clauses); None: not read so
    # (clauses.clause_override)
    clause_readings: Optional[dict[int, list[list[float]]]] = None

    @property
    def alone_entails(self) -> bool:
        """Whether the reading alone (`alone`) has entailment as its most likely class."""
        return self.alone is not None and self.alone[0] >= max(self.alone[1], self.alone[2])


@dataclass
class PairScore:
    claim: int                  # claim index
    column: int                 # context-sentence index (map column)
    cosine: float
    entail: Optional[float] = None
    neutral: Optional[float] = None
    contradict: Optional[float] = None
    psi: int = 0                # +1 entailment, 0 neutral / not judged, -1 contradiction
    signed: float = 0.0         # cosine * psi, 0 below tau
    judged: bool = False        # the entailment model ran on this pair
    entity_overlap: Optional[float] = None
    rechecked: bool = False     # judged again by the model's fp32 twin: near a threshold (grounding.stages.recheck)


@dataclass
class RuledCell:
    """A map cell shown as the verdict reads it, not as the model read the pair: the anchor of a Contradicted claim
    (the quantity rule's "rose by 6%" against "6% less"; sentences read together) is shown contradicting; the
    anchor of a claim the denial rule made Unsupported ("will enroll" against "enrolled") is shown as no evidence.
    `value` / `label`: what the model gave the cell (put back when the verdict settings change); `note`: what
    decided (grounding.stages.verdict.show_rules)."""
    row: int
    column: int
    value: float
    label: int
    note: str


@dataclass
class SignedMap:
    """rows x columns signed scores in [-1, 1]; labels +1 support / -1 contradict / 0 irrelevant."""
    rows: list[str]
    columns: list[str]
    values: list[list[float]]
    labels: list[list[int]]
    engine: str = "claims"
    probabilities: Optional[list[list[list[float]]]] = None   # [support, contradict, irrelevant] per cell (context engine)
    ruled: list[RuledCell] = field(default_factory=list)      # cells a verdict rule set (the model's reading kept there)

    def ruled_notes(self) -> dict[tuple[int, int], str]:
        """(row, column) -> what decided that cell, for the cells shown as the verdict reads them."""
        return {(c.row, c.column): c.note for c in self.ruled}


@dataclass
class EntityDiff:
    shared: list[str] = field(default_factory=list)
    claim_only: list[str] = field(default_factory=list)    # in the claim, not in the anchor sentence
    context_only: list[str] = field(default_factory=list)  # in the anchor sentence, not in the claim


@dataclass
class Provenance:
    claim: int
    claim_text: str
    response_sentence: int
    response_start: int
    response_end: int
    document: Optional[str] = None
    document_title: Optional[str] = None
    context_sentence: Optional[int] = None   # map column
    sentence_in_document: Optional[int] = None
    start: Optional[int] = None              # offsets of the anchor sentence in its document's text
    end: Optional[int] = None


@dataclass
class Verdict:
    claim: int
    label: str
    score: Optional[float] = None       # fused F
    anchor: Optional[int] = None        # context column of the anchor sentence
    cosine: Optional[float] = None
    entity_overlap: Optional[float] = None
    entail: Optional[float] = None
    contradict: Optional[float] = None
    rule: str = ""                      # which rule decided
    explanation: str = ""
    entities: EntityDiff = field(default_factory=EntityDiff)
    provenance: Optional[Provenance] = None
    conflicting: Optional[int] = None   # a column that says the opposite of the anchor, if any
    anchor_conflict: str = ""           # what a rule found against the claim in the anchor (quantity rule: "the claim
                                        # says 6% (rose), the source 6% (less)"): the maps show that cell contradicting
    sureness: Optional[float] = None    # the chance a verdict given this way is right (grounding.sureness), or None
    sureness_note: str = ""             # why no figure is given, where none is
    alternative: str = ""               # the learned verdict model's next most likely verdict, where a figure is given

    def made_unsupported(self, why: str, found: str = "", sep: str = "; ") -> "Verdict":
        """This verdict made Unsupported by a rule: `why` goes before the rule that decided it until now (joined by
        `sep`), `found` (what the rule found in the anchor, if anything) becomes `anchor_conflict`, and no sentence
        is named as the other side any more."""
        self.label, self.conflicting = UNSUPPORTED, None
        if found:
            self.anchor_conflict = found
        self.rule = f"{why}{sep}{self.rule}"
        return self


@dataclass
class GoldScores:
    support_f1: float
    contradict_f1: float
    citation_f1: float
    ci95: dict[str, list[float]] = field(default_factory=dict)
    pairs: int = 0


@dataclass
class Metrics:
    sentence_classes: list[str] = field(default_factory=list)   # Faithful / Contradicted / Ambiguous / Ungrounded per response sentence
    fcr: float = 0.0
    hcr: float = 0.0
    acr: float = 0.0
    ucr: float = 0.0
    cer: Optional[float] = None
    ecss: Optional[float] = None
    pfcr: Optional[float] = None
    integrity: float = 0.0
    verdict_counts: dict[str, int] = field(default_factory=dict)
    gold: Optional[GoldScores] = None


@dataclass
class Coverage:
    assessed: bool = True
    language: str = "en"
    language_confidence: Optional[float] = None
    windows: int = 0
    windows_gated: int = 0                                   # of those, not read: no pair reached scorer_gate
    truncated: list[str] = field(default_factory=list)       # items cut at a model's window
    unscored: list[str] = field(default_factory=list)        # items that got no score at all
    messages: list[str] = field(default_factory=list)        # what the user should know
    runtime: dict = field(default_factory=dict)              # CPU, int8 kernel, per model: file, precision, provider
    not_evidence: list[int] = field(default_factory=list)    # map columns never used as evidence (headings)
    unread: list[dict] = field(default_factory=list)         # input beyond the limits, never read: {"part", "chars",
                                                             # "read", "reason"} per document / the response
    budget_exhausted: bool = False                           # the time budget ended the request early
    rechecked: int = 0                                       # judgements redone in fp32 near a threshold (recheck)



class InputError(ValueError):
    """Input that cannot be assessed at all (the message says why and what to do)."""


@dataclass
class GroundingResult:
    response: str
    documents: list[Document]
    question: str = ""
    engine: str = "claims"
    response_sentences: list[Sentence] = field(default_factory=list)
    claims: list[Claim] = field(default_factory=list)
    pairs: list[PairScore] = field(default_factory=list)
    claim_map: Optional[SignedMap] = None
    sentence_map: Optional[SignedMap] = None
    verdicts: list[Verdict] = field(default_factory=list)
    metrics: Metrics = field(default_factory=Metrics)
    coverage: Coverage = field(default_factory=Coverage)
    config: Optional[GroundingConfig] = None    # the settings of the run (verdict settings: of the last rederive)
    timings: dict[str, float] = field(default_factory=dict)
    complete: bool = False          # False while streaming

    @property
    def context_sentences(self) -> list[Sentence]:
        return [s for d in self.documents for s in d.sentences]

    def document_of(self, column: int) -> Document:
        for d in self.documents:
            if d.sentences and d.sentences[0].column <= column <= d.sentences[-1].column:
                return d
        raise IndexError(column)

    def to_dict(self) -> dict:
        """Plain JSON values; the config without this machine's own settings (model folder, threads)."""
        return {name: _plain(getattr(self, name)) if name != "config" else
                (self.config.to_dict() if self.config is not None else {}) for name in _field_names(GroundingResult)}

    def to_json(self, **kw) -> str:
        return json.dumps(self.to_dict(), ensure_ascii=False, **kw)

    @classmethod
    def from_dict(cls, data: dict) -> "GroundingResult":
        """The result of `to_dict`; its config is validated, machine settings in it (models_dir, threads) are
        ignored: this machine's own apply."""
        result = _build(cls, {k: v for k, v in data.items() if k != "config"})
        machine = {f.name for f in dataclasses.fields(GroundingConfig) if f.metadata.get("machine")}
        if data.get("config"):
            result.config = GroundingConfig.from_dict({k: v for k, v in data["config"].items() if k not in machine})
        return result

    @classmethod
    def from_json(cls, text: str) -> "GroundingResult":
        return cls.from_dict(json.loads(text))


def without_run_notes(result_json: dict) -> dict:
    """A result's JSON (`to_dict`, changed in place and returned) less what two runs of the same input may differ in:
    the wall-clock `timings` and what the model cache held (`coverage.runtime["cache"]`, grounding.cache)."""
    result_json.pop("timings", None)
    result_json.get("coverage", {}).get("runtime", {}).pop("cache", None)
    return result_json


@functools.cache
def _field_names(cls) -> tuple[str, ...]:
    return tuple(f.name for f in dataclasses.fields(cls))


def _plain(value: Any) -> Any:
    """`value` as plain JSON values, as dataclasses.asdict gives them (dataclasses -> dicts, lists and tuples copied,
    other values deep-copied) but without asdict's deep copy of every number and string (a result has thousands)."""
    if type(value) in _ATOMS:
        return value
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return {name: _plain(getattr(value, name)) for name in _field_names(type(value))}
    if type(value) in (list, tuple):
        return type(value)(_plain(v) for v in value)
    if type(value) is dict:
        return {_plain(k): _plain(v) for k, v in value.items()}
    return copy.deepcopy(value)


_ATOMS = frozenset({str, int, float, bool, type(None)})


def _build(tp: Any, value: Any) -> Any:
    """Rebuild dataclasses from plain JSON values, following the type hints."""
    if value is None:
        return None
    origin = typing.get_origin(tp)
    if origin in (typing.Union, types.UnionType):
        inner = [a for a in typing.get_args(tp) if a is not type(None)]
        return _build(inner[0], value) if inner else value
    if dataclasses.is_dataclass(tp):
        hints = typing.get_type_hints(tp)
        return tp(**{f.name: _build(hints[f.name], value[f.name]) for f in dataclasses.fields(tp) if f.name in value})
    if origin is list:
        (arg,) = typing.get_args(tp) or (Any,)
        return [_build(arg, v) for v in value]
    if origin is dict:
        args = typing.get_args(tp)
        return {k: _build(args[1], v) for k, v in value.items()} if args else dict(value)
    return value
