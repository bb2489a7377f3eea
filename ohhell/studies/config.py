"""Study configs as typed values: one frozen parameter class per study kind.

Each study kind declares its ``[params]`` as a frozen dataclass: a field per
parameter, its type, its range and its default (a field without a default
must be given).  :func:`parse_config` turns a config (a TOML table) into a
:class:`StudyConfig` holding one of these values, and refuses, with a
message naming the key, what the schema does not allow: an unknown key
(with the closest known one suggested), a missing key, a value of the wrong
type or out of range, an unknown preset, strategy, change or column.  The
study runner validates a config this way before it writes anything.

:func:`parameter_table` renders the schema as the parameter table of the
how-to page (a test keeps the two the same).

Examples
--------
>>> cfg = parse_config({"study": "seat-advantage", "seed": 1, "params": {"deals": 500}})
>>> cfg.params
SeatAdvantageParams(rules=('boerenbridge',), players=(4,), strategy='strongest-fast', deals=500, matches=0)
>>> parse_config({"study": "seat-advantage", "seed": 1, "params": {"deals": 500, "matchs": 20}})
Traceback (most recent call last):
...
ohhell.studies.config.ConfigError: params.matchs is not a seat-advantage parameter; did you mean 'matches'? \
(seat-advantage takes rules, players, strategy, deals, matches)
>>> parse_config({"study": "bid-success", "seed": 1, "params": {"deals": "lots"}})
Traceback (most recent call last):
...
ohhell.studies.config.ConfigError: params.deals must be a whole number >= 1, got 'lots' (a string)
"""

from __future__ import annotations

import difflib
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import MISSING, dataclass, field, fields, replace
from typing import Any, ClassVar, Union, get_args, get_origin, get_type_hints

from ohhell.studies.variant_balance import DEFAULT_LADDER

__all__ = [
    "ConfigError",
    "StudyConfig",
    "StudyParams",
    "SeatAdvantageParams",
    "BidSuccessParams",
    "BidTablesParams",
    "VariantBalanceParams",
    "FolkTipsParams",
    "OneCardParams",
    "PARAMS",
    "TOP_LEVEL",
    "MAX_COUNT",
    "parse_config",
    "parameter_table",
    "closest",
]

#: The keys a config may have outside ``[params]``.
TOP_LEVEL: dict[str, str] = {
    "study": "the study kind",
    "seed": "the seed, a whole number >= 0",
    "title": "the report's title",
    "name": "the output folder's name when the config is not a file",
    "params": "the study's parameters (a table)",
}

#: The largest deal or match count a run accepts (after ``--scale``).
MAX_COUNT = 10**12


class ConfigError(ValueError):
    """A study config the schema does not allow (the message names the key and what is allowed)."""


def closest(word: str, known: Iterable[str]) -> str:
    """``"; did you mean 'X'?"`` for the known word closest to ``word`` (difflib), or ``""``."""
    found = difflib.get_close_matches(word, list(known), n=1)
    return f"; did you mean {found[0]!r}?" if found else ""


def _what(value: object) -> str:
    """``value`` and its TOML type, for an error message."""
    kinds = {bool: "true/false", int: "a whole number", float: "a number", str: "a string"}
    kind = next((k for t, k in kinds.items() if type(value) is t), "a list" if isinstance(value, list | tuple) else "")
    if isinstance(value, Mapping):
        kind = "a table"
    return f"{value!r} ({kind})" if kind else repr(value)


# -- what a parameter may be -----------------------------------------------------------------


def _presets() -> list[str]:
    from ohhell.rules import PRESETS

    return sorted(PRESETS)


def _check_preset(name: str) -> None:
    presets = _presets()
    key = name.strip().lower().replace("_", "-")
    if key not in presets:
        raise ValueError(f"unknown preset {name!r}{closest(key, presets)} (presets: {', '.join(presets)})")


