"""Positions with all hands known, and what one seat can force from them.

A :class:`Position` is what is left of a deal: the hands still held (bit
masks by seat, clockwise), the trump, the seat that led the current trick
and the cards already played to it.  Only the tricks from now on count.

Every question is *paranoid*: the seat asked about plays against all the
other seats together, everyone seeing every card.  :func:`trick_bounds`
gives the fewest and the most tricks the seat can force,
:func:`can_take_exactly` whether it can force an exact number (the Oh Hell
question), :func:`card_values` and :func:`card_trick_values` the same for each
card the player to move may play.  The search is compiled
(:mod:`ohhell.strategies.solver.search`); :func:`solve_stats` reports the
nodes the last call searched.

Examples
--------
>>> from ohhell.cards import parse_cards
>>> from ohhell.rules import Trump
>>> from ohhell.cards import Suit
>>> pos = Position.from_cards(
...     [parse_cards("AS KS"), parse_cards("QS 2H"), parse_cards("3H 4H")], Trump.of(Suit.SPADES), leader=0
... )
>>> trick_bounds(pos, 0), trick_bounds(pos, 1)
((2, 2), (0, 0))
>>> can_take_exactly(pos, 2, 0)
True
"""

from __future__ import annotations

import mmap
from collections.abc import Sequence
from dataclasses import dataclass
from typing import TypeGuard

import numpy as np

from ohhell.cards import Card, Suit
from ohhell.rules.tricks import trick_strength
from ohhell.rules.trump import Trump
from ohhell.strategies.solver import layout as _layout
from ohhell.strategies.solver import search as _k

__all__ = [
    "Position",
    "SearchLimitExceeded",
    "SearchOptions",
    "SolveStats",
    "TranspositionTable",
    "trick_bounds",
    "most_tricks",
    "fewest_tricks",
    "can_take_exactly",
    "exact_targets",
    "card_values",
    "card_trick_values",
    "card_reach",
    "solve_stats",
]

_PLAIN = (1 << 52) - 1
_SUIT_MASK = 0x1FFF


def _cards_of(mask: int) -> list[int]:
    return [c for c in range(52) if (mask >> c) & 1]


def _is_int(x: object) -> TypeGuard[int | np.integer]:
    return isinstance(x, int | np.integer) and not isinstance(x, bool)


def _target(target: object) -> int:
    """A number of tricks asked about, as an int (any int: out of range, nothing can be forced)."""
    if not _is_int(target):
        raise ValueError(f"target must be a whole number of tricks, got {target!r}")
    return int(target)


