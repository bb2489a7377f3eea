"""``ohhell study CONFIG``: run a study from a TOML config, reproducibly and resumably.

A config names the study, its seed and its parameters::

    study = "seat-advantage"          # bid-success, bid-tables, seat-advantage,
                                      # variant-balance, folk-tips, one-card
    title = "Where to sit"
    seed = 2026
    [params]
    rules = ["boerenbridge", "bondebridge"]
    players = [4]
    deals = 200000

Every part uses the config's seed, so parts whose rules deal alike (the same
deck, schedule and trump) play the same deals. The run is split into parts
(one per rules and player count, or one per variant set); each part's tables
are written as CSV under ``parts/`` as it finishes and every simulation
checkpoints its chunks under ``checkpoints/``, so a killed run started again
with the same config resumes where it stopped and ends with the same
numbers. The output folder then holds the combined tables (CSV), the figures
(PNG) and ``report.md``: the headline tables, the seed, the versions and the
command. ``scale`` multiplies every deal and match count (for a quick look
or a test); a scaled run writes elsewhere by default. A run that computes
nothing (every part read back) leaves an existing report.md alone: delete it
to rebuild the report.
"""

from __future__ import annotations

import json
import sys
import time
import tomllib
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from importlib import resources
from pathlib import Path
from typing import Any

import matplotlib.pyplot as plt
import numpy as np
import pandas as pd
from matplotlib.figure import Figure

import ohhell
from ohhell.rules import FixedHands, RulesError, preset
from ohhell.studies.bid_success import bid_success
from ohhell.studies.bid_tables import bid_tables
from ohhell.studies.cheat_sheet import cheat_sheet_figure, cheat_sheet_html
from ohhell.studies.folk_tips import CLAIMS, folk_tips
from ohhell.studies.markdown import markdown_table
from ohhell.studies.seat_advantage import seat_advantage
from ohhell.studies.variant_balance import DEFAULT_LADDER, MEASURES, variant_balance
from ohhell.studies.variants import variant, variants_from

__all__ = ["run_study", "load_config", "StudyRun", "KINDS", "DEFAULT_CONFIG", "COUNTS"]

#: Parameters that count deals or matches (multiplied by ``scale``).
COUNTS = ("deals", "matches", "skill_matches", "hand_deals")

#: The study the README's main job runs (embedded in the package).
DEFAULT_CONFIG = "default.toml"


@dataclass
class StudyRun:
    """What a run wrote: the folder, its tables and figures by name, and the report."""

    out: Path
    tables: dict[str, pd.DataFrame] = field(default_factory=dict)
    figures: dict[str, Path] = field(default_factory=dict)
    headline: list[str] = field(default_factory=list)
    report: Path | None = None
    seconds: float = 0.0  # computing the parts, in this run or the one that cached them
    parts_run: int = 0
    parts_read: int = 0


@dataclass(frozen=True)
class _Context:
    params: dict[str, Any]
    seed: int
    out: Path
    n_jobs: int
    progress: bool

    def part(self, *key: object) -> Path:
        return self.out / "parts" / "-".join(str(k).replace("/", "_").replace(" ", "_") for k in key)

    def checkpoint(self, *key: object) -> str:
        return str(self.out / "checkpoints" / "-".join(str(k).replace("/", "_").replace(" ", "_") for k in key))


Part = dict[str, pd.DataFrame]


