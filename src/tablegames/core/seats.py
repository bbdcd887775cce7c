"""Seats and turn order.

Seats are numbered ``0 .. n-1`` in turn order: the seat after seat ``i`` is
``(i + 1) % n``. These helpers spell that out for games and frontends.

Examples:
    >>> next_seat(3, 4)
    0
    >>> seats_from(2, 4)
    (2, 3, 0, 1)
"""

from __future__ import annotations

__all__ = ["next_seat", "seats_from"]


def next_seat(seat: int, players: int) -> int:
    """Return the seat that plays after ``seat`` (``0 <= seat < players``) at a table of ``players`` seats.

    Examples:
        >>> next_seat(0, 2)
        1
    """
    return (seat + 1) % players


def seats_from(first: int, players: int) -> tuple[int, ...]:
    """Return every seat of a table of ``players`` seats once, as a tuple in turn order, starting with ``first``.

    ``first`` is a seat of the table: ``0 <= first < players``.

    Examples:
        >>> seats_from(1, 3)
        (1, 2, 0)
    """
    return tuple([seat if seat < players else seat - players for seat in range(first, first + players)])
