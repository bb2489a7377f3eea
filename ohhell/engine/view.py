"""An :class:`Observation` built from one seat's information only, without a deal state.

:func:`observation_from_view` takes what a player at the table knows at a
decision (the cards it still holds, the trump card, the bids made so far in
bidding order, the cards played so far in play order) and derives everything
else an :class:`Observation` holds: the phase, the leader, the completed
tricks and their winners, the current trick, the tricks won and the legal
choices of the seat to act, exactly as :meth:`DealState.observation
<ohhell.engine.state.DealState.observation>` gives them for the same
situation.  Use it to run a strategy outside the engine: at a real table, or
inside another program's game (:mod:`ohhell.interop.openspiel`).

Scope: open-hand rounds with sequential bidding and one deck of plain cards.
Simultaneous bidding (the bids so far are hidden, so they cannot say whose
turn it is), blind and forehead rounds, the Wizard deck and two decks raise
a :class:`ValueError` saying so.  Every inconsistency in the view (not the
seat's turn, a card played twice, a played card still in the hand, a hand of
the wrong size, a bid out of range...) is a :class:`ValueError` saying what
is wrong.

Examples
--------
Four players, three cards, seat 1 deals; seats 2 and 3 bid 1 and 0, seat 0
bids 1 and seat 1, the dealer, may not bid 1.  Seat 2 led the king of hearts,
seat 3 played the ace; seat 0 holds the 9 and 3 of hearts and the ace of
spades, and must follow:

>>> from ohhell.cards import parse_cards
>>> from ohhell.rules import boerenbridge
>>> rules = boerenbridge(4)
>>> obs = observation_from_view(rules, round_index=2, seat=0, dealer=1, hand=parse_cards("AS 3H 9H"),
...     trump_card=Card.parse("7C"), bids=[1, 0, 1, 0], plays=parse_cards("KH AH"))
>>> obs.phase, str(obs.trump), obs.leader, [str(c) for c in obs.legal_cards]
('play', 'C', 2, ['3H', '9H'])
>>> observation_from_view(rules, round_index=2, seat=1, dealer=1, hand=parse_cards("2C 2D 2S"),
...     trump_card=Card.parse("7C"), bids=[1, 0, 1], plays=()).legal_bids
(0, 2, 3)
>>> observation_from_view(rules, round_index=2, seat=3, dealer=1, hand=parse_cards("2C 2D 2S"),
...     trump_card=Card.parse("7C"), bids=[1, 0, 1], plays=())
Traceback (most recent call last):
...
ValueError: it is seat 1's turn to bid, not seat 3's
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

import numpy as np

from ohhell.cards import Card, Suit
from ohhell.engine.observation import Observation, Phase, Trick
from ohhell.rules import Rules, Trump, compile_rules
from ohhell.rules.compiled import SIGHTS
from ohhell.rules.restriction import adjust_options, adjusting_seat, hooked_bid
from ohhell.rules.tricks import IdenticalCards, led_suit, legal_cards, trick_winner

__all__ = ["observation_from_view", "TrickPlay", "tricks_from_plays"]


@dataclass(frozen=True, slots=True)
class TrickPlay:
    """Cards played so far, split into tricks: what :func:`tricks_from_plays` returns."""

    completed: tuple[Trick, ...]
    current: tuple[Card, ...]
    leader: int
    tricks_won: tuple[int, ...]

    @property
    def to_play(self) -> int:
        """The seat whose card is next (the leader when no trick is under way)."""
        return (self.leader + len(self.current)) % len(self.tricks_won)


def tricks_from_plays(
    plays: Sequence[Card], *, players: int, leader: int, trump: Trump, identical_cards: IdenticalCards = "first"
) -> TrickPlay:
    """Split cards played in play order into tricks, each won by :func:`~ohhell.rules.tricks.trick_winner`.

    ``leader`` leads the first trick; each trick's winner leads the next.
    No legality is checked here (see :func:`observation_from_view`).

    Examples
    --------
    >>> from ohhell.cards import parse_cards
    >>> t = tricks_from_plays(parse_cards("KH AH 2C 3H 5S"), players=4, leader=2, trump=Trump.of(Suit.CLUBS))
    >>> [tr.winner for tr in t.completed], [str(c) for c in t.current], t.leader, t.tricks_won, t.to_play
    ([0], ['5S'], 0, (1, 0, 0, 0), 1)
    """
    completed: list[Trick] = []
    trick: list[Card] = []
    won = [0] * players
    for card in plays:
        trick.append(card)
        if len(trick) == players:
            winner = (leader + trick_winner(trick, trump, identical_cards)) % players
            completed.append(Trick(leader, tuple(trick), winner))
            won[winner] += 1
            trick = []
            leader = winner
    return TrickPlay(tuple(completed), tuple(trick), leader, tuple(won))


def _int(value: object, what: str) -> int:
    if isinstance(value, bool) or not isinstance(value, (int, np.integer)):
        raise ValueError(f"{what} must be an integer, got {value!r}")
    return int(value)


def _cards(values: Iterable[object], what: str) -> tuple[Card, ...]:
    out = []
    for v in values:
        if not isinstance(v, Card):
            raise ValueError(f"{what} must hold Card values, got {v!r}")
        out.append(v)
    return tuple(out)


def _check_scope(rules: Rules, round_index: int) -> None:
    compiled = compile_rules(rules)
    if compiled.simultaneous:
        raise ValueError(
            "observation_from_view supports sequential bidding only: with simultaneous bids the bids made"
            " so far are hidden, so one seat's view cannot say whose turn it is"
        )
    if compiled.wizards:
        raise ValueError("observation_from_view does not support the Wizard deck (a turned-up Wizard names trump)")
    deck = [int(c) for c in compiled.deck]
    if len(set(deck)) != len(deck):
        raise ValueError("observation_from_view supports one deck only: with two decks a card may be played twice")
    if not 0 <= round_index < compiled.n_rounds:
        raise ValueError(f"round_index {round_index} is not a round 0..{compiled.n_rounds - 1} of these rules")
    sight = SIGHTS[int(compiled.sight[round_index])]
    if sight != "own":
        raise ValueError(
            f"observation_from_view supports open-hand rounds only; round {round_index + 1} is bid {sight}"
            " (the seat does not see its own hand while bidding)"
        )


def _trump(
    rules: Rules,
    round_index: int,
    players: int,
    hand_size: int,
    trump_card: Card | None,
    trump: Trump | None,
    exposed: tuple[Card, ...],
) -> Trump:
    """The round's trump from the trump card (turn-up), the rules (fixed, none), the drawn card, or ``trump``."""
    compiled = compile_rules(rules)
    plan = compiled.trump_plans[round_index]
    if trump is not None and not isinstance(trump, Trump):
        raise ValueError(f"trump must be a Trump value (ohhell.rules.Trump), got {trump!r}")
    aside = int(compiled.set_aside[round_index])
    derived: Trump | None = None
    if plan.source == "turn-up":
        stock = len(compiled.deck) - aside - players * hand_size
        if stock > 0:
            if trump_card is None:
                raise ValueError(f"round {round_index + 1} turns up a trump card: pass trump_card")
            if trump_card.suit is None:
                raise ValueError(f"the trump card must be a plain card, got {trump_card}")
            derived = Trump.of(trump_card.suit)
        else:
            if trump_card is not None:
                raise ValueError(
                    f"round {round_index + 1} deals the whole deck: no card is turned up, so no trump_card"
                    f" (got {trump_card})"
                )
            derived = Trump.none()
    else:
        if trump_card is not None:
            raise ValueError(
                f"round {round_index + 1} turns up no card (its trump is {plan.source!r}); got trump_card {trump_card}"
            )
        if plan.source == "fixed":
            assert plan.suit is not None
            derived = Trump.of(plan.suit)
        elif plan.source == "none":
            derived = Trump.none()
        elif plan.source == "draw":
            if len(exposed) <= aside:
                raise ValueError(f"round {round_index + 1} draws a trump card before the deal: pass it in exposed")
            derived = plan.trump_of_drawn(exposed[-1])
        elif trump is None:
            what = "an under- and an over-trump suit" if plan.source == "setesdal" else "round 1's trump"
            raise ValueError(f"round {round_index + 1} plays {what}, which the seat was told: pass trump")
        elif plan.source == "setesdal" and len(trump.suits) != 2:
            raise ValueError(f"a Setesdal round has two trump suits (under, over), got {trump}")
        elif plan.source == "first-round" and len(trump.suits) > 1:
            raise ValueError(f"round 1's trump is one suit or none, got {trump}")
    if derived is None:
        assert trump is not None
        return trump
    if trump is not None and trump != derived:
        raise ValueError(f"trump {trump} does not match the round's trump {derived} (from its {plan.source!r} rule)")
    return derived


