"""The OpenSpiel bridge and observations built from one seat's view.

Oracle tests against DeepMind OpenSpiel's ``oh_hell``: the card encoding on
state strings, observations whose legal choices equal OpenSpiel's legal
actions at every decision of seeded random games, project strategies
playing in OpenSpiel, OpenSpiel bots playing in the project's engine and
tournaments, and the duplicate head-to-head match.  Property test: an
observation built by :func:`observation_from_view` from one seat's
information equals the engine's own observation at every decision of random
deals under several presets.
"""

from __future__ import annotations

import pickle
import random
import re
import subprocess
import sys
from dataclasses import replace

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

import ohhell
from ohhell.cards import Card, Suit, parse_cards
from ohhell.engine import BidAdjusted, BidMade, CardPlayed, DealState, IllegalMoveError, Stream, deal
from ohhell.engine.view import observation_from_view
from ohhell.rules import (
    BlindRounds,
    DoubleDeck,
    DrawTrump,
    ExactBonus,
    FixedHands,
    FixedRotation,
    ForeheadRounds,
    Harsh,
    HighestBidderAdjusts,
    Rules,
    Scoring,
    Sequential,
    SetesdalTrump,
    ShortGame,
    Trump,
    TurnUpTrump,
    WizardDeck,
    compile_rules,
)
from ohhell.stats.intervals import mean_ci
from ohhell.strategies import Folk, RandomStrategy
from ohhell.tournament import tournament

pyspiel = pytest.importorskip("pyspiel")

from ohhell.interop import openspiel as osp  # noqa: E402

# -- helpers -------------------------------------------------------------------


def hands_in(text: str) -> dict[int, tuple[Card, ...]]:
    """The hands printed in an OpenSpiel state or information state string (``Player: p`` then suit lines)."""
    out: dict[int, list[Card]] = {}
    player = None
    for line in text.splitlines():
        if line.startswith("Player: "):
            player = int(line.split()[1])
            out[player] = []
        elif player is not None and re.fullmatch(r"    [CDSH]: [2-9TJQKA]*", line):
            out[player].extend(Card.parse(rank + line[4]) for rank in line[7:])
        elif not line.strip():
            player = None
    return {p: tuple(sorted(cards)) for p, cards in out.items()}


def tricks_won_in(text: str) -> tuple[int, ...]:
    match = re.search(r"Tricks Won:\s+([\d ]+)", text)
    assert match is not None
    return tuple(int(x) for x in match.group(1).split())


def random_state(game: object, rng: random.Random, steps: int) -> object:
    """A state after the chance steps and ``steps`` random decisions."""
    state = game.new_initial_state()  # type: ignore[attr-defined]
    while state.is_chance_node():
        state.apply_action(rng.choice(state.chance_outcomes())[0])
    for _ in range(steps):
        if state.is_terminal():
            break
        state.apply_action(rng.choice(state.legal_actions()))
    return state


def sorted_cards(text: str) -> tuple[Card, ...]:
    return tuple(sorted(parse_cards(text)))


def fixed(players: int, size: int) -> Rules:
    return replace(ohhell.openspiel(players), schedule=FixedHands(size=size, rounds=1))


# -- the encoding ---------------------------------------------------------------


def test_card_actions_match_openspiel_card_strings() -> None:
    game = pyspiel.load_game("oh_hell", {"players": 4, "num_tricks_fixed": 3})
    state = game.new_initial_state()
    state.apply_action(3)
    state.apply_action(0)
    seen = set()
    for action in range(52):
        text = state.action_to_string(pyspiel.PlayerId.CHANCE, action)  # suit then rank, e.g. "SQ"
        card = osp.card_from_action(action)
        assert str(card) == text[1] + text[0]
        assert osp.action_from_card(card) == action
        seen.add(card)
    assert seen == {Card(code) for code in range(52)}
    assert osp.OPENSPIEL_SUITS == (Suit.CLUBS, Suit.DIAMONDS, Suit.SPADES, Suit.HEARTS)
    with pytest.raises(ValueError, match=r"0\.\.51"):
        osp.card_from_action(52)


