"""The plots of the study frames (ohhell.plot): one point per row, the seats and claims named, the given Axes used."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import replace
from typing import Any

import matplotlib

matplotlib.use("Agg")

import matplotlib.pyplot as plt
import numpy as np
import pandas as pd
import pytest
from matplotlib.axes import Axes
from matplotlib.lines import Line2D

import ohhell
from ohhell.exact import OneCardAnalysis, one_card_analysis
from ohhell.plot import (
    break_even_share,
    plot_bid_success,
    plot_folk_tips,
    plot_hook_cost,
    plot_match_wins,
    plot_one_card,
    plot_seat_scores,
    plot_variant_balance,
)
from ohhell.plot.folk_tips import claim_directions
from ohhell.plot.style import (
    DEALER_COLOUR,
    VERDICT_COLOURS,
    errorbar_containers,
    ordinal,
    seat_colour,
    seat_label,
    seat_labels,
    wrap,
)
from ohhell.rules import Harsh, Scoring
from ohhell.studies import SeatAdvantage, VariantBalance, bid_success, folk_tips, seat_advantage, variant_balance
from ohhell.studies.folk_tips import with_claim_columns
from ohhell.studies.variant_balance import MEASURES, with_descriptions

BB = ohhell.boerenbridge(4)


@pytest.fixture(autouse=True)
def _close_figures() -> Iterator[None]:
    yield
    plt.close("all")


@pytest.fixture(scope="module")
def bids() -> pd.DataFrame:
    return bid_success(BB, "folk", deals=2000, seed=1, by=["hand_size", "seat_from_dealer"], progress=False)


@pytest.fixture(scope="module")
def seats() -> SeatAdvantage:
    return seat_advantage(BB, "folk", deals=600, matches=20, seed=1, progress=False)


@pytest.fixture(scope="module")
def balance() -> VariantBalance:
    harsh = replace(BB, scoring=Scoring(made=BB.scoring.made, miss=Harsh()))
    return variant_balance({"standard": BB, "harsh": harsh}, matches=12, skill_matches=2, seed=1, progress=False)


@pytest.fixture(scope="module")
def tips() -> pd.DataFrame:
    claims = ["bid_low", "one_card_trump_or_ace", "spoil", "one_card_low_side_card"]
    return folk_tips(deals=60, hand_deals=1500, claims=claims, seed=1, progress=False)


@pytest.fixture(scope="module")
def one_card() -> OneCardAnalysis:
    return one_card_analysis(BB)


def xy(line: Line2D) -> tuple[np.ndarray, np.ndarray]:
    return np.asarray(line.get_xdata(), dtype=np.float64), np.asarray(line.get_ydata(), dtype=np.float64)


def estimates(ax: Axes, axis: int = 1) -> list[float]:
    """The first point of every error-bar container (its y, or x with ``axis=0``)."""
    return [float(xy(c.lines[0])[axis][0]) for c in errorbar_containers(ax)]


def curves(ax: Axes) -> list[Line2D]:
    """The lines of a 1-card plot with a point per rank."""
    return [line for line in ax.get_lines() if xy(line)[0].size == 13]


def points(ax: Axes) -> int:
    """Estimates drawn with an interval: the points of every error-bar container."""
    return sum(xy(c.lines[0])[0].size for c in errorbar_containers(ax))


def bars(ax: Axes) -> int:
    """Error bars drawn: one segment per interval."""
    return sum(len(c.lines[2][0].get_segments()) for c in errorbar_containers(ax))


def tick_texts(labels: list[Any]) -> list[str]:
    return [t.get_text() for t in labels]


def flat_line_at(ax: Axes, value: float, *, horizontal: bool = True) -> list[Line2D]:
    """Reference lines across the plot at ``value``."""
    found = []
    for line in ax.get_lines():
        data = xy(line)[1 if horizontal else 0]
        if data.size == 2 and np.allclose(data, value):
            found.append(line)
    return found


# --- style -------------------------------------------------------------------------------------


def test_seat_names_and_colours() -> None:
    assert [ordinal(k) for k in (1, 2, 3, 4, 11, 12, 13, 21, 22, 101)] == [
        "1st",
        "2nd",
        "3rd",
        "4th",
        "11th",
        "12th",
        "13th",
        "21st",
        "22nd",
        "101st",
    ]
    assert seat_labels(2) == ["1st bidder", "dealer"]
    assert seat_labels(5, dealer="first dealer") == ["1st bidder", "2nd", "3rd", "4th", "first dealer"]
    assert seat_colour(3, 4) == seat_colour(6, 7) == DEALER_COLOUR
    assert len({seat_colour(s, 7) for s in range(7)}) == 7
    with pytest.raises(ValueError, match="not one of the 4 seats"):
        seat_label(4, 4)


# --- bid success -------------------------------------------------------------------------------


def test_bid_success_one_point_per_row_and_seat_lines(bids: pd.DataFrame) -> None:
    by_seat = bid_success(BB, "folk", deals=1000, seed=2, by=["seat_from_dealer"], progress=False)
    ax = plot_bid_success(by_seat, hue="seat_from_dealer", min_n=0)
    assert points(ax) == bars(ax) == len(by_seat)
    containers = errorbar_containers(ax)
    assert len(containers) == 4
    assert [c.get_label() for c in containers] == seat_labels(4)
    assert [c.lines[0].get_color() for c in containers] == [seat_colour(s, 4) for s in range(4)]
    legend = ax.get_legend()
    assert legend is not None and tick_texts(legend.get_texts()) == seat_labels(4)
    dealer = containers[3].lines[0]
    expected = by_seat[by_seat["seat_from_dealer"] == 3].sort_values("bid")["rate"].to_numpy()
    assert xy(dealer)[1] == pytest.approx(expected)
    assert ax.get_ylim() == pytest.approx((-0.02, 1.02))
    assert ax.yaxis.get_major_formatter()(1.0, 0) == "100%"
    assert ax.get_xlabel() == "bid" and ax.get_ylabel() == "bids made"
    assert "boerenbridge" in ax.get_title()


def test_bid_success_pools_other_groups_and_leaves_out_small_ones(bids: pd.DataFrame) -> None:
    ax = plot_bid_success(bids, x="bid", hue="seat_from_dealer", min_n=0)
    pooled = bids.groupby(["seat_from_dealer", "bid"])[["n", "made"]].sum()
    assert points(ax) == len(pooled)  # hand sizes pooled: one point per (seat, bid)
    first = errorbar_containers(ax)[0].lines[0]
    seat0 = pooled.loc[0]
    assert xy(first)[1] == pytest.approx((seat0["made"] / seat0["n"]).to_numpy())
    plt.close("all")

    small = int((pooled["n"] < 100).sum())
    assert small > 0
    ax = plot_bid_success(bids, x="bid", hue="seat_from_dealer", min_n=100)
    assert points(ax) == len(pooled) - small
    assert any(f"{small} points with fewer than 100 bids left out" in t.get_text() for t in ax.texts)


def test_bid_success_seats_on_the_x_axis_and_counts_written(bids: pd.DataFrame) -> None:
    ax = plot_bid_success(bids, x="seat_from_dealer", hue="hand_size", min_n=0, annotate_n=True)
    assert tick_texts(ax.get_xticklabels()) == seat_labels(4)
    assert points(ax) == len(bids.groupby(["hand_size", "seat_from_dealer"]))
    assert len(ax.texts) - 1 == points(ax)  # one count per point, and the note saying what they are
    with pytest.raises(ValueError, match="no column"):
        plot_bid_success(bids, x="trumps")


# --- seat advantage ----------------------------------------------------------------------------


def test_seat_scores_one_point_per_seat_with_a_zero_line(seats: SeatAdvantage) -> None:
    frame = seats.deal_scores
    ax = plot_seat_scores(frame)
    assert points(ax) == bars(ax) == len(frame) == 4
    assert tick_texts(ax.get_xticklabels()) == ["1st bidder", "2nd", "3rd", "dealer"]
    ys = estimates(ax)
    assert ys == pytest.approx(frame["advantage"].to_numpy())
    assert flat_line_at(ax, 0.0)
    assert errorbar_containers(ax)[3].lines[0].get_color() == DEALER_COLOUR
    plt.close("all")

    ax = plot_seat_scores(seats.frames()["deal_scores"], value="mean", title="mine")
    ys = estimates(ax)
    assert ys == pytest.approx(frame["mean"].to_numpy())
    assert flat_line_at(ax, float(frame["mean"].mean()))
    assert ax.get_title() == "mine"


def test_match_wins_with_the_fair_share(seats: SeatAdvantage) -> None:
    assert seats.match_wins is not None
    ax = plot_match_wins(seats.match_wins)
    assert points(ax) == len(seats.match_wins) == 4
    assert tick_texts(ax.get_xticklabels()) == ["1st bidder", "2nd", "3rd", "first dealer"]
    fair = flat_line_at(ax, float(seats.match_wins["fair"].iloc[0]))
    assert len(fair) == 1 and fair[0].get_linestyle() == "--"
    with pytest.raises(ValueError, match="ran no matches"):
        plot_match_wins(None)


def test_hook_cost_per_seat(seats: SeatAdvantage) -> None:
    assert seats.hook_cost is not None
    ax = plot_hook_cost(seats.hook_cost)
    assert points(ax) == len(seats.hook_cost) == 4
    ys = estimates(ax)
    assert ys == pytest.approx(seats.hook_cost["diff"].to_numpy())
    assert tick_texts(ax.get_xticklabels())[-1] == "dealer"
    with pytest.raises(ValueError, match="no bid restriction"):
        plot_hook_cost(None)


# --- variant balance ---------------------------------------------------------------------------


def test_variant_balance_forest_of_the_differences(balance: VariantBalance) -> None:
    m = balance.measures
    compared = m[m["variant"] == "harsh"]
    ax = plot_variant_balance(m)
    assert points(ax) == bars(ax) == len(compared)
    labels = [wrap(MEASURES[k][0], 34) for k in MEASURES if k in set(compared["measure"])]
    assert tick_texts(ax.get_yticklabels()) == labels
    xs = estimates(ax, 0)
    assert xs == pytest.approx(compared.set_index("measure").loc[list(MEASURES), "diff"].to_numpy())
    assert flat_line_at(ax, 0.0, horizontal=False)
    assert ax.get_title() == "Variant balance: harsh against standard"
    assert "standard" in ax.get_xlabel()


def test_variant_balance_labels_come_from_the_frame(balance: VariantBalance) -> None:
    """Rows are labelled by the frame's descriptions; a frame saved without them shows the measures'
    names until :func:`with_descriptions` fills them in from the study's measures."""
    bare = balance.measures.drop(columns="description")
    chosen = ["total_sd", "made_rate"]
    ax = plot_variant_balance(bare, measures=chosen)
    assert tick_texts(ax.get_yticklabels()) == chosen
    ax = plot_variant_balance(with_descriptions(bare), measures=chosen)
    assert tick_texts(ax.get_yticklabels()) == [wrap(MEASURES[k][0], 34) for k in chosen]


