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

import importlib

#: False when run, True for type checkers (mypy and pyright treat the name so): importing
#: ``typing`` for it would cost as much as the rest of ``import tablegames``.
TYPE_CHECKING = False
if TYPE_CHECKING:
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


#: The games and the other packages, each imported the first time it is asked for (``tablegames.kalaha``).
_PACKAGES = ("adapters", "cli", "core", "kalaha", "kalo", "loo", "server", "testing")


def __getattr__(name: str) -> object:
    """Import the core when one of its names is first asked for: ``import tablegames`` itself imports nothing.

    Raises:
        AttributeError: For a name tablegames does not have.
    """
    if name in _PACKAGES:
        value = importlib.import_module(f"tablegames.{name}")
        globals()[name] = value
        return value
    if name not in __all__:
        raise AttributeError(f"module 'tablegames' has no attribute {name!r}")
    core = importlib.import_module("tablegames.core")
    home = core.LAZY.get(name)  # the names the core imports on first use, from their own modules
    value = getattr(core if home is None else importlib.import_module(home), name)
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    return sorted({*__all__, *_PACKAGES})
