"""What happens in a game: `Event`, the `GameEnded` event every game ends with, and `Transition`.

``state.step(action)`` returns a `Transition`: the new state and the events on the way.
"""

from __future__ import annotations

import abc
from typing import ClassVar, Generic, Protocol, TypeVar

import attrs

from tablegames.core.compiler import PythonType
from tablegames.core.outcomes import result_text, to_int_tuple, to_seat_set
from tablegames.core.serial import JSONDict, fields_dict, header

__all__ = ["Event", "GameEnded", "Transition", "Turn"]


class Event(metaclass=PythonType):
    """Something that happened during a transition, such as a capture.

    ``str(event)`` is a sentence for people; ``event.to_dict()`` the JSON form.
    `for_seat` gives the event as one seat may know it.
    """

    __slots__ = ()

    #: The ``"type"`` written into the event's dict.
    kind: ClassVar[str]
    #: The name of the game whose event this is, written into the event's dict as ``"game"``; None for
    #: an event every game has in common (`GameEnded`), whose dict has no ``"game"``.
    game_name: ClassVar[str | None] = None

    def for_seat(self, seat: int | None) -> Event | None:
        """Return this event as ``seat`` may know it, or None if it may not know of it.

        Public events return themselves; events of hidden information
        override this to blank what ``seat`` may not see.
        """
        del seat
        return self

    def to_dict(self) -> JSONDict:
        """Return the event as a JSON-ready dict: its game (see `game_name`), type, sentence (``"text"``) and fields.

        Examples:
            >>> import tablegames
            >>> state = tablegames.load("kalaha", pits=3, seeds=1).start()
            >>> events = state.step(state.parse_action("c")).events
            >>> [(event.to_dict()["game"], event.to_dict()["type"]) for event in events]
            [('kalaha', 'sowed'), ('kalaha', 'extra_move')]
            >>> "game" in GameEnded(scores=(3, 3), winners=frozenset({0, 1})).to_dict()
            False
        """
        game = {} if self.game_name is None else {"game": self.game_name}
        return {**header("event"), **game, "type": self.kind, "text": str(self), **self.json_fields()}

    def json_fields(self) -> JSONDict:
        """Return the event's own fields for `to_dict`: by default its attrs fields as JSON."""
        return fields_dict(self)

    @abc.abstractmethod
    def __str__(self) -> str:
        """Return a sentence saying what happened."""


@attrs.frozen
class GameEnded(Event):
    """The game is over with these ``scores`` and ``winners``; every game ends with this event.

    `State.step` adds it, after the game's own events, to the step that ends
    the game: a game does not write it.

    Examples:
        >>> str(GameEnded(scores=(21, 27), winners=frozenset({1})))
        'the game ends 21–27; seat 1 wins'
    """

    kind: ClassVar[str] = "game_ended"

    scores: tuple[int, ...] = attrs.field(converter=to_int_tuple)
    winners: frozenset[int] = attrs.field(converter=to_seat_set)

    def __str__(self) -> str:
        return f"the game ends {result_text(self.scores, self.winners)}"


class Turn(Protocol):
    """What `Transition`, `next_decision`, `game_over` and `Game` read of a state: whose decision is next."""

    @property
    def current_player(self) -> int | None:
        """The seat whose decision is next, None when the game is over."""


#: The state a `Transition` carries (any game's `tablegames.core.protocol.State`).
StateT = TypeVar("StateT", bound=Turn, covariant=True)


@attrs.frozen(repr=False)
class Transition(Generic[StateT]):
    """The result of `State.step`: the new state and what happened on the way.

    Its repr is short, for the REPL: what happened, in words, and whose
    decision is next; ``transition.state`` is the state itself.

    Attributes:
        state: The state after the action.
        events: What happened, in order.

    Examples:
        >>> import tablegames
        >>> state = tablegames.load("kalaha").start()
        >>> state.step(state.parse_action("c"))
        <Transition: seat 0 sows 4 seeds from pit c; seat 0 moves again; then seat 0 to decide>
        >>> Transition(state=state, events=())
        <Transition: nothing happened; then seat 0 to decide>
    """

    state: StateT
    events: tuple[Event, ...]

    def __repr__(self) -> str:
        said = "; ".join(str(event) for event in self.events[:3]) or "nothing happened"
        more = f"; and {len(self.events) - 3} more events" if len(self.events) > 3 else ""
        return f"<Transition: {said}{more}; then {next_decision(self.state)}>"


def next_decision(state: Turn) -> str:
    """Whose decision is next in ``state``, in words: ``seat 2 to decide`` or ``the game is over``."""
    return "the game is over" if state.current_player is None else f"seat {state.current_player} to decide"
