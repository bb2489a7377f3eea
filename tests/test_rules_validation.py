"""Rule policies check their arguments when they are built.

A wrong type or a value out of range is refused at construction with a
message naming the field and what is allowed; a check that needs the player
count or the schedule is made by :class:`~ohhell.rules.Rules`.  A value that
is accepted compiles, hashes, pickles and plays on both engines, the score
tables agreeing with :meth:`~ohhell.rules.Scoring.score` (the fuzzer below).
"""

from __future__ import annotations

import dataclasses
import pickle
from typing import Any

import numpy as np
import pytest
from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st

from ohhell import RandomStrategy
from ohhell.cards import Suit
from ohhell.rules import (
    BlindRounds,
    BoerConsolation,
    BoerenbridgeLadder,
    DealerHook,
    DoubleDeck,
    DrawTrump,
    Elimination,
    ExactBonus,
    ExplicitSchedule,
    FirstBidderAdjusts,
    FixedHands,
    FixedRotation,
    FollowSuit,
    ForeheadRounds,
    Harsh,
    HighestBidderAdjusts,
    HighFirst,
    Ladder,
    MissScoresTricks,
    MissZero,
    NoRestriction,
    NoTrump,
    NoTrumpRounds,
    OpenHands,
    PlayAllRounds,
    ReducedDeck,
    Rules,
    RulesError,
    Scoring,
    Sequential,
    SetesdalTrump,
    ShortGame,
    Simultaneous,
    StandardDeck,
    Trump,
    TrumpPlan,
    TurnUpOnce,
    TurnUpTrump,
    WizardDeck,
    boerenbridge,
    compile_rules,
)
from ohhell.sim import fast_path_reason, run_chunk
from ohhell.sim.arrays import arrays_equal

RANDOM = RandomStrategy()

# -- the cases the issue names ---------------------------------------------------------------

