"""The ``ohhell`` command line: one module per command family.

``ohhell variants`` / ``ohhell rules NAME`` (rules_cmd), ``ohhell replay``
(replay_cmd), ``ohhell score`` (score_cmd), ``ohhell play`` (play_cmd),
``ohhell tournament`` (tournament_cmd), ``ohhell one-card`` (one_card_cmd),
``ohhell bid-table`` (bid_table_cmd), ``ohhell study [CONFIG]`` and one
command per study: ``seat-advantage``, ``bid-success``, ``variant-balance``,
``folk-tips`` (study_cmd), ``ohhell analyse`` (analyse_cmd) and
``ohhell advise`` (advise_cmd); ``ohhell dutch simulate|replay`` (dutch_cmd).
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence

from ohhell.cli import (
    advise_cmd,
    analyse_cmd,
    bid_table_cmd,
    dutch_cmd,
    one_card_cmd,
    play_cmd,
    replay_cmd,
    rules_cmd,
    score_cmd,
    study_cmd,
    tournament_cmd,
)

__all__ = ["main", "build_parser"]


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="ohhell",
        description="Rules, replay, score sheets and simulation for the Oh Hell family of games.",
    )
    sub = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")
    modules = (
        rules_cmd,
        replay_cmd,
        score_cmd,
        play_cmd,
        tournament_cmd,
        one_card_cmd,
        bid_table_cmd,
        study_cmd,
        analyse_cmd,
        advise_cmd,
        dutch_cmd,
    )
    for module in modules:
        module.register(sub)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; returns the exit status."""
    parser = build_parser()
    args = parser.parse_args(argv)
    args.argv = list(argv) if argv is not None else sys.argv[1:]  # the command as typed, for reports
    try:
        status: int = args.handler(args)
    except BrokenPipeError:
        return 0
    except (ValueError, OSError) as exc:
        print(f"ohhell {args.command}: {exc}", file=sys.stderr)
        return 2
    return status
