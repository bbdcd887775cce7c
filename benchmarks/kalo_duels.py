"""Kalo round duels: one seat played by a bot, the others by the heuristic, over the same deals.

Run: ``python benchmarks/kalo_duels.py [--deals 1-64] [--iterations 12] [--margin 1.0]``.

For each deal (the first round of a game from that seed) it plays the round
twice: once with the heuristic at seat 0 and once with the search there, the
heuristic at every other seat both times. It prints each bot's mean round
gain at seat 0 (its points less the others' mean, as the search scores a
playout, times the number of players) and the mean of the paired differences
with a 95% interval. The same deals for both bots make the comparison
sharper than unpaired rounds: the luck of the deal is the same on both sides.
"""

from __future__ import annotations

import argparse
import math
import random
import statistics
import time

import tablegames
from tablegames.cards import round_over
from tablegames.kalo.bots import round_gain

SEAT = 0


def duel(game: tablegames.Game[tablegames.State], bot: tablegames.Bot, seed: int) -> float:
    """Seat 0's gain in the first round from ``seed``, played by ``bot``, the heuristic elsewhere."""
    heuristic = game.bot("heuristic")
    state = game.start(seed=seed)
    rng = random.Random(seed)
    start = None
    while start is None or not round_over(start, state):
        seat = state.current_player
        assert seat is not None
        view = state.view(seat)
        if start is None and getattr(view, "phase", "") != "arrange":
            start = state
        chooser = bot if seat == SEAT else heuristic
        state = state.apply(chooser.choose(view, rng) if len(view.legal_actions) > 1 else view.legal_actions[0])
    return round_gain(start, state, SEAT) * len(state.scores)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--deals", default="1-64", help="seeds of the deals, FIRST-LAST (default 1-64)")
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--iterations", type=int, default=12)
    parser.add_argument("--margin", type=float, default=1.0)
    args = parser.parse_args()
    first, last = (int(part) for part in args.deals.split("-"))
    game = tablegames.load("kalo", players=args.players)
    search = game.bot("search", iterations=args.iterations, margin=args.margin)
    seeds = range(first, last + 1)
    began = time.perf_counter()
    plain = [duel(game, game.bot("heuristic"), seed) for seed in seeds]
    searched = [duel(game, search, seed) for seed in seeds]
    elapsed = time.perf_counter() - began
    differences = [b - a for a, b in zip(plain, searched, strict=True)]
    error = 1.96 * statistics.stdev(differences) / math.sqrt(len(differences))
    print(f"kalo, {args.players} players, deals {first}-{last}", end=", ")
    print(f"search with {args.iterations} iterations and margin {args.margin}")
    print(f"  heuristic at seat 0: mean round gain {statistics.mean(plain):+.3f}")
    print(f"  search at seat 0:    mean round gain {statistics.mean(searched):+.3f}")
    print(f"  paired difference:   {statistics.mean(differences):+.3f} ± {error:.3f} (95%)")
    print(f"  {elapsed:.0f} s, {elapsed / len(seeds):.1f} s per deal")


if __name__ == "__main__":
    main()
