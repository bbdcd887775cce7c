"""Loo as numbers: 55 action indices, a view as a vector, and the deal of a round.

Layout version 1 (`VERSION`). Cards are numbered in `DECK` order, by suit
then rank: ``2c`` is 0, ..., ``Ac`` 12 (Pam, ``Jc``, is 9), ``2d`` 13, ...,
``As`` 51.

**Actions** (``num_actions`` = 55, for every option set):

- ``0 .. 51``: `PlayCard` of card 0 .. 51;
- ``52``: `Stay` (``play``); ``53``: `Drop`;
- ``54``: `TakeMiss` (legal only with option ``miss``).

**Observation**, from the viewing seat (a spectator sees it as seat 0 does).
Seats are counted from the viewer in turn order: relative seat 0 is the
viewer, 1 the next seat to play, and so on. With ``N`` players,
``observation_size`` is ``329 + 11N``, in this order:

1. ``52 x 5``: per card, in card order, in the viewer's hand, in the hand it
   gave up for the Miss, in the trick in progress, in a finished trick this
   round, turned up.
2. ``4``: the suit led to the trick in progress, one-hot (c, d, h, s); all
   0 before a lead.
3. ``52``: the card winning the trick in progress, one-hot.
4. ``N``: who is winning the trick in progress (relative seat, one-hot).
5. ``4``: trump, one-hot.
6. ``10 x N``: per relative seat, its decision one-hot (none yet, play, drop,
   took the Miss), tricks won this round, balance, cards in hand, has played
   to the trick in progress, deals this round, to decide.
7. ``9``: the pot, P0, the carry-over, the round, the rounds of the game, the
   Miss can be taken, the phase one-hot (decide, play, over).

Balances may be negative: every entry lies within ``(-B, B)``
(`observation_range`), ``B`` a bound on the chips any balance or pot can
reach with the game's options, at most `CHIP_CAP` (2**53; a chip count
beyond it, which only games of very many rounds can reach, is written as
the cap).

**Deal**: the 52 cards in card order are drawn five each into the hands of
seat 0, 1, ..., then five into the Miss (with option ``miss``), then one
card is turned up; the rest is the stock.

Examples:
    >>> from tablegames.loo import Loo
    >>> game = Loo(players=4)
    >>> [str(game.action_from_index(i)) for i in (0, 9, 51, 52, 53, 54)]
    ['2c', 'Jc', 'As', 'play', 'drop', 'miss']
    >>> game.num_actions, game.action_index(game.start(seed=0).parse_action("drop"))
    (55, 53)
    >>> len(game.start(seed=1).view(0).observation()) == game.observation_size == 373
    True
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Final

from tablegames.core.errors import InvalidStateError
from tablegames.core.layouts import ActionTable, DealLayout
from tablegames.core.state import state_of
from tablegames.loo.actions import DROP, PLAYS, STAY, TAKE_MISS
from tablegames.loo.cards import DECK
from tablegames.loo.io import read_deal
from tablegames.loo.tricks import TRICKS
from tablegames.loo.view import CHIP_CAP

if TYPE_CHECKING:
    from collections.abc import Sequence

    from tablegames.core.protocol import Action
    from tablegames.loo.options import LooOptions
    from tablegames.loo.state import LooState

__all__ = [
    "ACTIONS",
    "CHIP_CAP",
    "VERSION",
    "actions",
    "chip_bound",
    "deal_of",
    "max_decisions",
    "max_round_decisions",
    "observation_range",
    "observation_size",
    "redeal",
]

#: The layout version of Loo's action indices, observations and deals.
VERSION: Final = 1

#: Every action by its index.
ACTIONS: Final[tuple[Action, ...]] = (*(PLAYS[card] for card in DECK), STAY, DROP, TAKE_MISS)
_TABLE: Final = ActionTable("Loo", ACTIONS)
_NAMES: Final = tuple(str(card) for card in DECK)


def actions(game: LooOptions[LooState]) -> ActionTable:
    """The actions by index (the table above): the same for every option set."""
    del game
    return _TABLE


def observation_size(game: LooOptions[LooState]) -> int:
    """``329 + 11N`` for ``N`` players."""
    return 329 + 11 * game.players


def chip_bound(game: LooOptions[LooState]) -> int:
    """A bound on the chips any balance, pot, P0 or carry-over can reach in ``game``, in either direction.

    Each round's pot is at most the carry-over, the antes and a Miss fee; the
    carry-over at most ``N - 1`` loo payments of the pot; a balance changes by
    at most an ante, a fee and the pot each round, and the others' changes
    add up against it (chips are conserved). The pot can grow about ``N - 1``
    times each round, so the bound is at most `CHIP_CAP`.

    Examples:
        >>> from tablegames.loo import Loo
        >>> chip_bound(Loo(players=3, rounds=1))
        12
    """
    n = game.players
    per_round = n * game.ante + game.miss_fee
    pot, spent = per_round, 0
    for _ in range(game.rounds):
        spent += game.ante + game.miss_fee + pot
        pot = (n - 1) * pot + per_round
        if pot > CHIP_CAP:
            return CHIP_CAP
    return min(CHIP_CAP, max(n * game.starting_chips + (n - 1) * spent, pot))


def observation_range(game: LooOptions[LooState]) -> tuple[float, float]:
    """``(-B, B)`` with ``B`` = `chip_bound`."""
    bound = chip_bound(game)
    return float(-bound), float(bound)


def max_decisions(game: LooOptions[LooState]) -> int:
    """A bound on the decisions of a game: its rounds times the decisions a round can take (`max_round_decisions`)."""
    return game.rounds * max_round_decisions(game)


def max_round_decisions(game: LooOptions[LooState]) -> int:
    """A bound on the decisions of a round: one decision a seat, and five tricks of a card a seat.

    Examples:
        >>> from tablegames.loo import Loo
        >>> max_round_decisions(Loo(players=5))
        30
    """
    return 6 * game.players


def deal_of(game: LooOptions[LooState], state: object) -> DealLayout:
    """The deal of ``state``'s round: five cards per seat, five for the Miss (with option ``miss``), one turned up.

    Raises:
        InvalidStateError: If ``state`` is not a Loo state.
    """
    state = state_of(game, state)
    places = (TRICKS,) * (game.players + (1 if game.miss else 0)) + (1,)
    return DealLayout(number=state.round_number, cards=_NAMES, places=places)


def redeal(game: LooOptions[LooState], state: object, cards: Sequence[int]) -> LooState:
    """``state`` with its round dealt as ``cards`` (indices into ``deal_of(state).cards``), the rest the stock.

    Raises:
        InvalidStateError: If ``state`` is not a Loo state at the start of a round (before its first
            decision), or the cards are not distinct cards drawn for every place of the deal.

    Examples:
        >>> from tablegames.loo import Loo
        >>> game = Loo(players=3)
        >>> state = game.redeal(game.start(seed=1), tuple(range(16)))
        >>> [str(card) for card in state.hands[1]], str(state.turned)
        (['7c', '8c', '9c', '10c', 'Jc'], '4d')
    """
    state = state_of(game, state)
    if state.phase != "decide" or any(choice is not None for choice in state.decisions):
        raise InvalidStateError("only a round that has just been dealt, before its first decision, can be dealt again")
    deal = deal_of(game, state)
    if (
        len(cards) != deal.draws
        or len(set(cards)) != deal.draws
        or not all(type(index) is int and 0 <= index < len(DECK) for index in cards)
    ):
        raise InvalidStateError(f"a Loo deal draws {deal.draws} different cards 0 to 51, got {list(cards)!r}")
    drawn = [DECK[index] for index in cards]
    hands = [drawn[seat * TRICKS : (seat + 1) * TRICKS] for seat in range(game.players)]
    miss = drawn[game.players * TRICKS : -1] if game.miss else None
    before = [chips + game.ante for chips in state.balances]
    carry = state.pot - game.players * game.ante
    return read_deal(
        game, hands, drawn[-1], miss, round_number=state.round_number, balances=before, carry=carry, seed=state.seed
    )
