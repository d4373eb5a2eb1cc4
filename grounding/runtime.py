"""Run exported models: an ONNX Runtime session plus a `tokenizers` tokenizer, loaded from a model folder.

A model folder (see export/) holds ``model.onnx``, ``tokenizer.json``, ``config.json`` and ``card.json``.
Nothing here imports torch or transformers.
"""
from __future__ import annotations

import json
import logging
import threading
from dataclasses import dataclass, field
from pathlib import Path

import numpy as np

from grounding import int8_weights, precise, wording
from grounding.cache import MODEL_OUTPUTS, model_identity
from grounding.config import environment
from grounding.int8_weights import amx_granted
from grounding.invisible import judged_text

log = logging.getLogger(__name__)

ENTAILMENT, NEUTRAL, CONTRADICTION = "entailment", "neutral", "contradiction"
NLI_ORDER = (ENTAILMENT, NEUTRAL, CONTRADICTION)  # the column order every caller of Entailment.predict gets

MODELS_DIR = Path(__file__).resolve().parent.parent / "exported_models"
FP16_FILE = "model_fp16.onnx"   # the GPU variant beside model.onnx (built by the export CLI, not shipped)

# Items per ONNX call. On CPU small batches: a batch is padded to its longest item, and the int8 models gain
# nothing from wide batches (python benchmarks/batch_size.py, 2 cores, 2026-11-30: entailment on the 27-pair
# long report instances 65-97 ms per instance at 4 vs 108-120 ms at 32; the claims engine on typical
# instances the same at both). A GPU wants wide batches. The int8 models scale activations per token
# (export/activations.py), so an item's scores do not depend on its batch-mates.
CPU_BATCH_SIZE = {"embedder": 4, "entailment": 4}
GPU_BATCH_SIZE = 64

# Whether ONNX Runtime's worker threads busy-wait for the next operator after a call. The app runs several
# sessions (embedder, entailment, scorer and its head) beside the tokenizer's own threads on few cores: a
# session's spinning workers then take the cores the next stage needs (python benchmarks/spinning.py).
ALLOW_SPINNING = environment().ort_spinning

# Int8 arithmetic that does not depend on the CPU. ONNX Runtime's u8s8 int8 matrix product on x86 CPUs without
# VNNI (e.g. AMD EPYC before Zen 4) adds pairs of u8*s8 products in a 16-bit register that saturates, which flipped
# verdicts there. session.x64quantprecision=1 makes ONNX Runtime rewrite s8 weights to u8 for its exact u8u8
# kernels, on every x86 CPU with AVX2, VNNI or not (its test compares kernel tables, not instructions). The shipped
# models store their int8 weights as uint8 already (python -m export --u8-weights); the option stays on for int8
# models exported without that. GROUNDING_INT8_PRECISE=0 restores the saturating path (only to reproduce it).
INT8_PRECISE = environment().int8_precise
# ONNX Runtime's VNNI and AMX kernels take s8 weights only and are exact (32-bit sums): there the sessions shift the uint8
# weights to int8 in memory (grounding.int8_weights), option off: the same outputs 1.5x faster. GROUNDING_INT8_VNNI=0: uint8.
INT8_VNNI = environment().int8_vnni
VNNI_FLAGS = {"avx512_vnni", "avx_vnni", "amx_int8"}
_FP32_LOCK = threading.Lock()   # one fp32 twin per model, however many requests ask at once


def cpu_flags() -> set[str]:
    """The CPU's feature flags from /proc/cpuinfo (empty where it cannot be read)."""
    try:
        text = Path("/proc/cpuinfo").read_text()
    except OSError:
        return set()
    return next((set(line.split(":", 1)[1].split()) for line in text.splitlines() if line.startswith(("flags", "Features"))), set())


def vnni_cpu() -> bool:
    """Whether this is an x86 CPU whose u8s8 int8 kernels in ONNX Runtime are exact (VNNI or AMX)."""
    import platform
    return platform.machine().lower() in ("x86_64", "amd64") and bool(cpu_flags() & VNNI_FLAGS)


