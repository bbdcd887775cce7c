"""Several ``tablegames serve`` processes on one PostgreSQL database: one game, however the people are spread.

Each test starts its own server processes (``--db postgresql://…``) on a
throwaway PostgreSQL cluster, plays through the HTTP and WebSocket API, and
checks the database's record: every action once, in order.
"""

from __future__ import annotations

import contextlib
import json
import signal
import threading
from typing import TYPE_CHECKING, Any

import httpx

import tablegames
from tests.extras import need_module
from tests.server.postgres import Cluster
from tests.server.support import auth, choose, free_port, serve_process, wait_until

if TYPE_CHECKING:
    from collections.abc import Iterator
    from pathlib import Path
    from subprocess import Popen

websockets_client = need_module("websockets.sync.client", "web")
#: No pause before bot moves, one bot worker, and no line logged per request (nobody reads the servers' output).
QUIET = ("--bot-delay", "0", "--bot-workers", "1", "--log-level", "warning")


@contextlib.contextmanager
def _servers(url: str, count: int) -> Iterator[list[tuple[str, Popen[str]]]]:
    """``count`` server processes on the database ``url``; yields (base URL, process) of each."""
    with contextlib.ExitStack() as stack:
        servers = []
        for _ in range(count):
            port = free_port()
            process = stack.enter_context(serve_process(url, port, *QUIET))  # type: ignore[arg-type]
            servers.append((f"http://127.0.0.1:{port}", process))
        yield servers


def _snapshot(base: str, table: str, token: str) -> dict[str, Any]:
    got: dict[str, Any] = httpx.get(f"{base}/api/tables/{table}", headers=auth(token), timeout=30).json()
    return got


def _act(base: str, table: str, token: str, snapshot: dict[str, Any]) -> httpx.Response:
    action = choose(snapshot["view"], "shared")
    return httpx.post(
        f"{base}/api/tables/{table}/actions",
        headers=auth(token),
        json={"action": action, "decisions": snapshot["decisions"]},
        timeout=30,
    )


def _stored(url: str, table: str) -> list[tuple[int, str]]:
    import psycopg

    with psycopg.connect(url) as db:
        return [
            (int(ply), str(action))
            for ply, action in db.execute("SELECT ply, action FROM actions WHERE table_id = %s ORDER BY ply", (table,))
        ]


class _Listener:
    """A seat's WebSocket on one server, collecting every frame it is sent (in a thread)."""

    def __init__(self, base: str, table: str, token: str) -> None:
        self.frames: list[dict[str, Any]] = []
        url = base.replace("http", "ws") + f"/api/tables/{table}/ws?token={token}"
        self._opened = websockets_client.connect(url)
        self.socket = self._opened.__enter__()
        self.thread = threading.Thread(target=self._read, daemon=True)
        self.thread.start()

    def _read(self) -> None:
        try:
            for text in self.socket:
                self.frames.append(json.loads(text))
        except Exception as error:
            self.frames.append({"error": repr(error)})

    def decisions_seen(self) -> int:
        """The decision count of the seat in the last frame it was sent."""
        counted = [frame["decisions"] for frame in self.frames if "decisions" in frame]
        return counted[-1] if counted else -1

    def events_seen(self) -> int:
        """How many events it has been told of."""
        return max((frame["next"] for frame in self.frames if "next" in frame), default=0)

    def close(self) -> None:
        with contextlib.suppress(Exception):
            self._opened.__exit__(None, None, None)
        self.thread.join(timeout=10)


@contextlib.contextmanager
def _listeners(*where: tuple[str, str, str]) -> Iterator[list[_Listener]]:
    made = [_Listener(*each) for each in where]
    try:
        yield made
    finally:
        for each in made:
            each.close()


def _new_table(base: str, **request: Any) -> tuple[str, dict[int, str]]:
    answer = httpx.post(f"{base}/api/tables", json=request, timeout=30)
    assert answer.status_code == 201, answer.text
    body = answer.json()
    return body["table"]["id"], {seat["seat"]: seat["token"] for seat in body["seats"]}


def _turn(base: str, table: str, tokens: dict[int, str]) -> tuple[int | None, dict[str, Any]] | None:
    """Whose turn ``base`` shows now, with that seat's snapshot; ``(None, snapshot)`` once the game is over.

    None while no person may decide there: a bot's turn, or a turn that moved on between the two reads.
    """
    first = _snapshot(base, table, tokens[0])
    if first["view"]["is_over"]:
        return None, first
    seat = first["view"]["current_player"]
    if seat not in tokens:
        return None
    snapshot = _snapshot(base, table, tokens[seat])
    return (seat, snapshot) if snapshot["view"]["legal_actions"] else None


