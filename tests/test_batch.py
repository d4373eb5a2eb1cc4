"""The single-process batch (`python -m grounding run` without --ray): per-record failures, resume, a resume
under another config refused, Parquet in and out. The Ray path is tests/test_ray_batch.py."""
from __future__ import annotations

import json

import pytest

from grounding.__main__ import main
from grounding.batch import BatchError, open_sink
from grounding.batch.local import run_local
from grounding.config import GroundingConfig
from grounding.types import without_run_notes

RECORDS = [
    {"id": "q1", "response": "The clinic opens at 8 am.", "context": ["The clinic opens at 8 am on weekdays."]},
    {"id": "q2", "response": "The starting dose is 50 mg.", "context": "The starting dose is now 25 mg."},
    {"id": "q3", "response": "Parking is free.", "context": [{"id": "a", "text": "x."}, {"id": "a", "text": "y."}]},
]


@pytest.fixture
def jsonl_input(tmp_path):
    path = tmp_path / "in.jsonl"
    path.write_text("".join(json.dumps(r) + "\n" for r in RECORDS) + "{broken\n", encoding="utf-8")
    return path


def test_cli_goes_on_past_failed_records_and_resumes(jsonl_input, tmp_path, capsys):
    out = tmp_path / "out.jsonl"
    assert main(["run", "--input", str(jsonl_input), "--output", str(out), "--csv", str(tmp_path / "p.csv")]) == 1
    lines = [json.loads(x) for x in out.read_text(encoding="utf-8").splitlines()]
    assert [x["id"] for x in lines] == ["q1", "q2", "q3", f"{jsonl_input} line 4"]
    assert "result" in lines[0] and "result" in lines[1]
    assert lines[2]["error"] == "ValueError: Two context documents share the id 'a'; give each document its own id."
    assert lines[3]["error"].startswith(f"RecordError: {jsonl_input} line 4: not valid JSON")
    report = capsys.readouterr().err
    assert "records: 4 in input, 0 already in the output (skipped), 2 grounded, 2 failed" in report
    assert (tmp_path / "p.csv").read_text(encoding="utf-8").count("\n") > 2  # header + q1's and q2's pairs
    # how sure the verdicts were, counted over the grounded records as their lines give it (grounding.sureness)
    verdicts = [v for x in lines[:2] for v in x["result"]["verdicts"] if v["label"] != "Not assessed"]
    unsure = sum(v["sureness"] is not None and v["sureness"] < 0.5 for v in verdicts)
    no_figure = sum(v["sureness"] is None for v in verdicts)
    assert len(verdicts) == 2 and no_figure < 2
    assert (f"verdicts: 2, of which {unsure} unsure (How sure below 50 %) and {no_figure} without a How sure figure"
            in report)

    before = out.read_text(encoding="utf-8")
    assert main(["run", "--input", str(jsonl_input), "--output", str(out)]) == 1  # failures stay in the output
    assert out.read_text(encoding="utf-8") == before
    assert "4 already in the output (skipped), 0 grounded, 0 failed (+2 failed in an earlier run)" in capsys.readouterr().err


def test_resume_under_another_config_is_refused(jsonl_input, tmp_path, capsys):
    out = tmp_path / "out.jsonl"
    out.write_text("", encoding="utf-8")
    run_local(jsonl_input, out, GroundingConfig())
    with pytest.raises(BatchError, match=r"another configuration \(tau 0\.5 -> 0\.6\).*--overwrite"):
        open_sink(out, GroundingConfig(tau=0.6))
    assert main(["run", "--input", str(jsonl_input), "--output", str(out), "--tau", "0.6"]) == 2
    assert main(["run", "--input", str(jsonl_input), "--output", str(out), "--tau", "0.6", "--overwrite"]) == 1
    assert json.loads(out.read_text(encoding="utf-8").splitlines()[0])["result"]["config"]["tau"] == 0.6


def test_parquet_input_and_output_folder(tmp_path):
    pa = pytest.importorskip("pyarrow", reason="pyarrow comes with requirements-ray.txt")
    import pyarrow.parquet as pq
    records = [RECORDS[0], {**RECORDS[1], "context": [RECORDS[1]["context"]]}]  # one Arrow type per column
    src = tmp_path / "in.parquet"
    pq.write_table(pa.Table.from_pylist(records), src)
    out = tmp_path / "out.parquet"
    _, summary, _ = run_local(src, out, GroundingConfig())
    assert (summary.grounded, summary.failed) == (2, 0)
    table = pq.read_table(out).to_pydict()
    assert table["id"] == ["q1", "q2"] and table["error"] == [None, None]
    jsonl_out = tmp_path / "out.jsonl"
    (tmp_path / "in.jsonl").write_text("".join(json.dumps(r) + "\n" for r in records), encoding="utf-8")
    run_local(tmp_path / "in.jsonl", jsonl_out, GroundingConfig())
    for stored, line in zip(table["result"], jsonl_out.read_text(encoding="utf-8").splitlines()):
        got, want = json.loads(stored), json.loads(line)["result"]
        assert without_run_notes(got) == without_run_notes(want)  # the same result JSON as the JSON Lines output
    _, again, _ = run_local(src, out, GroundingConfig())  # resume: nothing left to do
    assert (again.skipped, again.grounded) == (2, 0)


def test_worker_plan_fills_the_cores_without_overfilling_a_node():
    from grounding.batch.on_ray import worker_plan
    assert worker_plan(2, 2, None) == (2, 1)     # default: one single-threaded worker per CPU
    assert worker_plan(2, 2, 1) == (1, 2)        # actors x threads = cores
    assert worker_plan(16, 8, 2) == (2, 8)       # two 8-core nodes: one 8-thread worker each
    assert worker_plan(16, 4, 2) == (2, 4)       # never more threads than the largest node has
    assert worker_plan(2, 2, 5) == (2, 1)        # at most one worker per CPU
    with pytest.raises(BatchError, match="at least 1"):
        worker_plan(2, 2, 0)
