"""An independent statement of Loo's trick rules, written from the sheet's sentences, to test the library against.

It shares nothing with `tablegames.loo.rules` but the cards: a card "beats the
trick" when, played now, it would take the trick as L10 words it.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from tablegames.loo.cards import PAM, Card

if TYPE_CHECKING:
    from collections.abc import Sequence


def winner(trick: Sequence[Card], trump: str) -> Card:
    """L10: Pam takes the trick; else the highest trump; else the highest card of the suit led."""
    if PAM in trick:
        return PAM
    trumps = [card for card in trick if card.suit == trump]
    if trumps:
        return max(trumps, key=lambda card: card.rank)
    led = trump if trick[0] is PAM else trick[0].suit
    return max((card for card in trick if card.suit == led), key=lambda card: card.rank)


def legal(
    hand: Sequence[Card], trick: Sequence[Card], trump: str, *, wild: bool = False, highest: bool = False
) -> set[Card]:
    """L9, sentence by sentence: follow suit and head the trick if you can; else trump and overtrump; else anything."""
    if not trick:
        return set(hand)
    led = trump if trick[0] is PAM else trick[0].suit

    def of_led_suit(card: Card) -> bool:
        return led == trump if card is PAM else card.suit == led

    def is_trump(card: Card) -> bool:
        return card is PAM or card.suit == trump

    def takes(card: Card) -> bool:
        return winner([*trick, card], trump) is card

    suited = [card for card in hand if of_led_suit(card)]
    trumps = [card for card in hand if is_trump(card)]
    if suited:
        allowed = {card for card in suited if takes(card)} or set(suited)
    elif trumps and highest:
        allowed = {PAM} if PAM in trumps else {max(trumps, key=lambda card: card.rank)}
    elif trumps:
        allowed = {card for card in trumps if takes(card)} or set(trumps)
    else:
        allowed = set(hand)
    if wild and PAM in hand:
        allowed.add(PAM)
    return allowed
