"""Kalo states: the round in progress, its legal decisions, and what each seat may see.

Examples:
    >>> from tablegames.kalo import Kalo
    >>> state = Kalo(players=4).start(seed=1)
    >>> state.phase, state.current_player == (state.kalo_holder + 1) % 4
    ('arrange', True)
    >>> [str(action) for action in state.legal_actions()][-3:]
    ['arrange 11', 'arrange 12', 'ready']
"""

from __future__ import annotations

from itertools import repeat
from typing import TYPE_CHECKING, Final, final

from tablegames.core.plain import PlainState
from tablegames.kalo.actions import (
    ARRANGES,
    CARD_CHOICES,
    INSERTS,
    READY,
    SEATS,
    SLOTS,
    Arrange,
    Pass,
    Play,
    Ready,
    parse_action,
)
from tablegames.kalo.cards import KALO, Card, card_key, rank_of, removed_cards
from tablegames.kalo.plays import open_plays
from tablegames.kalo.reasons import KALO_REASONS
from tablegames.kalo.rules import Table, held_by_others
from tablegames.kalo.view import EffectView, KaloView, hand_seen

if TYPE_CHECKING:
    from tablegames.core.protocol import Action, Event
    from tablegames.core.reasons import Reason
    from tablegames.core.serial import JSONDict
    from tablegames.kalo.effects import Effect
    from tablegames.kalo.hands import Slot
    from tablegames.kalo.options import KaloOptions
    from tablegames.kalo.tricks import TrickPlay

__all__ = ["KaloState", "freeze", "thaw", "view_of"]


