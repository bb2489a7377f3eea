"""The score sheet of a real game against simulated matches, its checks and its tie-breaks.

A :class:`ScoreSheet` fed the bids and tricks of a simulated match, deal by
deal, must agree with the match on every running total, the winners, the
standings and (under elimination) on who is knocked out when.
"""

from __future__ import annotations

import itertools
from collections.abc import Sequence
from pathlib import Path

import matplotlib

matplotlib.use("Agg")

import matplotlib.pyplot as plt
import numpy as np
import pytest
from matplotlib.axes import Axes

from ohhell.cli import main
from ohhell.cli.score_cmd import FORMAT
from ohhell.engine import MatchResult, RecordError, play_match
from ohhell.records import ScoreSheet
from ohhell.rules import Elimination, HighFirst, Rules, boerenbridge, bondebridge, openspiel, up_and_down_the_river
from ohhell.strategies import RandomStrategy

NAMES = ["Anna", "Bram", "Cor", "Dirk"]


def feed(sheet: ScoreSheet, match: MatchResult) -> None:
    """Enter every deal of ``match`` in order, checking the seating and each round's scores."""
    for i, (d, seats) in enumerate(zip(match.deals, match.seats)):
        seating = sheet.seating()
        assert seating.round_index == i
        assert seating.seats == seats, f"round {i + 1}: the sheet seats {seating.seats}, the match {seats}"
        assert seating.dealer == d.dealer
        assert sheet.add_round(list(d.bids), list(d.tricks_won)) == d.scores
    assert sheet.finished


def assert_same_as_match(sheet: ScoreSheet, match: MatchResult) -> None:
    names = sheet.names
    assert sheet.totals == match.totals
    assert sheet.leaders() == tuple(names[s] for s in match.winners)
    assert sheet.standings() == tuple(names[s] for s in match.standings)
    running = sheet.running_totals()
    assert list(running.columns) == list(names)
    assert list(running.index) == list(range(1, len(match.deals) + 1))
    assert [tuple(int(v) for v in row) for row in running.itertuples(index=False)] == match.running_totals()
    frame = sheet.to_frame()
    assert len(frame) == sum(len(s) for s in match.seats)
    by_player = frame.groupby("player")["score"].sum()
    for seat, name in enumerate(names):
        assert int(by_player.get(name, 0)) == match.totals[seat]
        assert int(frame.loc[frame.player == name, "made"].sum()) == match.made_bids[seat]


@pytest.mark.parametrize("seed", [1, 2, 3, 2026])
def test_boerenbridge_match(seed: int) -> None:
    rules = boerenbridge(4)
    match = play_match(rules, [RandomStrategy()] * 4, seed=seed)
    sheet = ScoreSheet(rules, names=NAMES)
    feed(sheet, match)
    assert len(match.deals) == 15
    assert_same_as_match(sheet, match)


@pytest.mark.parametrize("seed", [1, 2, 2026])
def test_bondebridge_match(seed: int) -> None:
    rules = bondebridge(4)
    match = play_match(rules, [RandomStrategy()] * 4, seed=seed)
    sheet = ScoreSheet(rules, names=NAMES)
    feed(sheet, match)
    assert len(match.deals) == 20
    assert_same_as_match(sheet, match)


@pytest.mark.parametrize("rules", [up_and_down_the_river(5), openspiel(3)], ids=["up-and-down-the-river", "openspiel"])
def test_other_presets(rules: Rules) -> None:
    match = play_match(rules, [RandomStrategy()] * rules.players, seed=11)
    sheet = ScoreSheet(rules)
    feed(sheet, match)
    assert_same_as_match(sheet, match)


@pytest.mark.parametrize("seed", [1, 2, 3, 2026])
def test_elimination_knocks_out_the_same_seats(seed: int) -> None:
    rules = Rules(players=7, schedule=HighFirst(up_to=7), match_end=Elimination())
    match = play_match(rules, [RandomStrategy()] * 7, seed=seed)
    sheet = ScoreSheet(rules)
    feed(sheet, match)
    # 7..1 then 2..7: one player out before each of the six rounds on the way up, down to two.
    assert [len(s) for s in match.seats] == [7] * 7 + [6, 5, 4, 3, 2, 2]
    assert sheet.ledger.knocked_out == list(match.knocked_out)
    assert len(match.knocked_out) == 5
    assert_same_as_match(sheet, match)
    # The winner is one of the two left; behind them the knocked-out seats, the last one out first.
    left = set(match.seats[-1])
    assert set(match.winners) <= left
    out_order = [seat for _, seat in match.knocked_out]
    assert list(match.standings[len(left) :]) == out_order[::-1]


