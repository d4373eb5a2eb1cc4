"""A claim the source states word for word (grounding.stated; stated.stated_override)."""
from __future__ import annotations

from pathlib import Path

import pytest

from grounding import GroundingConfig, ground
from grounding.pipeline import rederive
from grounding.stated import stated
from grounding.types import CONTRADICTED, SUPPORTED

MODELS = Path(__file__).resolve().parent.parent / "exported_models"
LAPTOP = ("The laptop weighs 1.2 kg and has a 14-inch screen. It has two USB-C ports and no USB-A ports. Battery life "
          "is rated at up to 15 hours of video playback.")
RELEASE = "Version 3.2, released on 14 June, adds support for Python 3.12 and drops support for Python 3.8."


@pytest.mark.parametrize("claim, sentence, expected", [
    ("It has two USB-C ports.", "It has two USB-C ports and no USB-A ports.", "It has two USB-C ports"),
    ("It has two USB-C ports.", "It has two USB-C ports, but only one supports charging.", "It has two USB-C ports"),
    ("Drug X lowers blood pressure.", "In the trial, Drug X lowers blood pressure.", "Drug X lowers blood pressure"),
    ("The vaccine cannot give you flu.", "The vaccine cannot give you flu.", "The vaccine cannot give you flu"),
    # denied, said to be a myth, a condition before or after, the clause going on, too few words
    ("It has two USB-C ports.", "It does not have two USB-C ports.", None),
    ("It has two USB-C ports.", "It is a myth that it has two USB-C ports.", None),
    ("It has two USB-C ports.", "If it has two USB-C ports, it can charge two phones.", None),
    ("It has two USB-C ports.", "It has two USB-C ports, unless you buy the basic model.", None),
    ("It has two USB-C ports.", "It has two USB-C ports on the left side.", None),
    ("Yes.", "Yes.", None),
    # a claim opening with a pronoun: the rest after the sentence's own subject, when it names a number or a name
    ("It adds support for Python 3.12.", RELEASE, "It adds support for Python 3.12"),
    ("It drops support for Python 3.8.", RELEASE, "It drops support for Python 3.8"),
    ("It drops support for Python 3.12.", RELEASE, None),
    ("It adds support for Python 3.12.", "Adds support for Python 3.12 and drops support for Python 3.8.", None),
    ("It adds support for Python 3.12.", "The plugin that adds support for Python 3.12 is separate.", None),
    ("It is free for children under five.", "Parking is free for children under five.", None),
    ("It is free for all children.", "Parking is free for all children.", None),
])
def test_a_claim_stated_word_for_word(claim, sentence, expected):
    assert stated(claim, sentence) == expected


@pytest.mark.parametrize("engine", ("claims", "context", "context-fast"))
def test_a_claim_the_source_states_is_supported_whatever_the_model_read(engine):
    """A user's laptop answer: "It has two USB-C ports" was Contradicted on every engine by the sentence that says it
    word for word, "It has two USB-C ports and no USB-A ports" (the model read the other clause's "no": P(c) 0.83
    alone). It is Supported on that sentence, its cell green with the rule's note; "It has a USB-A port" stays
    Contradicted; preset paper (no rules) keeps the model's reading."""
    res = ground("It has two USB-C ports. It has a USB-A port.", [LAPTOP],
                 GroundingConfig(models_dir=str(MODELS), engine=engine).validate())
    usb_c, usb_a = res.verdicts
    assert usb_c.label == SUPPORTED and usb_c.anchor == 1, usb_c.rule
    assert usb_c.rule.startswith("stated word for word: context sentence 2 states the claim as written"), usb_c.rule
    assert usb_a.label == CONTRADICTED and usb_a.anchor == 1, usb_a.rule
    assert res.sentence_map.labels[0][1] == 1 and res.sentence_map.values[0][1] > 0.5
    ruled = [c for c in res.sentence_map.ruled if (c.row, c.column) == (0, 1)]
    assert len(ruled) == 1 and ruled[0].label == -1, res.sentence_map.ruled       # the model's red, kept
    assert ruled[0].note == "the word-for-word rule: context sentence 2 states the claim as written"
    from grounding.heatmap import heatmap_html
    html = heatmap_html(res)
    assert 'class="cell ruled ruled-green" data-col="1"' in html and "states the claim word for word" in html
    paper = rederive(res, GroundingConfig(models_dir=str(MODELS), engine=engine, preset="paper").validate())
    assert not paper.verdicts[0].rule.startswith("stated word for word")


def test_a_claim_stated_word_for_word_is_no_borderline_claim():
    """The recheck stage judges again, with the fp32 twin, only a claim whose verdict a moved probability could
    turn: one stated as written in a sentence cannot turn, so at margin 0.5 none of the "Sources disagree"
    example's two claims (both stated in the 2021 document) is rechecked; with the rule off both are."""
    import dataclasses

    from grounding.examples import EXAMPLES
    ex = next(e for e in EXAMPLES if e["label"].startswith("Sources disagree"))
    config = GroundingConfig(engine="claims", models_dir=str(MODELS), recheck_margin=0.5)
    assert ground(ex["response"], ex["context"], config, ex["question"]).coverage.rechecked == 0
    off = ground(ex["response"], ex["context"], dataclasses.replace(config, overrides={"reversal_override": None}),
                 ex["question"])
    assert off.coverage.rechecked > 0 and all(p.rechecked for p in off.pairs if p.judged)


@pytest.mark.parametrize("engine", ("claims", "context", "context-fast"))
def test_a_pronoun_claim_stated_after_the_sources_subject(engine):
    """A user's release notes: "It adds support for Python 3.12" was Contradicted on every engine (P(c) 0.87, the
    model reading the sentence's other clause, "drops support for Python 3.8"). The sentence states it after its own
    subject; "Python 3.8 is still supported" stays Contradicted."""
    context = (RELEASE + " It fixes a memory leak in the connection pool. Two deprecated functions have been "
               "removed, so some code written for 3.1 will need changes.")
    res = ground("Version 3.2 was released in June. It adds support for Python 3.12. Python 3.8 is still supported.",
                 [context], GroundingConfig(models_dir=str(MODELS), engine=engine).validate())
    labels = {res.claims[v.claim].text: v for v in res.verdicts}
    adds = labels["It adds support for Python 3.12."]
    assert adds.label == SUPPORTED and adds.anchor == 0, adds.rule
    assert adds.rule.startswith("stated word for word: context sentence 1 states the claim as written"), adds.rule
    assert labels["Python 3.8 is still supported."].label == CONTRADICTED
