"""The SQLite store: schema version, migrations, refusals, one winner per ply, and the serve command around it."""

from __future__ import annotations

import sqlite3
import subprocess
import sys
from typing import TYPE_CHECKING

import pytest

from tablegames.cli import main
from tablegames.server.errors import ConflictError, StoreError
from tablegames.server.store import APPLICATION_ID, SCHEMA_VERSION, SeatRow, Store, TableRow

if TYPE_CHECKING:
    from pathlib import Path

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
    store = Store.open(tmp_path / "db.sqlite3")
    store.close()
    with sqlite3.connect(tmp_path / "db.sqlite3") as db:
        assert db.execute("PRAGMA user_version").fetchone()[0] == SCHEMA_VERSION
        assert db.execute("PRAGMA application_id").fetchone()[0] == APPLICATION_ID
        assert db.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
        tables = {name for (name,) in db.execute("SELECT name FROM sqlite_master WHERE type = 'table'")}
    assert tables == {"tables", "seats", "actions"}


def test_tables_seats_and_actions_survive_reopening(tmp_path: Path) -> None:
    """What is committed is there when the file is opened again."""
    store = Store.open(tmp_path / "db.sqlite3")
    store.create_table(ROW)
    store.append_action("t1", ply=1, seat=0, action="c")
    store.join("t1", 0, status="playing")
    store.close()
    again = Store.open(tmp_path / "db.sqlite3")
    row = again.load("t1")
    again.close()
    assert row is not None
    assert (row.actions, row.seats[0].joined, row.seats[0].token_hash) == (("c",), True, bytes(32))


def test_each_ply_has_one_action_in_order_and_none_after_the_end() -> None:
    """A ply already taken, a ply out of order, and an action on a finished table are refused by the database."""
    store = Store.open(":memory:")
    store.create_table(ROW)
    store.append_action("t1", ply=1, seat=0, action="c")
    with pytest.raises(ConflictError):
        store.append_action("t1", ply=1, seat=0, action="d")
    with pytest.raises(ConflictError):
        store.append_action("t1", ply=3, seat=0, action="d")
    store.append_action("t1", ply=2, seat=0, action="f", over=True)
    with pytest.raises(ConflictError):
        store.append_action("t1", ply=3, seat=1, action="a")
    loaded = store.load("t1")
    assert loaded is not None
    assert loaded.actions == ("c", "f")
    assert loaded.status == "over"
    assert store.unfinished() == []


def test_two_writers_of_one_ply_have_one_winner(tmp_path: Path) -> None:
    """Two connections adding the same ply to one table: the primary key lets exactly one commit."""
    store = Store.open(tmp_path / "db.sqlite3")
    store.create_table(ROW)
    other = sqlite3.connect(tmp_path / "db.sqlite3", isolation_level=None)
    other.execute("INSERT INTO actions (table_id, ply, seat, action, at) VALUES ('t1', 1, 0, 'c', 0)")
    with pytest.raises(ConflictError):
        store.append_action("t1", ply=1, seat=0, action="d")
    other.close()
    loaded = store.load("t1")
    store.close()
    assert loaded is not None
    assert loaded.actions == ("c",)


def test_files_it_cannot_use_are_refused(tmp_path: Path) -> None:
    """Another program's database, a newer schema and a file in use by another server are refused with StoreError."""
    foreign = tmp_path / "foreign.sqlite3"
    with sqlite3.connect(foreign) as db:
        db.execute("CREATE TABLE notes (text)")
    with pytest.raises(StoreError, match="not a tablegames database"):
        Store.open(foreign)
    newer = tmp_path / "newer.sqlite3"
    Store.open(newer).close()
    with sqlite3.connect(newer) as db:
        db.execute(f"PRAGMA user_version = {SCHEMA_VERSION + 1}")
    with pytest.raises(StoreError, match="newer tablegames"):
        Store.open(newer)
    used = tmp_path / "used.sqlite3"
    first = Store.open(used)
    with pytest.raises(StoreError, match="another server"):
        Store.open(used)
    first.close()
    Store.open(used).close()


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


def test_serve_help_needs_no_rich(capsys: pytest.CaptureFixture[str]) -> None:
    """``tablegames serve --help`` lists its options."""
    assert main(["serve", "--help"]) == 0
    out = capsys.readouterr().out
    for option in ("--host", "--port", "--db", "--bot-delay", "--public-url", "--allow-origin", "--synchronous"):
        assert option in out
