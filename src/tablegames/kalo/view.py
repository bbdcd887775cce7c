"""What one seat may know of a Kalo state (ruling K14).

A seat sees its own hand in order; of every other hand its size and, slot by
slot, whether the card there was received this round, which seats know it,
and the card itself only if this seat knows it; the trick; the discard pile's
size, and its cards only while this seat resolves a 4 or 5; the scores; and
whose decision it is. A spectator (seat None) knows no hidden card.

The state makes its views (`KaloState.view`, through
`tablegames.kalo.state.view_of`); a view is read, written and turned into
numbers here, knowing nothing of the state.

Examples:
    >>> from tablegames.kalo import Kalo
    >>> state = Kalo(players=3).start(seed=2)
    >>> view = state.view(0)
    >>> len(view.hands[0]), all(slot.card is not None for slot in view.hands[0])
    (17, True)
    >>> any(slot.card is not None for slot in view.hands[1])
    False
"""

from __future__ import annotations

import functools
from typing import TYPE_CHECKING, ClassVar

import attrs

from tablegames.core.plurals import plural
from tablegames.core.protocol import View, result_text
from tablegames.kalo.cards import DECK, RANK_NAMES, Card, card_key, rank_of, removed_cards

if TYPE_CHECKING:
    from tablegames.core.serial import JSONDict
    from tablegames.kalo.effects import Step
    from tablegames.kalo.hands import Slot
    from tablegames.kalo.tricks import TrickPlay

__all__ = ["EffectView", "KaloView", "SlotView", "hand_seen"]

_RANKS = range(3, 16)
_PHASES = ("arrange", "play", "effect", "over")
_STEPS = ("card", "seat", "slot", "insert")


@attrs.frozen
class SlotView:
    """One slot of a hand as a seat sees it: the card (None if unknown), whether it was received, who knows it.

    ``str()`` is the card's notation, or ``??`` for a card the seat does not know.

    Examples:
        >>> from tablegames.kalo import Card
        >>> str(SlotView(Card.parse("Qh"), False, frozenset())), str(SlotView(None, True, frozenset({2})))
        ('Qh', '??')
    """

    card: Card | None
    received: bool
    known_by: frozenset[int]

    def to_dict(self) -> JSONDict:
        """The slot as JSON."""
        card = None if self.card is None else str(self.card)
        return {"card": card, "received": self.received, "known_by": sorted(self.known_by)}

    def __str__(self) -> str:
        return "??" if self.card is None else str(self.card)


@attrs.frozen
class EffectView:
    """The effect being resolved: public but for the card, shown only to the seats that may see it."""

    rank: int
    seat: int
    left: int
    step: Step
    target: int | None
    card: Card | None

    def to_dict(self) -> JSONDict:
        """The effect as JSON, each key named, as a slot's are: the format does not follow the field order."""
        return {
            "rank": self.rank,
            "seat": self.seat,
            "left": self.left,
            "step": self.step,
            "target": self.target,
            "card": None if self.card is None else str(self.card),
        }