def _play(bases: list[str], table: str, tokens: dict[int, str], wait: float = 20.0) -> dict[str, Any]:
    """Play a game of people to the end, each decision sent to the next server in turn; return the last snapshot.

    Each server is given ``wait`` seconds to show one of the people their turn. A server that has not yet
    heard of the last decision shows an earlier turn, and the decision sent there is refused as a conflict.
    """
    for turn in range(1000):
        base = bases[turn % len(bases)]
        found: tuple[int | None, dict[str, Any]] = wait_until(
            lambda b=base: _turn(b, table, tokens), timeout=wait, what=f"a turn on {base}"
        )
        seat, snapshot = found
        if seat is None:
            return snapshot
        answer = _act(base, table, tokens[seat], snapshot)
        assert answer.status_code in (200, 409), answer.text
    raise AssertionError("the game did not end in 1,000 decisions")


def _final(bases: list[str], table: str, tokens: dict[int, str], url: str) -> dict[str, Any]:
    """Check every server and the database agree on the finished game; return its record."""
    records = [httpx.get(f"{base}/api/tables/{table}/record", timeout=30).json() for base in bases]
    assert all(record == records[0] for record in records[1:])
    stored = _stored(url, table)
    assert [ply for ply, _ in stored] == list(range(1, len(stored) + 1))
    assert [action for _, action in stored] == records[0]["actions"]
    assert tablegames.Match.from_record(records[0]).state.is_over
    record: dict[str, Any] = records[0]
    return record


def _play_seat(base: str, table: str, token: str) -> dict[str, Any]:
    """Play one seat to the end of the game on one server, waiting for its turn there; return its last snapshot."""
    while True:
        snapshot = wait_until(
            lambda: (got := _snapshot(base, table, token))["view"]["legal_actions"] or got["view"]["is_over"],
            timeout=60,
            what=f"a turn on {base}",
        )
        snapshot = _snapshot(base, table, token)
        if snapshot["view"]["is_over"]:
            return snapshot
        answer = _act(base, table, token, snapshot)
        assert answer.status_code == 200, answer.text


def test_two_servers_serve_one_table_to_people_on_each(postgres_cluster: Any) -> None:
    """Seat 0 on one server, seat 1 on the other, each only there: each is told every move and the game ends."""
    url = postgres_cluster.new_database()
    with _servers(url, 2) as servers:
        bases = [base for base, _ in servers]
        table, tokens = _new_table(bases[0], game="kalaha", seats=["human", "human"], seed=3)
        with _listeners((bases[0], table, tokens[0]), (bases[1], table, tokens[1])) as listeners:
            wait_until(lambda: _snapshot(bases[1], table, tokens[1])["table"]["status"] == "playing")
            results: dict[int, dict[str, Any]] = {}

            def play(seat: int) -> None:
                results[seat] = _play_seat(bases[seat], table, tokens[seat])

            threads = [threading.Thread(target=play, args=(seat,)) for seat in (0, 1)]
            for thread in threads:
                thread.start()
            for thread in threads:
                thread.join()
            record = _final(bases, table, tokens, url)
            for seat, listener in enumerate(listeners):
                mine = results[seat]
                wait_until(lambda li=listener, m=mine: li.events_seen() == m["next"], what=f"seat {seat}'s pushes")
                views = [frame["view"] for frame in listener.frames if "view" in frame]
                assert views[-1] == mine["view"]
                assert views[-1]["is_over"]
    made = tablegames.Match.from_record(record).history
    assert [sum(1 for who, _ in made if who == seat) for seat in (0, 1)] == [
        results[0]["decisions"],
        results[1]["decisions"],
    ]


def test_a_seat_open_on_one_server_shows_as_connected_on_the_other(postgres_cluster: Any) -> None:
    """A join link opened where its seat is played on another server is told so (the page then offers to watch)."""
    url = postgres_cluster.new_database()
    with _servers(url, 2) as servers:
        (first, _), (second, _) = servers
        table, tokens = _new_table(first, game="kalaha", seats=["human", "human"], seed=3)

        def connected_on_second() -> bool:
            seats = httpx.get(f"{second}/api/tables/{table}", timeout=30).json()["table"]["seats"]
            return bool(seats[0]["connected"])

        assert not connected_on_second()
        with websockets_client.connect(f"ws://{first.split('://')[1]}/api/tables/{table}/ws?token={tokens[0]}"):
            wait_until(connected_on_second, what="seat 0's socket on the first server to show on the second")
        wait_until(lambda: not connected_on_second(), what="the closed socket to show on the second server")


def test_three_servers_play_tables_with_bots_each_move_made_once(postgres_cluster: Any) -> None:
    """Three servers, tables created on each, a person's decisions sent round all three: bots move once per turn."""
    url = postgres_cluster.new_database()
    with _servers(url, 3) as servers:
        bases = [base for base, _ in servers]
        tables = [
            _new_table(base, game="kalaha", seats=["human", "random"], seed=10 + index)
            for index, base in enumerate(bases)
        ]
        for table, tokens in tables:
            _play(bases, table, tokens)
        for table, tokens in tables:
            _final(bases, table, tokens, url)