def int8_weights_here() -> str:
    """How CPU sessions hold a model's int8 weights: "int8" on a VNNI CPU (INT8_VNNI), "uint8" (as shipped) elsewhere."""
    return "int8" if INT8_VNNI and vnni_cpu() else "uint8"


def cpu_description() -> dict:
    """What decides int8 results and speed on this machine: the CPU model, its int8-relevant flags and the
    int8 kernel ONNX Runtime uses (as set by INT8_VNNI and INT8_PRECISE)."""
    import platform
    flags = cpu_flags()
    try:
        model = next(line.split(":", 1)[1].strip() for line in Path("/proc/cpuinfo").read_text().splitlines()
                     if line.startswith("model name"))
    except (OSError, StopIteration):
        model = platform.processor() or platform.machine()
    relevant = sorted(flags & {"avx2", "avx512f", "avx512_vnni", "avx_vnni", "amx_int8", "amx_bf16", "avx512_bf16"})
    if platform.machine().lower() not in ("x86_64", "amd64"):
        kernel = "native (not x86: no u8s8 saturation)"
    elif int8_weights_here() == "int8":   # AMX: ONNX Runtime's AMX kernels run where Linux grants it the tiles
        kernel = f"u8s8 with {'AMX' if amx_granted(flags) else 'VNNI'} (exact; uint8-stored weights shifted to int8 at load)"
    elif INT8_PRECISE:
        kernel = "u8u8 (exact; session.x64quantprecision)"
    elif vnni_cpu():
        kernel = f"u8s8 with {'AMX' if amx_granted(flags) else 'VNNI'} (exact) for int8 weights; u8u8 (exact) for uint8 weights"
    else:
        kernel = "u8s8 without VNNI (saturating) for int8 weights; u8u8 (exact) for uint8 weights"
    return {"cpu": model, "flags": relevant, "int8_kernel": kernel}


def session_options(threads: int | None = None, int8_precise: bool | None = None):
    """ONNX Runtime options for every session the project opens: all graph optimizations, spinning as
    ALLOW_SPINNING says, session.x64quantprecision as `int8_precise` says (None: INT8_PRECISE), and `threads`
    intra-op threads (None: ONNX Runtime's default)."""
    import onnxruntime as ort
    opts = ort.SessionOptions()
    if threads:
        opts.intra_op_num_threads = threads
        opts.inter_op_num_threads = 1
    opts.graph_optimization_level = ort.GraphOptimizationLevel.ORT_ENABLE_ALL
    # no per-session arena: it keeps the peak of every concurrent run for good (the app serves several at once),
    # while without it freed buffers go back to malloc and, trimmed, to the system; no speed cost measured (README)
    opts.enable_cpu_mem_arena = False
    opts.add_session_config_entry("session.intra_op.allow_spinning", "1" if ALLOW_SPINNING else "0")
    precise = INT8_PRECISE if int8_precise is None else int8_precise
    opts.add_session_config_entry("session.x64quantprecision", "1" if precise else "0")
    return opts


def describe_models(models: dict) -> dict:
    """{"cpu", "flags", "int8_kernel", "models": {role: {file, precision, provider}}} for loaded models
    (role -> Embedder / Entailment / ContextScorer / OnnxModel); None values are left out."""
    out = dict(cpu_description())
    out["models"] = {}
    for role, model in models.items():
        onnx = getattr(model, "model", None) or getattr(model, "encoder", None) or model
        if model is not None and hasattr(onnx, "describe"):
            out["models"][role] = onnx.describe()
    return out


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
    second_cut: list[int] = field(default_factory=list)  # pairs whose second text (the hypothesis) lost tokens


