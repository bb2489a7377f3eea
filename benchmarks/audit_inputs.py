"""An audit of bad inputs: each one tried, its outcome classified, the counts written to RESULTS-audit.md.

Run from the repository root: ``python benchmarks/audit_inputs.py`` (about a minute on one core).

Outcomes:

- ``clear error``: the call raised a ValueError or TypeError (the project's own errors,
  RulesError, RecordError, ConfigError, ... derive from them) whose message names the field or
  value at fault; or a command exited non-zero with a short message on standard error and no
  traceback (a replay line: rejected as ``FILE:N: reason``);
- ``vague error``: the right kind of error, but its message does not name what is wrong;
- ``traceback``: any other exception, or ``Traceback`` on a command's standard error;
- ``silently accepted``: the bad input was taken without an error.

Catalogue: (1) every rule policy's fields with values of the wrong type or out of range; (2)
``ohhell.simulate`` arguments; (3) mutated deal records through ``ohhell replay``, all in one
file between untouched lines; (4) ``ohhell score`` inputs; (5) study configs through
``ohhell study``.
"""

from __future__ import annotations

import dataclasses
import datetime
import functools
import json
import os
import signal
import subprocess
import sys
import tempfile
import typing
from collections import Counter
from collections.abc import Callable
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

import ohhell  # noqa: E402
import ohhell.rules as R  # noqa: E402
from ohhell.cards import Suit  # noqa: E402
from ohhell.engine import play_match  # noqa: E402
from ohhell.records import DealRecord  # noqa: E402
from ohhell.stats import Precision  # noqa: E402
from ohhell.strategies import RandomStrategy  # noqa: E402

CLEAR, VAGUE, TRACEBACK, ACCEPTED = "clear error", "vague error", "traceback", "silently accepted"
HUNG = "no answer in time"
CATEGORIES = (CLEAR, VAGUE, TRACEBACK, ACCEPTED, HUNG)
LIMIT = 10  # seconds for one in-process call
ENV = {**os.environ, "PYTHONPATH": str(ROOT)}
CLI = [sys.executable, "-m", "ohhell.cli"]
VERBOSE = "-v" in sys.argv[1:]


@dataclasses.dataclass
class Outcome:
    group: str
    case: str
    category: str
    detail: str


OUTCOMES: list[Outcome] = []


def record(group: str, case: str, category: str, detail: str) -> None:
    OUTCOMES.append(Outcome(group, case, category, " ".join(detail.split())[:200]))


def call(group: str, case: str, thunk: Callable[[], object], names: tuple[str, ...]) -> None:
    """Run ``thunk``; a ValueError/TypeError naming one of ``names`` is a clear error."""
    if VERBOSE:
        print(group, case, file=sys.stderr, flush=True)

    def alarm(signum: int, frame: object) -> None:
        raise TimedOut

    previous = signal.signal(signal.SIGALRM, alarm)
    signal.alarm(LIMIT)
    try:
        thunk()
    except TimedOut:
        record(group, case, HUNG, f"still running after {LIMIT} s; stopped")
    except (ValueError, TypeError) as error:
        message = str(error)
        named = any(n.lower() in message.lower() for n in names)
        record(group, case, CLEAR if named else VAGUE, f"{type(error).__name__}: {message}")
    except (Exception, SystemExit) as error:  # anything else is what the audit looks for
        record(group, case, TRACEBACK, f"{type(error).__name__}: {error}")
    else:
        record(group, case, ACCEPTED, "no error")
    finally:
        signal.alarm(0)
        signal.signal(signal.SIGALRM, previous)


class TimedOut(Exception):
    """A call that did not return within LIMIT seconds."""


def run_cli(args: list[str], stdin: str | None = None, timeout: float = 120) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        CLI + args, input=stdin, capture_output=True, text=True, env=ENV, timeout=timeout, cwd=ROOT, check=False
    )