def _cached(run: StudyRun, path: Path, compute: Callable[[], Part]) -> Part:
    """A part's frames: read back when a previous run finished it, else computed and written.

    ``done.json`` lists the part's frames and the seconds it took, so a report
    built from cached parts still says what the numbers cost.
    """
    done = path / "done.json"
    if done.exists():
        info = json.loads(done.read_text(encoding="utf-8"))
        if isinstance(info, list):  # written before the seconds were kept
            info = {"frames": info, "seconds": float("nan")}
        run.parts_read += 1
        run.seconds += float(info["seconds"])
        frames = {name: pd.read_csv(path / f"{name}.csv") for name in info["frames"]}
        for name, attrs in info.get("attrs", {}).items():
            frames[name].attrs.update(attrs)
        return frames
    t0 = time.perf_counter()
    frames = compute()
    seconds = time.perf_counter() - t0
    path.mkdir(parents=True, exist_ok=True)
    for name, frame in frames.items():
        frame.to_csv(path / f"{name}.csv", index=False)
    info = {
        "frames": list(frames),
        "seconds": round(seconds, 1),
        "attrs": {name: json.loads(json.dumps(frame.attrs, default=str)) for name, frame in frames.items()},
    }
    done.write_text(json.dumps(info), encoding="utf-8")
    run.parts_run += 1
    run.seconds += seconds
    return frames


def _combine(parts: Sequence[Part]) -> dict[str, pd.DataFrame]:
    names = list(dict.fromkeys(n for p in parts for n in p))
    return {n: pd.concat([p[n] for p in parts if n in p], ignore_index=True) for n in names}


def _save(drawn: Any, path: Path) -> Path:
    """Write a figure, or the figure an Axes is drawn on, as PNG and close it."""
    fig = drawn if isinstance(drawn, Figure) else drawn.figure
    fig.savefig(path, dpi=150, bbox_inches="tight")
    plt.close(fig)
    return path


def _listed(value: Any) -> list[Any]:
    return list(value) if isinstance(value, list | tuple) else [value]


def _tables(params: Mapping[str, Any], run: StudyRun) -> list[tuple[str, int, ohhell.Rules]]:
    """(preset, players, rules) for every preset and player count of the config that the preset seats."""
    out, skipped = [], []
    for name in _listed(params.get("rules", "boerenbridge")):
        for players in _listed(params.get("players", 4)):
            try:
                out.append((str(name), int(players), preset(str(name), int(players))))
            except RulesError:
                skipped.append(f"{name} at {players}")
    if skipped:
        run.headline.append(f"Not played (outside the preset's player counts): {', '.join(skipped)}.\n")
    if not out:
        raise ValueError("no preset of the config seats any of its player counts")
    return out


# -- the studies ---------------------------------------------------------------------------


def _seat_advantage(ctx: _Context, run: StudyRun) -> None:
    from ohhell.plot import plot_hook_cost, plot_match_wins, plot_seat_scores

    p = ctx.params
    parts = []
    for name, players, rules in _tables(p, run):

        def compute(rules: ohhell.Rules = rules) -> Part:
            s = seat_advantage(
                rules,
                p.get("strategy", "folk"),
                deals=int(p["deals"]),
                matches=int(p.get("matches", 0)),
                seed=ctx.seed,
                n_jobs=ctx.n_jobs,
                progress=ctx.progress,
                checkpoint=ctx.checkpoint(rules.name, rules.players),
            )
            return s.frames()

        part = _cached(run, ctx.part(name, players), compute)
        parts.append(part)
        fig = plt.figure(figsize=(15, 4.4), layout="constrained")
        axes = fig.subplots(1, 3)
        plot_seat_scores(part["deal_scores"], ax=axes[0], title="Score per deal against the other seats")
        if "match_wins" in part:
            plot_match_wins(part["match_wins"], ax=axes[1], title="Matches won")
        else:
            axes[1].set_visible(False)
        if "hook_cost" in part:
            plot_hook_cost(part["hook_cost"], ax=axes[2], title="What the bid restriction costs each seat")
        else:
            axes[2].set_visible(False)
        fig.suptitle(f"{name}, {players} players, {p.get('strategy', 'folk')} in every seat (95% intervals)")
        run.figures[f"seats-{name}-{players}"] = _save(fig, ctx.out / f"seats-{name}-{players}.png")
    run.tables = _combine(parts)
    d = run.tables["deal_scores"]
    run.headline.append(
        "Advantage per deal by seat from the dealer (seat 0 bids first, the last seat deals): the seat's score"
        " minus the other seats' mean in the same deal, 95% CI:\n"
    )
    show = d.assign(advantage=_ci_text(d, "advantage", "advantage_lo", "advantage_hi"))
    run.headline.append(_by_seat(show, "advantage"))
    if "hook_cost" in run.tables:
        h = run.tables["hook_cost"]
        run.headline.append(
            "\nThe bid restriction's cost: each seat's score per deal with the rules' restriction minus without it,"
            " on the same deals (95% CI):\n"
        )
        cost = h.assign(cost=_ci_text(h, "diff", "lo", "hi"))
        run.headline.append(_by_seat(cost, "cost"))
    if "tests" in run.tables:
        t = run.tables["tests"]
        run.headline.append("\nEqual seats:\n")
        run.headline.append(
            markdown_table(
                t.assign(p_value=t["p_value"].map(lambda x: f"{x:.2g}"), effect_size=t["effect_size"].round(4))[
                    ["rules", "players", "measure", "test", "n", "p_value", "effect", "effect_size"]
                ]
            )
        )


