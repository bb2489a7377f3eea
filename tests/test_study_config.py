"""Study configs as a typed schema (ohhell.studies.config) and the runner's part files on disk.

Contract: every study kind refuses unknown keys (naming the closest known
one), names missing keys, refuses wrong types and ranges, and a refused
config writes nothing, so the corrected one then runs in the same folder.
Recovery: a part whose CSV or ``done.json`` is damaged is recomputed, with a
warning naming the file, and gives the same tables as the first run.
"""

from __future__ import annotations

import json
import os
import re
from collections.abc import Mapping
from dataclasses import fields
from pathlib import Path
from typing import Any

import matplotlib

matplotlib.use("Agg")

import pandas as pd
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from ohhell.cli import main
from ohhell.studies import common, runner
from ohhell.studies.common import StudyPartWarning, atomic_write
from ohhell.studies.config import (
    MAX_COUNT,
    PARAMS,
    TOP_LEVEL,
    ConfigError,
    FolkTipsParams,
    SeatAdvantageParams,
    parameter_table,
    parse_config,
)
from ohhell.studies.runner import run_study

DOCS = Path(__file__).resolve().parent.parent / "docs" / "howto" / "run-a-study.md"

#: The smallest valid [params] of every study kind (only what it requires).
MINIMAL: dict[str, dict[str, Any]] = {
    "seat-advantage": {"deals": 200},
    "bid-success": {"deals": 200},
    "bid-tables": {"deals": 200},
    "variant-balance": {"matches": 10, "variants": {"standard": {"preset": "boerenbridge"}}},
    "folk-tips": {"deals": 60},
    "one-card": {},
}

#: A small seat-advantage run (a second or two).
SMALL = {"study": "seat-advantage", "seed": 7, "params": {"rules": "boerenbridge", "players": 3, "deals": 200}}


def config(kind: str, **params: object) -> dict[str, Any]:
    return {"study": kind, "seed": 1, "params": {**MINIMAL[kind], **params}}


def refused(cfg: Mapping[str, Any]) -> str:
    with pytest.raises(ConfigError) as info:
        parse_config(cfg)
    return str(info.value)


def test_minimal_configs_cover_every_kind_and_parse() -> None:
    assert set(MINIMAL) == set(PARAMS) == set(runner.KINDS)
    for kind in PARAMS:
        assert type(parse_config(config(kind)).params) is PARAMS[kind]


@pytest.mark.parametrize("kind", list(PARAMS))
def test_an_unknown_top_level_key_is_refused_with_the_closest(kind: str) -> None:
    message = refused({**config(kind), "seeds": 3})
    assert "unknown key 'seeds'" in message and "did you mean 'seed'?" in message
    message = refused({**config(kind), "titel": "x"})
    assert "did you mean 'title'?" in message


@pytest.mark.parametrize("kind", list(PARAMS))
def test_a_parameter_outside_params_is_sent_under_params(kind: str) -> None:
    name = fields(PARAMS[kind])[0].name
    assert f"{name} is a parameter: put it under [params]" in refused({**config(kind), name: 1})


@pytest.mark.parametrize("kind", list(PARAMS))
def test_a_top_level_key_inside_params_is_sent_to_the_top(kind: str) -> None:
    assert "params.seed belongs at the top of the config, before [params]" in refused(config(kind, seed=3))


@pytest.mark.parametrize(("kind", "key"), [(k, f.name) for k, p in PARAMS.items() for f in fields(p)])
def test_a_misspelled_parameter_is_refused_with_the_right_suggestion(kind: str, key: str) -> None:
    typo = key[:-1] if len(key) > 4 else key + "x"  # deals -> deal, matches -> matche, by -> byx
    message = refused(config(kind, **{typo: 1}))
    assert message.startswith(f"params.{typo} is not a {kind} parameter; did you mean {key!r}?")


@pytest.mark.parametrize(("typo", "key"), [("matchs", "matches"), ("deal", "deals"), ("player", "players")])
def test_the_typos_of_the_issue(typo: str, key: str) -> None:
    assert f"did you mean {key!r}?" in refused(config("seat-advantage", **{typo: 10}))


@pytest.mark.parametrize(("kind", "key"), [(k, key) for k, p in MINIMAL.items() for key in p])
def test_a_missing_required_parameter_is_named(kind: str, key: str) -> None:
    cfg = config(kind)
    del cfg["params"][key]
    assert f"a {kind} config needs params.{key} (" in refused(cfg)


def test_every_missing_parameter_is_named_at_once() -> None:
    message = refused({"study": "variant-balance", "seed": 1})
    assert "params.variants" in message and "params.matches" in message