@attrs.frozen
class KaloView(View):
    """A Kalo state as one seat may know it.

    Attributes:
        round_number: The round in progress.
        kalo_holder: Who was dealt the Kalo this round.
        removed: The cards out of this round: by the player count (K1), and any a position set aside.
        phase: ``"arrange"``, ``"play"``, ``"effect"`` or ``"over"``.
        hands: Every hand, slot by slot, as this seat sees it.
        trick: The plays of the trick in progress.
        passed: Seats that passed since the last play.
        leader: Who opens or opened the trick.
        pile_size: Cards in the discard pile.
        pile: The discard pile's cards while this seat resolves a 4 or 5, else None.
        effect: The effect being resolved, if any.
        out: Seats out of this round, in order.
        plays: Plays so far this round.
        arranged: While this seat arranges its hand: how many of its slots,
            from the first, are placed (the ``arrange`` decisions offered are
            for the slots after them); None otherwise, and to every other seat.
    """

    game_name: ClassVar[str] = "kalo"

    round_number: int
    kalo_holder: int
    removed: tuple[Card, ...]
    phase: str
    hands: tuple[tuple[SlotView, ...], ...]
    trick: tuple[TrickPlay, ...]
    passed: frozenset[int]
    leader: int
    pile_size: int
    pile: tuple[Card, ...] | None
    effect: EffectView | None
    out: tuple[int, ...]
    plays: int
    arranged: int | None = None

    def json_fields(self) -> JSONDict:
        """What the seat may know of the round, for `View.to_dict`."""
        return {
            "round": self.round_number,
            "kalo_holder": self.kalo_holder,
            "removed": [str(card) for card in self.removed],
            "phase": self.phase,
            "hands": [[slot.to_dict() for slot in hand] for hand in self.hands],
            "trick": [{"seat": play.seat, "cards": [str(card) for card in play.cards]} for play in self.trick],
            "passed": sorted(self.passed),
            "leader": self.leader,
            "pile_size": self.pile_size,
            "pile": None if self.pile is None else [str(card) for card in self.pile],
            "effect": None if self.effect is None else self.effect.to_dict(),
            "out": list(self.out),
            "plays": self.plays,
            "arranged": self.arranged,
        }

    def observation(self) -> tuple[int, ...]:
        """The view as numbers, in the layout that `tablegames.kalo.encoding` sets out."""
        n = len(self.hands)
        me = self.seat or 0
        width = n + 5
        cards = [0] * (len(DECK) * width)
        size = len(DECK) - len(removed_cards(n))  # the most a hand can hold (cards set aside count as removed)
        received = [0] * (n * size)
        for owner, hand in enumerate(self.hands):
            relative = (owner - me) % n
            for slot, seen in enumerate(hand):
                if seen.card is not None:
                    at = card_key(seen.card) * width
                    cards[at + relative] = 1
                    cards[at + n + 4] = slot + 1
                if seen.received:
                    received[relative * size + slot] = 1
        effect = self.effect
        on_its_way = () if effect is None or effect.card is None else (effect.card,)
        played = [card for play in self.trick for card in play.cards]
        for column, placed in enumerate((played, self.pile or (), on_its_way, self.removed), start=n):
            for card in placed:
                cards[card_key(card) * width + column] = 1
        seats = [0] * (7 * n)
        for owner in range(n):
            at = 7 * ((owner - me) % n)
            seats[at : at + 7] = (
                len(self.hands[owner]),
                self.scores[owner],
                self.out.index(owner) + 1 if owner in self.out else 0,
                int(owner in self.passed),
                int(owner == self.kalo_holder),
                int(owner == self.leader),
                int(owner == self.current_player),
            )
        trick = [0] * (14 + n)
        if self.trick:
            last = self.trick[-1]
            trick[_RANKS.index(rank_of(last.cards[0]))] = 1
            trick[13] = len(last.cards)
            trick[14 + (last.seat - me) % n] = 1
        phase = [int(self.phase == each) for each in _PHASES]
        resolving = [0] * (9 + 2 * n)
        if effect is not None:
            resolving[effect.rank - 3] = 1
            resolving[4 + _STEPS.index(effect.step)] = 1
            resolving[8] = effect.left
            resolving[9 + (effect.seat - me) % n] = 1
            if effect.target is not None:
                resolving[9 + n + (effect.target - me) % n] = 1
        return (*cards, *received, *seats, *trick, *phase, *resolving, self.pile_size, self.plays, self.round_number)

    def __str__(self) -> str:
        lines = [
            f"round {self.round_number} · scores "
            + " ".join(f"{seat}:{score}" for seat, score in enumerate(self.scores))
        ]
        for index, hand in enumerate(self.hands):
            marker = "*" if index == self.current_player else " "
            cards = " ".join(f"{slot}'" if slot.received else str(slot) for slot in hand) or "(out)"
            lines.append(f"{marker}seat {index}{' (you)' if index == self.seat else ''}: {cards}")
        trick = "  ".join(f"{play.seat}: {' '.join(map(str, play.cards))}" for play in self.trick) or "(new trick)"
        lines.append(f"trick: {trick}   discard pile: {plural(self.pile_size, 'card')}")
        if self.pile is not None:
            lines.append("discard pile: " + " ".join(map(str, self.pile)))
        if self.effect is not None:
            effect = self.effect
            card = "" if effect.card is None else f" ({effect.card})"
            lines.append(
                f"effect: seat {effect.seat}'s {RANK_NAMES[effect.rank]}, {effect.left} left, step {effect.step}{card}"
            )
        if self.current_player is None:
            lines.append(f"game over {result_text(self.scores, self.winners)}")
        else:
            moves = " | ".join(str(action) for action in self.legal_actions)
            lines.append(f"seat {self.current_player} to decide ({self.phase})" + (f": {moves}" if moves else ""))
        return "\n".join(lines)


def hand_seen(hand: tuple[Slot, ...], owner: int, seat: int | None) -> tuple[SlotView, ...]:
    """``owner``'s ``hand`` as ``seat`` sees it, as in ``seat``'s view (ruling K14).

    The owner sees every card; another seat sees the cards it knows (it
    gave or took them, or saw them pass), and of the rest only where they
    are and whether they were received.

    Examples:
        >>> from tablegames.kalo import Kalo
        >>> state = Kalo(players=3).start(seed=2)
        >>> hand_seen(state.hands[1], 1, 0) == state.view(0).hands[1]
        True
    """
    if owner == seat:
        return tuple([_slot_views(slot)[0] for slot in hand])
    return tuple([_slot_views(slot)[seat is None or seat not in slot.known_by] for slot in hand])


@functools.lru_cache(maxsize=8192)
def _slot_views(slot: Slot) -> tuple[SlotView, SlotView]:
    """``slot`` seen with its card, and seen without it: slots recur from state to state, so both are kept."""
    return SlotView(slot.card, slot.received, slot.known_by), SlotView(None, slot.received, slot.known_by)
