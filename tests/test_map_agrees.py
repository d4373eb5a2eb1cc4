"""What the evidence map shows agrees with the verdicts: a cell a verdict rule decided (the quantity rule's anchor)
is shown contradicting, and a Supported claim whose sentences read together back it names the sentence that
alone reads red (stages.verdict.show_rules / clear_rules, explain._together)."""
from __future__ import annotations

import dataclasses

import pytest

from grounding import GroundingConfig, ground
from grounding.examples import BY_NAME, EXAMPLES
from grounding.heatmap import heatmap_html
from grounding.metrics import faithfulness
from grounding.pipeline import rederive
from grounding.render import context_html, evidence_scores
from grounding.stages.verdict import clear_rules, show_rules
from grounding.types import CONTRADICTED, SUPPORTED, UNSUPPORTED, SignedMap, Verdict

ENGINES = ("claims", "context", "context-fast")


def _map():
    return SignedMap(rows=["r1", "r2"], columns=["D1:1", "D1:2", "D1:3"],
                     values=[[0.0, 0.65, 0.0], [-0.7, 0.0, 0.0]], labels=[[0, 1, 0], [-1, 0, 0]])


def test_show_rules_paints_the_anchor_of_a_contradicted_claim_and_clear_rules_puts_the_model_back():
    smap = _map()
    ruled = Verdict(claim=0, label=CONTRADICTED, score=0.6, anchor=1, cosine=0.65,
                    anchor_conflict="the claim says 6% (rose), the source 6% (less)", rule="quantity override: …")
    joint = Verdict(claim=1, label=CONTRADICTED, score=0.2, anchor=2, cosine=0.55,
                    rule="read together, context sentences 2, 3 contradict the claim: P(c) = 0.80 >= 0.7")
    red_already = Verdict(claim=1, label=CONTRADICTED, score=-0.3, anchor=0, cosine=0.7, rule="contradiction override")
    plain = Verdict(claim=0, label=SUPPORTED, score=0.9, anchor=0, cosine=0.9)      # not contradicted: the model's
    unjudged = Verdict(claim=0, label=CONTRADICTED, score=None, anchor=2, cosine=0.3)  # nothing judged: no evidence
    show_rules(smap, [ruled, joint, red_already, plain, unjudged], lambda v: v.claim)
    assert smap.values == [[0.0, -0.65, 0.0], [-0.7, 0.0, -0.55]] and smap.labels == [[0, -1, 0], [-1, 0, -1]]
    assert smap.ruled_notes().get((0, 1), "") == "the quantity rule: the claim says 6% (rose), the source 6% (less)"
    assert smap.ruled_notes().get((1, 2), "") == ("the verdict's rule: read together, context sentences 2, 3 contradict the claim: "
                                     "P(c) = 0.80 >= 0.7")
    assert smap.ruled_notes().get((1, 0), "") == "" and smap.ruled_notes().get((0, 0), "") == ""   # the model read it red itself
    show_rules(smap, [ruled], lambda v: v.claim)                         # twice: one record, same cell
    assert len(smap.ruled) == 2 and smap.values[0][1] == -0.65
    show_rules(smap, [joint], lambda v: None)                            # a claim without a row: nothing
    clear_rules(smap)
    assert smap.values == _map().values and smap.labels == _map().labels and smap.ruled == []


def test_show_rules_empties_the_green_anchor_of_a_denied_claim_unless_another_claim_of_the_row_stands_on_it():
    """The denial rule's Unsupported ("will enroll 300 patients" against "enrolled 300 patients"): the model's green
    cell becomes no evidence; on the claims engine's sentence map a row whose other claim is backed by that same
    sentence keeps it green."""
    denied = Verdict(claim=0, label=UNSUPPORTED, score=0.8, anchor=1, cosine=0.65,
                     anchor_conflict="it names “300 patients” only as still to come (“will enroll”)",
                     rule='denied mention: the evidence names "300 patients" only as still to come ("will enroll", '
                          'context sentence 2); …')
    smap = _map()
    show_rules(smap, [denied], lambda v: v.claim)
    assert smap.values[0] == [0.0, 0.0, 0.0] and smap.labels[0] == [0, 0, 0] and smap.labels[1] == [-1, 0, 0]
    assert smap.ruled_notes() == {(0, 1): "the denial rule: it names “300 patients” only as still to come (“will enroll”)"}
    assert faithfulness(smap.labels, [True, True])["fcr"] == 0.0          # the rates count it as no evidence
    html = heatmap_html_of(smap)
    assert 'class="cell ruled ruled-none"' in html and "dashed outline = no evidence by the verdict's rule" in html
    assert "dark-red outline" not in html
    clear_rules(smap)
    assert smap.values == _map().values and smap.labels == _map().labels
    other = Verdict(claim=1, label=SUPPORTED, score=0.9, anchor=1, cosine=0.65)   # same row, backed by that sentence
    show_rules(smap, [denied, other], lambda v: 0)
    assert smap.labels[0][1] == 1 and smap.ruled == []
    plain = dataclasses.replace(denied, rule="judged alone, …", anchor_conflict="")   # Unsupported by the model: its own
    show_rules(smap, [plain], lambda v: v.claim)
    assert smap.labels[0][1] == 1 and smap.ruled == []


