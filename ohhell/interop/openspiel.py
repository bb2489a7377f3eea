"""DeepMind OpenSpiel's ``oh_hell`` game and this project, each playing in the other.

* :func:`rules_for` gives the project :class:`~ohhell.rules.Rules` of a loaded
  ``oh_hell`` game, :func:`game_for` the game of a round of project rules.
* :func:`observation_from_state` turns an OpenSpiel state into one player's
  :class:`~ohhell.engine.Observation`, from that player's information only.
* :func:`StrategyBot` seats any project strategy in OpenSpiel as a
  ``pyspiel.Bot``; :class:`OpenSpielStrategy` seats an OpenSpiel bot in the
  project's engine and tournaments (:func:`ismcts`, :func:`uniform_random`).
* :func:`head_to_head` plays a duplicate match inside OpenSpiel's own game.

``pyspiel`` (the ``open-spiel`` package, ``pip install 'ohhell[openspiel]'``)
is imported only by the functions that need it, so this module imports
without it.

The encoding, found by experiment with ``pyspiel`` (checked in the tests on
state strings):

* a card is action ``rank_index * 4 + suit_index`` (0..51), ``rank_index``
  0 for a two up to 12 for an ace, and OpenSpiel's suits in the order
  clubs, diamonds, **spades, hearts** (``C2 D2 S2 H2 C3 ...``), while this
  project's card codes are ``suit * 13 + rank - 2`` with suits clubs,
  diamonds, hearts, spades (:func:`card_from_action`, :func:`action_from_card`);
* a bid ``b`` is action ``52 + b`` (:data:`BID_OFFSET`);
* the chance steps, in order: the number of tricks (one outcome when
  ``num_tricks_fixed`` is set), the dealer, the ``players * tricks`` cards of
  the deal (the ``i``-th card dealt goes to player ``i mod players``: player 0
  gets the first card whoever deals), then the trump card;
* the player left of the dealer bids first and leads the first trick, the
  dealer may not bid the number that makes the bids sum to the tricks, a
  trick's winner leads the next; returns are the deal's scores.

Examples
--------
>>> from ohhell.cards import Card
>>> [str(card_from_action(a)) for a in range(5)], action_from_card(Card.parse("AH"))
(['2C', '2D', '2S', '2H', '3C'], 51)
"""

from __future__ import annotations

import functools
import math
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from typing import Any, Literal

import numpy as np
import pandas as pd

from ohhell.cards import Card, Suit
from ohhell.engine import IllegalMoveError, Observation, SeedLike, Strategy, Stream, seed_sequence
from ohhell.engine.view import observation_from_view, tricks_from_plays
from ohhell.rules import FixedHands, Rules, Trump, compile_rules, openspiel
from ohhell.rules.compiled import SIGHTS
from ohhell.rules.scoring import ExactBonus, Harsh, Scoring
from ohhell.stats.intervals import paired_diff_ci

__all__ = [
    "BID_OFFSET",
    "OPENSPIEL_SUITS",
    "BotFactory",
    "card_from_action",
    "action_from_card",
    "rules_for",
    "game_for",
    "observation_from_state",
    "legal_actions_of",
    "state_for",
    "StrategyBot",
    "OpenSpielStrategy",
    "ISMCTSFactory",
    "UniformRandomFactory",
    "ismcts",
    "uniform_random",
    "HeadToHead",
    "head_to_head",
]

#: Bid ``b`` is OpenSpiel action ``BID_OFFSET + b`` (the number of cards in the deck).
BID_OFFSET = 52
#: OpenSpiel's suit index (``action % 4``) to this project's suit.
OPENSPIEL_SUITS: tuple[Suit, ...] = (Suit.CLUBS, Suit.DIAMONDS, Suit.SPADES, Suit.HEARTS)
_SUIT_INDEX = {suit: i for i, suit in enumerate(OPENSPIEL_SUITS)}
_MADE_BONUS = 10  # OpenSpiel's kMadeBidBonus
_SEED_MASK = 0x7FFFFFFF  # OpenSpiel's bots take int seeds

#: ``make_bot(game, player, seed) -> pyspiel.Bot``: builds a bot for ``player`` of ``game``.
BotFactory = Callable[[Any, int, int], Any]


def _pyspiel() -> Any:
    try:
        import pyspiel
    except ImportError as exc:
        raise ImportError("ohhell.interop.openspiel needs DeepMind OpenSpiel: pip install 'ohhell[openspiel]'") from exc
    return pyspiel


# -- encoding ------------------------------------------------------------------


