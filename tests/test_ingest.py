"""Uploads -> context documents: every supported format, and a clear UploadError for everything else."""
from __future__ import annotations

import json

import docx
import pytest

from conftest import pdf_bytes, pdf_without_text
from grounding.ingest import EXTENSIONS, Upload, UploadError, context_items, read_upload, read_uploads
from grounding.segment import parse_context


def write(tmp_path, name: str, data) -> str:
    path = tmp_path / name
    path.write_bytes(data.encode("utf-8") if isinstance(data, str) else data)
    return str(path)


def test_txt_is_one_document_named_after_the_file(tmp_path):
    up = read_upload(write(tmp_path, "trial notes.txt", "Remission was reached by 30% of patients.\nNo deaths occurred.\n"))
    assert isinstance(up, Upload)
    assert up.documents == [{"id": "trial_notes", "title": "trial notes.txt",
                             "text": "Remission was reached by 30% of patients.\nNo deaths occurred.\n"}]
    assert up.response == "" and up.question == ""


def test_md_and_utf8_bom(tmp_path):
    up = read_upload(write(tmp_path, "guide.md", "\ufeff# Dosing\n\nTake 50 mg daily — with food.".encode("utf-8")))
    assert up.documents[0]["text"].startswith("# Dosing")     # BOM dropped
    assert "—" in up.documents[0]["text"]


def test_non_utf8_text_names_file_and_fix(tmp_path):
    with pytest.raises(UploadError) as err:
        read_upload(write(tmp_path, "latin.txt", "Caf\xe9 au lait, cr\xe8me br\xfbl\xe9e.".encode("latin-1")))
    msg = str(err.value)
    assert "latin.txt" in msg and "UTF-8" in msg


def test_binary_junk_with_text_extension(tmp_path):
    with pytest.raises(UploadError) as err:
        read_upload(write(tmp_path, "photo.txt", bytes(range(256)) * 8))
    assert "photo.txt" in str(err.value)
    # valid UTF-8 but full of control characters
    with pytest.raises(UploadError, match="binary data"):
        read_upload(write(tmp_path, "ctrl.md", "\x01\x02\x03\x04abc\x05\x06\x07\x08" * 50))


@pytest.mark.parametrize("content", ["", "   \n\t\n"])
def test_empty_file(tmp_path, content):
    with pytest.raises(UploadError, match=r"empty\.txt is empty"):
        read_upload(write(tmp_path, "empty.txt", content))


@pytest.mark.parametrize("name", ["slides.pptx", "archive.zip", "README", "data.csv"])
def test_unknown_extension_lists_the_accepted_ones(tmp_path, name):
    with pytest.raises(UploadError) as err:
        read_upload(write(tmp_path, name, "some text"))
    msg = str(err.value)
    assert name in msg and ".pdf" in msg and ".docx" in msg


def test_size_cap(tmp_path):
    path = write(tmp_path, "big.txt", "All work and no play. " * 200)
    with pytest.raises(UploadError, match=r"big\.txt is .* MB; the limit is"):
        read_upload(path, max_bytes=1000)
    assert read_upload(path).documents   # under the default 10 MB


def test_pdf_text_layer(tmp_path):
    lines = ["The trial enrolled 612 adults with ulcerative colitis.", "Remission was reached by 30% of patients (week 12)."]
    up = read_upload(write(tmp_path, "Trial Report.pdf", pdf_bytes(lines)))
    [doc] = up.documents
    assert doc["id"] == "Trial_Report" and doc["title"] == "Trial Report.pdf"
    for line in lines:
        assert line in doc["text"]
    sentences = [s.text for s in parse_context([doc])[0].sentences]
    assert sentences == lines


def test_pdf_without_text_says_ocr(tmp_path):
    with pytest.raises(UploadError) as err:
        read_upload(write(tmp_path, "scan.pdf", pdf_without_text()))
    assert "scan.pdf" in str(err.value) and "no extractable text" in str(err.value)


def test_not_a_pdf(tmp_path):
    with pytest.raises(UploadError, match=r"fake\.pdf is not a PDF"):
        read_upload(write(tmp_path, "fake.pdf", "just text pretending"))
    with pytest.raises(UploadError, match=r"broken\.pdf could not be read as a PDF"):
        read_upload(write(tmp_path, "broken.pdf", b"%PDF-1.4\n" + bytes(range(256)) * 4))


