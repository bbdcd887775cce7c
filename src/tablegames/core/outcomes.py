"""How a game ends: the winners of a set of scores, the `Outcome` and the words for it.

Examples:
    >>> scores = (20, 9, 20)
    >>> result_text(scores, winners_of(scores))
    '20–9–20; seats 0 and 2 share the win'
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import attrs

from tablegames.core.serial import JSONDict, header

if TYPE_CHECKING:
    from collections.abc import Iterable, Sequence

__all__ = ["Outcome", "result_text", "to_int_tuple", "to_seat_set", "winners_of"]


def winners_of(scores: Sequence[int]) -> frozenset[int]:
    """Return the seats holding the highest score; equal leaders share the win.

    Examples:
        >>> sorted(winners_of((3, 7, 7)))
        [1, 2]
    """
    best = max(scores)
    return frozenset(seat for seat, score in enumerate(scores) if score == best)


def to_int_tuple(values: Iterable[int]) -> tuple[int, ...]:
    """Converter: any iterable of ints as a tuple, so equal values compare and hash equal."""
    return tuple(values)


def to_seat_set(seats: Iterable[int]) -> frozenset[int]:
    """Converter: any iterable of seats as a frozenset."""
    return frozenset(seats)


@attrs.frozen
class Outcome:
    """How a finished game ended.

    Attributes:
        scores: One score per seat.
        winners: The seats that won; several seats share a win.

    Examples:
        >>> Outcome(scores=(24, 24), winners=frozenset({0, 1})).is_draw
        True
    """

    scores: tuple[int, ...] = attrs.field(converter=to_int_tuple)
    winners: frozenset[int] = attrs.field(converter=to_seat_set)

    @property
    def is_draw(self) -> bool:
        """True when every seat shares the win."""
        return len(self.winners) == len(self.scores)

    def to_dict(self) -> JSONDict:
        """Return the outcome as a JSON-ready dict."""
        return {
            **header("outcome"),
            "scores": list(self.scores),
            "winners": sorted(self.winners),
            "is_draw": self.is_draw,
        }


def result_text(scores: Sequence[int], winners: frozenset[int]) -> str:
    """Say how a game ended: ``21–27; seat 1 wins``, ``24–24, a draw``, ``20–9–20; seats 0 and 2 share the win``.

    Scores below zero (chip balances) are listed with commas: ``-2, 3, 0; seat 1 wins``. A game of
    your own may end with no winner (a game the players play together, and lose together).

    Examples:
        >>> result_text((24, 24), frozenset({0, 1}))
        '24–24, a draw'
        >>> result_text((-2, 3, 0), frozenset({1}))
        '-2, 3, 0; seat 1 wins'
        >>> result_text((0, 0), frozenset())
        '0–0; no one wins'
    """
    score = ("–" if min(scores) >= 0 else ", ").join(str(each) for each in scores)
    if not winners:
        return f"{score}; no one wins"
    if len(winners) == len(scores):
        return f"{score}, a draw"
    if len(winners) == 1:
        return f"{score}; seat {min(winners)} wins"
    seats = sorted(winners)
    return f"{score}; seats {', '.join(map(str, seats[:-1]))} and {seats[-1]} share the win"
