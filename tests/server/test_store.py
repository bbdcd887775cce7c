"""Both stores (a SQLite file, a PostgreSQL database): schema version, migrations, refusals, one winner per ply."""

from __future__ import annotations

import asyncio
import contextlib
import sqlite3
import subprocess
import sys
from typing import TYPE_CHECKING, Any

import pytest

from tablegames.cli import main
from tablegames.server.errors import ConflictError, StoreError
from tablegames.server.storage import is_postgres, open_store
from tablegames.server.store import APPLICATION_ID, SCHEMA_VERSION, SeatRow, Store, TableRow
from tests.extras import need_module

if TYPE_CHECKING:
    from collections.abc import Callable
    from pathlib import Path

    from tablegames.server.storage import TableStore

ROW = TableRow(
    id="t1",
    game="kalaha",
    options={},
    record={"game": "kalaha"},
    bot_seed=1,
    seats=(SeatRow(seat=0, player="human", token_hash=bytes(32)), SeatRow(seat=1, player="bot", bot="random")),
)


def test_a_new_database_has_the_schema_and_its_version(tmp_path: Path) -> None:
    """A new file gets the current schema version, the tablegames application id and WAL mode."""
    asyncio.run(Store.open(tmp_path / "db.sqlite3").close())
    with sqlite3.connect(tmp_path / "db.sqlite3") as db:
        assert db.execute("PRAGMA user_version").fetchone()[0] == SCHEMA_VERSION
        assert db.execute("PRAGMA application_id").fetchone()[0] == APPLICATION_ID
        assert db.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
        tables = {name for (name,) in db.execute("SELECT name FROM sqlite_master WHERE type = 'table'")}
    assert tables == {"tables", "seats", "actions"}


def test_tables_seats_and_actions_survive_reopening(db_url: str) -> None:
    """What is committed is there when the database is opened again."""

    async def run() -> None:
        store = await open_store(db_url)
        assert await store.version() == SCHEMA_VERSION
        await store.create_table(ROW)
        await store.append_action("t1", ply=1, seat=0, action="c")
        await store.join("t1", 0, status="playing")
        await store.close()
        again = await open_store(db_url)
        row = await again.load("t1")
        unfinished = await again.unfinished()
        await again.close()
        assert row is not None
        assert (row.actions, row.seats[0].joined, row.seats[0].token_hash) == (("c",), True, bytes(32))
        assert (row.bot_seed, row.seats[1].bot, row.status) == (1, "random", "playing")
        assert [each.id for each in unfinished] == ["t1"]

    asyncio.run(run())


def test_each_ply_has_one_action_in_order_and_none_after_the_end(db_url: str) -> None:
    """A ply already taken, a ply out of order, and an action on a finished table are refused by the database."""

    async def run() -> None:
        store = await open_store(db_url)
        await store.create_table(ROW)
        await store.join("t1", 0, status="playing")
        await store.append_action("t1", ply=1, seat=0, action="c")
        with pytest.raises(ConflictError):
            await store.append_action("t1", ply=1, seat=0, action="d")
        with pytest.raises(ConflictError):
            await store.append_action("t1", ply=3, seat=0, action="d")
        await store.append_action("t1", ply=2, seat=0, action="f", over=True)
        with pytest.raises(ConflictError):
            await store.append_action("t1", ply=3, seat=1, action="a")
        with pytest.raises(ConflictError):
            await store.append_action("nowhere", ply=1, seat=1, action="a")
        loaded = await store.load("t1")
        assert loaded is not None
        assert loaded.actions == ("c", "f")
        assert loaded.status == "over"
        assert await store.unfinished() == []
        assert await store.load("nowhere") is None
        await store.close()

    asyncio.run(run())


