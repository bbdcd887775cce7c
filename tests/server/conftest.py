"""Deliberately broken servers, to show that each security test can fail.

``TABLEGAMES_BREAK=<name> python -m pytest tests/server`` runs the server
tests against a server with one check removed (names below); the test of
that check must then fail. Without the variable nothing is changed.
"""

from __future__ import annotations

import os
from typing import TYPE_CHECKING, Any

import pytest

if TYPE_CHECKING:
    from collections.abc import Callable, Iterator
    from pathlib import Path


def _events(monkeypatch: pytest.MonkeyPatch) -> None:
    """Every audience is told every event whole, hidden cards and all."""
    from tablegames.server import tables

    def tell(self: Any, events: Any) -> dict[int | None, int]:
        told: dict[int | None, int] = {}
        for seat, audience in self.audiences.items():
            audience.events.extend(events)
            told[seat] = len(events)
        return told

    monkeypatch.setattr(tables.Table, "_tell", tell)


def _origin(monkeypatch: pytest.MonkeyPatch) -> None:
    """Pages of any origin may connect."""
    from tablegames.server import app, sockets

    monkeypatch.setattr(app, "origin_allowed", lambda headers, origins, scheme="http": True)
    monkeypatch.setattr(sockets, "origin_allowed", lambda headers, origins, scheme="http": True)


def _tokens(monkeypatch: pytest.MonkeyPatch) -> None:
    """Any token is taken for the first person's seat."""
    from tablegames.server import tables

    def seat_of(self: Any, token: str) -> int | None:
        return next((seat.seat for seat in self.seats if seat.is_human), None)

    monkeypatch.setattr(tables.Table, "seat_of", seat_of)


def _turn(monkeypatch: pytest.MonkeyPatch) -> None:
    """A seat's action is taken for whichever seat is to decide."""
    from tablegames.server import tables

    propose = tables.Table.propose

    def any_seat(self: Any, seat: int, action: Any, decisions: int | None = None) -> Any:
        current = self.current_player
        return propose(self, seat if current is None else current, action, None)

    monkeypatch.setattr(tables.Table, "propose", any_seat)


def _decisions(monkeypatch: pytest.MonkeyPatch) -> None:
    """A seat's count of decisions is not checked: a repeated request acts again."""
    from tablegames.server import tables

    propose = tables.Table.propose

    def unchecked(self: Any, seat: int, action: Any, decisions: int | None = None) -> Any:
        return propose(self, seat, action, None)

    monkeypatch.setattr(tables.Table, "propose", unchecked)


def _restore(monkeypatch: pytest.MonkeyPatch) -> None:
    """A restarted server forgets the tables it had (it starts each anew from its head, without its actions)."""
    from tablegames.server import lobby

    rebuild = lobby.Lobby._rebuild

    def forgetful(self: Any, row: Any) -> Any:
        import attrs

        return rebuild(self, attrs.evolve(row, actions=()))

    monkeypatch.setattr(lobby.Lobby, "_rebuild", forgetful)


def _commit(monkeypatch: pytest.MonkeyPatch) -> None:
    """Listeners are told of an action before it is committed."""
    from tablegames.server import lobby

    async def play(self: Any, table: Any, seat: int, action: Any, decisions: int | None = None) -> Any:
        pending = table.propose(seat, action, decisions)
        self.hub.publish(table.id, table.accept(pending, self.hub.listening(table.id)))
        table.history.pop()
        await self.store.append_action(table.id, ply=pending.ply, seat=seat, action=str(pending.action), over=False)
        table.history.append((seat, str(pending.action)))  # the decision counts were moved on by accept
        self._changed(table)
        return pending

    monkeypatch.setattr(lobby.Lobby, "play", play)


def _limits(monkeypatch: pytest.MonkeyPatch) -> None:
    """Bodies and messages of any size are read."""
    from tablegames.server import app
    from tablegames.server.limits import Limits

    init = app.Settings.__init__

    def unlimited(self: Any, limits: Any, public_url: Any, origins: Any) -> None:
        init(self, Limits(max_body=10**9, max_message=10**9), public_url, origins)

    monkeypatch.setattr(app.Settings, "__init__", unlimited)


def _redact(monkeypatch: pytest.MonkeyPatch) -> None:
    """Log lines keep their tokens."""
    from tablegames.server import logs

    monkeypatch.setattr(logs.Redact, "filter", lambda self, record: True)


def _check(monkeypatch: pytest.MonkeyPatch) -> None:
    """A check of actions is answered as if the seat to decide had asked, and with the hands it was checked against."""
    from tablegames.server import tables

    check = tables.Table.check

    def as_deciding(self: Any, seat: int, actions: Any) -> Any:
        current = self.current_player
        answers = check(self, seat if current is None else current, actions)
        for answer in answers:
            answer["hands"] = self.state.to_dict()["hands"]
        return answers

    monkeypatch.setattr(tables.Table, "check", as_deciding)


BREAKS: dict[str, Callable[[pytest.MonkeyPatch], None]] = {
    "check": _check,
    "events": _events,
    "origin": _origin,
    "tokens": _tokens,
    "turn": _turn,
    "commit": _commit,
    "decisions": _decisions,
    "restore": _restore,
    "limits": _limits,
    "redact": _redact,
}


@pytest.fixture(autouse=True)
def broken_server(monkeypatch: pytest.MonkeyPatch) -> None:
    """Apply the break named by TABLEGAMES_BREAK, if any."""
    name = os.environ.get("TABLEGAMES_BREAK")
    if name:
        BREAKS[name](monkeypatch)


@pytest.fixture(scope="session")
def postgres_cluster() -> Iterator[Any]:
    """One throwaway PostgreSQL server for the session's tests (skipped where the server is not installed)."""
    from tests.server.postgres import Cluster

    cluster = Cluster()
    try:
        yield cluster
    finally:
        cluster.close()


@pytest.fixture(params=["sqlite", "postgres"])
def db_url(request: pytest.FixtureRequest, tmp_path: Path) -> str:
    """A fresh database of each store: a SQLite file, and an empty PostgreSQL database."""
    if request.param == "sqlite":
        return str(tmp_path / "db.sqlite3")
    cluster = request.getfixturevalue("postgres_cluster")
    url: str = cluster.new_database()
    return url
