"""Loo speed through the public protocol: random full rounds, and the cost of single calls.

Run: ``python benchmarks/loo_bench.py [--seconds 5] [--players 5]``.
Every decision is a random legal one: play or drop (or the Miss, with
``--miss``), then the cards. A round is one deal from the antes to the loo.
Prints figures; asserts nothing.
"""

from __future__ import annotations

import argparse
import platform
import random
import time

import tablegames
from calls import single_calls
from tablegames.loo import LooState


def rounds(game: tablegames.Game[tablegames.State], seconds: float, seed: int) -> tuple[int, int, int, float]:
    """Play random rounds (from fresh deals) for about ``seconds``; return rounds, rounds with tricks, actions, time."""
    rng = random.Random(seed)
    count = played = actions = 0
    began = time.perf_counter()
    while time.perf_counter() - began < seconds:
        state = game.start(seed=rng.randrange(2**32))
        assert isinstance(state, LooState)
        while state.round_number == 1 and not state.is_over:
            legal = state.legal_actions()
            state = state.apply(legal[int(rng.random() * len(legal))])
            actions += 1
            played += state.phase == "play" and not state.tricks and not state.trick
        count += 1
    return count, played, actions, time.perf_counter() - began


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--seconds", type=float, default=5.0)
    parser.add_argument("--players", type=int, default=5)
    parser.add_argument("--miss", action="store_true")
    args = parser.parse_args()
    game = tablegames.load("loo", players=args.players, miss=args.miss)
    print(
        f"Loo, {args.players} players{', with the Miss' if args.miss else ''}, "
        f"tablegames {tablegames.__version__}, Python {platform.python_version()}"
    )
    runs = sorted(
        (actions / elapsed, done / elapsed, actions / done, played / done)
        for done, played, actions, elapsed in (rounds(game, args.seconds / 5, seed) for seed in range(5))
    )
    print("  over 5 rounds of timing:            median       best")
    print(f"  random full rounds/s             {runs[2][1]:10,.0f} {runs[-1][1]:10,.0f}")
    print(f"  actions/s (legal_actions+apply)  {runs[2][0]:10,.0f} {runs[-1][0]:10,.0f}")
    print(f"  actions per round                {runs[2][2]:10.1f}")
    print(f"  rounds that reach trick play     {runs[2][3]:10.0%}")
    single_calls(game)


if __name__ == "__main__":
    main()
