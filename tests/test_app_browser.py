"""The app in a real browser (Debian's chromium through Playwright): examples, heatmap shape, badges,
selection -> evidence, uploads, downloads, settings re-derivation, error messages, escaping, and that no
request leaves the machine. Screenshots of each state go to test-output/screenshots/.

Skipped only when no chromium is on the PATH (`chromium` or `chromium-browser`; install it with `make chromium`).
"""
from __future__ import annotations

import copy
import dataclasses
import json
import os
import shutil
import socket
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

import pytest

from conftest import ROOT, pdf_bytes
from grounding import GroundingConfig, ground, rederive
from grounding.examples import BY_NAME, EXAMPLES
from grounding.types import CONTRADICTED, UNSUPPORTED

CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser") or "/usr/bin/chromium"
SHOTS = ROOT / "test-output" / "screenshots"
XSS_SCRIPT = "<script>window.__xss=1</script>"
XSS_IMG = '<img src=x onerror="window.__xss=1">'

pytestmark = pytest.mark.skipif(not Path(CHROMIUM).exists(), reason=f"{CHROMIUM} is missing: run `make chromium`")


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def start_app(models_dir: Path, log_path: Path) -> tuple[subprocess.Popen, str]:
    """`python app.py` on a free port; returns (process, url) once the page answers."""
    port = free_port()
    env = dict(os.environ, GRADIO_SERVER_PORT=str(port), GRADIO_SERVER_NAME="127.0.0.1", GRADIO_ANALYTICS_ENABLED="False",
               HF_HUB_OFFLINE="1", GROUNDING_MODELS_DIR=str(models_dir), PYTHONUNBUFFERED="1")
    log = open(log_path, "w")
    proc = subprocess.Popen([sys.executable, str(ROOT / "app.py")], cwd=ROOT, env=env, stdout=log, stderr=subprocess.STDOUT)
    url = f"http://127.0.0.1:{port}"
    deadline = time.time() + 240
    while time.time() < deadline:
        if proc.poll() is not None:
            raise RuntimeError(f"app.py exited with {proc.returncode}; see {log_path}")
        try:
            with urllib.request.urlopen(url + "/", timeout=5) as r:
                if r.status == 200:
                    return proc, url
        except OSError:
            time.sleep(1)
    proc.terminate()
    raise RuntimeError(f"app.py did not answer within 240 s; see {log_path}")


@pytest.fixture(scope="module")
def app_url(models_dir):
    SHOTS.mkdir(parents=True, exist_ok=True)
    proc, url = start_app(models_dir, SHOTS.parent / "app_browser_test.log")
    yield url
    proc.terminate()
    try:
        proc.wait(timeout=20)
    except subprocess.TimeoutExpired:
        proc.kill()


@pytest.fixture(scope="module")
def browser():
    from playwright.sync_api import sync_playwright
    with sync_playwright() as p:
        b = p.chromium.launch(executable_path=CHROMIUM, headless=True,
                              args=["--no-sandbox", "--disable-gpu", "--disable-background-networking"])
        yield b
        b.close()


@pytest.fixture
def page(browser, app_url):
    """A fresh session; every request it makes is recorded and must stay on the app's own origin."""
    context = browser.new_context(viewport={"width": 1500, "height": 1200}, accept_downloads=True)
    pg = context.new_page()
    outside: list[str] = []
    pg.on("request", lambda r: outside.append(r.url) if not r.url.startswith((app_url, "data:", "blob:")) else None)
    pg.goto(app_url)
    pg.wait_for_selector("#gv-run", timeout=120_000)
    pg.wait_for_selector("text=Contradiction: remission rate and liver enzymes", timeout=60_000)
    pg.wait_for_selector("#gv-heatmap table.gr-heatmap", timeout=120_000)   # the first example's result, on arrival
    yield pg
    context.close()
    assert not outside, f"requests left the machine: {outside}"


@pytest.fixture(scope="module")
def config(models_dir):
    return GroundingConfig(models_dir=str(models_dir))


