import pytest

from grounding.segment import parse_context, split_response, split_sentences


def texts(text):
    sentences = split_sentences(text, "doc")
    for s in sentences:
        assert text[s.start:s.end] == s.text
        assert s.text == s.text.strip() and s.text
        assert s.source == "doc" and s.column == -1
    assert [s.index for s in sentences] == list(range(len(sentences)))
    return [s.text for s in sentences]


@pytest.mark.parametrize("text, expected", [
    ("Dr. Smith et al. gave 3.5 mg, i.e. the usual dose, vs. placebo (Fig. 2). It worked.",
     ["Dr. Smith et al. gave 3.5 mg, i.e. the usual dose, vs. placebo (Fig. 2).", "It worked."]),
    ("The effect was small (p = 0.05). Mr. Jones agreed. Prices in the U.S. rose e.g. in 2020.",
     ["The effect was small (p = 0.05).", "Mr. Jones agreed.", "Prices in the U.S. rose e.g. in 2020."]),
    ("It was approved in the U.S. The EU followed.", ["It was approved in the U.S.", "The EU followed."]),
    ("Blood pressure rose. [3] Next it fell [1, 2]. Then it settled.[4]",
     ["Blood pressure rose. [3]", "Next it fell [1, 2].", "Then it settled.[4]"]),
    ("He paused... Then he left. Really? Yes! \"It works.\" (See Fig. 2.) Done",
     ["He paused...", "Then he left.", "Really?", "Yes!", "\"It works.\"", "(See Fig. 2.)", "Done"]),
    ("Wait... and see. \"Why?\" she asked.", ["Wait... and see.", "\"Why?\" she asked."]),
    # a capital letter is an initial, not a unit after a number nor a letter before a sentence's first word (two
    # sentences of a user's answer had been judged as one: "… at 45 W. The base model … costs 699 euros.")
    ("It charges at 45 W. The base model costs 699 euros.", ["It charges at 45 W.", "The base model costs 699 euros."]),
    ("Take vitamin D. The dose is 10 µg.", ["Take vitamin D.", "The dose is 10 µg."]),
    ("Franklin D. Roosevelt was president. J. Smith wrote it.", ["Franklin D. Roosevelt was president.", "J. Smith wrote it."]),
    # a letter after a word it labels is no initial ("… at grade B. Mathematics is required." had been one sentence)
    ("Applicants need three A-levels at grade B. Mathematics is required.",
     ["Applicants need three A-levels at grade B.", "Mathematics is required."]),
    ("Most had hepatitis B. Several recovered. It was signed by J. Smith and M. Jones.",
     ["Most had hepatitis B.", "Several recovered.", "It was signed by J. Smith and M. Jones."]),
    # after "a.m." / "p.m." a capitalised word starts a sentence (a marathon answer's "… starts at 9 a.m. About 40k
    # runners will take part." had been one sentence), but for a time zone or a day
    ("The course starts at 9 a.m. About 40k runners will take part.",
     ["The course starts at 9 a.m.", "About 40k runners will take part."]),
    ("It opens at 9 a.m. Monday to Friday. The call is at 9 a.m. EST tomorrow.",
     ["It opens at 9 a.m. Monday to Friday.", "The call is at 9 a.m. EST tomorrow."]),
])
def test_tricky_sentences_split_with_exact_offsets(text, expected):
    assert texts(text) == expected


def test_list_items_and_line_breaks():
    text = ("Findings\n"
            "- Drug X lowers blood pressure\n"
            "* It raises enzymes. It is cheap.\n"
            "1. First item\n"
            "2) Second item\n\n"
            "A paragraph that is hard\nwrapped over two lines.\r\n\r\n"
            "A line without a stop\nThe next line")
    assert texts(text) == ["Findings", "Drug X lowers blood pressure", "It raises enzymes.", "It is cheap.",
                           "First item", "Second item", "A paragraph that is hard\nwrapped over two lines.",
                           "A line without a stop", "The next line"]


def test_heading_is_its_own_sentence_and_empty_parts_are_skipped():
    assert texts("# Results\nthe drug works.\n\n   \n[3]\n- \n...") == ["Results", "the drug works."]
    assert split_sentences("", "doc") == []
    assert split_sentences("  \n\n ", "doc") == []


def test_response_sentences():
    sentences = split_response("  It rose. It fell.")
    assert [(s.text, s.start, s.end, s.source, s.index, s.column) for s in sentences] == [
        ("It rose.", 2, 10, "response", 0, -1), ("It fell.", 11, 19, "response", 1, -1)]


