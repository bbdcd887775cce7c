"""One server process on a shared (PostgreSQL) store: its own racing actions, and news from another process."""

from __future__ import annotations

import asyncio
from typing import Any

import pytest

from tablegames.server.botrunner import ThreadBotRunner
from tablegames.server.errors import ConflictError
from tablegames.server.lobby import Lobby
from tablegames.server.storage import open_store
from tablegames.server.tokens import SeededSecrets
from tablegames.server.wire import read_create
from tests.server.postgres import Cluster

REQUEST = {"game": "kalaha", "seats": ["human", "human"], "seed": 7}


async def _lobby(url: str, seed: int) -> Lobby:
    return Lobby(await open_store(url), runner=ThreadBotRunner(), secrets=SeededSecrets(seed), bot_delay=0.0)


def test_two_actions_for_one_decision_on_one_process_are_taken_once(postgres_cluster: Any) -> None:
    """The same decision twice at once on one process: the second waits for the first's commit and is refused."""
    url = postgres_cluster.new_database()

    async def race() -> tuple[Any, ...]:
        lobby = await _lobby(url, 1)
        lobby.start_bots()
        table, _ = await lobby.create(read_create(REQUEST))
        for seat in (0, 1):
            await lobby.join(table, seat)
        results = await asyncio.gather(
            lobby.play(table, 0, "c", 0), lobby.play(table, 0, "c", 0), return_exceptions=True
        )
        stored = await lobby.store.load(table.id)
        assert stored is not None
        assert list(stored.actions) == [action for _, action in table.history] == ["c"]
        await lobby.close()
        return results

    results = asyncio.run(race())
    assert sum(isinstance(result, ConflictError) for result in results) == 1
    assert sum(not isinstance(result, BaseException) for result in results) == 1


def test_a_process_hears_the_other_s_actions_and_plays_them_on_its_copy(postgres_cluster: Any) -> None:
    """An action taken on one process reaches the other's copy of the table through the news, once."""
    url = postgres_cluster.new_database()

    async def play() -> None:
        first, second = await _lobby(url, 1), await _lobby(url, 2)
        first.start_bots()
        second.start_bots()
        table, _ = await first.create(read_create(REQUEST))
        for seat in (0, 1):
            await first.join(table, seat)
        copy = await second.find(table.id)
        await first.play(table, 0, "c", 0)
        for _ in range(500):
            if copy.ply == 1:
                break
            await asyncio.sleep(0.01)
        assert copy.history == table.history == [(0, "c")]
        assert copy.status == "playing"
        await second.play(copy, 0, "f", 1)
        for _ in range(500):
            if table.ply == 2:
                break
            await asyncio.sleep(0.01)
        assert table.history == copy.history == [(0, "c"), (0, "f")]
        with pytest.raises(ConflictError, match="made 2 decision"):
            await first.play(table, 0, "c", 0)  # a decision seat 0 made long ago, sent again
        await first.close()
        await second.close()

    asyncio.run(play())


def test_news_lost_while_the_database_is_down_is_caught_up_once_it_is_back() -> None:
    """Told it may have missed news while its database cannot be read, a process keeps trying until it catches up.

    This is a restart seen from the process whose listening connection came
    back before its other connections: the first try to catch up fails, and
    an action the other process took meanwhile must still arrive.
    """
    cluster = Cluster()
    try:
        url = cluster.new_database()

        async def run() -> None:
            first, second = (
                await _lobby(url, 1),
                await _lobby(url, 2),
            )  # neither listens: the news here is what `hear` is told
            table, _ = await first.create(read_create(REQUEST))
            for seat in (0, 1):
                await first.join(table, seat)
            copy = await second.find(table.id)
            await first.play(table, 0, "c", 0)
            assert copy.ply == 0, "the second process has not heard of the action"
            cluster.stop()
            hearing = asyncio.create_task(second.news.hear(("lost", "", 0, "")))
            await asyncio.sleep(1.0)
            assert not hearing.done(), "with the database down, the process is still trying to catch up"
            cluster.start()
            await asyncio.wait_for(hearing, timeout=60.0)
            assert copy.history == table.history == [(0, "c")]
            await first.close()
            await second.close()

        asyncio.run(run())
    finally:
        cluster.close()


