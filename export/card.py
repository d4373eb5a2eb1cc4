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


def file_table(folder: Path) -> dict:
    return {p.name: {"sha256": sha256(p), "bytes": p.stat().st_size}
            for p in sorted(folder.iterdir()) if p.is_file() and p.name not in CARD_FILES}


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
             f"- Quantization: {json.dumps(card.get('quantization', {}))}", ""]
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
