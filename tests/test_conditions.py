"""A condition a prohibition lifts (grounding.conditions, overrides' condition_override)."""
from __future__ import annotations

from pathlib import Path

import pytest

from grounding import GroundingConfig, ground
from grounding.conditions import WITHHELD_RULE, Lifted, lifted, withheld
from grounding.ended import ends_as_said
from grounding.explain import explain
from grounding.pipeline import rederive
from grounding.types import CONTRADICTED, SUPPORTED

MODELS = Path(__file__).resolve().parent.parent / "exported_models"
TENANCY = ("The tenant shall pay a deposit equal to five weeks' rent, which will be protected in a government-approved "
           "scheme. The tenancy is for a fixed term of six months. The tenant must not keep any animal at the property "
           "without the landlord's prior written consent. The tenant is responsible for council tax and all utility "
           "bills.")


DERMACORT = "Do not use Dermacort on children under 10 unless it has been prescribed by a doctor."


@pytest.mark.parametrize("claim, sentence, expected", [
    ("Pets are allowed with the landlord's permission.", "The tenant must not keep any animal at the property without "
     "the landlord's prior written consent.", Lifted("with the landlord's permission",
                                                     "without the landlord's prior written consent")),
    ("Entry is allowed with a ticket.", "You cannot enter without a ticket.", Lifted("with a ticket", "without a ticket")),
    ("Refunds can be given with a receipt.", "No refunds can be given without a receipt.",
     Lifted("with a receipt", "without a receipt")),
    ("Students may submit late work with a tutor's approval.", "Late work will not be accepted without the tutor's "
     "consent.", Lifted("with a tutor's approval", "without the tutor's consent")),
    # another's permission; the claim negated; no denial before "without", or one in another clause; no condition
    ("Pets are allowed with the council's permission.", "The tenant must not keep any animal at the property without "
     "the landlord's prior written consent.", None),
    ("Pets are not allowed.", "The tenant must not keep any animal without the landlord's consent.", None),
    ("Visitors can enter with a ticket.", "Visitors can enter without a ticket.", None),
    ("Refunds can be given with a receipt.", "Refunds are not given for sale items, but receipts are issued without "
     "charge.", None),
    ("Pets are allowed.", "The tenant must not keep any animal without the landlord's consent.", None),
    # "unless" a condition, and the claim's "if" the same one (its words); another condition, none
    ("Children under 10 can use Dermacort if a doctor has prescribed it.", DERMACORT,
     Lifted("if a doctor has prescribed it", "unless it has been prescribed by a doctor")),
    ("Children under 10 can use Dermacort if a parent agrees.", DERMACORT, None),
    ("Children under 10 can use Dermacort.", DERMACORT, None),
    # "without" a permission and the claim's "if" the same party agrees
    ("A pet can be kept if the landlord agrees in writing.", "Pets are not allowed without the landlord's written "
     "consent.", Lifted("if the landlord agrees in writing", "without the landlord's written consent")),
    ("A pet can be kept if the council agrees.", "Pets are not allowed without the landlord's written consent.", None),
])
def test_the_condition_a_prohibition_lifts(claim, sentence, expected):
    assert lifted(claim, sentence) == expected


@pytest.mark.parametrize("engine", ("claims", "context", "context-fast"))
def test_allowed_with_the_permission_the_source_requires_is_supported(engine):
    """A user's tenancy answer: "Pets are allowed with the landlord's permission" was Contradicted on every engine by
    "The tenant must not keep any animal … without the landlord's prior written consent" (P(c) 0.95: "must not"
    against "allowed"). It is Supported on that sentence, whose cell the map shows green; preset paper (no rule after
    the fusion) keeps the model's reading."""
    config = GroundingConfig(models_dir=str(MODELS), engine=engine).validate()
    res = ground("The deposit is five weeks' rent. Pets are allowed with the landlord's permission.", [TENANCY], config)
    deposit, pets = res.verdicts
    assert deposit.label == SUPPORTED
    assert pets.label == SUPPORTED and pets.anchor == 2, pets.rule
    assert pets.rule.startswith("the condition it lifts: context sentence 3: it forbids it only “without the "
                                "landlord's prior written consent”, and the claim allows it “with the landlord's "
                                "permission”, which the model reads as a contradiction: Contradicted taken the other "
                                "way round")
    assert explain(res, pets, res.claims[pets.claim]).startswith(
        "Supported by “The tenant must not keep any animal at the property without the landlord's prior written "
        "consent.” (Document 1, sentence 3): it forbids it only “without the landlord's prior written consent”, and "
        "the claim allows it “with the landlord's permission”; what it forbids without that condition it allows with it. The "
        "entailment model read the pair as a contradiction")
    assert res.sentence_map.labels[1][2] == 1 and res.sentence_map.values[1][2] > 0.5
    ruled = [c for c in res.sentence_map.ruled if (c.row, c.column) == (1, 2)]
    assert len(ruled) == 1 and ruled[0].label == -1 and ruled[0].note.startswith("the condition rule: it forbids")
    from grounding.heatmap import heatmap_html
    html = heatmap_html(res)
    assert html.count('ruled ruled-green"') == 1 and 'class="cell ruled ruled-green" data-col="2"' in html
    assert "or it forbids the claim's thing only without the claim's condition" in html
    assert "the condition rule: it forbids it only “without the landlord&#x27;s prior written consent”" in html
    paper = rederive(res, GroundingConfig(models_dir=str(MODELS), engine=engine, preset="paper").validate())
    assert not any(v.rule.startswith("the condition it lifts") for v in paper.verdicts)
    assert paper.sentence_map.labels[1][2] == -1       # the model's own reading is back in the map


