"""The app's examples and the papers' Drug X example on every engine: verdict per claim with the int8 models
as the runtime runs them by default, on a VNNI CPU with their uint8 weights kept ("int8 uint8 weights": u8u8
kernels instead of u8s8 VNNI) or elsewhere without session.x64quantprecision ("int8 option off": on AVX2-only
CPUs the saturating u8s8 kernels for int8-stored weights; uint8-stored weights run u8u8 either way), and with
the fp32 models, side by side, and whether each meets the example's declared labels.

    python benchmarks/example_verdicts.py [--int8 exported_models] [--fp32 build/fp32] [--engines claims context context-fast]

Each variant runs in its own process (the int8 kernel is chosen when a session opens). --fp32: a folder with
the fp32 model set (export/recover.py + the fp32 export, see the README "Same answers on every CPU").
--int8: another int8 model set, e.g. a re-quantized one (benchmarks/quantization_variants.py).
"""
from __future__ import annotations

import argparse
import dataclasses
import json
import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def _worker(models_dir: str, engines: list[str], recheck_margin: float | None) -> None:
    from grounding import GroundingConfig, ground
    from grounding.examples import DRUG_X, EXAMPLES, claim_label, expected_problems
    out = {}
    for ex in EXAMPLES + [DRUG_X]:
        for engine in engines:
            config = GroundingConfig(engine=engine, models_dir=models_dir)
            if recheck_margin is not None:
                config = dataclasses.replace(config, recheck_margin=recheck_margin)
            res = ground(ex["response"], ex["context"], config, ex["question"])
            kept = [v for v in res.verdicts if res.claims[v.claim].origin != "rejected"]
            labels = [f"R{res.claims[v.claim].sentence + 1} {claim_label(res, v)}" for v in kept]
            # the numbers the verdict was read from, to say how far a differing claim is from its band
            numbers = [", ".join(f"{k} {getattr(v, k):.3f}" for k in ("score", "entail", "contradict")
                                 if getattr(v, k) is not None) + f"; rule {v.rule}" for v in kept]
            out[f"{ex['name']} / {engine}"] = {"labels": labels, "numbers": numbers,
                                               "problems": expected_problems(ex, res)}
    print(json.dumps(out))


def main(argv=None) -> int:
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--int8", type=Path, default=ROOT / "exported_models")
    p.add_argument("--fp32", type=Path, default=ROOT / "build" / "fp32")
    p.add_argument("--engines", nargs="+", default=["claims", "context", "context-fast"])
    p.add_argument("--worker", default=None, help=argparse.SUPPRESS)
    p.add_argument("--recheck-margin", type=float, default=None, help=argparse.SUPPRESS)
    a = p.parse_args(argv)
    if a.worker:
        _worker(a.worker, a.engines, a.recheck_margin)
        return 0
    from grounding import runtime
    cpu = runtime.cpu_description()
    variants = {"int8 exact": (str(a.int8), {}), "int8 no recheck": (str(a.int8), {}, 0.0)}
    if runtime.int8_weights_here() == "int8":
        variants["int8 uint8 weights"] = (str(a.int8), {"GROUNDING_INT8_VNNI": "0"})
    elif cpu["int8_kernel"].startswith("u8u8"):
        variants["int8 option off"] = (str(a.int8), {"GROUNDING_INT8_PRECISE": "0"})
    if (a.fp32 / "entailment" / "model.onnx").is_file():
        variants["fp32"] = (str(a.fp32), {})
    results = {}
    for name, (models, settings, *margin) in variants.items():
        env = dict(os.environ, **settings)
        extra = ["--recheck-margin", str(margin[0])] if margin else []
        proc = subprocess.run([sys.executable, __file__, "--worker", models, "--engines", *a.engines, *extra],
                              capture_output=True, text=True, env=env, cwd=ROOT)
        if proc.returncode:
            print(proc.stderr[-2000:], file=sys.stderr)
            return 1
        results[name] = json.loads(proc.stdout.strip().splitlines()[-1])
    print(f"CPU: {cpu['cpu']} {cpu['flags']}; int8 models: {a.int8}; variants: {', '.join(variants)}")
    same_all, misses = True, 0
    differing = {name: [] for name in results if name != "int8 exact"}   # claims whose verdict differs from int8 exact
    for key in results["int8 exact"]:
        rows = {name: r[key]["labels"] for name, r in results.items()}
        same = all(v == rows["int8 exact"] for v in rows.values())
        same_all &= same
        for name in differing:
            mine, exact = rows[name], rows["int8 exact"]
            nums = results[name][key]["numbers"], results["int8 exact"][key]["numbers"]
            differing[name] += [f"{key}: {e} ({ne}) -> {m} ({nm})"
                                for e, m, nm, ne in zip(exact, mine, *nums) if e != m]
            if len(mine) != len(exact):
                differing[name].append(f"{key}: {len(exact)} verdicts -> {len(mine)}")
        problems = results["int8 exact"][key]["problems"]
        misses += len(problems)
        print(f"\n{key}: {'same in every variant' if same else 'VARIANTS DIFFER'}; "
              f"{'meets its declared labels' if not problems else 'misses: ' + '; '.join(problems)}")
        for name, labels in rows.items():
            print(f"  {name:16s} {' | '.join(labels)}")
    print(f"\nsummary: {'identical verdicts in every variant' if same_all else 'variants differ'}; "
          f"{misses} claim(s) miss their example's declared label (int8 exact)")
    for name, diffs in differing.items():
        print(f"{name} vs int8 exact: {len(diffs)} claim(s) differ" + "".join(f"\n  {d}" for d in diffs))
    return 0


if __name__ == "__main__":
    sys.exit(main())