def _check_strategy(name: str) -> None:
    from ohhell.strategies.folk_core import TIPS
    from ohhell.strategies.registry import NAMES, strategy

    try:
        strategy(name)
    except ValueError as exc:
        known = [n for n in NAMES if n.islower() and "-TIP" not in n] + [f"folk-no-{t}" for t in TIPS]
        raise ValueError(f"{exc}{closest(name.strip().lower(), known)}") from None


def _check_group(column: str) -> None:
    from ohhell.studies.bid_success import GROUPS

    if column not in GROUPS and column != "bid":
        raise ValueError(
            f"cannot group bid success by {column!r}{closest(column, GROUPS)} (columns: {', '.join(GROUPS)})"
        )


def _check_bucket(column: str) -> None:
    from ohhell.studies.bid_tables import BUCKET_COLUMNS

    if column not in BUCKET_COLUMNS:
        raise ValueError(
            f"cannot bucket hands by {column!r}{closest(column, BUCKET_COLUMNS)} (columns: {', '.join(BUCKET_COLUMNS)})"
        )


def _check_scoring(name: str) -> None:
    from ohhell.studies.variants import CHANGES

    known = CHANGES["scoring"]
    if name not in known:
        raise ValueError(f"unknown scoring {name!r}{closest(name, known)} (choose from {', '.join(known)})")


def _check_variants(spec: object) -> None:
    if not isinstance(spec, Mapping) or not spec:
        raise ValueError("needs [params.variants.NAME] tables (a preset and its changes)")
    for name, fields_ in spec.items():
        if not isinstance(fields_, Mapping):
            raise ValueError(f"variant {name!r} must be a table (preset = ..., CHANGE = CHOICE), got {_what(fields_)}")


@dataclass(frozen=True, slots=True)
class _Meta:
    doc: str
    minimum: int | None = None
    maximum: int | None = None
    count: bool = False
    check: Callable[[str], None] | None = None
    unique: bool = False
    empty: bool = False  # a list may be empty
    default_doc: str | None = None


def param(
    doc: str,
    default: object = MISSING,
    *,
    minimum: int | None = None,
    maximum: int | None = None,
    count: bool = False,
    check: Callable[[str], None] | None = None,
    unique: bool = False,
    empty: bool = False,
    default_doc: str | None = None,
) -> Any:
    """A parameter field: its meaning, default (none: required), range and checks.

    ``count``: a deal or match count (multiplied by ``--scale``); ``check``: a
    function that raises ValueError for a name it does not know; ``unique``:
    a list's values may not repeat; ``empty``: a list may be empty.
    """
    meta = _Meta(doc, minimum, maximum, count, check, unique, empty, default_doc)
    return field(default=default, metadata={"param": meta})


def count(doc: str, default: object = MISSING, *, minimum: int = 0, default_doc: str | None = None) -> Any:
    """A deal or match count: a whole number from ``minimum`` up to :data:`MAX_COUNT`, scaled by ``--scale``."""
    return param(doc, default, minimum=minimum, maximum=MAX_COUNT, count=True, default_doc=default_doc)


def _shape(tp: Any) -> tuple[type, bool, bool]:
    """(element type, a list of them, may be None) of a parameter's annotation."""
    optional = False
    if get_origin(tp) is Union or type(tp).__name__ == "UnionType":
        args = [a for a in get_args(tp) if a is not type(None)]
        optional, tp = True, args[0]
    if get_origin(tp) is tuple:
        return get_args(tp)[0], True, optional
    if get_origin(tp) is not None:  # Mapping[...]: a table
        return dict, False, optional
    return tp, False, optional


def _describe(tp: Any, meta: _Meta) -> str:
    base, many, _ = _shape(tp)
    if base is int:
        one = "a whole number"
        if meta.minimum is not None and meta.maximum is not None and not meta.count:
            one += f" from {meta.minimum} to {meta.maximum}"
        elif meta.minimum is not None:
            one += f" >= {meta.minimum}"
    elif base is bool:
        one = "true or false"
    elif base is str:
        one = "a name"
    else:
        return "tables"
    if many:
        plural = {"a whole number": "whole numbers", "a name": "names"}
        head = one.split(" from ")[0].split(" >= ")[0]
        return f"{one} or a list of {plural.get(head, head)}"
    return one


