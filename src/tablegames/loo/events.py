"""What happens in Loo, as `Event` values; dealt cards and the Miss are shown only to their holder.

Examples:
    >>> from tablegames.loo.cards import Card
    >>> event = TrickWon(seat=3, trick=1, card=Card.parse("Jc"), chips=1)
    >>> str(event)
    'seat 3 wins trick 1 with Jc (Pam) and takes 1 chip'
    >>> dealt = Dealt(seat=0, cards=(Card.parse("Qh"),))
    >>> str(dealt.for_seat(0)), str(dealt.for_seat(1))
    ('seat 0 is dealt Qh', 'seat 0 is dealt five cards')
"""

from __future__ import annotations

from typing import TYPE_CHECKING, ClassVar

import attrs

from tablegames.core.plurals import plural
from tablegames.core.protocol import Event, GameEnded
from tablegames.loo.cards import PAM, SUIT_NAMES

if TYPE_CHECKING:
    from tablegames.loo.cards import Card

__all__ = [
    "CardPlayed",
    "Dealt",
    "Decided",
    "GameEnded",
    "Looed",
    "MissTaken",
    "PotWon",
    "RoundEnded",
    "RoundStarted",
    "TrickWon",
    "TricksBegin",
    "TrumpTurned",
    "Undistributed",
]


def _chips(count: int) -> str:
    return plural(count, "chip")


def _name(card: Card) -> str:
    return f"{card} (Pam)" if card is PAM else str(card)


class _LooEvent(Event):
    """An event of Loo: its dict says ``"game": "loo"``."""

    __slots__ = ()

    game_name: ClassVar[str | None] = "loo"


class _HoldersCards(_LooEvent):
    """An event naming cards that only ``seat``, their holder, may see (L16)."""

    __slots__ = ()

    seat: int
    cards: tuple[Card | None, ...]

    def for_seat(self, seat: int | None) -> Event | None:
        """The cards for their holder; for everyone else the event with each card hidden (None)."""
        return self if seat == self.seat else attrs.evolve(self, cards=(None,) * len(self.cards))  # type: ignore[misc]

    @property
    def hidden(self) -> bool:
        """Whether the cards are hidden here: the event as a seat other than their holder knows it."""
        return None in self.cards


@attrs.frozen
class RoundStarted(_LooEvent):
    """Round ``round_number`` begins: ``dealer`` deals and every seat antes ``ante`` (L3).

    The pot then holds ``pot``, ``carried`` of it the loo payments carried in (L13).
    """

    kind: ClassVar[str] = "round_started"
    round_number: int
    dealer: int
    ante: int
    pot: int
    carried: int

    def __str__(self) -> str:
        carried = f" ({self.carried} carried in)" if self.carried else ""
        return (
            f"round {self.round_number}: seat {self.dealer} deals; everyone antes {_chips(self.ante)}; "
            f"the pot holds {_chips(self.pot)}{carried}"
        )


@attrs.frozen
class Dealt(_HoldersCards):
    """``seat`` was dealt ``cards``; only that seat sees them, the others see each card as None (L16).

    Examples:
        >>> from tablegames.loo.cards import DECK
        >>> dealt = Dealt(seat=2, cards=tuple(DECK[:5]))
        >>> str(dealt), str(dealt.for_seat(0)), dealt.for_seat(0).to_dict()["cards"]
        ('seat 2 is dealt 2c 3c 4c 5c 6c', 'seat 2 is dealt five cards', [None, None, None, None, None])
    """

    kind: ClassVar[str] = "dealt"
    seat: int
    cards: tuple[Card | None, ...]

    def __str__(self) -> str:
        shown = "five cards" if self.hidden else " ".join(map(str, self.cards))
        return f"seat {self.seat} is dealt {shown}"


@attrs.frozen
class TrumpTurned(_LooEvent):
    """``card`` was turned up from the stock: its suit, ``trump``, is trump this round (L4)."""

    kind: ClassVar[str] = "trump_turned"
    card: Card
    trump: str

    def __str__(self) -> str:
        return f"{_name(self.card)} is turned up: {SUIT_NAMES[self.trump]} are trump"


@attrs.frozen
class Decided(_LooEvent):
    """``seat`` chose to ``"play"`` (stay in) or to ``"drop"`` (L5).

    Examples:
        >>> str(Decided(seat=1, choice="play")), str(Decided(seat=2, choice="drop"))
        ('seat 1 stays in', 'seat 2 drops')
    """

    kind: ClassVar[str] = "decided"
    seat: int
    choice: str

    def __str__(self) -> str:
        return f"seat {self.seat} {'stays in' if self.choice == 'play' else 'drops'}"


