"""Golden test: a seeded Dutch match whose full log is checked in (``tests/golden/dutch.jsonl``).

One line per round: the round record (deal, reshuffles, every action, caller,
final hands, scores) and the match totals after it.  Regenerate after an
intended change with ``python -m tests.test_dutch_golden`` and review the diff.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from ohhell.dutch import MemoryPlayer, Player, RandomPlayer, ThresholdPlayer, dutch, iter_match
from ohhell.dutch.record import RoundRecord, replay

PATH = Path(__file__).parent / "golden" / "dutch.jsonl"
COMMAND = "python -m tests.test_dutch_golden"
SEED = 2026


def golden_lines() -> list[dict[str, Any]]:
    """The seeded match: 4 players (threshold, random, memory, random), limit 100, seed 2026."""
    players: list[Player] = [ThresholdPlayer(), RandomPlayer(), MemoryPlayer(), RandomPlayer()]
    lines = []
    for result, totals, over in iter_match(dutch(4), players, seed=SEED):
        line = RoundRecord.from_result(result).to_json()
        line["totals"] = list(totals)
        line["match_over"] = over
        lines.append(line)
    return lines


def test_the_seeded_match_matches_the_golden_log() -> None:
    assert PATH.exists(), f"{PATH} is missing; create it with `{COMMAND}`"
    stored = [json.loads(line) for line in PATH.read_text().splitlines()]
    now = golden_lines()
    for i, (old, new) in enumerate(zip(stored, now), start=1):
        for key in old.keys() | new.keys():
            assert old.get(key) == new.get(key), (
                f"round {i} field {key!r} differs from the golden log; if intended, regenerate with `{COMMAND}`"
            )
    assert len(stored) == len(now)
    assert stored[-1]["match_over"] and not any(line["match_over"] for line in stored[:-1])


def test_the_golden_log_replays_to_its_scores_and_totals() -> None:
    stored = [json.loads(line) for line in PATH.read_text().splitlines()]
    totals = [0, 0, 0, 0]
    for line in stored:
        result = replay(RoundRecord.from_json(line))  # checks caller, final hands and scores too
        totals = [t + s for t, s in zip(totals, result.scores)]
        assert totals == line["totals"]
    assert max(totals) >= 100


if __name__ == "__main__":
    PATH.write_text("".join(json.dumps(line) + "\n" for line in golden_lines()))
    print(f"wrote {PATH}")
