"""Whom an opening pronoun names, for retrieval (grounding.referents)."""
from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

from grounding import GroundingConfig, ground
from grounding.referents import plural_of, resolve, similarities, subject_of
from grounding.types import SUPPORTED

MODELS = Path(__file__).resolve().parent.parent / "exported_models"
DANUBE = "The Danube is the second longest river in Europe."


@pytest.mark.parametrize("text, before, expected", [
    ("It is about 2,850 km long.", [DANUBE], "The Danube is about 2,850 km long."),
    ("Its delta is in Romania.", [DANUBE], "The Danube's delta is in Romania."),
    # what an apposition adds is left out
    ("It is long.", ["The Danube, at around 2,850 km, is Europe's second-longest river."], "The Danube is long."),
    # the nearest subject that agrees: a plural one for "They", a proper noun for "She"
    ("They say pay has fallen.", ["Train drivers will strike.", "The company made an offer."],
     "Train drivers say pay has fallen."),
    ("She had a majority of 3,412.", ["Sarah Green won the seat.", "The turnout was 67%."],
     "Sarah Green had a majority of 3,412."),
    ("It will stop.", ["It is raining."], "It will stop."),                  # no subject to name
    ("They were delayed.", [DANUBE], "They were delayed."),                  # none that agrees
    ("The river is long.", [DANUBE], "The river is long."),                  # no pronoun
    ("Itself a border, it runs east.", [DANUBE], "Itself a border, it runs east."),
    # a part "of them" names the nearest plural noun phrase: the subject, else another; never a span of time
    ("About half of them come from abroad.", ["The university has 28,000 students."],
     "About half of 28,000 students come from abroad."),
    ("Two of them died.", ["The patients were treated."], "Two of the patients died."),
    ("Most of them were women.", ["The trial enrolled 300 patients.", "It ran for two years."],
     "Most of 300 patients were women."),
    ("Some of them say no.", ["It is raining."], "Some of them say no."),
    ("One of themselves.", ["The cats ran."], "One of themselves."),
])
def test_an_opening_pronoun_is_named_by_the_nearest_agreeing_subject(text, before, expected):
    assert resolve(text, before) == expected


def test_a_pronoun_is_no_subject_to_name():
    assert subject_of("It flows through ten countries.") is None
    assert subject_of("Train drivers will strike.") == ("Train drivers", "many")
    assert subject_of("Sarah Green won the seat.") == ("Sarah Green", "one person")


def test_the_group_a_part_of_them_names():
    assert plural_of("Train drivers will strike over 12 days.") == "Train drivers"      # a plural subject first
    assert plural_of("The clinic treated 300 patients last year.") == "300 patients"
    assert plural_of("The study lasted three years.") is None                          # time is no group
    assert plural_of("It is raining.") is None


class _Embedder:
    """Unit vectors by the text's first word, to check which reading's cosine is kept."""
    def encode(self, texts, stop=None, fp32=False):
        basis = {"It": [1.0, 0.0], "The": [0.0, 1.0]}     # "It …" and "The …" are orthogonal
        return np.array([basis[t.split()[0]] for t in texts], dtype=np.float32)


def test_the_higher_of_the_two_readings_cosines_is_kept_where_the_text_finds_nothing_as_written():
    context = np.array([[0.0, 1.0], [0.6, 0.8]], dtype=np.float32)     # "It …" is near neither as written ...
    texts, resolved = ["It is long.", "It is long."], ["The Danube is long.", "It is long."]
    used = set()
    assert np.allclose(similarities(_Embedder(), texts, resolved, context, 0.7, used=used), [[1.0, 0.8], [0.0, 0.6]])
    assert used == {"It is long."}
    # ... and keeps its own cosines where one of them passes tau (0.6 > 0.5), unless tau is None (the recheck's twin)
    assert np.allclose(similarities(_Embedder(), texts, resolved, context, 0.5), [[0.0, 0.6], [0.0, 0.6]])
    assert np.allclose(similarities(_Embedder(), texts, resolved, context, None), [[1.0, 0.8], [0.0, 0.6]])


@pytest.mark.parametrize("engine", ("claims", "context", "context-fast"))
def test_a_claim_opening_with_it_finds_the_sentence_that_backs_it(engine):
    """A user's answer: "It is about 2,850 km long", after a sentence on the Danube, was Unsupported on the claims
    and context engines ("no context sentence above tau": cosine 0.41 read alone)."""
    source = ("The Danube, at around 2,850 km, is Europe's second-longest river after the Volga. It originates in the "
              "Black Forest in Germany and flows into the Black Sea.")
    config = GroundingConfig(models_dir=str(MODELS), engine=engine).validate()
    res = ground(f"{DANUBE} It is about 2,850 km long.", [source], config)
    assert [v.label for v in res.verdicts] == [SUPPORTED, SUPPORTED], [v.rule for v in res.verdicts]
    assert res.verdicts[1].anchor == 0 and res.verdicts[1].cosine > 0.8    # read alone: 0.41
