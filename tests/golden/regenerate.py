"""Rewrite the golden match logs: ``python -m tests.golden.regenerate [PRESET ...] [--out DIR]``.

One seeded full match per preset (:data:`PLAYERS`, seed :data:`SEED`,
:class:`~ohhell.strategies.RandomStrategy` at every seat), stored as JSON
Lines in ``tests/golden/<preset>.jsonl``: one deal per line, the deal record
(:meth:`ohhell.records.DealRecord.to_dict`) plus its ``scores``.  Each line is
a valid deal record, so ``ohhell replay tests/golden/boerenbridge.jsonl
--rules boerenbridge`` reads it too.

Run it only when a change of the engine's output is intended, and review the
diff.  Importing this module writes nothing.
"""

from __future__ import annotations

import argparse
import json
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from ohhell.engine import play_match
from ohhell.records import DealRecord
from ohhell.rules import preset
from ohhell.strategies import RandomStrategy

__all__ = ["GOLDEN_DIR", "SEED", "PLAYERS", "COMMAND", "golden_path", "golden_lines", "dumps", "read", "main"]

GOLDEN_DIR = Path(__file__).resolve().parent
SEED = 2026
#: The presets with a golden match, and their player counts.
PLAYERS: dict[str, int] = {"boerenbridge": 4, "bondebridge": 4, "up-and-down-the-river": 4, "openspiel": 3}
COMMAND = "python -m tests.golden.regenerate"

Line = dict[str, Any]


def golden_path(name: str, folder: Path = GOLDEN_DIR) -> Path:
    return folder / f"{name}.jsonl"


def golden_lines(name: str) -> list[Line]:
    """The seeded match of preset ``name``, one dict per deal: the record plus ``scores``."""
    rules = preset(name, PLAYERS[name])
    match = play_match(rules, [RandomStrategy()] * rules.players, seed=SEED)
    lines = []
    for deal in match.deals:
        line = DealRecord.from_result(deal).to_dict()
        line["scores"] = list(deal.scores)
        lines.append(line)
    return lines


def dumps(lines: Sequence[Line]) -> str:
    """The file's text: one compact JSON object per line."""
    return "".join(json.dumps(line) + "\n" for line in lines)


def read(path: Path) -> list[Line]:
    """The lines of a golden file."""
    with open(path, encoding="utf-8") as fh:
        return [json.loads(text) for text in fh if text.strip()]


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog=COMMAND, description="Rewrite the golden match logs.")
    parser.add_argument("presets", nargs="*", metavar="PRESET", help=f"default: all of {', '.join(sorted(PLAYERS))}")
    parser.add_argument("--out", type=Path, default=GOLDEN_DIR, help="folder to write to (default: tests/golden)")
    args = parser.parse_args(argv)
    unknown = [name for name in args.presets if name not in PLAYERS]
    if unknown:
        parser.error(f"no golden match for {', '.join(unknown)}; choose from {', '.join(sorted(PLAYERS))}")
    for name in args.presets or sorted(PLAYERS):
        path = golden_path(name, args.out)
        lines = golden_lines(name)
        path.write_text(dumps(lines), encoding="utf-8")
        print(f"{name}: {len(lines)} deals written to {path}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