class OnnxModel:
    """One exported model folder: tokenizer + ONNX session + config + card."""

    def __init__(self, folder: str | Path, threads: int | None = None, max_length: int | None = None,
                 prefer_gpu: bool = True):
        import onnxruntime as ort
        from tokenizers import Tokenizer

        self.folder = Path(folder)
        chosen = providers(prefer_gpu)
        # on a GPU the fp16 variant (python -m export --precision fp16) when the folder has one: int8 dynamic
        # quantization has no CUDA kernels, so an int8 graph would run mostly on the CPU there
        fp16 = self.folder / FP16_FILE
        self.file = FP16_FILE if chosen[0] == "CUDAExecutionProvider" and fp16.is_file() else "model.onnx"
        onnx_path = self.folder / self.file
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

        model, self.int8_shifted, precise = str(onnx_path), 0, None
        if chosen[0] == "CPUExecutionProvider" and self.file == "model.onnx" and int8_weights_here() == "int8":
            shifted, self.int8_shifted = int8_weights.shift_weights(onnx_path.read_bytes(), "int8")
            model = shifted if self.int8_shifted else model
            precise = INT8_PRECISE and not vnni_cpu()   # off only where u8s8 is exact (on, it undoes the shift)
        opts = session_options(threads or environment().threads, precise)
        self.session = ort.InferenceSession(model, sess_options=opts, providers=chosen)
        self.threads, self._fp32 = opts.intra_op_num_threads, None
        self.input_names = {i.name for i in self.session.get_inputs()}
        # what decides this model's outputs: the key of its cached calls (grounding.cache) starts with it
        self.identity = model_identity([onnx_path], self.max_length, self.session.get_providers()[0], INT8_PRECISE,
                                       opts.intra_op_num_threads)
        if self.file == "model.onnx" and self.session.get_providers()[0] == "CUDAExecutionProvider":
            log.warning("%s: no %s here, so the int8 model runs on CUDA with most operators on the CPU; export the "
                        "fp16 variant (README, 'GPU') for GPU speed", self.folder, FP16_FILE)

    def describe(self) -> dict:
        """Which file runs where: for the result's coverage and the app's About."""
        precision = "fp16" if self.file == FP16_FILE else self.card.get("precision", "int8")
        weights = {"int8_weights": "shifted to int8 at load"} if self.int8_shifted else {}
        return {"file": self.file, "precision": precision, "provider": self.session.get_providers()[0], **weights}

    def default_batch_size(self, role: str) -> int:
        on_gpu = self.session.get_providers()[0] == "CUDAExecutionProvider"
        return GPU_BATCH_SIZE if on_gpu else CPU_BATCH_SIZE[role]

    def tokenize(self, texts: list[str], pairs: list[str] | None = None) -> Batch:
        """Pad to the longest item; cut items over max_length (pairs: the longer side first) and record them.
        Invisible format and control characters are not read (grounding.invisible)."""
        texts = [judged_text(t) for t in texts]
        pairs = [judged_text(t) for t in pairs] if pairs is not None else None
        encs = self.tokenizer.encode_batch(list(zip(texts, pairs)) if pairs is not None else list(texts))
        ids, types, truncated, second_cut = [], [], [], []
        for i, enc in enumerate(encs):
            e_ids, e_types = list(enc.ids), list(enc.type_ids)
            if len(e_ids) > self.max_length:
                truncated.append(i)
                e_ids, e_types, cut_second = _truncate(e_ids, e_types, self.max_length,
                                                       enc.sequence_ids if pairs is not None else None)
                if cut_second:
                    second_cut.append(i)
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
        return Batch(input_ids, mask, token_types, truncated, second_cut)

    def run(self, batch: Batch, fp32: bool = False) -> np.ndarray:
        """The model's first output; `fp32`: from its fp32 twin (grounding.precise), built on first use."""
        feeds = {"input_ids": batch.input_ids, "attention_mask": batch.attention_mask}
        if "token_type_ids" in self.input_names:
            feeds["token_type_ids"] = batch.token_type_ids
        return (self.fp32_session() if fp32 else self.session).run(None, feeds)[0]

    def fp32_session(self):
        """The session of this model's fp32 twin (the int8 weights dequantized, activations not quantized): built
        from the model's own file once, on first use; the model's own session when it holds no int8 product."""
        with _FP32_LOCK:
            if self._fp32 is None:
                self._fp32 = precise.fp32_session(self.folder / self.file, self.session, self.threads)
        return self._fp32