def _by_seat(frame: pd.DataFrame, column: str) -> str:
    """A markdown table of ``column`` with one row per rules and players and one column per seat."""
    wide = frame.pivot(index=["rules", "players"], columns="seat_from_dealer", values=column)
    wide.columns = [f"seat {c}" for c in wide.columns]
    table = wide.reset_index().astype(object)
    return markdown_table(table.where(table.notna(), ""))


def _ci_text(frame: pd.DataFrame, est: str, lo: str, hi: str, digits: int = 3) -> pd.Series:
    return frame.apply(lambda r: f"{r[est]:+.{digits}f} ({r[lo]:+.{digits}f}, {r[hi]:+.{digits}f})", axis=1)


def _bid_success(ctx: _Context, run: StudyRun) -> None:
    from ohhell.plot import plot_bid_success

    p = ctx.params
    by = _listed(p.get("by", ["hand_size"]))
    parts = []
    for name, players, rules in _tables(p, run):

        def compute(rules: ohhell.Rules = rules) -> Part:
            t = bid_success(
                rules,
                p.get("strategy", "folk"),
                deals=int(p["deals"]),
                seed=ctx.seed,
                by=by,
                n_jobs=ctx.n_jobs,
                progress=ctx.progress,
                checkpoint=ctx.checkpoint(rules.name, rules.players),
            )
            return {"bid_success": t.assign(rules=rules.name, players=rules.players)}

        part = _cached(run, ctx.part(name, players), compute)
        parts.append(part)
        frame = part["bid_success"]
        hue = by[0] if by else None
        ax = plot_bid_success(frame, x="bid", hue=hue, min_n=int(p.get("min_n", 200)))
        ax.set_title(f"{name}, {players} players: P(bid made) by bid and {str(hue).replace('_', ' ')}")
        run.figures[f"bid-success-{name}-{players}"] = _save(ax, ctx.out / f"bid-success-{name}-{players}.png")
    run.tables = _combine(parts)
    t = run.tables["bid_success"]
    least = int(p.get("report_min_n", 1000))
    big = t[t["n"] >= least]
    if big.empty:
        run.headline.append(f"No group has {least} bids; every group is in bid_success.csv.\n")
        return
    shown = big.head(120)
    run.headline.append(
        f"P(bid made), 95% Wilson interval, the {len(shown)} of {len(t)} groups with at least {least} bids"
        + (" (the first 120; all in bid_success.csv)" if len(big) > len(shown) else "")
        + ":\n"
    )
    run.headline.append(
        markdown_table(
            shown.assign(rate=_ci_text(shown, "rate", "lo", "hi"))[["rules", "players", *by, "bid", "n", "rate"]]
        )
    )


