"""The model-output cache (grounding.cache) and the other per-request savings: results never change, memory stays
within the budget, threads share the cache safely; and the load test's varied typical requests."""
from __future__ import annotations

import dataclasses
import json
import subprocess
import sys
import threading
from pathlib import Path

import numpy as np
import pytest

from grounding import GroundingConfig, ground
from grounding.cache import MODEL_OUTPUTS, OutputCache
from grounding.examples import BY_NAME, EXAMPLES
from grounding.models import load
from grounding.types import without_run_notes

ROOT = Path(__file__).resolve().parent.parent


def run_json(result) -> dict:
    return without_run_notes(result.to_dict())   # less the timings and cache counts: what two runs may differ in


@pytest.fixture
def cache():
    """The process-wide cache, emptied before and after (its budget restored)."""
    budget = MODEL_OUTPUTS.budget or 64 * 2**20
    MODEL_OUTPUTS.clear()
    MODEL_OUTPUTS.resize(budget)
    yield MODEL_OUTPUTS
    MODEL_OUTPUTS.clear()
    MODEL_OUTPUTS.resize(budget)


def cache_counts(result) -> dict:
    return {role: (n["hits"], n["misses"]) for role, n in result.coverage.runtime["cache"].items() if isinstance(n, dict)}


@pytest.mark.parametrize("engine", ["claims", "context-fast"])
def test_repeated_request_is_served_from_the_cache_with_an_identical_result(cache, engine):
    e = BY_NAME["long_context"]
    config = GroundingConfig(engine=engine)
    first = ground(e["response"], e["context"], config)
    again = ground(e["response"], e["context"], config)
    assert run_json(again) == run_json(first)
    before, after = cache_counts(first), cache_counts(again)
    roles = {"claims": {"embedder", "entailment"}, "context-fast": {"embedder", "scorer", "entailment"}}[engine]
    assert set(before) == set(after) == roles
    # the first run ran its items (its only hits: a scorer window the fp32 recheck of one sentence read again for
    # another, grounding.stages.recheck); the second ran nothing and found every call of the first
    assert all(misses > 0 for hits, misses in before.values())
    assert before["embedder"][0] == 0 and (engine == "context-fast" or before["entailment"][0] == 0)
    assert after == {role: (hits + misses, 0) for role, (hits, misses) in before.items()}
    assert first.coverage.runtime["cache"]["budget_mb"] == round(cache.budget / 2**20, 1)


def test_cache_off_gives_the_same_results_as_on_cold_warm_and_partly_warm(cache):
    """Every example, and edits of them that reuse some calls (sentences dropped or reordered), with the cache off,
    cold, and warm: the same result each time, down to the last digit."""
    requests = [(e["response"], e["context"]) for e in EXAMPLES]
    for e in EXAMPLES[:2]:
        sentences = [s.text for s in ground(e["response"], e["context"]).response_sentences]
        requests += [(" ".join(sentences[::-1]), e["context"]), (" ".join(sentences[1:]), e["context"])]
    cache.resize(0)
    off = [run_json(ground(r, c)) for r, c in requests]
    assert len(cache) == 0 and cache.bytes == 0
    cache.resize(64 * 2**20)
    cold = [run_json(ground(r, c)) for r, c in requests]
    warm = [run_json(ground(r, c)) for r, c in requests]
    assert off == cold == warm
    assert len(cache) > 0


@pytest.mark.parametrize("engine", ["claims", "context"])
def test_edited_response_reuses_the_unchanged_sentences(cache, engine):
    e = BY_NAME["contradiction"]
    config = GroundingConfig(engine=engine)
    ground(e["response"], e["context"], config)
    dropped = ground(e["response"].replace("Headache and nausea were the most common side effects.", ""), e["context"],
                     config)
    counts = cache_counts(dropped)
    judged = [c for c in dropped.claims if c.origin != "rejected"]
    assert len(judged) == 2
    if engine == "claims":
        # the context and the two sentences left were embedded before
        assert counts["embedder"] == (len(dropped.context_sentences) + 2, 0)
        assert counts["entailment"][0] > 0         # their pairs were judged before too
        return
    # the scorer's window of each sentence left (one per sentence and document), their joint readings and the
    # readings that follow them (sentences alone, parts) were run before; the context was embedded before (the
    # response sentences are embedded as one call, now of two)
    assert counts["scorer"] == (2, 0) and counts["entailment"][0] >= 2 and counts["entailment"][1] == 0
    assert counts["embedder"][0] >= len(dropped.context_sentences)