@final
class KaloState(PlainState):
    """A Kalo position: the scores, the round in progress and whose decision is next.

    Build states with `Kalo.start`, `Kalo.deal` or `Kalo.from_dict`, which
    validate; the constructor trusts its arguments.

    Attributes:
        game: The game and its options.
        seed: Seeds the deal of every round.
        round_number: The round in progress, from 1.
        scores: Each seat's points so far.
        hands: Each seat's hand, slot by slot, in order.
        pile: The discard pile (its order does not matter; kept sorted).
        kalo_holder: Who was dealt the Kalo this round (public).
        trick: The plays of the trick in progress.
        passed: Seats that passed since the last play of the trick.
        leader: The seat that opens or opened the trick (during arranging: the opener).
        phase: ``"arrange"``, ``"play"``, ``"effect"`` or ``"over"``.
        current_player: Whose decision is next, None once the game is over.
        arranged: While arranging: how many slots of the current seat's hand are placed.
        effect: The effect being resolved, in phase ``"effect"``.
        out: Seats out of this round, in the order they went out.
        plays: Plays so far this round (ruling K11's limit counts them).
        aside: Cards a position took out of this round (see `Kalo.position`), in deck
            order; empty in every round dealt. They are back in the next deal.
        is_over: True once the game is over, kept with the state.

    A plain class (see `tablegames.core.plain`): the value Kalo makes at every
    decision. Its legal decisions are worked out once, when first asked for.
    """

    __match_args__ = (
        "game", "seed", "round_number", "scores", "hands", "pile", "kalo_holder", "trick", "passed", "leader",
        "phase", "current_player", "arranged", "effect", "out", "plays", "aside",
    )  # fmt: skip
    __slots__ = (*__match_args__, "_legal", "is_over")

    game: Final[KaloOptions[KaloState]]
    seed: Final[int]
    round_number: Final[int]
    scores: Final[tuple[int, ...]]
    hands: Final[tuple[tuple[Slot, ...], ...]]
    pile: Final[tuple[Card, ...]]
    kalo_holder: Final[int]
    trick: Final[tuple[TrickPlay, ...]]
    passed: Final[frozenset[int]]
    leader: Final[int]
    phase: Final[str]
    current_player: Final[int | None]
    arranged: Final[int]
    effect: Final[Effect | None]
    out: Final[tuple[int, ...]]
    plays: Final[int]
    aside: Final[tuple[Card, ...]]
    is_over: Final[bool]
    _legal: tuple[Action, ...] | None

    def __init__(
        self,
        game: KaloOptions[KaloState],
        seed: int,
        round_number: int,
        scores: tuple[int, ...],
        hands: tuple[tuple[Slot, ...], ...],
        pile: tuple[Card, ...],
        kalo_holder: int,
        trick: tuple[TrickPlay, ...],
        passed: frozenset[int],
        leader: int,
        phase: str,
        current_player: int | None,
        arranged: int = 0,
        effect: Effect | None = None,
        out: tuple[int, ...] = (),
        plays: int = 0,
        aside: tuple[Card, ...] = (),
    ) -> None:
        self.game = game
        self.seed = seed
        self.round_number = round_number
        self.scores = scores
        self.hands = hands
        self.pile = pile
        self.kalo_holder = kalo_holder
        self.trick = trick
        self.passed = passed
        self.leader = leader
        self.phase = phase
        self.current_player = current_player
        self.arranged = arranged
        self.effect = effect
        self.out = out
        self.plays = plays
        self.aside = aside
        self.is_over = current_player is None
        self._legal = None

    # -- legal decisions -------------------------------------------------------

    def legal_actions(self) -> tuple[Action, ...]:
        """The decisions open to `current_player`, in this order.

        Arranging: ``arrange`` each slot not yet placed, then ``ready``.
        Playing: plays by rank (low to high), then by size, then in suit
        order; the lone Kalo last; then ``pass`` for a follower. Effects: cards in
        hand order (3) or pile order (4, 5); seats in seat order; slots from 0.
        """
        legal = self._legal
        if legal is None:
            seat = self.current_player
            if self.phase == "play" and seat is not None:  # the plays, then ``pass`` for a follower
                pile, combinations = len(self.pile), self.game.kalo_in_combinations
                legal = open_plays(self.hands, seat, self.trick, pile, kalo_in_combinations=combinations)
            else:
                legal = self._legal_now()
            self._legal = legal
        return legal

    def _legal_now(self) -> tuple[Action, ...]:
        """The decisions open outside the play phase (see `legal_actions`)."""
        seat = self.current_player
        if seat is None:
            return ()
        if self.phase == "arrange":
            return (*ARRANGES[self.arranged : len(self.hands[seat])], READY)
        effect = self.effect
        assert effect is not None
        if effect.step == "card":
            if effect.rank == 3:
                return tuple([CARD_CHOICES[slot.card] for slot in self.hands[seat]])
            return tuple(map(CARD_CHOICES.__getitem__, self.pile))
        if effect.step == "seat":
            return tuple([SEATS[other] for other, hand in enumerate(self.hands) if hand and other != seat])
        if effect.step == "slot":
            assert effect.target is not None
            return SLOTS[: len(self.hands[effect.target])]
        return INSERTS[: len(self.hands[seat]) + 1]

    def explain_illegal(self, action: object) -> Reason:
        """Say in the rules' words why a play, a pass or a choice is refused (`KALO_REASONS`)."""
        shown = str(action)
        if self.phase == "arrange" and not isinstance(action, (Arrange, Ready, Play, Pass)):
            return KALO_REASONS.reason("kalo.must_arrange", action=shown)
        if self.phase == "play" and not isinstance(action, (Arrange, Ready, Play, Pass)):
            return KALO_REASONS.reason("kalo.must_play_or_pass" if self.trick else "kalo.must_play", action=shown)
        if isinstance(action, Play):
            return self._why_not_play(action)
        if isinstance(action, Pass) and self.phase == "play" and not self.trick:
            return KALO_REASONS.reason("kalo.leader_cannot_pass")
        if self.effect is not None:
            return KALO_REASONS.reason("kalo.choose_" + self.effect.step, rank=self.effect.rank, action=shown)
        return KALO_REASONS.reason("kalo.not_now", action=shown)

    def _why_not_play(self, play: Play) -> Reason:
        """Why ``play`` is refused, in a player's words: which rule refuses it, and what may be played instead."""
        seat = self.current_player
        assert seat is not None
        if self.phase != "play":
            return KALO_REASONS.reason("kalo.arrange_first" if self.phase == "arrange" else "kalo.finish_effect")
        hand = {slot.card for slot in self.hands[seat]}
        missing = tuple(str(card) for card in play.cards if card not in hand)
        if missing:
            return KALO_REASONS.reason("kalo.not_in_hand", cards=missing)
        if play.has_kalo and len(play.cards) > 1 and not self.game.kalo_in_combinations:
            return KALO_REASONS.reason("kalo.kalo_alone")
        count = len(play.cards)
        if self.trick and play.cards != (KALO,):
            top = self.trick[-1].cards
            need, above = len(top), rank_of(top[0])
            if count != need:
                return KALO_REASONS.reason("kalo.wrong_count", above=above, need=need, count=count)
            if play.rank == above:
                return KALO_REASONS.reason("kalo.not_higher", rank=above, need=need)
            if play.rank < above:
                return KALO_REASONS.reason("kalo.lower", rank=play.rank, above=above, need=need)
        if play.rank == 3:
            left = len(hand) - count
            if not left:
                return KALO_REASONS.reason("kalo.give_last")
            return KALO_REASONS.reason("kalo.give_too_few", count=count, left=left)
        if play.rank in (4, 5):
            pile = len(self.pile)
            if not pile:
                return KALO_REASONS.reason("kalo.pile_empty", rank=play.rank)
            return KALO_REASONS.reason("kalo.pile_short", rank=play.rank, pile=pile, count=count)
        if play.rank == 6:
            others = held_by_others(self.hands, seat)
            return KALO_REASONS.reason("kalo.rob_short", others=others, count=count)
        return KALO_REASONS.reason("kalo.not_legal_play", play=str(play))

    def advance(self, action: Action, events: list[Event] | None) -> KaloState:
        """The state after ``action`` by the rules of `Table`, appending events when a list is given."""
        table = thaw(self, events)
        table.apply(action)
        return freeze(table)

    # -- what is seen ------------------------------------------------------------

    def view(self, seat: object) -> KaloView:
        """Return what ``seat`` may know (ruling K14); None is a spectator, who sees no hidden card.

        Raises:
            SeatError: If ``seat`` is not a seat of this game or None.
        """
        seat = self.game.check_seat(seat)
        return view_of(self, seat)

    def parse_action(self, text: object) -> Action:
        """Read a decision from its notation, such as ``8c 8h``, ``pass``, ``card Qh`` or ``insert 0``.

        Raises:
            InvalidActionError: If ``text`` is not Kalo notation, or names a
                seat or card this game does not have.
        """
        return self.game.fitting(parse_action(text))

    def json_fields(self) -> JSONDict:
        """The whole round and the match so far, for `State.to_dict`."""
        effect = self.effect
        return {
            "seed": self.seed,
            "round": self.round_number,
            "scores": list(self.scores),
            "hands": [[_slot_dict(slot) for slot in hand] for hand in self.hands],
            "pile": [str(card) for card in self.pile],
            "kalo_holder": self.kalo_holder,
            "trick": [{"seat": play.seat, "cards": [str(card) for card in play.cards]} for play in self.trick],
            "passed": sorted(self.passed),
            "leader": self.leader,
            "phase": self.phase,
            "current_player": self.current_player,
            "arranged": self.arranged,
            "effect": None
            if effect is None
            else {
                "rank": effect.rank,
                "seat": effect.seat,
                "left": effect.left,
                "step": effect.step,
                "card": None if effect.card is None else str(effect.card),
                "origin": sorted(effect.origin),
                "target": effect.target,
            },
            "out": list(self.out),
            "plays": self.plays,
            **({"aside": [str(card) for card in self.aside]} if self.aside else {}),
        }

    def cards_in_play(self) -> tuple[Card, ...]:
        """Every card of the round wherever it is: hands, trick, discard pile and an effect's card on its way."""
        cards = [slot.card for hand in self.hands for slot in hand]
        cards += [card for play in self.trick for card in play.cards]
        cards += self.pile
        if self.effect is not None and self.effect.card is not None:
            cards.append(self.effect.card)
        return tuple(cards)

    @property
    def removed(self) -> tuple[Card, ...]:
        """The cards out of this round: those out of the game by the player count (ruling K1), and any `aside`."""
        if not self.aside:
            return removed_cards(self.game.players)
        return tuple(sorted((*removed_cards(self.game.players), *self.aside), key=card_key))


