"""Stop, without Gradio's cancellation: the runs in progress per browser session and kind of run ("check",
"compare", "trace"), each with a flag that Stop sets and the run reads (the library's `cancelled=`).

A run that sees its flag starts no more model work and ends by itself with a last step that says it was stopped
and shows what it did. (Gradio's own cancellation, `cancels=`, ended a run at its next yield but, now and then,
marked the stopped run's outputs "Error" in the browser: README, "Many users".) A closed tab is still ended by
Gradio at the run's next yield."""
from __future__ import annotations

import threading
from typing import Callable


class Stops:
    """The running runs, {(session, kind): flag}; thread-safe."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._flags: dict[tuple[str, str], threading.Event] = {}

    def start(self, session: str, kind: str) -> Callable[[], bool]:
        """A run of `kind` starts in `session`: its `cancelled` callable (True once Stop was pressed for it). An
        earlier run of the same kind in the same session, still running, is stopped: a page shows one at a time."""
        flag = threading.Event()
        with self._lock:
            old = self._flags.get((session, kind))
            if old is not None:
                old.set()
            self._flags[(session, kind)] = flag
        return flag.is_set

    def stop(self, session: str, kind: str) -> bool:
        """Stop pressed: the session's running run of `kind` stops (False: none was running)."""
        with self._lock:
            flag = self._flags.get((session, kind))
        if flag is None:
            return False
        flag.set()
        return True

    def end(self, session: str, kind: str, cancelled: Callable[[], bool]) -> None:
        """The run whose `cancelled` this is has ended (a newer run of the session keeps its own flag)."""
        with self._lock:
            flag = self._flags.get((session, kind))
            if flag is not None and flag.is_set == cancelled:
                del self._flags[(session, kind)]

    def running(self) -> int:
        with self._lock:
            return len(self._flags)


STOPS = Stops()
