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


def test_a_short_english_sentence_taken_for_nigerian_pidgin_is_english():
    """An everyday answer, "Registration closes on 30 September.", was Not assessed: the classifier named Nigerian
    Pidgin (0.82), an English-lexified creole, whose probability now counts as English's."""
    from grounding import GroundingConfig, ground
    from grounding.language import _identifier
    assert _identifier().classify("Registration closes on 30 September.")[0] == "pcm"
    language, confidence = detect_language("Registration closes on 30 September.")
    assert language == "en" and confidence > 0.8
    res = ground("Registration closes on 30 September.", "Registration for the marathon closes on 30 September.",
                 GroundingConfig(engine="context-fast"))
    assert res.coverage.assessed and res.verdicts[0].label == "Supported", res.coverage.messages
    assert detect_language("Le musée ouvre à 10 heures tous les jours sauf le lundi.")[0] == "fr"
