"""From chunk arrays to long-form pandas frames (one row per deal and seat).

Columns of the deals frame: ``unit`` (deal, or match in matches mode),
``round`` (1-based), ``players``, ``seat``, ``seat_from_dealer`` (0 bids
first, ``players - 1`` deals), ``hand_size``, ``trump`` (``-``, a suit letter,
or under+over letters), ``bid``, ``tricks``, ``made``, ``score``,
``strategy``; with ``features=True`` also the :data:`FEATURES` of each
hand, ``no_trump`` (no trump suit this deal), ``bids_before`` (sum of the
bids made before this seat's) and ``hand`` (the hand's card mask, bit
``suit * 13 + rank - 2``).  The matches frame: ``unit``, ``seat``, ``strategy``,
``total``, ``rank`` (1 is first), ``winner``.
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Sequence
from functools import partial
from typing import Any

import numpy as np
import pandas as pd

from ohhell.rules import CompiledRules
from ohhell.sim.arrays import DealArrays, MatchArrays

__all__ = [
    "deal_frame",
    "match_frame",
    "hand_features",
    "FEATURES",
    "TRUMP_LABELS",
    "TRUMP_CATEGORIES",
    "TRUMP_CODES",
    "trump_labels",
    "strategy_categories",
    "deal_columns",
    "match_columns",
    "join_columns",
]

_LETTERS = "CDHS"


def _label(under: int, over: int) -> str:
    if over < 0 or under == over:
        return "-"
    return (_LETTERS[under] if under >= 0 else "") + _LETTERS[over]


#: Labels indexed by ``(under + 1) * 5 + (over + 1)``.
TRUMP_LABELS = np.array([_label(u, o) for u in range(-1, 4) for o in range(-1, 4)], dtype=object)
#: The ``trump`` column's categories, in order.
TRUMP_CATEGORIES: list[str] = list(dict.fromkeys(TRUMP_LABELS.tolist()))
#: Category code of each label of :data:`TRUMP_LABELS`.
TRUMP_CODES = np.array([TRUMP_CATEGORIES.index(x) for x in TRUMP_LABELS], dtype=np.int64)


def trump_labels(trump: np.ndarray) -> pd.Categorical[str]:
    """Trump labels from ``[..., 3]`` trump arrays."""
    idx = (trump[..., 0] + 1) * 5 + (trump[..., 1] + 1)
    return pd.Categorical.from_codes(TRUMP_CODES[idx.ravel()], categories=pd.Index(TRUMP_CATEGORIES))


def strategy_categories(strategy_names: Sequence[str]) -> list[str]:
    """The ``strategy`` column's categories: the seats' strategy names, each once, first seen first."""
    return list(dict.fromkeys(strategy_names))


def _names(strategy_names: Sequence[str], seats: np.ndarray) -> pd.Categorical[str]:
    unique = strategy_categories(strategy_names)
    code_of_seat = np.array([unique.index(n) for n in strategy_names], dtype=np.int64)
    return pd.Categorical.from_codes(code_of_seat[seats], categories=pd.Index(unique))


#: Hand-feature columns added with ``features=True`` (besides ``bids_before``, ``no_trump`` and ``hand``).
FEATURES = ("trumps", "top_trumps", "side_aces", "side_kings", "voids", "singletons")


def hand_features(hands: np.ndarray, under: np.ndarray, over: np.ndarray) -> dict[str, np.ndarray]:
    """Features of hands (masks) given the trump suits (-1 for none), one value per hand.

    ``trumps``: cards of a trump suit; ``top_trumps``: trump aces and kings;
    ``side_aces``/``side_kings``: aces and kings of other suits; ``voids`` and
    ``singletons``: suits with no card and with one card.

    Examples
    --------
    >>> from ohhell.cards import parse_cards
    >>> from ohhell.cards.masks import mask_of
    >>> f = hand_features(np.array([mask_of(parse_cards("AS KS 3S AH 2D"))]), np.array([-1]), np.array([3]))
    >>> {k: int(v[0]) for k, v in f.items()}
    {'trumps': 3, 'top_trumps': 2, 'side_aces': 1, 'side_kings': 0, 'voids': 1, 'singletons': 2}
    """
    hands = hands.astype(np.int64)
    counts = np.stack([np.bitwise_count((hands >> (13 * s)) & 0x1FFF) for s in range(4)], axis=-1).astype(np.int64)
    aces = np.stack([(hands >> (13 * s + 12)) & 1 for s in range(4)], axis=-1)
    kings = np.stack([(hands >> (13 * s + 11)) & 1 for s in range(4)], axis=-1)
    suits = np.arange(4)
    is_trump = (suits == over[..., None]) | (suits == under[..., None])
    return {
        "trumps": np.where(is_trump, counts, 0).sum(axis=-1),
        "top_trumps": np.where(is_trump, aces + kings, 0).sum(axis=-1),
        "side_aces": np.where(is_trump, 0, aces).sum(axis=-1),
        "side_kings": np.where(is_trump, 0, kings).sum(axis=-1),
        "voids": (counts == 0).sum(axis=-1),
        "singletons": (counts == 1).sum(axis=-1),
    }


def deal_frame(
    compiled: CompiledRules,
    strategy_names: Sequence[str],
    arrays: DealArrays | MatchArrays,
    first_unit: int,
    features: bool = False,
    columns: Collection[str] | None = None,
) -> pd.DataFrame:
    """One row per (deal, seat) that played; with ``features``, the :data:`FEATURES` of each hand.

    ``columns``: build only these (in the usual order), as summary mode does
    with its grouping columns; default all.
    """
    return pd.DataFrame(deal_columns(compiled, strategy_names, arrays, first_unit, features, columns), copy=False)


def deal_columns(
    compiled: CompiledRules,
    strategy_names: Sequence[str],
    arrays: DealArrays | MatchArrays,
    first_unit: int,
    features: bool = False,
    columns: Collection[str] | None = None,
) -> dict[str, Any]:
    """The columns of :func:`deal_frame`, by name (numpy arrays and categoricals), in order."""
    players = compiled.players
    if isinstance(arrays, DealArrays):
        rounds = arrays.round
        n_units = rounds.shape[0]
        unit = np.arange(first_unit, first_unit + n_units)
        r = rounds
        dealer = arrays.dealer
        trump = arrays.trump
        bids, tricks, scores = arrays.bids, arrays.tricks, arrays.scores
        unit_b = np.repeat(unit, players)
        r_b = np.repeat(r, players)
        dealer_b = np.repeat(dealer, players)
        trump_b = np.repeat(trump, players, axis=0)
        seat_b = np.tile(np.arange(players), n_units)
        n_round = compiled.players_in_round[r_b]
        keep = seat_b < n_round
    else:
        n_units, n_rounds = arrays.dealer.shape
        unit_b = np.repeat(np.arange(first_unit, first_unit + n_units), n_rounds * players)
        r_b = np.tile(np.repeat(np.arange(n_rounds), players), n_units)
        dealer_b = np.repeat(arrays.dealer.ravel(), players)
        trump_b = np.repeat(arrays.trump.reshape(-1, 3), players, axis=0)
        seat_b = np.tile(np.arange(players), n_units * n_rounds)
        bids, tricks, scores = arrays.bids, arrays.tricks, arrays.scores
        keep = bids.ravel() >= 0
        n_round = compiled.players_in_round[r_b]
    bids_f, tricks_f, scores_f = bids.ravel(), tricks.ravel(), scores.ravel()
    if isinstance(arrays, MatchArrays):
        # seat_from_dealer counts only the seats at the table (elimination)
        at_table = (bids.reshape(-1, players) >= 0).astype(np.int64)
        before = np.cumsum(at_table, axis=1) - at_table  # local index of each seat
        local = before.ravel()
        local_dealer = np.take_along_axis(before, arrays.dealer.reshape(-1, 1), axis=1).ravel()
        sfd = (local - np.repeat(local_dealer, players) - 1) % n_round
    else:
        sfd = (seat_b - dealer_b - 1) % n_round
    wanted = (lambda name: True) if columns is None else set(columns).__contains__
    unit_k, round_k, sfd_k, bids_k = unit_b[keep], r_b[keep], sfd[keep], bids_f[keep]
    tricks_k = tricks_f[keep]
    built: dict[str, Callable[[], Any]] = {
        "unit": lambda: unit_k.astype(np.int64),
        "round": lambda: (round_k + 1).astype(np.int16),
        "players": lambda: n_round[keep].astype(np.int8),
        "seat": lambda: seat_b[keep].astype(np.int8),
        "seat_from_dealer": lambda: sfd_k.astype(np.int8),
        "hand_size": lambda: compiled.hand_sizes[round_k].astype(np.int8),
        "trump": lambda: trump_labels(trump_b[keep]),
        "bid": lambda: bids_k.astype(np.int8),
        "tricks": lambda: tricks_k.astype(np.int8),
        "made": lambda: bids_k == tricks_k,
        "score": lambda: scores_f[keep].astype(np.int32),
        "strategy": lambda: _names(strategy_names, seat_b[keep]),
    }
    if features:
        kept = trump_b[keep]
        hands = arrays.hands.reshape(-1)[keep]
        chosen = [name for name in FEATURES if wanted(name)]
        values = hand_features(hands, kept[:, 0], kept[:, 1]) if chosen else {}
        for name in chosen:
            built[name] = partial(values[name].astype, np.int8)
        built["no_trump"] = lambda: kept[:, 1] < 0
        built["bids_before"] = lambda: _bids_before(unit_k, round_k, sfd_k, bids_k)
        built["hand"] = lambda: hands.astype(np.int64)
    return {name: make() for name, make in built.items() if wanted(name)}


def _bids_before(unit: np.ndarray, rnd: np.ndarray, seat_from_dealer: np.ndarray, bid: np.ndarray) -> np.ndarray:
    """Sum of the bids of the seats that bid before each row's seat in the same deal.

    Bidding order is ``seat_from_dealer`` (0 first).  Under simultaneous
    bidding nobody sees these bids; the column is still the sum of the earlier
    seats' bids in that order.
    """
    key = unit.astype(np.int64) * 4096 + rnd.astype(np.int64)
    order = np.lexsort((seat_from_dealer, key))
    bids = bid.astype(np.int64)[order]
    k = key[order]
    total = np.cumsum(bids)
    start = np.r_[True, k[1:] != k[:-1]]
    base = np.maximum.accumulate(np.where(start, np.arange(k.size), 0))
    before_sorted = total - bids - (total[base] - bids[base])
    out = np.empty_like(before_sorted)
    out[order] = before_sorted
    result: np.ndarray = out.astype(np.int8)
    return result


def match_frame(strategy_names: Sequence[str], arrays: MatchArrays, first_unit: int) -> pd.DataFrame:
    """One row per (match, seat): final total, rank (1 = first), winner."""
    return pd.DataFrame(match_columns(strategy_names, arrays, first_unit), copy=False)


def match_columns(strategy_names: Sequence[str], arrays: MatchArrays, first_unit: int) -> dict[str, Any]:
    """The columns of :func:`match_frame`, by name."""
    n_units, players = arrays.totals.shape
    seats = np.tile(np.arange(players), n_units)
    return {
        "unit": np.repeat(np.arange(first_unit, first_unit + n_units), players),
        "seat": seats.astype(np.int8),
        "strategy": _names(strategy_names, seats),
        "total": arrays.totals.ravel().astype(np.int32),
        "rank": (arrays.rank.ravel() + 1).astype(np.int8),
        "winner": arrays.winner.ravel().astype(bool),
    }


def join_columns(parts: list[dict[str, Any]]) -> pd.DataFrame:
    """One frame of the rows of ``parts`` (column dicts of the same layout), in order, as ``pd.concat`` gives.

    Each column is joined and then dropped from every part, so the parts'
    memory is given back column by column while the frame is built (the
    parts are emptied).
    """
    out: dict[str, Any] = {}
    for name in list(parts[0]):
        values = [p.pop(name) for p in parts]
        first = values[0]
        if isinstance(first, pd.Categorical):
            cats = first.categories
            if all(v.categories.equals(cats) and v.ordered == first.ordered for v in values):
                codes = np.concatenate([v.codes for v in values])
                out[name] = pd.Categorical.from_codes(codes, categories=cats, ordered=first.ordered)
            else:
                out[name] = pd.api.types.union_categoricals(values)
        else:
            out[name] = np.concatenate(values)
        del values, first
    return pd.DataFrame(out, copy=False)
