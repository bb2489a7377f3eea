"""The state of one round of Dutch: explicit, clearly owned, replayable.

A round starts from the deal, a chance step (:func:`deal`: the deck in an
order, top card first), and moves only through :meth:`RoundState.apply`
(a player's action, checked against :meth:`RoundState.legal_actions`) and
:meth:`RoundState.apply_chance` (the draw pile rebuilt from the discard pile,
when the rules say so).  The same state drives live play
(:mod:`ohhell.dutch.play`) and the replay of records (:mod:`ohhell.dutch.record`).

The deal, in full: card ``k`` of the order (``k = 0 .. players * hand_size -
1``) goes face down to seat ``(first + k) mod players`` at position ``k //
players``; the rest is the draw pile, top first; its top card is turned up to
start the discard pile.  Then, from ``first`` clockwise, each seat makes its
opening peek (``rules.layout.peek`` :class:`~ohhell.dutch.actions.Peek`
actions), and ``first`` takes the first turn.

Cards are integer codes (:mod:`ohhell.dutch.cards`), the piles and hands are
plain lists of them.

Examples
--------
>>> from ohhell.dutch.rules import dutch
>>> s = deal(dutch(2), list(range(54)))
>>> s.hands
[[0, 2, 4, 6], [1, 3, 5, 7]]
>>> s.discard, len(s.draw), s.phase
([8], 45, 'peek')
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Literal

from ohhell.dutch.actions import (
    Action,
    CallDutch,
    Decline,
    Discard,
    DrawDeck,
    Exchange,
    Look,
    Peek,
    Swap,
    TakeDiscard,
)
from ohhell.dutch.events import Event, seen_by
from ohhell.dutch.observation import Observation, Phase
from ohhell.dutch.rules import EXCHANGE, LOOK, DutchRules, call_succeeds, round_scores
from ohhell.engine.errors import IllegalMoveError

__all__ = ["RoundState", "RoundResult", "deal", "stack_deck", "Ending"]

#: how a round ended: a call and its final turns, the turn limit, or an empty draw pile (``StockOut("end_round")``)
Ending = Literal["call", "turn_limit", "stock_out"]


@dataclass(frozen=True, slots=True, kw_only=True)
class RoundResult:
    """The complete outcome of one round."""

    rules: DutchRules
    round_index: int
    first: int
    deal: tuple[int, ...]
    reshuffles: tuple[tuple[int, ...], ...]
    actions: tuple[tuple[int, Action], ...]
    events: tuple[Event, ...]
    caller: int | None
    ended: Ending
    turns: int
    final_hands: tuple[tuple[int, ...], ...]
    values: tuple[int, ...]
    scores: tuple[int, ...]

    @property
    def players(self) -> int:
        return self.rules.players

    @property
    def call_succeeded(self) -> bool | None:
        """None when nobody called."""
        return None if self.caller is None else call_succeeds(self.values, self.caller, self.rules.call)


def deal(
    rules: DutchRules, order: Sequence[int], *, round_index: int = 0, match_totals: Sequence[int] | None = None
) -> RoundState:
    """The round after the deal: ``order`` is the deck, top card first (a permutation of the deck's codes).

    The two jokers are identical cards: whichever lies higher in ``order`` is
    numbered 52, the other 53, so a deal read back from its text is the same deal.
    """
    return RoundState(rules, order, round_index=round_index, match_totals=match_totals)


def stack_deck(
    rules: DutchRules,
    hands: Sequence[Sequence[int]],
    *,
    turn_up: int | None = None,
    draw: Sequence[int] = (),
    round_index: int = 0,
) -> tuple[int, ...]:
    """A deck order that deals ``hands`` (by seat, by position), turns up ``turn_up`` and then draws ``draw``.

    The cards not named follow in code order.  For worked examples and tests.

    Examples
    --------
    >>> from ohhell.dutch.cards import parse, text
    >>> from ohhell.dutch.rules import dutch
    >>> rules = dutch(2)
    >>> order = stack_deck(rules, [parse("AS 2S 3S 4S"), parse("KH KD JK JK")], turn_up=parse("QC")[0])
    >>> s = deal(rules, order)
    >>> [text(c) for c in s.hands[1]], text(s.discard[-1])
    (['KH', 'KD', 'JK', 'JK'], 'QC')
    """
    n, h = rules.players, rules.hand_size
    if len(hands) != n or any(len(hand) != h for hand in hands):
        raise ValueError(f"stack_deck needs {n} hands of {h} cards")
    first = rules.turns.first_seat(round_index, n)
    dealt = [hands[(first + k) % n][k // n] for k in range(n * h)]
    named = [*dealt, *([] if turn_up is None else [turn_up]), *draw]
    if len(set(named)) != len(named) or any(c not in rules.deck.codes for c in named):
        raise ValueError("stack_deck: every named card must be a different card of the deck")
    rest = [c for c in rules.deck.codes if c not in set(named)]
    up = rest.pop(0) if turn_up is None else turn_up
    return (*dealt, up, *draw, *rest)


class RoundState:
    """One round in progress.  Mutable and owned by its driver; ``copy.deepcopy`` and pickle it freely."""

    def __init__(
        self,
        rules: DutchRules,
        order: Sequence[int],
        *,
        round_index: int = 0,
        match_totals: Sequence[int] | None = None,
    ) -> None:
        codes = rules.deck.codes
        order_list = [int(c) for c in order]
        if sorted(order_list) != list(codes):
            raise ValueError(
                f"a deal is every card of the {rules.deck.size}-card deck once, in order; got {len(order_list)} cards"
                " that are not a permutation of the deck"
            )
        if round_index < 0:
            raise ValueError(f"round_index must be 0 or more, got {round_index}")
        jokers = iter(range(52, 54))
        order_list = [next(jokers) if c >= 52 else c for c in order_list]  # identical cards: numbered as they lie
        n, h = rules.players, rules.hand_size
        totals = tuple(match_totals) if match_totals is not None else (0,) * n
        if len(totals) != n:
            raise ValueError(f"match_totals needs one total per seat ({n}), got {len(totals)}")
        self.rules = rules
        self.round_index = round_index
        self.match_totals = totals
        self.first = rules.turns.first_seat(round_index, n)
        self.deal_order = tuple(order_list)
        self.hands = [[-1] * h for _ in range(n)]
        for k in range(n * h):
            self.hands[(self.first + k) % n][k // n] = order_list[k]
        self.draw = list(reversed(order_list[n * h :]))  # top card last
        self.discard = [self.draw.pop()]  # top card last
        self.held: int | None = None
        self.held_source: Literal["deck", "discard"] | None = None
        self.seat = self.first
        self.turn = 0
        self.caller: int | None = None
        self.final_left = 0
        self.ended: Ending | None = None
        self.peeked: list[set[int]] = [set() for _ in range(n)]
        self.known: list[dict[tuple[int, int], int]] = [{} for _ in range(n)]
        self.events: list[Event] = []
        self.views: list[list[Event]] = [[] for _ in range(n)]  # the events as each seat saw them
        self.actions: list[tuple[int, Action]] = []
        self.reshuffles: list[tuple[int, ...]] = []
        self._values = rules.value_table()
        self._powers = rules.power_table()
        self.phase: Phase = "peek"
        if rules.layout.peek == 0:
            self._start_turn()

    # -- queries ------------------------------------------------------------------------

    @property
    def players(self) -> int:
        return self.rules.players

    @property
    def is_over(self) -> bool:
        return self.phase == "over"

    @property
    def is_chance(self) -> bool:
        return self.phase == "chance"

    def legal_actions(self) -> tuple[Action, ...]:
        """Every action the seat to act may take now (empty at a chance step or when the round is over)."""
        h, n, s = self.rules.hand_size, self.players, self.seat
        if self.phase == "peek":
            return tuple(Peek(p) for p in range(h) if p not in self.peeked[s])
        if self.phase == "turn":
            out: list[Action] = []
            if self.caller is None and self.turn >= self.rules.call.earliest_turn:
                out.append(CallDutch())
            if self.draw:
                out.append(DrawDeck())
            if self.discard:
                out.append(TakeDiscard())
            return tuple(out)
        if self.phase == "drawn":
            swaps: list[Action] = [Swap(p) for p in range(h)]
            if self.held_source == "deck" or not self.rules.discard_draw.must_swap:
                swaps.append(Discard())
            return tuple(swaps)
        if self.phase in ("exchange", "look"):
            powers: list[Action]
            if self.phase == "exchange":
                spare = self.caller if self.rules.powers.spare_caller else None
                powers = [
                    Exchange(p, o, q) for p in range(h) for o in range(n) if o != s and o != spare for q in range(h)
                ]
            else:
                powers = [Look(o, q) for o in range(n) for q in range(h)]
            if self.rules.powers.optional:
                powers.append(Decline())
            return tuple(powers)
        return ()

    def known_by(self, viewer: int) -> tuple[tuple[int | None, ...], ...]:
        """For every seat and position, the card ``viewer`` knows is there (perfect memory), or None."""
        k = self.known[viewer]
        return tuple(tuple(k.get((o, p)) for p in range(self.rules.hand_size)) for o in range(self.players))

    def observation(self, seat: int) -> Observation:
        """What ``seat`` may know now; ``legal`` and ``held`` are filled only for the seat to act."""
        if not 0 <= seat < self.players:
            raise ValueError(f"seat must be 0..{self.players - 1}, got {seat}")
        acting = seat == self.seat and self.phase not in ("chance", "over")
        return Observation(
            rules=self.rules,
            round_index=self.round_index,
            seat=seat,
            players=self.players,
            first=self.first,
            phase=self.phase,
            turn=self.turn,
            caller=self.caller,
            known=self.known_by(seat),
            discard=tuple(self.discard),
            draw_size=len(self.draw),
            held=self.held if acting else None,
            held_source=self.held_source if acting else None,
            events=tuple(self.views[seat]),
            values=self._values,
            match_totals=self.match_totals,
            legal=self.legal_actions() if acting else (),
        )

    def all_cards(self) -> list[int]:
        """Every card of the round wherever it is (hands, draw pile, discard pile, the held card)."""
        cards = [c for hand in self.hands for c in hand] + self.draw + self.discard
        return [*cards, self.held] if self.held is not None else cards

    def hand_values(self) -> tuple[int, ...]:
        return tuple(sum(self._values[c] for c in hand) for hand in self.hands)

    def chance_cards(self) -> list[int]:
        """The cards a chance step shuffles: the discard pile under its top card, bottom first."""
        if self.phase != "chance":
            raise ValueError(f"no chance step is pending (phase {self.phase!r})")
        return list(self.discard[:-1])

    def result(self) -> RoundResult:
        if self.ended is None:
            raise ValueError("the round is not over yet")
        values = self.hand_values()
        return RoundResult(
            rules=self.rules,
            round_index=self.round_index,
            first=self.first,
            deal=self.deal_order,
            reshuffles=tuple(self.reshuffles),
            actions=tuple(self.actions),
            events=tuple(self.events),
            caller=self.caller,
            ended=self.ended,
            turns=self.turn,
            final_hands=tuple(tuple(h) for h in self.hands),
            values=values,
            scores=round_scores(values, self.caller, self.rules.call),
        )

    # -- transitions --------------------------------------------------------------------

    def apply_chance(self, cards: Sequence[int]) -> None:
        """Rebuild the draw pile from ``cards`` (top first): a permutation of :meth:`chance_cards`."""
        pending = self.chance_cards()
        new = [int(c) for c in cards]
        if sorted(new) != sorted(pending):
            raise ValueError(f"a reshuffle must use exactly the {len(pending)} cards under the discard pile's top card")
        self.draw = list(reversed(new))
        self.discard = self.discard[-1:]
        self.reshuffles.append(tuple(new))
        self._log(Event(kind="reshuffle", count=len(new)))
        self.phase = "turn"

    def apply(self, action: Action, *, who: str = "player") -> None:
        """Apply the seat to act's ``action``; an illegal one raises :class:`IllegalMoveError`."""
        legal = self.legal_actions()
        if action not in legal:
            raise IllegalMoveError(
                seat=self.seat,
                who=who,
                phase=self.phase,
                returned=str(action),
                legal=", ".join(str(a) for a in legal) or "nothing (no player acts now)",
            )
        s = self.seat
        self.actions.append((s, action))
        if isinstance(action, Peek):
            card = self.hands[s][action.position]
            self.known[s][(s, action.position)] = card
            self.peeked[s].add(action.position)
            self._log(Event(kind="peek", seat=s, position=action.position, card=card))
            if len(self.peeked[s]) == self.rules.layout.peek:
                self.seat = (s + 1) % self.players
                if self.seat == self.first:
                    self._start_turn()
        elif isinstance(action, CallDutch):
            self.caller = s
            self.final_left = self.players - 1
            self._log(Event(kind="call", seat=s))
            self._end_turn(called=True)
        elif isinstance(action, (DrawDeck, TakeDiscard)):
            source: Literal["deck", "discard"] = "deck" if isinstance(action, DrawDeck) else "discard"
            self.held = (self.draw if source == "deck" else self.discard).pop()
            self.held_source = source
            self._log(Event(kind="draw", seat=s, source=source, card=self.held))
            self.phase = "drawn"
        elif isinstance(action, Swap):
            assert self.held is not None
            p = action.position
            out, self.hands[s][p] = self.hands[s][p], self.held
            for v in range(self.players):
                if v == s or self.held_source == "discard":
                    self.known[v][(s, p)] = self.held
                else:
                    self.known[v].pop((s, p), None)
            self.discard.append(out)
            self._log(Event(kind="swap", seat=s, position=p, card=out))
            self._face_up(out)
        elif isinstance(action, Discard):
            assert self.held is not None
            card = self.held
            self.discard.append(card)
            self._log(Event(kind="discard", seat=s, card=card))
            self._face_up(card)
        elif isinstance(action, Exchange):
            p, o, q = action.position, action.seat, action.other_position
            self.hands[s][p], self.hands[o][q] = self.hands[o][q], self.hands[s][p]
            for k in self.known:
                a, b = k.pop((s, p), None), k.pop((o, q), None)
                if a is not None:
                    k[(o, q)] = a
                if b is not None:
                    k[(s, p)] = b
            self._log(Event(kind="exchange", seat=s, position=p, other=o, other_position=q))
            self._end_turn()
        elif isinstance(action, Look):
            card = self.hands[action.seat][action.position]
            self.known[s][(action.seat, action.position)] = card
            self._log(Event(kind="look", seat=s, other=action.seat, other_position=action.position, card=card))
            self._end_turn()
        else:
            assert isinstance(action, Decline)
            self._log(Event(kind="decline", seat=s))
            self._end_turn()

    # -- the turn cycle -----------------------------------------------------------------

    def _log(self, event: Event) -> None:
        self.events.append(event)
        for viewer, view in enumerate(self.views):
            view.append(seen_by(event, viewer))

    def _face_up(self, card: int) -> None:
        """A card went face up by the player's action: its power, if any, is the rest of the turn."""
        self.held = None
        self.held_source = None
        power = self._powers[card]
        if power in (EXCHANGE, LOOK):
            self.phase = "exchange" if power == EXCHANGE else "look"
            if any(not isinstance(a, Decline) for a in self.legal_actions()):
                return
        self._end_turn()

    def _end_turn(self, *, called: bool = False) -> None:
        self.turn += 1
        if self.caller is not None and not called:
            self.final_left -= 1
            if self.final_left == 0:
                self._end("call")
                return
        self.seat = (self.seat + 1) % self.players
        self._start_turn()

    def _start_turn(self) -> None:
        self.phase = "turn"
        if self.caller is None and self.turn >= self.rules.turns.turn_limit:
            self._end("turn_limit")
        elif not self.draw:
            if self.rules.stock_out.rule == "end_round":
                self._end("stock_out")
            elif len(self.discard) > 1:
                self.phase = "chance"

    def _end(self, how: Ending) -> None:
        self.phase = "over"
        self.ended = how
