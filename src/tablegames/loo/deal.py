"""A round's cards as dealt (L4): every hand, the Miss, the turned-up card and the stock; and the round's seat order.

Examples:
    >>> from tablegames.loo import Loo
    >>> deal = shuffled_deal(Loo(players=3), seed=5, round_number=1)
    >>> [len(hand) for hand in deal.hands], len(deal.stock), deal.turned in deal.stock
    ([5, 5, 5], 36, False)
    >>> play_order(dealer=2, players=4)
    (3, 0, 1, 2)
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Final, final

from tablegames.cards import deal_round_robin, shuffle_round
from tablegames.core.plain import Plain
from tablegames.core.seats import next_seat, seats_from
from tablegames.loo.cards import DECK, Card
from tablegames.loo.tricks import TRICKS

if TYPE_CHECKING:
    from collections.abc import Sequence

    from tablegames.core.protocol import State
    from tablegames.loo.options import LooOptions

__all__ = ["Deal", "miss_and_stock", "play_order", "shuffled_deal"]


@final
class Deal(Plain):
    """The cards of a round as dealt: every hand, the Miss, the turned-up card and the stock under it.

    A plain class (see `tablegames.core.plain`): one is made at every deal.

    Attributes:
        hands: One hand of five per seat, in `DECK` order.
        miss: The Miss (five cards, in `DECK` order), or empty without option ``miss``.
        turned: The card turned up; its suit is trump (L4).
        stock: The rest, face down, in `DECK` order (its order never matters: nobody draws).
    """

    __slots__ = ("hands", "miss", "stock", "turned")
    __match_args__ = ("hands", "miss", "turned", "stock")

    hands: Final[tuple[tuple[Card, ...], ...]]
    miss: Final[tuple[Card, ...]]
    turned: Final[Card]
    stock: Final[tuple[Card, ...]]

    def __init__(
        self, hands: tuple[tuple[Card, ...], ...], miss: tuple[Card, ...], turned: Card, stock: tuple[Card, ...]
    ) -> None:
        self.hands = hands
        self.miss = miss
        self.turned = turned
        self.stock = stock


#: `DECK`, named here as final: the compiled build reads it without looking it up.
_DECK: Final = DECK


def _cards(places: Sequence[int]) -> tuple[Card, ...]:
    """The cards at ``places`` of `DECK`, in `DECK` order."""
    return tuple([_DECK[place] for place in sorted(places)])


def shuffled_deal(game: LooOptions[State], seed: int, round_number: int) -> Deal:
    """Shuffle and deal a round (L4): five cards each, one at a time from the seat after the dealer.

    With option ``miss`` the Miss is dealt as one more hand, after the dealer's,
    in each pass. The shuffle comes from a generator seeded by the seed and the
    round number, so every round of a seeded game is the same every time.
    """
    deck = list(range(len(DECK)))  # the deck's places: a shuffle moves them as it would the cards
    shuffle_round(deck, "loo", seed, round_number)
    players = game.players
    places = players + 1 if game.miss else players
    dealt = places * TRICKS
    first = (players - 1 - game.dealer_of(round_number)) % players  # the place in each pass of seat 0's card
    passes = deal_round_robin(deck[:dealt], places)
    hands = tuple(_cards(passes[(first + seat) % players]) for seat in range(players))
    miss = _cards(passes[players]) if game.miss else ()
    return Deal(hands, miss, _DECK[deck[dealt]], _cards(deck[dealt + 1 :]))


def miss_and_stock(game: LooOptions[State]) -> tuple[int, int]:
    """How many cards the Miss and the stock hold when a round is dealt (L4).

    The Miss is five cards with option ``miss`` and none without; the stock
    is every card not dealt to a hand or the Miss, less the turned-up card.

    Examples:
        >>> from tablegames.loo import Loo
        >>> miss_and_stock(Loo(players=5)), miss_and_stock(Loo(players=5, miss=True))
        ((0, 26), (5, 21))
    """
    miss = TRICKS if game.miss else 0
    return miss, len(DECK) - TRICKS * game.players - miss - 1


def play_order(dealer: int, players: int) -> tuple[int, ...]:
    """The seats in play order for a round: from the seat after the dealer round to the dealer.

    The cards are dealt in this order (L4), the seats decide in it (L5), and
    the first of them still in leads the first trick (L7).

    Examples:
        >>> play_order(dealer=0, players=3)
        (1, 2, 0)
    """
    return seats_from(next_seat(dealer, players), players)
