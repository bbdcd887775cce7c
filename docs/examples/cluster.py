"""Bots on a Ray cluster: a long arena run, then a tournament drawn to a picture.

Run ``python docs/examples/cluster.py --address HEAD:6379`` on a machine that
can reach the cluster's head (without ``--address`` it starts a local Ray).
"""

from __future__ import annotations

import argparse
from pathlib import Path

import tablegames


def main(argv: list[str] | None = None) -> None:
    """Run heuristic against random, then a tournament of three bots, on Ray; print both and draw the second."""
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--address", default=None, help="the cluster's HOST:PORT (default: a local Ray)")
    parser.add_argument("--games", type=int, default=100, help="games a pairing (the arena run plays 10x)")
    parser.add_argument("--plot", type=Path, default=Path("tournament.svg"))
    args = parser.parse_args(argv)
    game = tablegames.load("kalaha")

    # The same results as in one process, whatever the cluster: game i depends only on the seed and i.
    result = tablegames.simulate(
        game, ["heuristic", "random"], games=10 * args.games, seed=5, backend="ray", address=args.address
    )
    print(result)

    # Every pairing plays at once, shipped to the cluster's CPUs in chunks.
    bots = ["random", "heuristic", "search"]
    settings = {"search": {"depth": 4}}
    ratings = tablegames.tournament(game, bots, args.games, 1, settings=settings, backend="ray", address=args.address)
    print(ratings)
    ratings.plot(args.plot)
    print(f"plot: {args.plot}")


if __name__ == "__main__":
    main()
