"""The bid-table study, its cheat sheet and ``ohhell bid-table``.

The study's numbers are checked against what they are by construction or by
an independent computation: the trick shares against a direct simulation
counted with pandas, the best bid against every bid's expectation from the
shares and ``Scoring.table``, the intervals against scipy.
"""

from __future__ import annotations

import io
from dataclasses import replace
from pathlib import Path

import numpy as np
import pandas as pd
import pytest
from matplotlib.figure import Figure
from scipy import stats

import ohhell
from ohhell.cli import main
from ohhell.rules import (
    ExactBonus,
    FixedHands,
    FixedRotation,
    Harsh,
    MissScoresTricks,
    MissZero,
    NoTrump,
    Scoring,
    TurnUpTrump,
    boerenbridge,
    bondebridge,
    up_and_down_the_river,
)
from ohhell.stats import proportion_ci
from ohhell.stats.intervals import clustered_proportion_ci
from ohhell.strategies import Folk
from ohhell.studies.bid_tables import (
    BUCKET_COLUMNS,
    DEFAULT_BY,
    bid_tables,
    deal_rules,
    default_scorings,
    trick_columns,
    trump_for,
    wide,
)
from ohhell.studies.cheat_sheet import cheat_sheet_figure, cheat_sheet_html, to_markdown
from ohhell.studies.markdown import markdown_table

PNG_MAGIC = b"\x89PNG\r\n\x1a\n"
SIZES = (2, 4)
DEALS = 1500
SEED = 7

#: The score tables of Boerenbridge written out here, not taken from the rules.
STANDARD = Scoring(made=ExactBonus(base=10, per_trick=2), miss=MissZero())
HARSH = Scoring(made=ExactBonus(base=10, per_trick=2), miss=Harsh(factor=1))


@pytest.fixture(scope="module")
def table() -> pd.DataFrame:
    """Every bucket kept (min_hands=1): all hands are in the table."""
    return bid_tables(boerenbridge(4), "folk", hand_size=list(SIZES), deals=DEALS, seed=SEED, min_hands=1)


def direct_deals(hand_size: int) -> pd.DataFrame:
    """The same deals simulated without the study (Boerenbridge turns up a trump card every deal anyway)."""
    rules = replace(boerenbridge(4), schedule=FixedHands(size=hand_size, rounds=1))
    result = ohhell.simulate(rules, Folk(), deals=DEALS, seed=SEED, n_jobs=1, features=True, progress=False)
    assert result.deals is not None
    return result.deals


# -- the frame ------------------------------------------------------------------------


def test_columns_long_form_and_scorings_side_by_side(table: pd.DataFrame) -> None:
    shares = [f"p_tricks_{t}" for t in range(max(SIZES) + 1)]
    assert list(table.columns) == [
        "scoring",
        "hand_size",
        *DEFAULT_BY,
        "hands",
        *shares,
        "best_bid",
        "expected_score",
        "success",
        "successes",
        "success_lo",
        "success_hi",
        "design_effect",
    ]
    assert trick_columns(table) == shares
    assert table["scoring"].unique().tolist() == ["standard", "harsh"]
    assert sorted(table["hand_size"].unique().tolist()) == list(SIZES)
    keys = ["hand_size", *DEFAULT_BY]
    standard = table[table["scoring"] == "standard"].set_index(keys).sort_index()
    harsh = table[table["scoring"] == "harsh"].set_index(keys).sort_index()
    # one trick distribution, scored under both tables
    assert standard.index.equals(harsh.index)
    assert not standard.index.duplicated().any()
    pd.testing.assert_frame_equal(standard[["hands", *shares]], harsh[["hands", *shares]])


def test_shares_sum_to_one_and_every_hand_is_counted(table: pd.DataFrame) -> None:
    shares = table[trick_columns(table)].to_numpy()
    assert np.allclose(shares.sum(axis=1), 1.0)
    assert (shares >= 0).all()
    for k in SIZES:
        rows = table[table["hand_size"] == k]
        impossible = [f"p_tricks_{t}" for t in range(k + 1, max(SIZES) + 1)]
        assert (rows[impossible].to_numpy() == 0).all()
        for _, part in rows.groupby("scoring"):
            assert part["hands"].sum() == DEALS * 4