REFUSED: list[tuple[Any, dict[str, Any], type[Exception], str]] = [
    (ExactBonus, {"base": 10.5}, TypeError, r"ExactBonus\.base must be an integer from -1000000 to 1000000, got 10\.5"),
    (BoerConsolation, {"points": 2.5}, TypeError, r"BoerConsolation\.points must be an integer from 1 to 1000000"),
    (FixedHands, {"size": 2.5}, TypeError, r"FixedHands\.size must be an integer from 1 to 1000, got 2\.5 \(float\)"),
    (ExactBonus, {"base": "10"}, TypeError, r"ExactBonus\.base must be an integer .*, got '10' \(str\)"),
    (ExactBonus, {"base": 10**20}, ValueError, r"ExactBonus\.base must be an integer from -1000000 to 1000000"),
    (Scoring, {"made": MissZero()}, TypeError, r"Scoring\.made must be a MadeRule policy .*, got MissZero\(\)"),
    (FixedRotation, {"order": ("H",)}, TypeError, r"FixedRotation\.order\[0\] must be a Suit .*Suit\.parse\('H'\)"),
    (PlayAllRounds, {"tie_breaks": "made_bids"}, TypeError, r"PlayAllRounds\.tie_breaks must be a tuple"),
    (FollowSuit, {"identical_cards": "bogus"}, ValueError, r"must be one of 'first', 'last', got 'bogus'"),
    (NoTrumpRounds, {"base": TurnUpTrump(), "rounds": (100, -1)}, ValueError, r"rounds\[1\] must be .* from 0"),
    (Ladder, {"up_to": True}, TypeError, r"Ladder\.up_to must be an integer from 1 to 1000 or None .*True \(bool\)"),
    # the neighbours of those
    (ExactBonus, {"per_trick": np.float64(2.0)}, TypeError, r"ExactBonus\.per_trick must be an integer"),
    (ExactBonus, {"per_trick": True}, TypeError, r"ExactBonus\.per_trick must be an integer"),
    (Harsh, {"factor": 0}, ValueError, r"Harsh\.factor must be an integer from 1 to 1000000, got 0"),
    (BoerConsolation, {"points": 0}, ValueError, r"from 1 to 1000000, got 0; for no consolation use"),
    (BoerConsolation, {"points": -5}, ValueError, r"BoerConsolation\.points"),
    (BoerConsolation, {"ties": 1}, TypeError, r"BoerConsolation\.ties must be True or False, got 1 \(int\)"),
    (Scoring, {"made_zero": 5.5}, TypeError, r"Scoring\.made_zero must be an integer .* or None"),
    (Scoring, {"miss": ExactBonus()}, TypeError, r"Scoring\.miss must be a MissRule policy"),
    (Scoring, {"miss": Harsh}, TypeError, r"Scoring\.miss must be a policy instance: write Harsh\(\), not Harsh"),
    (Scoring, {"consolation": 5}, TypeError, r"Scoring\.consolation must be a BoerConsolation or None"),
    (BlindRounds, {"multiplier_value": 2.0}, TypeError, r"BlindRounds\.multiplier_value must be an integer"),
    (BlindRounds, {"hand_sizes": 1}, TypeError, r"BlindRounds\.hand_sizes must be a tuple, e\.g\. \(1, 2\)"),
    (BlindRounds, {"hand_sizes": (1, 1)}, ValueError, r"each value at most once"),
    (ForeheadRounds, {"hand_sizes": (0,)}, ValueError, r"ForeheadRounds\.hand_sizes\[0\] must be an integer from 1"),
    (FixedHands, {"rounds": 10**9}, ValueError, r"FixedHands\.rounds must be an integer from 1 to 1000"),
    (ExplicitSchedule, {"sizes": ()}, ValueError, r"ExplicitSchedule\.sizes must name at least one value"),
    (ExplicitSchedule, {"sizes": "123"}, TypeError, r"ExplicitSchedule\.sizes must be a tuple"),
    (ExplicitSchedule, {"sizes": (1, 2.0)}, TypeError, r"ExplicitSchedule\.sizes\[1\] must be an integer"),
    (HighFirst, {"repeat_bottom": "yes"}, TypeError, r"HighFirst\.repeat_bottom must be True or False"),
    (Ladder, {"up_to": 10**12}, ValueError, r"Ladder\.up_to must be an integer from 1 to 1000 or None"),
    (ShortGame, {"known_leftovers": None}, TypeError, r"ShortGame\.known_leftovers must be True or False"),
    (FixedRotation, {"order": ()}, ValueError, r"FixedRotation\.order must name at least one suit"),
    (FixedRotation, {"no_trump_first": -1}, ValueError, r"FixedRotation\.no_trump_first must be an integer from 0"),
    (DrawTrump, {"plain_only": "no"}, TypeError, r"DrawTrump\.plain_only must be True or False"),
    (NoTrumpRounds, {"base": TurnUpTrump}, TypeError, r"write TurnUpTrump\(\), not TurnUpTrump"),
    (NoTrumpRounds, {"base": "turn-up"}, TypeError, r"NoTrumpRounds\.base must be a TrumpPolicy policy"),
    (NoTrumpRounds, {"base": NoTrump(), "final": 1}, TypeError, r"NoTrumpRounds\.final must be True or False"),
    (FollowSuit, {"identical_cards": None}, TypeError, r"FollowSuit\.identical_cards must be one of"),
    (PlayAllRounds, {"tie_breaks": ("made_bids", "made_bids")}, ValueError, r"each tie-break at most once"),
    (PlayAllRounds, {"tie_breaks": ("most_tricks",)}, ValueError, r"tie_breaks\[0\] must be one of 'made_bids'"),
    (Elimination, {"min_players": 1}, ValueError, r"Elimination\.min_players .* got 1 \(a round needs two players\)"),
    (Elimination, {"min_players": 2.0}, TypeError, r"Elimination\.min_players must be an integer >= 2"),
    (ReducedDeck, {"size": 53}, ValueError, r"ReducedDeck\.size must be an integer from 1 to 52, got 53"),
    (ReducedDeck, {"size": "26"}, TypeError, r"ReducedDeck\.size must be an integer"),
    (ReducedDeck, {"size": 1, "cards_in_play": "AS"}, TypeError, r"cards_in_play must be a tuple, e\.g\. \('AS',"),
    (ReducedDeck, {"size": 1, "cards_in_play": (51,)}, TypeError, r"cards_in_play\[0\] must be a card name"),
    (ReducedDeck, {"size": 1, "cards_in_play": ("ZZ",)}, ValueError, r"ReducedDeck\.cards_in_play\[0\]: "),
    (Trump, {"suits": ("H",)}, TypeError, r"Trump\.suits must hold Suit values"),
    (TrumpPlan, {"source": "turned"}, ValueError, r"TrumpPlan\.source must be one of 'none', 'fixed'"),
    (TrumpPlan, {"source": "fixed"}, ValueError, r"a 'fixed' plan names its suit"),
]