def test_the_same_decision_sent_to_two_servers_at_once_is_taken_once(postgres_cluster: Any) -> None:
    """Each decision sent to both servers at the same moment: one is taken, the other refused, every time."""
    url = postgres_cluster.new_database()
    with _servers(url, 2) as servers:
        bases = [base for base, _ in servers]
        table, tokens = _new_table(bases[0], game="kalaha", seats=["human", "human"], seed=5)
        for seat in (0, 1):
            _snapshot(bases[seat], table, tokens[seat])
        races = 0
        while True:
            snapshot = _snapshot(bases[0], table, tokens[0])
            if snapshot["view"]["is_over"]:
                break
            seat = snapshot["view"]["current_player"]
            mine = wait_until(
                lambda s=seat: (
                    all((got := _snapshot(base, table, tokens[s]))["view"]["legal_actions"] for base in bases) and got
                ),
                what="both servers at the same decision",
            )
            answers = _at_once(bases, table, tokens[seat], mine)
            assert sorted(answers) == [200, 409], answers
            races += 1
        record = _final(bases, table, tokens, url)
    assert races == len(record["actions"])


def _at_once(bases: list[str], table: str, token: str, snapshot: dict[str, Any]) -> list[int]:
    """Send the same decision to each server at the same moment; return their answers' status codes."""
    barrier = threading.Barrier(len(bases))
    answers: list[int] = []

    def send(base: str) -> None:
        barrier.wait()
        answers.append(_act(base, table, token, snapshot).status_code)

    threads = [threading.Thread(target=send, args=(base,)) for base in bases]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    return answers


def test_a_killed_server_loses_nothing_and_the_other_carries_on(postgres_cluster: Any) -> None:
    """SIGKILL the server a person and the bots use while a bot pauses: the other takes over both, nothing lost."""
    url = postgres_cluster.new_database()
    with _servers(url, 2) as servers:
        (first, killed), (second, _) = servers
        table, tokens = _new_table(first, game="kalaha", seats=["human", "random"], seed=8, bot_delay=1.0)
        with _listeners((first, table, tokens[0])) as (listener,):
            while True:
                snapshot = wait_until(
                    lambda: (got := _snapshot(first, table, tokens[0]))["view"]["legal_actions"] and got,
                    what="seat 0's turn",
                )
                assert _act(first, table, tokens[0], snapshot).status_code == 200
                before = _snapshot(first, table, tokens[0])
                if before["decisions"] >= 3 and before["view"]["current_player"] == 1:
                    break  # the bot pauses a second before moving: kill its server now
            killed.send_signal(signal.SIGKILL)
            killed.wait()
            wait_until(lambda: not listener.thread.is_alive(), what="the socket to drop")
        after = wait_until(
            lambda: (got := _snapshot(second, table, tokens[0]))["decisions"] == before["decisions"] and got,
            what="the other server to have every action",
        )
        assert (after["view"], after["events"]) == (before["view"], before["events"])
        wait_until(
            lambda: _snapshot(second, table, tokens[0])["view"]["legal_actions"],
            what="the bots to move on the other server",
        )
        with _listeners((second, table, tokens[0])) as (again,):
            last = _play_seat(second, table, tokens[0])
            wait_until(lambda: again.events_seen() == last["next"], what="the pushes on the other server")
        assert last["view"]["is_over"]
        _final([second], table, tokens, url)


def test_a_database_restart_is_survived_with_a_clear_error_meanwhile(tmp_path: Path) -> None:
    """While PostgreSQL restarts, actions are refused with a 503 saying so; afterwards both servers play on."""
    cluster = Cluster()
    try:
        url = cluster.new_database()
        with _servers(url, 2) as servers:
            bases = [base for base, _ in servers]
            table, tokens = _new_table(bases[0], game="kalaha", seats=["human", "human"], seed=4)
            with _listeners((bases[1], table, tokens[1])) as (listener,):
                for seat in (0, 1):
                    _snapshot(bases[seat], table, tokens[seat])
                seat = _snapshot(bases[0], table, tokens[0])["view"]["current_player"]
                snapshot = _snapshot(bases[0], table, tokens[seat])
                cluster.stop()
                refused = _act(bases[0], table, tokens[seat], snapshot)
                assert refused.status_code == 503, refused.text
                error = refused.json()["error"]
                assert error["type"] == "BusyError"  # a type the wire declares, as every error it sends
                assert "database" in error["message"]
                assert "try again" in error["message"]
                cluster.start()
                answer = wait_until(
                    lambda: (got := _act(bases[0], table, tokens[seat], snapshot)).status_code != 503 and got,
                    timeout=60.0,  # the pools reconnect on their own schedule, slower on a loaded machine
                    what="the database back",
                )
                assert answer.status_code == 200, answer.text
                # Each server's pool comes back on its own schedule, which backs off while the database is down.
                last = _play(bases, table, tokens, wait=60.0)
                mine = _snapshot(bases[1], table, tokens[1])
                wait_until(
                    lambda: listener.events_seen() == mine["next"], timeout=60.0, what="the pushes after the restart"
                )
            _final(bases, table, tokens, url)
        assert last["view"]["is_over"]
    finally:
        cluster.close()