def heatmap_html_of(smap: SignedMap) -> str:
    """The heatmap of a two-sentence answer against one three-sentence document, with `smap` as its map."""
    r = ground("The trial enrolled 300 patients. It is funded.", ["One. Two. Three."], GroundingConfig(engine="claims"))
    return heatmap_html(dataclasses.replace(r, sentence_map=smap))


def test_contradiction_example_remission_anchor_is_red_on_the_context_engine():
    """The issue's complaint: engine context, "70% … reached clinical remission" against "30% … reached clinical
    remission": the scorer labels that pair support (green), the sentences read together contradict the claim.
    The verdict is Contradicted and the map now shows its anchor red, saying why in the tooltip."""
    ex = BY_NAME["contradiction"]
    r = ground(ex["response"], ex["context"], GroundingConfig(engine="context"), ex["question"])
    (v,) = [v for v in r.verdicts if r.claims[v.claim].sentence == 0]
    assert v.label == CONTRADICTED and r.context_sentences[v.anchor].text.startswith("After 12 weeks, 30%")
    assert r.sentence_map.labels[0][v.anchor] == -1
    assert r.sentence_map.ruled_notes().get((0, v.anchor), "").startswith("the verdict's rule: read together, context sentences")


@pytest.fixture(scope="module")
def long_context():
    ex = BY_NAME["long_context"]
    return {e: ground(ex["response"], ex["context"], GroundingConfig(engine=e), ex["question"]) for e in ENGINES}


@pytest.mark.parametrize("engine", ENGINES)
def test_quantity_rule_anchor_is_red_in_the_map_the_claim_view_and_the_tooltip(long_context, engine):
    """R2 "Wind generation rose by 6%" against "6% less than in 2022": the direction rule contradicts it; the model
    read that pair as support (claims engine) or as nothing (the scorers), and the map showed that."""
    r = long_context[engine]
    (v,) = [v for v in r.verdicts if r.claims[v.claim].sentence == 1]
    assert v.label == CONTRADICTED and v.anchor_conflict == "the claim says 6% (rose), the source 6% (less)"
    assert r.sentence_map.labels[1][v.anchor] == -1
    assert r.sentence_map.values[1][v.anchor] == pytest.approx(-v.cosine, abs=1e-4)
    (cell,) = r.sentence_map.ruled
    assert (cell.row, cell.column) == (1, v.anchor) and cell.label >= 0     # the model did not read it red
    assert evidence_scores(r, claim=v.claim)[v.anchor][1] == -1
    assert evidence_scores(r, row=1)[v.anchor][1] == -1
    html = heatmap_html(r)
    assert html.count(" ruled\"") == 1 and "the quantity rule: the claim says 6% (rose), the source 6% (less)" in html
    assert f'data-col="{v.anchor}"' in context_html(r, claim=v.claim).split("ev-contradict")[-1][:40]
    # the map's rates count the row as the verdict reads it
    assert r.metrics.sentence_classes[1] in ("Contradicted", "Ambiguous")


