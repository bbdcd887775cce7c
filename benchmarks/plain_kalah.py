"""A plain, list-based Kalah (no API, no values) as a yardstick for the machine a benchmark runs on.

Run: ``python benchmarks/plain_kalah.py [--seconds 3]``. Compare its moves/s
with ``kalaha_bench.py`` on the same machine, in the same minute.
"""

from __future__ import annotations

import argparse
import random
import time

PITS, SEEDS = 6, 4


def playout(rng: random.Random) -> int:
    """Play one random game of Kalah 6x4 on a flat list; return the number of moves."""
    board = [SEEDS] * PITS + [0] + [SEEDS] * PITS + [0]
    mover, moves = 0, 0
    while True:
        first = 0 if mover == 0 else PITS + 1
        legal = [pit for pit in range(first, first + PITS) if board[pit]]
        if not legal:
            return moves
        spot = legal[int(rng.random() * len(legal))]
        seeds, board[spot] = board[spot], 0
        skip = 2 * PITS + 1 if mover == 0 else PITS
        while seeds:
            spot = (spot + 1) % (2 * PITS + 2)
            if spot != skip:
                board[spot] += 1
                seeds -= 1
        moves += 1
        store = first + PITS
        if first <= spot < store and board[spot] == 1:
            opposite = 2 * PITS - spot
            board[store] += board[opposite] + 1
            board[spot] = board[opposite] = 0
        if not any(board[:PITS]) or not any(board[PITS + 1 : 2 * PITS + 1]):
            return moves
        if spot != store:
            mover = 1 - mover


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--seconds", type=float, default=3.0)
    args = parser.parse_args()
    rng = random.Random(1)
    rates = []
    for _ in range(5):
        games = moves = 0
        began = time.perf_counter()
        while time.perf_counter() - began < args.seconds / 5:
            for _ in range(100):
                moves += playout(rng)
                games += 1
        rates.append(moves / (time.perf_counter() - began))
    rates.sort()
    print(f"plain Kalah 6x4 moves/s: median {rates[2]:,.0f}, best {rates[-1]:,.0f}")


if __name__ == "__main__":
    main()