def cli_case(group: str, case: str, args: list[str], stdin: str | None = None) -> None:
    try:
        done = run_cli(args, stdin)
    except subprocess.TimeoutExpired:
        record(group, case, HUNG, "timed out")
        return
    err = done.stderr.strip()
    if "Traceback" in done.stderr:
        record(group, case, TRACEBACK, err.splitlines()[-1] if err else "")
    elif done.returncode == 0:
        record(group, case, ACCEPTED, f"exit 0; stdout: {done.stdout.strip()[-150:]}")
    elif err and len(err.splitlines()) <= 3:
        record(group, case, CLEAR, f"exit {done.returncode}: {err}")
    elif done.returncode == 2 and err.startswith("usage:") and ": error: " in err.splitlines()[-1]:
        record(group, case, CLEAR, f"exit 2 (usage and): {err.splitlines()[-1]}")
    else:
        record(group, case, VAGUE, f"exit {done.returncode}: {err[:150] or '(nothing on stderr)'}")


# -- (1) rule policies ----------------------------------------------------------------------

REQUIRED: dict[str, dict[str, Any]] = {
    "ExplicitSchedule": {"sizes": (1, 2)},
    "NoTrumpRounds": {"base": R.TurnUpTrump()},
    "TrumpPlan": {"source": "none"},
}
SIGNED = {("ExactBonus", "base"), ("ExactBonus", "per_trick"), ("Scoring", "made_zero")}
TABLE_CHECKED = {("Elimination", "min_players")}  # no upper bound alone: Rules checks it against the table
SKIP = {"CompiledRules"}  # the compiled form, built by compile_rules, not by users


class Opaque:
    """An object of no rule type."""

    def __repr__(self) -> str:
        return "Opaque()"


def bad_values(cls_name: str, field: str, tp: Any) -> list[tuple[str, Any]]:
    """Values outside ``tp`` (or its range) for one field."""
    optional = type(None) in typing.get_args(tp)
    args = [a for a in typing.get_args(tp) if a is not type(None)]
    base = args[0] if optional and len(args) == 1 else tp
    origin = typing.get_origin(base)
    out: list[tuple[str, Any]] = []
    if not optional:
        out.append(("None", None))
    if base is bool:
        out += [("1", 1), ("0", 0), ("'yes'", "yes"), ("1.0", 1.0), ("[True]", [True])]
    elif base is int:
        out += [("1.5", 1.5), ("True", True), ("'3'", "3"), ("-10**20", -(10**20))]
        if (cls_name, field) not in TABLE_CHECKED:
            out.append(("10**20", 10**20))
        out += [("[1]", [1]), ("float nan", float("nan")), ("Opaque()", Opaque())]
        if (cls_name, field) not in SIGNED:
            out.append(("-1", -1))
    elif base is str:
        out += [("7", 7), ("b'x'", b"x"), ("['x']", ["x"])]
    elif origin is typing.Literal:
        out += [("'bogus'", "bogus"), ("1", 1), (f"[{typing.get_args(base)[0]!r}]", [typing.get_args(base)[0]])]
    elif origin is typing.Union:  # Rules.first_dealer: int | 'random'
        out += [("1.0", 1.0), ("'rand'", "rand"), ("-1", -1), ("99", 99), ("True", True), ("10**20", 10**20)]
    elif origin is tuple:
        elem = typing.get_args(base)[0]
        out += [("5", 5), ("Opaque()", Opaque())]
        if elem is int:
            out += [("'123'", "123"), ("(1.5,)", (1.5,)), ("(True,)", (True,)), ("(-1,)", (-1,))]
            out += [("(10**20,)", (10**20,)), ("((1,),)", ((1,),)), ("(None,)", (None,))]
        elif elem is str:
            out += [("'AS'", "AS"), ("(51,)", (51,)), ("('ZZ',)", ("ZZ",)), ("('AS','AS')", ("AS", "AS"))]
        elif elem is Suit:
            out += [("'H'", "H"), ("('H',)", ("H",)), ("(0,)", (0,)), ("(None,)", (None,))]
        elif typing.get_origin(elem) is typing.Literal:
            first = typing.get_args(elem)[0]
            out += [(repr(first), first), ("('bogus',)", ("bogus",)), ("(1,)", (1,)), ("(dup,)", (first, first))]
    elif isinstance(base, type) and base.__module__ == "ohhell.cards.card":  # Suit | None
        out += [("'H'", "H"), ("2", 2), ("Opaque()", Opaque())]
    else:  # a policy type
        wrong = R.MissZero() if getattr(base, "__name__", "") == "TrumpPolicy" else R.NoTrump()
        out += [("'x'", "x"), ("5", 5), ("Opaque()", Opaque()), (f"{type(wrong).__name__}()", wrong)]
        if isinstance(base, type) and not getattr(base, "_is_protocol", False) and dataclasses.is_dataclass(base):
            out.append((f"{base.__name__} (the class)", base))
    return out


