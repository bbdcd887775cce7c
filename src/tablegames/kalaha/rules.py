"""The rules of Kalaha as plain functions, in the order of the rules page: sowing, moving again, capturing, the end.

The board is kept flat, in sowing order: seat 0's pits 0 .. p-1, seat 0's
store, seat 1's pits 0 .. p-1, seat 1's store (``p`` = pits). Sowing always
moves up this list, round to the start, skipping the opponent's store. The
opposite of the pit at flat index ``i`` is at ``2p - i``.

Examples:
    >>> from tablegames.kalaha import Kalaha
    >>> game = Kalaha()
    >>> board = list(game.start().board)
    >>> sow(game, board, 0, 2, None), board
    (0, [4, 4, 0, 5, 5, 5, 1, 4, 4, 4, 4, 4, 4, 0])
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from tablegames.kalaha import events as ev

if TYPE_CHECKING:
    from tablegames.core.protocol import Event, State
    from tablegames.kalaha.options import KalahaOptions

__all__ = ["sow"]


def sow(game: KalahaOptions[State], board: list[int], mover: int, pit: int, events: list[Event] | None) -> int | None:
    """Sow ``mover``'s ``pit`` on ``board`` (changed in place) and return who moves next, None once the game ends.

    The pit must hold seeds. Its seeds go one by one into the pits and the
    store after it, skipping the opponent's store, whole laps first when
    there are enough (2.1–2.2, 3.1). A last seed in the mover's own store
    gives another move (2.3); one in the mover's own empty pit captures it
    and the opposite pit into the store (2.4), unless the opposite pit is
    empty and the game plays without ``empty_capture`` (3.3). The game ends
    when a row is empty, and each side's seeds are swept into its store
    (4.1, 4.2). ``events``, if given, gets what happened.
    """
    p = game.pits
    first = mover * (p + 1)  # the mover's pit 0 on the board
    sown = first + pit
    seeds = board[sown]
    board[sown] = 0
    sowings = game._sowings[mover][pit]  # by seeds, up to one fewer than the places of a route
    if seeds < len(sowings):
        reached, last = sowings[seeds]
    else:  # every place of the route gets a seed a lap, then the rest are sown
        laps, rest = divmod(seeds, len(sowings))
        for spot in game._routes[mover][: len(sowings)]:
            board[spot] += laps
        reached, last = sowings[rest]
    for spot in reached:
        board[spot] += 1
    if events is not None:
        events.append(ev.Sowed(seat=mover, pit=pit, seeds=seeds))
    to_move: int | None = 1 - mover
    if last == p:
        to_move = mover
    elif last < p and board[first + last] == 1:
        spot = first + last
        opposite = 2 * p - spot
        if game.empty_capture or board[opposite]:
            taken = board[opposite] + 1
            board[first + p] += taken  # the mover's store
            board[spot] = board[opposite] = 0
            if events is not None:
                events.append(ev.Captured(seat=mover, pit=last, seeds=taken))
            if not any(board[game._rows[1 - mover]]):
                to_move = None  # the capture emptied the opponent's row
    # Sowing only adds to the opponent's row, so only a capture can empty it. The mover's row is empty
    # when every pit is; the pit after the sown one, which the sowing filled unless it captured, is seen first.
    if to_move is None or not ((pit + 1 < p and board[sown + 1]) or any(board[game._rows[mover]])):
        to_move = None
        for seat, row in enumerate(game._rows):  # each seat's store is the place after its row
            left = sum(board[row])
            if left:
                board[row.stop] += left
                board[row] = [0] * p
                if events is not None:
                    events.append(ev.Swept(seat=seat, seeds=left))
    return to_move
