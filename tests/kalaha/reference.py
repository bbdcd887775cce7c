"""An independent, deliberately plain model of the Kalaha rules, to check the library against.

It walks a cursor (side, pit) round the board instead of using a flat index,
and returns what happened so tests can check each rule on its own.
"""

from __future__ import annotations

from dataclasses import dataclass

Rows = tuple[tuple[int, ...], tuple[int, ...]]


@dataclass(frozen=True)
class Move:
    rows: Rows
    stores: tuple[int, int]
    to_move: int | None
    last: tuple[int, int] | None  # (side, pit) of the last seed, None if it fell in the mover's store
    captured: int  # seeds moved to the store by the capture rule (0: none)
    sown: Rows  # the rows after sowing and capturing, before any final sweep
    swept: tuple[int, int]  # seeds each seat put into its store at the end


def move(rows: Rows, stores: tuple[int, int], mover: int, pit: int, empty_capture: bool) -> Move:
    p = len(rows[0])
    board = [list(rows[0]), list(rows[1])]
    store = list(stores)
    hand = board[mover][pit]
    assert hand > 0
    board[mover][pit] = 0
    side, index = mover, pit
    last: tuple[int, int] | None = None
    while hand:
        index += 1
        if index < p:
            board[side][index] += 1
            hand -= 1
            last = (side, index)
        else:
            if side == mover:
                store[mover] += 1
                hand -= 1
                last = None
            side, index = 1 - side, -1
    captured = 0
    if last is not None and last[0] == mover and board[mover][last[1]] == 1:
        across = board[1 - mover][p - 1 - last[1]]
        if empty_capture or across:
            captured = across + 1
            store[mover] += captured
            board[mover][last[1]] = 0
            board[1 - mover][p - 1 - last[1]] = 0
    to_move: int | None = mover if last is None else 1 - mover
    sown = (tuple(board[0]), tuple(board[1]))
    swept = (0, 0)
    if not any(board[0]) or not any(board[1]):
        swept = (sum(board[0]), sum(board[1]))
        store = [store[0] + swept[0], store[1] + swept[1]]
        board = [[0] * p, [0] * p]
        to_move = None
    return Move((tuple(board[0]), tuple(board[1])), (store[0], store[1]), to_move, last, captured, sown, swept)
