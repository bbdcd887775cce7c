"""The store interface both databases implement, and `open_store`, which picks one from the ``--db`` text.

A server keeps its tables in a `TableStore`: the SQLite file of
`tablegames.server.store` (one server process, the default) or the
PostgreSQL database of `tablegames.server.pgstore` (any number of server
processes on one database, the ``postgres`` extra). Both keep the same
tables, seats (token hashes only) and numbered actions, at the same schema
version; both refuse a ply that is taken or not the next one.

A shared store (``shared`` True) may be written by other processes too: it
tells the lobby of their changes (`TableStore.listen`) and lets only one
process at a time move a table's bots (`TableStore.hold_bots`).

Examples:
    >>> import asyncio
    >>> async def demo():
    ...     store = await open_store(":memory:")
    ...     print(store.shared, await store.hold_bots("t1"))
    ...     await store.close()
    >>> asyncio.run(demo())
    False True
    >>> is_postgres("postgresql://games@db.example.org/tablegames"), is_postgres("tablegames.sqlite3")
    (True, False)
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Protocol

from tablegames.server.pgstore import PostgresStore
from tablegames.server.store import Store

if TYPE_CHECKING:
    import os
    from collections.abc import Awaitable, Callable

    from tablegames.server.store import Synchronous, TableRow

__all__ = ["Change", "TableStore", "is_postgres", "open_store"]

#: What another process changed: (what, table id, ply, action): ``"action"`` with the ply it added and the
#: action in notation, or ``"table"`` (created, joined, a seat claimed) with ply 0 and no action;
#: ``("presence", table id, connections, "<seat> <process>")``: how many connections of a seat a process
#: holds now; ``("lost", "", 0, "")`` after the store missed some changes.
Change = tuple[str, str, int, str]


class TableStore(Protocol):
    """The tables, seats and actions of a server; every method commits before it returns.

    Every method is a coroutine, so that a database across the network
    (PostgreSQL) never holds up the event loop while it works.

    Attributes:
        shared: True if other server processes may write to the same database.
    """

    shared: bool

    async def version(self) -> int:
        """The database's schema version."""
        ...

    async def create_table(self, row: TableRow) -> None:
        """Store a new table and its seats (its actions, if any, are not stored)."""
        ...

    async def append_action(self, table_id: str, *, ply: int, seat: int, action: str, over: bool = False) -> None:
        """Store accepted action number ``ply`` of a table, and mark the table over if ``over``.

        Raises:
            ConflictError: If the table already has that ply, misses the one before, or is not playing.
        """
        ...

    async def join(self, table_id: str, seat: int, *, status: str) -> None:
        """Mark a seat as joined, and set the table's status (it may start playing)."""
        ...

    async def claim(self, table_id: str, seat: int, token_hash: bytes, *, status: str) -> bool:
        """Give a free human seat a new token and mark it joined; return False if it is not free."""
        ...

    async def delete(self, table_id: str) -> None:
        """Delete an unfinished table with its seats and actions (it expired); a finished one is kept."""
        ...

    async def load(self, table_id: str) -> TableRow | None:
        """Return the table ``table_id`` with its seats and actions, or None."""
        ...

    async def unfinished(self) -> list[TableRow]:
        """Return every table that is not over, oldest first."""
        ...

    async def hold_bots(self, table_id: str) -> bool:
        """Return True if this process moves the table's bots (taking that over if no live process does)."""
        ...

    async def release_bots(self, table_id: str) -> None:
        """Let another process move the table's bots (the table is over, or this process stops)."""
        ...

    async def tell(self, table_id: str, seat: int, connections: int) -> None:
        """Tell the other processes how many connections of a seat this one holds now (nothing if unshared)."""
        ...

    async def listen(self, deliver: Callable[[Change], Awaitable[None]]) -> None:
        """Call ``deliver`` with every change other processes make, until cancelled (returns at once if unshared)."""
        ...

    async def close(self) -> None:
        """Close the database (and what the store opened on the event loop)."""
        ...


def is_postgres(db: str | os.PathLike[str]) -> bool:
    """True if ``db`` names a PostgreSQL database (``postgresql://…`` or ``postgres://…``) rather than a file."""
    return isinstance(db, str) and db.startswith(("postgresql://", "postgres://"))


async def open_store(db: str | os.PathLike[str], *, synchronous: Synchronous = "normal") -> TableStore:
    """Open the store ``db`` names: a PostgreSQL URL, a SQLite file, or ``":memory:"`` (on the event loop).

    Raises:
        StoreError: If the database cannot be used.
        MissingExtraError: For a PostgreSQL URL without the ``postgres`` extra.
    """
    if is_postgres(db):
        return await PostgresStore.open(str(db))
    return Store.open(db, synchronous=synchronous)
