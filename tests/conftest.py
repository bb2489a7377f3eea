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
import time
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


# ---- one compile of each function for the whole run ------------------------------------------------
# Both workers need the simulator's kernels (a minute of compiling each, from an empty cache), and each
# compiled its own copy at the same time: numba's on-disk cache only helps a process that starts compiling
# after another has written it (measured: 296 s of the 911 s a run from an empty cache spent compiling,
# benchmarks/RESULTS-compile.md).  So a process compiling a function of the package holds a lock file of
# that function's, in a folder of the run's; another process about to compile it waits, then loads what
# the first wrote.  Callers take their callees' locks inside their own, and the call graph has no cycles,
# so the waits cannot close a circle; a wait longer than _COMPILE_WAIT compiles anyway.

_COMPILE_LOCKS = "OHHELL_TEST_COMPILE_LOCKS"
_COMPILE_WAIT = 600.0


def compile_one_at_a_time(folder: Path) -> None:
    """Make this process's compiles of the package's functions wait for another process of the run compiling
    the same function; nothing where that cannot be done (no ``fcntl``)."""
    try:
        import fcntl

        from numba.core import sigutils
        from numba.core.compiler_lock import global_compiler_lock
        from numba.core.dispatcher import Dispatcher
    except ImportError:
        return
    original = Dispatcher.compile
    held: set[str] = set()  # the functions this process compiles now (a compile may compile its own again)

    def compile(self: Dispatcher, sig: object) -> object:
        name = f"{self.py_func.__module__}.{self.py_func.__qualname__}"
        args, _ = sigutils.normalize_signature(sig)
        if not name.startswith("ohhell.") or name in held or tuple(args) in self.overloads:
            return original(self, sig)
        with global_compiler_lock, open(folder / f"{name}.lock", "w") as lock:
            deadline = time.monotonic() + _COMPILE_WAIT
            while True:
                try:
                    fcntl.flock(lock, fcntl.LOCK_EX | fcntl.LOCK_NB)
                    break
                except BlockingIOError:
                    if time.monotonic() > deadline:
                        break
                    time.sleep(0.2)
            held.add(name)
            try:
                return original(self, sig)  # numba's cache first: what the other process wrote
            finally:
                held.discard(name)  # the lock goes with the file

    Dispatcher.compile = compile  # type: ignore[method-assign]


def pytest_configure(config: pytest.Config) -> None:
    if not hasattr(config, "workerinput"):  # the controller (or the only process): once for the run
        # learned values (ohhell.cache) in a folder of this run's, shared by its workers, not the user's cache
        config.stash[_LEARNED] = os.environ["OHHELL_CACHE_DIR"] = tempfile.mkdtemp(prefix="ohhell-test-cache-")
        os.environ[_COMPILE_LOCKS] = tempfile.mkdtemp(prefix="ohhell-test-compile-")
        deleted = clear_stale_numba_caches()
        if deleted:
            print(f"compiled sources changed since the last run: {deleted} numba cache files deleted", file=sys.stderr)
    compile_one_at_a_time(Path(os.environ[_COMPILE_LOCKS]))


def pytest_unconfigure(config: pytest.Config) -> None:
    if _LEARNED in config.stash:
        shutil.rmtree(config.stash[_LEARNED], ignore_errors=True)
        shutil.rmtree(os.environ[_COMPILE_LOCKS], ignore_errors=True)