def test_known_state_hand_trump_bids_and_tricks() -> None:
    game = pyspiel.load_game("oh_hell", {"players": 3, "num_tricks_fixed": 2})
    state = game.new_initial_state()
    # 2 tricks, seat 2 deals; C2 D2 S2 H2 C3 D3 dealt to players 0 1 2 0 1 2; S3 turned up
    for a in [2, 2, 0, 1, 2, 3, 4, 5, 6]:
        state.apply_action(a)
    assert "Trump: S3" in str(state)
    assert hands_in(str(state)) == {0: sorted_cards("2C 2H"), 1: sorted_cards("3C 2D"), 2: sorted_cards("2S 3D")}
    obs = osp.observation_from_state(state, 0)
    assert obs.hand == tuple(sorted(parse_cards("2C 2H")))
    assert obs.trump == Trump.of(Suit.SPADES) and obs.trump_card == Card.parse("3S")
    assert (obs.dealer, obs.leader, obs.phase, obs.seat_from_dealer) == (2, 0, "bid", 0)
    with pytest.raises(ValueError, match="turn"):
        osp.observation_from_state(state, 1)
    state.apply_action(52 + 1)  # player 0 bids 1
    state.apply_action(52 + 0)  # player 1 bids 0
    dealer = osp.observation_from_state(state, 2)
    assert dealer.bids == (1, 0, None) and dealer.legal_bids == (0, 2)  # hooked: not 1
    assert sorted(state.legal_actions()) == [52, 54]
    state.apply_action(52 + 2)
    for card in ("2C", "3C", "2S"):  # player 0 leads 2C, 1 follows 3C, 2 trumps with 2S
        state.apply_action(osp.action_from_card(Card.parse(card)))
    obs = osp.observation_from_state(state, 2)
    assert [t.winner for t in obs.completed_tricks] == [2]
    assert obs.tricks_won == tricks_won_in(str(state)) == (0, 0, 1)
    assert obs.leader == 2 and obs.hand == (Card.parse("3D"),) and obs.legal_cards == (Card.parse("3D"),)


@pytest.mark.parametrize(
    ("players", "tricks", "games"), [(3, 1, 30), (3, 17, 4), (4, 7, 12), (4, -1, 12), (5, 4, 10), (5, 10, 4)]
)
def test_observation_legal_choices_equal_openspiel_on_every_decision(players: int, tricks: int, games: int) -> None:
    game = pyspiel.load_game("oh_hell", {"players": players, "num_tricks_fixed": tricks})
    rules = osp.rules_for(game)
    compiled = compile_rules(rules)
    rng = random.Random(players * 100 + tricks)
    for _ in range(games):
        state = random_state(game, rng, 0)
        while not state.is_terminal():
            p = state.current_player()
            obs = osp.observation_from_state(state, p)
            assert osp.legal_actions_of(obs) == tuple(sorted(state.legal_actions()))
            assert obs.hand == hands_in(state.information_state_string(p))[p]
            assert obs.tricks_won == tricks_won_in(str(state))
            # the observation reads only p's information: a world resampled from p's infostate gives the same one
            other = state.resample_from_infostate(p, rng.random)
            assert osp.observation_from_state(other, p) == obs
            state.apply_action(rng.choice(state.legal_actions()))
        deal_ = osp._read(state)
        round_index = rules.hand_sizes.index(deal_.tricks)
        won = osp._tricks_won(deal_)
        scores = compiled.score_round(round_index, deal_.dealer, deal_.bids_by_seat(), won).scores
        assert [float(s) for s in scores] == state.returns()
        with pytest.raises(ValueError, match="over"):
            osp.observation_from_state(state, 0)


def test_observation_needs_a_dealt_state() -> None:
    game = pyspiel.load_game("oh_hell", {"players": 4, "num_tricks_fixed": 2})
    state = game.new_initial_state()
    state.apply_action(2)
    state.apply_action(1)
    state.apply_action(7)
    with pytest.raises(ValueError, match="still being dealt"):
        osp.observation_from_state(state, 0)


# -- rules <-> game ---------------------------------------------------------------