@pytest.mark.parametrize("engine", ("claims", "context"))
def test_a_prohibition_without_the_condition_stays_contradicted(engine):
    """The claim that denies what the sentence allows with consent, or allows it with another's permission, keeps
    the model's contradiction."""
    res = ground("Pets are allowed with the council's permission.", [TENANCY],
                 GroundingConfig(models_dir=str(MODELS), engine=engine).validate())
    (pets,) = res.verdicts
    assert pets.label == CONTRADICTED and not pets.rule.startswith("the condition"), pets.rule


@pytest.mark.parametrize("claim, sentence, expected", [
    ("The pool is closed for repairs until March.", "The swimming pool will reopen in March after repairs to its "
     "filtration system.", ("until March", "reopen in March")),
    ("The library is closed until 5 May.", "The library will reopen on 5 May.", ("until 5 May", "reopen on 5 May")),
    ("The service is suspended until Monday.", "The service will resume on Monday.", ("until Monday", "resume on Monday")),
    # the parse gives the subject to "is", not to "closed"; the sentence's thing named in full ("The Old Town Bridge")
    ("The bridge is closed to traffic until June.", "The Old Town Bridge will reopen to traffic in June, once repairs "
     "to its deck are complete.", ("until June", "reopen in June")),
    # another time, negated, another thing, no closing state, no "until"
    ("The pool is closed until March.", "The pool will reopen in April.", None),
    ("The pool is closed until March.", "The pool will not reopen in March.", None),
    ("The pool is closed until March.", "The gym will reopen in March.", None),
    ("The pool is open until March.", "The pool will reopen in March.", None),
    ("The pool has been closed since March.", "The pool will reopen in March.", None),
])
def test_a_state_said_to_hold_until_the_time_the_source_ends_it(claim, sentence, expected):
    assert ends_as_said(claim, sentence) == expected


GYM = ("Riverside Gym opening hours: Monday to Friday 6am to 10pm; Saturday and Sunday 8am to 6pm. Standard membership is "
       "£35 per month, with no joining fee. The swimming pool will reopen in March after repairs to its filtration "
       "system.")


@pytest.mark.parametrize("engine", ("claims", "context", "context-fast"))
def test_closed_until_the_month_it_reopens_is_supported(engine):
    """A user's gym answer: "The pool is closed for repairs until March" was Contradicted on the context engines
    (P(c) 0.95 against "The swimming pool will reopen in March after repairs")."""
    res = ground("Membership costs £35 a month. The pool is closed for repairs until March.", [GYM],
                 GroundingConfig(models_dir=str(MODELS), engine=engine).validate())
    fee, pool = res.verdicts
    assert fee.label == SUPPORTED
    assert pool.label == SUPPORTED and pool.anchor == 2, pool.rule
    if engine != "claims":   # the claims engine's model read the pair as support already
        assert pool.rule.startswith("the end it gives: context sentence 3: it says “reopen in March”, and the claim "
                                    "that it holds “until March”"), pool.rule
        assert "a state that ends then holds until then" in explain(res, pool, res.claims[pool.claim])