def test_variant_balance_chosen_measures_standardised(balance: VariantBalance) -> None:
    m = balance.measures
    diff = m[m["variant"] == "harsh"].set_index("measure")["diff"].to_dict()
    base = m[m["variant"] == "standard"].set_index("measure")["estimate"].to_dict()
    chosen = ["total_sd", "skill_rank_corr", "made_rate"]
    ax = plot_variant_balance(balance.measures, measures=chosen, standardise=True)
    assert tick_texts(ax.get_yticklabels()) == [wrap(MEASURES[k][0], 34) for k in chosen]
    xs = estimates(ax, 0)
    expected = [diff[k] / abs(base[k]) for k in chosen]
    assert xs == pytest.approx(expected)
    assert ax.xaxis.get_major_formatter()(0.1, 0).startswith("10")
    assert ax.xaxis.get_major_formatter()(0.1, 0).endswith("%")
    with pytest.raises(ValueError, match="no measure"):
        plot_variant_balance(balance.measures, measures=["luck"])


def test_variant_balance_several_variants_hand_built() -> None:
    rows = []
    for variant, shift in (("base", np.nan), ("a", 0.1), ("b", -0.2)):
        for measure, estimate in (("made_rate", 0.5), ("total_sd", 0.0)):
            rows.append(
                {
                    "variant": variant,
                    "measure": measure,
                    "n": 10,
                    "estimate": estimate,
                    "lo": estimate - 0.1,
                    "hi": estimate + 0.1,
                    "diff": shift,
                    "diff_lo": shift - 0.05,
                    "diff_hi": shift + 0.05,
                    "p_value": 0.5,
                }
            )
    frame = pd.DataFrame(rows)
    ax = plot_variant_balance(frame)
    assert points(ax) == 4  # (a, b) x (made_rate, total_sd)
    legend = ax.get_legend()
    assert legend is not None and tick_texts(legend.get_texts()) == ["a", "b"]
    assert len(tick_texts(ax.get_yticklabels())) == 2
    plt.close("all")
    ax = plot_variant_balance(frame, standardise=True)  # total_sd's baseline is 0: no relative change
    assert points(ax) == 2
    assert any("total_sd" in t.get_text() for t in ax.texts)