@pytest.mark.parametrize(
    ("params", "message"),
    [
        ({"deals": "200"}, "params.deals must be a whole number >= 2, got '200' (a string)"),
        ({"deals": -5}, "params.deals must be a whole number >= 2, got -5"),
        ({"deals": 1}, "params.deals must be a whole number >= 2, got 1"),
        ({"deals": 200.5}, "params.deals must be a whole number >= 2, got 200.5 (a number)"),
        ({"deals": True}, "params.deals must be a whole number >= 2, got True (true/false)"),
        ({"deals": MAX_COUNT + 1}, "params.deals must be a whole number >= 2"),
        ({"matches": -1}, "params.matches must be a whole number >= 0, got -1"),
        ({"players": "four"}, "params.players must be a whole number >= 2 or a list of whole numbers, got 'four'"),
        ({"players": [4, "5"]}, "params.players must be a whole number >= 2"),
        ({"players": []}, "params.players is empty"),
        ({"players": [4, 4]}, "params.players repeats a value: [4, 4]"),
        ({"strategy": ["folk"]}, "params.strategy takes one value (a name), got ['folk'] (a list)"),
        ({"strategy": 3}, "params.strategy must be a name, got 3 (a whole number)"),
        ({"strategy": "fokl"}, "params.strategy: unknown strategy 'fokl'"),
        ({"rules": "boerenbrige"}, "params.rules: unknown preset 'boerenbrige'; did you mean 'boerenbridge'?"),
        ({"rules": "openspiel", "players": 2}, "no preset seats any of the player counts (openspiel is played by"),
    ],
)
def test_wrong_types_and_ranges_say_what_is_allowed(params: dict[str, object], message: str) -> None:
    assert message in refused(config("seat-advantage", **params))


@pytest.mark.parametrize(
    ("kind", "params", "message"),
    [
        ("bid-success", {"by": ["trumps", "seat_from_deale"]}, "did you mean 'seat_from_dealer'?"),
        ("bid-tables", {"by": "sideaces"}, "did you mean 'side_aces'?"),
        ("bid-tables", {"hand_sizes": [1, 14]}, "params.hand_sizes: hand size 14 does not fit boerenbridge"),
        ("one-card", {"scoring": "10+bids"}, "unknown scoring '10+bids'; did you mean '10+bid'?"),
        ("one-card", {"trump": "yes"}, "params.trump must be true or false, got 'yes' (a string)"),
        ("one-card", {"players": 8}, "params.players must be a whole number from 2 to 7"),
        ("folk-tips", {"players": 5}, "params.players must be a whole number from 2 to 4, got 5"),
        ("folk-tips", {"hand_deals": 0}, "params.hand_deals must be a whole number >= 1, got 0"),
        ("variant-balance", {"baseline": "standrd"}, "params.baseline 'standrd' is not one of the variants;"),
        ("variant-balance", {"ladder": ["folk"] * 4}, "params.ladder: its first 4 strategies need a single strongest"),
        ("variant-balance", {"ladder": ["folk", "random"]}, "params.ladder needs at least 4 strategies, got 2"),
        ("variant-balance", {"variants": {}}, "params.variants needs [params.variants.NAME] tables"),
        ("variant-balance", {"variants": {"a": "boerenbridge"}}, "variant 'a' must be a table"),
        ("variant-balance", {"variants": {"a": {"preset": "boerenbridge", "mis": "harsh"}}}, "(did you mean 'miss'?)"),
        ("variant-balance", {"variants": {"a": {"preset": "boerenbridge", "miss": "harsch"}}}, "'harsh'?"),
        ("variant-balance", {"variants": {"a": {"preset": "boerenbrige"}}}, "variant 'a': unknown rules"),
        ("variant-balance", {"variants": {"a": {"preset": "boerenbridge", "players": "4"}}}, "players must be a whole"),
    ],
)
def test_each_kinds_own_checks(kind: str, params: dict[str, object], message: str) -> None:
    assert message in refused(config(kind, **params))


@pytest.mark.parametrize(
    ("cfg", "message"),
    [
        ({"study": "seat-advantag", "seed": 1}, "did you mean 'seat-advantage'? (choose one of"),
        ({"study": "seat-advantage", "seed": -1}, "integer seed >= 0 (seed = 2026), got -1"),
        ({"study": "seat-advantage", "seed": "1"}, "integer seed >= 0 (seed = 2026), got '1' (a string)"),
        ({"study": "seat-advantage", "seed": 1, "params": [1]}, "[params] must be a table"),
        ({"study": "seat-advantage", "seed": 1, "title": 3, "params": {"deals": 2}}, "title must be a string"),
    ],
)
def test_the_top_level_is_checked(cfg: dict[str, object], message: str) -> None:
    assert message in refused(cfg)