def test_random_first_dealer_needs_the_seat_that_dealt() -> None:
    from dataclasses import replace

    rules = replace(boerenbridge(4), first_dealer="random")
    with pytest.raises(ValueError, match="first_dealer="):
        ScoreSheet(rules)
    match = play_match(rules, [RandomStrategy()] * 4, seed=9)
    sheet = ScoreSheet(rules, first_dealer=match.deals[0].dealer)
    feed(sheet, match)
    assert_same_as_match(sheet, match)


def test_names_must_be_one_per_seat_and_different() -> None:
    with pytest.raises(ValueError, match="give 4 different names"):
        ScoreSheet(boerenbridge(4), names=["A", "B", "C"])
    with pytest.raises(ValueError, match="give 4 different names"):
        ScoreSheet(boerenbridge(4), names=["A", "B", "C", "A"])


def test_next_round_describes_the_deal() -> None:
    sheet = ScoreSheet(boerenbridge(4), names=NAMES)
    assert sheet.next_round() == "round 1: 1 card, dealer Anna, bidding first Bram"
    sheet.add_round([0, 1, 0, 1], [0, 1, 0, 0])
    assert sheet.next_round() == "round 2: 2 cards, dealer Bram, bidding first Cor"


# -- validation -------------------------------------------------------------------


def refused(sheet: ScoreSheet, bids: Sequence[int], tricks: Sequence[int], *parts: str) -> None:
    before = (sheet.totals, len(sheet.rounds), sheet.ledger.round_index)
    with pytest.raises(RecordError) as info:
        sheet.add_round(bids, tricks)
    for part in parts:
        assert part in str(info.value), f"{part!r} not in {str(info.value)!r}"
    # A refused round changes nothing: it can be entered again.
    assert (sheet.totals, len(sheet.rounds), sheet.ledger.round_index) == before


def test_tricks_must_sum_to_the_hand_size() -> None:
    sheet = ScoreSheet(boerenbridge(4), names=NAMES)
    refused(sheet, [0, 1, 0, 1], [1, 1, 0, 0], "round 1", "the tricks sum to 2", "the hand size 1")
    refused(sheet, [0, 1, 0, 1], [0, 0, 0, 0], "round 1", "the tricks sum to 0")


def test_bid_out_of_range() -> None:
    sheet = ScoreSheet(boerenbridge(4), names=NAMES)
    refused(sheet, [0, 2, 0, 0], [0, 1, 0, 0], "round 1", "Bram bid 2", "bids run from 0 to 1")
    refused(sheet, [0, 0, -1, 0], [0, 1, 0, 0], "Cor bid -1")


def test_tricks_out_of_range() -> None:
    sheet = ScoreSheet(boerenbridge(4), names=NAMES)
    refused(sheet, [0, 1, 0, 0], [2, -1, 0, 0], "Anna took 2 tricks", "a 1-card round has 1")


def test_one_bid_and_one_trick_count_per_player() -> None:
    sheet = ScoreSheet(boerenbridge(4), names=NAMES)
    refused(sheet, [0, 1, 0], [0, 1, 0, 0], "give 4 bids and 4 trick counts")


def test_hooked_dealer_bid() -> None:
    sheet = ScoreSheet(boerenbridge(4), names=NAMES)
    # Round 1: Anna deals; Bram, Cor, Dirk bid 0, 0, 0, so Anna may not bid 1.
    refused(sheet, [1, 0, 0, 0], [1, 0, 0, 0], "round 1", "the dealer (Anna) may not bid 1", "dealer's hook")
    assert sheet.add_round([0, 0, 0, 0], [1, 0, 0, 0]) == (0, 10, 10, 10)


