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


MMAP_THRESHOLD = 1 << 20


def limit_heap_arenas(arenas: int = 2) -> None:
    """At most `arenas` glibc malloc arenas (M_ARENA_MAX): each thread serving a request otherwise gets heap arenas of
    its own that keep their peak, so a server's memory grows with its concurrency; and big blocks always mapped on
    their own (MMAP_THRESHOLD). Call before serving."""
    if _LIBC is not None and hasattr(_LIBC, "mallopt"):
        _LIBC.mallopt(-8, arenas)   # M_ARENA_MAX
        # M_MMAP_THRESHOLD fixed at 1 MiB: a block this large (a 5 MB paste, its copies, a big result) is always its
        # own mapping, handed back whole when freed. glibc otherwise raises the threshold after the first such
        # block is freed (up to 32 MB), and later big blocks land in the heap, where they fragment and stay.
        _LIBC.mallopt(-3, MMAP_THRESHOLD)


def _libc():
    import ctypes
    import ctypes.util
    try:
        libc = ctypes.CDLL(ctypes.util.find_library("c") or "libc.so.6")
        return libc if hasattr(libc, "malloc_trim") else None
    except OSError:   # not glibc (musl, macOS): nothing to trim
        return None


_LIBC = _libc()
