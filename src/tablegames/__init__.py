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

from tablegames.core import (
    Action,
    ArenaResult,
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
    TournamentResult,
    Transition,
    View,
    load,
    names,
    play_bots,
    register,
    simulate,
    state_from_dict,
    tournament,
    unregister,
)

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