def test_long_context_is_fast():
    import time
    text = "Dr. Smith gave 3.5 mg. Blood pressure rose [3]. It fell e.g. later.\n- An item\n" * 5000   # ~400k chars
    started = time.perf_counter()
    sentences = split_sentences(text, "doc")
    assert time.perf_counter() - started < 2.0
    assert len(sentences) == 4 * 5000


def test_context_string_with_separators():
    context = "# Aspirin\nAspirin is old. It works.\n  ---  \nSecond document.\n---\n\n---\n"
    docs = parse_context(context)
    assert [(d.id, d.title) for d in docs] == [("d1", "Aspirin"), ("d2", "Document 2")]
    assert [[(s.text, s.source, s.index, s.column) for s in d.sentences] for d in docs] == [
        [("Aspirin", "d1", 0, 0), ("Aspirin is old.", "d1", 1, 1), ("It works.", "d1", 2, 2)],
        [("Second document.", "d2", 0, 3)]]
    for d in docs:
        assert all(d.text[s.start:s.end] == s.text for s in d.sentences)


def test_context_list_of_strings_and_dicts():
    docs = parse_context(["First one. Two.",
                          {"id": "pubmed-1", "title": "A trial", "text": "Third sentence."},
                          {"text": "   "},
                          {"text": "# Heading\nBody here."}])
    assert [(d.id, d.title) for d in docs] == [("d1", "Document 1"), ("pubmed-1", "A trial"), ("d3", "Heading")]
    assert [s.column for d in docs for s in d.sentences] == list(range(5))
    assert [s.source for s in docs[1].sentences] == ["pubmed-1"]


def test_context_errors_are_actionable():
    with pytest.raises(ValueError, match="'text'"):
        parse_context([{"id": "x"}])
    with pytest.raises(ValueError, match="share the id"):
        parse_context([{"id": "x", "text": "A."}, {"id": "x", "text": "B."}])
    with pytest.raises(TypeError):
        parse_context(42)


def test_headings_and_title_lines_are_marked():
    from grounding.segment import parse_context
    docs = parse_context("# Zentrovir trial: summary\n\nZentrovir was tested. It worked.\n---\n"
                         "Trial report 2021\nDrug X lowered blood pressure.\n---\nDrug X works.")
    flags = [[(s.heading, s.text) for s in d.sentences] for d in docs]
    assert flags[0] == [(True, "Zentrovir trial: summary"), (False, "Zentrovir was tested."), (False, "It worked.")]
    assert flags[1] == [(True, "Trial report 2021"), (False, "Drug X lowered blood pressure.")]
    assert flags[2] == [(False, "Drug X works.")]     # a one-line document ending in a period is no title


def test_a_heading_is_evidence_only_when_it_states_a_fact():
    from grounding.headings import states_fact
    assert not states_fact("Zentrovir phase III trial: summary of results")
    assert not states_fact("Prescribing information (2021)")
    assert not states_fact("Why wind generation fell")
    assert states_fact("Zentrovir raised liver enzyme levels")
    assert states_fact("Drug X lowers blood pressure in adults")
    assert not states_fact("Summary")                # one word, which the tagger reads as a verb


def test_an_answers_heading_or_framing_line_is_no_claim():
    """An answer's "## Summary" and "Here is what you need to know:" were Unsupported and counted as ungrounded."""
    from grounding.headings import states_nothing
    sentences = split_response("## Summary\nThe library opens at 9 am.\nHere is what you need to know:\n"
                               "- It closes at 8 pm.\nHere are the opening hours:\n## Drug X lowers blood pressure")
    assert [states_nothing(s) for s in sentences] == [True, False, True, False, False, False]


def test_documents_can_come_already_segmented():
    from grounding.segment import parse_context
    docs = parse_context([{"id": "t", "text": "Dr. Smith met Mr. Jones. Both agreed.", "sentences": [
        "Dr. Smith met Mr. Jones.", "Both agreed."]}, {"sentences": ["First part", "second part without a period"]}])
    assert [s.text for s in docs[0].sentences] == ["Dr. Smith met Mr. Jones.", "Both agreed."]
    assert all(d.text[s.start:s.end] == s.text for d in docs for s in d.sentences)
    assert [s.column for d in docs for s in d.sentences] == [0, 1, 2, 3]
    assert docs[1].text == "First part second part without a period"
    import pytest
    with pytest.raises(ValueError, match="not in its text"):
        parse_context([{"text": "A b.", "sentences": ["C d."]}])