def test_hook_example_from_the_source() -> None:
    """5-card round, the first three bid 2, 0, 1: the dealer may not bid 2 (boerenbridge.en.txt)."""
    sheet = ScoreSheet(boerenbridge(4), names=NAMES)
    for h in range(1, 5):
        sheet.add_round(*all_miss(h))
    assert sheet.next_round() == "round 5: 5 cards, dealer Anna, bidding first Bram"
    # By seat: Anna (dealer) 2, Bram 2, Cor 0, Dirk 1.
    refused(sheet, [2, 2, 0, 1], [1, 2, 0, 2], "round 5", "the dealer (Anna) may not bid 2", "dealer's hook")
    # Any other bid is legal; the dealer bids 1 and makes it.
    assert sheet.add_round([1, 2, 0, 1], [1, 2, 0, 2]) == (12, 14, 10, 0)


def test_bids_summing_to_the_hand_size_under_first_bidder_adjusts() -> None:
    sheet = ScoreSheet(bondebridge(4), names=NAMES)
    # Round 1: Anna deals, Bram (left of the dealer) must adjust.
    refused(
        sheet, [0, 1, 0, 0], [0, 1, 0, 0], "round 1", "the bids sum to the hand size 1", "Bram must move one up or down"
    )
    assert sheet.add_round([0, 0, 0, 0], [0, 1, 0, 0]) == (10, 0, 10, 10)
    # Round 2: Bram deals, Cor must adjust.
    refused(sheet, [1, 0, 1, 0], [1, 0, 1, 0], "round 2", "the hand size 2", "Cor must move one up or down")


def test_bondebridge_adjustment_example_from_the_source() -> None:
    """4 players, 6 cards, bids 2, 1, 2, 1: the player left of the dealer bid 1 and goes to 0 or 2."""
    sheet = ScoreSheet(bondebridge(4), names=NAMES)
    for h in range(1, 6):
        sheet.add_round(*all_miss(h))
    assert sheet.next_round() == "round 6: 6 cards, dealer Bram, bidding first Cor"
    # Dealer Bram bid 2, Cor (left of the dealer) 1, Dirk 2, Anna 1.
    refused(sheet, [1, 2, 1, 2], [1, 2, 1, 2], "round 6", "the hand size 6", "Cor must move one up or down")
    assert sheet.add_round([1, 2, 0, 2], [1, 2, 1, 2]) == (11, 12, 0, 12)


def test_no_round_after_the_match_is_over() -> None:
    rules = boerenbridge(4)
    match = play_match(rules, [RandomStrategy()] * 4, seed=4)
    sheet = ScoreSheet(rules)
    feed(sheet, match)
    with pytest.raises(ValueError, match="the match is over after 15 rounds"):
        sheet.add_round([0, 0, 0, 0], [1, 0, 0, 0])


# -- leaders and tie-breaks ----------------------------------------------------------


def all_miss(h: int, fixed: dict[int, tuple[int, int]] | None = None, n: int = 4) -> tuple[list[int], list[int]]:
    """Bids and tricks of an ``h``-card round in which only the ``fixed`` seats (bid, tricks) score.

    Every other seat misses; the bids never sum to ``h`` (legal under any restriction).
    """
    fixed = fixed or {}
    free = [s for s in range(n) if s not in fixed]
    left = h - sum(t for _, t in fixed.values())
    assert left >= 0 and free
    tricks = [0] * n
    for s, (_, t) in fixed.items():
        tricks[s] = t
    tricks[free[0]] = left
    choices = [[b for b in range(h + 1) if b != tricks[s]] for s in free]
    for combo in itertools.product(*choices):
        bids = [0] * n
        for s, (b, _) in fixed.items():
            bids[s] = b
        for s, b in zip(free, combo):
            bids[s] = b
        if sum(bids) != h:
            return bids, tricks
    raise AssertionError(f"no all-miss round for {h} cards and {fixed}")


def play_boerenbridge(special: dict[int, dict[int, tuple[int, int]]]) -> ScoreSheet:
    """A whole 4-player Boerenbridge match: every seat misses except the ``special`` (round -> seat -> bid, tricks)."""
    rules = boerenbridge(4)
    sheet = ScoreSheet(rules, names=NAMES)
    for r, h in enumerate(rules.hand_sizes, start=1):
        sheet.add_round(*all_miss(h, special.get(r)))
    assert sheet.finished
    return sheet


