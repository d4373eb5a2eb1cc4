from grounding.language import detect_language


def test_english_is_detected_with_confidence():
    language, confidence = detect_language(
        "The patients who received the new treatment showed a significant improvement in their symptoms.")
    assert language == "en" and confidence > 0.9


def test_other_languages_are_not_english():
    assert detect_language("Die Patienten zeigten nach vier Wochen eine deutliche Besserung ihrer Symptome.")[0] == "de"
    assert detect_language("接受新治疗的患者在四周后症状明显改善。")[0] not in ("en", "und")


def test_text_without_letters_is_undetermined():
    assert detect_language("123 456 !!") == ("und", 0.0)
    assert detect_language("") == ("und", 0.0)
