"""Sets of plain cards as 64-bit masks: bit ``code`` for card ``code`` (13 bits a suit).

Small numba-compiled helpers shared by every compiled path (the fast engine,
the strategies' decision cores, the solver).  They run from Python too (as
compiled functions), so a decision written with them is the same code in the
reference engine and in a kernel.

Examples
--------
>>> from ohhell.cards import parse_cards
>>> m = mask_of(parse_cards("2C AC KH"))
>>> popcount(m), lowest_bit(m), highest_bit(m), kth_bit(m, 1)
(3, 0, 37, 12)
>>> popcount(m & suit_mask(2))
1
"""

from __future__ import annotations

import os
from collections.abc import Iterable

import numpy as np
from llvmlite import ir
from numba import njit, types
from numba.core import cgutils
from numba.extending import intrinsic

from ohhell.cards.card import Card

__all__ = [
    "popcount",
    "kth_bit",
    "lowest_bit",
    "highest_bit",
    "suit_mask",
    "mask_of",
    "cards_of",
    "SUIT_OF",
    "RANK_OF",
    "PLAIN_BITS",
    "WIZARD_BITS",
    "JESTER_BITS",
    "code_of_bit",
    "distinct_cards",
    "card_mask",
]

_U64 = np.uint64


def _bit_intrinsic(name: str, extra_false: bool) -> object:
    """A compiled call of LLVM's ``llvm.<name>.i64`` on an int64 (``ctpop``, ``cttz``, ``ctlz``).

    LLVM turns these into the machine's single instructions where it has them
    (``popcnt``, ``tzcnt``, ``lzcnt``) and into portable code where not.
    """

    def typer(typingctx: object, x: types.Type) -> object:
        def codegen(context: object, builder: ir.IRBuilder, signature: object, args: list[ir.Value]) -> ir.Value:
            (value,) = args
            i64 = ir.IntType(64)
            fnty = ir.FunctionType(i64, [i64, ir.IntType(1)] if extra_false else [i64])
            fn = cgutils.get_or_insert_function(builder.module, fnty, f"llvm.{name}.i64")  # type: ignore[no-untyped-call]
            call_args = [value, ir.Constant(ir.IntType(1), 0)] if extra_false else [value]
            return builder.call(fn, call_args)

        return types.int64(types.int64), codegen

    return intrinsic(typer)


_ctpop = _bit_intrinsic("ctpop", False)
_cttz = _bit_intrinsic("cttz", True)
_ctlz = _bit_intrinsic("ctlz", True)


def _pdep_typer(typingctx: object, src: types.Type, mask: types.Type) -> object:
    """x86 BMI2 ``pdep``: the low bits of ``src`` deposited at the set bits of ``mask``."""

    def codegen(context: object, builder: ir.IRBuilder, signature: object, args: list[ir.Value]) -> ir.Value:
        i64 = ir.IntType(64)
        fn = cgutils.get_or_insert_function(builder.module, ir.FunctionType(i64, [i64, i64]), "llvm.x86.bmi.pdep.64")  # type: ignore[no-untyped-call]
        return builder.call(fn, list(args))

    return types.int64(types.int64, types.int64), codegen


_pdep: object = intrinsic(_pdep_typer)


def _has_pdep() -> bool:
    """Whether compiled code here may use ``pdep``: the host has BMI2 and numba targets the host."""
    if os.environ.get("NUMBA_CPU_NAME") or os.environ.get("NUMBA_CPU_FEATURES"):
        return False  # a chosen target (a portable cache): do not assume the host's instructions
    try:
        import llvmlite.binding as llvm

        return bool(llvm.get_host_cpu_features().get("bmi2", False))
    except (ImportError, RuntimeError):
        return False


#: The k-th set bit is one ``pdep`` (and a ``tzcnt``) on this machine.
HAS_PDEP = _has_pdep()

