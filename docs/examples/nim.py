"""Nim as a tablegames game: heaps of stones, take any number from one heap, whoever takes the last stone wins.

A complete game built on the core alone: an action, an event, a view, a state
and the game, each an ``attrs`` frozen class filling in the abstract parts of
the protocol. ``tablegames.register("nim", Nim)`` makes ``tablegames.load("nim")``
and records find it, and ``tablegames.testing.check_game(Nim())`` checks it.
Every reader checks what it is given against the game, and the heaps are
bounded, so that whatever a stranger sends is refused with a typed error or
read as a sound state (``tablegames.testing.fuzz.Fuzzer`` checks this).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, ClassVar

import attrs

from tablegames import Action, ConfigError, Event, Game, InvalidActionError, InvalidStateError, State, View
from tablegames.core.inputs import brief, check_text
from tablegames.core.options import check_seed
from tablegames.core.plurals import plural
from tablegames.core.serial import JSONDict, check_header, check_int, check_keys, read_int_list

if TYPE_CHECKING:
    from collections.abc import Mapping


@attrs.frozen
class Take(Action):
    """Take ``count`` stones from heap ``heap``; notation ``heap:count``, e.g. ``2:3``."""

    kind: ClassVar[str] = "take"

    heap: int
    count: int

    def __str__(self) -> str:
        return f"{self.heap}:{self.count}"


@attrs.frozen
class Took(Event):
    """``seat`` took ``count`` stones from ``heap``."""

    kind: ClassVar[str] = "took"
    game_name: ClassVar[str] = "nim"

    seat: int
    heap: int
    count: int

    def __str__(self) -> str:
        return f"seat {self.seat} takes {self.count} from heap {self.heap}"


@attrs.frozen
class NimView(View):
    """What a seat sees: everything, since Nim hides nothing."""

    game_name: ClassVar[str] = "nim"

    heaps: tuple[int, ...]

    def json_fields(self) -> JSONDict:
        """The heaps as a list, for `View.to_dict`."""
        return {"heaps": list(self.heaps)}

    def __str__(self) -> str:
        """The table for people, as the terminal draws it: ``heap 0: 3 stones · heap 1: none``."""
        return " · ".join(
            f"heap {heap}: {plural(size, 'stone') if size else 'none'}" for heap, size in enumerate(self.heaps)
        )


#: The most heaps a game has, and the most stones a heap holds: bounds that keep every take listable.
MAX_HEAPS = 20
MAX_STONES = 1_000


def _heaps(value: object) -> tuple[int, ...]:
    """The option ``heaps`` as a tuple, checked: a list of 1 to 20 heaps, each of 1 to 1,000 stones."""
    if not (
        isinstance(value, (list, tuple))
        and 1 <= len(value) <= MAX_HEAPS
        and all(type(size) is int and 1 <= size <= MAX_STONES for size in value)
    ):
        raise ConfigError(f"heaps must be 1 to {MAX_HEAPS} integers from 1 to {MAX_STONES}, got {brief(value)}")
    return tuple(value)


def _take(game: Nim, heap: object, count: object) -> Take:
    """A `Take` whose fields are checked against ``game``: the one reader behind dicts and notation."""
    return Take(
        heap=check_int(heap, "a take's heap", InvalidActionError, minimum=0, maximum=len(game.heaps) - 1),
        count=check_int(count, "a take's count", InvalidActionError, minimum=1, maximum=MAX_STONES),
    )


@attrs.frozen(kw_only=True)
class Nim(Game["NimState"]):
    """Normal-play Nim for two: whoever takes the last stone wins (and scores 1).

    Attributes:
        heaps: The sizes of the heaps at the start.

    Nim is for two players only, so it has no ``players`` option: the
    protocol's `Game.players` is then ``min_players``, 2.
    """

    name: ClassVar[str] = "nim"
    min_players: ClassVar[int] = 2
    max_players: ClassVar[int] = 2

    heaps: tuple[int, ...] = attrs.field(default=(3, 4, 5), converter=_heaps)

    def options(self) -> JSONDict:
        """Return the options as keyword arguments (JSON-ready: the heaps as a list)."""
        return {"heaps": list(self.heaps)}

    def start(self, seed: int | None = None) -> NimState:
        """Return the start: every heap full, seat 0 to move. Nim has no chance, so the seed changes nothing."""
        check_seed(seed)
        return NimState(game=self, heaps=self.heaps, current_player=0, last=None)

    def action_from_dict(self, data: object) -> Take:
        """Read a `Take` from its dict, checking every field."""
        checked = check_header(data, "action", InvalidActionError)
        check_keys(checked, ("type", "heap", "count"), InvalidActionError, "action")
        if checked.get("type") != Take.kind:
            raise InvalidActionError(f"Nim has one action type, 'take'; got {checked.get('type')!r}")
        return _take(self, checked.get("heap"), checked.get("count"))

    def read_state(self, data: Mapping[str, Any]) -> NimState:
        """Read the heaps, the seat to move and the last mover, checking that they fit together."""
        check_keys(data, ("game", "options", "heaps", "current_player", "last"), InvalidStateError, "state")
        heaps = read_int_list(data, "heaps", InvalidStateError, "state", length=len(self.heaps), minimum=0)
        if any(now > start for now, start in zip(heaps, self.heaps, strict=True)):
            raise InvalidStateError(f"heaps {list(heaps)} cannot grow beyond {list(self.heaps)}")
        player, last = data.get("current_player"), data.get("last")
        over = not any(heaps)
        if player not in ((None,) if over else (0, 1)) or last not in ((0, 1) if over else (None, 0, 1)):
            raise InvalidStateError(f"current_player {player!r} and last {last!r} do not fit heaps {list(heaps)}")
        return NimState(game=self, heaps=heaps, current_player=player, last=last)


@attrs.frozen
class NimState(State):
    """The heaps, the seat to move and the seat that moved last."""

    game: Nim
    heaps: tuple[int, ...]
    current_player: int | None
    last: int | None

    @property
    def scores(self) -> tuple[int, ...]:
        """1 for the seat that took the last stone once the game is over, else 0."""
        return tuple(int(self.is_over and seat == self.last) for seat in range(2))

    def legal_actions(self) -> tuple[Take, ...]:
        """Every take from every heap, heap by heap, fewest stones first."""
        if self.current_player is None:
            return ()
        return tuple(Take(heap, count) for heap, size in enumerate(self.heaps) for count in range(1, size + 1))

    def advance(self, action: Action, events: list[Event] | None) -> NimState:
        """Take the stones; the seat that takes the last one wins (`step` then adds `GameEnded`)."""
        assert isinstance(action, Take)
        assert self.current_player is not None
        heaps = list(self.heaps)
        heaps[action.heap] -= action.count
        if events is not None:
            events.append(Took(seat=self.current_player, heap=action.heap, count=action.count))
        following = 1 - self.current_player if any(heaps) else None
        return NimState(game=self.game, heaps=tuple(heaps), current_player=following, last=self.current_player)

    def view(self, seat: int | None) -> NimView:
        """Return what ``seat`` sees: the whole position, with the legal actions if it is to move."""
        self.game.check_seat(seat)
        return NimView(
            seat=seat,
            current_player=self.current_player,
            scores=self.scores,
            winners=self.winners,
            legal_actions=self.legal_actions() if seat is not None and seat == self.current_player else (),
            heaps=self.heaps,
        )

    def parse_action(self, text: str) -> Take:
        """Read ``heap:count``, such as ``2:3``, checked as `Nim.action_from_dict` checks a dict."""
        heap, _, count = check_text(text, InvalidActionError, "notation").partition(":")
        if not (heap.isascii() and heap.isdigit() and count.isascii() and count.isdigit()):
            raise InvalidActionError(f"{text!r} is not a take; write heap:count, such as 2:3")
        return _take(self.game, int(heap), int(count))

    def explain_illegal(self, action: object) -> str:
        """Say what is wrong with a take: no such heap, or more stones than the heap holds."""
        if not isinstance(action, Take) or not 0 <= action.heap < len(self.heaps):
            return f"{action} is not a take from a heap of this game"
        if action.count < 1:
            return "a take is at least one stone"
        return f"heap {action.heap} holds {self.heaps[action.heap]}, fewer than {action.count}"

    def json_fields(self) -> JSONDict:
        """The heaps, the seat to move and the last mover, for `State.to_dict`."""
        return {"heaps": list(self.heaps), "current_player": self.current_player, "last": self.last}
