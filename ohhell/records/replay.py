"""Replaying recorded deals under a rules variant: validate, then score.

:func:`replay` checks a :class:`DealRecord` against the rules (the cards laid
face up, cards in the deck and dealt once, hand sizes, trump, restriction on
the bids, the leader and the order of play, following suit; the full list is
in ``docs/reference/deal-record.md``) by driving the engine's own
:class:`~ohhell.engine.DealState`, and returns the deal's outcome.  Any
breach raises :class:`~ohhell.engine.RecordError` naming the seat and the rule.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator, Mapping
from functools import lru_cache
from pathlib import Path
from types import MappingProxyType

from ohhell.cards import Card
from ohhell.engine import DealResult, DealState, IllegalMoveError, RecordError
from ohhell.records.record import DealRecord, read_jsonl
from ohhell.rules import Rules, Trump, compile_rules
from ohhell.rules.compiled import CompiledRules

__all__ = ["replay", "replay_file", "ReplayOutcome"]

ReplayOutcome = tuple[int, DealResult | RecordError]


def _round_index(c: CompiledRules, rec: DealRecord) -> int:
    sizes = [int(h) for h in c.hand_sizes]
    counts = [int(n) for n in c.players_in_round]
    name = c.rules.name
    if rec.round is not None:
        r = rec.round - 1
        if not 0 <= r < c.n_rounds:
            raise RecordError(f"round {rec.round} is not in {name}'s {c.n_rounds} rounds")
        if sizes[r] != rec.hand_size:
            raise RecordError(f"wrong hand size: round {rec.round} of {name} deals {sizes[r]}, not {rec.hand_size}")
        if counts[r] != rec.players:
            raise RecordError(f"round {rec.round} of {name} has {counts[r]} players, the record {rec.players}")
        return r
    for r, (h, n) in enumerate(zip(sizes, counts)):
        if h == rec.hand_size and n == rec.players:
            return r
    if rec.players not in counts:
        raise RecordError(f"{name} is set for {c.players} players; the record has {rec.players}")
    raise RecordError(f"wrong hand size: {name} has no {rec.hand_size}-card round (hand sizes: {sorted(set(sizes))})")


@lru_cache(maxsize=64)
def _deck_counts(rules: Rules) -> Mapping[Card, int]:
    """How many of each card the rules' deck has (read only)."""
    return MappingProxyType(Counter(Card(int(code)) for code in compile_rules(rules).deck))


def _check_cards(c: CompiledRules, rec: DealRecord) -> None:
    for seat, hand in enumerate(rec.hands):
        if len(hand) != rec.hand_size:
            raise RecordError(f"seat {seat}: wrong hand size: holds {len(hand)} cards, the round deals {rec.hand_size}")
    deck = _deck_counts(c.rules)
    cards = [card for hand in rec.hands for card in hand] + list(rec.exposed)
    cards += [rec.trump_card] if rec.trump_card is not None else []
    if all(deck.get(card, 0) >= n for card, n in Counter(cards).items()):
        return
    seen: Counter[Card] = Counter()
    where: dict[Card, list[str]] = {}
    places = [(f"seat {s}", card) for s, hand in enumerate(rec.hands) for card in hand]
    places += [("trump_card", rec.trump_card)] if rec.trump_card is not None else []
    places += [("exposed", card) for card in rec.exposed]
    for place, card in places:
        if card not in deck:
            raise RecordError(f"{place}: unknown card {card} (not in {c.rules.name}'s deck)")
        seen[card] += 1
        where.setdefault(card, []).append(place)
        if seen[card] > deck[card]:
            raise RecordError(f"duplicate card {card} ({', '.join(where[card])}); the deck has {deck[card]} of it")


def _undealt(c: CompiledRules, r: int, rec: DealRecord) -> int:
    """Cards of the deck left after the deal and the twos set aside: the stock a card is turned up from."""
    return int(c.deck.size) - int(c.set_aside[r]) - rec.players * rec.hand_size


