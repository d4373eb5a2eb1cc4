"""The stages of a check, one small module each, in data-flow order:

    segment -> decompose -> self_check -> retrieve -> judge | score_windows + read_windows -> entities
            -> verdict -> explain -> (not_assessed) -> metrics

Every stage is a `Stage`: a name and one function `run(state: Run) -> None` that enriches `state.result` (the
`GroundingResult` every stage shares) and, within a response sentence, the working set on `state`. An engine
(grounding.engines) is a declared sequence of them. Stages do not reach into each other's internals: what one
hands to the next is a named field of `Run`.
"""
from __future__ import annotations

import inspect
import time
from dataclasses import dataclass, field
from typing import Callable, Iterator, Optional

import numpy as np

from grounding import cache
from grounding.config import GroundingConfig
from grounding.types import EntityDiff, GroundingResult, PairScore, Verdict


@dataclass
class Run:
    """What the stages of one check share."""
    result: GroundingResult
    config: GroundingConfig
    models: dict                                  # role -> loaded model ("embedder", "entailment", "scorer")
    rows_ok: list[bool]                           # per response sentence: inside the checked part?
    metrics: frozenset = frozenset()              # the metrics the engine computes (the others: not applicable)
    gold: Optional[list[list[int]]] = None
    deadline: Optional[float] = None              # time.monotonic() after which no more work starts (time budget)
    cancelled: Optional[Callable[[], bool]] = None   # True once the user stopped the check: no more work starts
    limit: int = 0                                # context sentences scored (map columns 0 .. limit-1)
    context_embeddings: Optional[np.ndarray] = None
    windows: object = None                        # the scorer's map over all assessed rows (context engines)
    window_cosines: Optional[np.ndarray] = None   # assessed rows x scored context sentences (context engines)
    window_rows: list[int] = field(default_factory=list)   # the response sentences the scorer read, in its order
    referred: set = field(default_factory=set)    # texts whose cosines are their resolved reading's (referents)
    widened: set = field(default_factory=set)     # texts whose cosines took context clauses too (clauses)
    # the working set of the response sentence being checked
    row: int = -1
    skip: bool = False                            # the row is outside the checked part: no stage after decompose
    cut: bool = False                             # the time budget (or Stop) held back some of the row's readings
    parts: list = field(default_factory=list)     # decompose -> self_check: the candidate claims
    claims: list[int] = field(default_factory=list)   # indices into result.claims judged for this row
    cosines: Optional[np.ndarray] = None          # claims x scored context sentences
    candidates: list[tuple[int, int]] = field(default_factory=list)   # (local claim, column) pairs above tau
    skipped: list[PairScore] = field(default_factory=list)           # pairs the entity pre-filter did not judge
    scores: list[PairScore] = field(default_factory=list)            # this row's judged pairs
    diffs: dict[int, dict[int, EntityDiff]] = field(default_factory=dict)   # claim -> column -> entity diff
    best: dict[int, tuple[Optional[int], Optional[float]]] = field(default_factory=dict)  # claim -> most similar
    verdicts: list[Verdict] = field(default_factory=list)            # decided, not yet explained
    read_texts: Optional[list[str]] = field(default=None, repr=False)   # `context_texts`, once worked out

    def start_row(self, row: int) -> None:
        self.row, self.skip, self.cut, self.parts, self.claims, self.cosines = row, False, False, [], [], None
        self.candidates, self.skipped, self.scores, self.diffs, self.best, self.verdicts = [], [], [], {}, {}, []

    def over_budget(self) -> bool:
        """Whether the request's time budget is spent or the check was stopped (then the stages start no more model
        work: the scorer checks between windows, the entailment model between batches, the rows between them). Asked
        within a row and true, it marks the row `cut`: a stage that asked held back a reading (the stage `explain`
        says so on the row's verdicts and in the coverage)."""
        out = self.out_of_time()
        if out and self.row >= 0:
            self.cut = True
        return out

    def out_of_time(self) -> bool:
        return (self.deadline is not None and time.monotonic() > self.deadline) or self.stopped()

    def stopped(self) -> bool:
        return self.cancelled is not None and self.cancelled()

    def budget_spent(self, what: str) -> None:
        """Say in the coverage what the spent time budget (or Stop) left undone ("…: 3 response sentence(s) …")."""
        self.result.coverage.budget_exhausted = True
        self.result.coverage.messages.append(f"The check was stopped {what}." if self.stopped() else
                                             f"The time budget ({self.config.time_budget:g} s) ran out {what}.")

    @property
    def context_texts(self) -> list[str]:
        """The context sentences as the models read them: with the response's abbreviations beside the words that
        spell them, and the other way round (grounding.acronyms), and a word the models misread glossed
        (grounding.glosses); the texts shown and quoted stay as written. Worked out once; read it, do not change it."""
        sentences = self.result.context_sentences
        if self.read_texts is None or len(self.read_texts) != len(sentences):
            from grounding.acronyms import as_read
            from grounding.glosses import glossed
            response = self.result.response
            self.read_texts = glossed(response, as_read(response, [s.text for s in sentences]))
        return self.read_texts