@pytest.mark.parametrize(("cls", "kwargs", "error", "message"), REFUSED)
def test_a_wrong_argument_is_refused_when_the_policy_is_built(
    cls: Any, kwargs: dict[str, Any], error: type[Exception], message: str
) -> None:
    with pytest.raises(error, match=message):
        cls(**kwargs)


def test_a_wrong_argument_is_refused_by_replace_too() -> None:
    with pytest.raises(TypeError, match=r"ExactBonus\.base"):
        dataclasses.replace(ExactBonus(), base=10.5)


@pytest.mark.parametrize(
    ("rules", "message"),
    [
        (
            lambda: Rules(players=4, schedule=HighFirst(up_to=3), match_end=Elimination(min_players=10)),
            r"Elimination\.min_players=10 knocks nobody out at 4 players: use min_players from 2 to 3",
        ),
        (
            lambda: Rules(players=3, schedule=HighFirst(up_to=3), match_end=Elimination(min_players=3)),
            r"min_players=3 knocks nobody out at 3 players",
        ),
        (
            lambda: Rules(trump=NoTrumpRounds(base=TurnUpTrump(), rounds=(100,))),
            r"NoTrumpRounds\.rounds names round index 100, but the schedule has 23 rounds \(indices 0\.\.22\)",
        ),
        (
            lambda: Rules(trump=NoTrumpRounds(base=NoTrumpRounds(base=TurnUpTrump(), rounds=(30,)), final=True)),
            r"round index 30",
        ),
        (lambda: Rules(name=7), r"Rules\.name must be a string"),
        (lambda: Rules(players=np.float64(4)), r"players must be an integer >= 2"),
        (lambda: Rules(first_dealer=1.0), r"first_dealer must be a seat 0\.\.3 or 'random'"),
    ],
)
def test_what_needs_the_table_is_checked_by_rules(rules: Any, message: str) -> None:
    with pytest.raises(RulesError, match=message):
        rules()


def test_elimination_that_can_knock_someone_out_is_kept() -> None:
    rules = Rules(players=4, schedule=HighFirst(up_to=3), match_end=Elimination(min_players=3))
    assert rules.players_per_round == (4, 4, 4, 3, 3)


# -- what is accepted, and kept in one form ---------------------------------------------------


@pytest.mark.parametrize(
    ("given", "kept"),
    [
        (lambda: ExplicitSchedule(sizes=[1, 2]), ExplicitSchedule(sizes=(1, 2))),
        (lambda: ExplicitSchedule(sizes=np.array([1, 2])), ExplicitSchedule(sizes=(1, 2))),
        (lambda: PlayAllRounds(tie_breaks=["best_round"]), PlayAllRounds(tie_breaks=("best_round",))),
        (lambda: Elimination(tie_breaks=[]), Elimination(tie_breaks=())),
        (lambda: FixedRotation(order=[Suit.HEARTS]), FixedRotation(order=(Suit.HEARTS,))),
        (lambda: NoTrumpRounds(base=NoTrump(), rounds=[0]), NoTrumpRounds(base=NoTrump(), rounds=(0,))),
        (lambda: BlindRounds(hand_sizes=[1, 2]), BlindRounds(hand_sizes=(1, 2))),
        (lambda: ForeheadRounds(hand_sizes=range(1, 3)), ForeheadRounds(hand_sizes=(1, 2))),
        (lambda: ReducedDeck(size=2, cards_in_play=["AS", "KH"]), ReducedDeck(size=2, cards_in_play=("AS", "KH"))),
        (lambda: ExactBonus(base=np.int64(10), per_trick=np.int32(2)), ExactBonus(base=10, per_trick=2)),
        (lambda: Harsh(factor=np.uint8(2)), Harsh(factor=2)),
        (lambda: Scoring(made_zero=np.int16(5)), Scoring(made_zero=5)),
        (lambda: BoerConsolation(points=np.int64(5), ties=np.bool_(False)), BoerConsolation(points=5, ties=False)),
        (lambda: FixedHands(size=np.int64(3), rounds=np.int64(2)), FixedHands(size=3, rounds=2)),
        (lambda: Ladder(up_to=np.int64(4), repeat_peak=np.bool_(True)), Ladder(up_to=4, repeat_peak=True)),
        (lambda: Trump([Suit.CLUBS]), Trump((Suit.CLUBS,))),
    ],
)
def test_lists_and_numpy_scalars_are_kept_as_tuples_and_python_values(given: Any, kept: Any) -> None:
    given = given()
    assert given == kept and hash(given) == hash(kept) and repr(given) == repr(kept)
    for f in dataclasses.fields(given):
        assert type(getattr(given, f.name)) is type(getattr(kept, f.name))