@attrs.frozen
class MissTaken(_HoldersCards):
    """``seat`` paid ``fee`` and took the Miss, ``cards``: only that seat sees them, others see None for each (L15)."""

    kind: ClassVar[str] = "miss_taken"
    seat: int
    fee: int
    cards: tuple[Card | None, ...]

    def __str__(self) -> str:
        taken = "" if self.hidden else ": " + " ".join(map(str, self.cards))
        return f"seat {self.seat} pays {_chips(self.fee)} and takes the Miss{taken}"


@attrs.frozen
class PotWon(_LooEvent):
    """Every other seat dropped: ``seat`` takes the whole pot, ``chips``, without play (L6)."""

    kind: ClassVar[str] = "pot_won"
    seat: int
    chips: int

    def __str__(self) -> str:
        return f"everyone else dropped: seat {self.seat} takes the pot of {_chips(self.chips)}"


@attrs.frozen
class TricksBegin(_LooEvent):
    """Trick play begins: ``leader`` leads, and the pot ``p0`` pays ``payouts`` trick by trick (L7, L11)."""

    kind: ClassVar[str] = "tricks_begin"
    leader: int
    p0: int
    payouts: tuple[int, ...]

    def __str__(self) -> str:
        paying = ", ".join(map(str, self.payouts))
        return f"seat {self.leader} leads; the pot of {_chips(self.p0)} pays {paying} for the five tricks"


@attrs.frozen
class CardPlayed(_LooEvent):
    """``seat`` played ``card`` to the trick."""

    kind: ClassVar[str] = "card_played"
    seat: int
    card: Card

    def __str__(self) -> str:
        return f"seat {self.seat} plays {_name(self.card)}"


@attrs.frozen
class TrickWon(_LooEvent):
    """``seat`` won trick number ``trick`` (1 to 5) with ``card`` and took ``chips`` from the pot (L10, L11)."""

    kind: ClassVar[str] = "trick_won"
    seat: int
    trick: int
    card: Card
    chips: int

    def __str__(self) -> str:
        return f"seat {self.seat} wins trick {self.trick} with {_name(self.card)} and takes {_chips(self.chips)}"


@attrs.frozen
class Looed(_LooEvent):
    """``seat`` stayed in and won no trick: it pays ``chips`` (the pot as trick play began) into the next pot (L12).

    In the game's last round (``last_round``) there is no next pot: the
    payment goes to nobody and is reported as undistributed (L13).

    Examples:
        >>> str(Looed(seat=0, chips=5))
        'seat 0 is looed and pays 5 chips into the next pot'
        >>> str(Looed(seat=0, chips=1, last_round=True))
        'seat 0 is looed and pays 1 chip to nobody: this was the last round'
    """

    kind: ClassVar[str] = "looed"
    seat: int
    chips: int
    last_round: bool = False

    def __str__(self) -> str:
        where = "to nobody: this was the last round" if self.last_round else "into the next pot"
        return f"seat {self.seat} is looed and pays {_chips(self.chips)} {where}"


@attrs.frozen
class RoundEnded(_LooEvent):
    """Round ``round_number`` is over; the balances are ``balances`` and ``carry`` waits for the next pot (L13).

    The event holds the round's summary, so that a frontend can show the
    finished round from it alone: the next round is dealt in the same step.

    Attributes:
        tricks: Tricks won this round, by seat (all 0 when everyone else dropped, L6).
        won: Chips each seat took from the pot this round: what its tricks paid (L11), or the whole pot (L6).
        looed: The seats looed this round (L12), from the lowest seat up.
        loo: What each looed seat paid into the next pot: P0, the pot as trick play began.
        last_round: Whether this was the game's last round: then nothing is
            carried over, and the `Undistributed` event that follows says
            what the loo payments came to (L13).

    Examples:
        >>> ended = RoundEnded(1, (-4, 2, -1), 3, (0, 3, 2), (0, 3, 0), (0,), 3)
        >>> str(ended), str(attrs.evolve(ended, last_round=True))
        ('round 1 ends; 3 chips carried over', 'round 1 ends')
    """

    kind: ClassVar[str] = "round_ended"
    round_number: int
    balances: tuple[int, ...]
    carry: int
    tricks: tuple[int, ...]
    won: tuple[int, ...]
    looed: tuple[int, ...]
    loo: int
    last_round: bool = False

    def __str__(self) -> str:
        carry = f"; {_chips(self.carry)} carried over" if self.carry and not self.last_round else ""
        return f"round {self.round_number} ends{carry}"


@attrs.frozen
class Undistributed(_LooEvent):
    """The game is over with ``chips`` of loo payments carried over and never played for (L13)."""

    kind: ClassVar[str] = "undistributed"
    chips: int

    def __str__(self) -> str:
        return f"{_chips(self.chips)} of loo payments stay undistributed"
