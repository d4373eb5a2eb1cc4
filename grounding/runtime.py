"""Run exported models: an ONNX Runtime session plus a `tokenizers` tokenizer, loaded from a model folder.

A model folder (see export/) holds ``model.onnx``, ``tokenizer.json``, ``config.json`` and ``card.json``.
Nothing here imports torch or transformers.
"""
from __future__ import annotations

import json
import logging
import os
from dataclasses import dataclass, field
from pathlib import Path

import numpy as np

log = logging.getLogger(__name__)

ENTAILMENT, NEUTRAL, CONTRADICTION = "entailment", "neutral", "contradiction"
NLI_ORDER = (ENTAILMENT, NEUTRAL, CONTRADICTION)  # the column order every caller of Entailment.predict gets

MODELS_DIR = Path(__file__).resolve().parent.parent / "exported_models"

# Items per ONNX call. On CPU small batches: a batch is padded to its longest item, and the int8 models gain
# nothing from wide batches (python benchmarks/batch_size.py, 2 cores, 2026-11-30: entailment on the 27-pair
# long report instances 65-97 ms per instance at 4 vs 108-120 ms at 32; the claims engine on typical
# instances the same at both). A GPU wants wide batches. The int8 models scale activations per call, so an
# item's scores move slightly with its batch-mates (see exported_models/entailment/README.md).
CPU_BATCH_SIZE = {"embedder": 4, "entailment": 4}
GPU_BATCH_SIZE = 64

# Whether ONNX Runtime's worker threads busy-wait for the next operator after a call. The app runs several
# sessions (embedder, entailment, scorer and its head) beside the tokenizer's own threads on few cores: a
# session's spinning workers then take the cores the next stage needs (python benchmarks/spinning.py).
ALLOW_SPINNING = os.environ.get("GROUNDING_ORT_SPINNING", "0") == "1"


def session_options(threads: int | None = None):
    """ONNX Runtime options for every session the project opens: all graph optimizations, spinning as
    ALLOW_SPINNING says, and `threads` intra-op threads (None: ONNX Runtime's default)."""
    import onnxruntime as ort
    opts = ort.SessionOptions()
    if threads:
        opts.intra_op_num_threads = threads
        opts.inter_op_num_threads = 1
    opts.graph_optimization_level = ort.GraphOptimizationLevel.ORT_ENABLE_ALL
    opts.add_session_config_entry("session.intra_op.allow_spinning", "1" if ALLOW_SPINNING else "0")
    return opts


class ModelLoadError(RuntimeError):
    """A model folder is missing or incomplete."""


def providers(prefer_gpu: bool = True) -> list[str]:
    """CUDA when onnxruntime offers it (onnxruntime-gpu on a GPU machine), CPU otherwise."""
    import onnxruntime as ort
    available = ort.get_available_providers()
    chosen = ["CUDAExecutionProvider"] if prefer_gpu and "CUDAExecutionProvider" in available and _cuda_usable() else []
    return chosen + ["CPUExecutionProvider"]


def _cuda_usable() -> bool:
    # onnxruntime-gpu lists CUDA even where no driver exists; a missing libcuda means CPU.
    import ctypes.util
    return ctypes.util.find_library("cuda") is not None


@dataclass
class Batch:
    input_ids: np.ndarray
    attention_mask: np.ndarray
    token_type_ids: np.ndarray
    truncated: list[int] = field(default_factory=list)  # indices of items cut at max_length


