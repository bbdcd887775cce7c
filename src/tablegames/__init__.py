"""tablegames: the exact rules of Kalo, Kalaha and Loo behind one small protocol.

Examples:
    >>> import tablegames
    >>> game = tablegames.load("kalaha")
    >>> state = game.start(seed=7)
    >>> state = state.apply(state.parse_action("c"))
    >>> state.stores
    (1, 0)

Which build is loaded: ``tablegames.compiled`` is True when the rules run
compiled with mypyc, False when the same source runs interpreted (see the
performance guide for how to get each).

    >>> tablegames.compiled in (True, False)
    True
"""

from __future__ import annotations

import importlib
import importlib.machinery
import os

#: False when run, True for type checkers (mypy and pyright treat the name so): importing
#: ``typing`` for it would cost as much as the rest of ``import tablegames``.
TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any, Literal, overload

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
        names,
        play_bots,
        register,
        simulate,
        state_from_dict,
        tournament,
        unregister,
    )
    from tablegames.kalaha import Kalaha
    from tablegames.kalo import Kalo
    from tablegames.loo import Loo

    #: True when the compiled build is loaded, False for the pure one.
    compiled: bool

    # What `load` returns, to a type checker, by the game's name: ``load("kalaha")`` is a `Kalaha`.
    @overload
    def load(name: Literal["kalaha"], **options: Any) -> Kalaha: ...
    @overload
    def load(name: Literal["kalo"], **options: Any) -> Kalo: ...
    @overload
    def load(name: Literal["loo"], **options: Any) -> Loo: ...
    @overload
    def load(name: str, **options: Any) -> Game[State]: ...
    def load(name: str, **options: Any) -> Game[State]:
        """Return the game ``name`` with ``options`` (`tablegames.core.registry.load`)."""


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
    "compiled",
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
_PACKAGES = ("adapters", "cli", "core", "kalaha", "kalo", "loo", "schemas", "server", "testing")


def __getattr__(name: str) -> object:
    """Import the core when one of its names is first asked for: ``import tablegames`` itself imports nothing.

    Raises:
        AttributeError: For a name tablegames does not have.
    """
    if name == "compiled":
        globals()[name] = _compiled()
        return globals()[name]
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


def _compiled() -> bool:
    """True if the rules are compiled: an extension module beside a source file is the one imported."""
    rules = os.path.join(os.path.dirname(__file__), "kalaha", "rules")
    return any(os.path.exists(rules + suffix) for suffix in importlib.machinery.EXTENSION_SUFFIXES)


def __dir__() -> list[str]:
    return sorted({*__all__, *_PACKAGES})
