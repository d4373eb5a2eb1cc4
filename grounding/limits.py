"""Bounded work per request: the part of the context a check reads, and a record of what it did not read.

`read_context` cuts the context before it is split into sentences, so a 5 MB paste costs what its first
`max_context_chars` characters cost: at most `max_documents` documents, `max_context_chars` characters (the
document that crosses the limit is cut and its last, partial sentence dropped) and `max_context_sentences`
sentences. Whatever is left out goes into `coverage.unread` ({"part", "title", "chars", "read", "reason"}) and one
coverage message; nothing beyond the limits is kept in the result, so its size follows what was read.
"""
from __future__ import annotations

from grounding.config import GroundingConfig
from grounding.segment import document_fields, parse_context, split_documents
from grounding.types import Coverage, Document


def read_context(context, config: GroundingConfig, cov: Coverage) -> list[Document]:
    """The documents of `context` (as `grounding.segment.parse_context` takes it) within the limits of `config`."""
    items = split_documents(context) if isinstance(context, str) else context
    if not isinstance(items, (list, tuple)):
        return parse_context(items)        # parse_context names the wrong type
    kept, unread, cut = [], [], None     # cut: the index (among documents read) of the one cut at the limit
    budget, documents = config.max_context_chars, 0
    for position, item in enumerate(items, 1):
        try:
            doc_id, _, text = document_fields(item, position)
        except (TypeError, ValueError):
            kept.append(item)              # parse_context names what is wrong with it
            continue
        size = len(text.strip())
        if not size:
            continue                       # parse_context drops blank documents too
        if documents >= config.max_documents or budget <= 0:
            why = (f"beyond max_documents ({config.max_documents})" if documents >= config.max_documents
                   else f"beyond max_context_chars ({config.max_context_chars:,} characters)")
            unread.append({"part": doc_id or f"document {position} of those given", "chars": size, "read": 0,
                           "reason": why})
            continue
        documents += 1
        if size > budget:
            unread.append({"part": doc_id or f"d{documents}", "chars": size, "read": budget,
                           "reason": f"beyond max_context_chars ({config.max_context_chars:,} characters)"})
            cut = documents - 1
            item = _cut(item, text, budget)
        budget -= min(size, budget)
        kept.append(item)
    docs = parse_context(kept)
    # the document crossing the character limit: its last sentence may be cut mid-way, so it is not judged
    if cut is not None and cut < len(docs):
        d = docs[cut]
        if d.sentences and d.sentences[-1].end == len(d.text) and d.text[-1] not in ".!?\"'”’)":
            d.sentences.pop()
            if d.sentences:
                d.text = d.text[:d.sentences[-1].end]
            else:
                docs.remove(d)
    docs = _sentence_limit(docs, config, unread)
    cov.unread += unread
    if unread:
        chars = sum(u["chars"] - u["read"] for u in unread)
        whole = [u["part"] for u in unread if u["read"] == 0]
        cov.messages.append(
            f"The context is larger than one check reads ({config.max_context_chars:,} characters, "
            f"{config.max_context_sentences:,} sentences, {config.max_documents} documents): {chars:,} characters were "
            f"not read" + (f", including {len(whole)} whole document(s) ({', '.join(whole[:5])}"
                           f"{' …' if len(whole) > 5 else ''})" if whole else "")
            + ". Claims are checked only against what was read.")
    return docs


def _sentence_limit(docs: list[Document], config: GroundingConfig, unread: list[dict]) -> list[Document]:
    """At most `max_context_sentences` sentences: the document crossing the limit ends at its last kept sentence,
    later documents are not read."""
    out, left = [], config.max_context_sentences
    for d in docs:
        if left <= 0:
            unread.append({"part": d.id, "chars": len(d.text), "read": 0,
                           "reason": f"beyond max_context_sentences ({config.max_context_sentences:,})"})
            continue
        if len(d.sentences) > left:
            d.sentences = d.sentences[:left]
            unread.append({"part": d.id, "chars": len(d.text), "read": d.sentences[-1].end,
                           "reason": f"beyond max_context_sentences ({config.max_context_sentences:,})"})
            d.text = d.text[:d.sentences[-1].end]
        left -= len(d.sentences)
        out.append(d)
    return out


def _cut(item, text: str, budget: int):
    """`item` (whose text is `text`) cut to `budget` characters after its leading whitespace; given sentences that no
    longer fit are dropped."""
    lead = len(text) - len(text.lstrip())
    cut = text[:lead + budget]
    if isinstance(item, str):
        return cut
    out = {**item, "text": cut}
    if isinstance(item.get("sentences"), list):
        out["sentences"] = [g for g in item["sentences"] if isinstance(g, str) and g.strip() and g.strip() in cut]
    return out
