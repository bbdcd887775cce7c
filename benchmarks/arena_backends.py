"""The arena's backends compared: one process, two worker processes, and Ray on two CPUs, on the same runs.

Run: ``python benchmarks/arena_backends.py [--repeat 3] [--scale 1]``. Starts a
local Ray instance of two CPUs (timed apart: a start-up, not a cost per game),
and the cost of one empty Ray task (200 in flight at once), then prints, per
game, games per second of heuristic against random with ``workers=1``,
``workers=2`` and ``backend="ray"`` (best of ``--repeat``), Ray's speed against
two worker processes, its overhead per game two ways (its time less two
workers', over the games; and its tasks times an empty task's cost, over the
games), and whether the three results are identical (they must be). Ratios
are measured in the same run; on a shared machine the absolute figures move
with the load, which is printed before and after.
"""

from __future__ import annotations

import argparse
import os
import time
from typing import Any

import tablegames
from tablegames.core.arena_ray import connect

#: Each game's run: its options and the number of games (times ``--scale``).
RUNS: dict[str, tuple[dict[str, Any], int]] = {"kalaha": ({}, 4000), "loo": ({"players": 4}, 400)}
#: The backends, as keyword arguments of `tablegames.simulate`.
BACKENDS: dict[str, dict[str, Any]] = {
    "1 worker": {"workers": 1},
    "2 workers": {"workers": 2},
    "ray (2 CPUs)": {"backend": "ray"},
}


def _nothing() -> None:
    """An empty task."""


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--scale", type=float, default=1.0)
    args = parser.parse_args()
    print(f"load average before: {os.getloadavg()[0]:.1f} on {os.cpu_count()} CPUs (others' work slows every figure)")
    began = time.perf_counter()
    ray = connect(workers=2)
    print(f"ray start-up: {time.perf_counter() - began:.1f} s (once per process)")
    empty = ray.remote(_nothing)
    ray.get([empty.remote() for _ in range(20)])  # start the workers
    began = time.perf_counter()
    ray.get([empty.remote() for _ in range(200)])
    task = (time.perf_counter() - began) / 200
    print(f"an empty ray task: {task * 1e3:.2f} ms (200 at once on 2 CPUs)")
    chunks: list[int] = []

    def progress(done: int, total: int) -> None:
        chunks.append(done)

    for name, (options, count) in RUNS.items():
        game = tablegames.load(name, **options)
        games = max(1, round(count * args.scale))
        times, results = {}, {}
        for label, backend in BACKENDS.items():
            best = float("inf")
            for _ in range(args.repeat):
                chunks.clear()
                began = time.perf_counter()
                result = tablegames.simulate(
                    game,
                    ["heuristic", "random"],
                    games=games,
                    seed=1,
                    progress=progress,
                    **backend,
                )
                best = min(best, time.perf_counter() - began)
            times[label], results[label] = best, result
        speeds = "  ".join(f"{label} {games / seconds:,.0f} games/s" for label, seconds in times.items())
        overhead = (times["ray (2 CPUs)"] - times["2 workers"]) / games
        tasks = len(chunks)  # the last backend is Ray's, which reports once per chunk
        same = all(result == results["1 worker"] for result in results.values())
        print(
            f"{name}: {games} games, {speeds}; ray / 2 workers {times['2 workers'] / times['ray (2 CPUs)']:.2f}x, "
            f"ray overhead {overhead * 1e3:+.3f} ms a game against 2 workers, {tasks} tasks x an empty task "
            f"= {tasks * task / games * 1e3:.3f} ms a game; identical results: {same}"
        )
    print(f"load average after: {os.getloadavg()[0]:.1f}")


if __name__ == "__main__":
    main()
