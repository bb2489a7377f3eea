"""``ohhell dutch study CONFIG``: run a Dutch study from a TOML config into ``analysis/results/``.

A config names the study, a title, the seed and the study function's parameters::

    study = "dutch-seat-advantage"   # dutch-strength-ladder, dutch-seat-advantage, dutch-match-length,
                                     # dutch-memory, dutch-powers, dutch-when-to-call
    title = "Seat advantage in Dutch"
    seed = 2026
    [params]
    players = [2, 3, 4, 6]
    rounds = 2000
    matches = 300

The output folder (default ``results/<config name>/`` beside the config)
gets one CSV per table, ``figure.png`` and ``report.md`` (the headline
findings with their intervals, the parameters, the seed, the versions and
the command), and ``done.json`` (the config and scale it was computed from).
A rerun of the same config and scale reads the tables back instead of
computing them again (and rebuilds ``report.md`` and the figure from them
if ``report.md`` was deleted).  ``scale`` multiplies every ``rounds`` and
``matches`` (at least 2 each) and, unless ``out`` is given, writes to
``<name>-scale<scale>/``.

Examples
--------
>>> import tempfile, pathlib
>>> d = pathlib.Path(tempfile.mkdtemp())
>>> _ = (d / "t.toml").write_text('study = "dutch-match-length"\\ntitle = "t"\\nseed = 1\\n'
...     '[params]\\nplayers = [2]\\nlimits = [30]\\nmatches = 6\\n')
>>> run = run_study(d / "t.toml")
>>> sorted(run.tables), run.report.name
(['length', 'luck'], 'report.md')
"""

from __future__ import annotations

import hashlib
import json
import platform
import shlex
import tomllib
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import matplotlib

matplotlib.use("Agg", force=False)
import matplotlib.pyplot as plt
import numpy as np
import pandas as pd
from matplotlib.figure import Figure

from ohhell.dutch.studies import STUDIES, Tables
from ohhell.plot.style import category_colour, finish, interval_points, reference_line
from ohhell.version import __version__

__all__ = ["run_study", "load_config", "StudyRun", "headlines", "figure"]

_SIZES = ("rounds", "matches")


@dataclass(frozen=True, slots=True)
class StudyRun:
    """A finished study: its tables, the output folder, the report and whether it was read back."""

    tables: Tables
    out: Path
    report: Path
    computed: bool


def load_config(path: str | Path) -> dict[str, Any]:
    """A study config, checked: a known ``study``, a ``title``, a whole-number ``seed``, a ``params`` table."""
    p = Path(path)
    config = tomllib.loads(p.read_text(encoding="utf-8"))
    study = config.get("study")
    if study not in STUDIES:
        raise ValueError(f"{p}: study must be one of {', '.join(sorted(STUDIES))}, got {study!r}")
    if not isinstance(config.get("title"), str):
        raise ValueError(f"{p}: title must be a string")
    seed = config.get("seed")
    if isinstance(seed, bool) or not isinstance(seed, int) or seed < 0:
        raise ValueError(f"{p}: seed must be a whole number >= 0, got {seed!r}")
    params = config.get("params", {})
    if not isinstance(params, dict):
        raise ValueError(f"{p}: [params] must be a table")
    import inspect

    allowed = set(inspect.signature(STUDIES[str(study)]).parameters) - {"seed", "n_jobs", "progress"}
    unknown = sorted(set(params) - allowed)
    if unknown:
        raise ValueError(f"{p}: {study} has no parameter {', '.join(unknown)}; it takes {', '.join(sorted(allowed))}")
    return config


def _scaled(params: dict[str, Any], scale: float) -> dict[str, Any]:
    out = dict(params)
    for k in _SIZES:
        if k in out:
            out[k] = max(2, round(out[k] * scale))
    return out


