"""Validators for game options, shared by every game: each raises `ConfigError` naming the option.

Each refusal is stated once, in `CONFIG`: a key such as ``"config.integer"``,
its fields and its English (`tablegames.core.reasons`), so that the error's
`reason` can be said in a player's language as well as in the English of its
message.

Examples:
    >>> import attrs
    >>> @attrs.frozen
    ... class Options:
    ...     size: int = attrs.field(default=3, validator=int_option(1, 9))
    >>> Options(size=12)
    Traceback (most recent call last):
    ...
    tablegames.core.errors.ConfigError: size must be an integer from 1 to 9, got 12
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

from tablegames.core.errors import ConfigError
from tablegames.core.inputs import MAX_INT, brief
from tablegames.core.reasons import Catalogue, Field

__all__ = [
    "CONFIG",
    "bool_option",
    "check_int_option",
    "check_seed",
    "config_error",
    "int_option",
    "new_seed",
    "players_option",
]

Validator = Callable[[Any, Any, Any], None]


def _listed(names: tuple[str, ...], more: int) -> str:
    return "[" + ", ".join(names) + (", …]" if more else "]")


#: Every refusal of a game's name or options. An option is a field by its name (``"pits"``), a game by the name
#: it goes by; a value refused is the text the message quotes it with (`brief`: ``"0"``, ``"'abc'"``), and so
#: are unknown names, of which the first five are listed (``more`` counts the others).
CONFIG = Catalogue(
    {
        "config.no_game": lambda *, game, games: f"no game named {game}; the games are: {', '.join(games)}",
        "config.unknown_options": lambda *, game, unknown, more, options: (
            f"unknown option(s) {_listed(unknown, more)} for {game!r}; its options are: {', '.join(options)}"
        ),
        "config.players": "{game} is for {minimum} to {maximum} players, got players={value}",
        "config.players_exactly": "{game} is for exactly {players} players, got players={value}",
        "config.integer": "{option} must be an integer from {minimum} to {maximum}, got {value}",
        "config.integer_at_least": "{option} must be an integer of at least {minimum}, got {value}",
        "config.boolean": "{option} must be True or False, got {value}",
        "config.seed": "seed must be an integer from 0 to 2**64 - 1, or None, got {value}",
    }
)


def config_error(key: str, /, **fields: Field) -> ConfigError:
    """The `ConfigError` of the refusal ``key`` of `CONFIG` with these fields; its message is their English.

    Examples:
        >>> error = config_error("config.integer", option="pits", minimum=1, maximum=26, value=brief(30))
        >>> str(error), error.reason.key
        ('pits must be an integer from 1 to 26, got 30', 'config.integer')
    """
    return ConfigError.from_reason(CONFIG.reason(key, **fields))


def check_int_option(value: object, name: str, minimum: int, maximum: int | None = None) -> int:
    """Check that the option ``name`` is an integer (not a bool) from ``minimum`` (to ``maximum``).

    Raises:
        ConfigError: If it is not, with the reason ``config.integer`` (or
            ``config.integer_at_least`` without a ``maximum``).

    Examples:
        >>> check_int_option(3, "rounds", 1, 1000)
        3
        >>> check_int_option(True, "rounds", 1)
        Traceback (most recent call last):
        ...
        tablegames.core.errors.ConfigError: rounds must be an integer of at least 1, got True
    """
    if type(value) is not int or value < minimum or value > (MAX_INT if maximum is None else maximum):
        if maximum is None:
            raise config_error("config.integer_at_least", option=name, minimum=minimum, value=brief(value))
        raise config_error("config.integer", option=name, minimum=minimum, maximum=maximum, value=brief(value))
    return value


def int_option(minimum: int, maximum: int | None = None) -> Validator:
    """An attrs validator: the option is an integer from ``minimum`` (to ``maximum``)."""

    def check(_: Any, attribute: Any, value: Any) -> None:
        check_int_option(value, attribute.name, minimum, maximum)

    return check


def bool_option(_: Any, attribute: Any, value: Any) -> None:
    """An attrs validator: the option is True or False (not 0 or 1)."""
    if not isinstance(value, bool):
        raise config_error("config.boolean", option=attribute.name, value=brief(value))


def players_option(title: str, minimum: int, maximum: int) -> Validator:
    """An attrs validator for ``players``: "Kalo is for 3 to 6 players, got players=7"."""

    def check(_: Any, __: Any, value: Any) -> None:
        if type(value) is not int or not minimum <= value <= maximum:
            if minimum == maximum:
                raise config_error("config.players_exactly", game=title, players=minimum, value=brief(value))
            raise config_error("config.players", game=title, minimum=minimum, maximum=maximum, value=brief(value))

    return check


def check_seed(seed: object) -> int | None:
    """Check a seed given to ``Game.start``: an integer from 0 to 2**64 - 1, or None to draw one.

    Raises:
        ConfigError: If ``seed`` is anything else.

    Examples:
        >>> check_seed(-1)
        Traceback (most recent call last):
        ...
        tablegames.core.errors.ConfigError: seed must be an integer from 0 to 2**64 - 1, or None, got -1
    """
    if seed is not None and (type(seed) is not int or not 0 <= seed <= MAX_INT):
        raise config_error("config.seed", value=brief(seed))
    return seed


def new_seed() -> int:
    """Draw a fresh seed (from the operating system's randomness) for a game started without one.

    Drawn seeds are below 2**53, so a record's seed survives every JSON
    reader, JavaScript's ``JSON.parse`` included (readers take seeds up to 2**64 - 1).
    """
    return random.SystemRandom().randrange(2**53)
