"""Validators for game options, shared by every game: each raises `ConfigError` naming the option.

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

from collections.abc import Callable
from typing import Any

from tablegames.core.errors import ConfigError
from tablegames.core.inputs import MAX_INT, brief
from tablegames.core.serial import check_int

__all__ = ["bool_option", "check_seed", "int_option", "new_seed", "players_option"]

Validator = Callable[[Any, Any, Any], None]


def int_option(minimum: int, maximum: int | None = None) -> Validator:
    """An attrs validator: the option is an integer from ``minimum`` (to ``maximum``)."""

    def check(_: Any, attribute: Any, value: Any) -> None:
        check_int(value, attribute.name, ConfigError, minimum=minimum, maximum=maximum)

    return check


def bool_option(_: Any, attribute: Any, value: Any) -> None:
    """An attrs validator: the option is True or False (not 0 or 1)."""
    if not isinstance(value, bool):
        raise ConfigError(f"{attribute.name} must be True or False, got {brief(value)}")


def players_option(title: str, minimum: int, maximum: int) -> Validator:
    """An attrs validator for ``players``: "Kalo is for 3 to 6 players, got players=7"."""
    span = f"exactly {minimum}" if minimum == maximum else f"{minimum} to {maximum}"

    def check(_: Any, __: Any, value: Any) -> None:
        if type(value) is not int or not minimum <= value <= maximum:
            raise ConfigError(f"{title} is for {span} players, got players={brief(value)}")

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
        raise ConfigError(f"seed must be an integer from 0 to 2**64 - 1, or None, got {brief(seed)}")
    return seed


def new_seed() -> int:
    """Draw a fresh seed (from the operating system's randomness) for a game started without one.

    Drawn seeds are below 2**53, so a record's seed survives every JSON
    reader, JavaScript's ``JSON.parse`` included (readers take seeds up to 2**64 - 1).
    """
    import random  # only a game started without a seed needs it

    return random.SystemRandom().randrange(2**53)