def run_study(
    config_path: str | Path,
    *,
    out: str | Path | None = None,
    scale: float = 1.0,
    n_jobs: int = 1,
    progress: bool = False,
) -> StudyRun:
    """Run (or read back) the study of ``config_path``; see the module docs."""
    if not scale > 0:
        raise ValueError(f"scale must be > 0, got {scale}")
    path = Path(config_path)
    config = load_config(path)
    params = _scaled(config.get("params", {}), scale)
    folder = (
        Path(out)
        if out is not None
        else path.parent / "results" / (path.stem if scale == 1 else f"{path.stem}-scale{scale:g}")
    )
    identity = {"config": config, "scale": scale}
    key = hashlib.sha256(json.dumps(identity, sort_keys=True).encode()).hexdigest()
    done = folder / "done.json"
    if done.exists():
        saved = json.loads(done.read_text(encoding="utf-8"))
        if saved.get("key") == key and all((folder / f"{t}.csv").exists() for t in saved.get("tables", [])):
            tables = {t: pd.read_csv(folder / f"{t}.csv") for t in saved["tables"]}
            report = folder / "report.md"
            if not report.exists():  # deleted to be rebuilt from the tables (and the figure with it)
                report.write_text(_report(config, params, path, scale, tables), encoding="utf-8")
                fig = figure(str(config["study"]), tables)
                fig.savefig(folder / "figure.png", dpi=110)
                plt.close(fig)
            return StudyRun(tables, folder, report, computed=False)
    study = str(config["study"])
    tables = STUDIES[study](**params, seed=config["seed"], n_jobs=n_jobs, progress=progress)
    folder.mkdir(parents=True, exist_ok=True)
    for name, t in tables.items():
        t.to_csv(folder / f"{name}.csv", index=False, float_format="%.6g")
    tables = {name: pd.read_csv(folder / f"{name}.csv") for name in tables}  # as a rerun reads them back
    fig = figure(study, tables)
    fig.savefig(folder / "figure.png", dpi=110)
    plt.close(fig)
    report = folder / "report.md"
    report.write_text(_report(config, params, path, scale, tables), encoding="utf-8")
    done.write_text(json.dumps({"key": key, "tables": list(tables), **identity}, indent=1), encoding="utf-8")
    return StudyRun(tables, folder, report, computed=True)


def _versions() -> str:
    import joblib
    import scipy

    return (
        f"ohhell {__version__}, Python {platform.python_version()}, numpy {np.__version__}, pandas {pd.__version__},"
        f" scipy {scipy.__version__}, joblib {joblib.__version__}"
    )


def _report(config: dict[str, Any], params: dict[str, Any], path: Path, scale: float, tables: Tables) -> str:
    command = f"ohhell dutch study {shlex.quote(str(path))}" + ("" if scale == 1 else f" --scale {scale:g}")
    lines = [
        f"# {config['title']}",
        "",
        "Headline findings (95% intervals in brackets):",
        "",
        *[f"- {h}" for h in headlines(config["study"], tables)],
        "",
        f"Parameters: {json.dumps(params, sort_keys=True)}; seed {config['seed']}.",
        "",
        f"Reproduce: `{command}`",
        "",
        f"Versions: {_versions()}.",
        "",
        "Tables: " + ", ".join(f"`{t}.csv`" for t in tables) + "; figure: `figure.png`.",
        "",
    ]
    return "\n".join(lines)


def _rows(frame: pd.DataFrame) -> list[Any]:
    return list(frame.itertuples())


def _first(frame: pd.DataFrame) -> Any:
    return frame.iloc[0]


def _ci(e: float, lo: float, hi: float, digits: int = 2) -> str:
    return f"{e:+.{digits}f} ({lo:+.{digits}f}, {hi:+.{digits}f})"


def _pct(e: float, lo: float, hi: float) -> str:
    return f"{100 * e:.1f}% ({100 * lo:.1f}%, {100 * hi:.1f}%)"


