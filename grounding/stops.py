"""Stop, without Gradio's cancellation: the runs submitted or in progress per browser session and kind of run
("check", "compare", "trace"), each with a flag that Stop sets and the run reads (the library's `cancelled=`).

A run that sees its flag starts no more model work and ends by itself with a last step that says it was stopped
and shows what it did. (Gradio's own cancellation, `cancels=`, ended a run at its next yield but, now and then,
marked the stopped run's outputs "Error" in the browser: README, "Many users".) The click that starts a run also
`submit`s it at once (an event outside the queue), so that Stop reaches a run still waiting in the queue too: it
starts already stopped and ends at once. A closed tab is still ended by Gradio at the run's next yield."""
from __future__ import annotations

import threading
import time
from typing import Callable

FORGET_AFTER = 3600.0   # seconds: a submitted run that has not started (its tab closed while it waited) is forgotten


class Stops:
    """The submitted and running runs, {(session, kind): (flag, submitted at, started)}; thread-safe."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._flags: dict[tuple[str, str], tuple[threading.Event, float, bool]] = {}

    def submit(self, session: str, kind: str) -> None:
        """Run clicked (before the run waits in the queue): a fresh flag, unless one not yet set is there already
        (the run itself got there first)."""
        with self._lock:
            self._forget_old()
            held = self._flags.get((session, kind))
            if held is None or held[0].is_set():
                self._flags[(session, kind)] = (threading.Event(), time.monotonic(), False)

    def start(self, session: str, kind: str) -> Callable[[], bool]:
        """The run starts: its `cancelled` callable, the flag submitted for it (already set if Stop was pressed while
        it waited) or a new one."""
        with self._lock:
            held = self._flags.get((session, kind))
            # a flag of an earlier run that was stopped and is still ending is not this run's
            flag = held[0] if held is not None and not held[2] else threading.Event()
            self._flags[(session, kind)] = (flag, time.monotonic(), True)
        return flag.is_set

    def stop(self, session: str, kind: str) -> bool:
        """Stop pressed: the session's submitted or running run of `kind` stops (False: there was none)."""
        with self._lock:
            held = self._flags.get((session, kind))
        if held is None:
            return False
        held[0].set()
        return True

    def end(self, session: str, kind: str, cancelled: Callable[[], bool]) -> None:
        """The run whose `cancelled` this is has ended (a newer run of the session keeps its own flag)."""
        with self._lock:
            held = self._flags.get((session, kind))
            if held is not None and held[0].is_set == cancelled:
                del self._flags[(session, kind)]

    def running(self) -> int:
        with self._lock:
            return len(self._flags)

    def _forget_old(self) -> None:
        old = time.monotonic() - FORGET_AFTER
        for key in [k for k, (_, since, started) in self._flags.items() if since < old and not started]:
            del self._flags[key]


STOPS = Stops()