@dataclass(frozen=True)
class Stage:
    """A named step of an engine. `run` enriches the state; a `run` that is a generator function gives way where it
    yields (between the model calls of a long pass), and `steps` passes those yields on."""
    name: str
    run: Callable[[Run], Optional[Iterator[None]]]

    def __call__(self, state: Run) -> None:
        for _ in self.steps(state):
            pass

    def steps(self, state: Run) -> Iterator[None]:
        """Run the stage, yielding wherever its `run` yields; its timing and cache counts cover its own work only
        (a consumer may resume it on another thread: the counts are per thread, so each stretch is counted apart)."""
        if state.skip:
            return
        start, before = time.perf_counter(), dict(cache.counts())
        work = self.run(state)
        for _ in (work if inspect.isgenerator(work) else ()):
            self._spent(state, start, before)
            yield
            start, before = time.perf_counter(), dict(cache.counts())
        self._spent(state, start, before)

    def _spent(self, state: Run, start: float, before: dict) -> None:
        cache.add_counts(state.result.coverage.runtime, before)   # what this stage's model calls found cached
        timings = state.result.timings
        timings[self.name] = timings.get(self.name, 0.0) + time.perf_counter() - start


def mask_columns(cos: np.ndarray, columns: list[int]) -> np.ndarray:
    """Cosines with the non-evidence columns set below any tau, so they are never retrieved or cited."""
    if columns and cos.shape[1]:
        cos = cos.copy()
        cos[:, [j for j in columns if j < cos.shape[1]]] = -1.0
    return cos


def unscored(state: Run, columns: list[int]) -> None:
    """Context sentences the time budget left without a score: never evidence, listed, and said in the coverage."""
    cov = state.result.coverage
    cov.not_evidence = sorted(set(cov.not_evidence) | set(columns))
    cov.unscored += [state.result.sentence_map.columns[j] for j in sorted(columns)]
    state.budget_spent(f"while reading the context: {len(columns)} context sentence(s) were not scored and are not "
                       "used as evidence")


def skip_row(state: Run) -> None:
    """The row's sentence is outside the checked part (or abandoned): one not-assessed claim for it, which the
    `not_assessed` stage gives its verdict, and the row's other stages skipped."""
    from grounding.types import Claim
    sent = state.result.response_sentences[state.row]
    state.result.claims.append(Claim(text=sent.text, sentence=state.row, start=sent.start, end=sent.end,
                                     passed=False, origin="sentence", note="not assessed"))
    state.skip = True


def abandon_row(state: Run, doing: str) -> None:
    """The time budget ran out while `doing` the row's work: the whole response sentence is not assessed (one claim,
    no verdict but Not assessed, its map row left empty), and the coverage says so."""
    result, i = state.result, state.row
    if state.claims:      # the row's claims were already listed: none of them is judged
        for k in state.claims:
            result.claims[k].note = "not assessed"
    else:
        skip_row(state)
    state.rows_ok = [ok and j != i for j, ok in enumerate(state.rows_ok)]
    state.skip = True
    state.budget_spent(f"while {doing} of response sentence {i + 1}: it is not assessed")
