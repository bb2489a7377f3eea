"""The on-disk cache of what ohhell learns once: the card-odds chances.

Learned values are deterministic (fixed seeds), so a process may load what
another one learned instead of learning it again: a study's workers, the
next session of a notebook, the next run of a script.  They are kept by
:class:`joblib.Memory` (keyed by the learning function's code and
arguments) in a folder per version of the package's compiled code
(:func:`compiled_sources_digest`), so an edit of any compiled function,
which changes what self-play learns, starts a new folder.

Where: the environment variable ``OHHELL_CACHE_DIR`` (``off`` keeps nothing
on disk), else ``$XDG_CACHE_HOME/ohhell``, else ``~/.cache/ohhell``.  A
folder that cannot be written is passed over with a warning: the values are
then learned in each process, as they are with ``off``.

Examples
--------
>>> len(compiled_sources_digest())
64
"""

from __future__ import annotations

import hashlib
import os
import warnings
from functools import cache
from pathlib import Path

from joblib import Memory

__all__ = ["memory", "cache_folder", "compiled_sources_digest", "PACKAGE"]

#: The package's folder.
PACKAGE = Path(__file__).resolve().parent
#: Data files compiled code reads (their content changes what it computes).
_DATA = ("strategies/distilled_weights.json",)


def compiled_sources_digest() -> str:
    """A SHA-256 digest of every module of the package that holds compiled code, and of the data they read."""
    digest = hashlib.sha256()
    for path in sorted(PACKAGE.rglob("*.py")):
        text = path.read_bytes()
        if b"njit" in text or b"@intrinsic" in text:
            digest.update(str(path.relative_to(PACKAGE)).encode() + b"\0" + text + b"\0")
    for name in _DATA:
        digest.update(name.encode() + b"\0" + (PACKAGE / name).read_bytes() + b"\0")
    return digest.hexdigest()


def cache_folder() -> Path | None:
    """The folder of the on-disk cache (None: ``OHHELL_CACHE_DIR=off``), without the version folder."""
    where = os.environ.get("OHHELL_CACHE_DIR", "")
    if where.strip().lower() == "off":
        return None
    if where:
        return Path(where).expanduser()
    xdg = os.environ.get("XDG_CACHE_HOME", "")
    return (Path(xdg) if xdg else Path.home() / ".cache") / "ohhell"


@cache
def memory() -> Memory:
    """The process's :class:`joblib.Memory` (its ``location`` None when nothing is kept on disk)."""
    folder = cache_folder()
    if folder is None:
        return Memory(None, verbose=0)
    version = folder / compiled_sources_digest()[:16]
    try:
        version.mkdir(parents=True, exist_ok=True)
        probe = version / ".writable"
        probe.touch()
    except OSError as err:
        warnings.warn(
            f"ohhell cannot keep learned values in {folder} ({err}); they are learned in each process"
            " (set OHHELL_CACHE_DIR to a writable folder, or to 'off' to silence this)",
            RuntimeWarning,
            stacklevel=2,
        )
        return Memory(None, verbose=0)
    return Memory(version, verbose=0)
