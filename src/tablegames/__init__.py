"""tablegames: the exact rules of Kalo, Kalaha and Loo behind one small protocol.

Examples:
    >>> import tablegames
    >>> game = tablegames.load("kalaha")
    >>> state = game.start(seed=7)
    >>> state = state.apply(state.parse_action("c"))
    >>> state.stores
    (1, 0)
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from tablegames.core import (
    LAZY,
    Action,
    Bot,
    ConfigError,
    Event,
    Game,
    GameEnded,
    IllegalActionError,
    InvalidActionError,
    InvalidStateError,
    Match,
    MatchError,
    MissingExtraError,
    Outcome,
    Ply,
    RandomBot,
    SeatError,
    State,
    TablegamesError,
    Transition,
    View,
    load,
    names,
    play_bots,
    register,
    state_from_dict,
    unregister,
)
from tablegames.core.lazy import listing, on_first_use

if TYPE_CHECKING:
    from tablegames.core import ArenaResult, TournamentResult, simulate, tournament

__version__ = "0.1.0"

__all__ = [
    "Action",
    "ArenaResult",
    "Bot",
    "ConfigError",
    "Event",
    "Game",
    "GameEnded",
    "IllegalActionError",
    "InvalidActionError",
    "InvalidStateError",
    "Match",
    "MatchError",
    "MissingExtraError",
    "Outcome",
    "Ply",
    "RandomBot",
    "SeatError",
    "State",
    "TablegamesError",
    "TournamentResult",
    "Transition",
    "View",
    "__version__",
    "load",
    "names",
    "play_bots",
    "register",
    "simulate",
    "state_from_dict",
    "tournament",
    "unregister",
]


#: The arena's and tournaments' names are imported on first use: most programs never start a process pool.
__getattr__ = on_first_use(__name__, LAZY, globals())
__dir__ = listing(LAZY, globals())
