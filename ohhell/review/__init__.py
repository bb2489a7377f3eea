"""Reviewing real games: every bid and card graded by the strong player, and a bid advised for a hand.

``values`` (the expected score of each choice, with intervals over
independent batches), ``one_card`` (exact bid values of 1-card rounds),
``decision`` (one graded decision), ``match`` (a file of recorded deals,
per-seat summaries), ``advise`` (each legal bid's expected score and chance
of being made, for a hand at the table), ``text`` and ``html_report`` (the
review as plain-text tables and as an HTML page), ``sheet`` (a score sheet
without cards: its bids graded from bid-value tables).
"""

from ohhell.review.advise import BidAdvice, BidOption, advise_bid
from ohhell.review.decision import Decision, evaluate, grade
from ohhell.review.match import DealReview, MatchReview, review_deal, review_records
from ohhell.review.values import Budget, ChoiceValues

__all__ = [
    "advise_bid",
    "BidAdvice",
    "BidOption",
    "Budget",
    "ChoiceValues",
    "Decision",
    "evaluate",
    "grade",
    "DealReview",
    "MatchReview",
    "review_deal",
    "review_records",
]
