"""What the card games share: the 52 cards, their notation and order, seeded dealing, and rounds.

Kalo and Loo are played with the same cards, so a card is one type in both:
``tablegames.kalo.Card is tablegames.loo.Card is tablegames.cards.Card``.
How high a card plays, which cards are taken out, and how a round is dealt
round the table are each game's own rules.

Examples:
    >>> from tablegames.cards import DECK, Card
    >>> Card.parse("Jc") in DECK
    True
"""

from __future__ import annotations

from tablegames.cards.card import DECK, RANK_NAMES, SUIT_NAMES, SUITS, Card, card_key, read_cards
from tablegames.cards.dealing import deal_round_robin, shuffle_round
from tablegames.cards.rounds import DealtGame, InRounds, round_over

__all__ = [
    "DECK",
    "RANK_NAMES",
    "SUITS",
    "SUIT_NAMES",
    "Card",
    "DealtGame",
    "InRounds",
    "card_key",
    "deal_round_robin",
    "read_cards",
    "round_over",
    "shuffle_round",
]
