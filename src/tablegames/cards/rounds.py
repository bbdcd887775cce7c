"""Rounds of the card games: where a search that plays a round out stops.

Kalo and Loo are played in rounds, each dealt afresh, and their search bots
play each sampled deal out to the end of the round in progress, not of the
game: what a round scores is what a decision in it can change. `round_over`
is that horizon, for the state of any game with a round number.

Examples:
    >>> import tablegames
    >>> start = tablegames.load("loo", players=3, rounds=2).start(seed=1)
    >>> end = start.apply(start.parse_action("drop")).apply(start.parse_action("drop"))
    >>> round_over(start, start), end.round_number, round_over(start, end)
    (False, 2, True)
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Protocol, cast

if TYPE_CHECKING:
    from tablegames.core.protocol import State

__all__ = ["InRounds", "round_over"]


class InRounds(Protocol):
    """A state of a game played in rounds: its round, counted from 1, and whether the game is over."""

    @property
    def round_number(self) -> int:
        """The round in progress, from 1."""

    @property
    def is_over(self) -> bool:
        """True once the game is over."""


def round_over(start: State, state: State) -> bool:
    """True if the round in progress at ``start`` is over at ``state``: a new round began, or the game ended.

    Both are states of one game played in rounds (`InRounds`), as Kalo's and
    Loo's are; it takes them as any `State`, as a search's ``horizon`` does.

    Examples:
        >>> import tablegames
        >>> start = tablegames.load("kalo", players=3).start(seed=2)
        >>> round_over(start, start.apply(start.legal_actions()[-1]))
        False
    """
    return state.is_over or cast("InRounds", state).round_number != cast("InRounds", start).round_number