# --- folk tips ---------------------------------------------------------------------------------


def test_folk_tips_one_row_per_claim_coloured_by_verdict(tips: pd.DataFrame) -> None:
    ax = plot_folk_tips(tips)
    assert points(ax) == bars(ax) == len(tips)
    hands_first = pd.concat(
        [tips[tips["measure"].str.startswith("share")], tips[tips["measure"].str.startswith("score")]]
    )
    assert tick_texts(ax.get_yticklabels()) == [wrap(t, 46) for t in hands_first["text"]]
    colours = [c.lines[0].get_color() for c in errorbar_containers(ax)]
    assert colours == [VERDICT_COLOURS[v] for v in hands_first["verdict"]]
    legend = ax.get_legend()
    assert legend is not None
    assert set(tick_texts(legend.get_texts())) == set(tips["verdict"])
    assert len(ax.child_axes) == 2  # the hand claims' own x axis on top, the numbers on the right
    assert flat_line_at(ax, 0.0, horizontal=False)


def test_folk_tips_right_is_the_tips_side() -> None:
    frame = pd.DataFrame(
        {
            "claim": ["one_card_trump_or_ace", "one_card_low_side_card"],
            "text": ["bid 1 with a trump or an ace", "bid 0 with a low side card"],
            "measure": ["share", "share"],
            "estimate": [0.6, 0.07],
            "lo": [0.57, 0.06],
            "hi": [0.63, 0.08],
            "threshold": [0.45, 0.45],
            "verdict": ["supported", "supported"],
        }
    )
    assert claim_directions(frame).tolist() == [1, 1]  # a frame without the column: every tip "above"
    saved = frame
    frame = with_claim_columns(frame)  # as saved before the study wrote kind and direction
    assert frame["kind"].tolist() == ["hands", "hands"]
    assert claim_directions(frame).tolist() == [1, -1]
    ax = plot_folk_tips(frame, annotate=False)
    xs = estimates(ax, 0)
    assert xs == pytest.approx([15.0, 38.0])  # percentage points on the tip's side
    assert ax.child_axes == []  # one kind: one axis
    assert "percentage points" in ax.get_xlabel()
    # the plot reads a frame saved without them as the study would: the same points
    assert estimates(plot_folk_tips(saved, annotate=False), 0) == pytest.approx([15.0, 38.0])


