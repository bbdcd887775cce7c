"""Fixed action indices, legal masks, observations and deals: the part of the protocol learning frameworks use.

Reinforcement-learning libraries want a game as numbers: a fixed set of
actions numbered ``0 .. num_actions-1``, a mask of the legal ones
(``state.legal_mask()``, which `State` defines), and a flat vector of
numbers for what a seat sees (``view.observation()``, built from the view
alone). The members of `GameSpaces` give the rest: action indices, the
observations' size and range, the version of the layout, bounds on the
decisions of one game and of one round (for frameworks that size buffers
by them), and the deal of a round (for frameworks that deal cards as
explicit chance events).

Each game documents its layout in its ``encoding`` module and on the "Train
agents" page. A layout is stable: index ``i`` and observation entry ``j``
mean the same thing in every tablegames release with the same
``encoding_version``; a release that changes a game's layout raises that
game's version and says so in the changelog.

A game offers them by naming its encoding module (an `Encoding`) as the
class attribute ``encoding`` of its `Game`, and by giving its `View` an
``observation`` method; the view needs nothing of the game to describe
itself as numbers. A game that does not (they are optional, like
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

from typing import TYPE_CHECKING, Any, ClassVar, Protocol, TypeVar

if TYPE_CHECKING:
    from collections.abc import Sequence

    from tablegames.core.actions import Action
    from tablegames.core.layouts import ActionTable, DealLayout

__all__ = ["Encoding", "GameSpaces"]

#: A game's state, dealt again by `GameSpaces.redeal` into a state of the same class.
Dealt = TypeVar("Dealt")


class Encoding(Protocol):
    """What a game's encoding module provides: the module ``tablegames.kalo.encoding`` is one.

    A game names its module as the class attribute ``encoding`` of its `Game`
    and its `View`; the members of `GameSpaces` then come from it.
    """

    #: The version of the layout.
    VERSION: int

    def actions(self, game: Any) -> ActionTable:
        """The game's actions by index."""

    def observation_size(self, game: Any) -> int:
        """The length of every observation."""

    def observation_range(self, game: Any) -> tuple[float, float]:
        """The closed range of every observation entry."""

    def max_decisions(self, game: Any) -> int:
        """A bound on the decisions of one game."""

    def max_round_decisions(self, game: Any) -> int | None:
        """A bound on the decisions of one round, from its deal to the next; None in a game without rounds."""

    def deal_of(self, game: Any, state: Any) -> DealLayout | None:
        """How the state's round is dealt, None without chance."""

    def redeal(self, game: Any, state: Any, cards: Sequence[int]) -> Any:
        """The state with its round dealt as ``cards``."""


class GameSpaces:
    """The `Game` members of the action space, observations and deals, from the game's `Encoding`.

    A game without an ``encoding`` raises `NotImplementedError` from each of them.
    """

    __slots__ = ()

    name: ClassVar[str]
    #: The game's encoding module, or None if it defines no action space.
    encoding: ClassVar[Encoding | None] = None

    def _encoded(self, what: str = "an action space") -> Encoding:
        if self.encoding is None:
            raise NotImplementedError(f"{getattr(self, 'name', type(self).__name__)} does not define {what}")
        return self.encoding

    @property
    def num_actions(self) -> int:
        """How many action indices the game has: every action has one index in ``0 .. num_actions-1``."""
        return len(self._encoded().actions(self))

    def action_index(self, action: Action) -> int:
        """Return the index of ``action``.

        Raises:
            InvalidActionError: If the action has no index in this game.
            NotImplementedError: If the game defines no action space.
        """
        return self._encoded().actions(self).index(action)

    def action_from_index(self, index: object) -> Action:
        """Return the action with index ``index``.

        Raises:
            InvalidActionError: If ``index`` is not an integer from 0 to ``num_actions - 1``.
            NotImplementedError: If the game defines no action space.
        """
        return self._encoded().actions(self).action(index)

    @property
    def observation_size(self) -> int:
        """The length of every ``view.observation()`` of this game."""
        return self._encoded("observations").observation_size(self)

    @property
    def observation_range(self) -> tuple[float, float]:
        """The closed range ``(low, high)`` that every entry of every observation lies in."""
        return self._encoded("observations").observation_range(self)

    @property
    def encoding_version(self) -> int:
        """The version of the game's layout of action indices and observations (see the module docs)."""
        return self._encoded().VERSION

    @property
    def max_decisions(self) -> int:
        """An upper bound on the number of decisions in one game with these options."""
        return self._encoded("a bound on its length").max_decisions(self)

    @property
    def max_round_decisions(self) -> int | None:
        """An upper bound on the number of decisions in one round, from its deal to the next; None without rounds."""
        return self._encoded("a bound on its length").max_round_decisions(self)

    def deal_of(self, state: object) -> DealLayout | None:
        """Return how ``state``'s round is dealt, or None for a game without chance.

        Raises:
            InvalidStateError: If ``state`` is not a state of this game.
            NotImplementedError: If the game does not describe its deals.
        """
        return self._encoded("its deals").deal_of(self, state)

    def redeal(self, state: Dealt, cards: Sequence[int]) -> Dealt:
        """Return ``state`` with its round dealt as ``cards``, indices into ``deal_of(state).cards`` in draw order.

        Only a state at the start of a round, before its first decision, can be dealt again.

        Raises:
            InvalidStateError: If the state is not at the start of a round, or the cards do not fit the deal.
            NotImplementedError: If the game does not describe its deals.
        """
        dealt: Dealt = self._encoded("its deals").redeal(self, state, cards)
        return dealt
