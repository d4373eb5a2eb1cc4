"""Loading a model: `load(folder)` reads the folder's card and builds the class of its role (one verb each).

    embedder    runtime.Embedder       encode(texts) -> unit vectors
    entailment  runtime.Entailment     predict(premises, hypotheses) -> P(entail, neutral, contradict)
    scorer      scorer.ContextScorer   score(response sentences, documents) -> a signed map over windows
"""
from __future__ import annotations

import functools
import json
from pathlib import Path
from typing import Optional

from grounding.types import InputError


def role_of(folder: Path) -> str:
    """The role its card.json names (a folder without a card: its own name, as the shipped folders are named)."""
    card = folder / "card.json"
    role = json.loads(card.read_text()).get("role") if card.is_file() else None
    return role or ("scorer" if folder.name.startswith("scorer") else folder.name)


@functools.lru_cache(maxsize=16)
def load(folder: str, threads: Optional[int] = None):
    """The model in `folder` (cached per folder and thread count), or an InputError saying it is missing."""
    path = Path(folder)
    if not (path / "model.onnx").is_file():
        if path.name.startswith("scorer"):
            raise InputError(f"The context-aware engine needs {path}, which this build does not ship yet; "
                             "use engine 'claims'.")
        raise InputError(f"The model folder {path} has no model.onnx: re-create it with `python -m export` (README).")
    role = role_of(path)
    if role == "embedder":
        from grounding.runtime import Embedder
        return Embedder(path, threads=threads)
    if role == "entailment":
        from grounding.runtime import Entailment
        return Entailment(path, threads=threads)
    if role == "scorer":
        from grounding.scorer import ContextScorer
        return ContextScorer(path, threads=threads)
    raise InputError(f"{path}/card.json names the role '{role}', which no engine uses.")


def load_roles(models_dir: str, folders: tuple[str, ...], threads: Optional[int] = None) -> dict:
    """{folder name: model} for the folders an engine needs, under `models_dir`."""
    return {name: load(str(Path(models_dir) / name), threads) for name in folders}
