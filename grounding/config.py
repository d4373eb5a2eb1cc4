"""All thresholds, weights and model paths in one frozen configuration object, and the process environment.

Every field carries its metadata (`help`, `low` / `high`, `choices`, whether a change `needs_run`, the app's
`control`): the app's settings widgets and the CLI flags are generated from it (`verdict_fields`,
`add_cli_arguments`). The environment variables the runtime honours are read in `environment()` and nowhere
else in the library.
"""
from __future__ import annotations

import argparse
import dataclasses
import functools
import math
import os
import typing
from dataclasses import dataclass, field
from pathlib import Path
from typing import Optional

MODELS_DIR = Path(__file__).resolve().parent.parent / "exported_models"
DEFAULT_CACHE_MB = 64   # cached model outputs (grounding.cache): ~35,000 sentences' embeddings


@dataclass(frozen=True)
class Environment:
    """What the process environment sets."""
    models_dir: str          # GROUNDING_MODELS_DIR: the model folder set (default: the shipped exported_models/)
    threads: Optional[int]   # GROUNDING_THREADS: ONNX Runtime intra-op threads (unset or 0: its default)
    ort_spinning: bool       # GROUNDING_ORT_SPINNING=1: ONNX Runtime's workers busy-wait (off: README, "Benchmarks")
    int8_precise: bool       # GROUNDING_INT8_PRECISE=0: the old saturating int8 kernels (only to reproduce them)
    int8_vnni: bool          # GROUNDING_INT8_VNNI=0: keep uint8 weights (u8u8 kernels) on VNNI CPUs too
    concurrency: int         # GROUNDING_CONCURRENCY: requests the app serves at once (default 4; README, "Limits")
    cache_mb: float          # GROUNDING_CACHE_MB: memory for cached model outputs (default 64; 0 = off; grounding.cache)


def environment() -> Environment:
    """The GROUNDING_* environment variables: the one place the library reads them."""
    env = os.environ
    return Environment(models_dir=env.get("GROUNDING_MODELS_DIR") or str(MODELS_DIR),
                       threads=int(env.get("GROUNDING_THREADS") or 0) or None,
                       ort_spinning=env.get("GROUNDING_ORT_SPINNING", "0") == "1",
                       int8_precise=env.get("GROUNDING_INT8_PRECISE", "1") != "0",
                       int8_vnni=env.get("GROUNDING_INT8_VNNI", "1") != "0",
                       concurrency=max(1, int(env.get("GROUNDING_CONCURRENCY") or 4)),
                       cache_mb=max(0.0, float(env.get("GROUNDING_CACHE_MB") or DEFAULT_CACHE_MB)))


def setting(default=None, help: str = "", *, needs_run: bool = True, low: Optional[float] = None,
            high: Optional[float] = None, choices: tuple = (), control: str = "", label: str = "", cli: bool = False,
            machine: bool = False, factory=None):
    """A config field with its metadata: `help` (one line), `low` / `high` (the valid range), `choices`,
    `needs_run` (False: a change re-derives verdicts from the stored scores, no model runs), `control` (the
    app's widget: "slider", "optional" (a number, or empty = rule off), "choice", "dropdown", "check"; "" = not
    in the app) and its `label` (default: the field's name), `cli` (a flag of `python -m grounding run / check`),
    `machine` (a property of this machine, never written into a result)."""
    meta = dict(help=help, needs_run=needs_run, low=low, high=high, choices=tuple(choices), control=control,
                label=label, cli=cli, machine=machine)
    # machine settings take no part in equality: a result read back on another machine is the same result
    if factory is not None:
        return field(default_factory=factory, metadata=meta, compare=not machine)
    return field(default=default, metadata=meta, compare=not machine)


OVERRIDE_SCOPES = ("any", "anchor")