@pytest.fixture(scope="module")
def library(config):
    """The library's own results for every example (what the app must show)."""
    return {e["name"]: ground(e["response"], e["context"], config, question=e["question"]) for e in EXAMPLES}


def shot(page, name: str) -> None:
    page.screenshot(path=str(SHOTS / f"{name}.png"), full_page=True)


def load_example(page, name: str) -> None:
    e = BY_NAME[name]
    page.get_by_text(e["label"], exact=True).locator("visible=true").first.click()   # the open tab's examples
    page.wait_for_function("v => document.querySelector('#gv-response textarea').value === v", arg=e["response"],
                           timeout=30_000)


def run_and_wait(page, timeout_ms: int = 180_000) -> str:
    """Click Run; wait for the final status (done or error); return its state."""
    # the status shown before (the arrival's is "done" already) is marked stale: only a new one counts
    page.eval_on_selector("#gv-status .status", "s => { s.dataset.stale = '1'; }")
    page.click("#gv-run")
    page.wait_for_selector('#gv-status .status:not([data-stale])[data-state="done"], '
                           '#gv-status .status:not([data-stale])[data-state="error"]', timeout=timeout_ms)
    return page.get_attribute("#gv-status .status", "data-state")


def heatmap_shape(page) -> tuple[int, int]:
    rows = page.locator("#gv-heatmap table.gr-heatmap tbody tr[data-row]").count()
    cells = page.locator("#gv-heatmap table.gr-heatmap td.cell").count()
    return rows, cells // max(rows, 1)


def claim_badges(page) -> list[str]:
    return page.locator("#gv-claims li.claim:not(.rejected) .badge").all_inner_texts()


def test_page_loads_without_outside_requests(page):
    assert page.title() == "Grounding check"
    for label in (e["label"] for e in EXAMPLES):
        assert page.get_by_text(label, exact=True).locator("visible=true").count() == 1
    shot(page, "00_start")


def test_page_on_arrival_shows_the_first_examples_result(page, library):
    """No empty panes: the first example's input and result (the library's) are there before any click."""
    first = EXAMPLES[0]
    res = library[first["name"]]
    assert page.input_value("#gv-response textarea") == first["response"]
    assert heatmap_shape(page) == (len(res.response_sentences), len(res.context_sentences))
    assert claim_badges(page) == [v.label for v in res.verdicts if res.claims[v.claim].origin != "rejected"]
    assert page.locator("#gv-metrics .tile").count() == 8 and page.locator("#gv-downloads a").count() == 3
    shot(page, "00b_arrival")


def test_contradiction_example(page, library):
    res = library["contradiction"]
    load_example(page, "contradiction")
    assert run_and_wait(page) == "done"
    shot(page, "01_contradiction")
    # the heatmap has the library's shape: response sentences x context sentences
    assert heatmap_shape(page) == (len(res.response_sentences), len(res.context_sentences)) == (3, 6)
    assert page.locator("#gv-heatmap th[data-doc]").count() == len(res.documents)
    # the verdicts shown are the library's, in claim order
    expected = [v.label for v in res.verdicts if res.claims[v.claim].origin != "rejected"]
    assert claim_badges(page) == expected
    assert CONTRADICTED in expected, "the shipped models must catch 70% vs 30%"
    badge = page.locator("#gv-claims .badge-contradicted").first
    assert badge.is_visible() and badge.inner_text() == "Contradicted"
    card = page.locator("#gv-verdicts .verdict.v-contradicted").first
    assert card.is_visible()
    assert card.locator(".explanation").inner_text().startswith("Contradicted by")
    assert card.locator("blockquote.anchor").count() >= 1
    assert "Provenance: response sentence R" in card.inner_text()
    shot(page, "02_contradicted_verdict")


