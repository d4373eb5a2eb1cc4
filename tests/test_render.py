"""HTML views: structure (rows x cells, badges, evidence classes), escaping of every piece of user text,
and the "Not assessed" state. Results come from grounding.ground on small inputs."""
from __future__ import annotations

import copy
import dataclasses
from html.parser import HTMLParser

import pytest

from grounding import GroundingConfig, assets, ground, ground_stream, render, report
from grounding.entities import entity_overlap
from grounding.examples import BY_NAME
from grounding.types import CONTRADICTED, NOT_ASSESSED, SUPPORTED, VERDICTS

XSS_SCRIPT = "<script>window.__xss=1</script>"
XSS_IMG = '<img src=x onerror="window.__xss=1">'


class Parsed(HTMLParser):
    """Start tags with their attributes, and the text content (entities decoded)."""

    def __init__(self, markup: str):
        super().__init__(convert_charrefs=True)
        self.tags: list[tuple[str, dict]] = []
        self.chunks: list[str] = []
        self.feed(markup)
        self.close()

    def handle_starttag(self, tag, attrs):
        self.tags.append((tag, dict(attrs)))

    def handle_startendtag(self, tag, attrs):
        self.tags.append((tag, dict(attrs)))

    def handle_data(self, data):
        self.chunks.append(data)

    @property
    def text(self) -> str:
        return "".join(self.chunks)

    def find(self, tag: str, cls: str | None = None) -> list[dict]:
        return [a for t, a in self.tags if t == tag and (cls is None or cls in (a.get("class") or "").split())]

    def attr_text(self) -> str:
        return " ".join(v or "" for _, a in self.tags for v in a.values())


def assert_inert(markup: str) -> Parsed:
    """No executable markup at all: no script/img/iframe/object tags, no on* handlers, no javascript: URLs."""
    parsed = Parsed(markup)
    for tag, attrs in parsed.tags:
        assert tag not in ("script", "img", "iframe", "object", "embed", "svg", "link"), f"<{tag}> in output"
        assert not any(name.startswith("on") for name in attrs), f"event handler on <{tag}>: {attrs}"
        assert "javascript:" not in " ".join(v or "" for v in attrs.values()).lower()
    assert "<script" not in markup.lower() and "<img" not in markup.lower()
    return parsed


@pytest.fixture(scope="module")
def config(models_dir):
    return GroundingConfig(models_dir=str(models_dir), pfcr=True)


@pytest.fixture(scope="module")
def xss_result(config):
    response = f"The starting dose is 50 mg once daily {XSS_SCRIPT}. The tablets are blue {XSS_IMG}."
    context = [
        {"id": f"label{XSS_IMG}", "title": f"Label {XSS_SCRIPT}", "text": f"The starting dose is 50 mg once daily {XSS_IMG}. "
                                                                           "The tablets are blue and round."},
        f"# Update {XSS_IMG}\nThe starting dose is now 25 mg {XSS_SCRIPT}. Tablets are white.",
    ]
    return ground(response, context, config, question=f"Dose? {XSS_SCRIPT}")


@pytest.fixture(scope="module")
def long_result(config):
    e = BY_NAME["long_context"]
    return ground(e["response"], e["context"], config, question=e["question"])


@pytest.fixture(scope="module")
def contradiction_result(config):
    e = BY_NAME["contradiction"]
    return ground(e["response"], e["context"], config, question=e["question"])


@pytest.fixture(scope="module")
def not_assessed_result(config):
    return ground("", "Some context that has no answer to check against it.", config)


RENDERERS = {
    "heatmap": lambda r: render.heatmap_html(r, selected_row=0),
    "claims": render.claims_html,
    "verdicts": render.verdicts_html,
    "metrics": render.metrics_html,
    "context": render.context_html,
    "context_row": lambda r: render.context_html(r, row=0),
    "context_claim": lambda r: render.context_html(r, claim=0),
    "response": report.response_html,
    "report": report.report_html,
}


