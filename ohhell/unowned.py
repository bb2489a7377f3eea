"""Views of arrays that carry no reference count, for compiled loops that call many small functions.

Numba counts the references of every array it hands to a compiled function:
two atomic updates per array and call, inlined or not (an inlined argument
becomes an assignment, which counts too).  A loop that passes a bundle of
ten arrays to a step function per deal pays twenty atomic updates a deal for
nothing.  :func:`unowned` returns a view of the same memory without an owner
(its meminfo is null, so the counts are no-ops).

The view does not keep the memory alive: the caller must hold the array
itself for as long as the view is used.  The pattern is an outer function
that allocates (or receives) the arrays and passes them to an inner function,
whose arguments keep them alive while it builds its views and works.  Only
C-contiguous arrays are accepted (a compile-time error otherwise), so the
view has the array's shape and layout.

Examples
--------
>>> import numpy as np
>>> from numba import njit
>>> @njit
... def total(a):
...     v = unowned(a)
...     v[0] = 10
...     return v.sum()
>>> a = np.arange(4)
>>> int(total(a)), a.tolist()
(16, [10, 1, 2, 3])
"""

from __future__ import annotations

import numpy as np
from numba import njit, types
from numba.core.errors import TypingError
from numba.extending import intrinsic
from numba.np.numpy_support import carray

__all__ = ["unowned"]


@intrinsic
def _data_pointer(typingctx: object, array: types.Array) -> tuple[object, object]:
    """A pointer to a C-contiguous array's data, typed by its dtype."""
    if not isinstance(array, types.Array) or array.layout != "C":
        raise TypingError(f"unowned() takes a C-contiguous array, got {array}")
    pointer = types.CPointer(array.dtype)  # type: ignore[no-untyped-call]  # numba's types are untyped
    sig = pointer(array)

    def codegen(context, builder, signature, args):  # type: ignore[no-untyped-def]
        return context.make_array(signature.args[0])(context, builder, args[0]).data

    return sig, codegen


@njit(cache=True, inline="always", error_model="numpy")
def unowned(array: np.ndarray) -> np.ndarray:
    """A view of ``array`` (C-contiguous) with no reference count; ``array`` must outlive it."""
    return carray(_data_pointer(array), array.shape)  # type: ignore[call-arg]  # typed by numba
