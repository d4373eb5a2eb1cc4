"""The context-aware signed scorer (eTracer): one forward pass scores every (response sentence, context
sentence) pair of a window.

    scorer = ContextScorer("exported_models/scorer")
    scored = scorer.score(["Drug X lowers blood pressure."], [["Drug X lowered pressure.", "It rained."]])
    scored.labels          # (n, m) int8: +1 support, -1 contradict, 0 irrelevant
    scored.probabilities   # (n, m, 3) float32 in LABELS order (support, contradict, irrelevant)
    scored.values          # (n, m) float32: P(support) - P(contradict), in [-1, 1]
    scored.coverage        # windows, forward passes, truncated / unscored sentences

Input layout (the same in training, see training/scorer.py, and at run time):

    [CLS] r_1 [R_SEP] ... r_n [R_SEP] s_1 [S_SEP] ... s_m [S_SEP] [SEP]      token type 0 up to the last
                                                                           [R_SEP], 1 after it

Each sentence is represented by its encoder hidden states read at its boundary token: with pooling
"boundary" (the paper) the hidden state of the [R_SEP] / [S_SEP] token itself, with pooling "span_mean"
(what the shipped model uses, see the card) the mean over the sentence's tokens up to and including its
boundary token. A pair head over (h_r, h_s, h_r * h_s, |h_r - h_s|) gives the three logits of every pair.

Long inputs are cut into windows at document and sentence boundaries (``plan_windows``, grounding/windows.py):
nothing is dropped silently.

Nothing here imports torch or transformers.
"""
from __future__ import annotations

import logging
import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Generator, Optional, Sequence

import numpy as np

from grounding.cache import MODEL_OUTPUTS, model_identity
from grounding.invisible import judged_text
from grounding.steps import finish
from grounding.runtime import MODELS_DIR, ModelLoadError, OnnxModel, session_options, softmax
from grounding.windows import WINDOW_MODES, Window, WindowPlan, plan_windows  # noqa: F401  (re-exported)

log = logging.getLogger(__name__)

LABELS = ("support", "contradict", "irrelevant")     # column order of the probabilities
LABEL_SIGN = (1, -1, 0)                               # label id -> map label
R_SEP, S_SEP = "[R_SEP]", "[S_SEP]"
SPECIAL_TEXT = re.compile(r"\[(?:R_SEP|S_SEP|SEP|CLS|PAD|MASK|UNK)\]", re.IGNORECASE)


# ---------------------------------------------------------------------------- packing (pure)

@dataclass
class Packed:
    input_ids: list[int]
    token_type_ids: list[int]
    response_positions: list[int]   # index of each [R_SEP]
    context_positions: list[int]    # index of each [S_SEP]
    response_starts: list[int] = field(default_factory=list)   # index of each response sentence's first token
    context_starts: list[int] = field(default_factory=list)


def pack(response_ids: Sequence[Sequence[int]], context_ids: Sequence[Sequence[int]], cls_id: int, sep_id: int,
         r_sep_id: int, s_sep_id: int) -> Packed:
    """[CLS] r_1 [R_SEP] ... r_n [R_SEP] s_1 [S_SEP] ... s_m [S_SEP] [SEP] with the boundary positions.
    Token ids of each sentence come without special tokens (and already cut to fit, see plan_windows)."""
    ids, types, rpos, spos, rstart, sstart = [cls_id], [0], [], [], [], []
    for sent in response_ids:
        rstart.append(len(ids))
        ids += list(sent) + [r_sep_id]
        types += [0] * (len(sent) + 1)
        rpos.append(len(ids) - 1)
    for sent in context_ids:
        sstart.append(len(ids))
        ids += list(sent) + [s_sep_id]
        types += [1] * (len(sent) + 1)
        spos.append(len(ids) - 1)
    ids.append(sep_id)
    types.append(1 if context_ids else 0)
    return Packed(ids, types, rpos, spos, rstart, sstart)


