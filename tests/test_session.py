"""The app's logic without a browser: settings <-> config from the field metadata, events, downloads, the API."""
from __future__ import annotations

import argparse
import json
from pathlib import Path

import pytest

from grounding import GroundingConfig, api, ground
from grounding import session as ss
from grounding.examples import EXAMPLES
from grounding.config import PRESETS, add_cli_arguments, config_from_cli, run_fields

DRUG_RESPONSE = "Drug X lowers blood pressure but raises liver enzymes."
DRUG_CONTEXT = "Drug X significantly lowered systolic blood pressure.\n---\nLiver enzymes were unchanged."
NAMES = [f.name for f in ss.VERDICT_FIELDS]


@pytest.fixture(scope="module")
def drug(models_dir):
    return ground(DRUG_RESPONSE, DRUG_CONTEXT, GroundingConfig(engine="claims", models_dir=str(models_dir)))


def test_widgets_come_from_the_metadata_and_round_trip():
    assert [f.name for f in run_fields()] == ["engine", "tau", "preset", "pfcr"]
    assert NAMES[:7] == ["w_cos", "w_entity", "w_nli", "w_entail", "w_contradict", "supported", "partial"]
    assert "override_scope" in NAMES and "learned" not in NAMES
    for preset in PRESETS:
        values = ss.widget_values(preset)
        assert ss.config_from_settings("claims", 0.5, preset, True, values, "m").overrides == {}
    values = ss.widget_values("paper")
    values[NAMES.index("supported")] = 0.8
    values[NAMES.index("nli_override")] = ""        # empty box: the rule is off
    cfg = ss.config_from_settings("claims", 0.5, "paper", True, values, "m")
    assert cfg.overrides == {"supported": 0.8, "nli_override": None}
    values[NAMES.index("off_topic")] = "abc"
    with pytest.raises(ValueError, match="off_topic must be a number"):
        ss.config_from_settings("claims", 0.5, "paper", True, values, "m")


def test_cli_flags_come_from_the_metadata():
    parser = argparse.ArgumentParser()
    add_cli_arguments(parser)
    cfg = config_from_cli(parser.parse_args(["--tau", "0.6", "--engine", "context", "--no-pfcr", "--preset", "code"]))
    assert (cfg.tau, cfg.engine, cfg.pfcr, cfg.preset) == (0.6, "context", False, "code")
    with pytest.raises(SystemExit):
        parser.parse_args(["--engine", "fast"])


def test_verdict_change_after_moving_tau_keeps_the_runs_tau(drug, models_dir):
    """Bug (1) through the app's event: τ moved to 0.8 without Run, then a weight changed."""
    values = ss.widget_values("paper")
    values[NAMES.index("supported")] = 0.9
    downloads = ss.Downloads()
    step = ss.apply_verdict_settings(drug, "claims", 0.8, "paper", True, "all", values, str(models_dir), downloads)
    status, *_, files, result = step.outputs
    assert result.config.tau == 0.5 and result.config.overrides == {"supported": 0.9}
    assert "tau = 0.80" not in json.dumps(result.to_dict())
    assert ss.needs_run(result, "claims", 0.8, True) and "τ changed" in ss.needs_run(result, "claims", 0.8, True)
    assert ss.needs_run(result, "claims", 0.5, True) is None


def test_downloads_are_written_once_per_result_and_pruned(drug, tmp_path):
    downloads = ss.Downloads(keep=2)
    first = downloads.result_files(drug)
    assert [Path(p).name for p in first] == ["grounding_result.json", "grounding_pairs.csv", "grounding_report.html"]
    mtime = Path(first[0]).stat().st_mtime_ns
    assert downloads.result_files(drug) == first and Path(first[0]).stat().st_mtime_ns == mtime
    downloads.write({"a.txt": "1"})
    downloads.write({"a.txt": "2"})
    assert not Path(first[0]).exists() and len(list(downloads.root.iterdir())) == 2


