"""The perfect-information solver: oracle, golden and contract tests.

Oracle: a plain exhaustive minimax written here in pure Python over the
reference rules (:func:`ohhell.rules.legal_cards`, :func:`ohhell.rules.trick_winner`),
no pruning, no equivalent cards, no bounds, only memoised by position; the
compiled solver must agree with it on every value, with every search technique
on and with all of them off.
"""

from __future__ import annotations

import contextlib
import dataclasses
import functools
import itertools
import random

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

from ohhell.cards import JESTER, WIZARD, Card, Suit, parse_cards
from ohhell.rules import Trump, legal_cards, trick_winner
from ohhell.strategies.solver import (
    Position,
    SearchLimitExceeded,
    SearchOptions,
    TranspositionTable,
    can_take_exactly,
    card_reach,
    card_trick_values,
    card_values,
    exact_targets,
    fewest_tricks,
    most_tricks,
    solve_stats,
    trick_bounds,
)
from ohhell.strategies.solver import position as _position
from ohhell.strategies.solver.bounds import (
    _ducks,
    _forced_wins,
    _quick_tricks,
    _sure_bounds,
    _trump_order,
    _unpaired,
)
from ohhell.strategies.solver.layout import _CHOICE, _FLAGS, _PRBON, C_NODES, ST_SIZE
from ohhell.strategies.solver.search import _ask, _tie_game, setup

ALL_OFF = SearchOptions(
    transposition_table=False,
    equivalent_cards=False,
    bounds=False,
    move_ordering=False,
    partition=False,
    tie_games_from_cards=0,
)
OPTIONS = [
    SearchOptions(),
    ALL_OFF,
    SearchOptions(transposition_table=False),
    SearchOptions(equivalent_cards=False),
    SearchOptions(bounds=False),
    SearchOptions(move_ordering=False),
    SearchOptions(partition=False),
    SearchOptions(duck_bound=False),
    SearchOptions(tie_games_from_cards=0),
    SearchOptions(tie_games_from_cards=1),  # the tie games at every position (by default from 30 cards held)
    SearchOptions(tie_games_from_cards=1, transposition_table=False),
    SearchOptions(tie_games_from_cards=1, tie_probes_from_cards=1),  # and their probes at every node
]

# ---- the oracle -----------------------------------------------------------------------------


def _hand(mask: int) -> tuple[Card, ...]:
    return tuple(Card(c) for c in range(52) if (mask >> c) & 1)


Hands = tuple[tuple[Card, ...], ...]


def _plays(hands: Hands, leader: int, trick: tuple[Card, ...]) -> list[tuple[Hands, tuple[Card, ...]]]:
    """Each legal card of the seat to move: the hands after it and the trick with it."""
    mover = (leader + len(trick)) % len(hands)
    out = []
    for card in legal_cards(hands[mover], trick):
        rest = list(hands)
        rest[mover] = tuple(c for c in hands[mover] if c != card)
        out.append((tuple(rest), (*trick, card)))
    return out


def oracle(position: Position, seat: int) -> tuple[int, int, frozenset[int]]:
    """(fewest, most, exact targets) ``seat`` can force, by full minimax over the reference rules."""
    trump = position.trump
    n = position.players

    @functools.cache
    def value(hands: tuple[tuple[Card, ...], ...], leader: int, trick: tuple[Card, ...]) -> tuple[int, int, int]:
        """(min, max, bit set of exact targets) of the tricks ``seat`` takes from here on."""
        if not trick and not hands[leader]:
            return 0, 0, 1
        mover = (leader + len(trick)) % n
        children = []
        for rest, now in _plays(hands, leader, trick):
            if len(now) == n:
                winner = (leader + trick_winner(now, trump)) % n
                lo, hi, ex = value(rest, winner, ())
                d = 1 if winner == seat else 0
                children.append((lo + d, hi + d, ex << d))
            else:
                children.append(value(rest, leader, now))
        if mover == seat:  # seat chooses: fewest for the min, most for the max, any card for a target
            ex = 0
            for c in children:
                ex |= c[2]
            return min(c[0] for c in children), max(c[1] for c in children), ex
        ex = -1
        for c in children:
            ex &= c[2]
        return max(c[0] for c in children), min(c[1] for c in children), ex

    lo, hi, ex = value(tuple(_hand(h) for h in position.hands), position.leader, tuple(map(Card, position.trick)))
    return lo, hi, frozenset(k for k in range(14) if (ex >> k) & 1)


