"""``ohhell dutch simulate``, ``ohhell dutch replay FILE`` and ``ohhell dutch study CONFIG``: the game Dutch."""

from __future__ import annotations

import argparse
import csv
import json
import sys
from typing import Any

from ohhell.cli.common import add_run_options, progress_default

__all__ = ["register"]


def register(sub: Any) -> None:
    p = sub.add_parser(
        "dutch",
        help="Dutch, the face-down memory game: simulate rounds, replay recorded rounds",
        description="Dutch (see docs/games/dutch.md): the app's canonical rules, 2 to 10 players.",
    )
    dsub = p.add_subparsers(dest="dutch_command", required=True, metavar="SUBCOMMAND")
    s = dsub.add_parser(
        "simulate",
        help="play seeded rounds (matches back to back) and write one JSON object or CSV row per round",
        description="Matches are played back to back until ROUNDS rounds are written; match m is seeded by child m"
        " of SeedSequence(SEED). A summary line (calls made and their success rate with a 95%% Wilson interval)"
        " goes to stderr.",
    )
    s.add_argument("--players", type=int, default=4, help="number of players, 2..10 (default 4)")
    s.add_argument("--rounds", type=int, default=10, help="number of rounds to write (default 10)")
    s.add_argument("--seed", type=int, default=2026, help="seed (default 2026)")
    s.add_argument("--format", choices=("json", "csv"), default="json", help="json: JSON Lines (default); csv")
    s.add_argument("--limit", type=int, default=100, help="score limit of a match (default 100)")
    s.add_argument(
        "--player",
        action="append",
        default=None,
        metavar="NAME",
        help="player for every seat, or repeat once per seat: random, threshold, memory (default threshold)",
    )
    s.add_argument("--records", default=None, metavar="FILE", help="also write each round's record (JSON Lines)")
    s.set_defaults(handler=run_simulate)
    r = dsub.add_parser(
        "replay",
        help="validate recorded rounds and score them",
        description="FILE holds one round record, a JSON list of them, or JSON Lines (docs/games/dutch.md). Bad"
        " rounds are reported on stderr; the others are still scored. Exit status 1 if any failed.",
    )
    r.add_argument("file", help="round records (JSON or JSON Lines)")
    r.add_argument("--format", choices=("json", "table"), default="table")
    r.set_defaults(handler=run_replay)
    st = dsub.add_parser(
        "study",
        help="run a Dutch study from a TOML config (analysis/dutch-*.toml) into analysis/results/",
        description="Runs the study a config names (docs/games/dutch-studies.md) and writes its tables (CSV),"
        " figure.png and report.md (headline findings with 95%% intervals) to results/<config name>/ beside the"
        " config. A rerun of the same config reads the tables back.",
    )
    st.add_argument("config", help="the study config (TOML)")
    st.add_argument("--scale", type=float, default=1.0, help="multiply every rounds and matches count (default 1)")
    st.add_argument("--out", default=None, help="output folder (default results/<config name>[-scale<S>]/)")
    add_run_options(st)
    st.set_defaults(handler=run_dutch_study)


