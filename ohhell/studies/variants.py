"""Variants by name: a preset and a few named rule changes, for configs and the command line.

A variant is ``preset`` + ``players`` + any of these changes (each a named
choice; the preset's own rule when a change is not given):

========== ================================================================
change     choices
========== ================================================================
scoring    ``10+2/trick``, ``10+bid``, ``10+tricks-or-tricks`` (OpenSpiel)
miss       ``zero``, ``harsh`` (minus the difference), ``harsh-double``
zero_bid   ``preset``, ``5`` (a made 0 scores 5)
trump      ``each-round`` (turned up), ``once`` (per game), ``rotation``
           (fixed suit order, no-trump first and last three rounds),
           ``draw``, ``setesdal``, ``none``
restriction ``hook``, ``first-adjusts``, ``highest-adjusts``, ``none``
bidding    ``sequential``, ``simultaneous``
schedule   ``preset``, ``up-and-down`` (1 up to the preset's largest hand
           and back down), ``high-first`` (the preset's largest hand down to
           1 and back up: as many rounds, the largest hand twice and the
           single card once), ``deck-ladder`` (1 up to
           the largest hand the deck allows and back), ``fixed-N`` (N
           cards, 10 rounds)
========== ================================================================

Examples
--------
>>> r = variant("boerenbridge", 4, miss="harsh", restriction="none")
>>> r.scoring.miss, r.restriction
(Harsh(factor=1), NoRestriction())
>>> variant("boerenbridge", 4, trump="sometimes")
Traceback (most recent call last):
...
ValueError: unknown trump 'sometimes'; choose from each-round, once, rotation, draw, setesdal, none
"""

from __future__ import annotations

import difflib
from collections.abc import Callable, Iterable, Mapping
from dataclasses import replace

from ohhell.rules import (
    DealerHook,
    DrawTrump,
    ExactBonus,
    FirstBidderAdjusts,
    FixedHands,
    FixedRotation,
    Harsh,
    HighestBidderAdjusts,
    HighFirst,
    Ladder,
    MissScoresTricks,
    MissZero,
    NoRestriction,
    NoTrump,
    Rules,
    Sequential,
    SetesdalTrump,
    Simultaneous,
    TurnUpOnce,
    TurnUpTrump,
    compile_rules,
    preset,
)

__all__ = ["variant", "CHANGES", "variants_from"]

Change = Callable[[Rules], Rules]


def _scoring(**fields: object) -> Change:
    return lambda r: replace(r, scoring=replace(r.scoring, **fields))  # type: ignore[arg-type]


def _peak(rules: Rules) -> int:
    """The largest hand of the rules' schedule."""
    return int(compile_rules(rules).hand_sizes.max())


def _fixed(name: str) -> Change | None:
    size = name.removeprefix("fixed-")
    if name.startswith("fixed-") and size.isdigit() and int(size) > 0:
        return lambda r: replace(r, schedule=FixedHands(size=int(size), rounds=10))
    return None


#: change -> choice -> what it does to the rules.
CHANGES: dict[str, dict[str, Change]] = {
    "scoring": {
        "10+2/trick": _scoring(made=ExactBonus(base=10, per_trick=2)),
        "10+bid": _scoring(made=ExactBonus(base=10, per_trick=1)),
        "10+tricks-or-tricks": _scoring(made=ExactBonus(base=10, per_trick=1), miss=MissScoresTricks()),
    },
    "miss": {
        "zero": _scoring(miss=MissZero()),
        "harsh": _scoring(miss=Harsh()),
        "harsh-double": _scoring(miss=Harsh(factor=2)),
    },
    "zero_bid": {"preset": lambda r: r, "5": _scoring(made_zero=5)},
    "trump": {
        "each-round": lambda r: replace(r, trump=TurnUpTrump()),
        "once": lambda r: replace(r, trump=TurnUpOnce()),
        "rotation": lambda r: replace(r, trump=FixedRotation()),
        "draw": lambda r: replace(r, trump=DrawTrump()),
        "setesdal": lambda r: replace(r, trump=SetesdalTrump()),
        "none": lambda r: replace(r, trump=NoTrump()),
    },
    "restriction": {
        "hook": lambda r: replace(r, restriction=DealerHook()),
        "first-adjusts": lambda r: replace(r, restriction=FirstBidderAdjusts()),
        "highest-adjusts": lambda r: replace(r, restriction=HighestBidderAdjusts()),
        "none": lambda r: replace(r, restriction=NoRestriction()),
    },
    "bidding": {
        "sequential": lambda r: replace(r, bidding=Sequential()),
        "simultaneous": lambda r: replace(r, bidding=Simultaneous()),
    },
    "schedule": {
        "preset": lambda r: r,
        "up-and-down": lambda r: replace(r, schedule=Ladder(up_to=_peak(r))),
        "high-first": lambda r: replace(r, schedule=HighFirst(up_to=_peak(r))),
        "deck-ladder": lambda r: replace(r, schedule=Ladder(fit_to_deck=True)),
    },
}