def tie_oracle(position: Position, seat: int, others_choose: bool) -> int:
    """The fewest tricks ``seat`` can force in a tie game, by full minimax: the real game, except that when
    cards of other seats of one suit, with no card of that suit ``seat`` held at the trick's start
    between them, top a trick, the others (``others_choose``) or ``seat`` pick which of those seats
    takes it.  With the Setesdal pair its two suits are one there, in the order trumps beat each other
    (under ``r`` < over ``r`` < under ``r + 1``)."""
    trump = position.trump
    n = position.players
    pair = (position.under, position.over) if position.under >= 0 else ()

    def order(code: int) -> tuple[int, int]:
        """A card's group (its suit; the Setesdal pair one group, -1) and its place in the group."""
        q, r = divmod(code, 13)
        return (-1, 2 * r + (q == position.over)) if q in pair else (q, r)

    def between(a: int, b: int, hand: tuple[Card, ...]) -> bool:
        (g, x), (_, y) = order(a), order(b)
        lo, hi = min(x, y), max(x, y)
        return any(order(c.code)[0] == g and lo < order(c.code)[1] < hi for c in hand)

    @functools.cache
    def value(hands: Hands, leader: int, trick: tuple[Card, ...]) -> int:
        if not trick and not hands[leader]:
            return 0
        mover = (leader + len(trick)) % n
        children = []
        for rest, now in _plays(hands, leader, trick):
            if len(now) < n:
                children.append(value(rest, leader, now))
                continue
            top = trick_winner(now, trump)
            winner = (leader + top) % n
            if winner == seat:
                children.append(1 + value(rest, winner, ()))
                continue
            start = (*rest[seat], now[(seat - leader) % n])  # what seat held at the trick's start
            w = now[top].code
            tied = [
                (leader + i) % n
                for i, c in enumerate(now)
                if (leader + i) % n != seat and order(c.code)[0] == order(w)[0] and not between(c.code, w, start)
            ]
            outs = [value(rest, j, ()) for j in tied]
            children.append(max(outs) if others_choose else min(outs))
        return min(children) if mover == seat else max(children)

    hands = tuple(_hand(h) for h in position.hands)
    return value(hands, position.leader, tuple(map(Card, position.trick)))


def _tie_run(pos: Position, seat: int, others_choose: bool) -> _position._Run:
    """A search state for ``pos`` set to a tie game (the others or ``seat`` breaking the ties), with a
    small table of its own."""
    run = _position._start(pos, seat, None, TranspositionTable(bits=10))
    run.st[_FLAGS] = _tie_game(int(run.st[_FLAGS]), not others_choose)
    return run


# ---- random positions -----------------------------------------------------------------------


@st.composite
def positions(draw: st.DrawFn, max_players: int = 4, max_cards: int = 4) -> Position:
    n = draw(st.integers(2, max_players))
    h = draw(st.integers(1, max_cards))
    suits = draw(st.sampled_from([(0, 1, 2, 3), (0, 1), (2, 3, 1)]))
    deck = [13 * s + r for s in suits for r in range(13)]
    cards = draw(st.permutations(deck))[: n * h]
    hands = tuple(sum(1 << c for c in cards[i * h : (i + 1) * h]) for i in range(n))
    kind = draw(st.sampled_from(["none", "one", "setesdal"]))
    under, over = -1, -1
    if kind == "one":
        over = draw(st.integers(0, 3))
    elif kind == "setesdal":
        under, over = draw(st.permutations(range(4)))[:2]
    leader = draw(st.integers(0, n - 1))
    pos = Position(hands=hands, under=under, over=over, leader=leader)
    for _ in range(draw(st.integers(0, n - 1))):  # sometimes a partly played trick
        pos = pos.play(draw(st.sampled_from(pos.legal_cards())))
    return pos


# ---- oracle tests ---------------------------------------------------------------------------


@given(positions(max_cards=3), st.integers(0, 3), st.booleans())
def test_the_tie_games_match_their_oracle(pos: Position, seat: int, others_choose: bool) -> None:
    """The compiled search in a tie game (its own move classes, table keys and choice nodes) answers
    "at most k" as the tie game's own minimax says; and the tie games bracket the real fewest tricks."""
    seat %= pos.players
    fewest = tie_oracle(pos, seat, others_choose)
    real = oracle(pos, seat)[0]
    assert (fewest >= real) if others_choose else (fewest <= real)
    run = _tie_run(pos, seat, others_choose)
    for k in range(pos.tricks_left + 1):
        assert _ask(run.st, run.tt, 0, -99, k) == (fewest <= k), k


def _two_suit_deal(rng: random.Random, setesdal: bool) -> tuple[Position, int]:
    """A 4 x 4 deal from two suits (tied cards are common), a trump or none, or the two suits the Setesdal
    pair; a leader and a seat."""
    suits = rng.sample(range(4), 2)
    cards = rng.sample([13 * q + k for q in suits for k in range(13)], 16)
    hands = tuple(sum(1 << c for c in cards[i * 4 : (i + 1) * 4]) for i in range(4))
    under, over = (suits[0], suits[1]) if setesdal else (-1, rng.choice([-1, suits[0]]))
    pos = Position(hands=hands, under=under, over=over, leader=rng.randrange(4))
    return pos, rng.randrange(4)


