"""Tables shared with other server processes: hearing their changes, and bringing this process's tables up to date.

With a shared store (PostgreSQL), several processes serve the same tables,
each holding the tables in memory as the lobby does with one. `News` keeps
them in step:

- It listens to the store (`TableStore.listen`): when another process adds
  an action, this one reads the table's new actions from the database and
  plays them on its own copy (`News.catch_up`), telling its own sockets,
  each seat as it may know it; a table created, joined or claimed elsewhere
  is read again. After the store lost the news for a while (the database
  restarted), every table is caught up.
- An action refused because another process took that ply first
  (`ConflictError`) is retried once on the caught-up table, so a request
  that raced another gets the answer it would have got had it come second.
- Every few seconds it offers this process the bots of each table whose turn
  is a bot's and whose bots nobody moves (`TableStore.hold_bots`): when the
  process moving them died, its lock went with it, and another takes over.
- It tells the others how many connections of each seat this process holds
  (`TableStore.tell`), and keeps what they tell (`tablegames.server.presence`),
  so that a seat's ``connected`` counts its connections on every process.

With the SQLite store nothing here runs: one process owns the file.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import weakref
from typing import TYPE_CHECKING, Protocol

from tablegames import TablegamesError
from tablegames.server.presence import RETELL, Presence

if TYPE_CHECKING:
    from tablegames.server.storage import Change, TableStore
    from tablegames.server.tables import Pending, Table

__all__ = ["BOT_SWEEP", "News", "Newsroom"]

LOG = logging.getLogger("tablegames.server")
#: How often (seconds) a process offers to take over the bots nobody moves.
BOT_SWEEP = 2.0
#: How long (seconds) to wait before catching up again when the database could not be read.
CATCH_UP_AGAIN = 0.5


class Newsroom(Protocol):
    """What `News` needs of the lobby whose tables it keeps in step (`Lobby` is one).

    `News` sits below the lobby: the lobby holds a `News`, and `News` knows
    the lobby only by these members.
    """

    @property
    def store(self) -> TableStore:
        """The store the tables live in."""
        ...

    def known(self, table_id: str) -> Table | None:
        """The table ``table_id`` if this process holds it in memory, else None."""
        ...

    async def adopt(self, table_id: str) -> Table | None:
        """Read a table from the store and hold it."""
        ...

    async def accepted(self, table: Table, pending: Pending) -> None:
        """Move a table on by a committed action, and tell this process's listeners."""
        ...

    def after_change(self, table: Table, *, summary: bool = False) -> None:
        """After another process changed ``table``: tell its listeners, and move the bots."""
        ...

    def waiting_for_bots(self) -> list[Table]:
        """The unfinished tables whose turn is a bot's and whose bots do not move on this process."""
        ...

    def held(self) -> list[Table]:
        """The unfinished tables this process holds."""
        ...

    def kick_bots(self, table: Table) -> None:
        """Move ``table``'s bots here if it is a bot's turn and no other process moves them."""
        ...


