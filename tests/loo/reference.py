"""An independent statement of Loo's trick rules, written from the sheet's sentences, to test the library against.

It shares nothing with `tablegames.loo.rules` but the cards: a card "beats the
trick" when, played now, it would take the trick as L10 words it.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from tablegames.loo.cards import PAM, Card

if TYPE_CHECKING:
    from collections.abc import Sequence


def is_trump(card: Card, trump: str) -> bool:
    """L8: Pam is a trump whatever is trump; any other card is a trump when it is of the trump suit."""
    return card is PAM or card.suit == trump


def led_suit(trick: Sequence[Card], trump: str) -> str:
    """The suit led: the first card's suit, or trump when Pam was led (L8)."""
    return trump if trick[0] is PAM else trick[0].suit


def of_suit(card: Card, suit: str, trump: str) -> bool:
    """Whether ``card`` counts as a card of ``suit``: Pam only of the trump suit, never of clubs as such (L8)."""
    return suit == trump if card is PAM else card.suit == suit


def winner(trick: Sequence[Card], trump: str) -> Card:
    """L10: Pam takes the trick; else the highest trump; else the highest card of the suit led."""
    if PAM in trick:
        return PAM
    trumps = [card for card in trick if card.suit == trump]
    if trumps:
        return max(trumps, key=lambda card: card.rank)
    led = led_suit(trick, trump)
    return max((card for card in trick if card.suit == led), key=lambda card: card.rank)


def beats(card: Card, trick: Sequence[Card], trump: str) -> bool:
    """Whether ``card``, played to ``trick`` now, would take it."""
    return winner([*trick, card], trump) is card


def highest_trump(cards: Sequence[Card], trump: str) -> Card:
    """The highest trump among ``cards``: Pam, else the trump of highest rank."""
    trumps = [card for card in cards if is_trump(card, trump)]
    return PAM if PAM in trumps else max(trumps, key=lambda card: card.rank)


def legal(
    hand: Sequence[Card], trick: Sequence[Card], trump: str, *, wild: bool = False, highest: bool = False
) -> set[Card]:
    """L9, sentence by sentence: follow suit and head the trick if you can; else trump and overtrump; else anything."""
    if not trick:
        return set(hand)
    led = led_suit(trick, trump)
    suited = [card for card in hand if of_suit(card, led, trump)]
    trumps = [card for card in hand if is_trump(card, trump)]
    if suited:
        allowed = {card for card in suited if beats(card, trick, trump)} or set(suited)
    elif trumps and highest:
        allowed = {highest_trump(trumps, trump)}
    elif trumps:
        allowed = {card for card in trumps if beats(card, trick, trump)} or set(trumps)
    else:
        allowed = set(hand)
    if wild and PAM in hand:
        allowed.add(PAM)
    return allowed