def test_verdict_cards_say_how_sure(page, library):
    """Each verdict card of the contradiction example says how sure the verdict is, as the library computes it
    (grounding.sureness: a figure from the shipped calibration, or why there is none), and an unsure verdict carries
    the "unsure" tag in its card and in the metrics' counts."""
    from grounding import sureness
    res = library["contradiction"]
    load_example(page, "contradiction")
    assert run_and_wait(page) == "done"
    shown = page.locator("#gv-verdicts .verdict .sureness").all_inner_texts()
    expected = [sureness.describe(v) for v in res.verdicts if res.claims[v.claim].origin != "rejected"]
    assert shown == expected and any(v.sureness is not None for v in res.verdicts)
    unsure = sum(sureness.band(v.sureness) == "unsure" for v in res.verdicts)
    assert page.locator("#gv-verdicts .unsure-tag").count() == page.locator("#gv-claims .unsure-tag").count() == unsure
    assert page.locator("#gv-metrics .unsure-tag").count() == (1 if unsure else 0)
    page.locator("#gv-verdicts .verdict .sureness").first.scroll_into_view_if_needed()
    shot(page, "02b_how_sure")


def test_long_context_heatmap_shape_and_document_boundaries(page, library):
    res = library["long_context"]
    load_example(page, "long_context")
    assert run_and_wait(page) == "done"
    n, m = len(res.response_sentences), len(res.context_sentences)
    assert m >= 40 and heatmap_shape(page) == (n, m)
    heads = page.locator("#gv-heatmap th[data-doc]")
    assert heads.count() == len(res.documents) == 4
    assert [int(heads.nth(k).get_attribute("colspan")) for k in range(4)] == [len(d.sentences) for d in res.documents]
    assert page.locator("#gv-metrics").get_by_text("FCR", exact=True).is_visible()
    shot(page, "03_long_context")
    # R5 "opened a commercial-scale hydrogen plant": Unsupported by the denial rule (the two sentences read together
    # entail it for the model); its card quotes the sentence that names the plant only as undecided
    assert claim_badges(page) == [v.label for v in res.verdicts if res.claims[v.claim].origin != "rejected"]
    assert [v.label for v in res.verdicts if res.claims[v.claim].sentence == 4] == [UNSUPPORTED]
    card = page.locator("#gv-verdicts .verdict.v-unsupported", has_text="Northwind has not yet decided whether")
    assert card.count() == 1
    card.scroll_into_view_if_needed()
    assert ("names “commercial-scale hydrogen plant” only as not done, not there or undecided (“not decided … whether”)"
            in card.locator(".explanation").inner_text())
    shot(page, "03b_long_context_denied_mention")
    # R2 "Wind generation rose by 6%" is Contradicted by the direction rule: its anchor cell is red and outlined
    # (the model read the pair as support), the tooltip says why, and the row's evidence shows it contradicting
    (cell,) = res.sentence_map.ruled
    ruled = page.locator(f"#gv-heatmap tr[data-row='{cell.row}'] td.cell.ruled")
    assert ruled.count() == 1 and ruled.get_attribute("data-col") == str(cell.column)
    assert ruled.get_attribute("data-label") == "-1" and "the quantity rule: the claim says 6% (rose)" in ruled.get_attribute("title")
    assert "red by the verdict's rule" in page.inner_text("#gv-heatmap .legend")
    page.locator(f"#gv-heatmap tr[data-row='{cell.row}'] th.rowhead").click()
    page.wait_for_selector(f"#gv-context .ctx-caption:has-text('R{cell.row + 1}:')", timeout=30_000)
    sent = page.locator(f"#gv-context .ctx-sent[data-col='{cell.column}']")
    assert "ev-contradict" in sent.get_attribute("class") and "the quantity rule" in sent.get_attribute("title")
    shot(page, "03c_long_context_ruled_cell")