def _element(key: str, base: type, meta: _Meta, value: object, whole: str) -> object:
    """One value checked against its element type and range (``whole``: how to describe the parameter)."""
    if base is int:
        if isinstance(value, bool) or not isinstance(value, int):
            raise ConfigError(f"{key} must be {whole}, got {_what(value)}")
        if (meta.minimum is not None and value < meta.minimum) or (meta.maximum is not None and value > meta.maximum):
            raise ConfigError(f"{key} must be {whole}, got {value!r}")
        return value
    if base is bool:
        if not isinstance(value, bool):
            raise ConfigError(f"{key} must be true or false, got {_what(value)}")
        return value
    if base is str:
        if not isinstance(value, str) or not value.strip():
            raise ConfigError(f"{key} must be {whole}, got {_what(value)}")
        if meta.check is not None:
            try:
                meta.check(value)
            except ValueError as exc:
                raise ConfigError(f"{key}: {exc}") from None
        return value
    raise TypeError(f"no check for {base}")  # pragma: no cover - a schema declaration error


def _value(key: str, tp: Any, meta: _Meta, value: object) -> object:
    """The parameter's value, checked; one value where a list is allowed becomes a tuple of one."""
    base, many, optional = _shape(tp)
    if value is None:
        if optional:
            return None
        raise ConfigError(f"{key} must be given")
    whole = _describe(tp, meta)
    if base is dict:
        if meta.check is not None:
            try:
                meta.check(value)  # type: ignore[arg-type]
            except ValueError as exc:
                raise ConfigError(f"{key} {exc}") from None
        return value
    if not many:
        if isinstance(value, list | tuple):
            raise ConfigError(f"{key} takes one value ({whole}), got {_what(value)}")
        return _element(key, base, meta, value, whole)
    items = list(value) if isinstance(value, list | tuple) else [value]
    if not items and not meta.empty:
        raise ConfigError(f"{key} is empty; give {whole}")
    out = tuple(_element(key, base, meta, v, whole) for v in items)
    if meta.unique and len(set(out)) != len(out):
        raise ConfigError(f"{key} repeats a value: {list(out)!r}")
    return out


# -- the parameters of each study ------------------------------------------------------------


@dataclass(frozen=True, slots=True, kw_only=True)
class StudyParams:
    """The parameters of one study kind (a subclass per kind); values are checked when built."""

    study: ClassVar[str] = ""

    def __post_init__(self) -> None:
        hints = get_type_hints(type(self))
        for f in fields(self):
            meta: _Meta = f.metadata["param"]
            object.__setattr__(self, f.name, _value(f"params.{f.name}", hints[f.name], meta, getattr(self, f.name)))
        self.check()

    def check(self) -> None:
        """Rules between parameters (a subclass adds its own); raises :class:`ConfigError`."""

    @classmethod
    def from_mapping(cls, given: Mapping[str, object]) -> StudyParams:
        """The parameters from a ``[params]`` table: unknown keys refused (closest suggested), missing ones named."""
        known = [f.name for f in fields(cls)]
        for key in given:
            if key in TOP_LEVEL and key not in known:
                raise ConfigError(f"params.{key} belongs at the top of the config, before [params]")
            if key not in known:
                raise ConfigError(
                    f"params.{key} is not a {cls.study} parameter{closest(str(key), known)}"
                    f" ({cls.study} takes {', '.join(known)})"
                )
        missing = [f for f in fields(cls) if f.name not in given and f.default is MISSING]
        if missing:
            names = "; ".join(f"params.{f.name} ({f.metadata['param'].doc})" for f in missing)
            raise ConfigError(f"a {cls.study} config needs {names}")
        return cls(**given)

    @classmethod
    def counts(cls) -> tuple[str, ...]:
        """The parameters that count deals or matches (the ones ``--scale`` multiplies)."""
        return tuple(f.name for f in fields(cls) if f.metadata["param"].count)

    def scaled(self, scale: float) -> StudyParams:
        """These parameters with every count multiplied by ``scale`` (rounded, kept at 2 or more; 0 stays 0)."""
        return replace(self, **scale_counts({k: getattr(self, k) for k in self.counts()}, scale))


