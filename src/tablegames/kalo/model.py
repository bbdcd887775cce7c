"""The values a Kalo state is made of: hand slots, the trick's plays and an effect being resolved.

Examples:
    >>> from tablegames.kalo.cards import Card
    >>> Slot(Card.parse("Qh"), received=True, known_by=frozenset({2}))
    Slot(card=Card(rank=12, suit='h'), received=True, known_by=frozenset({2}))
"""

from __future__ import annotations

from typing import Final, Literal

from tablegames.core.plain import Plain
from tablegames.kalo.cards import DECK, Card, card_key

__all__ = ["DEALT", "Effect", "Slot", "Step", "TrickPlay", "received"]

#: The decisions of an effect, in the order they come (see `Effect`).
Step = Literal["card", "seat", "slot", "insert"]


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
DEALT: dict[Card, Slot] = {card: Slot(card) for card in DECK}
#: The slots of received cards made so far, by card and the seats that know it (at most 52 × 64).
_RECEIVED: dict[tuple[Card, frozenset[int]], Slot] = {}


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


class TrickPlay(Plain):
    """A play in the current trick: ``seat`` played ``cards`` (a plain class: one is made at every play).

    Examples:
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


class Effect(Plain):
    """An effect of a played 3, 4, 5 or 6 being resolved (a plain class: one is made at every step of an effect).

    The steps of one effect, each one decision (ruling K8, K9):

    - 3: ``card`` (from your hand), ``seat`` (who receives), ``insert`` (the receiver places it);
    - 4: ``card`` (from the discard pile), ``insert`` (you place it);
    - 5: ``card`` (from the discard pile), ``seat`` (who receives), ``insert`` (the receiver places it);
    - 6: ``seat`` (whom to rob), ``slot`` (which of their slots), ``insert`` (you place it).

    Attributes:
        rank: 3, 4, 5 or 6.
        seat: Whose play it is.
        left: Effects still to resolve, this one included.
        step: The decision now due.
        card: The card on its way (None before it is chosen or taken).
        origin: The seats that know the card on its way: whoever chose or
            lost it, and whoever knew it where it was.
        target: The other player, once chosen.
    """

    __slots__ = ("card", "left", "origin", "rank", "seat", "step", "target")
    __match_args__ = ("rank", "seat", "left", "step", "card", "origin", "target")

    rank: Final[int]
    seat: Final[int]
    left: Final[int]
    step: Final[Step]
    card: Final[Card | None]
    origin: Final[frozenset[int]]
    target: Final[int | None]

    def __init__(
        self,
        rank: int,
        seat: int,
        left: int,
        step: Step,
        card: Card | None = None,
        origin: frozenset[int] = frozenset(),
        target: int | None = None,
    ) -> None:
        self.rank = rank
        self.seat = seat
        self.left = left
        self.step = step
        self.card = card
        self.origin = origin
        self.target = target

    @property
    def receiver(self) -> int:
        """Who receives the card: the player of a 4 or 6, the chosen player of a 3 or 5."""
        if self.rank in (4, 6) or self.target is None:
            return self.seat
        return self.target

    @property
    def decider(self) -> int:
        """Whose decision the step due is: the receiver's to place the card, else the player's.

        Examples:
            >>> Effect(rank=5, seat=0, left=1, step="insert", target=2).decider
            2
        """
        return self.receiver if self.step == "insert" else self.seat

    @property
    def seen_by(self) -> frozenset[int]:
        """The seats that may see the card on its way: `origin`, and the receiver while placing it."""
        return self.origin | {self.receiver} if self.step == "insert" else self.origin