def _bid_tables(ctx: _Context, run: StudyRun) -> None:
    p = ctx.params
    parts = []
    for name, players, rules in _tables(p, run):
        sizes = sorted(int(k) for k in _listed(p.get("hand_sizes", [1, 2, 3, 4, 5])))

        by_size = []
        for size in sizes:  # one part per hand size (each simulated from the same seed, as bid_tables does)

            def compute(rules: ohhell.Rules = rules, size: int = size) -> Part:
                t = bid_tables(
                    rules,
                    p.get("strategy", "ev"),
                    hand_size=size,
                    deals=int(p["deals"]),
                    seed=ctx.seed,
                    by=_listed(p.get("by", ["trumps", "top_trumps", "side_aces"])),
                    n_jobs=ctx.n_jobs,
                    progress=ctx.progress,
                )
                return {"bid_tables": t.assign(rules=rules.name, players=rules.players)}

            by_size.append(_cached(run, ctx.part(name, players, f"{size}-cards"), compute))
        part = _combine(by_size)
        widest = by_size[-1]["bid_tables"].columns  # the largest hand size has every p_tricks column
        tricks = [c for c in widest if str(c).startswith("p_tricks_")]  # no hand takes more tricks than cards
        part["bid_tables"] = part["bid_tables"][list(widest)].fillna({c: 0.0 for c in tricks})
        attrs = part["bid_tables"].attrs  # the parts differ only in hand size
        attrs.update(by_size[0]["bid_tables"].attrs)
        attrs["hand_sizes"] = sizes
        attrs["trump"] = {k: v for b in by_size for k, v in b["bid_tables"].attrs.get("trump", {}).items()}
        parts.append(part)
        frame = part["bid_tables"].drop(columns=["rules", "players"])
        title = f"What to bid: {name}, {players} players"
        html = ctx.out / f"cheat-sheet-{name}-{players}.html"
        html.write_text(cheat_sheet_html(frame, title=title), encoding="utf-8")
        run.figures[f"cheat-sheet-{name}-{players}"] = _save(
            cheat_sheet_figure(frame, title=title), ctx.out / f"cheat-sheet-{name}-{players}.png"
        )
    run.tables = _combine(parts)
    run.headline.append("One-page cheat sheets (HTML and PNG) are next to this report.")


def _variant_balance(ctx: _Context, run: StudyRun) -> None:
    from ohhell.plot import plot_variant_balance

    p = ctx.params
    spec = p.get("variants")
    if not isinstance(spec, Mapping) or not spec:
        raise ValueError("a variant-balance config needs [params.variants.NAME] tables (preset and changes)")
    variants = variants_from(spec, p.get("players"))

    def compute() -> Part:
        vb = variant_balance(
            variants,
            matches=int(p["matches"]),
            skill_matches=int(p["skill_matches"]) if "skill_matches" in p else None,
            seed=ctx.seed,
            table=p.get("table", "ev:16"),
            ladder=_listed(p.get("ladder", list(DEFAULT_LADDER))),
            baseline=p.get("baseline"),
            n_jobs=ctx.n_jobs,
            progress=ctx.progress,
            checkpoint=ctx.checkpoint("variants"),
        )
        return vb.frames()

    run.tables = _cached(run, ctx.part("variants"), compute)
    m = run.tables["measures"]
    base = str(p.get("baseline") or next(iter(variants)))
    shown = [name for name in MEASURES if name in set(m["measure"])]
    rows = (len(shown) + 1) // 2
    fig = plt.figure(figsize=(14, 1.2 + rows * (0.45 * len(variants) + 1.2)), layout="constrained")
    axes = fig.subplots(rows, 2, squeeze=False).ravel()
    for ax, name in zip(axes, shown):
        plot_variant_balance(m, measures=[name], ax=ax, baseline=base)
    for ax in axes[len(shown) :]:
        ax.set_visible(False)
    fig.suptitle(f"Each variant minus {base}, on the same matches (95% intervals; filled: the interval excludes 0)")
    run.figures["variant-balance"] = _save(fig, ctx.out / "variant-balance.png")
    run.headline.append("Each variant against the baseline, paired over the same matches (95% CI):\n")
    show = m.assign(
        estimate=_ci_text(m, "estimate", "lo", "hi"),
        vs_baseline=m.apply(
            lambda r: "" if pd.isna(r["diff"]) else f"{r['diff']:+.3f} ({r['diff_lo']:+.3f}, {r['diff_hi']:+.3f})",
            axis=1,
        ),
        p_value=m["p_value"].map(lambda x: "" if pd.isna(x) else f"{x:.2g}"),
    )
    run.headline.append(markdown_table(show[["variant", "measure", "n", "estimate", "vs_baseline", "p_value"]]))


