"""Load on ``tablegames serve``: many tables at once through the HTTP and WebSocket API, on localhost.

Run: ``python benchmarks/serve_load.py [--tables 100] [--seconds 20] [--warmup 3] [--think 0.08]
[--games kalaha,loo,kalo] [--pin] [--db sqlite|postgres] [--servers N]``.

It starts the server (``tablegames serve``, a fresh database in a temporary
directory, no pause between bot moves) on a free localhost port, and keeps
``--tables`` tables in play for ``--seconds``: half of them with every seat a
scripted client, half with one scripted client and bots (random ones); a
table that ends is replaced by a new one. Each scripted client listens on
its seat's WebSocket and, when its view says it is its turn, sends one of
its legal actions (over the socket, or with ``--via http`` as a POST whose
answer is its next view).

By default every decision is made at once, people's and bots' alike, so
every table always has a decision waiting: the server runs flat out, and
the figures are its greatest throughput, with latencies that are the queue
at that throughput (about tables / actions per second). ``--think S``
paces the games as players do: each scripted client waits ``S`` seconds
before each action and the tables' bots pause as long (the server's
``bot_delay``), so the server carries a steady load, about
``tables / (S + latency)`` actions a second, and the latencies are those a
player sees at that load. It prints the accepted actions per second
(people's and bots', counted in the database), the p50 and p99 latency
from a client's action to its next view (the update that shows it taken), the
server's memory (its own and its bot workers'), and the machine's load.
``--pin`` runs the server on CPU 0 and the clients on CPU 1. It stops by
itself after ``--seconds`` and only ever talks to 127.0.0.1.

Nothing is counted during the first ``--warmup`` seconds, while the tables
are created and their clients connect: at 1,000 tables on two cores that
takes half a minute or more, so give it ``--warmup 40``.

``--db postgres`` keeps the tables in a throwaway PostgreSQL cluster that it
starts in the temporary directory (Debian's server binaries,
``/usr/lib/postgresql/*/bin``; as root, run as the ``postgres`` user), and
``--pg-setting NAME=VALUE`` sets one of its settings, and
``--servers N`` starts N server processes on it that share one port
(``--reuse-port``: the kernel spreads the clients' connections over them, so
a table's seats are often on different processes). The memory printed is
then the servers' and PostgreSQL's together.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import glob
import json
import os
import pwd
import random
import socket
import sqlite3
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

import httpx
import websockets

PLAYERS = {"kalaha": 2, "loo": 3, "kalo": 3}
OPTIONS: dict[str, dict[str, Any]] = {"kalaha": {}, "loo": {"players": 3, "rounds": 2}, "kalo": {"players": 3}}


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
        return port


@contextlib.contextmanager
def postgres(folder: Path, settings: list[str]) -> Any:
    """A throwaway PostgreSQL cluster in ``folder`` on a free port; yields (database URL, its postmaster's pid)."""
    found = sorted(glob.glob("/usr/lib/postgresql/*/bin/pg_ctl"))
    if not found:
        sys.exit("--db postgres needs Debian's PostgreSQL server: apt-get install -y postgresql")
    bin_dir, port, user = Path(found[-1]).parent, free_port(), None
    if os.geteuid() == 0:
        user = "postgres"
        entry = pwd.getpwnam(user)
        os.chown(folder, entry.pw_uid, entry.pw_gid)
    data = folder / "pg"

    def run(*command: str) -> None:
        subprocess.run(command, check=True, capture_output=True, user=user)

    run(str(bin_dir / "initdb"), "-D", str(data), "-U", "postgres", "-A", "trust", "-E", "UTF8")
    options = f"-p {port} -k {folder} -h 127.0.0.1 -c max_connections=300"
    options += "".join(f" -c {setting}" for setting in settings)
    run(str(bin_dir / "pg_ctl"), "-D", str(data), "-o", options, "-l", str(folder / "pg.log"), "-w", "start")
    try:
        pid = int((data / "postmaster.pid").read_text().split()[0])
        yield f"postgresql://postgres@127.0.0.1:{port}/postgres", pid
    finally:
        run(str(bin_dir / "pg_ctl"), "-D", str(data), "-m", "fast", "-w", "stop")


def rss_kib(pid: int) -> int:
    """Resident memory of a process and its children, in KiB."""
    total = 0
    pids = [pid]
    with contextlib.suppress(OSError):
        children = Path(f"/proc/{pid}/task/{pid}/children").read_text().split()
        pids += [int(child) for child in children]
    for each in pids:
        with contextlib.suppress(OSError):
            for line in Path(f"/proc/{each}/status").read_text().splitlines():
                if line.startswith("VmRSS:"):
                    total += int(line.split()[1])
    return total


class Stats:
    """What the clients measured: each action's latency, and the actions refused."""

    def __init__(self) -> None:
        self.latencies: list[float] = []
        self.refused = 0
        self.reasons: dict[str, int] = {}
        self.measuring = False


async def post(
    stream: tuple[asyncio.StreamReader, asyncio.StreamWriter], path: str, token: str, body: bytes
) -> tuple[int, bytes]:
    """POST on a kept-alive connection, written in one go: a lean client, so the figures are the server's."""
    reader, writer = stream
    writer.write(
        f"POST {path} HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer {token}\r\n"
        f"Content-Type: application/json\r\nContent-Length: {len(body)}\r\n\r\n".encode()
        + body
    )
    head = await reader.readuntil(b"\r\n\r\n")
    status = int(head.split(b" ", 2)[1])
    length = next(
        int(line.split(b":")[1]) for line in head.split(b"\r\n") if line.lower().startswith(b"content-length")
    )
    return status, await reader.readexactly(length)


async def seat(port: int, table: str, token: str, stats: Stats, rng: random.Random, via: str, think: float) -> None:
    """One scripted client: act whenever its view says so (over the socket or HTTP), until the game ends."""
    async with websockets.connect(
        f"ws://127.0.0.1:{port}/api/tables/{table}/ws", max_size=2**22, compression=None
    ) as ws:
        stream = await asyncio.open_connection("127.0.0.1", port) if via == "http" else None
        try:
            await ws.send(json.dumps({"type": "auth", "token": token}))
            view: dict[str, Any] = {}
            decisions, began = 0, None
            while not view.get("is_over"):
                if began is None and view.get("legal_actions"):
                    message = {"action": rng.choice(view["legal_actions"]), "decisions": decisions}
                    if think:
                        await asyncio.sleep(think)
                    began = time.perf_counter()
                    if stream is None:
                        await ws.send(json.dumps({"type": "action", **message}))
                    else:
                        status, body = await post(
                            stream, f"/api/tables/{table}/actions", token, json.dumps(message).encode()
                        )
                        if stats.measuring:
                            stats.latencies.append(time.perf_counter() - began)
                        began = None
                        if status == 200:
                            answer = json.loads(body)
                            view, decisions = answer["view"], answer["decisions"]
                            continue
                        stats.refused += 1
                frame = json.loads(await ws.recv())
                kind = frame["type"]
                if kind == "error":
                    stats.refused += 1
                    reason = str(frame["error"]["type"])
                    stats.reasons[reason] = stats.reasons.get(reason, 0) + 1
                    began = None
                elif "view" in frame:
                    mine = frame.get("decisions", decisions)
                    if began is not None and mine > decisions:
                        if stats.measuring:
                            stats.latencies.append(time.perf_counter() - began)
                        began = None
                    view, decisions = frame["view"], mine
        finally:
            if stream is not None:
                stream[1].close()


async def keep_table(
    http: httpx.AsyncClient,
    port: int,
    number: int,
    games: list[str],
    stats: Stats,
    stop: float,
    via: str,
    think: float,
) -> int:
    """Keep one table in play until ``stop``: create it, seat its clients, replace it when it ends."""
    rng = random.Random(number)
    played = 0
    while time.perf_counter() < stop:
        game = games[(number + played) % len(games)]
        people = PLAYERS[game] if number % 2 == 0 else 1
        seats = ["human"] * people + ["random"] * (PLAYERS[game] - people)
        answer = await http.post(
            "/api/tables", json={"game": game, "options": OPTIONS[game], "seats": seats, "bot_delay": think}
        )
        created = answer.json()
        if answer.status_code != 201:  # refused (the database busy, say): counted, and tried again a second later
            stats.refused += 1
            reason = f"creating a table: {created['error']['type']}"
            stats.reasons[reason] = stats.reasons.get(reason, 0) + 1
            await asyncio.sleep(1.0)
            continue
        table = created["table"]["id"]
        clients = [seat(port, table, each["token"], stats, rng, via, think) for each in created["seats"]]
        remaining = stop - time.perf_counter()
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(asyncio.gather(*clients), timeout=max(remaining, 0.01))
        played += 1
    return played


async def run(
    port: int, tables: int, seconds: float, games: list[str], warmup: float, via: str, think: float
) -> tuple[Stats, float, float]:
    stats = Stats()
    # No limit on waiting for one of the client's connections: at 1,000 tables the creations queue for them a while.
    waits = httpx.Timeout(60.0, pool=None)
    async with httpx.AsyncClient(base_url=f"http://127.0.0.1:{port}", timeout=waits) as http:
        began = time.perf_counter()
        stop = began + warmup + seconds
        workers = [
            asyncio.create_task(keep_table(http, port, number, games, stats, stop, via, think))
            for number in range(tables)
        ]
        await asyncio.sleep(warmup)
        stats.measuring = True
        measured_from = time.time()
        await asyncio.gather(*workers)
        measured_to = time.time()
    return stats, measured_from, measured_to


def count(db: str, since: float, until: float) -> tuple[int, int]:
    """The actions accepted from ``since`` to ``until``, and the tables finished, as the database has them."""
    if db.startswith("postgresql://"):
        import psycopg

        with psycopg.connect(db) as reader:
            actions = reader.execute("SELECT count(*) FROM actions WHERE at >= %s AND at <= %s", (since, until))
            total = int(actions.fetchone()[0])  # type: ignore[index]
            over = reader.execute("SELECT count(*) FROM tables WHERE status = 'over'").fetchone()
            return total, int(over[0])  # type: ignore[index]
    with sqlite3.connect(db) as reader:
        total = reader.execute("SELECT count(*) FROM actions WHERE at >= ? AND at <= ?", (since, until)).fetchone()[0]
        over = reader.execute("SELECT count(*) FROM tables WHERE status = 'over'").fetchone()[0]
        return int(total), int(over)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--tables", type=int, default=100)
    parser.add_argument("--seconds", type=float, default=20.0)
    parser.add_argument("--warmup", type=float, default=3.0)
    parser.add_argument(
        "--think", type=float, default=0.0, help="seconds each client and bot waits before each action (0: none)"
    )
    parser.add_argument("--games", default="kalaha,loo,kalo")
    parser.add_argument("--bot-workers", type=int, default=1)
    parser.add_argument("--pin", action="store_true", help="server on CPU 0, clients on CPU 1")
    parser.add_argument("--via", choices=["ws", "http"], default="ws", help="act over the WebSocket (default) or HTTP")
    parser.add_argument("--db", choices=["sqlite", "postgres"], default="sqlite", help="where the tables are kept")
    parser.add_argument("--servers", type=int, default=1, help="server processes on one port (with --db postgres)")
    parser.add_argument(
        "--pg-setting",
        action="append",
        default=[],
        metavar="NAME=VALUE",
        help="a setting of the PostgreSQL server, e.g. synchronous_commit=off (repeatable)",
    )
    args = parser.parse_args()
    if args.servers > 1 and args.db != "postgres":
        parser.error("several --servers share a PostgreSQL database: add --db postgres")
    games = args.games.split(",")
    load_before = os.getloadavg()
    with tempfile.TemporaryDirectory() as folder, contextlib.ExitStack() as stack:
        database = None
        if args.db == "postgres":
            database = stack.enter_context(postgres(Path(folder), args.pg_setting))
            db = database[0]
        else:
            db = str(Path(folder) / "bench.sqlite3")
        port = free_port()
        command = [sys.executable, "-m", "tablegames", "serve", "--port", str(port), "--db", db]
        # Every client here is one address: lift the per-client rate limits, as a load balancer's address would.
        command += ["--limit", "creations_per_minute=1000000", "--limit", "actions_per_minute=1000000000"]
        command += ["--bot-delay", "0", "--bot-workers", str(args.bot_workers), "--log-level", "warning"]
        if args.servers > 1:
            command.append("--reuse-port")
        servers = [
            subprocess.Popen(
                command,
                stdout=subprocess.DEVNULL,
                preexec_fn=(lambda: os.sched_setaffinity(0, {0})) if args.pin else None,
            )
            for _ in range(args.servers)
        ]
        if args.pin:
            os.sched_setaffinity(0, {1})
        try:
            base = f"http://127.0.0.1:{port}"
            for _ in range(200):
                with contextlib.suppress(httpx.HTTPError):
                    if httpx.get(f"{base}/api").status_code == 200:
                        break
                time.sleep(0.05)
            time.sleep(1.0 if args.servers > 1 else 0.0)  # every process listening
            stats, since, until = asyncio.run(
                run(port, args.tables, args.seconds, games, args.warmup, args.via, args.think)
            )
            memory = sum(rss_kib(server.pid) for server in servers)
            if database is not None:
                memory += rss_kib(database[1])
        finally:
            for server in servers:
                server.terminate()
            for server in servers:
                server.wait(timeout=30)
        actions, finished = count(db, since, until)
    elapsed = until - since
    latencies = sorted(stats.latencies) or [float("nan")]  # none measured: the clients never got going
    p50 = statistics.median(latencies) * 1000
    p99 = latencies[int(len(latencies) * 0.99)] * 1000
    print(
        f"{args.tables} tables ({', '.join(games)}; half all scripted clients, half one client and random bots), "
        f"actions over {'the WebSocket' if args.via == 'ws' else 'HTTP'}, "
        f"{f'{args.think * 1000:.0f} ms to think before each action' if args.think else 'no pause to think'}, "
        f"{elapsed:.1f} s measured{', server pinned to CPU 0 and clients to CPU 1' if args.pin else ''}"
    )
    print(
        f"accepted actions: {actions} ({actions / elapsed:.0f}/s); games finished: {finished}; refused: {stats.refused}"
    )
    if stats.reasons:
        print("refused, by error:", ", ".join(f"{name} {n}" for name, n in sorted(stats.reasons.items())))
    print(f"client action -> next view: p50 {p50:.1f} ms, p99 {p99:.1f} ms over {len(latencies)} actions")
    where = "SQLite" if args.db == "sqlite" else f"PostgreSQL, {args.servers} server process(es) on one port"
    print(
        f"server memory (with bot workers{', and PostgreSQL' if args.db == 'postgres' else ''}): "
        f"{memory / 1024:.0f} MiB; database: {where}"
    )
    load_after = os.getloadavg()
    print(
        f"machine load (1-minute average): {load_before[0]:.2f} before, {load_after[0]:.2f} after, "
        f"{os.cpu_count()} CPUs"
    )


if __name__ == "__main__":
    main()