@dataclass(frozen=True)
class VerdictPreset:
    """How cosine, entity overlap and NLI fuse into F, and the bands that turn F into a verdict.

    F = w_cos*cos + w_entity*entity + w_nli*(P(e) - P(c)) + w_entail*P(e) - w_contradict*P(c)
    Contradicted when (P(e) - P(c)) <= nli_override or P(c) > contradict_override  (wins over all others);
    Unsupported when cos < off_topic (gate); else Supported if F >= supported, Partially supported if
    F >= partial, Contradicted if F < unsupported_floor (the code preset's lowest band), otherwise Unsupported.
    """
    name: str
    w_cos: float = setting(0.0, "weight of cosine similarity in F", needs_run=False, low=0, high=1, control="slider")
    w_entity: float = setting(0.0, "weight of entity overlap in F", needs_run=False, low=0, high=1,
                              control="slider")
    w_nli: float = setting(0.0, "weight of P(entail) − P(contradict) in F", needs_run=False, low=0, high=1,
                           control="slider")
    w_entail: float = setting(0.0, "weight of P(entail) in F", needs_run=False, low=0, high=1, control="slider")
    w_contradict: float = setting(0.0, "weight subtracted per unit of P(contradict)", needs_run=False, low=0,
                                  high=1, control="slider")
    supported: float = setting(0.72, "F at or above: Supported", needs_run=False, low=0, high=1, control="slider")
    partial: float = setting(0.40, "F at or above: Partially supported", needs_run=False, low=0, high=1,
                             control="slider")
    nli_override: Optional[float] = setting(None, "P(e) − P(c) at or below this: Contradicted (empty = off)",
                                            needs_run=False, low=-1, high=1, control="optional")
    contradict_override: Optional[float] = setting(None, "P(contradict) above this: Contradicted (empty = off)",
                                                   needs_run=False, low=0, high=1, control="optional")
    off_topic: Optional[float] = setting(None, "cosine below this: Unsupported (empty = off)", needs_run=False,
                                         low=-1, high=1, control="optional")
    # the public VeriGround code's lowest band (bands 0.70 / 0.40 / 0.10): F below it is Contradicted
    unsupported_floor: Optional[float] = setting(None, "F below this: Contradicted, the lowest band (empty = off)",
                                                 needs_run=False, low=-1, high=1, control="optional")
    conflict_note: Optional[float] = setting(
        0.6, "a backed claim names a sentence leaning against it with P(contradict) at or above this (empty = off)",
        needs_run=False, low=0, high=1, control="optional")
    override_scope: str = setting(
        "any", "which sentences may fire the contradiction override: any judged one, or only the claim's most "
               "similar one (fewer false alarms, fewer contradictions caught; see the README)",
        needs_run=False, choices=OVERRIDE_SCOPES, control="choice")
    override_margin: Optional[float] = setting(
        None, "a sentence that entails the claim outranks a contradicting one whose cosine is more than this below "
              "its own: no override from that one (empty = off)", needs_run=False, low=0, high=2, control="optional")
    # the claim against its judged sentences read together (stage judge_joint, every engine): decides before F
    joint_support: Optional[float] = setting(
        None, "the judged sentences read together entail the claim with P(e) at least this (and above P(c)): "
              "Supported (empty = off)", needs_run=False, low=0, high=1, control="optional")
    joint_partial: Optional[float] = setting(
        None, "read together they entail it with P(e) below this (at least joint_support): Partially supported, a weak "
              "reading (empty = off)", needs_run=False, low=0, high=1, control="optional")
    joint_contradict: Optional[float] = setting(
        None, "read together they contradict it with P(c) at least this: Contradicted (empty = off)",
        needs_run=False, low=0, high=1, control="optional")
    joint_doubt: Optional[float] = setting(None, "read together they lean to contradiction (P(c) at least this, above "
        "P(e)) and one of them alone too: a claim F backs is Unsupported (empty = off)", needs_run=False, low=0, high=1,
        control="optional")
    # decide with the learned model (grounding.learned) instead of F; then `supported` is the least P(Supported)
    learned: bool = setting(False, "decide with the learned model instead of F", needs_run=False)
    alone_override: Optional[float] = setting(
        None, "the most similar of the sentences read together, read alone, contradicts the claim with P(c) at least "
              "this and above the P(e) of the reading together, and says its words with the other polarity (\"is "
              "recommended\" against \"is not recommended\"): Contradicted, whatever they entail together (empty = off)",
        needs_run=False, low=0, high=1, control="optional")
    overclaim_partial: Optional[float] = setting(
        None, "a Supported claim stronger than its evidence (anchor cosine at least this): it states as total or certain "
              "what the source hedges (\"eliminates the risk\" against \"may reduce the risk\") and is Partially "
              "supported (empty = off)", needs_run=False, low=-1, high=1, control="optional")
    parts_override: Optional[float] = setting(
        None, "context engines: a sentence its evidence does not contradict as a whole, one part of which is backed "
              "(P(e) at least joint_partial) and another (\"… and works by increasing insulin production\"), read "
              "against its own most similar sentences, contradicted with P(c) at least this and above its P(e): "
              "Contradicted; a part its sentences do not entail: a Supported sentence is Partially supported (empty = off)",
        needs_run=False, low=0, high=1, control="optional")
    direction_override: Optional[float] = setting(
        None, "a backed or unsupported claim whose anchor (cosine at least this) gives the same value moving the other "
              "way (\"rose by 6%\" vs \"6% less\") is Contradicted (empty = off)", needs_run=False, low=-1, high=1, control="optional")
    quantity_override: Optional[float] = setting(
        None, "a backed claim whose anchor, or another of the sentences read together that decided it (cosine at least "
              "this), gives another value of the same figure that cannot also be true (30% vs 70%, 50 mg vs 25 mg, twice "
              "vs three times a day; not 43% vs about 40%) is Contradicted (empty = off)", needs_run=False, low=-1, high=1,
        control="optional")
    denial_override: Optional[float] = setting(
        None, "a backed claim whose evidence names what it asserts only as not done or undecided (\"has not decided "
              "whether to build a plant\" against \"opened a plant\"; cosine of that sentence at least this) is "
              "Unsupported (empty = off)", needs_run=False, low=-1, high=1, control="optional")
    reversal_override: Optional[float] = setting(
        None, "a backed or unsupported claim whose evidence (cosine at least this, or read together) says it the other way "
              "round (\"Northwind acquired Helix\" against \"Northwind was acquired by Helix\"; \"larger than a matchbox\" "
              "against \"smaller than a matchbox\") is Contradicted (empty = off)", needs_run=False, low=-1, high=1, control="optional")
    binding_override: Optional[float] = setting(
        None, "a backed or unsupported claim whose evidence (cosine at least this, or read together) gives the claim's value "
              "for another named subject and another value for the claim's own (\"London closes at 6 pm\" against \"Leeds "
              "closes at 6 pm; London at 8 pm\"), or with another verb (\"opened in 2015\" against \"opened in 1998 and "
              "renovated in 2015\") is Contradicted (empty = off)", needs_run=False, low=-1, high=1, control="optional")
    cause_override: Optional[float] = setting(
        None, "a backed or unsupported claim whose evidence (cosine at least this, or read together) gives its event "
              "another cause (\"delayed because of bad weather\" against \"delayed because of a technical fault\") is "
              "Contradicted (empty = off)", needs_run=False, low=-1, high=1, control="optional")
    deed_override: Optional[float] = setting(
        None, "a backed or unsupported claim whose evidence (cosine at least this, or read together) gives its deed to "
              "another named doer (\"Ana Lopes called the budget …\" against \"Rui Costa called the budget …\") or "
              "its thing another place is Contradicted (empty = off)", needs_run=False, low=-1, high=1, control="optional")