def _truncate(ids: list[int], types: list[int], limit: int, sequence_ids: list | None = None) -> tuple[list, list, bool]:
    """Cut to `limit` keeping the special tokens; a pair (`sequence_ids`: 0 / 1 / None per token) loses from its
    longer text first, whatever separates them ([SEP]; MPNet's </s></s>, type ids all 0). -> ids, types, B cut?"""
    if sequence_ids is None or 1 not in sequence_ids:
        return ids[: limit - 1] + ids[-1:], types[: limit - 1] + types[-1:], False
    a_at = [i for i, s in enumerate(sequence_ids) if s == 0]
    b_at = [i for i, s in enumerate(sequence_ids) if s == 1]
    (a0, a1), (b0, b1) = (a_at[0], a_at[-1] + 1), (b_at[0], b_at[-1] + 1)
    a, b = ids[a0:a1], ids[b0:b1]
    while len(ids) - (a1 - a0) - (b1 - b0) + len(a) + len(b) > limit and (a or b):   # the special tokens stay
        if len(a) >= len(b):
            a = a[:-1]
        else:
            b = b[:-1]
    out = ids[:a0] + a + ids[a1:b0] + b + ids[b1:]
    out_types = types[:a0] + types[a0:a0 + len(a)] + types[a1:b0] + types[b0:b0 + len(b)] + types[b1:]
    return out, out_types, len(b) < b1 - b0


def _batches(n: int, size: int, lengths: list[int] | None = None):
    """Index batches; sorted by length when lengths are given, so padding stays small."""
    order = sorted(range(n), key=lambda i: lengths[i]) if lengths else list(range(n))
    for start in range(0, n, size):
        yield order[start : start + size]


def _per_thread(name: str) -> property:
    """An attribute holding what the last call in this thread left behind (indices truncated, unfinished, ...): the
    models are shared by the requests the app serves at once, so one request must not read another's."""
    def get(self):
        return getattr(self._calls, name, [])

    def put(self, value):
        setattr(self._calls, name, value)
    return property(get, put)


class Embedder:
    """Sentence embeddings: mean pooling over tokens, L2-normalised (as sentence-transformers' MiniLM)."""

    truncated = _per_thread("truncated")
    unfinished = _per_thread("unfinished")

    def __init__(self, folder: str | Path | None = None, threads: int | None = None, batch_size: int | None = None):
        self._calls = threading.local()
        self.model = OnnxModel(folder or MODELS_DIR / "embedder", threads=threads)
        self.batch_size = batch_size or self.model.default_batch_size("embedder")
        pooling = self.model.card.get("pooling", "mean")
        if pooling != "mean":
            raise ModelLoadError(f"Embedder folder {self.model.folder} declares pooling '{pooling}'; only mean is supported.")

    @property
    def dim(self) -> int:
        return int(self.model.config.get("hidden_size", 384))

    def encode(self, texts: list[str], stop=None, fp32: bool = False) -> np.ndarray:
        """float32 (n, d), each row of unit length. Texts longer than the window are cut (see truncated). `stop`: a
        callable checked between batches; once it says True the rest is not encoded (zero rows, listed in
        `self.unfinished`). `fp32`: the model's fp32 twin encodes (grounding.precise)."""
        self.truncated, self.unfinished = [], []
        out = np.zeros((len(texts), self.dim), dtype=np.float32)
        if not texts:
            return out
        lengths = [len(t) for t in texts]
        for idx in _batches(len(texts), self.batch_size, lengths):
            if stop is not None and stop():
                self.unfinished += idx
                continue
            batch_texts = [texts[i] for i in idx]
            rows, cut = MODEL_OUTPUTS.lookup((self.model.identity, fp32, tuple(batch_texts)), "embedder", len(idx),
                                             lambda: self._run(batch_texts, fp32))
            self.truncated += [idx[i] for i in cut]
            out[idx] = rows
        return out

    def _run(self, texts: list[str], fp32: bool = False) -> tuple[np.ndarray, tuple]:
        """One ONNX call: the unit embeddings of `texts` and which of them were cut."""
        batch = self.model.tokenize(texts)
        hidden = self.model.run(batch, fp32)
        mask = batch.attention_mask[..., None].astype(np.float32)
        pooled = (hidden * mask).sum(1) / np.clip(mask.sum(1), 1e-9, None)
        return pooled / np.clip(np.linalg.norm(pooled, axis=1, keepdims=True), 1e-12, None), tuple(batch.truncated)


