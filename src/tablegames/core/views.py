"""`View`: what one seat may know of a state, and `game_over`, which states and views share.

This module needs nothing of a game's states, so that the bots, which
choose from views, need nothing of them either.
"""

from __future__ import annotations

import abc
from typing import TYPE_CHECKING, ClassVar

import attrs

from tablegames.core.compiler import PythonType
from tablegames.core.serial import JSONDict, header

if TYPE_CHECKING:
    from tablegames.core.actions import Action
    from tablegames.core.events import Turn

__all__ = ["View", "game_over"]


@attrs.frozen
class View(metaclass=PythonType):
    """What one seat may know of a state (``seat`` None: a spectator).

    Every view has the fields below, declared here; a game's view is an
    ``@attrs.frozen`` subclass that adds its own fields after them and says
    in `json_fields` how they are written. A view never holds anything its
    seat may not know, so it is safe to send to that player's frontend.

    Attributes:
        seat: The seat seeing, or None for a spectator.
        current_player: The seat to act, None when the game is over.
        scores: One score per seat.
        winners: The winning seats, empty until the game is over.
        legal_actions: The actions ``seat`` may take now; empty when it is not its turn.

    Examples:
        >>> import attrs
        >>> @attrs.frozen
        ... class CountView(View):
        ...     game_name = "count"
        ...     count: int
        ...
        ...     def json_fields(self):
        ...         return {"count": self.count}
        >>> view = CountView(0, 0, (0, 0), frozenset(), (), count=3)
        >>> view.to_dict()["count"], view.is_over
        (3, False)
    """

    #: The registered name of the game this view belongs to.
    game_name: ClassVar[str]

    seat: int | None
    current_player: int | None
    scores: tuple[int, ...]
    winners: frozenset[int]
    legal_actions: tuple[Action, ...]

    @property
    def is_over(self) -> bool:
        """True when the game is over (see `game_over`)."""
        return game_over(self)

    def to_dict(self) -> JSONDict:
        """Return the view as a JSON-ready dict; legal actions appear in notation."""
        return {
            **header("view"),
            "game": self.game_name,
            "seat": self.seat,
            "current_player": self.current_player,
            "is_over": self.is_over,
            "scores": list(self.scores),
            "winners": sorted(self.winners),
            "legal_actions": [str(action) for action in self.legal_actions],
            **self.json_fields(),
        }

    @abc.abstractmethod
    def json_fields(self) -> JSONDict:
        """Hook: the game's own fields of `to_dict`, after the common ones, as JSON-ready values."""

    def observation(self) -> tuple[float, ...]:
        """Return the view as ``observation_size`` numbers, built from the view alone (see `tablegames.core.spaces`).

        Raises:
            NotImplementedError: If the game defines no observations.
        """
        raise NotImplementedError(f"{type(self).__name__} does not define observations")


def game_over(state: Turn) -> bool:
    """True when the game of ``state`` (or of a view) is over: nobody has a decision to make.

    `State.is_over` and `View.is_over` say it; an attrs state keeping
    ``is_over`` as a field can make it with this as its factory.

    Examples:
        >>> import tablegames
        >>> game_over(tablegames.load("kalaha").start())
        False
    """
    return state.current_player is None
