"""Kalaha as numbers: one action index per pit, and a view as a vector of seed counts.

Layout version 1 (`VERSION`), with ``p`` = the option ``pits``:

**Actions** (``num_actions`` = ``p``): index ``i`` is `Sow` of pit ``i``
(notation ``a``, ``b``, ...), counted in the mover's own row.

**Observation** (``observation_size`` = ``2p + 4``), from the viewing seat's
side of the board (a spectator sees it from seat 0's):

1. ``0 .. p-1``: the seeds in the viewer's pits ``a`` .. ;
2. ``p``: the viewer's store;
3. ``p+1 .. 2p``: the seeds in the opponent's pits ``a`` .. ;
4. ``2p+1``: the opponent's store;
5. ``2p+2``: 1 if the viewer is to move, else 0;
6. ``2p+3``: 1 if the opponent is to move, else 0 (both 0: the game is over).

Every entry lies from 0 to ``2 x pits x seeds`` (`observation_range`).
Kalaha has no chance: `deal_of` is None.

Examples:
    >>> from tablegames.kalaha import Kalaha
    >>> state = Kalaha(pits=3, seeds=2).start().apply(Sow(0))
    >>> observe(state.view(1))
    (2, 2, 2, 0, 0, 3, 3, 0, 1, 0)
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from tablegames.core.errors import InvalidActionError
from tablegames.kalaha.actions import SOWS, Sow

if TYPE_CHECKING:
    from tablegames.core.protocol import Action
    from tablegames.kalaha.game import Kalaha
    from tablegames.kalaha.view import KalahaView

__all__ = [
    "VERSION",
    "action_from_index",
    "action_index",
    "max_decisions",
    "observation_range",
    "observation_size",
    "observe",
]

#: The layout version of Kalaha's action indices and observations.
VERSION = 1


def action_index(game: Kalaha, action: Action) -> int:
    """The index of ``action``: its pit number.

    Raises:
        InvalidActionError: If ``action`` is not a sow of a pit of ``game``.
    """
    if type(action) is not Sow or action.pit >= game.pits:
        raise InvalidActionError(f"{action!r} is not a sow of one of the {game.pits} pits, so it has no index")
    return action.pit


def action_from_index(game: Kalaha, index: int) -> Sow:
    """The `Sow` with index ``index``.

    Raises:
        InvalidActionError: If ``index`` is not a pit number of ``game``.
    """
    if type(index) is not int or not 0 <= index < game.pits:
        raise InvalidActionError(f"an action index of this game is an integer from 0 to {game.pits - 1}, got {index!r}")
    return SOWS[index]


def observation_size(game: Kalaha) -> int:
    """``2 x pits + 4``."""
    return 2 * game.pits + 4


def observation_range(game: Kalaha) -> tuple[float, float]:
    """From 0 to every seed in the game."""
    return 0, 2 * game.pits * game.seeds


def max_decisions(game: Kalaha) -> int:
    """A bound on the moves of a game: ``(T + 1) x (T x pits + 1)`` for ``T`` seeds in all.

    A move either puts a seed in a store (at most ``T`` such moves), or keeps
    every seed it sows in its own row, each nearer its store; the seeds' total
    distance from their stores is at most ``T x pits``, and only a move of the
    first kind can increase it.
    """
    seeds = 2 * game.pits * game.seeds
    return (seeds + 1) * (seeds * game.pits + 1)


def observe(view: KalahaView) -> tuple[int, ...]:
    """The view as numbers (see the module docs)."""
    me = 1 if view.seat == 1 else 0
    them = 1 - me
    mover = view.current_player
    return (
        *view.pits[me],
        view.stores[me],
        *view.pits[them],
        view.stores[them],
        int(mover == me),
        int(mover == them),
    )