@pytest.mark.parametrize("name", sorted(RENDERERS))
def test_every_renderer_escapes_user_text(xss_result, name):
    markup = RENDERERS[name](xss_result)
    parsed = assert_inert(markup)
    visible = parsed.text + " " + parsed.attr_text()
    # the payloads are still there, as text (in the content or in a title attribute)
    if name in ("heatmap", "claims", "context", "context_row", "context_claim", "response", "report"):
        assert XSS_SCRIPT in visible and XSS_IMG in visible
    if name in ("verdicts",):
        assert "window.__xss=1" in visible


def test_escaping_of_verdict_text_and_entities(xss_result):
    res = copy.deepcopy(xss_result)
    v = res.verdicts[0]
    v.explanation = f"Because {XSS_SCRIPT} said so"
    v.rule = XSS_IMG
    v.entities.claim_only = [XSS_SCRIPT]
    v.entities.context_only = [XSS_IMG]
    res.claims[0].note = XSS_IMG
    res.coverage.messages.append(XSS_SCRIPT)
    res.coverage.truncated.append(XSS_IMG)
    for fn in (render.verdicts_html, render.claims_html, render.metrics_html, report.report_html):
        parsed = assert_inert(fn(res))
        assert "window.__xss=1" in parsed.text


def test_heatmap_has_n_rows_by_m_cells(long_result):
    n, m = len(long_result.response_sentences), len(long_result.context_sentences)
    assert (n, m) == (len(long_result.sentence_map.rows), len(long_result.sentence_map.columns)) == (6, 66)
    parsed = Parsed(render.heatmap_html(long_result))
    [table] = parsed.find("table", "gr-heatmap")
    assert (table["data-rows"], table["data-cols"]) == (str(n), str(m))
    rows = [a for a in parsed.find("tr") if "data-row" in a]
    assert [a["data-row"] for a in rows] == [str(i) for i in range(n)]
    cells = parsed.find("td", "cell")
    assert len(cells) == n * m
    assert [c["data-col"] for c in cells[:m]] == [str(j) for j in range(m)]
    # a header per document spanning its columns, with a thick boundary on its first column
    doc_heads = [a for a in parsed.find("th") if "data-doc" in a]
    assert [a["data-doc"] for a in doc_heads] == [d.id for d in long_result.documents]
    assert [int(a["colspan"]) for a in doc_heads] == [len(d.sentences) for d in long_result.documents]
    starts = [j for j, c in enumerate(cells[:m]) if "doc-start" in c["class"].split()]
    assert starts == [d.sentences[0].column for d in long_result.documents]
    # cell values and labels are the sentence map's
    for i in range(n):
        for j in range(m):
            c = cells[i * m + j]
            assert float(c["data-value"]) == pytest.approx(long_result.sentence_map.values[i][j], abs=1e-4)
            assert int(c["data-label"]) == long_result.sentence_map.labels[i][j]
            assert f"R{i + 1}:" in c["title"] and "score" in c["title"]


def test_heatmap_colours_diverge_around_zero(contradiction_result):
    res = copy.deepcopy(contradiction_result)
    res.sentence_map.values[0][:3] = [0.9, -0.9, 0.0]
    res.sentence_map.labels[0][:3] = [1, -1, 0]
    cells = Parsed(render.heatmap_html(res)).find("td", "cell")
    green, red, zero = (c["style"] for c in cells[:3])
    r, g, b = map(int, green.split("rgb(")[1].rstrip(")").split(","))
    assert g > r and g > b
    r, g, b = map(int, red.split("rgb(")[1].rstrip(")").split(","))
    assert r > g and r > b
    assert "#f1f3f5" in zero


def test_heatmap_selected_row_and_streaming_rows(config):
    e = BY_NAME["faithful"]
    first = next(ground_stream(e["response"], e["context"], config))
    parsed = Parsed(render.heatmap_html(first, selected_row=1))
    rows = [a for a in parsed.find("tr") if "data-row" in a]
    assert all(a["data-state"] == "pending" for a in rows)
    assert "selected" in rows[1]["class"].split() and "selected" not in rows[0]["class"].split()
    assert "Metrics appear when every sentence is checked" in render.metrics_html(first)