def test_tie_on_total_broken_by_more_made_bids() -> None:
    # Anna makes 0 in both 1-card rounds: 10 + 10 = 20 (two made bids).
    # Bram makes 5 in the 5-card round: 10 + 2 * 5 = 20 (one made bid).
    sheet = play_boerenbridge({1: {0: (0, 0)}, 15: {0: (0, 0)}, 5: {1: (5, 5)}})
    assert sheet.totals == (20, 20, 0, 0)
    assert sheet.leaders() == ("Anna",)
    assert sheet.standings()[:2] == ("Anna", "Bram")


def test_tie_on_total_and_made_bids_broken_by_best_round() -> None:
    # Anna: 10 (0 made) + 14 (2 made) = 24, best round 14.
    # Bram: 12 (1 made) + 12 (1 made) = 24, best round 12.
    sheet = play_boerenbridge({1: {0: (0, 0)}, 2: {1: (1, 1)}, 3: {1: (1, 1)}, 4: {0: (2, 2)}})
    assert sheet.totals == (24, 24, 0, 0)
    made = sheet.to_frame().groupby("player")["made"].sum()
    assert made["Anna"] == made["Bram"] == 2
    assert sheet.leaders() == ("Anna",)


def test_level_on_every_tie_break_shares_the_win() -> None:
    sheet = play_boerenbridge({2: {0: (0, 0), 1: (0, 0)}, 14: {2: (0, 0), 3: (0, 0)}})
    assert sheet.totals == (10, 10, 10, 10)
    assert sheet.leaders() == tuple(NAMES)


def test_bondebridge_has_no_tie_breaks() -> None:
    rules = bondebridge(4)
    sheet = ScoreSheet(rules, names=NAMES)
    special = {1: {0: (0, 0)}, 20: {0: (0, 0)}, 10: {1: (10, 10)}}
    for r, h in enumerate(rules.hand_sizes, start=1):
        sheet.add_round(*all_miss(h, special.get(r)))
    # Anna 10 + 10 (two made bids), Bram 10 + 10 (one made bid): level, shared.
    assert sheet.totals == (20, 20, 0, 0)
    assert sheet.leaders() == ("Anna", "Bram")


def test_leaders_of_an_abandoned_match() -> None:
    sheet = ScoreSheet(boerenbridge(4), names=NAMES)
    assert sheet.leaders() == tuple(NAMES)  # nothing played: everyone level
    sheet.add_round([0, 1, 0, 1], [0, 1, 0, 0])  # 10, 12, 10, 0
    assert sheet.leaders() == ("Bram",)
    sheet.add_round([1, 2, 0, 0], [1, 0, 0, 1])  # 12, 0, 10, 0
    assert not sheet.finished
    assert sheet.totals == (22, 12, 20, 0)
    assert sheet.leaders() == ("Anna",)
    assert sheet.standings() == ("Anna", "Cor", "Bram", "Dirk")


def test_abandoned_match_tie_uses_the_tie_breaks_on_the_rounds_played() -> None:
    sheet = ScoreSheet(boerenbridge(4), names=NAMES)
    # Round 1: Anna deals. Cor makes 0 (10); Bram and Dirk miss.
    sheet.add_round(*all_miss(1, {2: (0, 0)}))
    # Round 2: Dirk makes 0 (10). Cor and Dirk are level on 10 and one made bid each, and best round 10.
    sheet.add_round(*all_miss(2, {3: (0, 0)}))
    assert sheet.totals[2:] == (10, 10)
    assert sheet.leaders() == ("Cor", "Dirk")


# -- the chart -----------------------------------------------------------------------


def test_plot_returns_axes_with_one_line_per_player() -> None:
    rules = boerenbridge(4)
    match = play_match(rules, [RandomStrategy()] * 4, seed=2026)
    sheet = ScoreSheet(rules, names=NAMES)
    feed(sheet, match)
    ax = sheet.plot()
    try:
        assert isinstance(ax, Axes)
        lines = ax.get_lines()
        assert len(lines) == 4
        assert [line.get_label() for line in lines] == NAMES
        for line, seat in zip(lines, range(4)):
            assert np.asarray(line.get_xdata()).tolist() == list(range(1, 16))
            assert np.asarray(line.get_ydata()).tolist() == [t[seat] for t in match.running_totals()]
    finally:
        plt.close("all")


