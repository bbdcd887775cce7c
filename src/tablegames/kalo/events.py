"""What happens in Kalo, as `Event` values, each shown to a seat only as far as it may know it.

Cards that pass face down are named only to the seats in the event's
``seen_by``; everyone else gets the same event with ``card`` None.

Examples:
    >>> from tablegames.kalo.cards import Card
    >>> event = Robbed(seat=3, victim=1, slot=2, card=Card.parse("Ah"), seen_by=frozenset({1, 3}))
    >>> str(event.for_seat(3)), str(event.for_seat(0))
    ('seat 3 takes Ah from slot 2 of seat 1', 'seat 3 takes the card in slot 2 of seat 1')
"""

from __future__ import annotations

from typing import TYPE_CHECKING, ClassVar

import attrs

from tablegames.core.plurals import plural
from tablegames.core.protocol import Event, GameEnded

if TYPE_CHECKING:
    from tablegames.kalo.cards import Card

__all__ = [
    "Arranged",
    "Blocked",
    "CardChosen",
    "GameEnded",
    "Inserted",
    "Leads",
    "Passed",
    "Played",
    "ReadyToPlay",
    "Robbed",
    "RoundEnded",
    "RoundStarted",
    "TargetChosen",
    "TrickWon",
    "WentOut",
]


class _KaloEvent(Event):
    """An event of Kalo: its dict says ``"game": "kalo"``."""

    __slots__ = ()

    game_name: ClassVar[str | None] = "kalo"


class _Hidden(_KaloEvent):
    """An event naming a card that only ``seen_by`` may know."""

    __slots__ = ()

    card: Card | None
    seen_by: frozenset[int]

    def for_seat(self, seat: int | None) -> Event | None:
        """The event whole for a seat in ``seen_by``; otherwise with the card left out."""
        if seat is not None and seat in self.seen_by:
            return self
        return attrs.evolve(self, card=None)  # type: ignore[misc]

    def _card(self, unknown: str) -> str:
        return unknown if self.card is None else str(self.card)


@attrs.frozen
class RoundStarted(_KaloEvent):
    """A round was dealt; ``kalo_holder`` announced the Kalo and ``opener`` (the next seat) opens (K2)."""

    kind: ClassVar[str] = "round_started"
    round_number: int
    kalo_holder: int
    opener: int

    def __str__(self) -> str:
        return f"round {self.round_number}: seat {self.kalo_holder} holds the Kalo; seat {self.opener} opens"


@attrs.frozen
class Arranged(_KaloEvent):
    """Before the opening play ``seat`` moved the card at ``slot`` to ``to`` (seen by that seat alone)."""

    kind: ClassVar[str] = "arranged"
    seat: int
    slot: int
    to: int

    def for_seat(self, seat: int | None) -> Event | None:
        """Only the arranging seat sees its own arranging."""
        return self if seat == self.seat else None

    def __str__(self) -> str:
        return f"seat {self.seat} moves the card at slot {self.slot} to slot {self.to}"


@attrs.frozen
class ReadyToPlay(_KaloEvent):
    """``seat`` has arranged its hand."""

    kind: ClassVar[str] = "ready"
    seat: int

    def __str__(self) -> str:
        return f"seat {self.seat} is ready"


@attrs.frozen
class Leads(_KaloEvent):
    """``seat`` is to lead the next trick."""

    kind: ClassVar[str] = "leads"
    seat: int

    def __str__(self) -> str:
        return f"seat {self.seat} leads"


@attrs.frozen
class Blocked(_KaloEvent):
    """``seat`` should lead but has no legal lead; the lead moves on (K7)."""

    kind: ClassVar[str] = "blocked"
    seat: int

    def __str__(self) -> str:
        return f"seat {self.seat} is blocked and cannot lead"


@attrs.frozen
class Played(_KaloEvent):
    """``seat`` played ``cards``."""

    kind: ClassVar[str] = "played"
    seat: int
    cards: tuple[Card, ...]

    def __str__(self) -> str:
        return f"seat {self.seat} plays {' '.join(map(str, self.cards))}"


