"""training.calibration: the calibration pairs of GPTQ rounding come from the train sources only, fixed by a seed."""
from __future__ import annotations

import json

from evaluation import datasets
from evaluation.datasets import NLIPair
from training import calibration


def test_calibration_pairs_are_drawn_from_the_train_sources_with_a_seed(monkeypatch, tmp_path):
    sources = {"snli_dev": [NLIPair(f"premise {i}", f"hypothesis {i}", "entailment", "snli_dev") for i in range(30)],
               "scifact_train": [NLIPair(f"claim evidence {i}", f"claim {i}", "contradiction", "scifact_train")
                                 for i in range(30)]}
    monkeypatch.setattr(datasets, "nli_train_sources", lambda: sources)
    a, b = calibration.calibration_pairs(20, seed=7), calibration.calibration_pairs(20, seed=7)
    assert a == b and len(a) == 20 and calibration.calibration_pairs(20, seed=8) != a
    pool = {(p.premise, p.hypothesis, name) for name, ps in sources.items() for p in ps}
    assert all((x["premise"], x["hypothesis"], x["source"]) in pool for x in a)
    assert {x["source"] for x in a} == {"snli_dev", "scifact_train"}
    out = tmp_path / "c.jsonl"
    assert calibration.main(["--out", str(out), "--pairs", "5"]) == 0
    assert [json.loads(line) for line in out.read_text().splitlines()] == calibration.calibration_pairs(5)
    assert calibration.main(["--out", str(out), "--pairs", "0"]) == 2
