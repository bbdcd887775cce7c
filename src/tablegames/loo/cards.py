"""Loo's cards: the shared 52 cards, ranked A (high) down to 2 in every suit; Pam, the club jack, is above all (L1).

A card's notation is its rank then its suit letter: ``2c``, ``10d``, ``Qh``,
``As``. Pam is ``Jc``; `parse_card` reads ``pam`` as well.

Examples:
    >>> parse_card("10d")
    Card(rank=10, suit='d')
    >>> parse_card("pam") is PAM, str(PAM)
    (True, 'Jc')
    >>> len(DECK), str(DECK[0]), str(DECK[-1])
    (52, '2c', 'As')
"""

from __future__ import annotations

from tablegames.cards import DECK, RANK_NAMES, SUIT_NAMES, SUITS, Card, card_key
from tablegames.core.errors import InvalidActionError
from tablegames.core.inputs import brief

__all__ = ["DECK", "PAM", "RANK_NAMES", "SUITS", "SUIT_NAMES", "Card", "card_key", "parse_card"]

#: The club jack, above every other card.
PAM = Card(11, "c")


def parse_card(text: str) -> Card:
    """Read a card from its notation, e.g. ``"10d"`` or ``"qh"``, or Pam from ``"pam"``.

    Raises:
        InvalidActionError: If ``text`` is not a card.

    Examples:
        >>> parse_card("PAM") is parse_card("jc")
        True
    """
    if type(text) is str and text.strip().lower() == "pam":
        return PAM
    try:
        return Card.parse(text)
    except InvalidActionError:
        raise InvalidActionError(f"{brief(text)} is not a card; cards look like 2c, 10d, Qh, As, or pam") from None
