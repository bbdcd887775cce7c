"""Kalo's cards: the shared 52 cards, ranked 3 (low) to 2 (high), with the heart 2 — the Kalo — above all.

Suits matter only for the Kalo. A card's notation is its rank then its suit
letter: ``3c``, ``10d``, ``Qh``, ``2s``; the Kalo is ``2h``. Kalo's ranks
run up a ladder of their own, `rank_of`: 3 to 14 (the ace) as printed, then
15 for a 2.

Examples:
    >>> Card.parse("10d")
    Card(rank=10, suit='d')
    >>> str(KALO), KALO is Card.parse("2h"), power(KALO) > power(Card.parse("2s")) > power(Card.parse("As"))
    ('2h', True, True)
    >>> [str(card) for card in removed_cards(5)]
    ['7c', '8c']
"""

from __future__ import annotations

from tablegames.cards import DECK as CARDS_IN_SUIT_ORDER
from tablegames.cards import SUITS, Card

__all__ = [
    "CARDS",
    "DECK",
    "EFFECTS",
    "KALO",
    "RANK_NAMES",
    "SUITS",
    "Card",
    "card_key",
    "power",
    "rank_of",
    "removed_cards",
]

#: Kalo's rank numbers 3..15 (J 11, Q 12, K 13, A 14, 2 is 15) and their names.
RANK_NAMES: dict[int, str] = {**{rank: str(rank) for rank in range(3, 11)}, 11: "J", 12: "Q", 13: "K", 14: "A", 15: "2"}
#: What each rank's cards do when played (ruling K8).
EFFECTS = {
    3: "give a card from your hand",
    4: "take a card from the discard pile",
    5: "give a card from the discard pile",
    6: "take a card from another hand",
}
#: Each card's rank on Kalo's ladder: as printed from 3 to 14 (the ace), and 15 for a 2.
_LADDER: dict[Card, int] = {card: 15 if card.rank == 2 else card.rank for card in CARDS_IN_SUIT_ORDER}
#: A card's rank on Kalo's ladder: 3 (low) to 15 (a 2).
rank_of = _LADDER.__getitem__
#: Every card by its rank on Kalo's ladder and its suit: ``CARDS[15, "h"]`` is the Kalo.
CARDS: dict[tuple[int, str], Card] = {(_LADDER[card], card.suit): card for card in CARDS_IN_SUIT_ORDER}
#: The 52 cards by Kalo's ranks (3 up to 2), then suit (clubs, diamonds, hearts, spades).
DECK: tuple[Card, ...] = tuple(CARDS[rank, suit] for rank in range(3, 16) for suit in SUITS)
_ORDER: dict[Card, int] = {card: index for index, card in enumerate(DECK)}
#: Sort key of a card for Kalo: its place in `DECK` (by Kalo's rank, then suit).
card_key = _ORDER.__getitem__
#: The heart 2.
KALO = CARDS[15, "h"]
_POWER: dict[Card, int] = {**_LADDER, KALO: 16}
#: How high a card plays: its rank on Kalo's ladder, and 16 for the Kalo.
power = _POWER.__getitem__

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
