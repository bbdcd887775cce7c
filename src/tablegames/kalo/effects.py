"""The effect of a played 3, 4, 5 or 6 while it is resolved, one decision at a time (K8, K9).

Which steps each effect takes, and what each step does, are the rules'
(`tablegames.kalo.rules.STEPS`); an `Effect` says where one stands.

Examples:
    >>> effect = Effect(rank=6, seat=0, left=1, step="seat")
    >>> effect.decider, effect.receiver
    (0, 0)
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Final, Literal

from tablegames.core.plain import Plain

if TYPE_CHECKING:
    from tablegames.kalo.cards import Card

__all__ = ["Effect", "Step"]

#: The decisions of an effect, in the order they come (see `Effect`).
Step = Literal["card", "seat", "slot", "insert"]


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
