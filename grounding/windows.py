"""Scorer windows (pure, no model): which response and context sentences one scorer pass reads together.

Long inputs (``plan_windows``): when response + context exceed the window (512 tokens), the context is
partitioned at document boundaries (then at sentence boundaries inside a document that alone does not fit)
into groups packed first-fit in document order; every group is scored with the full response and the maps
are concatenated along the context axis. A response that leaves less than ``min_context_tokens`` for the
context is split into row groups of at most half the window. A single sentence longer than what is left for
it is cut to fit and listed in ``coverage.truncated_*`` (or, with ``long_sentences="skip"``, not scored and
listed in ``coverage.unscored_*``). Nothing is dropped silently.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Sequence


@dataclass
class Window:
    rows: list[int]       # response sentence indices scored in this window
    columns: list[int]    # context sentence indices (global, increasing)


@dataclass
class WindowPlan:
    windows: list[Window]
    response_lengths: list[int]    # token counts actually used per response sentence (after any cut)
    context_lengths: list[int]     # the same per context sentence
    truncated_response: list[int] = field(default_factory=list)
    truncated_context: list[int] = field(default_factory=list)
    unscored_response: list[int] = field(default_factory=list)
    unscored_context: list[int] = field(default_factory=list)


def _cost(lengths: Sequence[int]) -> int:
    return sum(n + 1 for n in lengths)   # every sentence carries its boundary token


WINDOW_MODES = ("packed", "document")


def plan_windows(response_lengths: Sequence[int], document_lengths: Sequence[Sequence[int]], max_length: int = 512,
                 min_context_tokens: int = 128, long_sentences: str = "truncate", mode: str = "packed",
                 rows_per_window: int = 0) -> WindowPlan:
    """Partition an input into windows that each fit ``max_length`` tokens.

    response_lengths: token count of each response sentence (without boundary tokens);
    document_lengths: per document, the token count of each of its sentences. Columns are numbered over
    all documents in order. Every (row, column) pair lands in exactly one window unless a sentence is
    listed in ``unscored_*``. long_sentences: "truncate" (cut an over-long sentence to fit, list it in
    truncated_*) or "skip" (leave it unscored, list it in unscored_*). mode: "packed" (documents packed
    first-fit into as few windows as fit, the paper's document-level windows) or "document" (every document,
    or every piece of a document longer than a window, is its own window: a document's scores then never
    depend on the other documents or their order). rows_per_window: 0 puts the whole response in every window
    (the paper's layout), k > 0 at most k response sentences (1: each sentence read on its own, beside each document).
    """
    if long_sentences not in ("truncate", "skip"):
        raise ValueError(f"long_sentences must be 'truncate' or 'skip', not '{long_sentences}'")
    if mode not in WINDOW_MODES:
        raise ValueError(f"window mode must be one of {WINDOW_MODES}, not '{mode}'")
    capacity = max_length - 2                   # [CLS] ... [SEP]
    if capacity < 8:
        raise ValueError(f"max_length {max_length} is too small for a window")
    resp = [int(n) for n in response_lengths]
    ctx = [int(n) for doc in document_lengths for n in doc]
    plan = WindowPlan([], list(resp), list(ctx))

    # rows: the whole response (or rows_per_window sentences at a time) when it leaves room for context, else
    # groups of at most half the window
    step = rows_per_window if rows_per_window > 0 else max(1, len(resp))
    row_groups = []
    for rows_all in (list(range(k, min(k + step, len(resp)))) for k in range(0, len(resp), step)):
        if _cost(resp[i] for i in rows_all) <= capacity - min(min_context_tokens, capacity // 2):
            row_groups.append(rows_all)
            continue
        half = capacity // 2
        current, used = [], 0
        for i in rows_all:
            if resp[i] + 1 > half:
                if long_sentences == "skip":
                    plan.unscored_response.append(i)
                    continue
                plan.response_lengths[i] = half - 1
                plan.truncated_response.append(i)
            cost = plan.response_lengths[i] + 1
            if current and used + cost > half:
                row_groups.append(current)
                current, used = [], 0
            current.append(i)
            used += cost
        if current:
            row_groups.append(current)

    # context units per row group (the budget depends on the group's size)
    truncated, unscored = set(), set()
    for rows in row_groups:
        budget = capacity - _cost(plan.response_lengths[i] for i in rows)
        units: list[tuple[list[int], int]] = []          # (columns, cost)
        start = 0
        for doc in document_lengths:
            cols = list(range(start, start + len(doc)))
            start += len(doc)
            if not cols:
                continue
            if _cost(ctx[j] for j in cols) <= budget:
                units.append((cols, _cost(ctx[j] for j in cols)))
                continue
            chunk, used = [], 0
            for j in cols:                          # a document that does not fit: cut at sentence boundaries
                length = ctx[j]
                if length + 1 > budget:
                    if long_sentences == "skip":
                        unscored.add(j)
                        continue
                    truncated.add(j)
                    length = budget - 1
                    plan.context_lengths[j] = min(plan.context_lengths[j], length)
                if chunk and used + length + 1 > budget:
                    units.append((chunk, used))
                    chunk, used = [], 0
                chunk.append(j)
                used += length + 1
            if chunk:
                units.append((chunk, used))
        bins: list[tuple[list[int], int]] = []           # first fit, in document order
        for cols, cost in units:
            for b, (bcols, bused) in enumerate(bins if mode == "packed" else []):
                if bused + cost <= budget:
                    bins[b] = (bcols + cols, bused + cost)
                    break
            else:
                bins.append((list(cols), cost))
        plan.windows += [Window(list(rows), sorted(cols)) for cols, _ in bins]
    plan.truncated_context = sorted(truncated)
    plan.unscored_context = sorted(unscored)
    return plan
