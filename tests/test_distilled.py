"""The distilled player: compiled path = reference, the policy's plumbing, fitting, the shipped weights, contract."""

from __future__ import annotations

import pickle
import warnings
from dataclasses import replace

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from scipy.optimize import check_grad

import ohhell
from ohhell.engine import Observation, Stream, play_deal, play_match
from ohhell.rules import FixedHands, Rules, WizardDeck, compile_rules
from ohhell.sim import fast_path_reason
from ohhell.strategies import CardOdds, Distilled, ExpectedValue, Folk, RandomStrategy, Rollout, distill
from ohhell.strategies import odds_core as core
from ohhell.strategies.compiled_inputs import policy_card
from ohhell.strategies.distill import (
    Decision,
    Fitted,
    collect_decisions,
    decision_features,
    decision_of,
    fit_weights,
)
from ohhell.strategies.distilled import distilled_play
from ohhell.strategies.distilled_core import CONTEXTS, FEATURE_NAMES, FEATURES
from ohhell.strategies.distilled_weights import card_weights, weights_file
from ohhell.strategies.registry import strategy
from tests.paths import assert_paths_agree
from tests.strategies import rules_variants

DISTILLED = Distilled()
#: Weights that score only the rollout policy's own card: the distilled policy then plays that card.
POLICY_ONLY = np.zeros((CONTEXTS, FEATURES))
POLICY_ONLY[:, 0] = 1.0


@pytest.mark.parametrize(("name", "players"), [("boerenbridge", 4), ("bondebridge", 3), ("up-and-down-the-river", 5),
                                               ("openspiel", 6), ("boerenbridge", 2)])  # fmt: skip
def test_the_compiled_path_plays_it_card_for_card_like_the_reference(name: str, players: int) -> None:
    compiled = compile_rules(ohhell.preset(name, players))
    mixed = [DISTILLED, CardOdds(), Folk(), RandomStrategy(), ExpectedValue(samples=4), DISTILLED][:players]
    for strategies in ([DISTILLED] * players, mixed):
        assert_paths_agree(compiled, strategies, 11, 40)


@settings(max_examples=10, deadline=None)
@given(rules=rules_variants(long_schedules=False), base=st.integers(0, 2**64 - 1))
def test_the_compiled_path_replays_it_for_random_rules(rules: Rules, base: int) -> None:
    compiled = compile_rules(rules)
    strategies = [DISTILLED] * rules.players
    if fast_path_reason(compiled, strategies) is not None:
        d = play_deal(rules, strategies[: rules.players_per_round[0]], seed=base % 2**32)  # the fallback plays legally
        assert sum(d.tricks_won) == d.hand_size
        return
    assert_paths_agree(compiled, strategies, base, 12)


class _Watch:
    """Plays as the card-odds player and keeps every play observation with a choice."""

    def __init__(self) -> None:
        self.seen: list[Observation] = []

    def bid(self, obs: Observation, rng: Stream) -> int:
        return CardOdds().bid(obs, rng)

    def play(self, obs: Observation, rng: Stream) -> ohhell.Card:
        if len(obs.legal_cards) > 1:
            self.seen.append(obs)
        return CardOdds().play(obs, rng)

    def name_trump(self, obs: Observation, rng: Stream) -> ohhell.Suit:
        return CardOdds().name_trump(obs, rng)


def _decisions(name: str, seed: int) -> list[Observation]:
    """The play observations with a choice of a seeded deal of the preset at 4 (a round and dealer from the seed)."""
    rules = ohhell.preset(name, 4)
    watch = _Watch()
    rounds = compile_rules(rules).n_rounds
    play_deal(rules, [watch] * 4, seed=seed, round_index=seed % rounds, dealer=seed % 4)
    return watch.seen


@settings(max_examples=20, deadline=None)
@given(name=st.sampled_from(["boerenbridge", "bondebridge", "openspiel"]), seed=st.integers(0, 2**32 - 1))
def test_weights_on_the_policy_card_alone_play_the_rollout_policy(name: str, seed: int) -> None:
    # the features are read right: the policy card's feature is 1 on exactly that card
    for obs in _decisions(name, seed):
        assert distilled_play(obs, POLICY_ONLY) == policy_card(obs)


@settings(max_examples=20, deadline=None)
@given(name=st.sampled_from(["boerenbridge", "bondebridge", "openspiel"]), seed=st.integers(0, 2**32 - 1))
def test_the_card_played_scores_highest_under_the_weights_and_the_features_it_reads(name: str, seed: int) -> None:
    # the play path folds the products of features into coefficients; the fitting path reads every feature
    weights = card_weights()
    for obs in _decisions(name, seed):
        d = decision_of(obs, dict.fromkeys(obs.legal_cards, 0.0))
        features, context, _ = decision_features(d)
        scores = features @ weights[context]
        codes = sorted(c.code for c in obs.legal_cards)
        chosen = codes.index(distilled_play(obs).code)
        assert scores[chosen] >= scores.max() - 1e-9 * max(1.0, float(np.abs(scores).max()))


