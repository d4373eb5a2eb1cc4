"""The parts of a whole-sentence claim (context engines: stage judge_parts, parts.parts_override): a sentence
that joins two claims is read part by part against each part's own nearest sentences, so a contradicted or
unbacked part is not hidden by the part the whole sentence's evidence backs."""
from __future__ import annotations

import dataclasses

import pytest

from grounding import GroundingConfig, ground, rederive
from grounding.config import PRESETS
from grounding.explain import explain
from grounding.parts import parts_override
from grounding.types import CONTRADICTED, PARTIAL, SUPPORTED, UNSUPPORTED, Claim, ClaimPart, PairScore, Verdict

JOINT = PRESETS["joint"]
CONTEXT_ENGINES = ("context", "context-fast")

METFORMIN = ("Metformin is usually the first medicine prescribed for type 2 diabetes. It lowers blood sugar by "
             "reducing glucose production in the liver. Common side effects include nausea and diarrhoea. It should "
             "not be used by people with severe kidney disease.")
BRIDGE = ("The Meridian Bridge opened to traffic in June 2019. It cost 420 million dollars. The bridge was designed "
          "by the engineering firm Halvorsen & Pike.")


def _verdict(label=SUPPORTED) -> Verdict:
    return Verdict(claim=0, label=label, score=0.8, anchor=0, cosine=0.9, entail=0.9, contradict=0.02,
                   rule="judged alone, context sentence 1 entails the claim: P(e) = 0.52 >= 0.3", conflicting=2)


def _claim(*parts: ClaimPart) -> Claim:
    return Claim(text="A is B and does C.", sentence=0, origin="sentence", joint=[0.52, 0.4, 0.08], joint_columns=[0],
                 parts=list(parts))


def test_a_contradicted_part_makes_the_claim_contradicted_anchored_on_the_sentence_that_alone_contradicts_it():
    backed = ClaimPart("A is B.", columns=[0], cosines=[0.9], reading=[0.95, 0.04, 0.01])
    against = ClaimPart("A does C.", columns=[0, 1], cosines=[0.7, 0.6], reading=[0.05, 0.1, 0.85],
                        alone_contradict=[0.1, 0.9])
    pairs = [PairScore(claim=0, column=1, cosine=0.6, entail=0.1, contradict=0.3, judged=True, entity_overlap=0.5)]
    v = parts_override(_verdict(), JOINT, _claim(backed, against), pairs, {})
    assert v.label == CONTRADICTED and v.anchor == 1 and v.cosine == 0.6 and v.conflicting is None
    assert (v.entail, v.contradict, v.entity_overlap) == (0.1, 0.3, 0.5)          # its pair's numbers
    assert v.rule.startswith("a part contradicted: “A does C.” against context sentences 1, 2: P(c) = 0.85 >= 0.7; ")
    assert v.anchor_conflict == "the part “A does C.” is contradicted: P(c) 0.85"
    # without the sentences read alone, the part's most similar sentence is the anchor
    v = parts_override(_verdict(), JOINT, _claim(backed, dataclasses.replace(against, alone_contradict=[])), [], {})
    assert v.anchor == 0 and v.label == CONTRADICTED and v.cosine == 0.7 and v.entail is None and v.score is not None
    # below the threshold, or above it but under its P(e): not contradicted
    weak = dataclasses.replace(against, reading=[0.05, 0.3, 0.65])
    assert parts_override(_verdict(), JOINT, _claim(backed, weak), [], {}).label == PARTIAL   # and not entailed
    both = dataclasses.replace(against, reading=[0.75, 0.0, 0.72])
    assert parts_override(_verdict(), JOINT, _claim(backed, both), [], {}).label == SUPPORTED