@pytest.mark.parametrize("hand_size", SIZES)
def test_shares_match_a_direct_simulation(table: pd.DataFrame, hand_size: int) -> None:
    deals = direct_deals(hand_size)
    counts = pd.crosstab([deals[c] for c in DEFAULT_BY], deals["tricks"]).reindex(
        columns=range(hand_size + 1), fill_value=0
    )
    rows = table[(table["scoring"] == "standard") & (table["hand_size"] == hand_size)].set_index(list(DEFAULT_BY))
    rows = rows.loc[counts.index]
    assert len(rows) == len(counts)
    assert (rows["hands"].to_numpy() == counts.sum(axis=1).to_numpy()).all()
    expected = counts.to_numpy() / counts.sum(axis=1).to_numpy()[:, None]
    assert np.allclose(rows[[f"p_tricks_{t}" for t in range(hand_size + 1)]].to_numpy(), expected)


@pytest.mark.parametrize(("name", "scoring"), [("standard", STANDARD), ("harsh", HARSH)])
def test_best_bid_maximises_the_expected_score(table: pd.DataFrame, name: str, scoring: Scoring) -> None:
    for k in SIZES:
        rows = table[(table["scoring"] == name) & (table["hand_size"] == k)]
        p = rows[[f"p_tricks_{t}" for t in range(k + 1)]].to_numpy()
        per_bid = np.array([[sum(pi[t] * scoring.score(b, t) for t in range(k + 1)) for b in range(k + 1)] for pi in p])
        assert np.allclose(per_bid, p @ scoring.table(k).T)
        best = rows["best_bid"].to_numpy()
        assert np.allclose(rows["expected_score"].to_numpy(), per_bid.max(axis=1))
        assert np.allclose(per_bid[np.arange(len(best)), best], per_bid.max(axis=1))
        assert np.allclose(rows["success"].to_numpy(), p[np.arange(len(best)), best])
        assert (rows["successes"].to_numpy() == np.rint((rows["success"] * rows["hands"]).to_numpy())).all()
        assert ((best >= 0) & (best <= k)).all()


def test_harsh_never_expects_more_than_standard(table: pd.DataFrame) -> None:
    # the same made bonus and a miss worth <= 0 instead of 0: every bid's expectation can only drop
    keys = ["hand_size", *DEFAULT_BY]
    standard = table[table["scoring"] == "standard"].set_index(keys).sort_index()
    harsh = table[table["scoring"] == "harsh"].set_index(keys).sort_index()
    assert (harsh["expected_score"] <= standard["expected_score"] + 1e-12).all()


def test_success_intervals_are_wilson_clustered_by_deal(table: pd.DataFrame) -> None:
    # each hand scores 1 if it took its bucket's best bid; the hands of a deal form one cluster
    part = table[(table["scoring"] == "standard") & (table["hand_size"] == 2)]
    rows = direct_deals(2).merge(part[[*DEFAULT_BY, "best_bid"]], on=list(DEFAULT_BY))
    rows = rows.assign(hit=(rows["tricks"] == rows["best_bid"]).astype(np.int64))
    for _, r in part.nlargest(5, "hands").iterrows():  # the big buckets hold several hands of a deal
        g = rows[(rows[list(DEFAULT_BY)] == r[list(DEFAULT_BY)].to_numpy()).all(axis=1)]
        per = g.groupby("unit")["hit"].agg(["sum", "size"])
        k, n = per["sum"].to_numpy(dtype=np.float64), per["size"].to_numpy(dtype=np.float64)
        assert int(k.sum()) == r["successes"] and int(n.sum()) == r["hands"]
        lo, hi, deff = clustered_proportion_ci(k.sum(), n.sum(), len(per), (k * k).sum(), (k * n).sum(), (n * n).sum())
        assert (r["success_lo"], r["success_hi"], r["design_effect"]) == pytest.approx(
            (float(lo), float(hi), float(deff))
        )
    assert (part["design_effect"] != 1.0).any()
    single = table[table["design_effect"] == 1.0]  # no two hands of a deal in the bucket, or a share of 0 or 1
    lo, hi = proportion_ci(single["successes"].to_numpy(), single["hands"].to_numpy())
    assert np.allclose(single["success_lo"], lo) and np.allclose(single["success_hi"], hi)
    assert (table["success_lo"] <= table["success"] + 1e-12).all()
    assert (table["success"] <= table["success_hi"] + 1e-12).all()
    sample = single.sample(5, random_state=0)
    for k, n, lo_k, hi_k in zip(sample["successes"], sample["hands"], sample["success_lo"], sample["success_hi"]):
        ci = stats.binomtest(int(k), int(n)).proportion_ci(method="wilson")
        assert lo_k == pytest.approx(ci.low, abs=1e-9)
        assert hi_k == pytest.approx(ci.high, abs=1e-9)


