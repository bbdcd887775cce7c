"""`State`: a position of a game, the frozen value whose `apply` makes the next.

Examples:
    >>> import tablegames
    >>> state = tablegames.load("kalaha").start()
    >>> isinstance(state, State), state.is_over
    (True, False)
"""

from __future__ import annotations

import abc
from typing import TYPE_CHECKING, Self, TypeVar

from tablegames.core.actions import Action
from tablegames.core.compiler import mypyc_attr
from tablegames.core.errors import IllegalActionError, InvalidStateError
from tablegames.core.events import Event, GameEnded, Transition
from tablegames.core.inputs import brief
from tablegames.core.outcomes import Outcome, winners_of
from tablegames.core.reasons import CORE, Reason, said
from tablegames.core.serial import JSONDict, header
from tablegames.core.views import View, game_over

if TYPE_CHECKING:
    from tablegames.core.game import Game

__all__ = ["State", "state_of"]

#: The state class of a game, as `state_of` returns it.
S = TypeVar("S", bound="State")


@mypyc_attr(allow_interpreted_subclasses=True)
class State(metaclass=abc.ABCMeta):
    """A position of a game: a frozen value; equal positions are equal, hash equal and write the same JSON.

    Subclasses fill in the hooks `game`, `current_player`, `scores`,
    `legal_actions`, `advance`, `view`, `parse_action` and `json_fields`
    (the first three are usually fields), and may fill in `explain_illegal`;
    the rest comes from here. In the compiled build this class is compiled,
    and the games' states with it; a state class of your own, compiled or
    not, written with attrs or not, extends it all the same (see
    `tablegames.core.compiler` and the performance guide).
    """

    __slots__ = ()

    @property
    @abc.abstractmethod
    def game(self) -> Game[State]:
        """The game and its options."""

    @property
    @abc.abstractmethod
    def current_player(self) -> int | None:
        """The seat whose decision is next, None when the game is over."""

    @property
    @abc.abstractmethod
    def scores(self) -> tuple[int, ...]:
        """One score per seat, as the game counts them."""

    @abc.abstractmethod
    def legal_actions(self) -> tuple[Action, ...]:
        """Return the actions ``current_player`` may take, in the game's documented order."""

    @abc.abstractmethod
    def advance(self, action: Action, events: list[Event] | None) -> Self:
        """Hook: the state after ``action``, appending what happened to ``events`` when a list is given.

        `apply` and `step` call it with legal actions only, having checked
        them; call those, not this. The game's last event, `GameEnded`, is
        `step`'s to add, not this hook's.
        """

    @abc.abstractmethod
    def view(self, seat: int | None) -> View:
        """Return what ``seat`` may know (None: a spectator)."""

    @abc.abstractmethod
    def parse_action(self, text: str) -> Action:
        """Read an action from its notation."""

    @abc.abstractmethod
    def json_fields(self) -> JSONDict:
        """Hook: the state's own fields of `to_dict`, after its header, game and options, as JSON-ready values."""

    @property
    def is_over(self) -> bool:
        """True when the game is over (see `game_over`)."""
        return game_over(self)

    @property
    def winners(self) -> frozenset[int]:
        """The winning seats: those with the highest score once the game is over."""
        return winners_of(self.scores) if self.is_over else frozenset()

    @property
    def outcome(self) -> Outcome | None:
        """The outcome of a finished game, None while it goes on."""
        return Outcome(scores=self.scores, winners=self.winners) if self.is_over else None

    def is_legal(self, action: object) -> bool:
        """Return True if ``action`` is one of `legal_actions`.

        The decisions are first looked for by identity, which finds a
        decision a bot or a frontend took from `legal_actions` without
        comparing it with the others (a game whose actions are interned
        finds every legal one that way); any other action is then compared.
        Games may override this with a faster test that gives the same answers.
        """
        legal = self.legal_actions()
        for each in legal:
            if each is action:
                return True
        return action in legal

    def apply(self, action: Action) -> Self:
        """Return the state after ``action``; this state is unchanged.

        Raises:
            IllegalActionError: If ``action`` is not legal here; the message says
                why and lists what is legal.

        Examples:
            >>> import tablegames
            >>> state = tablegames.load("kalaha").start()
            >>> after = state.apply(state.parse_action("a"))
            >>> state.stores, after.stores, after.current_player
            ((0, 0), (0, 0), 1)
        """
        if not self.is_legal(action):
            raise self._illegal(action)
        return self.advance(action, None)

    def step(self, action: Action) -> Transition[Self]:
        """Like `apply`, but also return the events of the transition.

        The events are those the game's `advance` gives, and at the end of the
        game `GameEnded`, with the final scores and winners, after them.

        Raises:
            IllegalActionError: If ``action`` is not legal here.

        Examples:
            >>> import tablegames
            >>> state = tablegames.load("kalaha").start()
            >>> transition = state.step(state.parse_action("c"))
            >>> [str(event) for event in transition.events]
            ['seat 0 sows 4 seeds from pit c', 'seat 0 moves again']
        """
        if not self.is_legal(action):
            raise self._illegal(action)
        events: list[Event] = []
        after = self.advance(action, events)
        if after.is_over:
            events.append(GameEnded(scores=after.scores, winners=after.winners))
        return Transition(state=after, events=tuple(events))

    def legal_mask(self) -> tuple[bool, ...]:
        """One bool per action index, True exactly for the actions in `legal_actions` (see `tablegames.core.spaces`).

        Games may override this with a faster one that gives the same answer.

        Raises:
            NotImplementedError: If the game defines no action space.
        """
        game = self.game
        mask = [False] * game.num_actions
        for action in self.legal_actions():
            mask[game.action_index(action)] = True
        return tuple(mask)

    def why_illegal(self, action: object) -> str | None:
        """Say why ``action`` may not be taken now, or return None if it may: the English of `refusal`.

        The text is the reason an `IllegalActionError` from `apply` would give,
        without the list of legal actions that follows it there.

        Examples:
            >>> import tablegames
            >>> state = tablegames.load("kalaha").start()
            >>> state = state.apply(state.parse_action("c"))
            >>> print(state.why_illegal(state.parse_action("a")))
            None
            >>> state.why_illegal(state.parse_action("c"))
            'pit c is empty'
            >>> state.why_illegal("a")
            "apply takes an action, not text: read 'a' with parse_action"
        """
        reason = self.refusal(action)
        return None if reason is None else reason.text

    def refusal(self, action: object) -> Reason | None:
        """Why ``action`` may not be taken now, as a `Reason` a client can tell in any language; None if it may.

        The common cases are the core's (`tablegames.core.reasons.CORE`): the
        game is over, ``action`` is text, or not an action of this game;
        otherwise the game's `explain_illegal` answers, in the keys of its own
        catalogue (``game.reasons``).

        Examples:
            >>> import tablegames
            >>> state = tablegames.load("kalaha").start()
            >>> state = state.apply(state.parse_action("c"))
            >>> print(state.refusal(state.parse_action("a")))
            None
            >>> state.refusal(state.parse_action("c")).to_dict()
            {'key': 'kalaha.pit_empty', 'fields': {'pit': 2}}
            >>> state.refusal("a").key
            'core.text'
        """
        if self.is_legal(action):
            return None
        shown = str(action) if isinstance(action, Action) else brief(action)
        if self.is_over:
            return CORE.reason("core.game_over", action=shown)
        if isinstance(action, str):
            return CORE.reason("core.text", action=shown)
        if not isinstance(action, Action):
            return CORE.reason("core.foreign", action=shown, game=self.game.name)
        why = self.explain_illegal(action)
        return said(why) if isinstance(why, str) else why

    def explain_illegal(self, action: object) -> Reason | str:
        """Hook: say in the rules' words why ``action``, an action of this game, is not legal here.

        `refusal` asks it once the common cases are answered. A game answers
        with a `Reason` of its catalogue (``game.reasons``); a game of your own
        may answer with plain English text instead, which becomes a reason of
        the key ``core.said``. By default it says only that the action is not
        legal.
        """
        return CORE.reason("core.not_legal", action=str(action), seat=self.current_player)

    def _illegal(self, action: object) -> IllegalActionError:
        reason = self.refusal(action) or said(f"{action} is not a legal action")
        legal = () if self.is_over else self.legal_actions()
        listing = f"; legal: {', '.join(str(each) for each in legal)}" if legal else ""
        return IllegalActionError(reason.text + listing, action=action, legal=legal, reason=reason)

    def to_dict(self) -> JSONDict:
        """Return the full state as a JSON-ready dict that `Game.from_dict` reads back."""
        return {**header("state"), "game": self.game.name, "options": self.game.options(), **self.json_fields()}


def state_of(game: Game[S], state: object) -> S:
    """``state`` if it is a state of ``game``: what a function given a game and a state checks first.

    Raises:
        InvalidStateError: If ``state`` is not a state of ``game`` (of another game, other options, or no state).

    Examples:
        >>> import tablegames
        >>> game = tablegames.load("loo", players=3)
        >>> state_of(game, game.start(seed=1)).pot
        3
        >>> state_of(game, tablegames.load("loo", players=4).start())
        Traceback (most recent call last):
        ...
        tablegames.core.errors.InvalidStateError: a state of Loo(players=3, ...) is needed, got LooState
    """
    if not isinstance(state, State) or state.game != game:
        raise InvalidStateError(f"a state of {game} is needed, got {type(state).__name__}")
    return state  # type: ignore[return-value]  # a game's states are all of its state class