def test_a_part_its_sentences_do_not_entail_makes_a_supported_claim_partially_supported_and_nothing_else_moves():
    backed = ClaimPart("A is B.", columns=[0], cosines=[0.9], reading=[0.95, 0.04, 0.01])
    neutral = ClaimPart("A does C.", columns=[0, 2], cosines=[0.5, 0.46], reading=[0.03, 0.95, 0.02])
    unread = ClaimPart("A does D.", columns=[1], cosines=[0.5])            # the time budget stopped its reading
    v = parts_override(_verdict(), JOINT, _claim(backed, neutral), [], {})
    assert v.label == PARTIAL and v.anchor == 0 and v.conflicting == 2
    assert v.rule.startswith("only part backed: “A does C.”: read against context sentences 1, 3, P(e) = 0.03 (< 0.3); ")
    # every part backed; an unread part; no part backed (a split or readings not to trust); rule off; no parts
    assert parts_override(_verdict(), JOINT, _claim(backed, backed), [], {}).label == SUPPORTED
    assert parts_override(_verdict(), JOINT, _claim(backed, unread), [], {}).label == SUPPORTED
    assert parts_override(_verdict(), JOINT, _claim(neutral, neutral), [], {}).label == SUPPORTED
    against = ClaimPart("A does E.", columns=[1], cosines=[0.6], reading=[0.02, 0.08, 0.9])
    assert parts_override(_verdict(), JOINT, _claim(against, neutral), [], {}).label == SUPPORTED
    assert parts_override(_verdict(), PRESETS["paper"], _claim(backed, neutral), [], {}).label == SUPPORTED
    assert parts_override(_verdict(), JOINT, _claim(), [], {}).label == SUPPORTED       # claims engine: no parts
    assert parts_override(_verdict(PARTIAL), JOINT, _claim(backed, neutral), [], {}).label == PARTIAL
    assert parts_override(_verdict(PARTIAL), JOINT, _claim(backed, against), [], {}).label == CONTRADICTED


@pytest.mark.parametrize("engine", CONTEXT_ENGINES)
def test_a_sentence_whose_second_part_the_source_contradicts_is_contradicted_there(engine):
    """Read whole against the sentence most similar to it (the first part's), the entailment model gave P(e) 0.52:
    Supported, while the source says metformin works the other way."""
    claim = "Metformin is the first-line drug for type 2 diabetes and works by increasing insulin production in the pancreas."
    res = ground(claim, [METFORMIN], GroundingConfig(engine=engine))
    (v,) = res.verdicts
    assert v.label == CONTRADICTED and v.rule.startswith("a part contradicted: “Metformin works by increasing insulin")
    assert res.context_sentences[v.anchor].text.startswith("It lowers blood sugar by reducing glucose production")
    parts = res.claims[0].parts
    assert [p.text for p in parts] == ["Metformin is the first-line drug for type 2 diabetes.",
                                       "Metformin works by increasing insulin production in the pancreas."]
    assert parts[0].reading[0] > 0.8 and parts[1].reading[2] >= 0.7
    text = explain(res, v, res.claims[0])
    assert text.startswith("Contradicted by “It lowers blood sugar by reducing glucose production in the liver.”")
    assert "one of them, “Metformin works by increasing insulin production in the pancreas”, is contradicted" in text
    assert res.sentence_map.labels[0][v.anchor] == -1                  # the map shows it as the verdict reads it
    assert res.sentence_map.ruled_notes()[(0, v.anchor)].startswith(   # its tooltip had named the quantity rule
        "the parts rule: the part “Metformin works by increasing insulin production in the pancreas.” is contradicted")
    off = rederive(res, GroundingConfig(engine=engine, overrides={"parts_override": None}))
    assert off.verdicts[0].label in (SUPPORTED, PARTIAL) and off.sentence_map.labels[0][v.anchor] != -1


@pytest.mark.parametrize("engine", CONTEXT_ENGINES)
def test_a_sentence_with_a_part_the_sources_lack_is_partially_supported_naming_it(engine):
    res = ground("The Meridian Bridge opened in June 2019 and has six traffic lanes.", [BRIDGE],
                 GroundingConfig(engine=engine))
    (v,) = res.verdicts
    assert v.label == PARTIAL and v.anchor == 0
    assert explain(res, v, res.claims[0]).endswith(
        "the sentence joins several claims, and one of them, “The Meridian Bridge has six traffic lanes”, is not in "
        "the sources (read against context sentence 1, the entailment model gives it entailment "
        f"{res.claims[0].parts[1].reading[0]:.2f}).")
    assert res.claims[0].parts[1].reading[0] < 0.3 and res.claims[0].parts[0].reading[0] > 0.8


