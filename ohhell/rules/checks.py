"""Checks the rule policies run when they are built.

Each check names the field (``"ExactBonus.base"``), says what is allowed and
shows what was given, and returns the value in the form the policy keeps
(a Python ``int`` for a NumPy integer, a tuple for a list).  A wrong type is a
:class:`TypeError`, a value out of range a :class:`ValueError`.

The engines count scores in 64-bit integers, so every score value is an
integer of at most :data:`SCORE_LIMIT` in size: the largest table entry then
stays below 10**14, far from overflowing a match total.

Examples
--------
>>> integer("FixedHands.size", 2.5, low=1)
Traceback (most recent call last):
...
TypeError: FixedHands.size must be an integer >= 1, got 2.5 (float)
>>> integers("BlindRounds.hand_sizes", [1, 2], low=1)
(1, 2)
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np

__all__ = [
    "SCORE_LIMIT",
    "MAX_HAND",
    "MAX_ROUNDS",
    "is_integer",
    "integer",
    "optional_integer",
    "score_value",
    "flag",
    "choice",
    "items",
    "integers",
    "policy",
    "store",
]

#: Largest size of a score value (a bonus, a factor, a multiplier, a consolation).
SCORE_LIMIT = 1_000_000
#: Largest hand size a schedule may name (the largest deck of the library has 104 cards).
MAX_HAND = 1000
#: Largest round count (or round index + 1) a policy may name.
MAX_ROUNDS = 1000


def _given(value: object) -> str:
    return f"{value!r} ({type(value).__name__})"


def _range(low: int | None, high: int | None) -> str:
    if low is not None and high is not None:
        return f"from {low} to {high}"
    if low is not None:
        return f">= {low}"
    if high is not None:
        return f"<= {high}"
    return ""


def is_integer(value: object) -> bool:
    """An ``int`` or NumPy integer, not a bool."""
    return isinstance(value, (int, np.integer)) and not isinstance(value, (bool, np.bool_))


def integer(
    owner: str, value: object, *, low: int | None = None, high: int | None = None, alternative: str = ""
) -> int:
    """``value`` as an ``int`` (NumPy integers accepted; bool and float refused), within ``low..high``.

    ``alternative`` completes the message (``" or None"``) when the caller allows something else.
    """
    what = " ".join(("an integer", _range(low, high))).strip() + alternative
    if not isinstance(value, (int, np.integer)) or isinstance(value, (bool, np.bool_)):
        raise TypeError(f"{owner} must be {what}, got {_given(value)}")
    number = int(value)
    if (low is not None and number < low) or (high is not None and number > high):
        raise ValueError(f"{owner} must be {what}, got {number}")
    return number


def optional_integer(
    owner: str, value: object, *, low: int | None = None, high: int | None = None, none: str = ""
) -> int | None:
    """None, or :func:`integer` (``none`` says what None means)."""
    if value is None:
        return None
    return integer(owner, value, low=low, high=high, alternative=f" or None{none}")


def score_value(owner: str, value: object, *, low: int = -SCORE_LIMIT) -> int:
    """An integer score value of at most :data:`SCORE_LIMIT` in size."""
    return integer(owner, value, low=low, high=SCORE_LIMIT)


def flag(owner: str, value: object) -> bool:
    """``True`` or ``False`` (a NumPy bool accepted); 0, 1 and strings refused."""
    if not isinstance(value, (bool, np.bool_)):
        raise TypeError(f"{owner} must be True or False, got {_given(value)}")
    return bool(value)


def choice(owner: str, value: object, options: Sequence[str]) -> str:
    """One of the strings ``options``."""
    if not isinstance(value, str) or value not in options:
        allowed = ", ".join(repr(o) for o in options)
        error = ValueError if isinstance(value, str) else TypeError
        raise error(f"{owner} must be one of {allowed}, got {_given(value)}")
    return value


def items(owner: str, value: object, example: str) -> tuple[object, ...]:
    """A list or tuple (any sequence but a string) as a tuple."""
    if isinstance(value, (str, bytes)) or not isinstance(value, (Sequence, np.ndarray)):
        raise TypeError(f"{owner} must be a tuple, e.g. {example}, got {_given(value)}")
    return tuple(value)


def integers(
    owner: str,
    value: object,
    *,
    low: int | None = None,
    high: int | None = None,
    unique: bool = False,
    non_empty: bool = False,
) -> tuple[int, ...]:
    """A sequence of integers within ``low..high`` as a tuple of ``int``."""
    example = "(1, 2)" if low is None or low >= 1 else "(0, 1)"
    out = tuple(integer(f"{owner}[{i}]", v, low=low, high=high) for i, v in enumerate(items(owner, value, example)))
    if non_empty and not out:
        raise ValueError(f"{owner} must name at least one value, e.g. {example}")
    if unique and len(set(out)) != len(out):
        raise ValueError(f"{owner} must name each value at most once, got {out}")
    return out


def policy(owner: str, value: object, kind: type, examples: str) -> None:
    """``value`` is an instance (not the class) of the protocol ``kind``."""
    if isinstance(value, type):
        raise TypeError(f"{owner} must be a policy instance: write {value.__name__}(), not {value.__name__}")
    if not isinstance(value, kind):
        raise TypeError(f"{owner} must be a {kind.__name__} policy ({examples}), got {_given(value)}")


def store(obj: object, name: str, value: object) -> None:
    """Set a field of a frozen dataclass from its ``__post_init__`` (the checked, normalised value)."""
    object.__setattr__(obj, name, value)
