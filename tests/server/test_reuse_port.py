"""Two ``tablegames serve --reuse-port`` processes on one PostgreSQL database, behind one port.

Both listen on the same localhost port (``SO_REUSEPORT``); every request
opens a new connection, which the kernel gives to either process. A game
played through that port ends with every action stored once, in order; when
one process is killed mid-game the port keeps answering and the game goes
on to the end. Nothing here can hang: every request has a timeout, every
wait a deadline, the game a most number of turns, and the processes are
killed at the end whatever happened.
"""

from __future__ import annotations

import contextlib
import os
import signal
from pathlib import Path
from typing import TYPE_CHECKING, Any

import httpx

from tests.extras import need_module
from tests.server.support import auth, choose, free_port, serve_process, wait_until

if TYPE_CHECKING:
    from collections.abc import Callable, Iterator
    from subprocess import Popen

need_module("websockets.sync.client", "web")
#: No pause before bot moves, one bot worker, warnings only, and the shared port.
SHARED = ("--bot-delay", "0", "--bot-workers", "1", "--log-level", "warning", "--reuse-port")
#: More turns than any of these games takes: a game that goes on longer fails instead of running on.
MOST_TURNS = 400
#: The seconds any one request may take.
REQUEST = 10.0


def _listening_sockets(port: int) -> set[str]:
    """The inodes of the localhost sockets listening on ``port`` (IPv4), from ``/proc/net/tcp``."""
    found = set()
    for line in Path("/proc/net/tcp").read_text().splitlines()[1:]:
        fields = line.split()
        local, state, inode = fields[1], fields[3], fields[9]
        if state == "0A" and int(local.rsplit(":", 1)[1], 16) == port:
            found.add(inode)
    return found


def _listens(process: Popen[str], port: int) -> bool:
    """True if ``process`` holds one of the sockets listening on ``port``."""
    inodes = _listening_sockets(port)
    folder = Path(f"/proc/{process.pid}/fd")
    with contextlib.suppress(OSError):
        for fd in folder.iterdir():
            with contextlib.suppress(OSError):
                link = os.readlink(fd)
                if link.startswith("socket:[") and link[8:-1] in inodes:
                    return True
    return False


@contextlib.contextmanager
def _two_on_one_port(url: str) -> Iterator[tuple[str, list[Popen[str]]]]:
    """Two servers on the database ``url`` listening on one port; yields its base URL and the processes."""
    port = free_port()
    with serve_process(url, port, *SHARED) as first, serve_process(url, port, *SHARED) as second:  # type: ignore[arg-type]
        processes = [first, second]
        wait_until(
            lambda: all(process.poll() is not None or _listens(process, port) for process in processes),
            what="both servers listening on the port",
        )
        assert [process.poll() for process in processes] == [None, None], "a server did not start"
        assert all(_listens(process, port) for process in processes)
        yield f"http://127.0.0.1:{port}", processes


def _retried(request: Callable[[], httpx.Response], tries: int = 20) -> httpx.Response:
    """Send a request on a new connection, again if that connection was refused or dropped (a server was killed)."""
    for _ in range(tries - 1):
        with contextlib.suppress(httpx.TransportError):
            return request()
    return request()


def _snapshot(base: str, table: str, token: str) -> dict[str, Any]:
    answer = _retried(lambda: httpx.get(f"{base}/api/tables/{table}", headers=auth(token), timeout=REQUEST))
    assert answer.status_code == 200, answer.text
    got: dict[str, Any] = answer.json()
    return got


def _turn(base: str, tokens: dict[int, str], table: str) -> tuple[int, dict[str, Any]] | None:
    """The seat offered a move and its snapshot (or any seat's, once the game is over); None if neither is."""
    for seat, token in tokens.items():
        snapshot = _snapshot(base, table, token)
        if snapshot["view"]["is_over"] or snapshot["view"]["legal_actions"]:
            return seat, snapshot
    return None


def _play(base: str, table: str, tokens: dict[int, str], *, then: Callable[[int], None]) -> dict[str, Any]:
    """Play a game of people through ``base`` to its end, calling ``then(turn)`` after each action; the last view."""
    for turn in range(MOST_TURNS):
        # Each request may reach either server, and one may be a moment behind the other: the seat to
        # move is whichever is offered a move now, not the one an earlier answer named.
        found: tuple[int, dict[str, Any]] = wait_until(
            lambda: _turn(base, tokens, table), what="someone's turn, or the end"
        )
        seat, snapshot = found
        if snapshot["view"]["is_over"]:
            return snapshot
        body = {"action": choose(snapshot["view"], "port"), "decisions": snapshot["decisions"]}
        headers = auth(tokens[seat])

        def act(body: dict[str, Any] = body, headers: dict[str, str] = headers) -> httpx.Response:
            return httpx.post(f"{base}/api/tables/{table}/actions", json=body, headers=headers, timeout=REQUEST)

        answer = _retried(act)
        # 409: the connection dropped after the action was taken and the retry was for a ply already played,
        # or the move was chosen from a server a moment behind and another had been made meanwhile.
        assert answer.status_code in (200, 409), answer.text
        then(turn)
    raise AssertionError(f"the game did not end within {MOST_TURNS} turns")


def _stored(url: str, table: str) -> list[tuple[int, str]]:
    import psycopg

    with psycopg.connect(url, connect_timeout=10) as db:
        rows = db.execute("SELECT ply, action FROM actions WHERE table_id = %s ORDER BY ply", (table,))
        return [(int(ply), str(action)) for ply, action in rows]


def test_two_servers_on_one_port_play_a_game_and_survive_the_loss_of_either(postgres_cluster: Any) -> None:
    """A game through the shared port, one server killed mid-game: it ends, each action stored once, in order."""
    url = postgres_cluster.new_database()
    with _two_on_one_port(url) as (base, processes):
        created = _retried(
            lambda: httpx.post(
                f"{base}/api/tables", json={"game": "kalaha", "seats": ["human", "human"], "seed": 5}, timeout=REQUEST
            )
        )
        assert created.status_code == 201, created.text
        table = created.json()["table"]["id"]
        tokens = {seat["seat"]: seat["token"] for seat in created.json()["seats"]}
        for token in tokens.values():  # each person's first request joins the seat
            _snapshot(base, table, token)
        wait_until(lambda: _snapshot(base, table, tokens[0])["table"]["status"] == "playing", what="the game to start")

        def kill_one(turn: int) -> None:
            if turn == 6:
                processes[0].send_signal(signal.SIGKILL)
                processes[0].wait(timeout=10)

        last = _play(base, table, tokens, then=kill_one)
        assert processes[0].poll() is not None
        assert processes[1].poll() is None
        record = _retried(lambda: httpx.get(f"{base}/api/tables/{table}/record", timeout=REQUEST)).json()
    assert last["view"]["is_over"]
    stored = _stored(url, table)
    assert [ply for ply, _ in stored] == list(range(1, len(stored) + 1))
    assert [action for _, action in stored] == record["actions"]
    assert len(stored) > 6