# where the sentences a claim's evidence is read together with come from (stage judge_joint)
JOINT_SCOPES = ("any", "document", "document+any")

PRESETS = {
    # VeriGround paper: F = 0.35 sim + 0.20 ent + 0.45 (P(e) - P(c)); H = 0.72, L = 0.40.
    # "strongly negative" NLI is not given a number in the paper: -0.5 is our documented choice.
    "paper": VerdictPreset("paper", w_cos=0.35, w_entity=0.20, w_nli=0.45, supported=0.72, partial=0.40,
                           nli_override=-0.5),
    # The public VeriGround code: 0.25 cos + 0.45 P(e) - 0.35 P(c) + 0.15 ent; cos < 0.15 off-topic;
    # P(c) > 0.60 contradicted; bands 0.70 / 0.40 / 0.10.
    "code": VerdictPreset("code", w_cos=0.25, w_entity=0.15, w_entail=0.45, w_contradict=0.35, supported=0.70,
                          partial=0.40, unsupported_floor=0.10, contradict_override=0.60, off_topic=0.15),
    # paper's fusion, decided first by the claim's judged sentences read together (support P(e) >= 0.3, contradict
    # P(c) >= 0.7), the override fired only by the most similar sentence; chosen on the evidence train sets
    # (README, "Reading the evidence together"); a backed claim whose anchor gives the same value moving the other way
    # or another value of the same figure is Contradicted (README, "Numbers that disagree"), and so is one whose
    # evidence says it the other way round (README, "Said the other way round") or gives its value for another named
    # subject (README, "Said of another subject"); F backs no claim read together as leaning to contradiction
    "joint": VerdictPreset("joint", w_cos=0.35, w_entity=0.20, w_nli=0.45, supported=0.72, partial=0.40,
                           nli_override=-0.5, override_scope="anchor", joint_support=0.3, joint_partial=0.5,
                           joint_contradict=0.7, joint_doubt=0.5, alone_override=0.7, direction_override=0.6,
                           quantity_override=0.6, denial_override=0.5, reversal_override=0.5, binding_override=0.5,
                           cause_override=0.5, deed_override=0.5, overclaim_partial=0.5, parts_override=0.7),
    # a model over the pipeline's signals (logistic or boosted trees, chosen on folds of the train claims), fitted
    # per engine on every evidence train claim (exported_models/verdicts/<engine>.json, training/verdicts.py);
    # Supported needs P(Supported) >= 0.5; the joint reading's support decides first; the direction rule and the rule
    # on another value of one figure as in `joint` (chosen on the train sets' dev carve: README, "Numbers that disagree")
    "learned": VerdictPreset("learned", w_cos=0.0, w_entity=0.0, learned=True, supported=0.5, partial=0.0,
                             joint_support=0.3, joint_partial=0.5, alone_override=0.7, direction_override=0.6,
                             quantity_override=0.6, denial_override=0.5, reversal_override=0.5, binding_override=0.5,
                             cause_override=0.5, deed_override=0.5, overclaim_partial=0.5, parts_override=0.7),
}


