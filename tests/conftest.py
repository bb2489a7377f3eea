"""Test configuration: the hypothesis profile every property test runs under.

The ``ci`` profile is derandomized (the same examples on every run and every
machine), has no per-example deadline (no wall-clock assertions) and a
moderate number of examples so the whole suite stays fast.  Set the
``HYPOTHESIS_PROFILE`` environment variable to use another registered profile
(``thorough`` runs many more examples, still derandomized).

Before a run, numba's cache files of the package are deleted when a module
holding compiled code changed since the last run (numba itself only notices
an edit of a function's own file), and learned values are kept in a folder
of the run's own (``OHHELL_CACHE_DIR``), shared by its workers.
"""

import os
import shutil
import sys
import tempfile
from pathlib import Path

import pytest
from hypothesis import settings

from ohhell.cache import PACKAGE, compiled_sources_digest

settings.register_profile("ci", deadline=None, max_examples=60, derandomize=True, database=None, print_blob=True)
settings.register_profile("thorough", deadline=None, max_examples=1000, derandomize=True, database=None)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "ci"))


# ---- numba's on-disk cache against edits of another file ------------------------------------------
# Numba keys a cached function on its own file only: after an edit of a compiled function in another
# file that it calls (or inlines), it would load the old machine code, and the suite would test that.
# Before the run (in the xdist controller only), the caches are cleared whenever any module holding
# compiled code has changed since the last run.

STAMP = PACKAGE / "__pycache__" / "compiled-sources.sha256"
_LEARNED = pytest.StashKey[str]()


def clear_stale_numba_caches() -> int:
    """Delete numba's cache files of the package when its compiled sources changed since the last call;
    returns how many were deleted."""
    now = compiled_sources_digest()
    if STAMP.exists() and STAMP.read_text() == now:
        return 0
    where = [PACKAGE]
    if os.environ.get("NUMBA_CACHE_DIR"):
        where.append(Path(os.environ["NUMBA_CACHE_DIR"]))
    deleted = 0
    for root in where:
        for pattern in ("*.nbi", "*.nbc"):
            for path in root.rglob(pattern):
                path.unlink(missing_ok=True)
                deleted += 1
    STAMP.parent.mkdir(exist_ok=True)
    STAMP.write_text(now)
    return deleted


def pytest_configure(config: pytest.Config) -> None:
    if hasattr(config, "workerinput"):  # an xdist worker: its controller has done it
        return
    # learned values (ohhell.cache) in a folder of this run's, shared by its workers, not the user's cache
    config.stash[_LEARNED] = os.environ["OHHELL_CACHE_DIR"] = tempfile.mkdtemp(prefix="ohhell-test-cache-")
    deleted = clear_stale_numba_caches()
    if deleted:
        print(f"compiled sources changed since the last run: {deleted} numba cache files deleted", file=sys.stderr)


def pytest_unconfigure(config: pytest.Config) -> None:
    if _LEARNED in config.stash:
        shutil.rmtree(config.stash[_LEARNED], ignore_errors=True)