@dataclass(frozen=True, slots=True, kw_only=True)
class Position:
    """The rest of one deal with every hand known.

    ``hands``: a bit mask per seat (clockwise, seats ``0..n-1``), bit ``code``
    for card ``code = suit * 13 + rank - 2`` (clubs, diamonds, hearts,
    spades).  ``under``/``over``: the trump suits (0..3; -1 for none); a single
    trump suit is ``over`` with ``under = -1``, the Setesdal pair is
    ``(under, over)``.  ``leader``: the seat that led (or leads) the current
    trick.  ``trick``: the codes already played to it, in order.

    Examples
    --------
    >>> pos = Position(hands=(0b011, 0b100), leader=1, trick=(13,))
    >>> pos.players, pos.to_move, pos.tricks_left
    (2, 0, 2)
    >>> pos.legal_cards()
    (0, 1)
    """

    hands: tuple[int, ...]
    under: int = -1
    over: int = -1
    leader: int = 0
    trick: tuple[int, ...] = ()

    def __post_init__(self) -> None:
        hands = tuple(int(h) for h in self.hands) if all(_is_int(h) for h in self.hands) else None
        if hands is None:
            raise ValueError(f"hands must be integer bit masks, got {self.hands!r}")
        object.__setattr__(self, "hands", hands)
        n = len(hands)
        if not 2 <= n <= 7:
            raise ValueError(f"a position has 2 to 7 players, got {n}")
        for x, name in ((self.leader, "leader"), (self.under, "under"), (self.over, "over")):
            if not _is_int(x):
                raise ValueError(f"{name} must be an int, got {x!r}")
        if not 0 <= self.leader < n:
            raise ValueError(f"leader must be a seat 0..{n - 1}, got {self.leader}")
        if not (-1 <= self.under <= 3 and -1 <= self.over <= 3):
            raise ValueError(f"trump suits are 0..3 or -1 for none, got under={self.under}, over={self.over}")
        if self.under >= 0 and (self.over < 0 or self.over == self.under):
            raise ValueError(
                f"an under-trump needs a different over-trump (a single trump suit is `over`), "
                f"got under={self.under}, over={self.over}"
            )
        seen = 0
        for seat, h in enumerate(hands):
            if h < 0 or h & ~_PLAIN:
                raise ValueError(f"seat {seat}: only plain cards (codes 0..51) can be solved, got mask {h:#x}")
            if h & seen:
                raise ValueError(f"seat {seat} holds cards another seat holds: {_names(h & seen)}")
            if h.bit_count() > 13:
                raise ValueError(f"seat {seat} holds {h.bit_count()} cards; at most 13")
            seen |= h
        trick = tuple(self.trick)
        object.__setattr__(self, "trick", trick)
        if len(trick) >= n:
            raise ValueError(f"the current trick holds {len(trick)} cards; a finished trick (of {n}) is not kept")
        for c in trick:
            if not _is_int(c) or not 0 <= c < 52:
                raise ValueError(f"trick cards are plain card codes 0..51, got {c!r}")
            if (seen >> c) & 1:
                raise ValueError(f"card {_names(1 << c)} is both in the trick and in a hand")
            seen |= 1 << c
        if len(set(trick)) != len(trick):
            raise ValueError(f"the trick repeats a card: {trick}")
        sizes = [h.bit_count() for h in hands]
        played = {(self.leader + i) % n for i in range(len(trick))}
        full = [sizes[s] + (1 if s in played else 0) for s in range(n)]
        if len(set(full)) != 1 or (trick and full[0] == 0):
            raise ValueError(
                f"hand sizes {sizes} do not fit a trick led by seat {self.leader} with {len(trick)} card(s) played:"
                " every seat holds the same number of cards, one fewer for those who played to the trick"
            )
        if trick:
            led = trick[0] // 13
            for i in range(1, len(trick)):
                seat = (self.leader + i) % n
                if trick[i] // 13 != led and (hands[seat] >> (13 * led)) & _SUIT_MASK:
                    raise ValueError(f"seat {seat} did not follow suit to the trick yet still holds {Suit(led).letter}")

    @classmethod
    def from_cards(
        cls,
        hands: Sequence[Sequence[Card]],
        trump: Trump,
        *,
        leader: int = 0,
        trick: Sequence[Card] = (),
    ) -> Position:
        """Build a position from :class:`~ohhell.cards.Card` hands and a :class:`~ohhell.rules.Trump`.

        Raises
        ------
        ValueError
            For a Wizard or Jester, a card held twice, or hands that do not fit the trick.

        Examples
        --------
        >>> from ohhell.cards import parse_cards, Suit
        >>> Position.from_cards([parse_cards("AS"), parse_cards("2C")], Trump.of(Suit.HEARTS))
        Position(hands=(2251799813685248, 1), under=-1, over=2, leader=0, trick=())
        """
        masks = []
        everything = [c for h in hands for c in h] + list(trick)
        for c in everything:
            if not c.is_plain:
                raise ValueError(f"only plain cards can be solved, got {c} (a Wizard deck is not supported)")
        if len(set(everything)) != len(everything):
            dup = sorted({str(c) for c in everything if everything.count(c) > 1})
            raise ValueError(f"a card appears twice (one 52-card deck only): {' '.join(dup)}")
        for h in hands:
            m = 0
            for c in h:
                m |= 1 << c.code
            masks.append(m)
        suits = trump.suits
        under = int(suits[0]) if len(suits) == 2 else -1
        over = int(suits[-1]) if suits else -1
        return cls(hands=tuple(masks), under=under, over=over, leader=leader, trick=tuple(c.code for c in trick))

    @property
    def players(self) -> int:
        """Number of seats."""
        return len(self.hands)

    @property
    def to_move(self) -> int:
        """The seat to play next."""
        return (self.leader + len(self.trick)) % len(self.hands)

    @property
    def tricks_left(self) -> int:
        """Tricks still to be won, the current one included."""
        return self.hands[self.to_move].bit_count()

    @property
    def trump(self) -> Trump:
        """The trump as a :class:`~ohhell.rules.Trump`."""
        if self.over < 0:
            return Trump.none()
        if self.under < 0:
            return Trump.of(Suit(self.over))
        return Trump((Suit(self.under), Suit(self.over)))

    def legal_cards(self) -> tuple[int, ...]:
        """Codes the player to move may play (ascending)."""
        hand = self.hands[self.to_move]
        if self.trick:
            follow = hand & (_SUIT_MASK << (13 * (self.trick[0] // 13)))
            if follow:
                hand = follow
        return tuple(_cards_of(hand))

    def play(self, code: int) -> Position:
        """The position after the player to move plays ``code`` (a finished trick is cleared).

        Examples
        --------
        >>> Position(hands=(0b1, 0b10)).play(0).play(1)
        Position(hands=(0, 0), under=-1, over=-1, leader=1, trick=())
        """
        if code not in self.legal_cards():
            raise ValueError(f"{_names(1 << code) if 0 <= code < 52 else code} is not a legal card here")
        hands = list(self.hands)
        hands[self.to_move] &= ~(1 << code)
        trick = (*self.trick, code)
        if len(trick) < len(hands):
            return Position(hands=tuple(hands), under=self.under, over=self.over, leader=self.leader, trick=trick)
        led = trick[0] // 13
        keys = [trick_strength(c, led, self.under, self.over) for c in trick]
        winner = (self.leader + keys.index(max(keys))) % len(hands)
        return Position(hands=tuple(hands), under=self.under, over=self.over, leader=winner)


def _names(mask: int) -> str:
    return " ".join(str(Card(c)) for c in _cards_of(mask))


@dataclass(frozen=True, slots=True, kw_only=True)
class SearchOptions:
    """Which search techniques to use (all on by default; turning one off never changes a value).

    ``transposition_table``: reuse results of positions met before at trick
    boundaries.  ``equivalent_cards``: search one of each run of touching
    cards.  ``bounds``: sure tricks and quick tricks cut the search short.
    ``move_ordering``: try the likely best cards first.  ``partition``: also
    reuse a result for positions that differ only in cards it did not depend
    on (partition search; with a single trump suit or none, needs the table).
    ``duck_bound``: with ``bounds``, also the ducking bound (the fewest
    tricks: how many the seat can keep to by ducking).
    ``tie_games_from_cards``: with at least this many cards still held by
    all the players together (0: never) the fewest tricks are first asked
    of two coarser games in which the others' cards are known only by the
    interval of the seat's cards they lie in (the *tie games*,
    :mod:`ohhell.strategies.solver.search`); with fewer cards they cost
    more than they save (measured: ``benchmarks/RESULTS-solver.md``).
    ``tie_probes_from_cards``: when the tie games do not settle the fewest
    tricks and the game itself is searched, its positions at a trick
    boundary with at least this many cards held (0: never) are asked of the
    tie games first in the same way, and searched in the game only where
    those disagree.
    ``node_limit``: if positive, a call that has searched that many nodes
    stops and raises :class:`SearchLimitExceeded` (a reproducible cap on the
    work, for measurements; the entries it stored stay valid).
    """

    transposition_table: bool = True
    equivalent_cards: bool = True
    bounds: bool = True
    move_ordering: bool = True
    partition: bool = True
    duck_bound: bool = True
    tie_games_from_cards: int = 30
    tie_probes_from_cards: int = 20
    node_limit: int = 0

    def __post_init__(self) -> None:
        if not _is_int(self.node_limit) or self.node_limit < 0:
            raise ValueError(f"node_limit must be a non-negative int, got {self.node_limit!r}")
        if not _is_int(self.tie_games_from_cards) or self.tie_games_from_cards < 0:
            raise ValueError(f"tie_games_from_cards must be a non-negative int, got {self.tie_games_from_cards!r}")
        if not _is_int(self.tie_probes_from_cards) or self.tie_probes_from_cards < 0:
            raise ValueError(f"tie_probes_from_cards must be a non-negative int, got {self.tie_probes_from_cards!r}")

    @property
    def flags(self) -> int:
        return (
            (_layout.F_TT if self.transposition_table else 0)
            | (_layout.F_EQUIV if self.equivalent_cards else 0)
            | (_layout.F_BOUNDS if self.bounds else 0)
            | (_layout.F_ORDER if self.move_ordering else 0)
            | (_layout.F_PART if self.partition else 0)
            | (_layout.F_DUCK if self.duck_bound else 0)
        )


class SearchLimitExceeded(RuntimeError):
    """A call searched :attr:`SearchOptions.node_limit` nodes without an answer."""


@dataclass(frozen=True, slots=True)
class SolveStats:
    """Work done by the last solver call: search nodes, table hits and table stores."""

    nodes: int = 0
    tt_hits: int = 0
    tt_stores: int = 0


_HUGE_PAGE = 1 << 21


def _zeroed_table(shape: tuple[int, int]) -> np.ndarray:
    """A zeroed ``int64`` array for a table, its rows starting on cache-line boundaries (a bucket is
    four whole lines, and a probe reads its first); from 2 MiB up on transparent huge pages where the
    system offers them (fewer address-translation misses on random probes)."""
    size = shape[0] * shape[1] * 8
    if size < _HUGE_PAGE or not hasattr(mmap, "MAP_ANONYMOUS"):
        raw = np.zeros(size + 64, dtype=np.uint8)
        skip = -raw.ctypes.data % 64
    else:
        buf = mmap.mmap(-1, size + _HUGE_PAGE, flags=mmap.MAP_PRIVATE | mmap.MAP_ANONYMOUS)
        if hasattr(mmap, "MADV_HUGEPAGE"):
            buf.madvise(mmap.MADV_HUGEPAGE)
        raw = np.frombuffer(buf, dtype=np.uint8)
        skip = -raw.ctypes.data % _HUGE_PAGE
    return raw[skip : skip + size].view(np.int64).reshape(shape)


class TranspositionTable:
    """The solver's table of searched positions: ``2**bits`` entries (64 bytes each), allocated once,
    with a pattern part of ``3 * 2**bits / 8`` entries (partition search; 32 MB more at 20 bits).

    Entries are keyed exactly (who holds which cards in relative rank order,
    the leader, the seat asked about, the trump), or by the suit lengths and
    the holders of the cards a result depended on, so a table can serve any
    number of positions and deals; :meth:`clear` forgets everything
    (for reproducible node counts).  The functions use one shared table unless
    given another.  A search uses the first part of the table sized to its
    position, so that the rows it probes stay in the processor's caches
    (``2**(c // 2 - 3)`` entries for ``c`` cards held in all, at least 4,096: 4,096 at 4 x 7,
    131,072 at 4 x 10, the whole default table from 46 cards); a table larger
    than the default serves only larger deals (4 players with 12 or 13 cards:
    ``bits=22`` is what ``benchmarks/bench_solver.py`` uses at 4 x 13).

    Examples
    --------
    >>> table = TranspositionTable(bits=10)
    >>> table.rows
    1024
    """

    def __init__(self, bits: int = 20) -> None:
        if not 4 <= bits <= 26:
            raise ValueError(f"table bits must be 4..26, got {bits}")
        self.rows = 1 << bits
        self._array: np.ndarray | None = None
        self._gen = 0
        self._mingen = 1

    @property
    def array(self) -> np.ndarray:
        if self._array is None:
            buckets = self.rows // _layout.WAYS  # the exact part, then half as many rows of patterns
            self._array = _zeroed_table((buckets * 3 // 2, _layout.TT_WIDTH))
        return self._array

    def next_generation(self) -> tuple[int, int]:
        """A new generation number for a call, and the oldest still valid."""
        self._gen += 1
        return self._gen, self._mingen

    def clear(self) -> None:
        """Forget every entry (in O(1): older generations stop matching)."""
        self._mingen = self._gen + 1


_SHARED = TranspositionTable()
_last = SolveStats()
_DEFAULT = SearchOptions()


@dataclass(slots=True)
class _Run:
    st: np.ndarray
    tt: np.ndarray


def _start(position: Position, seat: int, options: SearchOptions | None, table: TranspositionTable | None) -> _Run:
    if not _is_int(seat) or not 0 <= seat < position.players:
        raise ValueError(f"seat must be 0..{position.players - 1}, got {seat!r}")
    table = _SHARED if table is None else table
    options = options or _DEFAULT
    gen, mingen = table.next_generation()
    st = np.empty(_layout.ST_SIZE, dtype=np.int64)
    _k.setup(
        st,
        np.array(position.hands, dtype=np.int64),
        np.array(position.trick, dtype=np.int64),
        position.leader,
        int(seat),
        position.under,
        position.over,
        gen,
        mingen,
        options.flags,
        options.node_limit if options.node_limit > 0 else 1 << 62,
    )
    st[_layout._TIEMIN] = options.tie_games_from_cards
    st[_layout._PRBMIN] = options.tie_probes_from_cards
    return _Run(st, table.array)


def _finish(run: _Run) -> None:
    global _last
    st = run.st
    _last = SolveStats(
        nodes=int(st[_layout.C_NODES]), tt_hits=int(st[_layout.C_HITS]), tt_stores=int(st[_layout.C_STORES])
    )
    if st[_layout.C_ABORTED]:
        raise SearchLimitExceeded(f"no answer within the node limit ({_last.nodes:,} nodes searched)")


def trick_bounds(
    position: Position,
    seat: int,
    *,
    options: SearchOptions | None = None,
    table: TranspositionTable | None = None,
) -> tuple[int, int]:
    """The fewest and the most of the remaining tricks ``seat`` can force against all other seats.

    The most: ``seat`` maximises its tricks, everyone else minimises them;
    the fewest: the reverse.  Both count the current trick.  As the others
    play against the seat in each question, the fewest can exceed the most:
    the others may be able to force extra tricks on a seat that wants none
    and to hold it down when it wants them.

    Examples
    --------
    One card each, no trump, seat 0 leads: the ace of spades wins, the two
    of clubs loses whatever happens.

    >>> from ohhell.cards import parse_cards
    >>> pos = Position.from_cards([parse_cards("AS"), parse_cards("2C")], Trump.none())
    >>> trick_bounds(pos, 0), trick_bounds(pos, 1)
    ((1, 1), (0, 0))

    Seat 1 to play to the king of clubs with the ace or two of clubs, seat 0
    keeping a heart: the others decide seat 0's tricks either way.

    >>> pos = Position.from_cards(
    ...     [parse_cards("5H"), parse_cards("AC 2C")], Trump.none(), leader=0, trick=parse_cards("KC")
    ... )
    >>> trick_bounds(pos, 0)
    (2, 0)
    """
    _, out = _solve(position, seat, _k.Q_BOUNDS, 0, options, table)
    return int(out[_k.OUT_FIRST]), int(out[_k.OUT_SECOND])


def most_tricks(
    position: Position,
    seat: int,
    *,
    options: SearchOptions | None = None,
    table: TranspositionTable | None = None,
) -> int:
    """The most of the remaining tricks ``seat`` can force against all other seats: the second of
    :func:`trick_bounds`, without the search for the fewest (which costs far more in large deals).

    >>> from ohhell.cards import parse_cards
    >>> pos = Position.from_cards([parse_cards("AS 2C"), parse_cards("KS 3C")], Trump.none())
    >>> most_tricks(pos, 0), fewest_tricks(pos, 0)
    (1, 1)
    """
    return int(_solve(position, seat, _k.Q_MOST, 0, options, table)[1][_k.OUT_SECOND])


def fewest_tricks(
    position: Position,
    seat: int,
    *,
    options: SearchOptions | None = None,
    table: TranspositionTable | None = None,
) -> int:
    """The fewest of the remaining tricks ``seat`` can be held to against all other seats (who then
    try to give it tricks): the first of :func:`trick_bounds`."""
    return int(_solve(position, seat, _k.Q_FEWEST, 0, options, table)[1][_k.OUT_FIRST])


def can_take_exactly(
    position: Position,
    seat: int,
    target: int,
    *,
    options: SearchOptions | None = None,
    table: TranspositionTable | None = None,
) -> bool:
    """Can ``seat`` make sure to take exactly ``target`` of the remaining tricks, whatever the others do?

    Examples
    --------
    Seat 0 holds the ace and the two of spades (no trump) against the king
    of spades and the three of hearts.  Leading the ace it takes both tricks
    (the two wins as seat 1 cannot follow); leading the two it takes none
    (the king wins, then the heart); one trick it cannot make sure of.

    >>> from ohhell.cards import parse_cards
    >>> pos = Position.from_cards([parse_cards("AS 2S"), parse_cards("KS 3H")], Trump.none())
    >>> [can_take_exactly(pos, 0, k) for k in range(3)]
    [True, False, True]
    """
    return bool(_solve(position, seat, _k.Q_EXACT, _target(target), options, table)[1][_k.OUT_FIRST])


def exact_targets(
    position: Position,
    seat: int,
    *,
    options: SearchOptions | None = None,
    table: TranspositionTable | None = None,
) -> tuple[int, ...]:
    """Every number of remaining tricks ``seat`` can make sure to take exactly (one search, one table).

    Examples
    --------
    >>> from ohhell.cards import parse_cards
    >>> pos = Position.from_cards([parse_cards("AS 2S"), parse_cards("KS 3H")], Trump.none())
    >>> exact_targets(pos, 0), exact_targets(pos, 1)
    ((0, 2), ())
    """
    r, out = _solve(position, seat, _k.Q_TARGETS, 0, options, table)
    return tuple(k for k in range(r + 1) if out[_k.OUT_FIRST + k])


def card_values(
    position: Position,
    seat: int,
    target: int,
    *,
    options: SearchOptions | None = None,
    table: TranspositionTable | None = None,
) -> dict[int, bool]:
    """For each legal card of ``seat`` (the player to move): does it keep exactly ``target`` tricks sure?

    ``target`` counts the remaining tricks, the current one included.

    Examples
    --------
    >>> from ohhell.cards import parse_cards
    >>> pos = Position.from_cards([parse_cards("AS 2S"), parse_cards("KS 3H")], Trump.none())
    >>> {str(Card(c)): ok for c, ok in card_values(pos, 0, 2).items()}
    {'2S': False, 'AS': True}
    """
    if seat != position.to_move:
        raise ValueError(f"card_values is for the player to move (seat {position.to_move}), got seat {seat}")
    values = _by_card(*_solve(position, seat, _k.Q_CARD_EXACT, _target(target), options, table))
    return {c: bool(ok) for c, (ok, _) in values.items()}


def card_trick_values(
    position: Position,
    seat: int,
    *,
    options: SearchOptions | None = None,
    table: TranspositionTable | None = None,
) -> dict[int, tuple[int, int]]:
    """For each legal card of the player to move: the fewest and most tricks ``seat`` then forces.

    The mover may be any seat; the bounds count the current trick.

    Examples
    --------
    Seat 0 moves; the bounds are seat 1's:

    >>> from ohhell.cards import parse_cards
    >>> pos = Position.from_cards([parse_cards("AS 2S"), parse_cards("KS 3H")], Trump.none())
    >>> {str(Card(c)): v for c, v in card_trick_values(pos, 1).items()}
    {'2S': (2, 2), 'AS': (0, 0)}
    """
    return _by_card(*_solve(position, seat, _k.Q_CARD_BOUNDS, 0, options, table))


def card_reach(
    position: Position,
    seat: int,
    target: int,
    *,
    options: SearchOptions | None = None,
    table: TranspositionTable | None = None,
) -> dict[int, tuple[bool, bool]]:
    """For each legal card of the player to move: can ``seat`` then hold its tricks to at most
    ``target``, and can it make at least ``target``?

    The same as asking whether ``target`` lies between the bounds of
    :func:`card_trick_values` (``lo <= target`` and ``target <= hi``), at the
    cost of one search for each instead of the several that find a bound: on
    deals of 4 x 10 the fewest tricks take a hundred times the search of the
    most, and most of it goes to the two questions just above and just below
    the answer.  The mover may be any seat; ``target`` counts the current
    trick.

    Examples
    --------
    Seat 0 moves; seat 1 wants exactly one trick:

    >>> from ohhell.cards import parse_cards
    >>> pos = Position.from_cards([parse_cards("AS 2S"), parse_cards("KS 3H")], Trump.none())
    >>> {str(Card(c)): v for c, v in card_reach(pos, 1, 1).items()}
    {'2S': (False, True), 'AS': (True, False)}
    """
    reach = _by_card(*_solve(position, seat, _k.Q_CARD_REACH, _target(target), options, table))
    return {c: (bool(a), bool(b)) for c, (a, b) in reach.items()}


def _solve(
    position: Position,
    seat: int,
    question: int,
    target: int,
    options: SearchOptions | None,
    table: TranspositionTable | None,
) -> tuple[int, np.ndarray]:
    """Ask :func:`~ohhell.strategies.solver.search.solve` one question (``Q_*``): the number of answers
    it returns and its output array (the position's answers at ``OUT_FIRST`` and ``OUT_SECOND``)."""
    run = _start(position, seat, options, table)
    out = np.zeros(_k.OUT_SIZE, dtype=np.int64)
    m = int(_k.solve(run.st, run.tt, question, target, out))
    _finish(run)
    return m, out


def _by_card(m: int, out: np.ndarray) -> dict[int, tuple[int, int]]:
    """The answers of a card's question (``m`` legal cards) by card code, in order."""
    codes = out[_k.OUT_CODES : _k.OUT_CODES + m].tolist()
    first = out[_k.OUT_FIRST : _k.OUT_FIRST + m].tolist()
    second = out[_k.OUT_SECOND : _k.OUT_SECOND + m].tolist()
    return {c: (a, b) for c, a, b in sorted(zip(codes, first, second, strict=True))}


def solve_stats() -> SolveStats:
    """Counters of the last solver call in this process.

    Examples
    --------
    >>> pos = Position(hands=(0b1, 0b10))
    >>> trick_bounds(pos, 0)
    (0, 0)
    >>> solve_stats().nodes >= 0
    True
    """
    return _last