def _first_round_trumps(c: CompiledRules) -> tuple[frozenset[int], Trump | None, str]:
    """What round 1 can leave as trump for a round that keeps it: suit counts, an exact value, a description."""
    plan = c.trump_plans[0]
    if plan.source == "none":
        return frozenset({0}), Trump.none(), "no trump"
    if plan.source == "fixed" and plan.suit is not None:
        return frozenset({1}), Trump.of(plan.suit), f"trump {plan.suit.letter}"
    if plan.source == "setesdal":
        return frozenset({2}), None, "an under- and an over-trump (two letters)"
    if plan.source == "turn-up":
        stock = int(c.deck.size) - int(c.set_aside[0]) - int(c.players_in_round[0]) * int(c.hand_sizes[0])
        if stock <= 0:
            return frozenset({0}), Trump.none(), "no trump (round 1 deals the whole deck)"
        jester = any(Card(int(code)).is_jester for code in c.deck)
        return (frozenset({0, 1}), None, "one suit or none") if jester else (frozenset({1}), None, "one suit")
    return frozenset({0, 1}), None, "one suit or none"


def _check_trump(c: CompiledRules, r: int, rec: DealRecord) -> bool:
    """Check the recorded trump; True when the dealer named it after a Wizard."""
    plan = c.trump_plans[r]
    t, card = rec.trump, rec.trump_card
    where = f"trump: round {r + 1} of {c.rules.name}"
    if card is not None and plan.source != "turn-up":
        raise RecordError(f"{where} turns up no card, but the record has trump_card {card}")
    expected: Trump | None = None
    if plan.source == "none":
        expected = Trump.none()
    elif plan.source == "fixed" and plan.suit is not None:
        expected = Trump.of(plan.suit)
    elif plan.source == "turn-up":
        if card is None:
            undealt = _undealt(c, r, rec)
            if undealt > 0:
                raise RecordError(f"{where} turns up a card ({undealt} cards were left undealt); trump_card is null")
        elif card.is_wizard:
            if len(t.suits) != 1:
                raise RecordError("trump: a Wizard was turned up, so the dealer names one suit")
            return True
        expected = Trump.none() if card is None or card.suit is None else Trump.of(card.suit)
    elif plan.source == "draw":
        if len(rec.exposed) <= int(c.set_aside[r]):
            raise RecordError(f"{where} draws a trump card before the deal; list it last in 'exposed'")
        expected = plan.trump_of_drawn(rec.exposed[-1])
    elif plan.source == "setesdal" and len(t.suits) != 2:
        raise RecordError(f"trump: this round has an under- and an over-trump (two letters), got {t}")
    elif plan.source == "first-round":
        sizes, exact, what = _first_round_trumps(c)
        if len(t.suits) not in sizes or (exact is not None and t != exact):
            raise RecordError(f"{where} keeps round 1's trump, which is {what}; the record says {t}")
    if expected is not None and t != expected:
        raise RecordError(f"{where} has trump {expected}, the record says {t}")
    return False


def _check_exposed(c: CompiledRules, r: int, rec: DealRecord) -> None:
    """The cards shown face up: the short game's twos set aside (clubs first, skipping a trump known
    before the deal), then a drawn trump card; nothing under other rules."""
    plan = c.trump_plans[r]
    aside = int(c.set_aside[r])
    twos, draws = plan.shown_before_play(aside, rec.trump)
    drawn = int(draws)
    where = f"exposed: round {r + 1} of {c.rules.name}"
    if len(rec.exposed) != aside + drawn:
        parts = [f"sets aside {aside} {'two' if aside == 1 else 'twos'}"] if aside else []
        parts += ["draws a trump card"] if drawn else []
        what = " and ".join(parts) if parts else "shows no card"
        raise RecordError(f"{where} {what} ({aside + drawn} cards), the record lists {len(rec.exposed)}")
    if sorted(rec.exposed[:aside]) != list(twos):
        raise RecordError(
            f"{where} sets aside {' '.join(map(str, twos))} (twos, clubs first, not of a known trump),"
            f" the record lists {' '.join(map(str, rec.exposed[:aside]))}"
        )


