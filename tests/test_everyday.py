"""The everyday batches (evaluation.everyday): every committed batch is well formed, and the harness counts a
sentence wrong exactly when its verdict is not one its declaration allows, on the shipped models."""
import json

import pytest

from evaluation import everyday as ed
from grounding.examples import CONTRADICTION
from grounding.segment import split_response

BATCHES = ed.batch_paths([])


def _batch(tmp_path, labels, name="t.json"):
    ex = {k: CONTRADICTION[k] for k in ("question", "context", "response", "expect")}
    path = tmp_path / name
    path.write_text(json.dumps({"batch": 0, "genre": "test", "examples": [
        {**ex, "name": "0-1 remission", "expect_labels": labels}]}))
    return path


def test_every_committed_batch_loads_and_declares_every_sentence_as_the_segmenter_splits_it():
    assert len(BATCHES) >= 12 and [p.stem for p in BATCHES] == sorted((p.stem for p in BATCHES), key=int)
    sentences = 0
    for path in BATCHES:
        examples = ed.load_batch(path)
        assert 3 <= len(examples) <= 4, path.name
        for ex in examples:
            n = len(split_response(ex["response"]))
            assert sorted(ex["expect_labels"]) == list(range(1, n + 1)), (path.name, ex["name"])
            # a sentence may accept two labels, never both Contradicted and Supported
            assert not any({"Contradicted", "Supported"} <= set(v) for v in ex["expect_labels"].values())
            sentences += n
    assert sentences >= 12 * 30


def test_batch_paths_by_number_range_and_path(tmp_path):
    first, last = BATCHES[0].stem, BATCHES[-1].stem
    assert ed.batch_paths([f"{first}-{last}"]) == BATCHES
    assert ed.batch_paths([first]) == [BATCHES[0]]
    own = _batch(tmp_path, {"1": ["Contradicted"], "2": ["Contradicted"], "3": ["Supported"]})
    assert ed.batch_paths([str(own)]) == [own]
    with pytest.raises(ValueError, match="no such batch"):
        ed.batch_paths(["99999"])


def test_a_label_no_verdict_has_is_refused(tmp_path):
    path = _batch(tmp_path, {"1": ["Contradicted"], "2": ["Refuted"], "3": ["Supported"]})
    with pytest.raises(ValueError, match=r"sentence\(s\) \[2\] declare no known label"):
        ed.load_batch(path)
    assert ed.main([str(path)]) == 2


def test_a_sentence_is_wrong_exactly_when_its_verdict_is_not_allowed(tmp_path):
    """The app's contradiction example: R1 and R2 are Contradicted, R3 Supported on every engine (its own test);
    declared Contradicted, R3 is the one wrong line, with the label it got."""
    path = _batch(tmp_path, {"1": ["Contradicted"], "2": ["Contradicted"], "3": ["Contradicted"]})
    out = ed.run([path], ["claims", "context"], None, 2)
    lines = {x["key"]: x for x in out["t"]}
    assert sorted(lines) == sorted(f"0-1 R{n} {e}" for n in (1, 2, 3) for e in ("claims", "context"))
    assert [k for k, x in lines.items() if not x["ok"]] == ["0-1 R3 claims", "0-1 R3 context"]
    assert lines["0-1 R3 context"]["got"] == "Supported"
    assert lines["0-1 R3 context"]["text"] == "Headache and nausea were the most common side effects."
    assert "| t | 1 | 1 | 2 | 6 |" in ed.summary(out, ["claims", "context"])


def test_a_declaration_for_another_number_of_sentences_is_wrong_on_every_line(tmp_path):
    path = _batch(tmp_path, {"1": ["Contradicted"], "2": ["Contradicted"], "3": ["Supported"], "4": ["Supported"]})
    lines = ed.run([path], ["context"], None, 2)["t"]
    assert [x["ok"] for x in lines] == [False] * 4
    assert lines[3]["got"] == "split into 3 sentences"


def test_save_and_against_list_the_lines_that_turned(tmp_path, capsys):
    saved = tmp_path / "before.json"
    right = _batch(tmp_path, {"1": ["Contradicted"], "2": ["Contradicted"], "3": ["Supported"]})
    assert ed.main([str(right), "--engines", "context", "--save", str(saved)]) == 0
    assert json.loads(saved.read_text()) == {"0-1 R1 context": True, "0-1 R2 context": True, "0-1 R3 context": True}
    wrong = _batch(tmp_path, {"1": ["Contradicted"], "2": ["Supported"], "3": ["Supported"]}, "t2.json")
    capsys.readouterr()
    assert ed.main([str(wrong), "--engines", "context", "--against", str(saved), "--show"]) == 0
    out = capsys.readouterr().out
    assert "1 right -> wrong, 0 wrong -> right" in out and "  now wrong: 0-1 R2 context" in out
    assert "0-1 R2 context: Contradicted [" in out and "expected Supported: Zentrovir raised liver enzyme" in out


def test_a_sentence_label_from_its_claims():
    assert ed.sentence_label(["Supported", "Unsupported"]) == "Partially supported"
    assert ed.sentence_label(["Supported", "Contradicted"]) == "Contradicted"
    assert ed.sentence_label(["Supported", "Supported"]) == "Supported"
    assert ed.sentence_label(["Unsupported", "Unsupported"]) == "Unsupported"
    assert ed.sentence_label(["Partially supported", "Supported"]) == "Partially supported"
    assert ed.sentence_label(["Supported", "Not assessed"]) == "Not assessed"


def test_a_sentence_the_claims_engine_splits_is_labelled_from_its_claims(tmp_path):
    """"The pool opens at 7am and has a sauna": the claims engine reads two claims, one backed, one never mentioned;
    the sentence is Partially supported, as declared."""
    path = tmp_path / "pool.json"
    path.write_text(json.dumps({"batch": 0, "genre": "test", "examples": [{
        "name": "0-2 pool", "question": "", "expect": "",
        "context": "The pool opens at 7am every day. Swimming lessons cost £8 each. The gym is on the first floor.",
        "response": "The pool opens at 7am and has a sauna. Lessons cost £8.",
        "expect_labels": {"1": ["Partially supported"], "2": ["Supported"]}}]}))
    lines = ed.run([path], ["claims"], None, 2)["pool"]
    assert [x["ok"] for x in lines] == [True, True]
    assert lines[0]["got"] == "Partially supported (Supported / Unsupported)"
