"""Loo's cards: one 52-card deck, ranked A (high) down to 2 in every suit; the club jack, Pam, is above all (L1).

A card's notation is its rank then its suit letter: ``2c``, ``10d``, ``Qh``,
``As``. Pam is ``Jc``; ``pam`` is read as well.

Examples:
    >>> Card.parse("10d")
    Card(rank=10, suit='d')
    >>> Card.parse("pam") is PAM, str(PAM)
    (True, 'Jc')
    >>> len(DECK), str(DECK[0]), str(DECK[-1])
    (52, '2c', 'As')
"""

from __future__ import annotations

from typing import Any

import attrs

from tablegames.core.errors import InvalidActionError
from tablegames.core.inputs import brief, check_text

__all__ = ["DECK", "PAM", "RANK_NAMES", "SUITS", "SUIT_NAMES", "Card", "card_key"]

#: Rank numbers 2..14 (J 11, Q 12, K 13, A 14) and their names.
RANK_NAMES: dict[int, str] = {**{rank: str(rank) for rank in range(2, 11)}, 11: "J", 12: "Q", 13: "K", 14: "A"}
_RANKS_BY_NAME = {name: rank for rank, name in RANK_NAMES.items()}
#: Suit letters: clubs, diamonds, hearts, spades.
SUITS = ("c", "d", "h", "s")
#: Each suit's name.
SUIT_NAMES = {"c": "clubs", "d": "diamonds", "h": "hearts", "s": "spades"}


def _check_rank(_: Any, __: Any, rank: Any) -> None:
    if type(rank) is not int or rank not in RANK_NAMES:
        raise InvalidActionError(f"a rank is 2 to 14 (J=11, Q=12, K=13, A=14), got {brief(rank)}")


def _check_suit(_: Any, __: Any, suit: Any) -> None:
    if suit not in SUITS:
        raise InvalidActionError(f"a suit is one of c, d, h, s, got {brief(suit)}")


@attrs.frozen(eq=False)
class Card:
    """A playing card. There is one object per card: ``Card(10, "d") is Card(10, "d")``.

    Cards are interned, so equality and hashing are by identity; a card read
    back from a dict, a copy or a pickle is the same object again.

    Attributes:
        rank: 2 to 10, then 11 (J), 12 (Q), 13 (K) and 14 (A).
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
    def is_pam(self) -> bool:
        """True for the club jack, Pam."""
        return self is PAM

    @classmethod
    def parse(cls, text: str) -> Card:
        """Read a card from its notation, e.g. ``"10d"``, ``"qh"`` or ``"pam"``.

        Raises:
            InvalidActionError: If ``text`` is not a card.
        """
        known = _NOTATION.get(text) if type(text) is str else None
        if known is not None:
            return known
        cleaned = check_text(text, InvalidActionError, "a card")
        if cleaned.lower() == "pam":
            return PAM
        rank = _RANKS_BY_NAME.get(cleaned[:-1].upper())
        suit = cleaned[-1:].lower()
        if rank is None or suit not in SUITS:
            raise InvalidActionError(f"{brief(text)} is not a card; cards look like 2c, 10d, Qh, As, or pam")
        return _INTERNED[rank, suit]

    def __str__(self) -> str:
        return f"{RANK_NAMES[self.rank]}{self.suit}"


_INTERNED: dict[tuple[object, object], Card] = {}
for _suit in SUITS:
    for _rank in RANK_NAMES:
        _INTERNED[_rank, _suit] = Card(_rank, _suit)
#: The 52 cards by suit (clubs, diamonds, hearts, spades), then rank from 2 up.
DECK: tuple[Card, ...] = tuple(_INTERNED.values())
_ORDER: dict[Card, int] = {card: index for index, card in enumerate(DECK)}
#: Sort key of a card: its place in `DECK`.
card_key = _ORDER.__getitem__
#: The club jack, above every other card.
PAM = _INTERNED[11, "c"]
#: Every card by its notation, as written and in capitals: the quick way through `Card.parse`.
_NOTATION: dict[str, Card] = {text: card for card in DECK for text in (str(card), str(card).upper(), str(card).lower())}