def sentence_vectors(hidden: np.ndarray, positions: Sequence[int], starts: Sequence[int], pooling: str) -> np.ndarray:
    """(k, H) sentence representations from one window's hidden states (L, H): the boundary token's state
    ("boundary") or the mean over start..boundary inclusive ("span_mean")."""
    if pooling == "boundary":
        return hidden[list(positions)]
    if pooling != "span_mean":
        raise ValueError(f"unknown pooling '{pooling}'")
    # per-span means in float32: a float64 cumsum over L x H cost ~1 ms per window (more than a small encoder).
    # The spans of a packed window are back to back, so one np.add.reduceat sums them all in a single pass.
    hidden = np.asarray(hidden, dtype=np.float32)
    if not len(positions):
        return np.zeros((0, hidden.shape[1]), dtype=np.float32)
    starts, ends = np.asarray(starts, dtype=np.int64), np.asarray(positions, dtype=np.int64) + 1
    if np.array_equal(starts[1:], ends[:-1]):
        sums = np.add.reduceat(hidden[: ends[-1]], starts, axis=0)
    else:
        sums = np.stack([hidden[a:b].sum(0) for a, b in zip(starts, ends)])
    return (sums / (ends - starts)[:, None]).astype(np.float32, copy=False)


def clean_text(text: str) -> str:
    """User text must not smuggle boundary tokens in: "[S_SEP]" in a sentence would add a column."""
    return SPECIAL_TEXT.sub(lambda m: m.group(0).replace("[", "(").replace("]", ")"), judged_text(text or ""))


# ---------------------------------------------------------------------------- result

@dataclass
class ScorerCoverage:
    windows: int = 0                   # windows scored (= forward passes of the encoder)
    forward_passes: int = 0
    truncated_response: list[int] = field(default_factory=list)   # indices cut to fit a window (scored on their start)
    truncated_context: list[int] = field(default_factory=list)
    unscored_response: list[int] = field(default_factory=list)    # indices that got no score (probabilities NaN)
    unscored_context: list[int] = field(default_factory=list)
    plan: list[tuple[list[int], list[int]]] = field(default_factory=list)   # (rows, columns) per window
    # windows not read because no (row, column) pair in them reaches the gate's cosine: their cells are irrelevant
    # (probabilities 0, 0, 1), not unscored; (rows, columns) per window
    gated: list[tuple[list[int], list[int]]] = field(default_factory=list)

    @property
    def complete(self) -> bool:
        return not (self.unscored_response or self.unscored_context)


@dataclass
class ScoredMap:
    """n x m result of ContextScorer.score.

    labels: int8, +1 support / -1 contradict / 0 irrelevant (argmax of the probabilities; 0 where unscored).
    probabilities: float32 (n, m, 3) in LABELS order (support, contradict, irrelevant); NaN where unscored.
    values: float32 (n, m) signed score P(support) - P(contradict) in [-1, 1] (0 where unscored): positive
      leans support, negative leans contradict; the label says whether either beats irrelevant.
    """
    labels: np.ndarray
    probabilities: np.ndarray
    values: np.ndarray
    coverage: ScorerCoverage

    @property
    def shape(self) -> tuple[int, int]:
        return tuple(self.labels.shape)

    def as_signed_map(self, rows: list[str], columns: list[str]):
        """The pipeline's SignedMap (engine "context") with these row / column names."""
        from grounding.types import SignedMap
        probs = np.nan_to_num(self.probabilities, nan=0.0)
        return SignedMap(rows=list(rows), columns=list(columns),
                         values=[[round(float(v), 4) for v in row] for row in self.values],
                         labels=[[int(v) for v in row] for row in self.labels], engine="context",
                         probabilities=[[[round(float(p), 4) for p in cell] for cell in row] for row in probs])


# ---------------------------------------------------------------------------- runtime

