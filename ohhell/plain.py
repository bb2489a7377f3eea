"""A value numba types as ``int64``, not as the constant it is.

Numba compiles a called function again for each literal constant a compiled
caller passes it, and its type inference tries literal arguments on its way:
a loop variable that starts at ``-1`` and is reassigned later is first typed
as the constant, and every non-inlined function it reaches is compiled for
that constant before the loop's own type (``int64``) is known; the final
code then calls the ``int64`` version, and the first was compiled for
nothing.  ``plain(-1)`` starts the variable as an ``int64`` value, so only
that version is built (measured: ``benchmarks/RESULTS-compile.md``).

Examples
--------
>>> from numba import njit
>>> @njit
... def first_suit(hand):
...     led = plain(-1)
...     for s in range(4):
...         if hand >> (13 * s) & 0x1FFF:
...             led = s
...             break
...     return led
>>> first_suit(1 << 20)
1
"""

from __future__ import annotations

from numba import njit

__all__ = ["plain"]


@njit(cache=True, inline="always", error_model="numpy")
def plain(x: int) -> int:
    """``x`` as an ``int64`` value rather than a constant (see the module)."""
    return int(x)
