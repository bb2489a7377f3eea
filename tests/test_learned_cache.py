"""The on-disk cache of learned values (ohhell.cache): kept, loaded unchanged, off, an unwritable folder."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import replace
from pathlib import Path

import numpy as np
import pytest

import ohhell
from ohhell import cache
from ohhell.rules import FixedHands, compile_rules
from ohhell.strategies import card_odds
from ohhell.strategies.card_odds import Play


@pytest.fixture
def fresh_memory() -> Iterator[None]:
    """The process's Memory made anew from the environment, before and after the test."""
    cache.memory.cache_clear()
    yield
    cache.memory.cache_clear()


def _key(play: Play = "policy") -> tuple[tuple[int, ...], int, int, int, bool, tuple[int, ...], Play]:
    """A small round shape: 4 players, 3 cards, a trump suit, the hook, Boerenbridge's scores."""
    c = compile_rules(replace(ohhell.boerenbridge(4), schedule=FixedHands(size=3, rounds=1)))
    table = tuple(int(x) for x in c.score_table(0).ravel())
    return (tuple(int(x) for x in c.deck), 4, 3, 1, True, table, play)


def test_learned_odds_are_kept_on_disk_and_load_unchanged(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, fresh_memory: None
) -> None:
    monkeypatch.setenv("OHHELL_CACHE_DIR", str(tmp_path))
    key = _key()
    learned = card_odds._learn_stored(*key)
    folders = [p for p in tmp_path.iterdir() if p.is_dir()]
    assert [p.name for p in folders] == [cache.compiled_sources_digest()[:16]]  # one folder per code version
    assert list(tmp_path.rglob("output.pkl"))
    assert cache.memory().cache(card_odds._learn).check_call_in_cache(*key)  # another process would load it
    cache.memory.cache_clear()
    loaded = card_odds._learn_stored(*key)
    assert np.array_equal(loaded, learned)
    assert not loaded.flags.writeable
    assert np.array_equal(loaded, card_odds._learn(*key))  # the same as learning again


def test_off_keeps_nothing_on_disk(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, fresh_memory: None) -> None:
    monkeypatch.setenv("OHHELL_CACHE_DIR", "off")
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path))
    monkeypatch.setenv("HOME", str(tmp_path))
    assert cache.cache_folder() is None
    assert cache.memory().location is None
    card_odds._learn_stored(*_key())
    assert not any(tmp_path.iterdir())


def test_the_default_folder_follows_xdg(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("OHHELL_CACHE_DIR", raising=False)
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path))
    assert cache.cache_folder() == tmp_path / "ohhell"
    monkeypatch.delenv("XDG_CACHE_HOME")
    monkeypatch.setenv("HOME", str(tmp_path))
    assert cache.cache_folder() == tmp_path / ".cache" / "ohhell"


def test_an_unwritable_folder_is_passed_over_with_a_warning(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, fresh_memory: None
) -> None:
    blocker = tmp_path / "a-file"
    blocker.write_text("not a folder")
    monkeypatch.setenv("OHHELL_CACHE_DIR", str(blocker / "cache"))
    with pytest.warns(RuntimeWarning, match="cannot keep learned values"):
        memory = cache.memory()
    assert memory.location is None
    assert card_odds._learn_stored(*_key()).shape == card_odds._SHAPE[1:]
