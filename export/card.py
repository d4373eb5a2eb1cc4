"""Model card: card.json (machine-readable) and README.md (the same facts for people)."""
from __future__ import annotations

import hashlib
import json
from pathlib import Path

CARD_FILES = ("card.json", "README.md")


def sha256(path: Path) -> str:
    h = hashlib.sha256()
    with open(path, "rb") as fh:
        for chunk in iter(lambda: fh.read(1 << 20), b""):
            h.update(chunk)
    return h.hexdigest()


# GPU variants (export/variant.py) are local build products, recorded in the card's gpu_variant, never shipped
LOCAL_FILES = ("model_fp16.onnx", "model_fp32.onnx")


def file_table(folder: Path) -> dict:
    return {p.name: {"sha256": sha256(p), "bytes": p.stat().st_size}
            for p in sorted(folder.iterdir()) if p.is_file() and p.name not in CARD_FILES + LOCAL_FILES}


def write_card(folder: Path, card: dict) -> dict:
    """Refresh the file table and write card.json + README.md into folder."""
    card = dict(card)
    card["files"] = file_table(folder)
    (folder / "card.json").write_text(json.dumps(card, indent=2, ensure_ascii=False) + "\n")
    (folder / "README.md").write_text(render_markdown(card))
    return card


def update_card(folder: Path, **sections) -> dict:
    """Merge sections (e.g. evaluation=...) into an existing card and rewrite both files."""
    card = json.loads((folder / "card.json").read_text())
    card.update(sections)
    return write_card(folder, card)


def _table(rows: list[list], header: list[str]) -> str:
    out = ["| " + " | ".join(header) + " |", "|" + "---|" * len(header)]
    out += ["| " + " | ".join(str(c) for c in r) + " |" for r in rows]
    return "\n".join(out)


