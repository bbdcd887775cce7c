"""Kalo's cards: 52 cards in four suits, ranked 3 (low) to 2 (high), with the heart 2 — the Kalo — above all.

Suits matter only for the Kalo. A card's notation is its rank then its suit
letter: ``3c``, ``10d``, ``Qh``, ``2s``; the Kalo is ``2h``.

Examples:
    >>> Card.parse("10d")
    Card(rank=10, suit='d')
    >>> str(KALO), KALO.is_kalo, KALO.power > Card.parse("2s").power
    ('2h', True, True)
    >>> [str(card) for card in removed_cards(5)]
    ['7c', '8c']
"""

from __future__ import annotations

from typing import Any

import attrs

from tablegames.core.errors import InvalidActionError
from tablegames.core.inputs import brief, check_text

__all__ = [
    "DECK",
    "KALO",
    "RANK_NAMES",
    "SUITS",
    "Card",
    "card_key",
    "removed_cards",
]

#: Rank numbers 3..15 (J 11, Q 12, K 13, A 14, 2 is 15) and their names.
RANK_NAMES: dict[int, str] = {**{rank: str(rank) for rank in range(3, 11)}, 11: "J", 12: "Q", 13: "K", 14: "A", 15: "2"}
_RANKS_BY_NAME = {name: rank for rank, name in RANK_NAMES.items()}
#: Suit letters: clubs, diamonds, hearts, spades.
SUITS = ("c", "d", "h", "s")
#: What each rank's cards do when played (ruling K8).
EFFECTS = {
    3: "give a card from your hand",
    4: "take a card from the discard pile",
    5: "give a card from the discard pile",
    6: "take a card from another hand",
}


def _check_rank(_: Any, __: Any, rank: Any) -> None:
    if type(rank) is not int or rank not in RANK_NAMES:
        raise InvalidActionError(f"a rank is 3 to 15 (J=11, Q=12, K=13, A=14, 2=15), got {brief(rank)}")


def _check_suit(_: Any, __: Any, suit: Any) -> None:
    if suit not in SUITS:
        raise InvalidActionError(f"a suit is one of c, d, h, s, got {brief(suit)}")


@attrs.frozen(eq=False)
class Card:
    """A playing card. There is one object per card: ``Card(10, "d") is Card(10, "d")``.

    Cards are interned, so equality and hashing are by identity, which is as
    fast as Python gets; a card read back from a dict, a copy or a pickle is
    the same object again.

    Attributes:
        rank: 3 to 10, then 11 (J), 12 (Q), 13 (K), 14 (A) and 15 (2).
        suit: ``"c"``, ``"d"``, ``"h"`` or ``"s"``.
    """

    rank: int = attrs.field(validator=_check_rank)
    suit: str = attrs.field(validator=_check_suit)

    def __new__(cls, rank: int, suit: str) -> Card:
        """Return the one card of ``rank`` and ``suit``; anything else is a new object the validators refuse.

        Only an exact int and str find the interned card, so that ``Card(10.0, "d")``
        cannot rewrite the one 10d before the validators refuse the float.
        """
        known = _INTERNED.get((rank, suit)) if type(rank) is int and type(suit) is str else None
        return known if known is not None else super().__new__(cls)

    def __reduce__(self) -> tuple[type[Card], tuple[int, str]]:
        return Card, (self.rank, self.suit)

    @property
    def is_kalo(self) -> bool:
        """True for the heart 2, the Kalo."""
        return self.rank == 15 and self.suit == "h"

    @property
    def power(self) -> int:
        """How high the card plays: its rank, and 16 for the Kalo."""
        return 16 if self.is_kalo else self.rank

    @classmethod
    def parse(cls, text: str) -> Card:
        """Read a card from its notation, e.g. ``"10d"`` or ``"qh"``.

        Raises:
            InvalidActionError: If ``text`` is not a card.
        """
        known = _NOTATION.get(text) if type(text) is str else None
        if known is not None:
            return known
        cleaned = check_text(text, InvalidActionError, "a card")
        rank = _RANKS_BY_NAME.get(cleaned[:-1].upper())
        suit = cleaned[-1:].lower()
        if rank is None or suit not in SUITS:
            raise InvalidActionError(f"{brief(text)} is not a card; cards look like 3c, 10d, Qh, As, 2h")
        return CARDS[rank, suit]

    def __str__(self) -> str:
        return f"{RANK_NAMES[self.rank]}{self.suit}"


_INTERNED: dict[tuple[object, object], Card] = {}
for _rank in RANK_NAMES:
    for _suit in SUITS:
        _INTERNED[_rank, _suit] = Card(_rank, _suit)
#: Every card, interned, by (rank, suit).
CARDS: dict[tuple[int, str], Card] = {(card.rank, card.suit): card for card in _INTERNED.values()}
#: The 52 cards by rank, then suit (clubs, diamonds, hearts, spades).
DECK: tuple[Card, ...] = tuple(sorted(CARDS.values(), key=lambda card: (card.rank, SUITS.index(card.suit))))
_ORDER: dict[Card, int] = {card: index for index, card in enumerate(DECK)}
#: Sort key of a card: its place in `DECK` (by rank, then suit).
card_key = _ORDER.__getitem__
#: The heart 2.
KALO = CARDS[15, "h"]
#: Every card by its notation, as written and in capitals: the quick way through `Card.parse`.
_NOTATION: dict[str, Card] = {text: card for card in DECK for text in (str(card), str(card).upper(), str(card).lower())}

_REMOVED: dict[int, tuple[Card, ...]] = {
    3: (CARDS[7, "c"],),
    4: (),
    5: (CARDS[7, "c"], CARDS[8, "c"]),
    6: tuple(CARDS[7, suit] for suit in SUITS),
}


def removed_cards(players: int) -> tuple[Card, ...]:
    """The cards taken out before the deal (ruling K1): 7c with 3 players, none with 4, 7c 8c with 5, every 7 with 6.

    Examples:
        >>> len(DECK) - len(removed_cards(3))
        51
    """
    return _REMOVED[players]
