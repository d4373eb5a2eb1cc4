"""App latency through a real browser: for each bundled example, the time from clicking Run to
  - first paint: the heatmap table is on screen (segmentation done, rows pending),
  - first sentence: the first heatmap row is filled in (streamed result),
  - complete: the status says done (all verdicts, metrics, downloads written),
measured in the page (a MutationObserver stamps performance.now()), median over --repeat runs.

    .venv-dev/bin/python benchmarks/app_latency.py [--threads 2] [--repeat 3] [--models DIR]
                                                   [--engines context claims context-fast]

Starts `python app.py` on a free port with GROUNDING_THREADS=--threads (ONNX Runtime intra-op threads) and
drives Debian's /usr/bin/chromium with Playwright. Models: --models, else $GROUNDING_MODELS_DIR, else
exported_models/. --engines: each engine in turn, chosen in the app's Settings (default: the library's default
engine), side by side in one run.
"""
from __future__ import annotations

import argparse
import os
import re
import socket
import statistics
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

from grounding import GroundingConfig  # noqa: E402
from grounding.examples import EXAMPLES  # noqa: E402
from grounding.segment import parse_context, split_response  # noqa: E402

CHROMIUM = "/usr/bin/chromium"

# Stamps the first moment each condition holds, relative to window.__t0 (set just before the click).
# Elements left from the previous run are tagged data-old first, so only freshly rendered ones count.
OBSERVER_JS = """
() => {
  document.querySelectorAll('#gv-heatmap table, #gv-heatmap tr, #gv-status .status').forEach((el) => { el.dataset.old = '1'; });
  window.__marks = {};
  const check = () => {
    const now = performance.now() - window.__t0;
    const m = window.__marks;
    if (m.paint === undefined && document.querySelector('#gv-heatmap table.gr-heatmap:not([data-old])')) m.paint = now;
    if (m.first === undefined && document.querySelector('#gv-heatmap tr[data-state="done"]:not([data-old]), #gv-heatmap tr[data-state="na"]:not([data-old])')) m.first = now;
    const st = document.querySelector('#gv-status .status:not([data-old])');
    if (m.complete === undefined && st && (st.dataset.state === 'done' || st.dataset.state === 'error')) { m.complete = now; m.state = st.dataset.state; }
  };
  if (window.__observer) window.__observer.disconnect();
  window.__observer = new MutationObserver(check);
  window.__observer.observe(document.body, {subtree: true, childList: true, attributes: true, characterData: true});
  window.__t0 = performance.now();
}
"""


def models_dir(arg: str | None) -> Path:
    if arg:
        return Path(arg)
    if os.environ.get("GROUNDING_MODELS_DIR"):
        return Path(os.environ["GROUNDING_MODELS_DIR"])
    return ROOT / "exported_models"


def start_app(models: Path, threads: int, log_path: Path) -> tuple[subprocess.Popen, str]:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    env = dict(os.environ, GRADIO_SERVER_PORT=str(port), GRADIO_SERVER_NAME="127.0.0.1", GRADIO_ANALYTICS_ENABLED="False",
               HF_HUB_OFFLINE="1", GROUNDING_MODELS_DIR=str(models), GROUNDING_THREADS=str(threads),
               OMP_NUM_THREADS=str(threads))
    proc = subprocess.Popen([sys.executable, str(ROOT / "app.py")], cwd=ROOT, env=env,
                            stdout=open(log_path, "w"), stderr=subprocess.STDOUT)
    url = f"http://127.0.0.1:{port}"
    deadline = time.time() + 300
    while time.time() < deadline:
        if proc.poll() is not None:
            raise SystemExit(f"app.py exited with {proc.returncode}; see {log_path}")
        try:
            with urllib.request.urlopen(url + "/", timeout=5):
                return proc, url
        except OSError:
            time.sleep(1)
    proc.terminate()
    raise SystemExit(f"app.py did not start within 300 s; see {log_path}")


def measure(page, example: dict) -> dict:
    page.get_by_text(example["label"], exact=True).click()
    page.wait_for_function("v => document.querySelector('#gv-response textarea').value === v", arg=example["response"])
    page.evaluate(OBSERVER_JS)
    page.click("#gv-run")
    page.wait_for_function("() => window.__marks.complete !== undefined", timeout=600_000, polling=50)
    marks = page.evaluate("() => window.__marks")
    status = page.inner_text("#gv-status")
    server = re.search(r"in ([\d.]+) s", status)
    marks["server"] = float(server.group(1)) * 1000 if server else None
    return marks


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--threads", type=int, default=2)
    ap.add_argument("--repeat", type=int, default=3)
    ap.add_argument("--models", default=None)
    ap.add_argument("--engines", nargs="+", default=None, help="engines measured in turn (default: the library's)")
    a = ap.parse_args(argv)
    if not Path(CHROMIUM).exists():
        print(f"{CHROMIUM} is missing (make chromium)", file=sys.stderr)
        return 2
    from playwright.sync_api import sync_playwright

    models = models_dir(a.models)
    os.environ["GROUNDING_CACHE_MB"] = "0"   # each click runs the models: the repeats find no outputs cached
    out = ROOT / "test-output"
    out.mkdir(exist_ok=True)
    proc, url = start_app(models, a.threads, out / "app_latency.log")
    rows = []
    try:
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path=CHROMIUM, headless=True,
                                        args=["--no-sandbox", "--disable-gpu", "--disable-background-networking"])
            page = browser.new_page(viewport={"width": 1500, "height": 1100})
            page.goto(url)
            page.wait_for_selector("#gv-run", timeout=120_000)
            page.wait_for_selector(f"text={EXAMPLES[0]['label']}", timeout=60_000)
            # the page's arrival fills the boxes with the first example: an example clicked before that lands is
            # overwritten by it (the warm-up then waited 30 s for its text and failed)
            page.wait_for_selector('#gv-status .status:has-text("Showing the example")', timeout=120_000)
            engines = a.engines or [GroundingConfig().engine]
            page.get_by_text("Settings", exact=True).click()
            for engine in engines:
                page.locator("#gv-engine").get_by_label(engine, exact=True).check()
                measure(page, EXAMPLES[-1])   # warm-up run, not reported
                for e in EXAMPLES:
                    runs = [measure(page, e) for _ in range(a.repeat)]
                    states = {r.get("state") for r in runs}
                    med = {k: statistics.median(r[k] for r in runs if r.get(k) is not None)
                           if any(r.get(k) is not None for r in runs) else float("nan")
                           for k in ("paint", "first", "complete", "server")}
                    n = len(split_response(e["response"]))
                    m = sum(len(d.sentences) for d in parse_context(e["context"]))
                    rows.append((engine, e["name"], f"{n}x{m}", med["paint"], med["first"], med["complete"],
                                 med["server"], "/".join(sorted(states))))
            browser.close()
    finally:
        proc.terminate()
        proc.wait(timeout=30)
    print(f"models: {models}   threads: {a.threads}   repeat: {a.repeat} (median)   cpu cores: {os.cpu_count()}")
    header = ("engine", "example", "sent x ctx", "first paint ms", "first sentence ms", "complete ms", "server total ms", "state")
    print("| " + " | ".join(header) + " |")
    print("|" + "|".join("---" for _ in header) + "|")
    for engine, name, shape, paint, first, complete, server, state in rows:
        print(f"| {engine} | {name} | {shape} | {paint:.0f} | {first:.0f} | {complete:.0f} | {server:.0f} | {state} |")
    return 0


if __name__ == "__main__":
    sys.exit(main())
