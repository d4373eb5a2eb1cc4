"""The page pieces around the result views: the self-contained HTML report (a download, and /report), the
build's runtime table, status lines and the upload summary."""
from __future__ import annotations

from typing import Optional

from grounding.assets import CSS
from grounding.render import (_e, _wrap, claims_html, context_html, heatmap_html, metrics_html, short,
                              verdicts_html)
from grounding.types import GroundingResult


def runtime_html(info: dict) -> str:
    """The app's About: which CPU, int8 kernel and execution provider run each model (runtime.describe_models)."""
    rows = "".join(f"<tr><td>{_e(role)}</td><td>{_e(m.get('file'))}</td><td>{_e(m.get('precision'))}</td>"
                   f"<td>{_e(m.get('provider'))}</td></tr>" for role, m in info.get("models", {}).items())
    return (f'<div class="gv about"><p>CPU: {_e(info.get("cpu", "?"))} (flags: {_e(", ".join(info.get("flags", [])) or "none")}); '
            f'int8 kernel: {_e(info.get("int8_kernel", "?"))}. Results are the same on every CPU: the int8 models run '
            f'with exact kernels everywhere, and a verdict that an int8 error could turn (one within the recheck margin '
            f'of a threshold) is judged again by the fp32 twin of each model, built from its own file '
            f'(README, "Same answers on every CPU").</p>'
            f'<table><tr><th>model</th><th>file</th><th>precision</th><th>execution provider</th></tr>{rows}</table></div>')


def response_html(result: GroundingResult) -> str:
    """The response with each sentence marked by its faithfulness class (after a complete run)."""
    classes = result.metrics.sentence_classes if result.complete and result.coverage.assessed else []
    pieces, pos = [], 0
    for i, s in enumerate(result.response_sentences):
        pieces.append(_e(result.response[pos:s.start]))
        cls = classes[i].lower() if i < len(classes) else ""
        pieces.append(f'<span class="resp-sent c-{_e(cls)}" data-row="{i}" title="R{i + 1}{": " + _e(cls) if cls else ""}">'
                      f'<span class="rid">R{i + 1}</span>{_e(s.text)}</span>')
        pos = s.end
    pieces.append(_e(result.response[pos:]))
    return _wrap(f'<div class="ctx-text" style="max-height:none">{"".join(pieces)}</div>')


def report_html(result: GroundingResult) -> str:
    """A self-contained HTML document (inline CSS, no scripts, no external resources) with the response,
    metrics, heatmap, claims, verdicts and context of `result`."""
    cfg = result.config.to_dict() if result.config is not None else {}
    settings = ", ".join(f"{k} = {_e(cfg[k])}" for k in ("engine", "tau", "preset", "pfcr") if k in cfg)
    if cfg.get("overrides"):
        settings += ", overrides: " + ", ".join(f"{_e(k)} = {_e(v)}" for k, v in cfg["overrides"].items())
    question = f"<h2>Question</h2><p>{_e(result.question)}</p>" if result.question else ""
    sections = [
        "<h1>Grounding report</h1>",
        f'<p class="muted">Settings: {settings or "defaults"}</p>',
        question,
        "<h2>Response</h2>", response_html(result),
        "<h2>Metrics and coverage</h2>", metrics_html(result),
        "<h2>Evidence map</h2>", heatmap_html(result, interactive=False),
        "<h2>Claims</h2>", claims_html(result),
        "<h2>Verdicts</h2>", verdicts_html(result),
        "<h2>Context (all evidence)</h2>", context_html(result),
    ]
    page_css = ("body { margin: 24px auto; max-width: 1100px; padding: 0 16px; font-family: system-ui, sans-serif; "
                "color: #1f2933; } h1 { font-size: 22px; } h2 { font-size: 17px; margin-top: 26px; "
                "border-bottom: 1px solid #e5e7eb; padding-bottom: 4px; } .gv .hm-wrap { max-height: none; }")
    return ("<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">"
            "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">"
            "<title>Grounding report</title><style>" + CSS + page_css + "</style></head><body>"
            + '<div class="gv">' + "".join(sections) + "</div></body></html>")


# ---------------------------------------------------------------------------- small app pieces


def status_html(text: str, state: str = "idle", done: Optional[int] = None, total: Optional[int] = None) -> str:
    """One status line (state: idle | running | done | error) with a progress bar when done/total are given."""
    bar = ""
    if done is not None and total:
        bar = f'<div class="progress"><div style="width:{100 * min(done, total) / total:.0f}%"></div></div>'
    attrs = f' data-state="{_e(state)}"' + (f' data-done="{done}" data-total="{total}"' if done is not None else "")
    role = ' role="alert"' if state == "error" else ""
    return _wrap(f'<div class="status {_e(state)}"{attrs}{role}>{_e(text)}{bar}</div>')


def metrics_placeholder() -> str:
    return _wrap('<div class="metrics"><div class="pending-box">Metrics and coverage appear here after a run.</div></div>')


def upload_summary_html(documents: list[dict]) -> str:
    """What the uploads gave: one line per document (title, id, characters, first words)."""
    if not documents:
        return ""
    items = "".join(f'<li><b>{_e(d["title"])}</b> <small>({_e(d["id"])}, {len(d["text"]):,} characters)</small> — '
                    f'<span class="muted">{_e(short(d["text"], 120))}</span></li>' for d in documents)
    return _wrap(f'<div class="ctx-caption">Uploaded documents (used with the pasted context on Run):</div>'
                 f'<ul class="uploads">{items}</ul>')


def about_html(models_dir: str) -> str:
    """The "About this build" table, or why the models could not be loaded (the page still loads)."""
    from grounding.pipeline import runtime_info
    try:
        return runtime_html(runtime_info(models_dir))
    except Exception as err:   # a missing or broken model folder: Run says why in detail
        return f"<p>Models not loaded: {_e(str(err))}</p>"
