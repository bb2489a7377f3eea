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

The config is checked against its study's schema
(:mod:`ohhell.studies.config`) before anything is written, so a config that
is refused leaves the output folder as it was.  Every part file is written
whole or not at all (a temporary file, then renamed) and its ``done.json``
keeps each table's SHA-256: a part whose files are damaged or do not match
is recomputed, with a warning naming the file, never read back.
"""

from __future__ import annotations

import io
import json
import math
import sys
import time
import tomllib
import warnings
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
from ohhell.rules import FixedHands, preset
from ohhell.studies.bid_success import bid_success
from ohhell.studies.bid_tables import bid_tables
from ohhell.studies.cheat_sheet import cheat_sheet_figure, cheat_sheet_html
from ohhell.studies.common import StudyPartWarning, atomic_write, sha256
from ohhell.studies.config import (
    PARAMS,
    BidSuccessParams,
    BidTablesParams,
    FolkTipsParams,
    OneCardParams,
    SeatAdvantageParams,
    StudyConfig,
    StudyParams,
    VariantBalanceParams,
    parse_config,
    scale_counts,
)
from ohhell.studies.folk_tips import CLAIMS, folk_tips, holm_verdicts, with_claim_columns
from ohhell.studies.markdown import markdown_table, p_text
from ohhell.studies.seat_advantage import seat_advantage
from ohhell.studies.variant_balance import MEASURES, variant_balance, with_descriptions
from ohhell.studies.variants import variant, variants_from

__all__ = ["run_study", "load_config", "StudyRun", "KINDS", "DEFAULT_CONFIG", "COUNTS"]

#: Parameters that count deals or matches (multiplied by ``scale``).
COUNTS = tuple(dict.fromkeys(k for schema in PARAMS.values() for k in schema.counts()))

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
    params: StudyParams
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

    ``done.json`` lists the part's frames, their attributes, the SHA-256 of
    each frame's CSV and the seconds the part took, so a report built from
    cached parts still says what the numbers cost.  Every file is written
    atomically, ``done.json`` last; a part whose ``done.json`` or CSV cannot
    be read or does not match is recomputed with a warning naming the file.
    """
    done = path / "done.json"
    if done.exists():
        read = _read_part(path)
        if read is not None:
            frames, seconds = read
            run.parts_read += 1
            run.seconds += seconds
            return frames
        done.unlink()
    t0 = time.perf_counter()
    frames = compute()
    seconds = time.perf_counter() - t0
    path.mkdir(parents=True, exist_ok=True)
    hashes = {}
    for name, frame in frames.items():
        data = frame.to_csv(index=False).encode("utf-8")
        atomic_write(path / f"{name}.csv", data)
        hashes[name] = sha256(data)
    info = {
        "frames": list(frames),
        "seconds": round(seconds, 1),
        "attrs": {name: json.loads(json.dumps(frame.attrs, default=str)) for name, frame in frames.items()},
        "sha256": hashes,
    }
    atomic_write(done, json.dumps(info).encode("utf-8"))
    run.parts_run += 1
    run.seconds += seconds
    return frames


def _read_part(path: Path) -> tuple[Part, float] | None:
    """A finished part's frames and seconds, or None (with a warning naming the file) when it cannot be used."""
    done = path / "done.json"

    def unusable(file: Path, why: str) -> None:
        warnings.warn(f"{file}: {why}; recomputing the part", StudyPartWarning, stacklevel=4)

    try:
        info = json.loads(done.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, json.JSONDecodeError) as exc:
        unusable(done, f"not readable ({exc})")
        return None
    if isinstance(info, list):  # written before the seconds were kept
        info = {"frames": info, "seconds": float("nan")}
    names = info.get("frames") if isinstance(info, dict) else None
    if not isinstance(names, list) or not all(isinstance(n, str) for n in names):
        unusable(done, "not a part's done.json (no list of frames)")
        return None
    hashes = info.get("sha256")  # absent in parts written before the checksums were kept
    frames = {}
    for name in names:
        csv = path / f"{name}.csv"
        try:
            data = csv.read_bytes()
        except OSError as exc:
            unusable(csv, f"missing or unreadable ({exc.strerror})")
            return None
        if isinstance(hashes, dict) and hashes.get(name) != sha256(data):
            unusable(csv, "does not match the SHA-256 in done.json (damaged or changed)")
            return None
        try:
            frames[name] = pd.read_csv(io.BytesIO(data))
        except (ValueError, pd.errors.ParserError) as exc:
            unusable(csv, f"not a readable table ({exc})")
            return None
    stored = info.get("attrs", {})
    if not isinstance(stored, dict) or not all(isinstance(v, dict) for v in stored.values()):
        unusable(done, "its attrs are not a table per frame")
        return None
    for name, attrs in stored.items():
        if name in frames:
            frames[name].attrs.update(attrs)
    try:
        seconds = float(info.get("seconds", float("nan")))
    except (TypeError, ValueError):
        seconds = float("nan")
    return frames, seconds