@given(st.text(min_size=1, max_size=12))
@settings(max_examples=60, deadline=None)
def test_no_unknown_key_is_ever_accepted(key: str) -> None:
    known = {f.name for f in fields(SeatAdvantageParams)}
    cfg = config("seat-advantage", **{key: 1})
    if key in known:
        return
    message = refused(cfg)
    if key in TOP_LEVEL:
        assert message == f"params.{key} belongs at the top of the config, before [params]"
    else:
        assert message.startswith(f"params.{key} is not a seat-advantage parameter")
    top = {"study": "seat-advantage", "seed": 1, "params": {"deals": 2}, key: 1}
    if key not in TOP_LEVEL and key not in known:
        assert f"unknown key {key!r}" in refused(top)


@given(st.integers(min_value=-(10**6), max_value=10**6))
@settings(max_examples=60, deadline=None)
def test_a_count_is_accepted_exactly_in_its_range(deals: int) -> None:
    cfg = {"study": "folk-tips", "seed": 1, "params": {"deals": deals}}
    if deals >= 2:
        params = parse_config(cfg).params
        assert isinstance(params, FolkTipsParams) and params.deals == deals
    else:
        assert "params.deals must be a whole number >= 2" in refused(cfg)


def test_parameters_are_typed_values_with_their_defaults() -> None:
    p = parse_config({"study": "seat-advantage", "seed": 1, "params": {"deals": 300, "rules": "bondebridge"}}).params
    assert p == SeatAdvantageParams(
        rules=("bondebridge",), players=(4,), strategy="strongest-fast", deals=300, matches=0
    )
    with pytest.raises(ConfigError, match=r"params\.deals must be a whole number >= 2"):
        SeatAdvantageParams(deals=1)  # the class checks itself, however it is built
    assert p.scaled(0.01).deals == 3 and p.scaled(0.0001).deals == 2 and p.scaled(2).deals == 600  # type: ignore[attr-defined]
    assert runner.COUNTS == ("deals", "matches", "skill_matches", "hand_deals")


def test_the_docs_table_is_the_schema() -> None:
    assert parameter_table() in DOCS.read_text(encoding="utf-8")


# -- nothing is written for a refused config ---------------------------------------------------


@pytest.mark.parametrize("scale", [float("inf"), float("nan"), 0.0, -1.0, 1e300])
def test_a_bad_scale_is_one_clear_error_and_writes_nothing(scale: float, tmp_path: Path) -> None:
    out = tmp_path / "out"
    with pytest.raises(ValueError, match="scale"):
        run_study(SMALL, out, scale=scale, progress=False)
    assert not out.exists()