def scale_counts(counts: Mapping[str, object], scale: float) -> dict[str, object]:
    """Counts multiplied by ``scale``: rounded, kept at 2 or more (0 stays 0), at most :data:`MAX_COUNT`."""
    out: dict[str, object] = {}
    for key, value in counts.items():
        if not isinstance(value, int) or isinstance(value, bool) or scale == 1.0:
            out[key] = value
            continue
        if value * scale > MAX_COUNT:
            raise ConfigError(f"params.{key} = {value} x scale {scale:g} is more than {MAX_COUNT:.0e}")
        out[key] = max(2, round(value * scale)) if value else 0
    return out


def _seated(rules: Sequence[str], players: Sequence[int]) -> list[tuple[str, int]]:
    """The (preset, players) pairs a preset seats; an error naming the pairs when none does."""
    from ohhell.rules import RulesError, preset

    out, why = [], []
    for name in rules:
        for n in players:
            try:
                preset(name, n)
            except RulesError as exc:
                why.append(str(exc))
                continue
            out.append((name, n))
    if not out:
        raise ConfigError(
            f"params.rules and params.players: no preset seats any of the player counts ({'; '.join(why)})"
        )
    return out


_RULES = "presets (`boerenbridge`, `bondebridge`, `up-and-down-the-river`, `openspiel`)"
_STRATEGY = "the strategy in every seat"


@dataclass(frozen=True, slots=True, kw_only=True)
class SeatAdvantageParams(StudyParams):
    """Seat advantage: score by seat from the dealer, match wins by seat, the hook's cost."""

    study: ClassVar[str] = "seat-advantage"
    rules: tuple[str, ...] = param(_RULES, ("boerenbridge",), check=_check_preset, unique=True)
    players: tuple[int, ...] = param("player counts", (4,), minimum=2, unique=True)
    strategy: str = param(_STRATEGY, "strongest-fast", check=_check_strategy)
    deals: int = count("deals for the per-deal scores and the hook's cost", minimum=2)
    matches: int = count("matches for the win rates (0: no match wins)", 0)

    def check(self) -> None:
        _seated(self.rules, self.players)


@dataclass(frozen=True, slots=True, kw_only=True)
class BidSuccessParams(StudyParams):
    """Bid success: P(bid made) by bid and hand features, seat or bids before."""

    study: ClassVar[str] = "bid-success"
    rules: tuple[str, ...] = param(_RULES, ("boerenbridge",), check=_check_preset, unique=True)
    players: tuple[int, ...] = param("player counts", (4,), minimum=2, unique=True)
    strategy: str = param(_STRATEGY, "strongest-fast", check=_check_strategy)
    by: tuple[str, ...] = param(
        "grouping columns (the bid is always one)", ("hand_size",), check=_check_group, unique=True, empty=True
    )
    deals: int = count("deals per preset and player count", minimum=1)
    min_n: int = param("the smallest group drawn in the figure", 200, minimum=0)
    report_min_n: int = param("the smallest group shown in the report", 1000, minimum=0)

    def check(self) -> None:
        _seated(self.rules, self.players)


