"""The registry of games: `load`, `names`, `register`, `state_from_dict`, and a game described in one line.

Examples:
    >>> import tablegames
    >>> "kalaha" in tablegames.names()
    True
    >>> tablegames.load("kalaha", pits=4)
    Kalaha(pits=4, seeds=4, empty_capture=True, players=2)
    >>> tablegames.load("chess")
    Traceback (most recent call last):
    ...
    tablegames.core.errors.ConfigError: no game named 'chess'; the games are: kalaha, kalo, loo
"""

from __future__ import annotations

import importlib
import inspect
import json
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from tablegames.core.errors import ConfigError, InvalidStateError
from tablegames.core.inputs import brief, check_json
from tablegames.core.options import config_error, players_option
from tablegames.core.protocol import Game, State
from tablegames.core.serial import check_header, read_str

if TYPE_CHECKING:
    from collections.abc import Mapping

__all__ = ["describe_game", "load", "names", "read_game", "register", "state_from_dict", "unregister"]

#: A callable that takes the game's options as keyword arguments.
GameFactory = Callable[..., Game[State]]

_BUILTIN: dict[str, str] = {
    "kalaha": "tablegames.kalaha:Kalaha",
    "kalo": "tablegames.kalo:Kalo",
    "loo": "tablegames.loo:Loo",
}
_REGISTERED: dict[str, GameFactory] = {}


def register(name: str, factory: GameFactory) -> None:
    """Register a game under ``name`` so that `load` and records find it.

    Args:
        name: The game's name, e.g. ``"mygame"``.
        factory: Called with the options as keyword arguments; returns a `Game`.

    Raises:
        ConfigError: If ``name`` is taken, or is not a non-empty string.
    """
    if not isinstance(name, str) or not name:
        raise ConfigError(f"a game's name is a non-empty string, got {name!r}")
    if name in _BUILTIN or name in _REGISTERED:
        raise ConfigError(f"a game named {name!r} is already registered")
    _REGISTERED[name] = factory


def unregister(name: str) -> None:
    """Remove a game that `register` added (built-in games stay).

    Raises:
        ConfigError: If ``name`` was not added by `register`.
    """
    if name not in _REGISTERED:
        raise ConfigError(f"no game named {name!r} was registered; built-in games cannot be removed")
    del _REGISTERED[name]


def names() -> tuple[str, ...]:
    """Return the names of every registered game, built-in ones first."""
    return (*_BUILTIN, *_REGISTERED)


def _factory(name: str) -> GameFactory:
    if type(name) is not str:
        raise ConfigError(f"a game is named by a string such as 'kalaha', got {brief(name)}")
    if name in _REGISTERED:
        return _REGISTERED[name]
    if name not in _BUILTIN:
        raise config_error("config.no_game", game=brief(name, 40), games=names())
    module, _, attribute = _BUILTIN[name].partition(":")
    factory: GameFactory = getattr(importlib.import_module(module), attribute)
    return factory


def load(name: str, **options: Any) -> Game[State]:
    """Return the game ``name`` with ``options``.

    Options are JSON values (they are written into every saved state and
    record): ints, bools, strings, lists, dicts and None; anything else is
    refused before the game sees it.

    Raises:
        ConfigError: If no game has that name or an option is unknown, not a
            JSON value, or out of range.

    Examples:
        >>> load("kalaha", seeds=3).options()
        {'pits': 6, 'seeds': 3, 'empty_capture': True, 'players': 2}
        >>> load("loo", players=float("inf"))
        Traceback (most recent call last):
        ...
        tablegames.core.errors.ConfigError: Loo is for 3 to 8 players, got players=inf
    """
    factory = _factory(name)
    check_json(options, ConfigError, "the options")
    accepted = inspect.signature(factory).parameters
    fixed = None if "players" in accepted else getattr(factory, "min_players", None)
    if "players" in options and fixed is not None and fixed == getattr(factory, "max_players", None):
        # A game for a fixed number of players has no players option; saying that number is still right.
        players_option(getattr(factory, "__name__", name), fixed, fixed)(None, None, options.pop("players"))
    unknown = sorted(key for key in options if key not in accepted)
    if unknown and not any(each.kind is inspect.Parameter.VAR_KEYWORD for each in accepted.values()):
        raise config_error(
            "config.unknown_options",
            game=name,
            unknown=tuple(brief(key, 40) for key in unknown[:5]),
            more=max(len(unknown) - 5, 0),
            options=tuple(accepted),
        )
    return factory(**options)


def read_game(data: Mapping[str, Any], kind: str) -> Game[State]:
    """Load the game a dict of ``kind`` names in its ``game`` and ``options`` fields (a record, say).

    Raises:
        InvalidStateError: If the fields are missing or malformed, or the game cannot be loaded.

    Examples:
        >>> read_game({"game": "kalaha", "options": {"pits": 3}}, "record").pits
        3
        >>> read_game({"game": "kalaha", "options": {"pits": 0}}, "record")  # doctest: +ELLIPSIS
        Traceback (most recent call last):
        ...
        tablegames.core.errors.InvalidStateError: record names a game that cannot be loaded: pits must be ...
    """
    name = read_str(data, "game", InvalidStateError, kind)
    options = data.get("options")
    if type(options) is not dict:
        raise InvalidStateError(f"{kind} field 'options' must be an object, got {brief(options)}")
    try:
        return load(name, **options)
    except ConfigError as error:
        raise InvalidStateError(f"{kind} names a game that cannot be loaded: {error}") from None


def state_from_dict(data: object) -> State:
    """Read a state of any registered game, with the options the dict names.

    Raises:
        InvalidStateError: If the dict names no registered game or is invalid.

    Examples:
        >>> import tablegames
        >>> state = tablegames.load("kalaha", pits=3).start()
        >>> tablegames.state_from_dict(state.to_dict()) == state
        True
    """
    checked = check_header(data, "state", InvalidStateError)
    return read_game(checked, "state").from_dict(checked)


def describe_game(name: str, options: Mapping[str, Any]) -> str:
    """A game and its options in one line, the values as JSON: ``kalo (players=4, play_limit=500)``.

    Examples:
        >>> describe_game("kalaha", {"pits": 6, "empty_capture": True})
        'kalaha (pits=6, empty_capture=true)'
        >>> describe_game("loo", {})
        'loo'
    """
    listed = ", ".join(f"{key}={json.dumps(value)}" for key, value in options.items())
    return f"{name} ({listed})" if listed else name