def test_min_hands_only_leaves_buckets_out(table: pd.DataFrame) -> None:
    big = bid_tables(boerenbridge(4), "folk", hand_size=list(SIZES), deals=DEALS, seed=SEED, min_hands=200)
    assert (big["hands"] >= 200).all()
    kept = table[table["hands"] >= 200].reset_index(drop=True)
    pd.testing.assert_frame_equal(big.reset_index(drop=True), kept)


def test_attrs_record_how_the_table_was_made(table: pd.DataFrame) -> None:
    a = table.attrs
    assert a["study"] == "bid_tables"
    assert a["seed"] == SEED
    assert a["ohhell"] == ohhell.__version__
    assert a["rules_name"] == "boerenbridge"
    assert a["rules"] == repr(boerenbridge(4))
    assert a["strategy"] == "folk"
    assert a["deals"] == DEALS
    assert list(a["hand_sizes"]) == list(SIZES)
    assert list(a["by"]) == list(DEFAULT_BY)
    assert a["scorings"] == {"standard": repr(STANDARD), "harsh": repr(HARSH)}


def test_default_scorings_keep_the_made_bonus_and_drop_the_consolation() -> None:
    s = default_scorings(boerenbridge(4))
    assert s["standard"].table(3).tolist() == STANDARD.table(3).tolist()
    assert s["harsh"].table(3).tolist() == HARSH.table(3).tolist()
    bonde = replace(
        bondebridge(4), scoring=Scoring(made=ExactBonus(base=10, per_trick=1), miss=MissZero(), made_zero=5)
    )
    harsh = default_scorings(bonde)["harsh"]
    assert harsh.score(0, 0) == 5 and harsh.score(2, 2) == 12 and harsh.score(2, 0) == -2


def test_custom_scorings_and_a_strategy_object() -> None:
    t = bid_tables(
        boerenbridge(4),
        Folk(),
        hand_size=3,
        deals=300,
        seed=1,
        by=["trumps"],
        scorings={"tricks count": Scoring(made=ExactBonus(base=10, per_trick=1), miss=MissScoresTricks())},
    )
    assert t["scoring"].unique().tolist() == ["tricks count"]
    assert t.attrs["strategy"] == repr(Folk())
    assert list(wide(t, values=["best_bid"]).columns) == ["hand_size", "trumps", "hands", "best_bid_tricks count"]


def test_wide_has_one_row_per_bucket_and_the_long_values(table: pd.DataFrame) -> None:
    w = wide(table)
    keys = ["hand_size", *DEFAULT_BY]
    assert not w.duplicated(subset=keys).any()
    assert len(w) == (table["scoring"] == "standard").sum()
    for name in ("standard", "harsh"):
        long = table[table["scoring"] == name].set_index(keys)["best_bid"].sort_index()
        assert (w.set_index(keys)[f"best_bid_{name}"].sort_index() == long).all()


# -- the trump of the study's deals -------------------------------------------------


def test_trump_follows_the_rules_for_that_hand_size() -> None:
    assert trump_for(boerenbridge(4), 5) == TurnUpTrump()
    assert trump_for(bondebridge(4), 2) == NoTrump()  # rounds 1-3 and 18-20 have no trump
    fixed = trump_for(bondebridge(4), 5)
    assert isinstance(fixed, FixedRotation) and fixed.no_trump_first == 0 and len(fixed.order) == 1
    assert trump_for(up_and_down_the_river(4), 1) == TurnUpTrump()  # round 1 turns a card up
    assert isinstance(trump_for(up_and_down_the_river(4), 3), FixedRotation)  # round 1's suit, known
    assert deal_rules(bondebridge(4), 4).trump_plans[0].source == "fixed"
    assert deal_rules(bondebridge(4), 4, NoTrump()).trump_plans[0].source == "none"


def test_bondebridge_tables_have_trump_hands() -> None:
    # a one-round FixedHands schedule alone would make every Bondebridge deal a no-trump round
    t = bid_tables(bondebridge(4), "folk", hand_size=4, deals=300, seed=3, by=["trumps"], min_hands=1)
    assert t["trumps"].max() > 0
    assert to_markdown(t).startswith("### 4 cards (trump suit known before the deal)")
    bare = bid_tables(
        bondebridge(4), "folk", hand_size=4, deals=300, seed=3, by=["trumps"], min_hands=1, trump=NoTrump()
    )
    assert bare["trumps"].unique().tolist() == [0]
    assert "<h2>4 cards (no trump)</h2>" in cheat_sheet_html(bare)