def audit_rules() -> None:
    for name in sorted(R.__all__):
        cls = getattr(R, name)
        if not (isinstance(cls, type) and dataclasses.is_dataclass(cls)) or name in SKIP:
            continue
        hints = typing.get_type_hints(cls)
        base = REQUIRED.get(name, {})
        for field in dataclasses.fields(cls):
            if not field.init:
                continue
            for label, value in bad_values(name, field.name, hints[field.name]):
                kwargs = {**base, field.name: value}
                call("rules", f"{name}({field.name}={label})", functools.partial(cls, **kwargs), (field.name,))
    # checks that need the table
    table = [
        ("Rules(players=1)", lambda: R.Rules(players=1), "players"),
        ("Rules(players=100)", lambda: R.Rules(players=100), "players"),
        (
            "Rules(trump=NoTrumpRounds(rounds=(100,)))",
            lambda: R.Rules(trump=R.NoTrumpRounds(base=R.NoTrump(), rounds=(100,))),
            "rounds",
        ),
        (
            "Rules(players=4, Elimination(min_players=10))",
            lambda: R.Rules(match_end=R.Elimination(min_players=10)),
            "min_players",
        ),
        (
            "Rules(Elimination(min_players=10**20))",
            lambda: R.Rules(match_end=R.Elimination(min_players=10**20)),
            "min_players",
        ),
        ("Rules(schedule=FixedHands(size=20), players=4)", lambda: R.Rules(schedule=R.FixedHands(size=20)), "cards"),
        ("Rules(schedule=Ladder(up_to=20))", lambda: R.Rules(schedule=R.Ladder(up_to=20)), "cards"),
        ("Rules(first_dealer=4) at 4 players", lambda: R.Rules(first_dealer=4), "first_dealer"),
        ("preset('boerenbrige')", lambda: R.preset("boerenbrige", 4), "boerenbrige"),
        ("preset('boerenbridge', 1)", lambda: R.preset("boerenbridge", 1), "players"),
        ("preset('boerenbridge', 99)", lambda: R.preset("boerenbridge", 99), "players"),
        ("preset('boerenbridge', 4.0)", lambda: R.preset("boerenbridge", 4.0), "players"),  # type: ignore[arg-type]
    ]
    for case, thunk, named in table:
        call("rules", case, thunk, (named,))


# -- (2) simulate ---------------------------------------------------------------------------


class NoMethods:
    """Neither bids nor plays."""


