"""A Kalo hand's slots: each card where it sits, whether it came in during the round, and who knows it.

A hand is a tuple of slots in the order its player arranged it (K3); a 6
takes a card by its slot. Every card dealt sits in its `DEALT` slot, and a
card received during the round in the slot `received` makes once for each
card and the seats that know it.

Examples:
    >>> from tablegames.kalo.cards import Card
    >>> Slot(Card.parse("Qh"), received=True, known_by=frozenset({2}))
    Slot(card=Card(rank=12, suit='h'), received=True, known_by=frozenset({2}))
"""

from __future__ import annotations

from typing import Final

from tablegames.core.plain import Plain
from tablegames.kalo.cards import DECK, Card, card_key

__all__ = ["DEALT", "Slot", "received"]


class Slot(Plain):
    """One place in a hand (a plain class: hands are read at every decision).

    Attributes:
        card: The card there.
        received: True if the card came in during the round (public: everyone
            sees where a received card is put).
        known_by: The other seats that know which card this is (they gave or
            took it, or saw it pass between hands they knew); public as a set.
        bit: The card's bit in a hand's mask, ``1 << card_key(card)``: the
            plays a hand allows are looked up by its mask.
    """

    __slots__ = ("bit", "card", "known_by", "received")
    __match_args__ = ("card", "received", "known_by")

    card: Final[Card]
    received: Final[bool]
    known_by: Final[frozenset[int]]
    bit: Final[int]

    def __init__(self, card: Card, received: bool = False, known_by: frozenset[int] = frozenset()) -> None:
        self.card = card
        self.received = received
        self.known_by = known_by
        self.bit = 1 << card_key(card)


#: One plain `Slot` per card: how every card sits in a hand just after the deal.
DEALT: Final[dict[Card, Slot]] = {card: Slot(card) for card in DECK}
#: The slots of received cards made so far, by card and the seats that know it (at most 52 × 64).
_RECEIVED: Final[dict[tuple[Card, frozenset[int]], Slot]] = {}


def received(card: Card, known_by: frozenset[int]) -> Slot:
    """The slot of ``card`` received during the round, known to the other seats ``known_by``: one made for each.

    Examples:
        >>> from tablegames.kalo.cards import KALO
        >>> received(KALO, frozenset({1})) is received(KALO, frozenset({1}))
        True
    """
    slot = _RECEIVED.get((card, known_by))
    if slot is None:
        slot = _RECEIVED[card, known_by] = Slot(card, True, known_by)
    return slot
