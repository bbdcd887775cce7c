"""The lobby: every table of a server, from creation to the end, and the one path every action takes.

`Lobby` creates tables (reading the request through the game's own readers),
finds them (from memory, or from the database for finished ones), lets seats
join and free seats be claimed, and plays actions: `Lobby.play` checks an
action, commits it to the database, and only then moves the table on and
tells its listeners, each as its seat may know it. People's actions over
HTTP or a WebSocket and the bots' moves all take this path.

With a shared store (PostgreSQL), other server processes play the same
tables: `News` keeps this process's copies in step with theirs, and a
table's bots move on the one process that holds them.

On start, `Lobby.restore` rebuilds every unfinished table by replaying its
record through `Match.from_record`, the reader any saved record goes
through, and its bots carry on.

Everything here runs on the server's event loop. The database is awaited
(`tablegames.server.storage.TableStore`), and a table's actions take turns
(one lock per table), so that of two actions for the same table the second
is checked against the state the first made, while other tables go on.

Examples:
    >>> import asyncio
    >>> from tablegames.server.botrunner import ThreadBotRunner
    >>> from tablegames.server.store import Store
    >>> from tablegames.server.tokens import SeededSecrets
    >>> from tablegames.server.wire import read_create
    >>> async def demo():
    ...     lobby = Lobby(Store.open(":memory:"), runner=ThreadBotRunner(), secrets=SeededSecrets(1))
    ...     request = read_create({"game": "kalaha", "seats": ["human", "human"], "seed": 7})
    ...     table, tokens = await lobby.create(request)
    ...     print(table.status, sorted(tokens))
    ...     print([await lobby.join(table, seat) for seat in (0, 1)], table.status)
    ...     await lobby.play(table, 0, "c")
    ...     try:
    ...         await lobby.play(table, 1, "a")
    ...     except tablegames.IllegalActionError as error:
    ...         print(error)
    ...     print(table.record()["actions"])
    ...     await lobby.close()
    >>> asyncio.run(demo())
    waiting [0, 1]
    [True, True] playing
    it is seat 0's decision, not seat 1's
    ['c']
"""

from __future__ import annotations

import asyncio
import logging
from collections import OrderedDict
from typing import TYPE_CHECKING

import tablegames
from tablegames import Match, TablegamesError
from tablegames.server.botrunner import BotDriver, BotRunner
from tablegames.server.catalogue import HUMAN, describe_games, guarded, seat_kinds
from tablegames.server.errors import BadRequestError, BusyError, ConflictError, ForbiddenError, NotFoundError
from tablegames.server.expiry import TableExpiry
from tablegames.server.limits import Limits
from tablegames.server.news import News
from tablegames.server.store import SeatRow, TableRow
from tablegames.server.tables import Pending, Seat, Table
from tablegames.server.tokens import SystemSecrets, token_hash, well_formed
from tablegames.server.wire import dumps

if TYPE_CHECKING:
    from tablegames import Action, Game, State
    from tablegames.core.serial import JSONDict
    from tablegames.server.hub import Connection
    from tablegames.server.storage import TableStore
    from tablegames.server.wire import CreateRequest

__all__ = ["HUMAN", "Lobby", "describe_games"]

LOG = logging.getLogger("tablegames.server")