def audit_simulate() -> None:
    rules = R.preset("openspiel", 3)
    rnd = RandomStrategy()
    ok: dict[str, Any] = {"deals": 2, "n_jobs": 1, "seed": 1, "progress": False}
    cases: list[tuple[str, dict[str, Any], tuple[str, ...]]] = [
        ("deals=0", {"deals": 0}, ("deals",)),
        ("deals=-1", {"deals": -1}, ("deals",)),
        ("deals=1.5", {"deals": 1.5}, ("deals",)),
        ("deals='100'", {"deals": "100"}, ("deals",)),
        ("deals=True", {"deals": True}, ("deals",)),
        ("deals and matches", {"matches": 2}, ("matches",)),
        ("matches=0 (no deals)", {"deals": None, "matches": 0}, ("matches",)),
        ("matches=1.5 (no deals)", {"deals": None, "matches": 1.5}, ("matches",)),
        ("engine='bogus'", {"engine": "bogus"}, ("engine",)),
        ("engine=None", {"engine": None}, ("engine",)),
        ("n_jobs=0", {"n_jobs": 0}, ("n_jobs",)),
        ("n_jobs='x'", {"n_jobs": "x"}, ("n_jobs",)),
        ("n_jobs=1.5", {"n_jobs": 1.5}, ("n_jobs",)),
        ("backend='bogus'", {"backend": "bogus", "n_jobs": 2}, ("backend",)),
        ("chunk_size=0", {"chunk_size": 0}, ("chunk_size",)),
        ("chunk_size=-5", {"chunk_size": -5}, ("chunk_size",)),
        ("chunk_size='10'", {"chunk_size": "10"}, ("chunk_size",)),
        ("summary='seat'", {"summary": "seat"}, ("summary",)),
        ("summary=['nope']", {"summary": ["nope"]}, ("summary", "nope")),
        ("summary=[1]", {"summary": [1]}, ("summary",)),
        ("checkpoint=''", {"checkpoint": ""}, ("checkpoint",)),
        ("checkpoint=5", {"checkpoint": 5}, ("checkpoint",)),
        ("seed=-1", {"seed": -1}, ("seed",)),
        ("seed='x'", {"seed": "x"}, ("seed",)),
        ("seed=1.5", {"seed": 1.5}, ("seed",)),
        ("memory_limit=-1", {"memory_limit": -1}, ("memory_limit",)),
        ("memory_limit='1G'", {"memory_limit": "1G"}, ("memory_limit",)),
        ("memory_limit=nan", {"memory_limit": float("nan")}, ("memory_limit",)),
        ("features='yes'", {"features": "yes"}, ("features",)),
        ("stop='precision'", {"stop": "precision"}, ("stop",)),
        ("stop=Precision(by=['nope'])", {"deals": 4, "stop": Precision(by=["nope"])}, ("nope", "by")),
    ]
    for case, extra, names in cases:
        kwargs = {**ok, **extra}
        call("simulate", case, functools.partial(ohhell.simulate, rules, rnd, **kwargs), names)
    strat_cases: list[tuple[str, Any, tuple[str, ...]]] = [
        ("strategies='folk'", "folk", ("strateg",)),
        ("strategies=RandomStrategy (the class)", RandomStrategy, ("strateg", "RandomStrategy")),
        ("strategies=NoMethods()", NoMethods(), ("strateg", "NoMethods")),
        ("strategies=[rnd] (1 of 3)", [rnd], ("strateg", "3")),
        ("strategies=[rnd]*5 (5 of 3)", [rnd] * 5, ("strateg", "3")),
        ("strategies=[]", [], ("strateg",)),
        ("strategies=None", None, ("strateg",)),
        ("strategies=[rnd, 'folk', rnd]", [rnd, "folk", rnd], ("strateg", "folk")),
    ]
    for case, strategies, names in strat_cases:
        call("simulate", case, functools.partial(ohhell.simulate, rules, strategies, **ok), names)
    call("simulate", "rules='openspiel' (a string)", lambda: ohhell.simulate("openspiel", rnd, **ok), ("rules",))  # type: ignore[arg-type]
    for field, value in [
        ("estimate", "bogus"),
        ("half_width", 0),
        ("half_width", -0.1),
        ("half_width", "x"),
        ("confidence", 1.5),
        ("confidence", 0),
        ("by", "seat"),
        ("min_units", -1),
        ("min_units", 1.5),
    ]:
        wrong: dict[str, Any] = {field: value}
        call("simulate", f"Precision({field}={value!r})", functools.partial(Precision, **wrong), (field,))
    # last: a call that does not return leaves a half-built plan behind, which slows what follows
    huge = {**ok, "deals": 10**20}
    call("simulate", "deals=10**20", lambda: ohhell.simulate(rules, rnd, **huge), ("deals",))


# -- (3) replay -----------------------------------------------------------------------------

RIVER = "up-and-down-the-river"


