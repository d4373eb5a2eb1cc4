"""Load test of the app's /ground API with gradio_client workers (one thread and one Client per user), on a fresh
server (`python app.py`, started here). Prints one table:

  1. single requests, one at a time: the latency of a typical request on an idle server;
  2. the throughput ceiling: --ceiling-users users sending typical requests back to back (no think time);
  3. the issue's mix: --users users, each sending --requests typical requests with 1-3 s of think time, while one
     more user sends 5 MB contexts back to back; errors, requests/s, p50 / p95 / max latency per kind of user;
and the server's memory (RSS) at start, after the load and after a 10 s rest.

    .venv-dev/bin/python benchmarks/load_test.py [--users 50] [--requests 20] [--concurrency 4] [--threads 1]

Typical requests (claims engine, default settings) take the app's examples in turn, in one of two modes
(--typical): "varied" (the default) keeps the example's context, as a shared document corpus would, and edits its
response for every request (one number changed, and at random the sentences reordered or one dropped; `edited`), so
cached context embeddings and unchanged sentences help while every request brings new claims to judge; "examples"
sends the examples as they are, the same four inputs over and over (with the model cache on, nearly every model call
of such a request is a cache hit: the cache's best case, not a typical load). --cache-mb sets the server's
GROUNDING_CACHE_MB (0: no cache). Write the CPU beside the figures (the table's first line says it).
"""
from __future__ import annotations

import argparse
import os
import random
import re
import statistics
import threading
import time
from pathlib import Path

from app_latency import models_dir, start_app  # benchmarks/app_latency.py (run from this folder's parent)

from grounding.examples import EXAMPLES
from grounding.runtime import cpu_description
from grounding.segment import split_response


def big_context(n: int) -> str:
    """Big request n's context: about 5 MB, 80,000 sentences, none repeated within it or from another big request (the
    model cache finds nothing to reuse: the work of a fresh 5 MB paste)."""
    return "".join(f"Meeting {n}.{i}: the committee discussed the budget for {2000 + i % 50}. " for i in range(80_000))


def rss_mb(pid: int) -> float:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    return float("nan")


class Recorder:
    def __init__(self):
        self.lock = threading.Lock()
        self.latencies: dict[str, list[float]] = {}
        self.errors: dict[str, list[str]] = {}
        self.server: dict[str, list[float]] = {}     # the result's own timings["total"]: server time, no queue
        self.cache: dict[str, dict[str, list[int]]] = {}   # kind -> model role -> [items found cached, items run]

    def call(self, kind: str, client, response: str, context: str) -> None:
        start = time.perf_counter()
        try:
            out = client.predict(response, context, "", 0.5, "paper", "claims", api_name="/ground")
            ok = isinstance(out, dict) and out.get("complete")
            error = None if ok else f"incomplete result: {str(out)[:80]}"
            if ok:
                with self.lock:
                    self.server.setdefault(kind, []).append(out["timings"].get("total", float("nan")))
                    found = self.cache.setdefault(kind, {})
                    for role, n in (out["coverage"].get("runtime") or {}).get("cache", {}).items():
                        if isinstance(n, dict):
                            found.setdefault(role, [0, 0])
                            found[role][0] += n["hits"]
                            found[role][1] += n["misses"]
        except Exception as err:   # the load test counts failures, it does not stop on them
            error = f"{type(err).__name__}: {str(err)[:120]}"
        elapsed = time.perf_counter() - start
        with self.lock:
            self.latencies.setdefault(kind, []).append(elapsed)
            if error:
                self.errors.setdefault(kind, []).append(error)


def client_for(url: str):
    from gradio_client import Client
    return Client(url, verbose=False)


TYPICAL_MODES = ("varied", "examples")
NUMBER = re.compile(r"\d+(?:\.\d+)?")


def edited(response: str, rng: random.Random) -> str:
    """`response` as another answer drawn from the same documents might read it: one number changed (so at least one
    sentence is new to the server), and at random the sentences reordered (half the time) or one dropped (a third of
    the time, when there are more than two)."""
    sentences = [s.text for s in split_response(response)]
    with_numbers = [i for i, text in enumerate(sentences) if NUMBER.search(text)]
    changed = rng.choice(with_numbers) if with_numbers else -1
    if with_numbers:
        m = rng.choice(list(NUMBER.finditer(sentences[changed])))
        old = float(m.group())
        new = rng.choice([v for v in range(1, max(100, 3 * int(old))) if v != old])   # of the same order
        sentences[changed] = sentences[changed][:m.start()] + str(new) + sentences[changed][m.end():]
    if len(sentences) > 2 and rng.random() < 1 / 3:
        sentences.pop(rng.choice([i for i in range(len(sentences)) if i != changed]))
    if rng.random() < 0.5:
        rng.shuffle(sentences)
    return " ".join(sentences)