class Lobby(TableExpiry):
    """The tables of one server, its database, its push hub and its bots.

    It is built on `TableExpiry`, which holds the unfinished tables and
    expires those left idle.

    Args:
        store: The database.
        limits: The limits to enforce.
        runner: Where bots decide.
        secrets: Where table ids, tokens and seeds come from.
        bot_delay: The pause before each bot move for tables that do not set one, in seconds.
    """

    def __init__(
        self,
        store: TableStore,
        *,
        runner: BotRunner,
        limits: Limits | None = None,
        secrets: SystemSecrets | None = None,
        bot_delay: float = 0.5,
    ) -> None:
        super().__init__(store, limits or Limits())
        self.secrets = secrets or SystemSecrets()
        self.bot_delay = bot_delay
        self.bots = BotDriver(runner, self._bot_move, store.hold_bots)
        self._finished: OrderedDict[str, Table] = OrderedDict()
        #: Connections open with ``?wait=auth`` that have not sent their ``auth`` yet: they count as connections.
        self.awaiting_auth = 0
        self.news = News(self)

    # -- tables ------------------------------------------------------------------------------------------------

    async def create(self, request: CreateRequest) -> tuple[Table, dict[int, str]]:
        """Create a table; return it and the token of each person's seat.

        Raises:
            BusyError: If the server has as many unfinished tables as it may.
            TablegamesError: If the game, its options, the seats, the seed or the start state are refused.
        """
        if len(self._open) >= self.limits.max_open_tables:
            await self.expire_idle()
        if len(self._open) >= self.limits.max_open_tables:
            raise BusyError(f"the server has {len(self._open)} unfinished tables, its limit; try again later")
        game: Game[State] = guarded("the game's options", tablegames.load, request.game, **request.options)
        seats = seat_kinds(game, request.seats)
        if request.start is not None:
            start = guarded("the start state", game.from_dict, request.start)
            if start.is_over:
                raise BadRequestError("the start state is a finished game")
            match = Match(game, state=start)
        else:
            match = Match(game, seed=request.seed if request.seed is not None else self.secrets.seed())
        delay = self.bot_delay if request.bot_delay is None else request.bot_delay
        if delay > self.limits.max_bot_delay:
            raise BadRequestError(f"bot_delay is at most {self.limits.max_bot_delay} seconds, got {delay}")
        names = request.names or (None,) * len(seats)
        if len(names) != len(seats):
            raise BadRequestError(f"names has a name (or null) per seat: {len(seats)} of them, got {len(names)}")
        if any(name is not None and kind != HUMAN for name, kind in zip(names, seats, strict=True)):
            raise BadRequestError("a bot's seat takes no name (null): bots go by their level")
        tokens = {seat: self.secrets.token() for seat, kind in enumerate(seats) if kind == HUMAN}
        table_seats = tuple(
            Seat(seat, token_hash=token_hash(tokens[seat]), name=names[seat]) if kind == HUMAN else Seat(seat, bot=kind)
            for seat, kind in enumerate(seats)
        )
        bot_seed = match.seed if match.seed is not None else self.secrets.seed()
        table = Table(
            self.secrets.table_id(), match, table_seats, bot_seed=bot_seed, bot_delay=delay, is_open=request.open
        )
        await self.store.create_table(
            TableRow(
                id=table.id,
                game=game.name,
                options=game.options(),
                record=table.head,
                bot_seed=bot_seed,
                seats=tuple(
                    SeatRow(
                        seat=seat.seat,
                        player=HUMAN if seat.is_human else "bot",
                        bot=seat.bot,
                        token_hash=seat.token_hash,
                        name=seat.name,
                    )
                    for seat in table_seats
                ),
                bot_delay=delay,
                open=request.open,
                status=table.status,
            )
        )
        self._open[table.id] = table
        table.idle_expiry = self.limits.idle_expiry
        self._changed(table)
        return table, tokens

    async def restore(self) -> int:
        """Rebuild every unfinished table from the database, replaying its record; return how many.

        A table whose record no longer replays (the game's rules changed, the
        file was edited) is logged and left out; its rows stay as they are.
        """
        for row in await self.store.unfinished():
            try:
                table = self._rebuild(row)
            except TablegamesError as error:
                LOG.error("table %s cannot be restored and is left out: %s", row.id, error)
                continue
            self._open[table.id] = table
            self._touch(table)
        return len(self._open)

    def _rebuild(self, row: TableRow) -> Table:
        match = Match.from_record({**row.record, "actions": list(row.actions)})
        seats = tuple(
            Seat(
                each.seat,
                bot=each.bot,
                token_hash=each.token_hash,
                joined=each.joined,
                name=each.name,
                elsewhere=self.news.presence.elsewhere(row.id, each.seat),
            )
            for each in row.seats
        )
        if len(seats) != match.game.players:
            raise tablegames.InvalidStateError(f"the table has {len(seats)} seats for {match.game.players} players")
        table = Table(row.id, match, seats, bot_seed=row.bot_seed, bot_delay=row.bot_delay, is_open=row.open)
        table.idle_expiry = self.limits.idle_expiry
        return table

    def start_bots(self) -> None:
        """Start the bots of every table whose turn is a bot's, and hear other processes' changes (on the loop)."""
        loop = asyncio.get_running_loop()
        for table in self._open.values():
            table.changed_at = loop.time()
            self.kick_bots(table)
        self.news.start()

    def known(self, table_id: str) -> Table | None:
        """The table ``table_id`` if this process holds it in memory, else None."""
        return self._open.get(table_id) or self._finished.get(table_id)

    async def adopt(self, table_id: str) -> Table | None:
        """Read a table another process created (or this one has not read yet) from the database, and hold it."""
        row = await self.store.load(table_id)
        held = self.known(table_id)  # read meanwhile by a request, or by other news: one copy is played
        if row is None or held is not None:
            return held
        try:
            table = self._rebuild(row)
        except TablegamesError as error:
            LOG.error("table %s cannot be read: %s", table_id, error)
            return None
        if table.status == "over":
            self._keep_finished(table)
        else:
            self._open[table.id] = table
            self._changed(table)
        return table

    def held(self) -> list[Table]:
        """The unfinished tables this process holds."""
        return list(self._open.values())

    def waiting_for_bots(self) -> list[Table]:
        """The unfinished tables whose turn is a bot's and whose bots do not move on this process."""
        return [table for table in self._open.values() if table.bot_turn() is not None and not self.bots.moving(table)]

    def kick_bots(self, table: Table) -> None:
        """Move ``table``'s bots here if it is a bot's turn and no other process moves them."""
        self.bots.kick(table)

    async def find(self, table_id: str) -> Table:
        """Return the table ``table_id``.

        Raises:
            NotFoundError: If there is no such table.
        """
        table = self._open.get(table_id) or self._finished.get(table_id)
        if table is not None and await self._expire_if_idle(table):
            raise NotFoundError(f"no table {table_id!r}: it expired, nobody having touched it for a while")
        if table is not None:
            if table_id in self._finished:
                self._finished.move_to_end(table_id)
            return table
        row = await self.store.load(table_id) if len(table_id) <= 64 else None
        held = self.known(table_id)  # read meanwhile by another request, or by the news: one copy is played
        if held is not None:
            return held
        if row is None:
            raise NotFoundError(f"no table {table_id!r}")
        try:
            table = self._rebuild(row)
        except TablegamesError as error:
            LOG.error("table %s cannot be read: %s", table_id, error)
            raise NotFoundError(f"table {table_id!r} cannot be read") from None
        if table.status != "over" and self.store.shared:  # another process created it a moment ago
            self._open[table.id] = table
            self._changed(table)
        else:
            self._keep_finished(table)
        return table

    def _keep_finished(self, table: Table) -> None:
        self._finished[table.id] = table
        while len(self._finished) > self.limits.finished_cache:
            self._finished.popitem(last=False)

    async def listing(self) -> list[JSONDict]:
        """The unfinished tables, newest first, as anyone may see them."""
        await self.expire_idle()
        newest = list(self._open.values())[::-1][: self.limits.max_listed]
        return [table.summary() for table in newest]

    @property
    def open_tables(self) -> int:
        """How many tables are unfinished."""
        return len(self._open)

    # -- seats -------------------------------------------------------------------------------------------------

    def seat_of(self, table: Table, token: str | None) -> int | None:
        """The seat a token is for; None for no token (a spectator).

        Raises:
            ForbiddenError: If the token is not one of the table's seats.
        """
        if token is None:
            return None
        seat = table.seat_of(token) if well_formed(token, self.limits.max_token) else None
        if seat is None:
            raise ForbiddenError(f"this token is not a seat of table {table.id!r}")
        return seat

    async def join(self, table: Table, seat: int) -> bool:
        """Mark ``seat`` as joined (its token was used); return True if that changed anything."""
        place = table.seats[seat]
        if place.joined or not place.is_human:
            return False
        place.joined = True
        await self.store.join(table.id, seat, status=table.status)
        return True

    async def claim(self, table: Table, seat: int) -> str:
        """Take a free seat of an open table; return its new token.

        Raises:
            NotFoundError: If the table has no such seat.
            ForbiddenError: If the table's free seats are not open to anyone.
            ConflictError: If the seat is not free.
        """
        if not 0 <= seat < len(table.seats):
            raise NotFoundError(f"table {table.id!r} has no seat {seat}")
        if not table.open:
            raise ForbiddenError(f"table {table.id!r} gives its seats by invitation only")
        if seat not in table.free_seats():
            raise ConflictError(f"seat {seat} of table {table.id!r} is not free")
        token = self.secrets.token()
        place = table.seats[seat]
        place.token_hash, place.joined = token_hash(token), True
        await self.store.claim(table.id, seat, place.token_hash, status=table.status)
        self._changed(table, summary=True)
        return token

    # -- actions -----------------------------------------------------------------------------------------------

    async def play(
        self, table: Table, seat: int, action: str | JSONDict | Action, decisions: int | None = None
    ) -> Pending:
        """Play ``seat``'s action: check it, commit it, then move the table on and tell its listeners.

        Other tables go on while the database works; the table's own actions
        and news wait their turn (one lock per table), so each is checked
        against the state the one before made. With a shared store, an action
        another process beat to its ply is tried once more on the table
        caught up with that process's actions.

        Raises:
            TablegamesError: If the action is refused (illegal, out of turn, unreadable, stale) or the
                database refuses it; nothing has changed then.
        """
        if table.id not in self._open and not table.state.is_over:
            raise NotFoundError(f"no table {table.id!r}: it expired, nobody having touched it for a while")
        async with self.news.lock(table.id):
            try:
                return await self._commit(table, seat, action, decisions)
            except ConflictError:
                if not self.store.shared or not await self.news.catch_up(table):
                    raise
            return await self._commit(table, seat, action, decisions)

    async def _commit(self, table: Table, seat: int, action: str | JSONDict | Action, decisions: int | None) -> Pending:
        pending = table.propose(seat, action, decisions)
        await self.store.append_action(
            table.id, ply=pending.ply, seat=seat, action=str(pending.action), over=pending.transition.state.is_over
        )
        await self.accepted(table, pending)
        return pending

    async def accepted(self, table: Table, pending: Pending) -> None:
        """Move a table on by a committed action, and tell this process's listeners."""
        was = table.status
        frames = table.accept(pending, self.hub.listening(table.id))
        if table.status != was:  # the summary first: a client told of the last move already knows the game is over
            self.hub.broadcast(table.id, {"type": "table", "table": table.summary()})
        self.hub.publish(table.id, frames)
        if table.status == "over":
            self._open.pop(table.id, None)
            self._keep_finished(table)
        self._changed(table)  # the summary, if it changed, went out before the move
        if table.status == "over":
            await self.store.release_bots(table.id)

    def after_change(self, table: Table, *, summary: bool = False) -> None:
        """After another process changed ``table``: tell the listeners its summary if asked, and move the bots."""
        self._changed(table, summary=summary)

    async def _bot_move(self, table: Table, seat: int, action: str) -> None:
        async with self.news.lock(table.id):
            if table.bot_turn() != seat:
                return  # another process moved meanwhile; the bots look at the table again
            try:
                await self._commit(table, seat, action, None)
            except ConflictError:
                if not self.store.shared:
                    raise
                await self.news.catch_up(table)  # another process moved first; the bots look at the table again

    def _changed(self, table: Table, *, summary: bool = False) -> None:
        """After a change: note its time, tell every listener the new summary if asked, and move the bots."""
        self._touch(table)
        try:
            loop = asyncio.get_running_loop()
        except RuntimeError:
            return
        table.changed_at = loop.time()
        if summary:
            self.hub.broadcast(table.id, {"type": "table", "table": table.summary()})
        self.kick_bots(table)

    async def joined(self, table: Table, seat: int | None) -> None:
        """Mark a seat joined after its token was used over HTTP, telling the table's listeners."""
        if seat is not None:
            self._touch(table)
        if seat is not None and await self.join(table, seat):
            self._changed(table, summary=True)

    # -- connections -------------------------------------------------------------------------------------------

    def check_connect(self, table: Table, seat: int | None, since: int, connection: Connection | None = None) -> None:
        """Refuse a connection the server cannot take, before it opens.

        Raises:
            BusyError: If the server or the table holds as many connections as it may.
            BadRequestError: If ``since`` is beyond the seat's events.
        """
        if connection is None or connection.table_id != table.id:
            if self.hub.count + self.awaiting_auth >= self.limits.max_connections:
                raise BusyError("the server holds as many connections as it may; try again later")
            if self.hub.table_count(table.id) >= self.limits.max_table_connections:
                raise BusyError(f"table {table.id!r} holds as many connections as it may")
        events = len(table.audiences[seat].events)
        if since > events:
            raise BadRequestError(f"since is at most {events} here, got {since}")

    async def connect(self, connection: Connection, table: Table, seat: int | None, since: int) -> None:
        """Add a connection listening to ``table`` as ``seat`` (or move it there), and send it a snapshot.

        Raises:
            BusyError: If the server or the table holds as many connections as it may.
            BadRequestError: If ``since`` is beyond the seat's events.
        """
        self.check_connect(table, seat, since, connection)
        if seat is not None:
            self._touch(table)
        self.disconnect(connection)
        if seat is not None:
            await self.join(table, seat)
            table.seats[seat].connected += 1
            self.news.connections_changed(table, seat)
            self._changed(table, summary=True)  # its places changed: the seat's other pages learn of this one
        self.hub.add(connection, table.id, seat)
        connection.push(dumps({"type": "snapshot", **table.snapshot(seat, since)}))

    def disconnect(self, connection: Connection) -> None:
        """Stop a connection listening; tell the table's listeners that its seat has one place fewer."""
        table_id, seat = connection.table_id, connection.audience
        if table_id is None:
            return
        self.hub.remove(connection)
        table = self._open.get(table_id) or self._finished.get(table_id)
        if table is None or seat is None:
            return
        place = table.seats[seat]
        place.connected -= 1
        self.news.connections_changed(table, seat)
        self._changed(table, summary=True)

    async def close(self) -> None:
        """Stop the bots and the news, close every connection and the database."""
        await self.stop_expiry()
        await self.news.close()
        await self.bots.close()
        self.hub.close_all()
        await self.store.close()