def test_rules_for_mirrors_the_game_parameters() -> None:
    rules = osp.rules_for(pyspiel.load_game("oh_hell", {"players": 5, "num_tricks_fixed": 6}))
    assert rules.players == 5 and rules.hand_sizes == (6,)
    assert rules.scoring == ohhell.openspiel(5).scoring
    ladder = osp.rules_for(pyspiel.load_game("oh_hell", {"players": 4}))
    assert ladder.hand_sizes == ohhell.openspiel(4).hand_sizes
    game = pyspiel.load_game("oh_hell", {"players": 5, "num_tricks_fixed": 6})
    assert dict(osp.game_for(fixed(5, 6)).get_parameters()) == dict(game.get_parameters())


@pytest.mark.parametrize("per_trick", [1, 2])
def test_off_bid_penalty_is_harsh_scoring_with_the_same_returns(per_trick: int) -> None:
    params = {"players": 3, "num_tricks_fixed": 4, "off_bid_penalty": True, "points_per_trick": per_trick}
    game = pyspiel.load_game("oh_hell", params)
    rules = osp.rules_for(game)
    assert rules.scoring == Scoring(made=ExactBonus(base=10, per_trick=per_trick), miss=Harsh(factor=per_trick))
    assert dict(osp.game_for(rules).get_parameters()) == dict(game.get_parameters())
    compiled = compile_rules(rules)
    rng = random.Random(per_trick)
    for _ in range(40):
        state = random_state(game, rng, 10**6)
        d = osp._read(state)
        scores = compiled.score_round(0, d.dealer, d.bids_by_seat(), osp._tricks_won(d)).scores
        assert [float(s) for s in scores] == state.returns()


def test_rules_for_rejects_what_it_cannot_mirror() -> None:
    with pytest.raises(ValueError, match="standard deck"):
        osp.rules_for(pyspiel.load_game("oh_hell", {"players": 3, "num_suits": 3}))
    with pytest.raises(ValueError, match="4 suits x 13"):
        osp.rules_for(pyspiel.load_game("oh_hell", {"players": 3, "num_cards_per_suit": 10}))
    with pytest.raises(ValueError, match="points_per_trick=2 without off_bid_penalty"):
        osp.rules_for(pyspiel.load_game("oh_hell", {"players": 3, "points_per_trick": 2}))
    with pytest.raises(ValueError, match="oh_hell"):
        osp.rules_for(pyspiel.load_game("kuhn_poker"))


@pytest.mark.parametrize(
    ("rules", "needs"),
    [
        (ohhell.boerenbridge(4), "OpenSpiel's scoring"),
        (ohhell.bondebridge(4), "sequential bidding"),
        (ohhell.up_and_down_the_river(4), "turned up"),
        (replace(fixed(4, 5), deck=WizardDeck()), "52-card deck"),
        (replace(fixed(4, 5), information=BlindRounds(hand_sizes=(5,))), "open hands"),
        (replace(ohhell.openspiel(4), schedule=FixedHands(size=13, rounds=1)), "at most 12 cards"),
        (replace(ohhell.boerenbridge(2), scoring=ohhell.openspiel(3).scoring), "3 to 7 players"),
    ],
)
def test_game_for_names_what_openspiel_cannot_mirror(rules: Rules, needs: str) -> None:
    with pytest.raises(ValueError, match=needs):
        osp.game_for(rules, 1 if rules.name == "up-and-down-the-river" else 0)


def test_pyspiel_is_optional() -> None:
    code = "import sys, ohhell, ohhell.interop.openspiel, ohhell.engine.view; print('pyspiel' in sys.modules)"
    out = subprocess.run([sys.executable, "-c", code], check=True, capture_output=True, text=True).stdout
    assert out.strip() == "False"