class ContextScorer:
    """An exported scorer folder: int8 encoder (model.onnx), pair head (head.onnx), tokenizer, card."""

    def __init__(self, folder: str | Path | None = None, threads: Optional[int] = None,
                 max_length: Optional[int] = None, min_context_tokens: int = 128, long_sentences: str = "truncate",
                 windows: Optional[str] = None):
        import onnxruntime as ort

        self.encoder = OnnxModel(folder or MODELS_DIR / "scorer", threads=threads, max_length=max_length)
        self.folder = self.encoder.folder
        head = self.folder / "head.onnx"
        if not head.is_file():
            raise ModelLoadError(f"Scorer folder {self.folder} is incomplete: head.onnx is missing. "
                                 "Re-create it with `python -m export --role scorer` (see the README).")
        card = self.encoder.card
        if card.get("role") not in (None, "scorer") or list(card.get("labels", LABELS)) != list(LABELS):
            raise ModelLoadError(f"{self.folder}/card.json does not describe a scorer with labels {list(LABELS)}.")
        # the head is tiny: one thread (more would cost more than they save)
        self.head = ort.InferenceSession(str(head), sess_options=session_options(1), providers=["CPUExecutionProvider"])
        tok = self.encoder.tokenizer
        cls_id, sep_id = _frame_ids(tok)
        self.ids = {"[CLS]": cls_id, "[SEP]": sep_id, R_SEP: tok.token_to_id(R_SEP), S_SEP: tok.token_to_id(S_SEP)}
        missing = [k for k, v in self.ids.items() if v is None]
        if missing:
            raise ModelLoadError(f"The tokenizer in {self.folder} lacks {missing}: it is not a scorer tokenizer.")
        self.max_length = self.encoder.max_length
        self.pooling = card.get("pooling", "boundary")
        self.windows = windows or card.get("windows", "packed")      # the layout the model was trained with
        if self.windows not in WINDOW_MODES:
            raise ModelLoadError(f"{self.folder}/card.json names an unknown window mode '{self.windows}'.")
        self.min_context_tokens = min_context_tokens
        self.long_sentences = long_sentences
        self.card = card
        self.identity = model_identity([head], self.encoder.identity, self.pooling)   # for cached windows

    def _token_ids(self, texts: list[str]) -> list[list[int]]:
        if not texts:
            return []
        return [list(e.ids) for e in self.encoder.tokenizer.encode_batch([clean_text(t) for t in texts],
                                                                         add_special_tokens=False)]

    def encode_window(self, response_ids: list[list[int]], context_ids: list[list[int]],
                      fp32: bool = False) -> np.ndarray:
        """Logits (n, m, 3) of one window (token ids already cut to fit); a window read before comes from the cache.
        `fp32`: the encoder's fp32 twin reads it (grounding.precise)."""
        p = pack(response_ids, context_ids, self.ids["[CLS]"], self.ids["[SEP]"], self.ids[R_SEP], self.ids[S_SEP])
        key = (self.identity, fp32, np.asarray(p.input_ids, dtype=np.int32).tobytes())
        return MODEL_OUTPUTS.lookup(key, "scorer", 1, lambda: (self._run_window(p, fp32),))[0]

    def _run_window(self, p: Packed, fp32: bool = False) -> np.ndarray:
        feeds = {"input_ids": np.asarray([p.input_ids], dtype=np.int64),
                 "attention_mask": np.ones((1, len(p.input_ids)), dtype=np.int64)}
        if "token_type_ids" in self.encoder.input_names:
            feeds["token_type_ids"] = np.asarray([p.token_type_ids], dtype=np.int64)
        session = self.encoder.fp32_session() if fp32 else self.encoder.session
        hidden = np.asarray(session.run(None, feeds)[0][0], dtype=np.float32)
        if not p.response_positions or not p.context_positions:
            return np.zeros((len(p.response_positions), len(p.context_positions), 3), dtype=np.float32)
        # response and context spans are back to back: pooled together, then split
        vectors = sentence_vectors(hidden, p.response_positions + p.context_positions,
                                   p.response_starts + p.context_starts, self.pooling)
        n = len(p.response_positions)
        return self.head.run(None, {"response": vectors[:n], "context": vectors[n:]})[0]

    def score(self, response_sentences: list[str], documents: list[list[str]], stop=None, fp32: bool = False,
              rows: Optional[set[int]] = None, rows_per_window: int = 0, cosines: Optional[np.ndarray] = None,
              gate: Optional[float] = None) -> ScoredMap:
        """Score every response sentence against every context sentence (documents concatenated in order): the
        whole of `score_steps`, with the same arguments."""
        return finish(self.score_steps(response_sentences, documents, stop, fp32, rows, rows_per_window, cosines, gate))

    def score_steps(self, response_sentences: list[str], documents: list[list[str]], stop=None, fp32: bool = False,
                    rows: Optional[set[int]] = None, rows_per_window: int = 0, cosines: Optional[np.ndarray] = None,
                    gate: Optional[float] = None) -> Generator[None, None, ScoredMap]:
        """`score` as a generator: it yields after each window it reads (a point where its caller can give way, e.g.
        to a Stop) and returns the ScoredMap (StopIteration.value). A caller that stops iterating reads no more windows.

        Windows are scored one per forward pass, so a window's numbers never depend on batch-mates. `stop`: a
        callable checked between windows; once it says True no more windows run (their cells stay unscored, NaN).
        `fp32`: the encoder's fp32 twin reads the windows (grounding.precise). `rows`: only the windows that hold
        one of these response sentences run (the same windows as in a whole pass; the other cells stay NaN).
        `rows_per_window`: response sentences per window (0: all, as the model was trained; see plan_windows).
        `cosines` (n, m) and `gate`: a window none of whose (row, column) pairs has a cosine of at least `gate` is not
        read; its cells are irrelevant (P = 0, 0, 1) and the window is listed in coverage.gated.
        """
        documents = [list(d) for d in documents]
        flat = [s for d in documents for s in d]
        n, m = len(response_sentences), len(flat)
        ids = self._token_ids(list(response_sentences) + flat)        # one tokenizer call for all texts
        r_ids, c_ids = ids[:n], ids[n:]
        plan = plan_windows([len(x) for x in r_ids], [[len(x) for x in ids] for ids in _split(c_ids, documents)],
                            self.max_length, self.min_context_tokens, self.long_sentences, self.windows,
                            rows_per_window)
        probs = np.full((n, m, 3), np.nan, dtype=np.float32)
        gated = []
        for w in plan.windows:
            rw = [r_ids[i][: plan.response_lengths[i]] for i in w.rows]
            cw = [c_ids[j][: plan.context_lengths[j]] for j in w.columns]
            if not rw or not cw or (rows is not None and not rows & set(w.rows)):
                continue
            if gate is not None and cosines is not None and float(cosines[np.ix_(w.rows, w.columns)].max()) < gate:
                probs[np.ix_(w.rows, w.columns)] = np.eye(3, dtype=np.float32)[LABELS.index("irrelevant")]
                gated.append((list(w.rows), list(w.columns)))
                continue
            if stop is not None and stop():
                continue
            probs[np.ix_(w.rows, w.columns)] = softmax(self.encode_window(rw, cw, fp32))
            yield
        read = [w for w in plan.windows if w.rows and w.columns]
        cov = ScorerCoverage(windows=len(plan.windows), forward_passes=len(read) - len(gated), gated=gated,
                             truncated_response=plan.truncated_response, truncated_context=plan.truncated_context,
                             unscored_response=plan.unscored_response, unscored_context=plan.unscored_context,
                             plan=[(w.rows, w.columns) for w in plan.windows])
        if cov.truncated_context or cov.truncated_response:
            log.warning("scorer: %d context and %d response sentences were cut to fit a %d-token window",
                        len(cov.truncated_context), len(cov.truncated_response), self.max_length)
        return scored_map(probs, cov)