@pytest.mark.parametrize("engine", CONTEXT_ENGINES)
def test_parts_are_read_only_for_a_sentence_that_splits_and_every_part_backed_keeps_supported(engine):
    res = ground("The Meridian Bridge opened in June 2019. The bridge was designed by Halvorsen & Pike and cost "
                 "420 million dollars.", [BRIDGE], GroundingConfig(engine=engine))
    one, two = res.claims
    assert one.parts == [] and len(two.parts) == 2                      # one clause: nothing to split
    assert [v.label for v in res.verdicts] == [SUPPORTED, SUPPORTED]
    claims = ground("The Meridian Bridge opened in June 2019 and has six traffic lanes.", [BRIDGE],
                    GroundingConfig(engine="claims"))
    assert all(c.parts == [] for c in claims.claims)                   # the claims engine splits claims itself


def test_an_unsupported_whole_with_a_backed_part_is_partially_supported_where_the_model_alone_decided():
    backed = ClaimPart("A is B.", columns=[1], cosines=[0.8], reading=[0.95, 0.04, 0.01])
    neutral = ClaimPart("A does C.", columns=[0, 2], cosines=[0.5, 0.46], reading=[0.03, 0.95, 0.02])
    against = ClaimPart("A does E.", columns=[1], cosines=[0.6], reading=[0.02, 0.08, 0.9])
    pair = PairScore(claim=0, column=1, cosine=0.8, entail=0.9, contradict=0.02, judged=True)

    def unsupported(rule="F 0.25 < 0.4", conflict=None) -> Verdict:
        return Verdict(claim=0, label=UNSUPPORTED, score=0.25, anchor=0, cosine=0.6, entail=0.1, contradict=0.05,
                       rule=rule, anchor_conflict=conflict)
    v = parts_override(unsupported(), JOINT, _claim(backed, neutral), [pair], {})
    assert v.label == PARTIAL and v.anchor == 1 and v.cosine == 0.8       # anchored on the backed part's sentence
    assert v.rule.startswith("only part backed: “A does C.”: read against context sentences 1, 3, P(e) = 0.03 (< 0.3); "
                             "“A is B.” backed by context sentence 2, P(e) = 0.95; F 0.25 < 0.4")
    # a part contradicted, no part backed, a rule's Unsupported (its own words, or a conflict it found): as they were
    assert parts_override(unsupported(), JOINT, _claim(backed, against), [pair], {}).label == UNSUPPORTED
    assert parts_override(unsupported(), JOINT, _claim(neutral, neutral), [pair], {}).label == UNSUPPORTED
    assert parts_override(unsupported("the sibling rule: …"), JOINT, _claim(backed, neutral), [pair], {}).label \
        == UNSUPPORTED
    assert parts_override(unsupported(conflict="x"), JOINT, _claim(backed, neutral), [pair], {}).label == UNSUPPORTED


@pytest.mark.parametrize("engine", CONTEXT_ENGINES)
def test_a_job_advert_answer_with_one_part_stated_is_partially_supported(engine):
    """"The job pays £28,000 a year and comes with a company car": read whole, F 0.25, Unsupported on both context
    engines; its pay is stated (P(e) 0.96) and the car is not: Partially supported, naming the car."""
    context = ("Greenway Garden Centre is looking for a full-time assistant manager to start in April. The salary is "
               "£28,000 a year, plus a 15% staff discount. The role involves managing a team of 12 staff.")
    res = ground("The job pays £28,000 a year and comes with a company car.", [context], GroundingConfig(engine=engine))
    (v,) = res.verdicts
    assert v.label == PARTIAL and v.anchor == 1, v.rule
    assert "one of them, “The job comes with a company car”, is not in the sources" in explain(res, v, res.claims[0])
