"""Uploaded files -> context documents ``{"id", "title", "text"}`` (and a response/question when the file has one).

Readers per extension: .txt / .md (UTF-8 text), .pdf (pypdf text layer), .docx (python-docx paragraphs and
tables), .json / .jsonl (the CLI input format, see grounding/io.py). Every failure raises ``UploadError``
whose message names the file and says what to do, so the app can show it as it is.
"""
from __future__ import annotations

import io
import re
import zipfile
from dataclasses import dataclass, field
from pathlib import Path

from grounding.io import RecordError, parse_records
from grounding.segment import split_documents

MAX_UPLOAD_BYTES = 10 * 1024 * 1024
TEXT_EXTENSIONS = (".txt", ".md")
EXTENSIONS = TEXT_EXTENSIONS + (".pdf", ".docx", ".json", ".jsonl")


class UploadError(ValueError):
    """An uploaded file that cannot be read; the message names the file and what is wrong with it."""


@dataclass
class Upload:
    """What the uploaded file(s) carried: context documents, and a response/question when a JSON record had one."""
    documents: list[dict] = field(default_factory=list)   # {"id", "title", "text"}
    response: str = ""
    question: str = ""
    notes: list[str] = field(default_factory=list)         # things the user should know (e.g. records skipped)
    records: list = field(default_factory=list)            # the JSON records as read (grounding.io.Record), gold included


def read_upload(path: str, max_bytes: int = MAX_UPLOAD_BYTES) -> Upload:
    """Read one uploaded file. Raises UploadError for unknown extensions, empty/oversized/binary files,
    text that is not UTF-8, PDFs without a text layer, broken .docx files and malformed JSON records."""
    p = Path(path)
    name = p.name
    ext = p.suffix.lower()
    if ext not in EXTENSIONS:
        raise UploadError(f"{name}: files of type '{ext or 'without extension'}' are not supported; "
                          f"upload {', '.join(EXTENSIONS)}.")
    if not p.is_file():
        raise UploadError(f"{name}: the file could not be found after upload; please upload it again.")
    size = p.stat().st_size
    if size > max_bytes:
        raise UploadError(f"{name} is {size / 1e6:.1f} MB; the limit is {max_bytes / 1e6:.0f} MB. "
                          "Split it or paste the relevant part as text.")
    data = p.read_bytes()
    if not data.strip():
        raise UploadError(f"{name} is empty.")
    doc_id = _doc_id(p.stem)
    if ext in TEXT_EXTENSIONS:
        return Upload(documents=[_document(doc_id, name, _decode(data, name))])
    if ext in (".pdf", ".docx"):
        text, note = (_pdf_text if ext == ".pdf" else _docx_text)(data, name)
        return Upload(documents=[_document(doc_id, name, text)], notes=[note] if note else [])
    return _records(_decode(data, name), name, doc_id)


def read_uploads(paths: list[str]) -> Upload:
    """Read several files into one Upload; document ids are made unique, the first response/question wins."""
    merged = Upload()
    for path in paths:
        part = read_upload(path)
        taken = {d["id"] for d in merged.documents}
        for d in part.documents:
            base, k = d["id"], 2
            while d["id"] in taken:
                d["id"], k = f"{base}-{k}", k + 1
            taken.add(d["id"])
            merged.documents.append(d)
        if part.response and not merged.response:
            merged.response, merged.question = part.response, part.question
        elif part.response:
            merged.notes.append(f"{Path(path).name}: its response was not used (an earlier file already gave one).")
        merged.notes += part.notes
        merged.records += part.records
    return merged


def _doc_id(stem: str) -> str:
    return re.sub(r"[^\w.-]+", "_", stem).strip("_") or "upload"


def _document(doc_id: str, title: str, text: str) -> dict:
    return {"id": doc_id, "title": title, "text": text}


def _looks_binary(text: str) -> bool:
    sample = text[:4000]
    ctrl = sum(1 for ch in sample if ord(ch) < 32 and ch not in "\n\r\t\f")
    return "\x00" in sample or (bool(sample) and ctrl / len(sample) > 0.05)


def _decode(data: bytes, name: str) -> str:
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError as err:
        raise UploadError(f"{name} is not UTF-8 text (undecodable byte at position {err.start}); it may be a binary "
                          "file with the wrong extension, or text in another encoding — save it as UTF-8 and upload it again.") from None
    if _looks_binary(text):
        raise UploadError(f"{name} contains binary data, not text; upload a .txt, .md, .pdf, .docx or .json file.")
    if not text.strip():
        raise UploadError(f"{name} is empty.")
    return text


def _pdf_text(data: bytes, name: str) -> str:
    from pypdf import PdfReader
    from pypdf.errors import PdfReadError

    if not data.lstrip()[:5] == b"%PDF-":
        raise UploadError(f"{name} is not a PDF file (no %PDF header); check that it is the right file.")
    try:
        reader = PdfReader(io.BytesIO(data))
        if reader.is_encrypted and not reader.decrypt(""):
            raise UploadError(f"{name} is password-protected; remove the password or paste its text.")
        pages, size, note = [], 0, ""
        for page in reader.pages:
            pages.append((page.extract_text() or "").strip())
            size += len(pages[-1])
            if size > MAX_EXTRACTED_CHARS:
                note = (f"{name}: only its first {len(pages)} of {len(reader.pages)} pages were read "
                        f"({MAX_EXTRACTED_CHARS:,} characters at most per file).")
                break
    except UploadError:
        raise
    except (PdfReadError, ValueError, KeyError, TypeError, AttributeError) as err:
        raise UploadError(f"{name} could not be read as a PDF ({type(err).__name__}: {err}); "
                          "re-save it or paste its text.") from None
    text = "\n\n".join(p for p in pages if p)
    if not text.strip():
        raise UploadError(f"{name} has no extractable text (a scanned PDF, or images only); run OCR on it or paste its text.")
    return text, note