@dataclass(frozen=True, slots=True, kw_only=True)
class BidTablesParams(StudyParams):
    """Bid tables: what to bid with which hand, standard and harsh scoring side by side."""

    study: ClassVar[str] = "bid-tables"
    rules: tuple[str, ...] = param(_RULES, ("boerenbridge",), check=_check_preset, unique=True)
    players: tuple[int, ...] = param("player counts", (4,), minimum=2, unique=True)
    strategy: str = param("the bidder in every seat", "strongest-fast", check=_check_strategy)
    hand_sizes: tuple[int, ...] = param("hand sizes, one table each", (1, 2, 3, 4, 5), minimum=1, unique=True)
    by: tuple[str, ...] = param(
        "the hand features the tables bucket by",
        ("trumps", "top_trumps", "side_aces"),
        check=_check_bucket,
        unique=True,
    )
    deals: int = count("deals per hand size", minimum=1)

    def check(self) -> None:
        from ohhell.rules import preset
        from ohhell.studies.bid_tables import deal_rules

        for name, n in _seated(self.rules, self.players):
            for size in self.hand_sizes:
                try:
                    deal_rules(preset(name, n), size)
                except ValueError as exc:
                    raise ConfigError(f"params.hand_sizes: {exc}") from None


@dataclass(frozen=True, slots=True, kw_only=True)
class VariantBalanceParams(StudyParams):
    """Variant balance: named rule changes compared on the same matches."""

    study: ClassVar[str] = "variant-balance"
    variants: Mapping[str, Mapping[str, object]] = param(
        "the variants: `[params.variants.NAME]` tables, a preset and its changes (below)", check=_check_variants
    )
    players: int | None = param(
        "the player count (a variant's own `players` overrides it)", None, minimum=2, default_doc="each preset's own"
    )
    matches: int = count("matches per variant at the level table", minimum=2)
    skill_matches: int | None = count(
        "matches per rotation of the skill ladder (0: no skill measures)", None, default_doc="`matches // players`"
    )
    table: str = param("the level table's strategy", "strongest-fast", check=_check_strategy)
    ladder: tuple[str, ...] = param(
        "the skill ladder, strongest first",
        DEFAULT_LADDER,
        check=_check_strategy,
        default_doc='`["strongest-fast", "ev:16", "folk", "random"]`, more random players at 5 or more seats',
    )
    baseline: str | None = param("the variant the others are compared with", None, default_doc="the first variant")

    def check(self) -> None:
        from ohhell.studies.variants import variants_from

        try:
            built = variants_from(self.variants, self.players)
        except ValueError as exc:
            raise ConfigError(f"params.variants: {exc}") from None
        counts = {name: r.players for name, r in built.items()}
        if len(set(counts.values())) != 1:
            raise ConfigError(f"params.variants must seat the same number of players, got {counts}")
        if self.baseline is not None and self.baseline not in built:
            raise ConfigError(
                f"params.baseline {self.baseline!r} is not one of the variants{closest(self.baseline, built)}"
                f" ({', '.join(built)})"
            )
        players = next(iter(counts.values()))
        skill = self.matches // players if self.skill_matches is None else self.skill_matches
        if skill:
            if len(self.ladder) < players:
                raise ConfigError(f"params.ladder needs at least {players} strategies, got {len(self.ladder)}")
            top = list(self.ladder[:players])
            if len(set(top)) < 2 or top.count(top[0]) > 1:
                raise ConfigError(
                    f"params.ladder: its first {players} strategies need a single strongest and another: {top}"
                )


@dataclass(frozen=True, slots=True, kw_only=True)
class FolkTipsParams(StudyParams):
    """The folk tips: every tip in the rule sources as a claim, with its number."""

    study: ClassVar[str] = "folk-tips"
    players: int = param("the player count (the habit claims seat 2 to 4)", 4, minimum=2, maximum=4)
    deals: int = count("deals per habit", minimum=2)
    hand_deals: int | None = count("deals for each hand claim", None, minimum=1, default_doc="10 x `deals`")
    table: str = param("the strategy of the hand claims' table", "folk", check=_check_strategy)