def test_the_cli_names_an_unknown_preset(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "seats"
    assert main(["seat-advantage", "--rules", "boerenbrige", "--out", str(out), "--no-progress"]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "unknown preset 'boerenbrige'; did you mean 'boerenbridge'?" in err
    assert main(["seat-advantage", "--deals", "200", "--scale", "inf", "--out", str(out), "--no-progress"]) == 2
    assert "scale must be a positive finite number, got inf" in capsys.readouterr().err
    assert not out.exists()


def test_a_refused_config_leaves_the_folder_for_the_corrected_one(tmp_path: Path) -> None:
    for wrong in ({"matchs": 10}, {"deals": "200"}, {"rules": "boerenbrige"}, {"players": 9}):
        with pytest.raises(ValueError):
            run_study({**SMALL, "params": {**SMALL["params"], **wrong}}, tmp_path, progress=False)  # type: ignore[dict-item]
        assert not (tmp_path / "study.json").exists()
    run = run_study(SMALL, tmp_path, progress=False)
    assert run.parts_run == 1 and (tmp_path / "study.json").exists()


def test_an_error_inside_a_study_before_any_part_unclaims_the_folder(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    def refuse(*args: object, **kwargs: object) -> None:
        raise ValueError("refused by the study")

    monkeypatch.setattr(runner, "seat_advantage", refuse)
    with pytest.raises(ValueError, match="refused by the study"):
        run_study(SMALL, tmp_path, progress=False)
    assert not (tmp_path / "study.json").exists()


def test_a_damaged_study_json_is_named(tmp_path: Path) -> None:
    (tmp_path / "study.json").write_text('{"study": "seat-adv', encoding="utf-8")
    with pytest.raises(ValueError, match=re.escape(str(tmp_path / "study.json")) + " is damaged"):
        run_study(SMALL, tmp_path, progress=False)


# -- part files: atomic, checked, recomputed when damaged --------------------------------------


@pytest.fixture(scope="module")
def finished(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, dict[str, pd.DataFrame]]:
    """A finished small run (its folder is copied by each test that damages it)."""
    out = tmp_path_factory.mktemp("finished")
    run = run_study(SMALL, out, progress=False)
    return out, run.tables


def _copy(src: Path, dst: Path) -> Path:
    import shutil

    shutil.copytree(src, dst)
    return dst


def _part(out: Path) -> Path:
    (part,) = (out / "parts").iterdir()
    return part


def _same(a: dict[str, pd.DataFrame], b: dict[str, pd.DataFrame]) -> None:
    assert set(a) == set(b)
    for name in a:
        pd.testing.assert_frame_equal(a[name], b[name], check_dtype=False)


def test_done_json_keeps_each_tables_checksum(finished: tuple[Path, dict[str, pd.DataFrame]]) -> None:
    out, _ = finished
    part = _part(out)
    info = json.loads((part / "done.json").read_text(encoding="utf-8"))
    assert set(info["sha256"]) == set(info["frames"]) == {"deal_scores", "tests", "hook_cost"}
    for name, digest in info["sha256"].items():
        assert common.sha256((part / f"{name}.csv").read_bytes()) == digest
    assert not list(out.rglob("*.tmp*"))


@pytest.mark.parametrize("damage", ["truncate", "edit", "delete"])
def test_a_damaged_part_csv_is_recomputed_with_a_warning(
    damage: str, finished: tuple[Path, dict[str, pd.DataFrame]], tmp_path: Path
) -> None:
    out = _copy(finished[0], tmp_path / "run")
    csv = _part(out) / "deal_scores.csv"
    data = csv.read_bytes()
    if damage == "truncate":
        csv.write_bytes(data[: len(data) // 2])
    elif damage == "edit":
        csv.write_bytes(data.replace(b"\nboerenbridge,", b"\nbondebridge,", 1))
    else:
        csv.unlink()
    with pytest.warns(StudyPartWarning, match=re.escape(str(csv))):
        again = run_study(SMALL, out, progress=False)
    assert (again.parts_run, again.parts_read) == (1, 0)
    _same(finished[1], again.tables)
    assert csv.read_bytes() == data  # rewritten whole


@pytest.mark.parametrize(
    "text", ['{"frames": ["deal_sc', "", "[1, 2]", '{"seconds": 1}', "\xff", '{"frames": ["tests"], "attrs": 3}']
)
def test_an_unreadable_done_json_is_recomputed_with_a_warning(
    text: str, finished: tuple[Path, dict[str, pd.DataFrame]], tmp_path: Path
) -> None:
    out = _copy(finished[0], tmp_path / "run")
    done = _part(out) / "done.json"
    done.write_bytes(text.encode("latin-1"))
    with pytest.warns(StudyPartWarning, match=re.escape(str(done))):
        again = run_study(SMALL, out, progress=False)
    assert (again.parts_run, again.parts_read) == (1, 0)
    _same(finished[1], again.tables)
    assert "sha256" in json.loads(done.read_text(encoding="utf-8"))


def test_a_part_written_before_the_checksums_is_still_read(
    finished: tuple[Path, dict[str, pd.DataFrame]], tmp_path: Path, recwarn: pytest.WarningsRecorder
) -> None:
    out = _copy(finished[0], tmp_path / "run")
    done = _part(out) / "done.json"
    info = json.loads(done.read_text(encoding="utf-8"))
    del info["sha256"]
    done.write_text(json.dumps(info), encoding="utf-8")
    again = run_study(SMALL, out, progress=False)
    assert (again.parts_run, again.parts_read) == (0, 1)
    assert not [w for w in recwarn if issubclass(w.category, StudyPartWarning)]
    _same(finished[1], again.tables)


def test_an_atomic_write_that_fails_leaves_the_old_file(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    path = tmp_path / "table.csv"
    atomic_write(path, b"a,b\n1,2\n")

    def crash(src: object, dst: object) -> None:
        raise OSError("disk gone")

    monkeypatch.setattr(os, "replace", crash)
    with pytest.raises(OSError, match="disk gone"):
        atomic_write(path, b"a,b\n3,")
    assert path.read_bytes() == b"a,b\n1,2\n" and [p.name for p in tmp_path.iterdir()] == ["table.csv"]