def headlines(study: str, t: Tables) -> list[str]:
    """The report's findings, each with its interval, from the study's tables."""
    out: list[str] = []
    if study == "dutch-strength-ladder":
        for name in ("steps", "memory"):
            for r in _rows(t[name]):
                out.append(
                    f"{r.weak} -> {r.strong}: {_ci(r.points, r.points_lo, r.points_hi)} points per round"
                    f" (paired, {r.deals} deals x 2 seatings); match-win share above the seats' share"
                    f" {_ci(r.win_gain, r.win_gain_lo, r.win_gain_hi, 3)} ({r.matches} seeds x 2 seatings)"
                )
    elif study == "dutch-seat-advantage":
        for n, g in t["wins"].groupby("players"):
            test = t["tests"][t["tests"]["players"] == n].pipe(_first)
            first = g[g["seat"] == 0].pipe(_first)
            rr = t["rounds"][t["rounds"]["players"] == n]
            spread = rr["vs_table"].max() - rr["vs_table"].min()
            out.append(
                f"{n} players: the first player of the match wins {_pct(first.estimate, first.lo, first.hi)}"
                f" (fair {100 * first.fair:.1f}%), chi-square p = {test.wins_p:.3f}; round scores by seat from the"
                f" first player spread over {spread:.2f} points, {test.rounds_test} p = {test.rounds_p:.3g}"
            )
            r0 = rr[rr["seat_from_first"] == 0].pipe(_first)
            out.append(
                f"{n} players: the first to play scores {_ci(r0.vs_table, r0.vs_table_lo, r0.vs_table_hi)}"
                " points per round against the table's mean"
            )
    elif study == "dutch-match-length":
        for r in _rows(t["length"]):
            luck = t["luck"][(t["luck"]["players"] == r.players) & (t["luck"]["limit"] == r.limit)].pipe(_first)
            out.append(
                f"{r.players} players, limit {r.limit}: {r.estimate:.2f} ({r.lo:.2f}, {r.hi:.2f}) rounds"
                f" (median {r.median:g}); the half-way leader wins {_pct(luck.estimate, luck.lo, luck.hi)}"
                f" (chance {100 * luck.chance:.0f}%)"
            )
    elif study == "dutch-memory":
        for r in _rows(t["wins"]):
            out.append(
                f"perfect memory against 3 x {r.imperfect}: win share {_pct(r.win_share, r.lo, r.hi)} (fair"
                f" {100 * r.fair:.0f}%); round score against theirs"
                f" {_ci(r.round_margin, r.round_margin_lo, r.round_margin_hi)}"
            )
    elif study == "dutch-powers":
        for r in _rows(t["table"]):
            out.append(
                f"{r.variant}: {r.points:.2f} ({r.points_lo:.2f}, {r.points_hi:.2f}) points per seat and round,"
                f" {_ci(r.vs_canonical, r.vs_canonical_lo, r.vs_canonical_hi)} against the canonical rules on the"
                f" same deals; {r.turns:.1f} turns per round"
            )
        for r in _rows(t["seat"]):
            out.append(
                f"one seat {r.seat_0}: {_ci(r.cost, r.cost_lo, r.cost_hi)} points per round for it (same deals);"
                f" its match-win share {_pct(r.win_share, r.win_lo, r.win_hi)} (fair {100 * r.fair:.0f}%)"
            )
    elif study == "dutch-when-to-call":
        bv = t["by_value"]
        for r in _rows(t["thresholds"]):
            g = bv[(bv["players"] == r.players) & (bv["unknown"] == r.unknown)]
            if g.empty:
                continue
            best = _first(g.sort_values(["gain", "value_bin"], ascending=[False, True]))
            loss = "at no known total" if np.isnan(r.sure_loss_from) else f"from a known total of {r.sure_loss_from:g}"
            out.append(
                f"{r.players} players, {r.unknown} own cards unknown: calling now is surely worse than playing on"
                f" {loss} (the lowest such total above every total that gains on average); the best total,"
                f" {best.value_bin:g}, gains"
                f" {_ci(best.gain, best.gain_lo, best.gain_hi)} ({r.positions} positions)"
            )
        for r in _rows(bv[(bv["unknown"] == 0) & (bv["value_bin"].isin([0, 3, 6]))]):
            out.append(
                f"{r.players} players, all own cards known, total {r.value_bin:g}: a call now gains"
                f" {_ci(r.gain, r.gain_lo, r.gain_hi)} points, succeeds {_pct(r.made, r.made_lo, r.made_hi)}"
            )
    return out


