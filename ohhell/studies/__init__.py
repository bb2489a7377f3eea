"""Studies: the questions players and designers ask, answered with intervals.

One module per study, each a library function returning tidy DataFrames
(raw counts next to estimates and their intervals):

- :mod:`~ohhell.studies.bid_success`: P(a bid is made) by hand features,
  seat, the bids before, hand size, rules and strategies;
- :mod:`~ohhell.studies.bid_tables`: what to bid with which hand, standard and
  harsh scoring side by side, and the printable cheat sheet
  (:mod:`~ohhell.studies.cheat_sheet`);
- :mod:`~ohhell.studies.seat_advantage`: expected score by seat from the
  dealer, match wins by seat from the first dealer, the dealer's cost of the
  hook, and a test of equal seats with its effect size;
- :mod:`~ohhell.studies.variant_balance`: pairs of variants on duplicate
  deals: skill signal, luck, seat fairness and bidding behaviour;
- :mod:`~ohhell.studies.folk_tips`: every tip in the rule sources as a claim
  with its number.

The exact one-card analysis needs no simulation and lives in
:mod:`ohhell.exact`.

Around them: :mod:`~ohhell.studies.variants` (variants by name: a preset and
named rule changes), :mod:`~ohhell.studies.runner` (``ohhell study CONFIG``:
parts, caching, reports), :mod:`~ohhell.studies.markdown` (report tables)
and :mod:`~ohhell.studies.common` (strategies by name, seeds, labels).
"""

from ohhell.studies.bid_success import bid_success
from ohhell.studies.bid_tables import bid_tables
from ohhell.studies.folk_tips import CLAIMS, Claim, folk_tips
from ohhell.studies.seat_advantage import SeatAdvantage, seat_advantage
from ohhell.studies.variant_balance import VariantBalance, variant_balance
from ohhell.studies.variants import variant

__all__ = [
    "bid_success",
    "bid_tables",
    "seat_advantage",
    "SeatAdvantage",
    "variant_balance",
    "VariantBalance",
    "folk_tips",
    "Claim",
    "CLAIMS",
    "variant",
]