# -- bad input ------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({"hand_size": 14}, "does not fit boerenbridge for 4 players"),
        ({"hand_size": 0}, "hand sizes must be a whole number >= 1"),
        ({"hand_size": []}, "at least one hand size"),
        ({"hand_size": [2, 2]}, "repeat"),
        ({"deals": 0}, "deals must be a whole number >= 1"),
        ({"seed": -1}, "seed must be"),
        ({"by": ["trumps", "queens"]}, "cannot bucket hands by \\['queens'\\]"),
        ({"by": []}, "at least one column"),
        ({"by": ["trumps", "trumps"]}, "repeat"),
        ({"min_hands": 0}, "min_hands"),
        ({"scorings": {}}, "at least one scoring"),
        ({"scorings": {"x": "harsh"}}, "must be an ohhell.rules.Scoring"),
        ({"strategy": "nobody"}, "unknown strategy"),
    ],
)
def test_bad_input_is_a_clear_value_error(kwargs: dict[str, object], message: str) -> None:
    args: dict[str, object] = {"strategy": "folk", "hand_size": 2, "deals": 10, "seed": 1, **kwargs}
    with pytest.raises(ValueError, match=message):
        bid_tables(boerenbridge(4), **args)  # type: ignore[arg-type]


def test_a_strategy_must_be_a_strategy() -> None:
    with pytest.raises(TypeError, match="strategy must be"):
        bid_tables(boerenbridge(4), 42, hand_size=2, deals=10, seed=1)  # type: ignore[arg-type]


def test_bucket_columns_are_deal_frame_columns() -> None:
    deals = direct_deals(1)
    assert set(BUCKET_COLUMNS) <= set(deals.columns)


# -- cheat sheet, markdown ----------------------------------------------------------


def test_markdown_has_a_table_per_hand_size(table: pd.DataFrame) -> None:
    text = to_markdown(table)
    assert [line for line in text.splitlines() if line.startswith("### ")] == [
        "### 2 cards (trump turned up)",
        "### 4 cards (trump turned up)",
    ]
    rows = [line for line in text.splitlines() if line.startswith("| ")]
    header = "| trumps | top_trumps | side_aces | hands | bid standard | made standard | E[score] standard"
    assert rows[0].startswith(header)
    assert len({line.count(" | ") for line in rows}) == 1  # every line has the same cells
    assert len(rows) == 2 * 2 + (table["scoring"] == "standard").sum()  # header and rule per table
    assert f"seed {SEED}" in text and f"ohhell {ohhell.__version__}" in text


def test_markdown_table_escapes_pipes() -> None:
    text = markdown_table(pd.DataFrame({"a|b": ["x|y"], "n": [3]}))
    assert text.splitlines() == ["| a\\|b | n |", "| --- | ---: |", "| x\\|y | 3 |"]


def test_cheat_sheet_html_is_self_contained(table: pd.DataFrame) -> None:
    page = cheat_sheet_html(table, title="Bids <4 players>")
    assert page.startswith("<!DOCTYPE html>")
    assert "<h1>Bids &lt;4 players&gt;</h1>" in page
    assert "@page" in page and "A4" in page
    for outside in ("<script", "<link", "src=", "http://", "https://", "@import"):
        assert outside not in page
    # one best bid per bucket and scoring
    assert page.count('<span class="bid">') == len(table)
    assert "<footer>" in page and f"seed {SEED}" in page and f"ohhell {ohhell.__version__}" in page
    assert page.count("<section>") == len(SIZES)


def test_cheat_sheet_figure_is_a_png(table: pd.DataFrame) -> None:
    fig = cheat_sheet_figure(table)
    assert isinstance(fig, Figure)
    assert len(fig.axes) == len(SIZES) * 2
    out = io.BytesIO()
    fig.savefig(out, format="png", dpi=40)
    assert out.getvalue().startswith(PNG_MAGIC)


def test_no_bucket_big_enough_still_renders() -> None:
    t = bid_tables(boerenbridge(4), "folk", hand_size=np.int64(2), deals=20, seed=1, min_hands=1000)
    assert t.empty and list(t.attrs["hand_sizes"]) == [2]
    assert "No bucket has enough hands" in to_markdown(t)
    assert "No bucket has enough hands" in cheat_sheet_html(t)
    out = io.BytesIO()
    cheat_sheet_figure(t).savefig(out, format="png", dpi=30)
    assert out.getvalue().startswith(PNG_MAGIC)


