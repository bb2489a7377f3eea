"""The card-odds player: bids from each card's chance of a trick, learned in self-play; plays the rollout policy.

:class:`CardOdds` is the library's fast strong player, for studies of
millions of deals: it runs on the compiled path, its bid costs a table
look-up per card and a small convolution, and its card play is the bid-aware
rollout policy of :class:`~ohhell.strategies.Rollout`.  The chances come
from :func:`round_odds`, learned once per rules value by self-play
(:mod:`ohhell.strategies.odds_core`) with fixed seeds, so they are the same
in every process.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from typing import Literal

import numpy as np
from joblib import Parallel, delayed

from ohhell.cache import memory
from ohhell.cards import Card, Suit
from ohhell.cards.masks import mask_of
from ohhell.engine import Observation, Stream
from ohhell.engine.stream import state_array
from ohhell.rules import CompiledRules, compile_rules
from ohhell.rules.variant import Rules
from ohhell.strategies import odds_core as core
from ohhell.strategies import policy_core
from ohhell.strategies.compiled_inputs import compiled_deck, policy_card, wizard_aware_bid
from ohhell.strategies.distilled_weights import card_weights
from ohhell.strategies.folk import Folk, longest_suit, trump_pair

__all__ = ["CardOdds", "round_odds", "odds_bid", "Play", "LEARNING_DEALS", "LEARNING_ROUNDS"]

#: The card play the odds are learned under: the rollout policy (:class:`CardOdds`) or the distilled policy
#: (:class:`~ohhell.strategies.distilled.Distilled`).
Play = Literal["policy", "distilled"]

#: Self-play deals per round of learning and rounds of learning, per round shape and trump kind.
LEARNING_DEALS = 12000
LEARNING_ROUNDS = 3
#: Pseudo-deals of the prior in each cell.
_PRIOR = 4.0
#: One round's odds: ``[trump kind, position, field, intent, is trump, rank, length, higher]``.
_SHAPE = (3, core.POSITIONS, core.FIELDS, core.INTENTS, 2, 13, core.LENGTHS, core.HIGHER)


_Key = tuple[tuple[int, ...], int, int, int, bool, tuple[int, ...], Play]
#: Learned odds by :func:`_learn`'s arguments: the round shapes a process has learned, the latest
#: :data:`_KEPT` (about 330 KB each).
_learned: dict[_Key, np.ndarray] = {}
_KEPT = 1024


def _keep(key: _Key, odds: np.ndarray) -> np.ndarray:
    while len(_learned) >= _KEPT:
        del _learned[next(iter(_learned))]
    _learned[key] = odds
    return odds


def _learn(
    deck: tuple[int, ...],
    n: int,
    h: int,
    kind: int,
    hook: bool,
    table: tuple[int, ...],
    play: Play,
    deals: int = LEARNING_DEALS,
    rounds: int = LEARNING_ROUNDS,
    prior: float = _PRIOR,
) -> np.ndarray:
    """The odds ``[position, field, intent, is trump, rank, length, higher]`` of one round shape and trump kind,
    the cards played by ``play``.

    The chances for any bid (intent :data:`~ohhell.strategies.odds_core.ANY_BID`) shrink towards
    ``1 / players``; those of each intent class towards the chances for any bid (``prior``
    pseudo-deals each); ``rounds`` rounds of ``deals`` self-play deals.
    """
    score = np.array(table, dtype=np.int64).reshape(h + 1, h + 1)
    odds = np.full(_SHAPE, 1.0 / n)
    weights = card_weights() if play == "distilled" else np.zeros((0, 1))
    seed = np.random.SeedSequence([2026, n, h, kind, int(hook), len(deck)])
    st = state_array(Stream(seed))
    cards = np.array(deck, dtype=np.int64)
    for _ in range(rounds):
        wins = np.zeros((core.POSITIONS, core.FIELDS, core.INTENTS - 1, 2, 13, core.LENGTHS, core.HIGHER))
        counts = np.zeros_like(wins)
        core.self_play_credits(cards, n, h, kind, hook, odds, score, deals, st, wins, counts, weights)
        pooled = (wins.sum(axis=2) + prior / n) / (counts.sum(axis=2) + prior)
        odds[kind, :, :, core.ANY_BID] = pooled
        odds[kind, :, :, : core.ANY_BID] = (wins + prior * pooled[:, :, None]) / (counts + prior)
    out: np.ndarray = odds[kind].copy()
    out.setflags(write=False)
    return out


def _learn_stored(
    deck: tuple[int, ...], n: int, h: int, kind: int, hook: bool, table: tuple[int, ...], play: Play
) -> np.ndarray:
    """:func:`_learn`, loaded from the on-disk cache when a process learned it before (:mod:`ohhell.cache`:
    keyed by its code, its arguments with the learning's sizes, and the compiled code it runs)."""
    odds: np.ndarray = memory().cache(_learn)(deck, n, h, kind, hook, table, play)
    odds.setflags(write=False)
    return odds


def _round_odds(compiled: CompiledRules, play: Play) -> np.ndarray:
    n_rounds = compiled.n_rounds
    out = np.zeros((n_rounds, *_SHAPE))
    deck = tuple(int(c) for c in compiled.deck)
    hook = compiled.restriction == "hook"
    keys: list[tuple[int, int, _Key]] = []
    for r in range(n_rounds):
        n = int(compiled.players_in_round[r])
        h = int(compiled.hand_sizes[r])
        table = tuple(int(x) for x in compiled.score_table(r).ravel())
        kinds = (0, 1, 2) if compiled.trump_plans[r].source == "setesdal" else (0, 1)
        keys += [(r, kind, (deck, n, h, kind, hook, table, play)) for kind in kinds]
    # the round shapes not learned yet, learned side by side: each from its own seed, so the odds do not
    # depend on the order or the number of threads (the self-play releases the GIL)
    missing = list(dict.fromkeys(key for _, _, key in keys if key not in _learned))
    if len(missing) > 1:
        learned = Parallel(n_jobs=-1, prefer="threads")(delayed(_learn_stored)(*k) for k in missing)
        for key, odds in zip(missing, learned):
            _keep(key, odds)
    for r, kind, key in keys:
        out[r, kind] = _learned[key] if key in _learned else _keep(key, _learn_stored(*key))
    out.setflags(write=False)
    return out


@lru_cache(maxsize=64)
def _odds_of(rules: Rules, play: Play) -> np.ndarray:
    odds: np.ndarray = _round_odds(compile_rules(rules), play)
    return odds


def round_odds(compiled: CompiledRules, play: Play = "policy") -> np.ndarray:
    """Every round's learned odds, ``[round, trump kind, position, field, intent, is trump, rank, length, higher]``
    (read-only), the cards played by ``play`` in the self-play they are learned from.

    Learned by self-play on first use for these rules and cached (per round
    shape, trump kind, hook, score table and play): about 0.1-0.5 s per round
    shape, kept in the process and on disk (:mod:`ohhell.cache`), so another
    process loads them.
    Decks with Wizards or two copies of a card are not modelled (zeros).
    """
    codes = [int(c) for c in compiled.deck]
    if compiled.wizards or len(set(codes)) != len(codes):
        return np.zeros((compiled.n_rounds, *_SHAPE))
    return _odds_of(compiled.rules, play)


def odds_bid(obs: Observation, play: Play) -> int:
    """The card-odds bid of an observation, under the odds learned with ``play``'s card play (:func:`round_odds`).

    With a Wizard deck or two decks: :func:`~ohhell.strategies.compiled_inputs.wizard_aware_bid`.
    """
    if len(obs.legal_bids) == 1:
        return obs.legal_bids[0]
    if not compiled_deck(obs):
        return wizard_aware_bid(obs)
    compiled = compile_rules(obs.rules)
    n = obs.players
    seat_at = [(obs.dealer + 1 + q) % n for q in range(n)]
    hands = np.zeros(n, dtype=np.int64)
    for q, seat in enumerate(seat_at):
        visible = obs.visible_hands[seat]
        if visible is not None:
            hands[q] = mask_of(visible)
    legal = 0
    for b in obs.legal_bids:
        legal |= 1 << b
    under, over = trump_pair(obs.trump)
    sight = int(compiled.sight[obs.round_index])
    table = np.ascontiguousarray(compiled.score_table(obs.round_index))
    odds = round_odds(compiled, play)[obs.round_index]
    pos = seat_at.index(obs.seat)
    heard = [b for s, b in enumerate(obs.bids) if b is not None and s != obs.seat]
    return int(
        core.seat_odds_bid(hands, pos, n, obs.hand_size, sight, sum(heard), len(heard), under, over, odds, table, legal)
    )


@dataclass(frozen=True, slots=True, kw_only=True)
class CardOdds:
    """Bids the legal bid with the highest expected score under a learned per-card trick model; plays the policy.

    Each card of the hand has a chance of taking a trick that depends on
    the bidder's position, trump or not, rank, the length of its suit in
    the hand and how many higher cards of the suit the hand holds, learned by self-play for the rules at hand
    (:func:`round_odds`); the trick count is their Poisson-binomial sum, and
    the bid maximises the expected score under the round's own score table
    (so harsh scoring, zero-bid bonuses and the hook move it).  The chances
    also depend on whether the bids heard so far claim fewer tricks than
    their fair share, about their share or more, and on the bid the hand is played for: each legal
    bid is scored with the chances of the cards played for that bid (a card played for 0 is shed
    where it can be).  Blind, it expects ``hand size / players`` tricks; on
    the forehead, the tricks the hands it sees are not expected to take.
    Cards: the rollout policy (:func:`~ohhell.strategies.policy_core.policy_play`).
    Deterministic (never reads its stream).  With a Wizard deck or two
    decks: the folk bid of its plain cards plus one per Wizard, folk play.

    Names: a learned hand-evaluation table for bidding, as in the bidding
    networks and tables distilled from self-play in trick-taking card-game
    programs (e.g. Buro, Long, Furtak and Sturtevant, IJCAI 2009, on Skat);
    the trick count as a sum of independent per-card chances is the
    Poisson-binomial model.

    Examples
    --------
    >>> from ohhell import boerenbridge, play_deal
    >>> d = play_deal(boerenbridge(4), [CardOdds()] * 4, seed=1, round_index=4)
    >>> d.hand_size, sum(d.tricks_won)
    (5, 5)
    """

    def bid(self, obs: Observation, rng: Stream) -> int:
        return odds_bid(obs, "policy")

    def compiled_functions(self) -> tuple[object, ...]:
        return (core.seat_odds_bid, policy_core.policy_play)

    def play(self, obs: Observation, rng: Stream) -> Card:
        if len(obs.legal_cards) == 1:
            return obs.legal_cards[0]
        if not compiled_deck(obs):
            return Folk().play(obs, rng)
        return policy_card(obs)

    def name_trump(self, obs: Observation, rng: Stream) -> Suit:
        return longest_suit(obs)
