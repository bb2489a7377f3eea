"""``ohhell variants`` and ``ohhell rules NAME``."""

from __future__ import annotations

import argparse
from typing import Any


def register(sub: Any) -> None:
    p = sub.add_parser("variants", help="list the presets with a one-line description")
    p.set_defaults(handler=variants)
    p = sub.add_parser("rules", help="print one preset in full")
    p.add_argument("name", help="preset name: {presets}")
    p.add_argument("--players", type=int, default=None, help="number of players (preset default)")
    p.set_defaults(handler=show)


def variants(args: argparse.Namespace) -> int:
    from ohhell.rules.presets import DESCRIPTIONS

    width = max(map(len, DESCRIPTIONS))
    for name, text in sorted(DESCRIPTIONS.items()):
        print(f"{name:<{width}}  {text}")
    return 0


def show(args: argparse.Namespace) -> int:
    from ohhell.rules import preset

    print(preset(args.name, args.players).describe())
    return 0