@pytest.mark.parametrize("claim, sentence, expected", [
    ("Reserved books cannot be renewed.",
     "Loans can be renewed twice online, as long as no one else has reserved the book.",
     ("cannot be renewed", "as long as no one else has reserved the book")),
    ("Overdue books cannot be renewed.", "Books can be renewed unless they are overdue.",
     ("cannot be renewed", "unless they are overdue")),
    # the claim names no such thing; another deed; the condition not negated after "as long as"
    ("Books cannot be renewed.", "Loans can be renewed twice online, as long as no one else has reserved the book.",
     None),
    ("Reserved books cannot be borrowed.",
     "Loans can be renewed twice online, as long as no one else has reserved the book.", None),
    ("Reserved books cannot be renewed.", "Loans can be renewed as long as the book has been reserved.", None),
])
def test_a_deed_allowed_only_while_a_condition_does_not_hold(claim, sentence, expected):
    assert withheld(claim, sentence) == expected


LOANS = ("Library members can borrow up to 10 books at a time for three weeks. Loans can be renewed twice online, as "
         "long as no one else has reserved the book.")


@pytest.mark.parametrize("engine", ("claims", "context", "context-fast"))
def test_what_is_renewable_only_while_unreserved_is_not_renewable_reserved(engine):
    """A user's library answer: "Reserved books cannot be renewed" was Contradicted on every engine (P(c) 0.95-0.96)
    by the sentence that allows renewing only as long as no one has reserved the book."""
    res = ground("Reserved books cannot be renewed.", [LOANS],
                 GroundingConfig(models_dir=str(MODELS), engine=engine).validate())
    (v,) = res.verdicts
    assert v.label == SUPPORTED and v.anchor == 1, v.rule
    assert v.rule.startswith(f"{WITHHELD_RULE}: context sentence 2: it allows it only “as long as no one else has "
                             "reserved the book”")
    assert res.sentence_map.labels[0][1] == 1


@pytest.mark.parametrize("claim, sentence, expected", [
    ("The X200 weighs under 3 kg.", "The X200 vacuum cleaner weighs 2.4 kg and runs for up to 45 minutes.",
     [("under 3 kg", "2.4 kg")]),
    ("Fewer than 10% of patients had side effects.", "Side effects occurred in 8% of patients.", [("Fewer than 10%", "8%")]),
    ("The flat costs less than 1,500 pounds a month.", "The flat costs 1,450 pounds a month.",
     [("less than 1,500 pounds", "1,450 pounds")]),
    # outside the bound; a bound against a bound; another subject; a figure the claim gives as a point
    ("The X200 weighs under 2 kg.", "The X200 vacuum cleaner weighs 2.4 kg.", []),
    ("The X200 weighs over 3 kg.", "The X200 vacuum cleaner weighs 2.4 kg.", []),
    ("The X200 runs for at least 40 minutes.", "The X200 runs for up to 45 minutes.", []),
    ("The Y100 weighs under 3 kg.", "The X200 vacuum cleaner weighs 2.4 kg.", []),
    ("The X200 weighs 2.4 kg.", "The X200 vacuum cleaner weighs 2.4 kg.", []),
])
def test_a_value_within_the_claims_bound(claim, sentence, expected):
    from grounding.ranges import bounds_held
    assert bounds_held(claim, sentence) == expected


@pytest.mark.parametrize("engine", ("claims", "context", "context-fast"))
def test_a_weight_within_the_claims_bound_is_supported(engine):
    """A user's product answer: "The X200 weighs under 3 kg" was Contradicted on every engine by "… weighs 2.4 kg"
    (P(c) 0.92); "under 2 kg" stays Contradicted."""
    context = ("The X200 vacuum cleaner weighs 2.4 kg and runs for up to 45 minutes on a full charge. Charging takes "
               "about four hours.")
    config = GroundingConfig(models_dir=str(MODELS), engine=engine).validate()
    res = ground("The X200 weighs under 3 kg.", [context], config)
    (v,) = res.verdicts
    assert v.label == SUPPORTED and v.anchor == 0, v.rule
    assert v.rule.startswith("the value within the bound: context sentence 1: it says “2.4 kg”, and the claim “under "
                             "3 kg”"), v.rule
    assert res.sentence_map.labels[0][0] == 1
    assert "a value within the claim's bound is one the bound allows" in explain(res, v, res.claims[0])
    (v,) = ground("The X200 weighs under 2 kg.", [context], config).verdicts
    assert v.label == CONTRADICTED and v.anchor == 0, v.rule