def test_plot_draws_on_a_given_axes() -> None:
    sheet = ScoreSheet(openspiel(3))
    sheet.add_round([0, 0, 0], [1, 0, 0])
    fig, ax = plt.subplots()
    try:
        assert sheet.plot(ax=ax) is ax
        assert len(ax.get_lines()) == 3
    finally:
        plt.close(fig)


def test_names_must_not_be_empty_and_the_first_dealer_must_be_a_seat() -> None:
    with pytest.raises(ValueError, match="names must be non-empty strings"):
        ScoreSheet(boerenbridge(4), names=["A", "B", "C", " "])
    for seat in (-1, 4, True):
        with pytest.raises(ValueError, match=r"first_dealer must be a seat 0\.\.3"):
            ScoreSheet(boerenbridge(4), first_dealer=seat)


# -- ohhell score: the command ---------------------------------------------------------


def round_lines(rules: Rules, seed: int) -> tuple[list[str], MatchResult]:
    """One input line per deal of a seeded match: the bids, a slash, the tricks."""
    match = play_match(rules, [RandomStrategy()] * rules.players, seed=seed)
    return [f"{' '.join(map(str, d.bids))} / {' '.join(map(str, d.tricks_won))}" for d in match.deals], match


def score(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, lines: Sequence[str], *options: str
) -> tuple[int, str, str, Path]:
    path = tmp_path / "rounds.txt"
    path.write_text("".join(line + "\n" for line in lines), encoding="utf-8")
    status = main(["score", "--input", str(path), *options])
    out, err = capsys.readouterr()
    return status, out, err, path