def test_hotel_example_shows_the_exception_and_the_prices(page, library):
    """The example "Exceptions and prices": the badges are the library's (Supported, Contradicted, Supported,
    Contradicted); "Assistance dogs are welcome" is green against "Pets are not allowed, except assistance dogs"
    though the model read it red, the cell outlined in dark green, its tooltip naming the exception rule; "Parking
    costs £20 a night" is Contradicted by the £15 sentence."""
    res = library["hotel"]
    load_example(page, "hotel")
    assert run_and_wait(page) == "done"
    labels = [v.label for v in res.verdicts if res.claims[v.claim].origin != "rejected"]
    assert claim_badges(page) == labels == ["Supported", CONTRADICTED, "Supported", CONTRADICTED]
    (cell,) = [c for c in res.sentence_map.ruled if c.row == 2]
    green = page.locator(f"#gv-heatmap tr[data-row='2'] td.cell.ruled.ruled-green")
    assert green.count() == 1 and green.get_attribute("data-col") == str(cell.column)
    assert green.get_attribute("data-label") == "1" and "the exception rule" in green.get_attribute("title")
    assert "dark-green outline = green by the verdict's rule" in page.inner_text("#gv-heatmap .legend")
    card = page.locator("#gv-verdicts .verdict.v-supported", has_text="Assistance dogs are welcome")
    assert card.count() == 1
    card.scroll_into_view_if_needed()
    assert "it names “assistance dogs” as the exception (“except assistance dogs”)" in card.inner_text()
    parking = page.locator("#gv-verdicts .verdict.v-contradicted", has_text="Parking costs £20 a night")
    assert parking.count() == 1 and "the claim says £20, the source £15" in parking.inner_text()
    shot(page, "12_hotel_exception")

def _row_with_evidence(library) -> tuple[str, int] | None:
    for e in EXAMPLES:
        res = library[e["name"]]
        for i, labels in enumerate(res.sentence_map.labels):
            if any(labels):
                return e["name"], i
    return None


def test_selecting_a_sentence_highlights_its_evidence(page, library):
    found = _row_with_evidence(library)
    if found is None:
        pytest.skip("the models give no evidence (psi != 0) for any example sentence")
    name, row = found
    res = library[name]
    expected = {str(j) for j, lab in enumerate(res.sentence_map.labels[row]) if lab}
    load_example(page, name)
    assert run_and_wait(page) == "done"
    # 1) click the heatmap row
    page.locator(f"#gv-heatmap tr[data-row='{row}'] th.rowhead").click()
    page.wait_for_selector(f"#gv-context .ctx-caption:has-text('R{row + 1}:')", timeout=30_000)
    marked = page.locator("#gv-context .ctx-sent.ev-support, #gv-context .ctx-sent.ev-contradict")
    assert {marked.nth(k).get_attribute("data-col") for k in range(marked.count())} == expected
    assert "score" in marked.first.get_attribute("title")
    assert page.locator("#gv-focus input").input_value().startswith(f"R{row + 1} ·")
    assert "selected" in page.get_attribute(f"#gv-heatmap tr[data-row='{row}']", "class")
    shot(page, "04_selected_row")
    # 2) back to all, then pick the sentence from the dropdown
    page.click("#gv-focus input")
    page.get_by_role("option", name="All evidence").click()
    page.wait_for_selector("#gv-context .ctx-caption:has-text('all response sentences')", timeout=30_000)
    page.click("#gv-focus input")
    page.get_by_role("option").filter(has_text=f"R{row + 1} ·").first.click()
    page.wait_for_selector(f"#gv-context .ctx-caption:has-text('R{row + 1}:')", timeout=30_000)
    assert marked.count() == len(expected)
    # 3) click a claim in the claim list
    claim = next(k for k, c in enumerate(res.claims) if c.sentence == row and c.origin != "rejected")
    page.locator(f"#gv-claims li.claim[data-claim='{claim}']").click()
    page.wait_for_function("() => !document.querySelector('#gv-context .ctx-caption').innerText.includes('all response')",
                           timeout=30_000)
    caption = page.inner_text("#gv-context .ctx-caption")
    assert f"C{claim + 1}:" in caption or f"R{row + 1}:" in caption