@pytest.mark.parametrize("engine", ("claims", "context"))
def test_rederive_without_the_rule_gives_the_cell_back_to_the_model_and_recounts_the_rates(long_context, engine):
    r = dataclasses.replace(long_context[engine])
    r.sentence_map = dataclasses.replace(r.sentence_map, values=[list(x) for x in r.sentence_map.values],
                                         labels=[list(x) for x in r.sentence_map.labels], ruled=list(r.sentence_map.ruled))
    (cell,) = r.sentence_map.ruled
    hcr = r.metrics.hcr
    paper = rederive(r, GroundingConfig(engine=engine, preset="paper"))     # paper has no direction rule
    assert paper.sentence_map.ruled == [] and paper.sentence_map.labels[1][cell.column] == cell.label
    assert paper.sentence_map.values[1][cell.column] == cell.value
    assessed = [True] * len(r.response_sentences)
    assert paper.metrics.hcr == pytest.approx(faithfulness(paper.sentence_map.labels, assessed)["hcr"], abs=1e-4)
    back = rederive(paper, GroundingConfig(engine=engine, preset="joint"))
    assert back.sentence_map.labels[1][cell.column] == -1 and len(back.sentence_map.ruled) == 1
    assert back.metrics.hcr == pytest.approx(hcr, abs=1e-4)


@pytest.mark.parametrize("engine", ENGINES)
def test_no_example_shows_green_or_nothing_under_a_contradicted_anchor_or_an_unexplained_red_under_support(engine):
    """Every example on every engine: a Contradicted claim's anchor is red in its own evidence; a Supported claim
    read together whose joint sentences include one the map shows red alone names it (or names it as conflicting,
    or, where it is the anchor the entailment model reads alone as support, says the scorer reads it red)."""
    explained = 0
    for ex in EXAMPLES:
        r = ground(ex["response"], ex["context"], GroundingConfig(engine=engine), ex["question"])
        for v in r.verdicts:
            claim = r.claims[v.claim]
            if claim.origin == "rejected" or v.anchor is None or v.score is None:
                continue
            own = evidence_scores(r, claim=v.claim)
            if v.label == CONTRADICTED:
                assert own.get(v.anchor, (0, 0))[1] == -1, (ex["name"], claim.text, v.rule)
            red = [j for j, (_, lab) in own.items() if lab == -1 and j in claim.joint_columns and j != v.conflicting]
            if v.label == SUPPORTED and v.rule.startswith("read together, ") and len(claim.joint_columns) > 1 and red:
                assert "reads as contradicting it (red in the map)" in v.explanation or \
                    "read as contradicting it (red in the map)" in v.explanation or \
                    "the scorer reads this sentence as contradicting the claim (red in the map" in v.explanation, \
                    (ex["name"], claim.text)
                explained += 1
    if engine == "claims":
        assert explained >= 1     # long_context R4: "The largest system, at the Alvarado solar park, …" alone


def test_show_rules_clears_the_greens_the_reading_alone_does_not_share_and_clear_rules_puts_them_back():
    """`Claim.alone_cleared`: a green that the entailment model reading the sentence alone does not share is no
    evidence; never the anchor, nor the sentence named as the other side; a red stays (the explanation names it)."""
    smap = _map()
    backed = Verdict(claim=0, label=SUPPORTED, score=0.8, anchor=2, cosine=0.7, rule="read together, …")
    contradicted = Verdict(claim=1, label=CONTRADICTED, score=-0.3, anchor=0, cosine=0.7, rule="read together, …")
    cleared = {0: [1], 1: [0]}   # row 0's green at 1 is not shared; row 1's red at 0 is its anchor: kept
    show_rules(smap, [backed, contradicted], lambda v: v.claim, lambda v: cleared[v.claim])
    assert smap.labels == [[0, 0, 0], [-1, 0, 0]] and smap.values[0] == [0.0, 0.0, 0.0]
    assert smap.ruled_notes() == {(0, 1): "read alone: the entailment model, reading this sentence alone against the "
                                          "claim, does not read it as supporting it (the scorer did)"}
    html = heatmap_html_of(smap)
    assert 'class="cell ruled ruled-none"' in html and "does not share the scorer's support" in html
    reds = _map()
    show_rules(reds, [Verdict(claim=1, label=SUPPORTED, score=0.8, anchor=2, cosine=0.7, rule="read together, …")],
               lambda v: v.claim, lambda v: [0])
    assert reds.labels == _map().labels and reds.ruled == []     # a red not shared stays red
    named = Verdict(claim=0, label=SUPPORTED, score=0.8, anchor=2, cosine=0.7, rule="read together, …", conflicting=1)
    other = _map()
    show_rules(other, [named], lambda v: v.claim, lambda v: [1])
    assert other.labels == _map().labels and other.ruled == []   # the other side it names keeps its colour
    clear_rules(smap)
    assert smap.values == _map().values and smap.labels == _map().labels
