"""The rules of Kalaha as plain functions, in the order of the rules page: sowing, moving again, capturing, the end.

The board is kept flat, in sowing order: seat 0's pits 0 .. p-1, seat 0's
store, seat 1's pits 0 .. p-1, seat 1's store (``p`` = pits). Sowing always
moves up this list, round to the start, skipping the opponent's store. The
opposite of the pit at flat index ``i`` is at ``2p - i``.

Examples:
    >>> board = [4] * 6 + [0] + [4] * 6 + [0]
    >>> sow(Sowing(6, empty_capture=True), board, 0, 2, None), board
    (0, [4, 4, 0, 5, 5, 5, 1, 4, 4, 4, 4, 4, 4, 0])
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Final, final

from tablegames.core.plain import Plain
from tablegames.kalaha import events as ev
from tablegames.kalaha.actions import SOWS, Sow

if TYPE_CHECKING:
    from tablegames.core.protocol import Event

__all__ = ["Places", "Sowing", "holds_seeds", "landings", "sow"]

#: Places of ``KalahaState.board``, in order.
Places = tuple[int, ...]


@final
class Sowing(Plain):
    """Where the seeds of each pit go on a board of ``pits`` pits a row, and whether an empty opposite pit captures.

    A game works it out once (`KalahaOptions.sowing`) and `sow` reads it at
    every move. Two are equal when their options are.

    Attributes:
        pits: Pits in each row.
        empty_capture: Whether a last seed in an empty pit of your own captures
            when the opposite pit is empty (ruling H4).
        routes: Each seat's route as board indices: its own pits, its store,
            the opponent's pits (their store skipped), written twice so that a
            slice from any pit never wraps.
        sowings: ``sowings[seat][pit][seeds]``, for fewer seeds than a route
            has places: the places that ``seeds`` seeds sown from the pit
            reach, and the place on the route where the last one falls
            (``pits`` is the store).
        rows: Each seat's pits as a slice of the board; its store is the place
            after them.
        pit_sows: Each seat's pits in order as their place on the board and the
            `Sow` of the pit.

    Examples:
        >>> sowing = Sowing(2, empty_capture=True)
        >>> sowing.routes[0][:5], sowing.routes[1][:5], sowing.sowings[0][1][3]
        ((0, 1, 2, 3, 4), (3, 4, 5, 0, 1), ((2, 3, 4), 4))
        >>> sowing.pit_sows[1]
        ((3, Sow(pit=0)), (4, Sow(pit=1)))
    """

    __match_args__ = ("pits", "empty_capture")
    __slots__ = (*__match_args__, "routes", "sowings", "rows", "pit_sows")

    pits: Final[int]
    empty_capture: Final[bool]
    routes: Final[tuple[Places, Places]]
    sowings: Final[tuple[tuple[tuple[tuple[Places, int], ...], ...], ...]]
    rows: Final[tuple[slice, slice]]
    pit_sows: Final[tuple[tuple[tuple[int, Sow], ...], ...]]

    def __init__(self, pits: int, empty_capture: bool) -> None:
        self.pits = p = pits
        self.empty_capture = empty_capture
        first, other = (0, p + 1), (p + 1, 0)
        routes = [
            (*range(first[seat], first[seat] + p + 1), *range(other[seat], other[seat] + p)) * 2 for seat in (0, 1)
        ]
        self.routes = routes[0], routes[1]
        span = 2 * p + 1  # the places of a route
        self.sowings = tuple(
            tuple(
                tuple((route[pit + 1 : pit + 1 + seeds], (pit + seeds) % span) for seeds in range(span))
                for pit in range(p)
            )
            for route in routes
        )
        self.rows = slice(0, p), slice(p + 1, 2 * p + 1)
        self.pit_sows = tuple(tuple((first[seat] + pit, SOWS[pit]) for pit in range(p)) for seat in (0, 1))


def sow(sowing: Sowing, board: list[int], mover: int, pit: int, events: list[Event] | None) -> int | None:
    """Sow ``mover``'s ``pit`` on ``board`` (changed in place) and return who moves next, None once the game ends.

    The pit must hold seeds. Its seeds go one by one into the pits and the
    store after it, skipping the opponent's store, whole laps first when
    there are enough (2.1–2.2, 3.1). A last seed in the mover's own store
    gives another move (2.3); one in the mover's own empty pit captures it
    and the opposite pit into the store (2.4), unless the opposite pit is
    empty and ``sowing`` is without ``empty_capture`` (3.3). The game ends
    when a row is empty, and each side's seeds are swept into its store
    (4.1, 4.2). ``events``, if given, gets what happened.
    """
    p = sowing.pits
    first = mover * (p + 1)  # the mover's pit 0 on the board
    sown = first + pit
    seeds = board[sown]
    board[sown] = 0
    sowings = sowing.sowings[mover][pit]  # by seeds, up to one fewer than the places of a route
    if seeds < len(sowings):
        reached, last = sowings[seeds]
        for spot in reached:
            board[spot] += 1
    else:
        added, last = landings(sowing, mover, pit, seeds)
        for spot, more in enumerate(added):
            board[spot] += more
    if events is not None:
        events.append(ev.Sowed(seat=mover, pit=pit, seeds=seeds))
    to_move: int | None = 1 - mover
    if last == p:
        to_move = mover
    elif last < p and board[first + last] == 1:
        spot = first + last
        opposite = 2 * p - spot
        if sowing.empty_capture or board[opposite]:
            taken = board[opposite] + 1
            board[first + p] += taken  # the mover's store
            board[spot] = board[opposite] = 0
            if events is not None:
                events.append(ev.Captured(seat=mover, pit=last, seeds=taken))
            if not holds_seeds(board, (1 - mover) * (p + 1), p):
                to_move = None  # the capture emptied the opponent's row
    # Sowing only adds to the opponent's row, so only a capture can empty it. The mover's row is empty
    # when every pit is; the pit after the sown one, which the sowing filled unless it captured, is seen first.
    if to_move is None or not ((pit + 1 < p and board[sown + 1]) or holds_seeds(board, first, p)):
        to_move = None
        for seat, row in enumerate(sowing.rows):  # each seat's store is the place after its row
            left = sum(board[row])
            if left:
                board[row.stop] += left
                board[row] = [0] * p
                if events is not None:
                    events.append(ev.Swept(seat=seat, seeds=left))
    return to_move


def landings(sowing: Sowing, mover: int, pit: int, seeds: int) -> tuple[list[int], int]:
    """Where ``seeds`` seeds sown from ``mover``'s ``pit`` fall (2.1–2.2, 3.1), counted per place of the board.

    Each place of the board after the pit gets one seed in turn, skipping the
    opponent's store, round and round while seeds are left: every place of
    the route gets a seed a lap, then the rest are sown.

    Returns:
        The seeds each place of the board gets (the sown pit itself only on a
        full lap), and the place on the mover's route where the last seed falls
        (``pits`` is the mover's store; below it, the mover's own pits).

    Examples:
        >>> landings(Sowing(2, empty_capture=False), 0, 1, 6)
        ([1, 1, 2, 1, 1, 0], 2)
    """
    sowings = sowing.sowings[mover][pit]  # by seeds, up to one fewer than the places of a route
    laps, rest = divmod(seeds, len(sowings))
    added = [0] * (2 * sowing.pits + 2)
    for spot in sowing.routes[mover][: len(sowings)]:
        added[spot] += laps
    reached, last = sowings[rest]
    for spot in reached:
        added[spot] += 1
    return added, last


def holds_seeds(board: list[int], first: int, pits: int) -> bool:
    """Return True if any of the ``pits`` places of ``board`` from ``first`` on holds seeds (a row that is not empty).

    Examples:
        >>> holds_seeds([0, 0, 3, 0], 0, 2), holds_seeds([0, 0, 3, 0], 1, 2)
        (False, True)
    """
    for place in range(first, first + pits):  # noqa: SIM110 - a generator would cost the interpreter twice this loop
        if board[place]:
            return True
    return False