class OnnxModel:
    """One exported model folder: tokenizer + ONNX session + config + card."""

    def __init__(self, folder: str | Path, threads: int | None = None, max_length: int | None = None,
                 prefer_gpu: bool = True):
        import onnxruntime as ort
        from tokenizers import Tokenizer

        self.folder = Path(folder)
        onnx_path = self.folder / "model.onnx"
        tok_path = self.folder / "tokenizer.json"
        for p in (onnx_path, tok_path, self.folder / "config.json"):
            if not p.is_file():
                raise ModelLoadError(f"Model folder {self.folder} is incomplete: {p.name} is missing. "
                                     "Re-create it with `python -m export` (see the README).")
        self.config = json.loads((self.folder / "config.json").read_text())
        card = self.folder / "card.json"
        self.card = json.loads(card.read_text()) if card.is_file() else {}
        self.max_length = int(max_length or self.card.get("max_length")
                              or min(self.config.get("max_position_embeddings", 512), 512))
        self.tokenizer = Tokenizer.from_file(str(tok_path))
        self.tokenizer.no_padding()
        self.tokenizer.no_truncation()
        self.pad_id = int(self.config.get("pad_token_id") or 0)

        opts = session_options(threads or int(os.environ.get("GROUNDING_THREADS", "0")) or None)
        self.session = ort.InferenceSession(str(onnx_path), sess_options=opts, providers=providers(prefer_gpu))
        self.input_names = {i.name for i in self.session.get_inputs()}

    def default_batch_size(self, role: str) -> int:
        on_gpu = self.session.get_providers()[0] == "CUDAExecutionProvider"
        return GPU_BATCH_SIZE if on_gpu else CPU_BATCH_SIZE[role]

    def tokenize(self, texts: list[str], pairs: list[str] | None = None) -> Batch:
        """Pad to the longest item; cut items over max_length (pairs: the longer side first) and record them."""
        encs = self.tokenizer.encode_batch(list(zip(texts, pairs)) if pairs is not None else list(texts))
        ids, types, truncated = [], [], []
        for i, enc in enumerate(encs):
            e_ids, e_types = list(enc.ids), list(enc.type_ids)
            if len(e_ids) > self.max_length:
                truncated.append(i)
                e_ids, e_types = _truncate(e_ids, e_types, self.max_length, paired=pairs is not None)
            ids.append(e_ids)
            types.append(e_types)
        width = max((len(x) for x in ids), default=1)
        input_ids = np.full((len(ids), width), self.pad_id, dtype=np.int64)
        mask = np.zeros((len(ids), width), dtype=np.int64)
        token_types = np.zeros((len(ids), width), dtype=np.int64)
        for i, (row, trow) in enumerate(zip(ids, types)):
            input_ids[i, : len(row)] = row
            mask[i, : len(row)] = 1
            token_types[i, : len(trow)] = trow
        return Batch(input_ids, mask, token_types, truncated)

    def run(self, batch: Batch) -> np.ndarray:
        feeds = {"input_ids": batch.input_ids, "attention_mask": batch.attention_mask}
        if "token_type_ids" in self.input_names:
            feeds["token_type_ids"] = batch.token_type_ids
        return self.session.run(None, feeds)[0]


def _truncate(ids: list[int], types: list[int], limit: int, paired: bool) -> tuple[list[int], list[int]]:
    """Cut to `limit` tokens keeping the final [SEP]s: for a pair, trim the longer segment first."""
    if not paired:
        return ids[: limit - 1] + ids[-1:], types[: limit - 1] + types[-1:]
    first = [i for i, t in enumerate(types) if t == 0]
    a = ids[1 : first[-1]]           # segment A tokens (without [CLS] and its [SEP])
    b = ids[first[-1] + 1 : -1]      # segment B tokens (without the last [SEP])
    budget = limit - 3
    while len(a) + len(b) > budget:
        if len(a) >= len(b):
            a = a[:-1]
        else:
            b = b[:-1]
    cls, sep = ids[0], ids[-1]
    out = [cls] + a + [sep] + b + [sep]
    return out, [0] * (len(a) + 2) + [1] * (len(b) + 1)


def _batches(n: int, size: int, lengths: list[int] | None = None):
    """Index batches; sorted by length when lengths are given, so padding stays small."""
    order = sorted(range(n), key=lambda i: lengths[i]) if lengths else list(range(n))
    for start in range(0, n, size):
        yield order[start : start + size]