@pytest.mark.parametrize("setesdal", [False, True])
def test_the_tie_games_match_their_oracle_where_ties_matter(setesdal: bool) -> None:
    """Seeded 4 x 4 deals from two suits, where tied cards are common (with the Setesdal pair: trumps of
    both its suits tie): the compiled tie games agree with their oracle, and on some of these deals who
    breaks the ties changes the fewest tricks (so the check can tell the two games apart)."""
    rng = random.Random("tie-games-setesdal" if setesdal else "tie-games")
    differ = 0
    for _ in range(30):
        pos, seat = _two_suit_deal(rng, setesdal)
        want = {}
        for others_choose in (True, False):
            want[others_choose] = tie_oracle(pos, seat, others_choose)
            run = _tie_run(pos, seat, others_choose)
            for k in range(5):
                assert _ask(run.st, run.tt, 0, -99, k) == (want[others_choose] <= k), (pos, seat, others_choose, k)
        differ += want[True] != want[False]
    assert differ >= 1


@st.composite
def choices(draw: st.DrawFn) -> tuple[Position, int, list[int]]:
    """A trick boundary of 3 players with 2 or 3 tricks left or 4 with 2 (no Setesdal pair), a seat,
    and two or more other seats tied for the lead."""
    n = draw(st.integers(3, 4))
    h = draw(st.integers(2, 6 - n))
    suits = draw(st.sampled_from([(0, 1, 2, 3), (0, 1), (2, 3, 1)]))
    cards = draw(st.permutations([13 * q + r for q in suits for r in range(13)]))[: n * h]
    hands = tuple(sum(1 << c for c in cards[i * h : (i + 1) * h]) for i in range(n))
    seat = draw(st.integers(0, n - 1))
    others = [j for j in range(n) if j != seat]
    tied = sorted(draw(st.sets(st.sampled_from(others), min_size=2)))
    pos = Position(hands=hands, under=-1, over=draw(st.integers(-1, 3)), leader=draw(st.sampled_from(tied)))
    return pos, seat, tied


@given(choices(), st.booleans())
def test_a_tie_games_choice_matches_the_oracle(choice: tuple[Position, int, list[int]], others_choose: bool) -> None:
    """A choice node searched from the root: "at most k" holds when it holds after every tied seat's
    lead (the others choose) or after some seat's (``seat`` chooses), as the tie game's oracle says
    from each.  The search tries the bounds once for all the seats first (``_enter``), so a bound made
    to answer wrongly there fails here."""
    pos, seat, tied = choice
    after = [tie_oracle(dataclasses.replace(pos, leader=j), seat, others_choose) for j in tied]
    want = max(after) if others_choose else min(after)
    run = _tie_run(pos, seat, others_choose)
    for k in range(pos.tricks_left + 1):
        run.st[_CHOICE] = sum(1 << j for j in tied)
        assert _ask(run.st, run.tt, 0, -99, k) == (want <= k), k


def test_tie_games_from_must_be_a_non_negative_int() -> None:
    with pytest.raises(ValueError, match="tie_games_from_cards"):
        SearchOptions(tie_games_from_cards=-1)
    with pytest.raises(ValueError, match="tie_probes_from_cards"):
        SearchOptions(tie_probes_from_cards=-1)


@pytest.mark.parametrize("setesdal", [False, True])
def test_the_games_search_with_tie_probes_matches_the_oracle(setesdal: bool) -> None:
    """Seeded 4 x 4 deals from two suits (tied cards are common; or the Setesdal pair): the game's own "at
    most k" search, with the tie games probed at every node below its root (``_probe_next``: a refutation
    where the seat chooses, a proof where the others do, else the game), answers as the oracle; and the
    probes run (the nodes differ from the search without them on some deals)."""
    rng = random.Random("tie-probes-setesdal" if setesdal else "tie-probes")
    probes = SearchOptions(tie_games_from_cards=1, tie_probes_from_cards=1)
    plain = SearchOptions(tie_games_from_cards=1)
    differ = 0
    for _ in range(30):
        pos, seat = _two_suit_deal(rng, setesdal)
        fewest = oracle(pos, seat)[0]
        for k in range(5):
            nodes = []
            for options in (probes, plain):
                run = _position._start(pos, seat, options, TranspositionTable(bits=10))
                run.st[_PRBON] = 1  # as search._game_at_most sets it
                flags = int(run.st[_FLAGS])  # (with the Setesdal pair, without partition search)
                assert _ask(run.st, run.tt, 0, -99, k) == (fewest <= k), (pos, seat, k)
                assert run.st[_FLAGS] == flags  # the game's flags back after every probe
                nodes.append(int(run.st[C_NODES]))
            differ += nodes[0] != nodes[1]
    assert differ >= 10


@given(positions(), st.integers(0, 3), st.sampled_from(OPTIONS))
def test_bounds_and_targets_match_the_oracle(pos: Position, seat: int, options: SearchOptions) -> None:
    seat %= pos.players
    lo, hi, targets = oracle(pos, seat)
    assert trick_bounds(pos, seat, options=options) == (lo, hi)
    assert (fewest_tricks(pos, seat, options=options), most_tricks(pos, seat, options=options)) == (lo, hi)
    for k in range(-1, pos.tricks_left + 2):
        assert can_take_exactly(pos, seat, k, options=options) == (k in targets), k
    assert exact_targets(pos, seat, options=options) == tuple(sorted(targets))


