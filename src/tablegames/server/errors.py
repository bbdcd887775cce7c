"""The server's errors, and the HTTP status and wire form of every error a client can be sent.

A client is told of every error in one shape, the same over HTTP and over a
WebSocket::

    {"error": {"type": "IllegalActionError", "message": "...", "legal": ["c", "d"],
               "reason": {"key": "kalaha.pit_empty", "fields": {"pit": 2}}}}

``type`` names the error's class: one of the library's errors (a bad
action, bad options, a bad state) or one of the server's own below (a
malformed request, a missing token, a body too large); an error of a class
the wire does not name goes by the nearest of its bases that it does
(`WIRE_TYPES`), or is a bad request, so a client is only ever sent a type
it is told of. ``legal`` is there for an `IllegalActionError` only: the
actions the client's seat may take now. ``reason`` is there for an
`IllegalActionError` and a `ConfigError`: why the action, or the game's
options or seats, were refused, as a key and language-neutral fields
(`tablegames.core.reasons.Reason`), for a client to say in its player's
language what the message says in English.

Examples:
    >>> import tablegames
    >>> status_of(tablegames.IllegalActionError("not now"))
    409
    >>> status_of(NotFoundError("no table 'x'"))
    404
    >>> error_body(ConflictError("seat 1 is taken"))
    {'error': {'type': 'ConflictError', 'message': 'seat 1 is taken'}}
"""

from __future__ import annotations

from typing import TYPE_CHECKING, ClassVar

from tablegames.core.errors import (
    ConfigError,
    IllegalActionError,
    InvalidActionError,
    InvalidStateError,
    TablegamesError,
)

if TYPE_CHECKING:
    from tablegames.core.serial import JSONDict

__all__ = [
    "WIRE_TYPES",
    "BadRequestError",
    "BusyError",
    "ConflictError",
    "ForbiddenError",
    "MethodNotAllowedError",
    "NotFoundError",
    "ServerError",
    "StoreError",
    "TooLargeError",
    "TooManyRequestsError",
    "UnauthorizedError",
    "UnsupportedMediaTypeError",
    "error_body",
    "status_of",
]


class ServerError(TablegamesError):
    """Base of the server's own errors; ``status`` is the HTTP status a client receives."""

    status: ClassVar[int] = 500


class BadRequestError(ServerError, ValueError):
    """The request is malformed: not JSON, a field missing, of the wrong type or unknown."""

    status: ClassVar[int] = 400


class UnauthorizedError(ServerError):
    """The request needs a seat's token and has none."""

    status: ClassVar[int] = 401


class ForbiddenError(ServerError):
    """The token is not one of this table's seats, or the request is not allowed (another origin, a closed seat)."""

    status: ClassVar[int] = 403


class NotFoundError(ServerError):
    """No table (or seat, or page) of that name."""

    status: ClassVar[int] = 404


class MethodNotAllowedError(ServerError):
    """The route exists, but not for this method; the message and the ``Allow`` header name the methods it has."""

    status: ClassVar[int] = 405


class ConflictError(ServerError):
    """The table is not in a state to accept this: another decision came first, or it waits for players."""

    status: ClassVar[int] = 409


class TooLargeError(ServerError):
    """The body or message is larger than the server's limit."""

    status: ClassVar[int] = 413


class TooManyRequestsError(ServerError):
    """A client sent more requests of a kind than its rate limit allows; it may ask again after ``retry_after``.

    Attributes:
        retry_after: The seconds until the client may ask again.
    """

    status: ClassVar[int] = 429

    def __init__(self, message: str, *, retry_after: float = 1.0) -> None:
        super().__init__(message)
        self.retry_after = retry_after


class UnsupportedMediaTypeError(ServerError):
    """A body that is not ``application/json``."""

    status: ClassVar[int] = 415


class BusyError(ServerError):
    """The server is at a limit (open tables, connections); try again later."""

    status: ClassVar[int] = 503


class StoreError(ServerError):
    """The database cannot be used: not a tablegames database, or written by a newer version."""


#: Every error class a client may be sent, by its name: the library's errors a request can meet, and the
#: server's own (a store that cannot be used stops the server before any request).
_WIRE_CLASSES: tuple[type[TablegamesError], ...] = (
    IllegalActionError,
    InvalidActionError,
    ConfigError,
    InvalidStateError,
    ServerError,
    BadRequestError,
    UnauthorizedError,
    ForbiddenError,
    NotFoundError,
    MethodNotAllowedError,
    ConflictError,
    TooLargeError,
    TooManyRequestsError,
    UnsupportedMediaTypeError,
    BusyError,
)
#: The names of the error types a client may be sent, sorted.
WIRE_TYPES: tuple[str, ...] = tuple(sorted(kind.__name__ for kind in _WIRE_CLASSES))


def status_of(error: TablegamesError) -> int:
    """Return the HTTP status for ``error``: a server error's own; 409 for an illegal action; else 400.

    Any other error of the library, or of a game's own, refuses what the
    request asked for (a game's reader may raise an error of its own for
    notation it cannot read).
    """
    if isinstance(error, ServerError):
        return error.status
    if isinstance(error, IllegalActionError):
        return 409
    return 400


def error_body(error: TablegamesError, *, legal: bool = True) -> JSONDict:
    """Return the wire form of ``error``.

    Args:
        error: The error.
        legal: Whether to list an `IllegalActionError`'s legal actions (the
            caller passes False unless they are the acting seat's own).

    Examples:
        >>> import tablegames
        >>> error = tablegames.IllegalActionError("g is not a pit of seat 0", legal=("a", "b"))
        >>> body = error_body(error)["error"]
        >>> body["message"], body["legal"], body["reason"]
        ('g is not a pit of seat 0', ['a', 'b'], {'key': 'core.said', 'fields': {'text': 'g is not a pit of seat 0'}})
        >>> try:
        ...     tablegames.load("loo", players=9)
        ... except tablegames.ConfigError as refused:
        ...     error_body(refused)["error"]["reason"]
        {'key': 'config.players', 'fields': {'game': 'Loo', 'maximum': 8, 'minimum': 3, 'value': '9'}}
        >>> class OutOfSeats(BusyError):  # a class of the server's own that the wire does not name
        ...     pass
        >>> error_body(OutOfSeats("every seat is taken"))["error"]["type"]
        'BusyError'
        >>> error_body(tablegames.SeatError("seat 7 is not a seat of this game"))["error"]["type"]
        'BadRequestError'
    """
    # An error of the library or of a game's own that the wire does not name is a refused request (`status_of`).
    named = next((kind.__name__ for kind in type(error).__mro__ if kind in _WIRE_CLASSES), "BadRequestError")
    body: JSONDict = {"type": named, "message": str(error)}
    if isinstance(error, IllegalActionError):
        body["legal"] = [str(action) for action in error.legal] if legal else []
    if isinstance(error, (IllegalActionError, ConfigError)):
        body["reason"] = error.reason.to_dict()
    return {"error": body}
