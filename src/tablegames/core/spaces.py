"""Fixed action indices, legal masks, observations and deals: the part of the protocol learning frameworks use.

Reinforcement-learning libraries want a game as numbers: a fixed set of
actions numbered ``0 .. num_actions-1``, a mask of the legal ones, and a flat
vector of numbers for what a seat sees. A game that offers them implements:

- ``game.num_actions``: how many action indices the game has (fixed by its options);
- ``game.action_index(action)`` and ``game.action_from_index(i)``: an action's index and back;
- ``state.legal_mask()``: one bool per index, True exactly for ``legal_actions()``;
- ``game.observation_size`` and ``game.observation_range``: the length of every
  observation, and the closed range its entries lie in;
- ``view.observation()``: the view as a tuple of numbers, built from the view alone;
- ``game.encoding_version``: the version of the game's layout of indices and observations;
- ``game.max_decisions``: a bound on the decisions of one game (for frameworks that size buffers by it);
- ``game.deal_of(state)`` and ``game.redeal(state, cards)``: the deal of a round, for
  frameworks that deal cards as explicit chance events.

Each game documents its layout in its ``encoding`` module and on the "Train
agents" page. A layout is stable: index ``i`` and observation entry ``j``
mean the same thing in every tablegames release with the same
``encoding_version``; a release that changes a game's layout raises that
game's version and says so in the changelog.

A game that does not define an action space (they are optional, like
``sample_state``) raises `NotImplementedError` from these members, and the
conformance kit skips their checks (its report says so). The adapters in
``tablegames.adapters`` need them.

Examples:
    >>> import tablegames
    >>> game = tablegames.load("kalaha", pits=3)
    >>> state = game.start()
    >>> game.num_actions, state.legal_mask(), game.action_from_index(2)
    (3, (True, True, True), Sow(pit=2))
    >>> state.view(0).observation()
    (4, 4, 4, 0, 4, 4, 4, 0, 1, 0)
"""

from __future__ import annotations

from typing import TYPE_CHECKING, ClassVar

import attrs

if TYPE_CHECKING:
    from tablegames.core.protocol import Action, Game, State

__all__ = ["DealLayout", "GameSpaces", "StateSpaces", "ViewSpaces"]


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


def _missing(game: object, what: str) -> NotImplementedError:
    return NotImplementedError(f"{getattr(game, 'name', type(game).__name__)} does not define {what}")


class GameSpaces:
    """The `Game` members of the action space and observations; each raises `NotImplementedError` unless defined."""

    __slots__ = ()

    name: ClassVar[str]

    @property
    def num_actions(self) -> int:
        """How many action indices the game has: every action has one index in ``0 .. num_actions-1``."""
        raise _missing(self, "an action space")

    def action_index(self, action: Action) -> int:
        """Return the index of ``action``.

        Raises:
            InvalidActionError: If the action has no index in this game.
            NotImplementedError: If the game defines no action space.
        """
        raise _missing(self, "an action space")

    def action_from_index(self, index: int) -> Action:
        """Return the action with index ``index``.

        Raises:
            InvalidActionError: If ``index`` is not an integer from 0 to ``num_actions - 1``.
            NotImplementedError: If the game defines no action space.
        """
        raise _missing(self, "an action space")

    @property
    def observation_size(self) -> int:
        """The length of every ``view.observation()`` of this game."""
        raise _missing(self, "observations")

    @property
    def observation_range(self) -> tuple[float, float]:
        """The closed range ``(low, high)`` that every entry of every observation lies in."""
        raise _missing(self, "observations")

    @property
    def encoding_version(self) -> int:
        """The version of the game's layout of action indices and observations (see the module docs)."""
        raise _missing(self, "an action space")

    @property
    def max_decisions(self) -> int:
        """An upper bound on the number of decisions in one game with these options."""
        raise _missing(self, "a bound on its length")

    def deal_of(self, state: State) -> DealLayout | None:
        """Return how ``state``'s round is dealt, or None for a game without chance.

        Raises:
            NotImplementedError: If the game does not describe its deals.
        """
        raise _missing(self, "its deals")

    def redeal(self, state: State, cards: tuple[int, ...]) -> State:
        """Return ``state`` with its round dealt as ``cards``, indices into ``deal_of(state).cards`` in draw order.

        Only a state at the start of a round, before its first decision, can be dealt again.

        Raises:
            InvalidStateError: If the state is not at the start of a round, or the cards do not fit the deal.
            NotImplementedError: If the game does not describe its deals.
        """
        raise _missing(self, "its deals")


class StateSpaces:
    """The `State` member of the action space: the legal mask."""

    __slots__ = ()

    game: Game

    def legal_actions(self) -> tuple[Action, ...]:  # pragma: no cover - State defines it
        """Return the legal actions (defined by `State`)."""
        raise NotImplementedError

    def legal_mask(self) -> tuple[bool, ...]:
        """One bool per action index, True exactly for the actions in `legal_actions`.

        Games may override this with a faster one that gives the same answer.

        Raises:
            NotImplementedError: If the game defines no action space.
        """
        game = self.game
        mask = [False] * game.num_actions
        for action in self.legal_actions():
            mask[game.action_index(action)] = True
        return tuple(mask)


class ViewSpaces:
    """The `View` member of observations."""

    __slots__ = ()

    def observation(self) -> tuple[float, ...]:
        """Return the view as ``observation_size`` numbers, built from the view alone (see the game's encoding).

        Raises:
            NotImplementedError: If the game defines no observations.
        """
        raise NotImplementedError(f"{type(self).__name__} does not define observations")