def test_self_play_with_policy_only_weights_credits_the_cards_as_the_rollout_policy() -> None:
    compiled = compile_rules(replace(ohhell.boerenbridge(4), schedule=FixedHands(size=6, rounds=1)))
    table = np.ascontiguousarray(compiled.score_table(0))
    cards = np.array([int(c) for c in compiled.deck], dtype=np.int64)
    odds = np.full((3, core.POSITIONS, core.FIELDS, core.INTENTS, 2, 13, core.LENGTHS, core.HIGHER), 0.25)
    out = []
    for weights in (np.zeros((0, 1)), POLICY_ONLY):
        wins = np.zeros((core.POSITIONS, core.FIELDS, core.INTENTS - 1, 2, 13, core.LENGTHS, core.HIGHER))
        counts = np.zeros_like(wins)
        st_ = np.array([[1, 2, 3, 4]], dtype=np.uint64)
        core.self_play_credits(cards, 4, 6, 1, True, odds, table, 400, st_, wins, counts, weights)
        out.append((wins, counts))
    assert out[0][1].sum() > 0
    assert np.array_equal(out[0][0], out[1][0]) and np.array_equal(out[0][1], out[1][1])


def test_the_objective_gradient_is_its_derivative() -> None:
    rng = np.random.default_rng(3)
    sizes = rng.integers(2, 6, size=40)
    x = rng.normal(size=(int(sizes.sum()), FEATURES))
    shortfall = rng.exponential(size=int(sizes.sum()))
    segment = np.repeat(np.arange(40), sizes)

    def value(w: np.ndarray) -> float:
        return distill._objective(w, x, shortfall, segment, 40, 1e-3)[0]

    def grad(w: np.ndarray) -> np.ndarray:
        return distill._objective(w, x, shortfall, segment, 40, 1e-3)[1]

    w = rng.normal(size=FEATURES)
    assert check_grad(value, grad, w) < 1e-5 * max(1.0, float(np.linalg.norm(grad(w))))


def test_fitting_recovers_a_policy_hidden_in_the_values() -> None:
    # real decisions, their values replaced by a known linear score of their features: the fitted
    # argmax must lose far less of that value on held-out decisions than the rollout policy's card
    found = collect_decisions(ohhell.openspiel(4), CardOdds(), deals=60, seed=4, labeller=Rollout(play_samples=2))
    hidden = np.random.default_rng(0).normal(size=FEATURES)
    decisions: list[Decision] = []
    for d in found:
        features, _, _ = decision_features(d)
        decisions.append(replace(d, values=tuple(float(v) for v in features @ hidden)))
    fit = fit_weights(decisions, l2=1e-7, test_share=0.3, seed=1)
    report = fit.report[fit.report["test"] > 0]
    tested = report["test"].sum()
    policy = float((report["policy"] * report["test"]).sum() / tested)
    fitted = float((report["fitted"] * report["test"]).sum() / tested)
    assert fit.report["train"].sum() + fit.report["test"].sum() == len(decisions)
    assert fitted < 0.25 * policy, report


def test_fitting_needs_decisions() -> None:
    with pytest.raises(ValueError, match="at least one decision"):
        fit_weights([])


def test_the_fitted_player_plays_other_weights_legally() -> None:
    rules = ohhell.openspiel(4)
    d = play_deal(rules, [Fitted(POLICY_ONLY)] * 4, seed=2, round_index=6)
    assert sum(d.tricks_won) == d.hand_size


def test_the_shipped_weights_match_the_features_and_record_their_fit() -> None:
    data = weights_file()
    weights = card_weights()
    assert tuple(data["features"]) == FEATURE_NAMES
    assert weights.shape == (CONTEXTS, FEATURES) and not weights.flags.writeable
    assert data["command"].startswith("python analysis/distill_cards.py")
    held_out = data["held-out mean shortfall per decision"]
    assert held_out["fitted"] < held_out["policy"]  # what the fit gained on decisions it did not see
    assert sum(data["decisions"].values()) == sum(c["train"] + c["test"] for c in data["per context"])


def test_weights_fitted_for_other_features_are_refused(monkeypatch: pytest.MonkeyPatch) -> None:
    from ohhell.strategies import distilled_weights

    other = dict(weights_file(), features=["rank", *FEATURE_NAMES[1:]])
    monkeypatch.setattr(distilled_weights, "weights_file", lambda: other)
    card_weights.cache_clear()
    try:
        with pytest.raises(RuntimeError, match="fit them again"):
            card_weights()
    finally:
        monkeypatch.undo()
        card_weights.cache_clear()


def test_every_preset_wizards_and_forehead_play_legally_and_deterministically() -> None:
    for name in ohhell.PRESETS:
        rules = ohhell.preset(name, 4)
        a = play_match(rules, [DISTILLED] * 4, seed=3)
        assert a.totals == play_match(rules, [DISTILLED] * 4, seed=3).totals
    wizards = replace(ohhell.boerenbridge(4), deck=WizardDeck())
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        d = play_deal(wizards, [DISTILLED] * 4, seed=1, round_index=4)
    assert sum(d.tricks_won) == d.hand_size


def test_it_is_a_frozen_value_and_the_registry_names_it() -> None:
    assert pickle.loads(pickle.dumps(DISTILLED)) == DISTILLED and hash(DISTILLED) == hash(Distilled())
    assert strategy("strongest-fast") == strategy("distilled") == Distilled()


def test_it_beats_the_card_odds_player_on_the_compiled_path() -> None:
    from ohhell.tournament import tournament

    t = tournament(ohhell.openspiel(4), {"distilled": DISTILLED, "odds": CardOdds(), "distilled 2": DISTILLED,
                   "odds 2": CardOdds()}, deals=3000, seed=5, n_jobs=1, progress=False)  # fmt: skip
    pair = t.pairs.set_index(["a", "b"]).loc[("distilled", "odds")]
    assert pair["lo"] > 0, pair