def test_missing_pyspiel_says_how_to_install(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(sys.modules, "pyspiel", None)
    with pytest.raises(ImportError, match=r"pip install 'ohhell\[openspiel\]'"):
        osp.head_to_head(RandomStrategy(), RandomStrategy(), deals=1, seed=1)


# -- project strategies in OpenSpiel -----------------------------------------------


def play_in_openspiel(game: object, bots: list[object]) -> object:
    state = game.new_initial_state()  # type: ignore[attr-defined]
    rng = random.Random(5)
    while not state.is_terminal():
        if state.is_chance_node():
            state.apply_action(rng.choice(state.chance_outcomes())[0])
            continue
        action = bots[state.current_player()].step(state)  # type: ignore[attr-defined]
        assert action in state.legal_actions()
        state.apply_action(action)
    return state


@pytest.mark.parametrize(("players", "tricks"), [(3, 5), (4, 7), (5, 3)])
def test_strategy_bot_plays_folk_legally_and_reproducibly(players: int, tricks: int) -> None:
    game = pyspiel.load_game("oh_hell", {"players": players, "num_tricks_fixed": tricks})
    histories = []
    for _ in range(2):
        bots = [osp.StrategyBot(Folk(), seed=s) for s in range(players)]
        assert all(isinstance(b, pyspiel.Bot) for b in bots)
        state = play_in_openspiel(game, bots)
        assert sum(tricks_won_in(str(state))) == tricks
        histories.append(state.history())
    assert histories[0] == histories[1]
    returns = pyspiel.evaluate_bots(game.new_initial_state(), [osp.StrategyBot(Folk(), s) for s in range(players)], 3)
    assert len(returns) == players and all(r >= 0 for r in returns)


def test_strategy_bot_rejects_an_illegal_answer() -> None:
    class AlwaysFive(RandomStrategy):
        def bid(self, obs: ohhell.Observation, rng: Stream) -> int:
            return 5

    game = pyspiel.load_game("oh_hell", {"players": 3, "num_tricks_fixed": 2})
    with pytest.raises(IllegalMoveError, match="returned 5 as its bid"):
        play_in_openspiel(game, [osp.StrategyBot(AlwaysFive(), s) for s in range(3)])


# -- OpenSpiel bots in the project -----------------------------------------------------


def test_placeholder_state_shows_the_seat_exactly_its_information() -> None:
    game = pyspiel.load_game("oh_hell", {"players": 4, "num_tricks_fixed": 7})
    rng = random.Random(11)
    for k in range(40):
        state = random_state(game, rng, rng.randrange(0, 4 + 28))
        if state.is_terminal():
            continue
        p = state.current_player()
        obs = osp.observation_from_state(state, p)
        placeholder = osp.state_for(obs, Stream(k))
        assert placeholder.information_state_string(p) == state.information_state_string(p)
        assert osp.observation_from_state(placeholder, p) == obs
        # the placeholder hands hold no card of a suit their player has shown out of
        held = hands_in(str(placeholder))
        for t in [*obs.completed_tricks, ohhell.engine.Trick(obs.leader, obs.current_trick, -1)]:
            for i, card in enumerate(t.cards):
                q = t.seat_of(i, 4)
                if i and card.suit != t.cards[0].suit:
                    assert all(c.suit != t.cards[0].suit for c in held[q]), (q, t)


def others_hold(state: object, p: int) -> set[Card]:
    held = hands_in(str(state))
    return {c for q, cards in held.items() if q != p for c in cards}


def test_view_resampler_deals_the_stock_again_and_the_game_resampler_does_not() -> None:
    """The leak ``resample="view"`` closes: oh_hell's own resampling keeps the other hands' cards among them."""
    game = pyspiel.load_game("oh_hell", {"players": 4, "num_tricks_fixed": 7})
    rng = random.Random(5)
    for k in range(12):
        state = random_state(game, rng, rng.randrange(0, 4 + 20))
        if state.is_terminal():
            continue
        p = state.current_player()
        true_others = others_hold(state, p)
        resample = osp._ViewResampler(osp.rules_for(game), Stream(k))
        seen_view: set[Card] = set()
        for _ in range(30):
            world = resample(state, p)
            assert world.information_state_string(p) == state.information_state_string(p)
            assert sorted(world.legal_actions()) == sorted(state.legal_actions())
            seen_view |= others_hold(world, p)
            native = state.resample_from_infostate(p, pyspiel.UniformProbabilitySampler(0.0, 1.0))
            assert others_hold(native, p) == true_others  # the same cards, only moved between the others
        if true_others:
            assert seen_view - true_others  # a card of the stock reached another hand
        obs = osp.observation_from_state(state, p)
        assert not seen_view & (set(obs.hand) | {obs.trump_card})


def test_view_ismcts_is_reproducible_and_checks_its_option() -> None:
    game = pyspiel.load_game("oh_hell", {"players": 4, "num_tricks_fixed": 5})
    state = random_state(game, random.Random(3), 6)
    make = osp.ISMCTSFactory(simulations=40, resample="view")
    p = state.current_player()
    first = [int(make(game, p, seed).step(state)) for seed in range(6)]
    assert first == [int(make(game, p, seed).step(state)) for seed in range(6)]
    assert all(a in state.legal_actions() for a in first)
    with pytest.raises(ValueError, match="resample must be"):
        osp.ISMCTSFactory(resample="stock")  # type: ignore[arg-type]
    h = osp.head_to_head(Folk(), osp.ismcts(simulations=20, resample="view"), deals=2, seed=3, tricks=4)
    assert h.rows["decisions"].sum() > 0 and np.isfinite(h.diff)


def test_openspiel_bots_play_deals_in_the_project_engine() -> None:
    rules = fixed(4, 5)
    seats = [osp.uniform_random(seed=1), osp.uniform_random(seed=2), RandomStrategy(), Folk()]
    first = ohhell.play_deal(rules, seats, seed=4, dealer=2)
    assert ohhell.play_deal(rules, seats, seed=4, dealer=2) == first  # the random bot is reproducible
    assert sum(first.tricks_won) == 5 and len(first.tricks) == 5 and len(first.bids) == 4
    others = [ohhell.play_deal(rules, [osp.uniform_random(seed=s), *seats[1:]], seed=4, dealer=2) for s in range(2, 6)]
    assert all(o.hands == first.hands for o in others)
    assert len({(o.bids, o.tricks) for o in [first, *others]}) > 1  # the bot's own seed decides its draws
    for players, size in ((3, 6), (4, 7), (5, 3)):
        for seed in range(2):
            seating = [osp.ismcts(simulations=20, seed=seed), Folk(), osp.uniform_random(), *[RandomStrategy()] * 2]
            r = ohhell.play_deal(fixed(players, size), seating[:players], seed=seed, dealer=seed % players)
            assert sum(r.tricks_won) == size and len(r.tricks) == size  # every decision was checked by the engine
    with pytest.raises(ValueError, match="at least 2 simulations"):
        osp.ismcts(simulations=1)


def test_openspiel_strategy_in_a_reference_tournament() -> None:
    rules = fixed(4, 4)
    players = {"ismcts": osp.ismcts(simulations=20), "random": RandomStrategy(),
               "os random": osp.uniform_random(), "folk": Folk()}  # fmt: skip
    t = tournament(rules, players, deals=6, seed=2, engine="reference", n_jobs=1, progress=False)
    assert list(t.summary.index) == list(players)
    assert len(t.deals) == 4 * 6 * 4
    assert t.deals.groupby(["rotation", "unit"])["tricks"].sum().eq(4).all()
    assert pickle.loads(pickle.dumps(osp.ismcts(simulations=20))) == osp.ismcts(simulations=20)


def test_openspiel_strategy_refuses_rules_openspiel_cannot_mirror() -> None:
    with pytest.raises(ValueError, match="cannot mirror"):
        ohhell.play_deal(ohhell.boerenbridge(4), [osp.uniform_random()] * 4, seed=1, round_index=2)
    with pytest.raises(ValueError, match="sequential"):
        ohhell.play_deal(ohhell.bondebridge(4), [osp.uniform_random()] * 4, seed=1, round_index=4)


# -- head to head in OpenSpiel ----------------------------------------------------------


def without_timings(frame: object) -> object:
    return frame.drop(columns=["seconds"])  # type: ignore[attr-defined]


def test_head_to_head_is_reproducible_with_reproducible_bots() -> None:
    a = osp.head_to_head(Folk(), osp.uniform_random(seed=3), deals=6, seed=7, tricks=5)
    b = osp.head_to_head(Folk(), osp.uniform_random(seed=3), deals=6, seed=7, tricks=5)
    assert without_timings(a.rows).equals(without_timings(b.rows))
    assert a.per_deal.equals(b.per_deal) and (a.diff, a.lo, a.hi) == (b.diff, b.lo, b.hi)
    c = osp.head_to_head(Folk(), osp.uniform_random(seed=3), deals=6, seed=8, tricks=5)
    assert not without_timings(a.rows).equals(without_timings(c.rows))


def test_head_to_head_summary_matches_its_rows() -> None:
    a = osp.head_to_head(Folk(), osp.ismcts(simulations=20), deals=6, seed=7, tricks=5)
    b = osp.head_to_head(Folk(), osp.ismcts(simulations=20), deals=6, seed=7, tricks=5)
    assert a.rows["dealer"].equals(b.rows["dealer"])  # the same chance outcomes (ISMCTS itself is not reproducible)
    rows = a.rows
    assert len(rows) == 6 * 2 * 4
    assert (rows["decisions"] == 1 + 5).all()
    assert rows.groupby(["deal", "arrangement"])["tricks"].sum().eq(5).all()
    assert (rows["made"] == (rows["bid"] == rows["tricks"])).all()
    # the two arrangements of a deal swap the sides in every seat, on the same dealer
    sides = rows.pivot_table(index=["deal", "seat"], columns="arrangement", values="side", aggfunc="first")
    assert (sides[0] != sides[1]).all()
    assert rows.groupby("deal")["dealer"].nunique().eq(1).all()
    # the paired difference recomputed from the rows
    diffs = []
    for _, g in rows.groupby("deal"):
        per_arr = [
            x[x.side == "ours"].score.mean() - x[x.side == "theirs"].score.mean() for _, x in g.groupby("arrangement")
        ]
        diffs.append(np.mean(per_arr))
    diffs_arr = np.array(diffs)
    assert np.allclose(a.per_deal["diff"], diffs_arr)
    lo, hi = mean_ci(diffs_arr.mean(), diffs_arr.std(ddof=1), diffs_arr.size)
    assert a.diff == pytest.approx(diffs_arr.mean()) and (a.lo, a.hi) == pytest.approx((float(lo), float(hi)))
    for side in ("ours", "theirs"):
        mine = rows[rows.side == side]
        assert a.summary.loc[side, "made"] == pytest.approx(mine["made"].mean())
        assert a.summary.loc[side, "bid"] == pytest.approx(mine["bid"].mean())
        assert a.summary.loc[side, "tricks"] == pytest.approx(mine["tricks"].mean())
        assert a.summary.loc[side, "decisions"] == mine["decisions"].sum()
        ms = 1000 * mine["seconds"].sum() / mine["decisions"].sum()
        assert a.summary.loc[side, "ms_per_decision"] == pytest.approx(ms)


def test_head_to_head_of_a_deterministic_player_against_itself_is_level() -> None:
    h = osp.head_to_head(Folk(), Folk(), deals=4, seed=1, players=3, tricks=4)
    assert (h.per_deal["diff"] == 0).all() and h.diff == 0
    assert len(h.rows) == 4 * 2 * 3


def test_head_to_head_takes_bot_factories_and_both_views() -> None:
    for see in ("view", "state"):
        h = osp.head_to_head(RandomStrategy(), osp.UniformRandomFactory(), deals=3, seed=2, tricks=3, bots_see=see)
        assert len(h.rows) == 3 * 2 * 4 and h.meta["bots_see"] == see
    with pytest.raises(ValueError, match="bots_see"):
        osp.head_to_head(RandomStrategy(), RandomStrategy(), deals=1, seed=2, bots_see="all")  # type: ignore[arg-type]


def test_head_to_head_reports_a_legality_mismatch(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(osp, "legal_actions_of", lambda obs: ())
    with pytest.raises(RuntimeError, match=r"OpenSpiel's legal actions .* are not the project's .*history"):
        osp.head_to_head(RandomStrategy(), RandomStrategy(), deals=1, seed=1, tricks=2)


# -- observation_from_view: the property and the errors ----------------------------------

PRESETS = {
    "boerenbridge": (ohhell.boerenbridge, 3, 6),
    "bondebridge": (lambda n: replace(ohhell.bondebridge(n), bidding=Sequential()), 3, 5),
    "openspiel": (ohhell.openspiel, 3, 6),
    "up_and_down_the_river": (ohhell.up_and_down_the_river, 3, 6),
}


def seat_view(state: DealState, seat: int, rules: Rules, **overrides: object) -> ohhell.Observation:
    """observation_from_view from ``seat``'s information in ``state`` (its current hand, in reverse order)."""
    bids = [e.bid for e in state.events if isinstance(e, BidMade)]
    bids += [e.new for e in state.events if isinstance(e, BidAdjusted)]
    plan = compile_rules(rules).trump_plans[state.round_index]
    args: dict[str, object] = {
        "round_index": state.round_index,
        "seat": seat,
        "dealer": state.dealer,
        "hand": tuple(reversed(state.hands[seat])),
        "trump_card": state.trump_card,
        "trump": state.trump if plan.source in ("first-round", "setesdal") else None,
        "bids": bids,
        "plays": [e.card for e in state.events if isinstance(e, CardPlayed)],
        "exposed": state.exposed,
        "match_totals": state.match_totals,
        "visible_hands": [state.hands[s] if s == seat else None for s in range(state.players)],
    }
    args.update(overrides)
    return observation_from_view(rules, **args)  # type: ignore[arg-type]


@given(name=st.sampled_from(sorted(PRESETS)), data=st.data())
def test_observation_from_view_equals_the_engine_observation(name: str, data: st.DataObject) -> None:
    make, low, high = PRESETS[name]
    players = data.draw(st.integers(low, high), label="players")
    rules = make(players)
    compiled = compile_rules(rules)
    round_index = data.draw(st.integers(0, compiled.n_rounds - 1), label="round")
    seed = data.draw(st.integers(0, 2**32 - 1), label="seed")
    totals = data.draw(st.lists(st.integers(-100, 300), min_size=players, max_size=players), label="totals")
    state = deal(compiled, round_index=round_index, dealer=seed % players, players=players, rng=Stream(seed),
                 match_totals=totals)  # fmt: skip
    rng = Stream(seed + 1)
    strategy = RandomStrategy()
    while not state.is_over:
        seat = state.current_seat
        expected = state.observation(seat)
        assert seat_view(state, seat, rules) == expected
        other = (seat + 1) % players
        with pytest.raises(ValueError, match="turn"):
            seat_view(state, other, rules)
        if state.phase == "play":
            state.apply_play(strategy.play(expected, rng))
        else:
            state.apply_bid(strategy.bid(expected, rng))


SWEEP = [
    ohhell.boerenbridge(4),
    replace(ohhell.bondebridge(4), bidding=Sequential()),
    ohhell.openspiel(5),
    ohhell.up_and_down_the_river(4),
    replace(ohhell.boerenbridge(3), trump=DrawTrump(plain_only=True)),
    replace(ohhell.boerenbridge(4), trump=SetesdalTrump(), restriction=HighestBidderAdjusts()),
    replace(ohhell.boerenbridge(3), schedule=ShortGame(known_leftovers=True), trump=FixedRotation()),
    replace(ohhell.boerenbridge(4), trump=TurnUpTrump(), schedule=FixedHands(size=13, rounds=1)),
]


def test_observation_from_view_on_every_round_of_several_rules() -> None:
    phases, sources = set(), set()
    for rules in SWEEP:
        compiled = compile_rules(rules)
        for r in range(compiled.n_rounds):
            n = int(compiled.players_in_round[r])
            state = deal(compiled, round_index=r, dealer=r % n, players=n, rng=Stream([r, 1]))
            rng = Stream([r, 2])
            sources.add(compiled.trump_plans[r].source)
            while not state.is_over:
                seat = state.current_seat
                expected = state.observation(seat)
                assert seat_view(state, seat, rules) == expected
                phases.add(expected.phase)
                if state.phase == "play":
                    state.apply_play(RandomStrategy().play(expected, rng))
                else:
                    state.apply_bid(RandomStrategy().bid(expected, rng))
    assert phases == {"bid", "adjust", "play"}
    assert sources == {"turn-up", "fixed", "none", "first-round", "draw", "setesdal"}


def test_observation_from_view_refuses_rules_out_of_scope() -> None:
    args = {"round_index": 0, "seat": 0, "dealer": 3, "hand": (), "bids": [], "plays": []}
    with pytest.raises(ValueError, match="sequential bidding only"):
        observation_from_view(ohhell.bondebridge(4), **args)  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="Wizard deck"):
        observation_from_view(replace(ohhell.boerenbridge(4), deck=WizardDeck()), **args)  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="one deck only"):
        observation_from_view(replace(ohhell.boerenbridge(4), deck=DoubleDeck()), **args)  # type: ignore[arg-type]
    blind = replace(ohhell.boerenbridge(4), information=BlindRounds(hand_sizes=(1,)))
    with pytest.raises(ValueError, match="open-hand rounds only"):
        observation_from_view(blind, **args)  # type: ignore[arg-type]
    forehead = replace(ohhell.boerenbridge(4), information=ForeheadRounds())
    with pytest.raises(ValueError, match="open-hand rounds only"):
        observation_from_view(forehead, **args)  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("change", "message"),
    [
        ({"seat": 1}, "it is seat 0's turn to play, not seat 1's"),
        ({"plays": parse_cards("KH AH 2H")}, "2H, played by this seat, is still in the hand"),
        ({"plays": parse_cards("KH KH")}, "KH was played twice"),
        ({"hand": parse_cards("9H AS")}, "its hand holds 3, got 2"),
        ({"hand": parse_cards("9H AS 2H 2H")}, "holds 2H twice"),
        ({"bids": [1, 0, 4, 0]}, "seat 0 bid 4: a bid is 0..3"),
        ({"bids": [1, 0, 1, 1]}, "the dealer's hook forbids"),
        ({"bids": [1, 0, 1, 0, 2]}, "too many bids"),
        ({"bids": [1, 0]}, "cards were played before the bidding ended"),
        ({"trump_card": None}, "turns up a trump card"),
        ({"trump_card": Card.parse("AH")}, "AH was played but is the trump card"),
        ({"trump": Trump.of(Suit.SPADES)}, "does not match the round's trump C"),
        ({"hand": parse_cards("9H AS 7C")}, "7C is in the hand and also the trump card"),
        ({"exposed": parse_cards("2S")}, "exposes no card"),
        ({"match_totals": [0, 0]}, "one total per seat"),
        ({"round_index": 99}, "not a round"),
        ({"hand": ("9H", "AS", "2H")}, "must hold Card values"),
        ({"bids": [1, 0, True, 0]}, "must be an integer"),
        ({"visible_hands": [None] * 4}, "visible_hands must show this seat's own hand"),
    ],
)
def test_observation_from_view_says_what_is_inconsistent(change: dict[str, object], message: str) -> None:
    # boerenbridge 4 players, 3 cards, seat 1 deals, clubs trump; seat 2 led KH, seat 3 played AH, seat 0 to play
    args: dict[str, object] = {
        "round_index": 2,
        "seat": 0,
        "dealer": 1,
        "hand": parse_cards("9H AS 2H"),
        "trump_card": Card.parse("7C"),
        "bids": [1, 0, 1, 0],
        "plays": parse_cards("KH AH"),
    }
    ok = observation_from_view(ohhell.boerenbridge(4), **args)  # type: ignore[arg-type]
    assert ok.legal_cards == parse_cards("2H 9H") and ok.current_trick == parse_cards("KH AH")
    args.update(change)
    with pytest.raises(ValueError, match=re.escape(message)):
        observation_from_view(ohhell.boerenbridge(4), **args)  # type: ignore[arg-type]


def test_observation_from_view_catches_revokes() -> None:
    # 3 players, 3 cards each, seat 2 deals; seat 0 leads 2H, seat 1 discards 3S, seat 2 follows 5H;
    # seat 2 (ace) wins, leads 4D, ... seat 1 may not play a heart now, having shown out of hearts
    rules = fixed(3, 3)
    base = {"round_index": 0, "dealer": 2, "trump_card": Card.parse("2C"), "bids": [0, 0, 0]}
    with pytest.raises(ValueError, match="seat 1 played 9H after showing out of hearts"):
        observation_from_view(rules, seat=0, hand=parse_cards("7S"), plays=parse_cards("2H 3S AH 4D 5D 9H"), **base)  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="this seat played 3S to a trick led in hearts while it held one"):
        observation_from_view(rules, seat=1, hand=parse_cards("9H"), plays=parse_cards("2H 3S AH"), **base)  # type: ignore[arg-type]
