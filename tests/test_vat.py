"""A price said with VAT the other way (grounding.vat) and a size said of another dimension (grounding.dimensions):
figure rules of the quantity rule."""
import pytest

from conftest import contradicted_and_backed
from grounding.dimensions import dimension_conflicts
from grounding.learned import quantity_conflicts
from grounding.vat import vat_conflicts


@pytest.mark.parametrize("claim, sentence, expected", [
    ("It costs £95 per person including VAT.", "Price: £95 plus VAT per person.",
     [("£95 per person including VAT", "£95 plus VAT")]),
    ("A new fan should cost £350 to £450 plus VAT.", "Estimated cost: £350–£450 including VAT.",
     [("£350 to £450 plus VAT", "£350–£450 including VAT")]),
    ("It costs £95 including VAT.", "Price: £95 + VAT.", [("£95 including VAT", "£95 + VAT")]),
    ("The fee is £120, VAT included.", "The fee is £120 excluding VAT.", [("£120, VAT included", "£120 excluding VAT")]),
    # the same way; another price; a price said both ways; no VAT said in the claim
    ("It costs £95 per person plus VAT.", "Price: £95 plus VAT per person.", []),
    ("It costs £114 including VAT.", "Price: £95 plus VAT (£114 including VAT).", []),
    ("It costs £95 including VAT.", "£95 plus VAT, or £95 including VAT for charities.", []),
    ("It costs £95.", "Price: £95 plus VAT per person.", []),
])
def test_a_price_with_vat_the_other_way(claim, sentence, expected):
    assert vat_conflicts(claim, sentence) == expected
    assert all(pair in quantity_conflicts(claim, sentence, same_figure=True) for pair in expected)


CUT_OUT = "The cut-out must be 560–568 mm wide, 590–600 mm high and at least 550 mm deep."


@pytest.mark.parametrize("claim, sentence, expected", [
    ("The opening needs to be between 560 and 568 mm high.", CUT_OUT, [("between 560 and 568 mm high", "590–600 mm high")]),
    ("The opening is 590 mm wide.", CUT_OUT, [("590 mm wide", "560–568 mm wide")]),
    ("The panel is 1.2 metres tall.", "The panel is 1.8 m in height and 0.6 m wide.", [("1.2 metres tall", "1.8 m in height")]),
    # the same length; another unit; a dimension given twice; one the sentence does not give
    ("The opening needs to be 590 to 600 mm high.", CUT_OUT, []),
    ("The opening is 59 cm high.", CUT_OUT, []),
    ("The fence can be 2 metres high.", "Fences can be up to 2 m high at the back and 1 metre high at the front.", []),
    ("The opening is 700 mm long.", CUT_OUT, []),
])
def test_a_size_of_another_dimension(claim, sentence, expected):
    assert dimension_conflicts(claim, sentence) == expected


@pytest.mark.parametrize("engine", ("claims", "context", "context-fast"))
@pytest.mark.parametrize("text, context, anchor, quoted", [
    # everyday batch 167 (Supported on every engine, P(e) 0.91 read together)
    ("It costs £95 per person including VAT. The course lasts one day.", "First Aid at Work refresher. The course lasts "
     "one day. Price: £95 plus VAT per person.", 2, "£95 plus VAT"),
    # everyday batch 171 (Supported on every engine, P(e) 0.94)
    ("The opening in the cabinet needs to be between 560 and 568 mm high. It must be at least 550 mm deep.",
     "Installing the oven. " + CUT_OUT, 1, "590–600 mm high"),
])
def test_vat_and_a_dimension_said_otherwise_are_contradicted(engine, text, context, anchor, quoted):
    from grounding import GroundingConfig, ground
    wrong, right = ground(text, [context], GroundingConfig(engine=engine).validate()).verdicts
    assert wrong.label == "Contradicted" and wrong.anchor == anchor and quoted in wrong.rule, wrong.rule
    assert right.label == "Supported", right.rule