def test_a_list_given_schedule_compiles_and_is_cached_like_the_tuple() -> None:
    rules = Rules(schedule=ExplicitSchedule(sizes=[1, 2]))
    assert compile_rules(rules) is compile_rules(Rules(schedule=ExplicitSchedule(sizes=(1, 2))))
    assert Rules(players=np.int64(4), first_dealer=np.int64(1)) == Rules(players=4, first_dealer=1)


def test_numpy_integers_score_exactly_as_python_integers() -> None:
    plain = Scoring(made=ExactBonus(base=10, per_trick=2), miss=Harsh(factor=3), made_zero=5)
    numpy = Scoring(
        made=ExactBonus(base=np.int64(10), per_trick=np.int8(2)), miss=Harsh(factor=np.int64(3)), made_zero=np.int32(5)
    )
    assert np.array_equal(plain.table(6, 2), numpy.table(6, 2))
    assert all(type(numpy.score(b, t)) is int for b in range(4) for t in range(4))


# -- policies written by users ----------------------------------------------------------------


@dataclasses.dataclass(frozen=True)
class HalfPoints:
    """A made rule that scores halves (the engines count in integers)."""

    def made(self, bid: int) -> float:
        return 10 + bid / 2


@dataclasses.dataclass(frozen=True)
class FloatSchedule:
    def hand_sizes(self, players: int, deck_size: int, reserve: int) -> tuple[float, ...]:
        return (1.0, 2.0)


@dataclasses.dataclass(frozen=True)
class NotAPlan:
    keeps_card_back = False

    def plan(self, round_index: int, hand_sizes: tuple[int, ...]) -> str:
        return "none"


@dataclasses.dataclass  # not frozen: no hash
class Unhashable:
    def hand_sizes(self, players: int, deck_size: int, reserve: int) -> tuple[int, ...]:
        return (1, 2)


def test_a_made_rule_scoring_fractions_is_refused_when_compiled() -> None:
    rules = Rules(scoring=Scoring(made=HalfPoints()))  # type: ignore[arg-type]
    with pytest.raises(TypeError, match=r"HalfPoints\(\) scored bid 0, 0 tricks as 10\.0 \(float\): scores must be"):
        compile_rules(rules)


@pytest.mark.parametrize(
    ("field", "value", "message"),
    [
        ("schedule", FloatSchedule(), r"hand_sizes\(\) must return a tuple of integers, got \(1\.0, 2\.0\)"),
        ("trump", NotAPlan(), r"round 1: NotAPlan\(\)\.plan\(\) must return a TrumpPlan, got 'none'"),
        ("schedule", Unhashable(), r"Rules\.schedule must be hashable"),
    ],
)
def test_a_user_policy_returning_the_wrong_thing_is_refused_by_rules(field: str, value: object, message: str) -> None:
    with pytest.raises(RulesError, match=message):
        Rules(**{field: value})  # type: ignore[arg-type]


# -- the fuzzer: every policy class with wrong and right arguments ------------------------------

_INSTANCES = [
    TurnUpTrump(),
    NoTrump(),
    ExactBonus(),
    MissZero(),
    Harsh(),
    BoerConsolation(),
    Scoring(),
    StandardDeck(),
    Ladder(up_to=2),
    PlayAllRounds(),
    OpenHands(),
]
_CLASSES = [TurnUpTrump, ExactBonus, MissZero, Ladder]