def _combine(parts: Sequence[Part]) -> dict[str, pd.DataFrame]:
    names = list(dict.fromkeys(n for p in parts for n in p))
    return {n: pd.concat([p[n] for p in parts if n in p], ignore_index=True) for n in names}


def _save(drawn: Any, path: Path) -> Path:
    """Write a figure, or the figure an Axes is drawn on, as PNG and close it."""
    fig = drawn if isinstance(drawn, Figure) else drawn.figure
    fig.savefig(path, dpi=150, bbox_inches="tight")
    plt.close(fig)
    return path


def _tables(
    params: SeatAdvantageParams | BidSuccessParams | BidTablesParams, run: StudyRun
) -> list[tuple[str, int, ohhell.Rules]]:
    """(preset, players, rules) for every preset and player count of the config that the preset seats.

    The config's check has made sure that at least one of them does.
    """
    out, skipped = [], []
    for name in params.rules:
        for players in params.players:
            try:
                out.append((name, players, preset(name, players)))
            except ValueError:
                skipped.append(f"{name} at {players}")
    if skipped:
        run.headline.append(f"Not played (outside the preset's player counts): {', '.join(skipped)}.\n")
    return out


# -- the studies ---------------------------------------------------------------------------


def _seat_advantage(ctx: _Context, run: StudyRun) -> None:
    from ohhell.plot import plot_hook_cost, plot_match_wins, plot_seat_scores

    p = ctx.params
    assert isinstance(p, SeatAdvantageParams)
    parts = []
    for name, players, rules in _tables(p, run):

        def compute(rules: ohhell.Rules = rules) -> Part:
            s = seat_advantage(
                rules,
                p.strategy,
                deals=p.deals,
                matches=p.matches,
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
        fig.suptitle(f"{name}, {players} players, {p.strategy} in every seat (95% intervals)")
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
                t.assign(p_value=t["p_value"].map(p_text), effect_size=t["effect_size"].round(4))[
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
    assert isinstance(p, BidSuccessParams)
    by = list(p.by)
    parts = []
    for name, players, rules in _tables(p, run):

        def compute(rules: ohhell.Rules = rules) -> Part:
            t = bid_success(
                rules,
                p.strategy,
                deals=p.deals,
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
        ax = plot_bid_success(frame, x="bid", hue=hue, min_n=p.min_n)
        ax.set_title(f"{name}, {players} players: P(bid made) by bid and {str(hue).replace('_', ' ')}")
        run.figures[f"bid-success-{name}-{players}"] = _save(ax, ctx.out / f"bid-success-{name}-{players}.png")
    run.tables = _combine(parts)
    t = run.tables["bid_success"]
    least = p.report_min_n
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
    assert isinstance(p, BidTablesParams)
    parts = []
    for name, players, rules in _tables(p, run):
        sizes = sorted(p.hand_sizes)

        by_size = []
        for size in sizes:  # one part per hand size (each simulated from the same seed, as bid_tables does)

            def compute(rules: ohhell.Rules = rules, size: int = size) -> Part:
                t = bid_tables(
                    rules,
                    p.strategy,
                    hand_size=size,
                    deals=p.deals,
                    seed=ctx.seed,
                    by=list(p.by),
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
    assert isinstance(p, VariantBalanceParams)
    variants = variants_from(p.variants, p.players)

    def compute() -> Part:
        vb = variant_balance(
            variants,
            matches=p.matches,
            skill_matches=p.skill_matches,
            seed=ctx.seed,
            table=p.table,
            ladder=list(p.ladder),
            baseline=p.baseline,
            n_jobs=ctx.n_jobs,
            progress=ctx.progress,
            checkpoint=ctx.checkpoint("variants"),
        )
        return vb.frames()

    run.tables = _cached(run, ctx.part("variants"), compute)
    run.tables["measures"] = m = with_descriptions(run.tables["measures"])  # a part saved before the column
    base = p.baseline or next(iter(variants))
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
        p_value=m["p_value"].map(p_text),
    )
    run.headline.append(markdown_table(show[["variant", "measure", "n", "estimate", "vs_baseline", "p_value"]]))


def _folk_tips(ctx: _Context, run: StudyRun) -> None:
    from ohhell.plot import plot_folk_tips

    p = ctx.params
    assert isinstance(p, FolkTipsParams)
    parts = []
    for claim in CLAIMS:  # one part per claim: a killed run keeps the claims it finished

        def compute(key: str = claim.key) -> Part:
            t = folk_tips(
                deals=p.deals,
                hand_deals=p.hand_deals,
                seed=ctx.seed,
                players=p.players,
                claims=[key],
                table=p.table,
                n_jobs=ctx.n_jobs,
                progress=ctx.progress,
            )
            return {"folk_tips": t}

        parts.append(_cached(run, ctx.part("claim", claim.key), compute))
    run.tables = _combine(parts)
    # Holm over every claim, not one part's; kind and direction for parts saved before the study wrote them
    run.tables["folk_tips"] = holm_verdicts(with_claim_columns(run.tables["folk_tips"]))
    t = run.tables["folk_tips"]
    ax = plot_folk_tips(t, title=f"The folk tips on trial ({p.players} players, 95% intervals)")
    run.figures["folk-tips"] = _save(ax, ctx.out / "folk-tips.png")
    run.headline.append("Each tip as a claim (95% CI; hands: share taking the tricks, against the break-even share):\n")
    run.headline.append(
        markdown_table(
            t.assign(estimate=_ci_text(t, "estimate", "lo", "hi"), threshold=t["threshold"].round(3))[
                ["text", "rules", "n", "estimate", "threshold", "verdict", "verdict_holm"]
            ]
        )
    )


def _one_card(ctx: _Context, run: StudyRun) -> None:
    from ohhell.exact import OneCardOptimal, one_card_analysis
    from ohhell.plot import plot_one_card
    from ohhell.sim import simulate
    from ohhell.stats import mean_score

    p = ctx.params
    assert isinstance(p, OneCardParams)
    parts = []
    for scoring in p.scoring:
        for players in p.players:
            rules = replace(variant(p.rules, players, scoring=scoring), schedule=FixedHands(size=1, rounds=1))

            def compute(rules: ohhell.Rules = rules, scoring: str = scoring) -> Part:
                a = one_card_analysis(rules, trump=p.trump)
                seats = a.seats.assign(scoring=scoring, players=rules.players)
                deals = p.deals
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


def _check_scale(scale: float) -> None:
    if isinstance(scale, bool) or not isinstance(scale, int | float) or not math.isfinite(scale) or scale <= 0:
        raise ValueError(f"scale must be a positive finite number, got {scale!r}")


def _claim(out: Path, what: dict[str, Any]) -> bool:
    """Mark ``out`` as this config's folder; refuse a folder holding another config's parts.

    Returns whether this call wrote the mark (the folder was not claimed yet).
    """
    path = out / "study.json"
    text = json.dumps(what, sort_keys=True, default=str)
    if not path.exists():
        atomic_write(path, text.encode("utf-8"))
        return True
    try:
        old = json.loads(path.read_text(encoding="utf-8"))
    except (UnicodeDecodeError, json.JSONDecodeError) as exc:
        raise ValueError(
            f"{path} is damaged ({exc}): it should say which config the folder's parts belong to; delete it if they"
            " are this config's, or use another output folder"
        ) from None
    new = json.loads(text)
    if old != new:
        if not isinstance(old, dict):
            old = {}
        diff = sorted(k for k in set(old) | set(new) if old.get(k) != new.get(k))
        if diff == ["params"] and isinstance(old["params"], dict):
            diff = sorted(
                k for k in set(old["params"]) | set(new["params"]) if old["params"].get(k) != new["params"].get(k)
            )
        raise ValueError(
            f"{out} holds a run of another config (differs in: {', '.join(diff)}); its finished parts would mix"
            " with this one: use another output folder or delete that one"
        )
    return False


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

    The config is checked first (:func:`ohhell.studies.config.parse_config`:
    a :class:`~ohhell.studies.config.ConfigError` names what is wrong), and
    nothing is written for a config that is refused.
    """
    if isinstance(config, Mapping):
        raw, source = dict(config), None
    else:
        raw, source = load_config(config)
    if seed is not None:
        raw["seed"] = seed
    _check_scale(scale)
    cfg = parse_config(raw)
    typed = cfg.params.scaled(scale)
    params = {**cfg.given, **scale_counts({k: v for k, v in cfg.given.items() if k in COUNTS}, scale)}
    stem = source.stem if source is not None else (cfg.name or "ohhell-study")
    suffix = ("" if scale == 1.0 else f"-scale{scale:g}") + ("" if seed is None else f"-seed{seed}")
    if out is None:
        base = source.parent / "results" if source is not None else Path.cwd()
        out_dir = base / f"{stem}{suffix}"
    else:
        out_dir = Path(out)
    out_dir.mkdir(parents=True, exist_ok=True)
    claimed = _claim(out_dir, {"study": cfg.study, "seed": cfg.seed, "params": params})
    ctx = _Context(typed, cfg.seed, out_dir, n_jobs, progress)
    run = StudyRun(out_dir)
    try:
        KINDS[cfg.study](ctx, run)
    except (ValueError, TypeError):
        if claimed and not (out_dir / "parts").exists():  # refused before any part: the folder is not this run's
            (out_dir / "study.json").unlink(missing_ok=True)
        raise
    for name, frame in run.tables.items():
        atomic_write(out_dir / f"{name}.csv", frame.to_csv(index=False).encode("utf-8"))
    run.report = out_dir / "report.md"
    if run.parts_run or not run.report.exists():  # a run that computed nothing keeps the report of the one that did
        atomic_write(run.report, _report(cfg, params, source, scale, run, command, seed).encode("utf-8"))
    return run


def _report(
    cfg: StudyConfig,
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
            f"`ohhell study{scaled}`" if cfg.name == "ohhell-default-study" else "`run_study(config)` with this config"
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
        f"# {cfg.title or cfg.study}",
        "",
        f"Study `{cfg.study}`, seed {cfg.seed}, ohhell {ohhell.__version__}, numpy {np.__version__},"
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