@given(positions(), st.integers(0, 3), st.sampled_from(OPTIONS[:2]))
def test_card_values_match_the_oracle(pos: Position, target: int, options: SearchOptions) -> None:
    seat = pos.to_move
    target %= pos.tricks_left + 1
    values = card_values(pos, seat, target, options=options)
    assert sorted(values) == list(pos.legal_cards())
    for code, ok in values.items():
        child = pos.play(code)
        d = 1 if not child.trick and child.leader == seat else 0
        assert ok == (target - d in oracle(child, seat)[2]), code


@given(positions(), st.integers(0, 3), st.sampled_from(OPTIONS[:2]))
def test_card_trick_values_match_the_oracle(pos: Position, seat: int, options: SearchOptions) -> None:
    seat %= pos.players
    values = card_trick_values(pos, seat, options=options)
    assert sorted(values) == list(pos.legal_cards())
    for code, bounds in values.items():
        child = pos.play(code)
        d = 1 if not child.trick and child.leader == seat else 0
        lo, hi, _ = oracle(child, seat)
        assert bounds == (lo + d, hi + d), code


def _random_deal(rng: random.Random, players: int, cards: int, trump: str) -> Position:
    """A whole deal from one 52-card deck, a random seat leading; ``trump`` none, one or setesdal."""
    deck = rng.sample(range(52), players * cards)
    hands = tuple(sum(1 << c for c in deck[i * cards : (i + 1) * cards]) for i in range(players))
    under, over = {"none": (-1, -1), "one": (-1, rng.randrange(4)), "setesdal": tuple(rng.sample(range(4), 2))}[trump]
    return Position(hands=hands, under=under, over=over, leader=rng.randrange(players))


@given(positions(), st.integers(0, 3), st.integers(-1, 5), st.sampled_from(OPTIONS[:2]))
def test_card_reach_matches_the_oracle(pos: Position, seat: int, target: int, options: SearchOptions) -> None:
    seat %= pos.players
    reach = card_reach(pos, seat, target, options=options)
    assert sorted(reach) == list(pos.legal_cards())
    for code, (at_most, at_least) in reach.items():
        child = pos.play(code)
        d = 1 if not child.trick and child.leader == seat else 0
        lo, hi, _ = oracle(child, seat)
        assert (at_most, at_least) == (lo + d <= target, target <= hi + d), code


@pytest.mark.parametrize("players,cards,trump", [(4, 8, "one"), (5, 6, "none"), (3, 9, "setesdal")])
def test_card_reach_agrees_with_the_card_bounds_on_larger_deals(players: int, cards: int, trump: str) -> None:
    """Beyond the oracle's reach: one search a question against the bounds each found by several."""
    rng = random.Random(f"reach-{players}-{cards}-{trump}")
    table = TranspositionTable(bits=16)
    for _ in range(3):
        pos = _random_deal(rng, players, cards, trump)
        seat = rng.randrange(players)
        bounds = card_trick_values(pos, seat, table=table)
        for target in range(cards + 1):
            reach = card_reach(pos, seat, target, table=table)
            assert reach == {c: (lo <= target, target <= hi) for c, (lo, hi) in bounds.items()}, target


@pytest.mark.parametrize("players,cards,trump", [(4, 4, "none"), (4, 4, "one"), (3, 5, "setesdal"), (2, 6, "one")])
def test_seeded_deals_match_the_oracle(players: int, cards: int, trump: str) -> None:
    """Whole random deals (one 52-card deck, fixed seeds), every seat: bounds and exact targets."""
    rng = random.Random(f"{players}-{cards}-{trump}")
    for _ in range(6):
        pos = _random_deal(rng, players, cards, trump)
        for seat in range(players):
            lo, hi, targets = oracle(pos, seat)
            assert trick_bounds(pos, seat) == (lo, hi)
            assert exact_targets(pos, seat) == tuple(sorted(targets))


@pytest.mark.parametrize("players,cards", [(3, 6), (4, 5), (5, 4), (7, 3)])
def test_techniques_never_change_a_value(players: int, cards: int) -> None:
    """Larger deals than the oracle reaches: every combination of techniques gives the same values."""
    rng = random.Random(players * 100 + cards)
    for trial in range(4):
        deck = rng.sample(range(52), players * cards)
        hands = tuple(sum(1 << c for c in deck[i * cards : (i + 1) * cards]) for i in range(players))
        under, over = [(-1, -1), (-1, trial % 4), (trial % 4, (trial + 1) % 4), (-1, 3)][trial]
        pos = Position(hands=hands, under=under, over=over, leader=trial % players)
        seat = rng.randrange(players)
        want = trick_bounds(pos, seat)
        targets = exact_targets(pos, seat)
        for flags in itertools.product([False, True], repeat=5):
            options = SearchOptions(
                transposition_table=flags[0],
                equivalent_cards=flags[1],
                bounds=flags[2],
                move_ordering=flags[3],
                partition=flags[4],
            )
            assert trick_bounds(pos, seat, options=options) == want, options
            if flags[0] and flags[1]:
                assert exact_targets(pos, seat, options=options) == targets, options


