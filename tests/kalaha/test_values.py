"""Perfect-play values of every board up to 3 pits x 3 seeds, by two different exact searches that must agree.

Search A is a memoised minimax over the library's own states (which are
hashable values). Search B is a retrograde analysis over the independent model
in reference.py: it enumerates every reachable position, then resolves values
backwards from the finished ones, and fails if any position never resolves (a
cycle). The value is seat 0's final store minus seat 1's with both playing
perfectly.
"""

from __future__ import annotations

import sys
from collections import deque
from functools import cache

import pytest

from tablegames.kalaha import Kalaha, KalahaState
from tests.kalaha import reference

Position = tuple[tuple[tuple[int, ...], tuple[int, ...]], tuple[int, int], int | None]

BOARDS = [(pits, seeds) for pits in (1, 2, 3) for seeds in (1, 2, 3)]


def value_by_minimax(game: Kalaha) -> int:
    """Search A: memoised minimax through the public protocol."""

    @cache
    def value(state: KalahaState) -> int:
        if state.is_over:
            return state.stores[0] - state.stores[1]
        results = [value(state.apply(action)) for action in state.legal_actions()]
        return max(results) if state.current_player == 0 else min(results)

    limit = sys.getrecursionlimit()
    sys.setrecursionlimit(max(limit, 10_000))
    try:
        return value(game.start())
    finally:
        sys.setrecursionlimit(limit)


def value_by_retrograde(pits: int, seeds: int, empty_capture: bool) -> int:
    """Search B: enumerate reachable positions of the reference model, then resolve them backwards."""
    start: Position = (((seeds,) * pits, (seeds,) * pits), (0, 0), 0)
    successors: dict[Position, list[Position]] = {}
    frontier = deque([start])
    while frontier:
        position = frontier.popleft()
        if position in successors:
            continue
        rows, stores, mover = position
        children: list[Position] = []
        if mover is not None:
            for pit in range(pits):
                if rows[mover][pit]:
                    done = reference.move(rows, stores, mover, pit, empty_capture)
                    children.append((done.rows, done.stores, done.to_move))
        successors[position] = children
        frontier.extend(child for child in children if child not in successors)
    parents: dict[Position, list[Position]] = {position: [] for position in successors}
    waiting = {position: len(children) for position, children in successors.items()}
    for position, children in successors.items():
        for child in children:
            parents[child].append(position)
    values: dict[Position, int] = {}
    ready = deque(position for position, count in waiting.items() if count == 0)
    while ready:
        position = ready.popleft()
        rows, stores, mover = position
        if mover is None:
            values[position] = stores[0] - stores[1]
        else:
            results = [values[child] for child in successors[position]]
            values[position] = max(results) if mover == 0 else min(results)
        for parent in parents[position]:
            waiting[parent] -= 1
            if waiting[parent] == 0:
                ready.append(parent)
    assert len(values) == len(successors), "some positions never resolve: the game graph has a cycle"
    return values[start]


@pytest.mark.parametrize("empty_capture", [True, False])
@pytest.mark.parametrize(("pits", "seeds"), BOARDS)
def test_two_exact_searches_agree(pits: int, seeds: int, empty_capture: bool) -> None:
    """Both searches give the same perfect-play value on every small board (rules/kalaha.md#small-boards)."""
    game = Kalaha(pits=pits, seeds=seeds, empty_capture=empty_capture)
    assert value_by_minimax(game) == value_by_retrograde(pits, seeds, empty_capture)


def test_values_of_the_smallest_boards() -> None:
    """One pit each: seat 0 sows its seeds, and the values follow by hand (rules/kalaha.md#small-boards).

    1 seed: it lands in seat 0's store, seat 0's row is empty, seat 1 sweeps 1: a draw (0).
    2 seeds: store, then seat 1's pit (3 there): seat 0's row is empty, 1 - 3 = -2.
    """
    assert value_by_minimax(Kalaha(pits=1, seeds=1)) == 0
    assert value_by_minimax(Kalaha(pits=1, seeds=2)) == -2


#: Seat 0's final margin under perfect play; the same under both capture settings.
#: The rules page prints this table.
VALUES = {(1, 1): 0, (1, 2): -2, (1, 3): 6, (2, 1): 2, (2, 2): -2, (2, 3): -2, (3, 1): 0, (3, 2): 4, (3, 3): 2}


@pytest.mark.parametrize("empty_capture", [True, False])
def test_table_of_small_board_values(empty_capture: bool) -> None:
    """The table of perfect-play values printed on the rules page (rules/kalaha.md#small-boards)."""
    found = {(p, s): value_by_minimax(Kalaha(pits=p, seeds=s, empty_capture=empty_capture)) for p, s in BOARDS}
    assert found == VALUES