#: Small values of the right kind: with these, some constructions succeed.
_plausible = st.one_of(
    st.integers(-2, 6),
    st.integers(-2, 6).map(np.int64),
    st.booleans(),
    st.sampled_from(["first", "last", "made_bids", "best_round", "AS", "KH", "QD"]),
    st.none(),
    st.lists(st.integers(0, 4), max_size=3).map(tuple),
    st.lists(st.integers(1, 4), max_size=3),
    st.lists(st.sampled_from(list(Suit)), min_size=1, max_size=4).map(tuple),
    st.lists(st.sampled_from(["made_bids", "best_round"]), max_size=2, unique=True).map(tuple),
    st.lists(st.sampled_from(["AS", "KH", "QD", "JC", "TS", "9H"]), min_size=1, max_size=6, unique=True).map(tuple),
    st.sampled_from(_INSTANCES),
)
#: Values of the wrong kind or range.
_wild = st.one_of(
    st.integers(),
    st.integers(-(2**70), 2**70),
    st.floats(allow_nan=True),
    st.sampled_from([2.5, 3.0, np.float64(1.0), np.bool_(True), "10", "", b"1", 1j]),
    st.text(max_size=3),
    st.sampled_from(_CLASSES),
    st.lists(st.one_of(st.integers(-3, 200), st.floats(), st.text(max_size=2), st.none()), max_size=3),
    st.sets(st.integers(0, 3), max_size=2),
    st.dictionaries(st.text(max_size=1), st.integers(), max_size=1),
    st.lists(st.sampled_from(list(Suit)) | st.sampled_from(["H", 2]), max_size=3).map(tuple),
)
_value = st.one_of(_plausible, _plausible, _wild)

#: Every policy class with arguments, and the argument-free ones (nothing to get wrong but the call).
_POLICIES: list[Any] = [
    ReducedDeck,
    Ladder,
    HighFirst,
    FixedHands,
    ShortGame,
    ExplicitSchedule,
    FixedRotation,
    DrawTrump,
    NoTrumpRounds,
    BlindRounds,
    ForeheadRounds,
    FollowSuit,
    ExactBonus,
    Harsh,
    BoerConsolation,
    Scoring,
    PlayAllRounds,
    Elimination,
]
_PLAIN = [
    StandardDeck,
    DoubleDeck,
    WizardDeck,
    BoerenbridgeLadder,
    TurnUpTrump,
    TurnUpOnce,
    SetesdalTrump,
    NoTrump,
    Sequential,
    Simultaneous,
    OpenHands,
    NoRestriction,
    DealerHook,
    FirstBidderAdjusts,
    HighestBidderAdjusts,
    MissZero,
    MissScoresTricks,
]

_FIELD = {
    "deck": (StandardDeck, DoubleDeck, WizardDeck, ReducedDeck),
    "schedule": (BoerenbridgeLadder, Ladder, HighFirst, FixedHands, ShortGame, ExplicitSchedule),
    "trump": (TurnUpTrump, TurnUpOnce, SetesdalTrump, NoTrump, FixedRotation, DrawTrump, NoTrumpRounds),
    "bidding": (Sequential, Simultaneous),
    "information": (OpenHands, BlindRounds, ForeheadRounds),
    "restriction": (NoRestriction, DealerHook, FirstBidderAdjusts, HighestBidderAdjusts),
    "tricks": (FollowSuit,),
    "scoring": (Scoring,),
    "match_end": (PlayAllRounds, Elimination),
}


def _table(policy: object, players: int) -> dict[str, object]:
    """A small table around ``policy``: the Rules fields that put it to use."""
    table: dict[str, object] = {"players": players, "schedule": FixedHands(size=2, rounds=3)}
    if isinstance(policy, ExactBonus):
        return table | {"scoring": Scoring(made=policy)}
    if isinstance(policy, (MissZero, Harsh, MissScoresTricks)):
        return table | {"scoring": Scoring(miss=policy)}
    if isinstance(policy, BoerConsolation):
        return table | {"scoring": Scoring(consolation=policy, miss=Harsh())}
    field = next(name for name, kinds in _FIELD.items() if isinstance(policy, kinds))
    table[field] = policy
    if field == "bidding" and isinstance(policy, Simultaneous):
        table["restriction"] = FirstBidderAdjusts()
    if field == "restriction" and not isinstance(policy, DealerHook):
        table["bidding"] = Simultaneous()
    if field == "match_end":
        table["schedule"] = HighFirst(up_to=3)
    if field == "tricks":
        table["deck"] = DoubleDeck()
    return table


def _built(cls: Any, kwargs: dict[str, object]) -> object | None:
    """The policy, or None after checking the refusal names the class and what is allowed."""
    try:
        return cls(**kwargs)
    except (TypeError, ValueError) as exc:
        text = str(exc)
        assert cls.__name__ in text, f"{cls.__name__}({kwargs}) raised an unclear {type(exc).__name__}: {text}"
        event(f"refused: {type(exc).__name__}")
        return None