def card_from_action(action: int) -> Card:
    """The card of OpenSpiel card action ``action`` (0..51)."""
    a = int(action)
    if not 0 <= a < BID_OFFSET:
        raise ValueError(f"OpenSpiel card actions are 0..{BID_OFFSET - 1}, got {action}")
    return Card.of(a // 4 + 2, OPENSPIEL_SUITS[a % 4])


def action_from_card(card: Card) -> int:
    """OpenSpiel's action for ``card`` (a plain card)."""
    if card.suit is None:
        raise ValueError(f"OpenSpiel's oh_hell has plain cards only, got {card}")
    return (card.rank - 2) * 4 + _SUIT_INDEX[card.suit]


def _check_game(game: Any) -> dict[str, Any]:
    name = game.get_type().short_name
    if name != "oh_hell":
        raise ValueError(f"expected OpenSpiel's oh_hell game, got {name!r}")
    return dict(game.get_parameters())


# -- rules <-> game -------------------------------------------------------------


def rules_for(game: Any) -> Rules:
    """The project rules matching a loaded ``oh_hell`` game.

    The ``openspiel`` preset for the game's ``players``, with
    ``FixedHands(size=k, rounds=1)`` for ``num_tricks_fixed=k`` (the preset's
    ladder when the game draws the number of tricks: each deal is then the
    ladder's round of that size).  ``off_bid_penalty=True`` with
    ``points_per_trick=k`` is ``ExactBonus(base=10, per_trick=k)`` and
    ``Harsh(factor=k)`` (the same scores, checked in the tests).  Raises
    :class:`ValueError` for what the project cannot mirror: a deck other than
    4 suits of 13, or ``points_per_trick`` other than 1 without the penalty
    (a miss would score ``k`` per trick; pass your own rules to
    :func:`observation_from_state` for that).

    Examples
    --------
    >>> import pyspiel
    >>> rules = rules_for(pyspiel.load_game("oh_hell", {"players": 4, "num_tricks_fixed": 7}))
    >>> rules.players, rules.hand_sizes, rules.scoring.table(2).tolist()
    (4, (7,), [[10, 1, 2], [0, 11, 2], [0, 1, 12]])
    """
    params = _check_game(game)
    if params["num_suits"] != 4 or params["num_cards_per_suit"] != 13:
        raise ValueError(
            f"the project mirrors OpenSpiel's standard deck only (4 suits x 13 cards), got num_suits="
            f"{params['num_suits']}, num_cards_per_suit={params['num_cards_per_suit']}"
        )
    players = int(params["players"])
    base = openspiel(players)
    tricks = int(params["num_tricks_fixed"])
    schedule = base.schedule if tricks < 1 else FixedHands(size=tricks, rounds=1)
    k = int(params["points_per_trick"])
    if params["off_bid_penalty"]:
        scoring = Scoring(made=ExactBonus(base=_MADE_BONUS, per_trick=k), miss=Harsh(factor=k))
    elif k == 1:
        scoring = base.scoring
    else:
        raise ValueError(
            f"points_per_trick={k} without off_bid_penalty scores {k} per trick on a missed bid: no project"
            " miss rule does that (write one, see docs/howto/add-a-house-rule.md, and pass rules=)"
        )
    return replace(base, schedule=schedule, scoring=scoring)


def _openspiel_score(bid: int, tricks: int, penalty: bool, per_trick: int) -> int:
    if penalty:
        return per_trick * tricks + _MADE_BONUS if bid == tricks else -per_trick * abs(tricks - bid)
    return per_trick * tricks + (_MADE_BONUS if bid == tricks else 0)


def _mirror(rules: Rules, round_index: int) -> tuple[int, int, bool, int]:
    """(players, tricks, off_bid_penalty, points_per_trick) of the game mirroring a round, or ValueError."""
    compiled = compile_rules(rules)
    if not 0 <= round_index < compiled.n_rounds:
        raise ValueError(f"round_index {round_index} is not a round 0..{compiled.n_rounds - 1} of these rules")
    n = int(compiled.players_in_round[round_index])
    h = int(compiled.hand_sizes[round_index])
    problems = []
    if tuple(int(c) for c in compiled.deck) != tuple(range(52)):
        problems.append("one standard 52-card deck")
    if compiled.trump_plans[round_index].source != "turn-up" or int(compiled.set_aside[round_index]):
        problems.append("a card turned up for trump after the deal")
    if compiled.simultaneous:
        problems.append("sequential bidding")
    if SIGHTS[int(compiled.sight[round_index])] != "own" or int(compiled.multiplier[round_index]) != 1:
        problems.append("open hands")
    if compiled.restriction != "hook":
        problems.append("the dealer's hook")
    if not 3 <= n <= 7:
        problems.append("3 to 7 players")
    if n * h > 51:
        problems.append(f"at most {51 // n} cards each with {n} players (a trump card must be left)")
    table = compiled.score_table(round_index)
    per_trick = int(table[1, 1]) - _MADE_BONUS
    penalty = bool(table[0, 1] < 0)
    mirrored = per_trick >= 1 and all(
        int(table[b, t]) == _openspiel_score(b, t, penalty, per_trick) for b in range(h + 1) for t in range(h + 1)
    )
    if not mirrored or rules.scoring.consolation is not None:
        problems.append(
            "OpenSpiel's scoring (10 + k per trick when exact; a miss k per trick, or -k per trick off"
            " with off_bid_penalty)"
        )
    if problems:
        raise ValueError(
            f"OpenSpiel's oh_hell cannot mirror round {round_index + 1} of {rules.name!r}: it needs "
            + "; ".join(problems)
        )
    return n, h, penalty, per_trick


@functools.lru_cache(maxsize=64)
def _load(players: int, tricks: int, penalty: bool, per_trick: int) -> Any:
    params = {"players": players, "num_tricks_fixed": tricks, "off_bid_penalty": penalty, "points_per_trick": per_trick}
    return _pyspiel().load_game("oh_hell", params)


def game_for(rules: Rules, round_index: int = 0) -> Any:
    """OpenSpiel's ``oh_hell`` game (``num_tricks_fixed``) playing round ``round_index`` of ``rules``.

    Raises :class:`ValueError`, naming what is missing, unless the round is
    one OpenSpiel can mirror: one 52-card deck, 3-7 players, a trump card
    turned up (so at most ``51 // players`` cards each), sequential bidding on
    open hands, the dealer's hook, and OpenSpiel's scoring.

    Examples
    --------
    >>> import ohhell
    >>> str(game_for(ohhell.openspiel(4), round_index=2))
    'oh_hell(num_tricks_fixed=3,off_bid_penalty=False,players=4,points_per_trick=1)'
    >>> game_for(ohhell.bondebridge(4), 5)
    Traceback (most recent call last):
    ...
    ValueError: OpenSpiel's oh_hell cannot mirror round 6 of 'bondebridge': it needs a card turned up ...
    """
    return _load(*_mirror(rules, round_index))


# -- OpenSpiel state -> observation ---------------------------------------------


@dataclass(frozen=True, slots=True)
class _Deal:
    """What a state's history says, split up (``dealt`` holds every hand: read only one player's)."""

    players: int
    tricks: int
    dealer: int
    dealt: tuple[int, ...]
    trump_card: Card
    bids: tuple[int, ...]  # in bidding order
    plays: tuple[Card, ...]

    def bids_by_seat(self) -> tuple[int, ...]:
        """The bids by seat (``bids`` is in bidding order, from the dealer's left); the deal must be bid."""
        n = self.players
        return tuple(self.bids[(s - self.dealer - 1) % n] for s in range(n))

    def hand_dealt(self, player: int) -> tuple[Card, ...]:
        return tuple(card_from_action(a) for a in self.dealt[player :: self.players])


def _read(state: Any) -> _Deal:
    params = _check_game(state.get_game())
    n = int(params["players"])
    history = [int(a) for a in state.history()]
    if len(history) < 2:
        raise ValueError("the state has not drawn the number of tricks and the dealer yet (chance steps)")
    h, dealer = history[0], history[1]
    end = 2 + n * h
    if len(history) <= end:
        raise ValueError("the cards are still being dealt (chance steps): no player has a decision yet")
    if params["num_suits"] != 4 or params["num_cards_per_suit"] != 13:
        raise ValueError("only OpenSpiel's standard deck (4 suits x 13 cards) is supported")
    after = history[end + 1 :]
    bids = tuple(a - BID_OFFSET for a in after[:n])
    if any(b < 0 for b in bids) or any(a >= BID_OFFSET for a in after[n:]):
        raise ValueError(f"unexpected action order in the history: {history}")
    return _Deal(
        players=n,
        tricks=h,
        dealer=dealer,
        dealt=tuple(history[2:end]),
        trump_card=card_from_action(history[end]),
        bids=bids,
        plays=tuple(card_from_action(a) for a in after[n:]),
    )


def _round_of(rules: Rules, players: int, tricks: int) -> int:
    if rules.players != players:
        raise ValueError(f"the rules seat {rules.players} players, the game {players}")
    try:
        return rules.hand_sizes.index(tricks)
    except ValueError:
        raise ValueError(f"the rules have no round of {tricks} cards (hand sizes {rules.hand_sizes})") from None


def observation_from_state(state: Any, player: int, rules: Rules | None = None) -> Observation:
    """``player``'s :class:`~ohhell.engine.Observation` of an ``oh_hell`` state, at that player's decision.

    Built by :func:`~ohhell.engine.view.observation_from_view` from the
    player's information only: the cards it was dealt (its own positions in
    the history's deal) less those played, the trump card, the number of
    tricks, the dealer, and the public bids and plays.  ``rules`` default to
    :func:`rules_for` the state's game; the round is the first of the
    rules' rounds with the deal's hand size.  Raises :class:`ValueError`
    before the deal is complete, at the end, or when it is not ``player``'s
    turn.

    Examples
    --------
    >>> import pyspiel
    >>> game = pyspiel.load_game("oh_hell", {"players": 3, "num_tricks_fixed": 2})
    >>> state = game.new_initial_state()
    >>> for a in [2, 2, 0, 1, 2, 3, 4, 5, 6]:  # 2 tricks, seat 2 deals, C2 D2 S2 H2 C3 D3, S3 turned up
    ...     state.apply_action(a)
    >>> obs = observation_from_state(state, 0)
    >>> [str(c) for c in obs.hand], str(obs.trump_card), obs.phase, obs.legal_bids
    (['2C', '2H'], '3S', 'bid', (0, 1, 2))
    """
    deal = _read(state)
    rules = rules_for(state.get_game()) if rules is None else rules
    round_index = _round_of(rules, deal.players, deal.tricks)
    if state.is_terminal():
        raise ValueError("the deal is over: no player has a decision")
    p = int(player)
    if not 0 <= p < deal.players:
        raise ValueError(f"player {player} is not a player 0..{deal.players - 1}")
    played = set(deal.plays)
    hand = [c for c in deal.hand_dealt(p) if c not in played]
    return observation_from_view(
        rules,
        round_index=round_index,
        seat=p,
        dealer=deal.dealer,
        hand=hand,
        trump_card=deal.trump_card,
        bids=deal.bids,
        plays=deal.plays,
    )


def legal_actions_of(obs: Observation) -> tuple[int, ...]:
    """The legal choices of an observation as OpenSpiel actions, sorted (as ``state.legal_actions()``)."""
    if obs.phase == "play":
        return tuple(sorted(action_from_card(c) for c in obs.legal_cards))
    return tuple(BID_OFFSET + b for b in obs.legal_bids)


# -- observation -> OpenSpiel state ---------------------------------------------


def _feasible(counts: Sequence[int], need: Sequence[int], allowed: Sequence[frozenset[Suit]]) -> bool:
    """Hall's condition: every group of players can get its cards from the suits any of them may hold."""
    who = [p for p in range(len(need)) if need[p] > 0]
    for mask in range(1, 1 << len(who)):
        group = [who[i] for i in range(len(who)) if mask >> i & 1]
        suits = frozenset().union(*(allowed[p] for p in group))
        if sum(need[p] for p in group) > sum(counts[s] for s in suits):
            return False
    return True


def _suit(card: Card) -> Suit:
    suit = card.suit
    assert suit is not None  # OpenSpiel's deck has no Wizards or Jesters
    return suit


def _deal_unseen(unseen: list[Card], need: list[int], voids: list[set[Suit]], rng: Stream) -> list[list[Card]]:
    """Random unseen cards for each player, none of a suit it has shown out of (always possible for a true view).

    Without voids: one shuffle of the unseen cards, dealt in order.  With
    voids: player by player, each card uniformly among those the player may
    hold that leave the rest dealable (Hall's condition, :func:`_feasible`).
    """
    n = len(need)
    if not any(voids[p] for p in range(n) if need[p]):
        cards = list(unseen)
        rng.shuffle(cards)
        hands: list[list[Card]] = []
        k = 0
        for p in range(n):
            hands.append(cards[k : k + need[p]])
            k += need[p]
        return hands
    allowed = [frozenset(s for s in Suit if s not in voids[p]) for p in range(n)]
    remaining = list(unseen)
    counts = dict.fromkeys(Suit, 0)
    for c in remaining:
        counts[_suit(c)] += 1
    left = list(need)
    hands = [[] for _ in range(n)]
    for p in range(n):
        while left[p]:
            candidates = [c for c in remaining if c.suit in allowed[p]]
            while True:
                if not candidates:
                    raise ValueError("no deal of the unseen cards fits the suits the players have shown out of")
                card = candidates.pop(rng.integers(len(candidates)))
                counts[_suit(card)] -= 1
                left[p] -= 1
                if _feasible([counts[s] for s in Suit], left, allowed):
                    break
                counts[_suit(card)] += 1
                left[p] += 1
            remaining.remove(card)
            hands[p].append(card)
    return hands


@dataclass(frozen=True, slots=True)
class _Rebuild:
    """What :func:`state_for` needs of an observation, read once: the deal to complete and the actions to replay."""

    obs: Observation
    game: Any
    dealt: tuple[tuple[Card, ...], ...]  # per player: the cards it played, and the seat's hand
    unseen: tuple[Card, ...]
    need: tuple[int, ...]
    voids: tuple[frozenset[Suit], ...]
    head: tuple[int, ...]  # the number of tricks and the dealer
    tail: tuple[int, ...]  # the trump card, the bids and the plays


def _rebuild_plan(obs: Observation) -> _Rebuild:
    mirrored = _mirror(obs.rules, obs.round_index)
    game = _load(*mirrored)
    h = mirrored[1]
    n = obs.players
    if obs.trump_card is None:
        raise ValueError("OpenSpiel's oh_hell always turns up a trump card; the observation has none")
    tricks = [(t.leader, t.cards) for t in obs.completed_tricks] + [(obs.leader, obs.current_trick)]
    played_by: list[list[Card]] = [[] for _ in range(n)]
    voids: list[set[Suit]] = [set() for _ in range(n)]
    for leader, cards in tricks:
        for k, card in enumerate(cards):
            p = (leader + k) % n
            played_by[p].append(card)
            lead = cards[0].suit
            if k and card.suit != lead and lead is not None:
                voids[p].add(lead)
    plays = [c for _, cards in tricks for c in cards]
    known = set(obs.hand) | set(plays) | {obs.trump_card}
    bids = []
    for i in range(n):
        bid = obs.bids[(obs.dealer + 1 + i) % n]
        if bid is None:
            break
        bids.append(BID_OFFSET + bid)
    return _Rebuild(
        obs=obs,
        game=game,
        dealt=tuple(tuple(played_by[p] + (list(obs.hand) if p == obs.seat else [])) for p in range(n)),
        unseen=tuple(Card(code) for code in range(52) if Card(code) not in known),
        need=tuple(0 if p == obs.seat else h - len(played_by[p]) for p in range(n)),
        voids=tuple(frozenset(v) for v in voids),
        head=(h, obs.dealer),
        tail=(action_from_card(obs.trump_card), *bids, *(action_from_card(c) for c in plays)),
    )


def _rebuild(plan: _Rebuild, rng: Stream, check: bool = True) -> Any:
    hands = _deal_unseen(list(plan.unseen), list(plan.need), [set(v) for v in plan.voids], rng)
    dealt = [list(plan.dealt[p]) + hands[p] for p in range(len(plan.dealt))]
    n, h = len(dealt), plan.head[0]
    state = plan.game.new_initial_state()
    for a in plan.head:
        state.apply_action(a)
    for i in range(n * h):
        state.apply_action(action_from_card(dealt[i % n][i // n]))
    for a in plan.tail:
        state.apply_action(a)
    obs = plan.obs
    if check and (state.current_player() != obs.seat or tuple(sorted(state.legal_actions())) != legal_actions_of(obs)):
        raise RuntimeError(
            f"the OpenSpiel state rebuilt for seat {obs.seat} does not match its observation: player to act"
            f" {state.current_player()}, legal {sorted(state.legal_actions())} against {legal_actions_of(obs)};"
            f" state:\n{state}"
        )
    return state


def state_for(obs: Observation, rng: Stream) -> Any:
    """An ``oh_hell`` state consistent with ``obs`` (that seat's view), at that seat's decision.

    The seat gets its hand and the cards it played; every other player the
    cards it played plus placeholder cards drawn from ``rng`` among the
    cards ``obs`` does not show, none of a suit that player has shown out
    of (:func:`_deal_unseen`).  A bot asked at this state must not read the
    placeholders as what the seat knows (see :class:`OpenSpielStrategy`).
    Then the bids and plays are replayed, and the state is checked: its
    player to act and legal actions are those of ``obs``.  Raises
    :class:`ValueError` for rules OpenSpiel cannot mirror.
    """
    return _rebuild(_rebuild_plan(obs), rng)


# -- project strategies in OpenSpiel --------------------------------------------


def _check_answer(obs: Observation, strategy: object, answer: object) -> int:
    """The OpenSpiel action for a strategy's answer, checked against the observation's legal choices."""
    if obs.phase == "play":
        if not isinstance(answer, Card) or answer not in obs.legal_cards:
            raise IllegalMoveError(
                seat=obs.seat,
                who=repr(strategy),
                phase="card",
                returned=answer,
                legal=[str(c) for c in obs.legal_cards],
            )
        return action_from_card(answer)
    if isinstance(answer, bool) or not isinstance(answer, (int, np.integer)) or int(answer) not in obs.legal_bids:
        raise IllegalMoveError(
            seat=obs.seat, who=repr(strategy), phase="bid", returned=answer, legal=list(obs.legal_bids)
        )
    return BID_OFFSET + int(answer)


@functools.cache
def _strategy_bot_class() -> type:
    pyspiel = _pyspiel()
    base: Any = pyspiel.Bot

    class _StrategyBot(base):  # type: ignore[misc]  # pyspiel has no type information
        """A project strategy as a ``pyspiel.Bot`` (see :func:`StrategyBot`)."""

        def __init__(self, strategy: Strategy, seed: SeedLike) -> None:
            pyspiel.Bot.__init__(self)
            if not isinstance(strategy, Strategy):
                raise TypeError(f"a strategy needs bid(), play() and name_trump(); got {strategy!r}")
            self.strategy = strategy
            self.seed = seed
            self.rng = Stream(seed)
            self._rules: dict[str, Rules] = {}

        def step(self, state: Any) -> int:
            player = int(state.current_player())
            game = state.get_game()
            key = str(game)
            if key not in self._rules:
                self._rules[key] = rules_for(game)
            obs = observation_from_state(state, player, self._rules[key])
            answer = self.strategy.play(obs, self.rng) if obs.phase == "play" else self.strategy.bid(obs, self.rng)
            action = _check_answer(obs, self.strategy, answer)
            if action not in state.legal_actions():
                raise RuntimeError(
                    f"{self.strategy!r} chose action {action}, legal for the project but not for OpenSpiel"
                    f" ({sorted(state.legal_actions())}); state:\n{state}"
                )
            return action

        def restart(self) -> None:
            """Nothing to forget: the bot keeps no state but its stream, which goes on."""

        def restart_at(self, state: Any) -> None:
            """As :meth:`restart`: every decision reads the state it is given."""

        def inform_action(self, state: Any, player_id: int, action: int) -> None:
            """Nothing to record: every decision reads the state it is given."""

        def provides_policy(self) -> bool:
            return False

        def provides_force_action(self) -> bool:
            return False

        def is_clonable(self) -> bool:
            return False

        def __repr__(self) -> str:
            return f"StrategyBot({self.strategy!r}, seed={self.seed!r})"

    return _StrategyBot


def StrategyBot(strategy: Strategy, seed: SeedLike = 0) -> Any:
    """A project :class:`~ohhell.engine.Strategy` as a ``pyspiel.Bot`` for ``oh_hell``.

    ``step(state)`` builds the acting player's observation with
    :func:`observation_from_state`, asks the strategy (``bid`` while
    bidding, ``play`` after), checks the answer against the observation's
    legal choices (:class:`~ohhell.engine.IllegalMoveError`) and OpenSpiel's
    legal actions (:class:`RuntimeError`), and returns the action.  Every
    decision reads one :class:`~ohhell.engine.Stream` seeded from ``seed``:
    a new bot with the same seed, asked the same states, decides the same.
    ``restart`` and ``restart_at`` keep that stream going.  The bot is an
    instance of a ``pyspiel.Bot`` subclass, built on first use so that this
    module imports without ``pyspiel``.

    Examples
    --------
    >>> import pyspiel
    >>> from ohhell.strategies import Folk
    >>> game = pyspiel.load_game("oh_hell", {"players": 4, "num_tricks_fixed": 5})
    >>> bots = [StrategyBot(Folk(), seed=s) for s in range(4)]
    >>> isinstance(bots[0], pyspiel.Bot), len(pyspiel.evaluate_bots(game.new_initial_state(), bots, 1))
    (True, 4)
    """
    bot: Any = _strategy_bot_class()(strategy, seed)
    return bot


# -- OpenSpiel bots in the project -----------------------------------------------


def _bot_seed(*words: int) -> int:
    return int(np.random.SeedSequence(list(words)).generate_state(1, np.uint32)[0]) & _SEED_MASK


class _ViewResampler:
    """``resample_from_infostate`` from the seat's information only: every unseen card, the stock's too, dealt again.

    Called by OpenSpiel's Python ``ISMCTSBot`` (``set_resampler``) with the
    search's root state and the player to act; returns :func:`state_for` of
    that player's observation, drawn from ``rng``.  What the last root shows
    is kept, so a search of many simulations reads (and checks) it once.
    """

    def __init__(self, rules: Rules, rng: Stream) -> None:
        self.rules = rules
        self.rng = rng
        self._key: tuple[int, tuple[int, ...]] | None = None
        self._plan: _Rebuild | None = None

    def __call__(self, state: Any, player: int) -> Any:
        key = (int(player), tuple(state.history()))
        if key != self._key or self._plan is None:
            self._plan = _rebuild_plan(observation_from_state(state, int(player), self.rules))
            self._key = key
            return _rebuild(self._plan, self.rng)
        return _rebuild(self._plan, self.rng, check=False)


@dataclass(frozen=True, slots=True)
class ISMCTSFactory:
    """Builds OpenSpiel ISMCTS bots: random rollouts, final policy max visit count, unlimited world samples.

    ``uct_c`` None: ``sqrt(2)`` times the game's return range
    (``max_utility - min_utility``).  ``simulations`` must be at least 2
    (OpenSpiel's search fails after one).

    ``resample`` says where each simulation's world comes from:

    * ``"game"`` (default): ``pyspiel.ISMCTSBot``, the compiled bot, with
      ``oh_hell``'s own ``resample_from_infostate``.  That resampling (found
      by experiment with the installed OpenSpiel, and so in its source)
      deals again only the cards the other players hold in the state it is
      given, never a card of the stock: asked with the game's true state,
      the bot knows which cards the other players hold between them.
    * ``"view"``: OpenSpiel's Python ``ISMCTSBot`` (its port of the compiled
      bot, the same search) with a resampler that reads only the seat's
      information (:func:`observation_from_state`) and deals every card it
      has not seen, the stock's included, to the other hands (:func:`state_for`:
      uniformly when nobody has shown out of a suit; otherwise player by
      player among the cards each may hold, keeping the rest dealable).  This
      is ISMCTS at the seat's own information, whatever state it is asked
      with.  About 15 times slower than ``"game"`` (pure Python).

    The ``"game"`` bot is not reproducible: it breaks ties between equally
    rated actions (in the tree policy and in the final max visit count) in
    the iteration order of a hash map, which, in the installed build,
    changes from one bot to the next; two bots with the same seed asked the
    same state may choose differently (found by experiment; every other draw
    comes from the seed).  The ``"view"`` bot draws everything from its seed
    and is reproducible.
    """

    simulations: int = 1000
    uct_c: float | None = None
    resample: Literal["game", "view"] = "game"

    def __post_init__(self) -> None:
        if self.simulations < 2:
            raise ValueError(f"ISMCTS needs at least 2 simulations, got {self.simulations}")
        if self.resample not in ("game", "view"):
            raise ValueError(f"resample must be 'game' or 'view', got {self.resample!r}")

    def __call__(self, game: Any, player: int, seed: int) -> Any:
        pyspiel = _pyspiel()
        c = self.uct_c if self.uct_c is not None else math.sqrt(2) * (game.max_utility() - game.min_utility())
        if self.resample == "game":
            evaluator = pyspiel.RandomRolloutEvaluator(1, seed)
            policy = pyspiel.ISMCTSFinalPolicyType.MAX_VISIT_COUNT
            return pyspiel.ISMCTSBot(seed, evaluator, float(c), int(self.simulations), -1, policy, False, False)
        from open_spiel.python.algorithms import ismcts as py_ismcts  # type: ignore[import-untyped]
        from open_spiel.python.algorithms import mcts as py_mcts

        words = np.random.SeedSequence(seed).generate_state(2, np.uint32)
        bot = py_ismcts.ISMCTSBot(
            game,
            py_mcts.RandomRolloutEvaluator(1, np.random.RandomState(int(words[0]))),
            float(c),
            int(self.simulations),
            random_state=np.random.RandomState(int(words[1])),
            final_policy_type=py_ismcts.ISMCTSFinalPolicyType.MAX_VISIT_COUNT,
        )
        bot.set_resampler(_ViewResampler(rules_for(game), Stream(np.random.SeedSequence([seed, 1]))))
        return bot


@dataclass(frozen=True, slots=True)
class UniformRandomFactory:
    """Builds ``pyspiel.make_uniform_random_bot(player, seed)``: a legal action uniformly at random."""

    def __call__(self, game: Any, player: int, seed: int) -> Any:
        return _pyspiel().make_uniform_random_bot(player, seed)


@dataclass(frozen=True, slots=True)
class OpenSpielStrategy:
    """An OpenSpiel bot as a project :class:`~ohhell.engine.Strategy`, for the engine and :func:`~ohhell.tournament`.

    At each decision it builds an ``oh_hell`` state consistent with the
    seat's view (:func:`state_for`: the other hands are placeholder cards
    drawn from the unseen ones, none of a suit a player has shown out of,
    then the bids and plays replayed), makes a bot with
    ``make_bot(game, seat, seed)`` and asks it for an action.  The bot's seed
    and the placeholder cards come from the seat's stream and ``seed``, so
    the strategy is reproducible if the bot is.  ``make_bot`` should be a
    picklable value (:class:`ISMCTSFactory`, :class:`UniformRandomFactory`)
    for parallel runs.

    This is only sound for bots that resample the hidden cards themselves or
    ignore them: a random bot ignores them; ISMCTS starts each simulation
    from ``state.resample_from_infostate``, which ``oh_hell`` implements.
    Found by experiment with the installed OpenSpiel: that resampling deals
    the cards the other players hold in the given state among them again
    (never a card from the stock, and not always respecting the suits a
    player has shown out of).  On a true state that tells the bot which cards
    the others hold between them; on this placeholder state it tells it
    nothing, but all the world samples of one decision then share one random
    draw of which unseen cards are in the other hands (a fresh draw at every
    decision).  A bot that reads the other hands would read the placeholders.

    Only rounds OpenSpiel's game can mirror are played (one 52-card deck,
    a card turned up for trump, the dealer's hook, sequential bidding on open
    hands, OpenSpiel's scoring): others raise :class:`ValueError`.

    Examples
    --------
    >>> from dataclasses import replace
    >>> import ohhell
    >>> from ohhell.rules import FixedHands
    >>> rules = replace(ohhell.openspiel(4), schedule=FixedHands(size=3, rounds=1))
    >>> r = ohhell.play_deal(rules, [ismcts(simulations=10), ohhell.RandomStrategy()] * 2, seed=1)
    >>> sum(r.tricks_won)
    3
    """

    make_bot: BotFactory
    seed: int = 0

    def _decide(self, obs: Observation, rng: Stream) -> int:
        state = state_for(obs, rng)
        seed = _bot_seed(int(self.seed), rng.next_u64())
        bot = self.make_bot(state.get_game(), obs.seat, seed)
        action = int(bot.step(state))
        if action not in state.legal_actions():
            raise IllegalMoveError(
                seat=obs.seat, who=repr(self), phase=obs.phase, returned=action, legal=sorted(state.legal_actions())
            )
        return action

    def bid(self, obs: Observation, rng: Stream) -> int:
        if obs.phase != "bid":
            raise ValueError(f"OpenSpiel's oh_hell has no {obs.phase!r} phase (it uses the dealer's hook)")
        return self._decide(obs, rng) - BID_OFFSET

    def play(self, obs: Observation, rng: Stream) -> Card:
        return card_from_action(self._decide(obs, rng))

    def name_trump(self, obs: Observation, rng: Stream) -> Suit:
        raise ValueError("OpenSpiel's oh_hell has no Wizards: nobody names trump")


def ismcts(
    simulations: int = 1000, seed: int = 0, uct_c: float | None = None, resample: Literal["game", "view"] = "game"
) -> OpenSpielStrategy:
    """OpenSpiel's ISMCTS bot as a strategy (:class:`ISMCTSFactory`; ``uct_c`` None: sqrt(2) x the return range).

    With ``resample="game"`` its decisions are not reproducible from the
    seeds, and asked with a true state it knows the stock (see
    :class:`ISMCTSFactory`); ``"view"`` is the same search at the seat's own
    information, reproducible.
    """
    return OpenSpielStrategy(ISMCTSFactory(simulations=simulations, uct_c=uct_c, resample=resample), seed=seed)


def uniform_random(seed: int = 0) -> OpenSpielStrategy:
    """OpenSpiel's uniform random bot as a strategy."""
    return OpenSpielStrategy(UniformRandomFactory(), seed=seed)


# -- duplicate matches inside OpenSpiel ------------------------------------------


@dataclass(frozen=True, slots=True, eq=False)
class HeadToHead:
    """A duplicate match played in OpenSpiel (see :func:`head_to_head`).

    ``rows``: one per (deal, arrangement, seat): ``deal``, ``arrangement``,
    ``seat``, ``dealer``, ``side`` (``ours``/``theirs``), ``bid``, ``tricks``,
    ``score`` (the game's return), ``made``, ``decisions`` and ``seconds``
    (that seat's decisions in that deal and the time they took).
    ``per_deal``: per deal each side's mean score averaged over the two
    arrangements, and ``diff`` (ours minus theirs).  ``summary``: per side the
    mean score, the made-bid rate, mean bid, mean tricks won, decisions,
    seconds and milliseconds per decision.  ``diff``, ``lo``, ``hi``: the
    mean paired difference per deal and its t interval.
    """

    rows: pd.DataFrame
    per_deal: pd.DataFrame
    summary: pd.DataFrame
    diff: float
    lo: float
    hi: float
    meta: dict[str, Any]


def _seat_bot(player: object, game: Any, seat: int, seed: int) -> tuple[Any, bool]:
    """The bot for one seat, and whether it is an OpenSpiel bot (not a project strategy)."""
    if isinstance(player, OpenSpielStrategy):
        return player.make_bot(game, seat, _bot_seed(int(player.seed), seed)), True
    if isinstance(player, Strategy):
        return StrategyBot(player, seed), False
    if callable(player):
        return player(game, seat, seed), True
    raise TypeError(f"expected a project Strategy or a bot factory make_bot(game, seat, seed), got {player!r}")


def _tricks_won(deal: _Deal) -> tuple[int, ...]:
    assert deal.trump_card.suit is not None
    t = tricks_from_plays(
        deal.plays, players=deal.players, leader=(deal.dealer + 1) % deal.players, trump=Trump.of(deal.trump_card.suit)
    )
    return t.tricks_won


def head_to_head(
    ours: Strategy,
    theirs: Strategy | BotFactory,
    *,
    deals: int,
    seed: SeedLike,
    players: int = 4,
    tricks: int = 7,
    progress: bool = False,
    check_legal: bool = True,
    bots_see: Literal["view", "state"] = "view",
    confidence: float = 0.95,
) -> HeadToHead:
    """A duplicate match inside OpenSpiel's ``oh_hell`` (``players``, ``num_tricks_fixed=tricks``).

    Each deal is played twice on the same chance outcomes: arrangement 0
    seats ``ours`` in the even seats (0, 2...) and ``theirs`` in the odd
    ones, arrangement 1 the other way round.  ``ours`` is a project strategy
    (through :func:`StrategyBot`); ``theirs`` a project strategy or a bot
    factory ``make_bot(game, seat, seed) -> pyspiel.Bot``.  An
    :class:`OpenSpielStrategy` on either side plays as its own bot.

    ``bots_see``: what an OpenSpiel bot is asked at its decisions.
    ``"view"`` (default): the state :func:`state_for` rebuilds from its
    player's observation (placeholder cards in the other hands), as
    :class:`OpenSpielStrategy` does in the project's engine.  ``"state"``:
    the game's true state, as OpenSpiel's own tools do; beware that
    ``oh_hell``'s ``resample_from_infostate`` (found by experiment with the
    installed OpenSpiel) only shuffles the cards the other players really
    hold, never cards left in the stock, so a resampling bot such as ISMCTS
    then knows which cards the others hold between them (in a one-card deal,
    exactly their cards).  Project strategies always read their observation
    only.

    Randomness: with ``ss = numpy.random.SeedSequence(seed)``, deal ``d``
    draws its chance outcomes from
    ``numpy.random.default_rng(SeedSequence(ss.entropy, spawn_key=(*ss.spawn_key, d, 0)))``:
    the dealer ``integers(players)``, then ``permutation(52)`` of the card
    actions, whose first ``players * tricks`` are dealt in OpenSpiel's order
    (the ``i``-th to player ``i mod players``) and the next one turned up.
    Bots are made afresh for every deal and arrangement, the one in
    ``seat`` seeded from ``SeedSequence(ss.entropy, spawn_key=(*ss.spawn_key,
    d, 1, arrangement, seat))``.  The result, timings aside, depends on
    ``seed`` only, as long as the bots are reproducible from their seeds
    (project strategies and OpenSpiel's uniform random bot are; its ISMCTS
    is not, see :class:`ISMCTSFactory`).

    ``check_legal``: at every decision, check that OpenSpiel's legal actions
    are the legal choices of the project observation built for that player,
    and at the end that the returns are the project's scores; a difference
    raises :class:`RuntimeError` naming the state.

    Examples
    --------
    >>> from ohhell.strategies import Folk
    >>> h = head_to_head(Folk(), ismcts(simulations=10), deals=2, seed=1, tricks=3)
    >>> len(h.rows), list(h.summary.index)
    (16, ['ours', 'theirs'])
    """
    pyspiel = _pyspiel()
    if deals < 1:
        raise ValueError(f"deals must be at least 1, got {deals}")
    if bots_see not in ("view", "state"):
        raise ValueError(f"bots_see must be 'view' or 'state', got {bots_see!r}")
    game = pyspiel.load_game("oh_hell", {"players": players, "num_tricks_fixed": tricks})
    rules = rules_for(game)
    compiled = compile_rules(rules)
    ss = seed_sequence(seed)
    n, h = players, tricks

    def child(*key: int) -> np.random.SeedSequence:
        return np.random.SeedSequence(ss.entropy, spawn_key=(*ss.spawn_key, *key), pool_size=ss.pool_size)

    rows: list[dict[str, Any]] = []
    deal_iter: Sequence[int] | Any = range(deals)
    if progress:
        from tqdm.auto import tqdm

        deal_iter = tqdm(deal_iter, desc="head to head", unit="deal")
    for d in deal_iter:
        chance = np.random.default_rng(child(d, 0))
        dealer = int(chance.integers(n))
        order = [int(a) for a in chance.permutation(BID_OFFSET)]
        outcomes = [h, dealer, *order[: n * h + 1]]
        for arrangement in (0, 1):
            sides = ["ours" if (s % 2 == 0) == (arrangement == 0) else "theirs" for s in range(n)]
            bots, native, views = [], [], []
            for s in range(n):
                bot_seed = int(child(d, 1, arrangement, s).generate_state(1, np.uint32)[0]) & _SEED_MASK
                bot, is_native = _seat_bot(ours if sides[s] == "ours" else theirs, game, s, bot_seed)
                bots.append(bot)
                native.append(is_native and bots_see == "view")
                views.append(Stream(child(d, 2, arrangement, s)))
            state = game.new_initial_state()
            for a in outcomes:
                state.apply_action(a)
            seconds = [0.0] * n
            decisions = [0] * n
            while not state.is_terminal():
                p = int(state.current_player())
                legal = sorted(state.legal_actions())
                if check_legal:
                    mine = legal_actions_of(observation_from_state(state, p, rules))
                    if tuple(legal) != mine:
                        raise RuntimeError(
                            f"player {p}: OpenSpiel's legal actions {legal} are not the project's {list(mine)};"
                            f" history {state.history()}; state:\n{state}"
                        )
                shown = state_for(observation_from_state(state, p, rules), views[p]) if native[p] else state
                t0 = time.perf_counter()
                action = int(bots[p].step(shown))
                seconds[p] += time.perf_counter() - t0
                decisions[p] += 1
                if action not in legal:
                    raise RuntimeError(f"the {sides[p]} bot in seat {p} chose illegal action {action}; state:\n{state}")
                for q in range(n):
                    if q != p:
                        bots[q].inform_action(state, p, action)
                state.apply_action(action)
            deal = _read(state)
            won = _tricks_won(deal)
            bids = deal.bids_by_seat()
            returns = [float(r) for r in state.returns()]
            if check_legal:
                scores = compiled.score_round(0, dealer, bids, won).scores
                if [float(x) for x in scores] != returns:
                    raise RuntimeError(
                        f"OpenSpiel's returns {returns} are not the project's scores {list(scores)};"
                        f" history {state.history()}; state:\n{state}"
                    )
            for s in range(n):
                rows.append(
                    {
                        "deal": d,
                        "arrangement": arrangement,
                        "seat": s,
                        "dealer": dealer,
                        "side": sides[s],
                        "bid": bids[s],
                        "tricks": won[s],
                        "score": returns[s],
                        "made": bids[s] == won[s],
                        "decisions": decisions[s],
                        "seconds": seconds[s],
                    }
                )
    frame = pd.DataFrame(rows)
    means = frame.groupby(["deal", "arrangement", "side"])["score"].mean().unstack("side")
    per_deal = means.groupby(level="deal").mean()
    per_deal = per_deal.assign(diff=per_deal["ours"] - per_deal["theirs"]).reset_index()
    per_deal.columns.name = None
    if deals >= 2:
        diff, lo, hi = paired_diff_ci(per_deal["ours"], per_deal["theirs"], confidence)
    else:
        diff, lo, hi = float(per_deal["diff"].iloc[0]), math.nan, math.nan
    by_side = frame.groupby("side")
    summary = pd.DataFrame(
        {
            "score": by_side["score"].mean(),
            "made": by_side["made"].mean(),
            "bid": by_side["bid"].mean(),
            "tricks": by_side["tricks"].mean(),
            "decisions": by_side["decisions"].sum(),
            "seconds": by_side["seconds"].sum(),
        }
    ).reindex(["ours", "theirs"])
    summary["ms_per_decision"] = 1000 * summary["seconds"] / summary["decisions"]
    meta = {
        "game": str(game),
        "ours": repr(ours),
        "theirs": repr(theirs),
        "deals": deals,
        "bots_see": bots_see,
        "seed_entropy": ss.entropy,
        "confidence": confidence,
    }
    return HeadToHead(rows=frame, per_deal=per_deal, summary=summary, diff=diff, lo=lo, hi=hi, meta=meta)