@pytest.mark.parametrize("engine", ("claims", "context", "context-fast"))
def test_open_on_weekdays_is_backed_by_the_days_though_the_contradiction_came_from_an_hour(engine):
    """A user's clinic answer: "The clinic is open on weekdays" was Contradicted on every engine by "… same-day
    appointments are released at 8am" read with "… open Monday to Friday from 8am to 6pm" (P(c) 0.79 together); the
    sentence the model blamed names an hour, none of the claim's days, so the one that gives the days backs it."""
    context = ("The Riverside Clinic is open Monday to Friday from 8am to 6pm. Appointments can be booked online or by "
               "phone, and same-day appointments are released at 8am. The clinic does not offer travel vaccinations.")
    (v,) = ground("The clinic is open on weekdays.", [context],
                  GroundingConfig(models_dir=str(MODELS), engine=engine).validate()).verdicts
    assert v.label == SUPPORTED and v.anchor == 0, v.rule
    assert v.rule.startswith("the days it is open: context sentence 1: it says “open Monday to Friday”"), v.rule


BINS = "The council will cut the number of bin collections from weekly to fortnightly from April."


@pytest.mark.parametrize("claim, expected", [
    ("Bins will be collected every two weeks from April.", [("every two weeks", "fortnightly")]),
    # where the change started, the same words (the model reads those), another thing
    ("Bins will be collected every week from April.", []),
    ("Bins will be collected fortnightly from April.", []),
    ("Food waste will be collected every two weeks.", []),
])
def test_how_often_in_other_words(claim, expected):
    from grounding.frequencies import same_recurrence
    assert same_recurrence(claim, BINS) == expected
    # as often on another day is no other words for it (an everyday batch had backed "The market runs every Sunday"
    # by "… runs every Saturday …")
    market = "The town's farmers' market runs every Saturday from 8am to 1pm in the main square."
    assert same_recurrence("The market runs every Sunday.", market) == []
    # what a change replaces is no more ("weekday buses will run every half hour" had been Supported on every engine
    # by "… every 20 minutes instead of every 30 minutes on weekdays")
    buses = "From 1 September, the number 42 bus will run every 20 minutes instead of every 30 minutes on weekdays."
    assert same_recurrence("From 1 September, the number 42 bus will run every half hour.", buses) == []
    assert same_recurrence("From 1 September, the number 42 bus will run three times an hour.", buses) == [
        ("three times an hour", "every 20 minutes")]


@pytest.mark.parametrize("engine", ("claims", "context", "context-fast"))
def test_every_half_hour_where_it_becomes_every_20_minutes_instead_is_contradicted(engine):
    context = ("From Sunday 1 September, the number 42 bus between Dunmore and the city centre will run every 20 "
               "minutes instead of every 30 minutes on weekdays. Fares are unchanged.")
    (v,) = ground("From 1 September, weekday buses will run every half hour.", [context],
                  GroundingConfig(models_dir=str(MODELS), engine=engine).validate()).verdicts
    assert v.label == CONTRADICTED and v.anchor == 0, v.rule
    assert "every 20 minutes" in v.anchor_conflict, v.rule


@pytest.mark.parametrize("engine", ("claims", "context", "context-fast"))
def test_every_two_weeks_is_backed_by_fortnightly(engine):
    """A user's council answer: "Bins will be collected every two weeks from April" was Unsupported on the context
    engines, the entailment model leaning to contradiction (P(c) 0.57) against "… from weekly to fortnightly …"."""
    context = BINS + " Food waste will still be collected every week. The change is expected to save 1.2 million pounds."
    config = GroundingConfig(models_dir=str(MODELS), engine=engine).validate()
    bins, food = ground("Bins will be collected every two weeks from April. Food waste will be collected every two "
                        "weeks.", [context], config).verdicts
    assert bins.label == SUPPORTED and bins.anchor == 0, bins.rule
    assert food.label == CONTRADICTED, food.rule


@pytest.mark.parametrize("engine", ("claims", "context", "context-fast"))
def test_allowed_if_the_condition_the_source_says_unless_is_supported(engine):
    """"Children under 10 can use Dermacort if a doctor has prescribed it" was Contradicted on every engine by "Do not
    use Dermacort on children under 10 unless it has been prescribed by a doctor" (read alone, P(c) 0.96)."""
    from conftest import contradicted_and_backed
    context = ("Dermacort 1% cream is a mild steroid used to calm flare-ups of eczema in adults and children aged 10 "
               "and over. " + DERMACORT)
    contradicted_and_backed(engine, "Dermacort is a 2% cream. Children under 10 can use Dermacort if a doctor has "
                            "prescribed it.", context, 0, 1)
