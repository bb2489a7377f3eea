"""``ohhell study [CONFIG]`` and one command per study: ``seat-advantage``, ``bid-success``,
``variant-balance``, ``folk-tips``.

Each per-study command builds the config its flags describe and runs it
through the same runner as ``ohhell study``; all of them print the headline
tables and where the report, tables and figures were written.
"""

from __future__ import annotations

import argparse
import shlex
from typing import Any

from ohhell.cli.common import add_run_options


def register(sub: Any) -> None:
    p = sub.add_parser(
        "study",
        help="run a study config (analysis/*.toml); without one, the default study",
        description="Runs a study from a TOML config (see analysis/ for one per study) and writes its tables (CSV),"
        " figures (PNG) and report.md. Without CONFIG: the default study embedded in the package. A killed run"
        " resumes where it stopped when started again with the same config and output folder.",
    )
    p.add_argument("config", nargs="?", default=None, help="the study config (TOML); default: the embedded default")
    _common(p)
    p.set_defaults(handler=run_config)

    p = sub.add_parser("seat-advantage", help="score by seat from the dealer, match wins by seat, the hook's cost")
    _rules(p)
    p.add_argument("--strategy", default="strongest-fast", help="the strategy in every seat (default strongest-fast)")
    p.add_argument("--deals", type=int, default=100_000, help="deals (default 100000)")
    p.add_argument("--matches", type=int, default=10_000, help="matches for the win rates (default 10000; 0 skips)")
    _common(p)
    p.set_defaults(handler=run_seat_advantage)

    p = sub.add_parser("bid-success", help="P(bid made) by bid and hand features, seat or bids before")
    _rules(p)
    p.add_argument("--strategy", default="strongest-fast", help="the strategy in every seat (default strongest-fast)")
    p.add_argument("--deals", type=int, default=100_000, help="deals (default 100000)")
    p.add_argument(
        "--by",
        default="hand_size",
        help="grouping columns, comma-separated (hand_size, seat_from_dealer, bids_before, trumps, top_trumps,"
        " side_aces, side_kings, voids, singletons, no_trump, ...); the bid is always one",
    )
    _common(p)
    p.set_defaults(handler=run_bid_success)

    p = sub.add_parser(
        "variant-balance",
        help="rule changes compared on the same matches",
        epilog="Changes and their choices: {changes}.",
    )
    p.add_argument("--rules", default="boerenbridge", help="the preset every variant starts from")
    p.add_argument("--players", type=int, default=4)
    p.add_argument(
        "--variant",
        action="append",
        default=[],
        metavar="NAME:CHANGE=CHOICE[,CHANGE=CHOICE]",
        help="a variant of the preset, e.g. harsh:miss=harsh or open:restriction=none (repeatable; the preset"
        " itself is the baseline 'standard'; the changes are listed below)",
    )
    p.add_argument("--matches", type=int, default=2000)
    p.add_argument("--skill-matches", type=int, default=500, help="matches per rotation of the skill ladder")
    p.add_argument("--table", default="strongest-fast", help="the level table's strategy (default strongest-fast)")
    p.add_argument(
        "--ladder",
        default=None,
        help="the skill ladder, strongest first, comma-separated (default strongest-fast,ev:16,folk,random)",
    )
    _common(p)
    p.set_defaults(handler=run_variant_balance)

    p = sub.add_parser("folk-tips", help="every folk tip in the rule sources as a claim, with its number")
    p.add_argument("--players", type=int, default=4)
    p.add_argument("--deals", type=int, default=20_000, help="deals per rotation for the habits (default 20000)")
    p.add_argument("--hand-deals", type=int, default=200_000, help="deals for each hand claim (default 200000)")
    _common(p)
    p.set_defaults(handler=run_folk_tips)


def _rules(p: argparse.ArgumentParser) -> None:
    p.add_argument("--rules", default="boerenbridge", help="presets, comma-separated: {presets}")
    p.add_argument("--players", default="4", help="player counts, comma-separated (default 4)")


def _common(p: argparse.ArgumentParser) -> None:
    p.add_argument("--seed", type=int, default=None, help="the seed (default: the config's; 2026 for a study command)")
    p.add_argument("--out", default=None, help="output folder")
    p.add_argument("--scale", type=float, default=1.0, help="multiply every deal and match count (quick looks)")
    add_run_options(p)


def _run(args: argparse.Namespace, config: Any) -> int:
    from ohhell.studies.runner import run_study

    seed = args.seed
    if isinstance(config, dict):  # a study command: its flags are the config
        config.setdefault("seed", 2026 if seed is None else seed)
        config.setdefault("name", f"ohhell-{config['study']}")
        seed = None
    argv = getattr(args, "argv", None)
    run = run_study(
        config,
        args.out,
        scale=args.scale,
        n_jobs=args.jobs,
        progress=args.progress,
        seed=seed,
        command=shlex.join(["ohhell", *argv]) if argv is not None else None,
    )
    print("\n".join(run.headline))
    print(f"\nreport: {run.report}")
    print(f"tables and figures: {run.out}")
    return 0


def _ints(text: str) -> list[int]:
    try:
        return [int(x) for x in text.split(",") if x.strip()]
    except ValueError as exc:
        raise ValueError(f"--players takes whole numbers separated by commas, got {text!r}") from exc


def _names(text: str) -> list[str]:
    return [x.strip() for x in text.split(",") if x.strip()]


def run_config(args: argparse.Namespace) -> int:
    return _run(args, args.config)


def run_seat_advantage(args: argparse.Namespace) -> int:
    params = {
        "rules": _names(args.rules),
        "players": _ints(args.players),
        "strategy": args.strategy,
        "deals": args.deals,
        "matches": args.matches,
    }
    return _run(args, {"study": "seat-advantage", "params": params})


def run_bid_success(args: argparse.Namespace) -> int:
    params = {
        "rules": _names(args.rules),
        "players": _ints(args.players),
        "strategy": args.strategy,
        "deals": args.deals,
        "by": _names(args.by),
    }
    return _run(args, {"study": "bid-success", "params": params})


def run_variant_balance(args: argparse.Namespace) -> int:
    variants: dict[str, dict[str, str]] = {"standard": {"preset": args.rules}}
    for text in args.variant:
        name, sep, changes = text.partition(":")
        if not sep or not name or not changes:
            raise ValueError(f"--variant takes NAME:CHANGE=CHOICE[,CHANGE=CHOICE], got {text!r}")
        fields = {"preset": args.rules}
        for item in changes.split(","):
            key, eq, value = item.partition("=")
            if not eq:
                raise ValueError(f"--variant {text!r}: {item!r} is not CHANGE=CHOICE")
            fields[key.strip()] = value.strip()
        variants[name] = fields
    if len(variants) < 2:
        raise ValueError("give at least one --variant to compare with the preset")
    params = {
        "players": args.players,
        "matches": args.matches,
        "skill_matches": args.skill_matches,
        "table": args.table,
        "baseline": "standard",
        **({"ladder": _names(args.ladder)} if args.ladder else {}),
        "variants": variants,
    }
    return _run(args, {"study": "variant-balance", "params": params})


def run_folk_tips(args: argparse.Namespace) -> int:
    params = {"players": args.players, "deals": args.deals, "hand_deals": args.hand_deals}
    return _run(args, {"study": "folk-tips", "params": params})