def _adjust(state: DealState, rec: DealRecord) -> None:
    """Apply the recorded adjustment after the first bids of ``rec.first_bids``; every other bid must stay."""
    assert rec.first_bids is not None
    adjuster = state.current_seat if state.phase == "adjust" else None
    for seat, (before, after) in enumerate(zip(rec.first_bids, rec.bids)):
        if before != after and seat != adjuster:
            why = "no adjustment was due" if adjuster is None else f"only seat {adjuster} adjusts"
            raise RecordError(f"seat {seat}: first bid {before} but final bid {after}; {why}")
    if adjuster is None:
        return
    bid = rec.bids[adjuster]
    try:
        state.apply_bid(bid)
    except IllegalMoveError as exc:
        raise RecordError(
            f"seat {adjuster}: adjusted bid {bid} is not allowed ({exc.rule}); legal: {exc.legal}"
        ) from None


def replay(record: DealRecord, rules: Rules) -> DealResult:
    """Validate ``record`` against ``rules`` and return the deal's outcome.

    Examples
    --------
    >>> from ohhell.rules import boerenbridge
    >>> rec = DealRecord.from_dict({"players": 4, "dealer": 3, "hand_size": 1, "trump": "H",
    ...     "trump_card": "2H", "hands": [["AS"], ["3H"], ["KS"], ["QD"]], "bids": [1, 1, 0, 0],
    ...     "tricks": [["AS", "3H", "KS", "QD"]]})
    >>> out = replay(rec, boerenbridge(4))
    >>> out.winners, out.tricks_won, out.scores
    ((1,), (0, 1, 0, 0), (0, 12, 10, 10))
    """
    c = compile_rules(rules)
    rec = record
    r = _round_index(c, rec)
    if not 0 <= rec.dealer < rec.players:
        raise RecordError(f"dealer {rec.dealer} is not a seat 0..{rec.players - 1}")
    _check_exposed(c, r, rec)
    _check_cards(c, rec)
    named = _check_trump(c, r, rec)
    state = DealState(
        c,
        round_index=r,
        dealer=rec.dealer,
        hands=rec.hands,
        trump=Trump.none() if named else rec.trump,
        trump_card=rec.trump_card,
        exposed=rec.exposed,
        name_trump=named,
    )
    if named:
        suit = rec.trump.suit
        assert suit is not None
        state.apply_trump(suit)
    first = rec.bids if rec.first_bids is None else rec.first_bids
    for seat in state.bid_order:
        bid = first[seat]
        try:
            state.apply_bid(bid)
        except IllegalMoveError as exc:
            raise RecordError(
                f"seat {seat}: bid {bid} is not allowed ({exc.rule or 'bids run 0..hand size'}); legal: {exc.legal}"
            ) from None
    if rec.first_bids is not None:
        _adjust(state, rec)
    if state.phase == "adjust":
        raise RecordError(
            f"seat {state.current_seat}: the bids sum to the hand size ({rec.hand_size}); under"
            f" {type(rules.restriction).__name__} seat {state.current_seat} must move one up or down"
        )
    if len(rec.tricks) != rec.hand_size:
        raise RecordError(f"the record has {len(rec.tricks)} tricks; a {rec.hand_size}-card round has {rec.hand_size}")
    for k, trick in enumerate(rec.tricks, start=1):
        if len(trick) != rec.players:
            raise RecordError(f"trick {k} has {len(trick)} cards; {rec.players} players each play one")
        for j, card in enumerate(trick):
            seat = state.current_seat
            if card not in state.hands[seat]:
                holders = [s for s in range(rec.players) if card in state.hands[s]]
                if not holders:
                    raise RecordError(f"trick {k}: card {card} is in no hand (not dealt, or already played)")
                who = " or ".join(f"seat {h}" for h in holders)
                if j == 0:
                    raise RecordError(f"trick {k}: wrong leader: {who} led {card} but seat {seat} was to lead")
                raise RecordError(f"trick {k}: {who} played {card} out of turn; seat {seat} was to play")
            try:
                state.apply_play(card)
            except IllegalMoveError as exc:
                raise RecordError(
                    f"trick {k}: seat {seat} revoked: played {card} but must follow suit (legal: {exc.legal})"
                ) from None
    return state.result()


def replay_file(path: str | Path, rules: Rules) -> Iterator[ReplayOutcome]:
    """Replay every line of a JSON Lines file: each line number with its outcome or its error."""
    for line, item in read_jsonl(path):
        if isinstance(item, RecordError):
            yield line, item
            continue
        try:
            yield line, replay(item, rules)
        except RecordError as exc:
            yield line, exc
