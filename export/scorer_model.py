"""The context-aware scorer's PyTorch definition (an encoder -- BERT, or any model AutoModel builds from its config,
e.g. MPNet -- plus a pair head over sentence-boundary states), and `load_scorer(folder)`.

It lives in `export` because the ONNX export traces it; `training` builds and trains it from here
(training -> export, never export -> training). Defined lazily so that importing this module needs no torch.
"""
from __future__ import annotations

from pathlib import Path

from grounding.scorer import LABELS


def build_model_classes(config=None):
    """ContextScorerModel and PairHead (defined lazily so that importing this module needs no torch). The
    encoder is BERT unless `config` (a transformers config) names another architecture: the model then derives
    from that family's PreTrainedModel and keeps the encoder under its prefix (`bert`, `mpnet`, ...), so that
    the family's checkpoints -- a sentence-transformers encoder or an NLI classifier -- load into it."""
    import inspect

    import torch
    from torch import nn
    from transformers import AutoModel, BertModel

    encoder_class = BertModel if config is None else AutoModel._model_mapping[type(config)]
    base = next(c for c in encoder_class.__mro__[1:] if c.__name__.endswith("PreTrainedModel")
                and c.__name__ != "PreTrainedModel")
    takes_types = "token_type_ids" in inspect.signature(encoder_class.forward).parameters

    class PairHead(nn.Module):
        """(h_r, h_s, h_r * h_s, |h_r - h_s|) -> hidden -> 3 logits, for every (response, context) pair."""

        def __init__(self, hidden: int, inner: int, labels: int = 3, dropout: float = 0.1):
            super().__init__()
            self.dropout = nn.Dropout(dropout)
            self.dense = nn.Linear(4 * hidden, inner)
            self.out = nn.Linear(inner, labels)

        def forward(self, response, context):     # (..., n, H), (..., m, H) -> (..., n, m, 3)
            if torch.is_autocast_enabled("cpu"):  # bf16 autocast makes the pair expansion ~10x slower on CPU
                with torch.autocast("cpu", enabled=False):
                    return self.forward(response.float(), context.float())
            r = response.unsqueeze(-2).expand(*response.shape[:-1], context.shape[-2], response.shape[-1])
            s = context.unsqueeze(-3).expand(*context.shape[:-2], response.shape[-2], *context.shape[-2:])
            x = torch.cat([r, s, r * s, (r - s).abs()], dim=-1)
            return self.out(self.dropout(torch.nn.functional.gelu(self.dense(self.dropout(x)))))

    class ContextScorerModel(base):
        def __init__(self, config):
            super().__init__(config)
            setattr(self, self.base_model_prefix, encoder_class(config, add_pooling_layer=False))
            self.head = PairHead(config.hidden_size, getattr(config, "head_hidden", config.hidden_size),
                                 len(LABELS), getattr(config, "head_dropout", 0.1))
            self.post_init()

        @property
        def encoder_model(self):
            """The encoder (BertModel, MPNetModel, ...)."""
            return getattr(self, self.base_model_prefix)

        def forward(self, input_ids, attention_mask, token_type_ids=None, r_pos=None, s_pos=None, r_start=None,
                    s_start=None, labels=None):
            types = {"token_type_ids": token_type_ids} if takes_types and token_type_ids is not None else {}
            hidden = self.encoder_model(input_ids=input_ids, attention_mask=attention_mask, **types).last_hidden_state
            pooling = getattr(self.config, "scorer_pooling", "boundary")
            logits = self.head(pool(hidden, r_pos, r_start, pooling), pool(hidden, s_pos, s_start, pooling))
            return {"logits": logits}

    def pool(hidden, pos, start, pooling):
        """(B, k, H): the boundary token's state, or the mean over start..pos inclusive (span_mean)."""
        idx = lambda p: p.unsqueeze(-1).expand(-1, -1, hidden.shape[-1])  # noqa: E731
        if pooling == "boundary":
            return hidden.gather(1, idx(pos))
        h = hidden.float()
        csum = torch.cat([torch.zeros_like(h[:, :1]), h.cumsum(1)], dim=1)
        total = csum.gather(1, idx(pos + 1)) - csum.gather(1, idx(start))
        return total / (pos - start + 1).clamp(min=1).unsqueeze(-1).float()

    return ContextScorerModel, PairHead


def load_scorer(folder: str | Path):
    """(model, tokenizer) of a trained scorer folder (for export and tests), or of a checkpoint recovered from a
    shipped scorer (export/recover.py: the encoder as a BertModel, the pair head as head.onnx)."""
    from transformers import AutoConfig, AutoTokenizer
    folder = Path(folder)
    tokenizer = AutoTokenizer.from_pretrained(str(folder))
    config = AutoConfig.from_pretrained(str(folder))
    ContextScorerModel, _ = build_model_classes(config)
    if is_recovered_scorer(folder, config):
        return recovered_scorer(folder, config, ContextScorerModel), tokenizer
    return ContextScorerModel.from_pretrained(str(folder)).eval(), tokenizer


def is_recovered_scorer(folder: str | Path, config) -> bool:
    return (Path(folder) / "head.onnx").is_file() and config.architectures == ["BertModel"]


def recovered_scorer(folder: Path, config, model_class):
    """The PyTorch scorer of a recovered folder: its BertModel weights, and the head's two linear layers read
    from head.onnx (weights told apart by shape: (4H, inner) and (inner, 3))."""
    import onnx
    import torch
    from onnx import numpy_helper
    from transformers import BertModel

    model = model_class(config)
    encoder = BertModel.from_pretrained(str(folder), add_pooling_layer=False).state_dict()
    kept = [k for k in encoder if not k.startswith("encoder.layer.")
            or int(k.split(".")[2]) < config.num_hidden_layers]     # a shallower student keeps the first layers
    model.bert.load_state_dict({k: encoder[k] for k in kept})
    init = {i.name: numpy_helper.to_array(i) for i in onnx.load(str(folder / "head.onnx")).graph.initializer}
    hidden, labels = config.hidden_size, len(LABELS)
    dense = next(w for w in init.values() if w.ndim == 2 and w.shape[0] == 4 * hidden)
    out = next(w for w in init.values() if w.ndim == 2 and w.shape[1] == labels)
    state = {"dense.weight": dense.T, "dense.bias": init["dense.bias"], "out.weight": out.T, "out.bias": init["out.bias"]}
    model.head.load_state_dict({k: torch.tensor(v.copy()) for k, v in state.items()})
    return model.eval()
