"""The solver's array layouts and shared constants: what every other solver module indexes.

Hands are 64-bit masks, bit ``code`` for card ``code = suit * 13 + rank - 2``
(suits C, D, H, S = 0..3), as in :mod:`ohhell.sim.kernel`.  The search state
is one ``int64`` array ``st``: the hands by seat, the current trick, the seat
the search is for (``s``), the trump pair (``under``, ``over``; -1 for none,
a single trump suit is ``over``), counters, a move buffer per ply and a frame
per ply of the search's explicit stack.  The transposition table is an
``int64`` array ``tt`` of 4-way buckets.  This module holds the indices into
both, the option flags (``F_*``), the counters (``C_*``) and the bits of
suit masks.

Numba freezes these constants into the compiled functions that use them, and
its on-disk cache only notices edits to a function's own file: after changing
this module, delete the solver's cached ``__pycache__/*.nbi`` and ``*.nbc``.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, TypeVar, cast

import numpy as np
from numba import njit

from ohhell.cards.masks import highest_bit, lowest_bit
from ohhell.strategies.solver.indexing import install

install()  # before any of the solver's functions compiles: they index without negative indices

__all__ = [
    "ST_SIZE",
    "TT_WIDTH",
    "WAYS",
    "F_TT",
    "F_EQUIV",
    "F_BOUNDS",
    "F_ORDER",
    "F_PART",
    "F_DUCK",
    "C_NODES",
    "C_HITS",
    "C_STORES",
    "C_ABORTED",
]

_F = TypeVar("_F", bound=Callable[..., Any])
_NO_COUNTING: dict[str, Any] = {"_nrt": False}  # an option of numba's that its type stubs do not list
# and LLVM's inlining: the function is compiled once, as its own, and LLVM copies it into each caller
_INLINED: dict[str, Any] = {**_NO_COUNTING, "forceinline": True}


def uncounted(fn: _F) -> _F:
    """Compile one of the search's own functions without reference counting, called (not inlined).

    They read and write the arrays they are given and never allocate, so the counting is needless;
    compiled with it, numba kept a counting call per array argument on entry and at every return of
    such a function (an indirect call each), which took a large part of a node's time.  Only the
    functions that are large or off the search's path are plain calls (``bounds._ducks``,
    ``moves._classes``, ``table._init_keys``); the others are :func:`inlined`.
    """
    return cast(_F, njit(cache=True, error_model="numpy", **_NO_COUNTING)(fn))


def inlined(fn: _F) -> _F:
    """Compile one of the search's small functions without reference counting, for LLVM to inline.

    numba's ``forceinline``: the function is compiled once, on its own, and marked for LLVM to copy
    into every caller when the caller's code is linked and optimised.  Cheap to compile, unlike numba's
    own inlining (``inline="always"``, which inlines the function's IR and types the result again at
    every call site; the search's node functions ``search._enter`` and ``search._finish`` are inlined
    that way, one call site each).  Measured against plain calls (``benchmarks/RESULTS-solver.md``,
    2026-12-07): 1.10x faster at 4 x 10 and 1.12x at 4 x 7, the first solve compiling in about the same
    time; ``bounds._ducks`` inlined as well cost a third more compile time and no speed.
    """
    return cast(_F, njit(cache=True, error_model="numpy", **_INLINED)(fn))


# ---- state layout (indices into st) -------------------------------------------------------------
_H = 0  # hands by seat, 7 slots
_NBA = 7  # buckets of the exact part this search uses: a prefix sized to the position (table._active_buckets)
_N = 32
_S = 33  # the seat searched for
_UNDER = 34
_OVER = 35
_LEADER = 36
_TLEN = 37  # cards played to the current trick
_NB = 38  # buckets of the exact part of the table (a power of two)
_ALL = 39  # union of the hands
_TMASK = 40  # cards of the current trick
_GEN = 41  # this call's generation
_MINGEN = 42  # entries older than this are invalid (a cleared table)
_FLAGS = 43
_TAG = 44  # seat, trump and player count, for the table entries
_RET = 45  # the relevant cards (a mask, see _F_REL) of a value decided at once
_LIMIT = 46  # the call stops (unanswered) when it has searched this many nodes
C_ABORTED = 47  # 1 when it did
C_NODES = 48
C_HITS = 49
C_STORES = 50
_CHOICE = 51  # a tie game (_M_TIE): the seats whose tied cards top the trick just completed (a mask), else 0
_TIEMIN = 52  # the fewest tricks are asked of the tie games from this many cards held in all (0: never)
# the tie games' probes inside the game's own "at most" searches after the tie games disagreed at
# their root (search._game_at_most): from _PRBMIN cards held in all (0: never); the probed node's
# ply + 1 (0: no probe under way), which tie game (1: the seat chooses, 2: the others), the game's
# flags and the node's window meanwhile; _NOPRB: the node entered next is searched in the game
# without a probe
_PRBMIN = 53
_PRB = 54
_PRB_ST = 55
_PRB_FL = 56
_PRB_LO = 57
_PRB_HI = 58
_NOPRB = 59
_ROOT = 60  # the current search's root ply
_PRBON = 61  # 1 while the game's own "at most" search probes (search._game_at_most)
_Q_LO = 62  # the window of the question search._search answers next (set by search._ask)
_Q_HI = 63
_MAXPLY = 7 * 13 + 2
# By ply (index base + 8 + ply; the current trick's earlier cards sit at the plies before the root):
# the card played at that ply, the seat winning its trick so far and that card's key.  A trick's cards
# are at plies ply - tlen .. ply - 1, so deeper tricks never overwrite the ones above them.
_TRK = 64
_BSK = _TRK + _MAXPLY + 8
_BKK = _BSK + _MAXPLY + 8
_MV = _BKK + _MAXPLY + 8  # moves, 16 a ply
_SC = _MV + 16 * _MAXPLY  # move scores, 16 a ply
_FR = _SC + 16 * _MAXPLY  # a frame a ply: the node's window, moves and undo data
_FW = 24
_F_LO, _F_HI, _F_R, _F_P, _F_M, _F_I, _F_TLEN, _F_LEADER, _F_TMASK, _F_ROW, _F_TAG, _F_VAL, _F_CHECK, _F_KEY = range(14)
# (_F_KEY: the node's 4 key words, up to _F_KEY + 3)
# _F_REL: the cards the node's value depends on, as a mask closed upward in each suit (a rank and all
# above it); _F_TMK: the same for the trick the current card completes (0 if none); _F_POFF, _F_LA,
# _F_LB: the node's bucket in the pattern part of the table and its suit lengths (two words)
_F_REL, _F_TMK, _F_POFF, _F_LA, _F_LB = range(17, 22)
_F_OKEY = 22  # the key word of the suit of the card the node is trying, before that card was played
_F_CH = 23  # a choice node of a tie game: the tied seats (its moves are seats: who takes the trick); else 0
_OWN = _FR + _FW * _MAXPLY  # the seat holding each card (cards never change hands)
_KIL = _OWN + 64  # by ply: the others' card that last refuted there + 1 (0 for none), tried early
# kept up to date as cards are played: for each suit the seats holding its cards still held, from the
# lowest up (3 bits a card after a leading 1: the table key's words), and every seat's suit lengths
# (4 bits a suit, 16 a seat: seats 0..3 in _LENA, 4..6 in _LENB)
_KEYW = _KIL + _MAXPLY + 8
_LENA = _KEYW + 4
_LENB = _LENA + 1
_BSC = _LENB + 1  # scratch of the ducking bound (bounds._ducks): 24 words a suit, then 8 by seat
# table._make_key in a tie game: a direct-mapped cache of suit key words turned into tie words, _TWN
# entries of two words (the key word, 0 for none, then its tie word), the slot picked by a hash of the key
_TWC = _BSC + 104
_TWN = 1024
ST_SIZE = _TWC + 2 * _TWN

# ---- option flags ---------------------------------------------------------------------------
F_TT = 1
F_EQUIV = 2
F_BOUNDS = 4
F_ORDER = 8
F_PART = 16
F_DUCK = 32
# the game searched (set by the search, not an option): a tie game, and in it the seat breaks the ties
_M_TIE = 128
_M_SEAT = 256

# ---- transposition table rows -------------------------------------------------------------------
# The table is 4-way buckets of 32 words (four cache lines): words 0..3 the ways' check words (a
# 64-bit hash of key and tag, odd; 0 for empty), so a probe reads one line, then for way w at 4 + 7w
# the tag (seat, trump, players, leader; bit 24 for the tie games, search._tie_view), the 4 key words, the
# generation (bits 0..31; from bit 32 the number of top cards of each suit the values depend on, 4 bits
# a suit) and the packed values:
# 4 bits each max_lo, max_hi, min_lo, min_hi (bits 0..15), exact targets won (bits 16..29) and lost
# (bits 32..45), tricks left (bits 48..51), the card that decided the last search + 1 (bits 52..57).
# The pattern part (partition search), after the exact part's rows: buckets of 64 words (two rows):
# words 0..5 the six ways' check words (a hash of tag and lengths, odd; 0 for empty), so a probe reads
# one line, then from word 8 six ways of 9 words: the tag (with the leader), the suit lengths by seat
# (two words, 4 bits a suit, 16 a seat), for each suit the seats holding its top k cards (the key
# word's last k digits after a leading 1), the generation with the k of each suit (4 bits each) from
# bit 32, the values.
# An entry serves every position with the same lengths and the same holders of those top cards.
TT_WIDTH = 32
WAYS = 4
PWAYS = 6
PW = 9
_E_TAG = 0
_E_KEY = 1
_E_GEN = 5
_E_VAL = 6

# ---- bit scans of suit masks, -1 for an empty one (counts: ohhell.cards.masks.popcount) ---------
# (Once 8192-entry lookup tables of 64 KiB each, larger than the first-level cache: the instructions
# took 0-4% less time at 4 x 10, within the runs' spread, and are the simpler code.)
# _SEL13[16 * x + k]: the rank of the k-th highest bit of x (k = 1..popcount; 0 otherwise)
_SEL13 = np.zeros(8192 * 16, dtype=np.int8)
for _x in range(1, 8192):
    _bits = [b for b in range(12, -1, -1) if (_x >> b) & 1]
    for _k, _b in enumerate(_bits, 1):
        _SEL13[16 * _x + _k] = _b


@njit(cache=True, inline="always", error_model="numpy")
def _hi13(x: int) -> int:
    """The highest set bit of a mask, -1 for none."""
    return highest_bit(x)


@njit(cache=True, inline="always", error_model="numpy")
def _lo13(x: int) -> int:
    """The lowest set bit of a mask, -1 for none."""
    return lowest_bit(x) if x != 0 else -1
