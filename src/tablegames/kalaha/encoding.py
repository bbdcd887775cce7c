"""Kalaha as numbers: one action index per pit, and a view as a vector of seed counts.

Layout version 1 (`VERSION`), with ``p`` = the option ``pits``:

**Actions** (``num_actions`` = ``p``): index ``i`` is `Sow` of pit ``i``
(notation ``a``, ``b``, ...), counted in the mover's own row.

**Observation** (``observation_size`` = ``2p + 4``, made by
`KalahaView.observation`), from the viewing seat's side of the board (a
spectator sees it from seat 0's):

1. ``0 .. p-1``: the seeds in the viewer's pits ``a`` .. ;
2. ``p``: the viewer's store;
3. ``p+1 .. 2p``: the seeds in the opponent's pits ``a`` .. ;
4. ``2p+1``: the opponent's store;
5. ``2p+2``: 1 if the viewer is to move, else 0;
6. ``2p+3``: 1 if the opponent is to move, else 0 (both 0: the game is over).

Every entry lies from 0 to ``2 x pits x seeds`` (`observation_range`).
Kalaha has no chance: `deal_of` is None.

Examples:
    >>> from tablegames.kalaha import Kalaha, Sow
    >>> game = Kalaha(pits=3, seeds=2)
    >>> game.num_actions, game.action_index(Sow(2)), game.action_from_index(2)
    (3, 2, Sow(pit=2))
    >>> state = game.start().apply(Sow(0))
    >>> state.view(1).observation()
    (2, 2, 2, 0, 0, 3, 3, 0, 1, 0)
"""

from __future__ import annotations

import functools
from typing import TYPE_CHECKING, Final

from tablegames.core.errors import InvalidStateError
from tablegames.core.layouts import ActionTable
from tablegames.kalaha.actions import SOWS

if TYPE_CHECKING:
    from collections.abc import Sequence

    from tablegames.kalaha.options import KalahaOptions
    from tablegames.kalaha.state import KalahaState

__all__ = [
    "VERSION",
    "actions",
    "deal_of",
    "max_decisions",
    "max_round_decisions",
    "observation_range",
    "observation_size",
    "redeal",
]

#: The layout version of Kalaha's action indices and observations.
VERSION: Final = 1


@functools.cache
def _table(pits: int) -> ActionTable:
    return ActionTable("Kalaha", SOWS[:pits])


def actions(game: KalahaOptions[KalahaState]) -> ActionTable:
    """The actions by index: the `Sow` of each pit."""
    return _table(game.pits)


def observation_size(game: KalahaOptions[KalahaState]) -> int:
    """``2 x pits + 4``."""
    return 2 * game.pits + 4


def observation_range(game: KalahaOptions[KalahaState]) -> tuple[float, float]:
    """From 0 to every seed in the game."""
    return 0.0, float(2 * game.pits * game.seeds)


def max_decisions(game: KalahaOptions[KalahaState]) -> int:
    """A bound on the moves of a game: ``(T + 1) x (T x pits + 1)`` for ``T`` seeds in all.

    A move either puts a seed in a store (at most ``T`` such moves), or keeps
    every seed it sows in its own row, each nearer its store; the seeds' total
    distance from their stores is at most ``T x pits``, and only a move of the
    first kind can increase it.
    """
    seeds = 2 * game.pits * game.seeds
    return (seeds + 1) * (seeds * game.pits + 1)


def max_round_decisions(game: KalahaOptions[KalahaState]) -> None:
    """None: Kalaha is one game, not played in rounds.

    Examples:
        >>> from tablegames.kalaha import Kalaha
        >>> max_round_decisions(Kalaha()) is None
        True
    """
    del game


def deal_of(game: KalahaOptions[KalahaState], state: object) -> None:
    """None: Kalaha has no chance."""
    del game, state


def redeal(game: KalahaOptions[KalahaState], state: object, cards: Sequence[int]) -> KalahaState:
    """Kalaha deals nothing, so nothing can be dealt again.

    Raises:
        InvalidStateError: Always.
    """
    del game, state, cards
    raise InvalidStateError("Kalaha has no deals: nothing is dealt, so nothing can be dealt again")