@attrs.frozen
class Passed(_KaloEvent):
    """``seat`` passed."""

    kind: ClassVar[str] = "passed"
    seat: int

    def __str__(self) -> str:
        return f"seat {self.seat} passes"


@attrs.frozen
class TrickWon(_KaloEvent):
    """``seat`` won the trick; its ``cards`` went onto the discard pile (K6)."""

    kind: ClassVar[str] = "trick_won"
    seat: int
    cards: int

    def __str__(self) -> str:
        goes = "goes" if self.cards == 1 else "go"
        return f"seat {self.seat} wins the trick; {plural(self.cards, 'card')} {goes} to the discard pile"


@attrs.frozen
class CardChosen(_Hidden):
    """For a 3, ``seat`` takes up the card at ``slot`` of its hand to give; for a 4 or 5, a card of the discard pile."""

    kind: ClassVar[str] = "card_chosen"
    seat: int
    rank: int
    slot: int | None
    card: Card | None
    seen_by: frozenset[int]

    def __str__(self) -> str:
        if self.slot is None:
            return f"seat {self.seat} takes {self._card('a card')} from the discard pile"
        return f"seat {self.seat} takes up {self._card('the card')} from slot {self.slot} to give away"


@attrs.frozen
class TargetChosen(_Hidden):
    """``seat`` chose ``target``: for a 3 or 5, who receives the card on its way; for a 6, whom to rob (K8).

    Who gives to whom is public; the card (None for a 6, whose card is not
    yet taken) is named only to ``seen_by``, the seats that know it.
    """

    kind: ClassVar[str] = "target_chosen"
    seat: int
    rank: int
    target: int
    card: Card | None
    seen_by: frozenset[int]

    def __str__(self) -> str:
        if self.rank == 6:
            return f"seat {self.seat} robs seat {self.target}"
        return f"seat {self.seat} gives {self._card('the card')} to seat {self.target}"


@attrs.frozen
class Robbed(_Hidden):
    """A 6: ``seat`` took the card at ``slot`` of ``victim``'s hand."""

    kind: ClassVar[str] = "robbed"
    seat: int
    victim: int
    slot: int
    card: Card | None
    seen_by: frozenset[int]

    def __str__(self) -> str:
        if self.card is None:
            return f"seat {self.seat} takes the card in slot {self.slot} of seat {self.victim}"
        return f"seat {self.seat} takes {self.card} from slot {self.slot} of seat {self.victim}"


@attrs.frozen
class Inserted(_Hidden):
    """``seat`` received a card and put it at ``slot`` of its hand (the slot is public, K9)."""

    kind: ClassVar[str] = "inserted"
    seat: int
    slot: int
    card: Card | None
    seen_by: frozenset[int]

    def __str__(self) -> str:
        return f"seat {self.seat} puts {self._card('a card')} at slot {self.slot}"


@attrs.frozen
class WentOut(_KaloEvent):
    """``seat`` has no cards left: it is out in ``place`` and scores ``points`` (K10)."""

    kind: ClassVar[str] = "went_out"
    seat: int
    place: int
    points: int

    def __str__(self) -> str:
        return f"seat {self.seat} is out in place {self.place} and scores {self.points}"


@attrs.frozen
class RoundEnded(_KaloEvent):
    """Round ``round_number`` ended for ``reason`` (last, blocked or limit); ``scoring`` got 1 point each (K11).

    The event holds the round's summary, so that a frontend can show the
    finished round from it alone (the next round is dealt in the same step):

    Attributes:
        places: The seats that went out, in order, the last holder included
            when one player was left holding cards (K10, K11).
        points: What each seat scored this round, by seat.
        scores: Every seat's total after the round.
    """

    kind: ClassVar[str] = "round_ended"
    round_number: int
    reason: str
    scoring: tuple[int, ...]
    places: tuple[int, ...]
    points: tuple[int, ...]
    scores: tuple[int, ...]

    def __str__(self) -> str:
        seats = ", ".join(f"seat {seat}" for seat in self.scoring) or "nobody"
        why = {
            "last": "one player holds cards",
            "blocked": "every player holding cards is blocked",
            "limit": "the round reached its play limit",
        }[self.reason]
        return f"round {self.round_number} ends: {why}; 1 point to {seats}"
