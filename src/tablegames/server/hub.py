"""The push hub: every WebSocket connection of every table, by audience, and what is sent to them.

A `Connection` queues its outgoing frames and a task of its own sends them,
so one slow client never holds up the others: when more than
``Limits.max_queue`` frames wait for it, it is disconnected (it reconnects
and catches up with ``since``). The `Hub` knows which connections listen to
which table as which audience (a seat, or None for spectators) and delivers
each audience its own frame, encoded once.

Examples:
    >>> import asyncio
    >>> sent = []
    >>> async def send(text: str) -> None:
    ...     sent.append(text)
    >>> async def demo() -> None:
    ...     hub = Hub()
    ...     watcher = Connection(send, limit=8)
    ...     hub.add(watcher, "t1", None)
    ...     hub.publish("t1", {None: {"type": "update"}, 0: {"type": "update", "secret": 1}})
    ...     watcher.close()
    ...     await watcher.pump()
    >>> asyncio.run(demo())
    >>> sent
    ['{"type":"update"}']
"""

from __future__ import annotations

import asyncio
from typing import TYPE_CHECKING

from tablegames.server.wire import dumps

if TYPE_CHECKING:
    from collections.abc import Awaitable, Callable, Mapping

    from tablegames.core.serial import JSONDict

__all__ = ["Connection", "Hub"]


class Connection:
    """One client connection: a bounded queue of frames and the coroutine that sends them.

    Attributes:
        table_id: The table it listens to, once added to the hub.
        audience: The seat it listens as, or None for a spectator.
        overflowed: True if the client fell too far behind and is being disconnected.
    """

    def __init__(self, send: Callable[[str], Awaitable[None]], *, limit: int) -> None:
        self._send = send
        self._limit = limit
        self._queue: asyncio.Queue[str | None] = asyncio.Queue()
        self._closed = False
        self.table_id: str | None = None
        self.audience: int | None = None
        self.overflowed = False

    def push(self, text: str) -> None:
        """Queue a frame; a client that has too many waiting is cut off instead."""
        if self._closed:
            return
        if self._queue.qsize() >= self._limit:
            self.overflowed = True
            self.close()
            return
        self._queue.put_nowait(text)

    def close(self) -> None:
        """Send nothing more after what is queued."""
        if not self._closed:
            self._closed = True
            self._queue.put_nowait(None)

    async def pump(self) -> None:
        """Send the queued frames in order until `close`."""
        while (text := await self._queue.get()) is not None:
            await self._send(text)


class Hub:
    """Which connections listen to which table, as which audience."""

    def __init__(self) -> None:
        self._tables: dict[str, dict[int | None, set[Connection]]] = {}
        self._count = 0

    @property
    def count(self) -> int:
        """How many connections are listening, over all tables."""
        return self._count

    def table_count(self, table_id: str) -> int:
        """How many connections listen to ``table_id``."""
        return sum(len(each) for each in self._tables.get(table_id, {}).values())

    def add(self, connection: Connection, table_id: str, audience: int | None) -> bool:
        """Listen to ``table_id`` as ``audience``; return True if it is the audience's first connection."""
        self.remove(connection)
        audiences = self._tables.setdefault(table_id, {})
        listeners = audiences.setdefault(audience, set())
        listeners.add(connection)
        connection.table_id, connection.audience = table_id, audience
        self._count += 1
        return len(listeners) == 1

    def remove(self, connection: Connection) -> bool:
        """Stop ``connection`` listening; return True if its audience has no connection left."""
        if connection.table_id is None:
            return False
        audiences = self._tables.get(connection.table_id, {})
        listeners = audiences.get(connection.audience, set())
        if connection not in listeners:
            return False
        listeners.discard(connection)
        self._count -= 1
        last = not listeners
        if last:
            del audiences[connection.audience]
            if not audiences:
                del self._tables[connection.table_id]
        connection.table_id = None
        return last

    def listening(self, table_id: str) -> set[int | None]:
        """The audiences of ``table_id`` with at least one connection."""
        return set(self._tables.get(table_id, {}))

    def publish(self, table_id: str, frames: Mapping[int | None, JSONDict]) -> None:
        """Send each audience of ``table_id`` its own frame (audiences without one are sent nothing)."""
        for audience, listeners in list(self._tables.get(table_id, {}).items()):
            frame = frames.get(audience)
            if frame is None:
                continue
            text = dumps(frame)
            for connection in list(listeners):
                connection.push(text)

    def broadcast(self, table_id: str, frame: JSONDict) -> None:
        """Send the same frame to every connection of ``table_id`` (it must hold nothing secret)."""
        text = dumps(frame)
        for listeners in list(self._tables.get(table_id, {}).values()):
            for connection in list(listeners):
                connection.push(text)

    def close_all(self) -> None:
        """Close every connection (the server is stopping)."""
        for audiences in list(self._tables.values()):
            for listeners in list(audiences.values()):
                for connection in list(listeners):
                    connection.close()
