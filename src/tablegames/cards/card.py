"""The 52 cards that Kalo and Loo are played with: one card type, one deck, one notation.

A card's notation is its rank then its suit letter: ``2c``, ``10d``, ``Qh``,
``As``. Ranks are numbered as they are printed, 2 to 10, then 11 (J), 12 (Q),
13 (K) and 14 (A); how high a card plays is each game's own business (in
Kalo a 2 is above the ace, in Loo the club jack is above everything).

Cards sort in the order of `DECK`: by suit (clubs, diamonds, hearts,
spades), then by rank from 2 up to the ace.

Examples:
    >>> Card.parse("10d")
    Card(rank=10, suit='d')
    >>> Card.parse("qh") is Card(12, "h")
    True
    >>> [str(card) for card in sorted(Card.parse(text) for text in ("As", "2s", "Kc"))]
    ['Kc', '2s', 'As']
    >>> len(DECK), str(DECK[0]), str(DECK[-1])
    (52, '2c', 'As')
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import attrs

from tablegames.core.errors import InvalidActionError
from tablegames.core.inputs import brief, check_text
from tablegames.core.serial import read_notated, read_sequence

if TYPE_CHECKING:
    from collections.abc import Callable

__all__ = ["DECK", "RANK_NAMES", "SUITS", "SUIT_NAMES", "Card", "card_key", "read_cards"]

#: Rank numbers 2..14 (J 11, Q 12, K 13, A 14) and how they are printed.
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


@attrs.frozen(eq=False, order=False)
class Card:
    """A playing card. There is one object per card: ``Card(10, "d") is Card(10, "d")``.

    Cards are interned, so equality and hashing are by identity, which is as
    fast as Python gets; a card read back from a dict, a copy or a pickle is
    the same object again. Cards sort in the order of `DECK`.

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

    @classmethod
    def parse(cls, text: str) -> Card:
        """Read a card from its notation, e.g. ``"10d"`` or ``"qh"``.

        Raises:
            InvalidActionError: If ``text`` is not a card.

        Examples:
            >>> Card.parse("as") is Card.parse("As")
            True
            >>> Card.parse("1x")
            Traceback (most recent call last):
            ...
            tablegames.core.errors.InvalidActionError: '1x' is not a card; cards look like 2c, 10d, Qh, As
        """
        known = _NOTATION.get(text) if type(text) is str else None
        if known is not None:
            return known
        cleaned = check_text(text, InvalidActionError, "a card")
        rank = _RANKS_BY_NAME.get(cleaned[:-1].upper())
        suit = cleaned[-1:].lower()
        if rank is None or suit not in SUITS:
            raise InvalidActionError(f"{brief(text)} is not a card; cards look like 2c, 10d, Qh, As")
        return _INTERNED[rank, suit]

    def __str__(self) -> str:
        return f"{RANK_NAMES[self.rank]}{self.suit}"

    def __lt__(self, other: Card) -> bool:
        return _ORDER[self] < _ORDER[other]

    def __le__(self, other: Card) -> bool:
        return _ORDER[self] <= _ORDER[other]

    def __gt__(self, other: Card) -> bool:
        return _ORDER[self] > _ORDER[other]

    def __ge__(self, other: Card) -> bool:
        return _ORDER[self] >= _ORDER[other]


_INTERNED: dict[tuple[object, object], Card] = {}
for _suit in SUITS:
    for _rank in RANK_NAMES:
        _INTERNED[_rank, _suit] = Card(_rank, _suit)
#: The 52 cards by suit (clubs, diamonds, hearts, spades), then rank from 2 up: the order cards sort in.
DECK: tuple[Card, ...] = tuple(_INTERNED.values())
_ORDER: dict[Card, int] = {card: index for index, card in enumerate(DECK)}
#: Sort key of a card: its place in `DECK` (by suit, then rank from 2 up).
card_key = _ORDER.__getitem__
#: Every card by its notation, as written, in capitals and in small letters: the quick way through `Card.parse`.
_NOTATION: dict[str, Card] = {text: card for card in DECK for text in (str(card), str(card).upper(), str(card).lower())}


def read_cards(value: object, what: str, where: str, key: Callable[[Card], int] = card_key) -> tuple[Card, ...]:
    """The cards ``value`` lists, each a card or its notation (``what``, in the list ``where``), sorted by ``key``.

    Raises:
        InvalidStateError: Naming ``where`` if ``value`` is not a list, or ``what`` for an entry that is no card.

    Examples:
        >>> [str(card) for card in read_cards(["Qh", "2c"], "a card in a hand", "a hand")]
        ['2c', 'Qh']
    """
    return tuple(sorted((read_notated(card, Card, what) for card in read_sequence(value, where)), key=key))