def test_not_assessed_rows_are_hatched_and_labelled(config):
    res = ground("Le médicament est pris une fois par jour avec de la nourriture. Il est bleu.",
                 "The drug is taken once a day with food. It is blue.", config)
    assert not res.coverage.assessed
    parsed = Parsed(render.heatmap_html(res))
    rows = [a for a in parsed.find("tr") if "data-row" in a]
    assert rows and all("row-na" in a["class"].split() for a in rows)
    assert len(parsed.find("span", "na-tag")) == len(rows)
    assert len(parsed.find("td", "cell")) == len(res.response_sentences) * len(res.context_sentences)


@pytest.mark.parametrize("label", VERDICTS)
def test_badge_class_per_verdict(contradiction_result, label):
    res = copy.deepcopy(contradiction_result)
    res.verdicts[0].label = label
    expected = {"Supported": "badge-supported", "Partially supported": "badge-partial", "Unsupported": "badge-unsupported",
                "Contradicted": "badge-contradicted", "Not assessed": "badge-not-assessed"}[label]
    for fn in (render.claims_html, render.verdicts_html):
        parsed = Parsed(fn(res))
        badges = parsed.find("span", "badge")
        assert "badge" in badges[0]["class"].split() and expected in badges[0]["class"].split()
    claims = Parsed(render.claims_html(res))
    assert label in claims.text


def test_claims_grouped_by_sentence_with_rejected_struck_through(long_result):
    res = copy.deepcopy(long_result)
    res.claims[0].origin, res.claims[0].note = "rejected", "self-check failed for: a part"
    markup = render.claims_html(res)
    parsed = Parsed(markup)
    groups = parsed.find("div", "claim-group")
    assert [g["data-row"] for g in groups] == [str(i) for i in range(len(res.response_sentences))]
    rejected = parsed.find("li", "rejected")
    expected = [str(k) for k, c in enumerate(res.claims) if c.origin == "rejected"]
    assert [a["data-claim"] for a in rejected] == expected and "0" in expected
    assert markup.count("<s>") == len(expected) and "self-check failed for: a part" in parsed.text
    judged = [k for k, c in enumerate(res.claims) if c.origin != "rejected"]
    assert len(parsed.find("li", "claim")) == len(res.claims)
    assert {a["data-claim"] for a in parsed.find("li", "claim") if "rejected" not in a["class"]} == {str(k) for k in judged}


def test_verdicts_show_explanation_anchor_diffs_and_provenance(contradiction_result):
    res = copy.deepcopy(contradiction_result)
    ctx = res.context_sentences
    col = next(s.column for s in ctx if "30%" in s.text)
    v = res.verdicts[0]
    v.label, v.anchor = CONTRADICTED, col
    v.entities = entity_overlap(res.claims[0].text, ctx[col].text)[1]
    v.explanation = "Contradicted by the trial summary."
    from grounding.explain import provenance
    v.provenance = provenance(res, v)
    parsed = Parsed(render.verdicts_html(res))
    [card] = [a for a in parsed.find("div", "verdict") if a["data-claim"] == "0"]
    assert "v-contradicted" in card["class"]
    assert "Contradicted by the trial summary." in parsed.text
    assert ctx[col].text in parsed.text                                   # the anchor span, quoted
    marks = Parsed(render.verdicts_html(res)).tags
    claim_marks = [a for t, a in marks if t == "mark" and a.get("class") == "diff-claim"]
    context_marks = [a for t, a in marks if t == "mark" and a.get("class") == "diff-context"]
    assert claim_marks and context_marks
    markup = render.verdicts_html(res)
    assert '<mark class="diff-claim">70%</mark>' in markup and '<mark class="diff-context">30%</mark>' in markup
    doc = res.document_of(col)
    assert f"{doc.title} ({doc.id}), sentence {ctx[col].index + 1}, characters {ctx[col].start}–{ctx[col].end}" in parsed.text


