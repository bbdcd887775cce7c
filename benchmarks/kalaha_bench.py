"""Kalaha speed through the public protocol: random playouts and the cost of single calls.

Run: ``python benchmarks/kalaha_bench.py [--seconds 3] [--pits 6] [--seeds 4]``.
Prints figures; asserts nothing.
"""

from __future__ import annotations

import argparse
import platform
import random
import time
import timeit
from typing import TYPE_CHECKING

import tablegames

if TYPE_CHECKING:
    from collections.abc import Sequence

    from tablegames.core.protocol import State


def playouts(game: tablegames.Game[State], seconds: float) -> tuple[int, int, float]:
    """Play random games to the end through legal_actions() and apply() for about ``seconds``."""
    rng = random.Random(1)
    start = game.start()
    games = moves = 0
    began = time.perf_counter()
    deadline = began + seconds
    while time.perf_counter() < deadline:
        for _ in range(100):
            state = start
            while not state.is_over:
                actions = state.legal_actions()
                state = state.apply(actions[int(rng.random() * len(actions))])
                moves += 1
            games += 1
    return games, moves, time.perf_counter() - began


def sample_states(game: tablegames.Game[State], count: int) -> list[State]:
    """Collect states from random games, for timing single calls on realistic positions."""
    rng = random.Random(2)
    states: list[State] = []
    while len(states) < count:
        state = game.start()
        while not state.is_over and len(states) < count:
            states.append(state)
            state = state.apply(rng.choice(state.legal_actions()))
    return states


def per_call(label: str, call: object, states: Sequence[State], repeat: int = 5) -> None:
    """Print the best mean microseconds per call of ``call(state)`` over ``states``."""
    fn = call  # a callable taking one state

    def run() -> None:
        for state in states:
            fn(state)  # type: ignore[operator]

    best = min(timeit.repeat(run, number=1, repeat=repeat)) / len(states)
    print(f"  {label:<28} {best * 1e6:8.2f} µs")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--seconds", type=float, default=3.0)
    parser.add_argument("--pits", type=int, default=6)
    parser.add_argument("--seeds", type=int, default=4)
    args = parser.parse_args()
    game = tablegames.load("kalaha", pits=args.pits, seeds=args.seeds)
    print(f"Kalaha {args.pits}x{args.seeds}, tablegames {tablegames.__version__}, Python {platform.python_version()}")
    rounds = [playouts(game, args.seconds / 5) for _ in range(5)]
    rates = sorted((moves / elapsed, games / elapsed) for games, moves, elapsed in rounds)
    games = sum(each[0] for each in rounds)
    moves = sum(each[1] for each in rounds)
    print("  over 5 rounds:                  median       best")
    print(f"  random playouts/s            {rates[2][1]:10,.0f} {rates[-1][1]:10,.0f}")
    print(f"  moves/s (legal_actions+apply){rates[2][0]:10,.0f} {rates[-1][0]:10,.0f}")
    print(f"  moves per game               {moves / games:10.1f}")
    states = sample_states(game, 2_000)
    first = [state.legal_actions()[0] for state in states]
    pairs = list(zip(states, first, strict=True))
    per_call("legal_actions()", lambda state: state.legal_actions(), states)
    start = time.perf_counter()
    for _ in range(5):
        for state, action in pairs:
            state.apply(action)
    print(f"  {'apply()':<28} {(time.perf_counter() - start) / (5 * len(pairs)) * 1e6:8.2f} µs")
    start = time.perf_counter()
    for _ in range(5):
        for state, action in pairs:
            state.step(action)
    print(f"  {'step() (with events)':<28} {(time.perf_counter() - start) / (5 * len(pairs)) * 1e6:8.2f} µs")
    per_call("to_dict()", lambda state: state.to_dict(), states)
    dicts = [state.to_dict() for state in states]
    start = time.perf_counter()
    for data in dicts:
        game.from_dict(data)
    print(f"  {'from_dict()':<28} {(time.perf_counter() - start) / len(dicts) * 1e6:8.2f} µs")
    fresh = [game.from_dict(state.to_dict()) for state in states]
    per_call("hash() of a state", hash, fresh)
    per_call("view(0).to_dict()", lambda state: state.view(0).to_dict(), states)


if __name__ == "__main__":
    main()
