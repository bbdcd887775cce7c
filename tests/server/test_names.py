"""People's names: given when a table is made, shown in every summary, kept by both stores, checked on the way in."""

from __future__ import annotations

import asyncio
import sqlite3
from typing import TYPE_CHECKING, Any

import pytest

from tablegames.server.storage import open_store
from tablegames.server.store import _SCHEMA_1, SCHEMA_VERSION, SeatRow, Store, TableRow
from tests.server.support import client

if TYPE_CHECKING:
    from pathlib import Path

REQUEST = {
    "game": "loo",
    "options": {"players": 3},
    "seats": ["human", "human", "random"],
    "names": ["  Ada   Lovelace ", None, None],
}


def _names(summary: dict[str, Any]) -> list[Any]:
    return [seat.get("name", "bot") for seat in summary["seats"]]


def test_names_given_at_creation_are_in_every_summary_and_survive_a_restart(tmp_path: Path) -> None:
    """The creator names seats; the summary says each name (spaces tidied), and a restarted server still does."""
    db = tmp_path / "db.sqlite3"
    with client(db) as http:
        created = http.post("/api/tables", json=REQUEST)
        assert created.status_code == 201, created.text
        table = created.json()["table"]["id"]
        assert _names(created.json()["table"]) == ["Ada Lovelace", None, "bot"]
        assert _names(http.get(f"/api/tables/{table}").json()["table"]) == ["Ada Lovelace", None, "bot"]
        listed = http.get("/api/tables").json()["tables"]
        assert [_names(each) for each in listed if each["id"] == table] == [["Ada Lovelace", None, "bot"]]
    with client(db) as again:
        assert _names(again.get(f"/api/tables/{table}").json()["table"]) == ["Ada Lovelace", None, "bot"]


@pytest.mark.parametrize(
    ("names", "said"),
    [
        (["Ada", None], "a name (or null) per seat: 3 of them, got 2"),
        (["Ada", None, "Robot"], "a bot's seat takes no name"),
        (["A" * 25, None, None], "at most 24 characters"),
        (["Ada\u0000", None, None], "at most 24 characters of text"),
        (["Ada\u202e", None, None], "at most 24 characters of text"),
        ([7, None, None], "a name is a string"),
        ("Ada", "names is a list"),
    ],
)
def test_names_that_are_no_names_are_refused_and_nothing_is_made(names: Any, said: str) -> None:
    """A name too long, with control characters, not text, on a bot's seat, or too few names: a 400 that says so."""
    with client() as http:
        answer = http.post("/api/tables", json={**REQUEST, "names": names})
        assert answer.status_code == 400
        assert answer.json()["error"]["type"] == "BadRequestError"
        assert said in answer.json()["error"]["message"]
        assert http.get("/api/tables").json()["tables"] == []


def test_both_stores_keep_a_seat_s_name(db_url: str) -> None:
    """A name stored with its seat is read back; a seat with none reads None."""
    row = TableRow(
        id="t1",
        game="kalaha",
        options={},
        record={"game": "kalaha"},
        bot_seed=1,
        seats=(
            SeatRow(seat=0, player="human", token_hash=bytes(32), name="Åsa"),
            SeatRow(seat=1, player="bot", bot="random"),
        ),
    )

    async def run() -> Any:
        store = await open_store(db_url)
        await store.create_table(row)
        loaded = await store.load("t1")
        await store.close()
        return loaded

    loaded = asyncio.run(run())
    assert [seat.name for seat in loaded.seats] == ["Åsa", None]


def test_a_database_of_version_1_gains_names_when_opened(tmp_path: Path) -> None:
    """A file written before names existed is migrated: its seats are kept, with no names."""
    path = tmp_path / "old.sqlite3"
    with sqlite3.connect(path) as db:
        db.executescript(_SCHEMA_1)
        db.execute("PRAGMA application_id = 1952932205")
        db.execute("PRAGMA user_version = 1")
        db.execute(
            "INSERT INTO tables VALUES ('t1', 'kalaha', '{}', '{\"game\": \"kalaha\"}', 1, 0, 0, 'waiting', 0, 0)"
        )
        db.execute("INSERT INTO seats VALUES ('t1', 0, 'human', NULL, zeroblob(32), NULL)")

    async def run() -> Any:
        store = Store.open(path)
        version, loaded = await store.version(), await store.load("t1")
        await store.close()
        return version, loaded

    version, loaded = asyncio.run(run())
    assert version == SCHEMA_VERSION == 2
    assert loaded.seats == (SeatRow(seat=0, player="human", token_hash=bytes(32), name=None),)
