"""``ohhell bid-table``: what to bid with which hand, standard and harsh scoring side by side."""

from __future__ import annotations

import argparse
import shlex
import sys
from pathlib import Path
from typing import Any

from ohhell.cli.common import add_rules_options, add_run_options, rules_from

#: Deals simulated per hand size unless ``--deals`` says otherwise.
DEFAULT_DEALS = 10_000

#: Without ``--hand-size``: the schedule's hand sizes up to this many cards.
MAX_SCHEDULE_HAND = 10

FORMATS = ("markdown", "csv", "html")


def register(sub: Any) -> None:
    p = sub.add_parser(
        "bid-table",
        help="bid tables: the best bid for each kind of hand, standard and harsh scoring side by side",
        description="Simulates deals of one hand size with one strategy in every seat, buckets the hands by"
        " features (trumps, trump aces and kings, side aces...) and gives for each bucket the bid with the"
        " highest expected score under the rules' own score table ('standard') and with a miss costing 1"
        " per trick off ('harsh'), with how often such hands take exactly that many tricks and its 95%"
        " Wilson interval. The tricks are those of the strategy playing to its own bids. Without"
        f" --hand-size: every hand size of the preset's schedule up to {MAX_SCHEDULE_HAND} cards.",
    )
    add_rules_options(p)
    p.add_argument("--hand-size", default=None, help="cards per hand, or several: 3,5,8 (default: the schedule's)")
    p.add_argument("--deals", type=int, default=DEFAULT_DEALS, help=f"deals per hand size (default {DEFAULT_DEALS})")
    p.add_argument("--seed", type=int, default=2026, help="seed of every simulation (default 2026)")
    p.add_argument(
        "--strategy", default="strongest-fast", help="the player in every seat (default strongest-fast): {strategies}"
    )
    p.add_argument(
        "--by",
        default=None,
        help="comma-separated bucket columns (default {default_by}): {bucket_columns}",
    )
    p.add_argument("--min-hands", type=int, default=30, help="leave out buckets with fewer hands (default 30)")
    p.add_argument("--no-trump", action="store_true", help="deals without trump (default: the rules' trump)")
    p.add_argument(
        "--format",
        choices=FORMATS,
        default="markdown",
        help="markdown (default), csv (long form) or html (cheat sheet)",
    )
    p.add_argument("--output", default=None, metavar="FILE", help="write the table here (default: standard output)")
    p.add_argument("--png", default=None, metavar="FILE", help="also save the cheat sheet as a PNG image")
    p.add_argument("--title", default=None, help="title of the cheat sheet (html and png)")
    add_run_options(p)
    p.set_defaults(handler=run)


def _ints(text: str, option: str) -> list[int]:
    values = []
    for part in text.split(","):
        part = part.strip()
        if not part:
            continue
        try:
            values.append(int(part))
        except ValueError:
            raise ValueError(f"{option} takes whole numbers separated by commas, got {text!r}") from None
    if not values:
        raise ValueError(f"{option} is empty")
    return values


def _writable(path: str | None, option: str) -> None:
    if path is not None and not Path(path).resolve().parent.is_dir():
        raise ValueError(f"{option} {path}: no such directory {Path(path).resolve().parent}")


def run(args: argparse.Namespace) -> int:
    from ohhell.rules import NoTrump
    from ohhell.studies.bid_tables import DEFAULT_BY, bid_tables
    from ohhell.studies.cheat_sheet import cheat_sheet_figure, cheat_sheet_html, to_markdown

    rules = rules_from(args)
    by = [c.strip() for c in args.by.split(",") if c.strip()] if args.by is not None else list(DEFAULT_BY)
    _writable(args.output, "--output")
    _writable(args.png, "--png")
    if args.hand_size is not None:
        sizes = _ints(args.hand_size, "--hand-size")
    else:
        schedule = sorted(set(rules.hand_sizes))
        sizes = [k for k in schedule if k <= MAX_SCHEDULE_HAND]
        left = [k for k in schedule if k > MAX_SCHEDULE_HAND]
        if left:
            print(
                f"note: hand sizes {', '.join(map(str, left))} left out (above {MAX_SCHEDULE_HAND});"
                " ask for them with --hand-size",
                file=sys.stderr,
            )
    command = ["ohhell", "bid-table", "--rules", args.rules, "--players", str(rules.players)]
    if args.hand_size is not None:
        command += ["--hand-size", ",".join(map(str, sizes))]
    command += ["--deals", str(args.deals), "--seed", str(args.seed), "--strategy", args.strategy]
    command += ["--by", ",".join(by), "--min-hands", str(args.min_hands)]
    if args.no_trump:
        command.append("--no-trump")
    frame = bid_tables(
        rules,
        args.strategy,
        hand_size=sizes,
        deals=args.deals,
        seed=args.seed,
        by=by,
        n_jobs=args.jobs,
        progress=args.progress,
        min_hands=args.min_hands,
        trump=NoTrump() if args.no_trump else None,
    )
    frame.attrs["command"] = shlex.join(command)
    if args.format == "csv":
        text = frame.to_csv(index=False)
    elif args.format == "html":
        text = cheat_sheet_html(frame, title=args.title)
    else:
        text = to_markdown(frame)
    if args.output is None:
        sys.stdout.write(text)
    else:
        Path(args.output).write_text(text, encoding="utf-8")
        print(f"{args.format} written to {args.output}")
    if args.png is not None:
        cheat_sheet_figure(frame, title=args.title).savefig(args.png, format="png", dpi=150)
        print(f"png written to {args.png}")
    return 0