def _boundary_state(pos: Position, seat: int) -> np.ndarray:
    """The compiled search's state for ``pos`` (at a trick boundary) and ``seat``, as a call sets it up."""
    st = np.empty(ST_SIZE, dtype=np.int64)
    hands = np.array(pos.hands, dtype=np.int64)
    no_trick = np.zeros(0, dtype=np.int64)
    setup(st, hands, no_trick, pos.leader, seat, pos.under, pos.over, 1, 1, SearchOptions().flags, 1 << 62)
    return st


@pytest.mark.parametrize("trump", ["none", "one", "setesdal"])
def test_the_ducking_bound_never_contradicts_the_oracle(trump: str) -> None:
    """Seeded random positions at a trick boundary, dealt from two to four suits (voids and suits the
    others run out of are common): whenever the ducking bound says the seat can keep to at most ``k``
    tricks, the oracle's fewest is at most ``k``."""
    rng = random.Random(f"ducking-{trump}")
    fired = 0
    for _ in range(150):
        n = rng.choice([2, 3, 4, 4, 5, 6])
        h = rng.randint(1, 4 if n <= 4 else 3 if n == 5 else 2)
        suits = rng.sample(range(4), rng.choice([2, 3, 4, 4]))
        deck = [13 * q + k for q in suits for k in range(13)]
        cards = rng.sample(deck, n * h)
        hands = tuple(sum(1 << c for c in cards[i * h : (i + 1) * h]) for i in range(n))
        under, over = {"none": (-1, -1), "one": (-1, rng.choice(suits)), "setesdal": tuple(rng.sample(range(4), 2))}[
            trump
        ]
        pos = Position(hands=hands, under=under, over=over, leader=rng.randrange(n))
        seat = rng.randrange(n)
        fewest = oracle(pos, seat)[0]
        st = _boundary_state(pos, seat)
        for k in range(h):
            if _ducks(st, k):
                fired += 1
                assert fewest <= k, (pos, seat, k)
    assert fired > 0