def render_markdown(card: dict) -> str:
    src = card.get("source", {})
    lines = [f"# {card.get('role', 'model')} — int8 ONNX", "",
             card.get("description", ""), "",
             f"- Source: `{src.get('name')}` ({src.get('kind')}, revision `{src.get('revision')}`)",
             f"- Base model: {card.get('base_model', src.get('name'))} — licence {card.get('license', 'see source')}",
             f"- ONNX opset {card.get('opset')}, exported with optimum; max length {card.get('max_length')} tokens",
             f"- Quantization: {json.dumps({k: v for k, v in card.get('quantization', {}).items() if k != 'requantized'})}"]
    rq = card.get("quantization", {}).get("requantized")
    if rq:   # export/requantize.py: from which file, whether the weights stayed the same numbers
        lines.append(f"- Re-quantized {rq.get('date')} from {rq.get('from')}; same weights: {rq.get('same_weights')}; "
                     f"`{rq.get('command')}` (the previous settings and probe measurements: card.json)")
    lines.append("")
    if card.get("labels"):
        lines += [f"- Labels (id → name): {card['labels']}", ""]
    extras = [(k, card[k]) for k in ("encoder_layers", "layout", "signed_value", "long_inputs", "window_consistency", "limitations") if card.get(k)]
    if extras:   # the scorer's input layout, output convention and window behaviour
        for k, v in extras:
            name = k.replace('_', ' ').capitalize()
            if isinstance(v, list) and all(isinstance(x, str) for x in v):
                lines += [f"- {name}:"] + [f"  - {x}" for x in v]
            else:
                lines.append(f"- {name}: {v if isinstance(v, str) else json.dumps(v)}")
        lines.append("")
    par = card.get("parity", {})
    if par:
        lines += ["## Parity with the PyTorch fp32 model (fixed probe set)", "",
                  _table([[k, json.dumps(v)] for k, v in par.items()], ["model", "figures"]), ""]
    pr = card.get("probe")
    if pr:
        lines += ["## Same answers on every CPU (probe set, int8 vs fp32 reference)", "",
                  f"{pr['items']} probe items; reference: {pr.get('reference_model', 'fp32')}; tolerance "
                  f"{json.dumps(pr.get('tolerance', {}))}; checked by {pr.get('check', 'tests/test_parity.py')}.", "",
                  _table([[m["cpu"] + " (" + ", ".join(m.get("flags", [])) + ")", m["int8_kernel"],
                           m.get("label_agreement", m.get("cosine_min")), m.get("clear_label_agreement", "-"),
                           m["max_abs_diff"], m.get("vs_exact_int8_max_abs_diff", "-"),
                           m.get("vs_recorded_int8_max_abs_diff", "-"), "yes" if m.get("passes") else "no"]
                          for m in pr.get("measured", [])],
                         ["CPU (flags)", "int8 kernel", "label agreement (embedder: min cosine)", "clear labels",
                          "max \\|Δ\\| vs fp32", "max \\|Δ\\| vs exact int8 here", "max \\|Δ\\| vs recorded int8", "passes"]), ""]
    speed = card.get("speed_by_cpu", [])
    if speed:   # one row per CPU and variant: parity with fp32 and speed side by side, measured in one run
        lines += ["## Parity and speed per CPU (probe set; python benchmarks/int8_kernels.py, one run per CPU)", "",
                  _table([[e["cpu"], k, r.get("label_agreement", r.get("cosine_min")), r.get("clear_label_agreement", "-"),
                           r["max_abs_diff"], r.get("max_abs_diff_vs_int8_exact", "-"), f"{r['rate']} {e['unit']}",
                           f"{r['speed_vs_fp32_baseline']}× {e['baseline']}",
                           f"{e['threads']} threads, {e['measured']}" + (f"; {e['note']}" if e.get("note") else "")]
                          for e in speed for k, r in e["rows"].items()],
                         ["CPU (flags)", "variant", "label agreement with fp32 (embedder: min cosine)", "clear labels",
                          "max \\|Δ\\| vs fp32", "max \\|Δ\\| vs int8 exact", "rate", "speed vs fp32 baseline", "run"]), ""]
    gv = card.get("gpu_variant")
    if gv:
        lines += [f"## GPU variant ({gv['precision']}, not shipped: `python -m export --precision {gv['precision']}`)", "",
                  f"- File `{gv['file']}` ({gv['bytes']:,} bytes, sha256 `{gv['sha256']}`) from {gv['from']}; runs when "
                  f"{gv['runs_when']}.",
                  f"- Checked on the CPU against fp32: {json.dumps(gv['checked_on_cpu_vs_fp32'])}", ""]
    sp = card.get("speed", {})
    if sp:
        rows = [[k, sp["rate"][k], [*sp.values()][-1][k]] for k in sp["rate"]]
        lines += [f"## Speed ({sp['items']} items, batch {sp['batch_size']}, {sp['threads']} threads, one run)", "",
                  _table(rows, ["engine", sp["unit"], "ratio"]), ""]
    tr = card.get("training")
    if tr:
        lines += ["## Training", "", "```json", json.dumps(tr, indent=2), "```", ""]
    ev = card.get("evaluation")
    if ev:
        lines += ["## Evaluation", "", f"Command: `{ev.get('command', '')}`", ""]
        rows = ev.get("rows", [])
        if rows:
            header = list(rows[0].keys())
            lines += [_table([[r[h] for h in header] for r in rows], header), ""]
        for extra in ("notes", "benchmark"):
            if ev.get(extra):
                lines += [f"{extra.capitalize()}: {json.dumps(ev[extra]) if not isinstance(ev[extra], str) else ev[extra]}", ""]
    lines += ["## Files", "", _table([[n, f["bytes"], f["sha256"]] for n, f in card.get("files", {}).items()],
                                     ["file", "bytes", "sha256"]), ""]
    return "\n".join(lines)


KNOWN_BASES = (("mpnet", "sentence-transformers/all-mpnet-base-v2"), ("minilm", "sentence-transformers/all-MiniLM-L6-v2"))


def base_model_of(training: dict | None) -> str | None:
    """The model a trained folder started from: the backbone of the first stage in its training record's chain of
    previous stages (training.entailment writes them), named by the sentence-transformers id where known."""
    stage = training
    while stage and isinstance(stage.get("previous_stage"), dict):
        stage = stage["previous_stage"]
    root = str((stage or {}).get("backbone") or "")
    return next((name for key, name in KNOWN_BASES if key in root.lower()), root.split(" (")[0] or None)