def _folk_tips(ctx: _Context, run: StudyRun) -> None:
    from ohhell.plot import plot_folk_tips

    p = ctx.params

    parts = []
    for claim in CLAIMS:  # one part per claim: a killed run keeps the claims it finished

        def compute(key: str = claim.key) -> Part:
            t = folk_tips(
                deals=int(p["deals"]),
                hand_deals=int(p["hand_deals"]) if "hand_deals" in p else None,
                seed=ctx.seed,
                players=int(p.get("players", 4)),
                claims=[key],
                table=p.get("table", "folk"),
                n_jobs=ctx.n_jobs,
                progress=ctx.progress,
            )
            return {"folk_tips": t}

        parts.append(_cached(run, ctx.part("claim", claim.key), compute))
    run.tables = _combine(parts)
    t = run.tables["folk_tips"]
    ax = plot_folk_tips(t, title=f"The folk tips on trial ({int(p.get('players', 4))} players, 95% intervals)")
    run.figures["folk-tips"] = _save(ax, ctx.out / "folk-tips.png")
    run.headline.append("Each tip as a claim (95% CI; hands: share taking the tricks, against the break-even share):\n")
    run.headline.append(
        markdown_table(
            t.assign(estimate=_ci_text(t, "estimate", "lo", "hi"), threshold=t["threshold"].round(3))[
                ["text", "rules", "n", "estimate", "threshold", "verdict"]
            ]
        )
    )