def test_not_a_bid_table_frame_is_refused() -> None:
    with pytest.raises(ValueError, match="not a bid table frame"):
        cheat_sheet_html(pd.DataFrame({"a": [1]}))


# -- the command line -------------------------------------------------------------------

CLI = ["bid-table", "--rules", "boerenbridge", "--players", "4", "--strategy", "folk", "--seed", "5", "--jobs", "1"]


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    status = main([*CLI, *argv])
    captured = capsys.readouterr()
    return status, captured.out, captured.err


def test_cli_markdown_to_standard_output(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, err = run(capsys, "--hand-size", "3", "--deals", "300")
    assert status == 0, err
    assert out.startswith("### 3 cards (trump turned up)\n")
    assert "| bid standard |" in out and "| bid harsh |" in out
    assert "command: ohhell bid-table --rules boerenbridge --players 4 --hand-size 3 --deals 300 --seed 5" in out


def test_cli_csv_is_the_long_frame(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    path = tmp_path / "t.csv"
    status, out, err = run(capsys, "--hand-size", "2,3", "--deals", "200", "--format", "csv", "--output", str(path))
    assert status == 0, err
    assert out == f"csv written to {path}\n"
    frame = pd.read_csv(path)
    same = bid_tables(boerenbridge(4), "folk", hand_size=[2, 3], deals=200, seed=5)
    assert list(frame.columns) == list(same.columns)
    assert frame["scoring"].unique().tolist() == ["standard", "harsh"]
    assert (frame["best_bid"].to_numpy() == same["best_bid"].to_numpy()).all()
    assert np.allclose(frame["success_lo"], same["success_lo"])


def test_cli_html_and_png(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    page, png = tmp_path / "sheet.html", tmp_path / "sheet.png"
    status, out, err = run(
        capsys, "--hand-size", "3", "--deals", "300", "--format", "html", "--output", str(page), "--png", str(png)
    )
    assert status == 0, err
    assert out.splitlines() == [f"html written to {page}", f"png written to {png}"]
    text = page.read_text(encoding="utf-8")
    assert text.startswith("<!DOCTYPE html>") and "ohhell bid-table --rules boerenbridge" in text
    assert png.read_bytes().startswith(PNG_MAGIC)


def test_cli_html_to_standard_output(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, err = run(capsys, "--hand-size", "1", "--deals", "100", "--format", "html", "--title", "One card")
    assert status == 0, err
    assert out.startswith("<!DOCTYPE html>") and "<h1>One card</h1>" in out


def test_cli_without_hand_size_takes_the_schedule(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, err = run(capsys, "--deals", "40", "--format", "csv", "--by", "trumps", "--min-hands", "1")
    assert status == 0, err
    frame = pd.read_csv(io.StringIO(out))
    assert sorted(frame["hand_size"].unique().tolist()) == sorted(set(boerenbridge(4).hand_sizes))
    assert err == ""


def test_cli_caps_long_schedules(capsys: pytest.CaptureFixture[str]) -> None:
    argv = ["bid-table", "--rules", "openspiel", "--players", "4", "--strategy", "random", "--jobs", "1"]
    status = main([*argv, "--deals", "10", "--format", "csv", "--by", "trumps", "--min-hands", "1"])
    captured = capsys.readouterr()
    assert status == 0, captured.err
    assert "hand sizes 11, 12 left out" in captured.err
    assert pd.read_csv(io.StringIO(captured.out))["hand_size"].max() == 10


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["--hand-size", "14"], "hand size 14 does not fit boerenbridge for 4 players"),
        (["--hand-size", "3,x"], "--hand-size takes whole numbers"),
        (["--deals", "0"], "deals must be a whole number >= 1"),
        (["--by", "trumps,queens"], "cannot bucket hands by ['queens']"),
        (["--strategy", "nobody"], "unknown strategy"),
        (["--output", "/no/such/dir/t.md"], "no such directory"),
    ],
)
def test_cli_bad_input_exits_2(capsys: pytest.CaptureFixture[str], argv: list[str], message: str) -> None:
    status, out, err = run(capsys, "--deals", "10", *argv)
    assert status == 2
    assert out == ""
    assert err.startswith("ohhell bid-table: ")
    assert message in err


def test_cli_unknown_format_is_a_usage_error(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as exc:
        main([*CLI, "--format", "xml"])
    assert exc.value.code == 2
    assert "invalid choice: 'xml'" in capsys.readouterr().err
