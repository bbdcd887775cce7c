"""The plays on Kalo's trick in progress: each seat that played and the cards it played, in order."""

from __future__ import annotations

from typing import TYPE_CHECKING, Final

from tablegames.core.plain import Plain

if TYPE_CHECKING:
    from tablegames.kalo.cards import Card

__all__ = ["TrickPlay"]


class TrickPlay(Plain):
    """A play in the current trick: ``seat`` played ``cards`` (a plain class: one is made at every play).

    Examples:
        >>> from tablegames.kalo.cards import Card
        >>> TrickPlay(seat=1, cards=(Card.parse("Qh"),))
        TrickPlay(seat=1, cards=(Card(rank=12, suit='h'),))
    """

    __slots__ = ("cards", "seat")
    __match_args__ = ("seat", "cards")

    seat: Final[int]
    cards: Final[tuple[Card, ...]]

    def __init__(self, seat: int, cards: tuple[Card, ...]) -> None:
        self.seat = seat
        self.cards = cards
