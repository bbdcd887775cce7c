"""Rounds of the card games: a game's start, which deals round 1, and where a search that plays a round out stops.

Kalo and Loo are played in rounds, each dealt afresh from the game's seed.
`DealtGame` starts them alike: it draws a seed if none is given and deals
the first round, with its events if asked. Their search bots play each sampled
deal out to the end of the round in progress, not of the game: what a
round scores is what a decision in it can change. `round_over` is that
horizon, for the state of any game with a round number.

Examples:
    >>> import tablegames
    >>> start = tablegames.load("loo", players=3, rounds=2).start(seed=1)
    >>> end = start.apply(start.parse_action("drop")).apply(start.parse_action("drop"))
    >>> round_over(start, start), end.round_number, round_over(start, end)
    (False, 2, True)
"""

from __future__ import annotations

import abc
from typing import TYPE_CHECKING, Protocol, TypeVar, cast

from tablegames.core.events import Transition
from tablegames.core.game import Game
from tablegames.core.options import check_seed, new_seed
from tablegames.core.state import State

if TYPE_CHECKING:
    from tablegames.core.events import Event

__all__ = ["DealtGame", "InRounds", "round_over"]

#: The game's state class.
S = TypeVar("S", bound=State, covariant=True)


class DealtGame(Game[S]):
    """A game of rounds dealt from its seed: its start draws a seed if it has none, and deals round 1.

    A game fills in `first_round`; `start` and `start_with_events` are this
    class's, so that every dealt game starts the same way.

    Examples:
        >>> import tablegames
        >>> game = tablegames.load("loo", players=3)
        >>> isinstance(game, DealtGame), game.start(seed=4) == game.start_with_events(seed=4).state
        (True, True)
    """

    __slots__ = ()

    def start(self, seed: int | None = None) -> S:
        """Deal round 1 from ``seed``; without one, draw one (it is kept in the state).

        Raises:
            ConfigError: If ``seed`` is neither None nor an integer from 0 to 2**64 - 1.
        """
        checked = check_seed(seed)
        return self.first_round(new_seed() if checked is None else checked, None)

    def start_with_events(self, seed: int | None = None) -> Transition[S]:
        """Like `start`, with the first round's events, as the game states them (Loo: each hand and the trump card).

        Raises:
            ConfigError: If ``seed`` is neither None nor an integer from 0 to 2**64 - 1.
        """
        checked = check_seed(seed)
        events: list[Event] = []
        state = self.first_round(new_seed() if checked is None else checked, events)
        return Transition(state=state, events=tuple(events))

    @abc.abstractmethod
    def first_round(self, seed: int, events: list[Event] | None) -> S:
        """Hook: the state at the start of round 1 of a game seeded with ``seed``; its events go to ``events``."""


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
