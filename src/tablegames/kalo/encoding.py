"""Kalo as numbers: 411 action indices, a view as a vector, and the deal of a round.

Layout version 1 (`VERSION`). Cards are numbered in `DECK` order, by rank
then suit: ``3c`` is 0, ``3d`` 1, ..., ``2h`` (the Kalo) 50, ``2s`` 51.

**Actions** (``num_actions`` = 411, for every option set):

- ``0 .. 194``: `Play`, index ``15 x (rank - 3) + k``, where ``k`` counts the
  suits played in this order: c, d, h, s, cd, ch, cs, dh, ds, hs, cdh, cds,
  chs, dhs, cdhs (rank 3 is 3, ..., A is 14, 2 is 15);
- ``195``: `Pass`; ``196``: `Ready`;
- ``197 .. 248``: `Arrange` of slot 0 .. 51;
- ``249 .. 300``: `ChooseCard` of card 0 .. 51;
- ``301 .. 306``: `ChooseSeat` of seat 0 .. 5;
- ``307 .. 358``: `ChooseSlot` 0 .. 51;
- ``359 .. 410``: `Insert` at slot 0 .. 51.

The layout is the same for every number of players, so indices of seats a
game does not have, of cards it removed, and of slots beyond its cards are
never legal there.

**Observation**, from the viewing seat (a spectator sees it as seat 0 does).
Seats are counted from the viewer in turn order: relative seat 0 is the
viewer, 1 the next seat to play, and so on. With ``N`` players and ``S``
cards in play (52 less the removed ones), ``observation_size`` is
``62N + 290 + NS``, in this order:

1. ``52 x (N + 5)``: per card, in card order, where the viewer knows it to
   be, one-hot over relative seat 0 .. N-1's hand, the trick, the discard
   pile (shown while resolving a 4 or 5), on its way in an effect, removed
   (all 0: unknown); then its slot + 1 in that hand (0 if not in a hand).
2. ``N x S``: per relative seat, per slot 0 .. S-1, 1 if the card there was
   received this round.
3. ``7 x N``: per relative seat, its hand size, score, place in the order
   out (1 for the first out, 0 while holding cards), passed since the last
   play, dealt the Kalo, leads the trick, to decide.
4. ``14 + N``: the last play of the trick, its rank one-hot (3 .. 2), its
   number of cards, who played it (relative seat, one-hot); all 0 for a new
   trick.
5. ``4``: the phase, one-hot: arrange, play, effect, over.
6. ``9 + 2N``: the effect being resolved, its rank one-hot (3, 4, 5, 6), its
   step one-hot (card, seat, slot, insert), effects left, whose it is and
   its other player (relative seats, one-hot).
7. ``3``: cards in the discard pile, plays this round, the round number.

Every entry lies from 0 to ``max(52, play_limit, N(5N - 1) / 2 + 1)``
(`observation_range`; the last is a bound on the number of rounds).

**Deal**: the ``S`` cards in card order are drawn into the hands of seat 0,
1, ... in turn, ``S / N`` each, each hand in slot order.

Examples:
    >>> from tablegames.kalo import Kalo
    >>> game = Kalo(players=4)
    >>> [str(game.action_from_index(i)) for i in (0, 14, 194, 195, 196, 249, 301, 359)]
    ['3c', '3c 3d 3h 3s', '2c 2d 2h 2s', 'pass', 'ready', 'card 3c', 'seat 0', 'insert 0']
    >>> game.num_actions, game.action_index(game.start(seed=0).parse_action("3c 3h"))
    (411, 5)
    >>> len(game.start(seed=1).view(0).observation()) == game.observation_size == 746
    True
"""

from __future__ import annotations

import functools
from itertools import combinations
from typing import TYPE_CHECKING, Final

from tablegames.core.errors import InvalidStateError
from tablegames.core.layouts import ActionTable, DealLayout
from tablegames.core.seats import next_seat
from tablegames.core.state import state_of
from tablegames.kalo.actions import ARRANGES, INSERTS, PASS, READY, SEATS, SLOTS, ChooseCard, Play
from tablegames.kalo.cards import CARDS, DECK, SUITS, removed_cards
from tablegames.kalo.positions import deal_hands

if TYPE_CHECKING:
    from collections.abc import Sequence

    from tablegames.core.protocol import Action
    from tablegames.kalo.options import KaloOptions
    from tablegames.kalo.state import KaloState

__all__ = [
    "ACTIONS",
    "VERSION",
    "actions",
    "deal_of",
    "max_decisions",
    "max_round_decisions",
    "observation_range",
    "observation_size",
    "redeal",
]

#: The layout version of Kalo's action indices, observations and deals.
VERSION: Final = 1