def test_focus_from_a_click_or_the_drop_down(drug):
    assert ss.parse_focus("r0") == (0, None) and ss.parse_focus("c1") == (None, 1) and ss.parse_focus("all") == (None, None)
    assert ss.focus_of_click(drug, {"claim": 1}) == "c1"
    assert ss.focus_of_click(drug, {"row": "0"}) == "r0"
    assert ss.focus_of_click(drug, {}) is None
    step = ss.click_view(drug, None, {"claim": 0})
    assert step.outputs[0] == "c0" and len(step.outputs) == 6


def test_run_streams_and_ends_with_downloads(models_dir):
    steps = list(ss.run_check(DRUG_RESPONSE, DRUG_CONTEXT, None, "", "claims", 0.5, "paper", True,
                              ss.widget_values("paper"), str(models_dir), ss.Downloads()))
    assert len(steps) >= 2 and all(len(s.outputs) == ss.RUN_OUTPUTS == 11 for s in steps)
    assert steps[0].outputs[7] is None and len(steps[-1].outputs[7]) == 3 and steps[-1].outputs[8].complete
    empty = next(ss.run_check("", "", None, "", "claims", 0.5, "paper", True, ss.widget_values("paper"),
                              str(models_dir), ss.Downloads()))
    assert empty.warnings == ["The response is empty: paste the answer to check (or pick an example)."]


def test_between_shown_updates_the_run_yields_steps_that_change_nothing(models_dir, monkeypatch):
    """Gradio ends a closed tab's run only where the check yields: between the updates it shows (one per
    stream_interval) it yields an all-KEEP step at least every CANCEL_POLL, and only then."""
    response = " ".join(f"The committee approved item {i} on day {i}." for i in range(6))
    context = "The committee approved item 3 on day 3."

    def steps(poll):
        monkeypatch.setattr(ss, "CANCEL_POLL", poll)
        return list(ss.run_check(response, context, None, "", "claims", 0.5, "paper", False,
                                 ss.widget_values("paper"), str(models_dir), ss.Downloads()))
    monkeypatch.setattr(ss, "stream_interval", lambda result: 3600.0)   # one shown update, then only the last
    every = steps(0.0)
    shown = [s for s in every if not all(x is ss.KEEP for x in s.outputs)]
    assert len(shown) == 2 and shown[0] is every[0] and shown[1] is every[-1] and every[-1].outputs[8].complete
    assert len(every) - 2 == 6            # a KEEP step after each sentence (the complete result comes after them)
    assert all(len(s.outputs) == ss.RUN_OUTPUTS and not s.warnings for s in every[1:-1])
    assert len(steps(3600.0)) == 2        # no poll due: nothing in between


def test_a_context_engine_gives_way_inside_its_scoring_pass_without_drawing(models_dir, monkeypatch):
    """On a context engine the scorer reads every window before the first sentence's verdict: the run yields there
    too (a point where Gradio can end a closed tab's run), but draws only what is new: the segmentation, each sentence
    (when an update is due) and the complete result, never a step of the scoring pass."""
    response = " ".join(f"The council approved grant {i} on day {i}." for i in range(4))
    context = " ".join(f"The council approved grant {i} on day {i + 1}." for i in range(5))

    def steps(poll, interval):   # per step: None for one that draws nothing, else the verdicts it shows
        monkeypatch.setattr(ss, "CANCEL_POLL", poll)
        monkeypatch.setattr(ss, "stream_interval", lambda result: interval)
        run = ss.run_check(response, context, None, "", "context", 0.5, "joint", False, ss.widget_values("joint"),
                           str(models_dir), ss.Downloads())
        return [None if all(x is ss.KEEP for x in s.outputs) else len(s.outputs[8].verdicts) for s in run]
    # an update always due, a poll never: the segmentation, each sentence and the complete result; the scoring pass
    # draws nothing
    assert steps(3600.0, 0.0) == [0, 1, 2, 3, 4, 4]
    # a poll always due: after the segmentation, a step after each of the 4 windows and each of the 4 sentences
    assert steps(0.0, 3600.0) == [0] + [None] * (4 + 4) + [4]