def run_fields() -> list[dataclasses.Field]:
    """The run settings the app shows (engine, tau, preset, PFCR), in widget order."""
    return [f for f in dataclasses.fields(GroundingConfig) if f.metadata.get("control")]


def verdict_fields() -> list[dataclasses.Field]:
    """The verdict settings the app shows, in widget order (their `control` metadata says which widget)."""
    return [f for f in dataclasses.fields(VerdictPreset) if f.metadata.get("control")]


# The engines' names; each engine (its stages, models and metrics) is declared in grounding.engines.ENGINES.
ENGINES = ("claims", "context", "context-fast")


@dataclass(frozen=True)
class GroundingConfig:
    # the default was chosen on the evidence train sets' dev carve (README, "The default engine"): `context` gave
    # the best accuracy, Contradicted F1 and Citation F1 there, and it is faster than `claims` on typical answers
    engine: str = setting("context", "context: context-aware scorer; claims: decompose + retrieve + NLI, with CER "
                                     "and PFCR; context-fast: the scorer's 2-layer student (faster, less accurate)",
                          choices=ENGINES, control="choice", label="Engine", cli=True)
    rows_per_window: int = setting(1, "context engines: response sentences the scorer reads in one window beside "
                                      "each document (1: each on its own; 0: all together, the paper's layout)",
                                   low=0, high=64)
    # 0.3 chosen on the evidence train sets' dev carve, for both scorers (README, "The scorer's gate")
    scorer_gate: Optional[float] = setting(0.3, "context engines: a scorer window (a response sentence beside a "
                                                "document) is not read when none of its sentence pairs has a cosine of "
                                                "at least this; its cells count as irrelevant (None: every window is read)",
                                           low=0, high=1)
    tau: float = setting(0.5, "pairs above τ are judged", low=0, high=1, control="slider",
                         label="τ (cosine threshold)", cli=True)
    preset: str = setting("joint", "sets the weights and bands below", needs_run=False,
                          choices=tuple(sorted(PRESETS)), control="dropdown", label="Verdict preset", cli=True)
    overrides: dict = setting(help="per-field changes to the preset, e.g. {\"supported\": 0.8}", needs_run=False,
                              factory=dict)
    judge_top_k: int = setting(1, "each claim is also judged against the k most similar context sentences below "
                                  "τ whose cosine is at least judge_floor (0 = only pairs above τ)",
                               low=0, high=50)
    judge_floor: float = setting(0.35, "the least cosine a top-k pair below τ needs to be judged", low=0, high=1)
    nothing_floor: Optional[float] = setting(0.2, "a claim nothing else reaches is judged against its most similar "
                                                  "context sentence down to this cosine (None: off)", low=0, high=1)
    slot_floor: Optional[float] = setting(0.3, "a sentence below τ giving another name in the claim's slot (grounding."
                                               "slots) is judged too, down to this cosine (None: off)", low=0, high=1)
    recheck_margin: float = setting(0.02, "a claim whose verdict moves when its judged probabilities move this far is "
                                          "judged again by the models' fp32 twins (0 = off)", low=0, high=0.5,
                                  cli=True)
    joint_max: int = setting(4, "a claim's judged context sentences read together as one premise, the most similar "
                                "this many (0 = off)", low=0, high=16)
    joint_scope: str = setting("document", "the sentences read together come from any document, or only from the most "
                                      "similar judged sentence's document, or first from that document and, when that "
                                      "reading decides nothing, from every document with a judged sentence",
                               choices=JOINT_SCOPES)
    joint_floor: float = setting(0.45, "sentences just below τ with at least this cosine are read together with the "
                                       "judged ones (at τ or above: only judged ones)", low=0, high=1)
    joint_siblings: bool = setting(True, "a sentence whose subject is another thing of the claim's kind (\"travel "
                                          "vaccines\" for a claim on \"flu vaccines\") is neither read together with "
                                          "the claim nor named as the other side of its verdict")
    decompose: bool = setting(True, "split sentences into atomic claims")
    self_check_threshold: float = setting(0.5, "P(sentence |= claim) a claim needs to be kept", low=0, high=1)
    pfcr: bool = setting(True, "negate claims and re-judge (one more NLI pass)", control="check", label="PFCR",
                         cli=True)
    entity_prefilter: bool = setting(False, "skip NLI on pairs with no shared entity (see verdict docs)")
    # Bounded work per request (README, "Limits"): what lies beyond a limit is never read by a model; it is listed
    # as unscored in the coverage, the status and the verdict card of every claim it touches.
    max_response_chars: int = setting(20000, "characters of the response checked", low=1, high=10_000_000)
    max_response_sentences: int = setting(200, "response sentences checked", low=1, high=100_000)
    max_context_chars: int = setting(150000, "characters of the context read and scored (the rest is not read)",
                                     low=1, high=100_000_000)
    max_context_sentences: int = setting(1500, "context sentences scored", low=1, high=1_000_000)
    max_documents: int = setting(200, "context documents read", low=1, high=100_000)
    max_claims_per_sentence: int = setting(12, "atomic claims a sentence may split into; a sentence giving more is "
                                                "judged whole", low=1, high=1000)
    max_pairs_per_claim: int = setting(48, "context sentences judged per claim at most (the most similar above τ)",
                                       low=1, high=100_000)
    time_budget: float = setting(25.0, "seconds of model time a request may use; the rows not reached by then are "
                                       "not assessed (0 = no limit)", low=0, high=86400, cli=True)
    min_english_confidence: float = setting(0.5, "language confidence above which a non-English response is "
                                                 "not assessed", low=0, high=1)
    # trace (grounding/trace, VeriTrail over a generation DAG)
    trace_q: int = setting(3, "stop after this many consecutive Not Fully Supported verdicts", low=1, high=1000)
    threads: Optional[int] = setting(None, "ONNX Runtime intra-op threads (None: GROUNDING_THREADS or its default)",
                                     machine=True)
    models_dir: str = setting(help="the model folder set", machine=True, factory=lambda: environment().models_dir)

    def verdict_preset(self) -> VerdictPreset:
        if self.preset not in PRESETS:
            raise ValueError(f"Unknown verdict preset '{self.preset}'; choose one of {sorted(PRESETS)}.")
        base = PRESETS[self.preset]
        allowed = {f.name for f in dataclasses.fields(VerdictPreset)} - {"name"}
        unknown = set(self.overrides) - allowed
        if unknown:
            raise ValueError(f"Unknown verdict settings {sorted(unknown)}; allowed: {sorted(allowed)}.")
        preset = dataclasses.replace(base, **self.overrides)
        check_fields(preset, skip=("name",))
        return preset

    def validate(self) -> "GroundingConfig":
        """This config, every field type- and range-checked from its metadata (ValueError naming the field and
        what it allows); the preset and its overrides too."""
        check_fields(self, skip=("models_dir", "threads"))
        if self.threads is not None:
            check_value(_field(GroundingConfig, "threads"), self.threads, int, low=1, high=1024)
        self.verdict_preset()
        return self

    def with_verdict_settings(self, preset: str, overrides: dict) -> "GroundingConfig":
        """This config with other verdict settings; every field that needs a run keeps its value."""
        return dataclasses.replace(self, preset=preset, overrides=dict(overrides)).validate()

    def to_dict(self) -> dict:
        """The settings as plain JSON values, without the machine's own (models_dir, threads)."""
        return {f.name: (dict(v) if isinstance(v := getattr(self, f.name), dict) else v)
                for f in dataclasses.fields(self) if not f.metadata.get("machine")}

    @classmethod
    def from_dict(cls, data: dict) -> "GroundingConfig":
        if not isinstance(data, dict):
            raise ValueError(f"config must be a JSON object of settings, not {type(data).__name__}.")
        names = {f.name for f in dataclasses.fields(cls)}
        return cls(**{k: v for k, v in data.items() if k in names}).validate()


