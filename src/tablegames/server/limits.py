"""The server's limits: how large a request may be, how many tables and connections it keeps.

Every limit is a field of `Limits`; ``GET /api`` lists them, so a client can
read them instead of guessing. A request over a limit gets a typed error
(``TooLargeError`` 413, ``TooManyRequestsError`` 429, ``BusyError`` 503) and changes nothing; a WebSocket
message over the limit closes that connection with code 1009 and nothing else.

Examples:
    >>> Limits().max_body
    65536
    >>> Limits(max_open_tables=10).to_dict()["max_open_tables"]
    10
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import attrs

if TYPE_CHECKING:
    from tablegames.core.serial import JSONDict

__all__ = ["Limits"]


def _positive(_: object, attribute: attrs.Attribute[int], value: int) -> None:
    if type(value) is not int or value < 1:
        raise ValueError(f"{attribute.name} must be an integer of at least 1, got {value!r}")


@attrs.frozen
class Limits:
    """The limits a server enforces.

    Attributes:
        max_body: The largest HTTP request body, in bytes.
        max_message: The largest WebSocket message a client may send, in bytes.
        max_open_tables: How many unfinished tables the server keeps; creating one more is refused.
        max_connections: How many WebSocket connections the server holds at once.
        max_table_connections: How many WebSocket connections one table holds at once.
        max_queue: How many frames may wait for a slow WebSocket client before it is disconnected
            (it reconnects and catches up with ``since``).
        max_listed: How many tables ``GET /api/tables`` lists.
        max_bot_delay: The longest pause between bot moves a table may ask for, in seconds.
        max_token: The longest token the server reads, in characters.
        finished_cache: How many finished tables are kept in memory for their views and records.
        max_checks: How many actions one ``GET .../check`` may ask about.
        creations_per_minute: How many tables one client (network address) may create a minute
            (and at once, after a quiet minute); more is refused with ``TooManyRequestsError``.
        actions_per_minute: How many actions one client may send a minute, over HTTP and WebSockets together.
        idle_expiry: How many seconds an unfinished table may go untouched (no action, no seat's request
            or connection) before it is deleted; its summary says so.
    """

    max_body: int = attrs.field(default=64 * 1024, validator=_positive)
    max_message: int = attrs.field(default=8 * 1024, validator=_positive)
    max_open_tables: int = attrs.field(default=1_000, validator=_positive)
    max_connections: int = attrs.field(default=4_000, validator=_positive)
    max_table_connections: int = attrs.field(default=64, validator=_positive)
    max_queue: int = attrs.field(default=256, validator=_positive)
    max_listed: int = attrs.field(default=100, validator=_positive)
    max_bot_delay: float = 10.0
    max_token: int = attrs.field(default=128, validator=_positive)
    finished_cache: int = attrs.field(default=64, validator=_positive)
    max_checks: int = attrs.field(default=64, validator=_positive)
    creations_per_minute: int = attrs.field(default=30, validator=_positive)
    actions_per_minute: int = attrs.field(default=600, validator=_positive)
    idle_expiry: int = attrs.field(default=86_400, validator=_positive)

    def to_dict(self) -> JSONDict:
        """Return the limits as JSON, as ``GET /api`` shows them."""
        return attrs.asdict(self)
