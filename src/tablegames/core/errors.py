"""The error hierarchy shared by every game.

Every error tablegames raises on purpose derives from
[`TablegamesError`][tablegames.TablegamesError]; the ones about bad input also
derive from `ValueError`, so code that already catches `ValueError` keeps
working.

Examples:
    >>> from tablegames import ConfigError, TablegamesError
    >>> issubclass(ConfigError, TablegamesError), issubclass(ConfigError, ValueError)
    (True, True)
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from tablegames.core.reasons import Reason, said

if TYPE_CHECKING:
    from tablegames.core.actions import Action

__all__ = [
    "ConfigError",
    "IllegalActionError",
    "InvalidActionError",
    "InvalidStateError",
    "MatchError",
    "MissingExtraError",
    "SeatError",
    "TablegamesError",
]


class TablegamesError(Exception):
    """Base class of every error raised by tablegames."""


class ConfigError(TablegamesError, ValueError):
    """Game options are out of range or unknown, or a game name is not registered.

    Attributes:
        reason: Why, as a `Reason` a client can tell in any language (its
            text is the message): the options' refusals are stated once in
            `tablegames.core.options.CONFIG`; an error raised with a message
            only has the message for its reason.

    Examples:
        >>> import tablegames
        >>> try:
        ...     tablegames.load("kalaha", pits=0)
        ... except tablegames.ConfigError as error:
        ...     print(error.reason.to_dict())
        {'key': 'config.integer', 'fields': {'maximum': 26, 'minimum': 1, 'option': 'pits', 'value': '0'}}
        >>> ConfigError("no dragons here").reason.key
        'core.said'
    """

    def __init__(self, message: str, *, reason: Reason | None = None) -> None:
        super().__init__(message)
        self.reason = said(message) if reason is None else reason

    @classmethod
    def from_reason(cls, reason: Reason) -> ConfigError:
        """The error of ``reason``: its English is the message.

        Examples:
            >>> from tablegames.core.options import CONFIG
            >>> ConfigError.from_reason(CONFIG.reason("config.boolean", option="miss", value="'yes'"))
            ConfigError("miss must be True or False, got 'yes'")
        """
        return cls(str(reason), reason=reason)


class IllegalActionError(TablegamesError, ValueError):
    """An action is not legal in the state it was applied to.

    The message says why and what would be legal. The state is unchanged.

    Attributes:
        action: The rejected action (whatever object was passed).
        legal: The actions that were legal instead (empty once the game is over).
        reason: Why, as a `Reason` a client can tell in any language (its
            text is the message's, without the list of legal actions); an
            error raised with a message only has the message for its reason.

    Examples:
        >>> import tablegames
        >>> state = tablegames.load("kalaha").start()
        >>> after = state.apply(state.parse_action("c"))  # the last seed in the store: seat 0 moves again
        >>> try:
        ...     after.apply(state.parse_action("c"))
        ... except tablegames.IllegalActionError as error:
        ...     print(error.action, [str(action) for action in error.legal], error.reason.key)
        c ['a', 'b', 'd', 'e', 'f'] kalaha.pit_empty
        >>> error = tablegames.IllegalActionError("not now")
        >>> error.reason.key, str(error.reason)
        ('core.said', 'not now')
    """

    def __init__(
        self, message: str, *, action: object = None, legal: tuple[Action, ...] = (), reason: Reason | None = None
    ) -> None:
        super().__init__(message)
        self.action = action
        self.legal = legal
        self.reason = said(message) if reason is None else reason


class InvalidStateError(TablegamesError, ValueError):
    """A state dict, record or position is malformed or inconsistent."""


class InvalidActionError(TablegamesError, ValueError):
    """An action dict or a piece of notation cannot be read as an action."""


class SeatError(TablegamesError, ValueError):
    """A seat number is not a seat of this game (seats are ``0 .. players-1``, or ``None`` to watch)."""


class MatchError(TablegamesError):
    """A `Match` was asked for something it cannot do, such as undo at the start."""


class MissingExtraError(TablegamesError, ImportError):
    """An optional dependency is not installed; the message names the extra that installs it.

    Attributes:
        extra: The name of the extra, e.g. ``"web"``.
    """

    def __init__(self, message: str, *, extra: str) -> None:
        super().__init__(message)
        self.extra = extra
