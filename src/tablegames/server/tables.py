"""A table in play: its game, seats, current state, and what each seat has been told.

A `Table` holds the current state, the actions taken (the record), and one
`Audience` per seat and one for spectators. An audience's events are the
table's events as that seat may know them (``event.for_seat(seat)``, with
the ones it may not know of left out), numbered 1, 2, ... in its own order,
so that the numbers tell a seat nothing about events it may not know of
(how often another Kalo player rearranged its hand, say).

An action is taken in two steps around the database: `Table.propose` checks
it and works out the next state without changing anything; once the action
is committed, `Table.accept` moves the table on and returns the frames for
the audiences that are listening, each holding only that audience's view
and events. An audience is sent a frame only when its view or its events
changed.

Examples:
    >>> import tablegames
    >>> match = tablegames.Match(tablegames.load("kalaha"), seed=7)
    >>> seats = (Seat(0, bot=None, token_hash=bytes(32), joined=True), Seat(1, bot="random"))
    >>> table = Table("t1", match, seats, bot_seed=7)
    >>> table.status, table.current_player, table.bot_turn()
    ('playing', 0, None)
    >>> pending = table.propose(0, "c")
    >>> frames = table.accept(pending, listening=[None])
    >>> [event["event"]["text"] for event in frames[None]["events"]]
    ['seat 0 sows 4 seeds from pit c', 'seat 0 moves again']
    >>> table.propose(1, "a")
    Traceback (most recent call last):
    ...
    tablegames.core.errors.IllegalActionError: it is seat 0's decision, not seat 1's
"""

from __future__ import annotations

import logging
from collections.abc import Collection, Mapping
from typing import TYPE_CHECKING, Any

import attrs

from tablegames import Match, TablegamesError
from tablegames.core.serial import JSONDict, header
from tablegames.server.errors import BadRequestError, ConflictError, error_body
from tablegames.server.tokens import matches

if TYPE_CHECKING:
    from tablegames import Action, Event, Game, State, Transition

__all__ = ["Audience", "Pending", "Seat", "Table"]

LOG = logging.getLogger("tablegames.server")


@attrs.define
class Seat:
    """A seat of a table: a person's (with its token's hash) or a bot's.

    Attributes:
        seat: The seat number.
        bot: The bot's name, or None for a person's seat.
        token_hash: The hash of the seat's token (a person's seat only).
        joined: True once the seat's token has been used.
        connected: How many WebSocket connections the seat has open.
        name: The name the seat's player goes by, or None (a person's seat only).
        elsewhere: How many connections the seat has open on other server processes (a shared store).
    """

    seat: int
    bot: str | None = None
    token_hash: bytes | None = None
    joined: bool = False
    connected: int = 0
    name: str | None = None
    elsewhere: int = 0

    @property
    def is_human(self) -> bool:
        """True for a person's seat."""
        return self.bot is None

    def to_dict(self) -> JSONDict:
        """Return the seat as the table's summary shows it: nothing secret."""
        if self.bot is not None:
            return {"seat": self.seat, "player": "bot", "bot": self.bot}
        return {
            "seat": self.seat,
            "player": "human",
            "name": self.name,
            "joined": self.joined,
            "connected": self.connected + self.elsewhere > 0,
            "places": self.connected + self.elsewhere,
        }


@attrs.define
class Audience:
    """What one seat (or the spectators, ``seat`` None) has been told.

    Attributes:
        seat: The seat, or None for spectators.
        events: The events as this audience may know them, oldest first.
        view: The view last sent to its live connections, to tell whether the next one changed.
    """

    seat: int | None
    events: list[Event] = attrs.field(factory=list)
    view: JSONDict | None = None


@attrs.frozen
class Pending:
    """An action checked by `Table.propose`, waiting to be committed.

    Attributes:
        ply: The action's number in the table's record, from 1.
        seat: The seat taking it.
        action: The action.
        transition: The next state and the events on the way.
    """

    ply: int
    seat: int
    action: Action
    transition: Transition[State]


def _event_items(events: list[Event], since: int) -> list[JSONDict]:
    return [{"n": number, "event": event.to_dict()} for number, event in enumerate(events[since:], start=since + 1)]