def _plot_rows(ax: Any, frame: pd.DataFrame, x: str, est: str, lo: str, hi: str, by: str | None, label: str) -> None:
    groups = [(None, frame)] if by is None else list(frame.groupby(by))
    for i, (key, g) in enumerate(groups):
        interval_points(
            ax,
            g[x],
            g[est],
            g[lo],
            g[hi],
            color=category_colour(i),
            line=True,
            label=None if key is None else f"{label} {key!s}",
        )


def figure(study: str, t: Tables) -> Figure:
    """One figure per study, in the project's plot style (points with their 95% intervals)."""
    fig, ax = plt.subplots(figsize=(7.0, 4.2), layout="constrained")
    plots: dict[str, Callable[[], None]] = {
        "dutch-strength-ladder": lambda: _ladder(ax, t),
        "dutch-seat-advantage": lambda: _seats(ax, t),
        "dutch-match-length": lambda: _length(ax, t),
        "dutch-memory": lambda: _memory(ax, t),
        "dutch-powers": lambda: _powers(ax, t),
        "dutch-when-to-call": lambda: _call(ax, t),
    }
    plots[study]()
    return fig


def _ladder(ax: Any, t: Tables) -> None:
    rows = pd.concat([t["steps"], t["memory"]], ignore_index=True)
    pos = np.arange(len(rows))
    interval_points(ax, pos, rows["points"], rows["points_lo"], rows["points_hi"], orient="h")
    ax.set_yticks(pos, [f"{w} -> {s}" for w, s in zip(rows["weak"], rows["strong"], strict=True)])
    reference_line(ax, 0.0, orient="v")
    finish(ax, title="Points per round the stronger player saves", xlabel="points per round", ylabel="", grid="x")


def _seats(ax: Any, t: Tables) -> None:
    w = t["wins"].assign(excess=lambda d: d["estimate"] - d["fair"], lo_x=lambda d: d["lo"] - d["fair"])
    w = w.assign(hi_x=w["hi"] - w["fair"])
    _plot_rows(ax, w, "seat", "excess", "lo_x", "hi_x", "players", "players")
    reference_line(ax, 0.0)
    ax.legend(fontsize=8)
    finish(ax, title="Match wins by seat, above the fair share", xlabel="seat (0 starts round 1)", ylabel="win share")


def _length(ax: Any, t: Tables) -> None:
    _plot_rows(ax, t["length"], "limit", "estimate", "lo", "hi", "players", "players")
    ax.legend(fontsize=8)
    finish(ax, title="Rounds to the limit", xlabel="score limit", ylabel="rounds per match")


def _memory(ax: Any, t: Tables) -> None:
    w = t["wins"]
    pos = np.arange(len(w))
    interval_points(ax, pos, w["win_share"], w["lo"], w["hi"], orient="h")
    ax.set_yticks(pos, list(w["imperfect"]))
    reference_line(ax, float(w["fair"].iloc[0]), orient="v", label="fair share")
    finish(ax, title="A perfect memory's match wins against imperfect ones", xlabel="win share", ylabel="", grid="x")


def _powers(ax: Any, t: Tables) -> None:
    v = t["table"]
    pos = np.arange(len(v))
    interval_points(ax, pos, v["vs_canonical"], v["vs_canonical_lo"], v["vs_canonical_hi"], orient="h")
    ax.set_yticks(pos, list(v["variant"]))
    reference_line(ax, 0.0, orient="v")
    finish(ax, title="Points per seat and round against the canonical rules", xlabel="points", ylabel="", grid="x")


def _call(ax: Any, t: Tables) -> None:
    bv = t["by_value"]
    for i, ((n, u), g) in enumerate(bv.groupby(["players", "unknown"])):
        interval_points(
            ax,
            g["value_bin"],
            g["gain"],
            g["gain_lo"],
            g["gain_hi"],
            color=category_colour(i),
            line=True,
            label=f"{n} players, {u} unknown",
        )
    reference_line(ax, 0.0)
    ax.legend(fontsize=7)
    finish(ax, title="What calling now gains over playing on", xlabel="known own total", ylabel="points")
