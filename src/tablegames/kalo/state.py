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

import operator
from itertools import chain, combinations, compress
from typing import TYPE_CHECKING, Any

import attrs

from tablegames.core.protocol import Action, Event, State, game_over
from tablegames.kalo.actions import (
    ARRANGES,
    CARD_CHOICES,
    INSERTS,
    PASS,
    READY,
    SEATS,
    SLOTS,
    Arrange,
    Pass,
    Play,
    Ready,
    parse_action,
)
from tablegames.kalo.cards import DECK, EFFECTS, KALO, RANK_NAMES, Card, card_key, removed_cards
from tablegames.kalo.rules import Table, most_playable
from tablegames.kalo.view import view_of

if TYPE_CHECKING:
    from collections.abc import Callable

    from tablegames.core.serial import JSONDict
    from tablegames.kalo.game import Kalo
    from tablegames.kalo.model import Effect, Slot, TrickPlay
    from tablegames.kalo.view import KaloView

__all__ = ["KaloState", "freeze"]


_PLAYS: dict[tuple[Card, ...], Play] = {}


def _play(cards: tuple[Card, ...]) -> Play:
    """The interned `Play` of cards already in `card_key` order."""
    play = _PLAYS.get(cards)
    if play is None:
        play = _PLAYS[cards] = Play(cards)
    return play


#: Each card's bit in a hand's mask: bit ``i`` is ``DECK[i]``, so the four bits of a rank sit together, in suit order.
_BIT: dict[Card, int] = {card: 1 << index for index, card in enumerate(DECK)}
_KALO_BIT = _BIT[KALO]
_card_of = operator.attrgetter("card")


def _hand_mask(hand: tuple[Slot, ...]) -> int:
    """The bits of the cards in ``hand`` (see `_BIT`)."""
    return sum(map(_BIT.__getitem__, map(_card_of, hand)))


def _fill_rank_tables() -> None:
    """Fill `_BY_SIZE` and `_OF_SIZE`: the plays of every set of cards of one rank, indexed by ``rank << 4 | bits``.

    ``bits`` are the rank's four bits of a hand's mask (`_BIT` shifted down by
    ``4 * (rank - 3)``). The first table holds the plays of each set by size:
    those of 1 card, of 2 cards, and so on. In the second, entry ``count``
    holds the plays of ``count`` cards, and entry 0 all of them, smallest
    first. Each tuple is in suit order (`itertools.combinations` of the cards
    in `DECK` order); the plays are interned, one for each subset of a rank's cards.
    They are made the first time a play phase asks for its decisions, so that
    loading and starting a game (which begins with arranging) does not.
    """
    # Whether each of a rank's four cards is in a set of them, for each set as bits (0 to 15); and for each set,
    # its subsets of 1 card, of 2 cards, and so on, as bits, in `itertools.combinations` order.
    chosen = [tuple(bits >> bit & 1 for bit in range(4)) for bits in range(16)]
    subsets = [
        [
            tuple(sum(1 << bit for bit in each) for each in combinations(compress(range(4), chosen[bits]), count))
            for count in range(1, bits.bit_count() + 1)
        ]
        for bits in range(16)
    ]
    by_size: list[tuple[tuple[Play, ...], ...]] = [()] * 256
    of_size: list[list[tuple[Play, ...]]] = [[()] * 256 for _ in range(5)]
    for index, card in enumerate(DECK[::4]):
        rank_cards = DECK[4 * index : 4 * index + 4]
        held = (1 << len(rank_cards)) - 1  # the Kalo's rank has one card
        plays = {bits: _play(tuple(compress(rank_cards, chosen[bits]))) for bits in range(1, held + 1)}
        for bits in range(1, 16):
            sizes = tuple([tuple(map(plays.__getitem__, each)) for each in subsets[bits & held]])
            at = card.rank << 4 | bits
            by_size[at] = sizes
            of_size[0][at] = tuple(chain.from_iterable(sizes))
            for count, each in enumerate(sizes, start=1):
                of_size[count][at] = each
    _BY_SIZE[:] = by_size
    _OF_SIZE[:] = of_size  # last: a thread that finds it filled finds both