def _frame_ids(tok) -> tuple[Optional[int], Optional[int]]:
    """The ids the tokenizer's own post-processor puts around one text: BERT's [CLS] / [SEP], MPNet's (RoBERTa
    style) <s> / </s> -- whose vocabulary also holds unused [CLS] / [SEP] entries, so names cannot tell."""
    framed = tok.post_process(tok.encode("", add_special_tokens=False), add_special_tokens=True).ids
    return (framed[0], framed[-1]) if len(framed) >= 2 else (None, None)


def scored_map(probs: np.ndarray, coverage: ScorerCoverage) -> ScoredMap:
    """Labels and signed values from (n, m, 3) probabilities (NaN rows/columns = unscored)."""
    scored = ~np.isnan(probs).any(-1)
    safe = np.nan_to_num(probs, nan=0.0)
    labels = np.where(scored, np.asarray(LABEL_SIGN, dtype=np.int8)[safe.argmax(-1)], 0).astype(np.int8)
    values = np.where(scored, safe[..., 0] - safe[..., 1], 0.0).astype(np.float32)
    return ScoredMap(labels=labels, probabilities=probs, values=values, coverage=coverage)


def _split(flat: list, documents: list[list[str]]) -> list[list]:
    out, start = [], 0
    for d in documents:
        out.append(flat[start : start + len(d)])
        start += len(d)
    return out