def test_docx_paragraphs_and_tables(tmp_path):
    d = docx.Document()
    d.add_heading("Safety update", level=1)
    d.add_paragraph("The recommended starting dose is now 25 mg once daily.")
    d.add_paragraph("")
    d.add_paragraph("Patients on 50 mg may continue after talking to their doctor.")
    table = d.add_table(rows=1, cols=2)
    table.rows[0].cells[0].text = "Dose"
    table.rows[0].cells[1].text = "25 mg"
    path = tmp_path / "update.docx"
    d.save(path)
    [doc] = read_upload(str(path)).documents
    assert doc["title"] == "update.docx"
    assert doc["text"] == ("Safety update\n\nThe recommended starting dose is now 25 mg once daily.\n\n"
                           "Patients on 50 mg may continue after talking to their doctor.\n\nDose | 25 mg")


def test_broken_docx(tmp_path):
    with pytest.raises(UploadError, match=r"old\.docx is not a Word \.docx file"):
        read_upload(write(tmp_path, "old.docx", b"\xd0\xcf\x11\xe0 an OLE .doc file"))
    import zipfile
    path = tmp_path / "hollow.docx"
    with zipfile.ZipFile(path, "w") as z:
        z.writestr("hello.txt", "not a word document")
    with pytest.raises(UploadError, match=r"hollow\.docx could not be read"):
        read_upload(str(path))


def test_jsonl_records_give_documents_response_and_question(tmp_path):
    lines = [
        {"id": "q1", "question": "What dose?", "response": "Take 50 mg.",
         "context": ["Label: 50 mg daily.", {"id": "upd", "title": "Update 2023", "text": "Now 25 mg daily."}]},
        {"id": "q2", "response": "Other answer.", "context": "Doc A text.\n---\nDoc B text."},
    ]
    path = write(tmp_path, "batch.jsonl", "\n".join(json.dumps(x) for x in lines) + "\n")
    up = read_upload(path)
    assert up.response == "Take 50 mg." and up.question == "What dose?"
    assert [d["text"] for d in up.documents] == ["Label: 50 mg daily.", "Now 25 mg daily.", "Doc A text.", "Doc B text."]
    assert [d["id"] for d in up.documents] == ["q1-1", "q1-upd", "q2-1", "q2-2"]
    assert up.documents[1]["title"] == "Update 2023"
    assert any("2 records" in n for n in up.notes)
    assert len(parse_context(up.documents)) == 4    # ids are unique, the library accepts them


def test_json_single_record(tmp_path):
    path = write(tmp_path, "one.json", json.dumps({"response": "R.", "context": "Only document."}))
    up = read_upload(path)
    assert up.response == "R." and up.documents == [{"id": "one-1", "title": "one.json · document 1",
                                                     "text": "Only document."}]


def test_bad_json_names_file_and_line(tmp_path):
    path = write(tmp_path, "broken.jsonl", '{"response": "ok", "context": "c"}\n{"response": "missing brace"\n')
    with pytest.raises(UploadError) as err:
        read_upload(path)
    msg = str(err.value)
    assert "broken.jsonl line 2" in msg and "not valid JSON" in msg and "README" in msg


def test_json_record_missing_field(tmp_path):
    with pytest.raises(UploadError, match=r"bad\.json item 1: missing field\(s\) context"):
        read_upload(write(tmp_path, "bad.json", json.dumps([{"response": "x"}])))


def test_read_uploads_merges_and_keeps_ids_unique(tmp_path):
    a = write(tmp_path, "notes.txt", "First file.")
    sub = tmp_path / "other"
    sub.mkdir()
    b = write(sub, "notes.txt", "Second file, same name.")
    up = read_uploads([a, b])
    assert [d["id"] for d in up.documents] == ["notes", "notes-2"]


def test_context_items_puts_pasted_documents_first_and_avoids_clashes():
    items = context_items("Pasted one.\n---\n\n---\nPasted two.", [{"id": "d1", "title": "d1.txt", "text": "Uploaded."}])
    assert [(d["id"], d["text"].strip()) for d in items] == [("d1", "Pasted one."), ("d2", "Pasted two."),
                                                            ("d1-2", "Uploaded.")]
    docs = parse_context(items)
    assert [d.title for d in docs] == ["Document 1", "Document 2", "d1.txt"]


def test_extensions_are_the_advertised_ones():
    assert set(EXTENSIONS) == {".txt", ".md", ".pdf", ".docx", ".json", ".jsonl"}
