"""Contract of ohhell.unowned: a view of the same memory, C-contiguous arrays only."""

from __future__ import annotations

import numpy as np
import pytest
from numba import njit
from numba.core.errors import TypingError

from ohhell.unowned import unowned


@njit
def _write_through(a: np.ndarray, b: np.ndarray) -> float:
    va = unowned(a)
    vb = unowned(b)
    va[1, 2] = 7
    vb[0] = False
    return float(va.sum())


def test_a_view_reads_and_writes_the_array_of_any_dtype_and_shape() -> None:
    a = np.arange(12, dtype=np.int64).reshape(3, 4)
    b = np.array([True, True])
    assert _write_through(a, b) == float(np.arange(12).sum() - 6 + 7)
    assert a[1, 2] == 7
    assert b.tolist() == [False, True]


def test_an_array_that_is_not_c_contiguous_is_refused_when_compiled() -> None:
    a = np.arange(12, dtype=np.int64).reshape(3, 4)[:, ::2]
    with pytest.raises(TypingError, match="C-contiguous"):
        _write_through(a, np.array([True]))