#: Suit (0..3) and rank index (0 for a two .. 12 for an ace) of each code 0..63.
SUIT_OF = np.array([c // 13 for c in range(64)], dtype=np.int64)
RANK_OF = np.array([c % 13 for c in range(64)], dtype=np.int64)


@njit(cache=True, inline="always", error_model="numpy")
def popcount(x: int) -> int:
    """Number of cards in a mask (the machine's bit count)."""
    return _ctpop(np.int64(x))  # type: ignore[operator,no-any-return]


@njit(cache=True, inline="always", error_model="numpy")
def lowest_bit(x: int) -> int:
    """Code of the lowest card of a non-empty mask."""
    return _cttz(np.int64(x))  # type: ignore[operator,no-any-return]


@njit(cache=True, inline="always", error_model="numpy")
def kth_bit_by_pdep(x: int, k: int) -> int:
    """:func:`kth_bit` as one ``pdep`` and a trailing-zero count (needs BMI2: see :data:`HAS_PDEP`)."""
    return _cttz(_pdep(np.int64(1) << np.int64(k), np.int64(x)))  # type: ignore[operator,no-any-return]


@njit(cache=True, inline="always", error_model="numpy")
def kth_bit_by_clearing(x: int, k: int) -> int:
    """:func:`kth_bit` by clearing the ``k`` lowest set bits (any machine)."""
    for _ in range(k):
        x &= x - 1
    return lowest_bit(x)


#: Code of the k-th lowest card (0-based) of a mask with more than k cards.
kth_bit = kth_bit_by_pdep if HAS_PDEP else kth_bit_by_clearing


@njit(cache=True, inline="always", error_model="numpy")
def highest_bit(x: int) -> int:
    """Code of the highest card of a non-empty mask."""
    return 63 - _ctlz(np.int64(x))  # type: ignore[operator,no-any-return]


@njit(cache=True, inline="always", error_model="numpy")
def suit_mask(suit: int) -> int:
    """All thirteen cards of a suit."""
    return 0x1FFF << (13 * suit)


# -- hands of a Wizard deck: four copies of the Wizard and of the Jester --
# A compiled hand of the Wizard deck gives each physical card its own bit:
# the plain cards their codes, the Wizards bits 52-55 and the Jesters bits
# 56-59 (the k-th copy dealt takes the k-th bit of its kind), so a hand's
# mask says how many of each it holds.  The lowest bit of a kind stands for
# the card when a choice is made among distinct cards.

#: The 52 plain cards.
PLAIN_BITS = (1 << 52) - 1
#: The four bits of the Wizards of a compiled Wizard-deck hand.
WIZARD_BITS = 0xF << 52
#: The four bits of the Jesters of a compiled Wizard-deck hand.
JESTER_BITS = 0xF << 56


@njit(cache=True, inline="always", error_model="numpy")
def code_of_bit(bit: int) -> int:
    """The card code of a bit of a compiled Wizard-deck hand (52 a Wizard, 53 a Jester).

    Examples
    --------
    >>> code_of_bit(12), code_of_bit(54), code_of_bit(57)
    (12, 52, 53)
    """
    if bit < 52:
        return bit
    return 52 if bit < 56 else 53


@njit(cache=True, inline="always", error_model="numpy")
def distinct_cards(hand: int) -> int:
    """A compiled Wizard-deck hand with one bit per distinct card: its plain cards, its lowest Wizard and Jester bits.

    Its set bits from the lowest are the distinct cards in card order (plain
    cards, then the Wizard, then the Jester), as the reference engine lists them.

    Examples
    --------
    >>> distinct_cards((1 << 3) | (0b1010 << 52) | (0b0110 << 56)) == (1 << 3) | (1 << 53) | (1 << 57)
    True
    """
    wizards = hand & WIZARD_BITS
    jesters = hand & JESTER_BITS
    return (hand & PLAIN_BITS) | (wizards & -wizards) | (jesters & -jesters)


@njit(cache=True, inline="always", error_model="numpy")
def card_mask(hand: int) -> int:
    """A compiled Wizard-deck hand as the mask of its card codes (bit 52 for any Wizard, 53 for any Jester).

    The form the outcome arrays keep (:mod:`ohhell.sim.arrays`): bit ``code`` for card ``code``.

    Examples
    --------
    >>> card_mask((1 << 3) | (0b1010 << 52)) == (1 << 3) | (1 << 52)
    True
    """
    m = hand & PLAIN_BITS
    if hand & WIZARD_BITS:
        m |= 1 << 52
    if hand & JESTER_BITS:
        m |= 1 << 53
    return m


def mask_of(cards: Iterable[Card]) -> int:
    """The mask of some plain cards (a Wizard or Jester raises ValueError)."""
    m = 0
    for c in cards:
        if not c.is_plain:
            raise ValueError(f"{c} is not a plain card: masks hold the 52 suited cards only")
        m |= 1 << c.code
    return m


def cards_of(mask: int) -> tuple[Card, ...]:
    """The cards of a mask, lowest code first."""
    return tuple(Card(code) for code in range(52) if mask >> code & 1)
