"""The Ray batch path (`python -m grounding run --ray`) on a local Ray with 2 CPUs and 2 workers, a few records:
the same lines as the single-process run, a record that raises is reported while the rest are written, and a
re-run resumes. About a minute on 2 cores (Ray and two actors start once for the module); `-m "not ray"`
leaves it out."""
from __future__ import annotations

import json
import sys

import pytest

from grounding.__main__ import main
from grounding.batch import BatchError
from grounding.batch.local import run_local
from grounding.config import GroundingConfig
from grounding.types import without_run_notes

try:
    import ray
except ImportError:
    ray = None

needs_ray = pytest.mark.skipif(ray is None, reason="ray is not installed: pip install -r requirements-ray.txt")
pytestmark = pytest.mark.ray

DUPLICATE_IDS = "ValueError: Two context documents share the id 'a'; give each document its own id."
RECORDS = [
    {"id": "q1", "response": "Drug X lowers blood pressure but raises liver enzymes.",
     "context": ["Drug X significantly lowered systolic blood pressure.", "Liver enzymes were unchanged."]},
    {"id": "q2", "response": "The starting dose is 50 mg once daily.",
     "context": "# Label (2021)\nThe starting dose is 50 mg once daily.\n---\n# Update (2023)\nThe starting dose is now 25 mg."},
    # grounding this one raises (two documents with one id)
    {"id": "bad", "response": "The clinic opens at 8 am.",
     "context": [{"id": "a", "text": "The clinic opens at 8 am."}, {"id": "a", "text": "It closes at 6 pm."}]},
    {"response": "The clinic opens at 8 am.", "context": ["The clinic opens at 9 am on weekdays."]},  # no id
]


@pytest.fixture(scope="module")
def batch_input(tmp_path_factory):
    path = tmp_path_factory.mktemp("ray") / "in.jsonl"
    lines = [json.dumps(r) for r in RECORDS]
    path.write_text("\n".join(lines[:3] + ["this line is not JSON"] + lines[3:]) + "\n", encoding="utf-8")
    return path


@pytest.fixture(scope="module")
def local_ray():
    """One local Ray for the module (the batch reuses a Ray this process started), shut down after."""
    ray.init(num_cpus=2, include_dashboard=False, logging_level="WARNING")
    yield ray
    ray.shutdown()


def _config(models_dir) -> GroundingConfig:
    """No time budget (0): a budget that runs out under a loaded machine's shared CPU would leave rows unassessed in
    one run and not the other, and the equivalence below would test the load, not the code."""
    return GroundingConfig(models_dir=str(models_dir), time_budget=0)


@pytest.fixture(scope="module")
def single_process(batch_input, tmp_path_factory, models_dir):
    out = tmp_path_factory.mktemp("single") / "out.jsonl"
    _, summary, _ = run_local(batch_input, out, _config(models_dir))
    return out.read_text(encoding="utf-8").splitlines(), summary


def _without_timings(lines: list[str]) -> list[dict]:
    """The output lines as JSON, less the wall-clock timings and the model cache's counts (what differs between two
    runs: grounding.types.without_run_notes)."""
    out = []
    for line in lines:
        obj = json.loads(line)
        if "result" in obj:
            without_run_notes(obj["result"])
        out.append(obj)
    return out


def _ray(batch_input, out, models_dir, **kw):
    from grounding.batch.on_ray import RayConfig, run_on_ray
    return run_on_ray(batch_input, out, _config(models_dir),
                      RayConfig(workers=2, batch_size=1, **kw))


@needs_ray
def test_ray_writes_the_single_process_results_and_resumes(local_ray, batch_input, single_process, models_dir, tmp_path):
    expected, local_summary = single_process
    out = tmp_path / "out.jsonl"
    sink, summary, _, _ = _ray(batch_input, out, models_dir)
    lines = out.read_text(encoding="utf-8").splitlines()

    # identical JSON for every record, in input order
    assert [json.loads(x)["id"] for x in lines] == ["q1", "q2", "bad", f"{batch_input} line 4", f"{batch_input} line 5"]
    assert _without_timings(lines) == _without_timings(expected)

    # the records that raise are written with their error, the rest with results, and the summary says so
    assert json.loads(lines[2]) == {"id": "bad", "error": DUPLICATE_IDS}
    assert json.loads(lines[3])["error"].startswith("RecordError: ") and "not valid JSON" in lines[3]
    assert [("result" in json.loads(x)) for x in lines] == [True, True, False, False, True]
    assert (summary.in_input, summary.skipped, summary.grounded, summary.failed) == (5, 0, 3, 2)
    assert summary.failures[DUPLICATE_IDS] == 1
    assert summary.failures == local_summary.failures
    assert "failed x1: " + DUPLICATE_IDS in summary.text(10.0)

    # an interrupted run: two lines written and a third cut mid-line; the re-run (the CLI) grounds only the rest
    out.write_text("\n".join(lines[:2]) + "\n" + lines[2][:20], encoding="utf-8")
    code = main(["run", "--input", str(batch_input), "--output", str(out), "--ray", "--workers", "2", "--batch-size", "2",
                 "--time-budget", "0"])
    resumed = out.read_text(encoding="utf-8").splitlines()
    assert code == 1  # some records in the output failed
    assert resumed[:2] == lines[:2]  # kept byte for byte (their timings too): not grounded again
    assert _without_timings(resumed) == _without_timings(expected)

    # nothing left: a third run skips every id
    sink, summary, _, _ = _ray(batch_input, out, models_dir)
    assert (summary.skipped, summary.grounded, summary.failed, sink.failed_before) == (5, 0, 0, 2)
    assert out.read_text(encoding="utf-8").splitlines() == resumed


def test_without_ray_the_message_says_how_to_install_it(monkeypatch, batch_input, tmp_path):
    monkeypatch.setitem(sys.modules, "ray", None)  # import ray now raises ImportError
    from grounding.batch.on_ray import RayConfig, run_on_ray
    with pytest.raises(BatchError, match=r"pip install -r requirements-ray\.txt"):
        run_on_ray(batch_input, tmp_path / "out.jsonl", GroundingConfig(), RayConfig())
    assert main(["run", "--input", str(batch_input), "--output", str(tmp_path / "out.jsonl"), "--ray"]) == 2