def typical(k: int, mode: str = "varied", rng: random.Random | None = None) -> tuple[str, str]:
    """(response, context) of typical request k: example k (in turn) as it is ("examples") or with its response
    edited by `rng` ("varied", see `edited`)."""
    e = EXAMPLES[k % len(EXAMPLES)]
    if mode == "examples":
        return e["response"], e["context"]
    return edited(e["response"], rng or random.Random(k)), e["context"]


def users(url: str, rec: Recorder, n_users: int, n_requests: int, think: tuple[float, float], kind: str,
          mode: str, stop_big: threading.Event | None = None) -> float:
    """n_users threads each sending n_requests typical requests (`mode`, see `typical`); returns the wall time. With
    stop_big, one more thread sends the 5 MB context until the others are done."""
    def user(u: int) -> None:
        rng, edits = random.Random(u), random.Random(f"{kind} {u}")
        try:
            client = client_for(url)
        except Exception as err:   # the server did not even answer the client's config request: every request fails
            with rec.lock:
                rec.errors.setdefault(kind, []).extend([f"client: {type(err).__name__}: {err}"] * n_requests)
                rec.latencies.setdefault(kind, [])
            return
        for r in range(n_requests):
            rec.call(kind, client, *typical(u + r, mode, edits))
            if think[1]:
                time.sleep(rng.uniform(*think))

    def big_user() -> None:
        client = client_for(url)
        n = 0
        while not stop_big.is_set():
            rec.call("big (5 MB context)", client, "The committee met on Tuesday.", big_context(n))
            n += 1

    threads = [threading.Thread(target=user, args=(u,)) for u in range(n_users)]
    big = threading.Thread(target=big_user) if stop_big is not None else None
    start = time.perf_counter()
    if big:
        big.start()
    for t in threads:
        t.start()
        time.sleep(0.05)           # users arrive over a few seconds, not in one instant
    for t in threads:
        t.join()
    wall = time.perf_counter() - start
    if big:
        stop_big.set()
        big.join()
    return wall