def test_upload_txt_and_pdf(page, tmp_path, library):
    txt = tmp_path / "clinic hours.txt"
    txt.write_text("The clinic opens at 8 am on weekdays.\nIt closes at 6 pm.\n", encoding="utf-8")
    pdf = tmp_path / "visitor_guide.pdf"
    pdf.write_bytes(pdf_bytes(["Visitors must register at the front desk.", "Parking is free for patients."]))
    page.set_input_files("#gv-files input[type=file]", [str(txt), str(pdf)])
    page.wait_for_selector("#gv-upload-info li:has-text('visitor_guide.pdf')", timeout=60_000)
    assert page.locator("#gv-upload-info li").count() == 2
    page.fill("#gv-response textarea", "The clinic opens at 8 am on weekdays. Parking is free for patients.")
    assert run_and_wait(page) == "done"
    docs = page.locator("#gv-context section.ctx-doc")
    assert docs.count() == 2
    assert {docs.nth(k).get_attribute("data-doc") for k in range(2)} == {"clinic_hours", "visitor_guide"}
    text = page.inner_text("#gv-context")
    for line in ("The clinic opens at 8 am on weekdays.", "Visitors must register at the front desk.",
                 "Parking is free for patients."):
        assert line in text
    assert heatmap_shape(page) == (2, 4)
    shot(page, "05_uploads")


def test_jsonl_upload_fills_response_and_question(page, tmp_path):
    record = {"id": "q1", "question": "When does the clinic open?", "response": "The clinic opens at 8 am.",
              "context": [{"id": "hours", "title": "Opening hours", "text": "The clinic opens at 8 am on weekdays."}]}
    path = tmp_path / "record.jsonl"
    path.write_text(json.dumps(record) + "\n", encoding="utf-8")
    page.set_input_files("#gv-files input[type=file]", [str(path)])
    page.wait_for_function("v => document.querySelector('#gv-response textarea').value === v", arg=record["response"],
                           timeout=60_000)
    assert page.input_value("#gv-question textarea, #gv-question input") == record["question"]
    assert "Opening hours" in page.inner_text("#gv-upload-info")
    assert run_and_wait(page) == "done"
    assert page.locator("#gv-context section.ctx-doc[data-doc='record-hours']").count() == 1


def test_verdict_threshold_change_rederives_without_a_run(page, library):
    res = library["faithful"]
    load_example(page, "faithful")
    assert run_and_wait(page) == "done"
    page.get_by_text("Settings", exact=True).click()
    box = "#gv-supported input[type=number]"
    page.fill(box, "0")
    page.press(box, "Enter")
    page.wait_for_selector("#gv-status .status:has-text('no model was run')", timeout=60_000)
    forced = rederive(copy.deepcopy(res), GroundingConfig(models_dir=res.config.models_dir, overrides={"supported": 0.0}))
    expected = [v.label for v in forced.verdicts if forced.claims[v.claim].origin != "rejected"]
    page.wait_for_function("n => document.querySelectorAll('#gv-claims li.claim:not(.rejected) .badge').length === n",
                           arg=len(expected), timeout=30_000)
    assert claim_badges(page) == expected
    assert "supported = 0.0" in page.inner_text("#gv-status")
    # switching the preset resets the sliders to the preset's values and re-derives again
    page.locator("#gv-preset input").click()
    page.get_by_role("option", name="code").click()
    page.wait_for_selector("#gv-status .status:has-text(\"preset 'code' (overrides: none)\")", timeout=60_000)
    assert page.input_value(box) == "0.7"
    coded = rederive(copy.deepcopy(res), GroundingConfig(models_dir=res.config.models_dir, preset="code"))
    assert claim_badges(page) == [v.label for v in coded.verdicts if coded.claims[v.claim].origin != "rejected"]
    shot(page, "11_rederived")