def _check_exposed(rules: Rules, round_index: int, trump: Trump, exposed: tuple[Card, ...]) -> None:
    compiled = compile_rules(rules)
    plan = compiled.trump_plans[round_index]
    aside = int(compiled.set_aside[round_index])
    twos, draws = plan.shown_before_play(aside, trump)
    want = aside + draws
    if len(exposed) != want:
        parts = [f"{aside} twos set aside"] if aside else []
        if draws:
            parts.append("the drawn trump card")
        what = " and ".join(parts) or "no card"
        raise ValueError(f"round {round_index + 1} exposes {what}: {want} cards, got {len(exposed)}")
    if exposed[:aside] != twos:
        shown = " ".join(map(str, exposed[:aside]))
        raise ValueError(f"the cards set aside are {' '.join(map(str, twos))}, got {shown}")


def observation_from_view(
    rules: Rules,
    *,
    round_index: int,
    seat: int,
    dealer: int,
    hand: Iterable[Card],
    trump_card: Card | None = None,
    trump: Trump | None = None,
    bids: Sequence[int],
    plays: Sequence[Card],
    exposed: Sequence[Card] = (),
    match_totals: Sequence[int] | None = None,
    visible_hands: Sequence[Sequence[Card] | None] | None = None,
) -> Observation:
    """The :class:`Observation` of ``seat``, to act now, from that seat's information only.

    Parameters
    ----------
    rules : the variant; ``round_index`` its round (for the hand size, the
        trump rule and the players in the round).
    seat, dealer : seats 0..players-1 of the round.
    hand : the cards ``seat`` holds *now* (dealt minus the cards it has
        played), in any order; it must hold ``hand_size`` less the cards it
        has played.
    trump_card : the card turned up, for a turn-up round (None when the
        whole deck was dealt); the trump is its suit.
    trump : the round's trump, needed only when neither the rules nor a card
        say it (round 1's trump kept, Setesdal); when given for other rounds
        it must match.
    bids : the bids made so far in bidding order, from the dealer's left: at
        most one per seat, then, when the restriction makes a seat move one up
        or down (``FirstBidderAdjusts``, ``HighestBidderAdjusts``), that
        seat's new bid.
    plays : every card played so far in play order (completed tricks, then
        the current one); the player left of the dealer leads the first trick,
        each trick's winner the next.
    exposed : cards shown to everyone (short-game twos set aside, a drawn
        trump card), as the deal exposes them.
    match_totals : the seats' totals before this round (default zeros).
    visible_hands : optional; if given, it must be what open hands show (the
        seat's own hand at its place, None elsewhere).

    Returns the observation :meth:`DealState.observation
    <ohhell.engine.state.DealState.observation>` gives ``seat`` in the same
    situation, legal choices filled in.  Raises :class:`ValueError` for
    unsupported rules (see the module docs), for a view in which it is not
    ``seat``'s turn (or the deal is over), and for every inconsistency.
    """
    _check_scope(rules, round_index)
    compiled = compile_rules(rules)
    n = int(compiled.players_in_round[round_index])
    h = int(compiled.hand_sizes[round_index])
    seat = _int(seat, "seat")
    dealer = _int(dealer, "dealer")
    if not 0 <= seat < n:
        raise ValueError(f"seat {seat} is not a seat 0..{n - 1} of round {round_index + 1}")
    if not 0 <= dealer < n:
        raise ValueError(f"dealer {dealer} is not a seat 0..{n - 1} of round {round_index + 1}")
    in_deck = {int(c) for c in compiled.deck}
    held = tuple(sorted(_cards(hand, "hand")))
    played = _cards(plays, "plays")
    shown = _cards(exposed, "exposed")
    if trump_card is not None and not isinstance(trump_card, Card):
        raise ValueError(f"trump_card must be a Card, got {trump_card!r}")
    for what, cards in (("hand", held), ("plays", played), ("exposed", shown), ("trump card", (trump_card,))):
        for c in cards:
            if c is not None and c.code not in in_deck:
                raise ValueError(f"{c} ({what}) is not a card of this deck")
    if len(set(held)) != len(held):
        twice = sorted({c for c in held if held.count(c) > 1})
        raise ValueError(f"the hand holds {' '.join(map(str, twice))} twice")
    round_trump = _trump(rules, round_index, n, h, trump_card, trump, shown)
    _check_exposed(rules, round_index, round_trump, shown)
    public = set(shown) | ({trump_card} if trump_card is not None else set())
    for c in held:
        if c in public:
            raise ValueError(f"{c} is in the hand and also {'the trump card' if c == trump_card else 'exposed'}")

    # -- bids ------------------------------------------------------------------
    bid_order = tuple((dealer + 1 + i) % n for i in range(n))
    made = [_int(b, "a bid") for b in bids]
    by_seat: list[int | None] = [None] * n
    for i, b in enumerate(made[:n]):
        bidder = bid_order[i]
        if not 0 <= b <= h:
            raise ValueError(f"seat {bidder} bid {b}: a bid is 0..{h} with {h} cards")
        if compiled.restriction == "hook" and i == n - 1:
            forbidden = hooked_bid(h, made[: n - 1])
            if b == forbidden:
                raise ValueError(f"the dealer (seat {bidder}) bid {b}: the dealer's hook forbids a sum of {h}")
        by_seat[bidder] = b
    adjuster: int | None = None
    if len(made) >= n:
        final = [b for b in by_seat if b is not None]
        adjuster = adjusting_seat(compiled.restriction, h, final, dealer)
    most = n + (1 if adjuster is not None else 0)
    if len(made) > most:
        extra = "" if adjuster is None else f", then seat {adjuster}'s adjustment"
        raise ValueError(f"too many bids: {len(made)} given, {n} players bid once each{extra}")
    if adjuster is not None and len(made) == n + 1:
        old = by_seat[adjuster]
        assert old is not None
        if made[n] not in adjust_options(old, h):
            raise ValueError(
                f"seat {adjuster} must move its bid {old} one up or down (to {adjust_options(old, h)}), got {made[n]}"
            )
        by_seat[adjuster] = made[n]

    phase: Phase
    if len(made) < n:
        phase, to_act = "bid", bid_order[len(made)]
    elif adjuster is not None and len(made) == n:
        phase, to_act = "adjust", adjuster
    else:
        phase, to_act = "play", -1
    if phase != "play" and played:
        raise ValueError(f"{len(played)} cards were played before the bidding ended")

    # -- plays -----------------------------------------------------------------
    if len(played) >= n * h:
        raise ValueError(f"{len(played)} cards played: the deal ({n} x {h} cards) is over, nobody is to act")
    ident: IdenticalCards = compiled.rules.tricks.identical_cards
    first_leader = (dealer + 1) % n
    tp = tricks_from_plays(played, players=n, leader=first_leader, trump=round_trump, identical_cards=ident)
    leaders = [t.leader for t in tp.completed] + [tp.leader]
    players_of = [(leaders[i // n] + i % n) % n for i in range(len(played))]
    mine = [c for c, p in zip(played, players_of) if p == seat]
    holding = set(held) | set(mine)  # the seat's hand before its first play
    seen: set[Card] = set()
    voids: list[set[Suit]] = [set() for _ in range(n)]
    for i, (card, player) in enumerate(zip(played, players_of)):
        trick = played[i - i % n : i]
        if card in seen:
            raise ValueError(f"{card} was played twice")
        if card in public:
            raise ValueError(f"{card} was played but is {'the trump card' if card == trump_card else 'exposed'}")
        if card in held:
            who = "this seat" if player == seat else f"seat {player}"
            raise ValueError(f"{card}, played by {who}, is still in the hand")
        suit = led_suit(trick)
        if player == seat:
            if card not in legal_cards(sorted(holding), trick):
                assert suit is not None
                raise ValueError(f"this seat played {card} to a trick led in {suit.name.lower()} while it held one")
            holding.discard(card)
        elif card.suit in voids[player]:
            assert card.suit is not None
            raise ValueError(f"seat {player} played {card} after showing out of {card.suit.name.lower()}")
        if suit is not None and card.suit != suit:
            voids[player].add(suit)
        seen.add(card)
    if phase == "play":
        to_act = tp.to_play
    if len(held) != h - len(mine):
        raise ValueError(
            f"seat {seat} was dealt {h} cards and has played {len(mine)}: its hand holds {h - len(mine)},"
            f" got {len(held)}"
        )

    if to_act != seat:
        raise ValueError(f"it is seat {to_act}'s turn to {'play' if phase == 'play' else phase}, not seat {seat}'s")
    if phase == "bid":
        forbidden = hooked_bid(h, made) if compiled.restriction == "hook" and seat == dealer else None
        legal_bids: tuple[int, ...] = tuple(b for b in range(h + 1) if b != forbidden)
    elif phase == "adjust":
        old = by_seat[seat]
        assert old is not None
        legal_bids = adjust_options(old, h)
    else:
        legal_bids = ()
    legal = legal_cards(held, tp.current) if phase == "play" else ()

    visible: tuple[tuple[Card, ...] | None, ...] = tuple(held if s == seat else None for s in range(n))
    if visible_hands is not None:
        given = tuple(None if v is None else tuple(sorted(_cards(v, "visible_hands"))) for v in visible_hands)
        if given != visible:
            raise ValueError("visible_hands must show this seat's own hand at its place and None elsewhere")
    totals = (0,) * n if match_totals is None else tuple(_int(t, "a match total") for t in match_totals)
    if len(totals) != n:
        raise ValueError(f"match_totals needs one total per seat ({n}), got {len(totals)}")
    return Observation(
        rules=compiled.rules,
        round_index=round_index,
        phase=phase,
        seat=seat,
        players=n,
        dealer=dealer,
        hand_size=h,
        hand=held,
        visible_hands=visible,
        trump=round_trump,
        trump_card=trump_card,
        exposed=shown,
        bids=tuple(by_seat),
        tricks_won=tp.tricks_won,
        leader=tp.leader,
        current_trick=tp.current,
        completed_tricks=tp.completed,
        match_totals=totals,
        legal_bids=legal_bids,
        legal_cards=legal,
        legal_suits=(),
    )