def _good(f: dataclasses.Field[Any]) -> st.SearchStrategy[object]:
    """Values near the field's default, of its type: most of them construct."""
    if f.default_factory is not dataclasses.MISSING:
        default = f.default_factory()
        return st.sampled_from([default, *(p for p in _INSTANCES if type(p).__mro__[1:] == type(default).__mro__[1:])])
    default = f.default
    if default is dataclasses.MISSING:  # ExplicitSchedule.sizes, NoTrumpRounds.base
        if f.name == "sizes":
            return st.lists(st.integers(1, 4), min_size=1, max_size=4)
        return st.sampled_from([TurnUpTrump(), NoTrump(), TurnUpOnce(), FixedRotation(), NoTrumpRounds(base=NoTrump())])
    if isinstance(default, bool):
        return st.booleans()
    if isinstance(default, int):
        return st.integers(max(0, default - 3), default + 3)
    if isinstance(default, str):
        return st.sampled_from(["first", "last"])
    if isinstance(default, tuple):
        pool = list(default) if default else [0, 1, 2, 3]
        return st.lists(st.sampled_from(pool), max_size=len(pool), unique=True).map(tuple)
    return st.one_of(st.none(), st.integers(1, 5))


@st.composite
def policies(draw: st.DrawFn) -> tuple[Any, dict[str, object]]:
    cls = draw(st.sampled_from(_POLICIES) | st.sampled_from(_POLICIES) | st.sampled_from(_PLAIN))
    kwargs: dict[str, object] = {}
    for f in dataclasses.fields(cls):
        required = f.default is dataclasses.MISSING and f.default_factory is dataclasses.MISSING
        if required or draw(st.booleans()):
            kwargs[f.name] = draw(st.one_of(_good(f), _good(f), _value))
    return cls, kwargs


def _plays_on_both_engines(rules: Rules, base: int) -> None:
    compiled = compile_rules(rules)
    strategies = [RANDOM] * rules.players
    modes = [("deals", 3)] + ([("matches", 1)] if compiled.n_rounds <= 30 else [])
    for mode, n in modes:
        start = base % (5 * compiled.n_rounds)
        ref = run_chunk(compiled, strategies, mode, "reference", base, start, n, record_plays=True)  # type: ignore[arg-type]
        if fast_path_reason(compiled, strategies) is None:
            fast = run_chunk(compiled, strategies, mode, "fast", base, start, n, record_plays=True)  # type: ignore[arg-type]
            assert arrays_equal(ref, fast) == [], f"{rules!r} {mode}: the engines differ"


@settings(max_examples=300, suppress_health_check=[HealthCheck.too_slow])
@given(built=policies(), players=st.integers(2, 5), base=st.integers(0, 2**64 - 1))
def test_every_policy_is_refused_clearly_or_plays_on_both_engines(
    built: tuple[Any, dict[str, object]], players: int, base: int
) -> None:
    cls, kwargs = built
    policy = _built(cls, kwargs)
    if policy is None:
        return
    assert pickle.loads(pickle.dumps(policy)) == policy and hash(pickle.loads(pickle.dumps(policy))) == hash(policy)
    try:
        rules = Rules(**_table(policy, players))  # type: ignore[arg-type]
    except RulesError as exc:
        assert str(exc), "an empty RulesError"
        event("refused by Rules")
        return
    event(f"played: {cls.__name__}")
    again = pickle.loads(pickle.dumps(rules))
    assert again == rules and hash(again) == hash(rules)
    compiled = compile_rules(rules)
    for r, h in enumerate(rules.hand_sizes):
        for b in range(h + 1):
            for t in range(h + 1):
                expected = int(compiled.multiplier[r]) * rules.scoring.score(b, t)
                assert compiled.score_tables[r, b, t] == expected and isinstance(expected, int)
    _plays_on_both_engines(rules, base)


@settings(max_examples=40)
@given(
    base=st.integers(-30, 30),
    per_trick=st.integers(-5, 5),
    points=st.integers(1, 20),
    ties=st.booleans(),
    seed=st.integers(0, 2**64 - 1),
)
def test_integer_scores_and_the_consolation_agree_on_both_engines(
    base: int, per_trick: int, points: int, ties: bool, seed: int
) -> None:
    scoring = Scoring(
        made=ExactBonus(base=base, per_trick=per_trick), consolation=BoerConsolation(points=points, ties=ties)
    )
    rules = dataclasses.replace(boerenbridge(4), schedule=Ladder(up_to=3), scoring=scoring)
    _plays_on_both_engines(rules, seed)