#: The plays of each rank's sets of cards, by size and of each size (see `_fill_rank_tables`); empty until filled.
_BY_SIZE: list[tuple[tuple[Play, ...], ...]] = []
_OF_SIZE: list[list[tuple[Play, ...]]] = []
#: The Kalo played alone.
_LONE_KALO = _play((KALO,))


@attrs.frozen
class KaloState(State):
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
        is_over: True once the game is over, kept with the state (see `game_over`).
    """

    game: Kalo
    seed: int
    round_number: int
    scores: tuple[int, ...]
    hands: tuple[tuple[Slot, ...], ...]
    pile: tuple[Card, ...]
    kalo_holder: int
    trick: tuple[TrickPlay, ...]
    passed: frozenset[int]
    leader: int
    phase: str
    current_player: int | None
    arranged: int = 0
    effect: Effect | None = None
    out: tuple[int, ...] = ()
    plays: int = 0
    aside: tuple[Card, ...] = ()
    is_over: bool = attrs.field(init=False, eq=False, repr=False, default=attrs.Factory(game_over, takes_self=True))

    # -- legal decisions -------------------------------------------------------

    def legal_actions(self) -> tuple[Action, ...]:
        """The decisions open to `current_player`, in this order.

        Arranging: ``arrange`` each slot not yet placed, then ``ready``.
        Playing: plays by rank (low to high), then by size, then in suit
        order; the lone Kalo last; then ``pass`` for a follower. Effects: cards in
        hand order (3) or pile order (4, 5); seats in seat order; slots from 0.
        """
        return self._plays() if self.phase == "play" else self._legal_now()

    def _legal_now(self) -> tuple[Action, ...]:
        """The decisions open outside the play phase (see `_plays`)."""
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

    def _plays(self) -> tuple[Action, ...]:
        """The plays open to `current_player` in the order of `legal_actions`, then ``pass`` for a follower."""
        if not _OF_SIZE:
            _fill_rank_tables()
        hand = self.hands[self.current_player]  # type: ignore[index]  # the play phase always has a player
        mask = _hand_mask(hand)
        has_kalo = mask & _KALO_BIT
        combos = self.game.kalo_in_combinations
        if not combos:
            mask ^= has_kalo  # the Kalo is played alone, below
        trick = self.trick
        if trick:
            top = trick[-1].cards
            need, rank = len(top), top[0].rank + 1
        else:
            need, rank = 0, 3
        plays: list[Action] = []
        rest = mask >> 4 * (rank - 3)
        at = rank << 4
        if rank < 7 and rest & 0xFFFF >> 4 * (rank - 3):  # ranks 3 to 6 have effects (ruling K8)
            size, pile = len(hand), len(self.pile)
            others = sum(map(len, self.hands)) - size
            for each_rank in range(rank, 7):
                if rest & 15:
                    most = most_playable(each_rank, size, pile, others)
                    by_size = _BY_SIZE[at | rest & 15]
                    if need:
                        if need <= most and need <= len(by_size):
                            plays += by_size[need - 1]
                    else:
                        for each in by_size[:most]:
                            plays += each
                rest >>= 4
                at += 16
        elif rank < 7:
            rest >>= 4 * (7 - rank)
            at = 7 << 4
        of_size = _OF_SIZE[need]
        while rest:  # the ranks without effects above the trick's, low to high: four bits each
            if rest & 15:
                plays += of_size[at | rest & 15]
            rest >>= 4
            at += 16
        # The lone Kalo, last; with option kalo_in_combinations the 2s' plays already hold it (it is the 2h),
        # unless the trick asks for more cards than one or its top is already 2s (rank 15).
        if has_kalo and (not combos or need > 1 or rank > 15):
            plays.append(_LONE_KALO)
        if need:
            plays.append(PASS)
        return tuple(plays)

    def is_legal(self, action: object) -> bool:
        """Return True if ``action`` is one of `legal_actions` (found by identity first: they are interned)."""
        legal = self.legal_actions()
        for each in legal:
            if each is action:
                return True
        return action in legal

    def apply(self, action: Action) -> KaloState:
        """Return the state after ``action``; this state is unchanged.

        Raises:
            IllegalActionError: If ``action`` is not legal here; the message says why and lists what is legal.
        """
        if not self.is_legal(action):
            raise self._illegal(action)
        return self._advance(action, None)

    def _why_illegal(self, action: object) -> str:
        seat = self.current_player
        expected = {"arrange": "arrange a slot or say ready", "play": "play cards" + (" or pass" if self.trick else "")}
        if self.phase in expected and not isinstance(action, (Arrange, Ready, Play, Pass)):
            return f"seat {seat} must {expected[self.phase]}, not {action}"
        if isinstance(action, Play):
            return self._why_not_play(action)
        if isinstance(action, Pass) and self.phase == "play" and not self.trick:
            return f"seat {seat} leads and must play when it can; a leader cannot pass"
        if self.effect is not None:
            effect = self.effect
            what = {
                "card": "choose a card",
                "seat": "choose another player holding cards",
                "slot": "choose a slot",
                "insert": "choose the slot for the card received",
            }[effect.step]
            return f"seat {seat} must {what} for the {RANK_NAMES[effect.rank]} ({EFFECTS[effect.rank]}), not {action}"
        return f"{action} is not a legal decision for seat {seat} now"

    def _why_not_play(self, play: Play) -> str:
        seat = self.current_player
        assert seat is not None
        if self.phase != "play":
            return f"no play now: seat {seat} must {'arrange' if self.phase == 'arrange' else 'resolve an effect'}"
        hand = {slot.card for slot in self.hands[seat]}
        missing = [str(card) for card in play.cards if card not in hand]
        if missing:
            return f"{' '.join(missing)} {'is' if len(missing) == 1 else 'are'} not in seat {seat}'s hand"
        if play.has_kalo and len(play.cards) > 1 and not self.game.kalo_in_combinations:
            return "the Kalo is always played alone"
        if self.trick and play.cards != (KALO,):
            top = self.trick[-1].cards
            if len(play.cards) != len(top) or play.rank <= top[0].rank:
                cards = "card" if len(top) == 1 else "cards"
                return f"must play {len(top)} {cards} of rank above {RANK_NAMES[top[0].rank]}, or pass"
        count = len(play.cards)
        if play.rank == 3:
            left = len(hand) - count
            return f"a 3 gives a card from your hand: playing {count} leaves {left} to give, {count} needed"
        return f"the discard pile or the other hands hold too few cards for {count} {RANK_NAMES[play.rank]}'s effect"

    def _advance(self, action: Action, events: list[Event] | None) -> KaloState:
        """The state after ``action`` by the rules of `Table`, appending events when a list is given."""
        table = Table(*(*_read_fields(self), events))
        table.hands = list(self.hands)
        table.scores = list(self.scores)
        table.apply(action)
        return freeze(table)

    # -- what is seen ------------------------------------------------------------

    def view(self, seat: int | None) -> KaloView:
        """Return what ``seat`` may know (ruling K14); None is a spectator, who sees no hidden card.

        Raises:
            SeatError: If ``seat`` is not a seat of this game or None.
        """
        self.game.check_seat(seat)
        return view_of(self, seat)

    def parse_action(self, text: str) -> Action:
        """Read a decision from its notation, such as ``8c 8h``, ``pass``, ``card Qh`` or ``insert 0``.

        Raises:
            InvalidActionError: If ``text`` is not Kalo notation, or names a
                seat or card this game does not have.
        """
        return self.game.fitting(parse_action(text))

    def _fields(self) -> JSONDict:
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

    def __str__(self) -> str:
        return str(self.view(None))


def _slot_dict(slot: Slot) -> JSONDict:
    return {"card": str(slot.card), "received": slot.received, "known_by": sorted(slot.known_by)}


#: The fields a state is built from, in the order of its constructor; `Table` has them in this order, then ``events``.
_FIELDS = tuple(field.name for field in attrs.fields(KaloState) if field.init)
_read_fields: Callable[[object], Any] = operator.attrgetter(*_FIELDS)


def freeze(table: Table) -> KaloState:
    """Freeze a table back into a state: its fields, the hands and scores as tuples."""
    table.hands = tuple(table.hands)  # type: ignore[assignment]
    table.scores = tuple(table.scores)  # type: ignore[assignment]
    return KaloState(*_read_fields(table))