MAX_EXTRACTED_CHARS = 2_000_000   # text read out of one .pdf / .docx at most (a 2 MB .docx can hold 27 M characters)
_W = "{http://schemas.openxmlformats.org/wordprocessingml/2006/main}"


def _docx_text(data: bytes, name: str) -> str:
    """Paragraphs and table rows ("cell | cell") of word/document.xml in document order, read as a stream and
    stopped after MAX_EXTRACTED_CHARS characters, so a small file holding millions of characters costs what its
    first MAX_EXTRACTED_CHARS cost (said in the text's last line)."""
    from lxml import etree

    if not zipfile.is_zipfile(io.BytesIO(data)):
        raise UploadError(f"{name} is not a Word .docx file (not a zip archive); an old .doc must be saved as .docx first.")
    blocks, size, row, cell, depth, note = [], 0, None, [], 0, ""
    try:
        with zipfile.ZipFile(io.BytesIO(data)) as archive, archive.open("word/document.xml") as xml:
            for event, el in etree.iterparse(xml, events=("start", "end"), huge_tree=True):
                tag = el.tag
                if event == "start":
                    if tag == _W + "tbl":
                        depth += 1
                    elif tag == _W + "tr" and depth == 1:
                        row = []
                    continue
                if tag == _W + "p":
                    text = "".join(t.text or "" for t in el.iter(_W + "t")).strip()
                    if depth:
                        cell.append(text)
                    elif text:
                        blocks.append(text)
                        size += len(text) + 2
                    el.clear()
                elif tag == _W + "tc" and depth == 1 and row is not None:
                    row.append(" ".join(x for x in cell if x))
                    cell = []
                elif tag == _W + "tr" and depth == 1 and row is not None:
                    line = " | ".join(row)
                    if line.strip(" |"):
                        blocks.append(line)
                        size += len(line) + 2
                    row = None
                    el.clear()
                elif tag == _W + "tbl":
                    depth -= 1
                if size > MAX_EXTRACTED_CHARS:
                    raise _Cut(blocks)
    except _Cut:
        note = f"{name}: only its first {MAX_EXTRACTED_CHARS:,} characters were read (the file holds more)."
    except (KeyError, zipfile.BadZipFile, etree.XMLSyntaxError, OSError) as err:
        raise UploadError(f"{name} could not be read as a .docx file ({type(err).__name__}); re-save it in Word "
                          "or paste its text.") from None
    text = "\n\n".join(blocks)
    if not text.strip():
        raise UploadError(f"{name} has no text in its paragraphs or tables.")
    return text, note


class _Cut(Exception):
    """The extraction reached MAX_EXTRACTED_CHARS."""


def _records(text: str, name: str, doc_id: str) -> Upload:
    try:
        records = parse_records(text, name)
    except RecordError as err:
        raise UploadError(f"{err} See the input format in the README (one JSON object per line with "
                          "'response' and 'context').") from None
    out = Upload(records=records)
    for r, rec in enumerate(records, 1):
        items = split_documents(rec.context) if isinstance(rec.context, str) else rec.context
        prefix = rec.id if len(records) > 1 else doc_id
        for k, item in enumerate(items, 1):
            segmented = isinstance(item, dict) and isinstance(item.get("sentences"), list)
            body = item.strip() if isinstance(item, str) else item.get("text") or " ".join(map(str, item["sentences"]))
            if not body.strip():
                continue
            given = item.get("id") if isinstance(item, dict) else None
            title = item.get("title") if isinstance(item, dict) else None
            where = f"{name} · {rec.id}" if len(records) > 1 else name
            doc = _document(_doc_id(f"{prefix}-{given or k}"), str(title or f"{where} · document {k}"), body)
            out.documents.append({**doc, "sentences": item["sentences"]} if segmented else doc)
        if r == 1:
            out.response, out.question = rec.response, rec.question
    if len(records) > 1:
        out.notes.append(f"{name} holds {len(records)} records: the context documents of all of them were loaded, "
                         f"the response and question of the first ({records[0].id}).")
    if not out.documents:
        raise UploadError(f"{name}: the records have no non-empty context documents.")
    return out


def context_items(text: str, uploaded: list[dict]) -> list:
    """The documents for ``ground()``: the pasted text split at ``---`` lines (ids d1, d2, ...) followed by
    the uploaded documents, whose ids are changed where they would clash."""
    pasted = [{"id": f"d{k}", "title": "", "text": part} for k, part in
              enumerate((p for p in split_documents(text or "") if p.strip()), 1)]
    taken = {d["id"] for d in pasted}
    out = list(pasted)
    for d in uploaded:
        d = dict(d)
        base, k = d["id"], 2
        while d["id"] in taken:
            d["id"], k = f"{base}-{k}", k + 1
        taken.add(d["id"])
        out.append(d)
    return out