def row(name: str, lat: list[float], errors: int, wall: float | None) -> str:
    lat = sorted(lat)
    p95 = lat[min(len(lat) - 1, int(round(0.95 * (len(lat) - 1))))] if lat else float("nan")
    rate = f"{len(lat) / wall:.2f}" if wall else "–"
    return (f"| {name} | {len(lat)} | {errors} | {rate} | {statistics.median(lat):.2f} | {p95:.2f} | "
            f"{max(lat):.2f} |" if lat else f"| {name} | 0 | {errors} | – | – | – | – |")


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--users", type=int, default=50)
    ap.add_argument("--requests", type=int, default=20)
    ap.add_argument("--ceiling-users", type=int, default=8)
    ap.add_argument("--ceiling-requests", type=int, default=10)
    ap.add_argument("--single", type=int, default=8, help="sequential requests for the idle latency")
    ap.add_argument("--concurrency", type=int, default=4, help="GROUNDING_CONCURRENCY of the server")
    ap.add_argument("--threads", type=int, default=1, help="GROUNDING_THREADS (ONNX Runtime threads per request)")
    ap.add_argument("--models", default=None)
    ap.add_argument("--typical", choices=TYPICAL_MODES, default="varied",
                    help="typical requests: the examples' contexts with edited responses (varied, the default), or the "
                         "examples as they are (examples)")
    ap.add_argument("--cache-mb", type=float, default=None,
                    help="GROUNDING_CACHE_MB of the server (default: the server's own default; 0: no model cache)")
    a = ap.parse_args(argv)
    os.environ["GROUNDING_CONCURRENCY"] = str(a.concurrency)
    if a.cache_mb is not None:
        os.environ["GROUNDING_CACHE_MB"] = f"{a.cache_mb:g}"
    what = "the examples as they are" if a.typical == "examples" else "the examples' contexts, responses edited"
    print(f"typical requests: {a.typical} ({what}); server GROUNDING_CACHE_MB="
          f"{os.environ.get('GROUNDING_CACHE_MB', 'default')}", flush=True)
    log = Path("test-output") / "load_test_app.log"
    log.parent.mkdir(exist_ok=True)
    proc, url = start_app(models_dir(a.models), a.threads, log)
    try:
        client = client_for(url)
        client.predict(*typical(0), "", 0.5, "paper", "claims", api_name="/ground")   # warm-up
        base = rss_mb(proc.pid)
        rec = Recorder()
        start = time.perf_counter()
        edits = random.Random("single")
        for k in range(a.single):
            rec.call("single, idle server", client, *typical(k, a.typical, edits))
        single_wall = time.perf_counter() - start
        ceiling_wall = users(url, rec, a.ceiling_users, a.ceiling_requests, (0, 0), "ceiling, no think time", a.typical)
        mix_wall = users(url, rec, a.users, a.requests, (1.0, 3.0), f"typical, {a.users} users, think 1-3 s",
                         a.typical, stop_big=threading.Event())
        after = rss_mb(proc.pid)
        time.sleep(10)
        rested = rss_mb(proc.pid)
    finally:
        proc.terminate()
        proc.wait(timeout=30)
    cpu = cpu_description()
    print(f"\nCPU: {cpu['cpu']} (flags: {', '.join(cpu['flags']) or 'none of avx512/vnni/amx'}), {os.cpu_count()} cores; "
          f"server: GROUNDING_CONCURRENCY={a.concurrency}, GROUNDING_THREADS={a.threads}, "
          f"GROUNDING_CACHE_MB={os.environ.get('GROUNDING_CACHE_MB', 'default')}; typical requests: {a.typical}\n")
    print("| requests | n | errors | requests/s | p50 s | p95 s | max s |")
    print("|---|---|---|---|---|---|---|")
    walls = {"single, idle server": single_wall, "ceiling, no think time": ceiling_wall}
    for kind, lat in rec.latencies.items():
        print(row(kind, lat, len(rec.errors.get(kind, [])), walls.get(kind, mix_wall)))
    single = statistics.median(rec.latencies["single, idle server"])
    ceiling = len(rec.latencies["ceiling, no think time"]) / ceiling_wall
    print(f"\nthroughput ceiling {ceiling:.2f} requests/s vs 1 / single latency {1 / single:.2f} requests/s "
          f"(ratio {ceiling * single:.2f})")
    print(f"memory (RSS): {base:.0f} MB at start, {after:.0f} MB after the load, {rested:.0f} MB after 10 s of rest "
          f"({(rested - base) / base:+.0%})")
    for kind, errs in rec.errors.items():
        print(f"errors ({kind}): {errs[:3]}")
    for kind, roles in rec.cache.items():
        print(f"model cache ({kind}): " + ", ".join(f"{role} {h / max(1, h + m):.0%} of {h + m:,} items found cached"
                                                    for role, (h, m) in roles.items()))
    big = rec.server.get("big (5 MB context)", [])
    if big:
        print(f"5 MB context, server time (the result's own total, no queue): median {statistics.median(big):.1f} s, "
              f"max {max(big):.1f} s over {len(big)} requests")
    print(docx_time())
    return 0


def docx_time() -> str:
    """The app's upload path on a .docx holding 27.5 M characters (read_upload, then the check), in this process."""
    import tempfile
    import zipfile
    from grounding.config import GroundingConfig
    from grounding.pipeline import ground
    from grounding.ingest import context_items, read_uploads
    body = "".join(f"<w:p><w:r><w:t>{big_context(0)[:3400]}</w:t></w:r></w:p>" for _ in range(8100))
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "huge.docx"
        with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as z:
            z.writestr("word/document.xml", '<w:document xmlns:w="http://schemas.openxmlformats.org/'
                       f'wordprocessingml/2006/main"><w:body>{body}</w:body></w:document>')
        size = path.stat().st_size
        start = time.perf_counter()
        upload = read_uploads([str(path)])        # what the app's Run does with an uploaded file
        items, notes = context_items("", upload.documents), upload.notes
        res = ground("The committee met on Tuesday.", items, GroundingConfig())
        elapsed = time.perf_counter() - start
    unread = sum(u["chars"] - u["read"] for u in res.coverage.unread)
    return (f".docx of {size:,} bytes holding {8100 * 3400:,} characters, upload path "
            f"in this process: {elapsed:.1f} s; notes: {notes}; not read after the upload cap: {unread:,} characters")


if __name__ == "__main__":
    raise SystemExit(main())
