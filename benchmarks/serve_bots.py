"""Does the server stay responsive while search bots think? Request latency with bots in processes and in a thread.

Run: ``python benchmarks/serve_bots.py [--seconds 10] [--tables 2]``. For each way of running bots (the
worker processes ``tablegames serve`` uses, and a worker thread), it starts the server on a free localhost
port with ``--tables`` Kalo tables of three search bots each (no pause between moves, so the bots think all
the time), and meanwhile sends one request after another (``GET`` of a table's snapshot) for ``--seconds``;
it prints the p50 and p99 latency of those requests, the same with no bots at all, and how many bot moves
were made. It only talks to 127.0.0.1 and stops by itself.
"""

from __future__ import annotations

import argparse
import multiprocessing
import os
import socket
import statistics
import time

import httpx


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
        return port


def serve(port: int, runner: str) -> None:
    import uvicorn

    from tablegames.server.app import create_app
    from tablegames.server.botrunner import ProcessBotRunner, ThreadBotRunner
    from tablegames.server.limits import Limits

    bots = ProcessBotRunner(2) if runner == "processes" else ThreadBotRunner(1)
    limits = Limits(creations_per_minute=10**6)  # one client creates every table
    app = create_app(":memory:", runner=bots, bot_delay=0.0, web=None, limits=limits)
    uvicorn.run(app, host="127.0.0.1", port=port, log_level="warning")


def measure(runner: str, tables: int, seconds: float) -> tuple[float, float, int]:
    port = free_port()
    server = multiprocessing.get_context("spawn").Process(target=serve, args=(port, runner))
    server.start()
    base = f"http://127.0.0.1:{port}"
    try:
        with httpx.Client(base_url=base, timeout=60) as http:
            for _ in range(200):
                try:
                    if http.get("/api").status_code == 200:
                        break
                except httpx.HTTPError:
                    time.sleep(0.05)
            watched = http.post("/api/tables", json={"game": "kalaha", "seats": ["human", "human"]}).json()
            ids = [
                http.post(
                    "/api/tables", json={"game": "kalo", "options": {"players": 3}, "seats": ["search"] * 3}
                ).json()["table"]["id"]
                for _ in range(tables)
            ]
            latencies = []
            stop = time.perf_counter() + seconds
            while time.perf_counter() < stop:
                began = time.perf_counter()
                http.get(f"/api/tables/{watched['table']['id']}")
                latencies.append(time.perf_counter() - began)
            moves = sum(http.get(f"/api/tables/{table}").json()["next"] for table in ids)
    finally:
        server.terminate()
        server.join(timeout=10)
    latencies.sort()
    return statistics.median(latencies) * 1000, latencies[int(len(latencies) * 0.99)] * 1000, moves


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--seconds", type=float, default=10.0)
    parser.add_argument("--tables", type=int, default=2)
    args = parser.parse_args()
    load = os.getloadavg()[0]
    idle = measure("processes", 0, args.seconds / 2)
    print(f"no bots: p50 {idle[0]:.1f} ms, p99 {idle[1]:.1f} ms", flush=True)
    for runner in ("processes", "thread"):
        p50, p99, moves = measure(runner, args.tables, args.seconds)
        print(
            f"{args.tables} Kalo tables of search bots, bots in {runner}: requests p50 {p50:.1f} ms, "
            f"p99 {p99:.1f} ms; spectator events seen on the bots' tables: {moves}",
            flush=True,
        )
    print(f"machine load (1-minute average) at the start: {load:.2f}, {os.cpu_count()} CPUs")


if __name__ == "__main__":
    main()
