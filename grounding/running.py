"""The checks the app is running now, so that Stop reaches one while it works: Gradio ends a run only where it
yields, and a context engine scores every window of an answer in one pass before its first sentence is done."""
from __future__ import annotations

import threading
from collections import deque
from dataclasses import dataclass, field

from grounding.types import GroundingResult


@dataclass
class Check:
    """One running check: `stop` asks it to stop (its pipeline's `cancelled`); it sets `settled` once its result
    will not change any more (finished, or stopped and the rest listed as not assessed)."""
    stop: threading.Event = field(default_factory=threading.Event)
    settled: threading.Event = field(default_factory=threading.Event)


class Running:
    """The running checks by their result object, which the app's result state holds from a check's first update
    on (ground_stream fills one object): the Stop event finds the check it stops through it."""

    def __init__(self):
        self._checks: dict[int, Check] = {}
        self._stopped: deque[int] = deque(maxlen=256)   # the results of the checks Stop ended, most recent last
        self._lock = threading.Lock()

    def start(self, result: GroundingResult, check: Check) -> None:
        with self._lock:
            self._checks[id(result)] = check

    def stop(self, result: GroundingResult) -> bool:
        """Tell the check that fills `result` to stop; False when no check is running with it (it had finished)."""
        with self._lock:
            check = self._checks.get(id(result))
            if check is None or check.settled.is_set():
                return False
            self._stopped.append(id(result))
        check.stop.set()
        return True

    def was_stopped(self, result: GroundingResult) -> bool:
        with self._lock:
            return id(result) in self._stopped

    def wait(self, result: GroundingResult, timeout: float = 5.0) -> None:
        """Wait (at most `timeout` s) until the check that fills `result`, if one is running, has settled."""
        with self._lock:
            check = self._checks.get(id(result))
        if check is not None:
            check.settled.wait(timeout)

    def finish(self, check: Check) -> None:
        with self._lock:
            self._checks = {k: c for k, c in self._checks.items() if c is not check}


RUNNING = Running()
