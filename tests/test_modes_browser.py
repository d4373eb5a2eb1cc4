"""The app's compare and gold modes and the selection following, in a real browser: the flagged cells are the
library's compare() cells, the F1 shown is the CLI's on the same record, the verdicts pane scrolls to the
selected card, and the long-context map fits 1024 px with every document identifiable. Screenshots go to
test-output/screenshots/ (15_* ... 19_*)."""
from __future__ import annotations

import json

import pytest

from grounding import GroundingConfig, ground
from grounding.batch.records import Item, ground_item
from grounding.compare import compare
from grounding.examples import BY_NAME
from grounding.gold import wrong_cells
from test_app_browser import (CHROMIUM, app_url, browser, load_example, page, run_and_wait,  # noqa: F401  (fixtures)
                              shot)

pytestmark = pytest.mark.skipif(not __import__("pathlib").Path(CHROMIUM).exists(), reason=f"{CHROMIUM} is missing")


@pytest.fixture(scope="module")
def config(models_dir):
    return GroundingConfig(models_dir=str(models_dir))


def flagged_cells(page, side: str) -> list[tuple[int, int]]:
    return page.eval_on_selector_all(
        f"#gv-cmp-heatmap-{side} td.cell.mark-diff",
        "cells => cells.map(c => [Number(c.closest('tr').dataset.row), Number(c.dataset.col)])")


def test_compare_mode_flags_the_librarys_differing_cells(page, config):
    e = BY_NAME["long_context"]
    a, b = (ground(e["response"], e["context"], GroundingConfig(engine=x, models_dir=config.models_dir), e["question"])
            for x in ("claims", "context"))
    expected = compare(a, b)
    assert expected.cells, "the two engines should differ somewhere on the long-context example"
    page.click("#gv-tab-compare-button")
    load_example(page, "long_context")
    page.click("#gv-cmp-run")
    page.wait_for_selector("#gv-cmp-status .compare-summary", timeout=180_000)
    summary = page.locator("#gv-cmp-status .compare-summary")
    assert int(summary.get_attribute("data-cells")) == len(expected.cells)
    assert expected.summary() in summary.inner_text()
    for side in "ab":
        assert [tuple(c) for c in flagged_cells(page, side)] == expected.cells
        assert page.locator(f"#gv-cmp-heatmap-{side} th .row-flag").count() == len(expected.sentences)
    assert page.locator("#gv-cmp-verdicts-a .verdict.differs").count() == len(expected.claims_a)
    assert page.locator("#gv-cmp-verdicts-b .verdict.differs").count() == len(expected.claims_b)
    # a click on a row of side B selects that sentence on both maps and both verdict lists
    row = expected.sentences[-1]
    page.locator(f"#gv-cmp-heatmap-b tr[data-row='{row}'] th.rowhead").click()
    page.wait_for_selector(f"#gv-cmp-heatmap-a tr.selected[data-row='{row}']", timeout=30_000)
    for side in "ab":
        assert page.locator(f"#gv-cmp-heatmap-{side} tr.selected").count() == 1
        cards = page.locator(f"#gv-cmp-verdicts-{side} .verdict.selected")
        assert cards.count() >= 1 and all(cards.nth(k).get_attribute("data-row") == str(row)
                                          for k in range(cards.count()))
    shot(page, "15_compare_long_context")


def _gold_record(name: str, config) -> dict:
    """An example as a CLI record whose gold is the claims engine's prediction with two cells changed: one missed
    contradiction (gold -1 where the model says nothing) and one support the gold does not have."""
    e = BY_NAME[name]
    res = ground(e["response"], e["context"], config, e["question"])
    gold = [list(map(int, row)) for row in res.sentence_map.labels]
    i, j = next((i, j) for i, row in enumerate(gold) for j, x in enumerate(row) if x == 0)
    gold[i][j] = -1
    k, m = next((k, m) for k, row in enumerate(gold) for m, x in enumerate(row) if x == 1)
    gold[k][m] = 0
    return {"id": name, "response": e["response"], "context": e["context"], "question": e["question"], "gold": gold}


