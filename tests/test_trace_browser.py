"""The app's "Trace a pipeline" tab in a real browser (Debian's chromium through Playwright): an example DAG
traced, the DAG drawn as SVG with the selected claim's trail and the node where its error came in, the claim
list and evidence trail, another claim's provenance path, a bad DAG's message, escaping, and no request
leaving the machine. Screenshots go to test-output/screenshots/trace_*.png."""
from __future__ import annotations

import json

import pytest

from grounding.trace.examples import EXAMPLES, HIERARCHICAL
from test_app_browser import CHROMIUM, XSS_IMG, app_url, browser, shot  # noqa: F401  (fixtures)

pytestmark = pytest.mark.skipif(not __import__("pathlib").Path(CHROMIUM).exists(), reason=f"{CHROMIUM} is missing")


@pytest.fixture
def tpage(browser, app_url):  # noqa: F811
    context = browser.new_context(viewport={"width": 1500, "height": 1300}, accept_downloads=True)
    pg = context.new_page()
    outside: list[str] = []
    pg.on("request", lambda r: outside.append(r.url) if not r.url.startswith((app_url, "data:", "blob:")) else None)
    pg.goto(app_url)
    pg.get_by_role("tab", name="Trace a pipeline").click()
    pg.wait_for_selector("#gv-trace-run", timeout=120_000)
    yield pg
    context.close()
    assert not outside, f"requests left the machine: {outside}"


def trace_example(pg, label: str) -> None:
    pg.get_by_text(label, exact=True).click()
    pg.wait_for_function("() => document.querySelector('#gv-trace-json textarea').value.includes('nodes')",
                         timeout=30_000)
    pg.click("#gv-trace-run")
    pg.wait_for_selector("#gv-trace-dag svg.dag", timeout=180_000)


def test_trace_tab_draws_the_dag_and_the_error_stage(tpage):
    label = next(k for k, v in EXAMPLES.items() if v is HIERARCHICAL)
    trace_example(tpage, label)
    svg = tpage.locator("#gv-trace-dag svg.dag")
    assert svg.locator("g.node").count() == 6 and svg.locator("path.edge").count() == 6
    # the first flagged claim is selected: its error came in at chunk summary s1, drawn with a red outline
    assert "HbA1c fell by 2.1" in tpage.locator("#gv-trace-claims li.selected").inner_text()
    assert svg.locator("g.node.error-entered").count() == 1
    assert svg.locator("g.node.error-entered").get_attribute("data-node") == "s1"
    assert svg.locator("text=error entered here").count() == 1
    assert svg.locator('path.edge.on-trail[data-edge="s1→final"]').count() == 1
    trail = tpage.locator("#gv-trace-trail")
    assert "Error entered at stage chunk summary" in trail.inner_text()
    assert "“HbA1c fell by 2.1 percentage points with glucarin and by 0.3 points with placebo.”" in trail.inner_text()
    assert "Not Fully Supported" in tpage.locator("#gv-trace-counts").inner_text()
    shot(tpage, "trace_error_stage")
    # click the correct claim: its provenance path c2 -> s2 -> final is drawn green, no error node
    tpage.locator("#gv-trace-claims li", has_text="Nausea was reported").click()
    tpage.wait_for_selector("#gv-trace-dag path.edge.on-path", state="attached", timeout=30_000)
    assert sorted(e.get_attribute("data-edge") for e in svg.locator("path.edge.on-path").all()) == ["c2→s2", "s2→final"]
    assert svg.locator("g.node.error-entered").count() == 0
    assert "Provenance: c2 → s2 → final" in trail.inner_text()
    shot(tpage, "trace_provenance")
    files = tpage.locator("#gv-trace-downloads a")
    assert files.count() == 2


def test_trace_tab_bad_dag_and_escaping(tpage):
    tpage.fill("#gv-trace-json textarea", json.dumps({"id": "bad", "nodes": [
        {"id": "a", "text": "x"}, {"id": "b", "text": "y", "inputs": ["a", "ghost"]}]}))
    tpage.click("#gv-trace-run")
    tpage.wait_for_selector("#gv-trace-status .status.error", timeout=60_000)
    assert "node 'b' lists input 'ghost', which is not a node id" in tpage.locator("#gv-trace-status").inner_text()
    evil = {"id": "x" + XSS_IMG, "nodes": [
        {"id": "src" + XSS_IMG, "text": "The museum opens at nine. " + XSS_IMG},
        {"id": "final", "stage": XSS_IMG, "inputs": ["src" + XSS_IMG], "text": "The museum opens at nine."}]}
    tpage.fill("#gv-trace-json textarea", json.dumps(evil))
    tpage.click("#gv-trace-run")
    tpage.wait_for_selector("#gv-trace-dag svg.dag", timeout=120_000)
    assert tpage.evaluate("() => window.__xss") is None
    assert tpage.locator("#gv-trace-dag svg.dag img").count() == 0
    assert XSS_IMG in tpage.locator("#gv-trace-counts").inner_text()
    shot(tpage, "trace_escaped")


def test_trace_api_endpoint(app_url):  # noqa: F811
    from gradio_client import Client
    from gradio_client.exceptions import AppError
    client = Client(app_url, verbose=False)
    res = client.predict(json.dumps(HIERARCHICAL), 1, api_name="/trace")
    assert res["q"] == 1 and res["dag"]["id"] == "trial-summary"
    wrong = next(c for c in res["claims"] if c["text"].startswith("HbA1c fell by 2.1"))
    assert wrong["verdict"] == "Not Fully Supported" and wrong["error_stages"] == ["chunk summary"]
    with pytest.raises(AppError, match="has no source node"):
        client.predict(json.dumps({"nodes": [{"id": "a", "text": "x", "inputs": ["a2"]},
                                             {"id": "a2", "text": "y", "inputs": ["a"]}]}), 3, api_name="/trace")