def test_a_free_seat_is_claimed_once(db_url: str) -> None:
    """Claiming a free person's seat gives it the new token's hash; a second claim is refused."""

    async def run() -> None:
        store = await open_store(db_url)
        await store.create_table(ROW)
        assert await store.claim("t1", 0, b"\x01" * 32, status="playing")
        assert not await store.claim("t1", 0, b"\x02" * 32, status="playing")
        assert not await store.claim("t1", 1, b"\x02" * 32, status="playing")
        loaded = await store.load("t1")
        await store.close()
        assert loaded is not None
        assert loaded.seats[0] == SeatRow(seat=0, player="human", token_hash=b"\x01" * 32, joined=True)

    asyncio.run(run())


def _other_writer(db_url: str) -> Callable[[str], None]:
    """Run one statement on a second connection of its own, as another server process would."""
    if is_postgres(db_url):
        import psycopg

        def run_pg(statement: str) -> None:
            with psycopg.connect(db_url, autocommit=True) as db:
                db.execute(statement)

        return run_pg

    def run_sqlite(statement: str) -> None:
        with contextlib.closing(sqlite3.connect(db_url, isolation_level=None)) as db:
            db.execute(statement)

    return run_sqlite


def test_two_writers_of_one_ply_have_one_winner(db_url: str) -> None:
    """Another connection added ply 1 first: this store's ply 1 is refused, and the other's is the one kept."""

    async def run() -> None:
        store = await open_store(db_url)
        await store.create_table(ROW)
        await store.join("t1", 0, status="playing")
        _other_writer(db_url)("INSERT INTO actions (table_id, ply, seat, action, at) VALUES ('t1', 1, 0, 'c', 0)")
        with pytest.raises(ConflictError):
            await store.append_action("t1", ply=1, seat=0, action="d")
        loaded = await store.load("t1")
        await store.close()
        assert loaded is not None
        assert loaded.actions == ("c",)

    asyncio.run(run())


def test_many_writers_of_one_table_add_each_ply_once(postgres_cluster: Any) -> None:
    """Eight PostgreSQL stores (as of eight processes) race to add plies 1 to 30: each is committed exactly once."""
    db_url = postgres_cluster.new_database()
    won: list[tuple[int, int]] = []

    async def write(store: TableStore, writer: int) -> None:
        for ply in range(1, 31):
            try:
                await store.append_action("t1", ply=ply, seat=0, action=str(writer))
            except ConflictError:
                continue
            won.append((ply, writer))
            await asyncio.sleep(0)

    async def race() -> TableRow | None:
        first = await open_store(db_url)
        await first.create_table(ROW)
        await first.join("t1", 0, status="playing")
        stores = [first] + [await open_store(db_url) for _ in range(7)]
        await asyncio.gather(*(write(store, writer) for writer, store in enumerate(stores)))
        loaded = await first.load("t1")
        for store in stores:
            await store.close()
        return loaded

    loaded = asyncio.run(race())
    assert loaded is not None
    assert sorted(ply for ply, _ in won) == list(range(1, 31))
    assert loaded.actions == tuple(str(writer) for _, writer in sorted(won))


def test_files_it_cannot_use_are_refused(tmp_path: Path) -> None:
    """Another program's database, a newer schema and a file in use by another server are refused with StoreError."""
    foreign = tmp_path / "foreign.sqlite3"
    with sqlite3.connect(foreign) as db:
        db.execute("CREATE TABLE notes (text)")
    with pytest.raises(StoreError, match="not a tablegames database"):
        Store.open(foreign)
    newer = tmp_path / "newer.sqlite3"
    asyncio.run(Store.open(newer).close())
    with sqlite3.connect(newer) as db:
        db.execute(f"PRAGMA user_version = {SCHEMA_VERSION + 1}")
    with pytest.raises(StoreError, match="newer tablegames"):
        Store.open(newer)
    used = tmp_path / "used.sqlite3"
    first = Store.open(used)
    with pytest.raises(StoreError, match="another server"):
        Store.open(used)
    asyncio.run(first.close())
    asyncio.run(Store.open(used).close())