def test_gold_upload_shows_the_clis_f1_and_marks_wrong_cells(page, config, tmp_path):
    records = [_gold_record("contradiction", config), _gold_record("faithful", config)]
    path = tmp_path / "gold.jsonl"
    path.write_text("\n".join(json.dumps(r) for r in records), encoding="utf-8")
    cli = [json.loads(ground_item(Item(f"gold.jsonl line {k + 1}", r["id"], json.dumps(r)), config).line)
           for k, r in enumerate(records)]
    page.set_input_files("#gv-files input[type=file]", [str(path)])
    page.wait_for_selector("#gv-upload-info .uploads", timeout=60_000)
    assert run_and_wait(page) == "done"
    page.wait_for_selector("#gv-gold .gold-panel .tile", timeout=60_000)
    gold = cli[0]["result"]["metrics"]["gold"]
    for key in ("support_f1", "contradict_f1", "citation_f1"):
        tile = page.locator(f"#gv-gold .tile[data-metric='{key}']")
        assert tile.locator(".v").inner_text() == f"{gold[key]:.4f}"
        lo, hi = gold["ci95"][key]
        assert tile.locator(".d").inner_text() == f"95% CI {lo:.2f}–{hi:.2f}"
    # the wrong cells on the map are the library's, the missed contradiction flagged apart
    pred = cli[0]["result"]["sentence_map"]["labels"]
    wrong = wrong_cells(pred, records[0]["gold"])
    shown = page.eval_on_selector_all("#gv-heatmap td.cell.gold-wrong, #gv-heatmap td.cell.gold-missed",
                                      "cs => cs.map(c => [Number(c.closest('tr').dataset.row), Number(c.dataset.col)])")
    assert sorted(map(tuple, shown)) == sorted((w.row, w.column) for w in wrong)
    assert page.locator("#gv-heatmap td.cell.gold-missed").count() == 1
    assert page.locator("#gv-gold table.confusion td").count() == 9
    assert int(page.locator("#gv-gold td[data-gold='-1'][data-pred='0']").inner_text()) == 1
    rows = page.locator("#gv-gold table.records tr.record")
    assert rows.count() == 2
    shot(page, "16_gold_upload")
    # one click opens the second record: its own figures, equal to the CLI's
    rows.nth(1).click()
    page.wait_for_selector("#gv-gold tr.record.selected[data-record='1']", timeout=60_000)
    second = cli[1]["result"]["metrics"]["gold"]
    assert page.locator("#gv-gold .tile[data-metric='citation_f1'] .v").inner_text() == f"{second['citation_f1']:.4f}"
    assert page.input_value("#gv-response textarea") == records[0]["response"]   # the boxes: the file's first record
    assert page.input_value("#gv-context-input textarea") == ""
    assert page.locator("#gv-claims .claim-sent").first.inner_text().endswith(
        ground(records[1]["response"], records[1]["context"], config).response_sentences[0].text)


def test_verdicts_follow_the_selection(page):
    load_example(page, "long_context")
    assert run_and_wait(page) == "done"
    pane = "#gv-verdicts"
    last = page.locator("#gv-heatmap tbody tr[data-row]").count() - 1
    page.locator(f"#gv-heatmap tr[data-row='{last}'] th.rowhead").click()
    page.wait_for_selector(f"#gv-verdicts .verdict.selected[data-row='{last}']", timeout=30_000)
    page.wait_for_function("""() => { const p = document.querySelector('#gv-verdicts');
        const c = p.querySelector('.verdict.selected'); const a = p.getBoundingClientRect(), b = c.getBoundingClientRect();
        return p.scrollTop > 0 && b.top >= a.top - 1 && b.top < a.bottom; }""", timeout=10_000)
    # printed (and print-media screenshots): every card, no inner scrolling
    page.emulate_media(media="print")
    assert page.eval_on_selector(pane, "p => p.scrollHeight <= p.clientHeight + 1")
    shot(page, "17_verdicts_follow_print")
    page.emulate_media(media="screen")


def test_long_context_map_fits_1024_with_every_document_named(page):
    page.set_viewport_size({"width": 1024, "height": 900})
    load_example(page, "long_context")
    assert run_and_wait(page) == "done"
    heads = page.locator("#gv-heatmap th[data-doc]")
    assert heads.all_inner_texts() == ["D1", "D2", "D3", "D4"]
    wrap = page.locator("#gv-heatmap .hm-wrap").bounding_box()
    last = heads.nth(3).bounding_box()
    assert last["x"] + last["width"] <= min(wrap["x"] + wrap["width"], 1024) + 1, (last, wrap)
    assert page.eval_on_selector("#gv-heatmap .hm-wrap", "w => w.scrollWidth <= w.clientWidth + 1")
    legend = page.locator("#gv-heatmap .doc-legend").inner_text()
    assert all(f"D{k}" in legend for k in range(1, 5)) and "storage and grid" in legend
    page.locator("#gv-heatmap").screenshot(path=str(__import__("test_app_browser").SHOTS / "18_long_context_1024.png"))
    shot(page, "19_long_context_1024_page")