# --- one card ----------------------------------------------------------------------------------


def test_one_card_lines_by_suit_and_seat(one_card: OneCardAnalysis) -> None:
    ax = plot_one_card(one_card)
    data = curves(ax)
    labels = [str(line.get_label()) for line in data]
    # a trump wins alike from any seat; a side card led or followed: three curves
    assert labels == ["trump, any seat", "side suit, 1st bidder (leads)", "side suit, following seats (2nd to dealer)"]
    leader_side = one_card.win.query("position == 0 and suit == 'side'").sort_values("rank")["p_win"]
    assert xy(data[1])[1] == pytest.approx(leader_side.to_numpy())
    assert break_even_share(one_card.table) == pytest.approx(10 / 22)
    assert flat_line_at(ax, 10 / 22)
    assert tick_texts(ax.get_xticklabels()) == ["2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A"]


def test_one_card_every_seat_unmerged_and_the_bare_frame(one_card: OneCardAnalysis) -> None:
    ax = plot_one_card(one_card, merge=False)
    data = curves(ax)
    assert len(data) == 2 * 4 and sum(xy(line)[0].size for line in data) == len(one_card.win)
    plt.close("all")

    ax = plot_one_card(one_card.win, positions=[3])
    data = curves(ax)
    assert [line.get_label() for line in data] == ["trump, dealer", "side suit, dealer"]
    assert all(line.get_color() == DEALER_COLOUR for line in data)
    assert not flat_line_at(ax, 10 / 22)  # a bare frame has no score table
    plt.close("all")

    no_trump = one_card_analysis(BB, trump=False)
    ax = plot_one_card(no_trump, break_even=0.5)
    data = curves(ax)
    assert len(data) == 2 and flat_line_at(ax, 0.5)
    assert "no trump" in ax.get_title()
    with pytest.raises(ValueError, match="not seats"):
        plot_one_card(one_card, positions=[4])