class News:
    """Keeps a lobby's tables in step with the other processes on its (shared) store.

    Args:
        lobby: The lobby whose tables to keep up to date.
    """

    def __init__(self, lobby: Newsroom) -> None:
        self.lobby = lobby
        self._tasks: list[asyncio.Task[None]] = []
        #: A table's lock lives while someone holds or awaits it: no table, however many, leaves one behind.
        self._locks: weakref.WeakValueDictionary[str, asyncio.Lock] = weakref.WeakValueDictionary()
        self.presence = Presence()
        self._telling: set[asyncio.Task[None]] = set()
        self._closed = False

    def lock(self, table_id: str) -> asyncio.Lock:
        """The lock a table's actions and news take in turn on this process (while a commit is under way)."""
        found = self._locks.get(table_id)
        if found is None:
            found = self._locks[table_id] = asyncio.Lock()
        return found

    def start(self) -> None:
        """Start listening and sweeping for bots (on the event loop; nothing for an unshared store)."""
        if not self.lobby.store.shared:
            return
        loop = asyncio.get_running_loop()
        self._tasks = [loop.create_task(self.lobby.store.listen(self.hear)), loop.create_task(self._sweep())]

    def connections_changed(self, table: Table, seat: int) -> None:
        """Tell the other processes (if any) how many connections of ``seat`` this process holds now."""
        if self.lobby.store.shared and not self._closed:
            told = asyncio.get_running_loop().create_task(
                self.lobby.store.tell(table.id, seat, table.seats[seat].connected)
            )
            self._telling.add(told)
            told.add_done_callback(self._telling.discard)

    def _heard_presence(self, table_id: str, connections: int, said: str) -> None:
        seat_text, _, origin = said.partition(" ")
        if not seat_text.isdigit():
            return
        self.presence.hear(origin, table_id, int(seat_text), connections)  # kept for a table read later too
        table = self.lobby.known(table_id)
        if table is not None and int(seat_text) < len(table.seats):
            self._count_elsewhere(table, int(seat_text))

    def _count_elsewhere(self, table: Table, seat: int) -> None:
        place = table.seats[seat]
        was = place.elsewhere
        place.elsewhere = self.presence.elsewhere(table.id, seat)
        if place.elsewhere != was:
            self.lobby.after_change(table, summary=True)

    async def hear(self, change: Change) -> None:
        """Bring this process up to date with one change another process made."""
        what, table_id = change[:2]
        if what == "presence":
            self._heard_presence(table_id, change[2], change[3])
            return
        if what == "lost":
            while not await self.catch_up_all():  # the news is back before the database answers every pool
                await asyncio.sleep(CATCH_UP_AGAIN)
            return
        async with self.lock(table_id):
            await self._hear(change)

    async def _hear(self, change: Change) -> None:
        what, table_id, ply, action = change
        try:
            table = self.lobby.known(table_id)
            if table is None:
                await self.lobby.adopt(table_id)
            elif what == "action" and table.ply == ply - 1 and action and await self._play(table, action):
                return
            elif what != "action" or table.ply < ply:
                await self.catch_up(table)
        except TablegamesError as error:
            LOG.warning("table %s: cannot catch up now: %s", table_id or "(all)", error)

    async def _play(self, table: Table, action: str) -> bool:
        """Play the next action another process committed, as its news told it; False if it does not replay."""
        seat = table.current_player
        if seat is None:
            return False
        try:
            pending = table.propose(seat, action)
        except TablegamesError:
            return False
        await self.lobby.accepted(table, pending)
        return True

    async def catch_up_all(self) -> bool:
        """Catch up every table this process holds, and take in the unfinished ones it has not heard of.

        Returns:
            False if the database could not be read, so that nothing was caught up.
        """
        try:
            rows = await self.lobby.store.unfinished()
        except TablegamesError as error:
            LOG.warning("cannot catch up now: %s", error)
            return False
        for row in rows:
            async with self.lock(row.id):
                await self._hear(("table", row.id, 0, ""))
        return True

    async def catch_up(self, table: Table) -> bool:
        """Play on ``table`` the actions other processes added, and take their seat changes; True if any.

        Raises:
            DatabaseUnavailableError: If the database cannot be reached.
        """
        row = await self.lobby.store.load(table.id)
        if row is None:
            return False
        was = table.status
        changed = False
        for place, stored in zip(table.seats, row.seats, strict=True):
            if stored.joined and not place.joined:
                place.token_hash, place.joined = stored.token_hash, True
                changed = True
        for action in row.actions[table.ply :]:
            seat = table.current_player
            if seat is None:
                LOG.error("table %s: the database holds actions after the end", table.id)
                break
            try:
                pending = table.propose(seat, action)
            except TablegamesError as error:
                LOG.error("table %s: another process's action %r does not replay here: %s", table.id, action, error)
                break
            await self.lobby.accepted(table, pending)
            changed = True
        if changed:
            self.lobby.after_change(table, summary=table.status != was or not row.actions[table.ply :])
        return changed

    async def _sweep(self) -> None:
        loop = asyncio.get_running_loop()
        told = loop.time()
        while True:
            await asyncio.sleep(BOT_SWEEP)
            for table in self.lobby.waiting_for_bots():
                self.lobby.kick_bots(table)
            for table_id, seat in self.presence.forget_stale():
                known = self.lobby.known(table_id)
                if known is not None:
                    self._count_elsewhere(known, seat)
            if loop.time() - told >= RETELL:
                told = loop.time()
                for table in self.lobby.held():
                    for place in table.seats:
                        if place.connected:
                            self.connections_changed(table, place.seat)

    async def close(self) -> None:
        """Stop listening, sweeping and telling (the connections closing after this tell nobody)."""
        self._closed = True
        self._tasks += self._telling
        for task in self._tasks:
            task.cancel()
        for task in self._tasks:
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await task
        self._tasks = []