def _slot_dict(slot: Slot) -> JSONDict:
    return {"card": str(slot.card), "received": slot.received, "known_by": sorted(slot.known_by)}


def thaw(state: KaloState, events: list[Event] | None) -> Table[KaloOptions[KaloState]]:
    """Copy a state into a table for one transition: its fields, the hands as a list (see `freeze`)."""
    return Table(
        state.game,
        state.seed,
        state.round_number,
        state.scores,
        list(state.hands),
        state.pile,
        state.kalo_holder,
        state.trick,
        state.passed,
        state.leader,
        state.phase,
        state.current_player,
        state.arranged,
        state.effect,
        state.out,
        state.plays,
        state.aside,
        events,
    )


def freeze(table: Table[KaloOptions[KaloState]]) -> KaloState:
    """Freeze a table back into a state: its fields, the hands as a tuple."""
    return KaloState(
        table.game,
        table.seed,
        table.round_number,
        table.scores,
        tuple(table.hands),
        table.pile,
        table.kalo_holder,
        table.trick,
        table.passed,
        table.leader,
        table.phase,
        table.current_player,
        table.arranged,
        table.effect,
        table.out,
        table.plays,
        table.aside,
    )


def view_of(state: KaloState, seat: int | None) -> KaloView:
    """Build ``seat``'s view of ``state`` (ruling K14; `KaloState.view` checks the seat first).

    Examples:
        >>> from tablegames.kalo import Kalo
        >>> state = Kalo(players=3).start(seed=2)
        >>> view_of(state, 1) == state.view(1), view_of(state, None).hands[1][0].card is None
        (True, True)
    """
    hands = tuple(map(hand_seen, state.hands, range(len(state.hands)), repeat(seat)))
    effect = state.effect
    effect_view = None
    pile = None
    if effect is not None:
        shown = effect.card if seat is not None and seat in effect.seen_by else None
        effect_view = EffectView(effect.rank, effect.seat, effect.left, effect.step, effect.target, shown)
        if effect.rank in (4, 5) and seat == effect.seat:
            pile = state.pile
    return KaloView(
        seat,
        state.current_player,
        state.scores,
        state.winners,
        state.legal_actions() if seat is not None and seat == state.current_player else (),
        state.round_number,
        state.kalo_holder,
        state.removed,
        state.phase,
        hands,
        state.trick,
        state.passed,
        state.leader,
        len(state.pile),
        pile,
        effect_view,
        state.out,
        state.plays,
        state.arranged if state.phase == "arrange" and seat is not None and seat == state.current_player else None,
    )