_SUBSETS: Final = [subset for size in range(1, 5) for subset in combinations(SUITS, size)]
_PLAYS: Final = [Play(tuple(CARDS[rank, suit] for suit in subset)) for rank in range(3, 16) for subset in _SUBSETS]
#: Every action by its index.
ACTIONS: Final[tuple[Action, ...]] = (
    *_PLAYS,
    PASS,
    READY,
    *ARRANGES[:52],
    *(ChooseCard(card) for card in DECK),
    *SEATS,
    *SLOTS[:52],
    *INSERTS[:52],
)
_TABLE: Final = ActionTable("Kalo", ACTIONS)
_BY_NAME: Final = {str(card): card for card in DECK}


def actions(game: KaloOptions[KaloState]) -> ActionTable:
    """The actions by index (the table above): the same for every option set."""
    del game
    return _TABLE


def _in_play(game: KaloOptions[KaloState]) -> int:
    return len(DECK) - len(removed_cards(game.players))


def observation_size(game: KaloOptions[KaloState]) -> int:
    """``62N + 290 + NS`` for ``N`` players and ``S`` cards in play."""
    n = game.players
    return 62 * n + 290 + n * _in_play(game)


def observation_range(game: KaloOptions[KaloState]) -> tuple[float, float]:
    """From 0 to the largest count an entry can hold: 52 cards, ``play_limit`` plays, or a round number."""
    n = game.players
    return 0.0, float(max(len(DECK), game.play_limit, n * (5 * n - 1) // 2 + 1))


def max_decisions(game: KaloOptions[KaloState]) -> int:
    """A bound on the decisions of a game: rounds times the decisions a round can take (`max_round_decisions`).

    Every round gives at least 2 points, so there are at most
    ``N(5N - 1) / 2 + 1`` rounds before a seat reaches ``5N``, or the
    option ``rounds`` if it is fewer.

    Examples:
        >>> from tablegames.kalo import Kalo
        >>> max_decisions(Kalo(players=3)) // max_decisions(Kalo(players=3, rounds=1))
        22
    """
    n = game.players
    rounds = n * (5 * n - 1) // 2 + 1
    if game.rounds is not None:
        rounds = min(rounds, game.rounds)
    return rounds * max_round_decisions(game)


def max_round_decisions(game: KaloOptions[KaloState]) -> int:
    """A bound on the decisions of a round: ``S + N + play_limit x (13 + N)`` for ``S`` cards in play, ``N`` players.

    A round has at most ``S + N`` arranging decisions and ``play_limit``
    plays (K11), each followed by at most 12 effect decisions and ``N - 1``
    passes.

    Examples:
        >>> from tablegames.kalo import Kalo
        >>> max_round_decisions(Kalo(players=3)), max_round_decisions(Kalo(players=3, play_limit=60))
        (8054, 1014)
    """
    n = game.players
    return _in_play(game) + n + game.play_limit * (13 + n)


@functools.cache
def _deal_cards(players: int) -> tuple[str, ...]:
    removed = set(removed_cards(players))
    return tuple(str(card) for card in DECK if card not in removed)


def deal_of(game: KaloOptions[KaloState], state: object) -> DealLayout:
    """The deal of ``state``'s round: every card in play, drawn into the hands of seats 0, 1, ... in turn.

    Raises:
        InvalidStateError: If ``state`` is not a Kalo state.
    """
    state = state_of(game, state)
    cards = _deal_cards(game.players)
    return DealLayout(number=state.round_number, cards=cards, places=(len(cards) // game.players,) * game.players)


def redeal(game: KaloOptions[KaloState], state: object, cards: Sequence[int]) -> KaloState:
    """``state`` with its round dealt as ``cards`` (indices into ``deal_of(state).cards``).

    Raises:
        InvalidStateError: If ``state`` is not a Kalo state at the start of a round (before its first
            decision), or the cards are not every card of the deal once.

    Examples:
        >>> from tablegames.kalo import Kalo
        >>> game = Kalo(players=3)
        >>> state = game.redeal(game.start(seed=1), tuple(range(51)))
        >>> [str(slot.card) for slot in state.hands[0][:4]]
        ['3c', '3d', '3h', '3s']
    """
    state = state_of(game, state)
    opener = next_seat(state.kalo_holder, game.players)
    if state.phase != "arrange" or state.arranged or state.current_player != opener:
        raise InvalidStateError("only a round that has just been dealt, before its first decision, can be dealt again")
    deal = deal_of(game, state)
    if sorted(cards) != list(range(deal.draws)):
        raise InvalidStateError(f"a Kalo deal draws each of the {deal.draws} cards once, got {list(cards)!r}")
    share = deal.places[0]
    drawn = [_BY_NAME[deal.cards[index]] for index in cards]
    hands = [drawn[seat * share : (seat + 1) * share] for seat in range(game.players)]
    return deal_hands(game, hands, seed=state.seed, scores=state.scores, round_number=state.round_number)
