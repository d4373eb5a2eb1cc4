"""The process's heap after big requests: freed pages handed back to the system, and few malloc arenas, so a
server's memory returns near its baseline (README, "Limits")."""
from __future__ import annotations


def release_memory(collect: bool = True) -> None:
    """After a request: hand freed heap pages back to the system (glibc's malloc_trim), after collecting its objects
    when `collect` (a big request), so the process returns near its baseline instead of keeping the peak."""
    import gc
    if collect:
        gc.collect()
    if _LIBC is not None:
        _LIBC.malloc_trim(0)


def limit_heap_arenas(arenas: int = 2) -> None:
    """At most `arenas` glibc malloc arenas (M_ARENA_MAX): each thread serving a request otherwise gets heap arenas of
    its own that keep their peak, so a server's memory grows with its concurrency. Call before serving."""
    if _LIBC is not None and hasattr(_LIBC, "mallopt"):
        _LIBC.mallopt(-8, arenas)   # M_ARENA_MAX


def _libc():
    import ctypes
    import ctypes.util
    try:
        libc = ctypes.CDLL(ctypes.util.find_library("c") or "libc.so.6")
        return libc if hasattr(libc, "malloc_trim") else None
    except OSError:   # not glibc (musl, macOS): nothing to trim
        return None


_LIBC = _libc()