class Table:
    """A table at the state a match reached, its audiences told of every event so far.

    Attributes:
        id: The table's id.
        game: The game.
        seats: The seats, in seat order.
        bot_seed: Seeds the bots' decisions (each from this and the ply).
        bot_delay: The pause before each bot move, in seconds.
        open: Whether anyone may claim a free seat.
        state: The current state.
        history: Every action taken, as (seat, notation), in order.
        changed_at: When the table last changed (event-loop time), for the bots' pause.
        idle_expiry: The seconds nobody may touch the unfinished table before it is deleted, or None;
            the summary says it.
    """

    def __init__(
        self,
        table_id: str,
        match: Match[State],
        seats: tuple[Seat, ...],
        *,
        bot_seed: int,
        bot_delay: float = 0.0,
        is_open: bool = False,
    ) -> None:
        self.id = table_id
        self.game: Game[State] = match.game
        self.seats = seats
        self.bot_seed = bot_seed
        self.bot_delay = bot_delay
        self.open = is_open
        self.state: State = match.state
        self.history: list[tuple[int, str]] = [(seat, str(action)) for seat, action in match.history]
        self._made = [sum(1 for who, _ in self.history if who == seat) for seat in range(len(seats))]
        record = match.to_record()
        record.pop("actions")
        self._head: JSONDict = record
        self.audiences: dict[int | None, Audience] = {seat: Audience(seat) for seat in (None, *range(len(seats)))}
        self._tell(match.opening)
        for ply in match.plies:
            self._tell(ply.events)
        self.changed_at = 0.0
        self.idle_expiry: int | None = None

    @property
    def ply(self) -> int:
        """How many actions have been taken."""
        return len(self.history)

    @property
    def current_player(self) -> int | None:
        """The seat to decide, None when the game is over."""
        return self.state.current_player

    @property
    def status(self) -> str:
        """``"over"``, ``"waiting"`` (a person's seat has not joined yet) or ``"playing"``."""
        if self.state.is_over:
            return "over"
        if any(seat.is_human and not seat.joined for seat in self.seats):
            return "waiting"
        return "playing"

    def free_seats(self) -> list[int]:
        """The people's seats nobody has joined yet."""
        return [seat.seat for seat in self.seats if seat.is_human and not seat.joined]

    def summary(self) -> JSONDict:
        """The table as anyone may see it: game, options, status and who sits where; nothing secret."""
        return {
            "id": self.id,
            "game": self.game.name,
            "options": self.game.options(),
            "status": self.status,
            "seats": [seat.to_dict() for seat in self.seats],
            "free": self.free_seats(),
            "open": self.open,
            "bot_delay": self.bot_delay,
            **({"idle_expiry": self.idle_expiry} if self.idle_expiry is not None and not self.state.is_over else {}),
        }

    def seat_of(self, token: str) -> int | None:
        """The seat whose token this is, or None."""
        found = None
        for seat in self.seats:
            if seat.is_human and matches(token, seat.token_hash):
                found = seat.seat
        return found

    def bot_turn(self) -> int | None:
        """The bot seat to decide now, or None (a person's turn, waiting for players, or over)."""
        seat = self.current_player
        if seat is None or self.status != "playing" or self.seats[seat].is_human:
            return None
        return seat

    def decisions(self, seat: int) -> int:
        """How many decisions ``seat`` has made."""
        return self._made[seat]

    def snapshot(self, seat: int | None, since: int = 0) -> JSONDict:
        """What ``seat`` (None: a spectator) may know now: the table, its view and its events after ``since``.

        Raises:
            BadRequestError: If ``since`` is beyond the audience's events.
        """
        audience = self.audiences[seat]
        if since > len(audience.events):
            raise BadRequestError(f"since is at most {len(audience.events)} here, got {since}")
        audience.view = self.state.view(seat).to_dict()
        snapshot: JSONDict = {
            "table": self.summary(),
            "seat": seat,
            "view": audience.view,
            "events": _event_items(audience.events, since),
            "next": len(audience.events),
        }
        if seat is not None:
            snapshot["decisions"] = self.decisions(seat)
        return snapshot

    def propose(self, seat: int, action: str | Mapping[str, Any] | Action, decisions: int | None = None) -> Pending:
        """Check ``seat``'s action and work out what it leads to, changing nothing.

        Args:
            seat: The seat acting.
            action: Notation, an action dict, or an action.
            decisions: If given, how many decisions the seat says it has made;
                the action is refused unless that is so.

        Raises:
            ConflictError: If the table waits for players, or ``decisions`` is not the seat's count.
            TablegamesError: The game's error for an action it cannot read or that is not legal
                (out of turn, twice, on a finished game).
        """
        if self.status == "waiting":
            raise ConflictError(f"the table waits for seat(s) {', '.join(map(str, self.free_seats()))} to join")
        made = self.decisions(seat)
        if decisions is not None and decisions != made:
            raise ConflictError(f"seat {seat} has made {made} decision(s), not {decisions}: look at the view again")
        match = Match(self.game, state=self.state)
        # Only the seat to decide has its action read: reading is done against the full state, and an
        # out-of-turn seat is told whose decision it is before anything of its request is looked at.
        chosen: str | Action = self._read_action(action) if seat == self.current_player else "?"
        transition = match.play(chosen, seat=seat)
        return Pending(ply=self.ply + 1, seat=seat, action=match.plies[-1].action, transition=transition)

    def check(self, seat: int, actions: list[str]) -> list[JSONDict]:
        """Whether ``seat`` could take each action now, and if not, why and the error acting would get; changes nothing.

        Each answer is ``{"action": ..., "legal": true}`` or ``{"action": ..., "legal": false, "reason": ...,
        "error": {...}}``: the reason is the rules' words (`State.why_illegal`) or the error's message, and the
        error the one an action request would be answered with (a refusal's with its ``reason`` as a key and
        fields, `State.refusal`): what it may know, and nothing more.

        Raises:
            ConflictError: If the table waits for players.
        """
        if self.status == "waiting":
            raise ConflictError(f"the table waits for seat(s) {', '.join(map(str, self.free_seats()))} to join")
        answers: list[JSONDict] = []
        for action in actions:
            reason = None
            try:
                if seat == self.current_player:
                    reason = self.state.why_illegal(self._read_action(action))
                    if reason is None:
                        answers.append({"action": action, "legal": True})
                        continue
                self.propose(seat, action)  # not legal: acting raises the very error the seat would get
            except TablegamesError as error:
                answers.append({"action": action, "legal": False, "reason": reason or str(error), **error_body(error)})
            else:  # pragma: no cover - why_illegal and acting disagree only if a game breaks its contract
                answers.append({"action": action, "legal": True})
        return answers

    def _read_action(self, action: str | Mapping[str, Any] | Action) -> Action:
        if not isinstance(action, (str, Mapping)):
            return action
        try:
            if isinstance(action, str):
                return self.state.parse_action(action)
            return self.game.action_from_dict(dict(action))
        except TablegamesError:
            raise
        except Exception as error:  # a reader that fails on hostile input is a bug; the client still gets a 400
            LOG.warning(
                "%s: reading the action %.200r raised %r instead of a TablegamesError", self.game.name, action, error
            )
            raise BadRequestError(f"the action {action!r:.200} cannot be read") from None

    def accept(self, pending: Pending, listening: Collection[int | None] = ()) -> dict[int | None, JSONDict]:
        """Take a committed action: move to its state and return the frames for the ``listening`` audiences.

        Each frame is an ``update`` holding that audience's view and its new
        events; an audience whose view and events did not change gets none.
        """
        self.state = pending.transition.state
        self.history.append((pending.seat, str(pending.action)))
        self._made[pending.seat] += 1
        told = self._tell(pending.transition.events)
        frames: dict[int | None, JSONDict] = {}
        for seat, audience in self.audiences.items():
            if seat not in listening:
                audience.view = None
                continue
            view = self.state.view(seat).to_dict()
            if not told[seat] and view == audience.view and seat != pending.seat:
                continue
            audience.view = view
            frame: JSONDict = {
                "type": "update",
                "view": view,
                "events": _event_items(audience.events, len(audience.events) - told[seat]),
                "next": len(audience.events),
            }
            if seat is not None:
                frame["decisions"] = self.decisions(seat)
            frames[seat] = frame
        return frames

    def _tell(self, events: tuple[Event, ...]) -> dict[int | None, int]:
        told: dict[int | None, int] = {}
        for seat, audience in self.audiences.items():
            before = len(audience.events)
            for event in events:
                shown = event.for_seat(seat)
                if shown is not None:
                    audience.events.append(shown)
            told[seat] = len(audience.events) - before
        return told

    @property
    def head(self) -> JSONDict:
        """The head of the table's record: game, options and the seed or start state, without the actions."""
        return dict(self._head)

    def record(self) -> JSONDict:
        """The table's record, as `Match.to_record` writes it: ``tablegames replay`` reads it."""
        return {**self._head, "actions": [action for _, action in self.history]}

    def transcript(self, seat: int | None) -> JSONDict:
        """What ``seat`` may know of the game so far: its own decisions and its events; no seed, no hidden card."""
        transcript: JSONDict = {
            **header("transcript"),
            "game": self.game.name,
            "options": self.game.options(),
            "seat": seat,
            "status": self.status,
            "decisions": [action for who, action in self.history if who == seat],
            "events": [event.to_dict() for event in self.audiences[seat].events],
        }
        return transcript