def test_one_card_picks_one_table_from_stacked_frames() -> None:
    stacked = pd.concat(
        [
            one_card_analysis(replace(BB, players=n), players=n).win.assign(players=n, scoring=scoring)
            for n in (3, 4)
            for scoring in ("10+bid", "10+2/trick")
        ]
    )
    with pytest.raises(ValueError, match=r"tables for \[3, 4\] players"):
        plot_one_card(stacked)
    ax = plot_one_card(stacked, players=3, merge=False)
    data = curves(ax)
    assert len(data) == 2 * 3  # each scoring's copy drawn once
    assert tick_texts(ax.get_legend().get_texts())[-1] == "side suit, dealer"  # type: ignore[union-attr]
    assert "3 players" in ax.get_title()


# --- every plot: the Axes given, or a figure of its own ------------------------------------------


def _calls(
    bids: pd.DataFrame, seats: SeatAdvantage, balance: VariantBalance, tips: pd.DataFrame, one_card: OneCardAnalysis
) -> dict[str, Callable[..., Axes]]:
    return {
        "bid_success": lambda **kw: plot_bid_success(bids, hue="seat_from_dealer", **kw),
        "seat_scores": lambda **kw: plot_seat_scores(seats.deal_scores, **kw),
        "match_wins": lambda **kw: plot_match_wins(seats.match_wins, **kw),
        "hook_cost": lambda **kw: plot_hook_cost(seats.hook_cost, **kw),
        "variant_balance": lambda **kw: plot_variant_balance(balance.measures, **kw),
        "folk_tips": lambda **kw: plot_folk_tips(tips, **kw),
        "one_card": lambda **kw: plot_one_card(one_card, **kw),
    }


@pytest.mark.parametrize(
    "name", ["bid_success", "seat_scores", "match_wins", "hook_cost", "variant_balance", "folk_tips", "one_card"]
)
def test_draws_on_the_given_axes_and_makes_no_figure(
    name: str,
    bids: pd.DataFrame,
    seats: SeatAdvantage,
    balance: VariantBalance,
    tips: pd.DataFrame,
    one_card: OneCardAnalysis,
) -> None:
    plot = _calls(bids, seats, balance, tips, one_card)[name]
    fig, (left, right) = plt.subplots(1, 2)
    before = plt.get_fignums()
    rc = dict(matplotlib.rcParams)
    out = plot(ax=right, title="given")
    assert out is right
    assert plt.get_fignums() == before
    assert right.get_title() == "given" and right.get_xlabel() != ""
    assert right.get_lines() or errorbar_containers(right)
    assert not left.get_lines() and not left.containers  # only the given Axes is drawn on
    assert dict(matplotlib.rcParams) == rc
    plt.close(fig)

    before = plt.get_fignums()
    own = plot()
    assert len(plt.get_fignums()) == len(before) + 1
    assert own.figure is plt.figure(plt.get_fignums()[-1])
    assert own.get_title() != "" and own.get_xlabel() != ""
