"""Options shared by several commands."""

from __future__ import annotations

import argparse

from ohhell.rules import PRESETS, Rules, preset


def add_rules_options(parser: argparse.ArgumentParser, *, players_required: bool = False) -> None:
    parser.add_argument("--rules", required=True, metavar="NAME", help=f"preset: {', '.join(sorted(PRESETS))}")
    parser.add_argument(
        "--players", type=int, required=players_required, default=None, help="number of players (preset default)"
    )


def rules_from(args: argparse.Namespace, players: int | None = None) -> Rules:
    """The preset named by ``--rules`` for ``--players`` (or ``players`` when not given)."""
    n = args.players if args.players is not None else players
    return preset(args.rules, n)