def _closest(word: str, known: Iterable[str]) -> str:
    found = difflib.get_close_matches(word, list(known), n=1)
    return f" (did you mean {found[0]!r}?)" if found else ""


def _choice(change: str, name: str) -> Change:
    if change not in CHANGES:
        raise ValueError(f"unknown change {change!r}{_closest(change, CHANGES)}; choose from {', '.join(CHANGES)}")
    found = CHANGES[change].get(str(name))
    if found is None and change == "schedule":
        found = _fixed(str(name))
    if found is None:
        extra = ", fixed-N" if change == "schedule" else ""
        hint = _closest(str(name), CHANGES[change])
        raise ValueError(f"unknown {change} {name!r}{hint}; choose from {', '.join(CHANGES[change])}{extra}")
    return found


def variant(preset_name: str, players: int | None = None, **changes: str) -> Rules:
    """The preset with the named changes applied (validated like any rules)."""
    rules = preset(preset_name, players)
    for change, name in changes.items():
        rules = _choice(change, name)(rules)
    return replace(rules, name=_name(preset_name, changes)) if changes else rules


def _name(preset_name: str, changes: Mapping[str, str]) -> str:
    return preset_name + "".join(f" {k}={v}" for k, v in changes.items())


def variants_from(spec: Mapping[str, Mapping[str, object]], players: int | None = None) -> dict[str, Rules]:
    """Variants from a config table: ``{name: {"preset": ..., change: choice, ...}}``.

    Each variant's table holds ``preset`` (a name), optionally ``players`` (a
    whole number, overriding ``players``) and changes (``CHANGE = CHOICE``,
    each choice a string); anything else is refused with a message naming the
    variant and the key.

    Examples
    --------
    >>> variants_from({"harsh": {"preset": "boerenbridge", "mis": "harsh"}}, 4)
    Traceback (most recent call last):
    ...
    ValueError: variant 'harsh': unknown change 'mis' (did you mean 'miss'?); choose from scoring, miss, ...
    """
    out = {}
    for name, fields in spec.items():
        if not isinstance(fields, Mapping):
            raise ValueError(f"variant {name!r} must be a table (preset = ..., CHANGE = CHOICE), got {fields!r}")
        if "preset" not in fields:
            raise ValueError(f"variant {name!r} needs a preset")
        n = fields.get("players", players)
        if n is not None and (isinstance(n, bool) or not isinstance(n, int)):
            raise ValueError(f"variant {name!r}: players must be a whole number, got {n!r}")
        rest: dict[str, str] = {}
        for key, value in fields.items():
            if key in ("preset", "players"):
                continue
            if isinstance(value, bool) or not isinstance(value, str | int):  # zero_bid = 5 is a choice too
                raise ValueError(f"variant {name!r}: {key} takes a name (a string), got {value!r}")
            rest[str(key)] = str(value)
        if not isinstance(fields["preset"], str):
            raise ValueError(f"variant {name!r}: preset takes a name (a string), got {fields['preset']!r}")
        try:
            rules = variant(fields["preset"], n, **rest)
        except ValueError as exc:
            raise ValueError(f"variant {name!r}: {exc}") from None
        out[name] = replace(rules, name=name)
    return out