def test_serve_without_the_web_extra_says_which_extra_to_install() -> None:
    """Without starlette, ``tablegames serve`` prints one line naming the web extra and exits 2 (no rich needed)."""
    script = (
        "import sys; sys.modules['starlette'] = None; sys.modules['rich'] = None\n"
        "from tablegames.cli import main\n"
        "sys.exit(main(['serve', '--db', ':memory:', '--port', '1']))\n"
    )
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, timeout=60)
    assert done.returncode == 2, done.stderr
    assert "the extra 'web' installs: python -m pip install 'tablegames[web]'" in done.stderr
    assert "Traceback" not in done.stderr


def test_serve_on_postgres_without_the_extra_says_which_extra_to_install() -> None:
    """``tablegames serve --db postgresql://…`` without psycopg prints one line naming the postgres extra, exits 2."""
    script = (
        "import sys; sys.modules['psycopg'] = None\n"
        "from tablegames.cli import main\n"
        "sys.exit(main(['serve', '--db', 'postgresql://games:secret@127.0.0.1:1/x', '--port', '1']))\n"
    )
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, timeout=60)
    assert done.returncode == 2, done.stderr
    assert "the extra 'postgres' installs: python -m pip install 'tablegames[postgres]'" in done.stderr
    assert "secret" not in done.stderr + done.stdout
    assert "Traceback" not in done.stderr


def test_serve_with_docs_that_are_not_a_built_site_says_what_it_takes(tmp_path: Path) -> None:
    """``tablegames serve --docs`` given a folder with no built site refuses in one line, before serving."""
    need_module("starlette", "web")
    done = subprocess.run(
        [sys.executable, "-m", "tablegames", "serve", "--db", ":memory:", "--docs", str(tmp_path)],
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert done.returncode == 2, done.stderr
    assert "the docs are a folder holding the built site (its index.html; build it with `mkdocs build`)" in done.stderr
    assert "Traceback" not in done.stderr
    assert "serves" not in done.stdout, "the server started"


def test_serve_help_needs_no_rich(capsys: pytest.CaptureFixture[str]) -> None:
    """``tablegames serve --help`` lists its options."""
    assert main(["serve", "--help"]) == 0
    out = capsys.readouterr().out
    for option in (
        "--host",
        "--port",
        "--db",
        "--bot-delay",
        "--public-url",
        "--allow-origin",
        "--synchronous",
        "--reuse-port",
    ):
        assert option in out


def test_postgres_databases_it_cannot_use_are_refused(postgres_cluster: Any) -> None:
    """Another program's tables, a newer schema and an unreachable server are refused with StoreError."""
    from tablegames.server.pgstore import PostgresStore

    async def opened(url: str) -> None:
        await (await open_store(url)).close()

    foreign = postgres_cluster.new_database()
    _other_writer(foreign)("CREATE TABLE tables (name TEXT)")
    with pytest.raises(StoreError, match="another program"):
        asyncio.run(opened(foreign))
    newer = postgres_cluster.new_database()
    asyncio.run(opened(newer))
    _other_writer(newer)(f"UPDATE tablegames_schema SET version = {SCHEMA_VERSION + 1}")
    with pytest.raises(StoreError, match="newer tablegames"):
        asyncio.run(opened(newer))
    with pytest.raises(StoreError, match="cannot reach"):
        asyncio.run(PostgresStore.open("postgresql://nobody:secret@127.0.0.1:1/none", timeout=1))


def test_the_bots_of_a_table_move_on_one_process_until_it_lets_go(postgres_cluster: Any) -> None:
    """Of two stores on one database, the first to ask holds a table's bots; the other gets them once it lets go."""
    url = postgres_cluster.new_database()

    async def run() -> None:
        first, second = await open_store(url), await open_store(url)
        assert await first.hold_bots("t1")
        assert await first.hold_bots("t1")
        assert not await second.hold_bots("t1")
        assert await second.hold_bots("t2")
        await first.release_bots("t1")
        assert await second.hold_bots("t1")
        await second.close()
        assert await first.hold_bots("t1")
        await first.close()

    asyncio.run(run())
