"""Work that gives way: a long model pass written as a generator yields between its model calls (where a caller,
e.g. the app on Stop, can stop iterating and so start no more work) and returns its result. `finish` runs one to
its end for a caller that does not need to give way (ContextScorer.score_steps, trace.method.trace_steps)."""
from __future__ import annotations

from typing import Generator, TypeVar

T = TypeVar("T")


def finish(steps: Generator[object, None, T]) -> T:
    """Run `steps` to its end and return what it returns."""
    while True:
        try:
            next(steps)
        except StopIteration as done:
            return done.value
