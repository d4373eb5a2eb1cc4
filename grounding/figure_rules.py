"""The figure rules beyond plain values (learned.quantity_conflicts with `same_figure`): each reads one kind of figure
two texts may give differently and returns (the claim's words, the sentence's) pairs, in the order a verdict names
them; a pair of a figure already read is not named twice.
"""
from __future__ import annotations

import re

from grounding.caps import cap_conflicts
from grounding.clause_values import clause_values
from grounding.colours import colour_conflicts
from grounding.compared import beside_figures
from grounding.crossed_values import crossed_values
from grounding.differences import change_conflicts
from grounding.dimensions import dimension_conflicts
from grounding.discounts import discount_conflicts
from grounding.durations import duration_conflicts
from grounding.frequencies import times_conflicts
from grounding.grades import grade_conflicts
from grounding.hours import hours_conflicts, other_part_of_day, span_end_conflicts
from grounding.monthdays import month_day_conflicts
from grounding.months import month_conflicts
from grounding.multiples import multiple_conflicts
from grounding.now_prices import now_conflicts
from grounding.portions import every_against_part, portion_conflicts
from grounding.ranges import range_conflicts
from grounding.ranks import birth_order_conflicts, rank_conflicts
from grounding.seasons import season_conflicts
from grounding.units import one_conflicts, period_conflicts
from grounding.verbatim import own_words_conflicts
from grounding.vat import vat_conflicts
from grounding.votes import vote_conflicts
from grounding.weekdays import other_days, weekday_conflicts


def figure_conflicts(claim: str, context: str, out: list[tuple[str, str]]) -> list[tuple[str, str]]:
    """Extends `out` (the plain values' pairs) with every figure rule's, and returns it."""
    # a rank ("the second tallest" / "the third tallest"), a multiple or fraction ("tripled" / "doubled")
    out.extend(rank_conflicts(claim, context) + multiple_conflicts(claim, context))
    out.extend(birth_order_conflicts(claim, context))  # a place among siblings ("the eldest of five" / "the third")
    # how long, in other units or spans ("an hour" / "35 to 40 minutes"); once: "10-year" is the "10 year" already read
    out.extend(d for d in duration_conflicts(claim, context)
               if not any(c in (w := d[0].replace("-", " ")) or w in c for c, _ in out))
    out.extend(cap_conflicts(claim, context))        # no limit against a cap ("unlimited claims" / "up to two")
    out.extend(hours_conflicts(claim, context))      # all day against hours that end ("24 hours" / "6am to 11pm")
    # a start or end against a span's ("ends at 3pm" / "from 8:45am to 3:15pm")
    out.extend(d for d in span_end_conflicts(claim, context) if not any(d[0] == c for c, _ in out))
    out.extend(other_part_of_day(claim, context))   # another part of the day ("Tuesday mornings" / "afternoons")
    out.extend(month_day_conflicts(claim, context))  # a day of each month ("the 15th" / "the first day")
    # a month against others ("in June" / "3 May to 17 May")
    out.extend(d for d in month_conflicts(claim, context) if not any(d[0] in c for c, _ in out))
    # every day against some days ("every evening" / "on Monday, …"), or other days
    out.extend(weekday_conflicts(claim, context))
    out.extend(d for d in other_days(claim, context) if not any(d[0] in c or c in d[0] for c, _ in out))
    out.extend(grade_conflicts(claim, context))      # another grade of one scale ("outstanding" / "good")
    out.extend(colour_conflicts(claim, context))     # a count of colours against those named ("four colours" / three)
    out.extend(season_conflicts(claim, context))     # all year against part of it ("open all year" / "March to October")
    out.extend(times_conflicts(claim, context))      # a count of times ("renewed three times" / "twice")
    # one of a thing ("two bathrooms" / "one bathroom"), a value per another period ("120 pounds a year" / "a term")
    out.extend(d for d in one_conflicts(claim, context) + period_conflicts(claim, context)
               if not any(d[0] == c for c, _ in out))
    # the claim's words, then another value
    out.extend(d for d in own_words_conflicts(claim, context) if not any(d[0] in c for c, _ in out))
    # a value given one thing said of another ("6:40pm in summer and 4:30pm in winter" / "in winter … 6:40pm")
    out.extend(crossed_values(claim, context))
    # a value one clause gives, said of the other clause's thing ("make-up for 24 hours" / "avoid make-up for 6 hours
    # and stay out of direct sun for 24 hours"); once: a value crossed already is not named again
    out.extend(d for d in clause_values(claim, context) if not any(d[0].split(" (")[0] in c for c, _ in out))
    # a part of one whole counted otherwise ("Of the 64 works …, 32 come from …" / "64 works …, 22 of them …")
    out.extend(d for d in portion_conflicts(claim, context) if not any(d[0] == c for c, _ in out))
    out.extend(every_against_part(claim, context))   # every one against a part ("in every square" / "40 of the 42")
    # a value set beside another the other way round ("0.41 chicks, more than the 0.7 needed" / both stated)
    out.extend(beside_figures(claim, context))
    # a span whose ends differ ("between £1,200 and £3,500" / "between £1,200 and £2,500"); once: "£1,500" read already
    out.extend(d for d in range_conflicts(claim, context) if not any(c in d[0] for c, _ in out))
    out.extend(vote_conflicts(claim, context))      # a vote's tally ("6 in favour and 4 against" / "6 for, 3 against")
    out.extend(vat_conflicts(claim, context))       # a price with VAT the other way ("including VAT" / "plus VAT")
    out.extend(dimension_conflicts(claim, context))  # a size of another dimension ("560–568 mm high" / "… wide")
    out.extend(discount_conflicts(claim, context))   # a discount said otherwise ("a 25% reduction" / "half the price")
    out.extend(d for d in change_conflicts(claim, context)   # a change of another size ("up by £2" / "from £9.99 to
               if not any(_digits(c) == _digits(d[0]) for c, _ in out))   # £10.99"), its value not named yet
    # a price now against the source's now, where it gives the old price too ("now £899" / "was £999, now £849")
    out.extend(d for d in now_conflicts(claim, context) if not any(_digits(c) == _digits(d[0]) for c, _ in out))
    return out


def _digits(said: str) -> str:
    """The digits of the last value a pair's side names ("4 p", "go down by 4p": "4")."""
    found = re.findall(r"\d[\d,.]*", said)
    return found[-1].replace(",", "") if found else said
