"""The values a game's encoding gives: its actions by index and the layout of a round's deal.

They belong to the optional part of the protocol that learning frameworks
use (`tablegames.core.spaces`), which says what they mean; they live here
so that loading and playing a game, which need neither, do not build their
classes.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import attrs

from tablegames.core.errors import InvalidActionError

if TYPE_CHECKING:
    from tablegames.core.actions import Action

__all__ = ["ActionTable", "DealLayout"]


@attrs.frozen
class DealLayout:
    """How the cards of a round are dealt, for frameworks that deal them as explicit chance events.

    A deal hands out ``sum(places)`` of the ``cards`` at random: the first
    ``places[0]`` cards drawn go to the first place, the next ``places[1]``
    to the second, and so on; each draw is uniform over the cards not drawn
    yet, and the cards never drawn make up the rest (a stock, say). Each
    game's encoding module says which place is which.

    Attributes:
        number: Which deal of the game this is, from 1; it changes exactly when a new round is dealt.
        cards: The cards that may be dealt, in notation; a draw names a card by its index here.
        places: How many cards each place takes, in the order they are drawn.

    Examples:
        >>> import tablegames
        >>> game = tablegames.load("loo", players=3)
        >>> deal = game.deal_of(game.start(seed=1))
        >>> deal.number, len(deal.cards), deal.places
        (1, 52, (5, 5, 5, 1))
    """

    number: int
    cards: tuple[str, ...]
    places: tuple[int, ...]

    @property
    def draws(self) -> int:
        """How many cards the deal draws: ``sum(places)``."""
        return sum(self.places)


@attrs.frozen
class ActionTable:
    """A game's actions by index: ``table.action(i)`` and ``table.index(action)``.

    Attributes:
        game_name: The game's name, for error messages.
        actions: Every action, in index order.

    Examples:
        >>> import tablegames
        >>> table = ActionTable("kalaha", tablegames.load("kalaha", pits=2).start().legal_actions())
        >>> len(table), table.index(table.action(1)), str(table.action(1))
        (2, 1, 'b')
    """

    game_name: str
    actions: tuple[Action, ...]
    _indices: dict[Action, int] = attrs.field(init=False, eq=False, repr=False)

    def __attrs_post_init__(self) -> None:
        object.__setattr__(self, "_indices", {action: index for index, action in enumerate(self.actions)})

    def __len__(self) -> int:
        return len(self.actions)

    def index(self, action: object) -> int:
        """The index of ``action``.

        Raises:
            InvalidActionError: If the action has no index here.
        """
        try:
            return self._indices[action]  # type: ignore[index]
        except (KeyError, TypeError):
            raise InvalidActionError(f"{action!r} has no {self.game_name} action index") from None

    def action(self, index: object) -> Action:
        """The action with index ``index``.

        Raises:
            InvalidActionError: If ``index`` is not an integer from 0 to ``len(table) - 1``.
        """
        if type(index) is not int or not 0 <= index < len(self.actions):
            raise InvalidActionError(
                f"a {self.game_name} action index is an integer from 0 to {len(self.actions) - 1}, got {index!r}"
            )
        return self.actions[index]