def test_learned_preset_decides_in_the_app_without_a_run(page, library):
    """Preset learned chosen in the settings re-derives the contradiction example's verdicts with the shipped
    verdict model: the badges are the library's, "70% ... remission" stays Contradicted, and its explanation says
    the learned model decided and with which probabilities."""
    res = library["contradiction"]
    load_example(page, "contradiction")
    assert run_and_wait(page) == "done"
    page.get_by_text("Settings", exact=True).click()
    page.locator("#gv-preset input").click()
    page.get_by_role("option", name="learned").click()
    page.wait_for_selector("#gv-status .status:has-text(\"preset 'learned' (overrides: none)\")", timeout=60_000)
    learned = rederive(copy.deepcopy(res), GroundingConfig(models_dir=res.config.models_dir, preset="learned"))
    expected = [v.label for v in learned.verdicts if learned.claims[v.claim].origin != "rejected"]
    page.wait_for_function("n => document.querySelectorAll('#gv-claims li.claim:not(.rejected) .badge').length === n",
                           arg=len(expected), timeout=30_000)
    assert claim_badges(page) == expected and expected[0] == "Contradicted"
    card = page.locator("#gv-verdicts .verdict.v-contradicted").first
    page.wait_for_function("() => [...document.querySelectorAll('#gv-verdicts .explanation')]"
                           ".some(e => e.innerText.includes('Decided by the learned verdict model'))", timeout=30_000)
    assert "70%" in card.inner_text()
    assert "Decided by the learned verdict model: P(Supported) = " in card.locator(".explanation").inner_text()
    shot(page, "11c_learned_preset")


def test_override_scope_choice_rederives_without_a_run(page, config):
    """The default preset lets only a claim's most similar sentence fire the contradiction override ('anchor').
    In the "Sources disagree" example the first claim is decided by its 2021 document read on its own (the joint
    reading); with that rule off (the joint_support box emptied) its label moves when any judged sentence may fire
    the override ('any'): the app must show what the library's rederive gives, without a run, and the earlier
    verdicts on the way back. Engine `claims`: on the context engines the example's labels do not move with it."""
    ex = BY_NAME["conflicting"]
    res = ground(ex["response"], ex["context"], dataclasses.replace(config, engine="claims"), question=ex["question"])
    assert GroundingConfig().verdict_preset().override_scope == "anchor"
    no_joint = {"joint_support": None}

    def labels(overrides):
        r = rederive(copy.deepcopy(res), GroundingConfig(models_dir=res.config.models_dir, overrides=overrides))
        return [v.label for v in r.verdicts if r.claims[v.claim].origin != "rejected"]
    before, after = labels(no_joint), labels({**no_joint, "override_scope": "any"})
    assert before != after and after[0] == "Contradicted"     # the example exercises the switch

    def badges_become(expected):
        page.wait_for_function("b => Array.from(document.querySelectorAll('#gv-claims li.claim:not(.rejected) .badge'))"
                               ".map(e => e.innerText).join('|') === b", arg="|".join(expected), timeout=30_000)
    load_example(page, "conflicting")
    page.get_by_text("Settings", exact=True).click()
    page.locator("#gv-engine").get_by_label("claims", exact=True).check()
    assert run_and_wait(page) == "done"
    box = "#gv-joint_support textarea, #gv-joint_support input"
    page.fill(box, "")
    page.press(box, "Enter")
    page.wait_for_selector("#gv-status .status:has-text('joint_support = None')", timeout=60_000)
    badges_become(before)
    page.locator("#gv-override_scope").get_by_label("any", exact=True).check()   # check(): retried until it holds
    page.wait_for_selector("#gv-status .status:has-text('override_scope = any')", timeout=60_000)
    badges_become(after)
    assert claim_badges(page) == after
    shot(page, "11b_override_scope_any")
    page.locator("#gv-override_scope").get_by_label("anchor", exact=True).check()     # back: the earlier verdicts
    badges_become(before)
    page.locator("#gv-engine").get_by_label(GroundingConfig().engine, exact=True).check()   # the next tests' engine