class Embedder:
    """Sentence embeddings: mean pooling over tokens, L2-normalised (as sentence-transformers' MiniLM)."""

    def __init__(self, folder: str | Path | None = None, threads: int | None = None, batch_size: int | None = None):
        self.model = OnnxModel(folder or MODELS_DIR / "embedder", threads=threads)
        self.batch_size = batch_size or self.model.default_batch_size("embedder")
        pooling = self.model.card.get("pooling", "mean")
        if pooling != "mean":
            raise ModelLoadError(f"Embedder folder {self.model.folder} declares pooling '{pooling}'; only mean is supported.")

    @property
    def dim(self) -> int:
        return int(self.model.config.get("hidden_size", 384))

    def encode(self, texts: list[str]) -> np.ndarray:
        """float32 (n, d), each row of unit length. Texts longer than the window are cut (see truncated)."""
        self.truncated: list[int] = []
        out = np.zeros((len(texts), self.dim), dtype=np.float32)
        if not texts:
            return out
        lengths = [len(t) for t in texts]
        for idx in _batches(len(texts), self.batch_size, lengths):
            batch = self.model.tokenize([texts[i] for i in idx])
            self.truncated += [idx[i] for i in batch.truncated]
            hidden = self.model.run(batch)
            mask = batch.attention_mask[..., None].astype(np.float32)
            pooled = (hidden * mask).sum(1) / np.clip(mask.sum(1), 1e-9, None)
            out[idx] = pooled / np.clip(np.linalg.norm(pooled, axis=1, keepdims=True), 1e-12, None)
        return out


def softmax(x: np.ndarray) -> np.ndarray:
    z = x - x.max(axis=-1, keepdims=True)
    e = np.exp(z)
    return e / e.sum(axis=-1, keepdims=True)


class Entailment:
    """3-way NLI cross-encoder: P(entailment), P(neutral), P(contradiction) for (premise, hypothesis) pairs."""

    def __init__(self, folder: str | Path | None = None, threads: int | None = None, batch_size: int | None = None):
        self.model = OnnxModel(folder or MODELS_DIR / "entailment", threads=threads)
        self.batch_size = batch_size or self.model.default_batch_size("entailment")
        id2label = {int(k): v.lower() for k, v in self.model.config.get("id2label", {}).items()}
        missing = set(NLI_ORDER) - set(id2label.values())
        if missing:
            raise ModelLoadError(f"{self.model.folder}/config.json id2label {id2label} lacks {sorted(missing)}.")
        label2id = {v: k for k, v in id2label.items()}
        self.columns = [label2id[name] for name in NLI_ORDER]  # model column for each canonical label
        self.truncated: list[int] = []

    def predict(self, premises: list[str], hypotheses: list[str]) -> np.ndarray:
        """(n, 3) float32 probabilities in NLI_ORDER (entailment, neutral, contradiction).
        Pairs over the window are cut (longer side first); their indices land in self.truncated with a warning."""
        if len(premises) != len(hypotheses):
            raise ValueError(f"{len(premises)} premises but {len(hypotheses)} hypotheses")
        self.truncated = []
        out = np.zeros((len(premises), 3), dtype=np.float32)
        if not premises:
            return out
        lengths = [len(p) + len(h) for p, h in zip(premises, hypotheses)]
        for idx in _batches(len(premises), self.batch_size, lengths):
            batch = self.model.tokenize([premises[i] for i in idx], [hypotheses[i] for i in idx])
            self.truncated += [idx[i] for i in batch.truncated]
            logits = self.model.run(batch)
            out[idx] = softmax(logits.astype(np.float32))[:, self.columns]
        if self.truncated:
            log.warning("%d of %d pairs exceeded %d tokens and were truncated", len(self.truncated), len(premises),
                        self.model.max_length)
        return out