def test_metrics_define_the_rates(contradiction_result):
    parsed = Parsed(render.metrics_html(contradiction_result))
    abbrs = {a["title"].split(":")[0] for a in parsed.find("abbr")}
    assert {"Faithful Claim Rate", "Hallucinated (Contradicted) Rate", "Ambiguous Rate", "Ungrounded Rate",
            "Claim Entailment Rate", "Evidence-Claim Semantic Similarity", "Polarity Flip Consistency Rate",
            "Integrity score"} <= abbrs
    assert "Coverage" in parsed.text and "language: en" in parsed.text
    for label, n in contradiction_result.metrics.verdict_counts.items():
        assert label in parsed.text


def test_not_assessed_says_so_and_nothing_reads_as_supported(not_assessed_result):
    res = not_assessed_result
    assert not res.coverage.assessed and res.coverage.messages
    parsed = Parsed(render.metrics_html(res))
    assert "Not assessed" in parsed.text
    for message in res.coverage.messages:
        assert message in parsed.text
    assert "Supported" not in parsed.text and "FCR" not in parsed.text and "Faithful" not in parsed.text
    page = Parsed(report.report_html(res)).text
    assert "Not assessed" in page and "Supported" not in page


def test_context_highlights_evidence_of_the_selected_row_and_claim(contradiction_result):
    res = copy.deepcopy(contradiction_result)
    res.sentence_map.values[1] = [0.0] * len(res.context_sentences)
    res.sentence_map.labels[1] = [0] * len(res.context_sentences)
    res.sentence_map.values[1][1], res.sentence_map.labels[1][1] = 0.81, 1
    res.sentence_map.values[1][3], res.sentence_map.labels[1][3] = -0.66, -1
    parsed = Parsed(render.context_html(res, row=1))
    sents = parsed.find("span", "ctx-sent")
    assert len(sents) == len(res.context_sentences)
    support = [a for a in sents if "ev-support" in a["class"].split()]
    contra = [a for a in sents if "ev-contradict" in a["class"].split()]
    assert [a["data-col"] for a in support] == ["1"] and [a["data-col"] for a in contra] == ["3"]
    assert "+0.81" in support[0]["title"] and "-0.66" in contra[0]["title"]
    assert "R2" in parsed.text
    # a claim: its own judged pairs with psi != 0
    expected = {str(p.column) for p in res.pairs if p.claim == 0 and p.psi != 0}
    parsed = Parsed(render.context_html(res, claim=0))
    marked = {a["data-col"] for a in parsed.find("span", "ctx-sent")
              if {"ev-support", "ev-contradict"} & set(a["class"].split())}
    assert marked == expected
    # the document text comes back whole, sentence by sentence
    for d in res.documents:
        for s in d.sentences:
            assert s.text in parsed.text


def test_report_is_self_contained(long_result):
    markup = report.report_html(long_result)
    assert markup.startswith("<!DOCTYPE html>") and "<style>" in markup and assets.CSS in markup
    lower = markup.lower()
    for needle in ("<script", "<link", "@import", "url(", "http://", "https://", "src="):
        assert needle not in lower, needle
    parsed = Parsed(markup)
    for heading in ("Response", "Metrics and coverage", "Evidence map", "Claims", "Verdicts", "Context (all evidence)"):
        assert heading in parsed.text
    assert len(parsed.find("table", "gr-heatmap")) == 1


def test_status_and_upload_summary_escape():
    assert_inert(report.status_html(XSS_SCRIPT, "error", 1, 3))
    assert_inert(report.upload_summary_html([{"id": XSS_IMG, "title": XSS_SCRIPT, "text": XSS_IMG}]))
    parsed = Parsed(report.status_html("Checking sentence 2/5…", "running", 1, 5))
    [div] = parsed.find("div", "status")
    assert div["data-done"] == "1" and div["data-total"] == "5"


def test_verdict_labels_all_have_a_badge_class():
    assert set(render.BADGE_CLASS) == set(VERDICTS) and render.BADGE_CLASS[NOT_ASSESSED] == "not-assessed"