def _field(cls, name: str) -> dataclasses.Field:
    return {f.name: f for f in dataclasses.fields(cls)}[name]


@functools.cache
def _type_hints(cls) -> dict:
    return typing.get_type_hints(cls)   # resolving the hints costs more than the checks: once per class


def check_fields(obj, skip: tuple = ()) -> None:
    """Every field of dataclass `obj` checked against its type hint and metadata (range, choices)."""
    hints = _type_hints(type(obj))
    for f in dataclasses.fields(obj):
        if f.name not in skip:
            check_value(f, getattr(obj, f.name), hints[f.name])


def check_value(f: dataclasses.Field, value, hint, low=None, high=None) -> None:
    """ValueError naming field `f` and what it allows, unless `value` fits `hint` (bool, int, float, str, dict, or
    Optional of one: None allowed) and lies in the field's [low, high] and choices."""
    meta, name = f.metadata, f.name
    low = meta.get("low") if low is None else low
    high = meta.get("high") if high is None else high
    args = [a for a in typing.get_args(hint) if a is not type(None)]
    optional = bool(args) and len(args) < len(typing.get_args(hint))
    kind = args[0] if optional else hint
    if value is None and optional:
        return
    def num(x) -> str:
        return f"{int(x):,}" if float(x).is_integer() else f"{x:g}"
    span = f" in [{num(low)}, {num(high)}]" if low is not None and high is not None else \
        f" of at least {num(low)}" if low is not None else ""
    none = " or null (rule off)" if optional else ""
    if kind is bool:
        if not isinstance(value, bool):
            raise ValueError(f"{name} must be true or false, got {value!r}.")
        return
    if kind in (int, float):
        whole = kind is int
        if isinstance(value, bool) or not isinstance(value, (int, float)) or (whole and not isinstance(value, int)) \
                or not math.isfinite(value):
            what = "a whole number" if whole else "a number"
            raise ValueError(f"{name} must be {what}{span}{none}, got {value!r}.")
        if (low is not None and value < low) or (high is not None and value > high):
            raise ValueError(f"{name} must lie{span}, got {value!r}.")
        return
    if kind is str:
        choices = meta.get("choices") or ()
        if not isinstance(value, str) or (choices and value not in choices):
            allowed = f"one of {', '.join(repr(c) for c in choices)}" if choices else "a string"
            raise ValueError(f"{name} must be {allowed}, got {value!r}.")
        return
    if kind is dict and not isinstance(value, dict):
        raise ValueError(f"{name} must be a JSON object, got {value!r}.")


def add_cli_arguments(parser: argparse.ArgumentParser) -> None:
    """The `cli` fields of GroundingConfig as flags (`--tau 0.5`, `--engine context`, `--pfcr / --no-pfcr`),
    with their help, choices and defaults from the field metadata."""
    defaults = GroundingConfig()
    for f in dataclasses.fields(GroundingConfig):
        meta = f.metadata
        if not meta.get("cli"):
            continue
        flag, default = "--" + f.name.replace("_", "-"), getattr(defaults, f.name)
        if isinstance(default, bool):
            parser.add_argument(flag, action=argparse.BooleanOptionalAction, default=default, help=meta["help"])
        else:
            parser.add_argument(flag, type=type(default), default=default, choices=meta["choices"] or None,
                                help=meta["help"] + " (default %(default)s)")


def config_from_cli(args: argparse.Namespace, **more) -> GroundingConfig:
    """GroundingConfig from flags added by `add_cli_arguments` (plus `more` fields), validated."""
    values = {f.name: getattr(args, f.name) for f in dataclasses.fields(GroundingConfig)
              if f.metadata.get("cli") and hasattr(args, f.name)}
    return GroundingConfig(**values, **more).validate()