def test_stop_ends_the_run_by_itself_with_what_was_checked(models_dir, monkeypatch):
    """Stop sets the run's flag (grounding.stops): the check starts no more model work, completes with the rest listed
    as not assessed, and its last step says how many sentences were checked before Stop."""
    response = " ".join(f"The council approved grant {i} on day {i}." for i in range(6))
    context = " ".join(f"The council approved grant {i} on day {i + 1}." for i in range(6))
    shown_rows = []
    monkeypatch.setattr(ss, "stream_interval", lambda result: 0.0)   # every sentence shown

    def cancelled():          # Stop pressed once two sentences are checked
        return len(shown_rows) and shown_rows[-1] >= 2
    steps = []
    for step in ss.run_check(response, context, None, "", "claims", 0.5, "joint", False, ss.widget_values("joint"),
                             str(models_dir), ss.Downloads(), cancelled=cancelled):
        steps.append(step)
        if not all(x is ss.KEEP for x in step.outputs):
            shown_rows.append(len(step.outputs[8].verdicts))
    last = steps[-1].outputs
    result = last[8]
    assert result.complete and "Stopped: 2 of 6 sentences were checked before Stop" in last[0], last[0]
    assert [v.label for v in result.verdicts][2:] == ["Not assessed"] * 4 and last[7]   # downloads of what was checked
    assert any("The check was stopped" in m for m in result.coverage.messages)


def test_stops_flag_the_sessions_submitted_or_running_run(monkeypatch):
    from grounding import stops as st
    stops = st.Stops()
    stops.submit("s1", "check")
    first = stops.start("s1", "check")                              # the run submitted by the click
    other = stops.start("s2", "check")                              # one that started without a submit
    assert stops.stop("s1", "check") and first() and not other()
    assert not stops.stop("s1", "trace")                            # nothing of that kind there
    stops.submit("s1", "check")                                     # Run again while the stopped one still ends
    newer = stops.start("s1", "check")
    stops.end("s1", "check", first)                                 # the old run ending leaves the new one's flag
    assert not newer() and stops.stop("s1", "check") and newer()
    assert not stops.start("s1", "check")()                         # no submit: a stopped run's flag is not reused
    stops.end("s1", "check", newer)
    # Stop while the run waits in the queue: it starts stopped
    stops.submit("s3", "trace")
    assert stops.stop("s3", "trace") and stops.start("s3", "trace")()
    # a submitted run that never started (its tab closed while it waited) is forgotten after FORGET_AFTER
    stops.submit("s4", "compare")
    monkeypatch.setattr(st, "FORGET_AFTER", -1.0)
    stops.submit("s5", "compare")
    assert not stops.stop("s4", "compare") and stops.stop("s3", "trace")   # started runs are kept


def test_uploads_fill_only_empty_boxes(tmp_path):
    path = tmp_path / "r.json"
    path.write_text(json.dumps({"response": "From the file.", "question": "Q?", "context": ["Doc."]}, indent=2))
    step = ss.load_files([str(path)], "", "")
    assert step.outputs[:2] == ("From the file.", "Q?")
    step = ss.load_files([str(path)], "Typed already.", "")
    assert step.outputs[0] is ss.KEEP and step.outputs[1] == "Q?"
    # an example in the boxes (what a page opens with) is replaced by the record, its pasted context emptied
    e = EXAMPLES[0]
    step = ss.load_files([str(path)], e["response"], e["question"], e["context"])
    assert step.outputs[:3] == ("From the file.", "Q?", "")
    assert ss.load_files([str(path)], e["response"], e["question"], "My own context.").outputs[2] is ss.KEEP
    bad = tmp_path / "bad.exe"
    bad.write_text("x")
    assert ss.load_files([str(bad)], "", "").warnings


