"""`Match`: a mutable driver that keeps a game's history, undo/redo, events and record.

Examples:
    >>> import tablegames
    >>> match = tablegames.Match(tablegames.load("kalaha"), seed=7)
    >>> match.play("c").events[-1].__str__()
    'seat 0 moves again'
    >>> match.play("f").state.current_player
    1
    >>> match.undo()
    Sow(pit=5)
    >>> [str(action) for _, action in match.history]
    ['c']
    >>> again = tablegames.Match.from_record(match.to_record())
    >>> again.state == match.state
    True
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Generic, TypeVar

import attrs

from tablegames.core.errors import ConfigError, IllegalActionError, InvalidStateError, MatchError, TablegamesError
from tablegames.core.events import next_decision
from tablegames.core.inputs import MAX_INT, brief
from tablegames.core.options import new_seed
from tablegames.core.plurals import plural
from tablegames.core.reasons import CORE
from tablegames.core.registry import read_game
from tablegames.core.serial import JSONDict, check_header, check_keys, header

if TYPE_CHECKING:
    from collections.abc import Mapping

    from tablegames.core.protocol import Action, Event, Game, State, Transition

__all__ = ["Match", "Ply", "new_seed"]

#: The class of the match's states: a ``Match[KalahaState]`` plays Kalaha.
S = TypeVar("S", bound="State")
#: The class of a ply's states: a ``Ply[KaloState]`` is also a ``Ply[State]``.
S_co = TypeVar("S_co", bound="State", covariant=True)


@attrs.frozen
class Ply(Generic[S_co]):
    """One decision in a match's history.

    Attributes:
        seat: The seat that decided.
        action: What it did.
        before: The state the action was applied to.
        after: The state it led to.
        events: What happened as a result (`State.step`'s events).
    """

    seat: int
    action: Action
    before: S_co
    after: S_co
    events: tuple[Event, ...] = attrs.field(eq=False, repr=False)


@attrs.define(init=False, repr=False)
class Match(Generic[S]):
    """A game in progress with its history: play, undo, redo, events and records.

    ``Match(game, seed=7)`` starts ``game.start(seed=7)``; without a seed it
    draws one, so the record still replays. Its events begin with those of the
    start (`Game.start_with_events`): in Kalo and Loo, the first round's deal.
    ``Match(game, state=s)`` starts from a given state (a position or a deal);
    its record then stores that state, and its events begin with the first
    decision.

    Attributes:
        game: The game being played.
        seed: The seed of the start, or None when the match began at a given state.
        initial: The state the match began at.
        opening: The events of the start, before any decision.

    Raises:
        ConfigError: If both a seed and a state are given, the state is of
            another game, or the seed is not a seed.
    """

    game: Game[S]
    seed: int | None
    initial: S
    opening: tuple[Event, ...]
    _plies: list[Ply[S]]
    _redo: list[Action]

    def __init__(self, game: Game[S], seed: int | None = None, *, state: S | None = None) -> None:
        if state is not None:
            if seed is not None:
                raise ConfigError("give a seed or a start state, not both")
            if state.game != game:
                raise ConfigError(f"the state belongs to {state.game!r}, not to {game!r}")
            self.__attrs_init__(game=game, seed=None, initial=state, opening=(), plies=[], redo=[])
        else:
            seed = new_seed() if seed is None else seed
            start = game.start_with_events(seed=seed)
            self.__attrs_init__(game=game, seed=seed, initial=start.state, opening=start.events, plies=[], redo=[])

    def __repr__(self) -> str:
        """A short form for the REPL: the game, where it began, the decisions made and whose is next.

        Examples:
            >>> import tablegames
            >>> match = tablegames.Match(tablegames.load("kalaha", pits=3), seed=2)
            >>> match.play(match.state.parse_action("c"))
            <Transition: seat 0 sows 4 seeds from pit c; then seat 1 to decide>
            >>> match
            <Match of Kalaha(pits=3, seeds=4, empty_capture=True, players=2) from seed 2: 1 decision, seat 1 to decide>
        """
        begun = "a given state" if self.seed is None else f"seed {self.seed}"
        made = plural(len(self._plies), "decision")
        return f"<Match of {self.game!r} from {begun}: {made}, {next_decision(self.state)}>"

    @property
    def state(self) -> S:
        """The current state."""
        return self._plies[-1].after if self._plies else self.initial

    @property
    def history(self) -> tuple[tuple[int, Action], ...]:
        """Every decision so far as ``(seat, action)`` pairs, oldest first."""
        return tuple((ply.seat, ply.action) for ply in self._plies)

    @property
    def plies(self) -> tuple[Ply[S], ...]:
        """Every decision so far with its events and the states around it."""
        return tuple(self._plies)

    @property
    def events(self) -> tuple[Event, ...]:
        """Every event so far, oldest first: the `opening`, then each decision's.

        Examples:
            >>> import tablegames
            >>> match = tablegames.Match(tablegames.load("loo", players=3), seed=2)
            >>> [event.kind for event in match.events_for(0)]
            ['round_started', 'dealt', 'dealt', 'dealt', 'trump_turned']
            >>> [str(event) for event in match.events_for(0)][2:4]
            ['seat 2 is dealt five cards', 'seat 0 is dealt 5c 2d 3d 5h 9s']
        """
        return self.opening + tuple(event for ply in self._plies for event in ply.events)

    def events_for(self, seat: int | None) -> tuple[Event, ...]:
        """Every event so far as ``seat`` may know it (see `Event.for_seat`).

        Raises:
            SeatError: If ``seat`` is not a seat of the game or None.
        """
        self.game.check_seat(seat)
        seen = (event.for_seat(seat) for event in self.events)
        return tuple(event for event in seen if event is not None)

    def play(self, action: Action | str, *, seat: int | None = None) -> Transition[S]:
        """Apply an action (or its notation) to the current state.

        Clears what `redo` could bring back.

        Args:
            action: The action, or its notation.
            seat: Who is acting, if the caller knows (a frontend serving
                several players should say): acting out of turn is illegal.

        Raises:
            IllegalActionError: If the action is not legal now, or ``seat`` is
                not the seat to decide; nothing changes.
            InvalidActionError: If notation cannot be read.
            SeatError: If ``seat`` is not a seat of the game (``True`` is not seat 1).

        Examples:
            >>> import tablegames
            >>> match = tablegames.Match(tablegames.load("kalaha"), seed=1)
            >>> match.play("a", seat=1)
            Traceback (most recent call last):
            ...
            tablegames.core.errors.IllegalActionError: it is seat 0's decision, not seat 1's
        """
        before = self.state
        current = before.current_player
        self.game.check_seat(seat)
        if seat is not None and seat != current:
            key, fields = ("core.turn_over", {}) if current is None else ("core.turn", {"current": current})
            reason = CORE.reason(key, seat=seat, **fields)
            raise IllegalActionError(reason.text, action=action, reason=reason)
        chosen = before.parse_action(action) if isinstance(action, str) else action
        transition = before.step(chosen)
        assert current is not None
        self._plies.append(
            Ply(seat=current, action=chosen, events=transition.events, before=before, after=transition.state)
        )
        self._redo.clear()
        return transition

    @property
    def can_undo(self) -> bool:
        """True if there is a decision to take back."""
        return bool(self._plies)

    @property
    def can_redo(self) -> bool:
        """True if an undone decision can be played again."""
        return bool(self._redo)

    def undo(self, *, seat: int | None = None) -> Action:
        """Take back the last decision, or ``seat``'s own last decision and every one after it; return it.

        With ``seat``, a hot-seat frontend (or one serving a person against
        bots) lets that person take back their own last decision: the
        decisions the others made after it are taken back too, and `redo`
        plays them all again in order. The rules allow it at any point, even
        across the end of a round: each round's deal follows from the seed,
        so a decision played again meets the same cards.

        Args:
            seat: Whose last decision to take back; None takes back the last
                decision, whoever made it.

        Raises:
            MatchError: If nothing has been played, or ``seat`` has made no
                decision yet.
            SeatError: If ``seat`` is not a seat of the game.

        Examples:
            >>> import tablegames
            >>> match = tablegames.Match(tablegames.load("kalaha"), seed=1)
            >>> _ = match.play("a")
            >>> match.undo(), match.state == match.initial, match.can_redo
            (Sow(pit=0), True, True)

            Seat 0 sows from pit c (and moves again), then from pit a; seat 1
            answers with pit b. Seat 0 takes back its pit a, and with it seat
            1's answer:

            >>> match = tablegames.Match(tablegames.load("kalaha"), seed=1)
            >>> for move in ("c", "a", "b"):
            ...     _ = match.play(move)
            >>> match.undo(seat=0)
            Sow(pit=0)
            >>> [str(action) for _, action in match.history], match.state.current_player
            (['c'], 0)
        """
        self.game.check_seat(seat)
        if not self._plies:
            raise MatchError("nothing to undo: the match is at its start")
        back = next(
            (index for index in reversed(range(len(self._plies))) if seat in (None, self._plies[index].seat)), None
        )
        if back is None:
            raise MatchError(f"seat {seat} has made no decision to take back")
        taken = self._plies[back:]
        del self._plies[back:]
        self._redo.extend(ply.action for ply in reversed(taken))
        return taken[0].action

    def redo(self) -> Transition[S]:
        """Play again the decision last undone.

        Raises:
            MatchError: If nothing was undone since the last `play`.

        Examples:
            >>> import tablegames
            >>> match = tablegames.Match(tablegames.load("kalaha"), seed=1)
            >>> _ = match.play("a")
            >>> _ = match.undo()
            >>> [str(event) for event in match.redo().events]
            ['seat 0 sows 4 seeds from pit a']
        """
        if not self._redo:
            raise MatchError("nothing to redo")
        action = self._redo.pop()
        redo = list(self._redo)
        transition = self.play(action)
        self._redo = redo
        return transition

    def to_record(self) -> JSONDict:
        """Return the match as a JSON-ready record that `from_record` replays.

        The record holds the game and options, the seed (or the start state)
        and every action in notation.
        """
        begun = {"seed": self.seed} if self.seed is not None else {"start": self.initial.to_dict()}
        actions = [str(ply.action) for ply in self._plies]
        return {**header("record"), "game": self.game.name, "options": self.game.options(), **begun, "actions": actions}

    @classmethod
    def from_record(cls, record: object) -> Match[State]:
        """Replay a record from `to_record` into a match at the same state.

        Raises:
            InvalidStateError: If the record is malformed, names an unknown
                game, or an action in it cannot be read or is not legal.
        """
        checked = check_header(record, "record", InvalidStateError)
        check_keys(checked, ("game", "options", "seed", "start", "actions"), InvalidStateError, "record")
        match = _start_from(read_game(checked, "record"), checked)
        actions: Any = checked.get("actions")
        if type(actions) is not list or not all(type(text) is str for text in actions):
            raise InvalidStateError("record field 'actions' must be a list of notation strings")
        state = match.initial
        for number, text in enumerate(actions, start=1):
            try:
                action = state.parse_action(text)
                transition = state.step(action)
            except TablegamesError as error:
                raise InvalidStateError(f"record action {number} ({brief(text)}) cannot be played: {error}") from None
            seat = state.current_player
            assert seat is not None
            match._plies.append(
                Ply(seat=seat, action=action, before=state, after=transition.state, events=transition.events)
            )
            state = transition.state
        return match


def _start_from(game: Game[State], record: Mapping[str, Any]) -> Match[State]:
    if ("seed" in record) == ("start" in record):
        raise InvalidStateError("a record holds exactly one of 'seed' and 'start'")
    if "start" in record:
        return Match(game, state=game.from_dict(record["start"]))
    seed = record["seed"]
    if type(seed) is not int or not 0 <= seed <= MAX_INT:
        raise InvalidStateError(f"record field 'seed' must be an integer from 0 to 2**64 - 1, got {brief(seed)}")
    return Match(game, seed=seed)
