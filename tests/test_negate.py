import pytest

from grounding.negate import negate


@pytest.mark.parametrize("claim, negated", [
    ("Drug X lowers blood pressure.", "Drug X does not lower blood pressure."),
    ("The drug raised liver enzymes.", "The drug did not raise liver enzymes."),
    ("They lower blood pressure.", "They do not lower blood pressure."),
    ("The drug is safe.", "The drug is not safe."),
    ("The results were significant.", "The results were not significant."),
    ("Drug X has lowered blood pressure.", "Drug X has not lowered blood pressure."),
    ("It can be used in children.", "It cannot be used in children."),
    ("Patients will benefit.", "Patients will not benefit."),
    ("Aspirin, which is cheap, reduces fever.", "Aspirin, which is cheap, does not reduce fever."),
])
def test_adds_negation(claim, negated):
    assert negate(claim) == negated


@pytest.mark.parametrize("claim, positive", [
    ("The drug is not safe.", "The drug is safe."),
    ("Patients won't benefit.", "Patients will benefit."),
    ("It can't be used in children.", "It can be used in children."),
    ("The drug cannot be used in children.", "The drug can be used in children."),
    ("The drug never causes nausea.", "The drug causes nausea."),
    ("No patients died.", "Patients died."),
])
def test_removes_existing_negation(claim, positive):
    assert negate(claim) == positive


def test_falls_back_when_no_rule_applies():
    assert negate("Higher doses in children.") == "It is not the case that higher doses in children."
    assert negate("Nobody died.") == "It is not the case that nobody died."
    # the parser's root is the infinitive "borrow", not the clause's verb "need": no "To do not borrow"
    assert negate("To borrow books you need a library card, which is free for residents.") == \
        "It is not the case that to borrow books you need a library card, which is free for residents."
