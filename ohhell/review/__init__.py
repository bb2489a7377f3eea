"""Reviewing real games: every bid and card graded by the strong player, and a bid advised for a hand.

``values`` (the expected score of each choice, with intervals over
independent batches), ``one_card`` (exact bid values of 1-card rounds),
``decision`` (one graded decision), ``match`` (a file of recorded deals,
per-seat summaries).
"""

from ohhell.review.decision import Decision, evaluate, grade
from ohhell.review.match import DealReview, MatchReview, review_deal, review_records
from ohhell.review.values import Budget, ChoiceValues

__all__ = [
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