def test_a_trailing_comma_in_names_is_an_empty_name_not_a_fifth_player(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    status, out, err, _ = score(capsys, tmp_path, [], "--rules", "boerenbridge", "--names", "A,B,C,D,")
    assert status == 2
    assert out == ""
    assert err == (
        "ohhell score: --names: name 5 of 5 is empty in 'A,B,C,D,'; give one name per seat, separated by commas\n"
    )


def test_a_quoted_name_may_hold_a_comma(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    lines, match = round_lines(boerenbridge(4), seed=3)
    status, out, err, _ = score(capsys, tmp_path, lines, "--rules", "boerenbridge", "--names", '"Smith, J",B,C,D')
    assert (status, err) == (0, "")
    header = out.splitlines()[15]
    assert header.split() == ["Smith,", "J", "B", "C", "D"]
    names = ["Smith, J", "B", "C", "D"]
    assert out.splitlines()[-1] == f"winner: {', '.join(names[s] for s in match.winners)}"


def test_rounds_after_the_last_are_an_error(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    lines, match = round_lines(boerenbridge(4), seed=3)
    extra = ["0 0 0 0 / 1 0 0 0", "# a comment", "", "1 0 0 0 / 1 0 0 0", "0 1 0 0 / 0 1 0 0"]
    status, out, err, path = score(capsys, tmp_path, lines + extra, "--rules", "boerenbridge")
    assert status == 1
    assert err == f"{path}:16: the match is over after round 15; this line and 2 more lines were not scored\n"
    assert f"round 15: scores {' '.join(map(str, match.deals[-1].scores))}" in out
    assert out.splitlines()[-1].startswith("winner: ")
    status, _, err, path = score(capsys, tmp_path, [*lines, "0 0 0 0 / 1 0 0 0"], "--rules", "boerenbridge")
    assert (status, err) == (1, f"{path}:16: the match is over after round 15; this line was not scored\n")


def test_a_typo_stops_the_scoring_instead_of_shifting_the_rounds(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    lines, match = round_lines(boerenbridge(4), seed=3)
    # Round 3 (3 cards) mistyped: its tricks sum to 4.  Round 13 deals 3 cards too: it must not land on round 3.
    typo = [*lines[:2], "1 1 1 1 / 1 1 1 1", *lines[3:]]
    status, out, err, path = score(capsys, tmp_path, typo, "--rules", "boerenbridge")
    assert status == 1
    assert err.splitlines() == [
        f"{path}:3: refused: round 3: the tricks sum to 4; they must sum to the hand size 3",
        f"{path}:4: round 3 (refused on line 3) was not entered again: this line's tricks sum to 4, round 3"
        " deals 3; scoring stops here, as the later lines would fall on the wrong rounds",
    ]
    scored = [line for line in out.splitlines() if ": scores " in line]
    assert scored == [f"round {i + 1}: scores {' '.join(map(str, match.deals[i].scores))}" for i in range(2)]
    assert "leader (match not finished)" in out.splitlines()[-1]


def test_a_refused_round_entered_again_goes_on(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    lines, match = round_lines(boerenbridge(4), seed=3)
    fixed = [*lines[:2], "1 1 1 1 / 1 1 1 1", "no slash", f"round 3: {lines[2]}", *lines[3:]]
    status, out, err, path = score(capsys, tmp_path, fixed, "--rules", "boerenbridge")
    assert status == 1
    assert [line.split(": refused: ")[0] for line in err.splitlines()] == [f"{path}:3", f"{path}:4"]
    assert f"winner: seat {match.winners[0]}" in out.splitlines()[-1]
    assert f"round 15: scores {' '.join(map(str, match.deals[-1].scores))}" in out


def test_numbered_lines_must_be_the_next_round(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    lines, _ = round_lines(boerenbridge(4), seed=3)
    status, out, err, path = score(capsys, tmp_path, [f"1: {lines[0]}", f"3: {lines[1]}"], "--rules", "boerenbridge")
    assert status == 1
    assert err == f"{path}:2: refused: this line is numbered round 3, but round 2 is next\n"
    assert "round 1: scores" in out
    # A numbered line for a later round after a refusal stops the scoring.
    status, _, err, path = score(
        capsys, tmp_path, [lines[0], "2: 9 / 9", f"3: {lines[2]}", f"2: {lines[1]}"], "--rules", "boerenbridge"
    )
    assert err.splitlines()[-1] == (
        f"{path}:3: round 2 (refused on line 2) was not entered again: this line is numbered round 3;"
        " scoring stops here, as the later lines would fall on the wrong rounds"
    )


def test_an_unnumbered_line_after_a_refusal_is_ambiguous_when_two_rounds_deal_alike(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    rules = bondebridge(4)
    lines, _ = round_lines(rules, seed=5)
    assert rules.hand_sizes[9:11] == (10, 10)
    bad = "0 0 0 0 / 0 0 0 0"
    status, out, err, path = score(capsys, tmp_path, [*lines[:9], bad, lines[10], lines[11]], "--rules", "bondebridge")
    assert status == 1
    messages = err.splitlines()
    assert messages[1] == (
        f"{path}:11: refused: after the refused line 10 this line could be round 10 again or round 11"
        " (both deal 10 cards): start it with `10:` or `11:`"
    )
    assert messages[2].startswith(f"{path}:12: round 10 (refused on line 10) was not entered again")
    assert "round 10: scores" not in out
    status, out, err, _ = score(
        capsys, tmp_path, [*lines[:9], bad, f"10: {lines[9]}", *lines[10:]], "--rules", "bondebridge"
    )
    assert status == 1 and len(err.splitlines()) == 1
    assert out.splitlines()[-1].startswith("winner: ")


def test_refusals_name_the_line_and_no_empty_table_is_printed(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    status, out, err, path = score(capsys, tmp_path, ["# first", "0 0 x 0 / 1 0 0 0"], "--rules", "boerenbridge")
    assert status == 1
    assert err == f"{path}:2: refused: 'x' is not a whole number; expected {FORMAT}\n"
    assert out == "no round scored\nleader (match not finished): seat 0, seat 1, seat 2, seat 3\n"
    status, _, err, path = score(capsys, tmp_path, ["9" * 5000 + " 0 0 0 / 1 0 0 0"], "--rules", "boerenbridge")
    assert err.startswith(f"{path}:1: refused: '99999999999999999999' is not a whole number")
    status, _, err, path = score(capsys, tmp_path, ["0 0 0 0 / 1 0 0 0 / 1"], "--rules", "boerenbridge")
    assert err == f"{path}:1: refused: expected {FORMAT}; this line has more than one slash\n"