def run_simulate(args: argparse.Namespace) -> int:
    import numpy as np

    from ohhell.dutch import dutch, iter_match, match_winners, player
    from ohhell.dutch.cards import text
    from ohhell.dutch.record import RoundRecord, write_jsonl
    from ohhell.stats import proportion_ci

    if args.rounds < 1:
        raise ValueError(f"--rounds must be at least 1, got {args.rounds}")
    rules = dutch(args.players, limit=args.limit)
    names = args.player or ["threshold"]
    if len(names) == 1:
        names = names * rules.players
    if len(names) != rules.players:
        raise ValueError(f"--player: give one name for every seat or one per seat ({rules.players}), got {len(names)}")
    players = [player(n) for n in names]
    root = np.random.SeedSequence(args.seed)
    rows: list[dict[str, Any]] = []
    records: list[RoundRecord] = []
    match = 0
    while len(rows) < args.rounds:
        seed = np.random.SeedSequence(root.entropy, spawn_key=(match,))
        for result, totals, over in iter_match(rules, players, seed=seed):
            rows.append(
                {
                    "match": match,
                    "round": result.round_index,
                    "players": rules.players,
                    "first": result.first,
                    "caller": result.caller,
                    "call_succeeded": result.call_succeeded,
                    "ended": result.ended,
                    "turns": result.turns,
                    "final_hands": [[text(c) for c in h] for h in result.final_hands],
                    "values": list(result.values),
                    "scores": list(result.scores),
                    "totals": list(totals),
                    "match_over": over,
                    "winners": list(match_winners(totals)) if over else None,
                }
            )
            if args.records:
                records.append(RoundRecord.from_result(result))
            if len(rows) == args.rounds:
                break
        match += 1
    if args.format == "json":
        for row in rows:
            print(json.dumps(row))
    else:
        n = rules.players
        writer = csv.writer(sys.stdout)
        head = ["match", "round", "players", "first", "caller", "call_succeeded", "ended", "turns"]
        seats = [f"{k}_{s}" for k in ("hand", "score", "total") for s in range(n)]
        writer.writerow([*head, *seats, "match_over", "winners"])
        for row in rows:
            cells = [("" if row[k] is None else row[k]) for k in head]
            cells += [" ".join(h) for h in row["final_hands"]] + row["scores"] + row["totals"]
            winners = "" if row["winners"] is None else " ".join(map(str, row["winners"]))
            writer.writerow([*cells, row["match_over"], winners])
    if args.records:
        write_jsonl(records, args.records)
    calls = [row["call_succeeded"] for row in rows if row["caller"] is not None]
    summary = f"{len(rows)} rounds, {sum(r['match_over'] for r in rows)} matches finished; "
    if calls:
        lo, hi = proportion_ci(sum(calls), len(calls))
        summary += f"{sum(calls)} of {len(calls)} calls succeeded (95% CI {float(lo):.3f}-{float(hi):.3f})"
    else:
        summary += "no calls"
    print(summary, file=sys.stderr)
    return 0


def run_replay(args: argparse.Namespace) -> int:
    from ohhell.dutch.cards import text
    from ohhell.dutch.record import read_records, replay
    from ohhell.engine import RecordError

    good = failed = 0
    for number, item in read_records(args.file):
        try:
            if isinstance(item, RecordError):
                raise item
            result = replay(item)
        except RecordError as exc:
            failed += 1
            print(f"{args.file}:{number}: {exc}", file=sys.stderr)
            continue
        good += 1
        if args.format == "json":
            row = {
                "record": number,
                "caller": result.caller,
                "call_succeeded": result.call_succeeded,
                "final_hands": [[text(c) for c in h] for h in result.final_hands],
                "values": list(result.values),
                "scores": list(result.scores),
            }
            print(json.dumps(row))
        else:
            caller = "nobody" if result.caller is None else f"seat {result.caller}"
            outcome = "" if result.call_succeeded is None else (" (made)" if result.call_succeeded else " (failed)")
            print(
                f"record {number:>4}  called by {caller}{outcome}  values {' '.join(map(str, result.values))}"
                f"  scores {' '.join(map(str, result.scores))}"
            )
    print(f"{good} of {good + failed} rounds valid, {failed} rejected", file=sys.stderr)
    return 1 if failed else 0


def run_dutch_study(args: argparse.Namespace) -> int:
    from ohhell.dutch.study_runner import run_study

    progress_default(args)
    run = run_study(args.config, out=args.out, scale=args.scale, n_jobs=args.jobs, progress=args.progress)
    print(run.report.read_text(encoding="utf-8"), end="")
    print(f"{'computed' if run.computed else 'read back'}: {run.out}", file=sys.stderr)
    return 0
