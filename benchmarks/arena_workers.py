"""How the arena scales from one worker process to two: the same run timed with each, and its results compared.

Run: ``python benchmarks/arena_workers.py [--repeat 3]``. Prints, per game, the
best time of ``--repeat`` runs of heuristic against random with 1 and with 2
workers, the speed-up, and whether the two results are identical (they must
be: game ``i`` depends only on the seed and ``i``).
"""

from __future__ import annotations

import argparse
import time

import tablegames

#: Each game's run: its options and the number of games.
RUNS = {"kalaha": ({}, 2000), "kalo": ({"players": 4}, 100), "loo": ({"players": 4}, 400)}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args()
    for name, (options, games) in RUNS.items():
        game = tablegames.load(name, **options)
        times, results = {}, {}
        for workers in (1, 2):
            best = float("inf")
            for _ in range(args.repeat):
                began = time.perf_counter()
                result = tablegames.simulate(game, ["heuristic", "random"], games=games, seed=1, workers=workers)
                best = min(best, time.perf_counter() - began)
            times[workers], results[workers] = best, result.to_dict()
        print(
            f"{name}: {games} games, 1 worker {times[1]:.2f} s, 2 workers {times[2]:.2f} s, "
            f"speed-up {times[1] / times[2]:.2f}x, identical results: {results[1] == results[2]}"
        )


if __name__ == "__main__":
    main()