def test_conflicting_source_wording_follows_the_label(config):
    """A Contradicted claim names the source that supports it; a Supported one the source that leans against it."""
    e = BY_NAME["conflicting"]
    res = ground(e["response"], e["context"], config)
    v = res.verdicts[0]
    assert v.label == SUPPORTED and v.conflicting is not None
    markup = render.verdicts_html(res)
    assert "Another document leans against the claim" in markup and "supports the claim" not in markup
    assert "two documents may disagree (Prescribing information (2021) and Safety update (2023))" in v.explanation
    assert f'<blockquote class="anchor conflict" data-col="{v.conflicting}">' in markup
    v.label = CONTRADICTED
    assert "Another document supports the claim" in render.verdicts_html(res)


def test_metric_names_are_one_per_definition_in_tiles_and_readme():
    """Each metric has one name and one definition: the tile, its tooltip and the README say the same."""
    readme = " ".join((__import__("conftest").ROOT / "README.md").read_text(encoding="utf-8").split())
    for key, (name, definition) in render.METRIC_NAMES.items():
        assert f"**{key}** — {name}: " in readme, key
        head = definition.split(" (")[0] if key in ("ECSS", "PFCR") else definition
        assert head.split(",")[0] in readme, (key, head)


def test_a_pfcr_left_unrun_says_not_computed(models_dir):
    """PFCR on, evidence pairs there, but the time budget (or Stop) left PFCR unrun: "not computed", not "no
    evidence" (which it had read); without evidence "no evidence", with PFCR unset "off"."""
    config = GroundingConfig(engine="claims", models_dir=str(models_dir), pfcr=True)
    result = ground("Drug X lowers blood pressure.", "Drug X lowered blood pressure in the trial.", config)
    assert any(p.psi != 0 for p in result.pairs) and result.metrics.pfcr is not None
    unrun = copy.deepcopy(result)
    unrun.metrics.pfcr = None
    assert "> not computed</span>" in render.metrics_html(unrun)
    for p in unrun.pairs:
        p.psi = 0
    assert "> no evidence</span>" in render.metrics_html(unrun)
    unrun.config = dataclasses.replace(config, pfcr=False)
    assert "> off</span>" in render.metrics_html(unrun)


def test_a_result_stopped_before_any_sentence_shows_no_rates(models_dir):
    """Stop (or a spent time budget) before the first sentence: every sentence is Not assessed, so the metrics pane
    says "Not assessed" with the reason instead of rates of 0 % and an integrity of 0.00 over nothing."""
    config = GroundingConfig(engine="claims", models_dir=str(models_dir))
    stopped = ground("Drug X lowers blood pressure. It is cheap.", "Drug X lowered blood pressure in the trial.", config,
                     cancelled=lambda: True)
    assert stopped.complete and {v.label for v in stopped.verdicts} == {"Not assessed"}
    html = render.metrics_html(stopped)
    assert "Not assessed" in html and "The check was stopped" in html and 'class="tile"' not in html
    checked = ground("Drug X lowers blood pressure.", "Drug X lowered blood pressure in the trial.", config)
    assert render.metrics_html(checked).count('class="tile"') == 8


@pytest.mark.parametrize("engine", ["claims", "context"])
def test_a_cards_numbers_are_named_after_the_model_that_gave_them(config, engine):
    """In the context engines the anchor pair's probabilities are the scorer's, and the entailment model's reading of
    the chosen sentences is its own line: the remission claim's card used to say "P(contradict) 0.11" under a
    Contradicted verdict the reading decided at 0.85, with nothing saying whose 0.11 that was."""
    e = BY_NAME["contradiction"]
    res = ground(e["response"], e["context"], dataclasses.replace(config, engine=engine), question=e["question"])
    (v,) = [v for v in res.verdicts if "70%" in res.claims[v.claim].text]
    claim = res.claims[v.claim]
    text = Parsed(render.verdicts_html(res)).text
    together = f"entailment model on the {len(claim.joint_columns)} sentences together: P(e) {claim.joint[0]:.2f} · P(c) {claim.joint[2]:.2f}"
    assert v.label == CONTRADICTED and len(claim.joint_columns) > 1 and together in text
    pair = f"P(contradict) {v.contradict:.2f}"
    assert (f"scorer P(support) {v.entail:.2f} · {pair}" in text) == (engine == "context")
    assert (f"P(entail) {v.entail:.2f} · {pair}" in text) == (engine == "claims")