def test_conflict_note_threshold_is_a_setting(page, library):
    """The "Sources disagree" example names the 2023 update as leaning against the claim. Its first claim is
    decided by the 2021 document read on its own, and then a sentence that would fire the contradiction override
    is named too; with the override off (the nli_override box emptied) emptying the conflict_note box switches
    the note off without a run."""
    load_example(page, "conflicting")
    assert run_and_wait(page) == "done"
    card = "#gv-verdicts div.verdict[data-claim='0']"
    assert "leans against it" in page.inner_text(card)
    assert "Another document leans against the claim" in page.inner_text(card)
    page.get_by_text("Settings", exact=True).click()
    override = "#gv-nli_override textarea, #gv-nli_override input"
    page.fill(override, "")
    page.press(override, "Enter")
    page.wait_for_selector("#gv-status .status:has-text('nli_override = None')", timeout=60_000)
    assert "leans against it" in page.inner_text(card)
    box = "#gv-conflict_note textarea, #gv-conflict_note input"
    assert page.input_value(box) == "0.6"
    page.fill(box, "")
    page.press(box, "Enter")
    page.wait_for_selector("#gv-status .status:has-text('conflict_note = None')", timeout=60_000)
    page.wait_for_function("() => !document.querySelector(\"#gv-verdicts div.verdict[data-claim='0']\").innerText"
                           ".includes('leans against')", timeout=30_000)
    assert claim_badges(page)[0] == "Supported"


def test_bad_upload_shows_a_message_not_a_traceback(page, tmp_path):
    junk = tmp_path / "notes.txt"
    junk.write_bytes(bytes(range(256)) * 16)
    page.set_input_files("#gv-files input[type=file]", [str(junk)])
    page.wait_for_selector("text=notes.txt is not UTF-8 text", timeout=60_000)
    body = page.inner_text("body")
    assert "Traceback" not in body and "UnicodeDecodeError" not in body
    shot(page, "06_bad_upload")


def test_empty_input_warns_and_reads_not_assessed(page):
    page.fill("#gv-response textarea", "")
    page.fill("#gv-context-input textarea", "")
    assert run_and_wait(page) == "error"
    page.wait_for_selector("text=The response is empty", timeout=30_000)
    metrics = page.inner_text("#gv-metrics")
    assert "Not assessed" in metrics and "Supported" not in metrics
    shot(page, "07_empty_input")


@pytest.mark.parametrize("engine,folder,shot_name", [("context", "scorer", "08_context_engine"),
                                                     ("context-fast", "scorer_fast", "08b_context_fast_engine")])
def test_context_engine_runs_or_says_why_not(page, models_dir, engine, folder, shot_name):
    """With exported_models/scorer (scorer_fast) the context (context-fast) engine runs, one window per
    response sentence and document; without it the library raises InputError and the app must show it as a message."""
    load_example(page, "faithful")
    page.get_by_text("Settings", exact=True).click()
    page.locator("#gv-engine").get_by_label(engine, exact=True).check()
    state = run_and_wait(page)
    status = page.inner_text("#gv-status")
    if not (models_dir / folder / "model.onnx").is_file():
        assert state == "error" and ("scorer" in status or "context" in status)
        page.wait_for_selector(".toast-body", timeout=30_000)   # and as a gr.Warning toast
        page.screenshot(path=str(SHOTS / f"{shot_name}_toast.png"))
    else:
        from grounding.config import GroundingConfig
        from grounding.examples import BY_NAME
        from grounding.pipeline import ground
        ex = BY_NAME["faithful"]
        lib = ground(ex["response"], ex["context"], GroundingConfig(engine=engine, models_dir=str(models_dir)))
        assert state == "done", status
        assert heatmap_shape(page) == (len(lib.sentence_map.rows), len(lib.sentence_map.columns)) == (4, 7)
        # one window per response sentence beside the one document (rows_per_window 1)
        assert f"windows: {lib.coverage.windows}" in page.inner_text("body") and lib.coverage.windows == 4
    assert "Traceback" not in page.inner_text("body")
    shot(page, shot_name)