def valid_lines() -> list[dict[str, Any]]:
    rules = R.preset(RIVER, 5)
    match = play_match(rules, [RandomStrategy()] * rules.players, seed=11)
    return [DealRecord.from_result(d).to_dict() for d in match.deals]


def replay_mutations(lines: list[dict[str, Any]]) -> list[tuple[str, bytes]]:
    one, two, three = lines[0], lines[1], lines[2]

    def mut(base: dict[str, Any], **changes: Any) -> bytes:
        return json.dumps({**base, **changes}).encode()

    def drop(base: dict[str, Any], key: str) -> bytes:
        return json.dumps({k: v for k, v in base.items() if k != key}).encode()

    good = json.dumps(two).encode()
    out: list[tuple[str, bytes]] = [
        ("invalid UTF-8 byte in a card", good.replace(b'"9D"', b'"9\xff"', 1)),
        ("invalid UTF-8 alone", b"\xff\xfe\xfa"),
        ("a BOM before the record", b"\xef\xbb\xbf" + good),
        ("a 5000-digit dealer", good.replace(b'"dealer": 1', b'"dealer": ' + b"9" * 5000, 1)),
        ("a 5000-digit bid", good.replace(b'"bids": [1', b'"bids": [' + b"1" * 5000, 1)),
        ("'[' * 100000", b"[" * 100000),
        ("deep nesting in hands", mut(two, hands=json.loads("[" * 50 + "]" * 50))),
        ("null trump in round 2", mut(two, trump=None)),
        ("'SH' trump", mut(two, trump="SH")),
        ("trump 'X'", mut(two, trump="X")),
        ("trump 5", mut(two, trump=5)),
        ("another trump in round 2", mut(two, trump="S")),
        ("trump card in round 2 (turned once)", mut(two, trump_card="2D")),
        ("trump card held by a player", mut(one, trump_card="4D")),
        ("no trump card in round 1", mut(one, trump_card=None)),
        ("wrong hand size (one short)", mut(two, hands=[two["hands"][0][:1], *two["hands"][1:]])),
        ("hand_size disagrees with hands", mut(two, hand_size=3)),
        ("hand_size 0", mut(two, hand_size=0)),
        (
            "duplicate card in two hands",
            mut(two, hands=[two["hands"][0], [two["hands"][0][0], two["hands"][1][1]], *two["hands"][2:]]),
        ),
        ("duplicate card in one hand", mut(two, hands=[[two["hands"][0][0]] * 2, *two["hands"][1:]])),
        ("card 'ZZ'", mut(two, hands=[["ZZ", two["hands"][0][1]], *two["hands"][1:]])),
        ("card as a number", mut(two, hands=[[51, two["hands"][0][1]], *two["hands"][1:]])),
        ("players 4 with 5 hands", mut(two, players=4)),
        ("players '5'", mut(two, players="5")),
        ("players 5.0", mut(two, players=5.0)),
        ("dealer 7", mut(two, dealer=7)),
        ("dealer -1", mut(two, dealer=-1)),
        ("dealer true", mut(two, dealer=True)),
        ("bids too few", mut(two, bids=two["bids"][:-1])),
        ("bid -1", mut(two, bids=[-1, *two["bids"][1:]])),
        ("bid 1.5", mut(two, bids=[1.5, *two["bids"][1:]])),
        ("bid larger than the hand", mut(two, bids=[9, *two["bids"][1:]])),
        (
            "dealer's bid hits the hook",
            mut(two, bids=[*two["bids"][:1], 0, 0, 0, 2 - two["bids"][0]] if two["bids"][0] <= 2 else two["bids"]),
        ),
        ("a trick with a card not held", mut(two, tricks=[["2H", *two["tricks"][0][1:]], two["tricks"][1]])),
        ("a trick of four cards", mut(two, tricks=[two["tricks"][0][:4], two["tricks"][1]])),
        ("tricks missing", mut(two, tricks=[two["tricks"][0]])),
        ("the two tricks swapped", mut(two, tricks=[two["tricks"][1], two["tricks"][0]])),
        (
            "a revoke (tricks reordered within)",
            mut(three, tricks=[three["tricks"][0], list(reversed(three["tricks"][1])), three["tricks"][2]]),
        ),
        ("round 0", mut(two, round=0)),
        ("round 99", mut(two, round=99)),
        ("round 'two'", mut(two, round="two")),
        ("exposed cards where none", mut(two, exposed=["AS"])),
        # not tried: an unknown key (documented: keys not in the table are ignored)
        ("a key twice", good[:-1] + b', "dealer": 1}'),
        ("dealer missing", drop(two, "dealer")),
        ("hands missing", drop(two, "hands")),
        ("bids missing", drop(two, "bids")),
        ("an array, not an object", b"[1, 2, 3]"),
        ("a bare string", b'"deal"'),
        ("null", b"null"),
        ("truncated JSON", good[: len(good) // 2]),
        ("NaN as a bid", good.replace(b'"bids": [1', b'"bids": [NaN', 1)),
        ("Infinity as dealer", good.replace(b'"dealer": 1', b'"dealer": Infinity', 1)),
        ("a NUL byte", b"\x00" + good),
    ]
    return out


def audit_replay(tmp: Path) -> None:
    lines = valid_lines()
    mutations = replay_mutations(lines)
    body: list[bytes] = []
    expected: dict[int, str] = {}  # line number -> case
    goods: list[int] = []
    for case, text in mutations:
        body.append(json.dumps(lines[len(body) % len(lines)]).encode())
        goods.append(len(body))
        body.append(text)
        expected[len(body)] = case
    path = tmp / "replay.jsonl"
    path.write_bytes(b"\n".join(body) + b"\n")
    try:
        done = run_cli(["replay", str(path), "--rules", RIVER, "--format", "jsonl", "--no-progress"], timeout=300)
    except subprocess.TimeoutExpired:
        for case in expected.values():
            record("replay", case, TRACEBACK, "the replay of the whole file timed out")
        return
    tb = "Traceback" in done.stderr
    rejected: dict[int, str] = {}
    for line in done.stderr.splitlines():
        if line.startswith(f"{path}:"):
            head, _, reason = line[len(str(path)) + 1 :].partition(":")
            if head.isdigit():
                rejected[int(head)] = reason.strip()
    scored = _scored_lines(done.stdout)
    for number, case in expected.items():
        if tb:
            record("replay", case, TRACEBACK, "a traceback on stderr for the whole file")
        elif number in rejected:
            record("replay", case, CLEAR, f"line {number}: {rejected[number]}")
        else:
            record("replay", case, ACCEPTED, f"line {number} not rejected (scored: {number in scored})")
    lost = [n for n in goods if n in rejected]
    missing = [n for n in goods if n not in scored] if scored else []
    if lost or (scored and missing):
        record(
            "replay",
            "the untouched lines",
            ACCEPTED if not lost else VAGUE,
            f"untouched lines rejected: {lost}; not scored: {missing}",
        )
    global REPLAY_NOTE
    REPLAY_NOTE = (
        f"one file of {len(body)} lines ({len(goods)} untouched, {len(expected)} mutated); exit {done.returncode}; "
        f"{len(rejected)} lines rejected on stderr; untouched lines scored: "
        f"{sum(1 for n in goods if n in scored)} of {len(goods)}"
        + ("" if scored else " (the output gives no line numbers: counted by its records)")
    )


REPLAY_NOTE = ""


def _scored_lines(stdout: str) -> set[int]:
    """Line numbers of the scored records in the JSON Lines output (by a ``line`` key if present)."""
    numbers: set[int] = set()
    for text in stdout.splitlines():
        try:
            row = json.loads(text)
        except json.JSONDecodeError:
            continue
        if isinstance(row, dict) and isinstance(row.get("line"), int):
            numbers.add(row["line"])
    return numbers


# -- (4) score ------------------------------------------------------------------------------


def audit_score(tmp: Path) -> None:
    sizes = [int(h) for h in R.compile_rules(R.preset("boerenbridge", 4)).hand_sizes]
    rounds = [f"0 0 0 0 / {h} 0 0 0" for h in sizes]  # every bid 0, seat 0 takes every trick: a legal round
    base = ["score", "--rules", "boerenbridge"]
    cases: list[tuple[str, list[str], str]] = [
        ("--names 'A,B,C,D,' (a trailing comma)", ["--names", "A,B,C,D,"], rounds[0]),
        ("--names 'A,B,C' (too few)", ["--names", "A,B,C"], rounds[0]),
        ("--names 'A,A,B,C' (a name twice)", ["--names", "A,A,B,C"], rounds[0]),
        ("--names ',,,' (empty names)", ["--names", ",,,"], rounds[0]),
        ("--players 1", ["--players", "1"], rounds[0]),
        ("--players x", ["--players", "x"], rounds[0]),
        ("--first-dealer 9", ["--first-dealer", "9"], rounds[0]),
        ("--first-dealer -1", ["--first-dealer", "-1"], rounds[0]),
        ("--rules boerenbrige", ["--rules", "boerenbrige"], rounds[0]),
        ("--input missing file", ["--input", str(tmp / "nope.txt")], ""),
        (f"too many rounds ({len(sizes)} + 1)", [], "\n".join([*rounds, rounds[0]])),
        ("a line meant for round 5 first", [], "5: " + rounds[4]),
        ("a typo line only ('0 O 0 0 / 1 0 0 0')", [], "0 O 0 0 / 1 0 0 0"),
        ("a typo line after two good rounds", [], "\n".join([*rounds[:2], "0 0 0 0 / 3 O 0 0"])),
        ("no slash only", [], "0 0 0 0 1 0 0 0"),
        ("tricks do not add up only", [], "0 0 0 0 / 1 1 0 0"),
        ("a 5000-digit bid only", [], "9" * 5000 + " 0 0 0 / 0 1 0 0"),
    ]
    for case, extra, stdin in cases:
        args = base + extra if "--rules" not in extra else ["score", *extra]
        cli_case("score", case, args, stdin + "\n")


# -- (5) study configs ----------------------------------------------------------------------

GOOD_CONFIG = """study = "bid-success"
seed = 1
[params]
rules = ["boerenbridge"]
players = [4]
strategy = "folk"
by = ["hand_size"]
deals = 4
min_n = 1
"""


def audit_study(tmp: Path) -> None:
    edits: list[tuple[str, str, str]] = [
        ("misspelled key 'matchs'", "deals = 4", "deals = 4\nmatchs = 2"),
        ("misspelled key 'deal'", "deals = 4", "deal = 4"),
        ("a string count deals = '4'", "deals = 4", 'deals = "4"'),
        ("deals = -4", "deals = 4", "deals = -4"),
        ("deals = 4.5", "deals = 4", "deals = 4.5"),
        ("deals = true", "deals = 4", "deals = true"),
        ("unknown preset 'boerenbrige'", '"boerenbridge"', '"boerenbrige"'),
        # not tried: rules = "boerenbridge" for ["boerenbridge"] (documented: one name or a list)
        ("players = [1]", "players = [4]", "players = [1]"),
        ("players = ['4']", "players = [4]", 'players = ["4"]'),
        ("strategy = 'folks'", '"folk"', '"folks"'),
        ("by = ['hand']", '["hand_size"]', '["hand"]'),
        ("study = 'bid-sucess'", '"bid-success"', '"bid-sucess"'),
        ("seed = -1", "seed = 1", "seed = -1"),
        ("seed = 'x'", "seed = 1", 'seed = "x"'),
        ("seed missing", "seed = 1\n", ""),
        ("a parameter at top level", "seed = 1", "seed = 1\ndeals = 4"),
        ("an unknown top-level key", "seed = 1", "seed = 1\ncolour = 1"),
        ("not TOML", "[params]", "[params"),
    ]
    for i, (case, old, new) in enumerate(edits):
        path = tmp / f"study{i}.toml"
        path.write_text(GOOD_CONFIG.replace(old, new, 1))
        cli_case("study", case, ["study", str(path), "--out", str(tmp / f"out{i}"), "--jobs", "1", "--no-progress"])
    good = tmp / "good.toml"
    good.write_text(GOOD_CONFIG)
    for label, scale in [
        ("--scale inf", "inf"),
        ("--scale nan", "nan"),
        ("--scale 0", "0"),
        ("--scale -1", "-1"),
        ("--scale x", "x"),
    ]:
        cli_case(
            "study",
            label,
            ["study", str(good), "--out", str(tmp / "scaled"), "--jobs", "1", "--scale", scale, "--no-progress"],
        )
    cli_case("study", "a config file that does not exist", ["study", str(tmp / "nope.toml"), "--out", str(tmp / "o")])
    cli_case("study", "--jobs 0", ["study", str(good), "--out", str(tmp / "j"), "--jobs", "0", "--no-progress"])


# -- the report -----------------------------------------------------------------------------


def commit() -> str:
    done = subprocess.run(
        ["git", "rev-parse", "--short", "HEAD"], capture_output=True, text=True, cwd=ROOT, check=False
    )
    dirty = subprocess.run(
        ["git", "status", "--porcelain", "--", "ohhell"], capture_output=True, text=True, cwd=ROOT, check=False
    ).stdout.strip()
    return done.stdout.strip() + (" (ohhell/ modified)" if dirty else "")


def write_report(path: Path) -> None:
    groups = list(dict.fromkeys(o.group for o in OUTCOMES))
    counts = {g: Counter(o.category for o in OUTCOMES if o.group == g) for g in groups}
    total = Counter(o.category for o in OUTCOMES)
    lines = [
        "# Bad-input audit",
        "",
        "Command: `python benchmarks/audit_inputs.py` (from the repository root).",
        f"Date: {datetime.date.today().isoformat()}; commit {commit()}; Python {sys.version.split()[0]}.",
        "",
        "Each input is classified: *clear error* (ValueError/TypeError or a project error naming what is wrong;",
        "a command exiting non-zero with a short message and no traceback; a replay line rejected with its",
        "line number), *vague error* (the right kind, but the message does not name the field or value),",
        "*traceback* (any other exception, or a traceback on standard error), *silently accepted*, *no answer in",
        f"time* (an in-process call still running after {LIMIT} s, or a command after its timeout; stopped).",
        "",
        "| inputs | tried | " + " | ".join(CATEGORIES) + " |",
        "|---|---:|" + "---:|" * len(CATEGORIES),
    ]
    for g in groups:
        lines.append(f"| {g} | {sum(counts[g].values())} | " + " | ".join(str(counts[g][c]) for c in CATEGORIES) + " |")
    lines.append(f"| **all** | **{len(OUTCOMES)}** | " + " | ".join(f"**{total[c]}**" for c in CATEGORIES) + " |")
    lines += [
        "",
        f"Replay: {REPLAY_NOTE}.",
        "",
        "Not covered here: killed runs and concurrent runs (kills and races).",
        "",
    ]
    bad = [o for o in OUTCOMES if o.category != CLEAR]
    lines.append("## Outcomes other than a clear error" if bad else "Every input gave a clear error.")
    if bad:
        lines += ["", "| inputs | input | outcome | what happened |", "|---|---|---|---|"]
        for o in bad:
            lines.append(f"| {o.group} | `{o.case}` | {o.category} | {o.detail.replace('|', '/')} |")
    path.write_text("\n".join(lines) + "\n")


def main() -> int:
    with tempfile.TemporaryDirectory() as name:
        tmp = Path(name)
        audit_rules()
        audit_simulate()
        audit_replay(tmp)
        audit_score(tmp)
        audit_study(tmp)
    out = ROOT / "benchmarks" / "RESULTS-audit.md"
    write_report(out)
    total = Counter(o.category for o in OUTCOMES)
    print(f"{len(OUTCOMES)} inputs: " + ", ".join(f"{c} {total[c]}" for c in CATEGORIES) + f"; written to {out}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