def test_a_call_is_found_cached_only_with_all_its_batch_mates(cache, models_dir):
    """The int8 models scale activations per token (export/activations.py), so an item's outputs do not depend on its
    batch-mates (with one scale per tensor they moved); and a batch that shares items with one run before gets its
    own outputs from the cache, byte for byte."""
    embedder, entailment = load(f"{models_dir}/embedder"), load(f"{models_dir}/entailment")
    a = ["Rain fell.", "Short claim here.", "A sentence of middling length about enzymes.", "The dose is 50 mg."]
    b = a[:3] + ["Another, much longer sentence about the blood pressure of adults who took part in the trial."]
    hypotheses = ["Drug X lowers blood pressure."] * 4
    cache.resize(0)
    fresh = {"a": embedder.encode(a), "b": embedder.encode(b),
             "pa": entailment.predict(a, hypotheses), "pb": entailment.predict(b, hypotheses)}
    assert np.abs(fresh["a"][:3] - fresh["b"][:3]).max() <= 1e-6       # batch-mates do not move outputs
    assert np.abs(fresh["pa"][:3] - fresh["pb"][:3]).max() <= 1e-6
    cache.resize(64 * 2**20)
    embedder.encode(a), entailment.predict(a, hypotheses)
    assert np.array_equal(embedder.encode(b), fresh["b"])
    assert np.array_equal(entailment.predict(b, hypotheses), fresh["pb"])
    assert np.array_equal(embedder.encode(a), fresh["a"])            # and a, found cached, is still a's own
    assert np.array_equal(entailment.predict(a, hypotheses), fresh["pa"])


def test_cache_evicts_the_least_recently_used_and_stays_within_its_budget():
    c = OutputCache(budget=4000)
    rows = np.zeros((2, 64), dtype=np.float32)              # 512 bytes each
    for k in range(40):
        c.put(("model", f"text {k}"), (rows.copy(), ()))
        assert c.bytes <= 4000
        if k == 2:
            assert c.get(("model", "text 0")) is not None   # used: now the most recent
    assert 2 <= len(c) < 40
    assert c.get(("model", "text 39")) is not None and c.get(("model", "text 1")) is None
    assert c.bytes == sum(size for _, size in c._entries.values())
    c.put(("model", "huge"), (np.zeros(10_000, dtype=np.float32),))   # larger than the whole budget: not kept
    assert c.get(("model", "huge")) is None and c.bytes <= 4000
    stored = c.get(("model", "text 39"))[0]
    with pytest.raises(ValueError):
        stored[0, 0] = 1.0                                   # cached outputs are read-only
    c.resize(0)
    assert len(c) == 0 and c.bytes == 0 and c.get(("model", "text 39")) is None


def test_model_calls_stay_within_the_budget_and_still_give_their_outputs(cache, models_dir):
    embedder = load(f"{models_dir}/embedder")
    texts = [f"Sentence number {k} is about the {k}th topic of the report." for k in range(40)]
    cache.resize(0)
    expected = embedder.encode(texts)
    cache.resize(20_000)          # a few batches' worth
    got = embedder.encode(texts)
    assert np.array_equal(got, expected)
    assert 0 < cache.bytes <= 20_000 and 0 < len(cache) < 10   # 10 batches of 4 were run; the oldest were evicted
    assert np.array_equal(embedder.encode(texts), expected)      # the evicted batches run again: the same outputs
    assert cache.bytes <= 20_000


