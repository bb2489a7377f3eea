"""The solver's compiled functions index their arrays without Python's negative indices.

numba lowers ``a[i]`` for a signed ``i`` as Python reads it: ``i + len(a)`` when
``i < 0``, a compare and a select at every access.  The solver indexes its state
and table arrays only at offsets that are never negative (the layout of
:mod:`ohhell.strategies.solver.layout`), hundreds of times a node, so its own
functions are lowered without that step.  :func:`install` wraps numba's
``fix_integer_index``, which every integer index of an array goes through while
a function is lowered: for a function of this package (told by its mangled name,
which starts with the package's qualified name) it only casts the index; every
other function is lowered as numba makes it.  Measured deal by deal
(``benchmarks/RESULTS-solver.md``): ``trick_bounds`` 1.18x faster at 4 x 10 and
1.14x at 4 x 7, the same answers.

:mod:`ohhell.strategies.solver.layout`, which every compiled module of the solver
imports, installs it, so the hook is in place before any solver function
compiles.  Code compiled before it (none of the solver's, in this
package) keeps numba's indexing; if numba's internals change and the hook is
missing, nothing is installed and the solver is slower, not wrong.  A negative
index in the solver would now read outside its array: the tests run the solver
with numba's bounds checks on, which then raise
(``tests/test_solver_indexing.py``).
"""

from __future__ import annotations

from typing import Any

__all__ = ["install", "installed", "mangled_prefix"]

_PACKAGE = __name__.rpartition(".")[0]  # ohhell.strategies.solver (or a renamed copy of the package)


def mangled_prefix(qualified: str) -> str:
    """The start of numba's mangled names of the functions of module or package ``qualified``:
    ``_ZN`` and each dotted part as its length and itself (``_ZN6ohhell10strategies6solver``)."""
    return "_ZN" + "".join(f"{len(part)}{part}" for part in qualified.split("."))


def installed() -> bool:
    """Whether the hook for this package is in numba's indexing."""
    try:
        from numba.np import arrayobj
    except ImportError:  # pragma: no cover - numba's layout changed
        return False
    hook = getattr(arrayobj, "fix_integer_index", None)
    while hook is not None:
        if getattr(hook, "solver_package", None) == _PACKAGE:
            return True
        hook = getattr(hook, "wrapped", None)
    return False


def install() -> None:
    """Put the hook in numba's indexing (once per package name; other packages' hooks are kept)."""
    if installed():
        return
    try:
        from numba.core import types
        from numba.np import arrayobj
    except ImportError:  # pragma: no cover - numba's layout changed
        return
    original = getattr(arrayobj, "fix_integer_index", None)
    if original is None:  # pragma: no cover - numba's layout changed
        return
    prefix = mangled_prefix(_PACKAGE)

    def fix_integer_index(context: Any, builder: Any, idxty: Any, idx: Any, size: Any) -> Any:
        if idxty.signed and builder.function.name.startswith(prefix):
            return context.cast(builder, idx, idxty, types.intp)
        return original(context, builder, idxty, idx, size)

    fix_integer_index.solver_package = _PACKAGE  # type: ignore[attr-defined]
    fix_integer_index.wrapped = original  # type: ignore[attr-defined]
    arrayobj.fix_integer_index = fix_integer_index