def _one_card(ctx: _Context, run: StudyRun) -> None:
    from ohhell.exact import OneCardOptimal, one_card_analysis
    from ohhell.plot import plot_one_card
    from ohhell.sim import simulate
    from ohhell.stats import mean_score

    p = ctx.params
    parts = []
    for scoring in _listed(p.get("scoring", ["10+bid", "10+2/trick"])):
        for players in _listed(p.get("players", [3, 4, 5, 6, 7])):
            rules = replace(
                variant(p.get("rules", "boerenbridge"), players, scoring=scoring), schedule=FixedHands(size=1, rounds=1)
            )

            def compute(rules: ohhell.Rules = rules, scoring: str = scoring) -> Part:
                a = one_card_analysis(rules, trump=bool(p.get("trump", True)))
                seats = a.seats.assign(scoring=scoring, players=rules.players)
                deals = int(p.get("deals", 0))
                if deals:
                    res = simulate(
                        rules,
                        [OneCardOptimal(a)] * rules.players,
                        deals=deals,
                        seed=ctx.seed,
                        n_jobs=ctx.n_jobs,
                        engine="reference",
                        progress=ctx.progress,
                        checkpoint=ctx.checkpoint("one-card", scoring, rules.players),
                    )
                    assert res.deals is not None
                    g = mean_score(res, by=["seat_from_dealer"])
                    seats = seats.assign(
                        simulated=g["mean"].to_numpy(),
                        sim_lo=g["lo"].to_numpy(),
                        sim_hi=g["hi"].to_numpy(),
                        sim_deals=deals,
                    )
                    seats = seats.assign(
                        agrees=(seats["sim_lo"] <= seats["expected_score"])
                        & (seats["expected_score"] <= seats["sim_hi"])
                    )
                win = a.win.assign(scoring=scoring, players=rules.players)
                return {"seats": seats, "win": win}

            part = _cached(run, ctx.part(scoring, players), compute)
            parts.append(part)
    run.tables = _combine(parts)
    win = run.tables["win"]
    counts = sorted(set(win["players"]))
    fig = plt.figure(figsize=(7 * min(len(counts), 2), 4 * ((len(counts) + 1) // 2)))
    axes = fig.subplots((len(counts) + 1) // 2, min(len(counts), 2), squeeze=False).ravel()
    for ax, n in zip(axes, counts):
        plot_one_card(win, players=n, ax=ax, title=f"{n} players: P(win) by card")
    for ax in axes[len(counts) :]:
        ax.set_visible(False)
    fig.tight_layout()
    run.figures["one-card-win"] = _save(fig, ctx.out / "one-card-win.png")
    s = run.tables["seats"]
    run.headline.append("Expected score per deal by position (0 bids first, the last deals), exact:\n")
    wide = s.pivot_table(index=["scoring", "players"], columns="position", values="expected_score").round(3)
    wide.columns = [f"position {c}" for c in wide.columns]
    table = wide.reset_index().astype(object)
    run.headline.append(markdown_table(table.where(table.notna(), "")))
    if "simulated" in s.columns:
        inside = int(s["agrees"].sum())
        run.headline.append(
            f"\nSimulation ({int(s['sim_deals'].iloc[0])} deals per table, optimal bidders): {inside} of {len(s)}"
            " exact values inside the simulated 95% intervals (about 95% expected)."
        )


#: study name -> runner.
KINDS: dict[str, Callable[[_Context, StudyRun], None]] = {
    "seat-advantage": _seat_advantage,
    "bid-success": _bid_success,
    "bid-tables": _bid_tables,
    "variant-balance": _variant_balance,
    "folk-tips": _folk_tips,
    "one-card": _one_card,
}


def load_config(path: str | Path | None) -> tuple[dict[str, Any], Path | None]:
    """The config (the embedded default when ``path`` is None) and the file it came from."""
    if path is None:
        text = resources.files("ohhell.studies").joinpath(DEFAULT_CONFIG).read_text(encoding="utf-8")
        return tomllib.loads(text), None
    p = Path(path)
    try:
        return tomllib.loads(p.read_text(encoding="utf-8")), p
    except tomllib.TOMLDecodeError as exc:
        raise ValueError(f"{p}: not valid TOML: {exc}") from exc


def _check(config: Mapping[str, Any]) -> None:
    kind = config.get("study")
    if kind not in KINDS:
        raise ValueError(f"study = {kind!r}: choose one of {', '.join(KINDS)}")
    if not isinstance(config.get("seed"), int):
        raise ValueError("a study config needs an integer seed (seed = 2026)")
    params = config.get("params", {})
    if not isinstance(params, Mapping):
        raise ValueError("[params] must be a table")
    for key in COUNTS:
        if key in params and (not isinstance(params[key], int) or params[key] < 0):
            raise ValueError(f"params.{key} must be a whole number >= 0, got {params[key]!r}")


def _claim(out: Path, what: dict[str, Any]) -> None:
    """Mark ``out`` as this config's folder; refuse a folder holding another config's parts."""
    path = out / "study.json"
    text = json.dumps(what, sort_keys=True, default=str)
    if path.exists():
        old = json.loads(path.read_text(encoding="utf-8"))
        new = json.loads(text)
        if old != new:
            diff = sorted(k for k in set(old) | set(new) if old.get(k) != new.get(k))
            if diff == ["params"]:
                diff = sorted(
                    k for k in set(old["params"]) | set(new["params"]) if old["params"].get(k) != new["params"].get(k)
                )
            raise ValueError(
                f"{out} holds a run of another config (differs in: {', '.join(diff)}); its finished parts would mix"
                " with this one: use another output folder or delete that one"
            )
    else:
        path.write_text(text, encoding="utf-8")


def run_study(
    config: str | Path | Mapping[str, Any] | None = None,
    out: str | Path | None = None,
    *,
    scale: float = 1.0,
    n_jobs: int = 1,
    progress: bool = True,
    seed: int | None = None,
    command: str | None = None,
) -> StudyRun:
    """Run a study config (a path, a mapping, or None for the embedded default) and write its report.

    ``out``: the output folder (default ``results/<config name>`` next to the
    config, or ``ohhell-study`` in the working folder for a mapping or the
    default; a ``-scale<F>`` suffix when scaled, ``-seed<S>`` when ``seed``
    replaces the config's).  ``command``: the command line that ran it, for
    the report's "Reproduce" line.  Returns what was written.
    """
    if isinstance(config, Mapping):
        cfg, source = dict(config), None
    else:
        cfg, source = load_config(config)
    if seed is not None:
        cfg["seed"] = seed
    _check(cfg)
    if scale <= 0:
        raise ValueError(f"scale must be positive, got {scale}")
    params = dict(cfg.get("params", {}))
    for key in COUNTS:
        if key in params and scale != 1.0:
            params[key] = max(2, round(params[key] * scale)) if params[key] else 0
    stem = source.stem if source is not None else str(cfg.get("name", "ohhell-study"))
    suffix = ("" if scale == 1.0 else f"-scale{scale:g}") + ("" if seed is None else f"-seed{seed}")
    if out is None:
        base = source.parent / "results" if source is not None else Path.cwd()
        out_dir = base / f"{stem}{suffix}"
    else:
        out_dir = Path(out)
    out_dir.mkdir(parents=True, exist_ok=True)
    _claim(out_dir, {"study": cfg["study"], "seed": cfg["seed"], "params": params})
    ctx = _Context(params, int(cfg["seed"]), out_dir, n_jobs, progress)
    run = StudyRun(out_dir)
    KINDS[cfg["study"]](ctx, run)
    for name, frame in run.tables.items():
        frame.to_csv(out_dir / f"{name}.csv", index=False)
    run.report = out_dir / "report.md"
    if run.parts_run or not run.report.exists():  # a run that computed nothing keeps the report of the one that did
        run.report.write_text(_report(cfg, params, source, scale, run, command, seed), encoding="utf-8")
    return run


def _report(
    cfg: Mapping[str, Any],
    params: Mapping[str, Any],
    source: Path | None,
    scale: float,
    run: StudyRun,
    command: str | None,
    seed: int | None = None,
) -> str:
    scaled = (f" --scale {scale:g}" if scale != 1 else "") + (f" --seed {seed}" if seed is not None else "")
    if command is not None:
        where = f"`{command}` (from the folder it ran in)"
    elif source is None:
        where = (
            f"`ohhell study{scaled}`"
            if cfg.get("name") == "ohhell-default-study"
            else "`run_study(config)` with this config"
        )
    else:  # the config's own folder and name, run from the folder above it (the project, for analysis/)
        folder = source.parent.name
        where = f"`ohhell study {folder}/{source.name}{scaled}` from the folder that holds `{folder}/`"
    cached = (
        f"; {run.parts_read} of {run.parts_read + run.parts_run} parts read from an earlier run"
        if run.parts_read
        else ""
    )
    lines = [
        f"# {cfg.get('title', cfg['study'])}",
        "",
        f"Study `{cfg['study']}`, seed {cfg['seed']}, ohhell {ohhell.__version__}, numpy {np.__version__},"
        f" pandas {pd.__version__}, Python {sys.version.split()[0]}; computed in {run.seconds:.0f} s on this"
        f" machine{cached}.",
        f"Reproduce: {where}.",
        "",
        "Parameters: " + ", ".join(f"{k} = {v!r}" for k, v in params.items() if not isinstance(v, Mapping)),
        "",
        *run.headline,
        "",
        "Tables (CSV): " + ", ".join(f"`{n}.csv`" for n in run.tables),
        "",
        "Figures: " + ", ".join(f"`{p.name}`" for p in run.figures.values()),
        "",
    ]
    lines += [f"![{name}]({path.name})" for name, path in run.figures.items()]
    return "\n".join(lines) + "\n"