def at_once(n_threads: int, rounds: int, jobs: int, run) -> dict:
    """Thread t calls run(k) for k = t, t + 1, ... (mod `jobs`), `rounds` times, all threads at once: {(t, r): (k,
    what run(k) gave)}; an exception in a thread fails the test."""
    got, errors = {}, []

    def work(t: int) -> None:
        try:
            for r in range(rounds):
                got[t, r] = ((t + r) % jobs, run((t + r) % jobs))
        except Exception as err:   # noqa: BLE001 (reported below)
            errors.append(err)

    threads = [threading.Thread(target=work, args=(t,)) for t in range(n_threads)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert not errors and len(got) == n_threads * rounds
    return got


def test_threads_sharing_the_cache_get_their_own_results(cache, models_dir):
    entailment = load(f"{models_dir}/entailment")
    e = BY_NAME["long_context"]
    premises = [s.text for s in ground(e["response"], e["context"]).context_sentences[:24]]
    hypotheses = ["Northwind Energy added 1.8 gigawatts of solar capacity in 2023.", "Wind generation fell by 6%."]
    jobs = [(premises[k:k + 8], [hypotheses[k % 2]] * 8) for k in range(0, 16, 2)]
    cache.resize(0)
    expected = [entailment.predict(p, h) for p, h in jobs]
    cache.resize(64 * 2**20)
    got = at_once(8, 3, len(jobs), lambda k: entailment.predict(*jobs[k]))
    assert all(np.array_equal(probs, expected[k]) for k, probs in got.values())


def test_concurrent_requests_give_the_sequential_results(cache):
    cache.resize(0)
    expected = [run_json(ground(e["response"], e["context"])) for e in EXAMPLES]
    cache.resize(64 * 2**20)
    got = at_once(4, 2, len(EXAMPLES), lambda k: run_json(ground(EXAMPLES[k]["response"], EXAMPLES[k]["context"])))
    assert all(result == expected[k] for k, result in got.values())


def test_a_call_key_names_the_model_file_and_its_window(models_dir, tmp_path):
    import shutil

    from grounding.runtime import OnnxModel
    folder = Path(models_dir) / "entailment"
    base = OnnxModel(folder, threads=1)
    assert OnnxModel(folder, threads=1).identity == base.identity
    assert OnnxModel(folder, threads=1, max_length=128).identity != base.identity
    copy = tmp_path / "entailment"
    shutil.copytree(folder, copy)
    assert OnnxModel(copy, threads=1).identity != base.identity       # another file: other outputs possible
    assert load(f"{models_dir}/embedder").model.identity != base.identity


def test_cache_budget_comes_from_the_environment(monkeypatch):
    from grounding.config import DEFAULT_CACHE_MB, environment
    monkeypatch.delenv("GROUNDING_CACHE_MB", raising=False)
    assert environment().cache_mb == DEFAULT_CACHE_MB == 64
    monkeypatch.setenv("GROUNDING_CACHE_MB", "0")
    assert environment().cache_mb == 0
    monkeypatch.setenv("GROUNDING_CACHE_MB", "12.5")
    assert environment().cache_mb == 12.5
    code = "from grounding.cache import MODEL_OUTPUTS as c; print(c.budget)"
    out = subprocess.run([sys.executable, "-c", code], env={**__import__("os").environ, "GROUNDING_CACHE_MB": "3"},
                         capture_output=True, text=True, check=True).stdout
    assert int(out) == 3 * 2**20


def test_negation_reuses_the_parse_of_a_whole_sentence():
    from grounding.decompose import decompose, parse
    from grounding.negate import negate
    from grounding.segment import split_response
    text = "The clinic opened a new wing for children in March."
    (sentence,) = split_response(text)
    parse.cache_clear()
    negate.cache_clear()
    (claim,) = decompose(sentence, text)
    assert claim.text == text and parse.cache_info().misses == 1
    assert negate(claim.text) == "The clinic did not open a new wing for children in March."
    assert parse.cache_info().hits == 1 and parse.cache_info().misses == 1   # spaCy ran once for both
    assert negate(claim.text) == "The clinic did not open a new wing for children in March."
    assert negate.cache_info().hits == 1


def test_result_json_is_what_dataclasses_asdict_gives():
    e = BY_NAME["conflicting"]
    result = ground(e["response"], e["context"])
    want = dataclasses.asdict(dataclasses.replace(result, config=None))
    want["config"] = result.config.to_dict()
    got = result.to_dict()
    assert list(got) == list(want) and json.dumps(got) == json.dumps(want)


def test_language_of_a_text_is_the_same_cached_or_not():
    from grounding.language import CACHED_CHARS, _detect, detect_language
    short = "The committee approved the budget for next year after a long debate."
    long = (short + " ") * (CACHED_CHARS // len(short) + 1)
    assert detect_language(short) == _detect(short) and detect_language(short)[0] == "en"
    assert detect_language(long) == _detect(long) and len(long) > CACHED_CHARS


def test_load_test_varied_requests_keep_the_context_and_edit_the_response():
    """benchmarks/load_test.py's typical requests: "varied" changes one number (every other sentence kept, none added),
    the same seed gives the same edits; "examples" sends the example as it is."""
    code = """
import json, random
from load_test import NUMBER, typical
from grounding.examples import EXAMPLES
from grounding.segment import split_response
out = []
rng = random.Random(7)
for k in range(12):
    response, context = typical(k, "varied", rng)
    e = EXAMPLES[k % len(EXAMPLES)]
    given = [s.text for s in split_response(e["response"])]
    edited = [s.text for s in split_response(response)]
    new = [s for s in edited if s not in given]
    out.append([context == e["context"], len(new), len(edited) >= len(given) - 1,
                NUMBER.sub("#", new[0]) in [NUMBER.sub("#", s) for s in given] if new else None])
same = typical(3, "varied", random.Random(1)) == typical(3, "varied", random.Random(1))
print(json.dumps({"rows": out, "same": same, "plain": typical(5, "examples") == (EXAMPLES[5 % len(EXAMPLES)]["response"],
                                                                   EXAMPLES[5 % len(EXAMPLES)]["context"])}))
"""
    proc = subprocess.run([sys.executable, "-c", code], cwd=ROOT / "benchmarks", capture_output=True, text=True,
                          timeout=300)
    assert proc.returncode == 0, proc.stderr[-2000:]
    out = json.loads(proc.stdout.strip().splitlines()[-1])
    assert out["same"] and out["plain"]
    assert all(row == [True, 1, True, True] for row in out["rows"]), out["rows"]


def test_run_notes_are_only_the_timings_and_the_cache_counts():
    result = ground(EXAMPLES[0]["response"], EXAMPLES[0]["context"])
    full = result.to_dict()
    assert full["timings"] and set(full["coverage"]["runtime"]["cache"]) >= {"budget_mb", "embedder", "entailment"}
    kept = without_run_notes(result.to_dict())
    assert set(kept) == set(full) - {"timings"}
    assert set(kept["coverage"]["runtime"]) == set(full["coverage"]["runtime"]) - {"cache"}
    assert kept["verdicts"] == full["verdicts"] and kept["pairs"] == full["pairs"] and kept["metrics"] == full["metrics"]


def test_clear_text_caches_empties_every_language_tool_cache_and_results_stay_the_same():
    """What the cold benchmarks (--cold, typical_answers.py) rely on: after clear_text_caches a call parses again."""
    from grounding import decompose, deeds, entities, headings, language, negate, wording
    from grounding.cache import clear_text_caches
    ex = BY_NAME["contradiction"]
    config = GroundingConfig(engine="claims")
    first = ground(ex["response"], ex["context"], config, ex["question"])
    deeds.deeds("Ana Lopes called the budget a missed opportunity.")
    cached = (decompose.parse, entities.mentions, headings.states_fact, language._detect_cached, negate.negate,
              wording.align, deeds._cached_deeds)
    assert all(c.cache_info().currsize > 0 for c in (decompose.parse, entities.mentions, negate.negate, wording.align))
    clear_text_caches()
    assert [c.cache_info().currsize for c in cached] == [0] * len(cached)
    again = ground(ex["response"], ex["context"], config, ex["question"])
    assert decompose.parse.cache_info().misses > 0 and entities.mentions.cache_info().currsize > 0
    assert [v.label for v in again.verdicts] == [v.label for v in first.verdicts]