def softmax(x: np.ndarray) -> np.ndarray:
    z = x - x.max(axis=-1, keepdims=True)
    e = np.exp(z)
    return e / e.sum(axis=-1, keepdims=True)


class Entailment:
    """3-way NLI cross-encoder: P(entailment), P(neutral), P(contradiction) for (premise, hypothesis) pairs."""

    truncated = _per_thread("truncated")             # pairs cut to fit the window (the longer text first)
    hypothesis_cut = _per_thread("hypothesis_cut")   # of those, pairs whose hypothesis (the claim) lost tokens
    unfinished = _per_thread("unfinished")           # pairs a `stop` left unjudged

    def __init__(self, folder: str | Path | None = None, threads: int | None = None, batch_size: int | None = None):
        self._calls = threading.local()
        self.model = OnnxModel(folder or MODELS_DIR / "entailment", threads=threads)
        self.batch_size = batch_size or self.model.default_batch_size("entailment")
        id2label = {int(k): v.lower() for k, v in self.model.config.get("id2label", {}).items()}
        missing = set(NLI_ORDER) - set(id2label.values())
        if missing:
            raise ModelLoadError(f"{self.model.folder}/config.json id2label {id2label} lacks {sorted(missing)}.")
        label2id = {v: k for k, v in id2label.items()}
        self.columns = [label2id[name] for name in NLI_ORDER]  # model column for each canonical label

    def predict(self, premises: list[str], hypotheses: list[str], stop=None, fp32: bool = False,
                words: bool = True) -> np.ndarray:
        """(n, 3) float32 probabilities in NLI_ORDER (entailment, neutral, contradiction), each hypothesis read in the
        premise's words where both say one thing in other words (grounding.wording: "a month" and "30 days"; `words`
        False: as written, for the model's own evaluation). Pairs over the window are cut (longer side first); their
        indices land in self.truncated with a warning. `stop`: a callable checked between batches; once it says True
        the rest is not run (zero rows, in self.unfinished). `fp32`: the fp32 twin judges (grounding.precise)."""
        if len(premises) != len(hypotheses):
            raise ValueError(f"{len(premises)} premises but {len(hypotheses)} hypotheses")
        premises, hypotheses = wording.read_as(premises, hypotheses) if words else (premises, hypotheses)
        self.truncated, self.hypothesis_cut, self.unfinished = [], [], []
        out = np.zeros((len(premises), 3), dtype=np.float32)
        if not premises:
            return out
        lengths = [len(p) + len(h) for p, h in zip(premises, hypotheses)]
        for idx in _batches(len(premises), self.batch_size, lengths):
            if stop is not None and stop():
                self.unfinished += idx
                continue
            pair = ([premises[i] for i in idx], [hypotheses[i] for i in idx])
            probs, cut, hypothesis_cut = MODEL_OUTPUTS.lookup((self.model.identity, fp32, *map(tuple, pair)),
                                                              "entailment", len(idx), lambda: self._run(*pair, fp32))
            self.truncated += [idx[i] for i in cut]
            self.hypothesis_cut += [idx[i] for i in hypothesis_cut]
            out[idx] = probs
        if self.truncated:
            log.warning("%d of %d pairs exceeded %d tokens and were truncated", len(self.truncated), len(premises),
                        self.model.max_length)
        return out

    def _run(self, premises: list[str], hypotheses: list[str], fp32: bool = False) -> tuple[np.ndarray, tuple, tuple]:
        """One ONNX call: the probabilities of the pairs, the pairs cut and those whose hypothesis lost tokens."""
        batch = self.model.tokenize(premises, hypotheses)
        probs = softmax(self.model.run(batch, fp32).astype(np.float32))[:, self.columns]
        return probs, tuple(batch.truncated), tuple(batch.second_cut)