def test_a_table_waiting_for_the_database_holds_up_no_other_table(postgres_cluster: Any) -> None:
    """While the database holds one table's action (its row locked elsewhere), the process serves other tables.

    Creating a table, finding one and playing at another all go on while the
    first action waits; it is committed once the lock is let go.
    """
    import psycopg

    url = postgres_cluster.new_database()

    async def run() -> None:
        lobby = await _lobby(url, 1)
        held, _ = await lobby.create(read_create(REQUEST))
        other, _ = await lobby.create(read_create(REQUEST))
        for table in (held, other):
            for seat in (0, 1):
                await lobby.join(table, seat)
        async with await psycopg.AsyncConnection.connect(url) as blocker:
            await blocker.execute("SELECT 1 FROM tables WHERE id = %s FOR UPDATE", (held.id,))
            waiting = asyncio.create_task(lobby.play(held, 0, "c", 0))
            await asyncio.sleep(0.2)
            assert not waiting.done(), "the action waits for the table's row"
            await asyncio.wait_for(lobby.play(other, 0, "c", 0), timeout=5)
            third, _ = await asyncio.wait_for(lobby.create(read_create(REQUEST)), timeout=5)
            assert await asyncio.wait_for(lobby.find(third.id), timeout=5) is third
            assert other.history == [(0, "c")]
            assert held.history == []
            await blocker.rollback()
        await asyncio.wait_for(waiting, timeout=5)
        assert held.history == [(0, "c")]
        await lobby.close()

    asyncio.run(run())


def test_a_table_read_twice_at_once_is_held_once(postgres_cluster: Any) -> None:
    """A request and the news reading the same new table at once get one copy: the one the process keeps playing."""
    url = postgres_cluster.new_database()

    async def run() -> None:
        first, second = await _lobby(url, 1), await _lobby(url, 2)
        table, _ = await first.create(read_create(REQUEST))
        found, _, again = await asyncio.gather(
            second.find(table.id), second.news.hear(("table", table.id, 0, "")), second.find(table.id)
        )
        assert found is again is second.known(table.id)
        await first.close()
        await second.close()

    asyncio.run(run())


def test_a_seat_connected_on_one_process_is_connected_on_the_other_until_that_process_is_gone(
    postgres_cluster: Any,
) -> None:
    """A seat's socket on one process shows as connected on the other; closed, or its process silent, it does not."""
    from tablegames.server.hub import Connection

    url = postgres_cluster.new_database()

    async def connected_there(lobby: Lobby, table_id: str, expected: bool) -> None:
        for _ in range(1500):  # up to 15 s: news crosses PostgreSQL, which a busy machine slows
            held = lobby.known(table_id)
            if held is not None and held.summary()["seats"][0]["connected"] is expected:
                return
            await asyncio.sleep(0.01)
        raise AssertionError(f"seat 0 is not shown {'connected' if expected else 'gone'} on the other process")

    async def run() -> None:
        first, second = await _lobby(url, 1), await _lobby(url, 2)
        first.start_bots()
        second.start_bots()
        table, _ = await first.create(read_create(REQUEST))
        copy = await second.find(table.id)

        async def send(text: str) -> None:
            del text

        socket = Connection(send, limit=10)
        await first.connect(socket, table, 0, 0)
        await connected_there(second, copy.id, True)
        first.disconnect(socket)
        await connected_there(second, copy.id, False)
        await first.connect(Connection(send, limit=10), table, 0, 0)
        await connected_there(second, copy.id, True)
        now = second.news.presence.clock()
        second.news.presence.clock = lambda: now + 3600  # the first process said nothing for an hour: it is gone
        await connected_there(second, copy.id, False)
        await first.close()
        await second.close()

    asyncio.run(run())


def test_a_seat_heard_connected_before_its_table_is_read_shows_connected_once_it_is(postgres_cluster: Any) -> None:
    """News that a seat is open on another process, heard before this one reads the table, still counts."""
    url = postgres_cluster.new_database()

    async def run() -> None:
        first, second = await _lobby(url, 1), await _lobby(url, 2)
        table, _ = await first.create(read_create(REQUEST))
        await second.news.hear(("presence", table.id, 1, "0 other-process"))
        copy = await second.find(table.id)
        assert [seat["connected"] for seat in copy.summary()["seats"]] == [True, False]
        await first.close()
        await second.close()

    asyncio.run(run())
