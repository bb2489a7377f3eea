"""The package's version, for modules that record it in their results (``pyproject.toml`` reads it here).

Kept apart from ``ohhell/__init__.py`` so that recording it does not import the package's front door.
"""

from __future__ import annotations

__all__ = ["__version__"]

__version__ = "0.1.0"
