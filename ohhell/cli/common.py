"""What the commands share: the rules options, ``--jobs`` and ``--progress``, and help text filled in late.

Command modules import the library inside their handlers, not at the top,
so that building the parser (``ohhell --help``, ``ohhell variants``) loads
neither numba nor pandas, scipy or matplotlib.  Help text that lists names
kept in the library (the presets, the strategies...) writes a placeholder
such as ``{presets}``; :class:`HelpFormatter` fills it in only when a help
page is printed.

The conventions of every command that simulates:

- ``--jobs N``: worker processes; default every core (``-1``; ``-2`` all but
  one, as joblib counts).  Results never depend on it.  ``--n-jobs`` is a
  deprecated spelling that still works.
- ``--progress`` / ``--no-progress``: progress bars on standard error;
  by default on when standard error is a terminal (not in a log or a pipe),
  see :func:`progress_default`.
"""

from __future__ import annotations

import argparse
import re
import sys
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from ohhell.rules import Rules

__all__ = [
    "HelpFormatter",
    "Parser",
    "PLACEHOLDERS",
    "fill",
    "add_rules_options",
    "add_run_options",
    "progress_default",
    "rules_from",
    "jobs",
    "DEFAULT_JOBS",
]

#: ``--jobs`` when not given: every core.
DEFAULT_JOBS = -1


def _presets() -> str:
    from ohhell.rules import PRESETS

    return ", ".join(sorted(PRESETS))


def _strategies() -> str:
    from ohhell.strategies.registry import NAMES

    return ", ".join(NAMES)


def _bucket_columns() -> str:
    from ohhell.studies.bid_tables import BUCKET_COLUMNS

    return ", ".join(BUCKET_COLUMNS)


def _default_by() -> str:
    from ohhell.studies.bid_tables import DEFAULT_BY

    return ",".join(DEFAULT_BY)


def _changes() -> str:
    from ohhell.studies.variants import CHANGES

    return "; ".join(f"{k}: {', '.join(v)}{', fixed-N' if k == 'schedule' else ''}" for k, v in CHANGES.items())


#: Placeholders a help text may hold, each filled in by importing where the names live.
PLACEHOLDERS: dict[str, Callable[[], str]] = {
    "presets": _presets,
    "strategies": _strategies,
    "bucket_columns": _bucket_columns,
    "default_by": _default_by,
    "changes": _changes,
}

_PLACEHOLDER = re.compile(r"\{(" + "|".join(PLACEHOLDERS) + r")\}")


def fill(text: str) -> str:
    """``text`` with its placeholders (``{presets}``...) replaced by the names they stand for."""
    return _PLACEHOLDER.sub(lambda m: PLACEHOLDERS[m.group(1)](), text)


class HelpFormatter(argparse.HelpFormatter):
    """argparse's formatter, filling in the placeholders of help texts, descriptions and epilogs."""

    def _get_help_string(self, action: argparse.Action) -> str | None:
        text = super()._get_help_string(action)
        return fill(text) if text else text

    def _format_text(self, text: str) -> str:
        return super()._format_text(fill(text))


class Parser(argparse.ArgumentParser):
    """An argument parser that formats its help with :class:`HelpFormatter` (subcommands included)."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        kwargs.setdefault("formatter_class", HelpFormatter)
        super().__init__(*args, **kwargs)


def add_rules_options(parser: argparse.ArgumentParser, *, players_required: bool = False) -> None:
    parser.add_argument("--rules", required=True, metavar="NAME", help="preset: {presets}")
    parser.add_argument(
        "--players", type=int, required=players_required, default=None, help="number of players (preset default)"
    )


def rules_from(args: argparse.Namespace, players: int | None = None) -> Rules:
    """The preset named by ``--rules`` for ``--players`` (or ``players`` when not given)."""
    from ohhell.rules import preset

    n = args.players if args.players is not None else players
    return preset(args.rules, n)


def jobs(text: str) -> int:
    """``--jobs``: a whole number other than 0."""
    try:
        n = int(text)
    except ValueError:
        n = 0
    if n == 0:
        raise argparse.ArgumentTypeError(f"takes a whole number of worker processes (-1: every core), got {text!r}")
    return n


class _Deprecated(argparse.Action):
    """A hidden old spelling of an option: still works, with a note on standard error."""

    def __init__(self, *args: Any, instead: str, **kwargs: Any) -> None:
        self.instead = instead
        super().__init__(*args, **kwargs)

    def __call__(
        self,
        parser: argparse.ArgumentParser,
        namespace: argparse.Namespace,
        values: str | Sequence[Any] | None,
        option_string: str | None = None,
    ) -> None:
        print(f"note: {option_string} is deprecated, use {self.instead}", file=sys.stderr)
        setattr(namespace, self.dest, values)


def add_run_options(parser: argparse.ArgumentParser) -> None:
    """``--jobs N`` (and the old ``--n-jobs``) and ``--progress/--no-progress``, the same for every command."""
    parser.add_argument(
        "--jobs",
        type=jobs,
        default=DEFAULT_JOBS,
        metavar="N",
        help="worker processes (default: every core; 1: none, in this process); results do not depend on it",
    )
    parser.add_argument(
        "--n-jobs", dest="jobs", type=jobs, default=argparse.SUPPRESS, action=_Deprecated, instead="--jobs",
        help=argparse.SUPPRESS,
    )  # fmt: skip
    parser.add_argument(
        "--progress",
        action=argparse.BooleanOptionalAction,
        default=None,
        help="progress bars on standard error (default: on when it is a terminal)",
    )


def progress_default(args: argparse.Namespace) -> None:
    """Settle ``--progress`` when neither it nor ``--no-progress`` was given: on when standard error is a terminal."""
    if getattr(args, "progress", False) is None:
        args.progress = sys.stderr.isatty()