@pytest.mark.parametrize("trump", ["one", "setesdal"])
def test_the_sure_tricks_bracket_the_oracle(trump: str) -> None:
    """Seeded random positions at a trick boundary, trumps plentiful: the fewest and the most tricks of
    the oracle lie within the sure tricks' bounds (the seat's trumps less those the others' higher
    trumps can beat, and the tricks left less an opponent's trumps the seat cannot overtake), and the
    bounds are tighter than counting only the trumps above all of the other side's somewhere.  When the
    seat leads (every other position), its quick tricks are at most the oracle's most."""
    rng = random.Random(f"sure-{trump}")
    tighter = 0
    for trial in range(120):
        n = rng.choice([2, 3, 3, 4])
        h = rng.randint(2, 4 if n <= 3 else 3)
        over = rng.randrange(4)
        under = -1 if trump == "one" else (over + 1 + rng.randrange(3)) % 4
        trumps = [13 * q + k for q in (over, under) if q >= 0 for k in range(13)]
        plain = [c for c in range(52) if c not in trumps]
        cards = rng.sample(trumps, min(len(trumps), n * h // 2 + 1))
        cards += rng.sample(plain, n * h - len(cards))
        rng.shuffle(cards)
        hands = tuple(sum(1 << c for c in cards[i * h : (i + 1) * h]) for i in range(n))
        seat = rng.randrange(n)
        pos = Position(hands=hands, under=under, over=over, leader=seat if trial % 2 == 0 else rng.randrange(n))
        fewest, most, _ = oracle(pos, seat)
        st = _boundary_state(pos, seat)
        lb, ub = _sure_bounds(st, h)
        assert lb <= fewest and most <= ub, (pos, seat, lb, ub, fewest, most)
        if pos.leader == seat:
            assert _quick_tricks(st) <= most, (pos, seat)
        mine = _trump_order(hands[seat], under, over)
        others = _trump_order(sum(hands) - hands[seat], under, over)
        masters = bin(mine >> others.bit_length()).count("1")
        theirs = [_trump_order(hj, under, over) for j, hj in enumerate(hands) if j != seat]
        above = max(bin(t >> mine.bit_length()).count("1") for t in theirs)
        tighter += lb > masters or ub < h - above
    assert tighter > 0


def test_the_sure_tricks_count_trumps_that_no_higher_trump_can_beat() -> None:
    """Hearts trump: the seat holds K Q of hearts, one opponent the ace and two low hearts.  Whatever
    is played the ace beats only one of the king and queen, so the seat takes at least one trick
    (neither is above every other trump: the count of those gave none); and the king and queen can
    overtake the 2 and 3 but not the ace, so the seat loses at least one.  The oracle's fewest (the
    others giving it tricks: 2) and most (the others against it: 1) lie within."""
    pos = Position.from_cards(
        [parse_cards("KH QH 2C"), parse_cards("AH 3H 2H"), parse_cards("3C 4C 5C")], Trump.of(Suit.HEARTS)
    )
    assert _sure_bounds(_boundary_state(pos, 0), 3) == (1, 2)
    assert oracle(pos, 0)[:2] == (2, 1)


def test_unpaired_is_what_the_most_disjoint_pairs_with_a_higher_card_leave() -> None:
    """Every split of up to 8 positions of an order between two sides (or neither): ``_unpaired`` equals
    the first side's cards less the largest set of disjoint pairs of a card of the first side with a
    higher card of the second, found by trying every pairing."""

    @functools.cache
    def most(a: frozenset[int], b: frozenset[int]) -> int:
        if not a:
            return 0
        x = max(a)
        best = most(a - {x}, b)  # x left unpaired
        for y in b:
            if y > x:
                best = max(best, 1 + most(a - {x}, b - {y}))
        return best

    for size in range(1, 9):
        for owners in itertools.product((0, 1, 2), repeat=size):
            a = frozenset(k for k, w in enumerate(owners) if w == 0)
            b = frozenset(k for k, w in enumerate(owners) if w == 1)
            spread = 3 if size <= 6 else 1  # also positions above bit 13 (the Setesdal pair's order)
            mask_a = sum(1 << (spread * k) for k in a)
            mask_b = sum(1 << (spread * k) for k in b)
            assert _unpaired(mask_a, mask_b) == len(a) - most(a, b), (sorted(a), sorted(b))


def test_forced_wins_is_the_most_a_suit_can_force_on_the_seat() -> None:
    """Every split of up to 9 ranks of one suit between the seat and the others (or out of play):
    ``_forced_wins`` equals the most wins the others can force when they may lead any card at any
    time and remove any card of the seat (its ducks, leads and discards) and the seat, with no card
    under the led one, plays its highest."""

    @functools.cache
    def most(m: frozenset[int], o: frozenset[int]) -> int:
        best = 0
        for x in o:
            if m and x < min(m):
                best = max(best, 1 + most(m - {max(m)}, o - {x}))
        for c in m:
            best = max(best, most(m - {c}, o))
        return best

    for size in range(1, 10):
        for owners in itertools.product((0, 1, 2), repeat=size):  # 0 the seat, 1 the others, 2 nobody
            m = frozenset(k for k, w in enumerate(owners) if w == 0)
            o = frozenset(k for k, w in enumerate(owners) if w == 1)
            mask_m = sum(1 << k for k in m)
            mask_o = sum(1 << k for k in o)
            assert _forced_wins(mask_m, mask_o) == most(m, o), (sorted(m), sorted(o))


@pytest.mark.parametrize("players,cards", [(3, 7), (4, 6), (5, 5)])
def test_the_ducking_bound_never_changes_an_answer(players: int, cards: int) -> None:
    """Larger seeded deals: every seat's bounds and exact targets with the ducking bound on and off."""
    rng = random.Random(f"ducking-{players}-{cards}")
    off = SearchOptions(duck_bound=False)
    for trial in range(6):
        deck = rng.sample(range(52), players * cards)
        hands = tuple(sum(1 << c for c in deck[i * cards : (i + 1) * cards]) for i in range(players))
        under, over = [(-1, -1), (-1, trial % 4), (trial % 4, (trial + 2) % 4)][trial % 3]
        pos = Position(hands=hands, under=under, over=over, leader=trial % players)
        for seat in range(players):
            assert trick_bounds(pos, seat) == trick_bounds(pos, seat, options=off)
            assert exact_targets(pos, seat) == exact_targets(pos, seat, options=off)


def test_a_shared_table_serves_many_deals_and_seats() -> None:
    """Entries are exact, so an unclared table reused across deals, seats and trumps gives the same answers."""
    rng = random.Random(7)
    table = TranspositionTable(bits=8)  # tiny: many replacements
    for _ in range(20):
        deck = rng.sample(range(52), 4 * 5)
        hands = tuple(sum(1 << c for c in deck[i * 5 : (i + 1) * 5]) for i in range(4))
        over = rng.randrange(-1, 4)
        pos = Position(hands=hands, over=over, leader=rng.randrange(4))
        for seat in range(4):
            assert trick_bounds(pos, seat, table=table) == trick_bounds(pos, seat, table=TranspositionTable(bits=12))


@pytest.mark.parametrize("players,cards,buckets", [(4, 7, 1024), (4, 10, 1 << 15), (4, 13, 1 << 18)])
def test_a_search_uses_the_part_of_the_table_sized_to_its_position(players: int, cards: int, buckets: int) -> None:
    """``2**(c // 2 - 5)`` buckets of the exact part for ``c`` cards held (at least 1,024, at most all of
    the table's 2**18 by default), and a quarter as many pattern buckets: nothing is written beyond them,
    and the 4 x 13 search reaches the exact part's last quarter."""
    rng = random.Random(f"part-{players}-{cards}")
    pos = _random_deal(rng, players, cards, "one")
    table = TranspositionTable()  # 2**20 entries: 2**18 exact buckets of 32 words, then 2**16 pattern buckets of 64
    options = SearchOptions(node_limit=300_000)  # enough entries; a call stopped at the limit has stored them
    with contextlib.suppress(SearchLimitExceeded):
        trick_bounds(pos, 0, table=table, options=options)
    rows = table.array
    exact = 1 << 18
    used = np.flatnonzero(rows[:exact].any(axis=1))
    assert used.max() < buckets
    if cards == 13:
        assert used.max() >= 3 * buckets // 4
    pattern = np.flatnonzero(rows[exact:].reshape(-1, 64).any(axis=1))
    assert pattern.size > 0 or cards == 13  # (at 4 x 13 the first 300,000 nodes are all in the tie games)
    assert pattern.max(initial=0) < buckets // 4


def test_a_node_limit_stops_a_call_and_is_reported() -> None:
    rng = random.Random(3)
    deck = rng.sample(range(52), 4 * 7)
    hands = tuple(sum(1 << c for c in deck[i * 7 : (i + 1) * 7]) for i in range(4))
    pos = Position(hands=hands, over=2, leader=0)
    want = trick_bounds(pos, 1, table=TranspositionTable(bits=12))
    nodes = solve_stats().nodes
    assert trick_bounds(pos, 1, table=TranspositionTable(bits=12), options=SearchOptions(node_limit=nodes)) == want
    for call in (
        lambda o: trick_bounds(pos, 1, table=TranspositionTable(bits=12), options=o),
        lambda o: exact_targets(pos, 1, table=TranspositionTable(bits=12), options=o),
        lambda o: card_trick_values(pos, 1, table=TranspositionTable(bits=12), options=o),
    ):
        with pytest.raises(SearchLimitExceeded, match="node limit"):
            call(SearchOptions(node_limit=50))
        assert solve_stats().nodes >= 50
    with pytest.raises(ValueError, match="node_limit"):
        SearchOptions(node_limit=-1)


# ---- golden positions -----------------------------------------------------------------------


def test_all_the_top_trumps_take_every_trick() -> None:
    hands = [parse_cards("AH KH QH JH"), parse_cards("AS KS QS JS"), parse_cards("AC KC QC JC")]
    pos = Position.from_cards(hands, Trump.of(Suit.HEARTS), leader=1)
    assert trick_bounds(pos, 0) == (4, 4)
    assert trick_bounds(pos, 1) == (0, 0)
    assert exact_targets(pos, 0) == (4,)


@pytest.mark.parametrize(
    "hands,trump,leader,expected",
    [
        ("AS 2C", "-", 0, [(1, 1), (0, 0)]),  # the led ace wins
        ("2C AS", "-", 0, [(1, 1), (0, 0)]),  # the led two of clubs wins: the ace cannot follow
        ("2C AS", "S", 0, [(0, 0), (1, 1)]),  # ... unless spades are trump
        ("2C 3C 4C", "-", 1, [(0, 0), (0, 0), (1, 1)]),
        ("9S 9C", "CS", 1, [(1, 1), (0, 0)]),  # Setesdal: equal ranks, the over-trump wins
        ("9S TC", "CS", 0, [(0, 0), (1, 1)]),  # a higher under-trump beats the over-trump
    ],
)
def test_one_card_rounds(hands: str, trump: str, leader: int, expected: list[tuple[int, int]]) -> None:
    pos = Position.from_cards([[c] for c in parse_cards(hands)], Trump.parse(trump), leader=leader)
    assert [trick_bounds(pos, s) for s in range(pos.players)] == expected


def test_a_trick_in_progress() -> None:
    """Seat 0 led the king of clubs and keeps the five of hearts; seat 1 beats it with the ace (and then
    wins with the two, seat 0 unable to follow) or ducks with the two (and loses the ace to the heart)."""
    pos = Position(hands=(1 << 29, 1 << 12 | 1 << 0), leader=0, trick=(11,))
    assert pos.to_move == 1
    assert trick_bounds(pos, 1) == (0, 2)
    # for seat 0 the others play against it: seat 1 ducks when seat 0 wants none, wins when it wants both
    assert trick_bounds(pos, 0) == (2, 0)
    assert card_values(pos, 1, 0) == {0: True, 12: False}
    assert card_trick_values(pos, 1) == {0: (0, 0), 12: (2, 2)}
    assert card_trick_values(pos, 0) == {0: (2, 2), 12: (0, 0)}


def test_one_card_round_where_the_seat_chooses() -> None:
    """Seat 0 holds the ace and two of spades against the king of spades and three of hearts: leading
    the ace it takes both tricks, leading the two none."""
    pos = Position.from_cards([parse_cards("AS 2S"), parse_cards("KS 3H")], Trump.none())
    assert trick_bounds(pos, 0) == (0, 2)
    assert exact_targets(pos, 0) == (0, 2)
    assert card_values(pos, 0, 2) == {Card.parse("2S").code: False, Card.parse("AS").code: True}
    assert card_values(pos, 0, 0) == {Card.parse("2S").code: True, Card.parse("AS").code: False}
    assert solve_stats().nodes > 0


def test_setesdal_trick_from_the_rules() -> None:
    """The Setesdal example: clubs under, spades over; 6D led, TC, 9S: the ten wins."""
    pos = Position.from_cards(
        [parse_cards("6D"), parse_cards("TC"), parse_cards("9S")], Trump((Suit.CLUBS, Suit.SPADES)), leader=0
    )
    assert [trick_bounds(pos, s) for s in range(3)] == [(0, 0), (1, 1), (0, 0)]


# ---- contract ---------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "kwargs,message",
    [
        ({"hands": (1,)}, "2 to 7 players"),
        ({"hands": (1,) * 8}, "2 to 7 players"),
        ({"hands": (3, 1)}, "holds cards another seat holds"),
        ({"hands": (3, 4)}, "hand sizes"),
        ({"hands": (1 << 52, 1)}, "only plain cards"),
        ({"hands": ((1 << 14) - 1, 0)}, "at most 13"),
        ({"hands": (1, 2), "leader": 2}, "leader"),
        ({"hands": (1, 2), "leader": True}, "leader"),
        ({"hands": (1, 2), "over": 4}, "trump suits"),
        ({"hands": (1, 2), "under": 1, "over": 1}, "under-trump"),
        ({"hands": (1, 2), "under": 1}, "under-trump"),
        ({"hands": (1, 2), "trick": (1,)}, "both in the trick and in a hand"),
        ({"hands": (1, 2), "trick": (4, 5)}, "finished trick"),
        ({"hands": (1, 2), "trick": (60,)}, "plain card codes"),
        ({"hands": (1, 2), "leader": 0, "trick": (13,)}, "hand sizes"),
        ({"hands": (1 << 30, 1 << 14, 1 << 40 | 1 << 41), "trick": (13, 0)}, "did not follow suit"),
    ],
)
def test_bad_positions_are_refused(kwargs: dict[str, object], message: str) -> None:
    with pytest.raises(ValueError, match=message):
        Position(**kwargs)  # type: ignore[arg-type]


def test_wizards_and_duplicates_are_refused() -> None:
    with pytest.raises(ValueError, match="only plain cards"):
        Position.from_cards([[WIZARD], parse_cards("AS")], Trump.none())
    with pytest.raises(ValueError, match="only plain cards"):
        Position.from_cards([[JESTER], parse_cards("AS")], Trump.none())
    with pytest.raises(ValueError, match="appears twice"):
        Position.from_cards([parse_cards("AS"), parse_cards("AS")], Trump.none())
    with pytest.raises(ValueError, match="appears twice"):
        Position.from_cards([parse_cards("AS"), parse_cards("KS")], Trump.none(), leader=0, trick=parse_cards("AS"))


def test_bad_questions_are_refused() -> None:
    pos = Position.from_cards([parse_cards("AS 2S"), parse_cards("KS 3H")], Trump.none())
    with pytest.raises(ValueError, match="seat must be"):
        trick_bounds(pos, 2)
    with pytest.raises(ValueError, match="player to move"):
        card_values(pos, 1, 0)
    with pytest.raises(ValueError, match="not a legal card"):
        pos.play(Card.parse("3H").code)
    with pytest.raises(ValueError, match="table bits"):
        TranspositionTable(bits=2)
    assert not can_take_exactly(pos, 0, -1)
    assert not can_take_exactly(pos, 0, 3)
    for ask in (can_take_exactly, card_values, card_reach):
        with pytest.raises(ValueError, match=r"target must be a whole number of tricks, got 1\.5"):
            ask(pos, 0, 1.5)  # type: ignore[operator]
    assert card_reach(pos, 0, np.int64(1)) == card_reach(pos, 0, 1)


def test_positions_are_values() -> None:
    import pickle

    pos = Position.from_cards([parse_cards("AS 2S"), parse_cards("KS 3H")], Trump.of(Suit.CLUBS))
    assert pickle.loads(pickle.dumps(pos)) == pos
    assert hash(pos) == hash(Position(hands=pos.hands, over=0))
    assert pos.trump == Trump.of(Suit.CLUBS)
    assert Position(hands=(1, 2), under=0, over=3).trump == Trump((Suit.CLUBS, Suit.SPADES))


def test_the_search_helpers_are_compiled_for_llvm_to_inline_them() -> None:
    """The search's small helpers are compiled once without reference counting and marked for LLVM to inline
    into the search (1.10x at 4 x 10: ``benchmarks/RESULTS-solver.md``); the large ducking bound stays a call."""
    from ohhell.strategies.solver import bounds, moves, table
    from ohhell.strategies.solver import search as _search

    inlined = [table._tt_find, table._make_key, bounds._sure_bounds, moves._order_moves, _search._tied]
    for fn in inlined:
        assert fn.targetoptions.get("forceinline") is True, fn
        assert fn.targetoptions.get("_nrt") is False, fn
    assert "forceinline" not in bounds._ducks.targetoptions
    assert bounds._ducks.targetoptions.get("_nrt") is False
