"""The bots' strength tables: each game's heuristic against random, and its search against heuristic.

Run: ``python benchmarks/arena_tables.py [--games N] [--workers K] [--only kalaha|kalo|loo]
[--pairing heuristic,random|search,heuristic]``.
Prints one arena table per pairing (win rates and mean scores with 95%
intervals, seat advantage) and how long it took. The search bots are slow:
a full run takes a long time; ``--games`` scales it.
"""

from __future__ import annotations

import argparse
import time
from typing import Any

import tablegames

#: Each game's arena: its options, the search bot's settings, and games per pairing at --games 100.
PAIRINGS: dict[str, tuple[dict[str, Any], dict[str, Any], float]] = {
    "kalaha": ({}, {"depth": 8}, 4.0),
    "kalo": ({"players": 4}, {}, 0.8),
    "loo": ({"players": 4, "rounds": 24}, {}, 1.0),
}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=100, help="games per pairing, scaled per game (default 100)")
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--seed", type=int, default=21)
    parser.add_argument("--only", choices=sorted(PAIRINGS), default=None)
    parser.add_argument("--pairing", choices=["heuristic,random", "search,heuristic"], default=None)
    args = parser.parse_args()
    for name, (options, search, scale) in PAIRINGS.items():
        if args.only not in (None, name):
            continue
        game = tablegames.load(name, **options)
        games = max(2, round(args.games * scale))
        for bots in (["heuristic", "random"], ["search", "heuristic"]):
            if args.pairing not in (None, ",".join(bots)):
                continue
            began = time.perf_counter()
            result = tablegames.simulate(
                game, bots, games=games, seed=args.seed, workers=args.workers, settings={"search": search}
            )
            elapsed = time.perf_counter() - began
            print(result)
            used = f"search settings {search} · " if "search" in bots else ""
            print(f"  {used}{elapsed:.0f} s with {args.workers} workers\n", flush=True)


if __name__ == "__main__":
    main()