@dataclass(frozen=True, slots=True, kw_only=True)
class OneCardParams(StudyParams):
    """The one-card round, exactly, with an optional simulation check."""

    study: ClassVar[str] = "one-card"
    rules: str = param("the preset", "boerenbridge", check=_check_preset)
    players: tuple[int, ...] = param("player counts", (3, 4, 5, 6, 7), minimum=2, maximum=7, unique=True)
    scoring: tuple[str, ...] = param("scorings (named as for variants)", ("10+bid", "10+2/trick"), check=_check_scoring)
    trump: bool = param("a turned-up trump", True)
    deals: int = count("deals of the simulation check (0: none)", 0)

    def check(self) -> None:
        from ohhell.studies.variants import variant

        for n in self.players:
            try:
                variant(self.rules, n)
            except ValueError as exc:
                raise ConfigError(f"params.players: {exc}") from None


#: study kind -> its parameters.
PARAMS: dict[str, type[StudyParams]] = {
    p.study: p
    for p in (
        SeatAdvantageParams,
        BidSuccessParams,
        BidTablesParams,
        VariantBalanceParams,
        FolkTipsParams,
        OneCardParams,
    )
}


# -- the whole config ------------------------------------------------------------------------


@dataclass(frozen=True, slots=True, kw_only=True)
class StudyConfig:
    """A checked study config: the kind, the seed, the typed parameters and the ``[params]`` table as given."""

    study: str
    seed: int
    params: StudyParams
    given: Mapping[str, object]  # the [params] table as written (for study.json and the report)
    title: str | None = None
    name: str | None = None


def parse_config(config: Mapping[str, object]) -> StudyConfig:
    """A config table checked against the schema of its study kind (:class:`ConfigError` if it is not allowed)."""
    if not isinstance(config, Mapping):
        raise ConfigError(f"a study config must be a table, got {_what(config)}")
    kind = config.get("study")
    if not isinstance(kind, str) or kind not in PARAMS:
        hint = closest(kind, PARAMS) if isinstance(kind, str) else ""
        raise ConfigError(f"study = {kind!r} is not a study{hint} (choose one of {', '.join(PARAMS)})")
    schema = PARAMS[kind]
    for key in config:
        if key not in TOP_LEVEL:
            if key in [f.name for f in fields(schema)]:
                raise ConfigError(f"{key} is a parameter: put it under [params]")
            raise ConfigError(
                f"unknown key {key!r} in the config{closest(str(key), TOP_LEVEL)} (keys: {', '.join(TOP_LEVEL)})"
            )
    seed = config.get("seed")
    if isinstance(seed, bool) or not isinstance(seed, int) or seed < 0:
        got = "" if seed is None else f", got {_what(seed)}"
        raise ConfigError(f"a study config needs an integer seed >= 0 (seed = 2026){got}")
    for key in ("title", "name"):
        if key in config and not isinstance(config[key], str):
            raise ConfigError(f"{key} must be a string, got {_what(config[key])}")
    given = config.get("params", {})
    if not isinstance(given, Mapping):
        raise ConfigError(f"[params] must be a table, got {_what(given)}")
    params = schema.from_mapping(given)
    title, name = config.get("title"), config.get("name")
    return StudyConfig(
        study=kind,
        seed=seed,
        params=params,
        given=dict(given),
        title=title if isinstance(title, str) else None,
        name=name if isinstance(name, str) else None,
    )


def parameter_table() -> str:
    """The parameters of every study kind as a markdown table (the how-to page's table)."""
    rows = ["| study | parameter | value | default | meaning |", "|---|---|---|---|---|"]
    for kind, schema in PARAMS.items():
        hints = get_type_hints(schema)
        for f in fields(schema):
            meta: _Meta = f.metadata["param"]
            if meta.default_doc is not None:
                default = meta.default_doc
            elif f.default is MISSING:
                default = "required"
            else:
                default = _toml(f.default)
            rows.append(f"| `{kind}` | `{f.name}` | {_describe(hints[f.name], meta)} | {default} | {meta.doc} |")
    return "\n".join(rows)


def _toml(value: object) -> str:
    if isinstance(value, bool):
        return f"`{str(value).lower()}`"
    if isinstance(value, tuple):
        return "`[" + ", ".join(_toml(v).strip("`") for v in value) + "]`"
    if isinstance(value, str):
        return f'`"{value}"`'
    return f"`{value}`"