def test_json_csv_and_report_downloads(page, library):
    res = library["faithful"]
    load_example(page, "faithful")
    assert run_and_wait(page) == "done"
    files = {}
    for name in ("grounding_result.json", "grounding_pairs.csv", "grounding_report.html"):
        link = page.locator(f"#gv-downloads a[download='{name}']")
        with page.expect_download() as info:
            link.click()
        files[name] = Path(info.value.path()).read_text(encoding="utf-8")
    data = json.loads(files["grounding_result.json"])
    assert len(data["verdicts"]) == len(res.verdicts)
    assert [v["label"] for v in data["verdicts"]] == [v.label for v in res.verdicts]
    assert data["complete"] is True and data["response"] == BY_NAME["faithful"]["response"]
    assert files["grounding_pairs.csv"].splitlines()[0].startswith("result_id,claim,claim_text")
    assert len(files["grounding_pairs.csv"].splitlines()) == len(res.pairs) + 1
    report = files["grounding_report.html"]
    assert report.startswith("<!DOCTYPE html>") and "<script" not in report.lower()
    shot(page, "09_downloads")


def test_pasted_html_is_shown_as_text(page):
    response = f"The dose is 50 mg {XSS_SCRIPT}. The tablets are blue {XSS_IMG}. Braces ${{window.__xss=2}} {{{{value}}}}."
    context = f"# Label {XSS_IMG}\nThe dose is 50 mg {XSS_SCRIPT}. The tablets are blue {XSS_IMG}.\n---\nMore {XSS_SCRIPT} text."
    page.fill("#gv-response textarea", response)
    page.fill("#gv-context-input textarea", context)
    # the arrival example's question went with its texts: it is not carried into this result and its reports
    page.wait_for_function("() => document.querySelector('#gv-question textarea').value === ''", timeout=10_000)
    assert run_and_wait(page) == "done"
    page.locator("#gv-heatmap tr[data-row='0'] th.rowhead").click()
    page.wait_for_selector("#gv-context .ctx-caption:has-text('R1:')", timeout=30_000)
    for view in ("#gv-context", "#gv-claims"):
        text = page.inner_text(view)
        assert XSS_SCRIPT in text and XSS_IMG in text
    assert "${window.__xss=2}" in page.inner_text("#gv-claims") and "{{value}}" in page.inner_text("#gv-claims")
    head = page.locator("#gv-heatmap th[data-doc]").first   # a short label; the title and legend name it
    assert head.inner_text() == "D1" and head.get_attribute("title").startswith(f"Label {XSS_IMG}")
    assert f"Label {XSS_IMG}" in page.inner_text("#gv-heatmap .doc-legend")
    for view in ("#gv-heatmap", "#gv-claims", "#gv-verdicts", "#gv-metrics", "#gv-context"):
        assert page.locator(f"{view} script, {view} img").count() == 0
    assert page.evaluate("() => window.__xss") is None
    shot(page, "10_escaped_html")


def test_api_ground_endpoint(app_url, library):
    from gradio_client import Client
    e = BY_NAME["conflicting"]
    client = Client(app_url, verbose=False)
    out = client.predict(e["response"], e["context"], e["question"], 0.5, GroundingConfig().preset, "claims",
                         api_name="/ground")
    data = out if isinstance(out, dict) else json.loads(out)
    res = library["conflicting"]
    assert [v["label"] for v in data["verdicts"]] == [v.label for v in res.verdicts]
    assert len(data["sentence_map"]["rows"]) == len(res.response_sentences)
    again = client.predict(data, "code", {"supported": 0.9}, api_name="/rederive")
    assert again["config"]["preset"] == "code" and again["config"]["overrides"] == {"supported": 0.9}
    report = client.predict(data, api_name="/report")
    assert report.startswith("<!DOCTYPE html>")
