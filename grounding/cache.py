"""Model outputs kept for reuse: a bounded, thread-safe LRU keyed by the exact inputs of one model call.

Requests often repeat work: the same context documents (a shared RAG corpus, the app's examples), the same claims
in an edited answer. `grounding.runtime` (embedder, entailment) and `grounding.scorer` look every ONNX call up here
before running it. A key is a whole call, not an item: the int8 models used to quantize activations over the whole
batch, so an item's outputs depended on its batch-mates (up to 0.15 in a probability on the entailment probe set
between a batch of 4 and a batch of 1). Since they quantize per token (export/activations.py) they do not (batch 4
vs 1: max |diff| 0.0), so items could now be keyed one by one; keyed by the batch, a cached output is in any case
the very array the call would compute, so results are the same with the cache on, off or full.

One cache per process (`MODEL_OUTPUTS`), bounded by `GROUNDING_CACHE_MB` (grounding.config.environment(); 0 = off):
the least recently used entries go first. What each request found here is counted per model role in its thread
(`counts`), and the stages write it into the result (`coverage.runtime["cache"]`).
"""
from __future__ import annotations

import contextlib
import hashlib
import sys
import threading
from collections import OrderedDict
from pathlib import Path
from typing import Optional

import numpy as np

from grounding.config import environment

ENTRY_OVERHEAD = 200   # bytes per entry beyond its key and value: the dict slot, the LRU links, the tuples


def size_of(obj) -> int:
    """Bytes an entry's key or value holds: strings, bytes, numbers, numpy arrays and tuples / lists of them."""
    if isinstance(obj, np.ndarray):
        return obj.nbytes + 112
    if isinstance(obj, (tuple, list)):
        return sys.getsizeof(obj) + sum(size_of(x) for x in obj)
    return sys.getsizeof(obj)


class OutputCache:
    """LRU map from a model call's key to its outputs, holding at most `budget` bytes (0: nothing is kept)."""

    def __init__(self, budget: int):
        self.budget = max(0, int(budget))
        self.bytes = 0
        self._entries: OrderedDict = OrderedDict()    # key -> (value, size)
        self._lock = threading.Lock()

    def get(self, key) -> Optional[tuple]:
        """The value stored under `key` (now the most recently used), or None."""
        if not self.budget:
            return None
        with self._lock:
            entry = self._entries.get(key)
            if entry is None:
                return None
            self._entries.move_to_end(key)
            return entry[0]

    def put(self, key, value: tuple) -> None:
        """Keep `value` (numpy arrays in it are made read-only); the least recently used entries go while over budget.
        A value larger than the whole budget is not kept."""
        for x in value:
            if isinstance(x, np.ndarray):
                x.setflags(write=False)
        size = size_of(key) + size_of(value) + ENTRY_OVERHEAD
        if size > self.budget:
            return
        with self._lock:
            old = self._entries.pop(key, None)
            if old is not None:
                self.bytes -= old[1]
            self._entries[key] = (value, size)
            self.bytes += size
            self._evict()

    def lookup(self, key, role: str, items: int, compute) -> tuple:
        """The value under `key`, else `compute()` (run outside the lock) kept under it; this thread's counts note
        `items` hits or misses of the `role` model."""
        value = self.get(key)
        count(role, items if value is not None else 0, 0 if value is not None else items)
        if value is None:
            value = compute()
            self.put(key, value)
        return value

    def resize(self, budget: int) -> None:
        """A new byte budget (0 turns the cache off and empties it)."""
        with self._lock:
            self.budget = max(0, int(budget))
            self._evict()

    def clear(self) -> None:
        with self._lock:
            self._entries.clear()
            self.bytes = 0

    def __len__(self) -> int:
        return len(self._entries)

    def _evict(self) -> None:
        while self._entries and self.bytes > self.budget:
            _, (_, size) = self._entries.popitem(last=False)
            self.bytes -= size

    def stats(self) -> dict:
        """{"budget_mb", "mb", "entries"}: how full the cache is now."""
        return {"budget_mb": round(self.budget / 2**20, 1), "mb": round(self.bytes / 2**20, 2),
                "entries": len(self._entries)}


MODEL_OUTPUTS = OutputCache(int(environment().cache_mb * 2**20))


@contextlib.contextmanager
def uncached():
    """Inside: every model call runs (a speed measurement repeats its inputs); the cache is emptied and off, then
    back at its budget."""
    budget = MODEL_OUTPUTS.budget
    MODEL_OUTPUTS.resize(0)
    try:
        yield
    finally:
        MODEL_OUTPUTS.resize(budget)

_counts = threading.local()


def count(role: str, hits: int, misses: int) -> None:
    """Note in this thread's counts that a call of the `role` model found `hits` items cached and ran `misses`."""
    mine = counts()
    h, m = mine.get(role, (0, 0))
    mine[role] = (h + hits, m + misses)


def counts() -> dict:
    """This thread's running counts, role -> (items found cached, items run): read before and after a stage."""
    if not hasattr(_counts, "by_role"):
        _counts.by_role = {}
    return _counts.by_role


def add_counts(runtime: dict, before: dict) -> None:
    """Add what this thread counted since `before` (a copy of `counts()`) to a result's `coverage.runtime["cache"]`:
    per role {"hits", "misses"} in items (sentences embedded, pairs judged, scorer windows)."""
    for role, (h, m) in counts().items():
        h0, m0 = before.get(role, (0, 0))
        if (h, m) != (h0, m0):
            cell = runtime.setdefault("cache", {}).setdefault(role, {"hits": 0, "misses": 0})
            cell["hits"] += h - h0
            cell["misses"] += m - m0


def model_identity(files: list, *settings) -> str:
    """A short key part naming what decides a model's outputs: its files (path, size, modification time) and the
    `settings` that change them (window length, execution provider, int8 kernel option, threads, pooling)."""
    parts = [str(settings)]
    for f in files:
        p = Path(f).resolve()
        st = p.stat()
        parts.append(f"{p}:{st.st_size}:{st.st_mtime_ns}")
    return hashlib.sha1("|".join(parts).encode()).hexdigest()[:16]


def clear_text_caches() -> None:
    """Empty the per-text caches of the language tools (spaCy parses, entity mentions, negations, heading and
    language checks), as a new answer over new documents finds them: for benchmarks of cold calls."""
    from grounding import (binding, decompose, deeds, entities, headings, language, negate, overclaim, prices, reversal,
                           verb_binding, wording)
    for cached in (decompose.parse, entities.mentions, headings.states_fact, language._detect_cached, negate.negate,
                   binding.misbindings, verb_binding.misbound_verbs, binding.misbound_kinds, binding._names,
                   binding._values, binding.claim_subject,
                   reversal.conditions, reversal.comparisons, overclaim.stronger, prices.price_states, wording.align,
                   deeds._cached_deeds, deeds.placings):
        cached.cache_clear()