def test_api_endpoints_say_what_is_wrong(drug):
    with pytest.raises(ValueError, match="Not a grounding result"):
        api.report_endpoint("not a result")
    with pytest.raises(ValueError, match="Could not re-derive"):
        api.rederive_endpoint(drug.to_dict(), "paper", {"no_such_setting": 1})
    with pytest.raises(ValueError, match="overrides must map setting names"):
        api.rederive_endpoint(drug.to_dict(), "paper", {"supported": [0.8]})
    again = api.rederive_endpoint(drug.to_dict(), "code")
    assert again["config"]["preset"] == "code" and "models_dir" not in again["config"]


def test_an_upload_replacing_an_examples_context_clears_its_question(tmp_path):
    from grounding.examples import EXAMPLES
    e = EXAMPLES[0]
    doc = tmp_path / "notes.txt"
    doc.write_text("The library opens at nine.", encoding="utf-8")
    step = ss.load_files([str(doc)], e["response"], e["question"], e["context"])
    assert step.outputs[1] == "" and step.outputs[2] == ""          # the example's question and context go
    step = ss.load_files([str(doc)], "My answer.", "My own question?", e["context"])
    assert step.outputs[1] is ss.KEEP and step.outputs[2] == ""      # a question the user typed stays


def test_every_verdict_box_re_derives_through_one_ordered_listener():
    """The verdict settings (every box's submit and blur, every radio's and slider's input) share one listener with
    trigger_mode "always_last": a textbox's blur and the radio clicked right after re-derive one after the other in
    a session, so the settings shown are the last ones. With a listener per box the two could finish in either order
    and leave the older settings on screen (the browser test of override_scope lost its radio that way under load)."""
    import app
    from grounding.config import verdict_fields
    demo = app.build()
    ids = {b.elem_id: k for k, b in demo.blocks.items() if getattr(b, "elem_id", None)}
    boxes = {ids[f"gv-{f.name}"] for f in verdict_fields()}
    listeners = [d for d in demo.get_config_file()["dependencies"] if {t for t, _ in d["targets"]} & boxes]
    assert len(listeners) == 1
    (listener,) = listeners
    assert {t for t, _ in listener["targets"]} == boxes and listener["trigger_mode"] == "always_last"
    scope = ids["gv-joint_support"]
    assert {(scope, "submit"), (scope, "blur")} <= {tuple(t) for t in listener["targets"]}
    assert (ids["gv-override_scope"], "input") in {tuple(t) for t in listener["targets"]}


def test_the_page_opens_on_the_first_example_and_its_arrival_never_writes_the_inputs(models_dir):
    """The inputs hold the first example from the layout on; the arrival event brings only its result. It used to write
    the example into the inputs too, replacing what a user typed or pasted before it came (seen in chromium: a
    response pasted right after the page opened was put back to the example's while its result showed)."""
    import app
    from grounding.examples import EXAMPLES
    demo = app.build()
    ids = {b.elem_id: k for k, b in demo.blocks.items() if getattr(b, "elem_id", None)}
    inputs = {ids["gv-response"], ids["gv-context-input"], ids["gv-question"]}
    assert [demo.blocks[ids[k]].value for k in ("gv-response", "gv-context-input", "gv-question")] == \
        [EXAMPLES[0]["response"], EXAMPLES[0]["context"], EXAMPLES[0]["question"]]
    (arrival,) = [d for d in demo.get_config_file()["dependencies"] if any(t == "load" for _, t in d["targets"])]
    assert not set(arrival["outputs"]) & inputs and len(arrival["outputs"]) == ss.RUN_OUTPUTS
    step = ss.on_arrival(str(models_dir), ss.Downloads())
    assert len(step.outputs) == ss.RUN_OUTPUTS and "Showing the example" in step.outputs[0]
