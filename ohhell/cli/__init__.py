"""The ``ohhell`` command line: one module per command family.

``ohhell variants`` / ``ohhell rules NAME`` (rules_cmd), ``ohhell replay``
(replay_cmd), ``ohhell score`` (score_cmd), ``ohhell play`` (play_cmd),
``ohhell tournament`` (tournament_cmd), ``ohhell one-card`` (one_card_cmd),
``ohhell bid-table`` (bid_table_cmd), ``ohhell study [CONFIG]`` and one
command per study: ``seat-advantage``, ``bid-success``, ``variant-balance``,
``folk-tips`` (study_cmd), ``ohhell analyse`` (analyse_cmd) and
``ohhell advise`` (advise_cmd); ``ohhell dutch simulate|replay|study`` (dutch_cmd).

A command module has a ``register(sub)`` that adds its parsers and imports
the library only inside its handlers (see :mod:`ohhell.cli.common`), so
building the parser stays cheap; a new module is one more name in
:data:`COMMANDS`.  Exit status: 0 done, 2 a bad argument or input (one line
on standard error), 130 interrupted (Ctrl-C; finished work is kept).
"""

from __future__ import annotations

import importlib
import sys
from collections.abc import Sequence

from ohhell.cli.common import Parser, progress_default

__all__ = ["main", "build_parser", "COMMANDS"]

#: The command modules of this package, in the order ``ohhell --help`` lists their commands.
COMMANDS = (
    "rules_cmd",
    "replay_cmd",
    "score_cmd",
    "play_cmd",
    "tournament_cmd",
    "one_card_cmd",
    "bid_table_cmd",
    "study_cmd",
    "analyse_cmd",
    "advise_cmd",
    "dutch_cmd",
)


def build_parser() -> Parser:
    parser = Parser(
        prog="ohhell",
        description="Rules, replay, score sheets and simulation for the Oh Hell family of games.",
    )
    sub = parser.add_subparsers(dest="command", required=True, metavar="COMMAND", parser_class=Parser)
    for name in COMMANDS:
        importlib.import_module(f"ohhell.cli.{name}").register(sub)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; returns the exit status."""
    parser = build_parser()
    args = parser.parse_args(argv)
    args.argv = list(argv) if argv is not None else sys.argv[1:]  # the command as typed, for reports
    progress_default(args)
    try:
        status: int = args.handler(args)
    except BrokenPipeError:
        return 0
    except KeyboardInterrupt as exc:  # the simulation says how far it got and what it kept
        print(f"ohhell {args.command}: {exc or 'interrupted'}", file=sys.stderr)
        return 130
    except (ValueError, OSError) as exc:
        print(f"ohhell {args.command}: {exc}", file=sys.stderr)
        return 2
    return status
